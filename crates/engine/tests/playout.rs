//! Random playouts (property test): 200 games of two years from the start of 1805, and 30 of the 1853 world
//! (Coalition's scenarios as data: every world runs the same checks), each decision chosen uniformly from
//! `choices()`. No step panics, every listed choice is accepted, unlisted or malformed ones are refused with a
//! rule id, the log rebuilds to the same state, and the political invariants hold after every event
//! (`common/watch.rs`, which the bots' campaigns check too).
//! Money and manpower are conserved: after every event each power's treasury equals its start plus its income
//! and manipulation minus its spending, plus or minus the money passed between powers, as a ledger kept from the
//! events says, and never goes below zero; what purchases cost is what the cost table says of what is queued.
//! Every change of political points cites the clause that its cause (an alliance broken, a war declared, a peace,
//! a control gained ...) names. The Land Phase is played too, by random moves from `choices()` (a mover says
//! `done` half the time, so that months end): no force moves into an area its owner may not enter, every loss of
//! factors in the Land Phase is explained by its roll (forced march, foraging) and recorded, and control of an
//! area changes in the Land Phase only in its Conquest Step (7.7). In the Reinforcement Phase a transfer of ships
//! between fleets makes or loses none (5.1.3) and every ship scuttled is recorded as a loss by scuttling (5.1.4).

use coalition_engine::Decision;
use coalition_engine::decision::Diplomatic;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{Preset, Rulebook};
use proptest::prelude::*;

mod common;
use common::watch::Watch;

/// Plays `months` months of `scenario` from its start, choosing with `pick` among the listed choices; returns the
/// game.
fn playout(scenario: &str, seed: u64, months: i32, mut pick: impl FnMut(usize) -> usize) -> Game {
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario(scenario).unwrap());
    let end = s.meta.start.plus_months(months);
    let mut g = Game::new(s, Rulebook::preset(Preset::Standard), seed, &[]).unwrap();
    let mut watch = Watch::new(&g);
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
        let wrong = Decision::BreakAlliances(coalition_engine::decision::Break {
            with: vec![PowerId::new("nobody").unwrap()],
        });
        if !choices.contains(&wrong) {
            let e = g.submit(power, wrong).unwrap_err();
            assert!(!e.rule.is_empty());
            assert_eq!(g.log().len(), before);
        }
        // A power that owes nothing is refused.
        if let Some(other) = g.state().powers.keys().find(|p| !pending.contains(p)) {
            assert_eq!(g.submit(*other, Decision::Pass).unwrap_err().rule, "3.2");
        }
        let land = g.state().round.as_ref().is_some_and(|r| {
            matches!(
                r.kind,
                coalition_engine::state::RoundKind::Land
                    | coalition_engine::state::RoundKind::Naval
            )
        });
        let mut d = if land && choices.contains(&Decision::Pass) && pick(2) == 0 {
            Decision::Pass
        } else {
            choices[pick(choices.len())].clone()
        };
        if let Decision::Diplomacy(coalition_engine::decision::Send {
            body: Diplomatic::Message { text },
            ..
        }) = &mut d
        {
            *text = format!("seed {seed}");
        }
        g.submit(power, d.clone())
            .unwrap_or_else(|e| panic!("listed choice {d} refused: {e}"));
        watch.after(&g);
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
        let g = playout("1805", seed, 24, |n| picks.next(n));
        prop_assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 30, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_of_1853_keep_the_rules(seed in any::<u64>(), pick_seed in 1u64..u64::MAX) {
        let mut picks = Picks(pick_seed);
        let g = playout("1853", seed, 24, |n| picks.next(n));
        prop_assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
    }
}
