//! Rule 12.6: the written record the engine compiles: each Economic Phase's account from the world's ledger.

use coalition_engine::calendar::{Date, Position, Step};
use coalition_engine::economic::Amount;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::game::record::compile_log;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::Rulebook;
use coalition_engine::world::WorldEvent;

fn pos(month: u8, step: Step) -> Event {
    Event::StepBegan {
        position: Position {
            date: Date::new(1805, month).unwrap(),
            step,
        },
    }
}

fn money(power: PowerId, money: i32, manpower: i32, rule: &str) -> Event {
    Event::World(WorldEvent::TreasuryChanged {
        power,
        money,
        manpower,
        rule: rule.into(),
        reason: "test".into(),
        income: None,
    })
}

// rule: 12.6
#[test]
fn an_economic_phase_is_read_from_the_log_and_balances() {
    use coalition_engine::economic::Income;
    let s = coalition_engine::scenario::embedded_scenario("test").unwrap();
    let france = PowerId::new("france").unwrap();
    let austria = PowerId::new("austria").unwrap();
    let income = Income {
        provinces: Amount {
            money: 20,
            manpower: 6,
        },
        minors: Amount {
            money: 3,
            manpower: 1,
        },
        ..Default::default()
    };
    let log = vec![
        money(austria, -5, 0, "3.5"),
        pos(3, Step::Land),
        pos(3, Step::EconomicCollection),
        Event::World(WorldEvent::TreasuryChanged {
            power: france,
            money: 23,
            manpower: 7,
            rule: "8.2".into(),
            reason: "collection".into(),
            income: Some(income),
        }),
        // Reparations paid in the collection step are a transfer, not spending.
        money(austria, -4, 0, "B.3"),
        money(france, 4, 0, "B.3"),
        pos(3, Step::EconomicExpenditure),
        money(france, -12, -3, "8.5"),
        money(france, -3, 0, "12.1.1"),
        money(france, 2, 0, "12.5"),
        pos(3, Step::EconomicStatus),
        Event::World(WorldEvent::PointsChanged {
            power: france,
            delta: 2,
            rule: "8.6".into(),
            reason: "test".into(),
        }),
        pos(4, Step::Diplomacy),
        money(france, -1, 0, "3.5"),
    ];
    let st = Game::rebuild(&s, &log);
    let r = compile_log(&s, &st, &log, &Rulebook::default(), 1);
    assert_eq!(r.phases.len(), 1);
    let ph = &r.phases[0];
    assert!(ph.complete);
    let f = &ph.powers[&france];
    assert_eq!(
        f.income,
        Amount {
            money: 23,
            manpower: 7
        }
    );
    assert_eq!(f.provinces.money, 20);
    assert_eq!(
        f.spent_total(),
        Amount {
            money: 15,
            manpower: 3
        }
    );
    assert_eq!(f.spent.len(), 2, "spending is kept by rule: {:?}", f.spent);
    assert_eq!(f.other["B.3"].money, 4);
    assert_eq!(f.other["12.5"].money, 2);
    let a = &ph.powers[&austria];
    assert_eq!(a.spent_total(), Amount::default());
    assert_eq!(a.other["B.3"].money, -4);
    // Opening + income - spent + other = closing, for every power.
    for pp in ph.powers.values() {
        let other = pp.other.values().fold(Amount::default(), |x, y| x.plus(*y));
        assert_eq!(
            pp.opening.money + pp.income.money - pp.spent_total().money + other.money,
            pp.closing.money
        );
    }
    // The changes outside the phase are listed on their own; the standings end where the state does.
    assert_eq!(r.treasury_other.len(), 2);
    let last = r.snapshots.last().unwrap();
    assert_eq!(
        last.powers[&france].political_points,
        st.powers[&france].political_points
    );
    assert_eq!(
        f.closing.political_points,
        st.powers[&france].political_points
    );
    assert_eq!(f.closing.money, st.powers[&france].money + 1);
    assert_eq!(r.snapshots.len(), 2, "the start and the phase's close");
}
