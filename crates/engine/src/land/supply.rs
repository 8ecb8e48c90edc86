//! Rule 7.4 (Coalition's supply and foraging, `docs/rules/land.md`): after its movement, each of the mover's
//! corps traces supply to a source (a city of its home nation or of a minor it controls, held by its side and
//! not besieged) within the chart's reach, or to a depot of a chain linked to a source; with 12.3.1 on, each
//! depot of a chain supplies at most four corps and besieged garrisons. A corps out of supply forages: one die
//! with the month's and the crowd's modifiers against its area's forage value; above it, it loses factors.

use super::movement::{corps_of, lose_factors, moves_for};
use super::{LCtx, LCx, LandEvent};
use crate::kernel::dice::{Dice, Modifier};
use crate::kernel::ids::{AreaId, CorpsId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Location, LossCause};
use crate::world::WorldEvent;
use crate::world::geography::{area_name, at_war_sides, may_enter, neighbours};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Where supply may pass for one power: areas held by enemy corps its own corps do not match are closed.
struct Paths<'a, 'b> {
    ctx: &'a LCtx<'b>,
    power: PowerId,
    blocked: BTreeSet<AreaId>,
}

impl<'a, 'b> Paths<'a, 'b> {
    fn new(ctx: &'a LCtx<'b>, power: PowerId) -> Self {
        let w = ctx.world;
        let mut enemy = BTreeSet::new();
        let mut own = BTreeSet::new();
        for (id, c) in &w.forces.corps {
            if let Location::Area(a) = c.location
                && !c.factors.is_empty()
            {
                if w.moves_corps(power, *id) {
                    own.insert(a);
                } else if at_war_sides(
                    w,
                    Nation::Power(power),
                    w.corps_side(*id).unwrap_or(c.owner),
                ) {
                    enemy.insert(a);
                }
            }
        }
        Paths {
            ctx,
            power,
            blocked: enemy.difference(&own).copied().collect(),
        }
    }

    /// Whether supply may pass from `from` into `a`: the power may enter it, and no unmatched enemy corps hold it.
    fn passable(&self, from: AreaId, a: AreaId) -> bool {
        !self.blocked.contains(&a) && may_enter(self.ctx, self.power, from, a).is_ok()
    }

    /// Areas within `max` borders of any of `from` through passable areas.
    fn within(&self, from: &[AreaId], max: u32) -> BTreeSet<AreaId> {
        let mut dist: BTreeMap<AreaId, u32> = from.iter().map(|a| (*a, 0)).collect();
        let mut queue: VecDeque<AreaId> = from.iter().copied().collect();
        while let Some(a) = queue.pop_front() {
            let d = dist[&a];
            if d >= max {
                continue;
            }
            for (b, _) in neighbours(self.ctx, Nation::Power(self.power), a) {
                if !dist.contains_key(&b) && self.passable(a, b) {
                    dist.insert(b, d + 1);
                    queue.push_back(b);
                }
            }
        }
        dist.into_keys().collect()
    }
}

/// 7.4.1: the supply sources of a corps of `owner` moved by `power`: the cities of the power's home nation, and
/// for a minor free state's corps also its own, held by the power's side and not besieged.
pub fn sources(ctx: &LCtx, power: PowerId, owner: Nation) -> Vec<AreaId> {
    let w = ctx.world;
    let mut nations = vec![Nation::Power(power)];
    if let Nation::Minor(_) = owner {
        nations.push(owner);
    }
    let mut out: Vec<AreaId> = nations
        .into_iter()
        .flat_map(|n| ctx.scenario.territory(n).to_vec())
        .filter(|a| {
            ctx.scenario.area(*a).is_some_and(|d| d.city.is_some())
                && w.area_power(ctx.scenario, *a) == Some(power)
                && !w.sieges.contains_key(a)
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The outcome of tracing supply for one power.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traced {
    pub supplied: Vec<CorpsId>,
    pub out_of_supply: Vec<CorpsId>,
    /// 12.3.1: what each depot supplied (corps and besieged garrisons, counting a depot for every chain it is in).
    pub depots_used: BTreeMap<AreaId, u32>,
}

/// 7.4, 12.3.1: traces the supply of every corps `power` moves (its own and its free states').
pub fn trace(ctx: &LCtx, power: PowerId) -> Traced {
    let w = ctx.world;
    let chart = &ctx.scenario.charts.land.supply;
    let limit = ctx
        .rulebook
        .has(OptionalRule::SupplyLimitsPerDepot)
        .then_some(chart.per_depot);
    let me = Nation::Power(power);
    let depots: Vec<AreaId> = w
        .forces
        .depots
        .iter()
        .filter(|(_, d)| d.contains(&me))
        .map(|(a, _)| *a)
        .collect();
    // The areas the sources reach (for corps and for the first depot of a chain), by the corps' nation; what
    // each depot reaches (for corps), and the links between depots (for chains).
    let mut by_owner: BTreeMap<Nation, (BTreeSet<AreaId>, BTreeSet<AreaId>)> = BTreeMap::new();
    let paths = Paths::new(ctx, power);
    let mut reached = |owner: Nation| -> (BTreeSet<AreaId>, BTreeSet<AreaId>) {
        by_owner
            .entry(owner)
            .or_insert_with(|| {
                let s = sources(ctx, power, owner);
                (paths.within(&s, chart.reach), paths.within(&s, chart.chain))
            })
            .clone()
    };
    let reach: BTreeMap<AreaId, BTreeSet<AreaId>> = depots
        .iter()
        .map(|d| (*d, paths.within(&[*d], chart.reach)))
        .collect();
    let links: BTreeMap<AreaId, BTreeSet<AreaId>> = depots
        .iter()
        .map(|d| (*d, paths.within(&[*d], chart.chain)))
        .collect();
    let mut left: BTreeMap<AreaId, u32> = depots
        .iter()
        .map(|d| (*d, limit.unwrap_or(u32::MAX)))
        .collect();
    let mut out = Traced::default();
    // What needs supply: the corps with factors, then (12.3.1) besieged garrisons, which draw on a depot in
    // their own area.
    let corps: Vec<(CorpsId, AreaId)> = corps_of(w, power)
        .into_iter()
        .filter(|(id, _)| !w.forces.corps[id].factors.is_empty())
        .collect();
    for (id, at) in corps {
        let (near_source, chain_source) =
            reached(w.corps_side(id).unwrap_or(w.forces.corps[&id].owner));
        if near_source.contains(&at) {
            out.supplied.push(id);
            continue;
        }
        match chain(&depots, &chain_source, &links, &left, |d| {
            reach[&d].contains(&at)
        }) {
            Some(path) => {
                for d in path {
                    *left.get_mut(&d).expect("a depot") -= 1;
                    *out.depots_used.entry(d).or_default() += 1;
                }
                out.supplied.push(id);
            }
            None => out.out_of_supply.push(id),
        }
    }
    if limit.is_some() {
        for (a, siege) in &w.sieges {
            let mine = siege.besieged.iter().any(|n| moves_for(w, power, *n));
            if mine && depots.contains(a) {
                let (_, chain_source) = reached(me);
                if let Some(path) = chain(&depots, &chain_source, &links, &left, |d| d == *a) {
                    for d in path {
                        *left.get_mut(&d).expect("a depot") -= 1;
                        *out.depots_used.entry(d).or_default() += 1;
                    }
                }
            }
        }
    }
    out
}

/// The shortest chain of depots with room, from one linked to a source to one that `serves`, if any (fewest
/// depots; ties by area key).
fn chain(
    depots: &[AreaId],
    chain_source: &BTreeSet<AreaId>,
    links: &BTreeMap<AreaId, BTreeSet<AreaId>>,
    left: &BTreeMap<AreaId, u32>,
    serves: impl Fn(AreaId) -> bool,
) -> Option<Vec<AreaId>> {
    let open = |d: &AreaId| left.get(d).is_some_and(|n| *n > 0);
    let mut prev: BTreeMap<AreaId, Option<AreaId>> = BTreeMap::new();
    let mut queue = VecDeque::new();
    for d in depots
        .iter()
        .filter(|d| chain_source.contains(d) && open(d))
    {
        prev.insert(*d, None);
        queue.push_back(*d);
    }
    while let Some(d) = queue.pop_front() {
        if serves(d) {
            let mut path = vec![d];
            let mut at = d;
            while let Some(Some(p)) = prev.get(&at) {
                path.push(*p);
                at = *p;
            }
            return Some(path);
        }
        for e in depots {
            if !prev.contains_key(e) && open(e) && links[&d].contains(e) {
                prev.insert(*e, Some(d));
                queue.push_back(*e);
            }
        }
    }
    None
}

/// 7.4: the Supply Step of `power`: supply traced, and every corps out of supply forages.
pub fn supply_step(cx: &mut LCx, power: PowerId, dice: &mut Dice) {
    let t = trace(&cx.ctx(), power);
    if t.supplied.is_empty() && t.out_of_supply.is_empty() {
        return;
    }
    cx.emit(LandEvent::SupplyTraced {
        power,
        supplied: t.supplied.clone(),
        out_of_supply: t.out_of_supply.clone(),
        depots_used: t.depots_used.clone(),
    });
    for id in t.out_of_supply {
        forage(cx, power, id, dice);
    }
}

/// 7.4.2: a corps out of supply forages: one die, +1 in the winter months, +1 when its side has more land
/// factors in the area than the chart's crowding number; above the area's forage value it loses the table's
/// factors.
fn forage(cx: &mut LCx, power: PowerId, id: CorpsId, dice: &mut Dice) {
    let w = cx.world();
    let Some(c) = w.forces.corps.get(&id) else {
        return;
    };
    let Location::Area(a) = c.location else {
        return;
    };
    let chart = cx.scenario.charts.land.forage.clone();
    let Some(terrain) = cx.scenario.area(a).map(|d| d.terrain) else {
        return;
    };
    let value = chart.value.get(&terrain).copied().unwrap_or(0);
    let mut modifiers = Vec::new();
    if chart.winter_months.contains(&w.date().month) {
        modifiers.push(Modifier::new(chart.winter_modifier, "7.4.2", "winter"));
    }
    let crowd: u32 = w
        .forces
        .corps
        .iter()
        .filter(|(id, k)| k.location == Location::Area(a) && w.moves_corps(power, **id))
        .map(|(_, k)| k.factors.total())
        .sum();
    if crowd > chart.crowding {
        modifiers.push(Modifier::new(
            chart.crowding_modifier,
            "7.4.2",
            format!(
                "{crowd} factors foraging in one area (over {})",
                chart.crowding
            ),
        ));
    }
    let roll = dice.roll(
        power.as_str(),
        "7.4.2",
        &format!(
            "forage of {id} in {} (value {value})",
            area_name(&cx.ctx(), a)
        ),
        1,
        modifiers,
    );
    let margin = roll.total - value;
    cx.push(WorldEvent::DiceRolled { roll });
    if margin > 0 && !chart.losses.is_empty() {
        let i = (margin as usize - 1).min(chart.losses.len() - 1);
        lose_factors(
            cx,
            id,
            chart.losses[i],
            LossCause::Foraging,
            "7.4.2",
            "foraging",
        );
    }
}
