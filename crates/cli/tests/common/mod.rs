//! Helpers shared by the `coalition` command's tests: a temporary folder per test, the binary run with or
//! without input, its output and exit code.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

/// A fresh, empty folder for one test, removed when the test passes (kept for a look when it fails).
pub struct TempDir(PathBuf);

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

/// A fresh folder under the system's temporary folder, named after the test.
pub fn temp_dir(name: &str) -> TempDir {
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

/// A path as a command-line argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The binary with its environment cleared of the test's `CARGO` (as a player's shell has none) and of the data
/// folders (each test that needs them sets them).
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_coalition"));
    c.args(args).env_remove("CARGO").env_remove("XDG_DATA_HOME");
    c
}

/// Runs the binary with `args`.
pub fn coalition(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_coalition"))
        .args(args)
        .output()
        .expect("the coalition binary runs")
}

/// Runs `c` with `stdin` piped in.
pub fn with_input(mut c: Command, stdin: &str) -> Output {
    use std::io::Write;
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the coalition binary runs");
    // A program that exits before reading its input (a refused file) closes the pipe: not an error here.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// Runs the binary with `args` and `stdin` piped in.
pub fn coalition_with_input(args: &[&str], stdin: &str) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_coalition"));
    c.args(args);
    with_input(c, stdin)
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited with a code")
}

/// Asserts the exit code, showing the output when it is not the expected one.
#[track_caller]
pub fn expect_code(o: &Output, want: i32) {
    assert_eq!(
        o.status.code(),
        Some(want),
        "exit code {:?} (wanted {want})\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    );
}

/// Asserts success and returns the output.
#[track_caller]
pub fn ok(out: &Output) -> String {
    expect_code(out, 0);
    stdout(out)
}

/// Copies a folder with everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
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
