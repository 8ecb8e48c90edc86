//! umps_rules: losses_and_peace.

use super::*;

#[test]
fn an_umps_political_points_go_to_its_controller() {
    // rule: 14.3.2.1.3
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let (f, pr) = (pp(&g, "france"), pp(&g, "prussia"));
    g.host(
        &Adjustment::PoliticalPoints {
            power: p("prussia"),
            delta: -2,
        },
        "",
    )
    .unwrap();
    assert_eq!(pp(&g, "france"), f - 2);
    assert_eq!(pp(&g, "prussia"), pr);
}

#[test]
fn a_battle_costs_a_power_and_its_ump_at_most_three_points() {
    // rule: 14.3.2.1.3
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let f = pp(&g, "france");
    // The text's example: five corps each in a lost battle, -2 each, cost the controller 3, not 4.
    g.host(
        &Adjustment::BattleResult {
            points: vec![
                BattlePoints {
                    power: p("prussia"),
                    delta: -2,
                },
                BattlePoints {
                    power: p("france"),
                    delta: -2,
                },
                BattlePoints {
                    power: p("austria"),
                    delta: 4,
                },
            ],
            napoleon_or_nelson: false,
        },
        "",
    )
    .unwrap();
    assert_eq!(pp(&g, "france"), f - 3);
    // Napoleon commanding lifts the cap.
    let f = pp(&g, "france");
    g.host(
        &Adjustment::BattleResult {
            points: vec![
                BattlePoints {
                    power: p("prussia"),
                    delta: -2,
                },
                BattlePoints {
                    power: p("france"),
                    delta: -2,
                },
            ],
            napoleon_or_nelson: true,
        },
        "",
    )
    .unwrap();
    assert_eq!(pp(&g, "france"), f - 4);
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.5

#[test]
fn allying_with_ones_own_ump_gains_one_point_in_all() {
    // rule: 14.3.2.1.5
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let f = pp(&g, "france");
    run_to(&mut g, Step::CreatingAlliances);
    submit_all(
        &mut g,
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
    );
    assert!(g.state().allied(p("france"), p("prussia")));
    let one = g
        .scenario()
        .points("create-alliance")
        .map(|e| e.points)
        .unwrap();
    assert_eq!(pp(&g, "france") - f, one);
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.6, 14.3.2.1.8

#[test]
fn an_ump_in_a_mixed_force_loses_no_more_than_its_share() {
    // rule: 14.3.2.1.6
    assert_eq!(rules::max_share_of_losses(20, 5, 8), 2);
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let force = |pr: u32, fr: u32| Adjustment::MixedForceLosses {
        force: vec![
            ForceShare {
                nation: np("prussia"),
                factors_in_force: 5,
                land_factors: pr,
                excluded_factors: 0,
                ships: 0,
            },
            ForceShare {
                nation: np("france"),
                factors_in_force: 15,
                land_factors: fr,
                excluded_factors: 0,
                ships: 0,
            },
        ],
    };
    // 8 lost of 20: Prussia's quarter is 2.
    let e = g.host(&force(3, 5), "").unwrap_err();
    assert_eq!(e.rule, "14.3.2.1.6");
    assert!(e.reason.contains("at most 2"), "{}", e.reason);
    g.host(&force(2, 6), "").unwrap();
    let t = rules::loss_tally(g.scenario(), g.state(), p("prussia"));
    assert_eq!(t.land_factors, 2);
}

#[test]
fn an_ump_does_not_scuttle_or_demobilize_voluntarily() {
    // rule: 14.3.2.1.8
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    for cause in [LossCause::Scuttling, LossCause::Demobilization] {
        let adj = |forced_by: Option<String>| Adjustment::Loss {
            nation: np("prussia"),
            land_factors: 1,
            ships: 1,
            cause,
            excluded_factors: 0,
            forced_by,
        };
        assert_eq!(g.host(&adj(None), "").unwrap_err().rule, "14.3.2.1.8");
        g.host(&adj(Some("4.4.6.2".into())), "").unwrap();
    }
    // A controlled power is not restricted by 14.3.2.1.8.
    g.host(
        &Adjustment::Loss {
            nation: np("france"),
            land_factors: 1,
            ships: 0,
            cause: LossCause::Demobilization,
            excluded_factors: 0,
            forced_by: None,
        },
        "",
    )
    .unwrap();
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.3: forced informal peace.

#[test]
fn a_power_with_no_forces_inside_forces_an_informal_peace_on_an_inactive_ump() {
    // rule: 14.3.2.3
    let mut g = game();
    war(&mut g, "austria", "prussia");
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Inactive);
    assert!(rules::may_force_informal_peace(
        g.scenario(),
        g.state(),
        p("austria"),
        p("prussia")
    ));
    run_to(&mut g, Step::Peace);
    // Prussia (no player decision: the default proposes nothing) is made to accept Austria's proposal.
    let offer = Decision::parse("peace informal prussia", g.scenario()).unwrap();
    submit_all(&mut g, vec![("austria", offer)]);
    assert!(!g.state().at_war(np("austria"), np("prussia")));
    // At war with no major power, it reverts to neutral (14.3.2.3.2).
    assert_eq!(status_of(g.state(), p("prussia")), Some(UmpStatus::Neutral));
}

#[test]
fn a_power_with_forces_inside_cannot_force_the_informal_peace() {
    // rule: 14.3.2.3
    let mut g = game();
    war(&mut g, "austria", "prussia");
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Inactive);
    let f = g.state().forces.corps[&corps("au-2")].factors;
    g.host(
        &Adjustment::Corps {
            corps: corps("au-2"),
            factors: f,
            location: Location::Area(area("magdeburg")),
        },
        "",
    )
    .unwrap();
    assert!(!rules::may_force_informal_peace(
        g.scenario(),
        g.state(),
        p("austria"),
        p("prussia")
    ));
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.2.2, 14.3.2.3.3: the forced call.

fn declared_on_allied_ump(status: UmpStatus) -> Game {
    let mut g = game();
    if status == UmpStatus::Inactive {
        // An inactive UMP is at war; a set-up war with France's ally makes it so without a caller.
        war(&mut g, "prussia", "austria");
    }
    set_ump(&mut g, "prussia", Some("france"), status);
    ally(&mut g, "france", "prussia");
    g
}

#[test]
fn an_active_ump_allied_to_its_controller_must_call_it() {
    // rule: 14.3.2.2.2
    let mut g = declared_on_allied_ump(UmpStatus::Active);
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![(
            "austria",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("prussia")],
            }),
        )],
    );
    assert_eq!(g.pending(), vec![p("prussia")]);
    let must = Call {
        ally: p("france"),
        against: p("austria"),
    };
    assert_eq!(
        g.default_decision(p("prussia")),
        Some(Decision::CallAllies { calls: vec![must] })
    );
    assert!(
        g.choices(p("prussia"))
            .iter()
            .all(|d| matches!(d, Decision::CallAllies { calls } if calls.contains(&must)))
    );
    let e = g
        .submit(p("prussia"), Decision::CallAllies { calls: vec![] })
        .unwrap_err();
    assert_eq!(e.rule, "14.3.2.2.2");
    g.submit(p("prussia"), Decision::CallAllies { calls: vec![must] })
        .unwrap();
    // France now answers: declare war or break the alliance.
    assert_eq!(g.pending(), vec![p("france")]);
}

#[test]
fn an_inactive_ump_allied_to_its_controller_must_call_it() {
    // rule: 14.3.2.3.3
    let mut g = game_1805();
    // Prussia, run by Austria and allied to it, is inactive at war with Russia; France declares war on it.
    war(&mut g, "russia", "prussia");
    set_ump(&mut g, "prussia", Some("austria"), UmpStatus::Inactive);
    ally(&mut g, "austria", "prussia");
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![(
            "france",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![np("prussia")],
            }),
        )],
    );
    assert_eq!(g.pending(), vec![p("prussia")]);
    let must = Call {
        ally: p("austria"),
        against: p("france"),
    };
    let e = g
        .submit(p("prussia"), Decision::CallAllies { calls: vec![] })
        .unwrap_err();
    assert_eq!(e.rule, "14.3.2.3.3");
    g.submit(p("prussia"), Decision::CallAllies { calls: vec![must] })
        .unwrap();
    assert_eq!(g.pending(), vec![p("austria")]);
    // No forced call for an aggressor.
    assert!(
        rules::forced_calls(g.state(), p("prussia"), true, &[p("france")], |_, _| true).is_empty()
    );
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.4, 14.3.2.4.3: minor control.

#[test]
fn a_neutral_ump_may_not_attempt_minor_control_and_a_controlled_one_uses_its_controllers_status() {
    // rule: 14.3.2.4.3
    // rule: 14.3.2.1.4
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    assert!(rules::may_attempt_minor_control(g.state(), p("prussia")));
    assert_eq!(rules::display_power(g.state(), p("prussia")), p("france"));
    set_ump(&mut g, "austria", None, UmpStatus::Neutral);
    assert!(!rules::may_attempt_minor_control(g.state(), p("austria")));
    // In the step: Prussia declares on Bavaria; the neutral Austria is not asked to roll.
    run_to(&mut g, Step::DeclarationsOfWar);
    let bavaria = Nation::Minor(coalition_engine::ids::MinorId::new("bavaria").unwrap());
    submit_all(
        &mut g,
        vec![(
            "prussia",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![bavaria],
            }),
        )],
    );
    run_to(&mut g, Step::MinorCountryControl);
    assert!(!g.pending().contains(&p("austria")));
    assert!(g.choices(p("austria")).is_empty());
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.1.7

#[test]
fn an_ump_is_set_up_as_the_campaign_places_it() {
    // rule: 14.3.2.1.7
    // Making a power an UMP moves none of its forces: they stand where the campaign's set-up put them.
    let mut g = game_1805();
    let before = g.state().forces.clone();
    set_ump(&mut g, "spain", Some("france"), UmpStatus::Active);
    assert_eq!(g.state().forces, before);

    // An UMP nobody plays starts neutral, its forces off the map; when a power gains it, they come back to the
    // places the campaign's set-up gives them.
    use coalition_engine::ids::PlayerId;
    use coalition_engine::scenario::PlayerDef;
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let seat = |id: &str, power: &str| PlayerDef {
        id: PlayerId::new(id).unwrap(),
        powers: vec![p(power)],
    };
    let mut g = Game::new(
        s.clone(),
        Rulebook::preset(Preset::Standard),
        1805,
        &[seat("anne", "france"), seat("bill", "austria")],
    )
    .unwrap();
    let initial = coalition_engine::state::State::initial(&s);
    let prussian = |st: &coalition_engine::state::State| {
        st.forces
            .corps
            .iter()
            .filter(|(_, c)| c.owner == np("prussia"))
            .map(|(id, c)| (*id, c.location, c.factors))
            .collect::<Vec<_>>()
    };
    assert_eq!(status_of(g.state(), p("prussia")), Some(UmpStatus::Neutral));
    assert_eq!(rules::forces_on_map(g.state(), p("prussia")), 0);
    set_ump(&mut g, "prussia", Some("austria"), UmpStatus::Active);
    assert!(!prussian(&initial).is_empty());
    assert_eq!(prussian(g.state()), prussian(&initial));
}

// ---------------------------------------------------------------------------------------------------------------
// 14.3.2.4.4

#[test]
fn a_minor_gained_while_not_at_war_with_the_aggressor_goes_to_the_last_controller() {
    // rule: 14.3.2.4.4
    use coalition_engine::ids::MinorId;
    use coalition_engine::political::minors::MinorDecision;
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    let bavaria = MinorId::new("bavaria").unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![(
            "austria",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![Nation::Minor(bavaria)],
            }),
        )],
    );
    run_to(&mut g, Step::MinorCountryControl);
    // Prussia alone wishes to roll; it gains Bavaria, and stays at peace with Austria (no support declaration).
    submit_all(
        &mut g,
        vec![(
            "france",
            Decision::MinorControl(MinorDecision::Roll { minors: vec![] }),
        )],
    );
    for _ in 0..10 {
        if g.state().position.step != Step::MinorCountryControl || g.pending().is_empty() {
            break;
        }
        submit_all(&mut g, vec![]);
    }
    assert_eq!(g.state().minors[&bavaria].controller, Some(p("prussia")));
    assert!(
        g.state()
            .not_at_war
            .iter()
            .any(|n| n.minor == bavaria && n.controller == p("prussia"))
    );
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Neutral);
    assert_eq!(g.state().minors[&bavaria].controller, Some(p("france")));
    assert!(g.log().iter().any(
        |e| matches!(e, Event::World(WorldEvent::MinorChanged { rule, minor, .. }) if rule == "14.3.2.4.4" && *minor == bavaria)
    ));
    // Saxony, a free state Prussia held from the start, stays Prussia's.
    assert_eq!(
        g.state().minors[&MinorId::new("saxony").unwrap()].controller,
        Some(p("prussia"))
    );
}

#[test]
fn an_ump_rolls_for_a_minor_with_its_controllers_status_modifier() {
    // rule: 14.3.2.1.4
    use coalition_engine::ids::MinorId;
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Active);
    // France in the Dominant zone (+1); Prussia's own marker would say Steady (0).
    let to_dominant = 30 - pp(&g, "france");
    g.host(
        &Adjustment::PoliticalPoints {
            power: p("france"),
            delta: to_dominant,
        },
        "",
    )
    .unwrap();
    let bavaria = MinorId::new("bavaria").unwrap();
    run_to(&mut g, Step::DeclarationsOfWar);
    submit_all(
        &mut g,
        vec![(
            "austria",
            Decision::DeclareWar(coalition_engine::decision::Declare {
                targets: vec![Nation::Minor(bavaria)],
            }),
        )],
    );
    run_to(&mut g, Step::MinorCountryControl);
    submit_all(&mut g, vec![]);
    let roll = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll })
                if roll.who == "prussia" && roll.rule.starts_with("4.6") =>
            {
                Some(roll.clone())
            }
            _ => None,
        })
        .expect("Prussia rolled for Bavaria");
    let m = roll
        .modifiers
        .iter()
        .find(|m| m.rule == "14.3.2.1.4")
        .expect("the controller's status modifier");
    assert_eq!(m.value, 1);
}

// ---------------------------------------------------------------------------------------------------------------
// The invariant of 14.3.2.4.2 under a random sequence of status changes, wars, peaces and losses.

#[test]
fn a_neutral_ump_never_has_forces_on_the_map() {
    // rule: 14.3.2.4.2
    for seed in 0u64..30 {
        let mut g = game();
        let mut x = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        for _ in 0..40 {
            let adj = match next(5) {
                0 => Adjustment::SetUmpControl {
                    ump: p("prussia"),
                    controller: Some(p("france")),
                    status: [UmpStatus::Active, UmpStatus::Inactive, UmpStatus::Neutral]
                        [next(3) as usize],
                },
                1 => Adjustment::War {
                    aggressor: np("austria"),
                    defender: np("prussia"),
                    since: None,
                },
                2 => Adjustment::Peace {
                    a: np("austria"),
                    b: np("prussia"),
                },
                3 => Adjustment::Loss {
                    nation: np("prussia"),
                    land_factors: next(8) as u32,
                    ships: next(2) as u32,
                    cause: LossCause::Combat,
                    excluded_factors: 0,
                    forced_by: None,
                },
                _ => Adjustment::SetUmpControl {
                    ump: p("prussia"),
                    controller: None,
                    status: UmpStatus::Neutral,
                },
            };
            // Some adjustments are refused (a war already on, a peace with no war): that is fine.
            let _ = g.host(&adj, "random");
            if status_of(g.state(), p("prussia")) == Some(UmpStatus::Neutral) {
                assert_eq!(
                    rules::forces_on_map(g.state(), p("prussia")),
                    0,
                    "seed {seed}: {adj:?}"
                );
            }
            if status_of(g.state(), p("prussia")) == Some(UmpStatus::Inactive) {
                assert!(
                    g.state().at_war_with_a_major(np("prussia")),
                    "seed {seed}: an inactive UMP at peace with every major power"
                );
            }
        }
    }
}

#[test]
fn forces_that_reach_the_map_while_an_ump_is_neutral_join_its_forces_off_the_map() {
    // rule: 14.3.2.4.2
    let mut g = game();
    set_ump(&mut g, "prussia", Some("france"), UmpStatus::Neutral);
    let kept = g.state().ump_records.off_map[&p("prussia")].clone();
    assert_eq!(rules::forces_on_map(g.state(), p("prussia")), 0);
    // A rule (here the host, as a peace's repatriation would) puts a Prussian garrison on the map.
    let berlin = AreaId::new("berlin").unwrap();
    let f = coalition_engine::scenario::Factors {
        infantry: 2,
        ..Default::default()
    };
    g.host(
        &Adjustment::Garrison {
            area: berlin,
            owner: np("prussia"),
            factors: f,
        },
        "",
    )
    .unwrap();
    assert_eq!(rules::forces_on_map(g.state(), p("prussia")), 0);
    let now = &g.state().ump_records.off_map[&p("prussia")];
    let before = kept
        .garrisons
        .iter()
        .find(|(a, _)| *a == berlin)
        .map_or(0, |(_, x)| x.infantry);
    let after = now
        .garrisons
        .iter()
        .find(|(a, _)| *a == berlin)
        .map_or(0, |(_, x)| x.infantry);
    assert_eq!(
        after,
        before + 2,
        "the record keeps the new factors with the old"
    );
    assert_eq!(now.money, kept.money, "the money on record is unchanged");
}
