//! Coalition's 7.5.4 for corps inside a city (errata 4.2.2.2 and 7.3.5, `docs/rules/land.md` "Corps inside a
//! city"): a mover's corps may go into a friendly city of the area where it stands while the city has room (the
//! siege chart's `room`, in corps factors, by kind of city; the garrison does not count against it), with no
//! enemy corps in the field there; it moves no more this phase. Inside, it is out of field combat and besieged
//! with the garrison when enemy corps stand outside; it comes out by moving away (only while no enemy corps
//! stand in the area) and otherwise fights only in assaults and sorties (`siege.rs`).

use super::movement::moves_for;
use super::{LCtx, LCx, LandDecision, LandEvent};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, PowerId};
use crate::scenario::Location;
use crate::world::WorldEvent;
use crate::world::geography::{area_name, enemy_corps, hostile};

/// The corps factors the city of `area` may still shelter (`None`: the area has no city).
pub fn room_left(ctx: &LCtx, area: AreaId) -> Option<u32> {
    let (_, kind) = ctx.scenario.area(area)?.city.clone()?;
    let room = ctx
        .scenario
        .combat
        .siege
        .room
        .get(&kind)
        .copied()
        .unwrap_or(0);
    let w = ctx.world;
    let inside: u32 = (w.forces.sheltered_in(area).iter())
        .map(|id| w.forces.corps[id].factors.total())
        .sum();
    Some(room.saturating_sub(inside))
}

/// Whether the city of `area` is friendly to `power`: the area is held by it, a nation it moves for or an ally,
/// and no garrison hostile to it stands there.
pub fn friendly_city(ctx: &LCtx, power: PowerId, area: AreaId) -> bool {
    let (s, w) = (ctx.scenario, ctx.world);
    let held = w.area_holder(s, area).is_some_and(|h| {
        moves_for(w, power, h)
            || w.controller_of(h)
                .is_some_and(|c| c == power || w.allied(c, power))
    });
    let hostile_garrison = w
        .forces
        .garrisons
        .iter()
        .any(|((a, n), f)| *a == area && !f.is_empty() && hostile(w, power, *n));
    s.area(area).is_some_and(|d| d.city.is_some()) && held && !hostile_garrison
}

/// Whether the corps `ids` (with factors) fit in the room left in the city of `area`.
pub fn fits(ctx: &LCtx, area: AreaId, ids: &[CorpsId]) -> bool {
    let w = ctx.world;
    let need: u32 = (ids.iter())
        .filter_map(|id| w.forces.corps.get(id))
        .map(|c| c.factors.total())
        .sum();
    room_left(ctx, area).is_some_and(|left| need <= left)
}

/// Coalition's 7.5.4: whether `power` may take corps `id` into the city where it stands now; its area if so.
pub fn check(ctx: &LCtx, power: PowerId, id: CorpsId) -> RuleResult<AreaId> {
    let w = ctx.world;
    let Some(c) = w.forces.corps.get(&id) else {
        return Err(RuleError::new("3.4", format!("unknown corps `{id}`")));
    };
    if !w.moves_corps(power, id) {
        return Err(RuleError::new(
            "7.1.1",
            format!(
                "{} does not move corps `{id}`",
                ctx.scenario.power_name(power)
            ),
        ));
    }
    let Location::Area(area) = c.location else {
        return Err(RuleError::new(
            "7.5.4",
            format!("{id} stands in no area: only a corps on land goes into a city"),
        ));
    };
    let name = area_name(ctx, area);
    if c.factors.is_empty() {
        return Err(RuleError::new(
            "7.5.4",
            format!("{id} has no factors to take into {name}"),
        ));
    }
    if w.forces.in_city(id) {
        return Err(RuleError::new(
            "7.5.4",
            format!("{id} is inside the city of {name} already"),
        ));
    }
    if !friendly_city(ctx, power, area) {
        return Err(RuleError::new(
            "7.5.4",
            format!(
                "{name} has no city held by {} or an ally (free of enemy garrisons) for {id} to go into",
                ctx.scenario.power_name(power)
            ),
        ));
    }
    if !enemy_corps(w, power, area).is_empty() {
        return Err(RuleError::new(
            "7.5.4",
            format!(
                "enemy corps stand in {name}: {id} would have to fight its way into the city (7.5.4.2.3)"
            ),
        ));
    }
    let left = room_left(ctx, area).unwrap_or(0);
    if c.factors.total() > left {
        return Err(RuleError::new(
            "7.5.4",
            format!(
                "the city of {name} has room for {left} more corps factor(s); {id} has {}",
                c.factors.total()
            ),
        ));
    }
    Ok(area)
}

/// The mover's corps that may go into the city where they stand (`enter CORPS`), in key order.
pub fn choices(ctx: &LCtx, power: PowerId) -> Vec<LandDecision> {
    super::movement::corps_of(ctx.world, power)
        .into_iter()
        .filter(|(id, _)| check(ctx, power, *id).is_ok())
        .map(|(corps, _)| LandDecision::Enter { corps })
        .collect()
}

/// Coalition's 7.5.4: the corps goes into the city where it stands, and moves no more this phase.
pub fn carry_out(cx: &mut LCx, power: PowerId, id: CorpsId) {
    let Ok(area) = check(&cx.ctx(), power, id) else {
        return;
    };
    cx.emit(LandEvent::Sheltered {
        power,
        corps: vec![id],
        area,
    });
    let reason = format!("{id} goes into the city of {}", area_name(&cx.ctx(), area));
    shelter(cx, &[id], "7.5.4", &reason);
}

/// The corps go inside the city of the area where they stand (world events only).
pub fn shelter(cx: &mut LCx, ids: &[CorpsId], rule: &str, reason: &str) {
    for id in ids {
        cx.push(WorldEvent::CorpsSheltered {
            corps: *id,
            inside: true,
            rule: rule.into(),
            reason: reason.into(),
        });
    }
}
