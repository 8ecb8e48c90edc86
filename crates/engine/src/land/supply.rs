//! Rule 7.4 (Coalition's supply and foraging, `docs/rules/land.md`): after its movement, each of the mover's
//! corps traces supply to a source (a city of its home nation or of a minor it controls, held by its side and
//! not besieged) within the chart's reach, or to a depot of a chain linked to a source (a depot aboard a fleet,
//! Coalition's 6.2.5 invasion supply, is a source by itself and serves the coasts its fleet could land corps on,
//! `docs/rules/naval.md`); with 12.3.1 on, each
//! depot of a chain supplies at most four corps and besieged garrisons. A corps besieged inside a city
//! (Coalition's 7.5.4) is supplied only by its side's depot in its own area. A corps out of supply forages: one
//! die with the month's and the crowd's modifiers against its area's forage value; above it, it loses factors.

use super::movement::{corps_of, lose_factors, moves_for};
use super::{LCtx, LCx, LandEvent};
use crate::kernel::dice::{Dice, Modifier};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Location, LossCause};
use crate::world::WorldEvent;
use crate::world::geography::{AtWar, Entry, area_name, step_open_memo};
use std::cell::{OnceCell, RefCell};
use std::collections::{BTreeMap, VecDeque};

/// Where supply may pass for one power: areas held by enemy corps its own corps do not match are closed.
struct Paths<'a, 'b> {
    ctx: &'a LCtx<'b>,
    power: PowerId,
    /// By area index (`map.areas`): whether unmatched enemy corps hold the area.
    blocked: Vec<bool>,
    /// The map's crossing arrows as judged so far for the power (`geography::step_open_memo`).
    arrows: RefCell<Vec<u8>>,
    /// 7.3.4: the areas the power may enter, as judged so far.
    entry: RefCell<Entry<'a, 'b, super::LandState>>,
}

impl<'a, 'b> Paths<'a, 'b> {
    fn new(ctx: &'a LCtx<'b>, power: PowerId) -> Self {
        let w = ctx.world;
        // By area index: enemy corps stand there (1), the power's own do (2), or both.
        let mut seen = vec![0u8; ctx.scenario.map.areas.len()];
        let loans = crate::world::treaties::loans(w);
        let mut at_war = AtWar::new(w, Nation::Power(power));
        for (id, c) in &w.forces.corps {
            // Coalition's 7.5.4: a corps inside a city neither holds the area against supply nor opens it.
            if let Location::Area(a) = c.location
                && !c.factors.is_empty()
                && !w.forces.in_city(*id)
            {
                let mark = if w.moves_corps_lent(power, c, loans.get(id).copied()) {
                    2
                } else if at_war.with(w.corps_side(*id).unwrap_or(c.owner)) {
                    1
                } else {
                    continue;
                };
                if let Some(i) = ctx.scenario.area_index(a) {
                    seen[i] |= mark;
                }
            }
        }
        let blocked = seen.into_iter().map(|s| s == 1).collect();
        Paths {
            ctx,
            power,
            blocked,
            arrows: RefCell::new(vec![0; ctx.scenario.map.crossings.len()]),
            entry: RefCell::new(Entry::new(ctx, power)),
        }
    }

    /// Areas within `max` borders of any of `from` through passable areas: those the power may enter (7.3.4)
    /// and no unmatched enemy corps hold.
    fn within(&self, from: &[AreaId], max: u32) -> Areas<'b> {
        self.within_both(from, max, 0).0
    }

    /// `within(from, near)` and `within(from, far)` from one search: an area's fewest borders from `from` are
    /// the same whichever of the two limits the search stops at.
    fn within_both(&self, from: &[AreaId], near: u32, far: u32) -> (Areas<'b>, Areas<'b>) {
        let sc = self.ctx.scenario;
        let side = Nation::Power(self.power);
        let mut arrows = self.arrows.borrow_mut();
        let mut entry = self.entry.borrow_mut();
        let mut dist = vec![u32::MAX; sc.map.areas.len()];
        let (mut a_near, mut a_far) = (Areas::of(sc, from), Areas::of(sc, from));
        let max = near.max(far);
        let mut queue: VecDeque<usize> = VecDeque::new();
        for a in from {
            if let Some(i) = sc.area_index(*a) {
                if dist[i] == u32::MAX {
                    queue.push_back(i);
                }
                dist[i] = 0;
            }
        }
        while let Some(a) = queue.pop_front() {
            let d = dist[a];
            if d >= max {
                continue;
            }
            for s in sc.steps_from(a) {
                let b = s.to_index;
                if dist[b] == u32::MAX
                    && step_open_memo(self.ctx, side, s, &mut arrows)
                    && !self.blocked[b]
                    && entry.may_enter(sc.map.areas[a].id, s.to, b)
                {
                    dist[b] = d + 1;
                    a_near.has[b] |= d < near;
                    a_far.has[b] |= d < far;
                    queue.push_back(b);
                }
            }
        }
        (a_near, a_far)
    }
}

/// A set of the map's land areas, by their index in `map.areas` (what supply reaches).
struct Areas<'s> {
    scenario: &'s crate::scenario::Scenario,
    has: Vec<bool>,
}

impl<'s> Areas<'s> {
    /// The set of `areas`.
    fn of(scenario: &'s crate::scenario::Scenario, areas: &[AreaId]) -> Self {
        let mut has = vec![false; scenario.map.areas.len()];
        for i in areas.iter().filter_map(|a| scenario.area_index(*a)) {
            has[i] = true;
        }
        Areas { scenario, has }
    }

    /// Whether `a` is in the set.
    fn contains(&self, a: &AreaId) -> bool {
        self.scenario.area_index(*a).is_some_and(|i| self.has[i])
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
    /// The same for the depots aboard fleets (Coalition's 6.2.5 invasion supply), by fleet.
    pub fleets_used: BTreeMap<FleetId, u32>,
}

/// A depot supply is traced through: one standing in an area (7.2), or one aboard a fleet (Coalition's 6.2.5
/// invasion supply), which is a source by itself and serves from the coasts its fleet could land corps on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Depot {
    Area(AreaId),
    Fleet(FleetId),
}

impl Traced {
    fn used(&mut self, d: Depot) {
        match d {
            Depot::Area(a) => *self.depots_used.entry(a).or_default() += 1,
            Depot::Fleet(f) => *self.fleets_used.entry(f).or_default() += 1,
        }
    }
}

/// Coalition's 6.2.5 (invasion supply): `power`'s depots aboard its fleets with ships on the map, with the land
/// areas each serves from: those its fleet could land corps in (`landing::landing_places`).
fn depots_at_sea(ctx: &LCtx, power: PowerId) -> Vec<(FleetId, Vec<AreaId>)> {
    let w = ctx.world;
    w.forces
        .depots_aboard
        .iter()
        .filter(|(_, n)| **n == Nation::Power(power))
        .filter_map(|(f, _)| {
            let fleet = w.forces.fleets.get(f)?;
            (fleet.ships > 0 && fleet.location != Location::OffMap).then(|| {
                (
                    *f,
                    super::landing::landing_places(ctx.scenario, fleet.location),
                )
            })
        })
        .collect()
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
    let paths = Paths::new(ctx, power);
    // Each depot (the land depots in key order, then those at sea), with the coasts a depot at sea serves.
    let mut depots: Vec<Depot> = Vec::new();
    let mut coasts: Vec<Vec<AreaId>> = Vec::new();
    for (a, _) in w.forces.depots.iter().filter(|(_, d)| d.contains(&me)) {
        depots.push(Depot::Area(*a));
        coasts.push(Vec::new());
    }
    for (f, at) in depots_at_sea(ctx, power) {
        depots.push(Depot::Fleet(f));
        coasts.push(at);
    }
    // What each depot reaches for corps and for the next depot of a chain (a depot at sea: the coasts it serves,
    // and what lies within the chain's distance of them), worked out when a chain first needs it.
    let found: Vec<OnceCell<(Areas, Areas)>> = depots.iter().map(|_| OnceCell::new()).collect();
    let reach_links = |i: usize| {
        found[i].get_or_init(|| match depots[i] {
            Depot::Area(a) => paths.within_both(&[a], chart.reach, chart.chain),
            Depot::Fleet(_) => (
                Areas::of(ctx.scenario, &coasts[i]),
                paths.within(&coasts[i], chart.chain),
            ),
        })
    };
    // The areas the sources reach (for corps and for the first depot of a chain), by the corps' nation.
    let mut by_owner: BTreeMap<Nation, (Areas, Areas)> = BTreeMap::new();
    let reach_of = |owner: Nation| {
        let s = sources(ctx, power, owner);
        paths.within_both(&s, chart.reach, chart.chain)
    };
    let mut left: Vec<u32> = vec![limit.unwrap_or(u32::MAX); depots.len()];
    let mut out = Traced::default();
    // What needs supply: the corps with factors, then (12.3.1) besieged garrisons, which draw on a depot in
    // their own area.
    let corps: Vec<(CorpsId, AreaId)> = corps_of(w, power)
        .into_iter()
        .filter(|(id, _)| !w.forces.corps[id].factors.is_empty())
        .collect();
    for (id, at) in corps {
        // Coalition's 7.5.4: a corps besieged inside a city lives on the stores of its side's depot there (a
        // source of its own within the walls), counting against it under 12.3.1; without one, or with it full,
        // it is out of supply.
        if crate::world::geography::besieged_corps(w, id) {
            let store = depots.iter().position(|d| *d == Depot::Area(at));
            match store.filter(|i| left[*i] > 0) {
                Some(i) => {
                    left[i] -= 1;
                    out.used(depots[i]);
                    out.supplied.push(id);
                }
                None => out.out_of_supply.push(id),
            }
            continue;
        }
        let owner = w.corps_side(id).unwrap_or(w.forces.corps[&id].owner);
        let (near_source, chain_source) = by_owner.entry(owner).or_insert_with(|| reach_of(owner));
        if near_source.contains(&at) {
            out.supplied.push(id);
            continue;
        }
        let at = ctx.scenario.area_index(at);
        match chain(&depots, chain_source, &reach_links, &left, |i| {
            at.is_some_and(|at| reach_links(i).0.has[at])
        }) {
            Some(path) => {
                for i in path {
                    left[i] -= 1;
                    out.used(depots[i]);
                }
                out.supplied.push(id);
            }
            None => out.out_of_supply.push(id),
        }
    }
    if limit.is_some() {
        for (a, siege) in &w.sieges {
            let mine = siege.besieged.iter().any(|n| moves_for(w, power, *n));
            if mine && depots.contains(&Depot::Area(*a)) {
                let (_, chain_source) = by_owner.entry(me).or_insert_with(|| reach_of(me));
                if let Some(path) = chain(&depots, chain_source, &reach_links, &left, |i| {
                    depots[i] == Depot::Area(*a)
                }) {
                    for i in path {
                        left[i] -= 1;
                        out.used(depots[i]);
                    }
                }
            }
        }
    }
    out
}

/// The shortest chain of depots with room, from one linked to a source (a depot at sea is one) to one that
/// `serves`, if any (fewest depots; ties by key, the land depots first), as indexes of `depots`, the last
/// first. `reach_links(i)`: what depot `i` reaches for corps and for the next depot of a chain.
fn chain<'r, 's: 'r>(
    depots: &[Depot],
    chain_source: &Areas,
    reach_links: &impl Fn(usize) -> &'r (Areas<'s>, Areas<'s>),
    left: &[u32],
    serves: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let open = |i: usize| left[i] > 0;
    let linked_to_source = |d: &Depot| match d {
        Depot::Area(a) => chain_source.contains(a),
        Depot::Fleet(_) => true,
    };
    // By depot: not reached yet (`None`), reached first (`Some(None)`), or reached from another.
    let mut prev: Vec<Option<Option<usize>>> = vec![None; depots.len()];
    let mut queue = VecDeque::new();
    for (i, d) in depots.iter().enumerate() {
        if linked_to_source(d) && open(i) {
            prev[i] = Some(None);
            queue.push_back(i);
        }
    }
    while let Some(d) = queue.pop_front() {
        if serves(d) {
            let mut path = vec![d];
            let mut at = d;
            while let Some(Some(p)) = prev[at] {
                path.push(p);
                at = p;
            }
            return Some(path);
        }
        for (e, depot) in depots.iter().enumerate() {
            // A depot at sea is a source itself: chains run from it, never to it.
            let Depot::Area(ea) = depot else {
                continue;
            };
            if prev[e].is_none() && open(e) && reach_links(d).1.contains(ea) {
                prev[e] = Some(Some(d));
                queue.push_back(e);
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
        fleets_used: t.fleets_used.clone(),
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
