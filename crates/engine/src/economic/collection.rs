//! Rule 8.2 (Coalition's Money and Manpower Collection Step, `docs/rules/economic.md`): in each Economic Phase
//! every power in the game collects money and manpower from the home-nation provinces it holds, from the minor
//! countries it controls (a free state in full, a conquered minor in the chart's part), and from colonial trade,
//! cut by naval raiding when optional rule 12.2.2 is on.

use super::{Amount, Ctx, Cx, EconomicEvent, EconomyState, Income};
use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::{Nation, PowerId, SeaId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::{Location, MinorStatus};
use crate::world::{Ask, Step, World, WorldEvent, name};
use std::collections::{BTreeMap, BTreeSet};
use std::convert::Infallible;

/// The Money and Manpower Collection Step (8.2): it asks nothing.
pub struct Collection;

impl Step for Collection {
    type State = EconomyState;
    type Event = EconomicEvent;
    type Decision = Infallible;

    /// A `TreasuryChanged` event per power with an Economic Phase, with its income by source (American trade,
    /// with its die roll first, when 12.9 is on), then the reparations and loans due this phase (`transfers`).
    fn begin(cx: &mut Cx, dice: &mut Dice) -> Option<Ask> {
        super::shipyard::launch(cx);
        let ctx = cx.ctx();
        let payers = super::powers_with_economic_phase(ctx.world);
        let mut incomes: Vec<(PowerId, Income, String)> = payers
            .iter()
            .map(|p| {
                let (i, r) = income(&ctx, *p);
                (*p, i, r)
            })
            .collect();
        let roll = if ctx.rulebook.has(OptionalRule::AmericanTrade) {
            american_trade(&ctx, dice, &mut incomes)
        } else {
            None
        };
        if let Some(e) = roll {
            cx.push(e);
        }
        for (p, income, reason) in incomes {
            let total = income.total();
            cx.push(WorldEvent::TreasuryChanged {
                power: p,
                money: total.money,
                manpower: total.manpower,
                rule: "8.2".into(),
                reason,
                income: Some(income),
            });
        }
        super::upkeep::charge(cx, &payers);
        super::transfers::collect(cx, &payers);
        None
    }

    asks_nothing!("Collection Step (8.2)");
}

/// 12.9 (Coalition's 8.2 American trade): the powers denied trade with America: those at war with Britain, and
/// those a B.6 trade restriction binds (while it is kept).
pub fn denied_american_trade(ctx: &Ctx, britain: PowerId) -> BTreeSet<PowerId> {
    let b = Nation::Power(britain);
    let mut out: BTreeSet<PowerId> = ctx
        .world
        .powers_in_game()
        .into_iter()
        .filter(|p| *p != britain && ctx.world.at_war(Nation::Power(*p), b))
        .collect();
    for o in &ctx.world.treaties.obligations {
        if let crate::world::Obligation::TradeRestriction {
            loser,
            broken: None,
            ..
        } = o
        {
            if *loser != britain && ctx.world.in_game(*loser) {
                out.insert(*loser);
            }
        }
    }
    out
}

/// 12.9: every power but Britain not denied American trade receives it; when any is denied, Britain rolls one
/// die, and on at most `war_per_denied` for each power denied America is at war with it this phase, cutting its
/// colonial trade by `war_loss` (to no less than 0). Returns the die roll's event, if Britain rolled.
fn american_trade(
    ctx: &Ctx,
    dice: &mut Dice,
    incomes: &mut [(PowerId, Income, String)],
) -> Option<WorldEvent> {
    let chart = &ctx.scenario.charts.economy.american_trade;
    let britain = chart.britain.filter(|b| ctx.world.in_game(*b))?;
    let denied = denied_american_trade(ctx, britain);
    for (p, inc, reason) in incomes.iter_mut() {
        if *p == britain {
            continue;
        }
        if denied.contains(p) {
            reason.push_str("; no American trade (12.9: denied)");
        } else if chart.money > 0 {
            inc.american = chart.money as i32;
            reason.push_str(&format!("; American trade {} (12.9)", chart.money));
        }
    }
    if denied.is_empty() {
        return None;
    }
    let target = chart.war_per_denied as i32 * denied.len() as i32;
    let names: Vec<String> = denied.iter().map(|p| name(ctx.scenario, *p)).collect();
    let roll = dice.roll(
        britain.as_str(),
        "12.9",
        &format!(
            "war with America: at most {target} ({} denied American trade: {})",
            denied.len(),
            names.join(", ")
        ),
        1,
        vec![],
    );
    let war = roll.total <= target;
    if let Some((_, inc, reason)) = incomes.iter_mut().find(|(p, _, _)| *p == britain) {
        if war {
            let lost = (chart.war_loss as i32).min(inc.trade);
            inc.trade -= lost;
            inc.american_war_lost = lost;
            reason.push_str(&format!(
                "; America at war with {} (12.9: rolled {} ≤ {target}): colonial trade −{lost}",
                name(ctx.scenario, britain),
                roll.total
            ));
        } else {
            reason.push_str(&format!(
                "; America stays at peace (12.9: rolled {} > {target})",
                roll.total
            ));
        }
    }
    Some(WorldEvent::DiceRolled { roll })
}

pub(crate) use crate::world::provinces::{province_areas, provinces_of};

/// The sea areas next to `power`'s home nation, outposts left out (12.2.2).
pub fn home_seas(ctx: &Ctx, power: PowerId) -> BTreeSet<SeaId> {
    ctx.scenario
        .territory(Nation::Power(power))
        .iter()
        .filter_map(|a| ctx.scenario.area(*a))
        .filter(|a| ctx.scenario.province(a.province).is_none_or(|p| !p.outpost))
        .flat_map(|a| a.seas.iter().copied())
        .collect()
}

/// Whether a fleet of `owner` is an enemy of `power`: its nation, or the power controlling it, is at war with it.
fn enemy_of(ctx: &Ctx, owner: Nation, power: PowerId) -> bool {
    let me = Nation::Power(power);
    ctx.world.at_war(owner, me)
        || ctx
            .world
            .controller_of(owner)
            .is_some_and(|c| c != power && ctx.world.at_war(Nation::Power(c), me))
}

/// The sea areas next to `power`'s home nation holding an enemy fleet (12.2.2).
pub fn raided_seas(ctx: &Ctx, power: PowerId) -> BTreeSet<SeaId> {
    let seas = home_seas(ctx, power);
    ctx.world
        .forces
        .fleets
        .values()
        .filter(|f| f.ships > 0 && enemy_of(ctx, f.owner, power))
        .filter_map(|f| match f.location {
            Location::Sea(s) if seas.contains(&s) => Some(s),
            _ => None,
        })
        .collect()
}

fn sea_name(ctx: &Ctx, s: SeaId) -> String {
    ctx.scenario
        .sea(s)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| s.to_string())
}

fn amount(a: Amount) -> String {
    format!("{} money, {} manpower", a.money, a.manpower)
}

/// `power`'s income this Economic Phase, and the reason that names each source.
pub fn income(ctx: &Ctx, power: PowerId) -> (Income, String) {
    let chart = &ctx.scenario.charts.economy;
    let areas = province_areas(ctx.scenario);
    let mut inc = Income::default();
    let mut parts = Vec::new();

    // Home-nation provinces.
    let (held, lost) = provinces_of(ctx.scenario, ctx.world, areas, Nation::Power(power), power);
    inc.provinces = held;
    let mut line = format!("provinces {}", amount(held));
    if !lost.is_empty() {
        let names: Vec<String> = lost
            .iter()
            .map(|(prov, holders)| {
                let p = ctx.scenario.province(*prov);
                if let Some(p) = p {
                    inc.occupied = inc.occupied.plus(Amount {
                        money: p.money as i32,
                        manpower: p.manpower as i32,
                    });
                }
                let by: Vec<String> = holders.iter().map(|h| name(ctx.scenario, *h)).collect();
                format!(
                    "{} (held by {})",
                    p.map(|p| p.name.clone())
                        .unwrap_or_else(|| prov.to_string()),
                    by.join(" and ")
                )
            })
            .collect();
        line.push_str(&format!("; nothing from {}", names.join(", ")));
    }
    parts.push(line);

    // Controlled minor countries.
    let mut minor_lines = Vec::new();
    for (id, st) in &ctx.world.minors {
        if st.controller != Some(power) || st.status == MinorStatus::Neutral {
            continue;
        }
        let (full, _) = provinces_of(ctx.scenario, ctx.world, areas, Nation::Minor(*id), power);
        let minor_name = ctx
            .scenario
            .minor(*id)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| id.to_string());
        let got = match st.status {
            MinorStatus::Conquered => {
                let part = |x: i32| super::conquered_share(x, chart);
                let got = Amount {
                    money: part(full.money),
                    manpower: part(full.manpower),
                };
                minor_lines.push(format!(
                    "{minor_name} {}/{} (conquered: {}/{} of {}/{})",
                    got.money,
                    got.manpower,
                    chart.conquered_minor_num,
                    chart.conquered_minor_den,
                    full.money,
                    full.manpower
                ));
                got
            }
            _ => {
                minor_lines.push(format!("{minor_name} {}/{}", full.money, full.manpower));
                full
            }
        };
        inc.minors = inc.minors.plus(got);
    }
    if !minor_lines.is_empty() {
        parts.push(format!(
            "minors {} ({})",
            amount(inc.minors),
            minor_lines.join(", ")
        ));
    }

    // Colonial trade, cut by naval raiding (12.2.2).
    let trade = ctx
        .scenario
        .power(power)
        .map_or(0, |d| d.colonial_trade as i32);
    if trade > 0 {
        let raided = if ctx.rulebook.has(OptionalRule::NavalRaiding) {
            raided_seas(ctx, power)
        } else {
            BTreeSet::new()
        };
        let cut = (raided.len() as i32 * chart.naval_raiding_loss as i32).min(trade);
        inc.trade = trade - cut;
        inc.trade_lost = cut;
        if raided.is_empty() {
            parts.push(format!("colonial trade {trade}"));
        } else {
            let seas: Vec<String> = raided.iter().map(|s| sea_name(ctx, *s)).collect();
            parts.push(format!(
                "colonial trade {trade} − {cut} = {} (12.2.2: enemy fleets in the {})",
                inc.trade,
                seas.join(", the ")
            ));
        }
    }
    (inc, parts.join("; "))
}
