//! The records the board game keeps on paper (12.6) beyond relations: losses with their causes (14.3.2.2.1
//! counts them) and the count of political points changes.

use crate::kernel::calendar::Date;
use crate::kernel::ids::{AreaId, Nation};
use crate::scenario::{Factors, LossCause, UnitKind};
use serde::{Deserialize, Serialize};

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

/// The records the board game keeps on paper (12.6), beyond relations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Records {
    /// Shared between copies of the state until one changes (a view's copy is then cheap).
    pub losses: std::sync::Arc<Vec<LossRecord>>,
    /// How many changes of political points there have been (each is an event citing its rule).
    pub points_changes: u32,
}

/// Units bought and not yet arrived (rule 5 brings them in when `due` comes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Building {
    /// The nation whose units they are (a major power, or a minor free state's own).
    pub owner: Nation,
    pub unit: UnitKind,
    pub count: u16,
    /// When they were bought.
    pub bought: Date,
    /// The first Reinforcement Phase they arrive in.
    pub due: Date,
    /// Ships: the port where they are built (12.1.2), announced to all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<AreaId>,
    /// The rule that queued them (8.5 purchase, 12.1.1 conversion, 4.4.6.1 returned prisoners ...).
    pub rule: String,
}

/// 4.4.6.1: prisoners a peace returns, queued to arrive as reinforcements; the Peace Step finds them, the
/// Reinforcement Phase's event (`ReinforcementEvent::PrisonersReturned`) records them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrisonersReturned {
    pub owner: Nation,
    pub captor: Nation,
    pub factors: Factors,
    pub date: Date,
}

impl std::fmt::Display for PrisonersReturned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} returns {} of {}'s factors: they arrive as reinforcements (4.4.6.1)",
            self.captor,
            self.factors.total(),
            self.owner
        )
    }
}

/// 4.4.6.1: the prisoners the sides of `a` and `b` (powers, with the minors they control) hold of each other.
pub fn prisoners_returned(
    st: &super::World,
    a: crate::kernel::ids::PowerId,
    b: crate::kernel::ids::PowerId,
) -> Vec<PrisonersReturned> {
    let side = |n: Nation, p| st.controller_of(n) == Some(p);
    st.prisoners
        .iter()
        .filter(|((owner, captor), _)| {
            (side(*owner, a) && side(*captor, b)) || (side(*owner, b) && side(*captor, a))
        })
        .map(|((owner, captor), f)| PrisonersReturned {
            owner: *owner,
            captor: *captor,
            factors: *f,
            date: st.date(),
        })
        .collect()
}
