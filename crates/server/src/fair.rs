//! Fair dice and secrets (issue 17): random seeds and tokens, the SHA-256 commitment to a game's seed published
//! at its creation, the export of a game, and the check (`coalition verify`) that re-derives every roll of an
//! exported game from its revealed seed and holds the seed to the commitment.

use coalition_engine::event::Event;
use coalition_engine::scenario::Scenario;
use coalition_engine::transcript::Transcript;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// `n` random bytes from the operating system, as hex.
pub fn random_hex(n: usize) -> String {
    let mut b = vec![0u8; n];
    getrandom::fill(&mut b).expect("the operating system's random source");
    hex::encode(b)
}

/// A random seed for a game's dice.
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random source");
    u64::from_le_bytes(b)
}

/// The hex SHA-256 of `text`.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The commitment to a seed: the hex SHA-256 of `SALT:SEED` (the salt, 32 random bytes in hex, is revealed with
/// the seed, so nobody can try every seed against the commitment before the end).
pub fn commitment(salt: &str, seed: u64) -> String {
    sha256_hex(&format!("{salt}:{seed}"))
}

/// An exported game: its transcript (the seed in it is the game's; the script is every entry of the log), the
/// commitment published at its creation with the salt that opens it, and every event the server logged.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Export {
    /// `coalition-export` format version (1).
    pub coalition_export: u32,
    pub game: String,
    pub transcript: Transcript,
    /// The commitment published when the game was created.
    pub commitment: String,
    /// The salt of the commitment: `sha256(salt:seed) == commitment`.
    pub salt: String,
    /// Whether the game was over when exported (before that, only the host may export it).
    pub finished: bool,
    /// Every event of the game as the server logged it, dice rolls included.
    pub log: Vec<Event>,
}

/// What `verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub events: usize,
    /// Dice rolls re-derived from the seed.
    pub rolls: usize,
}

/// Checks an exported game: the seed opens the commitment, the transcript replays, and the replay logs exactly the
/// events the server logged (so every roll is the one the seed gives). The error says what differs first.
pub fn verify(export: &Export, scenario: Arc<Scenario>) -> Result<Verified, String> {
    let t = &export.transcript;
    let c = commitment(&export.salt, t.seed);
    if c != export.commitment {
        return Err(format!(
            "the seed {} with the salt does not open the commitment: sha256 gives {c}, the server published {}",
            t.seed, export.commitment
        ));
    }
    let g = t
        .replay(scenario)
        .map_err(|e| format!("the transcript does not replay: {e}"))?;
    let (mine, theirs) = (g.log(), &export.log);
    // Compared as JSON, the form the server exported them in (a few events hold working state that JSON does
    // not carry, so a read-back event need not equal the one logged in memory).
    for (i, (a, b)) in mine.iter().zip(theirs.iter()).enumerate() {
        if serde_json::to_value(a).ok() != serde_json::to_value(b).ok() {
            return Err(format!(
                "event {} differs: the server logged {}, the seed and the script give {}",
                i + 1,
                serde_json::to_string(b).unwrap_or_default(),
                serde_json::to_string(a).unwrap_or_default()
            ));
        }
    }
    if mine.len() != theirs.len() {
        return Err(format!(
            "the server logged {} events, the replay {}",
            theirs.len(),
            mine.len()
        ));
    }
    let rolls = mine
        .iter()
        .filter(|e| {
            serde_json::to_value(e)
                .map(|v| v.to_string().contains("\"faces\""))
                .unwrap_or(false)
        })
        .count();
    Ok(Verified {
        events: mine.len(),
        rolls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commitment_opens_only_with_its_salt_and_seed() {
        let c = commitment("ab", 42);
        assert_eq!(c.len(), 64);
        assert_eq!(c, commitment("ab", 42));
        assert_ne!(c, commitment("ab", 43));
        assert_ne!(c, commitment("ac", 42));
        // The hash of the text "ab:42", fixed by SHA-256 itself.
        assert_eq!(c, sha256_hex("ab:42"));
    }

    #[test]
    fn random_tokens_differ() {
        assert_ne!(random_hex(32), random_hex(32));
        assert_eq!(random_hex(16).len(), 32);
    }
}
