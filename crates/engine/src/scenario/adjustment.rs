//! Rule 3.5 and 3.7 (Coalition's): the host's adjustments, as data. A campaign's set-up (14.1.4) in
//! `scenario.ron` and a transcript's set-up are lists of them; the game applies them (`host`), each becoming
//! ordinary events that cite the rule and carry the host's note.

use super::{Factors, LeaderStatus, Location, LossCause, MinorStatus, UmpStatus, UnitKind};
use crate::kernel::calendar::Date;
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, LeaderId, MinorId, Nation, PowerId,
};
use serde::{Deserialize, Serialize};

/// One correction of the position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Adjustment {
    PoliticalPoints {
        power: PowerId,
        delta: i32,
    },
    Money {
        power: PowerId,
        delta: i32,
    },
    Manpower {
        power: PowerId,
        delta: i32,
    },
    VictoryPoints {
        power: PowerId,
        delta: i32,
    },
    /// Give an area to a holder, or back to its own nation (`holder: null`).
    AreaControl {
        area: AreaId,
        holder: Option<Nation>,
    },
    MinorControl {
        minor: MinorId,
        controller: Option<PowerId>,
        status: MinorStatus,
    },
    /// Record a secondary district of a multi-district minor as conquered, or no longer (10.4; read by 4.6.6).
    DistrictConquered {
        minor: MinorId,
        district: DistrictId,
        conquered: bool,
    },
    Corps {
        corps: CorpsId,
        factors: Factors,
        location: Location,
    },
    Fleet {
        fleet: FleetId,
        ships: u16,
        location: Location,
        /// Coalition's 6.3.10 (a scenario with ship kinds): the ships by kind, summing to `ships`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mix: Option<std::collections::BTreeMap<super::ShipKind, u16>>,
    },
    Garrison {
        area: AreaId,
        owner: Nation,
        factors: Factors,
    },
    Depot {
        area: AreaId,
        owner: Nation,
        present: bool,
    },
    /// A depot aboard a fleet (Coalition's 6.2.5 invasion supply), or taken off it.
    DepotAboard {
        fleet: FleetId,
        owner: Nation,
        present: bool,
    },
    Leader {
        leader: LeaderId,
        status: LeaderStatus,
        location: Location,
    },
    /// Record a loss with its cause (14.3.2.2.1 counts them). `excluded_factors`: how many of the land factors
    /// are feudal, cossack, freikorps or insurrection factors (not counted by 14.3.2.2.1). An UMP's scuttling or
    /// demobilization must name the rule that forces it in `forced_by` (14.3.2.1.8).
    Loss {
        nation: Nation,
        land_factors: u32,
        ships: u32,
        cause: LossCause,
        #[serde(default)]
        excluded_factors: u32,
        #[serde(default)]
        forced_by: Option<String>,
    },
    /// 14.3.2.1.6: the combat losses of a mixed force, nation by nation; no UMP loses more than its percentage
    /// of the force.
    MixedForceLosses {
        force: Vec<ForceShare>,
    },
    /// 14.3.2.1.3: the political points of a battle, power by power; each UMP's go to its controller, at most
    /// 3 in all a power unless Napoleon or Nelson commanded.
    BattleResult {
        points: Vec<BattlePoints>,
        #[serde(default)]
        napoleon_or_nelson: bool,
    },
    /// Give an uncontrolled major power a controller (or none) and a status (14.3; a set-up or a correction).
    /// A neutral UMP leaving neutrality goes through its combined economic phase and gets its forces back
    /// (14.3.2.4.6, 14.3.2.4.2); one becoming neutral has its forces taken off the map (14.3.2.4.2).
    SetUmpControl {
        ump: PowerId,
        controller: Option<PowerId>,
        status: UmpStatus,
    },
    /// Begin a war (a set-up or a correction), optionally dated earlier.
    War {
        aggressor: Nation,
        defender: Nation,
        #[serde(default)]
        since: Option<Date>,
    },
    /// End a current war.
    Peace {
        a: Nation,
        b: Nation,
    },
    Alliance {
        a: PowerId,
        b: PowerId,
        #[serde(default)]
        since: Option<Date>,
    },
    /// Break a current alliance, by one or both powers, optionally dated earlier (4.5.3 reads the date).
    BreakAlliance {
        a: PowerId,
        b: PowerId,
        by: Vec<PowerId>,
        #[serde(default)]
        date: Option<Date>,
    },
    /// Record an enforced peace: `restricted` may not declare war on `towards` before `until`.
    EnforcedPeace {
        restricted: PowerId,
        towards: PowerId,
        until: Date,
        #[serde(default)]
        since: Option<Date>,
    },
    RoyalMarriage {
        a: PowerId,
        b: PowerId,
        made: bool,
    },
    /// Record that `loser` broke the trade restriction (peace term B.6) it owes `victor` (trade is not modelled
    /// yet; the economy will record it later). From then `victor` may declare war on `loser` despite their
    /// enforced peace (4.2.2.4).
    TradeBreach {
        loser: PowerId,
        victor: PowerId,
    },
    /// Record (`granted: true`) or end voluntary access (Coalition's 10.3, `docs/rules/access.md`): `grantor`
    /// lets `grantee`'s forces into its territory. Checked as a grant or revocation in the Diplomacy Step is
    /// (12.8 included).
    VoluntaryAccess {
        grantor: PowerId,
        grantee: PowerId,
        granted: bool,
    },
    /// Record a limited access left by a peace (12.4, PeaceTreatyLimitedAccess): `mover`'s forces have until the
    /// Land Phase of `since` + 2 (garrisons) and `since` + 5 (the rest) to leave `territory`'s territory;
    /// `unconditional`: the mover is a victor that chose C.5. `since`: the month of the peace (this month if none).
    LimitedAccess {
        mover: PowerId,
        territory: PowerId,
        #[serde(default)]
        since: Option<Date>,
        #[serde(default)]
        unconditional: bool,
    },
    /// Record a corps lent by its owner to `to` until the month `until` (peace term B.4; a set-up or a
    /// correction): from now until then `to` moves, supplies and fights with it (Coalition's 7.1.1).
    CorpsOnLoan {
        corps: CorpsId,
        to: PowerId,
        until: Date,
    },
    /// Queue units to arrive as reinforcements when `due` (this month if none): a correction of a purchase, or
    /// units a rule owes. Ships name the port where they are built (12.1.2).
    QueueReinforcement {
        owner: Nation,
        unit: UnitKind,
        count: u16,
        #[serde(default)]
        due: Option<Date>,
        #[serde(default)]
        port: Option<AreaId>,
    },
    /// Set the land factors `captor` holds prisoner of `owner` (surrendered factors: a peace returns them,
    /// 4.4.6.1). Empty factors clear the record.
    Prisoners {
        owner: Nation,
        captor: Nation,
        factors: Factors,
    },
}

/// One power's political points from a battle, before 14.3.2.1.3's cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct BattlePoints {
    pub power: PowerId,
    pub delta: i32,
}

/// One nation's part of a mixed force and of its combat losses (14.3.2.1.6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ForceShare {
    pub nation: Nation,
    /// Its land factors in the force before the losses.
    pub factors_in_force: u32,
    /// The land factors it loses.
    pub land_factors: u32,
    /// Of those, feudal, cossack, freikorps and insurrection factors (14.3.2.2.1 does not count them).
    #[serde(default)]
    pub excluded_factors: u32,
    #[serde(default)]
    pub ships: u32,
}

impl Adjustment {
    /// The dates the adjustment names (each must be a real month: 3.5).
    pub fn dates(&self) -> Vec<Date> {
        match self {
            Adjustment::War { since, .. } | Adjustment::Alliance { since, .. } => {
                since.iter().copied().collect()
            }
            Adjustment::BreakAlliance { date, .. } => date.iter().copied().collect(),
            Adjustment::EnforcedPeace { until, since, .. } => std::iter::once(*until)
                .chain(since.iter().copied())
                .collect(),
            Adjustment::QueueReinforcement { due, .. } => due.iter().copied().collect(),
            Adjustment::LimitedAccess { since, .. } => since.iter().copied().collect(),
            Adjustment::CorpsOnLoan { until, .. } => vec![*until],
            _ => Vec::new(),
        }
    }
}
