//! One whole campaign with bots in every seat, for profiling and for a look at what the bots do (issue 16):
//! prints the end, the decisions, the wars, the seconds, each power's points and the most frequent reasons.
//!
//! `cargo run --profile dist -p coalition-bots --example campaign -- [SEED] [heuristic|random] [verbose]`
//! (`verbose` prints every decision but the passes, with its reason).

use coalition_bots::*;
use coalition_engine::game::Game;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::embedded_scenario;
use std::collections::BTreeMap;
use std::sync::Arc;

/// mimalloc: many small allocations (lists of choices, views) are a fifth of a bot campaign's instructions with the
/// system allocator (issue 16).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let kind = args
        .get(2)
        .map(|s| Kind::parse(s).unwrap())
        .unwrap_or(Kind::Heuristic);
    let verbose = args.get(3).is_some();
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let mut g = Game::new(s.clone(), Rulebook::preset(Preset::All), seed, &[]).unwrap();
    let mut t = Table::of(&g, seed, |_| Some(kind));
    let clock = std::time::Instant::now();
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let until = coalition_engine::Date::new(1816, 1).unwrap();
    let mut shown = BTreeMap::new();
    while !g.state().finished && g.state().date() < until {
        let Some(p) = g.pending().first().copied() else {
            break;
        };
        let from = *shown.get(&p).unwrap_or(&0);
        let bot = t.bots.get_mut(&p).unwrap();
        let picked = decide_since(&g, p, bot.as_mut(), from);
        shown.insert(p, g.log().len());
        match picked {
            Some((d, r)) => {
                let key = r.split(':').take(2).collect::<Vec<_>>().join(":");
                *reasons.entry(key).or_default() += 1;
                if verbose && !r.contains("sends no messages") && !r.contains("moves no further") {
                    println!("{} {p}: {d} -- {r}", g.state().date());
                }
                if let Err(e) = g.submit(p, d.clone()) {
                    println!("REFUSED {p} {d}: {e}");
                    g.submit_default(p).unwrap();
                }
            }
            None => {
                g.submit_default(p).unwrap();
            }
        }
        t.decisions += 1;
    }
    let st = g.state();
    let wars = st.world.relations.wars.len();
    let peaces = st
        .world
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_some())
        .count();
    println!(
        "seed {seed}: {} finished={} decisions={} wars={wars} ended={peaces} {:.2}s",
        st.date(),
        st.finished,
        t.decisions,
        clock.elapsed().as_secs_f64()
    );
    if let Some(o) = &st.outcome {
        println!(
            "outcome: {:?}",
            o.players
                .iter()
                .filter(|p| p.place == 1)
                .map(|p| p.counted)
                .collect::<Vec<_>>()
        );
    }
    for (p, ps) in &st.world.powers {
        println!(
            "  {p}: vp {} pp {} money {} in_game {}",
            ps.victory_points, ps.political_points, ps.money, ps.in_game
        );
    }
    let mut rs: Vec<_> = reasons.into_iter().collect();
    rs.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (r, n) in rs.iter().take(40) {
        println!("  {n:6} {r}");
    }
}
