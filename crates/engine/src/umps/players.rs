//! Rules 14.2.1 and 14.2.2 (with 14.1.1.3 and 14.3): players and the powers they control. A player decides for
//! the powers it has a seat for and for the UMPs they control this year; it bids for UMPs through its highest
//! controlled major power, and its score is that power's.

use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{PlayerId, PowerId};
use crate::world::{Ctx, World, name};
use std::collections::BTreeMap;

/// 14.2.1, 14.2.2: the major powers `player` has a seat for.
pub fn seated(state: &World, player: PlayerId) -> Vec<PowerId> {
    state.players.get(&player).cloned().unwrap_or_default()
}

/// 14.2.1, 14.3: whether `player` controls `power` now: a power it has a seat for, or an UMP one of its powers
/// controls this year.
pub fn controls(state: &World, player: PlayerId, power: PowerId) -> bool {
    state.player_of(power) == Some(player)
}

/// Every power `player` decides for now: its seats, then the UMPs they control.
pub fn powers_of(state: &World, player: PlayerId) -> Vec<PowerId> {
    let mut v = seated(state, player);
    v.extend(
        state
            .umps
            .iter()
            .filter(|(u, _)| controls(state, player, **u))
            .map(|(u, _)| *u),
    );
    v
}

/// 14.3.1.1 (14.1.1.3): the player's highest controlled major power: the power it has a seat for, still in the
/// game, with the most victory points (ties: key order). It bids, pays and rolls for the player.
pub fn highest_power(state: &World, player: PlayerId) -> Option<PowerId> {
    let mut best: Option<(PowerId, i32)> = None;
    for p in seated(state, player) {
        let Some(s) = state.powers.get(&p).filter(|s| s.in_game) else {
            continue;
        };
        if best.is_none_or(|(bp, bv)| s.victory_points > bv || (s.victory_points == bv && p < bp)) {
            best = Some((p, s.victory_points));
        }
    }
    best.map(|(p, _)| p)
}

/// 14.1.1.3 as 14.3 reads it: a player's score is that of the highest-scoring major power it has a seat for.
pub fn player_score(state: &World, player: PlayerId) -> Option<i32> {
    (state.players.get(&player)?.iter())
        .filter_map(|p| state.powers.get(p).map(|s| s.victory_points))
        .max()
}

/// Every player's score (14.1.1.3, 14.3).
pub fn scores(state: &World) -> BTreeMap<PlayerId, i32> {
    state
        .players
        .keys()
        .filter_map(|pl| player_score(state, *pl).map(|s| (*pl, s)))
        .collect()
}

/// Refuses a submission by `player` for `power` unless the player controls it now (14.2.1, 14.3).
pub fn check_player(ctx: &Ctx, player: PlayerId, power: PowerId) -> RuleResult<()> {
    let st = ctx.world;
    if !st.players.contains_key(&player) {
        return Err(RuleError::new(
            "14.2.1",
            format!("there is no player `{player}` in this game"),
        ));
    }
    if controls(st, player, power) {
        return Ok(());
    }
    let them = name(ctx.scenario, power);
    let mine = powers_of(st, player)
        .iter()
        .map(|p| name(ctx.scenario, *p))
        .collect::<Vec<_>>()
        .join(", ");
    match st.umps.get(&power) {
        Some(u) => Err(RuleError::new(
            "14.3",
            match u.controller {
                Some(c) => format!(
                    "{them} is an uncontrolled major power run this year by {}, not by player `{player}` (who controls {mine})",
                    name(ctx.scenario, c)
                ),
                None => format!(
                    "{them} is an uncontrolled major power nobody controls: it takes its default decisions (player `{player}` controls {mine})"
                ),
            },
        )),
        None => Err(RuleError::new(
            "14.2.1",
            format!(
                "{them} is played by {}, not by player `{player}` (who controls {mine})",
                st.player_of(power)
                    .map(|p| format!("player `{p}`"))
                    .unwrap_or_else(|| "nobody".into())
            ),
        )),
    }
}
