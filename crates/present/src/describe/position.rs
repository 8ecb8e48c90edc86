//! The position in words (rules 10.5, 12, 14.3): the rulebook, the Political Status Display, wars, alliances,
//! enforced peaces and the forces the viewing power may see (Coalition's visibility rule,
//! `docs/rules/visibility.md`).

use super::{nation, power, signed, words};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::Scenario;
use coalition_engine::state::State;
use coalition_engine::view::View;
use std::fmt::Write;

/// The game's rulebook in one line (rule 12): the preset it matches, or the optional rules that are on.
pub fn rulebook(rb: &Rulebook) -> String {
    let total = OptionalRule::ALL.len();
    let list = |on: bool| {
        OptionalRule::ALL
            .into_iter()
            .filter(|r| rb.has(*r) == on)
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let preset = [Preset::None, Preset::All, Preset::Standard]
        .into_iter()
        .find(|p| Rulebook::preset(*p) == *rb);
    let on = rb.optional.len();
    match preset {
        Some(Preset::None) => format!("preset `none`: no optional rule (of {total})"),
        Some(Preset::All) => format!("preset `all`: every optional rule ({total})"),
        Some(Preset::Standard) => format!(
            "preset `standard`: {on} of {total} optional rules; off: {}",
            list(false)
        ),
        None if on == 0 => format!("no optional rule (of {total})"),
        None if on * 2 <= total => format!("{on} of {total} optional rules: {}", list(true)),
        None => format!("{on} of {total} optional rules; off: {}", list(false)),
    }
}

/// The position as `status.power` may see it (10.5 and Coalition's visibility rule): the summary, its own
/// forces in full and the other nations' counters where they stand, without their factors.
pub fn position(s: &Scenario, st: &State, status: &View) -> String {
    let mut out = summary(s, st, status);
    out.push_str(&super::forces::own(s, st, status.power));
    out.push_str(&super::forces::others(s, st, status.power));
    out
}

/// Political points as the Political Status Display shows them (Coalition's reading, `docs/rules/victory.md`,
/// "Beyond the display's last box"): the points themselves are never cut off, so a value past the display's
/// last box is shown whole, with a note that the marker stays in that box (and the power in its zone).
pub fn points_shown(s: &Scenario, points: i32) -> String {
    let d = &s.charts.status_display;
    if points < d.min {
        format!(
            "{points} (below the display: its marker stays in the {} box)",
            d.min
        )
    } else if points > d.max {
        format!(
            "{points} (above the display: its marker stays in the {} box)",
            d.max
        )
    } else {
        points.to_string()
    }
}

/// A short summary of the position, with nothing secret in it (10.5): the rulebook, the Political Status
/// Display, wars, alliances, enforced peaces.
pub fn summary(s: &Scenario, st: &State, status: &View) -> String {
    let mut out = String::new();
    if st.finished {
        // The last position is the game's end, not a step (docs/rules/victory.md).
        let _ = writeln!(out, "{} — the end of the game", st.position.date);
    } else {
        let _ = writeln!(out, "{} — {}", st.position.date, st.position.step);
    }
    let _ = writeln!(out, "  rulebook: {}", rulebook(&status.rulebook));
    let _ = writeln!(
        out,
        "  {:<16} {:>4} {:<12} {:>4} {:>6} {:>8}",
        "power", "PP", "zone", "mod", "money", "manpower"
    );
    for (p, line) in &status.status {
        let ps = &st.powers[p];
        let shown = points_shown(s, line.political_points);
        let _ = writeln!(
            out,
            "  {:<16} {:>4} {:<12} {:>4} {:>6} {:>8}{}{}",
            power(s, *p),
            line.political_points,
            line.zone,
            signed(line.modifier),
            ps.money,
            ps.manpower,
            if ps.in_game {
                ""
            } else {
                "  (out of the game)"
            },
            // A value past the last box: say where the marker is (docs/rules/victory.md).
            shown
                .split_once(' ')
                .map_or(String::new(), |(_, note)| format!("  {note}"))
        );
    }
    if !st.umps.is_empty() {
        let umps: Vec<String> = st
            .umps
            .iter()
            .map(|(u, x)| {
                format!(
                    "{} {}{}",
                    power(s, *u),
                    words(&x.status),
                    x.controller
                        .map(|c| format!(" for {}", power(s, c)))
                        .unwrap_or_else(|| ", uncontrolled".into())
                )
            })
            .collect();
        let _ = writeln!(out, "  UMPs: {}", umps.join("; "));
    }
    if !status.scores.is_empty() {
        let sc: Vec<String> = status
            .scores
            .iter()
            .map(|(pl, v)| format!("{pl} {v}"))
            .collect();
        let _ = writeln!(out, "  players' scores (VP): {}", sc.join(", "));
    }
    let wars: Vec<String> = st
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none())
        .map(|w| {
            format!(
                "{} v {} (since {})",
                nation(s, w.aggressor),
                nation(s, w.defender),
                w.since
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "  wars: {}",
        if wars.is_empty() {
            "none".into()
        } else {
            wars.join("; ")
        }
    );
    let allies: Vec<String> = st
        .relations
        .alliances
        .iter()
        .filter(|a| a.broken.is_none())
        .map(|a| format!("{} + {} (since {})", power(s, a.a), power(s, a.b), a.since))
        .collect();
    let _ = writeln!(
        out,
        "  alliances: {}",
        if allies.is_empty() {
            "none".into()
        } else {
            allies.join("; ")
        }
    );
    for e in st
        .relations
        .enforced_peaces
        .iter()
        .filter(|e| st.position.date < e.until)
    {
        let _ = writeln!(
            out,
            "  enforced peace: {} may not declare war on {} until {}",
            power(s, e.restricted),
            power(s, e.towards),
            e.until
        );
    }
    // Coalition's 10.3: voluntary access in force, (grantor, grantee).
    for (grantor, grantee) in &st.relations.voluntary_access {
        let _ = writeln!(
            out,
            "  voluntary access: {} may enter the territory of {}",
            power(s, *grantee),
            power(s, *grantor)
        );
    }
    // 12.4: limited access after a peace, while its time is not up.
    for a in coalition_engine::world::treaties::limited_accesses(st) {
        if coalition_engine::world::treaties::limited_access(st, a.mover, a.territory) != Some(a) {
            continue;
        }
        let _ = writeln!(
            out,
            "  limited access (12.4): {} must leave the territory of {}: garrisons {} by the Land Phase of {}{}",
            power(s, a.mover),
            power(s, a.territory),
            if a.unconditional {
                "in capital cities"
            } else {
                "in cities"
            },
            a.garrisons_by,
            if a.unconditional {
                String::new()
            } else {
                format!(", corps, fleets and depots by that of {}", a.forces_by)
            }
        );
    }
    out
}
