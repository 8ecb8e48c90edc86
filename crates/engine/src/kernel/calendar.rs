//! Rule 3 (Coalition's sequence of play): `Date` (year, month) and `Step`, every step of a month in order.
//!
//! Each month runs the Political Phase (4.1 to 4.9), the Reinforcement Phase (5), the Naval Phase (6) and the
//! Land Phase (7); March, June, September and December add the Economic Phase (8), and December's ends with the
//! UMP Control Step (14.3.1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A game turn: one month of one year.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Date {
    pub year: u16,
    /// 1 (January) to 12 (December).
    pub month: u8,
}

impl Date {
    /// The date, if `month` is 1 to 12.
    pub fn new(year: u16, month: u8) -> Option<Date> {
        (1..=12).contains(&month).then_some(Date { year, month })
    }

    /// Whether the month is 1 to 12 (a date read from a file may say otherwise).
    pub fn is_valid(self) -> bool {
        (1..=12).contains(&self.month)
    }

    /// Months since year 0, for arithmetic.
    pub fn index(self) -> i32 {
        self.year as i32 * 12 + (self.month as i32 - 1)
    }

    /// The date `months` months later (earlier if negative).
    pub fn plus_months(self, months: i32) -> Date {
        let i = self.index() + months;
        Date {
            year: i.div_euclid(12) as u16,
            month: (i.rem_euclid(12) + 1) as u8,
        }
    }

    /// Whole months from `self` to `later` (negative if `later` is earlier).
    pub fn months_until(self, later: Date) -> i32 {
        later.index() - self.index()
    }

    /// March, June, September and December close with an Economic Phase (the standard calendar; a scenario's
    /// own is `Calendar::has_economic_phase`).
    pub fn has_economic_phase(self) -> bool {
        Calendar::default().has_economic_phase(self)
    }

    /// Parses `1805-03`.
    pub fn parse(s: &str) -> Option<Date> {
        let (y, m) = s.split_once('-')?;
        Date::new(y.parse().ok()?, m.parse().ok()?)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl fmt::Debug for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Rule 3 (Coalition's, as data): which months of a scenario's year hold an Economic Phase and an UMP Control Step.
/// The steps themselves are the engine's; a scenario says in which months the occasional ones run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Calendar {
    /// Months (1 to 12) that close with an Economic Phase.
    pub economic_months: Vec<u8>,
    /// Months (1 to 12) that end with an UMP Control Step.
    pub ump_months: Vec<u8>,
}

impl Default for Calendar {
    /// The 1805 calendar: March, June, September and December; the UMP Control Step in December.
    fn default() -> Calendar {
        Calendar {
            economic_months: vec![3, 6, 9, 12],
            ump_months: vec![12],
        }
    }
}

impl Calendar {
    /// Whether `date`'s month closes with an Economic Phase.
    pub fn has_economic_phase(&self, date: Date) -> bool {
        self.economic_months.contains(&date.month)
    }

    /// Whether `date`'s month ends with an UMP Control Step.
    pub fn has_ump_control(&self, date: Date) -> bool {
        self.ump_months.contains(&date.month)
    }
}

/// Every step of the sequence of play, in order within a month.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    Debug,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// 4.1
    Diplomacy,
    /// 4.2
    DeclarationsOfWar,
    /// 4.3
    CallToAllies,
    /// 4.4
    Peace,
    /// 4.5
    CreatingAlliances,
    /// 4.6
    MinorCountryControl,
    /// 4.7
    BreakingAlliances,
    /// 4.8
    FreeStateDeclaration,
    /// 4.9
    CombinedMovement,
    /// 5
    Reinforcement,
    /// 6
    Naval,
    /// 7
    Land,
    /// 8, first step: money and manpower collection.
    EconomicCollection,
    /// 8 with option 12.5: the manipulation step.
    EconomicManipulation,
    /// 8: money and manpower expenditure.
    EconomicExpenditure,
    /// 8: political and victory status.
    EconomicStatus,
    /// 14.3.1, December only.
    UmpControl,
}

impl Step {
    /// Every step, in order.
    pub const ALL: [Step; 17] = [
        Step::Diplomacy,
        Step::DeclarationsOfWar,
        Step::CallToAllies,
        Step::Peace,
        Step::CreatingAlliances,
        Step::MinorCountryControl,
        Step::BreakingAlliances,
        Step::FreeStateDeclaration,
        Step::CombinedMovement,
        Step::Reinforcement,
        Step::Naval,
        Step::Land,
        Step::EconomicCollection,
        Step::EconomicManipulation,
        Step::EconomicExpenditure,
        Step::EconomicStatus,
        Step::UmpControl,
    ];

    /// The rule that defines the step.
    pub fn rule(self) -> &'static str {
        match self {
            Step::Diplomacy => "4.1",
            Step::DeclarationsOfWar => "4.2",
            Step::CallToAllies => "4.3",
            Step::Peace => "4.4",
            Step::CreatingAlliances => "4.5",
            Step::MinorCountryControl => "4.6",
            Step::BreakingAlliances => "4.7",
            Step::FreeStateDeclaration => "4.8",
            Step::CombinedMovement => "4.9",
            Step::Reinforcement => "5",
            Step::Naval => "6",
            Step::Land => "7",
            Step::EconomicCollection => "8.2",
            Step::EconomicManipulation => "8.4",
            Step::EconomicExpenditure => "8.5",
            Step::EconomicStatus => "8.6",
            Step::UmpControl => "14.3.1",
        }
    }

    /// The step's name as players know it.
    pub fn name(self) -> &'static str {
        match self {
            Step::Diplomacy => "Diplomacy Step",
            Step::DeclarationsOfWar => "Declarations of War Step",
            Step::CallToAllies => "Call to Allies Step",
            Step::Peace => "Peace Step",
            Step::CreatingAlliances => "Creating Alliances Step",
            Step::MinorCountryControl => "Minor Country Control Step",
            Step::BreakingAlliances => "Breaking Alliances Step",
            Step::FreeStateDeclaration => "Free State Declaration Step",
            Step::CombinedMovement => "Declaration of Combined Movement Step",
            Step::Reinforcement => "Reinforcement Phase",
            Step::Naval => "Naval Phase",
            Step::Land => "Land Phase",
            Step::EconomicCollection => "Money and Manpower Collection Step",
            Step::EconomicManipulation => "Manipulation Step",
            Step::EconomicExpenditure => "Money and Manpower Expenditure Step",
            Step::EconomicStatus => "Status Step",
            Step::UmpControl => "UMP Control Step",
        }
    }

    /// Whether this step happens in the month of `date` under the standard calendar.
    pub fn occurs_in(self, date: Date) -> bool {
        self.occurs_under(&Calendar::default(), date)
    }

    /// Whether this step happens in the month of `date` under `calendar`.
    pub fn occurs_under(self, calendar: &Calendar, date: Date) -> bool {
        match self {
            Step::EconomicCollection
            | Step::EconomicManipulation
            | Step::EconomicExpenditure
            | Step::EconomicStatus => calendar.has_economic_phase(date),
            Step::UmpControl => calendar.has_ump_control(date),
            _ => true,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point in the sequence of play: a step of a month.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Debug)]
pub struct Position {
    pub date: Date,
    pub step: Step,
}

impl Position {
    /// The first step of `date`.
    pub fn start_of(date: Date) -> Position {
        Position {
            date,
            step: Step::ALL[0],
        }
    }

    /// The step after this one under the standard calendar: later in the month, or the first of the next month.
    pub fn next(self) -> Position {
        self.next_under(&Calendar::default())
    }

    /// The step after this one under `calendar`: later in the month, or the first of the next month.
    pub fn next_under(self, calendar: &Calendar) -> Position {
        let i = Step::ALL.iter().position(|s| *s == self.step).unwrap_or(0);
        for step in &Step::ALL[i + 1..] {
            if step.occurs_under(calendar, self.date) {
                return Position {
                    date: self.date,
                    step: *step,
                };
            }
        }
        Position::start_of(self.date.plus_months(1))
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.date, self.step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_arithmetic_crosses_years() {
        let d = Date::new(1805, 11).unwrap();
        assert_eq!(d.plus_months(18), Date::new(1807, 5).unwrap());
        assert_eq!(d.plus_months(-11), Date::new(1804, 12).unwrap());
        assert_eq!(d.months_until(Date::new(1806, 11).unwrap()), 12);
        assert_eq!(Date::parse("1806-03"), Date::new(1806, 3));
        assert_eq!(Date::parse("1806-13"), None);
    }

    #[test]
    fn a_year_walks_every_step_in_order() {
        let mut p = Position::start_of(Date::new(1805, 1).unwrap());
        let mut count = 0;
        let mut ump = 0;
        let mut economic = 0;
        while p.date.year == 1805 {
            count += 1;
            if p.step == Step::UmpControl {
                ump += 1;
                assert_eq!(p.date.month, 12);
            }
            if p.step == Step::EconomicCollection {
                economic += 1;
                assert!(p.date.month % 3 == 0);
            }
            let n = p.next();
            assert!(n > p, "{n} follows {p}");
            p = n;
        }
        // 12 months of 12 steps, four Economic Phases of 4 steps, one UMP Control Step.
        assert_eq!(count, 12 * 12 + 4 * 4 + 1);
        assert_eq!(ump, 1);
        assert_eq!(economic, 4);
    }
}
