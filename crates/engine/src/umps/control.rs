//! Rule 14.3.1: the UMP Control Step (December's, the opening one, and the mid-year bidding of 14.3.1.3.3), and
//! the UMPs' status at the start of the game (14.3). Players and their powers are in `players`, the bids and
//! their bars and modifiers in `bids`.
//!
//! Coalition's reading (`docs/rules/umps.md`), in short:
//! - Every major power no player has a seat for is an uncontrolled major power (UMP) from the start of the game
//!   (14.3); a scenario may name UMPs already controlled by a seated power (`controlled_umps`), which start
//!   active. An UMP that is neutral at the start leaves the map at once (14.3.2.4.2).
//! - A game that starts at its scenario's start with an UMP nobody controls opens with an UMP Control Step dated
//!   the December before the first month (the 1805 example of 14.3.1.1: the players bid right after choosing
//!   their powers). Every December's UMP Control Step bids again for every UMP.
//! - Decisions are made per power: a player bids through its highest controlled major power (the seated power
//!   still in the game with the most victory points, ties in key order). That power pays the bids (14.3.1.1),
//!   rolls with its own modifiers (14.3.1.2) and gains control (14.3.1.3).
//! - The bars of 14.3.1.1 look at every power the player has a seat for: one at war with the UMP with forces in
//!   its controlled territory, or one that declared war on it this month, bars the player; one at war with it
//!   allows only a bid of 0.
//! - The winner's first modified roll sets the status; ties for the highest are broken by unmodified
//!   competitive rolls among the tied.
//! - An UMP nobody bids for is uncontrolled: neutral, or inactive when at war with a major power, in which case
//!   it must sue for peace in the next Peace Step and accept an unconditional peace (14.3.1.3.3, `midyear`).
//!
//! Default decision (3.6): decline every UMP (`bid none`).

use super::{UmpOut, UmpStatus, on_becoming_neutral, on_leaving_neutral, status_of};
use crate::kernel::calendar::Date;
use crate::kernel::dice::{Dice, Entrant, Modifier, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{Nation, PowerId};
pub use crate::world::umps::ForcedSurrender;
use crate::world::{
    Ask, Ctx, PeaceKind, PeaceRecord, Step, World, WorldEvent, apply::apply as apply_world, name,
    points,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::bids::{
    Bidding, BiddingKind, UmpBid, bar, december_umps, declared_this_month, forces_in_territory,
    modifiers, natural_alliance, opening_umps, parse,
};
pub use super::players::{
    check_player, controls, highest_power, player_score, powers_of, scores, seated,
};

/// How the UMP rules emit: the world's events and their own, each applied at once through the game's emitter.
pub type Cx<'a> = crate::world::Cx<'a, ControlState, UmpOut>;

/// The UMP Control Step's sub-state and records, kept in `State`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ControlState {
    /// The bidding round in progress, if any.
    #[serde(default)]
    pub bidding: Option<Bidding>,
}

/// The UMP Control Step's own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ControlEvent {
    /// A bidding round opens for these UMPs.
    Opened { bidding: Bidding },
    /// The bidding is over.
    Closed,
    /// 14.3.1.3.3: nobody bid for an UMP at war; it must surrender.
    SurrenderForced {
        surrender: ForcedSurrender,
        reason: String,
    },
}

/// Applies one of the step's events (a forced surrender is a record of the world).
pub fn apply(own: &mut ControlState, world: &mut World, e: &ControlEvent) {
    match e {
        ControlEvent::Opened { bidding } => own.bidding = Some(bidding.clone()),
        ControlEvent::Closed => own.bidding = None,
        ControlEvent::SurrenderForced { surrender, .. } => {
            world.forced_surrenders.push(surrender.clone())
        }
    }
}

/// The UMP Control Step (14.3.1): a sealed round of bids for the UMPs, by each player's highest controlled power.
/// The opening step (dated before the scenario's first month) bids for the UMPs nobody controls, December's for
/// every UMP; the mid-year bidding after a declaration of war (`midyear`) takes the same decisions.
pub struct UmpControl;

impl Step for UmpControl {
    type State = ControlState;
    type Event = UmpOut;
    type Decision = Vec<UmpBid>;

    fn begin(cx: &mut Cx, dice: &mut Dice) -> Option<Ask> {
        let w = cx.world();
        let (kind, umps) = if w.date() < cx.scenario.meta.start {
            (BiddingKind::Opening, opening_umps(w))
        } else {
            (BiddingKind::December, december_umps(w))
        };
        open(cx, kind, umps, dice)
    }

    fn choices(ctx: &Ctx<ControlState>, power: PowerId) -> Vec<Vec<UmpBid>> {
        match &ctx.own.bidding {
            Some(b) => super::bids::choices(&ctx.plain(), b, power),
            None => vec![],
        }
    }

    /// The default (3.6): decline every UMP.
    fn default(_ctx: &Ctx<ControlState>, _power: PowerId) -> Vec<UmpBid> {
        vec![]
    }

    fn check(ctx: &Ctx<ControlState>, power: PowerId, bids: &Vec<UmpBid>) -> RuleResult<()> {
        match &ctx.own.bidding {
            Some(b) => super::bids::check(&ctx.plain(), b, power, bids),
            None => Err(RuleError::new("3.1", "no bidding is open")),
        }
    }

    fn resolve(
        cx: &mut Cx,
        decisions: &BTreeMap<PowerId, Vec<UmpBid>>,
        dice: &mut Dice,
    ) -> Option<Ask> {
        if let Some(b) = cx.own().bidding.clone() {
            settle(cx, &b, decisions, dice);
        }
        None
    }

    fn apply(own: &mut ControlState, world: &mut World, e: &UmpOut) {
        match e {
            UmpOut::World(e) => apply_world(world, e),
            UmpOut::Ump(e) => super::rules::apply(world, e),
            UmpOut::Control(e) => apply(own, world, e),
            UmpOut::PeaceMade(record) => world.treaties.peaces.push(record.clone()),
        }
    }
}

/// Emits one of the UMP rules' events.
pub(crate) fn put(cx: &mut Cx, e: UmpOut) {
    match e {
        UmpOut::World(w) => cx.push(w),
        e => cx.emit(e),
    }
}

/// Emits every event of `events`, in order.
pub(crate) fn put_all(cx: &mut Cx, events: Vec<UmpOut>) {
    for e in events {
        put(cx, e);
    }
}

/// Pushes an UMP's change of controller and status, then what follows a change to or from neutral
/// (14.3.1.3.1, 14.3.1.3.2: the combined economic phase; 14.3.2.4.2: the forces leave the map).
pub(crate) fn set_control(
    cx: &mut Cx,
    ump: PowerId,
    controller: Option<PowerId>,
    status: UmpStatus,
    rule: &str,
    reason: String,
) {
    let prior = status_of(cx.world(), ump);
    cx.push(WorldEvent::UmpControl {
        ump,
        controller,
        status,
        rule: rule.into(),
        reason,
    });
    let was_neutral = prior == Some(UmpStatus::Neutral);
    if was_neutral
        && status != UmpStatus::Neutral
        && let Some(c) = controller
    {
        let more = on_leaving_neutral(&cx.ctx().plain(), ump, c);
        put_all(cx, more);
    }
    if !was_neutral && status == UmpStatus::Neutral {
        let more = on_becoming_neutral(&cx.ctx().plain(), ump);
        put_all(cx, more);
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The start of the game

/// 14.3: at the start, every major power no player has a seat for becomes an UMP: controlled (and active) when
/// the scenario names a seated controller for it (`controlled_umps`), else uncontrolled, inactive if at war with
/// a major power, neutral otherwise (its forces leave the map, 14.3.2.4.2).
pub fn start(cx: &mut Cx) {
    let sc = cx.scenario;
    let campaign: BTreeMap<PowerId, PowerId> = sc.meta.controlled_umps.iter().copied().collect();
    let umps: Vec<PowerId> = sc
        .power_ids()
        .filter(|p| cx.world().player_of(*p).is_none())
        .collect();
    for u in umps {
        let controller = campaign
            .get(&u)
            .copied()
            .filter(|c| cx.world().players.values().any(|ps| ps.contains(c)));
        let (status, reason) = match controller {
            Some(c) => (
                UmpStatus::Active,
                format!(
                    "no player has a seat for {}; the scenario gives it to {} at the start",
                    name(sc, u),
                    name(sc, c)
                ),
            ),
            None if cx.world().at_war_with_a_major(Nation::Power(u)) => (
                UmpStatus::Inactive,
                format!(
                    "no player has a seat for {}; nobody controls it and it is at war",
                    name(sc, u)
                ),
            ),
            None => (
                UmpStatus::Neutral,
                format!(
                    "no player has a seat for {}; nobody controls it and it is at peace",
                    name(sc, u)
                ),
            ),
        };
        // The hooks see the UMP as new: a neutral one leaves the map now.
        cx.push(WorldEvent::UmpControl {
            ump: u,
            controller,
            status,
            rule: "14.3".into(),
            reason,
        });
        if status == UmpStatus::Neutral {
            let more = on_becoming_neutral(&cx.ctx().plain(), u);
            put_all(cx, more);
        }
    }
}

/// Whether a game starting now opens with an UMP Control Step: some UMP in the game has no controller.
pub fn opening_needed(state: &World) -> bool {
    state
        .umps
        .iter()
        .any(|(u, s)| s.controller.is_none() && state.in_game(*u))
}

// ---------------------------------------------------------------------------------------------------------------
// The round

/// Opens a bidding round of `kind` for `umps` (14.3.1.1), or settles at once when no player may bid: the sealed
/// round it asks for, if any.
pub(crate) fn open(
    cx: &mut Cx,
    kind: BiddingKind,
    umps: Vec<PowerId>,
    dice: &mut Dice,
) -> Option<Ask> {
    if umps.is_empty() {
        return None;
    }
    let bidders = super::bids::bidders(&cx.ctx().plain(), kind, &umps);
    let bidding = Bidding {
        kind,
        umps,
        bidders,
    };
    cx.emit(UmpOut::Control(ControlEvent::Opened {
        bidding: bidding.clone(),
    }));
    if bidding.bidders.is_empty() {
        settle(cx, &bidding, &BTreeMap::new(), dice);
        None
    } else {
        Ask::sealed(bidding.bidders.keys().copied().collect())
    }
}

/// 14.3.1.1 to 14.3.1.3.3: charges the bids (revealed by the game), rolls and gives each UMP its controller and
/// status.
fn settle(
    cx: &mut Cx,
    bidding: &Bidding,
    decisions: &BTreeMap<PowerId, Vec<UmpBid>>,
    dice: &mut Dice,
) {
    let sc = cx.scenario;
    // 14.3.1.1: the total of a player's bids comes off its highest controlled power's victory points.
    for (p, bids) in decisions {
        let total: i32 = bids.iter().map(|b| b.points).sum();
        if total > 0 {
            let list = bids
                .iter()
                .map(|b| format!("{} for {}", b.points, name(sc, b.ump)))
                .collect::<Vec<_>>()
                .join(", ");
            cx.push(WorldEvent::VictoryPointsChanged {
                power: *p,
                delta: -total,
                rule: "14.3.1.1".into(),
                reason: format!("{} bid {list}: {total} in all", name(sc, *p)),
            });
        }
    }
    let dice_n = sc.charts.ump_control.dice as usize;
    // The rolls are simultaneous: every modifier is read as the bids are revealed, before any UMP changes hands.
    let entrants: Vec<Vec<(PowerId, Vec<Modifier>)>> = {
        let ctx = cx.ctx().plain();
        bidding
            .umps
            .iter()
            .map(|ump| {
                decisions
                    .iter()
                    .filter_map(|(p, bids)| {
                        bids.iter()
                            .find(|b| b.ump == *ump)
                            .map(|b| (*p, modifiers(&ctx, *p, *ump, b.points)))
                    })
                    .collect()
            })
            .collect()
    };
    for (ump, entrants) in bidding.umps.iter().zip(entrants) {
        if entrants.is_empty() {
            no_bidder(cx, bidding.kind, *ump);
            continue;
        }
        let purpose = format!("control of {}", name(sc, *ump));
        let mut totals = Vec::new();
        for (b, mods) in entrants {
            let roll = dice.roll(b.as_str(), "14.3.1.2", &purpose, dice_n, mods);
            totals.push((b, roll.total));
            cx.push(WorldEvent::DiceRolled { roll });
        }
        let best = totals.iter().map(|t| t.1).max().unwrap_or(0);
        let tied: Vec<PowerId> = totals.iter().filter(|t| t.1 == best).map(|t| t.0).collect();
        let winner = if tied.len() == 1 {
            tied[0]
        } else {
            let entrants: Vec<Entrant<PowerId>> = tied
                .iter()
                .map(|b| Entrant {
                    id: *b,
                    label: b.to_string(),
                    modifiers: vec![],
                })
                .collect();
            let (rolls, ranking) = competitive(
                dice,
                "14.3.1.3",
                &format!("{purpose}: tie at {best}"),
                dice_n,
                &entrants,
            );
            for roll in rolls {
                cx.push(WorldEvent::DiceRolled { roll });
            }
            ranking.first().copied().unwrap_or(tied[0])
        };
        gain(cx, bidding.kind, *ump, winner, best);
    }
    cx.emit(UmpOut::Control(ControlEvent::Closed));
}

/// 14.3.1.3: `winner` gains control of `ump` with a modified roll of `total`.
fn gain(cx: &mut Cx, kind: BiddingKind, ump: PowerId, winner: PowerId, total: i32) {
    let sc = cx.scenario;
    let (me, them) = (name(sc, winner), name(sc, ump));
    cx.push(points(
        sc,
        winner,
        "ump-control",
        1,
        "14.3.1.3",
        format!("{me} gains control of {them}"),
    ));
    // 14.3.2.1: a power that gains control of an UMP it is at war with makes an informal peace with it at once.
    if cx.world().at_war(Nation::Power(winner), Nation::Power(ump)) {
        let date = cx.world().date();
        cx.push(WorldEvent::WarEnded {
            a: Nation::Power(winner),
            b: Nation::Power(ump),
            date,
            rule: "14.3.2.1".into(),
            reason: format!("{me} gains control of {them}: informal peace, no conditions or terms"),
        });
        let (loser, victor) = if winner < ump {
            (winner, ump)
        } else {
            (ump, winner)
        };
        cx.emit(UmpOut::PeaceMade(PeaceRecord {
            date,
            kind: PeaceKind::Informal,
            loser,
            victor,
            terms: vec![],
            loser_restricted_until: None,
            victor_restricted_until: None,
        }));
    }
    let active_at = sc.charts.ump_control.active_at;
    let at_war = cx.world().at_war_with_a_major(Nation::Power(ump));
    let (status, rule, why) = match kind {
        BiddingKind::MidYear => (
            UmpStatus::Inactive,
            "14.3.1.3.3",
            "gained after a declaration of war: inactive whatever the roll".to_string(),
        ),
        _ if total >= active_at => (
            UmpStatus::Active,
            "14.3.1.3.1",
            format!("modified roll {total}, {active_at} or more: active"),
        ),
        _ if at_war => (
            UmpStatus::Inactive,
            "14.3.1.3.2",
            format!("modified roll {total}, under {active_at}, and {them} is at war: inactive"),
        ),
        _ => (
            UmpStatus::Neutral,
            "14.3.1.3.3",
            format!("modified roll {total}, under {active_at}, and {them} is at peace: neutral"),
        ),
    };
    set_control(
        cx,
        ump,
        Some(winner),
        status,
        rule,
        format!("{me} gains control of {them}: {why}"),
    );
}

/// 14.3.1.3.3: nobody bid for `ump`.
fn no_bidder(cx: &mut Cx, kind: BiddingKind, ump: PowerId) {
    let them = name(cx.scenario, ump);
    let at_war = cx.world().at_war_with_a_major(Nation::Power(ump));
    let date = cx.world().date();
    match kind {
        BiddingKind::MidYear => {
            // It stays as it was (its forces off the map if neutral) and surrenders in this month's Peace Step.
            force_surrender(
                cx,
                ump,
                date,
                format!("nobody bid for {them} after war was declared on it"),
            );
        }
        _ => {
            let status = if at_war {
                UmpStatus::Inactive
            } else {
                UmpStatus::Neutral
            };
            set_control(
                cx,
                ump,
                None,
                status,
                "14.3.1.3.3",
                format!(
                    "nobody bid for {them}: uncontrolled, {}",
                    if at_war { "at war" } else { "neutral" }
                ),
            );
            if at_war {
                force_surrender(
                    cx,
                    ump,
                    date.plus_months(1),
                    format!("nobody bid for {them}, which is at war"),
                );
            }
        }
    }
}

/// Records that `ump` must sue for peace in the Peace Step of `date` and accept an unconditional peace
/// (14.3.1.3.3).
pub(crate) fn force_surrender(cx: &mut Cx, ump: PowerId, date: Date, why: String) {
    cx.emit(UmpOut::Control(ControlEvent::SurrenderForced {
        surrender: ForcedSurrender {
            ump,
            date,
            rule: "14.3.1.3.3".into(),
        },
        reason: format!(
            "{why}: it must sue for peace in the Peace Step of {date} and accept an unconditional peace with all its enemies"
        ),
    }));
}
