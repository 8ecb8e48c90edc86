//! Coalition's Manipulation (8.4, 12.5), Expenditure (8.5, 12.1.1, 12.1.2) and Status (8.6) Steps, American
//! trade (12.9), reparations (B.3, C.3) and loans, on the 1805 scenario.

mod common;

use coalition_engine::calendar::{Position, Step};
use coalition_engine::economic::{EconomicDecision, EconomicEvent, TransferKind};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::host::Adjustment;
use coalition_engine::ids::{AreaId, Nation};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::{Factors, UnitKind, embedded_scenario};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Decision};
use common::*;
use std::sync::Arc;

fn standard() -> Rulebook {
    Rulebook::preset(Preset::Standard)
}

fn without(r: OptionalRule) -> Rulebook {
    let mut b = standard();
    b.optional.remove(&r);
    b
}

/// A 1805 game set up at `step` of `month` 1805, after `setup`.
fn at(step: Step, month: u8, rulebook: Rulebook, setup: &[Adjustment]) -> Game {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let pos = Position {
        date: Date::new(1805, month).unwrap(),
        step,
    };
    Game::with_setup(s, rulebook, 1805, &[], Some(pos), setup).unwrap()
}

fn d(g: &Game, s: &str) -> Decision {
    Decision::parse(s, g.scenario()).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn treasury(g: &Game, s: &str) -> (i32, i32) {
    let st = &g.state().powers[&p(s)];
    (st.money, st.manpower)
}

fn refused(g: &mut Game, power: &str, s: &str) -> coalition_engine::error::RuleError {
    let before = g.log().len();
    let dec = d(g, s);
    let e = g.submit(p(power), dec).unwrap_err();
    assert_eq!(g.log().len(), before, "a refusal changes nothing");
    e
}

/// Everyone else buys nothing; the step resolves.
fn finish(g: &mut Game) {
    submit_all(g, vec![]);
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn events_since(g: &Game, from: usize) -> Vec<Event> {
    g.log()[from..].to_vec()
}

#[test]
fn a_shopping_list_is_paid_at_once_and_each_line_queued_with_its_delay() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let (m0, mp0) = treasury(&g, "france");
    let from = g.log().len();
    let list = d(&g, "buy 3 infantry, 1 cavalry, 2 ships at brest, 1 depot");
    g.submit(p("france"), list).unwrap();
    finish(&mut g);
    let costs = &g.scenario().charts.economy.costs;
    let c = |k: UnitKind| costs[&k];
    let money = 3 * c(UnitKind::Infantry).money
        + c(UnitKind::Cavalry).money
        + 2 * c(UnitKind::Ship).money
        + c(UnitKind::Depot).money;
    let men = 3 * c(UnitKind::Infantry).manpower
        + c(UnitKind::Cavalry).manpower
        + 2 * c(UnitKind::Ship).manpower
        + c(UnitKind::Depot).manpower;
    assert_eq!(
        treasury(&g, "france"),
        (m0 - money as i32, mp0 - men as i32)
    );
    let queued: Vec<_> = g
        .state()
        .building
        .iter()
        .filter(|b| b.owner == np("france"))
        .collect();
    assert_eq!(queued.len(), 4);
    let march = Date::new(1805, 3).unwrap();
    for b in &queued {
        let delay = c(b.unit).delay_months.max(1) as i32;
        assert_eq!(b.due, march.plus_months(delay), "{b:?}");
        assert_eq!(b.bought, march);
    }
    assert_eq!(queued[2].unit, UnitKind::Ship);
    assert_eq!((queued[2].count, queued[2].port), (2, Some(area("brest"))));
    // One treasury change citing 8.5 for the whole list.
    let paid: Vec<_> = events_since(&g, from)
        .into_iter()
        .filter(|e| matches!(e, Event::World(WorldEvent::TreasuryChanged { rule, .. }) if rule == "8.5"))
        .collect();
    assert_eq!(paid.len(), 1);
}

#[test]
fn a_list_beyond_the_treasury_is_refused_saying_what_is_short_and_by_how_much() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let (m, mp) = treasury(&g, "austria");
    let inf = g.scenario().charts.economy.costs[&UnitKind::Infantry];
    // Enough infantry to run out of money.
    let n = m as u32 / inf.money + 1;
    let e = refused(&mut g, "austria", &format!("buy {n} infantry"));
    assert_eq!(e.rule, "8.5");
    let short = (n * inf.money) as i32 - m;
    assert!(e.reason.contains(&format!("{short} money short")), "{e}");
    if (n * inf.manpower) as i32 > mp {
        assert!(e.reason.contains("manpower"), "{e}");
    }
    // Manpower short only.
    let e = refused(&mut g, "austria", &format!("buy {} militia", mp + 2));
    assert_eq!(e.rule, "8.5");
    assert!(e.reason.contains("2 manpower short"), "{e}");
    assert!(!e.reason.contains("money short"), "{e}");
}

#[test]
fn the_listed_lists_buy_as_many_infantry_as_the_treasury_allows_and_half_as_many() {
    let g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let (m, mp) = treasury(&g, "austria");
    let inf = g.scenario().charts.economy.costs[&UnitKind::Infantry];
    let n = (m as u32 / inf.money).min(mp as u32 / inf.manpower);
    let ch: Vec<String> = g
        .choices(p("austria"))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(ch.contains(&format!("buy {n} infantry")), "{ch:?}");
    assert!(ch.contains(&format!("buy {} infantry", n / 2)), "{ch:?}");
}

#[test]
fn cossacks_are_bought_by_russia_only() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let e = refused(&mut g, "france", "buy 1 cossack");
    assert_eq!(e.rule, "8.5");
    assert!(e.reason.contains("Russia only"), "{e}");
    let r = d(&g, "buy 2 cossacks");
    assert!(
        g.choices(p("russia"))
            .iter()
            .any(|c| c.to_string() == "buy 1 cossack"),
        "Russia's choices list cossacks"
    );
    g.submit(p("russia"), r).unwrap();
}

// rule: 12.1.2
#[test]
fn ships_name_a_home_port_the_power_controls_and_the_building_is_announced_to_all() {
    let mut g = at(
        Step::EconomicExpenditure,
        3,
        standard(),
        &[Adjustment::AreaControl {
            area: area("toulon"),
            holder: Some(np("great-britain")),
        }],
    );
    let e = refused(&mut g, "france", "buy 1 ship");
    assert_eq!(e.rule, "12.1.2");
    assert!(e.reason.contains("brest"), "{e}");
    assert_eq!(
        refused(&mut g, "france", "buy 1 ship at london").rule,
        "12.1.2"
    );
    assert_eq!(
        refused(&mut g, "france", "buy 1 ship at paris").rule,
        "12.1.2"
    );
    // Toulon is French, but Britain holds it.
    let e = refused(&mut g, "france", "buy 1 ship at toulon");
    assert_eq!(e.rule, "12.1.2");
    assert!(e.reason.contains("does not control"), "{e}");
    // Only ships are built at a port.
    assert_eq!(
        refused(&mut g, "france", "buy 1 infantry at brest").rule,
        "3.3"
    );
    // The choices offer a ship at each port France may build in, and none at Toulon.
    let ch: Vec<String> = g
        .choices(p("france"))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert!(ch.contains(&"buy 1 ship at brest".to_string()), "{ch:?}");
    assert!(!ch.contains(&"buy 1 ship at toulon".to_string()), "{ch:?}");
    let from = g.log().len();
    let buy = d(&g, "buy 2 ships at brest");
    g.submit(p("france"), buy).unwrap();
    finish(&mut g);
    // The building is public: every power's view holds the queued ships and their port.
    let ev = events_since(&g, from)
        .into_iter()
        .find(|e| matches!(e, Event::World(WorldEvent::BuildingQueued { item }) if item.unit == UnitKind::Ship))
        .expect("the ships are queued");
    for power in g.state().powers.keys() {
        let v = g.view(*power);
        assert!(v.log.contains(&ev), "{power} sees the ships being built");
        assert!(
            v.state
                .building
                .iter()
                .any(|b| b.unit == UnitKind::Ship && b.port == Some(area("brest")))
        );
    }
    // With 12.1.2 off, a ship needs no port.
    let mut g = at(
        Step::EconomicExpenditure,
        3,
        without(OptionalRule::ShipBuildingLocations),
        &[],
    );
    let buy = d(&g, "buy 1 ship");
    g.submit(p("france"), buy).unwrap();
}

// rule: 12.1.1
#[test]
fn militia_in_controlled_home_territory_converts_to_infantry_at_three_money_a_factor() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let (m0, mp0) = treasury(&g, "austria");
    let prague = (area("prague"), np("austria"));
    let before = g.state().forces.garrisons[&prague];
    assert_eq!(before.militia, 2);
    let conv = d(&g, "convert prague:2");
    g.submit(p("austria"), conv).unwrap();
    finish(&mut g);
    let per = g.scenario().charts.economy.militia_conversion_money as i32;
    assert_eq!(per, 3);
    assert_eq!(treasury(&g, "austria"), (m0 - 2 * per, mp0));
    // The militia leave the map and come back as infantry after infantry's delay.
    let after = g
        .state()
        .forces
        .garrisons
        .get(&prague)
        .copied()
        .unwrap_or_default();
    assert_eq!(after.militia, 0);
    let inf_delay = g.scenario().charts.economy.costs[&UnitKind::Infantry].delay_months;
    let b = g
        .state()
        .building
        .iter()
        .find(|b| b.rule == "12.1.1")
        .unwrap();
    assert_eq!((b.unit, b.count), (UnitKind::Infantry, 2));
    assert_eq!(
        b.due,
        Date::new(1805, 3).unwrap().plus_months(inf_delay as i32)
    );
}

// rule: 12.1.1
#[test]
fn militia_conversion_is_refused_at_war_with_a_major_power_outside_home_territory_or_beyond_the_militia()
 {
    let mut g = at(
        Step::EconomicExpenditure,
        3,
        standard(),
        &[Adjustment::Garrison {
            area: area("munich"),
            owner: np("austria"),
            factors: Factors {
                militia: 2,
                ..Default::default()
            },
        }],
    );
    // France is at war with Britain.
    let e = refused(&mut g, "france", "convert paris:1");
    assert_eq!(e.rule, "12.1.1");
    assert!(e.reason.contains("Great Britain"), "{e}");
    // Munich is not Austrian home territory.
    assert_eq!(
        refused(&mut g, "austria", "convert munich:1").rule,
        "12.1.1"
    );
    // Prague holds 2 militia, not 3.
    let e = refused(&mut g, "austria", "convert prague:3");
    assert_eq!(e.rule, "12.1.1");
    assert!(e.reason.contains("2 militia"), "{e}");
    // The option off: refused.
    let mut g = at(
        Step::EconomicExpenditure,
        3,
        without(OptionalRule::MilitiaConversion),
        &[],
    );
    assert_eq!(
        refused(&mut g, "austria", "convert prague:1").rule,
        "12.1.1"
    );
}

// rule: 12.5.2
#[test]
fn each_power_sets_its_marker_within_the_display_and_coalitions_restrictions() {
    let mut g = at(Step::EconomicManipulation, 3, standard(), &[]);
    // Every marker starts in square 0; every power is asked.
    assert_eq!(g.pending().len(), 7);
    assert!(g.state().economy.manipulation.is_empty());
    assert_eq!(refused(&mut g, "france", "manipulate 9").rule, "12.5.2");
    // Two squares at most from 0.
    assert_eq!(refused(&mut g, "france", "manipulate 3").rule, "8.4.1");
    let ch: Vec<String> = g
        .choices(p("france"))
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        ch,
        [
            "manipulate -2",
            "manipulate -1",
            "manipulate 0",
            "manipulate 1",
            "manipulate 2"
        ]
    );
    let set = d(&g, "manipulate 2");
    g.submit(p("france"), set).unwrap();
    finish(&mut g);
    assert_eq!(g.state().economy.square(p("france")), 2);
    assert_eq!(g.state().economy.square(p("austria")), 0);
}

// rule: 12.5.2
#[test]
fn a_power_in_the_instability_zone_may_not_choose_a_square_losing_points() {
    let mut g = at(
        Step::EconomicManipulation,
        3,
        standard(),
        &[Adjustment::PoliticalPoints {
            power: p("turkey"),
            delta: -10,
        }],
    );
    let e = refused(&mut g, "turkey", "manipulate 1");
    assert_eq!(e.rule, "8.4.1");
    assert!(
        e.reason.contains("Instability") || e.reason.contains("Fiasco"),
        "{e}"
    );
    let set = d(&g, "manipulate -1");
    g.submit(p("turkey"), set).unwrap();
}

// rule: 12.5.1
#[test]
fn the_last_setting_is_recorded_before_the_next_one_is_chosen() {
    let mut g = at(Step::EconomicManipulation, 3, standard(), &[]);
    let (s1, s2) = (d(&g, "manipulate 1"), d(&g, "manipulate -1"));
    submit_all(&mut g, vec![("france", s1), ("austria", s2)]);
    run_to(&mut g, Step::EconomicManipulation);
    assert_eq!(g.state().date(), Date::new(1805, 6).unwrap());
    // June's step recorded March's settings before asking: France square 1 (-1 PP, +10 money), Austria square
    // -1 (+1 PP, -8 money); the others in square 0 record nothing.
    let june = g.state().economy.phases.last().unwrap();
    assert_eq!(june.date, Date::new(1805, 6).unwrap());
    let fr = june.manipulation[&p("france")];
    let sq1 = *g.scenario().charts.economy.manipulation.square(1).unwrap();
    let sqm1 = *g.scenario().charts.economy.manipulation.square(-1).unwrap();
    assert_eq!((fr.pp, fr.money, fr.paid), (sq1.pp, sq1.money, true));
    let au = june.manipulation[&p("austria")];
    assert_eq!((au.pp, au.money, au.paid), (sqm1.pp, sqm1.money, true));
    assert_eq!(june.manipulation.len(), 2);
    let recorded: Vec<(String, i32)> = g
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::PointsChanged {
                power, delta, rule, ..
            }) if rule == "12.5.1" => Some((power.to_string(), *delta)),
            _ => None,
        })
        .collect();
    assert_eq!(
        recorded,
        [
            ("austria".to_string(), sqm1.pp),
            ("france".to_string(), sq1.pp)
        ]
    );
    // The markers stay until moved.
    assert_eq!(g.state().economy.square(p("france")), 1);
}

#[test]
fn with_manipulation_off_the_step_asks_nothing() {
    let mut g = at(
        Step::EconomicCollection,
        3,
        without(OptionalRule::EconomicManipulation),
        &[],
    );
    run_to(&mut g, Step::EconomicExpenditure);
    assert!(!g.log().iter().any(
        |e| matches!(e, Event::RoundOpened { round, .. } if format!("{round:?}") == "Manipulation")
    ));
}

// rule: 12.9
#[test]
fn american_trade_goes_to_powers_not_denied_and_britain_rolls_for_war_with_america() {
    // France and Spain are at war with Britain in 1805: they are denied; two denied, war on a 1 or a 2. Seeds
    // give both outcomes; each must match its roll.
    let am = embedded_scenario("1805")
        .unwrap()
        .charts
        .economy
        .american_trade
        .clone();
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = Arc::new(embedded_scenario("1805").unwrap());
        let pos = Position {
            date: Date::new(1805, 3).unwrap(),
            step: Step::EconomicCollection,
        };
        let g = Game::with_setup(s, standard(), seed, &[], Some(pos), &[]).unwrap();
        let rec = &g.state().economy.phases.last().unwrap().income;
        assert_eq!(rec[&p("austria")].american, am.money as i32);
        assert_eq!(rec[&p("france")].american, 0);
        assert_eq!(rec[&p("spain")].american, 0);
        assert_eq!(rec[&p("great-britain")].american, 0);
        let roll = g
            .log()
            .iter()
            .find_map(|e| match e {
                Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "12.9" => {
                    Some(roll.clone())
                }
                _ => None,
            })
            .expect("Britain rolls");
        assert_eq!(roll.who, "great-britain");
        let gb = &rec[&p("great-britain")];
        let war = roll.total <= 2 * am.war_per_denied as i32;
        if war {
            assert_eq!(gb.american_war_lost, am.war_loss as i32);
            assert_eq!(gb.trade, 30 - am.war_loss as i32);
        } else {
            assert_eq!((gb.trade, gb.american_war_lost), (30, 0));
        }
        outcomes.insert(war);
    }
    assert_eq!(outcomes.len(), 2, "both outcomes seen");
    // No power denied (peace with France and Spain): no roll at all.
    let g = at(
        Step::EconomicCollection,
        3,
        standard(),
        &[
            Adjustment::Peace {
                a: np("great-britain"),
                b: np("france"),
            },
            Adjustment::Peace {
                a: np("great-britain"),
                b: np("spain"),
            },
        ],
    );
    assert!(!g.log().iter().any(
        |e| matches!(e, Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "12.9")
    ));
    let rec = &g.state().economy.phases.last().unwrap().income;
    assert_eq!(rec[&p("france")].american, am.money as i32);
    // Option off: no American trade.
    let g = at(
        Step::EconomicCollection,
        3,
        without(OptionalRule::AmericanTrade),
        &[],
    );
    let rec = &g.state().economy.phases.last().unwrap().income;
    assert_eq!(rec[&p("austria")].american, 0);
}

#[test]
fn money_given_and_lent_passes_at_the_end_of_the_step_and_a_loan_is_repaid_a_year_later() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let (f0, _) = treasury(&g, "france");
    let (s0, _) = treasury(&g, "spain");
    let (a0, _) = treasury(&g, "austria");
    let l = d(&g, "give spain 10; lend austria 5");
    g.submit(p("france"), l).unwrap();
    finish(&mut g);
    assert_eq!(treasury(&g, "france").0, f0 - 15);
    assert_eq!(treasury(&g, "spain").0, s0 + 10);
    assert_eq!(treasury(&g, "austria").0, a0 + 5);
    let loan = g.state().economy.loans[0].clone();
    assert_eq!(loan.due, Date::new(1806, 3).unwrap());
    // Giving more than it has is refused like any purchase.
    let mut h = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let e = refused(&mut h, "spain", &format!("give france {}", s0 + 1));
    assert_eq!(e.rule, "8.5");
    assert!(e.reason.contains("1 money short"), "{e}");
    // March 1806's collection repays it.
    loop {
        run_to(&mut g, Step::EconomicExpenditure);
        if g.state().date() >= Date::new(1806, 3).unwrap() {
            break;
        }
        submit_all(&mut g, vec![]);
    }
    let repaid = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::Economy(EconomicEvent::Transferred { transfer, .. })
                if transfer.kind == TransferKind::Repayment =>
            {
                Some(transfer.clone())
            }
            _ => None,
        })
        .expect("the loan is repaid");
    assert_eq!(
        (repaid.from, repaid.to, repaid.money),
        (p("austria"), p("france"), 5)
    );
    assert_eq!(g.state().economy.loans[0].outstanding(), 0);
}

#[test]
fn the_status_step_gives_victory_points_by_zone_and_closes_the_phase_record() {
    let mut g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    let b = d(&g, "buy 2 infantry");
    g.submit(p("france"), b).unwrap();
    finish(&mut g);
    let rec = g.state().economy.phases.last().unwrap();
    let inf = g.scenario().charts.economy.costs[&UnitKind::Infantry];
    assert_eq!(rec.spent[&p("france")].money, 2 * inf.money as i32);
    assert!(!rec.spent.contains_key(&p("austria")));
    for (power, st) in &g.state().powers {
        let zone = g.scenario().status_zone(st.political_points).unwrap();
        assert_eq!(st.victory_points, zone.victory_points, "{power}");
        let s = rec.standing[power];
        assert_eq!(
            (s.political_points, s.money, s.manpower, s.victory_points),
            (
                st.political_points,
                st.money,
                st.manpower,
                st.victory_points
            )
        );
    }
}

#[test]
fn economic_decisions_read_back_from_their_text() {
    let g = at(Step::EconomicExpenditure, 3, standard(), &[]);
    for s in [
        "buy 3 infantry, 2 ship at brest",
        "buy none",
        "buy 1 cavalry; convert prague:2; give austria 10; lend prussia 5",
        "manipulate -1",
    ] {
        let dec = d(&g, s);
        assert_eq!(dec.to_string(), s);
        assert!(matches!(dec, Decision::Economy(_)));
    }
    let dec = d(&g, "buy 2 ships at brest");
    let Decision::Economy(EconomicDecision::Spend(sp)) = dec else {
        panic!()
    };
    assert_eq!(sp.buy[0].unit, UnitKind::Ship);
    assert!(Decision::parse("buy 2 dragons", g.scenario()).is_err());
    let _ = Nation::Power(p("france"));
}
