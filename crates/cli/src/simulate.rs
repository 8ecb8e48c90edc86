//! `coalition simulate` (issue 16, first part): whole campaigns played by bots in every seat, with the figures
//! of each game (its end, winners, decisions, game-months a second) and a table of wins by power. Timing is the
//! command's, never the engine's.

use coalition_bots::{Table, play_until};
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::kernel::calendar::Date;
use coalition_engine::rulebook::RulebookSpec;
use coalition_engine::scenario::Scenario;
use coalition_engine::transcript::{Entry, Transcript};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The options of `coalition simulate`.
#[derive(clap::Args)]
pub struct Args {
    /// The scenario to play.
    #[arg(long, default_value = "1805")]
    pub scenario: String,
    /// How many games (seeds SEED, SEED+1, ...).
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// The first game's seed (dice and bots).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A preset or a comma-separated list of optional rules.
    #[arg(long, default_value = "standard")]
    pub rulebook: String,
    /// Stop each game after this many months (default: play to its end).
    #[arg(long)]
    pub months: Option<i32>,
    /// The bots: `random` (the only kind built yet).
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Keep each game as a transcript (`game-SEED.json`) that `coalition replay` rebuilds.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
}

/// Plays the games `args` asks for and prints each one's line and the summary.
pub fn run(s: &Arc<Scenario>, args: &Args, rulebook: &RulebookSpec) -> anyhow::Result<()> {
    let mut all = Vec::new();
    for i in 0..args.games {
        let p = play_one(
            s,
            &args.scenario,
            rulebook,
            args.seed.wrapping_add(i as u64),
            args.months,
            args.out.as_deref(),
        )?;
        println!("{}", game_line(&p));
        all.push(p);
    }
    print!("{}", summary(&all));
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
    pub decisions: u64,
    pub seconds: f64,
}

/// Plays one game of `scenario` with random bots seeded from `seed`, for at most `months` months (to its end
/// when `None`); writes its transcript into `out` when given.
pub fn play_one(
    scenario: &Arc<Scenario>,
    name: &str,
    rulebook: &RulebookSpec,
    seed: u64,
    months: Option<i32>,
    out: Option<&Path>,
) -> anyhow::Result<Played> {
    let mut t = Transcript::new(name, rulebook.clone(), seed);
    let mut g: Game = t.start(scenario.clone())?;
    let start = g.state().date();
    let until = start.plus_months(months.unwrap_or(10_000));
    let mut table = Table::random(&g, seed);
    let clock = Instant::now();
    if out.is_some() {
        while !g.state().finished && g.state().date() < until {
            match table.step(&mut g) {
                Some((power, Some(decision))) => t.script.push(Entry::Submit { power, decision }),
                Some((power, None)) => t.script.push(Entry::Default { power }),
                None => break,
            }
        }
    } else {
        play_until(&mut g, &mut table, until);
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
        decisions: table.decisions,
        seconds,
    })
}

/// The lines `simulate` prints for one game.
pub fn game_line(p: &Played) -> String {
    let winners = if p.winners.is_empty() {
        "none (not finished)".to_string()
    } else {
        p.winners
            .iter()
            .map(|w| w.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "game seed {}: {} {} after {} month(s); winners: {winners}; {} decisions; {:.2} s, {:.0} game-months/s",
        p.seed,
        if p.finished { "ended" } else { "stopped" },
        p.last,
        p.months,
        p.decisions,
        p.seconds,
        p.months as f64 / p.seconds.max(1e-9)
    )
}

/// The summary table: wins by power, average length, and the overall rate.
pub fn summary(all: &[Played]) -> String {
    let mut wins: BTreeMap<PowerId, u32> = BTreeMap::new();
    for p in all {
        for w in &p.winners {
            *wins.entry(*w).or_default() += 1;
        }
    }
    let n = all.len().max(1) as f64;
    let months: i32 = all.iter().map(|p| p.months).sum();
    let seconds: f64 = all.iter().map(|p| p.seconds).sum();
    let mut out = format!(
        "{} game(s), {:.1} months on average, {:.0} game-months/s over all\n| power | wins |\n| --- | --- |\n",
        all.len(),
        months as f64 / n,
        months as f64 / seconds.max(1e-9)
    );
    for (p, w) in wins {
        out.push_str(&format!("| {p} | {w} |\n"));
    }
    out
}
