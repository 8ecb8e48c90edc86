//! Rule 3.5 (Coalition's): the ranges of every number a data file or a host adjustment may set, and the
//! arithmetic that keeps a power's standing inside them.
//!
//! The ranges are generous for play and far from the limits of the machine's integers, so that no sum the rules
//! make from numbers inside them can wrap. Loading a scenario refuses a number outside its range, naming the
//! file and entry (`scenario::validate`); a host adjustment that would set one, or leave a power's standing
//! outside its range, is refused citing 3.5 (`game::host`). What play itself adds to a standing (income,
//! points, victory points) stops at the end of its range (`Limit::add`): a treasury holds at most 1,000,000.
//! Documented for players in `docs/rules/sequence-of-play.md` (3.5) and `docs/transcripts.md`.

use std::fmt;

/// A closed range of whole numbers that a kind of value must stay within, with a name for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What the range bounds, for messages (`money`).
    pub what: &'static str,
    pub min: i32,
    pub max: i32,
}

impl Limit {
    const fn new(what: &'static str, min: i32, max: i32) -> Limit {
        Limit { what, min, max }
    }

    /// Whether `v` lies in the range.
    pub fn contains(self, v: impl Into<i64>) -> bool {
        let v = v.into();
        i64::from(self.min) <= v && v <= i64::from(self.max)
    }

    /// `v` brought into the range: below it, its lowest value; above it, its highest.
    pub fn clamp(self, v: i64) -> i32 {
        v.clamp(i64::from(self.min), i64::from(self.max)) as i32
    }

    /// `value + delta`, stopping at the ends of the range (never wrapping, never panicking).
    pub fn add(self, value: i32, delta: i32) -> i32 {
        self.clamp(i64::from(value) + i64::from(delta))
    }

    /// The range as players read it: `0 to 1,000,000`.
    pub fn range(self) -> String {
        format!("{} to {}", grouped(self.min), grouped(self.max))
    }

    /// The message of a value out of range: `money 2,147,483,647 is out of range (0 to 1,000,000)`.
    pub fn out_of_range(self, v: impl Into<i64>) -> String {
        format!(
            "{} {} is out of range ({})",
            self.what,
            grouped(v.into()),
            self.range()
        )
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.what, self.range())
    }
}

/// `n` with its thousands grouped by commas: `-10,000`.
pub fn grouped(n: impl Into<i64>) -> String {
    let n: i64 = n.into();
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

// ---- A power's standing: data (`powers.ron`'s `start`), host adjustments, and the sums of play ----

/// A power's political points.
pub const POLITICAL_POINTS: Limit = Limit::new("political points", -10_000, 10_000);
/// A power's money.
pub const MONEY: Limit = Limit::new("money", 0, 1_000_000);
/// A power's manpower.
pub const MANPOWER: Limit = Limit::new("manpower", 0, 1_000_000);
/// A power's victory points.
pub const VICTORY_POINTS: Limit = Limit::new("victory points", -100_000, 100_000);
/// The victory points a power needs to win (`victory_target`).
pub const VICTORY_TARGET: Limit = Limit::new("victory target", 1, 100_000);

// ---- Forces: data and host adjustments ----

/// Land factors of one type in a corps (its capacity and its factors), a garrison, prisoners, or a minor's
/// starting forces.
pub const FACTORS: Limit = Limit::new("factors of one type", 0, 1_000);
/// Ships of a fleet or of a minor's starting forces.
pub const SHIPS: Limit = Limit::new("ships", 0, 1_000);
/// Units of one host-queued reinforcement.
pub const UNITS: Limit = Limit::new("units", 1, 1_000);
/// Land factors or ships of one recorded loss, or of one nation's share of a mixed force.
pub const LOSSES: Limit = Limit::new("factors or ships lost", 0, 10_000);
/// Political points of a battle, per power (14.3.2.1.3).
pub const BATTLE_POINTS: Limit = Limit::new("political points of a battle", -1_000, 1_000);
/// The year of any date a data file or an adjustment names.
pub const YEAR: Limit = Limit::new("year", 1700, 1900);

// ---- The host's words ----

/// The longest note a host's adjustment or change of seat may carry (characters): every player reads it in the
/// log, so one host cannot make the others' pages huge.
pub const MAX_NOTE: usize = 2000;

/// Rule 3.5: refuses a host's note longer than [`MAX_NOTE`] characters.
pub fn check_note(note: &str) -> crate::kernel::error::RuleResult<()> {
    let n = note.chars().count();
    if n > MAX_NOTE {
        return Err(crate::kernel::error::RuleError::new(
            "3.5",
            format!(
                "a host's note may hold at most {} characters; this one has {}",
                grouped(MAX_NOTE as i64),
                grouped(n as i64)
            ),
        ));
    }
    Ok(())
}

// ---- The charts (`charts.ron`) and the scenario's other numbers ----

/// Political points or victory points a chart gives or takes at once (an entry, a zone, a square).
pub const CHART_POINTS: Limit = Limit::new("points", -1_000, 1_000);
/// A die-roll modifier or a roll's target.
pub const MODIFIER: Limit = Limit::new("modifier", -100, 100);
/// Money or manpower a chart gives or costs at once (a price, trade, a loss of trade).
pub const CHART_AMOUNT: Limit = Limit::new("amount", 0, 10_000);
/// Money or manpower a square of the Economic Manipulation Display gives (positive) or takes (negative).
pub const SQUARE_AMOUNT: Limit = Limit::new("amount", -10_000, 10_000);
/// A count, a multiple, a fraction's part or a divisor a chart names (corps moved, dice, phases ...).
pub const COUNT: Limit = Limit::new("count", 0, 1_000);
/// Months a chart names (delays, enforced peace).
pub const MONTHS: Limit = Limit::new("months", 0, 240);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_stops_at_the_ends_of_the_range() {
        assert_eq!(MONEY.add(999_990, 20), 1_000_000);
        assert_eq!(MONEY.add(5, -10), 0);
        assert_eq!(POLITICAL_POINTS.add(i32::MAX, i32::MAX), 10_000);
        assert_eq!(POLITICAL_POINTS.add(i32::MIN, i32::MIN), -10_000);
        assert_eq!(VICTORY_POINTS.add(12, 3), 15);
    }

    #[test]
    fn ranges_read_with_grouped_thousands() {
        assert_eq!(MONEY.range(), "0 to 1,000,000");
        assert_eq!(POLITICAL_POINTS.range(), "-10,000 to 10,000");
        assert_eq!(
            MONEY.out_of_range(i32::MAX),
            "money 2,147,483,647 is out of range (0 to 1,000,000)"
        );
        assert_eq!(grouped(-123), "-123");
        assert_eq!(grouped(i64::from(i32::MIN)), "-2,147,483,648");
    }
}
