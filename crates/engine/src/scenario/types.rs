//! The serde types of the data files: what a group reads, checks and edits in `data/`.
//!
//! A scenario is a folder `data/scenarios/<name>/` with `scenario.ron`, `map.ron`, `powers.ron`,
//! `minors.ron` and `leaders.ron`; it names a ruleset `data/rulesets/<name>/charts.ron`. These types are the
//! unchecked input; `Scenario::load` checks them and reports every problem at once.

use crate::kernel::calendar::Date;
use crate::kernel::ids::{
    AreaId, CorpsId, DistrictId, FleetId, Key, LeaderId, MinorId, Nation, PlayerId, PowerId,
    ProvinceId, SeaId,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `scenario.ron`: the scenario's name, dates and ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioFile {
    /// Short key (`1805`).
    pub id: String,
    /// Title shown to players.
    pub name: String,
    /// First turn.
    pub start: Date,
    /// Last turn.
    pub end: Date,
    /// The ruleset folder under `data/rulesets/`.
    pub ruleset: String,
    /// The shared map under `data/maps/` this scenario lays its `political.ron` over; absent, the scenario's folder
    /// holds a whole `map.ron` of its own (with nations, outposts and capitals).
    #[serde(default)]
    pub map: Option<String>,
    /// Rule 3: the months that hold an Economic Phase and an UMP Control Step (the 1805 calendar if absent).
    #[serde(default)]
    pub calendar: crate::kernel::calendar::Calendar,
    /// Major powers controlled by another power at the start (14.3: "UMPs already controlled"), as
    /// `(ump, controller)`.
    #[serde(default)]
    pub controlled_umps: Vec<(PowerId, PowerId)>,
    /// Free text for players.
    #[serde(default)]
    pub notes: String,
    /// Coalition's unification rule (`docs/rules/unification.md`): the nations a power may unite and be renamed.
    #[serde(default)]
    pub unifications: Vec<UnificationDef>,
    /// The campaign's starting relations and any other set-up (14.1.4), as host adjustments: wars (with the
    /// date they began), alliances, enforced peaces... Applied before the first step, citing 14.1.4.
    #[serde(default)]
    pub setup: Vec<super::Adjustment>,
    /// Coalition's `docs/rules/naval-1853.md`: the folder under `data/rulesets/` whose `ships.ron` gives the ship
    /// kinds of the era; none: one kind of ship (the 1805 rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval_era: Option<String>,
}

/// Coalition's unification rule: a power that holds `needed` of `parts` in a Status Step (8.6) takes `name`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnificationDef {
    pub power: PowerId,
    /// The name it takes (`Italy`).
    pub name: String,
    /// The lands that count (the facts' "Italian provinces": Sicily, Naples, the Papacy ...), each of one or more
    /// provinces of the map.
    pub parts: Vec<UnificationPart>,
    /// How many parts it must hold (every area of each of their provinces controlled by it or a minor it controls).
    pub needed: u32,
}

/// A land that counts towards a unification: its name and its provinces on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnificationPart {
    pub name: String,
    pub provinces: Vec<crate::kernel::ids::ProvinceId>,
}

/// Terrain of a land area (the combat and movement rules read it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Clear,
    Forest,
    Mountain,
    Marsh,
    Desert,
}

/// A city in an area: an ordinary city or a fortress (fortified city).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CityKind {
    City,
    Fortress,
}

/// Kind of a land border between two areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// Open ground.
    Plain,
    /// Across a major river.
    River,
    /// Through a mountain pass.
    Pass,
    /// Across a narrow strait without a sea crossing arrow (Bosporus-like land connection).
    Strait,
}

/// A land border from one area to another. Each border is listed on both areas, with the same kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub to: AreaId,
    pub kind: LinkKind,
}

/// `map.ron`: provinces, land areas, sea areas and crossing arrows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapFile {
    pub provinces: Vec<ProvinceDef>,
    pub areas: Vec<AreaDef>,
    pub seas: Vec<SeaDef>,
    #[serde(default)]
    pub crossings: Vec<CrossingDef>,
}

/// A province: money and manpower values, and the nation (major power or minor country) it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProvinceDef {
    pub id: ProvinceId,
    pub name: String,
    /// Key of the major power (home nation) or minor country the province belongs to.
    pub nation: Key,
    /// Money value (8.2.1.1).
    pub money: u32,
    /// Manpower value (8.2.2).
    pub manpower: u32,
    /// An outpost of a home nation far from it (Gibraltar, Malta): its coast is not the home nation's for 12.2.2.
    #[serde(default)]
    pub outpost: bool,
}

/// A land area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaDef {
    pub id: AreaId,
    pub name: String,
    pub province: ProvinceId,
    pub terrain: Terrain,
    /// Name and kind of the area's city, if it has one.
    #[serde(default)]
    pub city: Option<(String, CityKind)>,
    /// Whether the city is a port (fleets may enter, ships may be built: 12.1.2).
    #[serde(default)]
    pub port: bool,
    /// Whether the area holds the capital of its nation.
    #[serde(default)]
    pub capital: bool,
    /// Approximate latitude, degrees north (drawing only; no rule reads it).
    pub lat: f64,
    /// Approximate longitude, degrees east (drawing only; no rule reads it).
    pub lon: f64,
    /// Land borders, each also listed on the other area.
    #[serde(default)]
    pub links: Vec<Link>,
    /// Sea areas this area's coast touches.
    #[serde(default)]
    pub seas: Vec<SeaId>,
}

/// A sea area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeaDef {
    pub id: SeaId,
    pub name: String,
    /// Approximate centre, degrees (drawing only).
    pub lat: f64,
    pub lon: f64,
    /// Sea areas next to this one, each also listing this one.
    #[serde(default)]
    pub adjacent: Vec<SeaId>,
}

/// A sea crossing arrow between two land areas, blocked by enemy fleets in `sea`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrossingDef {
    pub id: Key,
    pub a: AreaId,
    pub b: AreaId,
    pub sea: SeaId,
    /// The optional rule that adds this arrow (`channel-arrow`, 12.2.1.1), if it is not always there.
    #[serde(default)]
    pub optional: Option<crate::kernel::rulebook::OptionalRule>,
    /// Whether 12.2.1.2 applies (an arrow in Denmark or Copenhagen–Malmö).
    #[serde(default)]
    pub danish_swedish: bool,
}

/// Army factors by type. Used for corps contents, capacities, garrisons and purchases.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(default)]
pub struct Factors {
    pub infantry: u16,
    pub cavalry: u16,
    pub guard: u16,
    pub militia: u16,
    /// French and Russian artillery (12.3.5).
    pub artillery: u16,
    pub cossack: u16,
    pub freikorps: u16,
    /// Turkish feudal factors.
    pub feudal: u16,
    /// Austrian insurrection factors.
    pub insurrection: u16,
}

impl Factors {
    /// `n` factors taken in the loss order (Coalition's, `docs/rules/land.md` 7.4.2 and `combat.md`: the
    /// cheapest first: militia, insurrection, feudal, freikorps, cossacks, infantry, cavalry, artillery, guard):
    /// what is left and what was lost.
    pub fn take_cheapest(&self, n: u16) -> (Factors, Factors) {
        const LOSS_ORDER: [fn(&mut Factors) -> &mut u16; 9] = [
            |f| &mut f.militia,
            |f| &mut f.insurrection,
            |f| &mut f.feudal,
            |f| &mut f.freikorps,
            |f| &mut f.cossack,
            |f| &mut f.infantry,
            |f| &mut f.cavalry,
            |f| &mut f.artillery,
            |f| &mut f.guard,
        ];
        let mut left = *self;
        let mut lost = Factors::default();
        let mut n = n;
        for get in LOSS_ORDER {
            let have = get(&mut left);
            let t = (*have).min(n);
            *have -= t;
            *get(&mut lost) += t;
            n -= t;
        }
        (left, lost)
    }

    /// Every factor of every type.
    pub fn total(&self) -> u32 {
        [
            self.infantry,
            self.cavalry,
            self.guard,
            self.militia,
            self.artillery,
            self.cossack,
            self.freikorps,
            self.feudal,
            self.insurrection,
        ]
        .iter()
        .map(|&x| x as u32)
        .sum()
    }

    /// Whether there are no factors at all.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The factors of the unit kinds in `kinds` only (the others none), e.g. those that may garrison (7.3.5).
    pub fn only(&self, kinds: &[UnitKind]) -> Factors {
        let has = |k: UnitKind, n: u16| if kinds.contains(&k) { n } else { 0 };
        Factors {
            infantry: has(UnitKind::Infantry, self.infantry),
            cavalry: has(UnitKind::Cavalry, self.cavalry),
            guard: has(UnitKind::Guard, self.guard),
            militia: has(UnitKind::Militia, self.militia),
            artillery: has(UnitKind::Artillery, self.artillery),
            cossack: has(UnitKind::Cossack, self.cossack),
            freikorps: has(UnitKind::Freikorps, self.freikorps),
            feudal: has(UnitKind::Feudal, self.feudal),
            insurrection: has(UnitKind::Insurrection, self.insurrection),
        }
    }

    /// The sum, type by type, saturating.
    pub fn plus(&self, o: &Factors) -> Factors {
        Factors {
            infantry: self.infantry.saturating_add(o.infantry),
            cavalry: self.cavalry.saturating_add(o.cavalry),
            guard: self.guard.saturating_add(o.guard),
            militia: self.militia.saturating_add(o.militia),
            artillery: self.artillery.saturating_add(o.artillery),
            cossack: self.cossack.saturating_add(o.cossack),
            freikorps: self.freikorps.saturating_add(o.freikorps),
            feudal: self.feudal.saturating_add(o.feudal),
            insurrection: self.insurrection.saturating_add(o.insurrection),
        }
    }

    /// The difference, type by type, or `None` if `o` has more of some type.
    pub fn minus(&self, o: &Factors) -> Option<Factors> {
        Some(Factors {
            infantry: self.infantry.checked_sub(o.infantry)?,
            cavalry: self.cavalry.checked_sub(o.cavalry)?,
            guard: self.guard.checked_sub(o.guard)?,
            militia: self.militia.checked_sub(o.militia)?,
            artillery: self.artillery.checked_sub(o.artillery)?,
            cossack: self.cossack.checked_sub(o.cossack)?,
            freikorps: self.freikorps.checked_sub(o.freikorps)?,
            feudal: self.feudal.checked_sub(o.feudal)?,
            insurrection: self.insurrection.checked_sub(o.insurrection)?,
        })
    }
}

/// What a corps counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorpsKind {
    Infantry,
    Cavalry,
    Guard,
    /// French and Russian artillery corps (12.3.5).
    Artillery,
    Cossack,
    Freikorps,
    /// Turkish feudal corps.
    Feudal,
    /// Austrian insurrection corps.
    Insurrection,
}

/// Where a counter stands: on a land area (a fleet: in its port), at sea, in a port's blockade box (a fleet, 6.2.1),
/// or off the map (not yet built).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    Area(AreaId),
    Sea(SeaId),
    /// 6.2.1: the blockade box of the port at this area: at sea, outside the port.
    Blockade(AreaId),
    /// 6.2.5 (Coalition's transport): aboard this fleet, wherever it is (corps and the leaders with them).
    Aboard(FleetId),
    OffMap,
}

impl std::fmt::Display for Location {
    /// The text form `Scenario::location` reads back: an area's or sea's key, `box:AREA` or `none`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Area(a) => write!(f, "{a}"),
            Location::Sea(s) => write!(f, "{s}"),
            Location::Blockade(a) => write!(f, "box:{a}"),
            Location::Aboard(x) => write!(f, "aboard:{x}"),
            Location::OffMap => f.write_str("none"),
        }
    }
}

/// A corps counter of a major power or minor country.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CorpsDef {
    pub id: CorpsId,
    pub name: String,
    pub kind: CorpsKind,
    /// Most factors of each type the corps may hold.
    pub capacity: Factors,
    /// Factors at the start.
    #[serde(default)]
    pub factors: Factors,
    /// Where it starts (`OffMap` if not on the map).
    pub location: Location,
}

/// A fleet counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FleetDef {
    pub id: FleetId,
    pub name: String,
    /// Ships at the start.
    pub ships: u16,
    /// A port area or a sea area.
    pub location: Location,
    /// Coalition's 6.3.10 (`docs/rules/naval-1853.md`, a scenario with ship kinds only): the ships by kind,
    /// summing to `ships`; none: all ships of the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mix: Option<BTreeMap<super::ShipKind, u16>>,
}

/// Starting treasury and standing of a major power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerStart {
    pub political_points: i32,
    pub money: i32,
    pub manpower: i32,
}

/// `powers.ron`: one entry per major power.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PowerDef {
    pub id: PowerId,
    pub name: String,
    /// Colour for maps and charts, `#rrggbb`.
    pub color: String,
    /// The area holding the home nation's capital.
    pub capital: AreaId,
    /// National manpower value printed on the map (Spain: 16; 14.3.2.2.1).
    pub national_manpower: u32,
    pub start: PowerStart,
    /// Victory points needed to win the campaign.
    pub victory_target: i32,
    #[serde(default)]
    pub corps: Vec<CorpsDef>,
    #[serde(default)]
    pub fleets: Vec<FleetDef>,
    /// Garrisons at the start: area and factors.
    #[serde(default)]
    pub garrisons: Vec<(AreaId, Factors)>,
    /// Depots at the start.
    #[serde(default)]
    pub depots: Vec<AreaId>,
    /// Whether the power has colonial trade (Great Britain: 12.2.2).
    #[serde(default)]
    pub colonial_trade: u32,
}

/// Political standing of a minor country at the start of a scenario (4.6.3.3).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum MinorStatus {
    Neutral,
    FreeState,
    Conquered,
}

/// A district of a minor country (10.4): a group of its provinces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DistrictDef {
    pub id: DistrictId,
    pub name: String,
    pub provinces: Vec<ProvinceId>,
    /// Whether this is the minor's primary district (holding its capital).
    #[serde(default)]
    pub primary: bool,
}

/// Starting forces of a minor country on the Minor Countries Chart (4.6.3.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MinorForces {
    pub infantry: u16,
    pub cavalry: u16,
    pub ships: u16,
}

/// `minors.ron`: one entry per minor country.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MinorDef {
    pub id: MinorId,
    pub name: String,
    /// The area holding its capital.
    pub capital: AreaId,
    /// Its districts; a one-district minor lists one.
    pub districts: Vec<DistrictDef>,
    pub status: MinorStatus,
    /// Its controlling major power at the start (none when neutral).
    #[serde(default)]
    pub controller: Option<PowerId>,
    /// Starting strengths (4.6.3.3).
    pub forces: MinorForces,
    /// Number of corps counters it may field.
    #[serde(default)]
    pub corps: u8,
    /// Morale of its army factors, in tenths (20 = 2.0).
    pub morale: u8,
    /// National modifier of each major power for control rolls (4.6.2.1): every power of the scenario.
    pub national_modifiers: BTreeMap<PowerId, i32>,
}

/// `leaders.ron`: one entry per leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderDef {
    pub id: LeaderId,
    pub name: String,
    /// Key of the power or minor the leader serves.
    pub nation: Key,
    /// Strategic rating (1 to 6).
    pub strategic: u8,
    /// Tactical rating (0 to 6).
    pub tactical: u8,
    /// Tactical maximum: corps the leader commands well (1 to 12).
    pub tactical_max: u8,
    /// Whether this is a naval leader (Nelson).
    #[serde(default)]
    pub naval: bool,
    /// When the leader enters play.
    pub enters: Date,
    /// Where: an area of the nation (its capital if none is given).
    #[serde(default)]
    pub location: Option<AreaId>,
}

/// One zone of the Political Status Display (10.5): the points it spans and its status modifier.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ZoneDef {
    pub name: String,
    /// Lowest political points in the zone (inclusive).
    pub from: i32,
    /// Highest political points in the zone (inclusive).
    pub to: i32,
    /// Status modifier (4.6.2.2, 14.3.1.2.4).
    pub modifier: i32,
    /// Instability zone (4.6.1).
    #[serde(default)]
    pub instability: bool,
    /// Fiasco zone (4.6.1).
    #[serde(default)]
    pub fiasco: bool,
    /// Victory points a power in this zone gains in each Economic Phase's Status Step (Coalition's 8.6).
    #[serde(default)]
    pub victory_points: i32,
}

/// The Political Status Display: the range of political points and its zones, lowest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatusDisplay {
    pub min: i32,
    pub max: i32,
    pub zones: Vec<ZoneDef>,
}

/// One line of the Political Points Chart: a named gain or loss and the rule that gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointsEntry {
    /// Key the code looks up (`declare-war-major`).
    pub id: String,
    /// The clause (`4.2.1.1`).
    pub rule: String,
    /// Points gained (positive) or lost (negative).
    pub points: i32,
    pub description: String,
}

/// Which list of the Victory Conditions Chart a peace term is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TermList {
    A,
    B,
    C,
}

/// A peace term of the Victory Conditions Chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeaceTermDef {
    /// `A.1` … `C.6`.
    pub id: String,
    pub list: TermList,
    pub name: String,
    /// What it does, in Coalition's words.
    pub effect: String,
    /// List B terms this list A term cancels (4.4.3).
    #[serde(default)]
    pub cancels: Vec<String>,
    /// Terms that may not be chosen with this one (4.4.4, 4.4.5.3).
    #[serde(default)]
    pub excludes: Vec<String>,
    /// Numbers the term uses (months, corps, fractions as `numerator/denominator` pairs), by name.
    #[serde(default)]
    pub params: BTreeMap<String, i32>,
}

/// The Victory Conditions Chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VictoryConditions {
    /// Months of enforced peace after a formal peace (4.4.6.3): 18.
    pub enforced_peace_months: u32,
    pub terms: Vec<PeaceTermDef>,
}

/// What the Reinforcement Phase reads from data (Coalition's rule 5, docs/rules/reinforcement.md).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ReinforcementChart {
    /// 5.2: the land unit kinds that may arrive as a city's garrison; the others arrive only into corps.
    #[serde(default)]
    pub garrison_units: Vec<UnitKind>,
}

/// The numbers of the UMP Control Step (14.3.1.1, 14.3.1.2, 14.3.1.3).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UmpControlChart {
    /// 14.3.1.1: the highest bid for one UMP (bids run from 0 to this).
    pub max_bid: u8,
    /// 14.3.1.2: dice each bidder rolls for each UMP.
    pub dice: u8,
    /// 14.3.1.2.2: the modifier for a bidder allied to the UMP.
    pub allied_modifier: i32,
    /// 14.3.1.2.3: the modifier for a bidder at war with the UMP.
    pub at_war_modifier: i32,
    /// 14.3.1.3.1: the lowest winning modified roll that makes the UMP active.
    pub active_at: i32,
}

/// The numbers of the rules for uncontrolled major powers (14.3.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UmpRulesChart {
    /// 14.3.2.1.3: the most political points a power gains or loses in one battle with its UMPs (3), unless
    /// Napoleon or Nelson commands.
    pub battle_points_cap: i32,
    /// 14.3.2.2.1: the land factors each lost ship counts for (3).
    pub ship_land_equivalent: u32,
    /// 14.3.2.2.1: an active UMP reverts to inactive once its counted losses reach this many times its national
    /// manpower value (2).
    pub reversion_manpower_multiple: u32,
    /// 14.3.2.4.2: the powers whose manpower is kept on record while neutral (Prussia).
    pub manpower_kept_by: Vec<PowerId>,
    /// 14.3.2.4.6: the combined economic phase's income is divided by this, rounded down (2).
    pub combined_phase_divisor: u32,
    /// 14.3.2.4.6 (Coalition's choice): the land factor the combined economic phase buys.
    pub combined_purchase: UnitKind,
}

/// The numbers of the Economic Phase (Coalition's values, docs/rules/economic.md).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EconomyChart {
    /// A conquered minor yields this fraction of its money and manpower to its controller, rounded down
    /// (a free state yields all of it): numerator.
    pub conquered_minor_num: u32,
    /// The same fraction's denominator (never 0).
    pub conquered_minor_den: u32,
    /// 12.2.2: colonial trade lost for each sea area next to the home nation holding an enemy fleet.
    pub naval_raiding_loss: u32,
    /// What each thing bought in the Expenditure Step (8.5) costs, and how many months it takes to arrive.
    #[serde(default)]
    pub costs: BTreeMap<UnitKind, Cost>,
    /// Kinds only some powers may buy (8.5: cossacks Russia only ...); a kind not listed is open to all.
    #[serde(default)]
    pub restricted: BTreeMap<UnitKind, Vec<PowerId>>,
    /// The kinds a power may buy for one of its minor free states (4.8, 8.5), at the same prices.
    #[serde(default)]
    pub free_state_units: Vec<UnitKind>,
    /// 12.1.1: money paid per militia factor converted to infantry.
    #[serde(default)]
    pub militia_conversion_money: u32,
    /// Money lent is repaid at the collection of this many Economic Phases later (Coalition's 8.5).
    #[serde(default)]
    pub loan_phases: u32,
    /// Political points a power loses in the Status Step for each debt (reparations, a loan) it could not pay in
    /// full this phase (Coalition's 8.6; negative).
    #[serde(default)]
    pub default_points: i32,
    /// 12.5: the Economic Manipulation Display.
    #[serde(default)]
    pub manipulation: ManipulationChart,
    /// 12.9: American trade (Coalition's 8.2 rule).
    #[serde(default)]
    pub american_trade: AmericanTradeChart,
}

/// One square of the Economic Manipulation Display (12.5): its political status adjustment and its money and
/// manpower, gained (positive) or lost (negative) each time it is recorded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManipulationSquare {
    /// The square's number (0: no manipulation).
    pub square: i32,
    /// The PSA number: political points gained or lost.
    pub pp: i32,
    #[serde(default)]
    pub money: i32,
    #[serde(default)]
    pub manpower: i32,
}

/// The Economic Manipulation Display (12.5) and Coalition's 8.4.1 restrictions.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ManipulationChart {
    /// The squares, in order; one is square 0.
    pub squares: Vec<ManipulationSquare>,
    /// 8.4.1: the marker moves at most this many squares in one setting.
    pub max_move: u32,
    /// 8.4.1: a power in a zone marked `fiasco` or `instability` may not choose a square that loses political
    /// points.
    #[serde(default)]
    pub unstable_no_pp_loss: bool,
}

impl ManipulationChart {
    /// The square numbered `n`.
    pub fn square(&self, n: i32) -> Option<&ManipulationSquare> {
        self.squares.iter().find(|s| s.square == n)
    }
}

/// American trade (12.9; Coalition's 8.2 rule, docs/rules/economic.md).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AmericanTradeChart {
    /// The power whose fleet can deny American trade and who rolls for America's war (Great Britain).
    #[serde(default)]
    pub britain: Option<PowerId>,
    /// Money each other power not denied receives in each collection.
    pub money: u32,
    /// The roll: America goes to war with Britain this phase when one die is at most this many per power denied.
    pub war_per_denied: u32,
    /// Colonial trade Britain loses in a phase of American war (to no less than 0).
    pub war_loss: u32,
}

/// Something a power can buy in the Money and Manpower Expenditure Step (8.5).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Infantry,
    Cavalry,
    Guard,
    Militia,
    Artillery,
    Cossack,
    Freikorps,
    Feudal,
    Insurrection,
    /// One ship (12.1.2: built in a named port).
    Ship,
    /// An empty corps counter.
    Corps,
    Depot,
}

impl UnitKind {
    /// Every kind, in chart order.
    pub const ALL: [UnitKind; 12] = [
        UnitKind::Infantry,
        UnitKind::Cavalry,
        UnitKind::Guard,
        UnitKind::Militia,
        UnitKind::Artillery,
        UnitKind::Cossack,
        UnitKind::Freikorps,
        UnitKind::Feudal,
        UnitKind::Insurrection,
        UnitKind::Ship,
        UnitKind::Corps,
        UnitKind::Depot,
    ];

    /// The kind as the data files and players write it (`infantry`, `ship` ...).
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Infantry => "infantry",
            UnitKind::Cavalry => "cavalry",
            UnitKind::Guard => "guard",
            UnitKind::Militia => "militia",
            UnitKind::Artillery => "artillery",
            UnitKind::Cossack => "cossack",
            UnitKind::Freikorps => "freikorps",
            UnitKind::Feudal => "feudal",
            UnitKind::Insurrection => "insurrection",
            UnitKind::Ship => "ship",
            UnitKind::Corps => "corps",
            UnitKind::Depot => "depot",
        }
    }
}

impl std::fmt::Display for UnitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The price of one unit of a kind and its delay before it arrives as a reinforcement (rule 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost {
    pub money: u32,
    pub manpower: u32,
    /// Months from purchase to arrival (0: it arrives in the next Reinforcement Phase).
    pub delay_months: u32,
}

/// Movement allowances (Coalition's values: the board game's corps allowances are not public).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovementChart {
    /// Land areas a corps of each kind may move in a month (each land border or crossing arrow counts one).
    pub corps: BTreeMap<CorpsKind, u32>,
    /// Sea areas a fleet may move in a Naval Phase (6.2.1: 7 movement points).
    pub fleet: u32,
}

/// The numbers of the Minor Country Control Step (docs/rules/minor-control.md).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MinorControlChart {
    /// The order in which controllers set up minor forces (4.6.3.2).
    pub setup_order: Vec<PowerId>,
    /// 4.6.1 (Coalition's 10.5.2): a controller in the Instability zone loses a minor on a die at or below this.
    pub instability_loss: u8,
    /// 4.6.1 (Coalition's 10.5.2): the same in the Fiasco zone.
    pub fiasco_loss: u8,
    /// 4.6.2.3: the modifier for a power already at war with a power that declared war on the minor (+2).
    pub already_at_war_modifier: i32,
}

/// The numbers of the alliance rules.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AlliancesChart {
    /// 4.5.3: months after breaking an alliance before the two powers may re-ally (12).
    pub realliance_months: i32,
}

/// A player of a game and the powers it controls (14.2.1, 14.2.2). Used by transcripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlayerDef {
    pub id: PlayerId,
    pub powers: Vec<PowerId>,
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

/// The cause of a recorded loss (14.3.2.2.1 counts these).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    Foraging,
    /// The attrition roll of a forced march (Coalition's 7.3.2).
    ForcedMarch,
    BesiegedSupply,
    Surrender,
    Scuttling,
    Demobilization,
    Combat,
}

/// How an uncontrolled major power is run for the year (14.3.1.3).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UmpStatus {
    /// 14.3.1.3.1, 14.3.2.2.
    Active,
    /// 14.3.1.3.2, 14.3.2.3.
    Inactive,
    /// 14.3.1.3.3, 14.3.2.4.
    Neutral,
}

#[cfg(test)]
mod tests {
    use super::UnitKind;

    #[test]
    fn a_unit_kinds_name_is_the_one_its_data_files_use() {
        for k in UnitKind::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.name(), "{k:?}");
        }
    }
}
