//! Rules 4.6.3.2 to 4.6.3.5: a free state's controller sets up its forces: the chart's strengths (4.6.3.3),
//! corps and garrisons within the minor (4.6.3.4), the fleet in one of its ports or a sea next to one
//! (4.6.3.5); and the default set-up (3.6).

use super::notation::location_text;
use super::{MinorDecision, MinorEvent, Placement, StepCtx, StepCx};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, MinorId, Nation, PowerId, SeaId};
use crate::political::name;
use crate::scenario::{CorpsKind, Factors, Location, Scenario};
use crate::world::{Corps, Fleet, WorldEvent};
use std::collections::BTreeMap;

/// The default set-up of a minor (3.6): every land factor in the capital (one corps if it has corps, else a
/// garrison); the fleet in the capital if it is a port, else in the first port, else the first adjacent sea.
pub(super) fn default_setup(scenario: &Scenario, m: MinorId) -> MinorDecision {
    let Some(def) = scenario.minor(m) else {
        return MinorDecision::SetUp {
            corps: vec![],
            garrisons: vec![],
            fleet: None,
        };
    };
    let all = Placement {
        area: def.capital,
        infantry: def.forces.infantry,
        cavalry: def.forces.cavalry,
    };
    let land = def.forces.infantry + def.forces.cavalry > 0;
    let (corps, garrisons) = match (land, def.corps > 0) {
        (false, _) => (vec![], vec![]),
        (true, true) => (vec![all], vec![]),
        (true, false) => (vec![], vec![all]),
    };
    let fleet = (def.forces.ships > 0)
        .then(|| fleet_places(scenario, m).into_iter().next())
        .flatten();
    MinorDecision::SetUp {
        corps,
        garrisons,
        fleet,
    }
}

/// Where a minor's fleet may be set up (4.6.3.5): its ports (the capital first) and the seas next to them.
pub(crate) fn fleet_places(scenario: &Scenario, m: MinorId) -> Vec<Location> {
    let Some(def) = scenario.minor(m) else {
        return Vec::new();
    };
    let mut ports: Vec<AreaId> = scenario
        .territory(Nation::Minor(m))
        .iter()
        .copied()
        .filter(|a| scenario.area(*a).is_some_and(|d| d.port))
        .collect();
    ports.sort_by_key(|a| (*a != def.capital, *a));
    let mut seas: Vec<SeaId> = Vec::new();
    for a in &ports {
        for s in scenario
            .area(*a)
            .map(|d| d.seas.clone())
            .unwrap_or_default()
        {
            if !seas.contains(&s) {
                seas.push(s);
            }
        }
    }
    ports
        .into_iter()
        .map(Location::Area)
        .chain(seas.into_iter().map(Location::Sea))
        .collect()
}
pub(super) fn check_setup(
    ctx: &StepCtx,
    m: MinorId,
    corps: &[Placement],
    garrisons: &[Placement],
    fleet: &Option<Location>,
) -> RuleResult<()> {
    let Some(def) = ctx.scenario.minor(m) else {
        return Err(RuleError::new(
            "3.4",
            format!("unknown minor country `{m}`"),
        ));
    };
    if corps.len() > def.corps as usize {
        return Err(RuleError::new(
            "4.6.3.4",
            format!(
                "{} has {} corps counter(s), not {}",
                def.name,
                def.corps,
                corps.len()
            ),
        ));
    }
    let territory = ctx.scenario.territory(Nation::Minor(m));
    let (mut inf, mut cav) = (0u32, 0u32);
    for (i, pl) in corps.iter().chain(garrisons).enumerate() {
        if !territory.contains(&pl.area) {
            return Err(RuleError::new(
                "4.6.3.4",
                format!("{} is not an area of {}", pl.area, def.name),
            ));
        }
        if i < corps.len() && pl.infantry == 0 && pl.cavalry == 0 {
            return Err(RuleError::new(
                "4.6.3.4",
                format!("a corps set up in {} needs at least one factor", pl.area),
            ));
        }
        // Saturating: a sent list may hold any number of placements (a transcript's, say), each of up to 65,535.
        inf = inf.saturating_add(pl.infantry as u32);
        cav = cav.saturating_add(pl.cavalry as u32);
    }
    if inf != def.forces.infantry as u32 || cav != def.forces.cavalry as u32 {
        return Err(RuleError::new(
            "4.6.3.3",
            format!(
                "{} sets up {} infantry and {} cavalry factors (chart), not {inf} and {cav}",
                def.name, def.forces.infantry, def.forces.cavalry
            ),
        ));
    }
    match (def.forces.ships > 0, fleet) {
        (false, None) => Ok(()),
        (false, Some(_)) => Err(RuleError::new(
            "4.6.3.5",
            format!("{} has no fleet", def.name),
        )),
        (true, None) => Err(RuleError::new(
            "4.6.3.5",
            format!(
                "{}'s fleet of {} ships must be set up in one of its ports or a sea next to one",
                def.name, def.forces.ships
            ),
        )),
        (true, Some(l)) => {
            if fleet_places(ctx.scenario, m).contains(l) {
                Ok(())
            } else {
                Err(RuleError::new(
                    "4.6.3.5",
                    format!(
                        "{} is not a port of {} nor a sea next to one",
                        location_text(l),
                        def.name
                    ),
                ))
            }
        }
    }
}

/// 4.6.3.3 to 4.6.3.5: puts the minor's forces on the map.
pub(super) fn set_up(
    cx: &mut StepCx,
    power: PowerId,
    m: MinorId,
    corps: &[Placement],
    garrisons: &[Placement],
    fleet: Option<Location>,
) {
    let sc = cx.scenario;
    let Some(def) = sc.minor(m) else {
        return;
    };
    let owner = Nation::Minor(m);
    let capacity = Factors {
        infantry: def.forces.infantry,
        cavalry: def.forces.cavalry,
        ..Default::default()
    };
    for (i, pl) in corps.iter().enumerate() {
        let Ok(id) = CorpsId::new(&format!("{m}-{}", i + 1)) else {
            continue;
        };
        cx.push(WorldEvent::CorpsCreated {
            corps: id,
            corps_def: Corps {
                owner,
                kind: CorpsKind::Infantry,
                capacity,
                factors: Factors {
                    infantry: pl.infantry,
                    cavalry: pl.cavalry,
                    ..Default::default()
                },
                location: Location::Area(pl.area),
            },
            rule: "4.6.3.4".into(),
            reason: format!("{} sets up a corps of {}", name(sc, power), def.name),
        });
    }
    let mut by_area: BTreeMap<AreaId, Factors> = BTreeMap::new();
    for pl in garrisons {
        let e = by_area.entry(pl.area).or_default();
        e.infantry = e.infantry.saturating_add(pl.infantry);
        e.cavalry = e.cavalry.saturating_add(pl.cavalry);
    }
    for (area, f) in by_area {
        if f.is_empty() {
            continue;
        }
        let now = cx
            .world()
            .forces
            .garrisons
            .get(&(area, owner))
            .copied()
            .unwrap_or_default();
        cx.push(WorldEvent::GarrisonChanged {
            area,
            owner,
            factors: now.plus(&f),
            rule: "4.6.3.4".into(),
            reason: format!("{} garrisons {}", name(sc, power), def.name),
        });
    }
    if let Some(l) = fleet
        && def.forces.ships > 0
        && let Ok(id) = FleetId::new(&format!("{m}-fleet"))
    {
        cx.push(WorldEvent::FleetCreated {
            fleet: id,
            fleet_def: Fleet {
                owner,
                ships: def.forces.ships,
                location: l,
                mix: None,
            },
            rule: "4.6.3.5".into(),
            reason: format!("{} sets up the fleet of {}", name(sc, power), def.name),
        });
    }
    cx.emit(MinorEvent::ForcesSetUp { minor: m, power });
}
