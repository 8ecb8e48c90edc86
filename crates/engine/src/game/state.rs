//! The state of a game: powers, minors, control of areas, forces, relations with their history, the records
//! the board game keeps on paper, and what the current step is asking. Changed only by `apply`.

use crate::decision::Decision;
use crate::kernel::ids::PowerId;
pub use crate::political::diplomacy::Message;
use crate::scenario::Scenario;
pub use crate::world::{
    Alliance, BrokenAlliance, Corps, EnforcedPeace, Fleet, Forces, LeaderState, LeaderStatus,
    LossCause, LossRecord, MinorState, PowerState, Records, Relations, RoyalMarriage, War,
    WarCause, World,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What kind of decision the current round asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundKind {
    /// 4.1: messages and proposals, then pass.
    Diplomacy,
    /// 4.2: sealed lists of targets.
    Declarations,
    /// 4.5: sealed lists of powers one agrees to ally with.
    Alliances,
    /// 4.7: alliances to break, or none.
    BreakAlliances,
    /// 4.9: sealed lists of allies to combine movement with.
    CombinedMovement,
    /// 4.3: a caller's calls, or a called ally's answer.
    CallToAllies,
    /// 4.4: the Peace Step's decisions (see `political::peace`).
    Peace,
    /// 4.6: the Minor Country Control Step's decisions (see `political::minors`).
    MinorControl,
    /// 4.8: conquered minors declared free states.
    FreeStates,
    /// 5: placements of what has arrived (see `reinforcement`).
    Reinforcement,
    /// 14.3.1.1: sealed bids for the uncontrolled major powers (December, the opening, or mid-year 14.3.1.3.3).
    UmpBids,
    /// 8.4 (12.5): each power sets its economic manipulation marker.
    Manipulation,
    /// 8.5: each power's shopping list.
    Expenditure,
    /// 6: the Naval Phase's decisions (see `naval`).
    Naval,
    /// 7: the Land Phase's decisions (see `land`).
    Land,
}

/// The decisions a step is waiting for now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub kind: RoundKind,
    /// Whether submissions stay unseen until all are in.
    pub sealed: bool,
    /// Powers that still owe a decision.
    pub owing: BTreeSet<PowerId>,
    /// Submissions held so far (sealed ones are shown only to their author until revealed).
    pub submitted: BTreeMap<PowerId, Decision>,
    /// 4.1: the messages and proposals each power sent in this round (Coalition's limit:
    /// `political::diplomacy::MAX_SENDS`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sent: BTreeMap<PowerId, u32>,
}

/// The whole state of a game: the world every rule reads, the round in progress, and each step's own state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    #[serde(flatten)]
    pub world: World,
    /// The decisions the current step is waiting for, if any.
    pub round: Option<Round>,
    /// The Call to Allies Step in progress (4.3).
    #[serde(default)]
    pub calls: Option<crate::political::calls::CallsState>,
    /// The Peace Step in progress, and the records peace leaves (4.4).
    #[serde(default)]
    pub peace: crate::kernel::shared::Shared<crate::political::peace::PeaceState>,
    /// The Minor Country Control Step in progress, and its records (4.6).
    #[serde(default)]
    pub minor_control: crate::kernel::shared::Shared<crate::political::minors::MinorControlState>,
    /// The Economic Phases' records: each power's income by source (8.2; 12.6 reads them).
    #[serde(default)]
    pub economy: crate::economic::EconomyState,
    /// The Reinforcement Phase's records: prisoners held, minor ships' fates (rule 5, 4.4.6.1, 12.1.2.2).
    #[serde(default)]
    pub reinforcement: crate::kernel::shared::Shared<crate::reinforcement::ReinforcementState>,
    /// The UMP Control Step in progress and the forced surrenders it records (14.3.1, 14.3.1.3.3).
    #[serde(default)]
    pub ump_control: crate::kernel::shared::Shared<crate::umps::control::ControlState>,
    /// The Naval Phase in progress (rule 6).
    #[serde(default, skip_serializing_if = "crate::naval::NavalState::is_idle")]
    pub naval: crate::kernel::shared::Shared<crate::naval::NavalState>,
    /// The Land Phase in progress (rule 7).
    #[serde(default, skip_serializing_if = "crate::land::LandState::is_idle")]
    pub land: crate::kernel::shared::Shared<crate::land::LandState>,
}

impl State {
    /// The position at the start of `scenario`, before any event.
    pub fn initial(scenario: &Scenario) -> State {
        State {
            world: World::initial(scenario),
            round: None,
            calls: None,
            peace: Default::default(),
            minor_control: Default::default(),
            economy: Default::default(),
            reinforcement: Default::default(),
            ump_control: Default::default(),
            naval: Default::default(),
            land: Default::default(),
        }
    }
}

impl std::ops::Deref for State {
    type Target = World;
    fn deref(&self) -> &World {
        &self.world
    }
}

impl std::ops::DerefMut for State {
    fn deref_mut(&mut self) -> &mut World {
        &mut self.world
    }
}
