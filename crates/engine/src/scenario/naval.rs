//! Rule 6 (Coalition's Naval Phase, `docs/rules/naval.md`): the numbers it reads from `charts.ron`'s `naval`
//! section: the order of movement (6.1, public) and 12.2.3's reductions of a fleet's allowance (the text's
//! numbers), and the costs of 6.2.1 (the text's). A fleet's allowance itself is `movement.fleet` (6.2.1: 7).

use crate::kernel::ids::PowerId;
use serde::{Deserialize, Serialize};

/// Everything the Naval Phase reads from data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavalChart {
    /// 6.1: the power that chooses its place in the order of movement (Great Britain).
    pub chooser: PowerId,
    /// 6.1: the others, in their fixed order (Russia, Turkey, Austria, Prussia, France, Spain).
    pub order: Vec<PowerId>,
    /// 6.1 (3.6): the place (1 = first) the chooser takes when it decides nothing.
    pub default_place: u8,
    /// 6.2.1: what each step of a fleet's path costs.
    pub costs: NavalCosts,
    /// 12.2.3 (option): the reductions of a stack's movement allowance.
    pub large_fleets: LargeFleetsChart,
}

/// 6.2.1.1, 6.2.1.2: the movement points a fleet pays for each step of its path (the text's numbers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavalCosts {
    /// 6.2.1.1: from a sea area into an adjacent one (1).
    pub sea: u32,
    /// 6.2.1.2: from a port into a sea area touching its blockade box, or back (1).
    pub port_sea: u32,
    /// 6.2.1.2: from a blockade box into a sea area next to it, or back (1).
    pub box_sea: u32,
    /// 6.2.1.2: from a port into its own blockade box, or back (0).
    pub port_box: u32,
}

/// 12.2.3.2 to 12.2.3.4: what a stack's size and its transports take off each fleet's movement allowance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LargeFleetsChart {
    /// 12.2.3.3: movement points off for each fleet in the stack beyond the first (1).
    pub per_extra_fleet: u32,
    /// 12.2.3.2: movement points off when a fleet of the stack transports corps or an invasion depot (1).
    pub transporting: u32,
    /// 12.2.3.4: the most the reductions together take off (3: an allowance of 7 goes no lower than 4).
    pub most_reduction: u32,
}
