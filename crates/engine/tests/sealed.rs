//! Sealed means sealed: no view holds another power's sealed submission before the reveal.

mod common;

use coalition_engine::Decision;
use coalition_engine::calendar::Step;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::PowerId;
use common::*;
use std::collections::BTreeMap;

/// Every view of every power, checked against the sealed decisions not yet revealed.
fn assert_no_leak(g: &Game, hidden: &BTreeMap<PowerId, Decision>) {
    for viewer in g.state().powers.keys() {
        let v = g.view(*viewer);
        // The viewer's own legal choices may coincide with another's decision ("declare austria"): scan the rest.
        let mut scanned = v.clone();
        scanned.choices.clear();
        let json = serde_json::to_string(&scanned).unwrap();
        for (author, d) in hidden {
            if author == viewer {
                // The author sees its own submission.
                assert_eq!(
                    v.state.round.as_ref().and_then(|r| r.submitted.get(author)),
                    Some(d)
                );
                continue;
            }
            if let Some(r) = &v.state.round {
                assert!(
                    !r.submitted.contains_key(author),
                    "{viewer} sees {author}'s sealed decision in the round"
                );
            }
            for e in &v.log {
                if let Event::Submitted {
                    power,
                    decision,
                    sealed: true,
                } = e
                {
                    assert!(
                        !(power == author && decision.is_some()),
                        "{viewer} sees {author}'s sealed decision in the log"
                    );
                }
            }
            let needle = serde_json::to_string(d).unwrap();
            assert!(
                !json.contains(&needle),
                "{viewer}'s view contains {author}'s sealed {needle}"
            );
        }
    }
}

#[test]
fn no_view_holds_another_powers_sealed_submission_before_the_reveal() {
    // rule: 4.2
    // rule: 4.5
    // rule: 4.9
    let mut g = game();
    g.host(
        &Adjustment::Alliance {
            a: p("austria"),
            b: p("prussia"),
            since: None,
        },
        "",
    )
    .unwrap();
    // Distinctive decisions for each sealed step of one month.
    let month: Vec<(Step, Vec<(&str, Decision)>)> = vec![
        (
            Step::DeclarationsOfWar,
            vec![
                (
                    "france",
                    Decision::DeclareWar(coalition_engine::decision::Declare {
                        targets: vec![np("austria")],
                    }),
                ),
                (
                    "austria",
                    Decision::DeclareWar(coalition_engine::decision::Declare {
                        targets: vec![coalition_engine::Nation::Minor(
                            coalition_engine::ids::MinorId::new("bavaria").unwrap(),
                        )],
                    }),
                ),
                (
                    "prussia",
                    Decision::DeclareWar(coalition_engine::decision::Declare { targets: vec![] }),
                ),
            ],
        ),
        (
            Step::CreatingAlliances,
            vec![
                (
                    "france",
                    Decision::Ally(coalition_engine::decision::Ally {
                        with: vec![p("prussia")],
                    }),
                ),
                (
                    "prussia",
                    Decision::Ally(coalition_engine::decision::Ally {
                        with: vec![p("france")],
                    }),
                ),
            ],
        ),
        (
            Step::CombinedMovement,
            vec![
                (
                    "austria",
                    Decision::CombineMovement(coalition_engine::decision::Combine {
                        with: vec![p("prussia")],
                    }),
                ),
                (
                    "prussia",
                    Decision::CombineMovement(coalition_engine::decision::Combine {
                        with: vec![p("austria")],
                    }),
                ),
            ],
        ),
    ];
    let mut checked = 0;
    for (step, decisions) in month {
        run_to(&mut g, step);
        assert!(
            g.state().round.as_ref().unwrap().sealed,
            "{step:?} is sealed"
        );
        let mut hidden = BTreeMap::new();
        let owing = g.pending();
        for (who, d) in decisions {
            assert!(owing.contains(&p(who)), "{who} owes in {step:?}");
            assert_no_leak(&g, &hidden);
            let last = g.pending().len() == 1;
            g.submit(p(who), d.clone()).unwrap();
            if !last {
                hidden.insert(p(who), d);
                assert_no_leak(&g, &hidden);
            }
            checked += 1;
        }
        // Anyone left takes the default; then everything is revealed in one event, to everyone.
        if g.state().position.step == step {
            submit_all(&mut g, vec![]);
        }
        let revealed = g.log().iter().rev().find_map(|e| match e {
            Event::Revealed { decisions, .. } => Some(decisions.clone()),
            _ => None,
        });
        let revealed = revealed.expect("a reveal");
        for (author, d) in &hidden {
            assert_eq!(revealed.get(author), Some(d));
            for viewer in g.state().powers.keys() {
                let mut v = g.view(*viewer);
                v.choices.clear();
                assert!(
                    serde_json::to_string(&v)
                        .unwrap()
                        .contains(&serde_json::to_string(d).unwrap()),
                    "after the reveal {viewer} sees {author}'s decision"
                );
            }
        }
    }
    assert_eq!(checked, 7);
    // The month's results: the alliance formed, combined movement declared, wars begun.
    assert!(g.state().allied(p("france"), p("prussia")));
    assert!(g.state().at_war(np("france"), np("austria")));
}

#[test]
fn a_view_keeps_the_state_it_was_taken_from_while_the_game_moves_on() {
    // rule: 4.2
    // A view shares the game's state until the game changes; the game then writes on its own copy, so a view
    // taken before a sealed submission neither gains it nor changes.
    let mut g = game();
    run_to(&mut g, Step::DeclarationsOfWar);
    let before = g.view(p("austria"));
    let json = serde_json::to_string(&before).unwrap();
    let declare = Decision::DeclareWar(coalition_engine::decision::Declare {
        targets: vec![np("austria")],
    });
    g.submit(p("france"), declare.clone()).unwrap();
    assert_eq!(serde_json::to_string(&before).unwrap(), json);
    assert!(before.state.round.as_ref().unwrap().submitted.is_empty());
    // The game holds France's submission; France sees it, Austria does not.
    let round = |v: &coalition_engine::view::View| v.state.round.clone().unwrap();
    assert_eq!(
        round(&g.view(p("france"))).submitted.get(&p("france")),
        Some(&declare)
    );
    assert!(round(&g.view(p("austria"))).submitted.is_empty());
    assert_eq!(
        g.state()
            .round
            .as_ref()
            .unwrap()
            .submitted
            .get(&p("france")),
        Some(&declare)
    );
}
