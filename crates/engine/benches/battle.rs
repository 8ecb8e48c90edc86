//! Coalition's field combat (`docs/rules/combat.md`): battles resolved per second on one core, for the README's
//! example battle (an outflank, three corps a side, four optional rules) and a plain two-corps assault; and the
//! exact odds (`battle::odds`) of one pair of chits for the example, with its own chits and with Assault v Defend
//! (the longest battle of its table).
//!
//! Run: `cargo bench -p coalition-engine --bench battle`.

use coalition_engine::battle::Setup;
use coalition_engine::battle::day::resolve;
use coalition_engine::battle::odds::odds;
use coalition_engine::dice::Dice;
use coalition_engine::scenario::combat::{AttackChit, DefendChit};
use coalition_engine::scenario::embedded_scenario;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let chart = embedded_scenario("1805").unwrap().combat;
    let text = include_str!("../../../examples/battle.json");
    let example: Setup = serde_json::from_str(text).unwrap();
    let mut plain = example.clone();
    plain.chits = vec![(AttackChit::Assault, DefendChit::Counterattack)];
    plain.options = Default::default();
    let mut g = c.benchmark_group("battle");
    g.throughput(Throughput::Elements(1));
    for (name, setup) in [("example", &example), ("assault", &plain)] {
        let mut dice = Dice::new(1);
        g.bench_function(name, |b| {
            b.iter(|| resolve(&chart, setup, &mut || dice.d6()).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("odds");
    g.sample_size(10);
    for (name, chits) in [
        ("example", example.chits[0]),
        (
            "assault-v-defend",
            (AttackChit::Assault, DefendChit::Defend),
        ),
    ] {
        g.bench_function(name, |b| b.iter(|| odds(&chart, &example, chits).unwrap()));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
