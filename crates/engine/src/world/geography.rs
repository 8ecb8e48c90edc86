//! Rules 7.3.1 and 7.3.4 (Coalition's movement and access, `docs/rules/land.md`) as every phase reads them: what
//! a step from one area to the next costs, which areas a power's land forces may enter, and the cheapest paths
//! these allow. The Land Phase moves by them; the Political Phase judges reach (4.2.2.3) and sends forces home at
//! a peace (4.4.6.2) by the same costs, so that no phase measures Europe differently.

use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{CorpsKind, CrossingDef, Location, StepDef};
use crate::world::{Ctx, World};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Whether `power` is at war with the holder `h` of an area, or with the power controlling it.
pub fn hostile(w: &World, power: PowerId, h: Nation) -> bool {
    let me = Nation::Power(power);
    // (A power controls itself: asked once.)
    w.at_war(me, h)
        || w.controller_of(h)
            .is_some_and(|c| Nation::Power(c) != h && w.at_war(me, c.into()))
}

/// 7.3.4 with 4.6.5.2 and 4.6.5.3: whether `area`, held by `holder`, is an enemy's area to `power`: its holder, or
/// the power controlling it, is at war with `power` ([`hostile`]); or it is an area of a minor country at war with
/// `power` that the minor's controller holds for it (its control flags, 4.6.3.1) while at peace with `power`. A
/// war on a minor that another power runs is the minor's own: its areas are enemy areas to the attacker whatever
/// the controller does (its corps take no part unless it is at war with the attacker too, 4.6.5.3).
pub fn enemy_area(
    w: &World,
    scenario: &crate::scenario::Scenario,
    power: PowerId,
    area: AreaId,
    holder: Nation,
) -> bool {
    hostile(w, power, holder) || held_for_a_minor_at_war(w, scenario, power, area, holder)
}

/// 4.6.5.2: `area` belongs to a minor at war with `power` and is held for it by its controller's flag.
fn held_for_a_minor_at_war(
    w: &World,
    scenario: &crate::scenario::Scenario,
    power: PowerId,
    area: AreaId,
    holder: Nation,
) -> bool {
    let Some(minor @ Nation::Minor(_)) = scenario.nation_of_area(area) else {
        return false;
    };
    w.controller_of(minor).map(Nation::Power) == Some(holder)
        && w.at_war(Nation::Power(power), minor)
}

/// Whether the nations `a` and `b` (or the powers controlling them) are at war.
pub fn at_war_sides(w: &World, a: Nation, b: Nation) -> bool {
    if w.at_war(a, b) {
        return true;
    }
    let (ca, cb) = (w.controller_of(a), w.controller_of(b));
    // A nation and its controller (a power controls itself: named once).
    let side = |n: Nation, c: Option<PowerId>| {
        (c.map(Nation::Power).filter(|c| *c != n).into_iter()).chain(std::iter::once(n))
    };
    side(a, ca).any(|x| side(b, cb).any(|y| x != y && w.at_war(x, y)))
}

/// The corps with factors in `area` on a side at war with `power`'s (7.3.3; a lent corps on its borrower's, B.4).
pub fn enemy_corps(w: &World, power: PowerId, area: AreaId) -> Vec<CorpsId> {
    w.forces
        .corps
        .iter()
        .filter(|(id, c)| {
            c.location == Location::Area(area)
                && !c.factors.is_empty()
                && !w.forces.in_city(**id)
                && at_war_sides(
                    w,
                    Nation::Power(power),
                    w.corps_side(**id).unwrap_or(c.owner),
                )
        })
        .map(|(id, _)| *id)
        .collect()
}

/// 7.3.3: whether corps with factors on a side at war with `power`'s stand in `area` (`enemy_corps` is not
/// empty).
pub fn has_enemy_corps(w: &World, power: PowerId, area: AreaId) -> bool {
    w.forces.corps.iter().any(|(id, c)| {
        c.location == Location::Area(area)
            && !c.factors.is_empty()
            && !w.forces.in_city(*id)
            && at_war_sides(
                w,
                Nation::Power(power),
                w.corps_side(*id).unwrap_or(c.owner),
            )
    })
}

/// Coalition's 7.5.4 (errata 4.2.2.2): whether corps `id` stands inside a city with corps at war with its side
/// in the field of its area (a besieged corps).
pub fn besieged_corps(w: &World, id: CorpsId) -> bool {
    let Some(c) = w.forces.corps.get(&id) else {
        return false;
    };
    let Location::Area(area) = c.location else {
        return false;
    };
    let side = w.corps_side(id).unwrap_or(c.owner);
    w.forces.in_city(id)
        && w.forces.corps.iter().any(|(k, o)| {
            w.forces.in_field(*k, area)
                && at_war_sides(w, side, w.corps_side(*k).unwrap_or(o.owner))
        })
}

/// 7.3.3: by index in the map's areas, whether corps with factors on a side at war with `power`'s stand there
/// (`has_enemy_corps` of every area, in one pass over the corps).
pub fn enemy_corps_areas<S: ?Sized>(ctx: &Ctx<'_, S>, power: PowerId) -> Vec<bool> {
    let w = ctx.world;
    let loans = crate::world::treaties::loans(w);
    let mut out = vec![false; ctx.scenario.map.areas.len()];
    let mut at_war = AtWar::new(w, Nation::Power(power));
    for (id, c) in &w.forces.corps {
        if let Location::Area(a) = c.location
            && !c.factors.is_empty()
            && !w.forces.in_city(*id)
            && let Some(i) = ctx.scenario.area_index(a)
            && !out[i]
            && at_war.with(loans.get(id).map_or(c.owner, |p| Nation::Power(*p)))
        {
            out[i] = true;
        }
    }
    out
}

/// 7.3.4: whether `power`'s forces may enter `area` (`from`: where the move comes from, for 12.4's limited access).
pub fn may_enter<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    power: PowerId,
    from: AreaId,
    area: AreaId,
) -> RuleResult<()> {
    if may_enter_now(ctx, power, from, area) {
        return Ok(());
    }
    let Some(holder) = ctx.world.area_holder(ctx.scenario, area) else {
        return Ok(());
    };
    let holder_name = nation_name(ctx, holder);
    Err(RuleError::new(
        "7.3.4",
        format!(
            "{} may not enter {} ({holder_name}'s): it is neither its own, nor an enemy's, and {holder_name} has \
             granted it no access (10.3{})",
            ctx.scenario.power_name(power),
            area_name(ctx, area),
            if ctx.rulebook.has(OptionalRule::AlliedVoluntaryAccess) {
                "; under 12.8 only to an ally"
            } else {
                ""
            }
        ),
    ))
}

/// 7.3.4: `may_enter` without the reason: whether `power`'s forces may enter `area` from `from`.
pub fn may_enter_now<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    power: PowerId,
    from: AreaId,
    area: AreaId,
) -> bool {
    let w = ctx.world;
    let Some(holder) = w.area_holder(ctx.scenario, area) else {
        return true;
    };
    let controller = w.controller_of(holder);
    if controller == Some(power) || enemy_area(w, ctx.scenario, power, area, holder) {
        return true;
    }
    controller.is_some_and(|c| granted(ctx, power, c, from))
}

/// 7.3.4: `may_enter_now` of many steps of one power, each area judged once: whether it may be entered from
/// anywhere, from nowhere, or (12.4's limited access) depending on where the move comes from, which is then
/// judged by `may_enter_now` itself.
pub struct Entry<'c, 'a, S: ?Sized> {
    ctx: &'c Ctx<'a, S>,
    power: PowerId,
    /// By area index: 0 not judged yet, 1 open, 2 closed, 3 open only from some areas (12.4).
    known: Vec<u8>,
}

impl<'c, 'a, S: ?Sized> Entry<'c, 'a, S> {
    /// 7.3.4: no area judged yet.
    pub fn new(ctx: &'c Ctx<'a, S>, power: PowerId) -> Self {
        Entry {
            ctx,
            power,
            known: vec![0; ctx.scenario.map.areas.len()],
        }
    }

    /// 7.3.4: `may_enter_now(ctx, power, from, to)`, for the area `to` at index `to_index` of the map's areas.
    pub fn may_enter(&mut self, from: AreaId, to: AreaId, to_index: usize) -> bool {
        if self.known[to_index] == 0 {
            self.known[to_index] = self.judge(to);
        }
        match self.known[to_index] {
            1 => true,
            2 => false,
            _ => may_enter_now(self.ctx, self.power, from, to),
        }
    }

    /// 7.3.4: `may_enter_now` of `area` as far as it does not depend on where the move comes from (`granted`).
    fn judge(&self, area: AreaId) -> u8 {
        let (ctx, power) = (self.ctx, self.power);
        let w = ctx.world;
        let Some(holder) = w.area_holder(ctx.scenario, area) else {
            return 1;
        };
        let controller = w.controller_of(holder);
        if controller == Some(power) || enemy_area(w, ctx.scenario, power, area, holder) {
            return 1;
        }
        match controller {
            None => 2,
            Some(c) if w.has_access(power, c) => 1,
            // 12.4: open from inside `c`'s territory while limited access lets the forces stay.
            Some(c)
                if crate::world::treaties::limited_access(w, power, c)
                    .is_some_and(|la| la.forces_may_stay(w.date())) =>
            {
                3
            }
            Some(_) => 2,
        }
    }
}

/// `at_war_sides(w, side, n)` for many nations `n`, each judged once.
pub struct AtWar<'w> {
    w: &'w World,
    side: Nation,
    known: Vec<(Nation, bool)>,
}

impl<'w> AtWar<'w> {
    /// No nation judged yet.
    pub fn new(w: &'w World, side: Nation) -> Self {
        AtWar {
            w,
            side,
            known: Vec::new(),
        }
    }

    /// `at_war_sides(w, side, n)`.
    pub fn with(&mut self, n: Nation) -> bool {
        if let Some((_, k)) = self.known.iter().find(|(m, _)| *m == n) {
            return *k;
        }
        let k = at_war_sides(self.w, self.side, n);
        self.known.push((n, k));
        k
    }
}

/// Voluntary access from `grantor` to `power` (10.3), or 12.4's limited access for forces already inside
/// `grantor`'s territory (`from` inside it).
fn granted<S: ?Sized>(ctx: &Ctx<'_, S>, power: PowerId, grantor: PowerId, from: AreaId) -> bool {
    let w = ctx.world;
    if w.has_access(power, grantor) {
        return true;
    }
    // 12.4: forces already inside the former enemy's territory may move within it and out of it.
    w.area_power(ctx.scenario, from) == Some(grantor)
        && crate::world::treaties::limited_access(w, power, grantor)
            .is_some_and(|la| la.forces_may_stay(w.date()))
}

/// A nation's display name.
pub fn nation_name<S: ?Sized>(ctx: &Ctx<'_, S>, n: Nation) -> String {
    match n {
        Nation::Power(p) => ctx.scenario.power_name(p),
        Nation::Minor(m) => ctx.scenario.minor_name(m),
    }
}

/// An area's display name (its id if the map has no such area).
pub fn area_name<S: ?Sized>(ctx: &Ctx<'_, S>, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

/// 7.3.1: a corps' movement allowance (the chart's value for its kind).
pub fn allowance<S: ?Sized>(ctx: &Ctx<'_, S>, kind: CorpsKind) -> u32 {
    ctx.scenario
        .charts
        .movement
        .corps
        .get(&kind)
        .copied()
        .unwrap_or(0)
}

/// 7.3.1: the cost of stepping from `a` into the next area `b` for forces of `side`: the terrain of `b` plus
/// the border's cost, or a sea crossing arrow's (only when its optional rule is on and no fleet at war with
/// `side` is in its sea). `None` if they do not touch.
pub fn step_cost<S: ?Sized>(ctx: &Ctx<'_, S>, side: Nation, a: AreaId, b: AreaId) -> Option<u32> {
    let steps = ctx.scenario.steps_from(ctx.scenario.area_index(a)?);
    let step = &steps[steps.binary_search_by(|s| s.to.cmp(&b)).ok()?];
    step_open(step, &mut |i| {
        crossing_open(ctx, side, &ctx.scenario.map.crossings[i])
    })
    .then_some(step.cost)
}

/// 7.3.1: whether a step is open to forces of `side`: always by a border, by crossing arrows while one of them is
/// open (`open(i)` for the arrow at index `i` of the map's crossings).
fn step_open(step: &StepDef, open: &mut impl FnMut(usize) -> bool) -> bool {
    step.crossings.is_empty() || step.crossings.iter().any(|i| open(*i))
}

/// 7.3.1 and 12.2.1.1: whether a sea crossing arrow is open to forces of `side`: its optional rule (if any) is
/// on, and no fleet at war with `side` is in its sea (unless 12.2.1.2 keeps that fleet from blocking it).
fn crossing_open<S: ?Sized>(ctx: &Ctx<'_, S>, side: Nation, c: &CrossingDef) -> bool {
    c.optional.is_none_or(|r| ctx.rulebook.has(r))
        && !ctx.world.forces.fleets.values().any(|f| {
            f.location == Location::Sea(c.sea)
                && f.ships > 0
                && at_war_sides(ctx.world, side, f.owner)
                && !cannot_block(ctx, c, f.owner)
        })
}

/// 7.3.1: whether `step` is open to forces of `side`, judging each arrow at most once across calls sharing
/// `known` (per arrow of the map: 0 not judged yet, 1 open, 2 closed).
pub fn step_open_memo<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    step: &StepDef,
    known: &mut [u8],
) -> bool {
    step_open(step, &mut |i| {
        if known[i] == 0 {
            known[i] = if crossing_open(ctx, side, &ctx.scenario.map.crossings[i]) {
                1
            } else {
                2
            };
        }
        known[i] == 1
    })
}

/// 7.3.1: which of the map's crossing arrows are open to forces of `side`, each judged once when first asked.
struct Arrows<'c, 'a, S: ?Sized> {
    ctx: &'c Ctx<'a, S>,
    side: Nation,
    /// Per arrow: 0 not judged yet, 1 open, 2 closed.
    known: Vec<u8>,
}

impl<'c, 'a, S: ?Sized> Arrows<'c, 'a, S> {
    /// 7.3.1: the arrows of `ctx`'s map, none judged yet.
    fn new(ctx: &'c Ctx<'a, S>, side: Nation) -> Self {
        Arrows {
            ctx,
            side,
            known: vec![0; ctx.scenario.map.crossings.len()],
        }
    }

    /// 7.3.1: whether `step` is open.
    fn step(&mut self, step: &StepDef) -> bool {
        step_open_memo(self.ctx, self.side, step, &mut self.known)
    }
}

/// 12.2.1.2 (option): a fleet of `fleet_owner` cannot block a Danish or Swedish crossing arrow (`danish_swedish`:
/// the Danish arrows and Copenhagen–Malmö) while corps with factors or garrisons at war with it stand in both
/// areas the arrow joins: the guns on both shores command the narrows.
pub fn cannot_block<S: ?Sized>(ctx: &Ctx<'_, S>, c: &CrossingDef, fleet_owner: Nation) -> bool {
    if !c.danish_swedish || !ctx.rulebook.has(OptionalRule::DanishSwedishArrows) {
        return false;
    }
    let w = ctx.world;
    let hostile_in = |area: AreaId| {
        w.forces.corps.values().any(|k| {
            k.location == Location::Area(area)
                && !k.factors.is_empty()
                && at_war_sides(w, fleet_owner, k.owner)
        }) || w.forces.garrisons.iter().any(|((at, owner), f)| {
            *at == area && !f.is_empty() && at_war_sides(w, fleet_owner, *owner)
        })
    };
    hostile_in(c.a) && hostile_in(c.b)
}

/// The areas next to `a` by land or by an open crossing arrow for forces of `side`, with each step's cost, in
/// key order.
pub fn neighbours<S: ?Sized>(ctx: &Ctx<'_, S>, side: Nation, a: AreaId) -> Vec<(AreaId, u32)> {
    let Some(i) = ctx.scenario.area_index(a) else {
        return Vec::new();
    };
    let mut arrows = Arrows::new(ctx, side);
    ctx.scenario
        .steps_from(i)
        .iter()
        .filter(|s| arrows.step(s))
        .map(|s| (s.to, s.cost))
        .collect()
}

/// The cheapest cost, in movement points, from any of `starts` to every area reachable for forces of `side`
/// within `budget`, stepping only from an area into one that `pass(from, to)` allows (7.3.1 costs). Areas
/// where `pass` is false are never entered, so never passed through.
pub fn costs<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    starts: &[AreaId],
    budget: u32,
    pass: impl Fn(AreaId, AreaId) -> bool,
) -> BTreeMap<AreaId, u32> {
    let areas = &ctx.scenario.map.areas;
    let best = dense_costs(ctx, side, starts, budget, |a, b| {
        pass(areas[a].id, areas[b].id)
    });
    let mut out: BTreeMap<AreaId, u32> = (best.iter().enumerate())
        .filter(|(_, d)| **d != UNREACHED)
        .map(|(i, d)| (areas[i].id, *d))
        .collect();
    // Starts missing from the map stay where they are, as the search always began from them.
    for a in starts {
        if ctx.scenario.area_index(*a).is_none() {
            out.insert(*a, 0);
        }
    }
    out
}

/// An area a search did not reach (in `dense_costs`' answer).
pub const UNREACHED: u32 = u32::MAX;

/// 7.3.1: `costs` by area index (`map.areas`' order): each area's cheapest cost, or [`UNREACHED`]; `pass` takes
/// the two areas' indexes.
pub fn dense_costs<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    starts: &[AreaId],
    budget: u32,
    pass: impl Fn(usize, usize) -> bool,
) -> Vec<u32> {
    let sc = ctx.scenario;
    let mut arrows = Arrows::new(ctx, side);
    let mut best = vec![UNREACHED; sc.map.areas.len()];
    let mut queue: BinaryHeap<Reverse<(u32, usize)>> = BinaryHeap::new();
    for i in starts.iter().filter_map(|a| sc.area_index(*a)) {
        best[i] = 0;
        queue.push(Reverse((0, i)));
    }
    while let Some(Reverse((d, a))) = queue.pop() {
        if best[a] < d {
            continue;
        }
        for s in sc.steps_from(a) {
            let nd = d.saturating_add(s.cost);
            let n = s.to_index;
            if nd > budget || best[n] <= nd || !arrows.step(s) || !pass(a, n) {
                continue;
            }
            best[n] = nd;
            queue.push(Reverse((nd, n)));
        }
    }
    best
}

/// 4.4.6.2 "the nearest area": the areas satisfying `ok` at the least movement cost from `from` for forces of
/// `side` (7.3.1 costs over borders and open crossing arrows; a repatriated force is picked up, so no access is
/// needed on the way), in key order; empty if none can be reached.
pub fn nearest<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    side: Nation,
    from: AreaId,
    ok: impl Fn(AreaId) -> bool,
) -> Vec<AreaId> {
    let all = costs(ctx, side, &[from], u32::MAX, |_, _| true);
    let Some(least) = all.iter().filter(|(a, _)| ok(**a)).map(|(_, d)| *d).min() else {
        return Vec::new();
    };
    all.iter()
        .filter(|(a, d)| **d == least && ok(**a))
        .map(|(a, _)| *a)
        .collect()
}

/// A place's name for messages: "Brest", "the Bay of Biscay", "Brest's blockade box".
pub fn place_name(s: &crate::scenario::Scenario, l: Location) -> String {
    let area =
        |a: crate::kernel::ids::AreaId| s.area(a).map_or_else(|| a.to_string(), |d| d.name.clone());
    match l {
        Location::Area(a) => area(a),
        Location::Sea(x) => s.sea(x).map_or_else(|| x.to_string(), |d| d.name.clone()),
        Location::Blockade(a) => format!("{}'s blockade box", area(a)),
        Location::Aboard(f) => format!("aboard {f}"),
        Location::OffMap => "off the map".into(),
    }
}
