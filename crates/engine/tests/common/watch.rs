//! The invariants the engine's random playouts check after every event (`tests/playout.rs`), shared with the
//! bots' campaigns (`crates/bots/tests/campaigns.rs`): [`Watch`] folds the log event by event and checks, after
//! each, the political invariants, the ledger of money and manpower, the Land and Naval Phases' invariants, the
//! fleets' transfers and scuttling, the cargo aboard fleets, the 12.6 accounts, and that the folded state is the
//! game's.

use super::points;
use coalition_engine::Event;
use coalition_engine::economic::EconomicEvent;
use coalition_engine::game::Game;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::rulebook::{OptionalRule, Rulebook};
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::state::State;
use coalition_engine::world::WorldEvent;
use std::collections::BTreeMap;

/// The invariants checked after every event of a game, with what they need carried between submissions.
pub struct Watch {
    shadow: State,
    ledger: Ledger,
    closed: usize,
    seen: usize,
}

impl Watch {
    /// Starts watching `g` (its log so far is its set-up).
    pub fn new(g: &Game) -> Watch {
        for e in g.log() {
            if let Event::World(WorldEvent::PointsChanged { rule, .. }) = e {
                assert!(!rule.is_empty());
            }
        }
        let shadow = g.state().clone();
        Watch {
            ledger: Ledger::new(&shadow),
            shadow,
            closed: 0,
            seen: g.log().len(),
        }
    }

    /// Checks every event `g` has logged since the last call: every change of points is explained by an event
    /// citing a rule, and the invariants hold on the state folded up to each event.
    pub fn after(&mut self, g: &Game) {
        let mut batch = Vec::new();
        let new = &g.log()[self.seen..];
        for e in new {
            if let Event::World(WorldEvent::PointsChanged { rule, .. }) = e {
                assert!(!rule.is_empty() && rule != "data");
            }
            check_land(g.scenario(), g.rulebook(), &self.shadow, e, new);
            check_naval(g.scenario(), &self.shadow, e, new);
            check_fleets(&self.shadow, e, new);
            batch.push((e.clone(), points::causes_of(e, &self.shadow)));
            coalition_engine::apply::apply(&mut self.shadow, e);
            check_invariants(&self.shadow);
            self.closed = check_closed(&self.shadow, self.closed);
            self.ledger.record(g.scenario(), &self.shadow, e);
            self.ledger
                .check(&self.shadow, matches!(e, Event::RoundClosed));
        }
        points::audit_causes(&batch);
        check_accounts(&self.shadow);
        check_cargo(g.scenario(), g.rulebook(), &self.shadow);
        self.seen = g.log().len();
        assert_eq!(
            &self.shadow,
            g.state(),
            "the log folded event by event is the game's state"
        );
    }
}

/// Each power's treasury as the events explain it: start, income (8.2), manipulation (12.5.1), spending (8.5,
/// 12.1.1), money passed between powers, and host corrections; plus the cost of what was queued.
#[derive(Default)]
struct Ledger {
    start: BTreeMap<PowerId, (i64, i64)>,
    income: BTreeMap<PowerId, (i64, i64)>,
    manipulation: BTreeMap<PowerId, (i64, i64)>,
    spent: BTreeMap<PowerId, (i64, i64)>,
    queued_cost: BTreeMap<PowerId, (i64, i64)>,
    transfers: BTreeMap<PowerId, i64>,
    other: BTreeMap<PowerId, (i64, i64)>,
}

fn add(m: &mut BTreeMap<PowerId, (i64, i64)>, p: PowerId, money: i64, manpower: i64) {
    let e = m.entry(p).or_default();
    e.0 += money;
    e.1 += manpower;
}

impl Ledger {
    fn new(s: &State) -> Ledger {
        Ledger {
            start: s
                .powers
                .iter()
                .map(|(p, st)| (*p, (st.money as i64, st.manpower as i64)))
                .collect(),
            ..Default::default()
        }
    }

    fn record(&mut self, sc: &Scenario, st: &State, e: &Event) {
        match e {
            Event::World(WorldEvent::TreasuryChanged {
                power,
                money,
                manpower,
                rule,
                income,
                ..
            }) => {
                let (m, mp) = (*money as i64, *manpower as i64);
                match rule.as_str() {
                    "8.2" => {
                        let i = income.as_ref().expect("8.2 carries its income");
                        assert_eq!((i.total().money, i.total().manpower), (*money, *manpower));
                        assert!(m >= 0 && mp >= 0, "income is never negative");
                        add(&mut self.income, *power, m, mp);
                    }
                    "12.5.1" => add(&mut self.manipulation, *power, m, mp),
                    "8.5" | "12.1.1" => {
                        assert!(m <= 0 && mp <= 0, "spending never adds");
                        add(&mut self.spent, *power, -m, -mp);
                    }
                    _ => add(&mut self.other, *power, m, mp),
                }
            }
            Event::World(WorldEvent::BuildingQueued { item }) => {
                // A minor free state's units are paid for by its controller (4.8).
                let Some(p) = st.controller_of(item.owner) else {
                    return;
                };
                let e = &sc.charts.economy;
                let n = item.count as i64;
                match item.rule.as_str() {
                    "8.5" | "12.1.2" => {
                        let c = e.costs[&item.unit];
                        add(
                            &mut self.queued_cost,
                            p,
                            c.money as i64 * n,
                            c.manpower as i64 * n,
                        );
                    }
                    "12.1.1" => add(
                        &mut self.queued_cost,
                        p,
                        e.militia_conversion_money as i64 * n,
                        0,
                    ),
                    _ => {}
                }
            }
            Event::Economy(EconomicEvent::Transferred { transfer: t, .. }) => {
                assert!(t.money >= 0 && t.money <= t.owed, "{t:?}");
                *self.transfers.entry(t.from).or_default() -= t.money as i64;
                *self.transfers.entry(t.to).or_default() += t.money as i64;
            }
            _ => {}
        }
    }

    fn check(&self, s: &State, closed_round: bool) {
        let z = (0, 0);
        let mut net = 0;
        for (p, st) in &s.powers {
            let g = |m: &BTreeMap<PowerId, (i64, i64)>| m.get(p).copied().unwrap_or(z);
            let (start, inc, man, sp, oth) = (
                g(&self.start),
                g(&self.income),
                g(&self.manipulation),
                g(&self.spent),
                g(&self.other),
            );
            let tr = self.transfers.get(p).copied().unwrap_or(0);
            net += tr;
            assert_eq!(
                st.money as i64,
                start.0 + inc.0 + man.0 - sp.0 + tr + oth.0,
                "{p}'s money is its start, income, manipulation, spending and transfers"
            );
            assert_eq!(
                st.manpower as i64,
                start.1 + inc.1 + man.1 - sp.1 + oth.1,
                "{p}'s manpower is its start, income, manipulation and spending"
            );
            assert!(st.money >= 0 && st.manpower >= 0, "{p} below zero: {st:?}");
            if closed_round {
                assert_eq!(sp, g(&self.queued_cost), "{p} paid what its purchases cost");
            }
        }
        assert_eq!(
            net, 0,
            "money passed between powers is neither made nor lost"
        );
    }
}

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

/// The Land Phase's invariants for event `e`, read with the state just before it; `batch` holds the events of
/// the same submission.
fn check_land(sc: &Scenario, rb: &Rulebook, s: &State, e: &Event, batch: &[Event]) {
    use coalition_engine::land::LandEvent;
    let in_land = s.position.step == coalition_engine::Step::Land;
    match e {
        Event::Land(LandEvent::Moved { power, record }) => {
            let ctx = coalition_engine::world::Ctx {
                scenario: sc,
                rulebook: rb,
                world: &s.world,
                own: &s.land,
            };
            for w in record.path.windows(2) {
                coalition_engine::world::geography::may_enter(&ctx, *power, w[0], w[1])
                    .unwrap_or_else(|e| panic!("{power} moved into {} without access: {e}", w[1]));
            }
        }
        Event::World(WorldEvent::AreaControlChanged { area, rule, .. }) if in_land => {
            assert_eq!(
                rule, "7.7",
                "{area} changed hands in the Land Phase outside the Conquest Step"
            );
        }
        Event::World(WorldEvent::CorpsChanged {
            corps,
            factors,
            rule,
            ..
        }) if in_land => {
            let before = s.forces.corps[corps].factors;
            if factors.total() < before.total() {
                let lost = before.total() - factors.total();
                let at = batch.iter().position(|x| x == e).unwrap();
                match rule.as_str() {
                    "7.3.2" | "7.4.2" => {
                        assert!(
                            batch[..at].iter().rev().any(|x| matches!(x, Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == *rule)),
                            "{corps} lost factors under {rule} with no roll"
                        );
                        assert!(
                            matches!(batch.get(at + 1), Some(Event::World(WorldEvent::LossRecorded { loss })) if loss.land_factors == lost),
                            "{corps}'s loss of {lost} under {rule} is not recorded"
                        );
                    }
                    "7.3.5" | "7.7" => {}
                    // A battle's losses (7.5.6), a trivial combat's or a cut-off retreat's surrender (7.5.3,
                    // 7.5.9), the pursuit (7.5.8) and a siege combat's losses (7.5.4) follow the battle's or the
                    // siege combat's record, and are recorded; a corps inside a city surrenders with it to a
                    // siege roll that takes it (7.5.4).
                    "7.5.3" | "7.5.4" | "7.5.6" | "7.5.8" | "7.5.9" => {
                        assert!(
                            batch[..at].iter().any(|x| matches!(
                                x,
                                Event::Land(
                                    LandEvent::BattleFought { .. }
                                        | LandEvent::SiegeCombatFought { .. }
                                        | LandEvent::SiegeRolled { fell: true, .. }
                                )
                            )),
                            "{corps} lost factors under {rule} with no battle"
                        );
                        assert!(
                            batch[at..].iter().any(|x| matches!(x, Event::World(WorldEvent::LossRecorded { loss }) if loss.rule == *rule)),
                            "{corps}'s loss of {lost} under {rule} is not recorded"
                        );
                    }
                    r => panic!("{corps} lost {lost} factors in the Land Phase under {r}"),
                }
            }
        }
        _ => {}
    }
}

/// The Naval Phase's invariants for event `e`, read with the state just before it: no fleet sails beyond its
/// allowance (6.2.1 with 12.2.3), every step of a path touches the next at its cost, and ships are conserved (no
/// rule of the phase builds, sinks or captures any yet).
fn check_naval(sc: &Scenario, s: &State, e: &Event, batch: &[Event]) {
    use coalition_engine::naval::NavalEvent;
    use coalition_engine::naval::sailing::{friendly_port, step_cost};
    match e {
        Event::Naval(NavalEvent::Sailed { power, record }) => {
            let cost: u32 = record
                .path
                .windows(2)
                .map(|w| step_cost(sc, w[0], w[1]).expect("a path's places touch (6.2.1)"))
                .sum();
            assert_eq!(cost, record.cost, "a path costs the sum of its steps");
            for f in &record.fleets {
                let allowance = s.naval.allowance[f];
                let spent = s.naval.spent.get(f).copied().unwrap_or(0);
                assert!(
                    spent + cost <= allowance && allowance <= sc.charts.movement.fleet,
                    "{f} sailed {cost} after {spent} with an allowance of {allowance}"
                );
                assert!(s.world.moves_fleet(*power, *f), "{power} sailed {f}");
            }
            for l in &record.path[1..] {
                if let Location::Area(a) = l {
                    assert!(
                        friendly_port(sc, &s.world, *power, *a),
                        "{power} entered {a}"
                    );
                }
            }
        }
        // Ships change in the Naval Phase only in a battle (6.3).
        Event::World(WorldEvent::FleetChanged {
            fleet, ships, rule, ..
        }) if s.position.step == coalition_engine::Step::Naval && rule != "6.3" => {
            assert_eq!(
                *ships, s.world.forces.fleets[fleet].ships,
                "{fleet}'s ships changed in the Naval Phase outside a battle"
            );
        }
        // Ships are conserved in a battle: after its events the fleets hold what they held, less what was sunk
        // (lost, less what the winner captured); no fleet loses more than it had.
        Event::Naval(NavalEvent::BattleFought { battle }) => {
            let mut ships: std::collections::BTreeMap<_, u16> = s
                .world
                .forces
                .fleets
                .iter()
                .map(|(id, f)| (*id, f.ships))
                .collect();
            let before: u32 = ships.values().map(|x| *x as u32).sum();
            for side in [&battle.attacking, &battle.defending] {
                for (id, n) in &side.fleets {
                    assert_eq!(ships[id], *n, "{id} fought with the ships it had");
                    assert!(
                        side.lost.get(id).copied().unwrap_or(0) <= *n,
                        "{id} lost more than it had"
                    );
                }
            }
            let i = batch
                .iter()
                .position(|x| x == e)
                .expect("the event is in its batch");
            for x in batch[i + 1..]
                .iter()
                .take_while(|x| !matches!(x, Event::Naval(_)))
            {
                if let Event::World(WorldEvent::FleetChanged {
                    fleet, ships: n, ..
                }) = x
                {
                    ships.insert(*fleet, *n);
                }
            }
            let after: u32 = ships.values().map(|x| *x as u32).sum();
            assert_eq!(
                after + battle.sunk(),
                before,
                "ships are conserved in a naval battle"
            );
        }
        _ => {}
    }
}

/// Coalition's 5.1.3 and 5.1.4, for event `e` read with the state just before it: a transfer's two events move
/// ships from one fleet to another (none made or lost), and a fleet scuttled with ships has them recorded as a
/// loss by scuttling in its batch.
fn check_fleets(s: &State, e: &Event, batch: &[Event]) {
    let Event::World(WorldEvent::FleetChanged {
        fleet, ships, rule, ..
    }) = e
    else {
        return;
    };
    let had = s.world.forces.fleets[fleet].ships;
    let i = batch
        .iter()
        .position(|x| x == e)
        .expect("the event is in its batch");
    match rule.as_str() {
        "5.1.3" if *ships < had => {
            // The next event gives the ships to the other fleet (or, for a leaving fleet, none are left).
            let moved = had - ships;
            match batch.get(i + 1) {
                Some(Event::World(WorldEvent::FleetChanged {
                    fleet: to,
                    ships: n,
                    rule,
                    ..
                })) if rule == "5.1.3" && to != fleet => {
                    assert_eq!(
                        *n,
                        s.world.forces.fleets[to].ships + moved,
                        "{fleet}'s {moved} ship(s) go to {to}"
                    );
                }
                x => panic!("{fleet} lost {moved} ship(s) under 5.1.3 with no receiver: {x:?}"),
            }
        }
        "5.1.3" => {}
        "5.1.4" => {
            assert_eq!(*ships, 0, "a scuttled fleet keeps no ships");
            if had > 0 {
                assert!(
                    batch[i..].iter().any(|x| matches!(x,
                        Event::World(WorldEvent::LossRecorded { loss })
                            if loss.cause == coalition_engine::scenario::LossCause::Scuttling
                                && loss.ships == u32::from(had)
                                && loss.rule == "5.1.4")),
                    "{fleet}'s {had} scuttled ship(s) are not recorded as a loss"
                );
            }
        }
        _ => {}
    }
}

/// 6.2.5 with 12.2.4: every corps aboard a fleet is aboard one with ships on the map, and at each place a power's
/// fleets carry at most `transport.reduced_factors` army factors each under 12.2.4, else `corps_per_fleet` corps.
fn check_cargo(sc: &Scenario, rules: &Rulebook, s: &State) {
    let mut load: std::collections::BTreeMap<(PowerId, Location), u32> = Default::default();
    for (id, c) in &s.world.forces.corps {
        let Location::Aboard(f) = c.location else {
            continue;
        };
        let x = &s.world.forces.fleets[&f];
        assert!(
            x.ships > 0 && !matches!(x.location, Location::OffMap | Location::Aboard(_)),
            "{id} is aboard {f}, which has no ships on the map"
        );
        let power = s
            .world
            .controller_of(x.owner)
            .expect("a fleet's controller");
        *load.entry((power, x.location)).or_default() +=
            if rules.has(OptionalRule::ReducedNavalTransport) {
                c.factors.total()
            } else {
                1
            };
    }
    // Coalition's 6.2.5 (invasion supply): every depot aboard is aboard a fleet with ships on the map.
    for (f, n) in &s.world.forces.depots_aboard {
        let x = &s.world.forces.fleets[f];
        assert!(
            x.ships > 0 && x.location != Location::OffMap,
            "{n}'s depot is aboard {f}, which has no ships on the map"
        );
    }
    for ((power, at), factors) in load {
        let fleets = s
            .world
            .forces
            .fleets
            .iter()
            .filter(|(id, f)| f.location == at && f.ships > 0 && s.world.moves_fleet(power, **id))
            .count() as u32;
        let t = &sc.charts.naval.transport;
        let each = if rules.has(OptionalRule::ReducedNavalTransport) {
            t.reduced_factors
        } else {
            t.corps_per_fleet
        };
        assert!(
            factors <= fleets * each,
            "{power}'s {fleets} fleet(s) at {at} carry {factors} (factors under 12.2.4, else corps; 6.2.5)"
        );
    }
}

/// 12.6: every Economic Phase's account balances (opening + income - spent + other = closing, in money and
/// manpower, for every power).
fn check_accounts(s: &State) {
    let phases = s.world.ledger.closing_now(&s.world);
    for ph in &phases {
        for (p, a) in &ph.powers {
            let other = a
                .other
                .values()
                .fold(coalition_engine::economic::Amount::default(), |x, y| {
                    x.plus(*y)
                });
            let spent = a.spent_total();
            assert_eq!(
                (
                    a.opening.money + a.income.money - spent.money + other.money,
                    a.opening.manpower + a.income.manpower - spent.manpower + other.manpower
                ),
                (a.closing.money, a.closing.manpower),
                "{p}'s account of the phase of {} does not balance: {a:?}",
                ph.date
            );
        }
    }
}

/// 12.6: a phase that has just closed closes at every power's treasury and points as they are now.
fn check_closed(s: &State, closed_before: usize) -> usize {
    let closed: Vec<_> = s
        .world
        .ledger
        .phases
        .iter()
        .filter(|p| p.complete)
        .collect();
    if closed.len() > closed_before {
        let ph = closed.last().unwrap();
        for (p, ps) in &s.world.powers {
            let c = ph.powers[p].closing;
            assert_eq!(
                (c.money, c.manpower, c.political_points),
                (ps.money, ps.manpower, ps.political_points),
                "{p}: the record of the phase of {} closes at the treasury then",
                ph.date
            );
        }
    }
    closed.len()
}
