//! Whole simulated campaigns (issue 16's property test): bots of mixed kinds in every seat, a random rulebook for
//! each game, played from January 1805 to the end. No step panics, every pick the bots make from the listed
//! choices is accepted, every invariant of the engine's random playouts (`crates/engine/tests/common/watch.rs`:
//! the political invariants, the ledger of money and manpower, the Land and Naval Phases' invariants, the
//! fleets, the cargo, the 12.6 accounts, the log folded event by event) holds after every event, and every
//! game's log rebuilds its state.
//!
//! How many campaigns: `COALITION_CAMPAIGNS` (default 4, so that `cargo test` stays quick); the closing check of
//! issue 16 runs 1,000 with `COALITION_CAMPAIGNS=1000 cargo test --release -p coalition-bots --test campaigns`.
//! They share out over every core (`COALITION_CAMPAIGN_THREADS` sets how many threads); `COALITION_CAMPAIGN_SEED`
//! moves the first seed.

#[path = "../../engine/tests/common/points.rs"]
#[allow(dead_code)]
mod points;
#[path = "../../engine/tests/common/watch.rs"]
mod watch;

use coalition_bots::{Kind, Table};
use coalition_engine::game::Game;
use coalition_engine::rulebook::{OptionalRule, Rulebook};
use coalition_engine::scenario::{Scenario, embedded_scenario};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The rulebook of campaign `seed`: each optional rule on or off by a bit of the seed's hash.
fn rulebook(seed: u64) -> Rulebook {
    let mut bits = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    Rulebook {
        optional: OptionalRule::ALL
            .into_iter()
            .filter(|_| {
                bits = bits.rotate_left(7).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                bits >> 63 == 1
            })
            .collect(),
    }
}

/// Plays campaign `seed` to its end with every invariant checked after every event; returns its decisions.
fn campaign(s: &Arc<Scenario>, seed: u64) -> u64 {
    let mut g = Game::new(s.clone(), rulebook(seed), seed, &[]).unwrap();
    let mut t = Table::of(&g, seed, |p| {
        let i = s.powers.iter().position(|d| d.id == p).unwrap_or(0) as u64;
        Some(if (seed >> (i % 8)) & 1 == 1 {
            Kind::Heuristic
        } else {
            Kind::Random
        })
    });
    let mut watch = watch::Watch::new(&g);
    while !g.state().finished {
        let (power, submitted) = t.step(&mut g).expect("a game not over asks someone");
        assert!(
            submitted.is_some(),
            "campaign {seed}: {power}'s bot picked a listed choice that was refused"
        );
        watch.after(&g);
    }
    assert!(
        g.state().outcome.is_some(),
        "campaign {seed} ended without an outcome"
    );
    assert_eq!(
        Game::rebuild(g.scenario(), g.log()),
        g.state().clone(),
        "campaign {seed}: the log rebuilds the state"
    );
    t.decisions
}

#[test]
fn whole_campaigns_of_mixed_bots_under_random_rulebooks_keep_the_rules() {
    let count: u64 = std::env::var("COALITION_CAMPAIGNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let first: u64 = std::env::var("COALITION_CAMPAIGN_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let next = AtomicU64::new(0);
    let decisions = AtomicU64::new(0);
    let finished = AtomicU64::new(0);
    let threads = std::env::var("COALITION_CAMPAIGN_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= count {
                        break;
                    }
                    decisions.fetch_add(campaign(&s, first + i), Ordering::SeqCst);
                    let done = finished.fetch_add(1, Ordering::SeqCst) + 1;
                    if done % 50 == 0 {
                        eprintln!("{done} of {count} campaigns kept the rules");
                    }
                }
            });
        }
    });
    println!(
        "{count} campaign(s) from seed {first}: {} decisions, every invariant held",
        decisions.load(Ordering::SeqCst)
    );
    assert!(decisions.load(Ordering::SeqCst) > count * 1000);
}
