use coalition_bots::*;
use coalition_engine::game::Game;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::embedded_scenario;
use std::sync::Arc;
fn main() {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let powers: Vec<_> = s.powers.iter().map(|p| p.id).collect();
    let args: Vec<String> = std::env::args().collect();
    let seed0: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    for lone in [Kind::Heuristic, Kind::Random] {
        let other = if lone == Kind::Heuristic {
            Kind::Random
        } else {
            Kind::Heuristic
        };
        let mut wins = 0;
        for (i, p) in powers.iter().enumerate() {
            let seed = seed0 + i as u64;
            let mut g = Game::new(s.clone(), Rulebook::preset(Preset::All), seed, &[]).unwrap();
            let mut t = Table::of(&g, seed, |q| Some(if q == *p { lone } else { other }));
            play_until(
                &mut g,
                &mut t,
                coalition_engine::Date::new(1816, 1).unwrap(),
            );
            let w: Vec<_> = g
                .state()
                .outcome
                .as_ref()
                .map(|o| {
                    o.players
                        .iter()
                        .filter(|x| x.place == 1)
                        .filter_map(|x| x.counted)
                        .collect()
                })
                .unwrap_or_default();
            let won = w.contains(p);
            wins += won as u32;
            println!(
                "{} alone as {p}: winners {:?} {}",
                lone.name(),
                w,
                if won { "WON" } else { "" }
            );
        }
        println!("== {} alone won {wins}/7", lone.name());
    }
}
