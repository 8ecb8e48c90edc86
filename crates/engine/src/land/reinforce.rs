//! Coalition's 7.5.2 in the Land Phase (`docs/rules/land.md` 7.5): with a day's chit a side may send corps from
//! next areas to the battle. Each corps sent must fight for the deciding power (its own or a free state's), stand
//! in an area next to the battle's by land, with no enemy corps there, and not be in the battle already (a corps
//! sent once and not arrived is not sent again to the same battle); a trivial combat takes none. The corps sent
//! from one area form one stack, led by the best of the power's leaders there (strategic, then tactical); the
//! battle layer rolls for them before rounds 2 and 3 of the day (`docs/rules/combat.md` 7.5.2). Those that join
//! move into the battle's area with their stack's leader at the end of the day; the others stay where they are.

use super::movement::{leaders_in, own_corps_in};
use super::setup::{Battle, Coming, battle_corps, battle_leader, fighting_power};
use super::{LCtx, LCx};
use crate::battle::{BattleLeader, Reinforcing, Setup};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, Key, LeaderId, PowerId};
use crate::scenario::combat::Role;
use crate::scenario::{LeaderStatus, Location};
use crate::world::WorldEvent;
use crate::world::geography::{area_name, enemy_corps};
use std::collections::BTreeMap;

/// The areas next to the battle's by land (every link of its area).
fn next_areas(ctx: &LCtx, area: AreaId) -> Vec<AreaId> {
    ctx.scenario
        .area(area)
        .map(|a| a.links.iter().map(|l| l.to).collect())
        .unwrap_or_default()
}

/// Whether the battle takes reinforcements: a field combat (not trivial, 7.5.3) not yet over.
fn open_to(b: &Battle) -> bool {
    b.field
        .as_ref()
        .is_some_and(|f| f.trivial().is_none() && !f.is_over())
}

/// The corps `power` may send to the battle `b` from next areas, in area then key order.
pub(super) fn eligible(ctx: &LCtx, b: &Battle, power: PowerId) -> Vec<CorpsId> {
    if !open_to(b) {
        return Vec::new();
    }
    let w = ctx.world;
    next_areas(ctx, b.area)
        .into_iter()
        .filter(|a| enemy_corps(w, power, *a).is_empty())
        .flat_map(|a| own_corps_in(w, power, a))
        .filter(|id| {
            fighting_power(w, *id) == Some(power)
                && !b.attacking.contains(id)
                && !b.defending.contains(id)
        })
        .collect()
}

/// Coalition's 7.5.2: checks the corps `power` sends with its chit.
pub(super) fn check(ctx: &LCtx, b: &Battle, power: PowerId, ids: &[CorpsId]) -> RuleResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    if !open_to(b) {
        return Err(RuleError::new(
            "7.5.3",
            "a trivial combat is fought in one go: no corps may join it from next areas",
        ));
    }
    let ok = eligible(ctx, b, power);
    for id in ids {
        if ok.contains(id) {
            continue;
        }
        let w = ctx.world;
        let why = match w.forces.corps.get(id) {
            None => "there is no such corps".to_string(),
            Some(_) if fighting_power(w, *id) != Some(power) => {
                format!("it does not fight for {}", ctx.scenario.power_name(power))
            }
            Some(_) if b.attacking.contains(id) || b.defending.contains(id) => {
                "it is in this battle already (a corps sent once is not sent again)".to_string()
            }
            Some(c) => match c.location {
                Location::Area(a) if next_areas(ctx, b.area).contains(&a) => format!(
                    "it is engaged itself: enemy corps stand at {}",
                    area_name(ctx, a)
                ),
                _ => format!(
                    "it does not stand in an area next to {}",
                    area_name(ctx, b.area)
                ),
            },
        };
        return Err(RuleError::new(
            "7.5.2",
            format!(
                "{id} cannot join the battle at {}: {why}",
                area_name(ctx, b.area)
            ),
        ));
    }
    Ok(())
}

/// The corps' area (none off the map).
fn area_of(ctx: &LCtx, id: CorpsId) -> Option<AreaId> {
    match ctx.world.forces.corps.get(&id)?.location {
        Location::Area(a) => Some(a),
        _ => None,
    }
}

/// The leader of the stack `power` sends from `from`: its best leader there (strategic, then tactical, then key
/// order), with its ratings for a battle at `battle`.
fn stack_leader(
    ctx: &LCtx,
    power: PowerId,
    from: AreaId,
    battle: AreaId,
) -> Option<(LeaderId, BattleLeader)> {
    leaders_in(ctx.world, power, from)
        .into_iter()
        .filter_map(|id| Some((id, battle_leader(ctx, battle, id)?)))
        .min_by_key(|(id, l)| (std::cmp::Reverse((l.strategic, l.tactical)), *id))
}

/// The corps `ids` that `power` sends, as the battle layer reads them, grouped into stacks by the area they come
/// from (in area order).
pub(super) fn coming(ctx: &LCtx, b: &Battle, power: PowerId, ids: &[CorpsId]) -> Coming {
    let mut by_area: BTreeMap<AreaId, Vec<CorpsId>> = BTreeMap::new();
    for id in ids {
        if let Some(a) = area_of(ctx, *id) {
            by_area.entry(a).or_default().push(*id);
        }
    }
    let mut out = Coming::default();
    for (g, (from, corps)) in by_area.into_iter().enumerate() {
        out.stacks.push(Reinforcing {
            from: area_name(ctx, from),
            leader: stack_leader(ctx, power, from, b.area).map(|(_, l)| l),
        });
        for id in corps {
            if let Some(mut c) = battle_corps(ctx, id) {
                c.reinforcing = Some(g as u8);
                out.corps.push(c);
            }
        }
    }
    out
}

/// Coalition's 7.5.2: the corps of side `role` in the day's setup `s` that joined the battle move into its area,
/// each stack's leader with them (while the leader is still where the stack came from).
pub(super) fn arrivals(cx: &mut LCx, b: &Battle, s: &Setup, joined: &[(Role, Vec<usize>)]) {
    let place = area_name(&cx.ctx(), b.area);
    for (role, idx) in joined {
        let power = match role {
            Role::Attacker => Some(b.attacker),
            Role::Defender => b.defender,
        };
        let side = s.side(*role);
        let mut leaders: Vec<LeaderId> = Vec::new();
        for i in idx {
            let Some(c) = side.corps.get(*i) else {
                continue;
            };
            let Some(id) = Key::new(&c.name).ok().map(CorpsId) else {
                continue;
            };
            let ctx = cx.ctx();
            let Some(from) = area_of(&ctx, id) else {
                continue;
            };
            if from == b.area {
                continue;
            }
            if let Some(p) = power
                && let Some((l, _)) = stack_leader(&ctx, p, from, b.area)
                && side
                    .reinforcements
                    .get(c.reinforcing.unwrap_or(0) as usize)
                    .is_some_and(|r| r.leader.is_some())
                && !leaders.contains(&l)
            {
                leaders.push(l);
            }
            let factors = ctx.world.forces.corps[&id].factors;
            let from_name = area_name(&ctx, from);
            cx.push(WorldEvent::CorpsChanged {
                corps: id,
                factors,
                location: Location::Area(b.area),
                rule: "7.5.2".into(),
                reason: format!("{id} joins the battle at {place} from {from_name}"),
            });
        }
        for l in leaders {
            cx.push(WorldEvent::LeaderChanged {
                leader: l,
                status: LeaderStatus::Active,
                location: Location::Area(b.area),
                rule: "7.5.2".into(),
                reason: format!("leads the corps that join the battle at {place}"),
            });
        }
    }
}
