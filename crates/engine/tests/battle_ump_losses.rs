//! 14.3.2.1.6 in battle: an UMP in a mixed force with other major powers takes no more combat losses than its
//! percentage of the force, with and without 12.3.6's proportional losses, over the whole battle.

use coalition_engine::battle::BattleCorps;
use coalition_engine::battle::losses::allocate;
use coalition_engine::scenario::{CorpsKind, Factors};

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

/// A French corps of `french` factors beside a Prussian one of `prussian`, Prussia being an UMP.
fn force(french: u16, prussian: u16) -> Vec<BattleCorps> {
    vec![
        corps("fr-1", "france", CorpsKind::Infantry, inf(french)),
        BattleCorps {
            capped: true,
            ..corps("pr-1", "prussia", CorpsKind::Infantry, inf(prussian))
        },
    ]
}

/// Takes each of `losses` in turn; the factors each corps has lost in the end.
fn lose(force: &[BattleCorps], losses: &[u32], proportional: bool) -> (u32, u32) {
    let mut left: Vec<Factors> = force.iter().map(|c| c.factors).collect();
    for n in losses {
        let got = allocate(force, &mut left, |_| true, *n, proportional, false);
        assert_eq!(got, *n, "every loss is taken");
    }
    (
        force[0].factors.total() - left[0].total(),
        force[1].factors.total() - left[1].total(),
    )
}

#[test]
fn an_ump_loses_no_more_than_its_part_of_the_force() {
    // rule: 14.3.2.1.6
    // 12 French and 20 Prussian factors lose 5: largest first would take all 5 from the Prussians; Prussia's
    // part is 20/32 of 5, 3.1, so it loses 3 and France 2.
    assert_eq!(lose(&force(12, 20), &[5], false), (2, 3));
    // Not an UMP: all 5 from the larger corps.
    let mut free = force(12, 20);
    free[1].capped = false;
    assert_eq!(lose(&free, &[5], false), (0, 5));
    // With 12.3.6, 10 and 10 losing 3 would round 1.5 up for one of them; the UMP's part, rounded down, is 1.
    assert_eq!(lose(&force(10, 10), &[3], true), (2, 1));
    // Not an UMP: the odd half goes by key order (a plain allocation, without a competitive roll) to the later
    // nationality: Prussia 2, France 1.
    let mut free = force(10, 10);
    free[1].capped = false;
    assert_eq!(lose(&free, &[3], true), (1, 2));
}

#[test]
fn an_umps_part_is_counted_over_the_whole_battle() {
    // rule: 14.3.2.1.6
    // 10 and 10 lose 1, then 1, then 1: the UMP's part of 1 is 0, of 2 is 1, of 3 is 1.
    for proportional in [false, true] {
        let f = force(10, 10);
        assert_eq!(lose(&f, &[1], proportional), (1, 0), "{proportional}");
        assert_eq!(lose(&f, &[1, 1], proportional), (1, 1), "{proportional}");
        assert_eq!(lose(&f, &[1, 1, 1], proportional), (2, 1), "{proportional}");
    }
}

#[test]
fn the_cap_never_leaves_a_loss_untaken() {
    // rule: 14.3.2.1.6
    // 2 French and 10 Prussian factors lose 6: Prussia's part is 5, France takes 1. Then 6 more: Prussia's part
    // of 12 is 10 (5 more) and France's last factor goes: the force is destroyed, the UMP's corps with it (the
    // cap shares the losses; it does not make a corps unbreakable).
    for proportional in [false, true] {
        let f = force(2, 10);
        assert_eq!(lose(&f, &[6], proportional), (1, 5), "{proportional}");
        assert_eq!(lose(&f, &[6, 6], proportional), (2, 10), "{proportional}");
    }
}
