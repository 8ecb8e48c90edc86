//! The heuristic bot: it plays whole campaigns by the rules, deterministically, and its judgements are the ones
//! a player would recognise (peace when its capital falls, war only on the weaker, an army bought for a war,
//! bids for a natural ally, chits by the odds).

use coalition_bots::{Bot, HeuristicBot, Kind, Table, decide_since};
use coalition_engine::Decision;
use coalition_engine::economic::EconomicDecision;
use coalition_engine::game::Game;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::kernel::calendar::Date;
use coalition_engine::land::LandDecision;
use coalition_engine::naval::NavalDecision;
use coalition_engine::political::peace::PeaceDecision;
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{PlayerDef, Scenario, UnitKind, embedded_scenario};
use coalition_engine::state::RoundKind;
use coalition_engine::transcript::Transcript;
use std::collections::BTreeMap;
use std::sync::Arc;

fn scenario() -> Arc<Scenario> {
    Arc::new(embedded_scenario("1805").unwrap())
}

fn power(name: &str) -> PowerId {
    PowerId::new(name).unwrap()
}

/// A game of 1805 with every optional rule, set up at `step` of January 1805 (March for the Economic Phase) with
/// `adjustments` (host JSON).
fn set_up(step: &str, adjustments: serde_json::Value) -> Game {
    let month = if step.starts_with("economic") { 3 } else { 1 };
    let t: Transcript = serde_json::from_value(serde_json::json!({
        "coalition": 1,
        "scenario": "1805",
        "rulebook": "all",
        "seed": 5,
        "setup": { "date": { "year": 1805, "month": month }, "step": step, "adjustments": adjustments },
        "script": []
    }))
    .unwrap();
    t.start(scenario()).unwrap()
}

/// What the heuristic bot of `p` picks now.
fn pick(g: &Game, p: PowerId, seed: u64) -> (Decision, String) {
    let mut bot = HeuristicBot::new(seed, g.scenario().clone());
    let view = g.view(p);
    let pick = bot.pick(&view);
    (view.choices[pick.index].clone(), pick.reason)
}

#[test]
fn heuristic_bots_play_a_whole_campaign_by_the_rules_and_it_replays() {
    let s = scenario();
    let mut g = Game::new(s, Rulebook::preset(Preset::All), 7, &[]).unwrap();
    let mut t = Table::of(&g, 7, |_| Some(Kind::Heuristic));
    let mut shown: BTreeMap<PowerId, usize> = BTreeMap::new();
    let (mut chits, mut by_odds) = (0, 0);
    while !g.state().finished {
        let p = *g.pending().first().expect("a game not over asks someone");
        let from = shown.get(&p).copied().unwrap_or(0);
        let default = g.default_decision(p);
        let bot = t.bots.get_mut(&p).unwrap();
        let (d, reason) =
            decide_since(&g, p, bot.as_mut(), from).expect("the bot picks a listed choice");
        shown.insert(p, g.log().len());
        assert!(
            reason.starts_with("heuristic: ") && !reason.contains('\n'),
            "{reason}"
        );
        // Chits by the odds: the bot's chit is Coalition's default chit (3.6), bar a withdrawal when swamped.
        if let (
            Decision::Land(LandDecision::Attack { chit: a, .. }),
            Some(Decision::Land(LandDecision::Attack { chit: b, .. })),
        ) = (&d, &default)
        {
            chits += 1;
            by_odds += usize::from(a == b);
        }
        g.submit(p, d.clone())
            .unwrap_or_else(|e| panic!("{p}'s listed choice {d} was refused: {e}"));
    }
    let outcome = g
        .state()
        .outcome
        .clone()
        .expect("a finished game has an outcome");
    assert!(outcome.players.iter().any(|p| p.place == 1));
    assert!(chits > 0, "the campaign fought battles");
    assert_eq!(
        chits, by_odds,
        "every attacker's chit is the one the odds favour"
    );
    assert_eq!(Game::rebuild(g.scenario(), g.log()), g.state().clone());
}

#[test]
fn heuristic_bots_are_deterministic_given_their_seed() {
    let run = |seed: u64| {
        let mut g = Game::new(scenario(), Rulebook::preset(Preset::All), 3, &[]).unwrap();
        let mut t = Table::of(&g, seed, |_| Some(Kind::Heuristic));
        coalition_bots::play_until(&mut g, &mut t, Date::new(1806, 1).unwrap());
        g.log().to_vec()
    };
    assert_eq!(run(5), run(5));
}

#[test]
fn a_power_sues_for_peace_when_its_capital_falls_and_fights_on_before() {
    let war = serde_json::json!({ "war": { "aggressor": { "power": "france" }, "defender": { "power": "prussia" } } });
    let fr2_in_berlin = serde_json::json!({ "corps": { "corps": "fr-2", "factors": { "infantry": 12, "cavalry": 2 }, "location": { "area": "berlin" } } });
    let held = serde_json::json!({ "area_control": { "area": "berlin", "holder": { "power": "france" } } });
    let prussia = power("prussia");

    let g = set_up("peace", serde_json::json!([war, fr2_in_berlin, held]));
    let (d, reason) = pick(&g, prussia, 1);
    let Decision::Peace(PeaceDecision::Propose { sue, .. }) = &d else {
        panic!("not a proposal: {d}");
    };
    assert_eq!(sue, &vec![power("france")], "{reason}");
    assert!(reason.contains("capital has fallen"), "{reason}");

    // The same war with Berlin still Prussian: Prussia fights on.
    let g = set_up("peace", serde_json::json!([war]));
    let (d, reason) = pick(&g, prussia, 1);
    let Decision::Peace(PeaceDecision::Propose { sue, .. }) = &d else {
        panic!("not a proposal: {d}");
    };
    assert!(sue.is_empty(), "{d}: {reason}");
}

#[test]
fn a_power_declares_war_only_on_the_weaker_side() {
    // Spain's army is a fraction of France's: whatever the seed, Spain never declares on France; France, the
    // strongest army of 1805, declares on someone under some seed.
    let g = set_up("declarations_of_war", serde_json::json!([]));
    let mut french_wars = 0;
    for seed in 0..12 {
        let (d, reason) = pick(&g, power("spain"), seed);
        if let Decision::DeclareWar(dw) = &d {
            assert!(
                !dw.targets.contains(&Nation::Power(power("france"))),
                "{d}: {reason}"
            );
        }
        let (d, _) = pick(&g, power("france"), seed);
        if let Decision::DeclareWar(dw) = &d {
            french_wars += usize::from(!dw.targets.is_empty());
        }
    }
    assert!(french_wars > 0, "France never declared a war");
}

#[test]
fn a_power_at_war_buys_an_army_and_one_at_peace_keeps_a_reserve() {
    let money = |n: i32| serde_json::json!({ "money": { "power": "austria", "delta": n } });
    let war = serde_json::json!({ "war": { "aggressor": { "power": "france" }, "defender": { "power": "austria" } } });
    let austria = power("austria");

    let g = set_up("economic_expenditure", serde_json::json!([war, money(60)]));
    let (d, reason) = pick(&g, austria, 1);
    let Decision::Economy(EconomicDecision::Spend(sp)) = &d else {
        panic!("not a shopping list: {d}");
    };
    assert!(
        sp.buy
            .iter()
            .any(|b| b.unit == UnitKind::Infantry && b.count > 1),
        "{d}: {reason}"
    );

    let base = set_up("economic_expenditure", serde_json::json!([]))
        .state()
        .world
        .powers[&austria]
        .money;
    let g = set_up("economic_expenditure", serde_json::json!([money(5 - base)]));
    let (d, reason) = pick(&g, austria, 1);
    assert_eq!(d.to_string(), "buy none", "{reason}");
}

#[test]
fn a_power_bids_for_its_natural_ally_and_not_for_its_natural_enemy() {
    // Prussia has no player: it is an UMP, and the year's bids are opened. Russia (Natural Alliance Table +3 for
    // Prussia) bids for it; France (-3) does not.
    let s = scenario();
    let players: Vec<PlayerDef> = coalition_engine::game::hot_seat(&s)
        .into_iter()
        .filter(|p| p.powers != vec![power("prussia")])
        .collect();
    let mut g = Game::new(s, Rulebook::preset(Preset::All), 9, &players).unwrap();
    let mut t = Table::of(&g, 9, |_| Some(Kind::Random));
    let mut asked = false;
    for _ in 0..20_000 {
        if g.state()
            .round
            .as_ref()
            .is_some_and(|r| r.kind == RoundKind::UmpBids)
        {
            asked = true;
            break;
        }
        if t.step(&mut g).is_none() {
            break;
        }
    }
    assert!(asked, "no UMP bidding was opened");
    assert!(g.pending().contains(&power("russia")) && g.pending().contains(&power("france")));
    let (d, reason) = pick(&g, power("russia"), 1);
    assert!(d.to_string().starts_with("bid prussia:"), "{d}: {reason}");
    let (d, reason) = pick(&g, power("france"), 1);
    assert_eq!(d.to_string(), "bid none", "{reason}");
}

#[test]
fn a_navy_that_rules_the_sea_hunts_the_enemy_fleets_and_a_weaker_one_stays_in_port() {
    // January 1805: Great Britain (52 ships) is at war with Spain; it sails to blockade the Spanish fleets. Spain,
    // the weaker navy, keeps its fleets in port.
    let mut g = set_up("naval", serde_json::json!([]));
    let mut t = Table::of(&g, 5, |_| Some(Kind::Heuristic));
    let (mut british_sails, mut spanish_sails) = (0, 0);
    while g.state().position.step == coalition_engine::Step::Naval {
        let p = *g.pending().first().unwrap();
        let view = g.view(p);
        let sail_listed = view
            .choices
            .iter()
            .any(|d| matches!(d, Decision::Naval(NavalDecision::Sail { .. })));
        let (d, reason) = pick(&g, p, 5);
        if p == power("great-britain") && sail_listed && british_sails == 0 {
            assert!(
                matches!(d, Decision::Naval(NavalDecision::Sail { .. })),
                "{d}: {reason}"
            );
            assert!(reason.contains("hunts"), "{reason}");
        }
        if let Some((p, Some(Decision::Naval(NavalDecision::Sail { .. })))) = t.step(&mut g) {
            british_sails += usize::from(p == power("great-britain"));
            spanish_sails += usize::from(p == power("spain"));
        }
    }
    assert!(british_sails > 0, "Great Britain never sailed");
    assert_eq!(spanish_sails, 0, "Spain sailed out against a larger navy");
}

#[test]
fn natural_allies_name_each_other_and_an_alliance_forms() {
    // Prussia and Russia are each other's best friends on the Natural Alliance Table (+3 both ways).
    let mut g = set_up("creating_alliances", serde_json::json!([]));
    let (prussia, russia) = (power("prussia"), power("russia"));
    let (d, reason) = pick(&g, prussia, 2);
    assert_eq!(d.to_string(), "ally russia", "{reason}");
    let mut t = Table::of(&g, 2, |_| Some(Kind::Heuristic));
    while g.state().position.step == coalition_engine::Step::CreatingAlliances {
        t.step(&mut g);
    }
    assert!(g.state().world.allied(prussia, russia));
}

#[test]
fn corps_at_war_march_on_the_enemy() {
    // Austria at war with Bavaria: its corps march on Bavaria's nearest city or army, so no step takes one
    // further from Munich than a step sideways, and at least one corps marches.
    let war = serde_json::json!({ "war": { "aggressor": { "power": "austria" }, "defender": { "minor": "bavaria" } } });
    let mut g = set_up("land", serde_json::json!([war]));
    let map = coalition_bots::heuristic::sight::Map::of(g.scenario());
    let munich = coalition_engine::ids::AreaId::new("munich").unwrap();
    let mut t = Table::of(&g, 4, |_| Some(Kind::Heuristic));
    let mut marches = 0;
    while g.state().position.step == coalition_engine::Step::Land {
        if let Some((p, Some(Decision::Land(LandDecision::Move { path, .. })))) = t.step(&mut g) {
            if p == power("austria") {
                let (from, to) = (path[0], *path.last().unwrap());
                assert!(
                    map.dist(to, munich) <= map.dist(from, munich) + 1,
                    "{from}>{to}"
                );
                marches += 1;
            }
        }
    }
    assert!(marches > 0, "Austria's corps stood still at war");
}

/// Issue 41: the bot's reason for a move names the stack and where it goes by their names (`II Corps (au-2)
/// and Mack to Salzburg: ...`), never by the decision's keys (`move au-2,mack vienna>linz>salzburg`).
#[test]
fn a_moves_reason_names_the_stack_and_its_destination() {
    let war = serde_json::json!({ "war": { "aggressor": { "power": "austria" }, "defender": { "minor": "bavaria" } } });
    let mut g = set_up("land", serde_json::json!([war]));
    let s = g.scenario().clone();
    let mut t = Table::of(&g, 4, |_| Some(Kind::Heuristic));
    let mut moves = 0;
    while g.state().position.step == coalition_engine::Step::Land {
        let p = *g.pending().first().expect("someone owes a decision");
        let Some(coalition_engine::transcript::Entry::Bot {
            decision, reason, ..
        }) = t.play(&mut g, p)
        else {
            continue;
        };
        if let Decision::Land(LandDecision::Move { path, corps, .. }) = &decision {
            moves += 1;
            let to = &s.area(*path.last().unwrap()).unwrap().name;
            assert!(reason.contains(&format!(" to {to}: ")), "{reason}");
            let first = &s
                .powers
                .iter()
                .flat_map(|p| p.corps.iter())
                .find(|c| c.id == corps[0])
                .unwrap()
                .name;
            assert!(reason.contains(first.as_str()), "{reason}");
            assert!(!reason.contains(&decision.to_string()), "{reason}");
            assert!(!reason.contains('>'), "a path of keys: {reason}");
        }
    }
    assert!(moves > 0, "no corps moved");
}

#[test]
fn a_victor_takes_the_most_valuable_term_first() {
    // Prussia, its capital taken, sues France; France's first term is the cession (B.7) when it is listed.
    let war = serde_json::json!({ "war": { "aggressor": { "power": "france" }, "defender": { "power": "prussia" } } });
    let fr2 = serde_json::json!({ "corps": { "corps": "fr-2", "factors": { "infantry": 12, "cavalry": 2 }, "location": { "area": "berlin" } } });
    let held = serde_json::json!({ "area_control": { "area": "berlin", "holder": { "power": "france" } } });
    let mut g = set_up("peace", serde_json::json!([war, fr2, held]));
    let mut t = Table::of(&g, 3, |_| Some(Kind::Heuristic));
    let mut first_term = None;
    while g.state().position.step == coalition_engine::Step::Peace && first_term.is_none() {
        let p = *g.pending().first().unwrap();
        let terms: Vec<String> = g
            .choices(p)
            .iter()
            .filter_map(|d| match d {
                Decision::Peace(PeaceDecision::Term { term, .. }) => Some(term.clone()),
                _ => None,
            })
            .collect();
        if p == power("france") && !terms.is_empty() {
            let (d, reason) = pick(&g, p, 3);
            first_term = Some((terms, d, reason));
        }
        t.step(&mut g);
    }
    let (terms, d, reason) = first_term.expect("France was asked for terms");
    assert!(terms.contains(&"B.7".to_string()), "{terms:?}");
    assert!(d.to_string().starts_with("term B.7"), "{d}: {reason}");
}
