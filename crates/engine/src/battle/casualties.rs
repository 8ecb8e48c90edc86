//! Rule 12.7: leader casualties after a field, limited field or trivial combat (and a naval combat): each side with
//! leaders present rolls two dice; on the chart's total (12) one of its leaders, chosen by a die among those
//! present, is hit, and one more die says killed (6) or wounded for that many months.

use crate::kernel::calendar::Date;
use crate::kernel::dice::Roll;
use crate::scenario::LeaderStatus;
use crate::scenario::combat::CombatChart;
use serde::{Deserialize, Serialize};

/// What befell a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Casualty {
    Killed,
    /// Off the map for this many complete months.
    Wounded {
        months: u8,
    },
}

impl Casualty {
    /// 12.7: the leader's status after a combat fought in month `date`: dead, or wounded until the month he comes
    /// back. He is off the map "for a number of complete months equal to the die roll": the rest of the month of
    /// the combat is no complete month, so a leader wounded for 3 months in January misses February, March and
    /// April and comes back at May's Reinforcement Phase (which returns a leader whose month has come).
    pub fn status(self, date: Date) -> LeaderStatus {
        match self {
            Casualty::Killed => LeaderStatus::Dead,
            Casualty::Wounded { months } => LeaderStatus::Wounded {
                until: date.plus_months(months as i32 + 1),
            },
        }
    }

    /// `killed`, or `wounded for 3 month(s), back in 1805-05`, for a combat fought in month `date`.
    pub fn describe(self, date: Date) -> String {
        match self.status(date) {
            LeaderStatus::Wounded { until } => match self {
                Casualty::Wounded { months } => {
                    format!("wounded for {months} complete month(s), back in {until}")
                }
                Casualty::Killed => unreachable!("a killed leader is dead"),
            },
            _ => "killed".into(),
        }
    }
}

/// 12.7 for one side with `leaders` present (their names): the rolls and, if a leader was hit, which (an index into
/// `leaders`) and how. `who` names the side for the record.
pub fn roll(
    chart: &CombatChart,
    who: &str,
    leaders: &[String],
    die: &mut dyn FnMut() -> u8,
) -> (Vec<Roll>, Option<(usize, Casualty)>) {
    if leaders.is_empty() {
        return (Vec::new(), None);
    }
    let mk = |purpose: String, faces: Vec<u8>| {
        let total = faces.iter().map(|f| *f as i32).sum();
        Roll {
            who: who.to_string(),
            rule: "12.7".into(),
            purpose,
            faces,
            modifiers: Vec::new(),
            total,
        }
    };
    let check = mk("a leader casualty on 12".into(), vec![die(), die()]);
    let mut rolls = vec![check.clone()];
    if check.total < chart.leader_casualties.hit_on as i32 {
        return (rolls, None);
    }
    // Chosen at random among those present: one die read modulo their number, rerolled where it would favour
    // the first ones (faces above the largest multiple of their number).
    let n = leaders.len();
    let who_idx = if n == 1 {
        0
    } else {
        let limit = (6 / n.min(6)) * n.min(6);
        loop {
            let r = mk(format!("which of {n} leaders is hit"), vec![die()]);
            let face = r.faces[0] as usize;
            rolls.push(r);
            if face <= limit {
                break (face - 1) % n.min(6);
            }
        }
    };
    let fate = mk(
        format!("{} is hit: killed on 6", leaders[who_idx]),
        vec![die()],
    );
    let face = fate.faces[0];
    rolls.push(fate);
    let c = if face >= chart.leader_casualties.killed_on {
        Casualty::Killed
    } else {
        Casualty::Wounded { months: face }
    };
    (rolls, Some((who_idx, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leader_wounded_for_three_months_misses_three_complete_months() {
        // rule: 12.7
        let jan = Date::new(1805, 1).unwrap();
        // Wounded in January for 3: February, March and April are the complete months; back in May.
        assert_eq!(
            Casualty::Wounded { months: 3 }.status(jan),
            LeaderStatus::Wounded {
                until: Date::new(1805, 5).unwrap()
            }
        );
        // December for 1: January missed, back in February of the next year.
        assert_eq!(
            Casualty::Wounded { months: 1 }.status(Date::new(1805, 12).unwrap()),
            LeaderStatus::Wounded {
                until: Date::new(1806, 2).unwrap()
            }
        );
        assert_eq!(Casualty::Killed.status(jan), LeaderStatus::Dead);
        assert_eq!(
            Casualty::Wounded { months: 3 }.describe(jan),
            "wounded for 3 complete month(s), back in 1805-05"
        );
    }
}
