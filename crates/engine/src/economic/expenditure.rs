//! Rule 8.5 (Coalition's Money and Manpower Expenditure Step, `docs/rules/economic.md`), with optional rules
//! 12.1.1 (militia conversion) and 12.1.2 (ships built in named ports): every power submits its whole shopping
//! list at once; what it buys is paid at once and queued to arrive after its delay; money given or lent passes at
//! the end of the step.
//!
//! Default decision (3.6) for an empty seat or a late player: buy nothing (`buy none`).

use super::decision::unit_name;
use super::{
    Building, Conversion, Ctx, Cx, EconomicEvent, EconomyState, Gift, Purchase, Spending, transfers,
};
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, MinorId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Factors, Location, MinorStatus, UnitKind};
use crate::world::{Ask, Step, World, WorldEvent, name};
use std::collections::BTreeMap;

/// The Expenditure Step (8.5): a round open to all, whose decision is a shopping list, or a pass (`None`), which
/// buys nothing and voids nothing.
pub struct Expenditure;

impl Step for Expenditure {
    type State = EconomyState;
    type Event = EconomicEvent;
    type Decision = Option<Spending>;

    fn begin(cx: &mut Cx, _dice: &mut Dice) -> Option<Ask> {
        Ask::open(owing(&cx.ctx()))
    }

    fn choices(ctx: &Ctx, power: PowerId) -> Vec<Option<Spending>> {
        choices(ctx, power).into_iter().map(Some).collect()
    }

    /// Default (3.6): buy nothing.
    fn default(_ctx: &Ctx, _power: PowerId) -> Option<Spending> {
        Some(Spending::default())
    }

    fn check(ctx: &Ctx, power: PowerId, d: &Option<Spending>) -> RuleResult<()> {
        match d {
            Some(s) => check(ctx, power, s),
            None => Ok(()),
        }
    }

    fn resolve(
        cx: &mut Cx,
        decisions: &BTreeMap<PowerId, Option<Spending>>,
        _dice: &mut Dice,
    ) -> Option<Ask> {
        let lists: Vec<(PowerId, Spending)> = decisions
            .iter()
            .filter_map(|(p, d)| d.clone().map(|s| (*p, s)))
            .collect();
        resolve(cx, &lists);
        None
    }

    fn apply(own: &mut EconomyState, world: &mut World, e: &EconomicEvent) {
        super::apply(own, world, e);
    }
}

/// Every power still in the game owes its list, except neutral UMPs (14.3.2.4.3).
pub fn owing(ctx: &Ctx) -> Vec<PowerId> {
    super::powers_with_economic_phase(ctx.world)
}

/// Whether `power` may buy `unit` at all (the chart's `restricted` list; 8.5).
pub fn may_buy(ctx: &Ctx, power: PowerId, unit: UnitKind) -> bool {
    ctx.scenario
        .charts
        .economy
        .restricted
        .get(&unit)
        .is_none_or(|who| who.contains(&power))
}

/// 12.1.1: the militia factors of `power` in `area` (garrison, then corps in id order).
fn militia_in(ctx: &Ctx, power: PowerId, area: AreaId) -> (u16, Vec<(CorpsId, u16)>) {
    let me = Nation::Power(power);
    let (corps, garrison) = ctx.world.land_forces_in(me, area);
    let in_corps = corps
        .into_iter()
        .filter_map(|c| {
            let m = ctx.world.forces.corps.get(&c)?.factors.militia;
            (m > 0).then_some((c, m))
        })
        .collect();
    (garrison.militia, in_corps)
}

/// 12.1.1: the areas of `power`'s home nation it controls holding its militia, with how many.
pub fn militia_areas(ctx: &Ctx, power: PowerId) -> Vec<(AreaId, u16)> {
    let me = Nation::Power(power);
    let w = ctx.world;
    // `militia_in` of every area: the militia in the power's corps, by area, in one pass over the corps.
    let mut in_corps: std::collections::BTreeMap<AreaId, u16> = std::collections::BTreeMap::new();
    for c in w.forces.corps.values() {
        if c.owner == me
            && let Location::Area(a) = c.location
            && c.factors.militia > 0
        {
            let n = in_corps.entry(a).or_default();
            *n += c.factors.militia;
        }
    }
    ctx.scenario
        .territory(me)
        .iter()
        .filter(|a| w.area_power(ctx.scenario, **a) == Some(power))
        .filter_map(|a| {
            let g = w.forces.garrisons.get(&(*a, me)).map_or(0, |g| g.militia);
            let n = g + in_corps.get(a).copied().unwrap_or(0);
            (n > 0).then_some((*a, n))
        })
        .collect()
}

/// What a list costs: money and manpower.
pub fn cost(ctx: &Ctx, s: &Spending) -> (i64, i64) {
    let e = &ctx.scenario.charts.economy;
    let mut money = 0i64;
    let mut manpower = 0i64;
    for b in &s.buy {
        let c = e.costs.get(&b.unit).copied().unwrap_or_default();
        money += c.money as i64 * b.count as i64;
        manpower += c.manpower as i64 * b.count as i64;
    }
    for c in &s.convert {
        money += e.militia_conversion_money as i64 * c.count as i64;
    }
    for g in &s.give {
        money += g.money as i64;
    }
    let (m, p) = super::shipyard::cost(ctx, s);
    (money + m, manpower + p)
}

fn area_name(ctx: &Ctx, a: AreaId) -> String {
    ctx.scenario
        .area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

/// The legal lists of `power`: buy nothing, one of each kind it may buy and afford (a ship at each port it may
/// build in), as many infantry as it can afford, each area's militia converted, one money given or lent to each
/// other power. A player writes any other list in the text or JSON form.
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Spending> {
    let mut out = vec![Spending::default()];
    let ok = |s: &Spending| check(ctx, power, s).is_ok();
    for unit in UnitKind::ALL {
        let ports: Vec<Option<AreaId>> = if unit == UnitKind::Ship {
            let ports = super::home_ports(ctx, power);
            if ctx.rulebook.has(OptionalRule::ShipBuildingLocations) {
                ports.into_iter().map(Some).collect()
            } else {
                vec![None]
            }
        } else {
            vec![None]
        };
        for port in ports {
            let s = Spending {
                buy: vec![Purchase {
                    unit,
                    count: 1,
                    port,
                    minor: None,
                }],
                ..Default::default()
            };
            if ok(&s) {
                out.push(s);
            }
        }
    }
    // As many infantry as the treasury allows, and half as many.
    let st = &ctx.world.powers[&power];
    if let Some(c) = ctx.scenario.charts.economy.costs.get(&UnitKind::Infantry) {
        let by_money = (st.money.max(0) as u32)
            .checked_div(c.money)
            .unwrap_or(u32::MAX);
        let by_men = (st.manpower.max(0) as u32)
            .checked_div(c.manpower)
            .unwrap_or(u32::MAX);
        let n = by_money.min(by_men).min(u16::MAX as u32) as u16;
        // All of it, and (keeping a reserve for depots and what the war brings) half of it.
        for count in [n, n / 2] {
            if count > 1 {
                let s = Spending {
                    buy: vec![Purchase {
                        unit: UnitKind::Infantry,
                        count,
                        port: None,
                        minor: None,
                    }],
                    ..Default::default()
                };
                if ok(&s) {
                    out.push(s);
                }
            }
        }
    }
    // One of each kind for each minor free state (4.8), ships at each of its ports it may build in.
    for m in free_states_of(ctx, power) {
        for unit in &ctx.scenario.charts.economy.free_state_units {
            let ports: Vec<Option<AreaId>> = if *unit == UnitKind::Ship
                && ctx.rulebook.has(OptionalRule::ShipBuildingLocations)
            {
                minor_ports(ctx, power, m).into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            for port in ports {
                let s = Spending {
                    buy: vec![Purchase {
                        unit: *unit,
                        count: 1,
                        port,
                        minor: Some(m),
                    }],
                    ..Default::default()
                };
                if ok(&s) {
                    out.push(s);
                }
            }
        }
    }
    // Coalition's 6.3.20: with ship kinds, each kind and a port gun at each home port.
    out.extend(
        super::shipyard::choices(ctx, power)
            .into_iter()
            .filter(|s| ok(s)),
    );
    for (area, count) in militia_areas(ctx, power) {
        let s = Spending {
            convert: vec![Conversion { area, count }],
            ..Default::default()
        };
        if ok(&s) {
            out.push(s);
        }
    }
    for to in ctx.world.powers_in_game() {
        for loan in [false, true] {
            let s = Spending {
                give: vec![Gift { to, money: 1, loan }],
                ..Default::default()
            };
            if ok(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Checks a list: each purchase (kind allowed, ships' ports under 12.1.2), each conversion (12.1.1), each gift
/// or loan (14.3.2.1.2), then the total against the treasury.
pub fn check(ctx: &Ctx, power: PowerId, s: &Spending) -> RuleResult<()> {
    for b in &s.buy {
        check_purchase(ctx, power, b)?;
    }
    let mut per_area: BTreeMap<AreaId, u32> = BTreeMap::new();
    for c in &s.convert {
        *per_area.entry(c.area).or_default() += c.count as u32;
    }
    for c in &s.convert {
        check_conversion(ctx, power, c, per_area[&c.area])?;
    }
    for g in &s.give {
        transfers::check_gift(ctx, power, g)?;
    }
    super::shipyard::check(ctx, power, s)?;
    let (money, manpower) = cost(ctx, s);
    let st = &ctx.world.powers[&power];
    let short_money = money - st.money as i64;
    let short_men = manpower - st.manpower as i64;
    if short_money > 0 || short_men > 0 {
        let mut short = Vec::new();
        if short_money > 0 {
            short.push(format!("{short_money} money"));
        }
        if short_men > 0 {
            short.push(format!("{short_men} manpower"));
        }
        return Err(RuleError::new(
            "8.5",
            format!(
                "`{s}` costs {money} money and {manpower} manpower; {} has {} money and {} manpower: {} short",
                name(ctx.scenario, power),
                st.money,
                st.manpower,
                short.join(" and ")
            ),
        ));
    }
    Ok(())
}

/// The minor free states `power` controls, whose forces it may buy (4.8).
pub fn free_states_of(ctx: &Ctx, power: PowerId) -> Vec<MinorId> {
    ctx.world
        .minors
        .iter()
        .filter(|(_, m)| m.controller == Some(power) && m.status == MinorStatus::FreeState)
        .map(|(id, _)| *id)
        .collect()
}

/// 12.1.2 for a free state: the minor's port cities its controller `power` holds.
fn minor_ports(ctx: &Ctx, power: PowerId, m: MinorId) -> Vec<AreaId> {
    ctx.scenario
        .territory(Nation::Minor(m))
        .iter()
        .filter(|a| ctx.scenario.area(**a).is_some_and(|d| d.port))
        .filter(|a| ctx.world.area_power(ctx.scenario, **a) == Some(power))
        .copied()
        .collect()
}

/// 4.8, 8.5: units bought for a minor free state: it must be one of the buyer's free states, and the kind one a
/// free state may have (ships only with a port of its own).
fn check_free_state_purchase(
    ctx: &Ctx,
    power: PowerId,
    m: MinorId,
    b: &Purchase,
) -> RuleResult<()> {
    let unit = unit_name(b.unit);
    let Some(def) = ctx.scenario.minor(m) else {
        return Err(RuleError::new(
            "3.4",
            format!("unknown minor country `{m}`"),
        ));
    };
    if !free_states_of(ctx, power).contains(&m) {
        return Err(RuleError::new(
            "4.8",
            format!(
                "{} is not a minor free state of {}: only a free state's controller buys its forces",
                def.name,
                name(ctx.scenario, power)
            ),
        ));
    }
    if !ctx
        .scenario
        .charts
        .economy
        .free_state_units
        .contains(&b.unit)
    {
        return Err(RuleError::new(
            "4.8",
            format!(
                "a minor free state's corps, fleets, land and naval factors may be bought, not {unit} (kinds: {})",
                ctx.scenario
                    .charts
                    .economy
                    .free_state_units
                    .iter()
                    .map(|k| unit_name(*k))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    if b.unit == UnitKind::Ship {
        let ports = minor_ports(ctx, power, m);
        match b.port {
            None if ctx.rulebook.has(OptionalRule::ShipBuildingLocations) => {
                return Err(RuleError::new(
                    "12.1.2",
                    format!(
                        "ships must name the port where they are built; {}'s ports: {}",
                        def.name,
                        ports
                            .iter()
                            .map(|a| a.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            None if ports.is_empty() => {
                return Err(RuleError::new(
                    "4.8",
                    format!("{} has no port of its own to build ships in", def.name),
                ));
            }
            Some(port) if !ports.contains(&port) => {
                return Err(RuleError::new(
                    "12.1.2",
                    format!(
                        "{} is not a port of {} that {} holds",
                        area_name(ctx, port),
                        def.name,
                        name(ctx.scenario, power)
                    ),
                ));
            }
            _ => {}
        }
    } else if let Some(port) = b.port {
        return Err(RuleError::new(
            "3.3",
            format!("only ships are built at a port ({unit} at {port})"),
        ));
    }
    Ok(())
}

fn check_purchase(ctx: &Ctx, power: PowerId, b: &Purchase) -> RuleResult<()> {
    let unit = unit_name(b.unit);
    if b.count == 0 {
        return Err(RuleError::new(
            "3.3",
            format!("buying 0 {unit}: name a count of at least 1"),
        ));
    }
    if let Some(m) = b.minor {
        return check_free_state_purchase(ctx, power, m, b);
    }
    if !ctx.scenario.charts.economy.costs.contains_key(&b.unit) {
        return Err(RuleError::new(
            "8.5",
            format!("the cost table has no price for {unit}"),
        ));
    }
    if !may_buy(ctx, power, b.unit) {
        let who = ctx.scenario.charts.economy.restricted[&b.unit]
            .iter()
            .map(|p| name(ctx.scenario, *p))
            .collect::<Vec<_>>()
            .join(" and ");
        return Err(RuleError::new(
            "8.5",
            format!(
                "{unit} may be bought by {who} only, not by {}",
                name(ctx.scenario, power)
            ),
        ));
    }
    match (b.unit, b.port) {
        (UnitKind::Ship, None) if ctx.rulebook.has(OptionalRule::ShipBuildingLocations) => {
            Err(RuleError::new(
                "12.1.2",
                format!(
                    "ships must name the port where they are built (`{} ship at PORT`); {}'s ports: {}",
                    b.count,
                    name(ctx.scenario, power),
                    super::home_ports(ctx, power)
                        .iter()
                        .map(|a| a.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ))
        }
        (UnitKind::Ship, Some(port)) => {
            let Some(a) = ctx.scenario.area(port) else {
                return Err(RuleError::new(
                    "3.4",
                    format!("`{port}` is no area of the map"),
                ));
            };
            if !a.port {
                return Err(RuleError::new(
                    "12.1.2",
                    format!("{} is not a port city", a.name),
                ));
            }
            if ctx.scenario.nation_of_area(port) != Some(Nation::Power(power)) {
                return Err(RuleError::new(
                    "12.1.2",
                    format!(
                        "{} is not in {}'s home nation",
                        a.name,
                        name(ctx.scenario, power)
                    ),
                ));
            }
            if ctx.world.area_power(ctx.scenario, port) != Some(power) {
                return Err(RuleError::new(
                    "12.1.2",
                    format!(
                        "{} does not control {}, so it cannot build ships there",
                        name(ctx.scenario, power),
                        a.name
                    ),
                ));
            }
            Ok(())
        }
        (_, Some(port)) => Err(RuleError::new(
            "3.3",
            format!("only ships are built at a port ({unit} at {port})"),
        )),
        _ => Ok(()),
    }
}

fn check_conversion(ctx: &Ctx, power: PowerId, c: &Conversion, total: u32) -> RuleResult<()> {
    if !ctx.rulebook.has(OptionalRule::MilitiaConversion) {
        return Err(RuleError::new(
            "12.1.1",
            "militia conversion is an optional rule (12.1.1, `militia-conversion`) not used in this game",
        ));
    }
    let enemies: Vec<String> = ctx
        .world
        .enemies(Nation::Power(power))
        .into_iter()
        .filter_map(|n| n.power())
        .map(|p| name(ctx.scenario, p))
        .collect();
    if !enemies.is_empty() {
        return Err(RuleError::new(
            "12.1.1",
            format!(
                "{} may convert militia only while at war with no major power; it is at war with {}",
                name(ctx.scenario, power),
                enemies.join(", ")
            ),
        ));
    }
    if c.count == 0 {
        return Err(RuleError::new(
            "3.3",
            "converting 0 militia: name a count of at least 1",
        ));
    }
    let area = area_name(ctx, c.area);
    if ctx.scenario.area(c.area).is_none() {
        return Err(RuleError::new(
            "3.4",
            format!("`{}` is no area of the map", c.area),
        ));
    }
    if ctx.scenario.nation_of_area(c.area) != Some(Nation::Power(power))
        || ctx.world.area_power(ctx.scenario, c.area) != Some(power)
    {
        return Err(RuleError::new(
            "12.1.1",
            format!(
                "{area} is not home-nation territory {} controls",
                name(ctx.scenario, power)
            ),
        ));
    }
    let (g, corps) = militia_in(ctx, power, c.area);
    let have = g as u32 + corps.iter().map(|(_, m)| *m as u32).sum::<u32>();
    if total > have {
        return Err(RuleError::new(
            "12.1.1",
            format!(
                "{} has {have} militia factors in {area}, not {total}",
                name(ctx.scenario, power)
            ),
        ));
    }
    Ok(())
}

/// Resolves the step: each list is checked against the treasury as the step ends (all of them before anything
/// is paid); then gifts and loans pass (in key order of the givers), then each power's purchases and conversions
/// are paid and queued.
pub fn resolve(cx: &mut Cx, lists: &[(PowerId, Spending)]) {
    // A list that no longer fits the treasury (a host correction meanwhile) is void as a whole.
    let mut valid = Vec::new();
    for (p, s) in lists {
        match check(&cx.ctx(), *p, s) {
            Ok(()) => valid.push((*p, s)),
            Err(e) => cx.emit(EconomicEvent::SpendingVoided {
                power: *p,
                rule: e.rule.clone(),
                reason: e.reason.clone(),
            }),
        }
    }
    for (p, s) in &valid {
        for g in &s.give {
            let e = transfers::gift_event(&cx.ctx(), *p, g);
            cx.emit(e);
        }
    }
    for (p, s) in &valid {
        purchase(cx, *p, s);
    }
}

/// Pays `power`'s purchases and conversions and queues what they bring.
fn purchase(cx: &mut Cx, power: PowerId, s: &Spending) {
    let mut events = purchase_events(&cx.ctx(), power, s);
    events.extend(super::shipyard::events(&cx.ctx(), power, s));
    cx.push_all(events);
}

/// The events of `power`'s purchases (8.5, 12.1.2) and conversions (12.1.1): paid at once, queued to arrive.
fn purchase_events(ctx: &Ctx, power: PowerId, s: &Spending) -> Vec<WorldEvent> {
    let e = &ctx.scenario.charts.economy;
    let mut out = Vec::new();
    let date = ctx.world.date();
    if !s.buy.is_empty() {
        let mut money = 0i32;
        let mut manpower = 0i32;
        for b in &s.buy {
            let c = e.costs[&b.unit];
            money = money.saturating_add(super::price(c.money, b.count));
            manpower = manpower.saturating_add(super::price(c.manpower, b.count));
        }
        let list = Spending {
            buy: s.buy.clone(),
            ..Default::default()
        };
        out.push(WorldEvent::TreasuryChanged {
            power,
            money: -money,
            manpower: -manpower,
            rule: "8.5".into(),
            reason: format!("{list}"),
            income: None,
        });
        for b in &s.buy {
            out.push(WorldEvent::BuildingQueued {
                item: Building {
                    owner: b.minor.map_or(Nation::Power(power), Nation::Minor),
                    unit: b.unit,
                    count: b.count,
                    bought: date,
                    due: super::due(ctx, e.costs[&b.unit].delay_months),
                    port: b.port,
                    rule: if b.port.is_some() { "12.1.2" } else { "8.5" }.into(),
                },
            });
        }
    }
    if !s.convert.is_empty() {
        let me = Nation::Power(power);
        let mut total = 0u32;
        let mut per_area: BTreeMap<AreaId, u16> = BTreeMap::new();
        for c in &s.convert {
            let n = per_area.entry(c.area).or_default();
            *n = n.saturating_add(c.count);
        }
        for (area, count) in per_area {
            let c = Conversion { area, count };
            let (g, corps) = militia_in(ctx, power, c.area);
            let mut left = c.count;
            let from_g = left.min(g);
            left -= from_g;
            if from_g > 0 {
                let mut f = ctx
                    .world
                    .forces
                    .garrisons
                    .get(&(c.area, me))
                    .copied()
                    .unwrap_or_default();
                f.militia -= from_g;
                out.push(WorldEvent::GarrisonChanged {
                    area: c.area,
                    owner: me,
                    factors: f,
                    rule: "12.1.1".into(),
                    reason: format!(
                        "{from_g} militia converted to infantry in {}",
                        area_name(ctx, c.area)
                    ),
                });
            }
            for (id, m) in corps {
                if left == 0 {
                    break;
                }
                let take = left.min(m);
                left -= take;
                if let Some(corps) = ctx.world.forces.corps.get(&id) {
                    let f = Factors {
                        militia: corps.factors.militia - take,
                        ..corps.factors
                    };
                    out.push(WorldEvent::CorpsChanged {
                        corps: id,
                        factors: f,
                        location: Location::Area(c.area),
                        rule: "12.1.1".into(),
                        reason: format!("{take} militia of corps {id} converted to infantry"),
                    });
                }
            }
            total += u32::from(c.count);
        }
        out.push(WorldEvent::TreasuryChanged {
            power,
            money: super::price(e.militia_conversion_money, total).saturating_neg(),
            manpower: 0,
            rule: "12.1.1".into(),
            reason: format!(
                "{total} militia converted to infantry at {} money a factor",
                e.militia_conversion_money
            ),
            income: None,
        });
        let delay = e
            .costs
            .get(&UnitKind::Infantry)
            .map_or(0, |c| c.delay_months);
        out.push(WorldEvent::BuildingQueued {
            item: Building {
                owner: me,
                unit: UnitKind::Infantry,
                count: u16::try_from(total).unwrap_or(u16::MAX),
                bought: date,
                due: super::due(ctx, delay),
                port: None,
                rule: "12.1.1".into(),
            },
        });
    }
    out
}
