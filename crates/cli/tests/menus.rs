//! `coalition play`'s menus without traps (issue 41): a destructive choice (scuttling a fleet, a placement that
//! leaves arrivals unplaced, a forced march) is never listed first and asks for `y`; a refusal is the last line
//! above a short prompt; a long menu is paged and filtered with `?`; a move typed by its destination is proposed
//! whole and Enter accepts it; names are read in any case.
//!
//! Every test works in its own folder under the system's temporary folder.

mod common;

use common::*;

use coalition_engine::Decision;
use coalition_engine::calendar::Step;
use coalition_engine::ids::PowerId;
use coalition_engine::land::Stage;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

fn p(name: &str) -> PowerId {
    PowerId::new(name).unwrap()
}

fn play(args: &[&str], stdin: &str) -> Output {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    with_input(command(&full), stdin)
}

/// A 1805 game (seed 7, the standard rulebook) where every power takes its default, France buying `buy` in
/// its first Expenditure Step, until `stop` holds. Writes DIR/game.json.
fn game_until(
    dir: &Path,
    buy: Option<&str>,
    stop: impl Fn(&coalition_engine::Game) -> bool,
) -> PathBuf {
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let mut t = Transcript::new("1805", RulebookSpec::default(), 7);
    let mut g = t.start(sc.clone()).unwrap();
    let mut bought = false;
    for _ in 0..20_000 {
        if stop(&g) {
            let f = dir.join("game.json");
            std::fs::write(&f, t.to_json()).unwrap();
            return f;
        }
        let power = g.pending()[0];
        let e = match buy {
            Some(list)
                if !bought
                    && power == p("france")
                    && g.state().position.step == Step::EconomicExpenditure =>
            {
                bought = true;
                Entry::Submit {
                    power,
                    decision: Decision::parse(list, &sc).unwrap(),
                }
            }
            _ => Entry::Default { power },
        };
        play_entry(&mut g, &e).unwrap();
        t.script.push(e);
    }
    panic!("the game never reached the wanted position");
}

fn france_asked_in(step: Step) -> impl Fn(&coalition_engine::Game) -> bool {
    move |g| g.state().position.step == step && g.pending().first() == Some(&p("france"))
}

fn france_to_move(g: &coalition_engine::Game) -> bool {
    let st = g.state();
    st.land.stage == Stage::Moving && st.land.current() == Some(p("france"))
}

/// The menu lines (number, text) of the last "France to decide:" menu in `out`.
fn menu(out: &str) -> Vec<(usize, String)> {
    let at = out.rfind("France to decide:").expect("a menu");
    out[at..]
        .lines()
        .skip(1)
        .map_while(|l| {
            let (n, text) = l.trim().split_once(". ")?;
            Some((n.parse().ok()?, text.to_string()))
        })
        .collect()
}

#[test]
fn scuttling_is_listed_after_the_safe_choices_and_asks_for_y() {
    let dir = temp_dir("menus-scuttle");
    let g = game_until(&dir, None, france_asked_in(Step::Reinforcement));
    let o = play(&[s(&g), "--as", "france"], "q\n");
    let out = stdout(&o);
    let listed = menu(&out);
    assert!(!listed[0].1.contains("careful"), "{out}");
    let (n, line) = listed
        .iter()
        .find(|(_, l)| l.contains("scuttle Brest Fleet"))
        .unwrap_or_else(|| panic!("no scuttle in:\n{out}"))
        .clone();
    assert!(n > 1, "{out}");
    assert!(
        line.contains("careful: scuttles Brest Fleet (fr-f1) with its 18 ships"),
        "{line}"
    );
    assert!(
        listed[n - 1..].iter().all(|(_, l)| l.contains("careful")),
        "the destructive choices come last:\n{out}"
    );
    // Picked by its number, it asks; anything but y cancels and nothing is written.
    let o = play(&[s(&g), "--as", "france"], &format!("{n}\n1\nq\n"));
    let out = stdout(&o);
    let asked = out
        .find("Careful: this scuttles Brest Fleet")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(out[asked..].contains("Type y to do it"), "{out}");
    assert!(out[asked..].contains("not done"), "{out}");
    assert!(!std::fs::read_to_string(&g).unwrap().contains("scuttle"));
    // With y it is done.
    let o = play(&[s(&g), "--as", "france"], &format!("{n}\ny\nq\n"));
    expect_code(&o, 0);
    assert!(std::fs::read_to_string(&g).unwrap().contains("scuttle"));
}

#[test]
fn a_placement_that_leaves_arrivals_unplaced_says_so_and_asks() {
    let dir = temp_dir("menus-unplaced");
    // France buys 6 infantry in March; they arrive in a later month's Reinforcement Phase.
    let g = game_until(&dir, Some("buy 6 infantry"), |g| {
        france_asked_in(Step::Reinforcement)(g)
            && g.state().position.date.to_string().as_str() > "1805-03"
            && g.choices(p("france"))
                .iter()
                .any(|d| d.to_string().contains("infantry"))
    });
    // The long menu is filtered: `? unplaced` lists the placements that leave some out.
    let o = play(&[s(&g), "--as", "france"], "? unplaced\nq\n");
    let out = stdout(&o);
    let listed = menu(&out);
    assert!(
        !listed[0].1.contains("careful"),
        "the first line places everything:\n{out}"
    );
    let filtered = &out[out.find("q quit]> ").unwrap_or_else(|| panic!("{out}"))..];
    let line = filtered
        .lines()
        .nth(1)
        .unwrap_or_else(|| panic!("no partial placement warned of in:\n{out}"));
    assert!(line.contains("careful: leaves"), "{line}");
    let n: usize = line.trim().split('.').next().unwrap().parse().unwrap();
    let o = play(&[s(&g), "--as", "france"], &format!("{n}\n\nq\n"));
    let out = stdout(&o);
    let asked = out
        .find("Careful: this leaves")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out[asked..].contains("unplaced: they wait for a later Reinforcement Phase"),
        "{out}"
    );
    assert!(
        out[asked..].contains("not done"),
        "Enter does not confirm:\n{out}"
    );
}

#[test]
fn a_forced_march_asks_before_the_attrition_roll() {
    let dir = temp_dir("menus-forced");
    let g = game_until(&dir, None, france_to_move);
    // Stack 7 is Paris (the stacks are numbered by name); its listing marks the forced marches.
    let o = play(&[s(&g), "--as", "france"], "m 7\nq\n");
    let out = stdout(&o);
    assert!(out.contains(" 7) Paris, with"), "{out}");
    let listing = &out[out
        .find("stack 7 (Paris) reaches")
        .unwrap_or_else(|| panic!("{out}"))..];
    let k: usize = listing
        .lines()
        .find(|l| l.contains("a forced march"))
        .and_then(|l| l.trim().split('.').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no forced march listed:\n{listing}"));
    let o = play(&[s(&g), "--as", "france"], &format!("m 7 {k}\n\nq\n"));
    let out = stdout(&o);
    let asked = out
        .find("Careful: this forces a march")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        out[asked..].contains("rolls at once for attrition"),
        "{out}"
    );
    assert!(out[asked..].contains("not done"), "{out}");
    assert!(!out.contains("France moves Artillery"), "{out}");
    let o = play(&[s(&g), "--as", "france"], &format!("m 7 {k}\ny\nq\n"));
    let out = stdout(&o);
    assert!(out.contains("forced march"), "{out}");
    assert!(
        out.contains("France moves Artillery Reserve (fr-a), Imperial Guard (fr-g)"),
        "{out}"
    );
}

#[test]
fn a_refusal_is_the_last_line_above_a_short_prompt() {
    let dir = temp_dir("menus-refusal");
    let g = game_until(&dir, None, france_to_move);
    let o = play(
        &[s(&g), "--as", "france"],
        "move fr-1 cologne>nowhere\n999\nq\n",
    );
    let out = stdout(&o);
    let refused = out
        .find("refused: rule 3.4: unknown area `nowhere`")
        .unwrap_or_else(|| panic!("{out}"));
    let rest = &out[refused..];
    let next = rest.lines().nth(1).unwrap_or_default();
    assert!(
        next.starts_with("france [number or text; ? choices"),
        "{rest}"
    );
    assert!(
        !rest.contains("to decide:"),
        "the menu is not printed again:\n{rest}"
    );
    assert!(
        rest.contains("there is no choice 999\nfrance [number or text"),
        "{rest}"
    );
}

#[test]
fn a_long_menu_is_paged_and_filtered() {
    let dir = temp_dir("menus-paged");
    let g = game_until(&dir, None, france_to_move);
    let o = play(&[s(&g), "--as", "france"], "? gelderland\n?\nq\n");
    let out = stdout(&o);
    let first = &out[out.find("France to decide:").unwrap()..];
    let first = &first[..first.find("q quit]> ").unwrap()];
    assert!(first.contains("  20. "), "{first}");
    assert!(!first.contains("  21. "), "{first}");
    assert!(
        first.contains("more: `?` lists them all, `? WORD` those naming WORD"),
        "{first}"
    );
    let filtered = &out[out.find("? choices, help, q quit]> ").unwrap()..];
    let filtered = &filtered[..filtered.find("france [number or text").unwrap()];
    let lines: Vec<&str> = filtered.lines().skip(1).collect();
    assert!(!lines.is_empty(), "{out}");
    assert!(lines.iter().all(|l| l.contains("Gelderland")), "{filtered}");
    // `?` lists every choice, beyond the first page.
    assert!(out.contains("  40. "), "{out}");
}

#[test]
fn a_move_by_destination_is_proposed_whole_and_enter_accepts_it() {
    let dir = temp_dir("menus-destination");
    let g = game_until(&dir, None, france_to_move);
    // By corps (any case), its leader going with it; then a whole stack by number.
    let o = play(
        &[s(&g), "--as", "France"],
        "MOVE fr-1 Mainz\n\nm 3 metz\n\nq\n",
    );
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(
        out.contains("move I Corps (fr-1) and Bernadotte: Cologne → Mainz (2 movement points)\n  Enter accepts"),
        "{out}"
    );
    assert!(
        out.contains(
            "France moves I Corps (fr-1) and Bernadotte: Cologne → Mainz (2 movement points) [7.3]"
        ),
        "{out}"
    );
    assert!(out.contains("France moves IV Corps (fr-4), V Corps (fr-5), VI Corps (fr-6), Lannes, Ney and Soult: Boulogne"), "{out}");
    // A leader dropped stays.
    let dir = temp_dir("menus-drop");
    let g = game_until(&dir, None, france_to_move);
    let o = play(&[s(&g), "--as", "france"], "m 3 metz -ney\n\nq\n");
    let out = stdout(&o);
    assert!(out.contains("France moves IV Corps (fr-4), V Corps (fr-5), VI Corps (fr-6), Lannes and Soult: Boulogne"), "{out}");
}

#[test]
fn again_repeats_the_last_typed_decision_and_power_names_take_any_case() {
    let dir = temp_dir("menus-again");
    let g = game_until(&dir, None, france_to_move);
    // `again` before anything was typed says so; after a typed move it repeats it (refused here: fr-1 has
    // already gone to Mainz, so the same move from Cologne no longer fits).
    let o = play(
        &[s(&g), "--as", "FRANCE"],
        "again\nmove fr-1 cologne>mainz\nagain\nq\n",
    );
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(
        out.contains("France has typed no decision to repeat yet."),
        "{out}"
    );
    let moved = out
        .find("France moves I Corps (fr-1): Cologne → Mainz")
        .unwrap_or_else(|| panic!("{out}"));
    let rest = &out[moved..];
    assert!(rest.contains("again: move fr-1 cologne>mainz"), "{rest}");
    assert!(
        rest.contains("refused: rule 7.3: fr-1 does not stand in Cologne"),
        "{rest}"
    );
    // A power's name with a space and capitals.
    let o = play(&[s(&g), "--as", "Great Britain", "--bots", "none"], "q\n");
    expect_code(&o, 0);
}

/// Issue 41: a default the player chooses (`d`, or Enter) is the player's own decision: the log does not say the
/// player is absent or late (3.6), and the file keeps it as France's submitted decision, not a late player's
/// default.
#[test]
fn a_default_the_player_chooses_is_not_logged_as_an_absent_players() {
    let dir = temp_dir("menus-chosen-default");
    let g = game_until(&dir, None, |g| g.pending().first() == Some(&p("france")));
    let before = Transcript::from_json(&std::fs::read_to_string(&g).unwrap())
        .unwrap()
        .script
        .len();
    let o = play(&[s(&g), "--as", "france", "--bots", "none"], "d\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(!out.contains("France: default decision"), "{out}");
    let t = Transcript::from_json(&std::fs::read_to_string(&g).unwrap()).unwrap();
    let first = t.script.get(before).unwrap_or_else(|| panic!("{out}"));
    assert!(
        matches!(first, Entry::Submit { power, .. } if *power == p("france")),
        "{first:?}"
    );
    // The powers nobody plays here still take theirs as late players'.
    assert!(
        t.script[before..]
            .iter()
            .any(|e| matches!(e, Entry::Default { power } if *power != p("france"))),
        "{out}"
    );
}
