//! The state of a game: powers, minors, control of areas, forces, relations with their history, the records
//! the board game keeps on paper, and what the current step is asking. Changed only by `apply`.

use crate::decision::Decision;
use crate::kernel::calendar::{Date, Position};
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, LeaderId, MinorId, Nation, PlayerId, PowerId,
};
use crate::scenario::{CorpsKind, Factors, Location, MinorStatus, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Standing and treasury of a major power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    pub political_points: i32,
    pub money: i32,
    pub manpower: i32,
    pub victory_points: i32,
    /// False once the power has left the game (4.4.8).
    pub in_game: bool,
}

/// A minor country's controller and standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorState {
    pub controller: Option<PowerId>,
    pub status: MinorStatus,
    /// Districts conquered so far (10.4, 4.6.6).
    #[serde(default)]
    pub conquered_districts: BTreeSet<DistrictId>,
    /// When it was declared a free state under 4.8 (purchases start at the next Economic Phase).
    #[serde(default)]
    pub free_state_since: Option<Date>,
    /// Every power that has declared it a free state (4.8). Kept through every change of controller and every
    /// peace: such a power may never hold it as a conquered minor (`may_hold_conquered`).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub declared_free_by: BTreeSet<PowerId>,
}

/// A corps counter on the map or off it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corps {
    pub owner: Nation,
    pub kind: CorpsKind,
    pub capacity: Factors,
    pub factors: Factors,
    pub location: Location,
}

/// A fleet counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fleet {
    pub owner: Nation,
    pub ships: u16,
    pub location: Location,
}

/// Whether a leader is in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LeaderStatus {
    /// Not yet entered play.
    Waiting,
    Active,
    /// Wounded until the given month (12.7).
    Wounded {
        until: Date,
    },
    /// Held by an enemy (4.4.6.1 returns it).
    Captured {
        by: Nation,
    },
    Dead,
}

/// A leader's place and status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    pub nation: Nation,
    pub status: LeaderStatus,
    pub location: Location,
}

/// Every force in the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Forces {
    pub corps: BTreeMap<CorpsId, Corps>,
    pub fleets: BTreeMap<FleetId, Fleet>,
    /// Garrison factors by area and owner.
    #[serde(with = "crate::kernel::serde_pairs")]
    pub garrisons: BTreeMap<(AreaId, Nation), Factors>,
    /// Depots by area: the nations that have one there.
    pub depots: BTreeMap<AreaId, BTreeSet<Nation>>,
    pub leaders: BTreeMap<LeaderId, LeaderState>,
}

/// How a war began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarCause {
    /// Declared in the Declarations of War Step (4.2).
    Declared,
    /// Both powers declared on each other in the same step: both are aggressors (4.3.1.2).
    Mutual,
    /// Declared in answer to a call from `caller` (4.3).
    Call { caller: PowerId },
    /// Forced by a rule (4.6.4.2, 4.6.5) or set by the host or a set-up.
    Rule { rule: String },
}

/// A war, current or ended, between an aggressor and a defender.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    pub aggressor: Nation,
    pub defender: Nation,
    pub since: Date,
    pub cause: WarCause,
    /// When it ended, if it has.
    #[serde(default)]
    pub ended: Option<Date>,
}

/// An alliance between two powers (kept with the lower key first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alliance {
    pub a: PowerId,
    pub b: PowerId,
    pub since: Date,
    #[serde(default)]
    pub broken: Option<BrokenAlliance>,
}

/// The record of a broken alliance (4.5.3 reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrokenAlliance {
    /// The power (or powers) that broke it.
    pub by: Vec<PowerId>,
    pub date: Date,
    pub rule: String,
}

/// An enforced peace: `restricted` may not declare war on `towards` until `until` (4.4.6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnforcedPeace {
    pub restricted: PowerId,
    pub towards: PowerId,
    pub since: Date,
    /// The first month in which war may again be declared.
    pub until: Date,
    pub rule: String,
}

/// A royal marriage between two powers (peace term B.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoyalMarriage {
    pub a: PowerId,
    pub b: PowerId,
    pub since: Date,
    #[serde(default)]
    pub broken: Option<Date>,
}

/// Relations between nations, with their history.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relations {
    /// Every war of the game, in the order declared; current ones have no `ended`.
    pub wars: Vec<War>,
    /// Every alliance of the game, in the order formed; current ones are not `broken`.
    pub alliances: Vec<Alliance>,
    pub enforced_peaces: Vec<EnforcedPeace>,
    pub royal_marriages: Vec<RoyalMarriage>,
    /// Combined movement declared this turn (4.9), as pairs with the lower key first.
    pub combined_movement: BTreeSet<(PowerId, PowerId)>,
}

/// The cause of a recorded loss (14.3.2.2.1 counts these).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    Foraging,
    BesiegedSupply,
    Surrender,
    Scuttling,
    Demobilization,
    Combat,
}

/// A loss of land factors or ships, with its cause.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossRecord {
    pub nation: Nation,
    pub date: Date,
    pub cause: LossCause,
    pub land_factors: u32,
    pub ships: u32,
    pub rule: String,
    /// Of `land_factors`, the Turkish feudal, cossack, freikorps and Austrian insurrection factors, which
    /// 14.3.2.2.1 does not count.
    #[serde(default)]
    pub excluded_factors: u32,
}

/// A private message or proposal of the Diplomacy Step (4.1), kept in the log for its sender and recipients.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub date: Date,
    pub from: PowerId,
    pub to: Vec<PowerId>,
    pub body: crate::decision::Diplomatic,
}

/// The records the board game keeps on paper (12.6), beyond relations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    pub losses: Vec<LossRecord>,
    /// How many changes of political points there have been (each is an event citing its rule).
    pub points_changes: u32,
}

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
}

/// The whole state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub position: Position,
    /// Set once the last step of the last month has passed.
    pub finished: bool,
    pub powers: BTreeMap<PowerId, PowerState>,
    pub minors: BTreeMap<MinorId, MinorState>,
    /// Who controls each land area; an area absent here is held by the nation it belongs to.
    pub area_control: BTreeMap<AreaId, Nation>,
    pub forces: Forces,
    pub relations: Relations,
    pub records: Records,
    /// Players and the powers each controls (14.2.1, 14.2.2).
    pub players: BTreeMap<PlayerId, Vec<PowerId>>,
    /// The decisions the current step is waiting for, if any.
    pub round: Option<Round>,
    /// The Call to Allies Step in progress (4.3).
    #[serde(default)]
    pub calls: Option<crate::political::calls::CallsState>,
    /// The Peace Step in progress, and the records peace leaves (4.4).
    #[serde(default)]
    pub peace: crate::political::peace::PeaceState,
    /// The Minor Country Control Step in progress, and its records (4.6).
    #[serde(default)]
    pub minor_control: crate::political::minors::MinorControlState,
    /// The Economic Phases' records: each power's income by source (8.2; 12.6 reads them).
    #[serde(default)]
    pub economy: crate::economic::EconomyState,
    /// The uncontrolled major powers (14.3): every major power no player has a seat for, with its controller
    /// and status.
    #[serde(default)]
    pub umps: BTreeMap<PowerId, crate::umps::UmpState>,
    /// The Reinforcement Phase's records: prisoners held, minor ships' fates (rule 5, 4.4.6.1, 12.1.2.2).
    #[serde(default)]
    pub reinforcement: crate::reinforcement::ReinforcementState,
    /// The UMP Control Step in progress and the forced surrenders it records (14.3.1, 14.3.1.3.3).
    #[serde(default)]
    pub ump_control: crate::umps::control::ControlState,
    /// The records the rules for UMPs keep: losses counted, forces held off the map, combined economic phases
    /// (14.3.2.2.1, 14.3.2.4.2, 14.3.2.4.6).
    #[serde(default)]
    pub ump_records: crate::umps::rules::UmpRecords,
}

fn pair(a: PowerId, b: PowerId) -> (PowerId, PowerId) {
    if a <= b { (a, b) } else { (b, a) }
}

impl State {
    /// The position at the start of `scenario`, before any event.
    pub fn initial(scenario: &Scenario) -> State {
        let powers = scenario
            .powers
            .iter()
            .map(|p| {
                (
                    p.id,
                    PowerState {
                        political_points: p.start.political_points,
                        money: p.start.money,
                        manpower: p.start.manpower,
                        victory_points: 0,
                        in_game: true,
                    },
                )
            })
            .collect();
        let minors = scenario
            .minors
            .iter()
            .map(|m| {
                (
                    m.id,
                    MinorState {
                        controller: m.controller,
                        status: m.status,
                        conquered_districts: BTreeSet::new(),
                        free_state_since: None,
                        declared_free_by: BTreeSet::new(),
                    },
                )
            })
            .collect();
        let mut forces = Forces::default();
        for p in &scenario.powers {
            let owner = Nation::Power(p.id);
            for c in &p.corps {
                forces.corps.insert(
                    c.id,
                    Corps {
                        owner,
                        kind: c.kind,
                        capacity: c.capacity,
                        factors: c.factors,
                        location: c.location,
                    },
                );
            }
            for f in &p.fleets {
                forces.fleets.insert(
                    f.id,
                    Fleet {
                        owner,
                        ships: f.ships,
                        location: f.location,
                    },
                );
            }
            for (a, g) in &p.garrisons {
                let e = forces.garrisons.entry((*a, owner)).or_default();
                *e = e.plus(g);
            }
            for a in &p.depots {
                forces.depots.entry(*a).or_default().insert(owner);
            }
        }
        for l in &scenario.leaders {
            let nation = scenario
                .nation(l.nation)
                .unwrap_or(Nation::Minor(MinorId(l.nation)));
            let home = l.location.or_else(|| match nation {
                Nation::Power(p) => scenario.power(p).map(|d| d.capital),
                Nation::Minor(m) => scenario.minor(m).map(|d| d.capital),
            });
            let active = l.enters <= scenario.meta.start;
            forces.leaders.insert(
                l.id,
                LeaderState {
                    nation,
                    status: if active {
                        LeaderStatus::Active
                    } else {
                        LeaderStatus::Waiting
                    },
                    location: if active {
                        home.map(Location::Area).unwrap_or(Location::OffMap)
                    } else {
                        Location::OffMap
                    },
                },
            );
        }
        // A minor controlled at the start holds its own areas for its controller.
        let mut area_control = BTreeMap::new();
        for m in &scenario.minors {
            if let Some(c) = m.controller {
                for a in scenario.areas_of(Nation::Minor(m.id)) {
                    area_control.insert(a, Nation::Power(c));
                }
            }
        }
        State {
            position: Position::start_of(scenario.meta.start),
            finished: false,
            powers,
            minors,
            area_control,
            forces,
            relations: Relations::default(),
            records: Records::default(),
            players: BTreeMap::new(),
            round: None,
            calls: None,
            peace: Default::default(),
            minor_control: Default::default(),
            economy: Default::default(),
            umps: BTreeMap::new(),
            reinforcement: Default::default(),
            ump_control: Default::default(),
            ump_records: Default::default(),
        }
    }

    /// The current month.
    pub fn date(&self) -> Date {
        self.position.date
    }

    /// Whether `a` and `b` are at war now.
    pub fn at_war(&self, a: Nation, b: Nation) -> bool {
        self.current_war(a, b).is_some()
    }

    /// The current war between `a` and `b`, either way round.
    pub fn current_war(&self, a: Nation, b: Nation) -> Option<&War> {
        self.relations.wars.iter().find(|w| {
            w.ended.is_none()
                && ((w.aggressor == a && w.defender == b) || (w.aggressor == b && w.defender == a))
        })
    }

    /// Every nation `n` is at war with now.
    pub fn enemies(&self, n: Nation) -> BTreeSet<Nation> {
        self.relations
            .wars
            .iter()
            .filter(|w| w.ended.is_none())
            .filter_map(|w| {
                if w.aggressor == n {
                    Some(w.defender)
                } else if w.defender == n {
                    Some(w.aggressor)
                } else {
                    None
                }
            })
            .collect()
    }

    /// Whether `n` is at war with any major power.
    pub fn at_war_with_a_major(&self, n: Nation) -> bool {
        self.enemies(n).iter().any(|e| e.power().is_some())
    }

    /// The current alliance between `a` and `b`.
    pub fn alliance(&self, a: PowerId, b: PowerId) -> Option<&Alliance> {
        let (x, y) = pair(a, b);
        self.relations
            .alliances
            .iter()
            .find(|al| al.a == x && al.b == y && al.broken.is_none())
    }

    /// Whether `a` and `b` are allied now.
    pub fn allied(&self, a: PowerId, b: PowerId) -> bool {
        self.alliance(a, b).is_some()
    }

    /// Every current ally of `p`.
    pub fn allies(&self, p: PowerId) -> BTreeSet<PowerId> {
        self.relations
            .alliances
            .iter()
            .filter(|al| al.broken.is_none())
            .filter_map(|al| {
                if al.a == p {
                    Some(al.b)
                } else if al.b == p {
                    Some(al.a)
                } else {
                    None
                }
            })
            .collect()
    }

    /// The most recent broken alliance between `a` and `b`, if any (4.5.3).
    pub fn last_broken_alliance(&self, a: PowerId, b: PowerId) -> Option<&BrokenAlliance> {
        let (x, y) = pair(a, b);
        self.relations
            .alliances
            .iter()
            .filter(|al| al.a == x && al.b == y)
            .filter_map(|al| al.broken.as_ref())
            .max_by_key(|br| br.date)
    }

    /// The enforced peace that stops `restricted` declaring war on `towards` this month, if any (4.4.6.3).
    pub fn enforced_peace(&self, restricted: PowerId, towards: PowerId) -> Option<&EnforcedPeace> {
        let now = self.date();
        self.relations
            .enforced_peaces
            .iter()
            .filter(|e| e.restricted == restricted && e.towards == towards && now < e.until)
            .max_by_key(|e| e.until)
    }

    /// The power controlling a nation: itself for a power, its controller for a minor.
    pub fn controller_of(&self, n: Nation) -> Option<PowerId> {
        match n {
            Nation::Power(p) => Some(p),
            Nation::Minor(m) => self.minors.get(&m).and_then(|s| s.controller),
        }
    }

    /// Rule 4.8: whether `power` may hold `minor` as a conquered minor country. A power that has declared a minor
    /// a free state may never make it conquered again, by any path (4.4.6.4, 4.6, a host's adjustment).
    pub fn may_hold_conquered(
        &self,
        scenario: &Scenario,
        minor: MinorId,
        power: PowerId,
    ) -> crate::kernel::error::RuleResult<()> {
        let Some(m) = self.minors.get(&minor) else {
            return Ok(());
        };
        if !m.declared_free_by.contains(&power) {
            return Ok(());
        }
        let mname = scenario
            .minor(minor)
            .map_or_else(|| minor.to_string(), |d| d.name.clone());
        let pname = scenario
            .power(power)
            .map_or_else(|| power.to_string(), |d| d.name.clone());
        Err(crate::kernel::error::RuleError::new(
            "4.8",
            format!(
                "{pname} has declared {mname} a free state{}; it may never make it a conquered minor country again",
                m.free_state_since
                    .map(|d| format!(" (in {d})"))
                    .unwrap_or_default()
            ),
        ))
    }

    /// Rule 4.6.3.6: the power that gains and loses the political points of a minor free state's combats: its
    /// controller, whoever that is now (chosen under 4.6, ceded, declared, set up by the campaign).
    pub fn combat_points_of(&self, minor: MinorId) -> Option<PowerId> {
        self.minors
            .get(&minor)
            .filter(|m| m.status == MinorStatus::FreeState)
            .and_then(|m| m.controller)
    }

    /// Who holds an area: its recorded controller, or else the nation it belongs to.
    pub fn area_holder(&self, scenario: &Scenario, area: AreaId) -> Option<Nation> {
        self.area_control
            .get(&area)
            .copied()
            .or_else(|| scenario.nation_of_area(area))
    }

    /// The power that controls an area, if any (a neutral minor's area has none).
    pub fn area_power(&self, scenario: &Scenario, area: AreaId) -> Option<PowerId> {
        self.area_holder(scenario, area)
            .and_then(|n| self.controller_of(n))
    }

    /// Powers still in the game, in key order.
    pub fn powers_in_game(&self) -> Vec<PowerId> {
        self.powers
            .iter()
            .filter(|(_, s)| s.in_game)
            .map(|(p, _)| *p)
            .collect()
    }

    /// The player who controls `power`, if any: its seat (14.2.1), or for an UMP the player of the power that
    /// controls it this year (14.3).
    pub fn player_of(&self, power: PowerId) -> Option<PlayerId> {
        let seat = |q: PowerId| {
            self.players
                .iter()
                .find(|(_, ps)| ps.contains(&q))
                .map(|(p, _)| *p)
        };
        seat(power).or_else(|| {
            self.umps
                .get(&power)
                .and_then(|u| u.controller)
                .and_then(seat)
        })
    }

    /// The land factors of `owner` in `area`: corps and garrisons.
    pub fn land_forces_in(&self, owner: Nation, area: AreaId) -> (Vec<CorpsId>, Factors) {
        let corps = self
            .forces
            .corps
            .iter()
            .filter(|(_, c)| c.owner == owner && c.location == Location::Area(area))
            .map(|(id, _)| *id)
            .collect();
        let g = self
            .forces
            .garrisons
            .get(&(area, owner))
            .copied()
            .unwrap_or_default();
        (corps, g)
    }
}
