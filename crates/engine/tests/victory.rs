//! Coalition's victory rule (14.1.1.3, 4.4.8; `docs/rules/victory.md`): the game ends after the scenario's last
//! month or when final peaces leave one player, names its winners by victory points against each power's target,
//! and every view and the written record show it.

mod common;

use coalition_engine::Decision;
use coalition_engine::calendar::{Date, Position, Step};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::PlayerId;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::PlayerDef;
use coalition_engine::world::victory::{Ending, Outcome};
use common::*;

fn vp(power: &str, delta: i32) -> Adjustment {
    Adjustment::VictoryPoints {
        power: p(power),
        delta,
    }
}

/// A game of the test scenario that starts in its last month with the given victory points set up.
fn last_month(setup: &[Adjustment], players: &[PlayerDef]) -> Game {
    let s = scenario();
    let end = s.meta.end;
    Game::with_setup(
        s,
        Rulebook::preset(Preset::Standard),
        7,
        players,
        Some(Position::start_of(end)),
        setup,
    )
    .unwrap()
}

fn play_out(g: &mut Game) {
    for _ in 0..1000 {
        let pending = g.pending();
        if pending.is_empty() {
            break;
        }
        for power in pending {
            let d = g.default_decision(power).unwrap();
            g.submit(power, d).unwrap();
        }
    }
    assert!(g.state().finished, "the game did not end");
}

fn ended(g: &Game) -> Outcome {
    match g.log().last() {
        Some(Event::GameEnded { outcome, .. }) => outcome.clone(),
        e => panic!("the log does not end with the game's end: {e:?}"),
    }
}

fn date(y: u16, m: u8) -> Date {
    Date::new(y, m).unwrap()
}

fn pl(s: &str) -> PlayerId {
    PlayerId::new(s).unwrap()
}

#[test]
fn the_scenario_end_names_the_winner_by_victory_points_against_the_target_not_by_the_most_points() {
    // France has by far the most victory points, but Austria is furthest past its target.
    let mut g = last_month(
        &[vp("france", 150), vp("austria", 145), vp("prussia", 40)],
        &[],
    );
    play_out(&mut g);
    let o = ended(&g);
    assert_eq!(
        o.ending,
        Ending::ScenarioEnd {
            last: date(1815, 12)
        }
    );
    assert_eq!(o.date, date(1815, 12));
    let st = g.state();
    let margin = |q: &str| {
        st.powers[&p(q)].victory_points - g.scenario().power(p(q)).unwrap().victory_target
    };
    assert!(st.powers[&p("france")].victory_points > st.powers[&p("austria")].victory_points);
    assert!(margin("austria") > margin("france"));
    assert_eq!(o.winners, vec![pl("austria")]);
    // Every power's and every player's standing, best first.
    assert_eq!(o.powers.len(), 3);
    assert_eq!(o.powers[0].power, p("austria"));
    assert_eq!(o.powers[0].margin, margin("austria"));
    assert_eq!(o.powers[0].target, 90);
    let places: Vec<(PlayerId, u32)> = o.players.iter().map(|r| (r.player, r.place)).collect();
    assert_eq!(places[0], (pl("austria"), 1));
    assert!(places[1..].iter().all(|(_, place)| *place > 1));
    // The state, every view and the written record hold it.
    assert_eq!(st.outcome.as_ref(), Some(&o));
    for power in [p("france"), p("austria"), p("prussia")] {
        let v = g.view(power);
        assert!(v.finished);
        assert_eq!(v.outcome.as_ref(), Some(&o));
        assert!(v.choices.is_empty());
    }
    let r = coalition_engine::game::record::compile(g.scenario(), &g, 7);
    assert_eq!(r.outcome.as_ref(), Some(&o));
}

#[test]
fn equal_margins_share_the_victory() {
    // Now a game set up so that two powers tie exactly: Austria +30 over 90, Prussia +30 over 80, France below.
    // What the last month's status step adds, read from a game without set-up.
    let probe = {
        let mut g = last_month(&[], &[]);
        play_out(&mut g);
        g.state().powers.clone()
    };
    let gain = |q: &str| probe[&p(q)].victory_points;
    let mut g = last_month(
        &[
            vp("austria", 120 - gain("austria")),
            vp("prussia", 110 - gain("prussia")),
            vp("france", 50 - gain("france")),
        ],
        &[],
    );
    play_out(&mut g);
    let o = ended(&g);
    assert_eq!(o.winners, vec![pl("austria"), pl("prussia")]);
    assert_eq!(o.players[0].place, 1);
    assert_eq!(o.players[1].place, 1);
    assert_eq!(o.players[2].place, 3);
}

#[test]
fn a_players_result_is_its_best_power_still_in_the_game() {
    // Coalition's reading of 14.1.1.3 (docs/rules/victory.md).
    // Anne holds France and Prussia: Prussia's margin, the better, is hers.
    let seats = vec![
        PlayerDef {
            id: pl("anne"),
            powers: vec![p("france"), p("prussia")],
        },
        PlayerDef {
            id: pl("bill"),
            powers: vec![p("austria")],
        },
    ];
    let mut g = last_month(&[vp("prussia", 130), vp("austria", 100)], &seats);
    play_out(&mut g);
    let o = ended(&g);
    let anne = o.players.iter().find(|r| r.player == pl("anne")).unwrap();
    assert_eq!(anne.counted, Some(p("prussia")));
    assert_eq!(o.winners, vec![pl("anne")]);
}

fn sub(g: &mut Game, power: &str, s: &str) {
    let dec = Decision::parse(s, g.scenario()).unwrap();
    g.submit(p(power), dec)
        .unwrap_or_else(|e| panic!("{power} `{s}` refused: {e}"));
}

/// Austria and France at war with Prussia; Prussia sues and, beaten, cedes its last provinces with Berlin to
/// Austria (a final peace, 4.4.8). Stops before Austria's last `term done`, which makes the peace.
fn prussia_cedes_its_capital(g: &mut Game) {
    for a in ["austria", "france"] {
        g.host(
            &Adjustment::War {
                aggressor: np(a),
                defender: np("prussia"),
                since: Some(date(1804, 6)),
            },
            "",
        )
        .unwrap();
    }
    run_to(g, Step::Peace);
    sub(g, "prussia", "peace sue austria,france");
    submit_all(g, vec![]);
    g.force_dice(&[6, 1]).unwrap();
    sub(g, "austria", "offer unconditional");
    sub(g, "france", "offer conditional");
    sub(g, "prussia", "accept austria");
    sub(g, "prussia", "protect A.1");
    sub(g, "austria", "term C.4 pomerania,magdeburg,brandenburg");
    sub(g, "france", "term done");
}

#[test]
fn a_final_peace_that_leaves_one_player_ends_the_game_at_once() {
    // rule: 4.4.8
    let seats = vec![
        PlayerDef {
            id: pl("anne"),
            powers: vec![p("france"), p("austria")],
        },
        PlayerDef {
            id: pl("bill"),
            powers: vec![p("prussia")],
        },
    ];
    let mut g = Game::new(scenario(), Rulebook::preset(Preset::Standard), 1805, &seats).unwrap();
    // Bill's Prussia is far ahead on points: the last player standing wins all the same.
    g.host(&vp("prussia", 500), "").unwrap();
    prussia_cedes_its_capital(&mut g);
    assert!(!g.state().finished, "the peace is not made yet");
    sub(&mut g, "austria", "term done");
    assert!(!g.state().powers[&p("prussia")].in_game);
    assert!(g.state().finished);
    assert!(g.pending().is_empty());
    let o = ended(&g);
    assert_eq!(o.ending, Ending::LastStanding);
    assert_eq!(o.date, date(1805, 1));
    assert_eq!(o.winners, vec![pl("anne")]);
    let bill = o.players.iter().find(|r| r.player == pl("bill")).unwrap();
    assert_eq!((bill.margin, bill.counted), (None, None));
    let prussia = o.powers.iter().find(|r| r.power == p("prussia")).unwrap();
    assert!(!prussia.in_game);
}

#[test]
fn a_final_peace_among_several_players_left_goes_on() {
    // rule: 4.4.8
    // Three players: Prussia's final peace leaves two, and the game goes on.
    let mut g = game();
    prussia_cedes_its_capital(&mut g);
    sub(&mut g, "austria", "term done");
    assert!(!g.state().powers[&p("prussia")].in_game);
    assert!(!g.state().finished);
    assert!(!g.pending().is_empty());
}
