//! Small `Copy` identifiers (powers, minors, areas, seas, leaders, corps, fleets) and their string keys.
//!
//! Every id is a short lowercase key from the data files (`france`, `paris`, `north-sea`). Keys compare as
//! strings, so every `BTreeMap` keyed by them iterates in the same order on every machine.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Longest key a data file may use.
pub const MAX_KEY_LEN: usize = 31;

/// An inline ASCII key of at most [`MAX_KEY_LEN`] bytes: `Copy`, ordered as its string.
#[derive(Clone, Copy)]
#[repr(C, align(8))]
pub struct Key {
    // Zero-padded bytes, then the length: as 32 bytes they compare like the strings (see `words`).
    bytes: [u8; MAX_KEY_LEN],
    len: u8,
}

impl Key {
    /// The key's 32 bytes (the zero-padded text, then its length) as four big-endian words: comparing them in
    /// order is comparing the strings (no key holds a zero byte, so a shorter key's padding sorts first, and equal
    /// text means equal length), in four word comparisons instead of a 31-byte `memcmp`.
    #[inline(always)]
    fn words(&self) -> [u64; 4] {
        self.words_by(u64::from_be_bytes)
    }

    /// The key's 32 bytes as four words, each read by `word`.
    #[inline(always)]
    fn words_by(&self, word: fn([u8; 8]) -> u64) -> [u64; 4] {
        let b = &self.bytes;
        let w = |i: usize| {
            word([
                b[i],
                b[i + 1],
                b[i + 2],
                b[i + 3],
                b[i + 4],
                b[i + 5],
                b[i + 6],
                b[i + 7],
            ])
        };
        let last = word([b[24], b[25], b[26], b[27], b[28], b[29], b[30], self.len]);
        [w(0), w(8), w(16), last]
    }
}

impl Key {
    /// A word that equal keys share (its first eight bytes and its length): two keys with different words
    /// differ, and two with the same word must still be compared.
    #[inline(always)]
    pub fn word(&self) -> u64 {
        let w = self.words_by(u64::from_ne_bytes);
        w[0] ^ u64::from(self.len).rotate_right(8)
    }
}

impl PartialEq for Key {
    #[inline]
    fn eq(&self, other: &Key) -> bool {
        // Equal bytes are equal keys, in any byte order: no need to swap them.
        self.words_by(u64::from_ne_bytes) == other.words_by(u64::from_ne_bytes)
    }
}

impl Eq for Key {}

impl std::hash::Hash for Key {
    /// Hashes the fields as the derived `Hash` did (equal keys have equal bytes, so equal hashes).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bytes.hash(state);
        self.len.hash(state);
    }
}

impl PartialOrd for Key {
    #[inline]
    fn partial_cmp(&self, other: &Key) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    /// Orders keys as their strings (byte-lexicographically), as the derived order on the bytes did.
    #[inline]
    fn cmp(&self, other: &Key) -> std::cmp::Ordering {
        let (a, b) = (self.words(), other.words());
        for i in 0..4 {
            if a[i] != b[i] {
                return a[i].cmp(&b[i]);
            }
        }
        std::cmp::Ordering::Equal
    }
}

/// Why a string is not a valid key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("a key may not be empty")]
    Empty,
    #[error("key `{0}` is longer than {MAX_KEY_LEN} characters")]
    TooLong(String),
    #[error("key `{0}` may hold only lowercase letters, digits, `-` and `_`")]
    BadChar(String),
}

impl Key {
    /// Checks and builds a key: 1 to 31 characters of `a-z`, `0-9`, `-`, `_`.
    pub fn new(s: &str) -> Result<Key, KeyError> {
        if s.is_empty() {
            return Err(KeyError::Empty);
        }
        if s.len() > MAX_KEY_LEN {
            return Err(KeyError::TooLong(s.to_string()));
        }
        if !s
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        {
            return Err(KeyError::BadChar(s.to_string()));
        }
        let mut bytes = [0u8; MAX_KEY_LEN];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        Ok(Key {
            bytes,
            len: s.len() as u8,
        })
    }

    /// The key as text.
    pub fn as_str(&self) -> &str {
        // Only ASCII ever enters a key (checked in `new`).
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key, D::Error> {
        let s = std::borrow::Cow::<str>::deserialize(d)?;
        Key::new(&s).map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Key {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Key".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[a-z0-9_-]{1,31}$",
            "description": "A key from the data files: 1 to 31 lowercase letters, digits, `-` or `_`."
        })
    }
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
        #[serde(transparent)]
        pub struct $name(pub Key);

        impl $name {
            /// Builds the id from its key, checking the key's form (not that it exists in a scenario).
            pub fn new(s: &str) -> Result<Self, KeyError> {
                Key::new(s).map($name)
            }
            /// The id's key.
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.as_str())
            }
        }
    };
}

id_type!(
    /// A major power (`france`).
    PowerId
);
id_type!(
    /// A minor country (`bavaria`).
    MinorId
);
id_type!(
    /// A land area (`paris`).
    AreaId
);
id_type!(
    /// A sea area (`north-sea`).
    SeaId
);
id_type!(
    /// A province: the unit of money and manpower and of cession (`ile-de-france`).
    ProvinceId
);
id_type!(
    /// A district of a multi-district minor country (10.4).
    DistrictId
);
id_type!(
    /// A leader (`napoleon`).
    LeaderId
);
id_type!(
    /// A corps counter (`fr-1`).
    CorpsId
);
id_type!(
    /// A fleet counter (`gb-channel`).
    FleetId
);
id_type!(
    /// A player seat (`alice`).
    PlayerId
);

/// A party to wars and treaties: a major power or a minor country.
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
pub enum Nation {
    Power(PowerId),
    Minor(MinorId),
}

impl Nation {
    /// A word that equal nations share (`Key::word`, a power's and a minor's told apart): two nations with
    /// different words differ, and two with the same word must still be compared.
    #[inline(always)]
    pub fn word(&self) -> u64 {
        match self {
            Nation::Power(p) => p.0.word(),
            Nation::Minor(m) => !m.0.word(),
        }
    }
    /// The key of the power or minor.
    pub fn as_str(&self) -> &str {
        match self {
            Nation::Power(p) => p.as_str(),
            Nation::Minor(m) => m.as_str(),
        }
    }
    /// The power, if this is one.
    pub fn power(&self) -> Option<PowerId> {
        match self {
            Nation::Power(p) => Some(*p),
            Nation::Minor(_) => None,
        }
    }
    /// The minor, if this is one.
    pub fn minor(&self) -> Option<MinorId> {
        match self {
            Nation::Minor(m) => Some(*m),
            Nation::Power(_) => None,
        }
    }
}

impl fmt::Display for Nation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<PowerId> for Nation {
    fn from(p: PowerId) -> Nation {
        Nation::Power(p)
    }
}

impl From<MinorId> for Nation {
    fn from(m: MinorId) -> Nation {
        Nation::Minor(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_as_strings_not_by_length() {
        let a = Key::new("zz").unwrap();
        let b = Key::new("aaaa").unwrap();
        assert!(b < a);
        assert!(Key::new("ab").unwrap() < Key::new("abc").unwrap());
    }

    #[test]
    fn keys_order_exactly_as_their_strings() {
        let texts = [
            "a",
            "ab",
            "abc",
            "abd",
            "b",
            "a-b",
            "a_b",
            "a0",
            "zz",
            "aaaaaaaa",
            "aaaaaaab",
            "aaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaab",
            "aaaaaaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
            "france",
            "frances",
        ];
        for x in texts {
            for y in texts {
                let (kx, ky) = (Key::new(x).unwrap(), Key::new(y).unwrap());
                assert_eq!(kx.cmp(&ky), x.cmp(y), "{x} vs {y}");
                assert_eq!(kx == ky, x == y, "{x} vs {y}");
            }
        }
    }

    #[test]
    fn bad_keys_are_refused_with_the_reason() {
        assert_eq!(Key::new(""), Err(KeyError::Empty));
        assert!(matches!(Key::new("Paris"), Err(KeyError::BadChar(_))));
        assert!(matches!(
            Key::new(&"a".repeat(32)),
            Err(KeyError::TooLong(_))
        ));
    }

    #[test]
    fn ids_serialize_as_plain_strings() {
        let p = PowerId::new("france").unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), "\"france\"");
        let back: PowerId = serde_json::from_str("\"france\"").unwrap();
        assert_eq!(back, p);
        assert!(serde_json::from_str::<PowerId>("\"Fr ance\"").is_err());
    }
}
