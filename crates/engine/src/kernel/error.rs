//! `RuleError`: every refusal names the rule it applies and says why, in plain words with the numbers.

use serde::{Deserialize, Serialize};

/// A refused decision or action: the clause that refuses it (`"4.5.3"`) and the reason.
///
/// The kernel's own clauses (sequence of play, who may decide, input form) are Coalition's rule 3
/// (`docs/rules/sequence-of-play.md`): `3.1` wrong step, `3.2` wrong power or seat, `3.3` malformed input,
/// `3.4` unknown id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("rule {rule}: {reason}")]
pub struct RuleError {
    /// The clause id, as in `clauses.txt` or Coalition's own rules.
    pub rule: String,
    /// Why, in plain words.
    pub reason: String,
}

impl RuleError {
    /// A refusal under `rule` for `reason`.
    pub fn new(rule: impl Into<String>, reason: impl Into<String>) -> RuleError {
        RuleError {
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

/// Shorthand for results refused by a rule.
pub type RuleResult<T> = Result<T, RuleError>;

/// One problem found while loading data: the file, the entry and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataError {
    /// The data file, relative to `data/` (`scenarios/1805/map.ron`).
    pub file: String,
    /// The entry in it (`area paris`), or empty when the whole file is at fault.
    pub entry: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.entry.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.entry, self.message)
        }
    }
}

/// Every problem found in a set of data files, reported at once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} problem(s) in the data:\n{}", .0.len(), .0.iter().map(|e| format!("  {e}")).collect::<Vec<_>>().join("\n"))]
pub struct DataErrors(pub Vec<DataError>);

/// Rule 3.3: a list decision names each thing at most once.
pub fn distinct<T: PartialEq + std::fmt::Display>(v: &[T]) -> RuleResult<()> {
    for (i, x) in v.iter().enumerate() {
        if v[..i].contains(x) {
            return Err(RuleError::new("3.3", format!("{x} is named twice")));
        }
    }
    Ok(())
}
