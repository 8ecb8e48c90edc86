//! The charts of a ruleset (`charts.ron`): every table the rules read, in one file's type.

use super::land::LandChart;
use super::naval::NavalChart;
use super::types::*;
use crate::kernel::ids::PowerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `charts.ron` of a ruleset: the tables and charts the rules read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChartsFile {
    /// The Natural Alliance Table (UMP1): `natural_alliance[controlled][uncontrolled]`; the diagonal is absent.
    pub natural_alliance: BTreeMap<PowerId, BTreeMap<PowerId, i32>>,
    pub status_display: StatusDisplay,
    pub political_points: Vec<PointsEntry>,
    pub victory_conditions: VictoryConditions,
    /// Coalition's movement allowances, used where a rule asks what a power could reach in a turn (4.2.2.3).
    pub movement: MovementChart,
    /// The Naval Phase's numbers (rule 6; docs/rules/naval.md).
    pub naval: NavalChart,
    /// The Land Phase's numbers (rule 7; docs/rules/land.md).
    pub land: LandChart,
    /// The Minor Country Control Step's numbers (4.6.1, 4.6.2.3, 4.6.3.2).
    pub minor_control: MinorControlChart,
    /// The alliance rules' numbers (4.5.3).
    pub alliances: AlliancesChart,
    /// The Economic Phase's numbers (8.2, 12.2.2; docs/rules/economic.md).
    pub economy: EconomyChart,
    /// The Reinforcement Phase's choices (rule 5; docs/rules/reinforcement.md).
    #[serde(default)]
    pub reinforcement: ReinforcementChart,
    /// The UMP Control Step's numbers (14.3.1; docs/rules/umps.md).
    pub ump_control: UmpControlChart,
    /// The numbers of the rules for uncontrolled major powers (14.3.2; docs/rules/umps-rules.md).
    pub ump_rules: UmpRulesChart,
}
