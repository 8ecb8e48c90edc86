//! Rule 7.5.4 in the Land Phase (Coalition's sieges, `docs/rules/land.md` 7.5.4): a besieger's siege roll, its
//! assault on the walls (7.5.4.1), the garrison's sortie (7.5.4.2.1) and its political points (7.5.4.2.2), the
//! surrender of a garrison and the city's change of hands at the Conquest Step; and 4.2.2.2's reading of sieges.

mod common;

use common::sieges::{ATTACKER_SIXES, siege_combat};
use common::{refused, submit};

use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, Nation, PowerId};
use coalition_engine::land::{LandEvent, SiegeCombat, Stage};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Factors, LossCause};
use coalition_engine::world::WorldEvent;
use coalition_engine::{Date, Step};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

fn austria() -> Nation {
    Nation::Power(p("austria"))
}

/// 1805, January's Land Phase, France at war with Austria and first to move; Bavaria a French free state;
/// France's I Corps (12 infantry) at Munich; Austria's field army far away in Vienna, and a garrison of
/// `garrison` infantry in Linz (a city, next to Passau).
fn siege_game(garrison: u16, extra: &[&str]) -> Game {
    let g = format!(
        r#"{{"garrison": {{"area": "linz", "owner": {{"power": "austria"}}, "factors": {{"infantry": {garrison}}}}}}}"#
    );
    let mut all = vec![
        r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#,
        r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "au-1", "factors": {"infantry": 12}, "location": {"area": "vienna"}}}"#,
        r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#,
        g.as_str(),
    ];
    all.extend_from_slice(extra);
    let mut g = common::land_1805(Rulebook::preset(Preset::Standard), 5, &all);
    submit(&mut g, "france", "slot 1");
    g
}

/// Every power owing a decision takes its default (another's siege step: `done`) until `power` owes one in the
/// Land Phase's siege step.
fn defaults_until_siege_step(g: &mut Game, power: &str) {
    let start = g.log().len();
    while !(g.state().land.stage == Stage::Siege && g.pending().contains(&p(power))) {
        assert!(g.log().len() < start + 20_000, "no siege step came");
        let owing = g.pending();
        assert!(!owing.is_empty(), "the game stopped");
        for q in owing {
            // Another power's siege step is passed over: its siege rolls could end the siege awaited.
            if g.state().land.stage == Stage::Siege {
                submit(g, q.as_str(), "done");
            } else {
                g.submit_default(q).unwrap();
            }
        }
    }
}

fn garrison(g: &Game, a: &str) -> Factors {
    g.state()
        .forces
        .garrisons
        .get(&(area(a), austria()))
        .copied()
        .unwrap_or_default()
}

/// France marches on Linz and ends its move: no enemy corps there, so no battle; its siege step follows.
fn french_at_linz(garrison: u16, extra: &[&str]) -> Game {
    let mut g = siege_game(garrison, extra);
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    submit(&mut g, "france", "done");
    g
}

#[test]
fn a_besieger_may_assault_at_once_but_roll_only_after_a_month_of_siege() {
    // rule: 7.5.4
    let mut g = french_at_linz(3, &[]);
    let land = &g.state().land;
    assert_eq!(land.stage, Stage::Siege);
    let offered: Vec<String> = g
        .choices(p("france"))
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert!(offered.contains(&"assault linz assault".to_string()));
    // Passing (`done`) ends the step.
    assert!(offered.contains(&"pass".to_string()), "{offered:?}");
    // No siege is recorded yet: no siege roll.
    assert!(!offered.iter().any(|d| d.starts_with("siege ")));
    assert_eq!(refused(&mut g, "france", "siege linz"), "7.5.4");
    // Only an assault or a sortie chit of the attacker's kind.
    assert_eq!(refused(&mut g, "france", "assault linz echelon"), "7.5.4.1");
    // Only the mover's own corps there.
    assert_eq!(
        refused(&mut g, "france", "assault linz assault with fr-2"),
        "7.5.4.1"
    );
    // Austria has nothing to do here.
    assert!(g.choices(p("austria")).is_empty());
    submit(&mut g, "france", "done");
    // The Conquest Step records the siege; Linz stays Austrian.
    defaults_until_siege_step(&mut g, "france");
    let st = g.state();
    let siege = st.sieges.get(&area("linz")).expect("Linz is besieged");
    assert_eq!(siege.since, Date::new(1805, 1).unwrap());
    assert_eq!(st.position.date, Date::new(1805, 2).unwrap());
    let offered: Vec<String> = g
        .choices(p("france"))
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert!(offered.contains(&"siege linz".to_string()));
    // The default of an absent player is the siege roll.
    assert_eq!(
        g.default_decision(p("france")).map(|d| d.to_string()),
        Some("siege linz".to_string())
    );
}

#[test]
fn a_siege_roll_that_reaches_the_city_value_takes_the_garrison_prisoner() {
    // rule: 7.5.4
    let mut g = french_at_linz(3, &[]);
    submit(&mut g, "france", "done");
    defaults_until_siege_step(&mut g, "france");
    // One month of siege (+1) and 12 factors against 3 (+1): a 4 makes 6, Linz's value as a city.
    g.force_dice(&[4]).unwrap();
    let before = g.log().len();
    submit(&mut g, "france", "siege linz");
    let new = g.log()[before..].to_vec();
    let roll = new
        .iter()
        .find_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "7.5.4" => {
                Some(roll.clone())
            }
            _ => None,
        })
        .expect("the siege roll is logged");
    assert_eq!(roll.faces, vec![4]);
    assert_eq!(roll.total, 6);
    assert_eq!(roll.modifiers.len(), 2);
    assert!(new.iter().any(|e| matches!(
        e,
        Event::Land(LandEvent::SiegeRolled {
            fell: true,
            total: 6,
            needed: 6,
            ..
        })
    )));
    assert!(garrison(&g, "linz").is_empty());
    assert_eq!(
        g.state()
            .prisoners
            .get(&(austria(), Nation::Power(p("france")))),
        Some(&Factors {
            infantry: 3,
            ..Default::default()
        })
    );
    assert!(
        g.state()
            .records
            .losses
            .iter()
            .any(|l| l.cause == LossCause::Surrender && l.land_factors == 3 && l.rule == "7.5.4")
    );
    // The Conquest Step gives Linz to France and lifts the siege.
    while g.state().position.step == Step::Land {
        for q in g.pending() {
            g.submit_default(q).unwrap();
        }
    }
    assert_eq!(
        g.state().area_control.get(&area("linz")),
        Some(&Nation::Power(p("france")))
    );
    assert!(!g.state().sieges.contains_key(&area("linz")));
}

#[test]
fn a_siege_roll_short_of_the_value_leaves_the_siege_as_it_was() {
    // rule: 7.5.4
    let mut g = french_at_linz(3, &[]);
    submit(&mut g, "france", "done");
    defaults_until_siege_step(&mut g, "france");
    g.force_dice(&[3]).unwrap();
    submit(&mut g, "france", "siege linz");
    assert_eq!(garrison(&g, "linz").infantry, 3);
    // Once a turn: the siege is not offered again.
    assert_eq!(g.state().land.stage, Stage::Moving);
    assert!(g.state().land.sieged.is_empty());
}

#[test]
fn an_assault_fights_the_garrison_behind_its_walls_and_a_broken_garrison_surrenders() {
    // rule: 7.5.4.1
    let mut g = french_at_linz(4, &[]);
    // France's dice are sixes, the garrison's ones (each round: the attacker's die, then the defender's).
    let (record, new) = siege_combat(&mut g, "france", "assault linz assault", &ATTACKER_SIXES);
    assert_eq!(record.kind, SiegeCombat::Assault);
    // A limited field combat: an assault's kind gives it the siege's days (one).
    assert_eq!(
        record.setup.kind,
        coalition_engine::battle::CombatKind::Assault
    );
    assert_eq!(
        record.setup.kind.days(&g.scenario().combat),
        g.scenario().combat.siege.days
    );
    assert_eq!(
        record.setup.walls,
        Some(coalition_engine::scenario::CityKind::City)
    );
    // The walls move the tables as `combat.ron` says (Assault v Defend: the attacker's first table is 3-1).
    let walls = g.scenario().combat.siege.walls[&coalition_engine::scenario::CityKind::City];
    let fire = &record.report.rounds[0].fire;
    let att = fire
        .iter()
        .find(|f| f.side == coalition_engine::scenario::combat::Role::Attacker)
        .unwrap();
    assert_eq!(
        att.table.casualty as i32,
        (3 + walls.attacker_casualty as i32).clamp(1, 5)
    );
    // Every die of the record is logged before it.
    let logged = new
        .iter()
        .take_while(|e| !matches!(e, Event::Land(LandEvent::SiegeCombatFought { .. })))
        .filter(|e| matches!(e, Event::World(WorldEvent::DiceRolled { .. })))
        .count();
    let in_report: usize = record
        .report
        .rounds
        .iter()
        .map(|r| r.before.len() + r.bombardment.len() + r.fire.len())
        .sum::<usize>()
        + record.report.opening.len();
    assert_eq!(logged, in_report);
    // Twelve French factors at 4.0 morale against four Austrian at 3.0: the garrison breaks on the first day, and
    // what is left of it surrenders.
    assert_eq!(
        record.report.outcome,
        coalition_engine::battle::Outcome::Won {
            winner: coalition_engine::scenario::combat::Role::Attacker
        },
        "{:?}",
        record.report
    );
    let left = record.report.defender_left[0];
    assert!(
        !left.is_empty(),
        "the garrison breaks before it is wiped out"
    );
    assert!(
        garrison(&g, "linz").is_empty(),
        "a broken garrison surrenders"
    );
    assert_eq!(
        g.state()
            .prisoners
            .get(&(austria(), Nation::Power(p("france")))),
        Some(&left)
    );
    // An assault won is worth the chart's points (1) to France, and costs Austria as many.
    assert!(new.iter().any(|e| matches!(
        e,
        Event::World(WorldEvent::PointsChanged { delta: 1, rule, .. }) if rule == "7.5.4.1"
    )));
}

#[test]
fn an_assault_beaten_off_leaves_the_besiegers_in_place_and_the_siege_goes_on() {
    // rule: 7.5.4.1
    // Every die a 1: France's fire does little; the day ends without a break (a limited combat of one day).
    let mut g = french_at_linz(4, &[]);
    g.force_dice(&[1; 12]).unwrap();
    submit(&mut g, "france", "assault linz probe");
    let rec = g
        .log()
        .iter()
        .find_map(|e| match e {
            Event::Land(LandEvent::SiegeCombatFought { record }) => Some((**record).clone()),
            _ => None,
        })
        .unwrap();
    assert!(rec.report.rounds.iter().all(|r| r.day == 1), "one day only");
    assert_ne!(
        rec.report.outcome,
        coalition_engine::battle::Outcome::Won {
            winner: coalition_engine::scenario::combat::Role::Attacker
        }
    );
    assert!(!garrison(&g, "linz").is_empty());
    let fr1 = &g.state().forces.corps[&coalition_engine::ids::CorpsId::new("fr-1").unwrap()];
    assert_eq!(
        fr1.location,
        coalition_engine::scenario::Location::Area(area("linz"))
    );
}

#[test]
fn a_sortie_won_restarts_the_siege_and_moves_political_points() {
    // rule: 7.5.4.2.1
    // rule: 7.5.4.2.2
    // A strong garrison (10 infantry) besieged by a weak French corps (4 infantry); Austria moves after France.
    let mut g = siege_game(10, &[]);
    g.host(
        &serde_json::from_str(
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 4}, "location": {"area": "munich"}}}"#,
        )
        .unwrap(),
        "a weak besieger",
    )
    .unwrap();
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    submit(&mut g, "france", "done");
    submit(&mut g, "france", "done");
    // The first month the siege is not yet recorded: Austria has nothing to sortie from.
    // The next month, Austria's siege step offers the sortie.
    defaults_until_siege_step(&mut g, "austria");
    let offered: Vec<String> = g
        .choices(p("austria"))
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert!(
        offered.contains(&"sortie linz assault".to_string()),
        "{offered:?}"
    );
    assert_eq!(
        refused(&mut g, "austria", "sortie linz echelon"),
        "7.5.4.2.1"
    );
    let pp = |g: &Game, q: &str| g.state().powers[&p(q)].political_points;
    let (fr0, au0) = (pp(&g, "france"), pp(&g, "austria"));
    // The garrison's dice are sixes, the besiegers' ones (each round: the attacker's die, then the defender's).
    let (rec, _) = siege_combat(
        &mut g,
        "austria",
        "sortie linz escalated_assault",
        &ATTACKER_SIXES,
    );
    assert_eq!(rec.kind, SiegeCombat::Sortie);
    assert_eq!(
        rec.setup.walls, None,
        "a sortie is fought outside the walls"
    );
    assert_eq!(
        rec.report.outcome,
        coalition_engine::battle::Outcome::Won {
            winner: coalition_engine::scenario::combat::Role::Attacker
        },
        "{:?}",
        rec.report
    );
    assert_eq!(pp(&g, "austria"), au0 + 1);
    assert_eq!(pp(&g, "france"), fr0 - 1);
    let siege = &g.state().sieges[&area("linz")];
    assert_eq!(
        siege.since,
        g.state().position.date,
        "the siege starts again"
    );
}

/// How many dice `power`'s siege combat `order` rolls before 12.7's checks when its dice are `fight` (then ones):
/// the combat played on a copy of the game.
fn combat_dice(g: &Game, power: &str, order: &str, fight: &[u8]) -> usize {
    let mut dry = g.clone();
    dry.force_dice(fight).unwrap();
    let before = dry.log().len();
    submit(&mut dry, power, order);
    dry.log()[before..]
        .iter()
        .take_while(|e| !matches!(e, Event::Land(LandEvent::SiegeCombatFought { .. })))
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) => Some(roll.faces.len()),
            _ => None,
        })
        .sum()
}

/// `power` fights `order` (an assault or a sortie) on [`ATTACKER_SIXES`] (then ones, as many as it rolls), and
/// `then` for what follows it (the checks for leader casualties, 12.7): the log's length before the order.
fn fight_then(g: &mut Game, power: &str, order: &str, then: &[u8]) -> usize {
    let n = combat_dice(g, power, order, &ATTACKER_SIXES);
    let mut dice: Vec<u8> = ATTACKER_SIXES
        .iter()
        .copied()
        .chain(std::iter::repeat(1))
        .take(n)
        .collect();
    dice.extend(then);
    g.force_dice(&dice).unwrap();
    let before = g.log().len();
    submit(g, power, order);
    before
}

/// The 12.7 rolls logged from event `from` on.
fn casualty_rolls(g: &Game, from: usize) -> Vec<(String, Vec<u8>)> {
    g.log()[from..]
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) if roll.rule == "12.7" => {
                Some((roll.who.clone(), roll.faces.clone()))
            }
            _ => None,
        })
        .collect()
}

fn leader_status(g: &Game, l: &str) -> coalition_engine::scenario::LeaderStatus {
    g.state().forces.leaders[&coalition_engine::ids::LeaderId::new(l).unwrap()].status
}

/// Every power owing a decision takes its default until the game reaches `date`'s `step`.
fn defaults_until(g: &mut Game, date: Date, step: Step) {
    while g.state().position.date < date
        || (g.state().position.date == date && g.state().position.step < step)
    {
        let owing = g.pending();
        assert!(!owing.is_empty(), "the game stopped");
        for q in owing {
            g.submit_default(q).unwrap();
        }
    }
}

#[test]
fn a_leader_wounded_in_an_assault_misses_three_complete_months() {
    // rule: 12.7
    // rule: 7.5.4.1
    // Davout marches on Linz with France's I Corps; Mack stands in Linz with its garrison.
    let mut g = siege_game(
        4,
        &[
            r#"{"leader": {"leader": "davout", "status": "active", "location": {"area": "munich"}}}"#,
            r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "linz"}}}"#,
        ],
    );
    submit(&mut g, "france", "move fr-1,davout munich>passau>linz");
    submit(&mut g, "france", "done");
    // The assault's own dice, then France's check (6 and 6: a casualty; Davout alone: no choice die; a 3: wounded
    // for 3 months), then Austria's (1 and 1).
    let before = fight_then(&mut g, "france", "assault linz assault", &[6, 6, 3, 1, 1]);
    assert_eq!(
        casualty_rolls(&g, before),
        vec![
            ("france".to_string(), vec![6, 6]),
            ("france".to_string(), vec![3]),
            ("austria".to_string(), vec![1, 1]),
        ],
        "both sides with leaders present check after the assault, attacker first"
    );
    // Wounded in January for 3 complete months: February, March and April; back in May.
    assert_eq!(
        leader_status(&g, "davout"),
        coalition_engine::scenario::LeaderStatus::Wounded {
            until: Date::new(1805, 5).unwrap()
        }
    );
    let wounded = g.log()[before..].iter().find_map(|e| match e {
        Event::World(WorldEvent::LeaderChanged { rule, reason, .. }) if rule == "12.7" => {
            Some(reason.clone())
        }
        _ => None,
    });
    assert_eq!(
        wounded.as_deref(),
        Some("Davout is wounded for 3 complete month(s), back in 1805-05 at Linz")
    );
    // April's Land Phase: still off the map; May's: back (its Reinforcement Phase returned him).
    defaults_until(&mut g, Date::new(1805, 4).unwrap(), Step::Land);
    assert!(matches!(
        leader_status(&g, "davout"),
        coalition_engine::scenario::LeaderStatus::Wounded { .. }
    ));
    defaults_until(&mut g, Date::new(1805, 5).unwrap(), Step::Naval);
    assert_eq!(
        leader_status(&g, "davout"),
        coalition_engine::scenario::LeaderStatus::Active
    );
}

#[test]
fn a_sortie_ends_with_each_sides_check_for_leader_casualties() {
    // rule: 12.7
    // rule: 7.5.4.2.1
    // A strong garrison (10 infantry) with Mack, besieged by a weak French corps (4 infantry) with Davout.
    let mut g = siege_game(
        10,
        &[
            r#"{"leader": {"leader": "davout", "status": "active", "location": {"area": "munich"}}}"#,
            r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "linz"}}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 4}, "location": {"area": "munich"}}}"#,
        ],
    );
    submit(&mut g, "france", "move fr-1,davout munich>passau>linz");
    submit(&mut g, "france", "done");
    submit(&mut g, "france", "done");
    defaults_until_siege_step(&mut g, "austria");
    // The garrison's side first: Mack is hit (6, 6) and killed (6); then the besiegers' (2, 3).
    let before = fight_then(&mut g, "austria", "sortie linz assault", &[6, 6, 6, 2, 3]);
    assert_eq!(
        casualty_rolls(&g, before),
        vec![
            ("austria".to_string(), vec![6, 6]),
            ("austria".to_string(), vec![6]),
            ("france".to_string(), vec![2, 3]),
        ]
    );
    assert_eq!(
        leader_status(&g, "mack"),
        coalition_engine::scenario::LeaderStatus::Dead
    );
}
