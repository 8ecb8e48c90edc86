//! The world: the state every rule reads. Powers and their standing, minor countries, control of areas,
//! forces, relations and their history, the records several phases read, and who plays which power. It changes
//! only through `apply` (the game's single point of mutation); the phases read it through `Ctx`.

pub mod access;
pub mod apply;
pub mod cargo;
pub mod event;
pub mod forces;
pub mod geography;
pub mod ledger;
pub mod navy;
pub mod neutral;
pub mod order;
pub mod provinces;
pub mod records;
pub mod relations;
pub mod status;
pub mod step;
pub mod treasury;
pub mod treaties;
pub mod ump_rules;
pub mod umps;
pub mod unification;
pub mod victory;

pub use crate::scenario::{LeaderStatus, LossCause, UmpStatus};
pub use event::WorldEvent;
pub use forces::{Corps, Fleet, Forces, LeaderState};
pub use records::{Building, LossRecord, Records};
pub use relations::{
    Alliance, BrokenAlliance, CessionOffer, EnforcedPeace, Relations, RoyalMarriage, War, WarCause,
};
pub use step::{Ask, Ctx, Cx, OneRound, Sink, Step};
pub use treasury::{Amount, Income, Standing};
pub use treaties::{ChosenTerm, LimitedAccess, Obligation, PeaceKind, PeaceRecord, Treaties};
pub use umps::UmpState;
pub use umps::{ForcedSurrender, UmpRecords};

use crate::kernel::calendar::{Date, Position};
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, MinorId, Nation, PlayerId, PowerId,
};
use crate::scenario::{Factors, Location, MinorStatus, Scenario};
use relations::pair;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The power's display name (its id if the scenario has no such power).
pub(crate) fn name(scenario: &Scenario, p: PowerId) -> String {
    scenario.power_name(p)
}

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
    /// 12.3.2: the month its present controller began to hold it with its present status (none: since before
    /// the game began).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controlled_since: Option<Date>,
}

/// The state every rule reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct World {
    pub position: Position,
    /// Set once the game is over: the last step of the last month has passed, or a final peace ended it.
    pub finished: bool,
    /// The game's end and its winners (Coalition's victory rule, `docs/rules/victory.md`), once it is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<victory::Outcome>,
    pub powers: BTreeMap<PowerId, PowerState>,
    pub minors: crate::kernel::shared::Shared<BTreeMap<MinorId, MinorState>>,
    /// Who controls each land area; an area absent here is held by the nation it belongs to.
    pub area_control: crate::kernel::shared::Shared<BTreeMap<AreaId, Nation>>,
    pub forces: crate::kernel::shared::Shared<Forces>,
    pub relations: crate::kernel::shared::Shared<Relations>,
    pub records: crate::kernel::shared::Shared<Records>,
    /// Players and the powers each controls (14.2.1, 14.2.2).
    pub players: BTreeMap<PlayerId, Vec<PowerId>>,
    /// The uncontrolled major powers (14.3): every major power no player has a seat for, with its controller
    /// and status.
    #[serde(default)]
    pub umps: BTreeMap<PowerId, UmpState>,
    /// Every peace made and what each leaves for later phases (4.4.6.3's written records).
    #[serde(default)]
    pub treaties: crate::kernel::shared::Shared<Treaties>,
    /// Units bought (or otherwise due) and not yet arrived, in the order they were queued (rule 5 brings them).
    #[serde(default)]
    pub building: Vec<Building>,
    /// Land factors held prisoner, by (owner, captor). A peace between their sides returns them (4.4.6.1).
    #[serde(with = "crate::kernel::serde_pairs", default)]
    pub prisoners: BTreeMap<(Nation, Nation), Factors>,
    /// The records the rules for UMPs keep: losses counted, forces held off the map, combined economic phases
    /// (14.3.2.2.1, 14.3.2.4.2, 14.3.2.4.6).
    #[serde(default)]
    pub ump_records: UmpRecords,
    /// 14.3.1.3.3: every forced surrender of an UMP nobody bid for.
    #[serde(default)]
    pub forced_surrenders: Vec<ForcedSurrender>,
    /// 4.6.5.2, 4.6.5.3: controllers at peace with an aggressor of their minor.
    #[serde(default)]
    pub not_at_war: Vec<NotAtWar>,
    /// The Economic Phases' accounts (12.6), kept as the treasuries change; rebuilt by replaying the log, so
    /// not written out with the state.
    #[serde(skip)]
    pub ledger: ledger::Ledger,
    /// Cities under siege (the Land Phase's Conquest Step begins and lifts them; rule 7.7, read by 4.2.2.2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sieges: BTreeMap<AreaId, Siege>,
    /// Every capital taken by an enemy, in order (7.7; the peace rules and the victory conditions read it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub capitals_taken: Vec<CapitalTaken>,
    /// The names powers have taken by unification (Sardinia's "Italy"), by power.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub titles: BTreeMap<PowerId, String>,
    /// Coalition's 6.3.17 and 6.3.18 (`docs/rules/naval-1853.md`): hulks and port guns.
    #[serde(default, skip_serializing_if = "navy::Navy::is_empty")]
    pub navy: navy::Navy,
    /// The technologies each power holds (6.3.20 reads `ironclads`; read through `navy::has_technology`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub technologies: BTreeMap<PowerId, std::collections::BTreeSet<crate::kernel::ids::Key>>,
}

/// A city under siege (Coalition's 7.7): whose garrison holds it, and whose corps besiege it since when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// The nations whose garrison factors hold the city.
    pub besieged: BTreeSet<Nation>,
    /// The nations whose corps besiege it.
    pub besiegers: BTreeSet<Nation>,
    pub since: Date,
}

/// A capital taken by an enemy (Coalition's 7.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CapitalTaken {
    /// The nation whose capital it is.
    pub nation: Nation,
    pub area: AreaId,
    /// The new holder.
    pub by: Nation,
    pub date: Date,
}

/// 4.6.5.2, 4.6.5.3: a controller at peace with an aggressor of its minor. While they stay at peace, the
/// controller may garrison the minor's cities only with the minor's factors, and its corps are ignored in the
/// minor's combats against that aggressor (the military phases read this).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotAtWar {
    pub minor: MinorId,
    pub controller: PowerId,
    pub aggressor: PowerId,
}

impl World {
    /// The position at the start of `scenario`, before any event.
    pub fn initial(scenario: &Scenario) -> World {
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
                        controlled_since: None,
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
                        mix: f.mix.clone(),
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
        World {
            position: Position::start_of(scenario.meta.start),
            finished: false,
            outcome: None,
            powers,
            minors,
            area_control: area_control.into(),
            forces: forces.into(),
            relations: Default::default(),
            records: Default::default(),
            players: BTreeMap::new(),
            umps: BTreeMap::new(),
            treaties: Default::default(),
            building: Vec::new(),
            prisoners: BTreeMap::new(),
            ump_records: UmpRecords::default(),
            forced_surrenders: Vec::new(),
            not_at_war: Vec::new(),
            ledger: Default::default(),
            sieges: BTreeMap::new(),
            capitals_taken: Vec::new(),
            titles: BTreeMap::new(),
            navy: navy::Navy::default(),
            technologies: BTreeMap::new(),
        }
    }

    /// Whether `p` is a power of the scenario still in the game (4.4.8).
    pub fn in_game(&self, p: PowerId) -> bool {
        self.powers.get(&p).is_some_and(|s| s.in_game)
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
        self.relations.current_war(a, b)
    }

    /// Every nation `n` is at war with now.
    pub fn enemies(&self, n: Nation) -> BTreeSet<Nation> {
        self.relations
            .current_wars()
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
    /// The major powers at war with `p`, still in the game (4.4's enemies).
    pub fn major_enemies(&self, p: PowerId) -> Vec<PowerId> {
        self.enemies(Nation::Power(p))
            .into_iter()
            .filter_map(|n| n.power())
            .filter(|e| self.in_game(*e))
            .collect()
    }

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

    /// Coalition's 10.3 (`docs/rules/access.md`): whether `grantor` has granted `grantee` voluntary access to its
    /// territory (its home nation's areas and those of the minors it controls) and the grant is in force. Only
    /// the record: a power and itself give `false` (its own territory needs no access).
    pub fn has_access(&self, grantee: PowerId, grantor: PowerId) -> bool {
        self.relations
            .voluntary_access
            .contains(&(grantor, grantee))
    }

    /// The power controlling a nation: itself for a power, its controller for a minor.
    pub fn controller_of(&self, n: Nation) -> Option<PowerId> {
        match n {
            Nation::Power(p) => Some(p),
            Nation::Minor(m) => self.minors.get(&m).and_then(|s| s.controller),
        }
    }

    /// Rules 7.1.1 and B.4: whether `power` moves (and supplies, and fights with) the corps `id`: a corps lent to
    /// it while the loan runs, else its own corps and its minor free states' that are not lent away.
    pub fn moves_corps(&self, power: PowerId, id: CorpsId) -> bool {
        // The corps' side (its borrower while lent, else its owner), or a free state's corps not lent away: the
        // loan looked up once.
        let Some(c) = self.forces.corps.get(&id) else {
            return false;
        };
        self.moves_corps_lent(power, c, treaties::lent_to(self, id))
    }

    /// Rules 7.1.1 and B.4: `moves_corps` for the corps `c`, lent to `lent` now (`treaties::lent_to`).
    pub fn moves_corps_lent(&self, power: PowerId, c: &Corps, lent: Option<PowerId>) -> bool {
        match lent {
            Some(borrower) => borrower == power,
            None => {
                c.owner == Nation::Power(power)
                    || matches!(c.owner, Nation::Minor(m) if self.minors.get(&m).is_some_and(|s|
                        s.controller == Some(power) && s.status == MinorStatus::FreeState))
            }
        }
    }

    /// Rule 6.2.5: where a force stands: its own place, or, aboard a fleet, the fleet's.
    pub fn place_of(&self, l: Location) -> Location {
        match l {
            Location::Aboard(f) => self
                .forces
                .fleets
                .get(&f)
                .map_or(Location::OffMap, |x| x.location),
            l => l,
        }
    }

    /// Rule 6.1.1: whether `power` moves the fleet `id`: its own, and its minor free states'.
    pub fn moves_fleet(&self, power: PowerId, id: FleetId) -> bool {
        self.forces
            .fleets
            .get(&id)
            .is_some_and(|f| self.moves_nation(power, f.owner))
    }

    /// Rules 6.1.1 and 7.1.1: whether `power` moves the forces of `nation`: its own, and its minor free states'.
    pub fn moves_nation(&self, power: PowerId, nation: Nation) -> bool {
        match nation {
            Nation::Power(p) => p == power,
            Nation::Minor(m) => self
                .minors
                .get(&m)
                .is_some_and(|s| s.controller == Some(power) && s.status == MinorStatus::FreeState),
        }
    }

    /// B.4: the side a corps stands on: its borrower while a loan runs, else its owner.
    pub fn corps_side(&self, id: CorpsId) -> Option<Nation> {
        let c = self.forces.corps.get(&id)?;
        Some(treaties::lent_to(self, id).map_or(c.owner, Nation::Power))
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

    /// 4.6.5.2: a major power at war with `minor` that the minor's controller `controller` is at peace with, if
    /// there is one (the first in key order). While there is, the controller garrisons the minor's cities only
    /// with the minor's own factors (Coalition reads the clause for each attacker: `docs/rules/minor-control.md`).
    pub fn attacker_at_peace(&self, controller: PowerId, minor: MinorId) -> Option<PowerId> {
        self.enemies(Nation::Minor(minor))
            .into_iter()
            .filter_map(|n| n.power())
            .find(|p| {
                *p != controller
                    && self.in_game(*p)
                    && !self.at_war(Nation::Power(controller), Nation::Power(*p))
            })
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

/// A political points change of the Political Points Chart's entry `id` (which gives the value), `times` over,
/// citing `rule`: the clause that causes this change (the chart's entry may be cited by several: breaking an
/// alliance costs the same under 4.3.1.3, 4.4.7, 4.6.4.2.2, 4.6.5.1 and 4.7).
///
/// Every entry the engine uses is required by the data checks, so a missing one is a data error caught at load.
pub fn points(
    scenario: &Scenario,
    power: PowerId,
    id: &str,
    times: i32,
    rule: &str,
    reason: String,
) -> WorldEvent {
    let delta = scenario
        .points(id)
        .map_or(0, |e| e.points.saturating_mul(times));
    WorldEvent::PointsChanged {
        power,
        delta,
        rule: rule.to_string(),
        reason,
    }
}
