//! Writes golden transcripts of battles (`tests/transcripts/battles/`) by playing them through the Land Phase:
//! each case is a set-up, the decisions of the powers it is about, forced dice where the case needs a die to
//! show a face, and the default decision (3.6) of every other power owing one. Each case prints its dice,
//! rounds, morale and points for review. Run from the workspace root:
//! `cargo run -p coalition-engine --example battle_cases [CASE]`; then review the snapshots
//! (`cargo test -p coalition-engine --test transcripts`).
#[path = "cases/mod.rs"]
mod cases;

use cases::{B, standard};
use coalition_engine::{Date, Step};

fn main() {
    let only = std::env::args().nth(1);
    let cases: [(&str, fn()); 9] = [
        ("guard", guard_lost),
        ("guard-fails", guard_fails),
        ("bombardment", bombardment),
        ("ump-cap", ump_cap),
        ("napoleon", napoleon_uncapped),
        ("ump-losses", ump_losses),
        ("mixed", mixed_force),
        ("odd-loss", odd_loss),
        ("trained", british_training),
    ];
    for (name, case) in cases {
        if only.as_deref().is_none_or(|o| o == name) {
            println!("{name}:");
            case();
        }
    }
}

const AT_WAR_FA: &str =
    r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#;
const BAVARIA_FRENCH: &str =
    r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#;
const MACK_AT_VIENNA: &str =
    r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#;
const FERDINAND_AT_VIENNA: &str =
    r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#;

/// The set-up of a French attack on Linz in January 1805 (Austria's I Corps and Cavalry Reserve stand there, its
/// leaders in Vienna): France at war with Austria, Bavaria a French free state, and France's corps at Munich.
fn linz(rules: &[&str], french: &[&str]) -> B {
    let mut adjs = vec![AT_WAR_FA, BAVARIA_FRENCH];
    adjs.extend_from_slice(french);
    adjs.extend_from_slice(&[MACK_AT_VIENNA, FERDINAND_AT_VIENNA]);
    B::new(rules, standard(), (1805, 1), Step::Land, &adjs)
}

/// France moves first, marches `corps` from Munich to Linz, and its corps there, out of its supply, forage in
/// January (ones: no loss).
fn march_on_linz(b: &mut B, corps: &str, foraging: usize) {
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", &format!("move {corps} munich>passau>linz"));
    b.force(&vec![1; foraging]);
    b.submit("france", "done");
}

/// 12.3.4.4 and 12.3.4.5: France attacks Linz with I Corps and two factors of the Imperial Guard, and commits
/// the guard in round 1 to shift its morale level by two; the Guard Commitment Table's die (a 4) loses two guard
/// factors, all France has: France breaks without fighting the round, Austria still fires, and France loses.
fn guard_lost() {
    let mut b = linz(
        &["12.3.4", "12.3.4.4", "12.3.4.5"],
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-g", "factors": {"guard": 2}, "location": {"area": "munich"}}}"#,
        ],
    );
    march_on_linz(&mut b, "fr-1,fr-g", 2);
    let m = b.mark();
    b.submit("france", "attack assault guard 1+2");
    // The guard's die, then Austria's fire (a 4 on 4-1: three factors, 1.4 morale); France does not fire.
    b.force(&[4, 4]);
    b.submit("austria", "defend defend");
    b.logged(r#"{"dice_rolled": {"roll": {"rule": "12.3.4.4", "faces": [4]}}}"#);
    b.logged(r#"{"land": {"battle_fought": {"record": {"report": {"outcome": {"won": {"winner": "defender"}}}}}}}"#);
    b.submit("france", "retreat passau");
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.4.5-a-guard-lost-on-commitment-breaks-its-side",
    );
}

/// 12.3.4.2 and 12.3.4.6: France commits the Imperial Guard in round 1 to shift its morale level by one; the die
/// (a 1) costs it no guard factor and France fires on 3-2 instead of 3-1, but Austria is not broken that round:
/// France breaks and loses the battle.
fn guard_fails() {
    let mut b = linz(
        &["12.3.4", "12.3.4.2", "12.3.4.6"],
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-g", "factors": {"guard": 6}, "location": {"area": "munich"}}}"#,
        ],
    );
    march_on_linz(&mut b, "fr-1,fr-g", 2);
    let m = b.mark();
    b.submit("france", "attack assault guard 1+1");
    // The guard's die, France's fire (a 2), Austria's (a 3).
    b.force(&[1, 2, 3]);
    b.submit("austria", "defend defend");
    b.logged(r#"{"land": {"battle_fought": {"record": {"report": {"outcome": {"won": {"winner": "defender"}}}}}}}"#);
    b.submit("france", "retreat passau");
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.4.6-a-committed-guard-that-does-not-win-breaks-its-side",
    );
}

/// 12.3.5: France attacks Linz with I Corps and ten factors of the Artillery Reserve. Before each round's fire
/// the artillery bombards on the 5-5 table whatever the round's tables (12.3.5.4): three, two and two factors,
/// no morale (12.3.5.3); the factors it hits take no part in that round's fire (12.3.5.1), and the artillery fires
/// again with the rest of its side (12.3.5.5). Austria breaks in round 3.
fn bombardment() {
    let mut b = linz(
        &["12.3.5.1", "12.3.5.3", "12.3.5.4", "12.3.5.5"],
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-a", "factors": {"artillery": 10}, "location": {"area": "munich"}}}"#,
        ],
    );
    march_on_linz(&mut b, "fr-1,fr-a", 2);
    let m = b.mark();
    b.submit("france", "attack assault");
    // Each round: the bombardment, France's fire, Austria's fire.
    b.force(&[6, 6, 1, 5, 6, 1, 4, 6, 1]);
    b.submit("austria", "defend defend");
    b.logged(r#"{"dice_rolled": {"roll": {"rule": "12.3.5.4", "faces": [6]}}}"#);
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.5-an-artillery-bombardment-before-each-round",
    );
}

/// The set-up of an Austrian attack in May 1805 on Upper Silesia (Neisse), where two French corps stand with a
/// corps of Prussia, an uncontrolled major power France controls (14.3), 42 factors against Austria's 26 at
/// Olmutz: 68 in all, two points a power.
fn neisse(rules: &[&str], extra: &[&str]) -> B {
    let mut adjs = vec![
        r#"{"set_ump_control": {"ump": "prussia", "controller": "france", "status": "active"}}"#,
        AT_WAR_FA,
        r#"{"war": {"aggressor": {"power": "prussia"}, "defender": {"power": "austria"}}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "neisse"}}}"#,
        r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 14, "cavalry": 2}, "location": {"area": "neisse"}}}"#,
        r#"{"corps": {"corps": "pr-1", "factors": {"infantry": 9, "cavalry": 3}, "location": {"area": "neisse"}}}"#,
        r#"{"corps": {"corps": "au-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "olmutz"}}}"#,
        r#"{"corps": {"corps": "au-2", "factors": {"infantry": 10, "cavalry": 2}, "location": {"area": "olmutz"}}}"#,
        MACK_AT_VIENNA,
        FERDINAND_AT_VIENNA,
    ];
    adjs.extend_from_slice(extra);
    B::new(rules, standard(), (1805, 5), Step::Land, &adjs)
}

/// France moves first and stays (its corps at Neisse, out of its supply, forage: ones, no loss); Austria
/// attacks Neisse from Olmutz; France, with most of the defending corps, chooses their chit; Austria's dice are
/// ones, the defenders' sixes: Austria breaks in round 2.
fn austria_attacks_neisse(b: &mut B) -> usize {
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.force(&[1, 1]);
    b.submit("france", "done");
    b.until("austria");
    let m = b.mark();
    b.submit("austria", "move au-1,au-2 olmutz>neisse");
    b.submit("austria", "done");
    b.submit("austria", "attack assault");
    b.force(&[1, 6, 1, 6]);
    b.until_asked("france");
    b.submit("france", "defend defend");
    m
}

/// 14.3.2.1.3: France and its UMP Prussia win a battle of 68 factors at Neisse: each wins two points, which are
/// France's to gain, four in all, held to three.
fn ump_cap() {
    let mut b = neisse(&["14.3.2.1.3"], &[]);
    let m = austria_attacks_neisse(&mut b);
    b.logged(r#"{"points_changed": {"power": "france", "delta": 3, "rule": "14.3.2.1.3"}}"#);
    b.finish_land();
    b.summary(m);
    b.save_in("battles", "14.3.2.1.3-an-ump-s-battle-points-held-to-three");
}

/// 14.3.2.1.6: the Neisse battle with two small French corps (5 factors each) beside Prussia's 12: Austria's
/// fire, sixes every round, would fall on the Prussian corps, the largest, first; Prussia's losses are held to its part of the defenders' losses, rounded
/// down, and the French corps take the rest.
fn ump_losses() {
    let mut b = neisse(
        &["14.3.2.1.6", "12.3.6"],
        &[
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 5}, "location": {"area": "neisse"}}}"#,
            r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 5}, "location": {"area": "neisse"}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.force(&[1, 1]);
    b.submit("france", "done");
    b.until("austria");
    let m = b.mark();
    b.submit("austria", "move au-1,au-2 olmutz>neisse");
    b.submit("austria", "done");
    b.submit("austria", "attack assault");
    b.force(&[6, 1, 6, 1, 6, 1]);
    b.until_asked("france");
    b.submit("france", "defend defend");
    // 3, 3 and 2 lost of 22 (12 Prussian): Prussia's part of 3 is 1, of 6 is 3, of 8 is 4 (not 7, largest first).
    b.logged(
        r#"{"corps_changed": {"reason": "pr-1 loses 4 factor(s) in battle at Upper Silesia"}}"#,
    );
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "14.3.2.1.6-an-ump-s-losses-held-to-its-part-of-the-force",
    );
}

/// 14.3.2.1.3's exception: the same battle with Napoleon at Neisse commanding France's and Prussia's corps:
/// France gains all four points.
fn napoleon_uncapped() {
    let mut b = neisse(
        &["14.3.2.1.3"],
        &[
            r#"{"leader": {"leader": "napoleon", "status": "active", "location": {"area": "neisse"}}}"#,
        ],
    );
    let m = austria_attacks_neisse(&mut b);
    b.logged(r#"{"points_changed": {"power": "france", "delta": 4, "rule": "14.3.2.1.3"}}"#);
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "14.3.2.1.3-napoleon-commands-and-the-points-are-not-held",
    );
}

/// 12.3.6's odd loss: the battle of `mixed_force` with I Corps as strong as the Bavarians (6 factors each): the
/// losses are shared half and half, and where a half is left over France and Bavaria roll for it, the lowest
/// roll taking it (in the battle and in the pursuit).
fn odd_loss() {
    let mut b = bavarians_at_linz(r#"{"infantry": 4, "cavalry": 2}"#, false);
    let m = b.mark();
    b.submit("france", "attack assault");
    b.force(&ODD_LOSS_DICE);
    b.submit("austria", "defend defend");
    // Round 1: 3 lost, 1.5 each: France rolls 2 to Bavaria's 5 and takes the odd one (2 and 1); round 2: 3 more,
    // 3 and 3 in all; the pursuit: 3 more, 4.5 each: Bavaria rolls 3 to France's 4 and takes it (5 and 4).
    b.logged(r#"{"dice_rolled": {"roll": {"rule": "12.3.6", "who": "france", "faces": [2]}}}"#);
    b.logged(r#"{"corps_changed": {"corps": "fr-1", "reason": "fr-1 loses 3 factor(s) in battle at Linz"}}"#);
    b.logged(r#"{"corps_changed": {"corps": "bavaria-1", "reason": "bavaria-1 loses 2 factor(s) to the pursuit at Linz"}}"#);
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.6-an-odd-loss-settled-by-a-competitive-roll",
    );
}

/// 12.3.6's set-up: Austria declares war on Bavaria; France, at war with Austria, is the one power willing to run
/// it and sets up its two corps at Munich (4 infantry and 2 cavalry, 4 infantry) beside I Corps (`fr_1`'s
/// factors); I Corps and the first Bavarian corps march on Linz (I Corps forages there; the Bavarians trace their
/// supply home). With `show`, the set-up's events are printed for review.
fn bavarians_at_linz(fr_1: &str, show: bool) -> B {
    let fr_1 = format!(
        r#"{{"corps": {{"corps": "fr-1", "factors": {fr_1}, "location": {{"area": "munich"}}}}}}"#
    );
    let mut b = B::new(
        &["12.3.6"],
        standard(),
        (1805, 1),
        Step::MinorCountryControl,
        &[
            AT_WAR_FA,
            r#"{"war": {"aggressor": {"power": "austria"}, "defender": {"minor": "bavaria"}}}"#,
            &fr_1,
            MACK_AT_VIENNA,
            FERDINAND_AT_VIENNA,
        ],
    );
    let m = b.mark();
    b.until_asked("france");
    for other in ["great-britain", "prussia", "russia", "spain", "turkey"] {
        b.submit(other, "roll none");
    }
    // France alone is willing: it runs Bavaria without a roll.
    b.submit("france", "roll bavaria");
    b.until_asked("france");
    b.submit("france", "setup corps munich:4i+2c,munich:4i+0c");
    if show {
        b.summary(m);
    }
    march_on_linz(&mut b, "fr-1,bavaria-1", 1);
    b
}

/// The dice of `odd_loss`'s battle.
const ODD_LOSS_DICE: [u8; 8] = [1, 6, 5, 2, 1, 6, 3, 3];

/// 12.3.6: Austria declares war on Bavaria; France, at war with Austria, is the one power willing to run it and
/// sets up its two corps at Munich; France attacks Linz with I Corps (12 factors) and the first Bavarian corps
/// (6), two to one, loses six factors in battle and three to the pursuit, and each nationality loses its share:
/// France four and two, Bavaria two and one.
fn mixed_force() {
    let mut b = bavarians_at_linz(r#"{"infantry": 10, "cavalry": 2}"#, true);
    let m = b.mark();
    b.submit("france", "attack assault");
    // France's fire misses twice; Austria's sixes take three factors a round (on 4-1 and 4-2) and break France in
    // round 2; the pursuit's die is a 3.
    b.force(&[1, 6, 1, 6, 3]);
    b.submit("austria", "defend defend");
    b.logged(r#"{"corps_changed": {"corps": "bavaria-1", "rule": "7.5.6", "reason": "bavaria-1 loses 2 factor(s) in battle at Linz"}}"#);
    b.logged(r#"{"corps_changed": {"corps": "fr-1", "rule": "7.5.6", "reason": "fr-1 loses 4 factor(s) in battle at Linz"}}"#);
    b.submit("france", "retreat passau");
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.6-proportional-losses-of-a-french-and-bavarian-force",
    );
}

/// 12.3.2: Spain declares war on Portugal in January 1805; Great Britain, at war with Spain, is the one power
/// willing to run it, runs it as a free state and sets up its corps at Evora (Spain's war with Portugal itself
/// lapses in February, 4.6.6; Spain stays at war with Great Britain). Every power then makes its default
/// decisions for 24 months: a minor's corps exists only once it is set up (4.6.3.4), so the 24 months cannot be
/// shortened by a set-up. In January 1807 Spain attacks Evora: the Portuguese corps, British-trained for 24
/// continuous months, fights at 4.0 (Portugal's own morale is 2.0, which would have broken in round 3), holds out
/// and wins.
fn british_training() {
    let mut b = B::new(
        &["12.3.2"],
        standard(),
        (1805, 1),
        Step::MinorCountryControl,
        &[
            r#"{"war": {"aggressor": {"power": "spain"}, "defender": {"minor": "portugal"}}}"#,
            r#"{"corps": {"corps": "sp-1", "factors": {"infantry": 8, "cavalry": 2}, "location": {"area": "badajoz"}}}"#,
        ],
    );
    let m = b.mark();
    b.until_asked("great-britain");
    for other in ["austria", "france", "prussia", "russia", "turkey"] {
        b.submit(other, "roll none");
    }
    // Great Britain alone is willing: it runs Portugal without a roll.
    b.submit("great-britain", "roll portugal");
    b.until_asked("great-britain");
    b.submit("great-britain", "setup corps evora:6i+1c; fleet lisbon");
    b.summary(m);
    let trained = Date::new(1807, 1).unwrap();
    while b.g.state().date() < trained {
        b.default_one();
    }
    b.until("spain");
    b.submit("spain", "move sp-1 badajoz>evora");
    b.submit("spain", "done");
    let m = b.mark();
    b.submit("spain", "attack assault");
    b.force(&[3, 3, 3, 3, 3, 3]);
    b.submit("great-britain", "defend defend");
    b.logged(r#"{"land": {"battle_fought": {"record": {"report": {"morale": [30, 40]}}}}}"#);
    b.finish_land();
    b.summary(m);
    b.save_in(
        "battles",
        "12.3.2-a-british-trained-portuguese-corps-fights-at-4.0",
    );
}
