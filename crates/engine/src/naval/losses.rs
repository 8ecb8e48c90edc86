//! Rule 12.2.5 (proportional naval losses, option): how a stack of fleets of mixed nationalities shares the ships
//! it loses in a naval combat.

use crate::battle::losses::{Decide, shares_with};
use crate::kernel::ids::{Key, Nation};
use std::collections::BTreeMap;

/// 12.2.5: each nationality's share of `lost` ships of a mixed stack that started the combat with `ships` of each
/// nationality: as nearly proportional to those as possible, ".5" and above rounded up; where the rounding leaves
/// an odd loss between equal claims, `decide` settles it (the players' agreement or, failing it, the competitive
/// roll; none: waiting for its dice). Never more ships than a nationality has.
pub fn proportional(
    ships: &BTreeMap<Nation, u32>,
    lost: u32,
    decide: &mut Decide,
) -> Option<BTreeMap<Nation, u32>> {
    // A power's and a minor's keys never coincide (the scenario's keys are unique), so a key names the nation.
    let key = |n: &Nation| Key::new(n.as_str()).expect("a nation's key is a key");
    let keys: BTreeMap<Key, Nation> = ships.keys().map(|n| (key(n), *n)).collect();
    let start: BTreeMap<Key, u32> = ships.iter().map(|(n, s)| (key(n), *s)).collect();
    let shares = shares_with(&start, &start, lost, decide)?;
    Some(shares.into_iter().map(|(k, v)| (keys[&k], v)).collect())
}
