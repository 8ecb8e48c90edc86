//! Replay benchmark: a long game (every step of two years of the 1805 campaign, decisions picked at random
//! among the listed choices with a fixed generator) rebuilt from its log and replayed from its transcript.
//!
//! Reports events applied per second (`apply/whole-log`, `rebuild/two-years`), the time to rebuild a game's
//! state from its log, the time to replay its transcript (every decision validated again), and an estimate of
//! the size of a game's state in memory (printed once, since criterion measures no memory).
//!
//! Targets: at least 1 million events applied per second, any two-year game rebuilt in under 20 ms, a game's
//! state under 1 MiB.
//!
//! Run: `cargo bench -p coalition-engine --bench replay -- --warm-up-time 1 --measurement-time 3`

use coalition_engine::Event;
use coalition_engine::apply::apply;
use coalition_engine::decision::{Decision, Diplomatic};
use coalition_engine::game::Game;
use coalition_engine::rulebook::{Preset, Rulebook, RulebookSpec};
use coalition_engine::scenario::{Scenario, embedded_scenario};
use coalition_engine::state::{Round, State, WarCause};
use coalition_engine::transcript::{Entry, Transcript};
use coalition_engine::world::WorldEvent;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::mem::size_of;
use std::sync::Arc;

/// The dice seed of the benchmark game.
const SEED: u64 = 1805;
/// The seed of the picks.
const PICK_SEED: u64 = 0x9E37_79B9_7F4A_7C15;
/// Months played.
const MONTHS: i32 = 24;

/// xorshift64*: a small fixed generator for the picks, so the benchmark game is the same on every run.
struct Picks(u64);

impl Picks {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Plays every step of `MONTHS` months of 1805, keeping the transcript of the submissions.
fn long_game(scenario: &Arc<Scenario>) -> (Game, Transcript) {
    let mut g = Game::new(
        scenario.clone(),
        Rulebook::preset(Preset::Standard),
        SEED,
        &[],
    )
    .expect("the 1805 game starts");
    let mut t = Transcript::new(
        &scenario.meta.id,
        RulebookSpec::Preset(Preset::Standard),
        SEED,
    );
    let end = scenario.meta.start.plus_months(MONTHS);
    let mut picks = Picks(PICK_SEED);
    let mut n = 0u32;
    while !g.state().finished && g.state().date() < end {
        let pending = g.pending();
        let power = pending[picks.next(pending.len())];
        let choices = g.choices(power);
        let mut d = choices[picks.next(choices.len())].clone();
        if let Decision::Diplomacy(coalition_engine::decision::Send {
            body: Diplomatic::Message { text },
            ..
        }) = &mut d
            && text.is_empty()
        {
            n += 1;
            *text = format!("dispatch {n}: the courier rides at dawn; burn this letter once read");
        }
        g.submit(power, d.clone())
            .unwrap_or_else(|e| panic!("listed choice {d} refused: {e}"));
        t.script.push(Entry::Submit { power, decision: d });
    }
    (g, t)
}

/// Rough heap accounting: BTreeMap/BTreeSet entries cost their key and value plus node overhead (~1.5×).
const BTREE_OVERHEAD: f64 = 1.5;

fn btree<K, V>(len: usize) -> usize {
    ((len * (size_of::<K>() + size_of::<V>())) as f64 * BTREE_OVERHEAD) as usize
}

fn vec_heap<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

fn decision_heap(d: &Decision) -> usize {
    match d {
        Decision::Pass => 0,
        Decision::Diplomacy(coalition_engine::decision::Send { to, body }) => {
            vec_heap(to)
                + match body {
                    Diplomatic::Message { text } => text.capacity(),
                    _ => 0,
                }
        }
        Decision::DeclareWar(coalition_engine::decision::Declare { targets }) => vec_heap(targets),
        Decision::Ally(coalition_engine::decision::Ally { with })
        | Decision::BreakAlliances(coalition_engine::decision::Break { with })
        | Decision::CombineMovement(coalition_engine::decision::Combine { with }) => vec_heap(with),
        // Kinds of decision this estimate does not walk: their JSON length, a generous bound.
        #[allow(unreachable_patterns)]
        other => serde_json::to_vec(other).map_or(0, |v| v.len()),
    }
}

/// Estimated heap bytes of a state (not counting `size_of::<State>()` itself).
fn state_heap(s: &State) -> usize {
    let mut h = 0;
    h += estimate_map(&s.powers);
    h += estimate_map(&s.minors);
    h += s
        .minors
        .values()
        .map(|m| btree::<coalition_engine::ids::DistrictId, ()>(m.conquered_districts.len()))
        .sum::<usize>();
    h += estimate_map(&s.area_control);
    h += estimate_map(&s.forces.corps);
    h += estimate_map(&s.forces.fleets);
    h += estimate_map(&s.forces.garrisons);
    h += estimate_map(&s.forces.depots);
    h += s.forces.depots.values().map(estimate_set).sum::<usize>();
    h += estimate_map(&s.forces.leaders);
    let r = &s.relations;
    h += vec_heap(&r.wars);
    h += r
        .wars
        .iter()
        .map(|w| match &w.cause {
            WarCause::Rule { rule } => rule.capacity(),
            _ => 0,
        })
        .sum::<usize>();
    h += vec_heap(&r.alliances);
    h += r
        .alliances
        .iter()
        .filter_map(|a| a.broken.as_ref())
        .map(|b| vec_heap(&b.by) + b.rule.capacity())
        .sum::<usize>();
    h += vec_heap(&r.enforced_peaces);
    h += r
        .enforced_peaces
        .iter()
        .map(|e| e.rule.capacity())
        .sum::<usize>();
    h += vec_heap(&r.royal_marriages);
    h += estimate_set(&r.combined_movement);
    let rec = &s.records;
    h += vec_heap(&rec.losses);
    h += rec.losses.iter().map(|l| l.rule.capacity()).sum::<usize>();
    h += estimate_map(&s.players);
    h += s.players.values().map(vec_heap).sum::<usize>();
    if let Some(Round {
        owing, submitted, ..
    }) = &s.round
    {
        h += estimate_set(owing);
        h += estimate_map(submitted);
        h += submitted.values().map(decision_heap).sum::<usize>();
    }
    h
}

fn estimate_map<K, V>(m: &BTreeMap<K, V>) -> usize {
    btree::<K, V>(m.len())
}

fn estimate_set<K>(m: &BTreeSet<K>) -> usize {
    btree::<K, ()>(m.len())
}

/// Counts of the kinds of events in the log, to show the game is not trivial.
fn census(log: &[Event]) -> String {
    let mut by: BTreeMap<&str, usize> = BTreeMap::new();
    for e in log {
        let name = match e {
            Event::MessageSent { .. } => "messages",
            Event::World(WorldEvent::WarDeclared { .. }) => "wars declared",
            Event::World(WorldEvent::WarEnded { .. }) => "wars ended",
            Event::World(WorldEvent::AllianceFormed { .. }) => "alliances formed",
            Event::World(WorldEvent::AllianceBroken { .. }) => "alliances broken",
            Event::World(WorldEvent::DiceRolled { .. }) => "dice rolled",
            Event::World(WorldEvent::PointsChanged { .. }) => "points changed",
            Event::Submitted { .. } => "submissions",
            Event::StepBegan { .. } => "steps",
            _ => "other",
        };
        *by.entry(name).or_default() += 1;
    }
    by.iter()
        .map(|(k, v)| format!("{v} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn bench(c: &mut Criterion) {
    let scenario = Arc::new(embedded_scenario("1805").expect("the 1805 scenario loads"));
    let (game, transcript) = long_game(&scenario);
    let log = game.log().to_vec();
    let state = game.state().clone();

    // The log rebuilds the state, and the transcript replays to the same log.
    assert_eq!(Game::rebuild(&scenario, &log), state);
    let replayed = transcript
        .replay(scenario.clone())
        .expect("the transcript replays");
    assert_eq!(replayed.log(), &log[..]);

    let json = serde_json::to_vec(&state)
        .expect("the state serialises")
        .len();
    let heap = state_heap(&state);
    let inline = size_of::<State>();
    let log_json = serde_json::to_vec(&log).expect("the log serialises").len();
    eprintln!(
        "\n== replay benchmark: scenario 1805, seed {SEED}, {MONTHS} months ({} to {}) ==",
        scenario.meta.start,
        state.date()
    );
    eprintln!(
        "log: {} events ({}); transcript: {} submissions; log as JSON: {} bytes",
        log.len(),
        census(&log),
        transcript.script.len(),
        log_json
    );
    eprintln!(
        "state: {} wars, {} alliances, {} messages, {} corps, {} leaders",
        state.relations.wars.len(),
        state.relations.alliances.len(),
        log.iter()
            .filter(|e| matches!(e, Event::MessageSent { .. }))
            .count(),
        state.forces.corps.len(),
        state.forces.leaders.len()
    );
    eprintln!(
        "state size: JSON {json} bytes ({:.1} KiB); in memory ≈ {} bytes inline + {heap} bytes heap ≈ {:.1} KiB \
         (estimate: BTree entries × {BTREE_OVERHEAD})",
        json as f64 / 1024.0,
        inline,
        (inline + heap) as f64 / 1024.0
    );
    eprintln!(
        "targets: ≥ 1,000,000 events applied/s; a two-year game rebuilt in < 20 ms; state < 1 MiB ({})\n",
        if json.max(inline + heap) < 1 << 20 {
            "state size: met"
        } else {
            "state size: MISSED"
        }
    );

    let mut group = c.benchmark_group("apply");
    group.throughput(Throughput::Elements(log.len() as u64));
    // Pure `apply` of every event onto a fresh initial state (the state's construction is not timed).
    group.bench_function("whole-log", |b| {
        b.iter_batched(
            || State::initial(&scenario),
            |mut s| {
                for e in &log {
                    apply(&mut s, e);
                }
                s
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();

    let mut group = c.benchmark_group("rebuild");
    group.throughput(Throughput::Elements(log.len() as u64));
    // `Game::rebuild`: the initial state from the scenario, then the whole log folded over it.
    group.bench_function("two-years", |b| {
        b.iter(|| Game::rebuild(black_box(&scenario), black_box(&log)))
    });
    group.finish();

    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(transcript.script.len() as u64));
    // `Transcript::replay`: the game rebuilt from its transcript, every decision checked again.
    group.bench_function("transcript-two-years", |b| {
        b.iter(|| {
            black_box(&transcript)
                .replay(scenario.clone())
                .expect("replays")
        })
    });
    group.finish();

    c.bench_function("state/initial", |b| {
        b.iter(|| State::initial(black_box(&scenario)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
