//! Coalition's 7.5 odds (`docs/rules/combat.md`, "Odds"): a cache of 7.5.6's loss allocations for the walk over
//! every state of a battle, where the same losses fall on the same forces many times.

use crate::scenario::Factors;
use std::sync::Arc;

/// A cache of loss allocations, when many states are walked (the odds): (side, factors taken, militia spared,
/// the outflank arrived, the corps present, their factors before) → (their factors after, factors taken). The
/// factors are kept once each (`kept`), so that equal factors are one shared value and the cache can know them by
/// address. Only looked up, never walked: its order does not matter.
#[derive(Default)]
pub(crate) struct Allocations {
    done: std::collections::HashMap<Allocation, Allocated, FxBuild>,
    kept: std::collections::HashSet<Arc<[Factors]>, FxBuild>,
}

/// An allocation's result: the factors after and the factors taken; none where it needs 12.3.6's dice.
pub(crate) type Allocated = Option<(Arc<[Factors]>, u32)>;

/// One loss allocation: (side, factors taken, militia spared, the outflank arrived, the corps present, their
/// factors before).
pub(crate) type Allocation = (
    usize,
    u32,
    bool,
    bool,
    ByAddress<[bool]>,
    ByAddress<[Factors]>,
);

pub(crate) type FxBuild = std::hash::BuildHasherDefault<Fx>;

/// A shared value known by its address (the cache holds it, so the address is not reused).
#[derive(Clone)]
pub(crate) struct ByAddress<T: ?Sized>(pub(crate) Arc<T>);

impl<T: ?Sized> PartialEq for ByAddress<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Eq for ByAddress<T> {}

impl<T: ?Sized> std::hash::Hash for ByAddress<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (Arc::as_ptr(&self.0) as *const u8 as usize).hash(h)
    }
}

/// A fast hash for the cache of allocations (the multiply-rotate hash of the Rust compiler's `FxHasher`): its keys
/// are the engine's own values, not anyone's input.
#[derive(Default)]
pub(crate) struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        // The multiply leaves the low bits, which pick a table's slot, to the low bits of the last word alone:
        // fold the high bits down (the last step of MurmurHash3's finaliser).
        let h = (self.0 ^ (self.0 >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }

    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

impl Allocations {
    /// The allocation `key` from the cache, or `allocate`d and kept: the factors after (shared with every equal
    /// result) and the factors taken; none where the allocation is not made without dice (12.3.6's contest).
    pub(crate) fn get_or(
        memo: &std::cell::RefCell<Allocations>,
        key: Allocation,
        allocate: impl FnOnce() -> Option<(Vec<Factors>, u32)>,
    ) -> Allocated {
        if let Some(done) = memo.borrow().done.get(&key) {
            return done.clone();
        }
        let made = allocate();
        let mut memo = memo.borrow_mut();
        let kept = made.map(|(left, got)| {
            let left: Arc<[Factors]> = left.into();
            let kept = match memo.kept.get(&left) {
                Some(k) => k.clone(),
                None => {
                    memo.kept.insert(left.clone());
                    left
                }
            };
            (kept, got)
        });
        memo.done.insert(key, kept.clone());
        kept
    }
}
