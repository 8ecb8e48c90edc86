//! Rule 12.2.3.5 with Coalition's 6.3 retreat (`docs/rules/naval.md`): after a naval battle the loser's fleets
//! retreat, with their admirals, to a friendly port within the full allowance (12.2.3.5: 12.2.3's reductions do not
//! apply), through no place holding fleets at war with them and not into a port blockaded against them. A losing
//! power with one such port goes there; with several it chooses (one open round, `retreat PORT`; default: the
//! nearest, the first by key among equals); with none it stays. Admirals left with no fleet there go home.

use super::sailing::{
    admirals_at, enemy_fleets_at, fleets_of, friendly_port, move_leaders, next_places, place_name,
    relocate, step_cost,
};
use super::{NCtx, NCx, NavalDecision, NavalEvent, Stage};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, PowerId};
use crate::scenario::Location;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// Retreats owed after a battle: the place, each losing power with its ports (nearest first), and every power of
/// the battle (whose admirals left without a fleet go home once the retreats are made).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatsOwed {
    pub at: Location,
    pub owed: Vec<(PowerId, Vec<Location>)>,
    pub powers: Vec<PowerId>,
}

/// 12.2.3.5: the friendly ports `power`'s fleets at `at` may retreat to within the full allowance, nearest first
/// (then by key).
pub fn options(ctx: &NCtx, power: PowerId, at: Location) -> Vec<Location> {
    let (s, w) = (ctx.scenario, ctx.world);
    let full = super::movement::allowance(
        ctx,
        super::movement::Stack {
            fleets: 1,
            transporting: false,
        },
        super::movement::Purpose::RetreatOrPursuit,
    );
    let mut best: BTreeMap<Location, u32> = BTreeMap::from([(at, 0)]);
    let mut queue = VecDeque::from([at]);
    let mut found: BTreeMap<Location, u32> = BTreeMap::new();
    while let Some(l) = queue.pop_front() {
        let d = best[&l];
        for n in next_places(s, l) {
            let Some(c) = step_cost(s, l, n) else {
                continue;
            };
            let nd = d + c;
            if nd > full || best.get(&n).is_some_and(|x| *x <= nd) {
                continue;
            }
            if let Location::Area(p) = n {
                let blockaded = matches!(l, Location::Sea(_))
                    && !enemy_fleets_at(w, power, Location::Blockade(p)).is_empty();
                if friendly_port(s, w, power, p)
                    && !blockaded
                    && found.get(&n).is_none_or(|x| nd < *x)
                {
                    found.insert(n, nd);
                }
                continue;
            }
            if !enemy_fleets_at(w, power, n).is_empty() {
                continue;
            }
            best.insert(n, nd);
            queue.push_back(n);
        }
    }
    let mut out: Vec<(u32, Location)> = found.into_iter().map(|(l, d)| (d, l)).collect();
    out.sort();
    out.into_iter().map(|(_, l)| l).collect()
}

/// The nearest port `power`'s fleets at `at` may retreat to, if any.
pub fn retreat_to(ctx: &NCtx, power: PowerId, at: Location) -> Option<Location> {
    options(ctx, power, at).first().copied()
}

/// Moves `power`'s fleets at `at`, with its admirals there, to `to`.
fn retreat(cx: &mut NCx, power: PowerId, at: Location, to: Location) {
    let ctx = cx.ctx();
    let fleets: Vec<FleetId> = fleets_of(ctx.world, power)
        .into_iter()
        .filter(|(_, l)| *l == at)
        .map(|(id, _)| id)
        .collect();
    let leaders = admirals_at(&ctx, power, at);
    let why = format!(
        "retreated to {} after the battle at {}",
        place_name(cx.scenario, to),
        place_name(cx.scenario, at)
    );
    relocate(cx, &fleets, to, "12.2.3.5", &why);
    move_leaders(cx, &leaders, to, "12.2.3.5", &why);
}

/// Admirals left without a fleet of their power at `at` go home to its capital.
fn admirals_home(cx: &mut NCx, powers: &[PowerId], at: Location) {
    let place = place_name(cx.scenario, at);
    for p in powers {
        let ctx = cx.ctx();
        if fleets_of(ctx.world, *p).iter().any(|(_, l)| *l == at) {
            continue;
        }
        let Some(capital) = ctx.scenario.power(*p).map(|d| d.capital) else {
            continue;
        };
        let leaders = admirals_at(&ctx, *p, at);
        move_leaders(
            cx,
            &leaders,
            Location::Area(capital),
            "6.3",
            &format!("has no fleet left at {place} and goes home"),
        );
    }
}

/// After a battle at `at` won by the other side: each of `losers` with one port retreats there at once; those
/// with several are owed a choice. Without a choice owed, the admirals of `powers` left without a fleet go home
/// and `None` is returned; else the retreats owed (the caller records them and asks).
pub fn after_battle(
    cx: &mut NCx,
    at: Location,
    losers: &[PowerId],
    powers: &[PowerId],
) -> Option<RetreatsOwed> {
    let mut owed = Vec::new();
    for p in losers {
        let ports = options(&cx.ctx(), *p, at);
        match ports.len() {
            0 => {}
            1 => retreat(cx, *p, at, ports[0]),
            _ => owed.push((*p, ports)),
        }
    }
    if owed.is_empty() {
        admirals_home(cx, powers, at);
        return None;
    }
    Some(RetreatsOwed {
        at,
        owed,
        powers: powers.to_vec(),
    })
}

/// Whether `power` owes a retreat choice.
pub fn owes(ctx: &NCtx, power: PowerId) -> bool {
    ctx.own.stage == Stage::Retreat && ports_of(ctx, power).is_some()
}

fn ports_of<'a>(ctx: &'a NCtx, power: PowerId) -> Option<&'a Vec<Location>> {
    ctx.own
        .retreats
        .as_ref()?
        .owed
        .iter()
        .find(|(p, _)| *p == power)
        .map(|(_, ports)| ports)
}

/// A losing power's choices: each port it may retreat to, nearest first.
pub fn choices(ctx: &NCtx, power: PowerId) -> Vec<NavalDecision> {
    ports_of(ctx, power)
        .map(|ports| {
            ports
                .iter()
                .map(|to| NavalDecision::Retreat { to: *to })
                .collect()
        })
        .unwrap_or_default()
}

/// Checks a retreat choice: the power owes one and the port is among its options.
pub fn check(ctx: &NCtx, power: PowerId, to: Location) -> RuleResult<()> {
    let Some(ports) = ports_of(ctx, power) else {
        return Err(RuleError::new(
            "12.2.3.5",
            "no naval retreat is owed by this power",
        ));
    };
    if ports.contains(&to) {
        return Ok(());
    }
    let names: Vec<String> = ports.iter().map(|l| place_name(ctx.scenario, *l)).collect();
    Err(RuleError::new(
        "12.2.3.5",
        format!(
            "{} is no port the fleets may retreat to within their full allowance; they may go to {}",
            place_name(ctx.scenario, to),
            names.join(", ")
        ),
    ))
}

/// Carries out the retreats chosen (a power without a valid answer takes the nearest port), sends home the
/// admirals left without a fleet, and ends the question.
pub fn resolve(cx: &mut NCx, answers: &BTreeMap<PowerId, Location>) {
    let Some(r) = cx.own().retreats.clone() else {
        return;
    };
    for (p, ports) in &r.owed {
        let to = answers
            .get(p)
            .filter(|to| ports.contains(to))
            .copied()
            .unwrap_or(ports[0]);
        cx.emit(NavalEvent::RetreatChosen { power: *p, to });
        retreat(cx, *p, r.at, to);
    }
    admirals_home(cx, &r.powers, r.at);
    cx.emit(NavalEvent::RetreatsMade { at: r.at });
}
