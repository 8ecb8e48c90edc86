//! Rules 12.2.1.1 and 12.2.1.2 (optional sea crossing arrows) as the Land Phase moves by them: the Channel arrow
//! between Lille and Kent exists only under 12.2.1.1, and an enemy fleet in an arrow's sea blocks it, except that
//! under 12.2.1.2 a fleet cannot block a Danish or Swedish arrow while forces at war with it hold both its ends.

mod common;

use coalition_engine::decision::Decision;
use coalition_engine::game::Game;
use coalition_engine::ids::PowerId;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

/// A game of 1805 at January's Land Phase after `adjs` (France at war with Great Britain since 1803), with France
/// to move.
fn at_france_turn(rulebook: Rulebook, adjs: &[&str]) -> Game {
    let mut g = common::land_1805(rulebook, 3, adjs);
    submit(&mut g, "france", "slot 1").unwrap();
    g
}

fn submit(g: &mut Game, power: &str, text: &str) -> Result<(), String> {
    let d = Decision::parse(text, g.scenario()).unwrap();
    g.submit(p(power), d).map_err(|e| e.rule)
}

fn rulebook(on: &[OptionalRule], off: &[OptionalRule]) -> Rulebook {
    let mut r = Rulebook::preset(Preset::Standard);
    r.optional.extend(on.iter().copied());
    for x in off {
        r.optional.remove(x);
    }
    r
}

const FR1_IN_LILLE: &str =
    r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 8}, "location": {"area": "lille"}}}"#;
const GB_FLEET_IN_CHANNEL: &str =
    r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"sea": "english-channel"}}}"#;

#[test]
fn the_channel_arrow_exists_only_under_12_2_1_1() {
    // rule: 12.2.1.1
    let off = rulebook(&[], &[OptionalRule::ChannelArrow]);
    let mut g = at_france_turn(off, &[FR1_IN_LILLE]);
    assert_eq!(
        submit(&mut g, "france", "move fr-1 lille>kent"),
        Err("7.3.1".into())
    );
    let on = rulebook(&[OptionalRule::ChannelArrow], &[]);
    let mut g = at_france_turn(on, &[FR1_IN_LILLE]);
    submit(&mut g, "france", "move fr-1 lille>kent").unwrap();
}

#[test]
fn an_enemy_fleet_in_the_channel_blocks_the_arrow() {
    // rule: 12.2.1.1
    let on = rulebook(&[OptionalRule::ChannelArrow], &[]);
    let mut g = at_france_turn(on, &[FR1_IN_LILLE, GB_FLEET_IN_CHANNEL]);
    assert_eq!(
        submit(&mut g, "france", "move fr-1 lille>kent"),
        Err("7.3.1".into())
    );
    // A French fleet there blocks nothing for France.
    let on = rulebook(&[OptionalRule::ChannelArrow], &[]);
    let french =
        r#"{"fleet": {"fleet": "fr-f1", "ships": 10, "location": {"sea": "english-channel"}}}"#;
    let mut g = at_france_turn(on, &[FR1_IN_LILLE, french]);
    submit(&mut g, "france", "move fr-1 lille>kent").unwrap();
}

/// Denmark a French free state, French I Corps in Odense (Funen) and a British fleet in the Western Baltic, with
/// `more` besides.
fn danish_narrows(rulebook: Rulebook, more: &[&str]) -> Game {
    let mut adjs = vec![
        r#"{"minor_control": {"minor": "denmark", "controller": "france", "status": "free_state"}}"#,
        r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 8}, "location": {"area": "odense"}}}"#,
        r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"sea": "western-baltic"}}}"#,
    ];
    adjs.extend_from_slice(more);
    at_france_turn(rulebook, &adjs)
}

const FRENCH_GARRISON_IN_COPENHAGEN: &str = r#"{"garrison": {"area": "copenhagen", "owner": {"power": "france"}, "factors": {"infantry": 2}}}"#;

#[test]
fn a_fleet_cannot_block_a_danish_arrow_whose_both_shores_its_enemies_hold() {
    // rule: 12.2.1.2
    // French I Corps on Funen and a French garrison in Copenhagen: the British fleet cannot close the Great Belt.
    let on = rulebook(&[OptionalRule::DanishSwedishArrows], &[]);
    let mut g = danish_narrows(on, &[FRENCH_GARRISON_IN_COPENHAGEN]);
    submit(&mut g, "france", "move fr-1 odense>copenhagen").unwrap();
}

#[test]
fn with_one_shore_held_or_without_12_2_1_2_the_fleet_blocks_the_arrow() {
    // rule: 12.2.1.2
    // Only Funen held by France's forces: the fleet blocks the Great Belt.
    let on = rulebook(&[OptionalRule::DanishSwedishArrows], &[]);
    let mut g = danish_narrows(on, &[]);
    assert_eq!(
        submit(&mut g, "france", "move fr-1 odense>copenhagen"),
        Err("7.3.1".into())
    );
    // Both shores held, but the option off: the fleet blocks it.
    let off = rulebook(&[], &[OptionalRule::DanishSwedishArrows]);
    let mut g = danish_narrows(off, &[FRENCH_GARRISON_IN_COPENHAGEN]);
    assert_eq!(
        submit(&mut g, "france", "move fr-1 odense>copenhagen"),
        Err("7.3.1".into())
    );
}

#[test]
fn the_channel_arrow_is_no_danish_arrow_under_12_2_1_2() {
    // rule: 12.2.1.2
    // French forces at both ends of the Channel arrow do not open it past a British fleet: 12.2.1.2 is for the
    // Danish and Swedish narrows only.
    let on = rulebook(
        &[
            OptionalRule::ChannelArrow,
            OptionalRule::DanishSwedishArrows,
        ],
        &[],
    );
    let kent = r#"{"garrison": {"area": "kent", "owner": {"power": "france"}, "factors": {"infantry": 2}}}"#;
    let mut g = at_france_turn(on, &[FR1_IN_LILLE, GB_FLEET_IN_CHANNEL, kent]);
    assert_eq!(
        submit(&mut g, "france", "move fr-1 lille>kent"),
        Err("7.3.1".into())
    );
}
