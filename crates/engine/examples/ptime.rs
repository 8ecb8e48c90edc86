use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::{Date, Decision, Game};
use std::time::Instant;
fn main() {
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Rulebook::preset(Preset::Standard), 5, &[]).unwrap();
    let end = Date::new(1807, 1).unwrap();
    let mut x: u64 = 88172645463325252;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let (mut subs, mut land_subs) = (0, 0);
    let mut tchoices = std::time::Duration::ZERO;
    let mut tsubmit = std::time::Duration::ZERO;
    let t0 = Instant::now();
    while !g.state().finished && g.state().date() < end {
        let pending = g.pending();
        let power = pending[next(pending.len())];
        let t = Instant::now();
        let choices = g.choices(power);
        tchoices += t.elapsed();
        let land = g
            .state()
            .round
            .as_ref()
            .is_some_and(|r| r.kind == coalition_engine::state::RoundKind::Land);
        let d = if land && choices.contains(&Decision::Pass) && next(2) == 0 {
            Decision::Pass
        } else {
            choices[next(choices.len())].clone()
        };
        if land {
            land_subs += 1;
        }
        let t = Instant::now();
        g.submit(power, d).unwrap();
        tsubmit += t.elapsed();
        subs += 1;
    }
    println!(
        "subs {subs} land {land_subs} events {} total {:?} choices {:?} submit {:?}",
        g.log().len(),
        t0.elapsed(),
        tchoices,
        tsubmit
    );
}
