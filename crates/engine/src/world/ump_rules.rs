//! Rule 14.3.2 (`000_…`): the restrictions on UMPs that every phase reads — for every controlled UMP
//! (14.3.2.1.1 to 14.3.2.1.8), for active ones (14.3.2.2, the loss record of 14.3.2.2.1, the forced call of
//! 14.3.2.2.2) and inactive ones (14.3.2.3 to 14.3.2.3.3), and 14.3.1.3.3's forced surrender. Queries of the world
//! only; the events that follow from them (reversions, the UMP Control Step) live in the `umps` phase.
//! Coalition's reading is in `docs/rules/umps-rules.md`.

use super::umps::{controller_of, is_ump, status_of};
use super::{LossCause, LossRecord, UmpStatus, World, WorldEvent, name};
use crate::kernel::calendar::Date;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
pub use crate::scenario::{BattlePoints, ForceShare};
use crate::scenario::{Location, Scenario};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.2.1: the loss record.

/// 14.3.2.2.1: an UMP's losses counted since it last became active: land factors (the excepted kinds left out),
/// ships, and the equivalent land factors (a ship counting the chart's three).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LossTally {
    pub land_factors: u32,
    pub ships: u32,
    pub equivalent: u32,
}

/// 14.3.2.2.1: the losses of `ump` counted since it last became active.
pub fn loss_tally(scenario: &Scenario, state: &World, ump: PowerId) -> LossTally {
    let from = state
        .ump_records
        .losses_from
        .get(&ump)
        .copied()
        .unwrap_or(0);
    let me = Nation::Power(ump);
    let mut t = LossTally::default();
    for l in state.records.losses.iter().skip(from) {
        if l.nation == me {
            t.land_factors = t
                .land_factors
                .saturating_add(l.land_factors.saturating_sub(l.excluded_factors));
            t.ships = t.ships.saturating_add(l.ships);
        }
    }
    t.equivalent = t.land_factors.saturating_add(
        t.ships
            .saturating_mul(scenario.charts.ump_rules.ship_land_equivalent),
    );
    t
}

/// 14.3.2.2.1: the equivalent land factors at which an active UMP reverts to inactive: twice its original
/// national manpower value (Spain: 16, so 32).
pub fn reversion_threshold(scenario: &Scenario, ump: PowerId) -> u32 {
    scenario
        .power(ump)
        .map_or(0, |d| d.national_manpower)
        .saturating_mul(scenario.charts.ump_rules.reversion_manpower_multiple)
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.3: political points.

/// The power whose marker on the Political Status Display stands for `power`: its controller for a controlled
/// UMP (14.3.2.1.3: UMPs are not on the display), else itself.
pub fn display_power(state: &World, power: PowerId) -> PowerId {
    controller_of(state, power).unwrap_or(power)
}

/// 14.3.2.1.3: a political points change of a controlled UMP is gained or lost by its controller instead.
/// Every other event is returned unchanged. (`Game::emit` passes every event through here.)
pub fn to_controller(state: &World, e: WorldEvent) -> WorldEvent {
    match e {
        WorldEvent::PointsChanged {
            power,
            delta,
            rule,
            reason,
        } if is_ump(state, power) && controller_of(state, power).is_some() => {
            let c = display_power(state, power);
            WorldEvent::PointsChanged {
                power: c,
                delta,
                rule,
                reason: format!("{reason} (by its UMP {power}; 14.3.2.1.3)"),
            }
        }
        e => e,
    }
}

/// 14.3.2.1.3: the political points each displayed power gains or loses for a battle: each UMP's points go to
/// its controller, and a power's total with its UMPs is held within the chart's cap (3) unless Napoleon or
/// Nelson commanded. Returns (power, points, explanation), in key order.
pub fn battle_points(
    scenario: &Scenario,
    state: &World,
    sides: &[BattlePoints],
    napoleon_or_nelson: bool,
) -> Vec<(PowerId, i32, String)> {
    let cap = scenario.charts.ump_rules.battle_points_cap;
    let mut by: BTreeMap<PowerId, Vec<&BattlePoints>> = BTreeMap::new();
    for s in sides {
        by.entry(display_power(state, s.power)).or_default().push(s);
    }
    by.into_iter()
        .map(|(p, v)| {
            let total = v.iter().fold(0i32, |t, s| t.saturating_add(s.delta));
            let parts: Vec<String> = v
                .iter()
                .map(|s| format!("{} {:+}", name(scenario, s.power), s.delta))
                .collect();
            let with_ump = v.iter().any(|s| s.power != p);
            let (pts, note) =
                if with_ump && !napoleon_or_nelson && i64::from(total).abs() > i64::from(cap) {
                    (
                        total.clamp(-cap, cap),
                        format!(", held to {:+} (14.3.2.1.3)", total.clamp(-cap, cap)),
                    )
                } else if with_ump && napoleon_or_nelson {
                    (total, " (Napoleon or Nelson commanded: no cap)".to_string())
                } else {
                    (total, String::new())
                };
            (
                p,
                pts,
                format!("battle: {} = {:+}{note}", parts.join(", "), total),
            )
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.1, 14.3.2.2, 14.3.2.3.1, 14.3.2.4: declarations of war.

/// Whether `power` may declare war on `target` as far as the UMP rules go: not between an UMP and its controller
/// (14.3.2.1.1, 14.3.2.2), never by an inactive UMP (14.3.2.3.1), never by a neutral one (14.3.2.4: neutral UMPs
/// are at peace with all major powers).
pub fn check_declaration(
    ctx: &crate::world::Ctx,
    power: PowerId,
    target: Nation,
) -> RuleResult<()> {
    let me = name(ctx.scenario, power);
    match status_of(ctx.world, power) {
        Some(UmpStatus::Inactive) => {
            return Err(RuleError::new(
                "14.3.2.3.1",
                format!(
                    "{me} is an inactive UMP: it may not declare war on any major power or neutral minor"
                ),
            ));
        }
        Some(UmpStatus::Neutral) => {
            return Err(RuleError::new(
                "14.3.2.4",
                format!(
                    "{me} is a neutral UMP, at peace with all major powers: it declares no war"
                ),
            ));
        }
        _ => {}
    }
    if let Nation::Power(q) = target {
        if controller_of(ctx.world, q) == Some(power) {
            return Err(RuleError::new(
                "14.3.2.1.1",
                format!(
                    "{me} controls the UMP {} and may not declare war on it",
                    name(ctx.scenario, q)
                ),
            ));
        }
        if controller_of(ctx.world, power) == Some(q) {
            return Err(RuleError::new(
                "14.3.2.2",
                format!(
                    "{me} is an UMP controlled by {}: it may declare war on any major power except its controller (14.3.2.1.1)",
                    name(ctx.scenario, q)
                ),
            ));
        }
    }
    Ok(())
}

/// 14.3.2.2: when an UMP and its controller both declare war on the same power in the same step, only one set
/// of points is lost, the higher. The declaring powers' lists are `declared`; returns whether `power`'s points
/// for declaring on `target` are the set not paid (both sets come from the same chart entry for the same target,
/// so they are equal and the UMP's is the one dropped).
pub fn declaration_points_shared(
    state: &World,
    power: PowerId,
    target: Nation,
    declared: &BTreeMap<PowerId, Vec<Nation>>,
) -> bool {
    // "the same major power": a minor country declared on by both costs both their sets.
    target.power().is_some()
        && controller_of(state, power)
            .is_some_and(|c| declared.get(&c).is_some_and(|l| l.contains(&target)))
}

/// 14.3.2.2 for a declaration made later in the same Political Phase (an answer to a call): whether `power`'s
/// partner (its controller if it is an UMP, or an UMP it controls) has already declared war on the major power
/// `target` this phase, so that `power`'s set of points is not lost again (the two sets are equal: the same
/// chart entry for the same target).
pub fn declared_by_partner_this_phase(state: &World, power: PowerId, target: PowerId) -> bool {
    let partners: Vec<PowerId> = controller_of(state, power)
        .into_iter()
        .chain(
            state
                .umps
                .iter()
                .filter(|(_, u)| u.controller == Some(power))
                .map(|(u, _)| *u),
        )
        .collect();
    let t = Nation::Power(target);
    state.relations.wars.iter().any(|w| {
        w.ended.is_none()
            && w.since == state.date()
            && partners.iter().any(|p| {
                let p = Nation::Power(*p);
                (w.aggressor == p && w.defender == t)
                    || (w.cause == super::WarCause::Mutual && w.aggressor == t && w.defender == p)
            })
    })
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.5: alliances.

/// 14.3.2.1.5: if one of `a` and `b` is an UMP the other controls, the controller (which alone gains one point
/// for the alliance).
pub fn own_ump_alliance(state: &World, a: PowerId, b: PowerId) -> Option<PowerId> {
    if controller_of(state, a) == Some(b) {
        Some(b)
    } else if controller_of(state, b) == Some(a) {
        Some(a)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.4, 14.3.2.4.3: minor control.

/// 14.3.2.4.3: a neutral UMP may not attempt to gain control of minor neutrals; any other power may, as far as
/// the UMP rules go (14.3.2.1.4: a controlled UMP uses its controller's status modifier, `display_power`).
pub fn may_attempt_minor_control(state: &World, power: PowerId) -> bool {
    status_of(state, power) != Some(UmpStatus::Neutral)
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.2.2, 14.3.2.3.3: the forced call.

/// 14.3.2.2.2 and 14.3.2.3.3: the calls an active or inactive UMP, allied to its controller and declared war on,
/// must make: its controller against each power that declared war on it (if the call is possible).
/// `callable` says whether a call is possible now (4.3).
pub fn forced_calls(
    state: &World,
    caller: PowerId,
    caller_aggressor: bool,
    enemies: &[PowerId],
    callable: impl Fn(PowerId, PowerId) -> bool,
) -> Vec<(PowerId, PowerId)> {
    let Some(c) = controller_of(state, caller) else {
        return Vec::new();
    };
    if caller_aggressor
        || !matches!(
            status_of(state, caller),
            Some(UmpStatus::Active | UmpStatus::Inactive)
        )
        || !state.allied(caller, c)
    {
        return Vec::new();
    }
    enemies
        .iter()
        .map(|e| (c, *e))
        .filter(|(ally, against)| callable(*ally, *against))
        .collect()
}

/// The clause of the forced call for `ump`'s status.
pub fn forced_call_rule(state: &World, ump: PowerId) -> &'static str {
    if status_of(state, ump) == Some(UmpStatus::Inactive) {
        "14.3.2.3.3"
    } else {
        "14.3.2.2.2"
    }
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.3, 14.3.2.3.1: inactive UMPs.

/// The UMP's territory: its home nation's areas and every area it controls.
pub fn territory(scenario: &Scenario, state: &World, ump: PowerId) -> BTreeSet<AreaId> {
    let mut t: BTreeSet<AreaId> = scenario
        .territory(Nation::Power(ump))
        .iter()
        .copied()
        .collect();
    for a in &scenario.map.areas {
        if state.area_power(scenario, a.id) == Some(ump) {
            t.insert(a.id);
        }
    }
    t
}

/// Whether `power` has land forces (corps with factors, garrisons) in `ump`'s territory.
pub fn forces_in_territory(
    scenario: &Scenario,
    state: &World,
    power: PowerId,
    ump: PowerId,
) -> bool {
    let t = territory(scenario, state, ump);
    let me = Nation::Power(power);
    state.forces.corps.values().any(|c| {
        c.owner == me
            && !c.factors.is_empty()
            && matches!(c.location, Location::Area(a) if t.contains(&a))
    }) || state
        .forces
        .garrisons
        .iter()
        .any(|((a, o), f)| *o == me && !f.is_empty() && t.contains(a))
}

/// 14.3.2.3: a power at war with an inactive UMP, with no forces in the UMP's territory, may force an informal
/// peace on it in the Peace Step (its proposal of informal peace needs no answer).
pub fn may_force_informal_peace(
    scenario: &Scenario,
    state: &World,
    power: PowerId,
    ump: PowerId,
) -> bool {
    status_of(state, ump) == Some(UmpStatus::Inactive)
        && state.at_war(Nation::Power(power), Nation::Power(ump))
        && !forces_in_territory(scenario, state, power, ump)
}

/// 14.3.2.3.1: whether the land forces of `ump` may attack or besiege in `area` (the movement rules to come ask
/// this before a land force ends its movement where 7.3.7 would require an attack): an inactive UMP may not
/// attack or besiege a major power's forces outside its controlled territory; its fleets are not restricted.
pub fn may_attack_at(ctx: &crate::world::Ctx, ump: PowerId, area: AreaId) -> RuleResult<()> {
    if status_of(ctx.world, ump) != Some(UmpStatus::Inactive) {
        return Ok(());
    }
    if ctx.world.area_power(ctx.scenario, area) == Some(ump) {
        return Ok(());
    }
    let an = ctx
        .scenario
        .area(area)
        .map_or(area.to_string(), |a| a.name.clone());
    Err(RuleError::new(
        "14.3.2.3.1",
        format!(
            "{} is an inactive UMP: its land forces may not attack or besiege in {an}, outside its controlled territory",
            name(ctx.scenario, ump)
        ),
    ))
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.2: money and territory.

/// 14.3.2.1.2: an UMP may not give or lend money to another power (the Economic Phase asks this).
pub fn may_give_money(state: &World, power: PowerId) -> RuleResult<()> {
    if is_ump(state, power) {
        return Err(RuleError::new(
            "14.3.2.1.2",
            format!("{power} is an UMP: it may not give or lend money to another major power"),
        ));
    }
    Ok(())
}

/// 14.3.2.1.2: an UMP cedes territory to another major power only as a term of a formal (conditional or
/// unconditional) peace. `formal_peace` says whether the cession is one.
pub fn may_cede(state: &World, power: PowerId, formal_peace: bool) -> RuleResult<()> {
    if is_ump(state, power) && !formal_peace {
        return Err(RuleError::new(
            "14.3.2.1.2",
            format!(
                "{power} is an UMP: it cedes territory only as a result of a formal (conditional or unconditional) peace"
            ),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.6, 14.3.2.1.8: losses.

/// 14.3.2.1.8: an UMP scuttles its fleets or demobilizes its army factors only when a rule forces it
/// (`forced_by` names that rule). Other causes of loss, and other nations, are not restricted here.
pub fn may_lose(
    state: &World,
    nation: Nation,
    cause: LossCause,
    forced_by: Option<&str>,
) -> RuleResult<()> {
    let Nation::Power(p) = nation else {
        return Ok(());
    };
    if !is_ump(state, p) || forced_by.is_some_and(|r| !r.is_empty()) {
        return Ok(());
    }
    match cause {
        LossCause::Scuttling => Err(RuleError::new(
            "14.3.2.1.8",
            format!(
                "{p} is an UMP: its fleets may not be scuttled voluntarily (5.1.4's restrictions); name the rule that forces it"
            ),
        )),
        LossCause::Demobilization => Err(RuleError::new(
            "14.3.2.1.8",
            format!(
                "{p} is an UMP: its army factors may be demobilized only when a rule forces it; name that rule"
            ),
        )),
        _ => Ok(()),
    }
}

/// 14.3.2.1.6: the most land factors an UMP with `share` of a force of `total` factors may lose of `losses`:
/// its percentage of the force, rounded down.
pub fn max_share_of_losses(total: u32, share: u32, losses: u32) -> u32 {
    if total == 0 {
        0
    } else {
        (losses as u64 * share as u64 / total as u64) as u32
    }
}

/// 14.3.2.1.6: checks a mixed force's combat losses: no UMP takes more than its percentage of the force.
pub fn check_mixed_losses(
    scenario: &Scenario,
    state: &World,
    force: &[ForceShare],
) -> RuleResult<()> {
    let total = force
        .iter()
        .fold(0u32, |t, f| t.saturating_add(f.factors_in_force));
    let losses = force
        .iter()
        .fold(0u32, |t, f| t.saturating_add(f.land_factors));
    for f in force {
        if f.excluded_factors > f.land_factors || f.land_factors > f.factors_in_force {
            return Err(RuleError::new(
                "14.3.2.1.6",
                format!(
                    "{}: {} factor(s) lost of {} in the force, {} of them excepted: the numbers do not fit",
                    f.nation, f.land_factors, f.factors_in_force, f.excluded_factors
                ),
            ));
        }
        if let Nation::Power(p) = f.nation
            && is_ump(state, p)
        {
            let most = max_share_of_losses(total, f.factors_in_force, losses);
            if f.land_factors > most {
                return Err(RuleError::new(
                    "14.3.2.1.6",
                    format!(
                        "{} is an UMP with {} of the force's {total} factors: it may lose at most {most} of the {losses} lost, not {} ({} too many)",
                        name(scenario, p),
                        f.factors_in_force,
                        f.land_factors,
                        f.land_factors - most
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// 14.3.2.1.6: the loss records of a mixed force's combat.
pub fn mixed_loss_records(date: Date, rule: &str, force: &[ForceShare]) -> Vec<WorldEvent> {
    force
        .iter()
        .filter(|f| f.land_factors > 0 || f.ships > 0)
        .map(|f| WorldEvent::LossRecorded {
            loss: LossRecord {
                nation: f.nation,
                date,
                cause: LossCause::Combat,
                land_factors: f.land_factors,
                ships: f.ships,
                rule: rule.to_string(),
                excluded_factors: f.excluded_factors,
            },
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.4.3: the Economic Phase.

/// 14.3.2.4.3: whether `power` follows the Economic Phase procedure (8.0): a neutral UMP does not.
pub fn has_economic_phase(state: &World, power: PowerId) -> bool {
    status_of(state, power) != Some(UmpStatus::Neutral)
}

/// The number of land and sea forces of `ump` on the map (the invariant of 14.3.2.4.2: none while neutral).
pub fn forces_on_map(state: &World, ump: PowerId) -> usize {
    let me = Nation::Power(ump);
    state
        .forces
        .corps
        .values()
        .filter(|c| c.owner == me && c.location != Location::OffMap && !c.factors.is_empty())
        .count()
        + state
            .forces
            .fleets
            .values()
            .filter(|f| f.owner == me && f.location != Location::OffMap && f.ships > 0)
            .count()
        + state
            .forces
            .garrisons
            .iter()
            .filter(|((_, o), f)| *o == me && !f.is_empty())
            .count()
}

/// 14.3.1.3.3: whether `ump` must sue for peace in this Peace Step and accept an unconditional peace with all
/// its enemies: a forced surrender is recorded for it for this month's Peace Step (the next one after the
/// bidding), nobody controls it, and it is at war with a major power.
pub fn must_surrender(state: &World, ump: PowerId) -> bool {
    is_ump(state, ump)
        && controller_of(state, ump).is_none()
        && state.at_war_with_a_major(Nation::Power(ump))
        && state
            .forced_surrenders
            .iter()
            .any(|f| f.ump == ump && f.date == state.date())
}
