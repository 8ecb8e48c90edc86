//! Transcripts: a game written down (scenario, rulebook, seed, players, an optional set-up, and the script of
//! submissions, host adjustments and forced dice). Replaying one gives the same log, byte for byte. They are
//! the project's test cases, its save files and its play-by-e-mail files (`docs/transcripts.md`).

use crate::decision::Decision;
use crate::game::Game;
use crate::host::Adjustment;
use crate::kernel::calendar::{Date, Position, Step};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::RulebookSpec;
use crate::scenario::{PlayerDef, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The transcript format's version.
pub const FORMAT: u32 = 1;

/// The set-up of a position before play (3.7): where to start and the adjustments that make the position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Setup {
    /// The month to start in (the scenario's start if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// The step to start at (the first step of the month if absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// Wars, alliances, enforced peaces, broken alliances, points, treasuries, control and forces.
    #[serde(default)]
    pub adjustments: Vec<Adjustment>,
}

/// One line of the script.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    /// A power's decision.
    Submit { power: PowerId, decision: Decision },
    /// A power's decision submitted by a named player, refused unless the player controls the power at that
    /// moment (14.2.1, 14.3).
    SubmitAs {
        player: crate::kernel::ids::PlayerId,
        power: PowerId,
        decision: Decision,
    },
    /// A decision a computer player made for the power's seat (`bot` names its kind), with the bot's one-line
    /// reason: an annotation for people, never part of the rules state. Replayed exactly like `Submit`.
    Bot {
        power: PowerId,
        bot: String,
        decision: Decision,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
    },
    /// The host hands the power's seat to a computer player of kind `bot` (`heuristic`, `random`), or back to a
    /// person (`bot` absent), from this point of the script on. Who sits in a seat is not a rules matter: the
    /// entry changes nothing in the game and is kept for the front ends, which read the seating from it.
    Seat {
        power: PowerId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bot: Option<String>,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// The default decision for a late player (3.6).
    Default { power: PowerId },
    /// A host adjustment (3.5) with the host's note.
    Host {
        adjustment: Adjustment,
        #[serde(default)]
        note: String,
    },
    /// The next dice will show these faces (tests).
    ForceDice { faces: Vec<u8> },
    /// A test case: this submission must be refused under `rule` (and, when given, with exactly `reason`); the
    /// game stays unchanged. The decision may be written as a player would send it, however wrong: typed JSON,
    /// the short text form, or any JSON at all (a bid of -1, an unknown field).
    Refused {
        power: PowerId,
        decision: Sent,
        rule: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// A test case: the entry before this one logged an event that has every field given here (a part of an
    /// event's JSON, such as `{ "points_changed": { "power": "france", "rule": "4.3.1.3" } }`).
    Logged(serde_json::Value),
}

/// A decision as a player sent it: a typed decision, its short text form (`bid turkey:-1`), or any JSON. Only a
/// typed decision is sure to be well formed; the others are read when the entry is played, and a decision that
/// cannot be read is refused like any other, citing the rule its reader names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Sent {
    Decision(Decision),
    Text(String),
    Json(serde_json::Value),
}

impl Sent {
    /// The decision, read with the scenario's names; a refusal if it cannot be read.
    pub fn decision(&self, scenario: &Scenario) -> RuleResult<Decision> {
        match self {
            Sent::Decision(d) => Ok(d.clone()),
            Sent::Text(t) => Decision::parse(t, scenario),
            Sent::Json(v) => Decision::parse(&v.to_string(), scenario),
        }
    }
}

impl std::fmt::Display for Sent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sent::Decision(d) => write!(f, "{d}"),
            Sent::Text(t) => write!(f, "{t}"),
            Sent::Json(v) => write!(f, "{v}"),
        }
    }
}

/// A game written down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Transcript {
    /// Format version (1).
    pub coalition: u32,
    /// For a test case: the clauses it pins (`docs/rules-coverage.md` lists the case under each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    /// The scenario's name (`1805`, `test`).
    pub scenario: String,
    /// A preset (`none`, `all`, `standard`) or a list of optional rules.
    #[serde(default)]
    pub rulebook: RulebookSpec,
    /// The dice seed.
    pub seed: u64,
    /// Players and the powers each controls; empty: one player per power.
    #[serde(default)]
    pub players: Vec<PlayerDef>,
    /// The seats computer players take from the start, by power: the bot's kind (`heuristic`, `random`).
    /// `Seat` entries in the script hand seats over later; [`Transcript::bot_seats`] gives the seating at the end.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bots: BTreeMap<PowerId, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    #[serde(default)]
    pub script: Vec<Entry>,
}

/// A transcript that cannot be replayed: which entry, and the refusal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("entry {index} of the script: {error}")]
pub struct ReplayError {
    /// Index in `script` (`None` for the set-up).
    pub index: usize,
    pub error: RuleError,
}

impl Transcript {
    /// A new transcript with no script.
    pub fn new(scenario: &str, rulebook: RulebookSpec, seed: u64) -> Transcript {
        Transcript {
            coalition: FORMAT,
            rules: Vec::new(),
            scenario: scenario.to_string(),
            rulebook,
            seed,
            players: Vec::new(),
            bots: BTreeMap::new(),
            setup: None,
            script: Vec::new(),
        }
    }

    /// The seats computer players hold after the whole script: the start's `bots`, then each `Seat` entry in
    /// order (a seat handed to a person leaves the map).
    pub fn bot_seats(&self) -> BTreeMap<PowerId, String> {
        let mut seats = self.bots.clone();
        for e in &self.script {
            if let Entry::Seat { power, bot, .. } = e {
                match bot {
                    Some(kind) => seats.insert(*power, kind.clone()),
                    None => seats.remove(power),
                };
            }
        }
        seats
    }

    /// Reads a transcript from JSON.
    pub fn from_json(text: &str) -> RuleResult<Transcript> {
        let t: Transcript = serde_json::from_str(text)
            .map_err(|e| RuleError::new("3.3", format!("not a Coalition transcript: {e}")))?;
        if t.coalition != FORMAT {
            return Err(RuleError::new(
                "3.3",
                format!(
                    "transcript format {} is not supported (this is format {FORMAT})",
                    t.coalition
                ),
            ));
        }
        Ok(t)
    }

    /// The transcript as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// The game at the start, after the set-up, before the script.
    pub fn start(&self, scenario: Arc<Scenario>) -> RuleResult<Game> {
        if scenario.meta.id != self.scenario {
            return Err(RuleError::new(
                "3.4",
                format!(
                    "the transcript is for scenario `{}`, not `{}`",
                    self.scenario, scenario.meta.id
                ),
            ));
        }
        let setup = self.setup.clone().unwrap_or_default();
        let start = setup.date.map(|date| Position {
            date,
            step: setup.step.unwrap_or(Step::ALL[0]),
        });
        let start = match (start, setup.step) {
            (None, Some(step)) => Some(Position {
                date: scenario.meta.start,
                step,
            }),
            (s, _) => s,
        };
        Game::with_setup(
            scenario,
            self.rulebook.rulebook(),
            self.seed,
            &self.players,
            start,
            &setup.adjustments,
        )
    }

    /// Replays the whole script.
    pub fn replay(&self, scenario: Arc<Scenario>) -> Result<Game, ReplayError> {
        let mut g = self
            .start(scenario)
            .map_err(|error| ReplayError { index: 0, error })?;
        // Where the log stood before the last entry that was not itself a check of the log.
        let mut mark = g.log().len();
        for (index, e) in self.script.iter().enumerate() {
            if let Entry::Logged(expected) = e {
                check_logged(&g.log()[mark..], expected)
                    .map_err(|error| ReplayError { index, error })?;
                continue;
            }
            mark = g.log().len();
            play_entry(&mut g, e).map_err(|error| ReplayError { index, error })?;
        }
        Ok(g)
    }
}

/// Plays one script entry on a game.
pub fn play_entry(g: &mut Game, e: &Entry) -> RuleResult<()> {
    match e {
        Entry::Submit { power, decision } => g.submit(*power, decision.clone()),
        Entry::SubmitAs {
            player,
            power,
            decision,
        } => g.submit_as(*player, *power, decision.clone()),
        Entry::Bot {
            power, decision, ..
        } => g.submit(*power, decision.clone()),
        Entry::Default { power } => g.submit_default(*power),
        // Seating is the front ends' record; the game is unchanged.
        Entry::Seat { note, .. } => crate::kernel::limits::check_note(note),
        Entry::Host { adjustment, note } => g.host(adjustment, note),
        Entry::ForceDice { faces } => g.force_dice(faces),
        Entry::Refused {
            power,
            decision,
            rule,
            reason,
        } => {
            let outcome = decision
                .decision(g.scenario())
                .and_then(|d| g.submit(*power, d));
            match outcome {
                Err(e) if e.rule == *rule && reason.as_ref().is_none_or(|r| *r == e.reason) => {
                    Ok(())
                }
                Err(e) => Err(RuleError::new(
                    "3.3",
                    format!(
                        "expected a refusal under rule {rule}{}, got one under rule {}: {}",
                        reason
                            .as_ref()
                            .map(|r| format!(" saying \"{r}\""))
                            .unwrap_or_default(),
                        e.rule,
                        e.reason
                    ),
                )),
                Ok(()) => Err(RuleError::new(
                    "3.3",
                    format!("expected a refusal under rule {rule}, but {decision} was accepted"),
                )),
            }
        }
        // Checked by `Transcript::replay`, which knows what the entry before logged.
        Entry::Logged(_) => Ok(()),
    }
}

/// Whether `events` hold one whose JSON contains `expected` (every field given, recursively).
fn check_logged(events: &[crate::event::Event], expected: &serde_json::Value) -> RuleResult<()> {
    let found = events.iter().any(|e| {
        serde_json::to_value(e)
            .map(|v| contains(&v, expected))
            .unwrap_or(false)
    });
    if found {
        Ok(())
    } else {
        Err(RuleError::new(
            "3.3",
            format!(
                "expected the entry before to log an event with {expected}; it logged {} event(s), none of them that",
                events.len()
            ),
        ))
    }
}

/// Whether `have` has every field of `want` with the same value (objects compared field by field).
fn contains(have: &serde_json::Value, want: &serde_json::Value) -> bool {
    match (have, want) {
        (serde_json::Value::Object(h), serde_json::Value::Object(w)) => w
            .iter()
            .all(|(k, wv)| h.get(k).is_some_and(|hv| contains(hv, wv))),
        _ => have == want,
    }
}

/// The JSON Schema of the transcript format (`docs/transcript.schema.json` is this, written out).
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Transcript);
    serde_json::to_string_pretty(&schema).unwrap_or_default() + "\n"
}
