//! Rule 6 (Coalition's Naval Phase, `docs/rules/naval.md`): the numbers it reads from `charts.ron`'s `naval`
//! section: the order of movement (6.1, public) and 12.2.3's reductions of a fleet's allowance (the text's
//! numbers), and the costs of 6.2.1 (the text's). A fleet's allowance itself is `movement.fleet` (6.2.1: 7).

use crate::kernel::ids::{LeaderId, PowerId};
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
    /// Coalition's naval combat (6.3).
    pub combat: NavalCombatChart,
    /// Coalition's evasion (6.3).
    pub evasion: EscapeRoll,
    /// Coalition's interception of a moving fleet (6.3), read as evasion's roll is.
    pub interception: EscapeRoll,
    /// Coalition's transport capacity (6.2.5), and 12.2.4's.
    pub transport: TransportChart,
}

/// 6.2.5 (Coalition's: the board game's capacity is not public) and 12.2.4 (option, the text's number): what a
/// fleet carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TransportChart {
    /// Coalition's 6.2.5: corps (of any size) a fleet carries.
    pub corps_per_fleet: u32,
    /// 12.2.4: army factors a fleet carries under the option, however they are organized into corps (10).
    pub reduced_factors: u32,
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

/// Coalition's naval combat (docs/rules/naval.md 6.3; the board game's tables are not public).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavalCombatChart {
    /// The percent of a side's own ships (halves up) the enemy loses, by the side's modified die: index 0 for a
    /// total of 0 or less, the last for that total or more.
    pub fire: Vec<u32>,
    /// The commanding admiral's die modifier by his tactical rating (index 0 to 6).
    pub admiral: Vec<i32>,
    /// The modifier of a side with at least `ratio` times the other's ships.
    pub superiority: Superiority,
    /// Of the loser's ships lost, the percent (rounded down) the winner takes.
    pub capture_percent: u32,
    /// 12.2.3.5: the winner's pursuit of a retreating loser.
    pub pursuit: Pursuit,
    /// The political points of a naval battle.
    pub points: NavalPoints,
}

/// A side's superiority in ships.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Superiority {
    pub ratio: u32,
    pub modifier: i32,
}

/// The winner's pursuit roll: on `on` or more, the loser loses `percent` of its ships left (halves up, at least 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pursuit {
    pub on: i32,
    pub percent: u32,
}

/// Political points of a naval battle of at least `min_ships` ships in all.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavalPoints {
    pub min_ships: u32,
    pub winner: i32,
    pub loser: i32,
    /// The leader (Nelson) who adds `bonus` to his side's gain or loss, and whose command lifts 14.3.2.1.3's cap.
    pub bonus_leader: LeaderId,
    pub bonus: i32,
}

/// Coalition's evasion roll: a die plus (own best admiral's strategic rating − the enemy's), held within
/// ± `most_modifier`, a side without an admiral counting `no_admiral`; it succeeds on `on` or more.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EscapeRoll {
    pub on: i32,
    pub no_admiral: u8,
    pub most_modifier: i32,
}

/// The problems of the `naval` section of `charts.ron`, as (entry, message).
pub(super) fn problems(s: &super::Scenario) -> Vec<(String, String)> {
    let n = &s.charts.naval;
    let fleet = s.charts.movement.fleet;
    let mut out = Vec::new();
    let mut err = |entry: &str, m: String| out.push((entry.to_string(), m));
    if n.order.contains(&n.chooser) {
        err(
            "naval",
            format!(
                "the chooser `{}` is also in the fixed order (6.1)",
                n.chooser
            ),
        );
    }
    if n.large_fleets.most_reduction >= fleet {
        err(
            "naval",
            format!(
                "large_fleets.most_reduction {} must leave a fleet some of its {fleet} movement points (12.2.3.4)",
                n.large_fleets.most_reduction
            ),
        );
    }
    let c = &n.costs;
    if c.sea == 0 || c.port_sea == 0 || c.box_sea == 0 {
        err(
            "naval",
            format!(
                "costs sea {}, port_sea {} and box_sea {} must each be at least 1: a fleet pays to enter a sea area (6.2.1.1)",
                c.sea, c.port_sea, c.box_sea
            ),
        );
    }
    if c.port_box > fleet {
        err(
            "naval",
            format!(
                "costs port_box {} is more than a fleet's {fleet} movement points (6.2.1.2)",
                c.port_box
            ),
        );
    }
    let k = &n.combat;
    if k.fire.is_empty() || k.fire.iter().any(|p| *p > 100) {
        err(
            "naval.combat.fire",
            format!(
                "the fire table {:?} needs at least one entry, each a percent from 0 to 100",
                k.fire
            ),
        );
    }
    if k.admiral.len() != 7 {
        err(
            "naval.combat.admiral",
            format!(
                "needs one modifier for each tactical rating 0 to 6 (7 entries), not {}",
                k.admiral.len()
            ),
        );
    }
    if k.superiority.ratio < 2 {
        err(
            "naval.combat.superiority",
            format!("ratio {} must be at least 2", k.superiority.ratio),
        );
    }
    for (entry, pct) in [
        ("naval.combat.capture_percent", k.capture_percent),
        ("naval.combat.pursuit", k.pursuit.percent),
    ] {
        if pct > 100 {
            err(entry, format!("{pct} is not a percent (0 to 100)"));
        }
    }
    if k.points.winner < 0 || k.points.loser > 0 || k.points.bonus < 0 {
        err(
            "naval.combat.points",
            format!(
                "the winner gains ({}), the loser loses ({}) and the bonus ({}) is not negative",
                k.points.winner, k.points.loser, k.points.bonus
            ),
        );
    }
    let t = &n.transport;
    if t.corps_per_fleet == 0 || t.reduced_factors == 0 {
        err(
            "naval.transport",
            format!(
                "corps_per_fleet {} and reduced_factors {} must each be at least 1: a fleet carries something (6.2.5, 12.2.4)",
                t.corps_per_fleet, t.reduced_factors
            ),
        );
    }
    for (entry, e) in [
        ("naval.evasion", &n.evasion),
        ("naval.interception", &n.interception),
    ] {
        if !(1..=7).contains(&e.on) || e.most_modifier < 0 || e.no_admiral > 6 {
            err(
                entry,
                format!(
                    "on {} must be a die's face 1 to 6 (or 7: never), most_modifier {} not negative and no_admiral {} a rating 0 to 6",
                    e.on, e.most_modifier, e.no_admiral
                ),
            );
        }
    }
    out
}
