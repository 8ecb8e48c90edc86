use coalition_bots::*;
use coalition_engine::game::Game;
use coalition_engine::scenario::Scenario;
use std::collections::BTreeMap;
use std::sync::Arc;
fn main() {
    let s: Arc<Scenario> = Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(
        s.clone(),
        coalition_engine::rulebook::Rulebook::preset(coalition_engine::rulebook::Preset::All),
        5,
        &[],
    )
    .unwrap();
    let mut t = Table::random(&g, 5);
    let mut seen: BTreeMap<String, (usize, usize, Vec<String>)> = BTreeMap::new();
    let until = g.state().date().plus_months(40);
    while g.state().date() < until {
        if let Some(p) = g.pending().first().copied() {
            let v = g.view(p);
            for c in &v.choices {
                let t = c.to_string();
                let verb: String = t.split_whitespace().take(1).collect::<Vec<_>>().join(" ");
                let k = format!("{:?} {}", v.state.round.as_ref().map(|r| r.kind), verb);
                let e = seen.entry(k).or_default();
                e.0 += 1;
                e.1 = e.1.max(v.choices.len());
                if e.2.len() < 6 && !e.2.contains(&t) {
                    e.2.push(t);
                }
            }
        }
        if t.step(&mut g).is_none() {
            break;
        }
    }
    for (k, (n, m, ex)) in seen {
        println!("== {k}: asked {n}, max choices {m}");
        for e in ex {
            println!("   {e}");
        }
    }
}
