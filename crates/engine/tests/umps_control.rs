//! Rule 14.3.1 and the players of 14.2.1/14.2.2: UMPs at the start, the UMP Control Step (the opening one and
//! December's), its bids, bars, modifiers and outcomes, mid-year control, submissions checked against the player,
//! and the players' scores.

mod common;

use coalition_engine::calendar::{Date, Position, Step};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{Nation, PlayerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{PlayerDef, Scenario, embedded_scenario};
use coalition_engine::umps::UmpStatus;
use coalition_engine::umps::control::{self, UmpBid};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Decision, dice::Roll};
use common::{np, p};
use std::sync::Arc;

fn s1805() -> Arc<Scenario> {
    Arc::new(embedded_scenario("1805").unwrap())
}

fn seat(id: &str, powers: &[&str]) -> PlayerDef {
    PlayerDef {
        id: PlayerId::new(id).unwrap(),
        powers: powers.iter().map(|s| p(s)).collect(),
    }
}

/// The text's four players: France, Britain, Austria and Russia; Turkey, Prussia and Spain are UMPs.
fn four() -> Vec<PlayerDef> {
    vec![
        seat("anne", &["france"]),
        seat("bill", &["great-britain"]),
        seat("carl", &["austria"]),
        seat("dora", &["russia"]),
    ]
}

fn pl(s: &str) -> PlayerId {
    PlayerId::new(s).unwrap()
}

/// A four-player 1805 game, with `setup` adjustments (3.7) applied before the UMPs are made.
fn game_with(setup: &[Adjustment]) -> Game {
    Game::with_setup(
        s1805(),
        Rulebook::preset(Preset::Standard),
        7,
        &four(),
        None,
        setup,
    )
    .unwrap()
}

/// Britain and Spain at peace: the 1805 set-up has them at war, which allows Britain only a bid of 0.
fn spain_at_peace() -> Vec<Adjustment> {
    vec![Adjustment::Peace {
        a: np("great-britain"),
        b: np("spain"),
    }]
}

fn bids(list: &[(&str, i32)]) -> Decision {
    Decision::UmpBids {
        bids: list
            .iter()
            .map(|(u, n)| UmpBid {
                ump: p(u),
                points: *n,
            })
            .collect(),
    }
}

fn none() -> Decision {
    Decision::UmpBids { bids: vec![] }
}

fn vp(g: &Game, s: &str) -> i32 {
    g.state().powers[&p(s)].victory_points
}

fn rolls_since(g: &Game, from: usize) -> Vec<Roll> {
    g.log()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) => Some(roll.clone()),
            _ => None,
        })
        .collect()
}

/// Submits the given bids and declines for every other owing power.
fn bid_all(g: &mut Game, list: Vec<(&str, Decision)>) {
    common::submit_all(g, list);
}

#[test]
fn powers_without_a_seat_become_umps_and_the_game_opens_with_a_control_step() {
    // rule: 14.3
    let g = game_with(&[]);
    let st = g.state();
    let umps: Vec<_> = st.umps.keys().copied().collect();
    assert_eq!(umps, vec![p("prussia"), p("spain"), p("turkey")]);
    assert!(st.umps.values().all(|u| u.controller.is_none()));
    // Spain is at war with Britain at the start: inactive; the others are neutral.
    assert_eq!(st.umps[&p("spain")].status, UmpStatus::Inactive);
    assert_eq!(st.umps[&p("prussia")].status, UmpStatus::Neutral);
    assert_eq!(st.umps[&p("turkey")].status, UmpStatus::Neutral);
    // The opening step, dated the December before the first month, asks each player's power for bids.
    assert_eq!(
        st.position,
        Position {
            date: Date::new(1804, 12).unwrap(),
            step: Step::UmpControl
        }
    );
    assert_eq!(
        g.pending(),
        vec![p("austria"), p("france"), p("great-britain"), p("russia")]
    );
    // A hot-seat game (every power seated) has no UMPs and starts in January.
    let hot = Game::new(s1805(), Rulebook::preset(Preset::Standard), 7, &[]).unwrap();
    assert!(hot.state().umps.is_empty());
    assert_eq!(hot.state().position.date, Date::new(1805, 1).unwrap());
}

#[test]
fn the_british_bids_cost_eleven_victory_points() {
    // rule: 14.3.1.1 — "1 for Turkey, 5 for Prussia and 5 for Spain, subtracting a total of 11".
    let mut g = game_with(&spain_at_peace());
    let before = g.log().len();
    bid_all(
        &mut g,
        vec![(
            "great-britain",
            bids(&[("turkey", 1), ("prussia", 5), ("spain", 5)]),
        )],
    );
    assert_eq!(vp(&g, "great-britain"), -11);
    let charged: Vec<_> = g.log()[before..]
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::VictoryPointsChanged {
                power, delta, rule, ..
            }) => Some((*power, *delta, rule.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(charged, vec![(p("great-britain"), -11, "14.3.1.1".into())]);
    // The bids were sealed until all were in, then revealed together.
    assert!(g.log()[before..].iter().any(|e| matches!(
        e,
        Event::Revealed {
            round: coalition_engine::state::RoundKind::UmpBids,
            ..
        }
    )));
    // Britain, the only bidder, controls all three and gained 2 political points for each.
    for u in ["turkey", "prussia", "spain"] {
        assert_eq!(g.state().umps[&p(u)].controller, Some(p("great-britain")));
    }
}

#[test]
fn bids_are_whole_numbers_from_zero_to_five_and_declining_is_free() {
    // rule: 14.3.1.1
    let mut g = game_with(&spain_at_peace());
    let e = g.submit(p("france"), bids(&[("prussia", 6)])).unwrap_err();
    assert_eq!(e.rule, "14.3.1.1");
    assert!(e.reason.contains("0 to 5"), "{}", e.reason);
    let e = g
        .submit(p("france"), bids(&[("prussia", 1), ("prussia", 2)]))
        .unwrap_err();
    assert_eq!(e.rule, "3.3");
    // A player may bid the same for several UMPs; declining costs nothing.
    bid_all(
        &mut g,
        vec![("france", bids(&[("prussia", 3), ("turkey", 3)]))],
    );
    assert_eq!(vp(&g, "france"), -6);
    assert_eq!(vp(&g, "austria"), 0);
    assert_eq!(g.state().position.date, Date::new(1805, 1).unwrap());
}

#[test]
fn a_player_at_war_with_an_ump_may_bid_only_zero() {
    // rule: 14.3.1.1 — 1805: Britain is at war with Spain.
    let mut g = game_with(&[]);
    let listed = g.choices(p("great-britain"));
    assert!(listed.contains(&bids(&[("spain", 0)])));
    assert!(!listed.contains(&bids(&[("spain", 1)])));
    let e = g
        .submit(p("great-britain"), bids(&[("spain", 3)]))
        .unwrap_err();
    assert_eq!(e.rule, "14.3.1.1");
    assert!(e.reason.contains("must bid 0"), "{}", e.reason);
    g.submit(p("great-britain"), bids(&[("spain", 0)])).unwrap();
}

#[test]
fn a_player_at_war_with_forces_inside_the_ump_may_not_bid() {
    // rule: 14.3.1.1 — a British corps in a Spanish area while at war with Spain.
    let sc = s1805();
    let spanish = sc.areas_of(np("spain"))[0];
    let c = &sc.power(p("great-britain")).unwrap().corps[0];
    let mut g = game_with(&[Adjustment::Corps {
        corps: c.id,
        factors: coalition_engine::scenario::Factors {
            infantry: 4,
            ..Default::default()
        },
        location: coalition_engine::scenario::Location::Area(spanish),
    }]);
    let e = g
        .submit(p("great-britain"), bids(&[("spain", 0)]))
        .unwrap_err();
    assert_eq!(e.rule, "14.3.1.1");
    assert!(e.reason.contains("forces inside"), "{}", e.reason);
    assert!(g.choices(p("great-britain")).iter().all(
        |d| !matches!(d, Decision::UmpBids { bids } if bids.iter().any(|b| b.ump == p("spain")))
    ));
}

#[test]
fn every_modifier_is_shown_in_the_roll() {
    // rule: 14.3.1.2.1
    // rule: 14.3.1.2.2
    // rule: 14.3.1.2.3
    // rule: 14.3.1.2.4
    // rule: 14.3.1.2.5
    // rule: UMP1
    // Britain allied to Prussia, Dominant (status +1); Russia at war with Turkey (Instability, -1).
    let mut g = game_with(&[
        Adjustment::Alliance {
            a: p("great-britain"),
            b: p("prussia"),
            since: None,
        },
        Adjustment::PoliticalPoints {
            power: p("great-britain"),
            delta: 10,
        },
        Adjustment::PoliticalPoints {
            power: p("russia"),
            delta: -12,
        },
        Adjustment::War {
            aggressor: np("russia"),
            defender: np("turkey"),
            since: None,
        },
    ]);
    let before = g.log().len();
    g.force_dice(&[3, 4, 2, 2]).unwrap();
    bid_all(
        &mut g,
        vec![
            ("great-britain", bids(&[("prussia", 4)])),
            ("russia", bids(&[("turkey", 0)])),
        ],
    );
    let rolls = rolls_since(&g, before);
    let gb = rolls.iter().find(|r| r.who == "great-britain").unwrap();
    let m: Vec<(i32, &str)> = gb
        .modifiers
        .iter()
        .map(|m| (m.value, m.rule.as_str()))
        .collect();
    // Bid 4, allied +1, status +1 (Dominant), natural alliance Britain-Prussia +2 (UMP1).
    assert_eq!(
        m,
        vec![
            (4, "14.3.1.2.1"),
            (1, "14.3.1.2.2"),
            (1, "14.3.1.2.4"),
            (2, "14.3.1.2.5")
        ]
    );
    assert_eq!(gb.faces, vec![3, 4]);
    assert_eq!(gb.total, 3 + 4 + 4 + 1 + 1 + 2);
    let ru = rolls.iter().find(|r| r.who == "russia").unwrap();
    let m: Vec<(i32, &str)> = ru
        .modifiers
        .iter()
        .map(|m| (m.value, m.rule.as_str()))
        .collect();
    // Bid 0, at war -2, status -1 (Instability), natural alliance Russia-Turkey -3.
    assert_eq!(
        m,
        vec![
            (0, "14.3.1.2.1"),
            (-2, "14.3.1.2.3"),
            (-1, "14.3.1.2.4"),
            (-3, "14.3.1.2.5")
        ]
    );
    assert_eq!(ru.total, 2 + 2 - 6);
    assert_eq!(
        control::natural_alliance(g.scenario(), p("russia"), p("turkey")),
        -3
    );
}

#[test]
fn the_highest_roll_wins_two_points_and_sets_the_status() {
    // rule: 14.3.1.3
    // rule: 14.3.1.3.1
    // rule: 14.3.1.3.3
    let mut g = game_with(&spain_at_peace());
    let pp_gb = common::pp(&g, "great-britain");
    let pp_fr = common::pp(&g, "france");
    // Prussia: France (bid 0, natural -3) rolls 6+6 = 9; Britain (bid 5, +2) rolls 1+1 = 9... France's 9 loses
    // to Britain's 9? No: make Britain 2+2+5+2 = 11 (active) against France 6+6-3 = 9.
    // Turkey: France alone, bid 1, natural +1, rolls 2+3 = 7: neutral (Turkey is at peace).
    g.force_dice(&[6, 6, 2, 2, 2, 3]).unwrap();
    bid_all(
        &mut g,
        vec![
            ("france", bids(&[("prussia", 0), ("turkey", 1)])),
            ("great-britain", bids(&[("prussia", 5)])),
        ],
    );
    let st = g.state();
    assert_eq!(st.umps[&p("prussia")].controller, Some(p("great-britain")));
    assert_eq!(st.umps[&p("prussia")].status, UmpStatus::Active);
    assert_eq!(st.umps[&p("turkey")].controller, Some(p("france")));
    assert_eq!(st.umps[&p("turkey")].status, UmpStatus::Neutral);
    // Nobody bid for Spain: uncontrolled and neutral (at peace in this set-up).
    assert_eq!(st.umps[&p("spain")].controller, None);
    assert_eq!(st.umps[&p("spain")].status, UmpStatus::Neutral);
    assert_eq!(common::pp(&g, "great-britain"), pp_gb + 2);
    assert_eq!(common::pp(&g, "france"), pp_fr + 2);
    let rules: Vec<String> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::UmpControl {
                ump,
                rule,
                controller: Some(_),
                ..
            }) => Some(format!("{ump} {rule}")),
            _ => None,
        })
        .collect();
    assert_eq!(rules, vec!["prussia 14.3.1.3.1", "turkey 14.3.1.3.3"]);
}

#[test]
fn an_ump_at_war_won_under_ten_is_inactive() {
    // rule: 14.3.1.3.2 — Spain at war with Britain; France wins it with 1+1+0+0 = 2.
    let mut g = game_with(&[]);
    g.force_dice(&[1, 1]).unwrap();
    bid_all(&mut g, vec![("france", bids(&[("spain", 0)]))]);
    let u = &g.state().umps[&p("spain")];
    assert_eq!(u.controller, Some(p("france")));
    assert_eq!(u.status, UmpStatus::Inactive);
}

#[test]
fn ties_for_the_highest_are_broken_by_competitive_rolls() {
    // rule: 14.3.1.3 — Austria and France tie at 7 for Turkey; the reroll gives it to Austria.
    let mut g = game_with(&[]);
    let before = g.log().len();
    // Austria bids 3 (natural -2): 3+3+3-2 = 7; France bids 2 (natural +1): 2+2+2+1 = 7. Reroll 6+5 v 1+1.
    g.force_dice(&[3, 3, 2, 2, 6, 5, 1, 1]).unwrap();
    bid_all(
        &mut g,
        vec![
            ("austria", bids(&[("turkey", 3)])),
            ("france", bids(&[("turkey", 2)])),
        ],
    );
    let rolls = rolls_since(&g, before);
    assert_eq!(rolls.len(), 4);
    assert!(rolls[2].purpose.contains("tie"));
    assert!(rolls[2].modifiers.is_empty());
    assert_eq!(g.state().umps[&p("turkey")].controller, Some(p("austria")));
    // Austria's first modified roll (7) sets the status: neutral.
    assert_eq!(g.state().umps[&p("turkey")].status, UmpStatus::Neutral);
}

#[test]
fn gaining_control_of_an_ump_at_war_makes_an_informal_peace() {
    // rule: 14.3.2.1 — Britain, at war with Spain, bids 0 and wins it.
    let mut g = game_with(&[]);
    g.force_dice(&[6, 6]).unwrap();
    bid_all(&mut g, vec![("great-britain", bids(&[("spain", 0)]))]);
    let st = g.state();
    assert!(!st.at_war(np("great-britain"), np("spain")));
    assert!(g.log().iter().any(
        |e| matches!(e, Event::World(WorldEvent::WarEnded { rule, .. }) if rule == "14.3.2.1")
    ));
    // 6+6+0-2+1 = 11: active, and no longer at war with anyone.
    assert_eq!(st.umps[&p("spain")].controller, Some(p("great-britain")));
    assert_eq!(st.umps[&p("spain")].status, UmpStatus::Active);
}

#[test]
fn an_ump_nobody_bids_for_at_war_must_surrender_in_the_next_peace_step() {
    // rule: 14.3.1.3.3 — nobody bids for Spain, at war with Britain; in January's Peace Step it sues Britain and
    // accepts its offer.
    let mut g = game_with(&[]);
    bid_all(&mut g, vec![]);
    let st = g.state();
    assert_eq!(st.umps[&p("spain")].controller, None);
    assert_eq!(st.umps[&p("spain")].status, UmpStatus::Inactive);
    assert_eq!(st.forced_surrenders.len(), 1);
    assert_eq!(st.forced_surrenders[0].date, Date::new(1805, 1).unwrap());
    // Britain offers unconditional peace; Spain (nobody's) accepts it.
    common::run_to(&mut g, Step::Peace);
    let owing = g.pending();
    assert!(owing.contains(&p("great-britain")));
    for q in owing {
        let d = g.default_decision(q).unwrap();
        g.submit(q, d).unwrap();
    }
    // Britain was sued: it offers unconditional peace.
    assert_eq!(g.pending(), vec![p("great-britain")]);
    g.submit(
        p("great-britain"),
        Decision::parse("offer unconditional", g.scenario()).unwrap(),
    )
    .unwrap();
    for _ in 0..50 {
        if g.state().position.step != Step::Peace {
            break;
        }
        let q = g.pending()[0];
        let d = g.default_decision(q).unwrap();
        g.submit(q, d).unwrap();
    }
    assert!(!g.state().at_war(np("great-britain"), np("spain")));
    assert!(
        g.state()
            .treaties
            .peaces
            .iter()
            .any(|r| r.loser == p("spain")
                && r.victor == p("great-britain")
                && r.kind == coalition_engine::political::peace::PeaceKind::Unconditional)
    );
}

#[test]
fn war_on_an_uncontrolled_ump_opens_bidding_for_inactive_status_without_the_declarer() {
    // rule: 14.3.2.4.1
    // rule: 14.3.1.3.3
    let mut g = game_with(&[]);
    bid_all(&mut g, vec![]);
    common::run_to(&mut g, Step::DeclarationsOfWar);
    bid_all(
        &mut g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("prussia")],
            }),
        )],
    );
    // The bidding round opens in the Declarations of War Step, without France.
    assert_eq!(g.state().position.step, Step::DeclarationsOfWar);
    assert_eq!(
        g.pending(),
        vec![p("austria"), p("great-britain"), p("russia")]
    );
    let e = g.submit(p("france"), bids(&[("prussia", 0)])).unwrap_err();
    assert_eq!(e.rule, "3.2");
    // Russia wins with a roll that would make it active in December: it is inactive.
    g.force_dice(&[6, 6]).unwrap();
    bid_all(&mut g, vec![("russia", bids(&[("prussia", 5)]))]);
    let u = &g.state().umps[&p("prussia")];
    assert_eq!(u.controller, Some(p("russia")));
    assert_eq!(u.status, UmpStatus::Inactive);
    assert_eq!(vp(&g, "russia"), -5);
}

#[test]
fn a_player_that_declared_war_this_month_may_not_bid() {
    // rule: 14.3.2.4.1 — two players: France declares on Prussia; the round asks Austria only, and France's
    // power may not bid even through the player's other power.
    let mut g = Game::new(
        s1805(),
        Rulebook::preset(Preset::Standard),
        3,
        &[
            seat("anne", &["france", "spain"]),
            seat("bill", &["austria", "great-britain"]),
        ],
    )
    .unwrap();
    bid_all(&mut g, vec![]);
    common::run_to(&mut g, Step::DeclarationsOfWar);
    bid_all(
        &mut g,
        vec![(
            "spain",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("prussia")],
            }),
        )],
    );
    // Anne bids through France (her highest power), but Spain, hers too, declared: she may not bid.
    assert_eq!(g.pending(), vec![p("austria")]);
    bid_all(&mut g, vec![]);
    // Nobody bid: Prussia must surrender this month.
    assert!(
        g.state()
            .forced_surrenders
            .iter()
            .any(|f| f.ump == p("prussia") && f.date == g.state().date())
    );
}

#[test]
fn a_controlled_neutral_ump_declared_upon_becomes_inactive_for_its_controller() {
    // rule: 14.3.1.3.3
    let mut g = game_with(&spain_at_peace());
    g.force_dice(&[1, 1]).unwrap();
    bid_all(&mut g, vec![("austria", bids(&[("turkey", 0)]))]);
    assert_eq!(g.state().umps[&p("turkey")].status, UmpStatus::Neutral);
    common::run_to(&mut g, Step::DeclarationsOfWar);
    bid_all(
        &mut g,
        vec![(
            "russia",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("turkey")],
            }),
        )],
    );
    let u = &g.state().umps[&p("turkey")];
    assert_eq!(u.controller, Some(p("austria")));
    assert_eq!(u.status, UmpStatus::Inactive);
}

#[test]
fn a_controlled_ump_is_decided_by_its_controllers_player() {
    // rule: 14.3 — Britain wins Prussia; Prussia's decisions now wait for Britain's player, and only that player
    // may submit them.
    let mut g = game_with(&spain_at_peace());
    g.force_dice(&[6, 6]).unwrap();
    bid_all(&mut g, vec![("great-britain", bids(&[("prussia", 5)]))]);
    assert_eq!(g.state().position.step, Step::Diplomacy);
    assert!(g.pending().contains(&p("prussia")));
    assert!(!g.pending().contains(&p("turkey")), "Turkey is nobody's");
    assert!(control::controls(g.state(), pl("bill"), p("prussia")));
    let e = g
        .submit_as(pl("anne"), p("prussia"), Decision::Pass)
        .unwrap_err();
    assert_eq!(e.rule, "14.3");
    let e = g
        .submit_as(pl("anne"), p("great-britain"), Decision::Pass)
        .unwrap_err();
    assert_eq!(e.rule, "14.2.1");
    let e = g
        .submit_as(pl("nobody"), p("france"), Decision::Pass)
        .unwrap_err();
    assert_eq!(e.rule, "14.2.1");
    g.submit_as(pl("bill"), p("prussia"), Decision::Pass)
        .unwrap();
    g.submit_as(pl("anne"), p("france"), Decision::Pass)
        .unwrap();
    assert_eq!(
        control::powers_of(g.state(), pl("bill")),
        vec![p("great-britain"), p("prussia")]
    );
}

#[test]
fn a_players_score_is_its_highest_seated_power_and_bids_come_off_that_power() {
    // rule: 14.3.1.1 — two players with two powers each; Anne's Spain has more victory points than France.
    let mut g = Game::with_setup(
        s1805(),
        Rulebook::preset(Preset::Standard),
        3,
        &[
            seat("anne", &["france", "spain"]),
            seat("bill", &["austria", "great-britain"]),
        ],
        None,
        &[
            Adjustment::VictoryPoints {
                power: p("spain"),
                delta: 30,
            },
            Adjustment::VictoryPoints {
                power: p("france"),
                delta: 12,
            },
        ],
    )
    .unwrap();
    assert_eq!(
        control::highest_power(g.state(), pl("anne")),
        Some(p("spain"))
    );
    assert_eq!(control::player_score(g.state(), pl("anne")), Some(30));
    assert_eq!(g.pending(), vec![p("austria"), p("spain")]);
    bid_all(&mut g, vec![("spain", bids(&[("turkey", 4)]))]);
    assert_eq!(vp(&g, "spain"), 26);
    assert_eq!(vp(&g, "france"), 12);
    let view = g.view(p("france"));
    assert_eq!(view.scores[&pl("anne")], 26);
    assert_eq!(view.scores[&pl("bill")], 0);
}

#[test]
fn a_scenario_may_name_umps_already_controlled() {
    // rule: 14.3 — the campaign's list of UMPs controlled at the start.
    let mut sc = embedded_scenario("1805").unwrap();
    sc.meta.controlled_umps = vec![(p("spain"), p("france")), (p("turkey"), p("prussia"))];
    let g = Game::new(Arc::new(sc), Rulebook::preset(Preset::Standard), 7, &four()).unwrap();
    let st = g.state();
    assert_eq!(st.umps[&p("spain")].controller, Some(p("france")));
    assert_eq!(st.umps[&p("spain")].status, UmpStatus::Active);
    // Prussia has no player: it cannot control Turkey.
    assert_eq!(st.umps[&p("turkey")].controller, None);
    // The opening step bids only for the UMPs nobody controls.
    assert_eq!(
        st.ump_control.bidding.as_ref().unwrap().umps,
        vec![p("prussia"), p("turkey")]
    );
}

#[test]
fn december_bids_again_for_every_ump() {
    // rule: 14.3.1 — control lasts the year; December's step bids for every UMP, controlled or not.
    let mut g = game_with(&spain_at_peace());
    g.force_dice(&[6, 6]).unwrap();
    bid_all(&mut g, vec![("great-britain", bids(&[("prussia", 5)]))]);
    common::run_to(&mut g, Step::UmpControl);
    assert_eq!(g.state().date(), Date::new(1805, 12).unwrap());
    assert_eq!(
        g.state().ump_control.bidding.as_ref().unwrap().umps,
        vec![p("prussia"), p("spain"), p("turkey")]
    );
    // Nobody bids: Prussia is nobody's again, and neutral.
    bid_all(&mut g, vec![]);
    let u = &g.state().umps[&p("prussia")];
    assert_eq!(u.controller, None);
    assert_eq!(u.status, UmpStatus::Neutral);
    assert_eq!(u.last_controller, Some(p("great-britain")));
    assert_eq!(g.state().date(), Date::new(1806, 1).unwrap());
}

#[test]
fn bids_read_and_print_in_the_short_form() {
    // rule: 14.3.1.1
    let sc = s1805();
    let d = Decision::parse("bid turkey:1,prussia:5,spain:5", &sc).unwrap();
    assert_eq!(d, bids(&[("turkey", 1), ("prussia", 5), ("spain", 5)]));
    assert_eq!(d.to_string(), "bid turkey:1,prussia:5,spain:5");
    assert_eq!(Decision::parse("bid none", &sc).unwrap(), none());
    assert_eq!(
        Decision::parse("bid prussia:x", &sc).unwrap_err().rule,
        "14.3.1.1"
    );
    let _ = Nation::Power(p("spain"));
}

#[test]
fn bids_are_sealed_until_all_are_in() {
    // rule: 14.3.1.1 — "secretly writes down a bid".
    let mut g = game_with(&spain_at_peace());
    g.submit(p("great-britain"), bids(&[("prussia", 5)]))
        .unwrap();
    let v = g.view(p("france"));
    let r = v.state.round.as_ref().unwrap();
    assert!(r.sealed);
    assert!(r.submitted.is_empty(), "France sees no other bid");
    assert!(v.log.iter().all(|e| !matches!(
        e,
        Event::Submitted {
            decision: Some(_),
            ..
        }
    )));
    // Britain sees its own.
    let v = g.view(p("great-britain"));
    assert_eq!(
        v.state.round.as_ref().unwrap().submitted[&p("great-britain")],
        bids(&[("prussia", 5)])
    );
}

#[test]
fn the_status_modifier_is_read_when_the_bids_are_revealed() {
    // rule: 14.3.1.2.4 — Britain at 23 points (Ascendant, 0) wins Prussia (+2: 25, Dominant); its roll for Spain
    // still carries the modifier of the reveal, 0.
    let mut g = game_with(&[
        Adjustment::Peace {
            a: np("great-britain"),
            b: np("spain"),
        },
        Adjustment::PoliticalPoints {
            power: p("great-britain"),
            delta: 5,
        },
    ]);
    let before = g.log().len();
    g.force_dice(&[6, 6, 1, 1]).unwrap();
    bid_all(
        &mut g,
        vec![("great-britain", bids(&[("prussia", 5), ("spain", 0)]))],
    );
    assert_eq!(common::pp(&g, "great-britain"), 23 + 2 + 2);
    let rolls = rolls_since(&g, before);
    for r in &rolls {
        let status = r.modifiers.iter().find(|m| m.rule == "14.3.1.2.4").unwrap();
        assert_eq!(status.value, 0, "{}", r.purpose);
    }
}

/// The problems reported after replacing `old` by `new` once in the test scenario's `file`.
fn data_problems(file: &str, old: &str, new: &str) -> Vec<coalition_engine::error::DataError> {
    let mut src = coalition_engine::scenario::embedded_sources("test").unwrap();
    let text = src.files.get_mut(file).unwrap();
    assert_eq!(text.matches(old).count(), 1, "`{old}` in {file}");
    *text = text.replacen(old, new, 1);
    match Scenario::load(&src, "test") {
        Ok(_) => panic!("a data mistake was expected"),
        Err(e) => e.0,
    }
}

#[test]
fn the_data_checks_the_campaigns_controlled_umps_and_the_control_chart() {
    // rule: 14.3 — an UMP controlled by itself, or twice, is refused with its file and entry.
    let got = data_problems(
        "scenarios/test/scenario.ron",
        "ruleset: \"standard\",",
        "ruleset: \"standard\", controlled_umps: [(\"prussia\", \"prussia\"), (\"austria\", \"france\"), (\"austria\", \"prussia\")],",
    );
    let msgs: Vec<(String, String)> = got
        .iter()
        .map(|e| (e.entry.clone(), e.message.clone()))
        .collect();
    assert_eq!(
        msgs,
        vec![
            (
                "controlled_umps prussia".to_string(),
                "a power cannot control itself as an UMP".to_string()
            ),
            (
                "controlled_umps austria".to_string(),
                "is named twice (an UMP has at most one controller)".to_string()
            ),
        ]
    );
    assert!(got.iter().all(|e| e.file == "scenarios/test/scenario.ron"));
    // rule: 14.3.1 — the control roll needs dice (14.3.1.2).
    let got = data_problems("rulesets/standard/charts.ron", "dice: 2,", "dice: 0,");
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].file, "rulesets/standard/charts.ron");
    assert_eq!(got[0].entry, "ump_control");
}

#[test]
fn a_power_that_declared_war_on_an_ump_this_month_may_not_bid_in_december() {
    // rule: 14.3.1.1 — France declares war on Prussia in December 1805: it may not bid for Prussia in either
    // round of that month.
    let mut g = Game::with_setup(
        s1805(),
        Rulebook::preset(Preset::Standard),
        9,
        &four(),
        Some(Position {
            date: Date::new(1805, 12).unwrap(),
            step: Step::DeclarationsOfWar,
        }),
        &[],
    )
    .unwrap();
    bid_all(
        &mut g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("prussia")],
            }),
        )],
    );
    // The mid-year round: Britain wins Prussia (inactive).
    g.force_dice(&[3, 3]).unwrap();
    bid_all(&mut g, vec![("great-britain", bids(&[("prussia", 0)]))]);
    assert_eq!(
        g.state().umps[&p("prussia")].controller,
        Some(p("great-britain"))
    );
    common::run_to(&mut g, Step::UmpControl);
    assert_eq!(g.state().date(), Date::new(1805, 12).unwrap());
    let e = g.submit(p("france"), bids(&[("prussia", 0)])).unwrap_err();
    assert_eq!(e.rule, "14.3.1.1");
    assert!(e.reason.contains("declared war"), "{}", e.reason);
    // France may still bid for the others.
    g.submit(p("france"), bids(&[("turkey", 2)])).unwrap();
}
