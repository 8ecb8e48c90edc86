//! `Event`: every change of state. The log is the list of events; the state is the scenario folded over it.

use crate::decision::Decision;
use crate::kernel::calendar::{Date, Position};
use crate::kernel::dice::Roll;
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, LeaderId, MinorId, Nation, PlayerId, PowerId,
};
use crate::scenario::{Factors, Location, MinorStatus};
use crate::state::{EnforcedPeace, LeaderStatus, LossRecord, Message, RoundKind, WarCause};
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
    /// A die roll, with who, why, faces, modifiers and total.
    DiceRolled { roll: Roll },
    /// Political points change.
    PointsChanged {
        power: PowerId,
        delta: i32,
        rule: String,
        reason: String,
    },
    /// Money and manpower change. An Economic Phase's collection (8.2) carries the income by source, which is
    /// recorded for the phase.
    TreasuryChanged {
        power: PowerId,
        money: i32,
        manpower: i32,
        rule: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        income: Option<crate::economic::Income>,
    },
    /// An uncontrolled major power gets a controller (or none) and a status (14.3.1.3, 14.3.2.2.1, 14.3.2.3.2 ...).
    UmpControl {
        ump: PowerId,
        controller: Option<PowerId>,
        status: crate::umps::UmpStatus,
        rule: String,
        reason: String,
    },
    /// The UMP Control Step's own events (14.3.1): a bidding round opened or closed, a forced surrender recorded.
    UmpBidding(crate::umps::control::ControlEvent),
    /// Units are queued to arrive as reinforcements when due (8.5 purchases, 12.1.1, 4.4.6.1 ...).
    BuildingQueued { item: crate::economic::Building },
    /// Victory points change.
    VictoryPointsChanged {
        power: PowerId,
        delta: i32,
        rule: String,
        reason: String,
    },
    /// A war begins.
    WarDeclared {
        aggressor: Nation,
        defender: Nation,
        cause: WarCause,
        since: Date,
        rule: String,
    },
    /// A war ends.
    WarEnded {
        a: Nation,
        b: Nation,
        date: Date,
        rule: String,
        reason: String,
    },
    /// An alliance forms.
    AllianceFormed {
        a: PowerId,
        b: PowerId,
        since: Date,
        rule: String,
    },
    /// An alliance is broken by `by`.
    AllianceBroken {
        a: PowerId,
        b: PowerId,
        by: Vec<PowerId>,
        date: Date,
        rule: String,
        reason: String,
    },
    /// A royal marriage is made (peace term B.5) or broken (4.6.4.2.2 errata).
    RoyalMarriage {
        a: PowerId,
        b: PowerId,
        made: bool,
        date: Date,
        rule: String,
    },
    /// A loser broke the trade restriction (peace term B.6) it owes a victor: the victor may declare war on it
    /// despite their enforced peace (4.2.2.4).
    TradeRestrictionBroken {
        loser: PowerId,
        victor: PowerId,
        date: Date,
        rule: String,
        reason: String,
    },
    /// An enforced peace is recorded (4.4.6.3).
    EnforcedPeaceRecorded { peace: EnforcedPeace },
    /// Two allies combine movement for the rest of the turn (4.9).
    CombinedMovementDeclared { a: PowerId, b: PowerId },
    /// A minor country changes controller or status.
    MinorChanged {
        minor: MinorId,
        controller: Option<PowerId>,
        status: MinorStatus,
        rule: String,
        reason: String,
    },
    /// A secondary district of a multi-district minor is conquered, or no longer (10.4; read by 4.6.6).
    DistrictConquered {
        minor: MinorId,
        district: DistrictId,
        conquered: bool,
        rule: String,
        reason: String,
    },
    /// An area changes hands (`holder: None` gives it back to the nation it belongs to).
    AreaControlChanged {
        area: AreaId,
        holder: Option<Nation>,
        rule: String,
        reason: String,
    },
    /// A corps' factors or place change.
    CorpsChanged {
        corps: CorpsId,
        factors: Factors,
        location: Location,
        rule: String,
        reason: String,
    },
    /// A fleet's ships or place change.
    FleetChanged {
        fleet: FleetId,
        ships: u16,
        location: Location,
        rule: String,
        reason: String,
    },
    /// A garrison is set (empty factors remove it).
    GarrisonChanged {
        area: AreaId,
        owner: Nation,
        factors: Factors,
        rule: String,
        reason: String,
    },
    /// A depot is placed or removed.
    DepotChanged {
        area: AreaId,
        owner: Nation,
        present: bool,
        rule: String,
        reason: String,
    },
    /// A leader's status or place changes.
    LeaderChanged {
        leader: LeaderId,
        status: LeaderStatus,
        location: Location,
        rule: String,
        reason: String,
    },
    /// A loss is recorded with its cause.
    LossRecorded { loss: LossRecord },
    /// A corps counter comes into play (a minor's forces set up, 4.6.3.4).
    CorpsCreated {
        corps: CorpsId,
        corps_def: crate::state::Corps,
        rule: String,
        reason: String,
    },
    /// A fleet counter comes into play (4.6.3.5, 4.8).
    FleetCreated {
        fleet: FleetId,
        fleet_def: crate::state::Fleet,
        rule: String,
        reason: String,
    },
    /// A minor country is declared a free state (4.8).
    FreeStateDeclared {
        minor: MinorId,
        by: PowerId,
        date: Date,
    },
    /// The Call to Allies Step's own events (4.3).
    Calls(crate::political::calls::CallsEvent),
    /// The Peace Step's own events (4.4).
    Peace(crate::political::peace::PeaceEvent),
    /// The Minor Country Control Step's own events (4.6).
    MinorControl(crate::political::minors::MinorEvent),
    /// The Reinforcement Phase's own events (5, 4.4.6.1, 12.1.2.1, 12.1.2.2, 14.3.2.4.5).
    Reinforcement(crate::reinforcement::ReinforcementEvent),
    /// The Economic Phase's own events (8, 12.5; transfers, manipulation, the phase's record).
    Economy(crate::economic::EconomicEvent),
    /// The UMP rules' own events (14.3.2.4.2, 14.3.2.4.6).
    Ump(crate::umps::rules::UmpEvent),
    /// A power leaves the game (4.4.8).
    PowerLeftGame {
        power: PowerId,
        rule: String,
        reason: String,
    },
    /// The game is over.
    GameEnded { date: Date, reason: String },
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
            Event::PointsChanged { rule, .. }
            | Event::TreasuryChanged { rule, .. }
            | Event::VictoryPointsChanged { rule, .. }
            | Event::WarDeclared { rule, .. }
            | Event::WarEnded { rule, .. }
            | Event::AllianceFormed { rule, .. }
            | Event::AllianceBroken { rule, .. }
            | Event::RoyalMarriage { rule, .. }
            | Event::MinorChanged { rule, .. }
            | Event::DistrictConquered { rule, .. }
            | Event::TradeRestrictionBroken { rule, .. }
            | Event::AreaControlChanged { rule, .. }
            | Event::CorpsChanged { rule, .. }
            | Event::FleetChanged { rule, .. }
            | Event::GarrisonChanged { rule, .. }
            | Event::DepotChanged { rule, .. }
            | Event::LeaderChanged { rule, .. }
            | Event::PowerLeftGame { rule, .. }
            | Event::CorpsCreated { rule, .. }
            | Event::FleetCreated { rule, .. } => Some(rule),
            Event::EnforcedPeaceRecorded { peace } => Some(&peace.rule),
            Event::LossRecorded { loss } => Some(&loss.rule),
            Event::DiceRolled { roll } => Some(&roll.rule),
            Event::Reinforcement(e) => Some(e.rule()),
            _ => None,
        }
    }
}
