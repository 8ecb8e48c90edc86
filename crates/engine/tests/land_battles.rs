//! Rule 7.5 in the Land Phase (Coalition's land combat, `docs/rules/land.md` 7.5 to 7.5.9): a battle is asked
//! sealed of both sides, fought by the battle layer, and its dice, losses, prisoners, points, leader casualties
//! and retreats reach the game through events.

mod common;

use common::{refused, submit};

use coalition_engine::battle::day::DayReport;
use coalition_engine::event::Event;
use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, CorpsId, PowerId};
use coalition_engine::land::{LandEvent, Stage};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::combat::{AttackChit, DefendChit, Role};
use coalition_engine::scenario::{Location, LossCause};
use coalition_engine::world::WorldEvent;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn corps(s: &str) -> CorpsId {
    CorpsId::new(s).unwrap()
}

fn area(s: &str) -> AreaId {
    AreaId::new(s).unwrap()
}

/// A game of 1805 at January's Land Phase after `adjs`, France at war with Austria and first to move.
fn at_war(rulebook: Rulebook, adjs: &[&str]) -> Game {
    let mut all =
        vec![r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#];
    all.extend_from_slice(adjs);
    let mut g = common::land_1805(rulebook, 5, &all);
    submit(&mut g, "france", "slot 1");
    g
}

/// France's I Corps (12 infantry) marches from Munich to Linz, where Austria's I Corps (12 infantry, 2 cavalry)
/// stands alone (its cavalry corps and leaders sent elsewhere), and ends its move.
fn french_attack(rulebook: Rulebook, extra: &[&str]) -> Game {
    let mut adjs = vec![
        r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12}, "location": {"area": "munich"}}}"#,
        r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#,
        r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#,
    ];
    adjs.extend_from_slice(extra);
    let mut g = at_war(rulebook, &adjs);
    submit(&mut g, "france", "move fr-1 munich>passau>linz");
    submit(&mut g, "france", "done");
    g
}

fn fought(g: &Game) -> Vec<coalition_engine::land::BattleRecord> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Land(LandEvent::BattleFought { record }) => Some((**record).clone()),
            _ => None,
        })
        .collect()
}

/// Fights the battle under way to its end, the same chits every day, and makes its retreats (to the first area).
fn fight_out(g: &mut Game, attack: &str, defend: &str) {
    while let Some(b) = g.state().land.battle.clone() {
        match b.retreats.first() {
            Some(r) => {
                let who = r.power.unwrap();
                submit(g, who.as_str(), &format!("retreat {}", r.to[0]));
            }
            None => {
                submit(g, "france", attack);
                submit(g, "austria", defend);
            }
        }
    }
}

#[test]
fn a_battle_asks_both_sides_sealed_and_its_dice_losses_and_records_follow() {
    // rule: 7.5
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    let land = &g.state().land;
    assert_eq!(land.stage, Stage::Battle);
    let b = land.battle.clone().expect("a battle at Linz");
    assert_eq!(b.area, area("linz"));
    assert_eq!(b.attacker, p("france"));
    assert_eq!(b.defender, Some(p("austria")));
    // Each side is offered its own kind of chit only, and the defender's Withdraw among them.
    let fr = g.choices(p("france"));
    assert!(fr.iter().all(|d| d.to_string().starts_with("attack ")));
    let au = g.choices(p("austria"));
    assert!(au.iter().any(|d| d.to_string() == "defend withdraw"));
    assert_eq!(refused(&mut g, "france", "defend cordon"), "7.5.2");
    assert_eq!(refused(&mut g, "austria", "attack assault"), "7.5.2");
    // The outflank needs a leader: neither side has one here.
    assert_eq!(
        refused(&mut g, "france", "attack outflank with fr-1"),
        "7.5.2"
    );
    submit(&mut g, "france", "attack assault");
    // Sealed: Austria's view shows that France has submitted, not what.
    let v = serde_json::to_string(&g.view(p("austria"))).unwrap();
    assert!(
        !v.contains("\"assault\""),
        "the chit leaked before the reveal"
    );
    let before = g.log().len();
    submit(&mut g, "austria", "defend defend");
    let new = &g.log()[before..];
    let records = fought(&g);
    assert_eq!(records.len(), 1);
    let r = &records[0];
    // Every die of the report is a DiceRolled event, before the record, in order.
    let dice: Vec<_> = new
        .iter()
        .take_while(|e| !matches!(e, Event::Land(LandEvent::BattleFought { .. })))
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) => Some(roll.clone()),
            _ => None,
        })
        .collect();
    let in_report: Vec<_> = r
        .report
        .opening
        .iter()
        .chain(r.report.rounds.iter().flat_map(|x| {
            x.before
                .iter()
                .chain(x.bombardment.iter().map(|f| &f.roll))
                .chain(x.fire.iter().map(|f| &f.roll))
        }))
        .cloned()
        .collect();
    assert!(!in_report.is_empty());
    assert_eq!(dice, in_report, "the log's dice are the report's, in order");
    // The corps hold what the report left them, and each nation's losses are recorded as combat losses.
    let (la, ld) = r.report.losses(&r.setup);
    let st = g.state();
    let fr1 = &st.forces.corps[&corps("fr-1")];
    let au1 = &st.forces.corps[&corps("au-1")];
    // The pursuit (7.5.8) may take more from the loser; its factors are recorded as combat losses too.
    let pursuit: u32 = new
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::LossRecorded { loss }) if loss.rule == "7.5.8" => {
                Some(loss.land_factors)
            }
            _ => None,
        })
        .sum();
    assert_eq!(
        (12 - fr1.factors.total()) + (14 - au1.factors.total()),
        la + ld + pursuit,
        "the corps lost what the report and the pursuit say"
    );
    assert!(12 - fr1.factors.total() >= la && 14 - au1.factors.total() >= ld);
    let recorded = |n: &str| -> u32 {
        new.iter()
            .filter_map(|e| match e {
                Event::World(WorldEvent::LossRecorded { loss })
                    if loss.nation.to_string() == n && loss.cause == LossCause::Combat =>
                {
                    Some(loss.land_factors)
                }
                _ => None,
            })
            .sum()
    };
    assert_eq!(recorded("france"), 12 - fr1.factors.total());
    assert_eq!(recorded("austria"), 14 - au1.factors.total());
    // Once any retreat is made, only one side stands at Linz.
    while let Some(b) = g.state().land.battle.clone() {
        let r = &b.retreats[0];
        submit(
            &mut g,
            r.power.unwrap().as_str(),
            &format!("retreat {}", r.to[0]),
        );
    }
    let at_linz: Vec<_> = g
        .state()
        .forces
        .corps
        .values()
        .filter(|c| c.location == Location::Area(area("linz")) && !c.factors.is_empty())
        .map(|c| c.owner)
        .collect();
    assert!(!at_linz.is_empty(), "the winner holds the field");
    assert!(at_linz.windows(2).all(|w| w[0] == w[1]), "{at_linz:?}");
}

#[test]
fn a_withdrawal_by_probe_retreats_the_defender_without_a_roll_and_it_chooses_where() {
    // rule: 7.5
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    submit(&mut g, "france", "attack probe");
    submit(&mut g, "austria", "defend withdraw");
    let r = &fought(&g)[0];
    assert_eq!(
        r.report.outcome,
        coalition_engine::battle::Outcome::Withdrew
    );
    // No losses, no points.
    assert_eq!(r.report.losses(&r.setup), (0, 0));
    assert!(r.winners.is_empty() && r.losers.is_empty());
    // Linz has more than one way out for Austria: it is asked, and may not go where France stands.
    let b = g.state().land.battle.clone().expect("the retreat is owed");
    let options = &b.retreats[0].to;
    assert!(options.len() >= 2, "{options:?}");
    assert!(options.contains(&area("vienna")), "{options:?}");
    assert_eq!(refused(&mut g, "austria", "retreat paris"), "7.5.9");
    // Not France's to choose.
    assert_eq!(refused(&mut g, "france", "retreat vienna"), "3.2");
    let to = options[0];
    submit(&mut g, "austria", &format!("retreat {to}"));
    assert_eq!(
        g.state().forces.corps[&corps("au-1")].location,
        Location::Area(to)
    );
    assert!(g.state().land.battle.is_none());
    // A force that retreated moves no more this phase.
    assert!(g.state().land.stopped.contains(&corps("au-1")));
}

#[test]
fn a_trivial_combat_destroys_the_small_side_and_its_survivors_are_prisoners() {
    // rule: 7.5
    // rule: 4.4.6.1
    let mut g = french_attack(
        Rulebook::preset(Preset::Standard),
        &[
            r#"{"corps": {"corps": "au-1", "factors": {"infantry": 2}, "location": {"area": "linz"}}}"#,
        ],
    );
    g.force_dice(&[1, 1]).unwrap();
    submit(&mut g, "france", "attack assault");
    submit(&mut g, "austria", "defend defend");
    let r = &fought(&g)[0];
    assert_eq!(
        r.report.outcome,
        coalition_engine::battle::Outcome::Won {
            winner: coalition_engine::scenario::combat::Role::Attacker
        }
    );
    let st = g.state();
    assert_eq!(st.forces.corps[&corps("au-1")].location, Location::OffMap);
    let held: u32 = st
        .prisoners
        .iter()
        .filter(|((o, c), _)| o.to_string() == "austria" && c.to_string() == "france")
        .map(|(_, f)| f.total())
        .sum();
    // The Austrian factors that fire did not kill are held by France.
    let fire_losses: u32 = r.report.rounds[0]
        .fire
        .iter()
        .filter(|f| f.side == coalition_engine::scenario::combat::Role::Attacker)
        .map(|f| f.inflicted)
        .sum();
    assert_eq!(held, 2 - fire_losses);
    assert!(held > 0, "a roll of 1 on 3-3 leaves survivors");
}

#[test]
fn battle_points_follow_the_size_of_the_battle() {
    // rule: 7.5
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    let before_fr = g.state().powers[&p("france")].political_points;
    let before_au = g.state().powers[&p("austria")].political_points;
    fight_out(&mut g, "attack escalated_assault", "defend counterattack");
    let r = &fought(&g)[0];
    let size = 12 + 14;
    let points = g
        .scenario()
        .combat
        .points
        .iter()
        .rev()
        .find(|x| x.from_factors <= size)
        .unwrap()
        .points;
    let (dfr, dau) = (
        g.state().powers[&p("france")].political_points - before_fr,
        g.state().powers[&p("austria")].political_points - before_au,
    );
    match r.report.outcome {
        coalition_engine::battle::Outcome::Won { winner } => {
            let sign = if winner == coalition_engine::scenario::combat::Role::Attacker {
                1
            } else {
                -1
            };
            assert_eq!((dfr, dau), (sign * points, -sign * points));
        }
        _ => assert_eq!((dfr, dau), (0, 0)),
    }
}

#[test]
fn twelve_seven_kills_or_wounds_a_leader_on_a_twelve() {
    // rule: 12.7
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.insert(OptionalRule::LeaderCasualties);
    let mut g = french_attack(
        rb,
        &[r#"{"leader": {"leader": "charles", "status": "active", "location": {"area": "linz"}}}"#],
    );
    submit(&mut g, "france", "attack probe");
    // The defender withdraws without a roll (Probe v Withdraw); then France has no leader to roll for, Austria
    // rolls 6+6 (a hit), and 6 kills its only leader.
    g.force_dice(&[6, 6, 6]).unwrap();
    submit(&mut g, "austria", "defend withdraw");
    let st = g.state();
    assert_eq!(
        st.forces.leaders[&coalition_engine::ids::LeaderId::new("charles").unwrap()].status,
        coalition_engine::scenario::LeaderStatus::Dead
    );
}

#[test]
fn chits_are_refused_outside_a_battle_and_a_guard_needs_12_3_4() {
    // rule: 12.3.4
    let mut rb = Rulebook::preset(Preset::Standard);
    rb.optional.remove(&OptionalRule::GuardCommitment);
    let mut g = at_war(rb.clone(), &[]);
    assert_eq!(refused(&mut g, "france", "attack assault"), "7.5");
    let mut g = french_attack(rb, &[]);
    assert_eq!(
        refused(&mut g, "france", "attack assault guard 1.1+1"),
        "12.3.4"
    );
    assert!(
        g.choices(p("france"))
            .iter()
            .all(|d| !d.to_string().contains("guard"))
    );
}

/// The days of the battle under way fought so far, as the log records them.
fn days_fought(g: &Game) -> Vec<(u8, (AttackChit, DefendChit), DayReport)> {
    g.log()
        .iter()
        .filter_map(|e| match e {
            Event::Land(LandEvent::BattleDayFought {
                day, chits, report, ..
            }) => Some((*day, *chits, (**report).clone())),
            _ => None,
        })
        .collect()
}

/// Ones on every die of a day: little fire, nobody breaks, and the battle goes on to another day.
const QUIET_DAY: [u8; 12] = [1; 12];

#[test]
fn a_battle_of_two_days_asks_for_the_second_days_chits_only_after_the_first_is_fought() {
    // rule: 7.5.2
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    submit(&mut g, "france", "attack probe");
    g.force_dice(&QUIET_DAY).unwrap();
    let before = g.log().len();
    submit(&mut g, "austria", "defend defend");
    // Day 1 is fought and logged, its dice in order before it; the battle is not over.
    let days = days_fought(&g);
    assert_eq!(days.len(), 1);
    let (day, chits, report) = &days[0];
    assert_eq!((*day, *chits), (1, (AttackChit::Probe, DefendChit::Defend)));
    assert_eq!(report.outcome, None, "the battle goes on");
    assert_eq!(report.rounds.len(), 3);
    let dice: Vec<_> = g.log()[before..]
        .iter()
        .filter_map(|e| match e {
            Event::World(WorldEvent::DiceRolled { roll }) => Some(roll.clone()),
            _ => None,
        })
        .collect();
    let day_dice: Vec<_> = report
        .opening
        .iter()
        .chain(report.rounds.iter().flat_map(|x| {
            x.before
                .iter()
                .chain(x.bombardment.iter().map(|f| &f.roll))
                .chain(x.fire.iter().map(|f| &f.roll))
        }))
        .cloned()
        .collect();
    assert_eq!(dice, day_dice, "the day's dice, in order");
    assert!(fought(&g).is_empty(), "no aftermath before the last day");
    // Both sides are asked again for day 2, sealed; the battle keeps what day 1 did.
    let b = g.state().land.battle.clone().unwrap();
    assert_eq!(b.field.as_ref().map(|f| f.day()), Some(2));
    assert_eq!(g.state().land.stage, Stage::Battle);
    assert!(!g.choices(p("france")).is_empty());
    assert!(!g.choices(p("austria")).is_empty());
    submit(&mut g, "france", "attack escalated_assault");
    let v = serde_json::to_string(&g.view(p("austria"))).unwrap();
    assert!(
        !v.contains("\"escalated_assault\""),
        "day 2's chit leaked before the reveal"
    );
    assert_eq!(days_fought(&g).len(), 1, "day 2 waits for both chits");
    submit(&mut g, "austria", "defend counterattack");
    let days = days_fought(&g);
    assert_eq!(days.len(), 2);
    assert_eq!(
        (days[1].0, days[1].1),
        (2, (AttackChit::EscalatedAssault, DefendChit::Counterattack))
    );
    assert!(days[1].2.rounds.iter().all(|r| r.day == 2));
    fight_out(&mut g, "attack escalated_assault", "defend counterattack");
    // The record holds every day's chits and the whole report.
    let r = &fought(&g)[0];
    assert_eq!(
        r.setup.chits[..2],
        [
            (AttackChit::Probe, DefendChit::Defend),
            (AttackChit::EscalatedAssault, DefendChit::Counterattack)
        ]
    );
    assert_eq!(r.chits, (AttackChit::Probe, DefendChit::Defend));
    assert_eq!(r.setup.chits.len(), days_fought(&g).len());
    let rounds: usize = days_fought(&g).iter().map(|d| d.2.rounds.len()).sum();
    assert_eq!(r.report.rounds.len(), rounds);
}

#[test]
fn a_guard_commits_on_the_second_day_once_and_for_that_day() {
    // rule: 12.3.4
    let mut g = french_attack(
        Rulebook::preset(Preset::Standard),
        &[r#"{"corps": {"corps": "fr-g", "factors": {"guard": 6}, "location": {"area": "linz"}}}"#],
    );
    submit(&mut g, "france", "attack probe");
    g.force_dice(&QUIET_DAY).unwrap();
    submit(&mut g, "austria", "defend defend");
    assert_eq!(days_fought(&g).len(), 1);
    // Day 2: a commitment names a round of the day being fought (an older `DAY.ROUND` form must name day 2).
    assert_eq!(
        refused(&mut g, "france", "attack assault guard 1.2+2"),
        "12.3.4"
    );
    assert_eq!(
        refused(&mut g, "france", "attack assault guard 4+2"),
        "12.3.4"
    );
    assert!(
        g.choices(p("france"))
            .iter()
            .any(|d| d.to_string() == "attack assault guard 2+2")
    );
    submit(&mut g, "france", "attack assault guard 2+2");
    // Round 1 quiet again, so that the guard is committed in round 2.
    g.force_dice(&[1, 1]).unwrap();
    submit(&mut g, "austria", "defend defend");
    let days = days_fought(&g);
    assert_eq!(days.len(), 2);
    let round2 = days[1].2.rounds.iter().find(|r| r.round == 2).unwrap();
    assert!(
        round2
            .before
            .iter()
            .any(|x| x.rule == "12.3.4.4" || x.purpose.contains("guard")),
        "the guard is committed in day 2's round 2: {:?}",
        round2.before
    );
    assert!(
        days[0].2.rounds.iter().all(|r| r.before.is_empty()),
        "no guard on day 1"
    );
    let b = g.state().land.battle.clone().unwrap();
    assert_eq!(b.guards.len(), 1);
    assert_eq!(
        (b.guards[0].1.day, b.guards[0].1.round, b.guards[0].1.shift),
        (2, 2, 2)
    );
}

#[test]
fn an_outflanking_force_stays_the_same_on_later_days() {
    // rule: 7.5.2
    let mut g = french_attack(
        Rulebook::preset(Preset::Standard),
        &[
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10}, "location": {"area": "linz"}}}"#,
            r#"{"leader": {"leader": "davout", "status": "active", "location": {"area": "linz"}}}"#,
        ],
    );
    // Day 1: Davout sends II Corps round the flank while I Corps pins.
    submit(&mut g, "france", "attack outflank with fr-2");
    g.force_dice(&QUIET_DAY).unwrap();
    submit(&mut g, "austria", "defend defend");
    let days = days_fought(&g);
    assert_eq!(days.len(), 1);
    assert_eq!(days[0].2.outcome, None, "the battle goes on");
    // Day 2: an outflank by another force is refused; the same force, named or not, is not.
    assert_eq!(
        refused(&mut g, "france", "attack outflank with fr-1"),
        "7.5.2"
    );
    let outflanks: Vec<String> = g
        .choices(p("france"))
        .iter()
        .map(|d| d.to_string())
        .filter(|d| d.starts_with("attack outflank"))
        .collect();
    assert!(!outflanks.is_empty());
    assert!(
        outflanks
            .iter()
            .all(|d| d.starts_with("attack outflank with fr-2")),
        "{outflanks:?}"
    );
    submit(&mut g, "france", "attack outflank");
    submit(&mut g, "austria", "defend defend");
    let setup = g
        .log()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Land(LandEvent::BattleDayFought { day: 2, setup, .. }) => Some(setup.clone()),
            _ => None,
        })
        .expect("day 2 fought");
    let flanking: Vec<_> = setup
        .attacker
        .corps
        .iter()
        .filter(|c| c.outflanking)
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(flanking, ["fr-2"]);
}

#[test]
fn a_first_outflank_on_a_later_day_names_the_force_for_the_rest_of_the_battle() {
    // rule: 7.5.2
    let mut g = french_attack(
        Rulebook::preset(Preset::Standard),
        &[
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10}, "location": {"area": "linz"}}}"#,
            r#"{"leader": {"leader": "davout", "status": "active", "location": {"area": "linz"}}}"#,
        ],
    );
    // Day 1 without an outflank: no force is named yet.
    submit(&mut g, "france", "attack probe");
    g.force_dice(&QUIET_DAY).unwrap();
    submit(&mut g, "austria", "defend defend");
    assert_eq!(days_fought(&g).len(), 1);
    assert!(
        g.choices(p("france"))
            .iter()
            .any(|d| d.to_string().starts_with("attack outflank with ")),
        "an outflank is still offered on day 2"
    );
    // Day 2: the first outflank names I Corps; a later one may not name II Corps instead.
    assert_eq!(refused(&mut g, "france", "attack outflank"), "7.5.2");
    submit(&mut g, "france", "attack outflank with fr-1");
    g.force_dice(&QUIET_DAY).unwrap();
    // Against Cordon nobody outflanks; the force is named all the same.
    submit(&mut g, "austria", "defend cordon");
    // Day 3: the force stays I Corps.
    assert_eq!(days_fought(&g).len(), 2);
    assert_eq!(days_fought(&g)[1].2.outcome, None, "the battle goes on");
    assert_eq!(
        refused(&mut g, "france", "attack outflank with fr-2"),
        "7.5.2"
    );
    submit(&mut g, "france", "attack outflank with fr-1");
}

/// The rolls of a day's rounds made under Coalition's 7.5.2 reinforcement.
fn reinforcement_rolls(report: &DayReport) -> Vec<u8> {
    report
        .rounds
        .iter()
        .flat_map(|r| &r.before)
        .filter(|x| x.rule == "7.5.2")
        .map(|x| x.faces[0])
        .collect()
}

#[test]
fn a_stack_sent_from_a_next_area_joins_the_battle_and_moves_into_it() {
    // rule: 7.5.2
    let far = r#"{"corps": {"corps": "au-2", "factors": {"infantry": 6}, "location": {"area": "verona"}}}"#;
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[far]);
    // Austria is offered its chits with the cavalry corps at Vienna sent too.
    assert!(
        g.choices(p("austria")).iter().any(|d| {
            let t = d.to_string();
            t.starts_with("defend defend reinforce ") && t.contains("au-c1")
        }),
        "{:?}",
        g.choices(p("austria"))
    );
    // Not a corps of another power, not one in the battle, not one far away.
    assert_eq!(
        refused(&mut g, "austria", "defend defend reinforce fr-1"),
        "7.5.2"
    );
    assert_eq!(
        refused(&mut g, "austria", "defend defend reinforce au-1"),
        "7.5.2"
    );
    assert_eq!(
        refused(&mut g, "austria", "defend defend reinforce au-2"),
        "7.5.2"
    );
    submit(&mut g, "france", "attack probe");
    // Round 1's fire, then before round 2 the stack rolls a 1 on the strategic rating of the best Austrian leader
    // at Vienna (Hiller's 3): it joins.
    g.force_dice(&QUIET_DAY).unwrap();
    submit(&mut g, "austria", "defend defend reinforce au-c1");
    let days = days_fought(&g);
    let report = &days[0].2;
    assert_eq!(
        reinforcement_rolls(report),
        vec![1],
        "one roll for the led stack"
    );
    assert_eq!(
        report.rounds[1].fire[1].firing,
        report.rounds[0].fire[1].firing - report.rounds[0].fire[0].inflicted + 5,
        "the cavalry fires from round 2"
    );
    let st = g.state();
    assert_eq!(
        st.forces.corps[&corps("au-c1")].location,
        Location::Area(area("linz")),
        "the corps that joined stands in the battle's area"
    );
    let leader =
        |l: &str| st.forces.leaders[&coalition_engine::ids::LeaderId::new(l).unwrap()].location;
    assert!(
        report.rounds[1].before[0]
            .purpose
            .contains("strategic 3 (Hiller)")
    );
    assert_eq!(
        leader("hiller"),
        Location::Area(area("linz")),
        "the stack's leader comes with it"
    );
    assert_eq!(leader("ferdinand"), Location::Area(area("vienna")));
    assert_eq!(leader("mack"), Location::Area(area("vienna")));
    let b = st.land.battle.clone().unwrap();
    assert!(b.defending.contains(&corps("au-c1")));
    // It is in the battle now: it cannot be sent again.
    submit(&mut g, "france", "attack probe");
    assert_eq!(
        refused(&mut g, "austria", "defend defend reinforce au-c1"),
        "7.5.2"
    );
}

#[test]
fn a_stack_that_does_not_arrive_stays_where_it_was_and_the_aftermath_passes_it_by() {
    // rule: 7.5.2
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    submit(&mut g, "france", "attack probe");
    // Sixes for the stack before rounds 2 and 3: it never arrives.
    g.force_dice(&[1, 1, 6, 1, 1, 6, 1, 1]).unwrap();
    submit(&mut g, "austria", "defend defend reinforce au-c1");
    let days = days_fought(&g);
    assert_eq!(reinforcement_rolls(&days[0].2), vec![6, 6]);
    assert_eq!(
        g.state().forces.corps[&corps("au-c1")].location,
        Location::Area(area("vienna"))
    );
    fight_out(&mut g, "attack assault", "defend defend");
    let st = g.state();
    let c1 = &st.forces.corps[&corps("au-c1")];
    assert_eq!(
        c1.location,
        Location::Area(area("vienna")),
        "it neither fought nor retreated"
    );
    assert_eq!(c1.factors.total(), 5, "it lost nothing");
    let r = &fought(&g)[0];
    assert!(
        r.setup
            .defender
            .corps
            .iter()
            .any(|c| c.name == "au-c1" && c.reinforcing.is_some()),
        "the record keeps the corps sent"
    );
}

#[test]
fn a_trivial_combat_takes_no_reinforcements() {
    // rule: 7.5.3
    let mut g = french_attack(
        Rulebook::preset(Preset::Standard),
        &[
            r#"{"corps": {"corps": "au-1", "factors": {"infantry": 2}, "location": {"area": "linz"}}}"#,
        ],
    );
    assert!(
        g.state()
            .land
            .battle
            .as_ref()
            .unwrap()
            .field
            .as_ref()
            .unwrap()
            .trivial()
            .is_some()
    );
    assert_eq!(
        refused(&mut g, "austria", "defend defend reinforce au-c1"),
        "7.5.3"
    );
}

#[test]
fn the_odds_of_a_battle_under_way_start_from_what_the_days_before_left() {
    // rule: 7.5.2
    use coalition_engine::battle::odds::table;
    use coalition_engine::land::odds::battle_table;
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    let table_of = |g: &Game| {
        let st = g.state();
        let ctx = coalition_engine::world::Ctx {
            scenario: g.scenario(),
            rulebook: g.rulebook(),
            world: &st.world,
            own: &*st.land,
        };
        battle_table(&ctx)
    };
    let table_now = |g: &Game| table_of(g).expect("a battle waits for chits");
    // Before day 1 the table is the battle's own from its start.
    let (setup, lines) = table_now(&g);
    assert_eq!(lines, table(&g.scenario().combat, &setup).unwrap());
    submit(&mut g, "france", "attack probe");
    g.force_dice(&QUIET_DAY).unwrap();
    submit(&mut g, "austria", "defend defend");
    let b = g.state().land.battle.clone().unwrap();
    let lost = b.field.as_ref().unwrap().report().losses(&setup);
    assert!(lost.0 + lost.1 > 0, "day 1 cost something: {lost:?}");
    // Day 2: every pair's chances add up, and every ending counts day 1's losses (losses from the start).
    let (_, lines) = table_now(&g);
    let mut fought = 0;
    for l in &lines {
        let Some(o) = &l.odds else { continue };
        fought += 1;
        let mut sum = o.attacker_wins.clone();
        for c in [&o.defender_wins, &o.withdrew, &o.undecided] {
            sum.add(c);
        }
        assert_eq!(sum, o.denominator, "{:?}", l.chits);
        assert!(
            o.endings
                .iter()
                .all(|e| e.attacker_lost >= lost.0 && e.defender_lost >= lost.1),
            "{:?}",
            l.chits
        );
    }
    // Every pair is fought but those with an Outflank its side may not play (4.5.2, whatever the other plays).
    let (setup_now, _) = table_now(&g);
    let playable =
        |r, outflank| coalition_engine::battle::check::may_play(&setup_now, 2, r, outflank).is_ok();
    let expected = lines
        .iter()
        .filter(|l| {
            playable(Role::Attacker, l.chits.0 == AttackChit::Outflank)
                && playable(Role::Defender, l.chits.1 == DefendChit::Outflank)
        })
        .count();
    assert_eq!(fought, expected);
    assert!(fought >= 20, "most pairs can be fought: {fought}");
    // Once the battle is over, no table is offered.
    fight_out(&mut g, "attack escalated_assault", "defend counterattack");
    assert!(table_of(&g).is_none());
}

#[test]
fn an_empty_seat_fights_with_the_chits_the_first_rounds_odds_choose() {
    // rule: 7.5.2
    use coalition_engine::battle::foresight::{foresee, playable};
    use coalition_engine::land::odds::battle_table;
    let mut g = french_attack(Rulebook::preset(Preset::Standard), &[]);
    let st = g.state();
    let ctx = coalition_engine::world::Ctx {
        scenario: g.scenario(),
        rulebook: g.rulebook(),
        world: &st.world,
        own: &*st.land,
    };
    let (setup, _) = battle_table(&ctx).expect("a battle waits for chits");
    let field = st.land.battle.as_ref().unwrap().field.clone().unwrap();
    let (mut attacker, mut defender) = playable(&g.scenario().combat, &setup, &field);
    attacker.sort_by_key(|a| *a != AttackChit::Assault);
    defender.sort_by_key(|d| *d != DefendChit::Defend);
    // Austria's one corps cannot outflank; France's one cannot either.
    assert!(!defender.contains(&DefendChit::Outflank) && !attacker.contains(&AttackChit::Outflank));
    let f = foresee(&g.scenario().combat, &setup, &field, &attacker, &defender).unwrap();
    let want = (f.attacker.unwrap(), f.defender.unwrap());
    // Each default is one of the side's choices, and the day is fought with both.
    for power in ["france", "austria"] {
        let d = g.default_decision(p(power)).unwrap();
        assert!(g.choices(p(power)).contains(&d), "{power}: {d:?}");
    }
    g.submit_default(p("france")).unwrap();
    g.submit_default(p("austria")).unwrap();
    let days = days_fought(&g);
    assert_eq!(days[0].1, want, "{:?}", f.worth);
}
