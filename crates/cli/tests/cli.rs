//! The `coalition` command as a new user meets it: start a game, replay it, list and submit decisions, keep
//! secrets, host adjustments, hot-seat play, data checks, and the help of every subcommand.
//!
//! Every test works in its own folder under the system's temporary folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh, empty folder for one test, removed when the test passes (kept for a look when it fails).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn temp_dir(name: &str) -> TempDir {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "coalition-cli-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

fn coalition(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_coalition"))
        .args(args)
        .output()
        .expect("the coalition binary runs")
}

/// Runs with `stdin` piped in.
fn coalition_with_input(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_coalition"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the coalition binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited with a code")
}

/// Asserts the exit code, showing the output when it is not the expected one.
#[track_caller]
fn expect_code(o: &Output, want: i32) {
    assert_eq!(
        code(o),
        want,
        "exit code {} (wanted {want})\nstdout:\n{}\nstderr:\n{}",
        code(o),
        stdout(o),
        stderr(o)
    );
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `coalition new --scenario 1805 --seed 3 -o DIR/game.json`.
fn new_game(dir: &Path) -> PathBuf {
    let g = dir.join("game.json");
    let o = coalition(&["new", "--scenario", "1805", "--seed", "3", "-o", s(&g)]);
    expect_code(&o, 0);
    assert!(g.is_file(), "`new` wrote no file");
    g
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", stdout(o)))
}

#[test]
fn new_then_replay_json_is_stable() {
    let dir = temp_dir("replay");
    let g = new_game(&dir);
    let a = coalition(&["replay", s(&g), "--json"]);
    expect_code(&a, 0);
    let v = json(&a);
    assert!(v.get("state").is_some_and(|x| x.is_object()), "no state");
    assert!(
        v.get("log")
            .and_then(|x| x.as_array())
            .is_some_and(|l| !l.is_empty()),
        "no log"
    );
    let b = coalition(&["replay", s(&g), "--json"]);
    expect_code(&b, 0);
    assert!(a.stdout == b.stdout, "two replays differ");
    // The text form works too.
    expect_code(&coalition(&["replay", s(&g)]), 0);
}

#[test]
fn choices_submit_and_refusals() {
    let dir = temp_dir("submit");
    let g = new_game(&dir);

    let o = coalition(&["choices", s(&g), "--as", "france", "--json"]);
    expect_code(&o, 0);
    let list = json(&o);
    let list = list.as_array().expect("a list of decisions");
    assert!(!list.is_empty(), "France owes a decision at the start");
    assert!(list.contains(&serde_json::json!("pass")), "{list:?}");
    // The text form lists them too.
    let o = coalition(&["choices", s(&g), "--as", "france"]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("pass"), "{}", stdout(&o));

    let size0 = std::fs::metadata(&g).unwrap().len();
    let o = coalition(&["submit", s(&g), "--as", "france", "pass"]);
    expect_code(&o, 0);
    let after_pass = std::fs::read(&g).unwrap();
    assert!(after_pass.len() as u64 > size0, "the file did not grow");

    // France has passed: a second submission is refused by 3.2 and the file is untouched.
    let o = coalition(&["submit", s(&g), "--as", "france", "pass"]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("3.2"), "stderr: {}", stderr(&o));
    assert_eq!(
        std::fs::read(&g).unwrap(),
        after_pass,
        "a refusal changed the file"
    );

    // An unknown nation in a decision: 3.4.
    let o = coalition(&["submit", s(&g), "--as", "france", "declare narnia"]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("3.4"), "stderr: {}", stderr(&o));
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);

    // An unknown power to act as: bad usage.
    let o = coalition(&["submit", s(&g), "--as", "nobody", "pass"]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("nobody"), "stderr: {}", stderr(&o));
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);

    // A missing decision is bad usage too.
    let o = coalition(&["submit", s(&g), "--as", "austria"]);
    expect_code(&o, 2);
    assert_eq!(std::fs::read(&g).unwrap(), after_pass);
}

#[test]
fn bad_usage_exits_2() {
    expect_code(&coalition(&["frobnicate"]), 2);
    expect_code(&coalition(&[]), 2);
    expect_code(&coalition(&["replay"]), 2);
    let dir = temp_dir("usage");
    let missing = dir.join("missing.json");
    let o = coalition(&["replay", s(&missing)]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("missing.json"), "{}", stderr(&o));
    // A file that is not a game.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "not json").unwrap();
    let o = coalition(&["replay", s(&junk)]);
    assert_ne!(code(&o), 0);
    assert!(stderr(&o).contains("junk.json"), "{}", stderr(&o));
}

#[test]
fn private_messages_stay_private() {
    let dir = temp_dir("secret");
    let g = new_game(&dir);
    let o = coalition(&[
        "submit",
        s(&g),
        "--as",
        "france",
        "message prussia: secret plan",
    ]);
    expect_code(&o, 0);

    let austria = coalition(&["view", s(&g), "--as", "austria", "--json"]);
    expect_code(&austria, 0);
    json(&austria);
    assert!(
        !stdout(&austria).contains("secret plan"),
        "Austria reads France's message to Prussia"
    );
    let prussia = coalition(&["view", s(&g), "--as", "prussia", "--json"]);
    expect_code(&prussia, 0);
    assert!(stdout(&prussia).contains("secret plan"));
    let france = coalition(&["view", s(&g), "--as", "france", "--json"]);
    expect_code(&france, 0);
    assert!(stdout(&france).contains("secret plan"));
    // Nor in the text view.
    let o = coalition(&["view", s(&g), "--as", "austria"]);
    expect_code(&o, 0);
    assert!(!stdout(&o).contains("secret plan"));
}

#[test]
fn check_data_built_in_is_clean() {
    let o = coalition(&["check-data"]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("OK"), "{}", stdout(&o));
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// A copy of the repository's data folder: (the temporary folder, the copy's path).
fn data_copy(name: &str) -> (TempDir, PathBuf) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data");
    let tmp = temp_dir(name);
    let dir = tmp.join("data");
    copy_dir(&src, &dir);
    (tmp, dir)
}

fn replace_in(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} has no `{from}`", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn check_data_folder_clean_copy() {
    let (_tmp, data) = data_copy("data-ok");
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 0);
}

#[test]
fn check_data_reports_a_missing_back_link() {
    let (_tmp, data) = data_copy("data-link");
    let map = data.join("scenarios/test/map.ron");
    // Lille no longer links back to Paris, though Paris links to Lille.
    replace_in(
        &map,
        r#"links: [(to: "paris", kind: plain)], seas: ["channel"]"#,
        r#"links: [], seas: ["channel"]"#,
    );
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("scenarios/test/map.ron"), "stderr: {err}");
    assert!(
        err.contains("lille") || err.contains("paris"),
        "stderr: {err}"
    );
}

#[test]
fn check_data_reports_an_unknown_province() {
    let (_tmp, data) = data_copy("data-province");
    let map = data.join("scenarios/test/map.ron");
    replace_in(&map, r#"province: "flanders""#, r#"province: "narnia""#);
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("scenarios/test/map.ron"), "stderr: {err}");
    assert!(err.contains("narnia"), "stderr: {err}");
    assert!(err.contains("lille"), "the entry is not named: {err}");
}

#[test]
fn check_data_bad_folder_is_usage() {
    let dir = temp_dir("data-none");
    let o = coalition(&["check-data", s(&dir)]);
    expect_code(&o, 2);
}

#[test]
fn data_prints_json() {
    let o = coalition(&["data", "--scenario", "test", "--json"]);
    expect_code(&o, 0);
    let v = json(&o);
    assert!(v.is_object());
    let o = coalition(&["data", "--scenario", "test"]);
    expect_code(&o, 0);
    let o = coalition(&["data", "--scenario", "narnia"]);
    assert_ne!(code(&o), 0);
}

#[test]
fn host_adjustment_is_logged() {
    let dir = temp_dir("host");
    let g = new_game(&dir);
    let before = json(&coalition(&["replay", s(&g), "--json"]));
    let money = |v: &serde_json::Value| v["state"]["powers"]["austria"]["money"].as_i64();
    let o = coalition(&[
        "host",
        s(&g),
        r#"{"money":{"power":"austria","delta":5}}"#,
        "--note",
        "subsidy",
    ]);
    expect_code(&o, 0);
    let r = coalition(&["replay", s(&g), "--json"]);
    expect_code(&r, 0);
    assert!(stdout(&r).contains("subsidy"), "the note is not in the log");
    let after = json(&r);
    assert_eq!(
        money(&after),
        money(&before).map(|m| m + 5),
        "Austria's treasury"
    );
    let text = coalition(&["replay", s(&g)]);
    expect_code(&text, 0);
    assert!(stdout(&text).contains("subsidy"), "{}", stdout(&text));

    // A malformed adjustment is refused, and the file is unchanged.
    let kept = std::fs::read(&g).unwrap();
    let o = coalition(&["host", s(&g), r#"{"money":{"power":"narnia"}}"#]);
    expect_code(&o, 1);
    assert_eq!(std::fs::read(&g).unwrap(), kept);
}

#[test]
fn play_one_decision_then_quit() {
    let dir = temp_dir("play");
    let g = new_game(&dir);
    let before = std::fs::read(&g).unwrap();
    let o = coalition_with_input(&["play", s(&g), "--as", "france"], "1\nq\n");
    expect_code(&o, 0);
    assert!(stdout(&o).contains("Saved"), "{}", stdout(&o));
    let after = std::fs::read(&g).unwrap();
    assert!(after.len() > before.len(), "play saved nothing");
    let t: serde_json::Value = serde_json::from_slice(&after).unwrap();
    let script = t["script"].as_array().expect("a script");
    assert!(
        script.iter().any(|e| e["submit"]["power"] == "france"),
        "France's decision is not in the file: {script:?}"
    );
    // The saved game replays.
    expect_code(&coalition(&["replay", s(&g), "--json"]), 0);
}

#[test]
fn play_at_end_of_input_saves() {
    let dir = temp_dir("play-eof");
    let g = dir.join("new.json");
    let o = coalition_with_input(&["play", s(&g), "--seed", "7"], "");
    expect_code(&o, 0);
    assert!(g.is_file(), "play did not create the file");
    expect_code(&coalition(&["replay", s(&g)]), 0);
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for sub in [
        "new",
        "replay",
        "view",
        "choices",
        "submit",
        "host",
        "play",
        "check-data",
        "data",
        "map",
    ] {
        let o = coalition(&[sub, "--help"]);
        expect_code(&o, 0);
        assert!(
            stdout(&o).contains("Example"),
            "`coalition {sub} --help` shows no example:\n{}",
            stdout(&o)
        );
    }
    let o = coalition(&["--help"]);
    expect_code(&o, 0);
    expect_code(&coalition(&["--version"]), 0);
}

#[test]
fn map_writes_svg() {
    let dir = temp_dir("map");
    let svg = dir.join("map.svg");
    let o = coalition(&["map", "-o", s(&svg), "--scenario", "test"]);
    expect_code(&o, 0);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}
