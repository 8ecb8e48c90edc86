//! Rule 4.2.2.3 (with Coalition's reach rule, `docs/rules/reach.md`): whether a power could physically enter a
//! neutral minor country's territory during the turn.
//!
//! By land, Coalition judges reach by its movement rules (7.3, `world::geography`): a corps the power moves
//! reaches the minor if a path of areas it may enter (7.3.4; the minor's own, since the declaration would open
//! them) costs no more than its allowance and one forced march where its kind may force march (7.3.2), and no
//! enemy corps stand on the way (7.3.3). By sea, until the Naval Phase has its movement, a fleet of the power
//! carries such a corps: the corps stands in a coastal area, and the fleet can reach a sea touching that area
//! and then a sea touching the minor within its allowance.

use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId, SeaId};
use crate::scenario::Location;
use crate::world::Ctx;
use crate::world::geography::{AtWar, Entry, UNREACHED, allowance, dense_costs, step_open_memo};
use std::cell::OnceCell;
use std::collections::{BTreeSet, VecDeque};

/// Sea distances from `start` (counting the start as 1) to every sea within `limit` moves, by index in the map's
/// seas (0: not reached).
fn sea_distances(ctx: &Ctx, start: &[SeaId], limit: u32) -> Vec<u32> {
    let sc = ctx.scenario;
    let mut dist = vec![0u32; sc.map.seas.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for i in start.iter().filter_map(|s| sc.sea_index(*s)) {
        if dist[i] == 0 {
            dist[i] = 1;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let d = dist[i];
        if d >= limit {
            continue;
        }
        for j in sc.map.seas[i]
            .adjacent
            .iter()
            .filter_map(|n| sc.sea_index(*n))
        {
            if dist[j] == 0 {
                dist[j] = d + 1;
                queue.push_back(j);
            }
        }
    }
    dist
}

/// 4.2.2.3: whether `power` could enter `minor`'s territory this turn, and if not, why.
pub fn can_enter(ctx: &Ctx, power: PowerId, minor: MinorId) -> Result<(), String> {
    Reach::new(ctx, power).can_enter(minor)
}

/// 4.2.2.3: how far `power`'s corps and fleets reach this turn, worked out once for every minor it may be asked
/// about (the searches do not depend on the minor: a minor's own areas only ever end a path into it).
pub struct Reach<'c, 'a> {
    ctx: &'c Ctx<'a>,
    power: PowerId,
    /// The areas where a corps the power moves stands (by index in the map's areas, in key order of the corps;
    /// a corps off the map's areas reaches nothing).
    starts: Vec<usize>,
    /// By area index: whether some corps stands there, or can step into the area within its movement points,
    /// from a path of areas it may enter (7.3.4) without passing an area with enemy corps (7.3.3).
    entered: Vec<bool>,
    /// By index in the map's seas: whether a fleet of the power can land a corps it carries from there (filled
    /// when first needed).
    landings: OnceCell<Vec<bool>>,
    /// By area index: whether a fleet of the power can land a corps on the area's coast (each filled when first
    /// needed).
    coasts: std::cell::RefCell<Vec<Option<bool>>>,
}

impl<'c, 'a> Reach<'c, 'a> {
    /// 4.2.2.3: `power`'s reach by land: one search for each movement allowance among its corps, through areas
    /// it may enter (the minor's own, which a declaration would open, are only ever the last step of a path).
    pub fn new(ctx: &'c Ctx<'a>, power: PowerId) -> Self {
        let st = ctx.world;
        let sc = ctx.scenario;
        let forced = &sc.charts.land.forced_march;
        let n = sc.map.areas.len();
        let side = Nation::Power(power);
        let loans = crate::world::treaties::loans(st);
        // One pass over the corps with factors in an area: those the power moves start a move there, with their
        // movement points (7.3.1, 7.3.2); those on a side at war with it end a move in their area (7.3.3; a
        // corps may still leave the area it starts in).
        let mut starts: Vec<(usize, u32)> = Vec::new();
        let mut stops = vec![false; n];
        let mut at_war = AtWar::new(st, side);
        for (id, c) in &st.forces.corps {
            let Location::Area(a) = c.location else {
                continue;
            };
            if c.factors.is_empty() {
                continue;
            }
            let lent = loans.get(id).copied();
            if st.moves_corps_lent(power, c, lent) {
                let extra = if forced.not_for.contains(&c.kind) {
                    0
                } else {
                    forced.extra
                };
                if let Some(i) = sc.area_index(a) {
                    starts.push((i, allowance(ctx, c.kind) + extra));
                }
            } else if at_war.with(lent.map_or(c.owner, Nation::Power))
                && let Some(i) = sc.area_index(a)
            {
                stops[i] = true;
            }
        }
        let mut entered = vec![false; n];
        for (i, _) in &starts {
            stops[*i] = false;
            entered[*i] = true;
        }
        let budgets: BTreeSet<u32> = starts.iter().map(|(_, b)| *b).collect();
        let mut arrows = vec![0u8; sc.map.crossings.len()];
        let entry = std::cell::RefCell::new(Entry::new(ctx, power));
        for budget in budgets {
            let from: Vec<AreaId> = starts
                .iter()
                .filter(|(_, b)| *b == budget)
                .map(|(i, _)| sc.map.areas[*i].id)
                .collect();
            let best = dense_costs(ctx, side, &from, budget, |a, b| {
                !stops[a]
                    && (entry.borrow_mut()).may_enter(sc.map.areas[a].id, sc.map.areas[b].id, b)
            });
            // The last step, into any area (the minor's own included), from an area reached and left.
            for (a, d) in best.iter().enumerate() {
                if *d == UNREACHED || stops[a] {
                    continue;
                }
                for s in sc.steps_from(a) {
                    if d.saturating_add(s.cost) <= budget
                        && !entered[s.to_index]
                        && step_open_memo(ctx, side, s, &mut arrows)
                    {
                        entered[s.to_index] = true;
                    }
                }
            }
        }
        let mut starts: Vec<usize> = starts.into_iter().map(|(i, _)| i).collect();
        starts.sort_unstable();
        starts.dedup();
        Reach {
            ctx,
            power,
            starts,
            entered,
            landings: OnceCell::new(),
            coasts: Default::default(),
        }
    }

    /// 4.2.2.3: whether `power` could enter `minor`'s territory this turn, and if not, why.
    pub fn can_enter(&self, minor: MinorId) -> Result<(), String> {
        if self.reaches(minor) {
            return Ok(());
        }
        let ctx = self.ctx;
        let power = self.power;
        Err(format!(
            "no corps of {power} can reach {} this turn, by land through territory it may enter or by sea with its fleets",
            ctx.scenario
                .minor(minor)
                .map(|m| m.name.as_str())
                .unwrap_or(minor.as_str())
        ))
    }

    /// 4.2.2.3: `can_enter` without the reason: whether `power` could enter `minor`'s territory this turn.
    pub fn reaches(&self, minor: MinorId) -> bool {
        let sc = self.ctx.scenario;
        let territory = sc.territory(Nation::Minor(minor));
        let at = || territory.iter().filter_map(|a| sc.area_index(*a));
        // By land: a corps stands there, or can step in.
        if at().any(|i| self.entered[i]) {
            return true;
        }
        // By sea: a fleet lifts a corps from a coastal area to the minor's coast (the fleets' reach is worked out
        // only for a minor with a coast).
        at().any(|i| self.coast_landed(i))
    }

    /// Whether a sea touching the area at index `i` is one of `landings` (worked out once per area).
    fn coast_landed(&self, i: usize) -> bool {
        let mut coasts = self.coasts.borrow_mut();
        if coasts.is_empty() {
            coasts.resize(self.ctx.scenario.map.areas.len(), None);
        }
        *coasts[i].get_or_insert_with(|| {
            let sc = self.ctx.scenario;
            (sc.map.areas[i].seas.iter())
                .any(|c| sc.sea_index(*c).is_some_and(|j| self.landings()[j]))
        })
    }

    /// The seas a fleet of the power can reach within its allowance after picking up a corps at a sea touching
    /// the corps' coastal area (the fleet's moves to the pickup count against its allowance): with `B` the
    /// chart's allowance less one (the sea a fleet starts in counts as its first), a sea `j` is one if some
    /// fleet is `h` sea moves from a pickup `p` and `p` is `k` from `j` with `h + k <= B`. Two searches by
    /// index: the fewest moves from any fleet to each sea, then from the pickups, each starting at its fewest.
    fn landings(&self) -> &[bool] {
        self.landings.get_or_init(|| {
            let ctx = self.ctx;
            let st = ctx.world;
            let sc = ctx.scenario;
            let power = self.power;
            let n = sc.map.seas.len();
            let limit = sc.charts.movement.fleet.saturating_sub(1);
            let mut from_fleets = vec![UNREACHED; n];
            for f in st.forces.fleets.values() {
                if f.ships == 0 || st.controller_of(f.owner) != Some(power) {
                    continue;
                }
                let start: &[SeaId] = match &f.location {
                    Location::Sea(s) => std::slice::from_ref(s),
                    Location::Area(a) | Location::Blockade(a) => {
                        sc.area(*a).map_or(&[][..], |d| d.seas.as_slice())
                    }
                    Location::Aboard(_) | Location::OffMap => continue,
                };
                for i in start.iter().filter_map(|s| sc.sea_index(*s)) {
                    from_fleets[i] = 0;
                }
            }
            let mut out = vec![false; n];
            if self.starts.is_empty() || from_fleets.iter().all(|d| *d == UNREACHED) {
                debug_assert_eq!(out, self.landings_by_fleet());
                return out;
            }
            // Each sea's next seas by index: those of the sea at index `i` are `next[at[i]..at[i + 1]]`.
            let mut at = Vec::with_capacity(n + 1);
            let mut next = Vec::new();
            for x in &sc.map.seas {
                at.push(next.len());
                next.extend(x.adjacent.iter().filter_map(|y| sc.sea_index(*y)));
            }
            at.push(next.len());
            let next = Next { at, next };
            sea_moves(&next, &mut from_fleets, limit);
            let mut from_pickups = vec![UNREACHED; n];
            for a in &self.starts {
                for i in (sc.map.areas[*a].seas.iter()).filter_map(|p| sc.sea_index(*p)) {
                    from_pickups[i] = from_fleets[i];
                }
            }
            sea_moves(&next, &mut from_pickups, limit);
            for (o, d) in out.iter_mut().zip(&from_pickups) {
                *o = *d <= limit;
            }
            debug_assert_eq!(out, self.landings_by_fleet());
            out
        })
    }

    /// 4.2.2.3: `landings`, fleet by fleet and pickup by pickup (the reference the debug builds compare it with).
    fn landings_by_fleet(&self) -> Vec<bool> {
        let ctx = self.ctx;
        let st = ctx.world;
        let power = self.power;
        let mine = |owner: Nation| st.controller_of(owner) == Some(power);
        let chart = &ctx.scenario.charts.movement;
        let sc = ctx.scenario;
        let corps_areas: BTreeSet<AreaId> =
            self.starts.iter().map(|i| sc.map.areas[*i].id).collect();
        let mut out = vec![false; sc.map.seas.len()];
        // The pickups (sea, moves left) already searched from: the same search adds nothing new.
        let mut searched: BTreeSet<(usize, u32)> = BTreeSet::new();
        for f in st.forces.fleets.values() {
            if !mine(f.owner) || f.ships == 0 {
                continue;
            }
            let start: Vec<SeaId> = match f.location {
                Location::Sea(s) => vec![s],
                Location::Area(a) | Location::Blockade(a) => ctx
                    .scenario
                    .area(a)
                    .map(|d| d.seas.clone())
                    .unwrap_or_default(),
                Location::Aboard(_) | Location::OffMap => continue,
            };
            let from_fleet = sea_distances(ctx, &start, chart.fleet);
            for a in &corps_areas {
                let pickup = ctx.scenario.area(*a).map_or(&[][..], |d| d.seas.as_slice());
                for p in pickup {
                    let Some(i) = sc.sea_index(*p).filter(|i| from_fleet[*i] > 0) else {
                        continue;
                    };
                    let limit = chart.fleet.saturating_sub(from_fleet[i]) + 1;
                    if !searched.insert((i, limit)) {
                        continue;
                    }
                    for (j, d) in sea_distances(ctx, &[*p], limit).iter().enumerate() {
                        if *d > 0 {
                            out[j] = true;
                        }
                    }
                }
            }
        }
        out
    }
}

/// 4.2.2.3 (by sea): the seas next to each sea, by index in the map's seas.
struct Next {
    /// Where each sea's next seas begin in `next` (one more entry than there are seas).
    at: Vec<usize>,
    next: Vec<usize>,
}

/// 4.2.2.3 (by sea): the fewest sea moves to every sea (by index; `next`: each sea's next seas), from the seas
/// already given a count in `moves` (the others [`UNREACHED`]), counting no further than `limit`: each round
/// settles the seas at one count, in increasing order.
fn sea_moves(next: &Next, moves: &mut [u32], limit: u32) {
    for d in 0..limit {
        for i in 0..moves.len() {
            if moves[i] != d {
                continue;
            }
            for j in &next.next[next.at[i]..next.at[i + 1]] {
                if moves[*j] > d + 1 {
                    moves[*j] = d + 1;
                }
            }
        }
    }
}
