//! Rules 12.2.3 (moving large fleets and transports) and 12.2.5 (proportional naval losses), as the Naval Phase
//! will read them (`docs/rules/naval.md`): a stack's movement allowance, and how a mixed stack shares its losses.

mod common;

use coalition_engine::game::Game;
use coalition_engine::ids::{AreaId, Key, MinorId, Nation, PowerId};
use coalition_engine::naval::losses::proportional;
use coalition_engine::naval::movement::{Purpose, Stack, allowance, stack_at};
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::Location;
use coalition_engine::state::State;
use coalition_engine::world::Ctx;
use std::collections::BTreeMap;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

fn with_large_fleets(on: bool) -> Rulebook {
    let mut r = Rulebook::preset(Preset::Standard);
    if on {
        r.optional.insert(OptionalRule::LargeFleets);
    } else {
        r.optional.remove(&OptionalRule::LargeFleets);
    }
    r
}

/// A game of 1805 at January's Land Phase after `adjs`.
fn game(rulebook: Rulebook, adjs: &[&str]) -> Game {
    common::land_1805(rulebook, 3, adjs)
}

fn ctx<'a>(g: &'a Game, st: &'a State) -> Ctx<'a, ()> {
    Ctx {
        scenario: g.scenario(),
        rulebook: g.rulebook(),
        world: &st.world,
        own: &(),
    }
}

fn stack(fleets: u32, transporting: bool) -> Stack {
    Stack {
        fleets,
        transporting,
    }
}

#[test]
fn each_fleet_beyond_the_first_takes_a_movement_point_off_the_stack() {
    // rule: 12.2.3.3
    let g = game(with_large_fleets(true), &[]);
    let c = ctx(&g, g.state());
    let n = |fleets| allowance(&c, stack(fleets, false), Purpose::Normal);
    assert_eq!((n(1), n(2), n(3)), (7, 6, 5));
}

#[test]
fn transporting_takes_one_more_and_the_reductions_stop_at_three() {
    // rule: 12.2.3.2
    // rule: 12.2.3.4
    let g = game(with_large_fleets(true), &[]);
    let c = ctx(&g, g.state());
    let n = |fleets, t| allowance(&c, stack(fleets, t), Purpose::Normal);
    assert_eq!(n(1, true), 6);
    assert_eq!(n(2, true), 5);
    assert_eq!(n(3, true), 4);
    assert_eq!(n(4, false), 4);
    assert_eq!(n(4, true), 4);
    assert_eq!(n(9, true), 4);
}

#[test]
fn retreat_and_pursuit_and_the_option_off_keep_the_full_allowance() {
    // rule: 12.2.3.5
    let g = game(with_large_fleets(true), &[]);
    let c = ctx(&g, g.state());
    assert_eq!(allowance(&c, stack(4, true), Purpose::RetreatOrPursuit), 7);
    let g = game(with_large_fleets(false), &[]);
    let c = ctx(&g, g.state());
    assert_eq!(allowance(&c, stack(4, true), Purpose::Normal), 7);
}

#[test]
fn a_stack_counts_one_powers_fleets_and_those_combining_movement_with_it() {
    // rule: 12.2.3.1
    // Three British fleets and a Russian one at Plymouth: Britain's stack is its three; with Russia combining
    // movement with it (4.9), four.
    let g = game(
        with_large_fleets(true),
        &[
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"area": "plymouth"}}}"#,
            r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"area": "plymouth"}}}"#,
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"area": "plymouth"}}}"#,
            r#"{"fleet": {"fleet": "ru-f2", "ships": 5, "location": {"area": "plymouth"}}}"#,
        ],
    );
    let at = Location::Area(AreaId::new("plymouth").unwrap());
    let st = g.state();
    let c = ctx(&g, st);
    let alone = stack_at(&c, p("great-britain"), at, false);
    assert_eq!(alone.fleets, 3);
    assert_eq!(allowance(&c, alone, Purpose::Normal), 5);
    assert_eq!(stack_at(&c, p("russia"), at, false).fleets, 1);
    let mut combined = st.clone();
    combined
        .world
        .relations
        .combined_movement
        .insert((p("great-britain"), p("russia")));
    let c = ctx(&g, &combined);
    let both = stack_at(&c, p("great-britain"), at, false);
    assert_eq!(both.fleets, 4);
    assert_eq!(allowance(&c, both, Purpose::Normal), 4);
    assert_eq!(stack_at(&c, p("russia"), at, false).fleets, 4);
}

fn minor(s: &str) -> Nation {
    Nation::Minor(MinorId::new(s).unwrap())
}

#[test]
fn the_texts_68_ships_lose_five_british_three_swedish_and_two_portuguese() {
    // rule: 12.2.5
    let ships: BTreeMap<Nation, u32> = [
        (Nation::Power(p("great-britain")), 36),
        (minor("sweden"), 20),
        (minor("portugal"), 12),
    ]
    .into_iter()
    .collect();
    let mut asked = false;
    let shares = proportional(&ships, 10, &mut |_, _| {
        asked = true;
        None
    })
    .unwrap();
    assert!(!asked, "the shares round out: no odd loss to settle");
    assert_eq!(shares[&Nation::Power(p("great-britain"))], 5);
    assert_eq!(shares[&minor("sweden")], 3);
    assert_eq!(shares[&minor("portugal")], 2);
}

#[test]
fn an_odd_loss_between_equal_claims_is_settled_by_agreement_or_the_competitive_roll() {
    // rule: 12.2.5
    // 10 British and 10 Swedish ships lose 3: each claim is 1.5, both round up to 2, one must give one back. The
    // settlement is asked who of the two keeps the rounded-up loss, and its answer stands.
    let ships: BTreeMap<Nation, u32> = [
        (Nation::Power(p("great-britain")), 10),
        (minor("sweden"), 10),
    ]
    .into_iter()
    .collect();
    let mut contenders = Vec::new();
    let shares = proportional(&ships, 3, &mut |c: &[Key], m| {
        contenders = c.to_vec();
        assert_eq!(m, 1);
        Some(vec![Key::new("sweden").unwrap()])
    })
    .unwrap();
    assert_eq!(
        contenders,
        vec![
            Key::new("great-britain").unwrap(),
            Key::new("sweden").unwrap()
        ]
    );
    assert_eq!(shares[&minor("sweden")], 2);
    assert_eq!(shares[&Nation::Power(p("great-britain"))], 1);
    // Waiting for the roll's dice: no shares yet.
    assert!(proportional(&ships, 3, &mut |_, _| None).is_none());
}
