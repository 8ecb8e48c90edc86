//! Rule 14.3.1.1 and 14.3.1.2 (with 14.3.2.4.1): bids for the uncontrolled major powers. Which players may bid
//! for which UMP and how much (the bars of 14.3.1.1), the modifiers of each bidder's roll (14.3.1.2.1 to
//! 14.3.1.2.5, the Natural Alliance Table UMP1), and the bids' text form.

use super::players::{highest_power, seated};
use crate::kernel::dice::Modifier;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PlayerId, PowerId};
use crate::scenario::{Location, Scenario};
use crate::world::{Ctx, WarCause, World, name};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// 14.3.1.1: one bid, in victory points, for one UMP.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct UmpBid {
    pub ump: PowerId,
    /// Victory points bid: 0 to the chart's maximum (14.3.1.1). Any whole number is held, so that a bid out of
    /// range is refused by the rule it breaks.
    pub points: i32,
}

impl fmt::Display for UmpBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.ump, self.points)
    }
}

/// Why a bidding round is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BiddingKind {
    /// Before the first month of a game that starts with UMPs nobody controls (Coalition's reading of 14.3.1.1).
    Opening,
    /// The December UMP Control Step (14.3.1).
    December,
    /// War declared on an UMP nobody controls (14.3.1.3.3, 14.3.2.4.1): inactive status only.
    MidYear,
}

/// A bidding round in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    pub kind: BiddingKind,
    /// The UMPs bid for, in key order.
    pub umps: Vec<PowerId>,
    /// The power each player bids through (its highest controlled major power), with the player.
    pub bidders: BTreeMap<PowerId, PlayerId>,
}

fn chart<'a, S>(ctx: &Ctx<'a, S>) -> &'a crate::scenario::UmpControlChart {
    &ctx.scenario.charts.ump_control
}

/// The UMP's controlled territory (14.3.1.1): every land area it holds.
fn in_territory(ctx: &Ctx, ump: PowerId, a: AreaId) -> bool {
    ctx.world.area_power(ctx.scenario, a) == Some(ump)
}

/// Whether `q` (or a minor it controls) has land forces inside `ump`'s controlled territory (14.3.1.1).
pub fn forces_in_territory(ctx: &Ctx, q: PowerId, ump: PowerId) -> bool {
    let st = ctx.world;
    st.forces.corps.values().any(|c| {
        st.controller_of(c.owner) == Some(q)
            && !c.factors.is_empty()
            && matches!(c.location, Location::Area(a) if in_territory(ctx, ump, a))
    }) || st.forces.garrisons.iter().any(|((a, n), f)| {
        !f.is_empty() && st.controller_of(*n) == Some(q) && in_territory(ctx, ump, *a)
    })
}

/// Whether `q` declared war on `ump` this month (14.3.1.1, 14.3.2.4.1): a war between them begun this month in
/// which `q` is an aggressor.
pub fn declared_this_month(state: &World, q: PowerId, ump: PowerId) -> bool {
    let (qn, un) = (Nation::Power(q), Nation::Power(ump));
    state.relations.wars.iter().any(|w| {
        // Both sides of a mutual declaration declared, and so did both sides of one forced by 4.6.4.2.
        let both = w.cause == WarCause::Mutual
            || matches!(&w.cause, WarCause::Rule { rule } if rule == "4.6.4.2");
        w.since == state.date()
            && ((w.aggressor == qn && w.defender == un)
                || (both && w.aggressor == un && w.defender == qn))
    })
}

/// 14.3.1.1: whether the player bidding through `bidder` may bid for `ump`: `Err` when barred, `Ok(true)` when
/// only a bid of 0 is allowed (at war), `Ok(false)` when any bid is.
pub fn bar(ctx: &Ctx, bidding: &Bidding, bidder: PowerId, ump: PowerId) -> RuleResult<bool> {
    let them = name(ctx.scenario, ump);
    if !bidding.umps.contains(&ump) {
        return Err(RuleError::new(
            "14.3.1.1",
            format!("{them} is not an UMP bid for now"),
        ));
    }
    let Some(player) = bidding.bidders.get(&bidder) else {
        return Err(RuleError::new(
            "14.3.1.1",
            format!("{} does not bid now", name(ctx.scenario, bidder)),
        ));
    };
    let mut only_zero = false;
    for q in seated(ctx.world, *player) {
        let mine = name(ctx.scenario, q);
        if declared_this_month(ctx.world, q, ump) {
            let rule = if bidding.kind == BiddingKind::MidYear {
                "14.3.2.4.1"
            } else {
                "14.3.1.1"
            };
            return Err(RuleError::new(
                rule,
                format!(
                    "{mine} declared war on {them} this month ({}): player `{player}` may not bid for it",
                    ctx.world.date()
                ),
            ));
        }
        if ctx.world.at_war(Nation::Power(q), Nation::Power(ump)) {
            if forces_in_territory(ctx, q, ump) {
                return Err(RuleError::new(
                    "14.3.1.1",
                    format!(
                        "{mine} is at war with {them} and has forces inside its controlled territory: player `{player}` may not bid for it"
                    ),
                ));
            }
            only_zero = true;
        }
    }
    Ok(only_zero)
}

/// The players' bidding powers for `umps`: each player with at least one UMP it may bid for.
pub(crate) fn bidders(
    ctx: &Ctx,
    kind: BiddingKind,
    umps: &[PowerId],
) -> BTreeMap<PowerId, PlayerId> {
    let mut out = BTreeMap::new();
    for pl in ctx.world.players.keys() {
        let Some(p) = highest_power(ctx.world, *pl) else {
            continue;
        };
        let probe = Bidding {
            kind,
            umps: umps.to_vec(),
            bidders: [(p, *pl)].into_iter().collect(),
        };
        if umps.iter().any(|u| bar(ctx, &probe, p, *u).is_ok()) {
            out.insert(p, *pl);
        }
    }
    out
}

/// The UMPs bid for in a December step: every UMP still in the game.
pub fn december_umps(state: &World) -> Vec<PowerId> {
    state
        .umps
        .keys()
        .copied()
        .filter(|u| state.in_game(*u))
        .collect()
}

/// The UMPs bid for in the opening step: those nobody controls.
pub fn opening_umps(state: &World) -> Vec<PowerId> {
    december_umps(state)
        .into_iter()
        .filter(|u| super::controller_of(state, *u).is_none())
        .collect()
}

/// 14.3.1.1: checks a player's bids in the bidding `b`: each for an UMP bid for now, at most once, not barred, 0
/// to the chart's highest bid, and 0 when at war with it.
pub fn check(ctx: &Ctx, b: &Bidding, power: PowerId, bids: &[UmpBid]) -> RuleResult<()> {
    let umps: Vec<PowerId> = bids.iter().map(|x| x.ump).collect();
    crate::kernel::error::distinct(&umps)?;
    for x in bids {
        let only_zero = bar(ctx, b, power, x.ump)?;
        let most = chart(ctx).max_bid;
        if x.points < 0 || x.points > i32::from(most) {
            return Err(RuleError::new(
                "14.3.1.1",
                format!(
                    "a bid is a whole number from 0 to {most} victory points, not {} (for {})",
                    x.points,
                    name(ctx.scenario, x.ump)
                ),
            ));
        }
        if only_zero && x.points > 0 {
            return Err(RuleError::new(
                "14.3.1.1",
                format!(
                    "a player at war with {} must bid 0 for it, not {}",
                    name(ctx.scenario, x.ump),
                    x.points
                ),
            ));
        }
    }
    Ok(())
}

/// 14.3.1.2.1 to 14.3.1.2.5: the modifiers of `bidder`'s roll for `ump` with a bid of `points`.
pub fn modifiers(ctx: &Ctx, bidder: PowerId, ump: PowerId, points: i32) -> Vec<Modifier> {
    let (sc, st) = (ctx.scenario, ctx.world);
    let (me, them) = (name(sc, bidder), name(sc, ump));
    let mut v = vec![Modifier::new(
        points,
        "14.3.1.2.1",
        format!("{me} bid {points}"),
    )];
    if st.allied(bidder, ump) {
        v.push(Modifier::new(
            chart(ctx).allied_modifier,
            "14.3.1.2.2",
            format!("{me} is allied to {them}"),
        ));
    }
    if st.at_war(Nation::Power(bidder), Nation::Power(ump)) {
        v.push(Modifier::new(
            chart(ctx).at_war_modifier,
            "14.3.1.2.3",
            format!("{me} is at war with {them}"),
        ));
    }
    let line = crate::world::status::status_line(sc, st, bidder);
    v.push(Modifier::new(
        line.as_ref().map_or(0, |l| l.modifier),
        "14.3.1.2.4",
        format!(
            "{me}'s status modifier ({})",
            line.map_or("no zone".to_string(), |l| format!("{} zone", l.zone))
        ),
    ));
    v.push(Modifier::new(
        natural_alliance(sc, bidder, ump),
        "14.3.1.2.5",
        format!("natural alliance of {me} with {them} (UMP1)"),
    ));
    v
}

/// UMP1: the Natural Alliance Table's modifier for `controlled` bidding for `ump` (data).
pub fn natural_alliance(sc: &Scenario, controlled: PowerId, ump: PowerId) -> i32 {
    sc.charts
        .natural_alliance
        .get(&controlled)
        .and_then(|row| row.get(&ump))
        .copied()
        .unwrap_or(0)
}

/// `power`'s legal bids in the bidding `b`: declining every UMP, and each single bid it may make (several may be
/// combined).
pub fn choices(ctx: &Ctx, b: &Bidding, power: PowerId) -> Vec<Vec<UmpBid>> {
    if !b.bidders.contains_key(&power) {
        return vec![];
    }
    let mut v = vec![vec![]];
    for u in &b.umps {
        let most = match bar(ctx, b, power, *u) {
            Err(_) => continue,
            Ok(true) => 0,
            Ok(false) => i32::from(chart(ctx).max_bid),
        };
        for points in 0..=most {
            v.push(vec![UmpBid { ump: *u, points }]);
        }
    }
    v
}

/// Reads `bid none` or `bid prussia:5,spain:5,turkey:1`.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<Vec<UmpBid>>> {
    if verb != "bid" {
        return None;
    }
    if rest.is_empty() || rest == "none" {
        return Some(Ok(vec![]));
    }
    let usage = || {
        RuleError::new(
            "3.3",
            "write `bid none` or `bid POWER:POINTS[,POWER:POINTS]`",
        )
    };
    Some(
        rest.split([',', ' '])
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(|item| {
                let (u, n) = item.split_once(':').ok_or_else(usage)?;
                let ump = match scenario.nation_by_name(u.trim()) {
                    Some(Nation::Power(p)) => p,
                    _ => {
                        return Err(RuleError::new(
                            "3.4",
                            format!(
                                "`{u}` is not a major power of scenario {}",
                                scenario.meta.id
                            ),
                        ));
                    }
                };
                // Any whole number is read: a bid out of range is refused by the rule it breaks (`check`).
                let most = scenario.charts.ump_control.max_bid;
                let points = n.trim().parse::<i32>().map_err(|_| {
                    RuleError::new(
                        "14.3.1.1",
                        format!(
                            "a bid is a whole number from 0 to {most} victory points, not `{}` (for {})",
                            n.trim(),
                            name(scenario, ump)
                        ),
                    )
                })?;
                Ok(UmpBid { ump, points })
            })
            .collect(),
    )
}
