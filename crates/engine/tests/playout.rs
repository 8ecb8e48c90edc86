//! Random playouts (property test): 200 games of two years from the start, each decision chosen uniformly from
//! `choices()`. No step panics, every listed choice is accepted, unlisted or malformed ones are refused with a
//! rule id, the log rebuilds to the same state, and the political invariants hold after every event.

use coalition_engine::decision::Diplomatic;
use coalition_engine::game::Game;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::state::State;
use coalition_engine::{Date, Decision, Event};
use proptest::prelude::*;

fn check_invariants(s: &State) {
    // No two powers both allied and at war.
    for a in s.powers.keys() {
        for b in s.allies(*a) {
            assert!(
                !s.at_war(Nation::Power(*a), Nation::Power(b)),
                "{a} and {b} are allied and at war"
            );
        }
    }
    // No war begun under an enforced peace (none are made yet by the rules, but the host may record one).
    for w in s.relations.wars.iter().filter(|w| w.ended.is_none()) {
        if let (Some(a), Some(d)) = (w.aggressor.power(), w.defender.power()) {
            assert!(
                !s.relations.enforced_peaces.iter().any(|e| e.restricted == a
                    && e.towards == d
                    && e.since <= w.since
                    && w.since < e.until),
                "{a} declared war on {d} under an enforced peace"
            );
        }
    }
}

/// Plays `months` months choosing with `pick` among the listed choices; returns the game.
fn playout(seed: u64, months: i32, mut pick: impl FnMut(usize) -> usize) -> Game {
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Rulebook::preset(Preset::Standard), seed, &[]).unwrap();
    let end = Date::new(1805, 1).unwrap().plus_months(months);
    let mut seen_events = g.log().len();
    let mut shadow = g.state().clone();
    for e in g.log() {
        if let Event::PointsChanged { rule, .. } = e {
            assert!(!rule.is_empty());
        }
    }
    while !g.state().finished && g.state().date() < end {
        let pending = g.pending();
        assert!(!pending.is_empty(), "a live game always waits for someone");
        let power = pending[pick(pending.len())];
        let choices = g.choices(power);
        assert!(
            !choices.is_empty(),
            "{power} owes a decision but has no choices"
        );
        // An unlisted decision of the wrong kind is refused with a rule and changes nothing.
        let before = g.log().len();
        let wrong = Decision::BreakAlliances {
            with: vec![PowerId::new("nobody").unwrap()],
        };
        if !choices.contains(&wrong) {
            let e = g.submit(power, wrong).unwrap_err();
            assert!(!e.rule.is_empty());
            assert_eq!(g.log().len(), before);
        }
        // A power that owes nothing is refused.
        if let Some(other) = g.state().powers.keys().find(|p| !pending.contains(p)) {
            assert_eq!(g.submit(*other, Decision::Pass).unwrap_err().rule, "3.2");
        }
        let mut d = choices[pick(choices.len())].clone();
        if let Decision::Diplomacy {
            body: Diplomatic::Message { text },
            ..
        } = &mut d
        {
            *text = format!("seed {seed}");
        }
        g.submit(power, d.clone())
            .unwrap_or_else(|e| panic!("listed choice {d} refused: {e}"));
        // After every event: every change of points is explained by an event citing a rule, and the invariants
        // hold on the state folded up to that event.
        for e in &g.log()[seen_events..] {
            if let Event::PointsChanged { rule, .. } = e {
                assert!(!rule.is_empty() && rule != "data");
            }
            coalition_engine::apply::apply(&mut shadow, e);
            check_invariants(&shadow);
        }
        seen_events = g.log().len();
        assert_eq!(
            &shadow,
            g.state(),
            "the log folded event by event is the game's state"
        );
    }
    g
}

/// A small deterministic generator (xorshift64*) for the picks, seeded by proptest.
struct Picks(u64);

impl Picks {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>(), pick_seed in 1u64..u64::MAX) {
        let mut picks = Picks(pick_seed);
        let g = playout(seed, 24, |n| picks.next(n));
        prop_assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
    }
}
