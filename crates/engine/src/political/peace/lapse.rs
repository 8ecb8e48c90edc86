//! Rule 4.6.6 (checked at the start of the Peace Step, 4.4): a major power's war with a minor country lapses when
//! none of its corps stands inside the minor; its other forces there are repatriated as in 4.4.6.2.

use super::{Item, Placement};
use crate::kernel::ids::{AreaId, MinorId, Nation, PowerId};
use crate::scenario::{CorpsKind, Factors, Location, MinorStatus};
use crate::world::geography::nearest;
use crate::world::{self, WorldEvent, name};
use std::collections::{BTreeMap, BTreeSet};

/// Rule 4.6.6, checked in the Peace Step (4.4): a war of a major power with a minor country not yet conquered
/// (and not its own) lapses when none of its corps (its own or its minors'; cossacks and freikorps do not count)
/// stands inside the minor; for a minor of several districts with a secondary district conquered (the NOTE),
/// inside the rest of it. Wars declared this month do not lapse (their invaders have had no Land Phase to
/// enter). Its garrisons, cossacks and freikorps in the rest of the minor are repatriated as in 4.4.6.2: to
/// the nearest areas it controls (garrisons: with a city or one of its depots), as `world::geography::nearest` finds
/// them; when several are equidistant the force is returned as a placement its owner chooses in the Peace Step.
pub(super) fn lapse_of_war(ctx: &world::Ctx) -> (Vec<WorldEvent>, Vec<Placement>) {
    let st = ctx.world;
    let now = st.date();
    let mut ev = Vec::new();
    let mut placements = Vec::new();
    let wars: Vec<(PowerId, MinorId)> = st
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none() && w.since < now)
        .filter_map(|w| match (w.aggressor, w.defender) {
            (Nation::Power(p), Nation::Minor(m)) | (Nation::Minor(m), Nation::Power(p)) => {
                Some((p, m))
            }
            _ => None,
        })
        .collect();
    for (p, m) in wars {
        let Some(def) = ctx.scenario.minor(m) else {
            continue;
        };
        let ms = st.minors.get(&m);
        // "Prior to the conquest": a conquered minor, or one `p` controls, has no war to lapse.
        if ms.is_some_and(|s| s.controller == Some(p) || s.status == MinorStatus::Conquered) {
            continue;
        }
        let conquered = ms
            .map(|s| s.conquered_districts.clone())
            .unwrap_or_default();
        let conquered_provinces: BTreeSet<_> = def
            .districts
            .iter()
            .filter(|d| conquered.contains(&d.id))
            .flat_map(|d| d.provinces.iter().copied())
            .collect();
        let territory = ctx.scenario.territory(Nation::Minor(m));
        let rest: Vec<AreaId> = territory
            .iter()
            .copied()
            .filter(|a| {
                ctx.scenario
                    .area(*a)
                    .is_none_or(|d| !conquered_provinces.contains(&d.province))
            })
            .collect();
        let me = Nation::Power(p);
        // Its corps: its own and those of the minors it controls.
        let mine = |n: Nation| st.controller_of(n) == Some(p);
        let invading = st.forces.corps.values().any(|c| {
            mine(c.owner)
                && !matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
                && matches!(c.location, Location::Area(a) if rest.contains(&a))
        });
        if invading {
            continue;
        }
        ev.push(WorldEvent::WarEnded {
            a: me,
            b: Nation::Minor(m),
            date: now,
            rule: "4.6.6".into(),
            reason: format!(
                "{} has no corps inside {}: its war with it lapses",
                name(ctx.scenario, p),
                def.name
            ),
        });
        let reason = format!("repatriated from {} (4.6.6, 4.4.6.2)", def.name);
        // 4.4.6.2: the nearest areas it controls outside the rest of the minor; garrisons to one with a city or
        // one of its depots. Several equidistant areas: its owner chooses in the Peace Step.
        let friendly = |x: AreaId| st.area_power(ctx.scenario, x) == Some(p) && !rest.contains(&x);
        let holds = |x: AreaId| {
            friendly(x)
                && (ctx.scenario.area(x).is_some_and(|d| d.city.is_some())
                    || st.forces.depots.get(&x).is_some_and(|d| d.contains(&me)))
        };
        for (id, c) in &st.forces.corps {
            if c.owner == me
                && matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
                && let Location::Area(a) = c.location
                && rest.contains(&a)
            {
                let options = nearest(ctx, me, a, friendly);
                let location = match options.as_slice() {
                    [] => Location::OffMap,
                    [to] => Location::Area(*to),
                    _ => {
                        placements.push(Placement {
                            owner: me,
                            item: Item::Corps(*id),
                            from: a,
                            options,
                            rule: "4.6.6".into(),
                        });
                        continue;
                    }
                };
                ev.push(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors: c.factors,
                    location,
                    rule: "4.6.6".into(),
                    reason: reason.clone(),
                });
            }
        }
        let mut moved: BTreeMap<AreaId, Factors> = BTreeMap::new();
        for ((a, owner), g) in &st.forces.garrisons {
            if *owner != me || !rest.contains(a) || g.is_empty() {
                continue;
            }
            let options = nearest(ctx, me, *a, holds);
            if options.is_empty() {
                continue;
            }
            ev.push(WorldEvent::GarrisonChanged {
                area: *a,
                owner: me,
                factors: Factors::default(),
                rule: "4.6.6".into(),
                reason: reason.clone(),
            });
            if let [to] = options.as_slice() {
                let e = moved.entry(*to).or_insert_with(|| {
                    st.forces
                        .garrisons
                        .get(&(*to, me))
                        .copied()
                        .unwrap_or_default()
                });
                *e = e.plus(g);
            } else {
                placements.push(Placement {
                    owner: me,
                    item: Item::Garrison(*g),
                    from: *a,
                    options,
                    rule: "4.6.6".into(),
                });
            }
        }
        for (to, f) in moved {
            ev.push(WorldEvent::GarrisonChanged {
                area: to,
                owner: me,
                factors: f,
                rule: "4.6.6".into(),
                reason: reason.clone(),
            });
        }
    }
    (ev, placements)
}
