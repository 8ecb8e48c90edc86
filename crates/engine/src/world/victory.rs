//! Coalition's victory rule (14.1.1.3; `docs/rules/victory.md`): when the game ends, who wins. Each major
//! power's result is its victory points less its victory target (from `powers.ron`); a player's result is the
//! best result of the major powers it has a seat for that are still in the game (14.1.1.3); the players with the
//! best result win together. A final peace (4.4.8) that leaves one player in the game ends it at once, with that
//! player the winner.

use super::World;
use crate::kernel::calendar::Date;
use crate::kernel::ids::{PlayerId, PowerId};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// Why the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The scenario's last month is over (December 1815 in the 1805 campaign).
    ScenarioEnd { last: Date },
    /// A final peace (4.4.8) left one player, or none, with a major power in the game.
    LastStanding,
}

/// One major power's standing at the end: its victory points against its target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerResult {
    pub power: PowerId,
    /// The player with a seat for it (none for an uncontrolled major power, 14.3).
    pub player: Option<PlayerId>,
    pub victory_points: i32,
    pub target: i32,
    /// Victory points less the target: positive when the target is passed.
    pub margin: i32,
    /// False once a final peace (4.4.8) has put it out of the game: it counts for nobody.
    pub in_game: bool,
}

/// One player's standing at the end (14.1.1.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerResult {
    pub player: PlayerId,
    /// The major powers it has a seat for.
    pub powers: Vec<PowerId>,
    /// The power whose result is the player's: the best margin among its powers still in the game.
    pub counted: Option<PowerId>,
    /// That power's margin; `None` when none of its powers is still in the game.
    pub margin: Option<i32>,
    /// 1 for the winners; players with the same margin share a place.
    pub place: u32,
}

/// The game's end: when, why, the winners and every standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The last month played.
    pub date: Date,
    pub ending: Ending,
    /// The winning players (more than one on a tie).
    pub winners: Vec<PlayerId>,
    /// Every player, best first (ties in key order).
    pub players: Vec<PlayerResult>,
    /// Every major power, best margin first (ties in key order).
    pub powers: Vec<PowerResult>,
}

/// Coalition's victory rule: each power's victory points against its target.
pub fn power_results(scenario: &Scenario, world: &World) -> Vec<PowerResult> {
    let mut v: Vec<PowerResult> = world
        .powers
        .iter()
        .map(|(p, s)| {
            let target = scenario.power(*p).map_or(0, |d| d.victory_target);
            PowerResult {
                power: *p,
                player: world
                    .players
                    .iter()
                    .find(|(_, ps)| ps.contains(p))
                    .map(|(pl, _)| *pl),
                victory_points: s.victory_points,
                target,
                margin: s.victory_points.saturating_sub(target),
                in_game: s.in_game,
            }
        })
        .collect();
    v.sort_by(|a, b| {
        b.in_game
            .cmp(&a.in_game)
            .then(b.margin.cmp(&a.margin))
            .then(a.power.cmp(&b.power))
    });
    v
}

/// 14.1.1.3 as Coalition reads it: each player's result is the best margin of the powers it has a seat for that
/// are still in the game; players are placed by it, best first, equal margins sharing a place; a player with no
/// power left comes last.
pub fn player_results(powers: &[PowerResult], world: &World) -> Vec<PlayerResult> {
    let mut v: Vec<PlayerResult> = world
        .players
        .iter()
        .map(|(pl, seats)| {
            let best = powers
                .iter()
                .filter(|r| r.in_game && seats.contains(&r.power))
                .max_by(|a, b| a.margin.cmp(&b.margin).then(b.power.cmp(&a.power)));
            PlayerResult {
                player: *pl,
                powers: seats.clone(),
                counted: best.map(|r| r.power),
                margin: best.map(|r| r.margin),
                place: 0,
            }
        })
        .collect();
    // `None` sorts below every margin.
    v.sort_by(|a, b| b.margin.cmp(&a.margin).then(a.player.cmp(&b.player)));
    for i in 0..v.len() {
        v[i].place = if i > 0 && v[i].margin == v[i - 1].margin {
            v[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    v
}

/// 4.4.8 with Coalition's victory rule: the game ends early when final peaces have left at most one of several
/// players with a major power in the game.
pub fn last_standing(world: &World) -> bool {
    let standing = world
        .players
        .values()
        .filter(|ps| ps.iter().any(|p| world.in_game(*p)))
        .count();
    world.players.len() > 1 && standing <= 1
}

/// The game's outcome, as it ends now for `ending`.
pub fn outcome(scenario: &Scenario, world: &World, ending: Ending) -> Outcome {
    let powers = power_results(scenario, world);
    let players = player_results(&powers, world);
    let winners = players
        .iter()
        .filter(|r| r.place == 1 && r.margin.is_some())
        .map(|r| r.player)
        .collect();
    Outcome {
        date: world.position.date,
        ending,
        winners,
        players,
        powers,
    }
}
