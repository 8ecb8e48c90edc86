//! The Economic Phase's rules read one at a time on a position of the 1805 scenario (American trade denied,
//! 12.9; manipulation recorded, 12.5.1 and 14.3.2.1.6; gifts refused to an UMP, 14.3.2.1.2; reparations paid,
//! B.3; debts not paid, 8.6): each rule runs on a copy of the game's state through a scratch emitter that
//! applies its events as the game does.

use coalition_engine::Date;
use coalition_engine::apply::apply;
use coalition_engine::calendar::{Position, Step};
use coalition_engine::economic::{
    EconomicEvent, EconomyState, Gift, Spending, Transfer, TransferKind, collection, expenditure,
    manipulation, status, transfers,
};
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::embedded_scenario;
use coalition_engine::state::State;
use coalition_engine::world::{Ctx, Cx, Obligation, Sink, UmpStatus, World, WorldEvent};
use std::collections::BTreeSet;
use std::sync::Arc;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

/// The 1805 scenario, standard rules, seed 1, seats for all, set up at `year`-`month`, `step` (3.7).
fn game(year: u16, month: u8, step: Step) -> Game {
    let s = Arc::new(embedded_scenario("1805").unwrap());
    let pos = Position {
        date: Date::new(year, month).unwrap(),
        step,
    };
    Game::with_setup(
        s,
        Rulebook::preset(Preset::Standard),
        1,
        &[],
        Some(pos),
        &[],
    )
    .unwrap()
}

/// The Economic Phase's reading of `st`.
fn ctx<'a>(g: &'a Game, st: &'a State) -> Ctx<'a, EconomyState> {
    Ctx {
        scenario: g.scenario(),
        rulebook: g.rulebook(),
        world: &st.world,
        own: &st.economy,
    }
}

/// A scratch emitter over a copy of the state: each event is applied as the game applies it, and kept.
struct Scratch<'s> {
    st: &'s mut State,
    log: Vec<Event>,
}

impl Sink<EconomyState, EconomicEvent> for Scratch<'_> {
    fn world(&self) -> &World {
        &self.st.world
    }
    fn own(&self) -> &EconomyState {
        &self.st.economy
    }
    fn push_world(&mut self, e: WorldEvent) {
        let e = Event::World(e);
        apply(self.st, &e);
        self.log.push(e);
    }
    fn push_own(&mut self, e: EconomicEvent) {
        let e = Event::Economy(e);
        apply(self.st, &e);
        self.log.push(e);
    }
}

/// Runs `f` on `st` through a scratch emitter; the events it emitted.
fn run(
    g: &Game,
    st: &mut State,
    f: impl FnOnce(&mut Cx<EconomyState, EconomicEvent>),
) -> Vec<Event> {
    let mut sink = Scratch { st, log: vec![] };
    let mut cx = Cx::new(g.scenario(), g.rulebook(), &mut sink);
    f(&mut cx);
    sink.log
}

// rule: 12.9
#[test]
fn a_b6_trade_restriction_denies_american_trade_while_it_is_kept() {
    let g = game(1805, 2, Step::Land);
    let gb = p("great-britain");
    let mut st = g.state().clone();
    let denied = |st: &State| collection::denied_american_trade(&ctx(&g, st), gb);
    // At war with Britain: France and Spain.
    assert_eq!(denied(&st), BTreeSet::from([p("france"), p("spain")]));
    // B.6 binds Austria to Russia (any victor): Austria is denied too.
    st.world
        .treaties
        .obligations
        .push(Obligation::TradeRestriction {
            loser: p("austria"),
            victor: p("russia"),
            since: Date::new(1805, 1).unwrap(),
            broken: None,
        });
    assert!(denied(&st).contains(&p("austria")));
    // Broken, it no longer denies.
    coalition_engine::world::treaties::record_trade_breach(
        &mut st.world,
        p("austria"),
        p("russia"),
        Date::new(1805, 2).unwrap(),
    );
    assert!(!denied(&st).contains(&p("austria")));
}

// rule: 12.5.1
#[test]
fn a_setting_the_power_cannot_pay_records_nothing() {
    let g = game(1805, 6, Step::EconomicCollection);
    let mut st = g.state().clone();
    apply(
        &mut st,
        &Event::Economy(EconomicEvent::ManipulationSet {
            power: p("turkey"),
            square: -2,
        }),
    );
    st.powers.get_mut(&p("turkey")).unwrap().money = 14;
    let ev = run(&g, &mut st.clone(), manipulation::record);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Economy(EconomicEvent::ManipulationRecorded { power, record, .. })
            if *power == p("turkey") && !record.paid
    )));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::PointsChanged { .. })
            | Event::World(WorldEvent::TreasuryChanged { .. })
    )));
    // With the 15 money square -2 costs, it pays and gains its points.
    st.powers.get_mut(&p("turkey")).unwrap().money = 15;
    let ev = run(&g, &mut st.clone(), manipulation::record);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::TreasuryChanged { power, money: -15, rule, .. })
            if *power == p("turkey") && rule == "12.5.1"
    )));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::PointsChanged { power, delta: 2, .. }) if *power == p("turkey")
    )));
}

// rule: 14.3.2.1.6
#[test]
fn an_uncontrolled_power_is_not_asked_and_its_marker_goes_back_to_zero() {
    let g = game(1805, 6, Step::EconomicCollection);
    let mut st = g.state().clone();
    for e in [
        Event::Economy(EconomicEvent::ManipulationSet {
            power: p("spain"),
            square: 1,
        }),
        Event::World(WorldEvent::UmpControl {
            ump: p("spain"),
            controller: None,
            status: UmpStatus::Neutral,
            rule: "14.3".into(),
            reason: "test".into(),
        }),
    ] {
        apply(&mut st, &e);
    }
    let owing = manipulation::owing(&ctx(&g, &st));
    assert!(!owing.contains(&p("spain")));
    assert_eq!(owing.len(), 6);
    let ev = run(&g, &mut st, manipulation::record);
    assert!(ev.contains(&Event::Economy(EconomicEvent::ManipulationSet {
        power: p("spain"),
        square: 0
    })));
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::PointsChanged { power, .. }) if *power == p("spain")
    )));
}

// rule: 14.3.2.1.2
#[test]
fn an_uncontrolled_power_may_never_give_or_lend_money() {
    let g = game(1805, 3, Step::EconomicExpenditure);
    let mut st = g.state().clone();
    apply(
        &mut st,
        &Event::World(WorldEvent::UmpControl {
            ump: p("spain"),
            controller: Some(p("france")),
            status: UmpStatus::Active,
            rule: "14.3.1.3".into(),
            reason: "test".into(),
        }),
    );
    let ctx = ctx(&g, &st);
    for loan in [false, true] {
        let gift = Gift {
            to: p("france"),
            money: 1,
            loan,
        };
        let e = transfers::check_gift(&ctx, p("spain"), &gift).unwrap_err();
        assert_eq!(e.rule, "14.3.2.1.2");
        // The same through the whole list check, and no such choice is listed.
        let sp = Spending {
            give: vec![gift],
            ..Default::default()
        };
        assert_eq!(
            expenditure::check(&ctx, p("spain"), &sp).unwrap_err().rule,
            "14.3.2.1.2"
        );
    }
    assert!(
        !expenditure::choices(&ctx, p("spain"))
            .iter()
            .any(|d| d.to_string().starts_with("give") || d.to_string().starts_with("lend"))
    );
    // A controlled power may give to the UMP.
    let gift = Gift {
        to: p("spain"),
        money: 1,
        loan: false,
    };
    assert!(transfers::check_gift(&ctx, p("france"), &gift).is_ok());
}

/// The reparations and loans paid in a collection on `st`, with `power`'s money after its income set to `money`.
fn collect(g: &Game, st: &mut State, power: &str, money: i32) -> Vec<Transfer> {
    st.powers.get_mut(&p(power)).unwrap().money = money;
    let payers = coalition_engine::economic::powers_with_economic_phase(&st.world);
    run(g, st, |cx| transfers::collect(cx, &payers))
        .into_iter()
        .filter_map(|e| match e {
            Event::Economy(EconomicEvent::Transferred { transfer, .. }) => Some(transfer),
            _ => None,
        })
        .collect()
}

#[test]
fn reparations_are_paid_once_when_the_loser_can_else_in_two_shares_never_below_zero() {
    let g = game(1805, 3, Step::EconomicExpenditure);
    let mut st = g.state().clone();
    st.world.treaties.obligations.push(Obligation::Reparations {
        term: "B.3".into(),
        from: p("austria"),
        to: p("france"),
        money_value: 80,
        once: 40,
        each_of_two: 27,
        date: Date::new(1805, 3).unwrap(),
    });
    // Austria has 50 after income: it pays the 40 at once.
    let mut once = st.clone();
    let t = collect(&g, &mut once, "austria", 50);
    assert_eq!(
        (t[0].money, t[0].owed, t[0].all_at_once),
        (40, 40, Some(true))
    );
    assert_eq!(once.powers[&p("austria")].money, 10);
    // With 30 it pays the first share of 27, then at the next phase the second, as far as it can (5 of 27).
    let t = collect(&g, &mut st, "austria", 30);
    assert_eq!((t[0].money, t[0].owed, t[0].installment), (27, 27, Some(1)));
    st.position.date = Date::new(1805, 6).unwrap();
    let t = collect(&g, &mut st, "austria", 5);
    assert_eq!(
        (t[0].money, t[0].owed, t[0].installment, t[0].short()),
        (5, 27, Some(2), 22)
    );
    assert_eq!(st.powers[&p("austria")].money, 0);
    // Nothing more is due after the second share.
    st.position.date = Date::new(1805, 9).unwrap();
    assert!(collect(&g, &mut st, "austria", 100).is_empty());
}

#[test]
fn a_debt_not_paid_in_full_costs_points_in_the_status_step() {
    let g = game(1805, 3, Step::EconomicExpenditure);
    let mut st = g.state().clone();
    let t = |kind, owed, money| Transfer {
        kind,
        from: p("austria"),
        to: p("france"),
        money,
        owed,
        loan_due: None,
        loan: None,
        obligation: Some(0),
        installment: Some(1),
        all_at_once: Some(false),
        rule: "B.3".into(),
    };
    for tr in [
        t(TransferKind::Reparations, 20, 5),
        t(TransferKind::Repayment, 4, 4),
    ] {
        apply(
            &mut st,
            &Event::Economy(EconomicEvent::Transferred {
                transfer: tr,
                reason: String::new(),
            }),
        );
    }
    let before = st.powers[&p("austria")].political_points;
    let ev = run(&g, &mut st, status::begin);
    let lost: Vec<(PowerId, i32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::PointsChanged {
                power, delta, rule, ..
            }) if rule == "8.6" => Some((*power, *delta)),
            _ => None,
        })
        .collect();
    // One debt short (the reparations); the loan repaid in full costs nothing.
    let default_points = g.scenario().charts.economy.default_points;
    assert_eq!(lost, [(p("austria"), default_points)]);
    let Some(Event::Economy(EconomicEvent::PhaseClosed { standing, .. })) = ev.last() else {
        panic!("the record is closed last")
    };
    assert_eq!(
        standing[&p("austria")].political_points,
        before + default_points
    );
}
