//! Rule 14.3.1 (with 14.2.1 and 14.2.2): players and the powers they control, and the UMP Control Step.
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

use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Date;
use crate::kernel::dice::{Dice, Entrant, Modifier, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PlayerId, PowerId};
use crate::kernel::rulebook::Rulebook;
use crate::political::peace::{PeaceEvent, PeaceKind, PeaceRecord};
use crate::political::{name, points};
use crate::scenario::{Location, Scenario};
use crate::state::{RoundKind, State, WarCause};
use crate::umps::{UmpStatus, controller_of, on_becoming_neutral, on_leaving_neutral, status_of};
use crate::world::WorldEvent;
pub use crate::world::umps::ForcedSurrender;
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

/// Applies one of the step's events.
pub fn apply(state: &mut State, e: &ControlEvent) {
    match e {
        ControlEvent::Opened { bidding } => state.ump_control.bidding = Some(bidding.clone()),
        ControlEvent::Closed => state.ump_control.bidding = None,
        ControlEvent::SurrenderForced { surrender, .. } => {
            state.forced_surrenders.push(surrender.clone())
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Players and powers

/// 14.2.1, 14.2.2: the major powers `player` has a seat for.
pub fn seated(state: &State, player: PlayerId) -> Vec<PowerId> {
    state.players.get(&player).cloned().unwrap_or_default()
}

/// 14.2.1, 14.3: whether `player` controls `power` now: a power it has a seat for, or an UMP one of its powers
/// controls this year.
pub fn controls(state: &State, player: PlayerId, power: PowerId) -> bool {
    state.player_of(power) == Some(player)
}

/// Every power `player` decides for now: its seats, then the UMPs they control.
pub fn powers_of(state: &State, player: PlayerId) -> Vec<PowerId> {
    let mut v = seated(state, player);
    v.extend(
        state
            .umps
            .iter()
            .filter(|(u, _)| controls(state, player, **u))
            .map(|(u, _)| *u),
    );
    v
}

/// 14.3.1.1 (14.1.1.3): the player's highest controlled major power: the power it has a seat for, still in the
/// game, with the most victory points (ties: key order). It bids, pays and rolls for the player.
pub fn highest_power(state: &State, player: PlayerId) -> Option<PowerId> {
    let mut best: Option<(PowerId, i32)> = None;
    for p in seated(state, player) {
        let Some(s) = state.powers.get(&p).filter(|s| s.in_game) else {
            continue;
        };
        if best.is_none_or(|(bp, bv)| s.victory_points > bv || (s.victory_points == bv && p < bp)) {
            best = Some((p, s.victory_points));
        }
    }
    best.map(|(p, _)| p)
}

/// 14.1.1.3 as 14.3 reads it: a player's score is that of the highest-scoring major power it has a seat for.
pub fn player_score(state: &State, player: PlayerId) -> Option<i32> {
    seated(state, player)
        .iter()
        .filter_map(|p| state.powers.get(p).map(|s| s.victory_points))
        .max()
}

/// Every player's score (14.1.1.3, 14.3).
pub fn scores(state: &State) -> BTreeMap<PlayerId, i32> {
    state
        .players
        .keys()
        .filter_map(|pl| player_score(state, *pl).map(|s| (*pl, s)))
        .collect()
}

/// Refuses a submission by `player` for `power` unless the player controls it now (14.2.1, 14.3).
pub fn check_player(ctx: &Ctx, player: PlayerId, power: PowerId) -> RuleResult<()> {
    if !ctx.state.players.contains_key(&player) {
        return Err(RuleError::new(
            "14.2.1",
            format!("there is no player `{player}` in this game"),
        ));
    }
    if controls(ctx.state, player, power) {
        return Ok(());
    }
    let them = name(ctx.scenario, power);
    let mine = powers_of(ctx.state, player)
        .iter()
        .map(|p| name(ctx.scenario, *p))
        .collect::<Vec<_>>()
        .join(", ");
    match ctx.state.umps.get(&power) {
        Some(u) => Err(RuleError::new(
            "14.3",
            match u.controller {
                Some(c) => format!(
                    "{them} is an uncontrolled major power run this year by {}, not by player `{player}` (who controls {mine})",
                    name(ctx.scenario, c)
                ),
                None => format!(
                    "{them} is an uncontrolled major power nobody controls: it takes its default decisions (player `{player}` controls {mine})"
                ),
            },
        )),
        None => Err(RuleError::new(
            "14.2.1",
            format!(
                "{them} is played by {}, not by player `{player}` (who controls {mine})",
                ctx.state
                    .player_of(power)
                    .map(|p| format!("player `{p}`"))
                    .unwrap_or_else(|| "nobody".into())
            ),
        )),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Events in order, with a state kept up to date (the hooks read it)

pub(crate) struct Run<'a> {
    sc: &'a Scenario,
    rb: &'a Rulebook,
    pub st: State,
    pub ev: Vec<Event>,
}

impl<'a> Run<'a> {
    pub fn new(ctx: &Ctx<'a>) -> Run<'a> {
        Run {
            sc: ctx.scenario,
            rb: ctx.rulebook,
            st: ctx.state.clone(),
            ev: Vec::new(),
        }
    }
    pub fn push(&mut self, e: impl Into<Event>) {
        let e = e.into();
        crate::apply::apply(&mut self.st, &e);
        self.ev.push(e);
    }
    pub fn ctx(&self) -> Ctx<'_> {
        Ctx {
            scenario: self.sc,
            state: &self.st,
            rulebook: self.rb,
        }
    }
    fn name(&self, p: PowerId) -> String {
        name(self.sc, p)
    }
}

/// Pushes an UMP's change of controller and status, then what follows a change to or from neutral
/// (14.3.1.3.1, 14.3.1.3.2: the combined economic phase; 14.3.2.4.2: the forces leave the map).
pub(crate) fn set_control(
    run: &mut Run,
    ump: PowerId,
    controller: Option<PowerId>,
    status: UmpStatus,
    rule: &str,
    reason: String,
) {
    let prior = status_of(&run.st, ump);
    run.push(Event::World(WorldEvent::UmpControl {
        ump,
        controller,
        status,
        rule: rule.into(),
        reason,
    }));
    let was_neutral = prior == Some(UmpStatus::Neutral);
    if was_neutral
        && status != UmpStatus::Neutral
        && let Some(c) = controller
    {
        for e in on_leaving_neutral(&run.ctx(), ump, c) {
            run.push(e);
        }
    }
    if !was_neutral && status == UmpStatus::Neutral {
        for e in on_becoming_neutral(&run.ctx(), ump) {
            run.push(e);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The start of the game

/// 14.3: at the start, every major power no player has a seat for becomes an UMP: controlled (and active) when
/// the scenario names a seated controller for it (`controlled_umps`), else uncontrolled, inactive if at war with
/// a major power, neutral otherwise (its forces leave the map, 14.3.2.4.2).
pub fn start_events(ctx: &Ctx) -> Vec<Event> {
    let mut run = Run::new(ctx);
    let campaign: BTreeMap<PowerId, PowerId> =
        ctx.scenario.meta.controlled_umps.iter().copied().collect();
    let umps: Vec<PowerId> = ctx
        .scenario
        .power_ids()
        .filter(|p| ctx.state.player_of(*p).is_none())
        .collect();
    for u in umps {
        let controller = campaign
            .get(&u)
            .copied()
            .filter(|c| ctx.state.players.values().any(|ps| ps.contains(c)));
        let (status, reason) = match controller {
            Some(c) => (
                UmpStatus::Active,
                format!(
                    "no player has a seat for {}; the scenario gives it to {} at the start",
                    run.name(u),
                    run.name(c)
                ),
            ),
            None if run.st.at_war_with_a_major(Nation::Power(u)) => (
                UmpStatus::Inactive,
                format!(
                    "no player has a seat for {}; nobody controls it and it is at war",
                    run.name(u)
                ),
            ),
            None => (
                UmpStatus::Neutral,
                format!(
                    "no player has a seat for {}; nobody controls it and it is at peace",
                    run.name(u)
                ),
            ),
        };
        // The hooks see the UMP as new: a neutral one leaves the map now.
        run.push(Event::World(WorldEvent::UmpControl {
            ump: u,
            controller,
            status,
            rule: "14.3".into(),
            reason,
        }));
        if status == UmpStatus::Neutral {
            for e in on_becoming_neutral(&run.ctx(), u) {
                run.push(e);
            }
        }
    }
    run.ev
}

/// Whether a game starting now opens with an UMP Control Step: some UMP in the game has no controller.
pub fn opening_needed(state: &State) -> bool {
    state
        .umps
        .iter()
        .any(|(u, s)| s.controller.is_none() && state.in_game(*u))
}

// ---------------------------------------------------------------------------------------------------------------
// The round

fn chart<'a>(ctx: &Ctx<'a>) -> &'a crate::scenario::UmpControlChart {
    &ctx.scenario.charts.ump_control
}

/// The UMP's controlled territory (14.3.1.1): every land area it holds.
fn in_territory(ctx: &Ctx, ump: PowerId, a: AreaId) -> bool {
    ctx.state.area_power(ctx.scenario, a) == Some(ump)
}

/// Whether `q` (or a minor it controls) has land forces inside `ump`'s controlled territory (14.3.1.1).
pub fn forces_in_territory(ctx: &Ctx, q: PowerId, ump: PowerId) -> bool {
    let st = ctx.state;
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
pub fn declared_this_month(state: &State, q: PowerId, ump: PowerId) -> bool {
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
    for q in seated(ctx.state, *player) {
        let mine = name(ctx.scenario, q);
        if declared_this_month(ctx.state, q, ump) {
            let rule = if bidding.kind == BiddingKind::MidYear {
                "14.3.2.4.1"
            } else {
                "14.3.1.1"
            };
            return Err(RuleError::new(
                rule,
                format!(
                    "{mine} declared war on {them} this month ({}): player `{player}` may not bid for it",
                    ctx.state.date()
                ),
            ));
        }
        if ctx.state.at_war(Nation::Power(q), Nation::Power(ump)) {
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
fn bidders(ctx: &Ctx, kind: BiddingKind, umps: &[PowerId]) -> BTreeMap<PowerId, PlayerId> {
    let mut out = BTreeMap::new();
    for pl in ctx.state.players.keys() {
        let Some(p) = highest_power(ctx.state, *pl) else {
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
pub fn december_umps(state: &State) -> Vec<PowerId> {
    state
        .umps
        .keys()
        .copied()
        .filter(|u| state.in_game(*u))
        .collect()
}

/// The UMPs bid for in the opening step: those nobody controls.
pub fn opening_umps(state: &State) -> Vec<PowerId> {
    december_umps(state)
        .into_iter()
        .filter(|u| controller_of(state, *u).is_none())
        .collect()
}

/// Opens a bidding round of `kind` for `umps` (14.3.1.1), or settles at once when no player may bid.
pub(crate) fn open(run: &mut Run, kind: BiddingKind, umps: Vec<PowerId>, dice: &mut Dice) {
    if umps.is_empty() {
        return;
    }
    let bidders = bidders(&run.ctx(), kind, &umps);
    let bidding = Bidding {
        kind,
        umps,
        bidders,
    };
    run.push(Event::UmpBidding(ControlEvent::Opened {
        bidding: bidding.clone(),
    }));
    if bidding.bidders.is_empty() {
        settle(run, &bidding, &BTreeMap::new(), dice);
    } else {
        run.push(Event::RoundOpened {
            round: RoundKind::UmpBids,
            sealed: true,
            owing: bidding.bidders.keys().copied().collect(),
        });
    }
}

/// Begins an UMP Control Step: December's (14.3.1) for every UMP, or the opening one for those nobody controls.
pub fn begin(ctx: &Ctx, dice: &mut Dice, kind: BiddingKind) -> Vec<Event> {
    let umps = match kind {
        BiddingKind::Opening => opening_umps(ctx.state),
        _ => december_umps(ctx.state),
    };
    let mut run = Run::new(ctx);
    open(&mut run, kind, umps, dice);
    run.ev
}

fn bidding<'a>(ctx: &Ctx<'a>) -> Option<&'a Bidding> {
    ctx.state.ump_control.bidding.as_ref()
}

/// `power`'s legal bids: declining every UMP, and each single bid it may make (several may be combined).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let Some(b) = bidding(ctx).filter(|b| b.bidders.contains_key(&power)) else {
        return vec![];
    };
    let mut v = vec![Decision::UmpBids { bids: vec![] }];
    for u in &b.umps {
        let most = match bar(ctx, b, power, *u) {
            Err(_) => continue,
            Ok(true) => 0,
            Ok(false) => i32::from(chart(ctx).max_bid),
        };
        for points in 0..=most {
            v.push(Decision::UmpBids {
                bids: vec![UmpBid { ump: *u, points }],
            });
        }
    }
    v
}

/// The default (3.6): decline every UMP.
pub fn default(_ctx: &Ctx, _power: PowerId) -> Decision {
    Decision::UmpBids { bids: vec![] }
}

/// 14.3.1.1: checks a player's bids: each for an UMP bid for now, at most once, not barred, 0 to the chart's
/// highest bid, and 0 when at war with it.
pub fn check(ctx: &Ctx, power: PowerId, bids: &[UmpBid]) -> RuleResult<()> {
    let Some(b) = bidding(ctx) else {
        return Err(RuleError::new("3.1", "no bidding is open"));
    };
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
    let (sc, st) = (ctx.scenario, ctx.state);
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

/// Resolves a complete bidding round.
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>, dice: &mut Dice) -> Vec<Event> {
    let mut run = Run::new(ctx);
    if let Some(b) = bidding(ctx) {
        settle(&mut run, b, decisions, dice);
    }
    run.ev
}

fn bids_of(d: &Decision) -> &[UmpBid] {
    match d {
        Decision::UmpBids { bids } => bids,
        _ => &[],
    }
}

/// 14.3.1.1 to 14.3.1.3.3: reveals the bids, charges them, rolls and gives each UMP its controller and status.
fn settle(
    run: &mut Run,
    bidding: &Bidding,
    decisions: &BTreeMap<PowerId, Decision>,
    dice: &mut Dice,
) {
    if !decisions.is_empty() {
        run.push(Event::Revealed {
            round: RoundKind::UmpBids,
            decisions: decisions.clone(),
        });
    }
    // 14.3.1.1: the total of a player's bids comes off its highest controlled power's victory points.
    for (p, d) in decisions {
        let bids = bids_of(d);
        let total: i32 = bids.iter().map(|b| b.points).sum();
        if total > 0 {
            let list = bids
                .iter()
                .map(|b| format!("{} for {}", b.points, run.name(b.ump)))
                .collect::<Vec<_>>()
                .join(", ");
            run.push(Event::World(WorldEvent::VictoryPointsChanged {
                power: *p,
                delta: -total,
                rule: "14.3.1.1".into(),
                reason: format!("{} bid {list}: {total} in all", run.name(*p)),
            }));
        }
    }
    let dice_n = run.sc.charts.ump_control.dice as usize;
    // The rolls are simultaneous: every modifier is read as the bids are revealed, before any UMP changes hands.
    let at_reveal = run.st.clone();
    for ump in &bidding.umps {
        let entrants: Vec<(PowerId, i32)> = decisions
            .iter()
            .filter_map(|(p, d)| {
                bids_of(d)
                    .iter()
                    .find(|b| b.ump == *ump)
                    .map(|b| (*p, b.points))
            })
            .collect();
        if entrants.is_empty() {
            no_bidder(run, bidding.kind, *ump);
            continue;
        }
        let purpose = format!("control of {}", run.name(*ump));
        let mut totals = Vec::new();
        for (b, points) in entrants {
            let revealed = Ctx {
                scenario: run.sc,
                state: &at_reveal,
                rulebook: run.rb,
            };
            let mods = modifiers(&revealed, b, *ump, points);
            let roll = dice.roll(b.as_str(), "14.3.1.2", &purpose, dice_n, mods);
            totals.push((b, roll.total));
            run.push(Event::World(WorldEvent::DiceRolled { roll }));
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
                run.push(Event::World(WorldEvent::DiceRolled { roll }));
            }
            ranking.first().copied().unwrap_or(tied[0])
        };
        gain(run, bidding.kind, *ump, winner, best);
    }
    run.push(Event::UmpBidding(ControlEvent::Closed));
}

/// 14.3.1.3: `winner` gains control of `ump` with a modified roll of `total`.
fn gain(run: &mut Run, kind: BiddingKind, ump: PowerId, winner: PowerId, total: i32) {
    let (me, them) = (run.name(winner), run.name(ump));
    run.push(points(
        run.sc,
        winner,
        "ump-control",
        1,
        "14.3.1.3",
        format!("{me} gains control of {them}"),
    ));
    // 14.3.2.1: a power that gains control of an UMP it is at war with makes an informal peace with it at once.
    if run.st.at_war(Nation::Power(winner), Nation::Power(ump)) {
        let date = run.st.date();
        run.push(Event::World(WorldEvent::WarEnded {
            a: Nation::Power(winner),
            b: Nation::Power(ump),
            date,
            rule: "14.3.2.1".into(),
            reason: format!("{me} gains control of {them}: informal peace, no conditions or terms"),
        }));
        let (loser, victor) = if winner < ump {
            (winner, ump)
        } else {
            (ump, winner)
        };
        run.push(Event::Peace(PeaceEvent::Made {
            record: PeaceRecord {
                date,
                kind: PeaceKind::Informal,
                loser,
                victor,
                terms: vec![],
                loser_restricted_until: None,
                victor_restricted_until: None,
            },
        }));
    }
    let active_at = run.sc.charts.ump_control.active_at;
    let at_war = run.st.at_war_with_a_major(Nation::Power(ump));
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
        run,
        ump,
        Some(winner),
        status,
        rule,
        format!("{me} gains control of {them}: {why}"),
    );
}

/// 14.3.1.3.3: nobody bid for `ump`.
fn no_bidder(run: &mut Run, kind: BiddingKind, ump: PowerId) {
    let them = run.name(ump);
    let at_war = run.st.at_war_with_a_major(Nation::Power(ump));
    let date = run.st.date();
    match kind {
        BiddingKind::MidYear => {
            // It stays as it was (its forces off the map if neutral) and surrenders in this month's Peace Step.
            force_surrender(
                run,
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
                run,
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
                    run,
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
pub(crate) fn force_surrender(run: &mut Run, ump: PowerId, date: Date, why: String) {
    run.push(Event::UmpBidding(ControlEvent::SurrenderForced {
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
