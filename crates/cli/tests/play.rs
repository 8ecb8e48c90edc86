//! `coalition play` as a group at one screen meets it (rule 3.3, Coalition's sealed decisions; 4.1 private
//! messages): the seat handed over after a secret, private messages shown once to their recipient, a power with
//! one choice not asked, "nothing more this month", the Economic Phase's prices and squares, a message that can be
//! cancelled, the game file's default place, the resume hint, and the exit code of a bad game file. Piped stdin
//! checks every behaviour; a tmux test looks at the real screen when tmux is installed.
//!
//! Every test works in its own folder under the system's temporary folder.

mod common;

use common::*;

use coalition_engine::Decision;
use coalition_engine::calendar::Step;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::{UnitKind, embedded_scenario};
use coalition_engine::transcript::{Entry, Transcript, play_entry};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

const CLEAR: &str = "\x1b[2J\x1b[H";

fn play(args: &[&str], stdin: &str) -> Output {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    with_input(command(&full), stdin)
}

/// The text after the first `marker` (panics, showing the text, when there is none).
fn after<'a>(text: &'a str, marker: &str) -> &'a str {
    let i = text
        .find(marker)
        .unwrap_or_else(|| panic!("no `{marker}` in:\n{text}"));
    &text[i + marker.len()..]
}

fn p(name: &str) -> PowerId {
    PowerId::new(name).unwrap()
}

/// A 1805 game (seed 7, the standard rulebook, one player per power) where every power takes its default until
/// `stop` holds; the `host` adjustments are made when `at` first holds (`stop` is tried only after). Writes DIR/game.json.
fn game_until(
    dir: &Path,
    at: impl Fn(&coalition_engine::Game) -> bool,
    host: impl Fn(&coalition_engine::Game) -> Vec<Adjustment>,
    stop: impl Fn(&coalition_engine::Game) -> bool,
) -> PathBuf {
    let sc = Arc::new(embedded_scenario("1805").unwrap());
    let mut t = Transcript::new("1805", RulebookSpec::default(), 7);
    let mut g = t.start(sc).unwrap();
    let mut hosted = false;
    for _ in 0..10_000 {
        if !hosted && at(&g) {
            for a in host(&g) {
                let e = Entry::Host {
                    adjustment: a.clone(),
                    note: "test".into(),
                };
                play_entry(&mut g, &e).unwrap();
                t.script.push(e);
            }
            hosted = true;
        }
        if hosted && stop(&g) {
            let f = dir.join("game.json");
            std::fs::write(&f, t.to_json()).unwrap();
            return f;
        }
        let power = g.pending()[0];
        let e = Entry::Default { power };
        play_entry(&mut g, &e).unwrap();
        t.script.push(e);
    }
    panic!("the game never reached the wanted position");
}

fn at_step(step: Step) -> impl Fn(&coalition_engine::Game) -> bool {
    move |g| g.state().position.step == step
}

// ---------------------------------------------------------------------------------------------------------------
// Secrets on a shared screen (item 4).

/// Seven players at one screen: after the Diplomacy Step (seven passes) come the sealed declarations.
const SEVEN_PASS: &str = "1\n1\n1\n1\n1\n1\n1\n";

// rule: 3.3
#[test]
fn after_a_sealed_choice_the_screen_is_cleared_before_the_next_power_sees_anything() {
    let dir = temp_dir("handover");
    let g = dir.join("g.json");
    // Seven passes; Austria takes the seat (Enter) and declares nothing; France takes the seat and declares
    // nothing; then Great Britain is asked to take the seat, and the players quit there.
    let input = format!("{SEVEN_PASS}\n1\n\n1\nq\n");
    let o = play(&[s(&g), "--seed", "7"], &input);
    expect_code(&o, 0);
    let out = stdout(&o);
    let declarations = after(&out, "Declarations of War Step");
    // Austria was asked to take the seat before its sealed choice was shown.
    let austria = declarations
        .find("Austria to decide")
        .expect("Austria is asked to declare");
    let (before_austria, _) = out.split_at(out.len() - declarations.len() + austria);
    assert!(
        before_austria.contains("press Enter when only Austria is looking"),
        "{out}"
    );
    // After France's sealed declaration: the clear-screen code, then the handover, and nothing of Britain's.
    let after_france = after(after(declarations, "France to decide"), "france [");
    let clear = after_france.find(CLEAR).expect("the screen is cleared");
    let handover = after_france
        .find("Great Britain: press Enter when only Great Britain is looking")
        .expect("Britain is asked to take the seat");
    assert!(clear < handover, "{after_france}");
    assert!(
        !after_france.contains("Great Britain to decide"),
        "Britain's choices were shown before it took the seat:\n{after_france}"
    );
    // What everyone may see is shown again after the screen is cleared: France wrote its decision down.
    assert!(
        after_france[clear..handover].contains("France has written its decision down"),
        "{after_france}"
    );
}

// rule: 3.3
#[test]
fn one_player_at_the_screen_is_never_asked_to_hand_over() {
    let dir = temp_dir("one-player");
    let g = dir.join("g.json");
    // France alone, through its sealed declarations and alliances: never a handover.
    let o = play(&[s(&g), "--seed", "7", "--as", "france"], "1\n1\n1\n1\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("Creating Alliances Step"), "{out}");
    assert!(!out.contains("press Enter when only"), "{out}");
    assert!(!out.contains(CLEAR), "{out}");
}

// rule: 3.3
#[test]
fn a_player_with_two_powers_keeps_the_seat_between_them() {
    let dir = temp_dir("two-powers");
    let g = dir.join("g.json");
    let o = with_input(
        command(&[
            "new",
            "--seed",
            "7",
            "--players",
            "anne=austria+france,bill=great-britain+prussia,carl=russia+spain",
            "-o",
            s(&g),
        ]),
        "",
    );
    expect_code(&o, 0);
    // Every answer `1` (a handover takes any line): Turkey's opening bids (14.3.1), the Diplomacy Step, then the
    // sealed declarations, where Anne takes the seat for Austria, and France (Anne's too) is asked at once.
    let o = play(&[s(&g)], &format!("{}q\n", "1\n".repeat(20)));
    expect_code(&o, 0);
    let out = stdout(&o);
    let declarations = after(&out, "Declarations of War Step");
    let austria = after(declarations, "Austria to decide");
    let france = austria
        .find("France to decide")
        .expect("France declares after Austria");
    assert!(
        !austria[..france].contains(CLEAR) && !austria[..france].contains("press Enter when only"),
        "the seat was handed over between two powers of one player:\n{austria}"
    );
    // Another player's power is asked to take the seat after France's sealed choice.
    assert!(
        austria[france..].contains("press Enter when only Great Britain is looking"),
        "{austria}"
    );
}

// rule: 4.1
#[test]
fn a_private_message_is_shown_once_to_its_recipient_and_again_on_demand() {
    let dir = temp_dir("message-once");
    let g = dir.join("g.json");
    // Austria writes to France (choice 2) and passes; France takes the seat, reads it, views the position (the
    // prompt comes back), lists its messages with `m`, and quits.
    let o = play(&[s(&g), "--seed", "7"], "2\nmeet at dawn\n1\n\nv\nm\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    let france = after(&out, "France: press Enter when only France is looking");
    // Before France took the seat, nobody saw the text.
    let before = &out[..out.len() - france.len()];
    assert!(!before.contains("meet at dawn"), "{out}");
    // Shown once when France is asked, not again at the prompt after `v`, and listed again for `m`.
    assert_eq!(france.matches("meet at dawn").count(), 2, "{france}");
    let listed = france
        .rfind("1805-01 from Austria: \"meet at dawn\"")
        .unwrap();
    let shown = &france[..listed];
    assert!(
        shown.contains("(for France only) 1805-01 from Austria: \"meet at dawn\""),
        "{france}"
    );
    assert!(
        shown.contains("Austria   ") || shown.contains("rulebook"),
        "`v` showed the position before `m`:\n{france}"
    );
    assert!(
        !shown.ends_with("(for France only) "),
        "the last one is the `m` listing:\n{france}"
    );
}

// rule: 4.1
#[test]
fn the_message_prompt_can_be_cancelled() {
    let dir = temp_dir("message-cancel");
    let g = dir.join("g.json");
    // Austria starts a message to France three times and cancels it: an empty line, `c`, Esc.
    let o = play(
        &[s(&g), "--seed", "7", "--as", "austria"],
        "2\n\n2\nc\n2\n\x1b\nq\n",
    );
    expect_code(&o, 0);
    let out = stdout(&o);
    assert_eq!(out.matches("not sent").count(), 3, "{out}");
    assert!(!out.contains("sent to France"), "{out}");
    let t: serde_json::Value = serde_json::from_slice(&std::fs::read(&g).unwrap()).unwrap();
    assert!(
        t["script"].as_array().is_none_or(|s| s.is_empty()),
        "a cancelled message was saved: {}",
        t["script"]
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Prompts that respect a player's time (item 6).

// rule: 3.6
#[test]
fn nothing_more_this_month_takes_the_defaults_until_the_next_month() {
    let dir = temp_dir("rest");
    let g = dir.join("g.json");
    let o = play(&[s(&g), "--seed", "7", "--as", "france"], "n\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    let rest = after(
        &out,
        "France takes its default decisions until the next month.",
    );
    // Not asked again in January: the next prompt is February's.
    let next = rest
        .find("France to decide")
        .expect("France is asked again");
    let feb = rest
        .find("== 1805-02 — Diplomacy Step")
        .expect("February comes");
    assert!(feb < next, "France was asked again in January:\n{rest}");
    // The January decisions are France's own (the defaults it chose), not a late player's.
    let t: serde_json::Value = serde_json::from_slice(&std::fs::read(&g).unwrap()).unwrap();
    let france: Vec<&serde_json::Value> = t["script"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["submit"]["power"] == "france" || e["default"]["power"] == "france")
        .collect();
    assert!(france.len() > 3, "{france:?}");
    assert!(
        france.iter().all(|e| e.get("submit").is_some()),
        "{france:?}"
    );
}

// rule: 8.5
#[test]
fn a_power_with_one_choice_is_not_asked() {
    let dir = temp_dir("one-choice");
    // Austria has nothing to spend in March's Expenditure Step: its only list is to buy nothing.
    let g = game_until(
        &dir,
        at_step(Step::EconomicManipulation),
        |g| {
            let a = &g.state().powers[&p("austria")];
            vec![
                Adjustment::Money {
                    power: p("austria"),
                    delta: -a.money,
                },
                Adjustment::Manpower {
                    power: p("austria"),
                    delta: -a.manpower,
                },
            ]
        },
        |g| g.pending().first() == Some(&p("austria")),
    );
    // Austria sets its marker (choice 1, the neutral square), then is next asked in April.
    let o = play(&[s(&g), "--as", "austria"], "1\nq\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    let rest = after(&out, "austria [");
    assert!(
        rest.contains("Austria has one choice and takes it: buy nothing"),
        "{out}"
    );
    let next = rest
        .find("Austria to decide")
        .expect("Austria is asked again");
    assert!(
        rest[..next].contains("== 1805-04"),
        "Austria was asked in the Expenditure Step:\n{rest}"
    );
}

// rule: 8.5
#[test]
fn the_expenditure_step_shows_each_price_and_what_each_list_leaves() {
    let dir = temp_dir("prices");
    let g = game_until(
        &dir,
        |_| true,
        |_| vec![],
        |g| {
            g.state().position.step == Step::EconomicExpenditure
                && g.pending().first() == Some(&p("austria"))
        },
    );
    let o = play(&[s(&g), "--as", "austria"], "q\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    let sc = embedded_scenario("1805").unwrap();
    let inf = sc.charts.economy.costs[&UnitKind::Infantry];
    let has = after(&out, "Austria has ");
    let money: i64 = has.split(' ').next().unwrap().parse().unwrap();
    let manpower: i64 = after(has, "money and ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        out.contains(&format!(
            "infantry        {} money  {} manpower",
            inf.money, inf.manpower
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "buy 1 infantry — {} money, {} manpower; leaves {} money, {} manpower",
            inf.money,
            inf.manpower,
            money - inf.money as i64,
            manpower - inf.manpower as i64
        )),
        "{out}"
    );
    // Gifts and loans name the powers as players know them, not by their keys.
    assert!(out.contains("give Great Britain 1 money"), "{out}");
    assert!(out.contains("lend Great Britain 1 money"), "{out}");
    assert!(!out.contains("give great-britain"), "{out}");
}

// rule: 12.5
#[test]
fn the_manipulation_step_explains_each_square_with_the_neutral_one_first() {
    let dir = temp_dir("squares");
    let g = game_until(
        &dir,
        |_| true,
        |_| vec![],
        |g| {
            g.state().position.step == Step::EconomicManipulation
                && g.pending().first() == Some(&p("austria"))
        },
    );
    let o = play(&[s(&g), "--as", "austria"], "q\n");
    expect_code(&o, 0);
    let out = stdout(&o);
    let display = after(&out, "neutral square first:");
    let first = display.lines().nth(1).unwrap_or("");
    assert!(first.contains("square  0: neutral"), "{out}");
    let sc = embedded_scenario("1805").unwrap();
    let one = sc.charts.economy.manipulation.square(1).unwrap();
    assert!(
        display.contains(&format!(
            "square  1: {} political point, +{} money",
            one.pp, one.money
        )),
        "{out}"
    );
    let choices = after(&out, "Austria to decide:");
    assert!(
        choices
            .lines()
            .nth(1)
            .unwrap_or("")
            .contains("1. set the marker to square 0: neutral"),
        "{out}"
    );
    // Choice 1 is the neutral square, whatever the engine's order.
    let o = play(&[s(&g), "--as", "austria"], "1\nq\n");
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("Austria: set the economic manipulation marker to square 0"),
        "{}",
        stdout(&o)
    );
}

// ---------------------------------------------------------------------------------------------------------------
// First minutes (item 7) and the `choices` listing (item 8).

// rule: 3.3
#[test]
fn a_new_game_without_a_file_goes_to_the_data_folder_and_the_same_command_resumes_it() {
    let dir = temp_dir("default-file");
    let cwd = dir.join("work");
    let xdg = dir.join("xdg");
    let home = dir.join("home");
    std::fs::create_dir_all(&cwd).unwrap();
    let run = |xdg_set: bool| {
        let mut c = command(&["play", "--seed", "7"]);
        c.current_dir(&cwd).env("HOME", &home);
        if xdg_set {
            c.env("XDG_DATA_HOME", &xdg);
        }
        with_input(c, "q\n")
    };
    let o = run(true);
    expect_code(&o, 0);
    let file = xdg.join("coalition").join("coalition-game.json");
    assert!(file.is_file(), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(&format!("saved in {}", file.display())),
        "{}",
        stdout(&o)
    );
    assert!(!cwd.join("coalition-game.json").exists());
    // The resume hint names no file: the same command resumes the same game.
    assert!(
        stdout(&o).contains("Resume with: ")
            && !after(&stdout(&o), "Resume with: ").contains(".json"),
        "{}",
        stdout(&o)
    );
    let o = run(true);
    expect_code(&o, 0);
    assert!(!stdout(&o).contains("New game"), "{}", stdout(&o));
    // Without XDG_DATA_HOME: ~/.local/share/coalition.
    let o = run(false);
    expect_code(&o, 0);
    assert!(
        home.join(".local/share/coalition/coalition-game.json")
            .is_file(),
        "{}",
        stdout(&o)
    );
    assert!(!cwd.join("coalition-game.json").exists());
}

// rule: 3.3
#[test]
fn the_resume_hint_is_the_command_the_player_used() {
    let dir = temp_dir("resume");
    let g = dir.join("g.json");
    // Under Cargo (`cargo run -- play`), the hint is a Cargo command.
    let mut c = command(&["play", s(&g), "--seed", "7", "--as", "france"]);
    c.env("CARGO", "cargo");
    let o = with_input(c, "q\n");
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("Resume with: cargo run"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains(&format!("-- play {} --as france", g.display())),
        "{}",
        stdout(&o)
    );
    // Installed (`coalition` on the PATH): the hint starts with `coalition`.
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let mut c = command(&["play", s(&g)]);
        c.arg0("coalition");
        let o = with_input(c, "q\n");
        expect_code(&o, 0);
        assert!(
            stdout(&o).contains(&format!("Resume with: coalition play {}", g.display())),
            "{}",
            stdout(&o)
        );
    }
}

#[test]
fn a_bad_game_file_is_invalid_data_and_exits_1() {
    let dir = temp_dir("bad-file");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "this is not a game").unwrap();
    let other = dir.join("other.json");
    std::fs::write(&other, r#"{"hello": "world"}"#).unwrap();
    for f in [&junk, &other] {
        for args in [
            vec!["play", s(f)],
            vec!["replay", s(f)],
            vec!["view", s(f), "--as", "france"],
            vec!["choices", s(f), "--as", "france"],
            vec!["submit", s(f), "--as", "france", "pass"],
            vec!["records", s(f)],
        ] {
            let o = with_input(command(&args), "q\n");
            expect_code(&o, 1);
            assert!(
                String::from_utf8_lossy(&o.stderr).contains(s(f)),
                "{args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
    // A game of a scenario that does not exist is a bad game file too.
    let g = game_until(&dir, |_| true, |_| vec![], |_| true);
    let text = std::fs::read_to_string(&g).unwrap();
    let narnia = dir.join("narnia.json");
    std::fs::write(&narnia, text.replace("\"1805\"", "\"narnia\"")).unwrap();
    let o = with_input(command(&["replay", s(&narnia)]), "");
    expect_code(&o, 1);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("no scenario `narnia`"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A file that is missing is a usage error.
    let o = with_input(command(&["replay", s(&dir.join("missing.json"))]), "");
    expect_code(&o, 2);
}

#[test]
fn choices_print_the_text_form_only_where_it_differs_from_the_words() {
    let dir = temp_dir("choices");
    let g = game_until(
        &dir,
        |_| true,
        |_| vec![],
        |g| g.state().position.step == Step::Peace && g.pending().contains(&p("france")),
    );
    let o = with_input(command(&["choices", s(&g), "--as", "france"]), "");
    expect_code(&o, 0);
    let out = stdout(&o);
    assert!(out.contains("peace none"), "{out}");
    for line in out
        .lines()
        .filter(|l| l.trim_start().starts_with(char::is_numeric))
    {
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let half = words.len() / 2;
        assert!(
            words.len() % 2 == 1 || words[..half] != words[half..],
            "the same text twice: {line}"
        );
    }
    // Where the text form says something else, it is still shown.
    let sc = embedded_scenario("1805").unwrap();
    let d = Decision::parse("peace none", &sc).unwrap();
    assert!(out.contains(&d.to_string()), "{out}");
}

// ---------------------------------------------------------------------------------------------------------------
// The real screen, in tmux.

/// Runs a tmux command on the test's own server socket.
fn tmux(sock: &Path, args: &[&str]) -> Output {
    Command::new("tmux")
        .arg("-S")
        .arg(sock)
        .args(args)
        .output()
        .expect("tmux runs")
}

fn capture(sock: &Path) -> String {
    stdout(&tmux(sock, &["capture-pane", "-p", "-t", "play"]))
}

/// Waits until the pane shows `text` (up to 20 s), returning the pane.
fn wait_for(sock: &Path, text: &str) -> String {
    for _ in 0..200 {
        let pane = capture(sock);
        if pane.contains(text) {
            return pane;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("the pane never showed `{text}`:\n{}", capture(sock));
}

// rule: 3.3
#[test]
fn in_a_terminal_the_handover_leaves_nothing_of_the_last_power_on_the_screen() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!(
            "tmux is not installed: the screen test is skipped (the piped tests check the same output)"
        );
        return;
    }
    let dir = temp_dir("tmux");
    let sock = dir.join("tmux.sock");
    let g = dir.join("g.json");
    let cmd = format!(
        "env -u CARGO {} play {} --seed 7",
        env!("CARGO_BIN_EXE_coalition"),
        s(&g)
    );
    let o = tmux(
        &sock,
        &[
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            "200",
            "-y",
            "50",
            &cmd,
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let keys = |k: &[&str]| {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(k);
        tmux(&sock, &args);
    };
    for power in [
        "austria",
        "france",
        "great-britain",
        "prussia",
        "russia",
        "spain",
        "turkey",
    ] {
        wait_for(&sock, &format!("{power} [number"));
        keys(&["1", "Enter"]);
    }
    wait_for(&sock, "press Enter when only Austria is looking");
    keys(&["Enter"]);
    wait_for(&sock, "Austria to decide");
    keys(&["1", "Enter"]);
    let pane = wait_for(&sock, "press Enter when only France is looking");
    tmux(&sock, &["kill-server"]);
    assert!(
        !pane.contains("Austria to decide") && !pane.contains("declare war on France"),
        "Austria's choices are still on the screen:\n{pane}"
    );
    assert!(
        pane.contains("Austria has written its decision down"),
        "{pane}"
    );
}

#[test]
fn the_opening_screen_shows_no_powers_forces_to_the_whole_table() {
    let dir = temp_dir("opening");
    let g = dir.join("g.json");
    let out = stdout(&play(&[s(&g), "--seed", "7"], "q\n"));
    let opening = out.split("to decide").next().unwrap_or(&out);
    assert!(
        opening.contains("power"),
        "the status display is shown: {out}"
    );
    assert!(
        !opening.contains("forces (factors are seen only by their owner)"),
        "a power's own forces were shown to everyone at the screen:\n{opening}"
    );
    // `v` shows them, to the power in the seat.
    let out = stdout(&play(&[s(&g)], "v\nq\n"));
    assert!(
        out.contains("forces (factors are seen only by their owner)"),
        "{out}"
    );
}
