//! Coalition's 6.3.20 (`docs/rules/naval-1853.md`): in a scenario with ship kinds, the Expenditure Step buys ships
//! by kind in a home port (at the kind's price, less the hulk discount for those built from hulks; an ironclad
//! only with the `ironclads` technology) and port guns (6.3.18, mounted at once); the ships are launched in their
//! port at the Collection Step of the first Economic Phase on or after their month, joining the power's first fleet
//! there (by key) or forming a new one.

use super::{Ctx, Cx, Spending};
use super::{due, home_ports};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::Location;
use crate::scenario::ships::Ability;
use crate::world::navy::{ShipBuild, has_technology, new_fleet_id};
use crate::world::{Fleet, WorldEvent, name};
use std::collections::BTreeMap;

/// 6.3.20: what the list's ships and guns cost: money and manpower.
pub fn cost(ctx: &Ctx, s: &Spending) -> (i64, i64) {
    let Some(sh) = ctx.scenario.ships.as_ref() else {
        return (0, 0);
    };
    let (mut money, mut manpower) = (0i64, 0i64);
    for o in &s.ships {
        let d = sh.kind(o.kind);
        money += d.money as i64 * o.count as i64 - sh.hulk_discount as i64 * o.hulks as i64;
        manpower += d.manpower as i64 * o.count as i64;
    }
    for g in &s.guns {
        money += sh.port_guns.money as i64 * g.count as i64;
    }
    (money, manpower)
}

fn port_name(ctx: &Ctx, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map_or(a.to_string(), |d| d.name.clone())
}

/// 6.3.20: each order names a home port of the power, a kind it may build (ironclads with the technology), hulks
/// it has for kinds built from them; guns stay within a port's most.
pub fn check(ctx: &Ctx, power: PowerId, s: &Spending) -> RuleResult<()> {
    if s.ships.is_empty() && s.guns.is_empty() {
        return Ok(());
    }
    let Some(sh) = ctx.scenario.ships.as_ref() else {
        return Err(RuleError::new(
            "6.3.20",
            "this scenario has one kind of ship (no `naval_era`): buy `ships` with `buy`",
        ));
    };
    let ports = home_ports(ctx, power);
    let who = name(ctx.scenario, power);
    let not_home = |a: AreaId| {
        RuleError::new(
            "6.3.20",
            format!("{} is not a home port {who} holds", port_name(ctx, a)),
        )
    };
    let mut hulks = 0u32;
    for o in &s.ships {
        let d = sh.kind(o.kind);
        if !ports.contains(&o.port) {
            return Err(not_home(o.port));
        }
        if o.count == 0 || o.hulks > o.count {
            return Err(RuleError::new(
                "6.3.20",
                "an order builds at least one ship, and no more of them from hulks than it builds",
            ));
        }
        if d.has(Ability::NeedsTechnology) && !has_technology(ctx.world, power, &sh.technology) {
            return Err(RuleError::new(
                "6.3.20",
                format!(
                    "{who} may build {}s only with the {} technology",
                    o.kind.key(),
                    sh.technology
                ),
            ));
        }
        if o.hulks > 0 && !d.has(Ability::FromHulk) {
            return Err(RuleError::new(
                "6.3.20",
                format!("a {} is not built from a hulk", o.kind.key()),
            ));
        }
        hulks += o.hulks as u32;
    }
    let have = ctx.world.navy.hulks.get(&power).copied().unwrap_or(0) as u32;
    if hulks > have {
        return Err(RuleError::new(
            "6.3.20",
            format!("{who} has {have} hulk(s), not {hulks}"),
        ));
    }
    let mut guns: BTreeMap<AreaId, u32> = BTreeMap::new();
    for g in &s.guns {
        if !ports.contains(&g.port) {
            return Err(not_home(g.port));
        }
        *guns.entry(g.port).or_default() += g.count;
    }
    for (port, n) in guns {
        let now = ctx.world.navy.port_guns.get(&port).copied().unwrap_or(0);
        if now + n > sh.port_guns.most {
            return Err(RuleError::new(
                "6.3.18",
                format!(
                    "{} holds at most {} port guns; it has {now}",
                    port_name(ctx, port),
                    sh.port_guns.most
                ),
            ));
        }
    }
    Ok(())
}

/// 6.3.20: lists of one order each: one ship of each kind and one gun, at each home port.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Spending> {
    if ctx.scenario.ships.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for port in home_ports(ctx, power) {
        for kind in crate::scenario::ShipKind::ALL {
            out.push(Spending {
                ships: vec![super::ShipOrder {
                    kind,
                    count: 1,
                    port,
                    hulks: 0,
                }],
                ..Spending::default()
            });
        }
        out.push(Spending {
            guns: vec![super::GunOrder { port, count: 1 }],
            ..Spending::default()
        });
    }
    out
}

/// 6.3.20: the events of the list's ships and guns: paid at once, hulks used, ships laid down, guns mounted.
pub fn events(ctx: &Ctx, power: PowerId, s: &Spending) -> Vec<WorldEvent> {
    let mut out = Vec::new();
    let Some(sh) = ctx.scenario.ships.as_ref() else {
        return out;
    };
    if s.ships.is_empty() && s.guns.is_empty() {
        return out;
    }
    let (money, manpower) = cost(ctx, s);
    out.push(WorldEvent::TreasuryChanged {
        power,
        money: -(money as i32),
        manpower: -(manpower as i32),
        rule: "6.3.20".into(),
        reason: "ships by kind and port guns bought".into(),
        income: None,
    });
    let hulks: u16 = s.ships.iter().map(|o| o.hulks).sum();
    if hulks > 0 {
        let have = ctx.world.navy.hulks.get(&power).copied().unwrap_or(0);
        out.push(WorldEvent::HulksChanged {
            power,
            hulks: have - hulks,
            rule: "6.3.20".into(),
            reason: format!("{hulks} hulk(s) rebuilt"),
        });
    }
    for o in &s.ships {
        out.push(WorldEvent::ShipsBuilt {
            build: ShipBuild {
                owner: power,
                kind: o.kind,
                count: o.count,
                port: o.port,
                due: due(ctx, sh.kind(o.kind).delay as u32),
            },
            launched: false,
            rule: "6.3.20".into(),
            reason: "bought in the Expenditure Step".into(),
        });
    }
    let mut guns: BTreeMap<AreaId, u32> = BTreeMap::new();
    for g in &s.guns {
        *guns.entry(g.port).or_default() += g.count;
    }
    for (port, n) in guns {
        let now = ctx.world.navy.port_guns.get(&port).copied().unwrap_or(0);
        out.push(WorldEvent::PortGunsChanged {
            area: port,
            guns: now + n,
            rule: "6.3.18".into(),
            reason: format!("{n} gun(s) bought"),
        });
    }
    out
}

/// 6.3.20: the ships due by now are launched in their port: joining their power's first fleet there (by key), or
/// forming a new one; a port its power no longer holds launches nothing (they wait).
pub fn launch(cx: &mut Cx) {
    let now = cx.world().date();
    let due: Vec<ShipBuild> = cx
        .world()
        .navy
        .building
        .iter()
        .filter(|b| b.due <= now)
        .filter(|b| cx.world().area_power(cx.scenario, b.port) == Some(b.owner))
        .cloned()
        .collect();
    for b in due {
        let owner = Nation::Power(b.owner);
        let here = Location::Area(b.port);
        let fleet = cx
            .world()
            .forces
            .fleets
            .iter()
            .find(|(_, f)| f.owner == owner && f.location == here)
            .map(|(id, f)| (*id, f.kinds()));
        let reason = format!("{} {} launched", b.count, b.kind.key());
        cx.push(WorldEvent::ShipsBuilt {
            build: b.clone(),
            launched: true,
            rule: "6.3.20".into(),
            reason: reason.clone(),
        });
        match fleet {
            Some((id, mut mix)) => {
                *mix.entry(b.kind).or_default() += b.count;
                cx.push(WorldEvent::FleetMixChanged {
                    fleet: id,
                    mix,
                    rule: "6.3.20".into(),
                    reason,
                });
            }
            None => {
                let Some(id) = new_fleet_id(cx.world(), owner) else {
                    continue;
                };
                cx.push(WorldEvent::FleetCreated {
                    fleet: id,
                    fleet_def: Fleet {
                        owner,
                        ships: b.count,
                        location: here,
                        mix: Some(BTreeMap::from([(b.kind, b.count)])),
                    },
                    rule: "6.3.20".into(),
                    reason,
                });
            }
        }
    }
}
