//! `coalition battle`: one field combat (Coalition's rule 7.5, `docs/rules/combat.md`) resolved from a description,
//! printed round by round with every die, its modifiers and their reasons.

use coalition_engine::battle::{Fire, Outcome, Report, Setup};
use coalition_engine::scenario::combat::Role;
use std::fmt::Write as _;

fn side(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

fn tenths(t: i32) -> String {
    format!("{}.{}", t / 10, (t % 10).abs())
}

fn roll_text(r: &coalition_engine::dice::Roll) -> String {
    let mut s = format!(
        "die {}",
        r.faces
            .iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join("+")
    );
    for m in &r.modifiers {
        let _ = write!(s, " {:+} ({}, {})", m.value, m.reason, m.rule);
    }
    let _ = write!(s, " = {}", r.total);
    s
}

fn fire_line(f: &Fire) -> String {
    format!(
        "  {} fires on {}: {} -> {}% of {} factors = {} lost, morale -{}",
        side(f.side),
        f.table,
        roll_text(&f.roll),
        f.percent,
        f.firing,
        f.inflicted,
        tenths(f.morale)
    )
}

/// The report as a person reads it.
pub fn text(setup: &Setup, r: &Report) -> String {
    let mut s = String::new();
    let names = |x: &coalition_engine::battle::SideSetup| {
        x.corps
            .iter()
            .map(|c| format!("{} ({} factors)", c.name, c.factors.total()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        s,
        "attacker: {}; commander {}; morale {}",
        names(&setup.attacker),
        r.commanders.0,
        tenths(r.morale.0)
    );
    let _ = writeln!(
        s,
        "defender: {}; commander {}; morale {}",
        names(&setup.defender),
        r.commanders.1,
        tenths(r.morale.1)
    );
    let _ = writeln!(
        s,
        "terrain {:?}{}; chits {:?}",
        setup.terrain,
        if setup.river { ", across a river" } else { "" },
        setup.chits
    );
    for x in &r.opening {
        let _ = writeln!(s, "{}: {}", x.purpose, roll_text(x));
    }
    for rr in &r.rounds {
        let _ = writeln!(s, "day {}, round {}", rr.day, rr.round);
        for x in &rr.before {
            let _ = writeln!(s, "  {}: {}", x.purpose, roll_text(x));
        }
        for f in &rr.bombardment {
            let _ = writeln!(s, "{} (bombardment)", fire_line(f));
        }
        for f in &rr.fire {
            let _ = writeln!(s, "{}", fire_line(f));
        }
        for n in &rr.notes {
            let _ = writeln!(s, "  {n}");
        }
        let _ = writeln!(
            s,
            "  left: attacker {} factors, morale {}; defender {} factors, morale {}",
            rr.factors_left.0,
            tenths(rr.morale_left.0),
            rr.factors_left.1,
            tenths(rr.morale_left.1)
        );
    }
    let (la, ld) = r.losses(setup);
    let outcome = match r.outcome {
        Outcome::Won { winner } => format!("the {} wins", side(winner)),
        Outcome::Withdrew => "the defender withdraws".into(),
        Outcome::Undecided => "undecided: the attacker falls back".into(),
    };
    let _ = writeln!(s, "{outcome}; losses: attacker {la}, defender {ld}");
    s
}
