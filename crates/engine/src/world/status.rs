//! Rule 10.5 as cited by 4.6.1, 4.6.2.2 and 14.3.1.2.4: the Political Status Display (Coalition's zones, in data).

use super::World;
use crate::kernel::ids::PowerId;
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// A power's line on the Political Status Display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusLine {
    pub political_points: i32,
    /// The zone the marker stands in.
    pub zone: String,
    /// The zone's status modifier (4.6.2.2: +1 in the Dominant zone).
    pub modifier: i32,
    /// Instability zone (4.6.1).
    pub instability: bool,
    /// Fiasco zone (4.6.1).
    pub fiasco: bool,
}

/// Where `power`'s marker stands: points, zone and status modifier (4.6.2.2).
pub fn status_line(scenario: &Scenario, state: &World, power: PowerId) -> Option<StatusLine> {
    let pp = state.powers.get(&power)?.political_points;
    let z = scenario.status_zone(pp)?;
    Some(StatusLine {
        political_points: pp,
        zone: z.name.clone(),
        modifier: z.modifier,
        instability: z.instability,
        fiasco: z.fiasco,
    })
}

/// The status modifier of `power` (4.6.2.2, 14.3.1.2.4).
pub fn status_modifier(scenario: &Scenario, state: &World, power: PowerId) -> i32 {
    status_line(scenario, state, power).map_or(0, |l| l.modifier)
}
