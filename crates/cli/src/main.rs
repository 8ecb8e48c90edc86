//! `coalition`: the command line of Coalition's rules engine. Start games, replay and view them, list and
//! submit decisions, play hot-seat in the terminal, check the data, draw the map, and print a game's written
//! record (12.6) and its chart.
//!
//! Exit codes: 0 success, 1 a refused decision or invalid data, 2 bad usage.

mod data;
mod naval_odds;
use coalition_present::{battle, chart_svg, describe, ending, map_svg, records};
mod play;
mod seats;
mod serve;
mod simulate;

pub(crate) use data::load_scenario;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use coalition_engine::error::DataErrors;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{PlayerId, PowerId};
use coalition_engine::rulebook::{OptionalRule, Preset, RulebookSpec};
use coalition_engine::scenario::{PlayerDef, Scenario};
use coalition_engine::transcript::{Entry, Transcript};
use coalition_engine::{Decision, RuleError};
use records::{Csv as _, Markdown as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// mimalloc, with the `mimalloc` feature: many small allocations (lists of choices, views) are a fifth of a bot
/// campaign's instructions with the system allocator (issue 16). Off by default: a served game holds more memory
/// under it (docs/bots.md "Speed").
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "coalition",
    version,
    about = "Coalition: Empires in Arms-style grand strategy, by the rules"
)]
struct Cli {
    /// Read scenarios from this data folder instead of the copy built into the binary.
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start a game file.
    ///
    /// Example: coalition new --scenario 1805 --seed 42 --rulebook standard -o game.json
    New {
        /// The scenario to play (a folder of the data: 1805, test).
        #[arg(long, default_value = "1805")]
        scenario: String,
        /// Dice seed (a random one if absent; it is written in the file).
        #[arg(long)]
        seed: Option<u64>,
        /// A preset (none, all, standard) or a comma-separated list of optional rules (naval-raiding,12.9,...).
        #[arg(long, default_value = "standard")]
        rulebook: String,
        /// Players as NAME=POWER[+POWER], comma-separated (default: one player per power).
        #[arg(long, value_name = "SEATS")]
        players: Option<String>,
        /// Seats computer players take, as POWER=KIND (heuristic, random), comma-separated.
        #[arg(long, value_name = "SEATS")]
        bots: Option<String>,
        /// The game file to write.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Replay a game file and print the resulting state and log.
    ///
    /// Example: coalition replay game.json --json
    Replay {
        /// The game file (a transcript).
        file: PathBuf,
        /// Stable JSON: {"state": ..., "log": [...]}.
        #[arg(long)]
        json: bool,
    },
    /// Print what one power may see.
    ///
    /// Example: coalition view game.json --as france
    View {
        /// The game file (a transcript).
        file: PathBuf,
        /// The power whose view to print.
        #[arg(long = "as", value_name = "POWER")]
        power: String,
        /// The view as JSON.
        #[arg(long)]
        json: bool,
    },
    /// List a power's legal decisions now.
    ///
    /// Example: coalition choices game.json --as france --json
    Choices {
        /// The game file (a transcript).
        file: PathBuf,
        /// The power whose decisions to list.
        #[arg(long = "as", value_name = "POWER")]
        power: String,
        /// The decisions as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Validate a decision and append it to the game file; a refusal names its rule and leaves the file as it was.
    ///
    /// Example: coalition submit game.json --as france "declare austria"   (or --player alice: checked to control France)
    /// Text forms: pass | declare P,MINOR | declare none | ally P | break P | combine P | message P,Q: text |
    /// propose alliance|peace|combined P | grant access P | revoke access P | cede MINOR to P |
    /// accept cession MINOR from P | --default (the default decision for a late player) | JSON.
    Submit {
        /// The game file (a transcript); the decision is appended to it.
        file: PathBuf,
        /// The power that decides.
        #[arg(long = "as", value_name = "POWER")]
        power: String,
        /// The decision, in text or JSON.
        decision: Option<String>,
        /// Take the power's default decision (a late player, 3.6).
        #[arg(long)]
        default: bool,
        /// Submit as this player: refused unless the player controls the power now (14.2.1, 14.3).
        #[arg(long, value_name = "PLAYER")]
        player: Option<String>,
    },
    /// Apply a host adjustment (3.5), given as JSON, with a note; it is public and logged.
    ///
    /// Example: coalition host game.json '{"money":{"power":"austria","delta":10}}' --note "subsidy"
    Host {
        /// The game file (a transcript); the adjustment is appended to it.
        file: PathBuf,
        /// The adjustment, as JSON (docs/transcripts.md lists them).
        adjustment: String,
        /// Why the host made it (public, in the log).
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Hand a power's seat to a computer player, or back to a person (a host's act, recorded in the file).
    ///
    /// Example: coalition seat game.json spain heuristic --note "Carlos is away"   (`person` hands it back)
    Seat {
        /// The game file (a transcript); the change is appended to it.
        file: PathBuf,
        /// The power whose seat changes hands.
        power: String,
        /// Who takes it: heuristic, random or person.
        seat: String,
        /// Why (kept in the file).
        #[arg(long, default_value = "")]
        note: String,
    },
    /// Play hot-seat in the terminal: prompts each power that owes a decision, saves after every decision.
    ///
    /// Example: coalition play game.json --as france,austria   (bots play the other powers)
    Play {
        /// The game file (created if missing). Without it: coalition-game.json in $XDG_DATA_HOME/coalition, else
        /// in ~/.local/share/coalition; the same command resumes it.
        file: Option<PathBuf>,
        /// Play only these powers; bots take the other seats (see --bots).
        #[arg(long = "as", value_name = "POWERS")]
        powers: Option<String>,
        /// With --as: the kind of bot for the seats not played here (heuristic, random), or `none` to let them
        /// take their default decisions. Default: heuristic. Seats the file gives to bots keep them.
        #[arg(long, value_name = "KIND")]
        bots: Option<String>,
        /// The scenario of a new file.
        #[arg(long, default_value = "1805")]
        scenario: String,
        /// The dice seed of a new file (a random one if absent; the file records it, so every roll can be
        /// checked after the game).
        #[arg(long)]
        seed: Option<u64>,
        /// The optional rules of a new file: a preset (none, all, standard; standard if absent) or a
        /// comma-separated list of rules. A game file keeps the rulebook it was started with.
        #[arg(long)]
        rulebook: Option<String>,
    },
    /// Check the data files and report every problem with its file and entry.
    ///
    /// Example: coalition check-data data/
    CheckData {
        /// A data folder (with scenarios/ and rulesets/); the built-in data if absent.
        path: Option<PathBuf>,
    },
    /// Print a loaded scenario.
    ///
    /// Example: coalition data --scenario 1805 --json
    Data {
        /// The scenario to print.
        #[arg(long, default_value = "1805")]
        scenario: String,
        /// The whole scenario as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Draw the map as SVG, coloured by who controls each area (in a game, or at the scenario's start), with a
    /// game's corps and fleets. Without --as it is the host's map, every nation's factors shown; with --as
    /// POWER only what that power may see (docs/rules/visibility.md).
    ///
    /// Example: coalition map -o map.svg game.json --as france
    Map {
        /// The SVG file to write.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// A game file: the map as it stands now, with every corps and fleet (the scenario's start, without
        /// forces, if absent).
        game: Option<PathBuf>,
        /// The scenario whose start to draw when no game file is given.
        #[arg(long, default_value = "1805")]
        scenario: String,
        /// Draw the game's map as this power sees it: its own forces with their factors, the other nations'
        /// counters without theirs (docs/rules/visibility.md). Without it the map is the host's and shows
        /// every factor of every nation: do not show it at a shared table.
        #[arg(long = "as", value_name = "POWER")]
        power: Option<String>,
    },
    /// Print the game's written record (12.6, blank forms): wars and who joined them, peaces and their terms,
    /// enforced peaces, alliances made and broken, minor countries' control, each Economic Phase's income and
    /// spending, and political points, as Markdown tables or one CSV table (columns in docs/records.md).
    ///
    /// Example: coalition records game.json --format csv -o records.csv
    Records {
        /// The game file (a transcript).
        file: PathBuf,
        /// md (Markdown tables) or csv (one table).
        #[arg(long, value_enum, default_value = "md")]
        format: RecordsFormat,
        /// Write to this file instead of the terminal.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Draw each power's political points (over the Political Status Display's zones) and money at the start
    /// and at the close of every Economic Phase, as SVG.
    ///
    /// Example: coalition chart game.json -o status.svg
    Chart {
        /// The game file (a transcript).
        file: PathBuf,
        /// The SVG file to write.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
    },
    /// Resolve one field combat from a description (JSON: the forces, leaders, chits, terrain and optional
    /// rules; docs/rules/combat.md), printing every round, die and modifier.
    ///
    /// Example: coalition battle examples/battle.json --seed 7 (or --odds: the exact odds of every pair of chits)
    Battle {
        /// The battle's description (JSON).
        file: PathBuf,
        /// The scenario whose ruleset's combat.ron is read.
        #[arg(long, default_value = "1805")]
        scenario: String,
        /// The dice's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
        /// Print instead the exact odds of every pair of chits (each fought every day): each outcome's chance and
        /// each side's expected losses, over every die the battle may roll.
        #[arg(long)]
        odds: bool,
        /// The file describes instead a naval battle with the ship kinds of this era (`steam`:
        /// docs/rules/naval-1853.md 6.3.21); prints the exact odds of every pair of chits.
        #[arg(long, value_name = "ERA")]
        naval: Option<String>,
    },
    /// Play whole campaigns with bots in every seat, printing each game's end, winners and game-months a second,
    /// and a summary by power; --arena seats two kinds of bot against each other in every arrangement. For speed
    /// figures build the whole-program profile: `cargo run --profile dist --features mimalloc -- simulate ...`.
    ///
    /// Example: coalition simulate --scenario 1805 --games 8 --seed 7 --jobs 2 --bots mix --out sims/
    ///          coalition simulate --arena heuristic,random --months 24
    Simulate(simulate::Args),
    /// Run the game server: games in a database, played over HTTP and WebSocket (docs/server.md).
    ///
    /// Example: coalition serve (an SQLite file coalition.db here, on http://127.0.0.1:8080/)
    ///          coalition serve --database postgres://postgres@127.0.0.1/test --addr 0.0.0.0:8080
    Serve(serve::Args),
    /// Check a game exported by a server: its seed opens the commitment published at its creation, and
    /// replaying it gives every die roll the server logged.
    ///
    /// Example: coalition verify export.json
    Verify {
        /// The export (GET /api/games/ID/export).
        file: PathBuf,
    },
}

/// The formats of `coalition records`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum RecordsFormat {
    /// Markdown: a section with a table for each form.
    Md,
    /// CSV: one table with a `section` column.
    Csv,
}

/// A failure with its exit code: refusals and invalid data exit 1, everything else 2.
enum Failure {
    Refused(RuleError),
    Data(DataErrors),
    /// A file that is not what it should be (a game file that is not a transcript, or does not replay).
    Invalid(anyhow::Error),
    Other(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::Other(e)
    }
}
impl From<RuleError> for Failure {
    fn from(e: RuleError) -> Self {
        Failure::Refused(e)
    }
}
impl From<DataErrors> for Failure {
    fn from(e: DataErrors) -> Self {
        Failure::Data(e)
    }
}

/// Lets a closed pipe end the program quietly, as other command-line tools do (`coalition view g.json | head`):
/// Rust ignores SIGPIPE by default, which turns a closed reader into a panic on the next print.
#[cfg(unix)]
fn quiet_broken_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default action for one signal before any thread starts.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_broken_pipe() {}

fn main() -> ExitCode {
    quiet_broken_pipe();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Refused(e)) => {
            eprintln!("refused: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Data(e)) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
        Err(Failure::Invalid(e)) => {
            eprintln!("invalid data: {e:#}");
            ExitCode::from(1)
        }
        Err(Failure::Other(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

pub(crate) fn read_transcript(path: &Path) -> Result<Transcript, Failure> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    Transcript::from_json(&text).map_err(|e| {
        Failure::Invalid(anyhow::anyhow!(
            "{}: rule {}: {}",
            path.display(),
            e.rule,
            e.reason
        ))
    })
}

/// Writes the file whole or not at all.
pub(crate) fn write_file(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

pub(crate) fn replay(
    data: Option<&Path>,
    t: &Transcript,
) -> Result<(Arc<Scenario>, Game), Failure> {
    // A game file naming a scenario that is not there is a bad game file: invalid data.
    let scenario = load_scenario(data, &t.scenario).map_err(|e| match e {
        Failure::Other(e) => Failure::Invalid(e.context("the game file's scenario")),
        e => e,
    })?;
    let game = t
        .replay(scenario.clone())
        .map_err(|e| Failure::Invalid(anyhow::anyhow!("the game file does not replay: {e}")))?;
    Ok((scenario, game))
}

pub(crate) fn parse_power(s: &Scenario, name: &str) -> Result<PowerId, Failure> {
    // Names are read case-insensitively, with spaces for hyphens: `France`, `great britain` (issue 41).
    let key = name.trim().to_lowercase().replace([' ', '_'], "-");
    let id = PowerId::new(&key)
        .ok()
        .filter(|p| s.power(*p).is_some())
        .or_else(|| {
            s.powers
                .iter()
                .find(|p| p.name.to_lowercase().replace(' ', "-") == key)
                .map(|p| p.id)
        });
    id.ok_or_else(|| {
        anyhow::anyhow!(
            "unknown power `{name}` (powers: {})",
            s.power_ids()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into()
    })
}

/// Rule 12: a preset (`none`, `all`, `standard`) or a comma-separated list of optional rules by name or number.
pub(crate) fn parse_rulebook(s: &str) -> Result<RulebookSpec> {
    if let Some(p) = Preset::parse(s) {
        return Ok(RulebookSpec::Preset(p));
    }
    s.split(',')
        .map(|r| {
            OptionalRule::parse(r.trim()).ok_or_else(|| {
                anyhow::anyhow!(
                    "unknown optional rule `{r}`: use a preset (none, all, standard) or a list of these names or \
                     numbers: {}",
                    OptionalRule::ALL
                        .iter()
                        .map(|r| r.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
        })
        .collect::<Result<Vec<_>>>()
        .map(RulebookSpec::List)
}

fn parse_players(s: &Scenario, spec: &str) -> Result<Vec<PlayerDef>, Failure> {
    let mut players = Vec::new();
    for seat in spec.split(',').filter(|x| !x.trim().is_empty()) {
        let (name, powers) = seat.split_once('=').unwrap_or((seat, seat));
        let id = PlayerId::new(name.trim()).map_err(|e| anyhow::anyhow!("player `{name}`: {e}"))?;
        let powers = powers
            .split('+')
            .map(|p| parse_power(s, p))
            .collect::<Result<Vec<_>, _>>()?;
        players.push(PlayerDef { id, powers });
    }
    Ok(players)
}

pub(crate) fn new_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1805)
}

fn run(cli: Cli) -> Result<(), Failure> {
    let data = cli.data.as_deref();
    match cli.command {
        Command::New {
            scenario,
            seed,
            rulebook,
            players,
            bots,
            output,
            force,
        } => {
            if output.exists() && !force {
                return bail_usage(&format!(
                    "{} exists and may hold a game; use --force to replace it",
                    output.display()
                ));
            }
            let s = load_scenario(data, &scenario)?;
            let mut t = Transcript::new(
                &scenario,
                parse_rulebook(&rulebook)?,
                seed.unwrap_or_else(new_seed),
            );
            if let Some(spec) = players {
                t.players = parse_players(&s, &spec)?;
            }
            if let Some(spec) = bots {
                let people: Vec<PowerId> = t
                    .players
                    .iter()
                    .flat_map(|pl| pl.powers.iter().copied())
                    .collect();
                t.bots = seats::parse_bots(&s, &spec, &people)?;
                seats::seat_bots(&mut t.players, &t.bots)?;
            }
            let g = t.start(s.clone())?;
            write_file(&output, &t.to_json())?;
            // The game's real first step: an UMP Control Step comes before the first month when a power is
            // left uncontrolled (14.3.1), so the scenario's start date alone would mislead (issue 41).
            let first = &g.state().position;
            println!(
                "{}: a new game of {} (seed {}), starting at {} — {}\nrulebook: {}",
                output.display(),
                s.meta.name,
                t.seed,
                first.date,
                first.step,
                describe::rulebook(&t.rulebook.rulebook())
            );
        }
        Command::Replay { file, json } => {
            let t = read_transcript(&file)?;
            let (s, g) = replay(data, &t)?;
            if json {
                let out = serde_json::json!({ "state": g.state(), "log": g.log() });
                println!(
                    "{}",
                    serde_json::to_string_pretty(&out).map_err(anyhow::Error::from)?
                );
            } else {
                seats::print_replay(&s, &t)?;
                let any = g.state().powers.keys().next().copied();
                if let Some(p) = any {
                    print!("\n{}", describe::summary(&s, g.state(), &g.view(p)));
                }
                println!(
                    "waiting for: {}",
                    g.pending()
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
        }
        Command::View { file, power, json } => {
            let t = read_transcript(&file)?;
            let (s, g) = replay(data, &t)?;
            let p = parse_power(&s, &power)?;
            let v = g.view(p);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&v).map_err(anyhow::Error::from)?
                );
            } else {
                print!("{}", describe::position(&s, g.state(), &v));
                println!("\nseen by {}:", describe::power(&s, p));
                for e in &v.log {
                    if let Some(line) = describe::event_seen_by(&s, g.state(), p, e) {
                        println!("  {line}");
                    }
                }
                if let Some(o) = &v.outcome {
                    print!("\n{}", ending::text(o, &|q| describe::power(&s, q)));
                } else if v.choices.is_empty() {
                    println!("\n{} owes no decision now.", describe::power(&s, p));
                } else {
                    println!(
                        "\n{} owes a decision: `coalition choices` lists them.",
                        describe::power(&s, p)
                    );
                }
            }
        }
        Command::Choices { file, power, json } => {
            let t = read_transcript(&file)?;
            let (s, g) = replay(data, &t)?;
            let p = parse_power(&s, &power)?;
            let choices = g.choices(p);
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&choices).map_err(anyhow::Error::from)?
                );
            } else if choices.is_empty() {
                let pos = g.state().position;
                println!(
                    "{} owes no decision in the {} of {}.",
                    describe::power(&s, p),
                    pos.step,
                    pos.date
                );
            } else {
                let pos = g.state().position;
                println!(
                    "{} — {} ({}): {}",
                    pos.date,
                    pos.step,
                    pos.step.rule(),
                    describe::power(&s, p)
                );
                for (i, d) in choices.iter().enumerate() {
                    // The text form, where it says more than the words (`declare austria`, not `pass` twice).
                    let words = describe::choice_at(&s, g.state(), d);
                    let form = d.to_string();
                    if form == words {
                        println!("  {:>2}. {words}", i + 1);
                    } else {
                        println!("  {:>2}. {words:<40} {form}", i + 1);
                    }
                }
                println!(
                    "Submit one with: coalition submit {} --as {p} \"TEXT\" (list decisions may name several, e.g. `declare a,b`)",
                    file.display()
                );
            }
        }
        Command::Submit {
            file,
            power,
            decision,
            default,
            player,
        } => {
            let mut t = read_transcript(&file)?;
            let (s, mut g) = replay(data, &t)?;
            let p = parse_power(&s, &power)?;
            let player = player
                .map(|n| PlayerId::new(n.trim()).map_err(|e| anyhow::anyhow!("player `{n}`: {e}")))
                .transpose()?;
            let entry = match (default, decision) {
                (true, None) => Entry::Default { power: p },
                (false, Some(text)) => match player {
                    Some(player) => Entry::SubmitAs {
                        player,
                        power: p,
                        decision: Decision::parse(&text, &s)?,
                    },
                    None => Entry::Submit {
                        power: p,
                        decision: Decision::parse(&text, &s)?,
                    },
                },
                (true, Some(_)) => bail_usage("give a decision or --default, not both")?,
                (false, None) => {
                    bail_usage("give a decision (e.g. \"pass\", \"declare austria\") or --default")?
                }
            };
            let before = g.log().len();
            coalition_engine::transcript::play_entry(&mut g, &entry)?;
            t.script.push(entry);
            // The seats bots hold answer at once, until a person owes a decision.
            let played = seats::play_bots(&s, &mut g, &mut t)?;
            write_file(&file, &t.to_json())?;
            for e in &g.log()[before..] {
                if e.visible_to(p)
                    && let Some(line) = describe::event(&s, &e.redacted_for(p))
                {
                    println!("{line}");
                }
            }
            for line in played {
                println!("{line}");
            }
            let pos = g.state().position;
            println!(
                "accepted; now {} {}, waiting for: {}",
                pos.date,
                pos.step,
                g.pending()
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        Command::Host {
            file,
            adjustment,
            note,
        } => {
            let mut t = read_transcript(&file)?;
            let (s, mut g) = replay(data, &t)?;
            let adj: Adjustment = serde_json::from_str(&adjustment)
                .map_err(|e| RuleError::new("3.3", format!("not a host adjustment: {e}")))?;
            let before = g.log().len();
            g.host(&adj, &note)?;
            t.script.push(Entry::Host {
                adjustment: adj,
                note,
            });
            write_file(&file, &t.to_json())?;
            for e in &g.log()[before..] {
                if let Some(line) = describe::event(&s, e) {
                    println!("{line}");
                }
            }
        }
        Command::Seat {
            file,
            power,
            seat,
            note,
        } => seats::run_seat(data, &file, &power, &seat, &note)?,
        Command::Play {
            file,
            powers,
            bots,
            scenario,
            seed,
            rulebook,
        } => {
            let default_file = file.is_none();
            let file = match file {
                Some(f) => f,
                None => play::files::default_game_file()?,
            };
            let rulebook = rulebook.as_deref().map(parse_rulebook).transpose()?;
            let start = play::Start {
                file: &file,
                default_file,
                powers: powers.as_deref(),
                bots: bots.as_deref(),
                scenario: &scenario,
                seed,
                rulebook,
            };
            play::run(data, start)?;
        }
        // The folder named, else the global `--data` folder, else the built-in data.
        Command::CheckData { path } => data::check_data(path.as_deref().or(data))?,
        Command::Data { scenario, json } => {
            let s = load_scenario(data, &scenario)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&*s).map_err(anyhow::Error::from)?
                );
            } else {
                println!(
                    "{} ({} to {}, ruleset {}): {} powers, {} minor countries, {} provinces, {} land areas, {} sea areas, {} leaders",
                    s.meta.name,
                    s.meta.start,
                    s.meta.end,
                    s.meta.ruleset,
                    s.powers.len(),
                    s.minors.len(),
                    s.map.provinces.len(),
                    s.map.areas.len(),
                    s.map.seas.len(),
                    s.leaders.len()
                );
            }
        }
        Command::Map {
            output,
            game,
            scenario,
            power,
        } => {
            let (s, control, title, state, viewer) = match game {
                Some(f) => {
                    let t = read_transcript(&f)?;
                    let (s, g) = replay(data, &t)?;
                    let control = s
                        .map
                        .areas
                        .iter()
                        .filter_map(|a| g.state().area_power(&s, a.id).map(|p| (a.id, p)))
                        .collect();
                    let title = format!("{} — {}", s.meta.name, g.state().position);
                    let viewer = power.map(|p| parse_power(&s, &p)).transpose()?;
                    (s, control, title, Some(g.state().clone()), viewer)
                }
                None => {
                    let s = load_scenario(data, &scenario)?;
                    let g = Game::new(s.clone(), Default::default(), 0, &[])?;
                    let control = s
                        .map
                        .areas
                        .iter()
                        .filter_map(|a| g.state().area_power(&s, a.id).map(|p| (a.id, p)))
                        .collect();
                    let title = format!("{} — {}", s.meta.name, s.meta.start);
                    if power.is_some() {
                        return Err(anyhow::anyhow!(
                            "`--as` draws a game's map as a power sees it: name a game file"
                        )
                        .into());
                    }
                    (s, control, title, None, None)
                }
            };
            let seen = state.as_ref().map(|state| map_svg::Seen { state, viewer });
            let svg = map_svg::render(&s, &control, &title, seen);
            std::fs::write(&output, svg)
                .with_context(|| format!("cannot write {}", output.display()))?;
            println!(
                "{}: the map of {} ({} areas)",
                output.display(),
                s.meta.name,
                s.map.areas.len()
            );
        }
        Command::Records {
            file,
            format,
            output,
        } => {
            let t = read_transcript(&file)?;
            let (s, g) = replay(data, &t)?;
            let r = records::compile(&s, &g, t.seed);
            let text = match format {
                RecordsFormat::Md => r.markdown(),
                RecordsFormat::Csv => r.csv(),
            };
            match output {
                Some(out) => {
                    std::fs::write(&out, text)
                        .with_context(|| format!("cannot write {}", out.display()))?;
                    println!(
                        "{}: the written record of {} ({} war(s), {} peace(s), {} alliance(s), {} Economic Phase(s))",
                        out.display(),
                        file.display(),
                        r.wars.len(),
                        r.peaces.len(),
                        r.alliances.len(),
                        r.phases.len()
                    );
                }
                None => {
                    use std::io::Write;
                    // A reader that stops early (`| head`) is not an error.
                    match std::io::stdout().lock().write_all(text.as_bytes()) {
                        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                            return Err(anyhow::Error::from(e).into());
                        }
                        _ => {}
                    }
                }
            }
        }
        Command::Serve(args) => serve::serve(args)?,
        Command::Verify { file } => serve::verify_file(data, &file)?,
        Command::Simulate(args) => {
            let s = load_scenario(data, &args.scenario)?;
            simulate::run(&s, &args, &parse_rulebook(&args.rulebook)?)?;
        }
        Command::Battle {
            file,
            scenario,
            seed,
            json,
            odds,
            naval,
        } => {
            let s = load_scenario(data, &scenario)?;
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            if let Some(era) = naval {
                return naval_odds::run(data, &scenario, &s, &era, &text, json);
            }
            let setup: coalition_engine::battle::Setup = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a battle description", file.display()))?;
            if odds {
                let lines = coalition_engine::battle::odds::table(&s.combat, &setup)
                    .map_err(Failure::Refused)?;
                if json {
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&battle::odds_json(&lines)).context("odds")?
                    );
                } else {
                    print!("{}", battle::odds_text(&setup, &lines));
                }
                return Ok(());
            }
            let mut dice = coalition_engine::dice::Dice::new(seed);
            let report =
                coalition_engine::battle::day::resolve(&s.combat, &setup, &mut || dice.d6())
                    .map_err(Failure::Refused)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).context("report")?
                );
            } else {
                print!("{}", battle::text(&setup, &report));
            }
        }
        Command::Chart { file, output } => {
            let t = read_transcript(&file)?;
            let (s, g) = replay(data, &t)?;
            let r = records::compile(&s, &g, t.seed);
            let title = format!("{} — {}", s.meta.name, g.state().position);
            let svg = chart_svg::render(&s, &r.snapshots, &title);
            std::fs::write(&output, svg)
                .with_context(|| format!("cannot write {}", output.display()))?;
            println!(
                "{}: political points and money of {} power(s) over {} Economic Phase(s)",
                output.display(),
                r.powers.len(),
                r.phases.len()
            );
        }
    }
    Ok(())
}

fn bail_usage<T>(msg: &str) -> Result<T, Failure> {
    Err(Failure::Other(anyhow::anyhow!("{msg}")))
}

#[cfg(test)]
mod help {
    use clap::CommandFactory;

    /// Every option and argument of every subcommand says what it is for (`--help` never shows a bare name).
    #[test]
    fn every_option_of_every_subcommand_has_help_text() {
        let cli = super::Cli::command();
        let mut bare = Vec::new();
        for sub in cli.get_subcommands() {
            for a in sub.get_arguments() {
                if a.get_help().is_none() && a.get_long_help().is_none() {
                    bare.push(format!("{} {}", sub.get_name(), a.get_id()));
                }
            }
        }
        for a in cli.get_arguments() {
            if a.get_help().is_none() {
                bare.push(format!("coalition {}", a.get_id()));
            }
        }
        assert!(bare.is_empty(), "options without help: {bare:?}");
    }
}
