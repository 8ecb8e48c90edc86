//! Coalition's 7.5 odds (`docs/rules/combat.md`, "Odds"): how long the exact odds take for every pair of chits of
//! the README's example battle, plain, with every optional rule the odds read, and with a stack on its way from a
//! next area, and with every option for one day only; printed per pair with the slowest; then the time the default
//! chits (3.6) take on each. A figure, not a test: the machine may be busy.
//!
//! Run: `cargo run --profile dist -p coalition-engine --example odds_figures [FILTER]`.

use coalition_engine::battle::day::Battle;
use coalition_engine::battle::foresight::foresee;
use coalition_engine::battle::odds::odds;
use coalition_engine::battle::{Reinforcing, Setup};
use coalition_engine::scenario::combat::{AttackChit, DefendChit};
use coalition_engine::scenario::embedded_scenario;
use std::time::Instant;

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let only = std::env::args().nth(2).unwrap_or_default();
    let chart = embedded_scenario("1805").unwrap().combat;
    let example: Setup =
        serde_json::from_str(include_str!("../../../examples/battle.json")).unwrap();
    let mut all = example.clone();
    all.options.artillery = true;
    all.options.guard_commitment = true;
    for side in [&mut all.attacker, &mut all.defender] {
        for c in &mut side.corps {
            c.factors.artillery = 2;
        }
    }
    let mut reinforced = example.clone();
    let mut more = reinforced.defender.corps[1].clone();
    more.name = "au-3".into();
    more.reinforcing = Some(0);
    reinforced.defender.corps.push(more);
    reinforced.defender.reinforcements.push(Reinforcing {
        from: "Brünn".into(),
        leader: None,
    });
    // The day to be fought alone (what the Land Phase's default chit reads).
    let mut one_day = all.clone();
    one_day.days = Some(1);
    let mut worst = (0.0f64, String::new());
    let mut total = 0.0;
    for (name, setup) in [
        ("example", &example),
        ("options", &all),
        ("reinforced", &reinforced),
        ("one-day", &one_day),
    ] {
        if !name.contains(&filter) {
            continue;
        }
        for a in AttackChit::ALL {
            for d in DefendChit::ALL {
                if !format!("{a:?} v {d:?}").contains(&only) {
                    continue;
                }
                let t = Instant::now();
                let o = match odds(&chart, setup, (a, d)) {
                    Ok(o) => o,
                    Err(e) => {
                        println!("{name} {a:?} v {d:?}: refused ({e})");
                        continue;
                    }
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                total += ms;
                let what = format!("{name} {a:?} v {d:?}");
                println!("{what:<45} {ms:>9.1} ms  ({} endings)", o.endings.len());
                if ms > worst.0 {
                    worst = (ms, what);
                }
            }
        }
    }
    println!(
        "slowest: {} {:.1} ms; all pairs {:.0} ms",
        worst.1, worst.0, total
    );
    // The default chits (3.6, `docs/rules/combat.md` "The default chit"): both sides' by the first round's odds.
    let defender: Vec<DefendChit> = DefendChit::ALL
        .into_iter()
        .filter(|d| *d != DefendChit::Withdraw)
        .collect();
    for (name, setup) in [
        ("example", &example),
        ("options", &all),
        ("reinforced", &reinforced),
    ] {
        if !name.contains(&filter) {
            continue;
        }
        let battle = Battle::start(&chart, setup).unwrap();
        let t = Instant::now();
        let f = foresee(&chart, setup, &battle, &AttackChit::ALL, &defender);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let chosen = f.as_ref().map(|f| (f.attacker, f.defender, f.dice));
        println!("default chits {name:<12} {ms:>9.2} ms  {chosen:?}");
    }
}
