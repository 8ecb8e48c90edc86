//! Rule 3.3 (Coalition's game file, `docs/transcripts.md`) for `coalition play`: where a new game is saved when
//! no file is named, and the command that resumes it, written the way the player started the game.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The name of the game file `play` keeps when no file is named.
pub const DEFAULT_NAME: &str = "coalition-game.json";

/// Rule 3.3: the folder of the game `play` keeps when no file is named: `$XDG_DATA_HOME/coalition`, else
/// `~/.local/share/coalition` (`%APPDATA%\coalition` on Windows), else the current folder.
pub fn default_dir(var: impl Fn(&str) -> Option<OsString>) -> PathBuf {
    let absolute = |v: Option<OsString>| v.map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(d) = absolute(var("XDG_DATA_HOME")) {
        return d.join("coalition");
    }
    if let Some(h) = absolute(var("HOME")) {
        return h.join(".local").join("share").join("coalition");
    }
    if let Some(a) = absolute(var("APPDATA")) {
        return a.join("coalition");
    }
    PathBuf::from(".")
}

/// Rule 3.3: the game file `play` keeps when no file is named, its folder created if missing.
pub fn default_game_file() -> anyhow::Result<PathBuf> {
    let dir = default_dir(|v| std::env::var_os(v));
    std::fs::create_dir_all(&dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    Ok(dir.join(DEFAULT_NAME))
}

/// The program as the player started it: `cargo run --release --` (or its debug or `dist` form) under Cargo, else the command as typed
/// (`coalition` when installed, `./target/release/coalition` when run from the build folder).
fn program() -> String {
    let exe = std::env::current_exe().ok();
    let profile = exe
        .as_ref()
        .and_then(|e| e.parent())
        .and_then(|d| d.file_name())
        .map(|n| n.to_string_lossy().to_string());
    if std::env::var_os("CARGO").is_some() {
        return match profile.as_deref() {
            Some("debug") => "cargo run --".into(),
            Some("dist") => "cargo run --profile dist --".into(),
            _ => "cargo run --release --".into(),
        };
    }
    std::env::args_os()
        .next()
        .map(|a| a.to_string_lossy().to_string())
        .filter(|a| !a.is_empty())
        .unwrap_or_else(|| "coalition".into())
}

/// Rule 3.3: the command that resumes the game in `file` (the file left out when it is the default one).
pub fn resume_command(file: &Path, default_file: bool, powers: Option<&str>) -> String {
    let mut cmd = format!("{} play", program());
    if !default_file {
        let f = file.display().to_string();
        if f.contains(char::is_whitespace) {
            cmd.push_str(&format!(" '{f}'"));
        } else {
            cmd.push_str(&format!(" {f}"));
        }
    }
    if let Some(p) = powers {
        cmd.push_str(&format!(" --as {p}"));
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_folder_follows_xdg_then_home() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            default_dir(env(&[("XDG_DATA_HOME", "/x/data"), ("HOME", "/home/a")])),
            PathBuf::from("/x/data/coalition")
        );
        assert_eq!(
            default_dir(env(&[("XDG_DATA_HOME", "relative"), ("HOME", "/home/a")])),
            PathBuf::from("/home/a/.local/share/coalition")
        );
        assert_eq!(default_dir(env(&[])), PathBuf::from("."));
    }
}
