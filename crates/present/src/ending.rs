//! Coalition's victory rule (14.1.1.3; `docs/rules/victory.md`) as a player reads it: the game's end, its
//! winners, and every player's and power's standing, for `play`, `view` and `records`.

use coalition_engine::ids::PowerId;
use coalition_engine::world::victory::{Ending, Outcome};

/// Why the game ended, in words.
pub fn why(o: &Outcome) -> String {
    match &o.ending {
        Ending::ScenarioEnd { last } => format!("the scenario's last month, {last}, is over"),
        Ending::LastStanding => {
            "final peaces (4.4.8) have left one player with a major power in the game".into()
        }
    }
}

fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// The winners in one sentence: "Anne (France, +12 over its target) wins." or a shared victory.
pub fn verdict(o: &Outcome, name: &dyn Fn(PowerId) -> String) -> String {
    let who: Vec<String> = o
        .winners
        .iter()
        .filter_map(|w| o.players.iter().find(|r| r.player == *w))
        .map(|r| match (r.counted, r.margin) {
            // A hot-seat player is named after its power: say the power once.
            (Some(p), Some(m)) if r.player.as_str() == p.as_str() => {
                format!("{} ({} against its target)", name(p), signed(m))
            }
            (Some(p), Some(m)) => format!(
                "{} ({}, {} against its target)",
                r.player,
                name(p),
                signed(m)
            ),
            _ => r.player.to_string(),
        })
        .collect();
    match who.len() {
        0 => "Nobody wins: no player has a major power left in the game.".into(),
        1 => format!("{} wins.", who[0]),
        _ => format!("{} share the victory.", who.join(" and ")),
    }
}

/// The standings as rows: place, player, the power that counts, its margin, and the player's powers.
pub fn player_rows(o: &Outcome, name: &dyn Fn(PowerId) -> String) -> Vec<Vec<String>> {
    o.players
        .iter()
        .map(|r| {
            vec![
                r.place.to_string(),
                r.player.to_string(),
                r.counted.map(name).unwrap_or_else(|| "none left".into()),
                r.margin.map(signed).unwrap_or_else(|| "out".into()),
                r.powers
                    .iter()
                    .map(|p| name(*p))
                    .collect::<Vec<_>>()
                    .join(", "),
            ]
        })
        .collect()
}

/// Every power's victory points against its target, as rows.
pub fn power_rows(o: &Outcome, name: &dyn Fn(PowerId) -> String) -> Vec<Vec<String>> {
    o.powers
        .iter()
        .map(|r| {
            vec![
                name(r.power),
                r.player
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| "uncontrolled".into()),
                r.victory_points.to_string(),
                r.target.to_string(),
                signed(r.margin),
                if r.in_game {
                    "in the game".into()
                } else {
                    "out of the game (4.4.8)".into()
                },
            ]
        })
        .collect()
}

/// The whole end of the game as plain text, for the terminal.
pub fn text(o: &Outcome, name: &dyn Fn(PowerId) -> String) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "== The end of the game ({}) ==", o.date);
    let _ = writeln!(out, "The game ends: {}.", why(o));
    let _ = writeln!(out, "{}", verdict(o, name));
    let _ = writeln!(
        out,
        "  {:<5} {:<14} {:<16} {:>7}  powers",
        "place", "player", "counted", "margin"
    );
    for r in player_rows(o, name) {
        let _ = writeln!(
            out,
            "  {:<5} {:<14} {:<16} {:>7}  {}",
            r[0], r[1], r[2], r[3], r[4]
        );
    }
    let _ = writeln!(
        out,
        "  {:<16} {:<14} {:>5} {:>7} {:>7}",
        "power", "player", "VP", "target", "margin"
    );
    for r in power_rows(o, name) {
        let _ = writeln!(
            out,
            "  {:<16} {:<14} {:>5} {:>7} {:>7}  {}",
            r[0], r[1], r[2], r[3], r[4], r[5]
        );
    }
    out
}
