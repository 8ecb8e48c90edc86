//! `coalition simulate` (issue 16): whole campaigns played by bots in every seat, shared out over `--jobs`
//! threads with a progress bar, each game printed with its end, winners and game-months a second, then a summary
//! (wins by power, average length, political points, wars and peaces); `--arena A,B` seats two kinds of bot
//! against each other in every arrangement and prints each kind's win rate with a 95% confidence interval.
//! Timing is the command's, never the engine's; speed figures come from the `dist` profile (whole-program
//! optimisation: `cargo run --profile dist --features mimalloc -- simulate`).

use coalition_bots::{Kind, Table, seat_seed};
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::kernel::calendar::Date;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::Scenario;
use coalition_engine::transcript::Transcript;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

/// The options of `coalition simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario to play.
    #[arg(long, default_value = "1805")]
    pub scenario: String,
    /// How many games (seeds SEED, SEED+1, ...); with --arena, 0 means one game for each arrangement.
    #[arg(long)]
    pub games: Option<u32>,
    /// The first game's seed (dice and bots).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A preset or a comma-separated list of optional rules.
    #[arg(long, default_value = "standard")]
    pub rulebook: String,
    /// Stop each game after this many months (default: play to its end).
    #[arg(long)]
    pub months: Option<i32>,
    /// The bots in every seat: heuristic, random, or mix (each seat one or the other, by the game's seed).
    #[arg(long, default_value = "heuristic")]
    pub bots: String,
    /// Seat two kinds of bot against each other in every arrangement (KIND,KIND: heuristic,random) and print
    /// each kind's win rate with a 95% confidence interval.
    #[arg(long, value_name = "KINDS")]
    pub arena: Option<String>,
    /// Threads playing games at once (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Keep each game as a transcript (`game-SEED.json`) that `coalition replay` rebuilds.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Who sits where: one kind everywhere, a mix by seed, or an arena's arrangement.
#[derive(Clone, Copy)]
enum Seating {
    All(Kind),
    Mix,
    /// The first kind in the seats whose bit is set in the mask (by the power's place), the second elsewhere.
    Arena(Kind, Kind, u32),
}

impl Seating {
    fn kind(self, seed: u64, index: usize) -> Kind {
        match self {
            Seating::All(k) => k,
            Seating::Mix if seat_seed(seed, index) >> 63 == 1 => Kind::Heuristic,
            Seating::Mix => Kind::Random,
            Seating::Arena(a, _, mask) if mask >> index & 1 == 1 => a,
            Seating::Arena(_, b, _) => b,
        }
    }
}

/// Plays the games `args` asks for and prints each one's line and the summary (or the arena's table).
pub fn run(s: &Arc<Scenario>, args: &Args, rulebook: &RulebookSpec) -> anyhow::Result<()> {
    let seats = s.powers.len();
    let arena = match &args.arena {
        Some(spec) => {
            let kinds: Vec<Kind> = spec
                .split(',')
                .map(Kind::parse)
                .collect::<Result<_, _>>()
                .map_err(anyhow::Error::msg)?;
            let [a, b] = kinds[..] else {
                anyhow::bail!("--arena takes two kinds of bot: heuristic,random");
            };
            anyhow::ensure!(a != b, "--arena needs two different kinds of bot");
            Some((a, b))
        }
        None => None,
    };
    // Every arrangement of two kinds over the seats but the two where one kind holds them all.
    let arrangements: Vec<u32> = (1..(1u32 << seats) - 1).collect();
    let games = match (args.games, arena) {
        (Some(0) | None, Some(_)) => arrangements.len() as u32,
        (Some(n), _) => n,
        (None, None) => 1,
    };
    let seating = |i: u32| -> anyhow::Result<Seating> {
        Ok(match arena {
            Some((a, b)) => Seating::Arena(a, b, arrangements[i as usize % arrangements.len()]),
            None if args.bots == "mix" => Seating::Mix,
            None => {
                Seating::All(Kind::parse(&args.bots).map_err(|e| anyhow::anyhow!("{e}, or mix"))?)
            }
        })
    };
    seating(0)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let bar = indicatif::ProgressBar::new(games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} to go",
        )
        .map_err(anyhow::Error::msg)?,
    );
    let clock = Instant::now();
    let next = AtomicU32::new(0);
    let (send, receive) = std::sync::mpsc::channel();
    let mut all: Vec<Played> = Vec::new();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for _ in 0..jobs.min(games as usize) {
            let send = send.clone();
            let next = &next;
            let seating = &seating;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= games {
                        break;
                    }
                    let seed = args.seed.wrapping_add(i as u64);
                    let played = seating(i).and_then(|seating| {
                        play_one(
                            s,
                            &args.scenario,
                            rulebook,
                            seed,
                            seating,
                            args.months,
                            args.out.as_deref(),
                        )
                    });
                    if send.send(played).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for played in receive {
            let p = played?;
            // The bar draws only on a terminal; elsewhere (a pipe, a file) the lines go to standard output.
            if bar.is_hidden() {
                println!("{}", game_line(&p));
            } else {
                bar.println(game_line(&p));
            }
            bar.inc(1);
            all.push(p);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let wall = clock.elapsed().as_secs_f64();
    all.sort_by_key(|p| p.seed);
    print!("{}", summary(&all, wall, jobs));
    if let Some((a, b)) = arena {
        print!("{}", arena_table(&all, a, b));
    }
    Ok(())
}

/// One simulated game's result.
pub struct Played {
    pub seed: u64,
    pub last: Date,
    pub months: i32,
    pub finished: bool,
    /// The winning powers (the counted power of each winning player).
    pub winners: Vec<PowerId>,
    /// Why each winner won: its victory points and its victory target (Coalition's victory rule,
    /// `docs/rules/victory.md`), by power.
    pub victory: BTreeMap<PowerId, (i32, i32)>,
    /// The powers' names, as the lines print them.
    pub names: BTreeMap<PowerId, String>,
    /// Each power's seat: its bot's kind.
    pub seats: BTreeMap<PowerId, Kind>,
    /// Each power's political points at the end.
    pub points: BTreeMap<PowerId, i32>,
    /// Wars begun and wars ended by peace during the game.
    pub wars: usize,
    pub peaces: usize,
    pub decisions: u64,
    pub seconds: f64,
}

/// Plays one game of `scenario` with the bots `seating` gives, seeded from `seed`, for at most `months` months
/// (to its end when `None`); writes its transcript, with each bot's reasons, into `out` when given.
fn play_one(
    scenario: &Arc<Scenario>,
    name: &str,
    rulebook: &RulebookSpec,
    seed: u64,
    seating: Seating,
    months: Option<i32>,
    out: Option<&Path>,
) -> anyhow::Result<Played> {
    let mut t = Transcript::new(name, rulebook.clone(), seed);
    let order: Vec<PowerId> = scenario.powers.iter().map(|p| p.id).collect();
    let seats: BTreeMap<PowerId, Kind> = order
        .iter()
        .enumerate()
        .map(|(i, p)| (*p, seating.kind(seed, i)))
        .collect();
    t.bots = seats
        .iter()
        .map(|(p, k)| (*p, k.name().to_string()))
        .collect();
    let mut g: Game = t.start(scenario.clone())?;
    let wars_before = g.state().world.relations.wars.len();
    let ended_before = ended_wars(&g);
    let start = g.state().date();
    let until = start.plus_months(months.unwrap_or(10_000));
    let mut table = Table::of(&g, seed, |p| seats.get(&p).copied());
    let clock = Instant::now();
    while !g.state().finished && g.state().date() < until {
        let Some(power) = g.pending().first().copied() else {
            break;
        };
        let Some(entry) = table.play(&mut g, power) else {
            break;
        };
        if out.is_some() {
            t.script.push(entry);
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    if let Some(dir) = out {
        std::fs::create_dir_all(dir)?;
        std::fs::write(dir.join(format!("game-{seed}.json")), t.to_json())?;
    }
    let s = g.state();
    let last = s.outcome.as_ref().map_or(s.date(), |o| o.date);
    let winners = s
        .outcome
        .as_ref()
        .map(|o| {
            o.players
                .iter()
                .filter(|p| p.place == 1)
                .filter_map(|p| p.counted)
                .collect()
        })
        .unwrap_or_default();
    let victory = s
        .outcome
        .as_ref()
        .map(|o| {
            o.powers
                .iter()
                .map(|r| (r.power, (r.victory_points, r.target)))
                .collect()
        })
        .unwrap_or_default();
    let names = scenario
        .powers
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    let months = if s.finished {
        start.months_until(last) + 1
    } else {
        start.months_until(s.date())
    };
    Ok(Played {
        seed,
        last,
        months,
        finished: s.finished,
        winners,
        victory,
        names,
        seats,
        points: s
            .world
            .powers
            .iter()
            .map(|(p, st)| (*p, st.political_points))
            .collect(),
        wars: s.world.relations.wars.len() - wars_before,
        peaces: ended_wars(&g) - ended_before,
        decisions: table.decisions,
        seconds,
    })
}

/// How many of the game's recorded wars have ended.
fn ended_wars(g: &Game) -> usize {
    g.state()
        .world
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_some())
        .count()
}

/// The line `simulate` prints for one game.
pub fn game_line(p: &Played) -> String {
    let winners = if p.winners.is_empty() {
        "none (not finished)".to_string()
    } else {
        p.winners
            .iter()
            .map(|w| {
                let name = p.names.get(w).cloned().unwrap_or_else(|| w.to_string());
                let kind = p.seats.get(w).map_or("?", |k| k.name());
                // Why it won: its victory points against its target (docs/rules/victory.md).
                match p.victory.get(w) {
                    Some((vp, target)) => format!(
                        "{name} ({kind} bot: {vp} victory points against a target of {target}, {:+})",
                        vp - target
                    ),
                    None => format!("{name} ({kind} bot)"),
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "game seed {}: {} {} after {} month(s); winners: {winners}; {} wars, {} peaces; {} decisions; {:.2} s, \
         {:.0} game-months/s",
        p.seed,
        if p.finished { "ended" } else { "stopped" },
        p.last,
        p.months,
        p.wars,
        p.peaces,
        p.decisions,
        p.seconds,
        p.months as f64 / p.seconds.max(1e-9)
    )
}

/// The summary: games, average length, wars and peaces, the speed (per game on one core, and over all threads),
/// and a table by power of wins and average political points at the end.
pub fn summary(all: &[Played], wall: f64, jobs: usize) -> String {
    let n = all.len().max(1) as f64;
    let months: i32 = all.iter().map(|p| p.months).sum();
    let seconds: f64 = all.iter().map(|p| p.seconds).sum();
    let mut out = format!(
        "{} game(s), {:.1} months on average; {:.1} wars and {:.1} peaces a game\n\
         speed: {:.0} game-months/s a thread ({:.3} s a game), {:.0} game-months/s over {jobs} thread(s)\n\
         | power | wins | political points at the end (average) | victory points against the target at the end \
         (average) |\n| --- | --- | --- | --- |\n",
        all.len(),
        months as f64 / n,
        all.iter().map(|p| p.wars).sum::<usize>() as f64 / n,
        all.iter().map(|p| p.peaces).sum::<usize>() as f64 / n,
        months as f64 / seconds.max(1e-9),
        seconds / n,
        months as f64 / wall.max(1e-9),
    );
    let powers: Vec<PowerId> = all
        .first()
        .map(|p| p.points.keys().copied().collect())
        .unwrap_or_default();
    for p in powers {
        let wins = all.iter().filter(|g| g.winners.contains(&p)).count();
        let points: i32 = all.iter().filter_map(|g| g.points.get(&p)).sum();
        let margins: Vec<i32> = all
            .iter()
            .filter_map(|g| g.victory.get(&p).map(|(vp, t)| vp - t))
            .collect();
        let margin = if margins.is_empty() {
            "— (not finished)".to_string()
        } else {
            format!(
                "{:+.1}",
                margins.iter().sum::<i32>() as f64 / margins.len() as f64
            )
        };
        let name = all
            .first()
            .and_then(|g| g.names.get(&p).cloned())
            .unwrap_or_else(|| p.to_string());
        out.push_str(&format!(
            "| {name} | {wins} | {:.1} | {margin} |\n",
            points as f64 / n
        ));
    }
    out
}

/// The arena's table: for each kind, the seats it held, the games its seats won, the share of its seats that
/// won, and that share's 95% Wilson interval; and what an even share would be.
pub fn arena_table(all: &[Played], a: Kind, b: Kind) -> String {
    let total_seats: usize = all.iter().map(|p| p.seats.len()).sum();
    let total_wins: usize = all.iter().map(|p| p.winners.len()).sum();
    let mut out = format!(
        "arena: {} games; a seat wins {:.1}% of the time on average\n\
         | bot | seats | wins | win rate | 95% interval |\n| --- | --- | --- | --- | --- |\n",
        all.len(),
        100.0 * total_wins as f64 / total_seats.max(1) as f64
    );
    let mut bounds = Vec::new();
    for k in [a, b] {
        let seats: usize = all
            .iter()
            .map(|p| p.seats.values().filter(|s| **s == k).count())
            .sum();
        let wins: usize = all
            .iter()
            .map(|p| {
                p.winners
                    .iter()
                    .filter(|w| p.seats.get(w) == Some(&k))
                    .count()
            })
            .sum();
        let (lo, hi) = wilson(wins, seats);
        bounds.push((lo, hi));
        out.push_str(&format!(
            "| {} | {seats} | {wins} | {:.1}% | {:.1}% to {:.1}% |\n",
            k.name(),
            100.0 * wins as f64 / seats.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        ));
    }
    let verdict = if bounds[0].0 > bounds[1].1 {
        format!(
            "{} wins more often than {}: the intervals do not overlap",
            a.name(),
            b.name()
        )
    } else if bounds[1].0 > bounds[0].1 {
        format!(
            "{} wins more often than {}: the intervals do not overlap",
            b.name(),
            a.name()
        )
    } else {
        "the intervals overlap: no clear difference at this number of games".to_string()
    };
    out.push_str(&verdict);
    out.push('\n');
    out
}

/// The 95% Wilson score interval of `wins` out of `n`.
pub fn wilson(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
