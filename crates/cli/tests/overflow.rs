//! Rule 3.5 (Coalition's ranges) at the command line: `check-data` refuses a starting treasury of i32::MAX,
//! naming the file and entry, and `host` refuses a huge political points change citing 3.5; neither panics.
//!
//! Every test works in its own folder under the system's temporary folder.

mod common;

use common::*;

use std::path::Path;

#[test]
fn check_data_refuses_a_treasury_of_i32_max_naming_the_file_and_entry() {
    let tmp = temp_dir("treasury");
    let data = tmp.join("data");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data"),
        &data,
    );
    let powers = data.join("scenarios/1805/powers.ron");
    let text = std::fs::read_to_string(&powers).unwrap();
    let from = "start: (political_points: 20, money: 60, manpower: 22)";
    assert_eq!(
        text.matches(from).count(),
        1,
        "France's start in powers.ron"
    );
    std::fs::write(
        &powers,
        text.replacen(
            from,
            "start: (political_points: 20, money: 2147483647, manpower: 22)",
            1,
        ),
    )
    .unwrap();
    let o = coalition(&["check-data", s(&data)]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(
        err.contains(
            "scenarios/1805/powers.ron: power france: starting money 2,147,483,647 is out of range (0 to 1,000,000)"
        ),
        "stderr: {err}"
    );
    assert!(!err.contains("panicked"), "stderr: {err}");
}

#[test]
fn host_refuses_a_huge_political_points_change_citing_3_5() {
    let tmp = temp_dir("host");
    let g = tmp.join("game.json");
    let o = coalition(&["new", "--scenario", "1805", "--seed", "3", "-o", s(&g)]);
    expect_code(&o, 0);
    let kept = std::fs::read(&g).unwrap();
    let o = coalition(&[
        "host",
        s(&g),
        r#"{"political_points":{"power":"austria","delta":2147483647}}"#,
        "--note",
        "a slip of the finger",
    ]);
    expect_code(&o, 1);
    let err = stderr(&o);
    assert!(err.contains("3.5"), "stderr: {err}");
    assert!(err.contains("-10,000 to 10,000"), "stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert_eq!(
        std::fs::read(&g).unwrap(),
        kept,
        "the game file is unchanged"
    );
}
