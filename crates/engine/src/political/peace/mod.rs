//! Rule 4.4: the Peace Step. Coalition's reading is in `docs/rules/peace.md`; in short:
//!
//! 1. Proposals (one sealed round of every power at war with a major power): each names the enemies it offers an
//!    informal peace (4.4.1, made when both name each other) and those it sues (4.4.2; 4.4.2.1 limits suits to
//!    powers with forces inside the suer's home nation unless it sues every major enemy at once).
//! 2. Informal peaces are made at once: the war ends, prisoners are exchanged and forces repatriated (4.4.1,
//!    4.4.6.1, 4.4.6.2); no points, no enforced peace, no terms.
//! 3. Each suing power in key order (a "surrender"): the powers it sued offer conditional or unconditional peace
//!    (4.4.2.2, one open round); if any offer is unconditional the loser accepts some, all or none of them
//!    (a refused one is no peace: the war goes on); the loser picks one list A term per conditional victor (4.4.3);
//!    the victors are ordered (4.4.5.2, competitive rolls for ties) and choose terms in turn, one a round
//!    (4.4.3, 4.4.4, 4.4.5.1, 4.4.5.3); then the peace takes effect: points (4.4.2.3, 4.4.5), war ended, the terms,
//!    enforced peace (4.4.6.3), prisoner exchange, repatriation (with a round for the owner whenever several
//!    areas are equally near), ceded free states kept or conquered (4.4.6.4), a final peace (4.4.8).
//! 4. Separate peace (4.4.7): powers entitled to demand that an ally break their alliance do so in one round.
//!
//! Default decisions (3.6): no proposals (an UMP forced to surrender under 14.3.1.3.3 sues every major enemy and
//! accepts every offer: `umps::midyear`); a victor offers conditional peace; a loser refuses every unconditional
//! offer; a loser picks the first list A term (A.1); a victor chooses no (more) terms; repatriated forces go to the
//! first equidistant area by id; a ceded free state is kept as it is; no separate-peace demand.
//!
//! The files, by what they decide: `rounds` (the order of the step's rounds), `decisions` (each round's legal
//! decisions, defaults and checks), `suits` (4.4.1, 4.4.2), `terms` (4.4.3 to 4.4.5, the Victory Conditions
//! Chart's terms and their limits), `effects` (4.4.6: a peace takes effect, its terms, prisoners, cession and
//! 4.4.6.4), `repatriation` (4.4.6.2), `separate` (4.4.7 and 4.4.8), `lapse` (4.6.6, run at the step's start)
//! and `notation` (the text forms).

mod decisions;
mod effects;
mod lapse;
mod notation;
mod repatriation;
mod rounds;
mod separate;
mod suits;
mod terms;

use crate::kernel::dice::Dice;
use crate::kernel::error::RuleResult;
use crate::kernel::ids::{AreaId, CorpsId, MinorId, Nation, PowerId};
use crate::scenario::Factors;
pub use crate::world::treaties::{
    ChosenTerm, Obligation, PeaceKind, PeaceRecord, record_trade_breach, trade_restriction_broken,
};
use crate::world::{self, World};
pub use notation::parse;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
pub use suits::forces_inside;

/// The step's reading of the rules: the world and its own state.
type Ctx<'a> = world::Ctx<'a, PeaceState>;
/// The step's way of changing things: world events and its own, each applied at once.
type Cx<'a> = world::Cx<'a, PeaceState, PeaceEvent>;

/// A power's suit for peace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suit {
    pub loser: PowerId,
    pub victors: Vec<PowerId>,
}

/// A surrender in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Surrender {
    pub loser: PowerId,
    /// The powers sued, still at war with the loser.
    pub sued: Vec<PowerId>,
    /// Offers made: (victor, unconditional).
    pub offers: Vec<(PowerId, bool)>,
    pub offered: bool,
    pub answered: bool,
    /// The victors the loser surrenders to: (victor, unconditional).
    pub to: Vec<(PowerId, bool)>,
    /// The loser's list A term for each conditional victor.
    pub protections: Vec<(PowerId, String)>,
    /// The order in which victors choose (4.4.5.2), once set.
    pub order: Vec<PowerId>,
    pub ordered: bool,
    /// Index in `order` of the victor whose turn it is.
    pub turn: usize,
    /// Victors that want no more terms.
    pub finished: Vec<PowerId>,
    /// The victors' terms, in the order chosen.
    pub terms: Vec<ChosenTerm>,
}

/// What a repatriated force is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Corps(CorpsId),
    Garrison(Factors),
}

/// A repatriated force whose owner chooses among equidistant areas (4.4.6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub owner: Nation,
    pub item: Item,
    pub from: AreaId,
    pub options: Vec<AreaId>,
    /// The clause that repatriates it: 4.4.6.2 after a peace, 4.6.6 after a lapse of war with a minor.
    #[serde(default = "repatriation_rule")]
    pub rule: String,
}

fn repatriation_rule() -> String {
    "4.4.6.2".to_string()
}

/// A free state ceded to `acquirer` (4.4.6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CededFree {
    pub acquirer: PowerId,
    pub minor: MinorId,
}

/// The question the step is asking now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    #[default]
    Nothing,
    /// Every power at war with a major: informal peace proposals and suits.
    Proposals,
    /// The victors sued by `loser` offer peace.
    Offers {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// `loser` accepts or refuses unconditional offers.
    Answer {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// `loser` picks its list A term for `victor`.
    Protect { loser: PowerId, victor: PowerId },
    /// `victor` chooses a term (or no more).
    Term { loser: PowerId, victor: PowerId },
    /// A repatriated force's owner picks its area.
    Place(Placement),
    /// An acquirer keeps or conquers a ceded free state.
    CededFree(CededFree),
    /// Separate-peace demands: (demander, allies it may demand a break from).
    Demands {
        rights: Vec<(PowerId, Vec<PowerId>)>,
    },
}

/// The step in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sub {
    pub suits: Vec<Suit>,
    pub surrender: Option<Surrender>,
    pub placements: Vec<Placement>,
    pub ceded_free: Vec<CededFree>,
    /// Informal peaces made this step (4.4.7, last sentence).
    pub informal: Vec<(PowerId, PowerId)>,
    /// Formal surrenders made this step: (loser, victors) (4.4.7).
    pub surrendered: Vec<(PowerId, Vec<PowerId>)>,
    pub demands_done: bool,
    /// The powers owing the proposals round, opened once the placements of the step's start (4.6.6) are done.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<PowerId>,
    pub asking: Ask,
}

/// The step's own state, kept in `State` (the peaces made and what they leave are the world's `treaties`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeaceState {
    /// The step in progress, if any.
    #[serde(default)]
    pub step: Option<Sub>,
}

/// A decision of the step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PeaceDecision {
    /// Proposals (4.4.1, 4.4.2): enemies offered an informal peace, enemies sued.
    Propose {
        #[serde(default)]
        informal: Vec<PowerId>,
        #[serde(default)]
        sue: Vec<PowerId>,
    },
    /// A victor's offer (4.4.2.2).
    Offer { unconditional: bool },
    /// The loser accepts these unconditional offers and refuses the others (4.4.2.2).
    Accept { victors: Vec<PowerId> },
    /// The loser's list A term (4.4.3).
    Protect { term: String },
    /// A victor's term from list B (or C), naming what B.4, B.7 and C.4 need.
    Term {
        term: String,
        #[serde(default)]
        targets: Vec<String>,
    },
    /// A victor chooses no more terms.
    NoMoreTerms,
    /// The area a repatriated force goes to (4.4.6.2).
    Place { area: AreaId },
    /// A ceded free state: keep it (true) or make it conquered (false) (4.4.6.4).
    KeepFreeState { keep: bool },
    /// Allies that must break their alliance with the demander (4.4.7).
    Demand { allies: Vec<PowerId> },
}

/// The step's own events, applied by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeaceEvent {
    /// The step's sub-state moves on (what it asks next is in `asking`).
    Progress { step: Box<Sub> },
    /// The proposals revealed: informal peaces agreed and suits made.
    Proposals {
        informal: Vec<(PowerId, PowerId)>,
        suits: Vec<Suit>,
    },
    /// Victors' offers to a loser: (victor, unconditional).
    Offered {
        loser: PowerId,
        offers: Vec<(PowerId, bool)>,
    },
    /// Unconditional offers refused: the war goes on (4.4.2.2).
    Refused {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// The victors' order of choice (4.4.5.2).
    Order { loser: PowerId, order: Vec<PowerId> },
    /// A term chosen (list A by the loser, B or C by a victor).
    TermChosen { loser: PowerId, term: ChosenTerm },
    /// A peace made.
    Made { record: PeaceRecord },
    /// An obligation left for a later phase.
    Recorded { obligation: Obligation },
    /// A repatriated force's owner must choose its area.
    PlacementOwed { placement: Placement },
    /// The step ends.
    Ended,
    /// 4.4.6.1: the prisoners a peace returns, recorded by the Reinforcement Phase's event (the game's plug
    /// logs it as `Event::Reinforcement`; it is never written as the Peace Step's own).
    #[serde(skip)]
    Prisoners(crate::world::records::PrisonersReturned),
}

/// The Peace Step (4.4).
pub struct PeaceStep;

impl world::Step for PeaceStep {
    type State = PeaceState;
    type Event = PeaceEvent;
    type Decision = PeaceDecision;

    fn begin(cx: &mut Cx, dice: &mut Dice) -> Option<world::Ask> {
        rounds::begin(cx, dice)
    }

    fn choices(ctx: &Ctx, power: PowerId) -> Vec<PeaceDecision> {
        decisions::choices(ctx, power)
    }

    /// Default (3.6): see the module documentation.
    fn default(ctx: &Ctx, power: PowerId) -> PeaceDecision {
        decisions::default(ctx, power)
    }

    fn check(ctx: &Ctx, power: PowerId, d: &PeaceDecision) -> RuleResult<()> {
        decisions::check(ctx, power, d)
    }

    fn resolve(
        cx: &mut Cx,
        decisions: &BTreeMap<PowerId, PeaceDecision>,
        dice: &mut Dice,
    ) -> Option<world::Ask> {
        rounds::resolve(cx, decisions, dice)
    }

    fn apply(own: &mut PeaceState, world: &mut World, e: &PeaceEvent) {
        apply(own, world, e)
    }
}

/// Applies one of the step's events: its own state, and the peaces and obligations it writes in the world.
pub fn apply(own: &mut PeaceState, world: &mut World, e: &PeaceEvent) {
    match e {
        PeaceEvent::Progress { step } => own.step = Some((**step).clone()),
        PeaceEvent::Made { record } => world.treaties.peaces.push(record.clone()),
        PeaceEvent::Recorded { obligation } => world.treaties.obligations.push(obligation.clone()),
        PeaceEvent::Ended => own.step = None,
        // Logged and applied as the Reinforcement Phase's event (the game's plug rewrites it).
        PeaceEvent::Prisoners(_) => {}
        _ => {}
    }
}
