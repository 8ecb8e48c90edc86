//! `coalition battle`: one field combat (Coalition's rule 7.5, `docs/rules/combat.md`) resolved from a description,
//! printed round by round with every die, its modifiers and their reasons; with `--odds`, the exact odds of every
//! pair of chits.

use coalition_engine::battle::day::DayReport;
use coalition_engine::battle::odds::Line;
use coalition_engine::battle::{Fire, Outcome, Report, RoundReport, Setup};
use coalition_engine::dice::Roll;
use coalition_engine::scenario::combat::Role;
use std::fmt::Write as _;

fn side(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

pub fn tenths(t: i32) -> String {
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
    head(&mut s, setup, r);
    rounds(&mut s, &r.opening, &r.rounds);
    tail(&mut s, setup, r);
    s
}

/// A battle's record without its rounds (the Land Phase prints each day's rounds as it is fought): the sides,
/// commanders, morale, terrain, every day's chits, the outcome and the losses.
pub fn summary(setup: &Setup, r: &Report) -> String {
    let mut s = String::new();
    head(&mut s, setup, r);
    tail(&mut s, setup, r);
    s
}

/// One day of a battle (7.5.2) as a person reads it: its rolls and rounds.
pub fn day_text(d: &DayReport) -> String {
    let mut s = String::new();
    rounds(&mut s, &d.opening, &d.rounds);
    s
}

fn head(s: &mut String, setup: &Setup, r: &Report) {
    let names = |x: &coalition_engine::battle::SideSetup| {
        x.corps
            .iter()
            .map(|c| {
                let coming = c
                    .reinforcing
                    .and_then(|g| x.reinforcements.get(g as usize))
                    .map(|g| match &g.leader {
                        Some(l) => format!(", on its way from {} with {}", g.from, l.name),
                        None => format!(", on its way from {}", g.from),
                    })
                    .unwrap_or_default();
                format!("{} ({} factors{coming})", c.name, c.factors.total())
            })
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
        "terrain {}{}; chits: {}",
        crate::wording::words(&setup.terrain),
        if setup.river { ", across a river" } else { "" },
        chits_words(&setup.chits)
    );
}

/// Each day's chits in words: `day 1 assault against counterattack; day 2 …`.
fn chits_words<A: serde::Serialize, D: serde::Serialize>(chits: &[(A, D)]) -> String {
    chits
        .iter()
        .enumerate()
        .map(|(i, (a, d))| {
            format!(
                "day {} {} against {}",
                i + 1,
                chit_name(a).replace('_', " "),
                chit_name(d).replace('_', " ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn rounds(s: &mut String, opening: &[Roll], rounds: &[RoundReport]) {
    for x in opening {
        let _ = writeln!(s, "{}: {}", x.purpose, roll_text(x));
    }
    for rr in rounds {
        let _ = writeln!(s, "day {}, round {}", rr.day, rr.round);
        for x in &rr.before {
            let _ = writeln!(s, "  {}: {}", x.purpose, roll_text(x));
        }
        for f in &rr.bombardment {
            let _ = writeln!(s, "{} (bombardment)", fire_line(f));
        }
        for x in &rr.bombardment_odd {
            let _ = writeln!(s, "  {}: {}", x.purpose, roll_text(x));
        }
        for f in &rr.fire {
            let _ = writeln!(s, "{}", fire_line(f));
        }
        for x in &rr.fire_odd {
            let _ = writeln!(s, "  {}: {}", x.purpose, roll_text(x));
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
}

fn tail(s: &mut String, setup: &Setup, r: &Report) {
    let (la, ld) = r.losses(setup);
    // Both sides broke in the last round (morale gone or no factors left): say why one of them still wins
    // (docs/rules/combat.md, "Breaking").
    let both_broke = r.rounds.last().is_some_and(|rr| {
        (rr.morale_left.0 == 0 || rr.factors_left.0 == 0)
            && (rr.morale_left.1 == 0 || rr.factors_left.1 == 0)
    });
    let outcome = match r.outcome {
        Outcome::Won { winner } if both_broke => format!(
            "both sides broke in the same round; the side whose losses passed its morale by more loses, and an \
             even break loses the attacker (Coalition's 7.5): the {} wins",
            side(winner)
        ),
        Outcome::Won { winner } => format!("the {} wins", side(winner)),
        Outcome::Withdrew => "the defender withdraws".into(),
        Outcome::Undecided => "undecided: the attacker falls back".into(),
    };
    let _ = writeln!(s, "{outcome}; losses: attacker {la}, defender {ld}");
}

/// A chit's name as the description writes it (`escalated_assault`).
fn chit_name<T: serde::Serialize>(chit: &T) -> String {
    serde_json::to_value(chit)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The table of odds as a person reads it: one line for each pair of chits the setup may fight, then the pairs
/// refused and why.
pub fn odds_text(setup: &Setup, lines: &[Line]) -> String {
    let total = |x: &coalition_engine::battle::SideSetup| -> u32 {
        x.corps.iter().map(|c| c.factors.total()).sum()
    };
    odds_table(
        setup,
        lines,
        &format!(
            "attacker {} factors, defender {}",
            total(&setup.attacker),
            total(&setup.defender)
        ),
    )
}

/// The table of odds with `forces` in its header (the forces of the setup, or those the days fought left).
fn odds_table(setup: &Setup, lines: &[Line], forces: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "odds of every pair of chits, each fought every day: exact over every die (leader casualties, 12.7, are \
         after the battle and not counted); {forces}; terrain {}{}",
        crate::wording::words(&setup.terrain),
        if setup.river { ", across a river" } else { "" }
    );
    let _ = writeln!(
        s,
        "{:<18} {:<24} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "attacker",
        "defender",
        "att wins",
        "def wins",
        "withdrew",
        "undecided",
        "att loss",
        "def loss"
    );
    for l in lines {
        let Some(o) = &l.odds else { continue };
        let (la, ld) = o.expected_losses();
        let _ = writeln!(
            s,
            "{:<18} {:<24} {:>8.2}% {:>8.2}% {:>8.2}% {:>8.2}% {:>9.2} {:>9.2}",
            chit_name(&l.chits.0),
            chit_name(&l.chits.1),
            o.percent(&o.attacker_wins),
            o.percent(&o.defender_wins),
            o.percent(&o.withdrew),
            o.percent(&o.undecided),
            la,
            ld
        );
    }
    for l in lines {
        if let Some(e) = &l.refused {
            let _ = writeln!(
                s,
                "refused: {} v {}: {e}",
                chit_name(&l.chits.0),
                chit_name(&l.chits.1)
            );
        }
    }
    s
}

/// Coalition's 7.5 odds at the table (`coalition play`'s `o`): the odds of the battle `power` is asked to choose a
/// chit for, from the day to be fought on (each side's outflanking force the one it named, or the one its
/// choices offer); none when it is not asked for one. Before the first day's chits are revealed the enemy's
/// strength is its own (V.3.2): the odds are shown from the second day, once the battle's record is public.
pub fn odds_in_game(
    g: &coalition_engine::game::Game,
    power: coalition_engine::ids::PowerId,
) -> Option<String> {
    odds_at(g.scenario(), g.rulebook(), g.state(), power)
}

/// [`odds_in_game`] from a state a seat may see (the browser's table reads its view).
pub fn odds_at(
    scenario: &coalition_engine::scenario::Scenario,
    rulebook: &coalition_engine::rulebook::Rulebook,
    st: &coalition_engine::state::State,
    power: coalition_engine::ids::PowerId,
) -> Option<String> {
    let b = st.land.battle.as_ref()?;
    if b.attacker != power && b.defender != Some(power) || !b.retreats.is_empty() {
        return None;
    }
    let day = b.field.as_ref().map_or(1, |f| f.day());
    if day == 1 {
        return Some(
            "  the enemy's strength is not known until the first day's chits are revealed (V.3.2): the odds are \
             shown from day 2 on; `coalition battle FILE --odds` works them out for forces you describe\n"
                .into(),
        );
    }
    let ctx = coalition_engine::world::Ctx {
        scenario,
        rulebook,
        world: &st.world,
        own: &*st.land,
    };
    let (setup, lines) = coalition_engine::land::odds::battle_table(&ctx)?;
    // The header shows the forces the days fought left, not those the battle began with (issue 41).
    let left =
        |v: &[coalition_engine::scenario::Factors]| -> u32 { v.iter().map(|f| f.total()).sum() };
    let forces = match b.field.as_ref().map(|f| f.report()) {
        Some(r) if !r.attacker_left.is_empty() => format!(
            "left after day {}: attacker {} factors, defender {}",
            day - 1,
            left(&r.attacker_left),
            left(&r.defender_left)
        ),
        _ => {
            let total = |x: &coalition_engine::battle::SideSetup| -> u32 {
                x.corps.iter().map(|c| c.factors.total()).sum()
            };
            format!(
                "attacker {} factors, defender {}",
                total(&setup.attacker),
                total(&setup.defender)
            )
        }
    };
    Some(format!(
        "from day {day}, as the days before left the battle (losses counted from its start)\n{}",
        odds_table(&setup, &lines, &forces)
    ))
}

/// The table of odds for tools: each pair of chits with each outcome's chance (exact, as `n/d`, and in percent)
/// and each side's expected losses (the same), or the refusal.
pub fn odds_json(lines: &[Line]) -> serde_json::Value {
    let line = |l: &Line| {
        let mut v = serde_json::json!({
            "attacker": chit_name(&l.chits.0),
            "defender": chit_name(&l.chits.1),
        });
        if let Some(o) = &l.odds {
            let chance = |n: &coalition_engine::battle::odds::Natural| serde_json::json!({"exact": o.chance(n).to_string(), "percent": o.percent(n)});
            let mean = |n: &coalition_engine::battle::odds::Natural| serde_json::json!({"exact": o.chance(n).to_string(), "factors": o.chance(n).to_f64()});
            v["attacker_wins"] = chance(&o.attacker_wins);
            v["defender_wins"] = chance(&o.defender_wins);
            v["withdrew"] = chance(&o.withdrew);
            v["undecided"] = chance(&o.undecided);
            v["attacker_losses"] = mean(&o.attacker_losses);
            v["defender_losses"] = mean(&o.defender_losses);
        }
        if let Some(e) = &l.refused {
            v["refused"] = serde_json::to_value(e).unwrap_or_default();
        }
        v
    };
    serde_json::Value::Array(lines.iter().map(line).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Setup {
        serde_json::from_str(include_str!("../../../examples/battle.json"))
            .expect("the example battle reads")
    }

    /// Issue 41: a battle where both sides end broken says who wins and why; chits and terrain are in words, not
    /// debug text.
    #[test]
    fn a_battle_both_sides_broke_says_who_wins_and_why_in_words() {
        let setup = example();
        let mut r = Report::new(("Napoleon".into(), "Kutuzov".into()), (40, 30));
        let mut round = RoundReport::new(1, 3);
        round.morale_left = (0, 0);
        round.factors_left = (30, 38);
        r.rounds.push(round);
        r.outcome = Outcome::Won {
            winner: Role::Defender,
        };
        r.attacker_left = setup.attacker.corps.iter().map(|c| c.factors).collect();
        r.defender_left = setup.defender.corps.iter().map(|c| c.factors).collect();
        let text = summary(&setup, &r);
        assert!(
            text.contains("both sides broke in the same round"),
            "{text}"
        );
        assert!(text.contains("the defender wins"), "{text}");
        assert!(
            text.contains("terrain clear; chits: day 1 outflank against defend"),
            "{text}"
        );
        assert!(!text.contains("[("), "debug text: {text}");
        assert!(!text.contains("Clear"), "debug text: {text}");
        // One side broken alone: no explanation needed.
        r.rounds[0].morale_left = (0, 5);
        let text = summary(&setup, &r);
        assert!(!text.contains("both sides broke"), "{text}");
        assert!(text.contains("the defender wins"), "{text}");
    }
}
