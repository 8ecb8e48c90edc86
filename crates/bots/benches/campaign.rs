//! Issue 16's target: a whole 1805 campaign (132 months, January 1805 to December 1815) with every optional rule
//! on and a heuristic bot in every seat, played on one core in under 0.13 s (at least 1,000 game-months a
//! second). Seed 1; the game is built outside the timed part, every decision of every month inside it.
//!
//! Run: `cargo bench -p coalition-bots --bench campaign`.

use coalition_bots::{Kind, Table, play_until};
use coalition_engine::Date;
use coalition_engine::game::Game;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::embedded_scenario;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::sync::Arc;
use std::time::Duration;

/// mimalloc: many small allocations (lists of choices, views) are a fifth of a bot campaign's instructions with the
/// system allocator (issue 16).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn bench(c: &mut Criterion) {
    let scenario = Arc::new(embedded_scenario("1805").unwrap());
    let until = Date::new(1816, 1).unwrap();
    let seed = 1;
    let mut g = c.benchmark_group("campaign");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(100));
    g.measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements(132));
    g.bench_function("heuristic-1805-all-rules", |b| {
        b.iter_batched(
            || {
                let game =
                    Game::new(scenario.clone(), Rulebook::preset(Preset::All), seed, &[]).unwrap();
                let table = Table::of(&game, seed, |_| Some(Kind::Heuristic));
                (game, table)
            },
            |(mut game, mut table)| {
                play_until(&mut game, &mut table, until);
                assert!(game.state().date() >= until || game.state().finished);
                game
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
