//! Coalition's 7.5.2 reinforcement of a battle from next areas (`docs/rules/combat.md` 7.5.2) and 12.3.7.1's
//! leaderless corps arriving on their own ratings: battles resolved with forced dice.

#[path = "common/battle_setup.rs"]
mod setup;
use setup::*;

use coalition_engine::battle::check::check;
use coalition_engine::battle::{self, BattleLeader, Report, Setup};
use coalition_engine::scenario::combat::{AttackChit, DefendChit};
use coalition_engine::scenario::{CorpsKind, Terrain};

/// French I Corps against Austrian I Corps (Assault v Defend) with Austrian corps on their way from Linz: a
/// stack led by `leader`, or leaderless, of the given corps.
fn reinforced(leader_of_stack: Option<BattleLeader>, n: usize, terrain: Terrain) -> Setup {
    let mut s = french_v_austrian(AttackChit::Assault, DefendChit::Defend);
    s.terrain = terrain;
    for i in 0..n {
        let mut c = corps(
            &format!("au-{}", i + 2),
            "austria",
            CorpsKind::Infantry,
            inf(10),
        );
        c.reinforcing = Some(0);
        s.defender.corps.push(c);
    }
    s.defender.reinforcements.push(battle::Reinforcing {
        from: "Linz".into(),
        leader: leader_of_stack,
    });
    s
}

fn reinforcement_rolls(r: &Report, round: usize) -> Vec<(u8, i32)> {
    r.rounds[round]
        .before
        .iter()
        .filter(|x| x.rule == "7.5.2")
        .map(|x| (x.faces[0], x.total))
        .collect()
}

#[test]
fn a_led_stack_joins_before_round_two_on_its_leaders_strategic_rating() {
    let ferdinand = leader("Ferdinand", "austria", 3, 2, 3);
    let s = reinforced(Some(ferdinand), 2, Terrain::Clear);
    // Round 1 as in the plain battle (4, 3): 2 factors lost each side. Before round 2 the stack rolls once
    // on Ferdinand's 3: a 3 brings both corps. Round 2's fire: 1 and 1.
    let r = run(&s, &[4, 3, 3, 1, 1]);
    assert_eq!(r.morale, (40, 30), "the corps on their way are not counted");
    assert_eq!(
        r.rounds[0].fire[1].firing, 20,
        "round 1: the defender's first corps alone"
    );
    assert_eq!(
        reinforcement_rolls(&r, 1),
        vec![(3, 3)],
        "one roll for the led stack"
    );
    assert_eq!(
        r.rounds[1].fire[1].firing,
        18 + 20,
        "round 2: both corps of the stack fire with the defender"
    );
    assert!(
        reinforcement_rolls(&r, 2).is_empty(),
        "a stack that arrived does not roll again"
    );
    assert!(
        r.rounds[1]
            .notes
            .iter()
            .any(|n| n == "au-2, au-3 join the defender")
    );
}

#[test]
fn terrain_hinders_reinforcements_and_a_stack_that_failed_tries_again_before_round_three() {
    let ferdinand = leader("Ferdinand", "austria", 3, 2, 3);
    let s = reinforced(Some(ferdinand), 1, Terrain::Forest);
    // In a forest the target is 3 - 1 = 2: a 3 fails before round 2, a 2 succeeds before round 3.
    let r = run(&s, &[4, 3, 3, 1, 1, 2]);
    assert!(
        r.rounds[1]
            .notes
            .iter()
            .any(|n| n == "au-2 does not join the defender")
    );
    let after_one = 20 - r.rounds[0].fire[0].inflicted;
    let purpose = &r.rounds[1].before[0].purpose;
    assert!(purpose.contains("2 or less"), "a forest's -1: {purpose}");
    assert_eq!(
        r.rounds[1].fire[1].firing, after_one,
        "round 2 without the stack"
    );
    assert_eq!(reinforcement_rolls(&r, 2), vec![(2, 2)]);
    let after_two = after_one - r.rounds[1].fire[0].inflicted;
    assert_eq!(
        r.rounds[2].fire[1].firing,
        after_two + 10,
        "round 3 with the stack"
    );
}

#[test]
fn leaderless_reinforcements_roll_corps_by_corps_on_their_own_ratings() {
    // rule: 12.3.7.1
    let s = reinforced(None, 2, Terrain::Clear);
    // Austria's own strategic rating is 1: before round 2 au-2 rolls a 1 and joins, au-3 a 2 and does not;
    // before round 3 au-3 alone rolls again (a 1: it joins).
    let r = run(&s, &[4, 3, 1, 2, 1, 1, 1]);
    assert_eq!(reinforcement_rolls(&r, 1), vec![(1, 1), (2, 2)]);
    assert_eq!(r.rounds[1].fire[1].firing, 18 + 10, "round 2: au-2 joined");
    assert_eq!(
        reinforcement_rolls(&r, 2),
        vec![(1, 1)],
        "only au-3 rolls again"
    );
    assert!(
        r.rounds[2]
            .notes
            .iter()
            .any(|n| n == "au-3 joins the defender")
    );
}

#[test]
fn a_reinforcement_must_belong_to_a_described_stack_and_cannot_outflank() {
    let c = chart();
    let mut s = reinforced(None, 1, Terrain::Clear);
    s.defender.reinforcements.clear();
    let e = check(&c, &s).unwrap_err();
    assert_eq!(e.rule, "7.5.2", "{e}");
    let mut s = reinforced(None, 1, Terrain::Clear);
    s.defender.corps[1].outflanking = true;
    let e = check(&c, &s).unwrap_err();
    assert_eq!(e.rule, "7.5.2", "{e}");
    // A side whose only corps are on their way has nothing in the battle.
    let mut s = reinforced(None, 1, Terrain::Clear);
    s.defender.corps.remove(0);
    let e = check(&c, &s).unwrap_err();
    assert_eq!(e.rule, "7.5", "{e}");
}
