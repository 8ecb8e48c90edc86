//! Rule 5.0 (Coalition's): what has arrived for a power to place (its own units and its minor free states',
//! healed leaders of 12.7), who may place it, the land factors by unit kind, and the home areas that take them
//! (5.2, 5.3).

use super::RCtx;
use crate::kernel::error::RuleError;
use crate::kernel::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use crate::scenario::{Factors, Location, Scenario, UnitKind};
use crate::world::umps::status_of;
use crate::world::{Building, LeaderStatus, UmpStatus, World};
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------------------------------------------
// Units and factors

/// The land unit kinds, in chart order (the first nine of `UnitKind::ALL`; ships, corps counters and depots
/// follow them there).
const LAND: [UnitKind; 9] = {
    let all = UnitKind::ALL;
    [
        all[0], all[1], all[2], all[3], all[4], all[5], all[6], all[7], all[8],
    ]
};

/// `n` factors of a land unit kind (`None` for ships, corps counters and depots).
pub fn land_factors(unit: UnitKind, n: u16) -> Option<Factors> {
    let mut f = Factors::default();
    *field(&mut f, unit)? = n;
    Some(f)
}

fn field(f: &mut Factors, unit: UnitKind) -> Option<&mut u16> {
    Some(match unit {
        UnitKind::Infantry => &mut f.infantry,
        UnitKind::Cavalry => &mut f.cavalry,
        UnitKind::Guard => &mut f.guard,
        UnitKind::Militia => &mut f.militia,
        UnitKind::Artillery => &mut f.artillery,
        UnitKind::Cossack => &mut f.cossack,
        UnitKind::Freikorps => &mut f.freikorps,
        UnitKind::Feudal => &mut f.feudal,
        UnitKind::Insurrection => &mut f.insurrection,
        UnitKind::Ship | UnitKind::Corps | UnitKind::Depot => return None,
    })
}

/// The factors of each land unit kind in `f`, in chart order, leaving out kinds with none.
pub fn units_of(f: &Factors) -> Vec<(UnitKind, u16)> {
    let mut f = *f;
    LAND.iter()
        .filter_map(|u| field(&mut f, *u).map(|n| (*u, *n)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The part of `f` that may garrison a city (`reinforcement.garrison_units`), and the rest.
pub(super) fn split_garrisonable(ctx: &RCtx, f: &Factors) -> (Factors, Factors) {
    let allowed = &ctx.scenario.charts.reinforcement.garrison_units;
    let mut yes = Factors::default();
    let mut no = Factors::default();
    // `units_of(f)`, read in place (no list is built).
    let mut f = *f;
    for u in LAND {
        let n = field(&mut f, u).map_or(0, |n| *n);
        if n == 0 {
            continue;
        }
        let target = if allowed.contains(&u) {
            &mut yes
        } else {
            &mut no
        };
        if let Some(x) = field(target, u) {
            *x = n;
        }
    }
    (yes, no)
}

/// The smaller of `a` and `b`, type by type.
pub(super) fn min_factors(a: &Factors, b: &Factors) -> Factors {
    let mut out = Factors::default();
    let (mut a, mut b) = (*a, *b);
    for u in LAND {
        let x = field(&mut a, u).map(|x| *x).unwrap_or(0);
        let y = field(&mut b, u).map(|y| *y).unwrap_or(0);
        if let Some(o) = field(&mut out, u) {
            *o = x.min(y);
        }
    }
    out
}

/// How much `want` exceeds `have`, described, if it does.
pub(super) fn short_of(have: &Factors, want: &Factors) -> Option<String> {
    match have.minus(want) {
        Some(_) => None,
        None => {
            let mut over = Factors::default();
            let (mut h, mut w) = (*have, *want);
            for u in LAND {
                let x = field(&mut h, u).map(|x| *x).unwrap_or(0);
                let y = field(&mut w, u).map(|y| *y).unwrap_or(0);
                if let Some(o) = field(&mut over, u) {
                    *o = y.saturating_sub(x);
                }
            }
            Some(super::notation::describe_factors(&over))
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// What has arrived

/// What has arrived for one power to place: its own units and its minor free states' (5.0).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrivals {
    pub land: BTreeMap<Nation, Factors>,
    pub corps: BTreeMap<Nation, u16>,
    pub depots: BTreeMap<Nation, u16>,
    /// Ships by owner and the port they were built in.
    pub ships: BTreeMap<(Nation, Option<AreaId>), u16>,
    /// Leaders whose wounds have healed (12.7).
    pub leaders: Vec<LeaderId>,
}

impl Arrivals {
    pub fn is_empty(&self) -> bool {
        self.land.is_empty()
            && self.corps.is_empty()
            && self.depots.is_empty()
            && self.ships.is_empty()
            && self.leaders.is_empty()
    }
}

fn neutral_ump(st: &World, n: Nation) -> bool {
    n.power()
        .is_some_and(|p| status_of(st, p) == Some(UmpStatus::Neutral))
}

/// `n + count`, saturating.
fn add(n: &mut u16, count: u16) {
    *n = n.saturating_add(count);
}

/// Whether the Building is due now.
fn due(st: &World, b: &Building) -> bool {
    b.due <= st.date() && b.count > 0
}

/// What `power` has to place this month: due units of nations it controls, and its nations' healed leaders.
/// A neutral UMP places nothing itself (14.3.2.4.5: see `neutral`).
pub fn arrivals(ctx: &RCtx, power: PowerId) -> Arrivals {
    let st = ctx.world;
    let mut a = Arrivals::default();
    if !st.powers.get(&power).is_some_and(|s| s.in_game) || neutral_ump(st, Nation::Power(power)) {
        return a;
    }
    let mine = |n: Nation| st.controller_of(n) == Some(power);
    for b in st.building.iter().filter(|b| due(st, b) && mine(b.owner)) {
        match b.unit {
            // Counts saturate (3.5: no sum wraps).
            UnitKind::Ship => add(a.ships.entry((b.owner, b.port)).or_default(), b.count),
            UnitKind::Corps => add(a.corps.entry(b.owner).or_default(), b.count),
            UnitKind::Depot => add(a.depots.entry(b.owner).or_default(), b.count),
            u => {
                if let Some(f) = land_factors(u, b.count) {
                    let e = a.land.entry(b.owner).or_default();
                    *e = e.plus(&f);
                }
            }
        }
    }
    a.leaders = st
        .forces
        .leaders
        .iter()
        .filter(|(_, l)| matches!(l.status, LeaderStatus::Wounded { until } if until <= st.date()))
        .filter(|(_, l)| mine(l.nation))
        .map(|(id, _)| *id)
        .collect();
    a
}

/// 5.0: only the controlling power places a nation's arrivals.
pub(super) fn not_yours(what: &str, n: Nation, power: PowerId) -> RuleError {
    RuleError::new(
        "5.0",
        format!("{what} of {n} are not {power}'s to place: {power} does not control {n}"),
    )
}

// ---------------------------------------------------------------------------------------------------------------
// Where it may go

/// The capital of a nation.
pub(super) fn capital(sc: &Scenario, n: Nation) -> Option<AreaId> {
    match n {
        Nation::Power(p) => sc.power(p).map(|d| d.capital),
        Nation::Minor(m) => sc.minor(m).map(|d| d.capital),
    }
}

/// `areas` with the nation's capital first.
pub(super) fn capital_first(sc: &Scenario, n: Nation, mut areas: Vec<AreaId>) -> Vec<AreaId> {
    if let Some(c) = capital(sc, n)
        && let Some(i) = areas.iter().position(|a| *a == c)
    {
        let c = areas.remove(i);
        areas.insert(0, c);
    }
    areas
}

/// Areas of `owner`'s home nation (or minor country) that its controller holds.
pub(super) fn held_home(ctx: &RCtx, owner: Nation) -> Vec<AreaId> {
    let st = ctx.world;
    let Some(ctrl) = st.controller_of(owner) else {
        return Vec::new();
    };
    ctx.scenario
        .territory(owner)
        .iter()
        .copied()
        .filter(|a| st.area_power(ctx.scenario, *a) == Some(ctrl))
        .collect()
}

/// 5.2: the cities where `owner`'s land factors may arrive (capital first, then by area id).
pub fn land_places(ctx: &RCtx, owner: Nation) -> Vec<AreaId> {
    let v = held_home(ctx, owner)
        .into_iter()
        .filter(|a| ctx.scenario.area(*a).is_some_and(|d| d.city.is_some()))
        .collect();
    capital_first(ctx.scenario, owner, v)
}

/// 5.3: the areas where a depot of `owner` may be placed (held home areas without one).
pub(super) fn depot_places(ctx: &RCtx, owner: Nation) -> Vec<AreaId> {
    let v = held_home(ctx, owner)
        .into_iter()
        .filter(|a| {
            !ctx.world
                .forces
                .depots
                .get(a)
                .is_some_and(|d| d.contains(&owner))
        })
        .collect();
    capital_first(ctx.scenario, owner, v)
}

/// 5.2, 5.3: the cities where each owner's land factors and corps counters may arrive and the areas where its
/// depots may be placed, worked out once for the many placements checked against one state (the owners with
/// arrivals; any other owner's are worked out when asked).
#[derive(Default)]
pub(crate) struct Places {
    land: BTreeMap<Nation, Vec<AreaId>>,
    depots: BTreeMap<Nation, Vec<AreaId>>,
    /// 5.7: the listed cities of each owner (`parts::listed_places_in`), kept when first worked out.
    pub(super) listed: std::cell::RefCell<BTreeMap<Nation, Vec<AreaId>>>,
    /// 6.2.5: what is aboard the fleets (for 5.1.3's and 5.1.4's cargo check), worked out when first needed.
    aboard: std::cell::OnceCell<super::fleets::Aboard>,
}

impl Places {
    /// 5.2, 5.3: the places of the owners in `arr` (what has arrived for one power on this state).
    pub(crate) fn of(ctx: &RCtx, arr: &Arrivals) -> Places {
        let mut p = Places::default();
        for owner in arr.land.keys().chain(arr.corps.keys()) {
            p.land
                .entry(*owner)
                .or_insert_with(|| land_places(ctx, *owner));
        }
        for owner in arr.depots.keys() {
            p.depots
                .entry(*owner)
                .or_insert_with(|| depot_places(ctx, *owner));
        }
        p
    }

    /// 6.2.5: what is aboard the fleets, worked out once.
    pub(crate) fn aboard(&self, ctx: &RCtx) -> &super::fleets::Aboard {
        self.aboard
            .get_or_init(|| super::fleets::Aboard::of(ctx.world))
    }

    /// 5.2: `land_places(ctx, owner)`, worked out once.
    pub(crate) fn land(&self, ctx: &RCtx, owner: Nation) -> std::borrow::Cow<'_, [AreaId]> {
        match self.land.get(&owner) {
            Some(v) => std::borrow::Cow::Borrowed(v.as_slice()),
            None => std::borrow::Cow::Owned(land_places(ctx, owner)),
        }
    }

    /// 5.3: `depot_places(ctx, owner)`, worked out once.
    pub(crate) fn depots(&self, ctx: &RCtx, owner: Nation) -> std::borrow::Cow<'_, [AreaId]> {
        match self.depots.get(&owner) {
            Some(v) => std::borrow::Cow::Borrowed(v.as_slice()),
            None => std::borrow::Cow::Owned(depot_places(ctx, owner)),
        }
    }
}

/// The owner's corps counters off the map with no factors: the counters a corps purchase brings in (5.3).
pub(super) fn spare_corps(st: &World, owner: Nation) -> Vec<CorpsId> {
    st.forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == owner && c.location == Location::OffMap && c.factors.is_empty())
        .map(|(id, _)| *id)
        .collect()
}
