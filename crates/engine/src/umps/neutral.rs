//! Rule 14.3.2.4 (`000_…`): neutral UMPs. When an UMP becomes neutral its forces leave the map at their current
//! strength and its money (Prussia's manpower too) is kept on record (14.3.2.4.2), and minors it gained under
//! 4.6.1 while not at war with the aggressor go back to its last controller (14.3.2.4.4). When it becomes active
//! or inactive again, its controller performs a combined economic phase (14.3.2.4.6) and its forces return to
//! its territory (14.3.2.4.2). Coalition's placement and purchase rules are in `docs/rules/umps-rules.md`.

use super::UmpEvent;
use super::UmpOut;
use crate::kernel::calendar::{Position, Step};
use crate::kernel::ids::{AreaId, CorpsId, Nation, PowerId};
use crate::scenario::{Factors, Location, MinorStatus, UnitKind};
use crate::world::WorldEvent;
use crate::world::name;
use crate::world::provinces::{province_areas, provinces_of};
use crate::world::ump_rules::territory;
use crate::world::umps::{CombinedPhase, OffMapRecord};
use crate::world::{Amount, Ctx};
use std::collections::BTreeMap;

fn ev(e: UmpEvent) -> UmpOut {
    UmpOut::Ump(e)
}

/// The number of `kind` factors in `f` (kinds that are not land factors: none).
fn count_of(f: &Factors, kind: UnitKind) -> u16 {
    match kind {
        UnitKind::Infantry => f.infantry,
        UnitKind::Cavalry => f.cavalry,
        UnitKind::Guard => f.guard,
        UnitKind::Militia => f.militia,
        UnitKind::Artillery => f.artillery,
        UnitKind::Cossack => f.cossack,
        UnitKind::Freikorps => f.freikorps,
        UnitKind::Feudal => f.feudal,
        UnitKind::Insurrection => f.insurrection,
        UnitKind::Ship | UnitKind::Corps | UnitKind::Depot => 0,
    }
}

/// `f` with `n` more factors of `kind`.
fn with_more(f: &Factors, kind: UnitKind, n: u16) -> Factors {
    let mut g = *f;
    let slot = match kind {
        UnitKind::Infantry => &mut g.infantry,
        UnitKind::Cavalry => &mut g.cavalry,
        UnitKind::Guard => &mut g.guard,
        UnitKind::Militia => &mut g.militia,
        UnitKind::Artillery => &mut g.artillery,
        UnitKind::Cossack => &mut g.cossack,
        UnitKind::Freikorps => &mut g.freikorps,
        UnitKind::Feudal => &mut g.feudal,
        UnitKind::Insurrection => &mut g.insurrection,
        UnitKind::Ship | UnitKind::Corps | UnitKind::Depot => return g,
    };
    *slot = slot.saturating_add(n);
    g
}

fn area_name(ctx: &Ctx, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map_or(a.to_string(), |d| d.name.clone())
}

/// 14.3.2.4.2 and 14.3.2.4.4: the events when `ump` becomes neutral.
pub fn becoming_neutral(ctx: &Ctx, ump: PowerId) -> Vec<UmpOut> {
    let st = ctx.world;
    let rule = "14.3.2.4.2".to_string();
    let reason = format!(
        "{} is neutral: its forces leave the map at their current strength",
        name(ctx.scenario, ump)
    );
    let mut record = OffMapRecord {
        date: st.date(),
        corps: Vec::new(),
        fleets: Vec::new(),
        garrisons: Vec::new(),
        money: st.powers.get(&ump).map_or(0, |p| p.money),
        manpower: None,
    };
    let mut out = take_off_map(ctx, ump, &mut record, &rule, &reason);
    let manpower = st.powers.get(&ump).map_or(0, |p| p.manpower);
    if ctx
        .scenario
        .charts
        .ump_rules
        .manpower_kept_by
        .contains(&ump)
    {
        record.manpower = Some(manpower);
    } else if manpower > 0 {
        out.push(UmpOut::World(WorldEvent::TreasuryChanged {
            power: ump,
            money: 0,
            manpower: -manpower,
            rule: rule.clone(),
            reason: format!(
                "{} is neutral: only its money is kept on record, not its manpower",
                name(ctx.scenario, ump)
            ),
            income: None,
        }));
    }
    out.push(ev(UmpEvent::ForcesOffMap { ump, record }));
    out.extend(minors_back(ctx, ump));
    out
}

/// 14.3.2.4.2: events taking every force of `ump` on the map off it at its current strength, each noted in
/// `record` (a garrison adds to one already on record in the same area).
fn take_off_map(
    ctx: &Ctx,
    ump: PowerId,
    record: &mut OffMapRecord,
    rule: &str,
    reason: &str,
) -> Vec<UmpOut> {
    let me = Nation::Power(ump);
    let st = ctx.world;
    let (rule, reason) = (rule.to_string(), reason.to_string());
    // 6.2.5: other nations' forces aboard its fleets are put ashore first.
    let fleets: Vec<_> = st
        .forces
        .fleets
        .iter()
        .filter(|(_, f)| f.owner == me)
        .map(|(id, _)| *id)
        .collect();
    let mut out: Vec<UmpOut> =
        crate::world::cargo::put_ashore(ctx.scenario, st, &fleets, true, Some(me), &rule, &reason)
            .into_iter()
            .map(UmpOut::World)
            .collect();
    for (id, c) in &st.forces.corps {
        if c.owner == me && c.location != Location::OffMap {
            note(&mut record.corps, *id, c.location);
            out.push(UmpOut::World(WorldEvent::CorpsChanged {
                corps: *id,
                factors: c.factors,
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for (id, f) in &st.forces.fleets {
        if f.owner == me && f.location != Location::OffMap {
            note(&mut record.fleets, *id, f.location);
            out.push(UmpOut::World(WorldEvent::FleetChanged {
                fleet: *id,
                ships: f.ships,
                location: Location::OffMap,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for ((a, o), g) in &st.forces.garrisons {
        if *o == me && !g.is_empty() {
            if let Some(r) = record.garrisons.iter_mut().find(|(k, _)| k == a) {
                r.1 = r.1.plus(g);
            } else {
                record.garrisons.push((*a, *g));
            }
            out.push(UmpOut::World(WorldEvent::GarrisonChanged {
                area: *a,
                owner: me,
                factors: Factors::default(),
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    out
}

/// 14.3.2.4.2: forces of a neutral `ump` that came onto the map after it went neutral (a peace repatriating a
/// garrison in the same step, say) join the forces kept off the map, and its record with them.
pub fn stragglers(ctx: &Ctx, ump: PowerId) -> Vec<UmpOut> {
    let st = ctx.world;
    let rule = "14.3.2.4.2".to_string();
    let reason = format!(
        "{} is neutral: forces that reached the map leave it and are kept on record",
        name(ctx.scenario, ump)
    );
    let mut record = st
        .ump_records
        .off_map
        .get(&ump)
        .cloned()
        .unwrap_or_else(|| OffMapRecord {
            date: st.date(),
            corps: Vec::new(),
            fleets: Vec::new(),
            garrisons: Vec::new(),
            money: st.powers.get(&ump).map_or(0, |p| p.money),
            manpower: None,
        });
    let mut out = take_off_map(ctx, ump, &mut record, &rule, &reason);
    if !out.is_empty() {
        out.push(ev(UmpEvent::ForcesOffMap { ump, record }));
    }
    out
}

/// 14.3.2.4.4: minors `ump` gained control of under 4.6.1 (Coalition's 4.6.2 roll) while not at war with the
/// aggressor (4.6.5.2's record), still free states at war with that aggressor (not conquered, no lapse of war),
/// go back to the UMP's last controlling major power.
fn minors_back(ctx: &Ctx, ump: PowerId) -> Vec<UmpOut> {
    let st = ctx.world;
    let Some(u) = st.umps.get(&ump) else {
        return Vec::new();
    };
    let Some(to) = u.controller.or(u.last_controller) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut done = Vec::new();
    for n in &st.not_at_war {
        if n.controller != ump || done.contains(&n.minor) {
            continue;
        }
        let Some(ms) = st.minors.get(&n.minor) else {
            continue;
        };
        if ms.controller != Some(ump)
            || ms.status != MinorStatus::FreeState
            || !st.at_war(Nation::Minor(n.minor), Nation::Power(n.aggressor))
        {
            continue;
        }
        done.push(n.minor);
        let mname = ctx
            .scenario
            .minor(n.minor)
            .map_or(n.minor.to_string(), |d| d.name.clone());
        let reason = format!(
            "{} became neutral before {mname} was conquered or its war lapsed: {mname} goes to {}",
            name(ctx.scenario, ump),
            name(ctx.scenario, to)
        );
        out.push(UmpOut::World(WorldEvent::MinorChanged {
            minor: n.minor,
            controller: Some(to),
            status: ms.status,
            rule: "14.3.2.4.4".into(),
            reason: reason.clone(),
        }));
        for a in ctx.scenario.areas_of(Nation::Minor(n.minor)) {
            if st.area_control.get(&a) == Some(&Nation::Power(ump)) {
                out.push(UmpOut::World(WorldEvent::AreaControlChanged {
                    area: a,
                    holder: Some(Nation::Power(to)),
                    rule: "14.3.2.4.4".into(),
                    reason: reason.clone(),
                }));
            }
        }
    }
    out
}

/// 14.3.2.4.6: the Economic Phases `ump` has been neutral: those whose collection came after it became neutral
/// (or after the start of the scenario, if it has been neutral since) and by now.
pub fn neutral_phases(ctx: &Ctx, ump: PowerId) -> u32 {
    let st = ctx.world;
    let since = st
        .ump_records
        .neutral_at
        .get(&ump)
        .copied()
        .or_else(|| {
            st.umps
                .get(&ump)
                .and_then(|u| u.neutral_since)
                .map(Position::start_of)
        })
        .unwrap_or_else(|| Position::start_of(ctx.scenario.meta.start));
    let now = st.position;
    let mut n = 0;
    let mut d = since.date;
    while d <= now.date {
        let at = Position {
            date: d,
            step: Step::EconomicCollection,
        };
        if ctx.scenario.calendar().has_economic_phase(d) && at > since && at <= now {
            n += 1;
        }
        d = d.plus_months(1);
    }
    n
}

/// Where an UMP's forces go back to: the area they left if it is in the UMP's territory and held by it, else
/// its capital if it holds it, else its first home area it holds (by id).
fn home_area(ctx: &Ctx, ump: PowerId, left: Option<AreaId>) -> Option<AreaId> {
    let held = |a: AreaId| ctx.world.area_power(ctx.scenario, a) == Some(ump);
    if let Some(a) = left
        && held(a)
        && territory(ctx.scenario, ctx.world, ump).contains(&a)
    {
        return Some(a);
    }
    let capital = ctx.scenario.power(ump).map(|d| d.capital);
    if let Some(c) = capital
        && held(c)
    {
        return Some(c);
    }
    ctx.scenario
        .territory(Nation::Power(ump))
        .iter()
        .copied()
        .find(|a| held(*a))
}

/// A port for a returning fleet: the port it left if the UMP holds it, else its first home port it holds.
fn home_port(ctx: &Ctx, ump: PowerId, left: Location) -> Option<AreaId> {
    let held_port = |a: AreaId| {
        ctx.world.area_power(ctx.scenario, a) == Some(ump)
            && ctx.scenario.area(a).is_some_and(|d| d.port)
    };
    if let Location::Area(a) = left
        && held_port(a)
    {
        return Some(a);
    }
    ctx.scenario
        .territory(Nation::Power(ump))
        .iter()
        .copied()
        .find(|a| held_port(*a))
}

/// 14.3.2.4.2 and 14.3.2.4.6: the events when `ump` stops being neutral under `controller`: the combined
/// economic phase, its forces placed back in its territory, and the factors bought deployed there.
pub fn leaving_neutral(ctx: &Ctx, ump: PowerId, controller: PowerId) -> Vec<UmpOut> {
    let st = ctx.world;
    let me = Nation::Power(ump);
    let mut out = Vec::new();
    let rule = "14.3.2.4.2".to_string();
    let reason = format!(
        "{} leaves neutrality: {} places its forces back in its territory",
        name(ctx.scenario, ump),
        name(ctx.scenario, controller)
    );
    // Where every corps of the UMP will stand, after its forces return.
    let mut corps_at: BTreeMap<CorpsId, (Location, Factors)> = st
        .forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == me)
        .map(|(id, c)| (*id, (c.location, c.factors)))
        .collect();
    let mut garrisons: BTreeMap<AreaId, Factors> = st
        .forces
        .garrisons
        .iter()
        .filter(|((_, o), _)| *o == me)
        .map(|((a, _), f)| (*a, *f))
        .collect();
    if let Some(rec) = st.ump_records.off_map.get(&ump) {
        for (id, left) in &rec.corps {
            let Some(c) = st.forces.corps.get(id) else {
                continue;
            };
            let from = match left {
                Location::Area(a) => Some(*a),
                _ => None,
            };
            if let Some(a) = home_area(ctx, ump, from) {
                corps_at.insert(*id, (Location::Area(a), c.factors));
                out.push(UmpOut::World(WorldEvent::CorpsChanged {
                    corps: *id,
                    factors: c.factors,
                    location: Location::Area(a),
                    rule: rule.clone(),
                    reason: reason.clone(),
                }));
            }
        }
        for (id, left) in &rec.fleets {
            let Some(f) = st.forces.fleets.get(id) else {
                continue;
            };
            if let Some(a) = home_port(ctx, ump, *left) {
                out.push(UmpOut::World(WorldEvent::FleetChanged {
                    fleet: *id,
                    ships: f.ships,
                    location: Location::Area(a),
                    rule: rule.clone(),
                    reason: reason.clone(),
                }));
            }
        }
        for (left, g) in &rec.garrisons {
            if let Some(a) = home_area(ctx, ump, Some(*left)) {
                let e = garrisons.entry(a).or_default();
                *e = e.plus(g);
            }
        }
        out.push(ev(UmpEvent::ForcesReturned { ump }));
    }
    let (phase, deploy) = combined_phase(ctx, ump, controller, &corps_at);
    out.push(ev(UmpEvent::CombinedEconomicPhase {
        phase: phase.clone(),
    }));
    let crule = "14.3.2.4.6".to_string();
    let creason = format!(
        "combined economic phase of {}: {} factor(s) bought and deployed",
        name(ctx.scenario, ump),
        phase.bought
    );
    for (id, f) in deploy.corps {
        if let Some((loc, _)) = corps_at.get(&id) {
            out.push(UmpOut::World(WorldEvent::CorpsChanged {
                corps: id,
                factors: f,
                location: *loc,
                rule: crule.clone(),
                reason: creason.clone(),
            }));
        }
    }
    for (a, n) in deploy.garrison {
        let e = garrisons.entry(a).or_default();
        *e = with_more(e, ctx.scenario.charts.ump_rules.combined_purchase, n);
    }
    for (a, f) in garrisons {
        if st.forces.garrisons.get(&(a, me)) != Some(&f) {
            out.push(UmpOut::World(WorldEvent::GarrisonChanged {
                area: a,
                owner: me,
                factors: f,
                rule: rule.clone(),
                reason: reason.clone(),
            }));
        }
    }
    for (m, a, f) in deploy.free_states {
        out.push(UmpOut::World(WorldEvent::GarrisonChanged {
            area: a,
            owner: Nation::Minor(m),
            factors: f,
            rule: crule.clone(),
            reason: format!(
                "combined economic phase of {}: the free state's own factors",
                name(ctx.scenario, ump)
            ),
        }));
    }
    out
}

/// What the combined economic phase deploys.
#[derive(Default)]
struct Deploy {
    /// Corps filled, with their new factors.
    corps: Vec<(CorpsId, Factors)>,
    /// Factors garrisoned in an area.
    garrison: Vec<(AreaId, u16)>,
    /// Each free state's garrison in its capital, with its new factors.
    free_states: Vec<(crate::kernel::ids::MinorId, AreaId, Factors)>,
}

/// How many units costing `cost` an amount buys.
fn buys(cost: &crate::scenario::Cost, a: Amount) -> u32 {
    let by_money = (cost.money > 0).then(|| a.money.max(0) as u32 / cost.money);
    let by_manpower = (cost.manpower > 0).then(|| a.manpower.max(0) as u32 / cost.manpower);
    match (by_money, by_manpower) {
        (Some(x), Some(y)) => x.min(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => 0,
    }
}

/// 14.3.2.4.6: the combined economic phase, computed step by step.
fn combined_phase(
    ctx: &Ctx,
    ump: PowerId,
    controller: PowerId,
    corps_at: &BTreeMap<CorpsId, (Location, Factors)>,
) -> (CombinedPhase, Deploy) {
    let st = ctx.world;
    let chart = &ctx.scenario.charts.ump_rules;
    let econ = &ctx.scenario.charts.economy;
    let unit = chart.combined_purchase;
    let cost = econ.costs.get(&unit).copied().unwrap_or_default();
    let phases = neutral_phases(ctx, ump);
    let areas = province_areas(ctx.scenario);
    let mut lines = vec![format!(
        "{} was neutral for {phases} Economic Phase(s)",
        name(ctx.scenario, ump)
    )];
    let (provinces, _) = provinces_of(ctx.scenario, ctx.world, areas, Nation::Power(ump), ump);
    lines.push(format!(
        "provinces it holds: {} money, {} manpower",
        provinces.money, provinces.manpower
    ));
    let mut base = provinces;
    let mut free_states = Vec::new();
    for (id, ms) in &st.minors {
        if ms.controller != Some(ump) {
            continue;
        }
        let (full, _) = provinces_of(ctx.scenario, ctx.world, areas, Nation::Minor(*id), ump);
        let mname = ctx
            .scenario
            .minor(*id)
            .map_or(id.to_string(), |d| d.name.clone());
        match ms.status {
            MinorStatus::Conquered => {
                let part = |x: i32| crate::economic::conquered_share(x, econ);
                let got = Amount {
                    money: part(full.money),
                    manpower: part(full.manpower),
                };
                lines.push(format!(
                    "conquered {mname}: {} money, {} manpower ({}/{} of {}/{})",
                    got.money,
                    got.manpower,
                    econ.conquered_minor_num,
                    econ.conquered_minor_den,
                    full.money,
                    full.manpower
                ));
                base = base.plus(got);
            }
            MinorStatus::FreeState => free_states.push((*id, mname, full)),
            MinorStatus::Neutral => {}
        }
    }
    let times = Amount {
        money: base.money.saturating_mul(phases as i32),
        manpower: base.manpower.saturating_mul(phases as i32),
    };
    lines.push(format!(
        "× {phases} phase(s) = {} money, {} manpower",
        times.money, times.manpower
    ));
    let div = chart.combined_phase_divisor.max(1) as i32;
    let half = Amount {
        money: times.money / div,
        manpower: times.manpower / div,
    };
    lines.push(format!(
        "÷ {div}, rounded down = {} money, {} manpower",
        half.money, half.manpower
    ));
    let bought = buys(&cost, half);
    lines.push(format!(
        "spent on {bought} {unit} factor(s) at {} money and {} manpower each ({} money, {} manpower left unspent and lost)",
        cost.money,
        cost.manpower,
        half.money - (bought * cost.money) as i32,
        half.manpower - (bought * cost.manpower) as i32
    ));
    // Deployment (Coalition's): into its corps in its territory with room, by id; the rest garrisoned in its
    // capital (or first home area it holds).
    let terr = territory(ctx.scenario, st, ump);
    let mut deploy = Deploy::default();
    let mut placed: Vec<(AreaId, u32)> = Vec::new();
    let mut left = bought;
    for (id, (loc, f)) in corps_at {
        if left == 0 {
            break;
        }
        let Location::Area(a) = loc else { continue };
        if !terr.contains(a) {
            continue;
        }
        let Some(c) = st.forces.corps.get(id) else {
            continue;
        };
        let room = count_of(&c.capacity, unit).saturating_sub(count_of(f, unit)) as u32;
        let n = room.min(left);
        if n > 0 {
            deploy.corps.push((*id, with_more(f, unit, n as u16)));
            placed.push((*a, n));
            left -= n;
        }
    }
    for (id, n) in &deploy.corps {
        lines.push(format!(
            "corps {id} now holds {} {unit} factor(s)",
            count_of(n, unit)
        ));
    }
    if left > 0 {
        if let Some(a) = home_area(ctx, ump, None) {
            deploy.garrison.push((a, left as u16));
            placed.push((a, left));
            lines.push(format!(
                "{left} factor(s) garrisoned in {} (no corps in its territory with room)",
                area_name(ctx, a)
            ));
        } else {
            lines.push(format!(
                "{left} factor(s) could not be deployed: {} holds no area of its home nation",
                name(ctx.scenario, ump)
            ));
        }
    }
    // Minor free states: their basic values per phase (doubled then halved), spent on their own factors in
    // their capital.
    for (m, mname, full) in free_states {
        let amount = Amount {
            money: full.money.saturating_mul(phases as i32),
            manpower: full.manpower.saturating_mul(phases as i32),
        };
        let n = buys(&cost, amount);
        lines.push(format!(
            "free state {mname}: {}/{} × {phases} = {} money, {} manpower (doubled then halved: its basic values) → {n} {unit} factor(s)",
            full.money, full.manpower, amount.money, amount.manpower
        ));
        if n > 0
            && let Some(def) = ctx.scenario.minor(m)
        {
            let cap = def.capital;
            let now = st
                .forces
                .garrisons
                .get(&(cap, Nation::Minor(m)))
                .copied()
                .unwrap_or_default();
            deploy
                .free_states
                .push((m, cap, with_more(&now, unit, n as u16)));
            lines.push(format!(
                "{n} factor(s) of {mname} garrisoned in {}",
                area_name(ctx, cap)
            ));
        }
    }
    (
        CombinedPhase {
            ump,
            controller,
            date: st.date(),
            phases,
            lines,
            money: half.money,
            manpower: half.manpower,
            bought,
            placed,
        },
        deploy,
    )
}

/// Records where a counter stood when it left the map (its last place, if it left before).
fn note<K: PartialEq + Copy>(list: &mut Vec<(K, Location)>, id: K, at: Location) {
    match list.iter_mut().find(|(k, _)| *k == id) {
        Some(r) => r.1 = at,
        None => list.push((id, at)),
    }
}
