//! `Event`: every change of state. The log is the list of events; the state is the scenario folded over it.

use crate::decision::Decision;
use crate::kernel::calendar::{Date, Position};
use crate::kernel::ids::{PlayerId, PowerId};
use crate::state::{Message, RoundKind};
pub use crate::world::WorldEvent;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One change of state, with the rule that causes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A player takes its seat with the powers it controls (14.2.1, 14.2.2).
    PlayerSeated {
        player: PlayerId,
        powers: Vec<PowerId>,
    },
    /// A step of the sequence of play begins.
    StepBegan { position: Position },
    /// The step asks these powers for a decision.
    RoundOpened {
        round: RoundKind,
        sealed: bool,
        owing: Vec<PowerId>,
    },
    /// The default decision is taken for a power whose seat is empty or whose player is late (3.6).
    DefaultTaken { power: PowerId, reason: String },
    /// A power's decision is in. For a sealed round, the decision is shown only to its author until revealed.
    Submitted {
        power: PowerId,
        sealed: bool,
        decision: Option<Decision>,
    },
    /// All sealed decisions of the round, revealed together.
    Revealed {
        round: RoundKind,
        decisions: BTreeMap<PowerId, Decision>,
    },
    /// The round is resolved.
    RoundClosed,
    /// A private message or proposal (4.1), seen only by sender and recipients.
    MessageSent { message: Message },
    /// The UMP Control Step's own events (14.3.1): a bidding round opened or closed, a forced surrender recorded.
    UmpBidding(crate::umps::control::ControlEvent),
    /// The Call to Allies Step's own events (4.3).
    Calls(crate::political::calls::CallsEvent),
    /// The Peace Step's own events (4.4).
    Peace(crate::political::peace::PeaceEvent),
    /// The Minor Country Control Step's own events (4.6).
    MinorControl(crate::political::minors::MinorEvent),
    /// The Reinforcement Phase's own events (5, 4.4.6.1, 12.1.2.1, 12.1.2.2, 14.3.2.4.5).
    Reinforcement(crate::reinforcement::ReinforcementEvent),
    /// The Naval Phase's own events (rule 6: order, fleets' moves).
    Naval(crate::naval::NavalEvent),
    /// The Land Phase's own events (rule 7: order, moves, depots, supply, combats pending).
    Land(crate::land::LandEvent),
    /// The Economic Phase's own events (8, 12.5; transfers, manipulation, the phase's record).
    Economy(crate::economic::EconomicEvent),
    /// The UMP rules' own events (14.3.2.4.2, 14.3.2.4.6).
    Ump(crate::umps::rules::UmpEvent),
    /// The game is over: why, and who won by Coalition's victory rule (`docs/rules/victory.md`).
    GameEnded {
        date: Date,
        reason: String,
        outcome: crate::world::victory::Outcome,
    },
    /// A change of the world (powers, minors, control, forces, relations and the shared records), as the world
    /// names it; written in the log without a wrapper (`{"points_changed": ...}`).
    #[serde(untagged)]
    World(WorldEvent),
}

impl From<WorldEvent> for Event {
    fn from(e: WorldEvent) -> Event {
        Event::World(e)
    }
}

impl Event {
    /// Whether `power` may see this event at all (private messages are for sender and recipients only).
    pub fn visible_to(&self, power: PowerId) -> bool {
        match self {
            Event::MessageSent { message } => message.from == power || message.to.contains(&power),
            _ => true,
        }
    }

    /// The event as `power` may see it: another power's sealed decision is removed.
    pub fn redacted_for(&self, power: PowerId) -> Event {
        match self {
            Event::Submitted {
                power: p,
                sealed: true,
                ..
            } if *p != power => Event::Submitted {
                power: *p,
                sealed: true,
                decision: None,
            },
            e => e.clone(),
        }
    }

    /// The rule an event cites, where it has one.
    pub fn rule(&self) -> Option<&str> {
        match self {
            Event::World(e) => e.rule(),
            Event::Reinforcement(e) => Some(e.rule()),
            Event::Naval(e) => Some(e.rule()),
            Event::Land(e) => Some(e.rule()),
            _ => None,
        }
    }
}
