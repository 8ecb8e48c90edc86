//! Rule 4.8: the Free State Declaration Step. A power may declare any of its conquered minor countries that can
//! have corps a free state; its fleet is set up at its current strength, purchases begin at the next Economic
//! Phase, and the declaration is irreversible.

use super::name;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{FleetId, MinorId, Nation, PowerId};
use crate::scenario::{Location, MinorStatus};
use crate::world::{Ctx, Cx, Fleet, OneRound, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::convert::Infallible;

/// 4.8: the conquered minor countries this power declares free states (none: none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FreeStates {
    pub minors: Vec<MinorId>,
}

/// The Free State Declaration Step (4.8): an open round of every power with a conquered minor that can have
/// corps.
pub struct FreeStateDeclaration;

impl OneRound for FreeStateDeclaration {
    type Decision = FreeStates;
    const SEALED: bool = false;

    fn owing(ctx: &Ctx) -> Vec<PowerId> {
        owing(ctx)
    }

    fn options(ctx: &Ctx, power: PowerId) -> Vec<FreeStates> {
        choices(ctx, power)
    }

    /// Default (3.6): none.
    fn fallback(_ctx: &Ctx, _power: PowerId) -> FreeStates {
        FreeStates::default()
    }

    fn verify(ctx: &Ctx, power: PowerId, d: &FreeStates) -> RuleResult<()> {
        check(ctx, power, &d.minors)
    }

    fn carry_out(cx: &mut Cx<(), Infallible>, decisions: &BTreeMap<PowerId, FreeStates>) {
        let events = resolve(&cx.ctx(), decisions);
        cx.push_all(events);
    }
}

/// The conquered minors `power` could declare free states now.
fn eligible(ctx: &Ctx, power: PowerId) -> Vec<MinorId> {
    ctx.world
        .minors
        .iter()
        .filter(|(id, m)| m.controller == Some(power) && check_minor(ctx, power, **id).is_ok())
        .map(|(id, _)| *id)
        .collect()
}

/// Powers with a conquered minor that can have corps.
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    ctx.world
        .powers_in_game()
        .into_iter()
        .filter(|p| !eligible(ctx, *p).is_empty())
        .collect()
}

/// None, or each eligible minor (several may be named together).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<FreeStates> {
    let mut v = vec![FreeStates::default()];
    v.extend(
        eligible(ctx, power)
            .into_iter()
            .map(|m| FreeStates { minors: vec![m] }),
    );
    v
}

fn check_minor(ctx: &Ctx, power: PowerId, m: MinorId) -> RuleResult<()> {
    let Some(def) = ctx.scenario.minor(m) else {
        return Err(RuleError::new(
            "3.4",
            format!("unknown minor country `{m}`"),
        ));
    };
    let st = &ctx.world.minors[&m];
    if st.controller != Some(power) {
        return Err(RuleError::new(
            "4.8",
            format!(
                "{} does not control {}",
                name(ctx.scenario, power),
                def.name
            ),
        ));
    }
    match st.status {
        MinorStatus::FreeState => {
            return Err(RuleError::new(
                "4.8",
                format!(
                    "{} is already a free state{}; the declaration cannot be repeated or undone",
                    def.name,
                    st.free_state_since
                        .map(|d| format!(" (since {d})"))
                        .unwrap_or_default()
                ),
            ));
        }
        MinorStatus::Neutral => {
            return Err(RuleError::new("4.8", format!("{} is neutral", def.name)));
        }
        MinorStatus::Conquered => {}
    }
    if def.corps == 0 {
        return Err(RuleError::new(
            "4.8",
            format!(
                "{} cannot have corps, so it cannot become a free state",
                def.name
            ),
        ));
    }
    Ok(())
}

/// Each named minor must be a conquered minor of `power` that can have corps.
pub fn check(ctx: &Ctx, power: PowerId, minors: &[MinorId]) -> RuleResult<()> {
    super::distinct(minors)?;
    for m in minors {
        check_minor(ctx, power, *m)?;
    }
    Ok(())
}

/// Declares the free states, each with its fleet set up (4.8).
fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, FreeStates>) -> Vec<WorldEvent> {
    let mut ev = Vec::new();
    for (p, d) in decisions {
        {
            for m in &d.minors {
                ev.push(WorldEvent::FreeStateDeclared {
                    minor: *m,
                    by: *p,
                    date: ctx.world.date(),
                });
                ev.extend(fleet_set_up(ctx, *p, *m));
            }
        }
    }
    ev
}

/// 4.8: a new free state's fleet, if it has one, is set up at its current strength: the ships of its own fleet
/// counter when it still has some, else (its forces removed when it was conquered) the Minor Countries Chart's
/// strength (4.6.3.3). Coalition sets it up in the first of the minor's ports that `power` holds, its capital
/// first (`docs/rules/peace.md`); with no such port it is not set up.
fn fleet_set_up(ctx: &Ctx, power: PowerId, m: MinorId) -> Option<WorldEvent> {
    let def = ctx.scenario.minor(m)?;
    if def.forces.ships == 0 {
        return None;
    }
    let me = Nation::Minor(m);
    let fleets = &ctx.world.forces.fleets;
    if fleets
        .values()
        .any(|f| f.owner == me && f.ships > 0 && f.location != Location::OffMap)
    {
        return None;
    }
    let port = super::minors::fleet_places(ctx.scenario, m)
        .into_iter()
        .find_map(|l| match l {
            Location::Area(a) if ctx.world.area_power(ctx.scenario, a) == Some(power) => Some(a),
            _ => None,
        })?;
    let held = fleets
        .iter()
        .find(|(_, f)| f.owner == me && f.ships > 0)
        .map(|(id, f)| (*id, f.ships));
    let (rule, reason) = (
        "4.8".to_string(),
        format!(
            "{} sets up the fleet of {}, now a free state",
            name(ctx.scenario, power),
            def.name
        ),
    );
    match held {
        Some((fleet, ships)) => Some(WorldEvent::FleetChanged {
            fleet,
            ships,
            location: Location::Area(port),
            rule,
            reason,
        }),
        None => {
            let fleet = fleets
                .iter()
                .find(|(_, f)| f.owner == me)
                .map(|(id, _)| *id)
                .or_else(|| FleetId::new(&format!("{m}-fleet")).ok())?;
            let fleet_def = Fleet {
                owner: me,
                ships: def.forces.ships,
                location: Location::Area(port),
                mix: None,
            };
            Some(if fleets.contains_key(&fleet) {
                WorldEvent::FleetChanged {
                    fleet,
                    ships: fleet_def.ships,
                    location: fleet_def.location,
                    rule,
                    reason,
                }
            } else {
                WorldEvent::FleetCreated {
                    fleet,
                    fleet_def,
                    rule,
                    reason,
                }
            })
        }
    }
}
