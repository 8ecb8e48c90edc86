//! Random playouts with UMPs (property test, 14.3): two-player (two powers each) and four-player 1805 games run
//! through the opening UMP Control Step and three Decembers, every decision chosen at random from `choices()`
//! and submitted by the player that controls the power (`submit_as`), bids combined at random over the UMPs.
//! After every event: every UMP has at most one controller, a seated power of one player; the victory points
//! charged for bids never exceed the bids revealed, and equal them once each round is resolved.

mod common;

use coalition_engine::decision::Diplomatic;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::{PlayerId, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::PlayerDef;
use coalition_engine::state::{RoundKind, State};
use coalition_engine::umps::control::UmpBid;
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn seats(list: &[(&str, &[&str])]) -> Vec<PlayerDef> {
    list.iter()
        .map(|(id, ps)| PlayerDef {
            id: PlayerId::new(id).unwrap(),
            powers: ps.iter().map(|s| common::p(s)).collect(),
        })
        .collect()
}

/// Every UMP has at most one controller: a power some player has a seat for, never an UMP, and only one player
/// decides for it.
fn umps_have_one_controller(s: &State) {
    for (u, x) in &s.umps {
        assert!(
            !s.players.values().any(|ps| ps.contains(u)),
            "{u} is an UMP and has a seat"
        );
        if let Some(c) = x.controller {
            assert!(!s.umps.contains_key(&c), "{u} is controlled by the UMP {c}");
            let holders = s.players.values().filter(|ps| ps.contains(&c)).count();
            assert_eq!(holders, 1, "{u}'s controller {c} has {holders} players");
        }
    }
}

/// A neutral UMP has no forces on the map (14.3.2.4.2). Checked between decisions: the forces leave in the
/// events that follow the change of status.
fn neutral_umps_are_off_the_map(s: &State) {
    for (u, x) in &s.umps {
        if x.status == coalition_engine::umps::UmpStatus::Neutral {
            let n = coalition_engine::umps::rules::forces_on_map(s, *u);
            assert_eq!(n, 0, "the neutral UMP {u} has {n} forces on the map");
        }
    }
}

/// Bids revealed and victory points charged for them (14.3.1.1), so far.
#[derive(Default)]
struct Ledger {
    bid: i64,
    charged: i64,
}

impl Ledger {
    fn see(&mut self, e: &Event) {
        match e {
            Event::Revealed {
                round: RoundKind::UmpBids,
                decisions,
            } => {
                for d in decisions.values() {
                    if let Decision::UmpBids { bids } = d {
                        self.bid += bids.iter().map(|b| b.points as i64).sum::<i64>();
                    }
                }
            }
            Event::World(WorldEvent::VictoryPointsChanged { delta, rule, .. })
                if rule == "14.3.1.1" =>
            {
                self.charged -= *delta as i64
            }
            _ => {}
        }
    }
}

/// A random set of bids from the listed single bids: for each UMP, decline or one of its listed bids.
fn random_bids(choices: &[Decision], pick: &mut impl FnMut(usize) -> usize) -> Decision {
    let mut per: BTreeMap<PowerId, Vec<UmpBid>> = BTreeMap::new();
    for d in choices {
        if let Decision::UmpBids { bids } = d
            && let [b] = bids.as_slice()
        {
            per.entry(b.ump).or_default().push(*b);
        }
    }
    let mut bids = Vec::new();
    for list in per.values() {
        let i = pick(list.len() + 1);
        if i < list.len() {
            bids.push(list[i]);
        }
    }
    Decision::UmpBids { bids }
}

/// The UMP Control Steps the game has begun.
fn control_steps(g: &Game) -> usize {
    g.log()
        .iter()
        .filter(|e| {
            matches!(e, Event::StepBegan { position } if position.step == coalition_engine::Step::UmpControl)
        })
        .count()
}

fn playout(players: &[PlayerDef], seed: u64, mut pick: impl FnMut(usize) -> usize) -> (Game, u32) {
    let s = std::sync::Arc::new(coalition_engine::scenario::embedded_scenario("1805").unwrap());
    let mut g = Game::new(s, Rulebook::preset(Preset::Standard), seed, players).unwrap();
    // Through the opening step and the Decembers of 1805, 1806 and 1807.
    let end = Date::new(1808, 1).unwrap();
    let mut shadow = State::initial(g.scenario());
    let mut ledger = Ledger::default();
    let mut seen = 0;
    let mut control_rounds = 0;
    while !g.state().finished && g.state().date() < end {
        for e in &g.log()[seen..] {
            coalition_engine::apply::apply(&mut shadow, e);
            ledger.see(e);
            umps_have_one_controller(&shadow);
            assert!(ledger.charged <= ledger.bid, "charged more than was bid");
        }
        seen = g.log().len();
        neutral_umps_are_off_the_map(&shadow);
        assert_eq!(
            &shadow,
            g.state(),
            "the log folded event by event is the state"
        );
        assert_eq!(
            ledger.charged, ledger.bid,
            "victory points charged = bids made"
        );
        let pending = g.pending();
        assert!(!pending.is_empty(), "a live game always waits for someone");
        let power = pending[pick(pending.len())];
        let player = g
            .state()
            .player_of(power)
            .expect("only powers a player controls owe decisions");
        // Another player may not decide for this power.
        if let Some(other) = g.state().players.keys().find(|p| **p != player) {
            let e = g.submit_as(*other, power, Decision::Pass).unwrap_err();
            assert!(e.rule == "14.2.1" || e.rule == "14.3", "{e}");
        }
        let choices = g.choices(power);
        assert!(!choices.is_empty(), "{power} owes a decision but has none");
        let mut d = if matches!(choices[0], Decision::UmpBids { .. }) {
            control_rounds += 1;
            random_bids(&choices, &mut pick)
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
        g.submit_as(player, power, d.clone())
            .unwrap_or_else(|e| panic!("{d} for {power} by {player} refused: {e}"));
    }
    (g, control_rounds)
}

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
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn two_player_games_keep_the_ump_rules(seed in any::<u64>(), pick_seed in 1u64..u64::MAX) {
        // rule: 14.3
        // rule: 14.3.1.1
        let mut picks = Picks(pick_seed);
        let players = seats(&[("anne", &["france", "spain"]), ("bill", &["great-britain", "austria"])]);
        let (g, rounds) = playout(&players, seed, |n| picks.next(n));
        prop_assert!(rounds >= 2, "the players bid in the opening step at least");
        prop_assert_eq!(control_steps(&g), 4, "the opening step and three Decembers");
        prop_assert_eq!(g.state().umps.len(), 3);
        prop_assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
    }

    #[test]
    fn four_player_games_keep_the_ump_rules(seed in any::<u64>(), pick_seed in 1u64..u64::MAX) {
        // rule: 14.3
        // rule: 14.3.1.1
        let mut picks = Picks(pick_seed);
        let players = seats(&[
            ("anne", &["france"]),
            ("bill", &["great-britain"]),
            ("carl", &["austria"]),
            ("dora", &["russia"]),
        ]);
        let (g, rounds) = playout(&players, seed, |n| picks.next(n));
        prop_assert!(rounds >= 4, "the players bid in the opening step at least");
        prop_assert_eq!(control_steps(&g), 4, "the opening step and three Decembers");
        prop_assert_eq!(g.state().umps.len(), 3);
        prop_assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
    }
}
