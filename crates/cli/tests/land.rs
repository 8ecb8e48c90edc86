//! `coalition play` and `coalition map` in the Land Phase (Coalition's rule 7, `docs/rules/land.md`; what each
//! power sees: `docs/rules/visibility.md`): the mover's stacks before its menu, a move typed as a whole path and
//! one chosen from the menu, `undo`, another power's screen without France's factors, and garrisons, depots and
//! sieges on the map.
//!
//! Every test works in its own folder under the system's temporary folder.

mod common;

use common::*;

use coalition_engine::ids::PowerId;
use coalition_engine::land::Stage;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

const CLEAR: &str = "\x1b[2J\x1b[H";

fn p(name: &str) -> PowerId {
    PowerId::new(name).unwrap()
}

fn play(args: &[&str], stdin: &str) -> Output {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    with_input(command(&full), stdin)
}

/// A 1805 game (seed 7, the standard rulebook) where every power takes its default until France's first turn
/// to move in January's Land Phase (7.1.3). Writes DIR/game.json.
fn france_to_move(dir: &Path) -> PathBuf {
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let mut t = Transcript::new("1805", RulebookSpec::default(), 7);
    let mut g = t.start(sc).unwrap();
    for _ in 0..10_000 {
        let st = g.state();
        if st.land.stage == Stage::Moving && st.land.current() == Some(p("france")) {
            let f = dir.join("game.json");
            std::fs::write(&f, t.to_json()).unwrap();
            return f;
        }
        let power = g.pending()[0];
        let e = Entry::Default { power };
        play_entry(&mut g, &e).unwrap();
        t.script.push(e);
    }
    panic!("France never came to move");
}

/// The number of the menu line (in the last menu of `out`) that holds `words`.
fn menu_number(out: &str, words: &str) -> usize {
    let menu = &out[out.rfind("France to decide:").expect("a menu")..];
    let line = menu
        .lines()
        .find(|l| l.contains(words))
        .unwrap_or_else(|| panic!("no `{words}` in the menu:\n{menu}"));
    line.trim()
        .split('.')
        .next()
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

// rule: 7.3
#[test]
fn a_corps_moves_by_a_typed_path_and_by_a_menu_step_and_the_step_is_undone() {
    let dir = temp_dir("land-move");
    let g = france_to_move(&dir);
    // A typed whole path; a typed move the engine refuses (the rule is named, the prompt asks again).
    let o = play(
        &[s(&g), "--as", "france"],
        "move fr-g,napoleon paris>reims>metz\nmove fr-1 cologne>nowhere\nq\n",
    );
    expect_code(&o, 0);
    let out = stdout(&o);
    // The stacks before the first menu: each corps with its factors and movement points.
    let first = &out[..out.find("France to decide:").expect("France is asked")];
    assert!(first.contains("France's stacks"), "{out}");
    assert!(
        first.contains(
            "Imperial Guard (fr-g): 2 cavalry, 6 guard — 4 of 4 movement points left, may force march"
        ),
        "{first}"
    );
    assert!(
        first.contains("Cavalry Reserve (fr-c1): 8 cavalry — 5 of 5 movement points left\n"),
        "cavalry may not force march (7.3.2):\n{first}"
    );
    assert!(
        out.contains(
            "France moves Imperial Guard (fr-g) and Napoleon: Paris → Reims → Metz (2 movement points) [7.3]"
        ),
        "{out}"
    );
    let after = &out[out.find("France moves Imperial Guard").unwrap()..];
    assert!(after.contains(") Metz, with Napoleon:\n"), "{after}");
    assert!(
        after.contains("Imperial Guard (fr-g): 2 cavalry, 6 guard — 2 of 4 movement points left"),
        "{after}"
    );
    assert!(
        after.contains("last move: Paris → Reims → Metz (`undo` takes it back)"),
        "{after}"
    );
    assert!(
        after.contains("refused: rule 3.4: unknown area `nowhere`"),
        "{after}"
    );
    assert!(
        after.contains("undo: take back the last move — `undo`"),
        "{after}"
    );
    // One step from the menu, then `undo`, in the same game resumed.
    let n = menu_number(
        &out,
        "move II Corps (fr-2): Antwerp → Gelderland (1 movement point)",
    );
    let o = play(&[s(&g), "--as", "france"], &format!("{n}\nundo\nq\n"));
    expect_code(&o, 0);
    let out = stdout(&o);
    let moved = out
        .find("France moves II Corps (fr-2): Antwerp → Gelderland (1 movement point) [7.3]")
        .unwrap_or_else(|| panic!("{out}"));
    let undone = out
        .find("France takes back the move of II Corps (fr-2): back to Antwerp [7.3]")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(moved < undone);
    let between = &out[moved..undone];
    assert!(between.contains(") Gelderland:\n"), "{between}");
    assert!(
        between.contains("II Corps (fr-2): 10 infantry, 1 cavalry — 3 of 4 movement points left"),
        "{between}"
    );
    let end = &out[undone..];
    assert!(
        end.contains("II Corps (fr-2): 10 infantry, 1 cavalry — 4 of 4 movement points left"),
        "{end}"
    );
    // The Guard's move stands: the undo took back only the last move.
    assert!(end.contains("last move: Paris → Reims → Metz"), "{end}");
    let t = std::fs::read_to_string(&g).unwrap();
    assert!(t.contains("\"undo\""), "{t}");
}

// rule: 7.3
#[test]
fn austria_does_not_see_frances_factors_after_france_moves() {
    let dir = temp_dir("land-seen");
    let g = france_to_move(&dir);
    // France moves by the menu only (no free text): its stacks alone make the screen secret.
    let o = play(
        &[s(&g), "--as", "france,austria"],
        "move fr-g,napoleon paris>reims>metz\ndrop fr-2 infantry:2\ndone\n\nq\n",
    );
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("Austria: press Enter"), "{out}");
    let screen = &out[out.rfind(CLEAR).expect("the screen is cleared")..];
    assert!(
        screen.contains(
            "France moves Imperial Guard (fr-g) and Napoleon: Paris → Reims → Metz (2 movement points) [7.3]"
        ),
        "{screen}"
    );
    assert!(
        screen.contains("II Corps (fr-2) changes the garrison of Antwerp [7.3.5]"),
        "{screen}"
    );
    assert!(screen.contains("Austria's stacks"), "{screen}");
    assert!(!screen.contains("France's stacks"), "{screen}");
    for line in screen.lines().filter(|l| l.contains("(fr-")) {
        for word in ["infantry", "cavalry", "guard", "artillery", "factor"] {
            assert!(
                !line.contains(word),
                "France's factors on Austria's screen: {line}"
            );
        }
    }
}

// rule: 7.2
#[test]
fn the_map_draws_garrisons_and_depots_and_hides_other_powers_garrison_factors() {
    let dir = temp_dir("land-map");
    let g = dir.join("g.json");
    let o = command(&["new", "--scenario", "1805", "--seed", "7", "-o", s(&g)])
        .output()
        .unwrap();
    expect_code(&o, 0);
    let host = dir.join("host.svg");
    expect_code(
        &command(&["map", s(&g), "-o", s(&host)]).output().unwrap(),
        0,
    );
    let svg = std::fs::read_to_string(&host).unwrap();
    assert!(
        svg.contains(r#"<g class="garrison"><title>garrison of France at Antwerp: "#),
        "{svg}"
    );
    assert!(svg.contains(r#"<g class="depot"><title>depot of France at Boulogne</title>"#));
    assert!(svg.contains(">D</text>"));
    // Austria's map: its own garrisons with their factors, France's without.
    let austria = dir.join("austria.svg");
    expect_code(
        &command(&["map", s(&g), "-o", s(&austria), "--as", "austria"])
            .output()
            .unwrap(),
        0,
    );
    let svg = std::fs::read_to_string(&austria).unwrap();
    assert!(
        svg.contains("garrison of France at Antwerp (factors not seen)"),
        "{svg}"
    );
    assert!(!svg.contains("garrison of France at Antwerp: "));
    assert!(svg.contains("garrison of Austria at "), "{svg}");
    assert!(svg.contains(r#"<g class="depot"><title>depot of France at Boulogne</title>"#));
}

/// A 1805 game at war in January's Land Phase where France's I Corps (12 infantry) has attacked 5 Austrian
/// cavalry at Linz, and with `day_two` a quiet first day has been fought: both sides are asked for day 2's chits
/// (else France for day 1's). Writes DIR/game.json.
fn battle_game(dir: &Path, day_two: bool) -> PathBuf {
    use coalition_engine::transcript::Setup;
    use coalition_engine::{Date, Step};
    let adjs = [
        r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#,
        r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#,
    ];
    let mut t = Transcript::new("1805", RulebookSpec::default(), 5);
    t.setup = Some(Setup {
        date: Date::new(1805, 1),
        step: Some(Step::Land),
        adjustments: adjs
            .iter()
            .map(|a| serde_json::from_str(a).unwrap())
            .collect(),
    });
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let mut g = t.start(sc.clone()).unwrap();
    let text = |power: &str, d: &str| Entry::Submit {
        power: p(power),
        decision: coalition_engine::decision::Decision::parse(d, &sc).unwrap(),
    };
    let mut script = vec![
        text("france", "slot 1"),
        text("france", "move fr-1 munich>passau>linz"),
        text("france", "done"),
    ];
    if day_two {
        script.push(text("france", "attack probe"));
        script.push(Entry::ForceDice { faces: vec![1; 12] });
        script.push(text("austria", "defend defend"));
    }
    for e in script {
        play_entry(&mut g, &e).unwrap();
        t.script.push(e);
    }
    let b = g.state().land.battle.as_ref().expect("a battle under way");
    assert_eq!(b.field.as_ref().unwrap().day(), 1 + day_two as u8);
    let f = dir.join("game.json");
    std::fs::write(&f, t.to_json()).unwrap();
    f
}

// rule: 7.5.2
#[test]
fn a_side_asked_for_its_chit_reads_the_odds_from_the_second_day() {
    let dir = temp_dir("land-odds");
    // Day 1: Austria's strength is its own until the chits are revealed (V.3.2).
    let g = battle_game(&dir, false);
    let o = play(&[s(&g), "--as", "france"], "o\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("strength is not known"), "{out}");
    assert!(!out.contains("att wins"), "{out}");
    let g = battle_game(&dir, true);
    let o = play(&[s(&g), "--as", "france"], "o\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("`o` for the odds"), "{out}");
    assert!(
        out.contains("from day 2, as the days before left the battle"),
        "{out}"
    );
    // Issue 41: the header gives the forces the first day left, in words (no debug text).
    assert!(out.contains("left after day 1: attacker "), "{out}");
    assert!(!out.contains("terrain Clear"), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("probe") && l.contains("defend") && l.contains('%'))
        .unwrap_or_else(|| panic!("no Probe v Defend line:\n{out}"));
    assert!(row.split_whitespace().count() >= 8, "{row}");
}
