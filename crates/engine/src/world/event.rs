//! `WorldEvent`: every change of the world, with the rule that causes it. The phases emit them; `apply` (in
//! `world::apply`) is the world's single point of mutation.

use super::{
    Building, Corps, EnforcedPeace, Fleet, Income, LeaderStatus, LossRecord, UmpStatus, WarCause,
};
use crate::kernel::calendar::Date;
use crate::kernel::dice::Roll;
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, LeaderId, MinorId, Nation, PowerId,
};
use crate::scenario::{Factors, Location, MinorStatus};
use serde::{Deserialize, Serialize};

/// One change of the world, with the rule that causes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorldEvent {
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
        income: Option<Income>,
    },
    /// An uncontrolled major power gets a controller (or none) and a status (14.3.1.3, 14.3.2.2.1, 14.3.2.3.2 ...).
    UmpControl {
        ump: PowerId,
        controller: Option<PowerId>,
        status: UmpStatus,
        rule: String,
        reason: String,
    },
    /// Units are queued to arrive as reinforcements when due (8.5 purchases, 12.1.1, 4.4.6.1 ...).
    BuildingQueued { item: Building },
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
    /// Voluntary access (Coalition's 10.3, 12.8) granted by `grantor` to `grantee`, or revoked or lapsed
    /// (`granted: false`): a public act, recorded at once.
    AccessChanged {
        grantor: PowerId,
        grantee: PowerId,
        granted: bool,
        rule: String,
        reason: String,
    },
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
    /// Coalition's 7.5.4 (errata 4.2.2.2 and 7.3.5): a corps goes into the city of the area where it stands
    /// (`inside`), or comes out of it into the field.
    CorpsSheltered {
        corps: CorpsId,
        inside: bool,
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
    /// Coalition's 6.3.10 (`docs/rules/naval-1853.md`): a fleet's ships by kind are set (its ship count becomes
    /// their sum).
    FleetMixChanged {
        fleet: FleetId,
        mix: std::collections::BTreeMap<crate::scenario::ShipKind, u16>,
        rule: String,
        reason: String,
    },
    /// Coalition's 6.3.17 and 6.3.18: a power's hulks, or a port's guns, are set.
    HulksChanged {
        power: PowerId,
        hulks: u16,
        rule: String,
        reason: String,
    },
    PortGunsChanged {
        area: AreaId,
        guns: u32,
        rule: String,
        reason: String,
    },
    /// Coalition's 6.3.20: ships bought by kind are laid down in their port (`launched: false`), or launched
    /// there in their month (`launched: true`, the fleet events follow).
    ShipsBuilt {
        build: super::navy::ShipBuild,
        launched: bool,
        rule: String,
        reason: String,
    },
    /// A power gains a technology (6.3.20 reads `ironclads`).
    TechnologyGained {
        power: PowerId,
        technology: crate::kernel::ids::Key,
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
    /// Coalition's 6.2.5 (invasion supply): a depot goes aboard `fleet` (`aboard`) or leaves it (landed, moved to
    /// another fleet, or back to its owner's counters when the fleet is lost or leaves the map).
    DepotCarried {
        fleet: FleetId,
        owner: Nation,
        aboard: bool,
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
        corps_def: Corps,
        rule: String,
        reason: String,
    },
    /// A fleet counter comes into play (4.6.3.5, 4.8).
    FleetCreated {
        fleet: FleetId,
        fleet_def: Fleet,
        rule: String,
        reason: String,
    },
    /// A minor country is declared a free state (4.8).
    FreeStateDeclared {
        minor: MinorId,
        by: PowerId,
        date: Date,
    },
    /// A power leaves the game (4.4.8).
    PowerLeftGame {
        power: PowerId,
        rule: String,
        reason: String,
    },
    /// A siege begins, changes or (with `siege: None`) is lifted (Coalition's 7.7).
    SiegeChanged {
        area: AreaId,
        siege: Option<super::Siege>,
        rule: String,
        reason: String,
    },
    /// Land factors surrender and are held prisoner by `captor` until a peace returns them (4.4.6.1).
    PrisonersTaken {
        owner: Nation,
        captor: Nation,
        factors: Factors,
        rule: String,
        reason: String,
    },
    /// A capital is taken by an enemy (Coalition's 7.7).
    CapitalTaken {
        taken: super::CapitalTaken,
        rule: String,
    },
    /// A power becomes the nation it unites under a new name (Coalition's unification rule,
    /// `docs/rules/unification.md`): it keeps its seat, records and treaties.
    Unified {
        power: PowerId,
        /// Its name until now.
        was: String,
        name: String,
        /// The parts of the unification it holds (by their names).
        parts: Vec<String>,
        rule: String,
    },
}

impl WorldEvent {
    /// The rule an event cites.
    pub fn rule(&self) -> Option<&str> {
        match self {
            WorldEvent::PointsChanged { rule, .. }
            | WorldEvent::TreasuryChanged { rule, .. }
            | WorldEvent::VictoryPointsChanged { rule, .. }
            | WorldEvent::WarDeclared { rule, .. }
            | WorldEvent::WarEnded { rule, .. }
            | WorldEvent::AllianceFormed { rule, .. }
            | WorldEvent::AllianceBroken { rule, .. }
            | WorldEvent::AccessChanged { rule, .. }
            | WorldEvent::RoyalMarriage { rule, .. }
            | WorldEvent::MinorChanged { rule, .. }
            | WorldEvent::DistrictConquered { rule, .. }
            | WorldEvent::TradeRestrictionBroken { rule, .. }
            | WorldEvent::AreaControlChanged { rule, .. }
            | WorldEvent::CorpsChanged { rule, .. }
            | WorldEvent::CorpsSheltered { rule, .. }
            | WorldEvent::FleetChanged { rule, .. }
            | WorldEvent::FleetMixChanged { rule, .. }
            | WorldEvent::HulksChanged { rule, .. }
            | WorldEvent::PortGunsChanged { rule, .. }
            | WorldEvent::TechnologyGained { rule, .. }
            | WorldEvent::ShipsBuilt { rule, .. }
            | WorldEvent::GarrisonChanged { rule, .. }
            | WorldEvent::DepotChanged { rule, .. }
            | WorldEvent::DepotCarried { rule, .. }
            | WorldEvent::LeaderChanged { rule, .. }
            | WorldEvent::PowerLeftGame { rule, .. }
            | WorldEvent::CorpsCreated { rule, .. }
            | WorldEvent::FleetCreated { rule, .. }
            | WorldEvent::SiegeChanged { rule, .. }
            | WorldEvent::CapitalTaken { rule, .. }
            | WorldEvent::Unified { rule, .. }
            | WorldEvent::PrisonersTaken { rule, .. } => Some(rule),
            WorldEvent::EnforcedPeaceRecorded { peace } => Some(&peace.rule),
            WorldEvent::LossRecorded { loss } => Some(&loss.rule),
            WorldEvent::DiceRolled { roll } => Some(&roll.rule),
            _ => None,
        }
    }
}
