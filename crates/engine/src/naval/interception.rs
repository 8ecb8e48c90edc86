//! Coalition's interception (rule 6.3, `docs/rules/naval.md`; the board game's procedure is not public): after
//! each move, every power at war with the mover whose fleets reach a sea area the move entered may try to
//! intercept it there (one open round). Reach: a fleet in a port or blockade box touching that sea area, or in a
//! sea area next to it (a blockaded port's fleets stay in). The roll is `naval.interception`'s, read as evasion's;
//! the first success along the path stops the move there, and the interceptor's fleets in reach sail to it and
//! attack (`combat::fight`). A move that enemies were asked to intercept cannot be taken back.

use super::combat::{fight, strategic_roll};
use super::sailing::{admirals_at, enemy_fleets_at, fleets_of, move_leaders, place_name, relocate};
use super::{NCtx, NCx, NavalDecision, NavalEvent, Stage};
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, LeaderId, Nation, PowerId};
use crate::scenario::Location;
use crate::world::geography::at_war_sides;
use crate::world::{Ask, WorldEvent};
use std::collections::BTreeMap;

/// The sea areas a path entered (after its start), in its order, each once.
pub fn seas_of(path: &[Location]) -> Vec<Location> {
    let mut out: Vec<Location> = Vec::new();
    for l in path.iter().skip(1) {
        if matches!(l, Location::Sea(_)) && !out.contains(l) {
            out.push(*l);
        }
    }
    out
}

/// Whether a fleet at `from` reaches the sea area `x`: from a port or blockade box touching it (a port only
/// when no enemy of `power` holds its box), or from a sea area next to it.
fn reaches(ctx: &NCtx, power: PowerId, from: Location, x: Location) -> bool {
    let s = ctx.scenario;
    let Location::Sea(sea) = x else {
        return false;
    };
    match from {
        Location::Area(p) => {
            s.area(p).is_some_and(|d| d.port && d.seas.contains(&sea))
                && enemy_fleets_at(ctx.world, power, Location::Blockade(p)).is_empty()
        }
        Location::Blockade(p) => s.area(p).is_some_and(|d| d.seas.contains(&sea)),
        Location::Sea(y) => s.sea(y).is_some_and(|d| d.adjacent.contains(&sea)),
        Location::Aboard(_) | Location::OffMap => false,
    }
}

/// `power`'s fleets that reach the sea area `x` (its own and its free states', with ships), in key order.
pub fn reach(ctx: &NCtx, power: PowerId, x: Location) -> Vec<FleetId> {
    fleets_of(ctx.world, power)
        .into_iter()
        .filter(|(_, at)| reaches(ctx, power, *at, x))
        .map(|(id, _)| id)
        .collect()
}

/// The powers at war with `mover` that may intercept its move along `path`, each with the sea areas it reaches,
/// in key order.
pub fn interceptors(
    ctx: &NCtx,
    mover: PowerId,
    path: &[Location],
) -> Vec<(PowerId, Vec<Location>)> {
    let w = ctx.world;
    let seas = seas_of(path);
    ctx.world
        .powers
        .keys()
        .filter(|p| **p != mover && w.in_game(**p))
        .filter(|p| at_war_sides(w, Nation::Power(mover), Nation::Power(**p)))
        .filter_map(|p| {
            let at: Vec<Location> = seas
                .iter()
                .filter(|x| !reach(ctx, *p, **x).is_empty())
                .copied()
                .collect();
            (!at.is_empty()).then_some((*p, at))
        })
        .collect()
}

/// The path of the move waiting for interception answers.
fn pending_path(ctx: &NCtx) -> Vec<Location> {
    ctx.own
        .interception
        .as_ref()
        .map(|i| i.path.clone())
        .unwrap_or_default()
}

/// Whether `power` is asked whether it intercepts.
pub fn asked(ctx: &NCtx, power: PowerId) -> bool {
    ctx.own.stage == Stage::Interception
        && ctx
            .own
            .interception
            .as_ref()
            .is_some_and(|i| i.asked.contains(&power))
}

/// An asked power's choices: let the move pass, or intercept at each sea area of it that its fleets reach.
pub fn choices(ctx: &NCtx, power: PowerId) -> Vec<NavalDecision> {
    let Some(i) = ctx.own.interception.as_ref() else {
        return Vec::new();
    };
    let path = pending_path(ctx);
    std::iter::once(NavalDecision::Intercept { at: None })
        .chain(
            interceptors(ctx, i.mover, &path)
                .into_iter()
                .filter(|(p, _)| *p == power)
                .flat_map(|(_, at)| at)
                .map(|x| NavalDecision::Intercept { at: Some(x) }),
        )
        .collect()
}

/// Checks an answer: `at` is a sea area the move entered that the power's fleets reach.
pub fn check(ctx: &NCtx, power: PowerId, at: Option<Location>) -> RuleResult<()> {
    if !asked(ctx, power) {
        return Err(RuleError::new(
            "6.3",
            "no move waits for this power's interception answer",
        ));
    }
    let Some(x) = at else {
        return Ok(());
    };
    if choices(ctx, power).contains(&NavalDecision::Intercept { at: Some(x) }) {
        return Ok(());
    }
    Err(RuleError::new(
        "6.3",
        format!(
            "{} may intercept only in a sea area the move entered that its fleets reach (from a port or box touching it, or a sea area next to it); {} is not one",
            ctx.scenario.power_name(power),
            place_name(ctx.scenario, x)
        ),
    ))
}

/// After a move: asks the powers that may intercept it, or lets the mover go on.
pub fn after_move(cx: &mut NCx, mover: PowerId, path: &[Location]) -> Option<Ask> {
    let asked: Vec<PowerId> = interceptors(&cx.ctx(), mover, path)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    if asked.is_empty() {
        return Ask::open(vec![mover]);
    }
    cx.emit(NavalEvent::InterceptionAsked {
        mover,
        path: path.to_vec(),
        asked: asked.clone(),
    });
    Ask::open(asked)
}

/// Resolves the answers: the powers that intercept roll, in the order of their sea areas along the path (then
/// key order), until one succeeds; it stops the move there and attacks. The mover then goes on with its step.
pub fn resolve(
    cx: &mut NCx,
    answers: &BTreeMap<PowerId, Option<Location>>,
    dice: &mut Dice,
) -> Option<Ask> {
    let Some(i) = cx.own().interception.clone() else {
        return super::advance(cx, dice, false);
    };
    let order = |x: &Location| i.path.iter().position(|l| l == x).unwrap_or(usize::MAX);
    let mut tries: Vec<(usize, PowerId, Location)> = answers
        .iter()
        .filter_map(|(p, at)| at.map(|x| (order(&x), *p, x)))
        .collect();
    tries.sort();
    let mut stop = None;
    for (_, p, x) in tries {
        let ctx = cx.ctx();
        let fleets = reach(&ctx, p, x);
        let mine: Vec<LeaderId> = admirals_of(&ctx, p, &fleets);
        let end = *i.path.last().unwrap_or(&x);
        let theirs = admirals_at(&ctx, i.mover, end);
        let chart = &ctx.scenario.charts.naval.interception;
        let (roll, ok) = strategic_roll(&ctx, dice, chart, p, (&mine, &theirs), "interception", x);
        cx.push(WorldEvent::DiceRolled { roll });
        cx.emit(NavalEvent::Intercepted {
            power: p,
            at: x,
            stopped: ok,
        });
        if ok {
            stop = Some((p, x, fleets, mine));
            break;
        }
    }
    if let Some((p, x, fleets, mine)) = stop {
        cut(cx, &i.path, x);
        let why = format!("intercepted at {}", place_name(cx.scenario, x));
        relocate(cx, &fleets, x, "6.3", &why);
        move_leaders(cx, &mine, x, "6.3", &why);
        if super::steam_battle::era(&cx.ctx()) {
            return super::steam_battle::ask_chits(cx, p, x, dice);
        }
        if fight(cx, p, x, dice) {
            return super::combat::retreats_asked(cx);
        }
    }
    cx.emit(NavalEvent::InterceptionEnded { mover: i.mover });
    Ask::open(vec![i.mover])
}

/// The admirals standing with any of `fleets` whose forces `power` moves.
fn admirals_of(ctx: &NCtx, power: PowerId, fleets: &[FleetId]) -> Vec<LeaderId> {
    let mut places: Vec<Location> = fleets
        .iter()
        .filter_map(|f| ctx.world.forces.fleets.get(f).map(|x| x.location))
        .collect();
    places.sort();
    places.dedup();
    places
        .into_iter()
        .flat_map(|l| admirals_at(ctx, power, l))
        .collect()
}

/// The intercepted move ends at `x`: the mover's fleets of its last move (and its admirals) go back to `x`, and
/// the points of the rest of the path, from where it first entered `x` (where the rolls are made), are given back.
fn cut(cx: &mut NCx, path: &[Location], x: Location) {
    let Some(record) = cx.own().moves.last().cloned() else {
        return;
    };
    let i = path.iter().position(|l| *l == x).unwrap_or(0);
    let refund: u32 = path[i..]
        .windows(2)
        .filter_map(|w| super::sailing::step_cost(cx.scenario, w[0], w[1]))
        .sum();
    let end = *path.last().unwrap_or(&x);
    let admirals: Vec<LeaderId> = record
        .leaders
        .iter()
        .filter(|l| {
            cx.world()
                .forces
                .leaders
                .get(l)
                .is_some_and(|s| s.location == end)
        })
        .copied()
        .collect();
    cx.emit(NavalEvent::MoveCut {
        at: x,
        fleets: record.fleets.clone(),
        refund,
    });
    let why = format!("intercepted at {}", place_name(cx.scenario, x));
    relocate(cx, &record.fleets, x, "6.3", &why);
    move_leaders(cx, &admirals, x, "6.3", &why);
}
