//! Rule 8.2 (Coalition's Money and Manpower Collection Step, `docs/rules/economic.md`): in each Economic Phase
//! every power in the game collects money and manpower from the home-nation provinces it holds, from the minor
//! countries it controls (a free state in full, a conquered minor in the chart's part), and from colonial trade,
//! cut by naval raiding when optional rule 12.2.2 is on.

use super::{Amount, Income};
use crate::event::Event;
use crate::game::Ctx;
use crate::ids::{Nation, PowerId, ProvinceId, SeaId};
use crate::political::name;
use crate::rulebook::OptionalRule;
use crate::scenario::{Location, MinorStatus};
use std::collections::{BTreeMap, BTreeSet};

/// A `TreasuryChanged` event per power in the game, with its income by source.
pub fn begin(ctx: &Ctx) -> Vec<Event> {
    ctx.state
        .powers_in_game()
        .into_iter()
        .map(|p| {
            let (income, reason) = income(ctx, p);
            let total = income.total();
            Event::TreasuryChanged {
                power: p,
                money: total.money,
                manpower: total.manpower,
                rule: "8.2".into(),
                reason,
                income: Some(income),
            }
        })
        .collect()
}

/// Each province's areas, in id order.
pub(crate) fn province_areas(ctx: &Ctx) -> BTreeMap<ProvinceId, Vec<crate::ids::AreaId>> {
    let mut m: BTreeMap<ProvinceId, Vec<_>> = BTreeMap::new();
    for a in &ctx.scenario.map.areas {
        m.entry(a.province).or_default().push(a.id);
    }
    m
}

/// The provinces of `nation`, split into those `power` holds whole and those another power holds part of (with
/// the holders).
pub(crate) fn provinces_of(
    ctx: &Ctx,
    areas: &BTreeMap<ProvinceId, Vec<crate::ids::AreaId>>,
    nation: Nation,
    power: PowerId,
) -> (Amount, Vec<(ProvinceId, BTreeSet<PowerId>)>) {
    let mut held = Amount::default();
    let mut lost = Vec::new();
    for prov in &ctx.scenario.map.provinces {
        if ctx.scenario.nation(prov.nation) != Some(nation) {
            continue;
        }
        let holders: BTreeSet<PowerId> = areas
            .get(&prov.id)
            .into_iter()
            .flatten()
            .filter_map(|a| ctx.state.area_power(ctx.scenario, *a))
            .filter(|h| *h != power)
            .collect();
        if holders.is_empty() {
            held = held.plus(Amount {
                money: prov.money as i32,
                manpower: prov.manpower as i32,
            });
        } else {
            lost.push((prov.id, holders));
        }
    }
    (held, lost)
}

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
    ctx.state.at_war(owner, me)
        || ctx
            .state
            .controller_of(owner)
            .is_some_and(|c| c != power && ctx.state.at_war(Nation::Power(c), me))
}

/// The sea areas next to `power`'s home nation holding an enemy fleet (12.2.2).
pub fn raided_seas(ctx: &Ctx, power: PowerId) -> BTreeSet<SeaId> {
    let seas = home_seas(ctx, power);
    ctx.state
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
    let areas = province_areas(ctx);
    let mut inc = Income::default();
    let mut parts = Vec::new();

    // Home-nation provinces.
    let (held, lost) = provinces_of(ctx, &areas, Nation::Power(power), power);
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
    for (id, st) in &ctx.state.minors {
        if st.controller != Some(power) || st.status == MinorStatus::Neutral {
            continue;
        }
        let (full, _) = provinces_of(ctx, &areas, Nation::Minor(*id), power);
        let minor_name = ctx
            .scenario
            .minor(*id)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| id.to_string());
        let got = match st.status {
            MinorStatus::Conquered => {
                let part = |x: i32| {
                    x * chart.conquered_minor_num as i32 / chart.conquered_minor_den.max(1) as i32
                };
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
