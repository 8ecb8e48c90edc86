//! Lookup tables keyed by ids (the scenario's indexes): hashed with a cheap multiply-and-rotate hash instead of a
//! search through ordered keys. Only looked up, never iterated, so no order they hold can reach an outcome.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A table keyed by ids, looked up by hash; for lookups only (its iteration order is not defined).
pub type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

/// The hash of `KeyMap`: each 8 bytes written folded in by a rotate, an xor and a multiply (as the compiler's
/// own tables do), mixed once more at the end so that the table's low bits depend on every byte.
#[derive(Clone, Copy, Default)]
pub struct KeyHasher(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl KeyHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let h = self.0;
        (h ^ (h >> 29)).wrapping_mul(K) ^ (h >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::ids::AreaId;

    #[test]
    fn looks_up_what_was_put_in() {
        let keys = ["paris", "paris-2", "a", "b", "north-sea", "vienna"];
        let m: KeyMap<AreaId, usize> = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (AreaId::new(k).unwrap(), i))
            .collect();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(m.get(&AreaId::new(k).unwrap()), Some(&i));
        }
        assert_eq!(m.get(&AreaId::new("lyon").unwrap()), None);
    }
}
