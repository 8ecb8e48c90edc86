//! Writes the Naval Phase's golden transcripts (`tests/transcripts/naval/`) by playing them: each case is a
//! set-up, the decisions of the powers it is about, and the default decision (3.6) of every other power owing one.
//! Run from the workspace root: `cargo run -p coalition-engine --example naval_cases`; then review the snapshots
//! (`cargo test -p coalition-engine --test transcripts`).
#[path = "cases/mod.rs"]
mod cases;

use cases::{B, standard};
use coalition_engine::Step;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook, RulebookSpec};
use coalition_engine::state::RoundKind;

fn main() {
    std::fs::create_dir_all("tests/transcripts/naval").unwrap();
    britain_chooses_its_slot();
    three_fleets_through_five_seas();
    raiding_by_a_fleet_that_sailed();
}

/// The standard rulebook with 12.2.3 (moving large fleets and transports) on.
fn with_large_fleets() -> RulebookSpec {
    let mut r = Rulebook::preset(Preset::Standard);
    r.optional.insert(OptionalRule::LargeFleets);
    RulebookSpec::List(r.optional.into_iter().collect())
}

/// 6.1: Great Britain takes the third place; the others follow the chart's order around it. France, at war with
/// it, puts out of Brest into its blockade box (no movement point) and on into the Channel (one), then is done.
fn britain_chooses_its_slot() {
    let mut b = B::new(&["6.1", "6.2.1"], standard(), (1805, 1), Step::Naval, &[]);
    b.refused_saying(
        "great-britain",
        "slot 9",
        "6.1",
        "Great Britain's place in the order of movement is 1 to 7, not 9",
    );
    b.refused(
        "great-britain",
        "sail gb-f1 plymouth>english-channel",
        "6.1",
    );
    b.submit("great-britain", "slot 3");
    b.logged(r#"{"naval": {"order_set": {"place": 3}}}"#);
    b.until_naval("france");
    b.submit("france", "sail fr-f1 brest>box:brest>english-channel");
    b.logged(r#"{"naval": {"sailed": {"power": "france", "record": {"cost": 1}}}}"#);
    b.refused_saying(
        "france",
        "sail fr-f2 toulon>box:brest",
        "6.2.1",
        "Toulon does not touch Brest's blockade box",
    );
    b.refused("france", "sail gb-f1 plymouth>english-channel", "6.1.1");
    b.submit("france", "done");
    b.until_round(RoundKind::Land);
    b.save_in("naval", "6.1-britain-chooses-its-slot");
}

/// 12.2.3.1, 12.2.3.3: Great Britain's three fleets stand together at Plymouth, so each has 7 - 2 = 5 movement
/// points. A path of six is refused; five take them from Plymouth to Cádiz's blockade box; nothing is left. A
/// neutral's port and an enemy's are refused on the way.
fn three_fleets_through_five_seas() {
    let mut b = B::new(
        &["12.2.3.1", "12.2.3.3", "6.2.1"],
        with_large_fleets(),
        (1805, 1),
        Step::Naval,
        &[
            r#"{"fleet": {"fleet": "gb-f2", "ships": 10, "location": {"area": "plymouth"}}}"#,
            r#"{"fleet": {"fleet": "gb-f3", "ships": 12, "location": {"area": "plymouth"}}}"#,
        ],
    );
    b.submit("great-britain", "slot 1");
    b.logged(
        r#"{"naval": {"order_set": {"place": 1, "allowance": {"gb-f1": 5, "gb-f2": 5, "gb-f3": 5}}}}"#,
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>north-atlantic>coast-of-portugal>alboran>western-med>balearic>gulf-of-lion",
        "6.2.1",
        "fleet `gb-f1` has 5 movement points left this phase; the path costs 6",
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>english-channel>bay-of-biscay>coast-of-portugal>lisbon",
        "6.2.1",
        "Lisbon is no friendly port of Great Britain: a fleet enters a port held by its power, an ally or a power that granted it access (10.3); it may blockade it from its box",
    );
    b.refused_saying(
        "great-britain",
        "sail gb-f1 plymouth>english-channel>brest",
        "6.2.1",
        "Brest is no friendly port of Great Britain: a fleet enters a port held by its power, an ally or a power that granted it access (10.3); it may blockade it from its box",
    );
    b.submit(
        "great-britain",
        "sail gb-f1,gb-f2,gb-f3 plymouth>english-channel>bay-of-biscay>coast-of-portugal>alboran>box:cadiz",
    );
    b.logged(r#"{"naval": {"sailed": {"power": "great-britain", "record": {"cost": 5}}}}"#);
    b.refused_saying(
        "great-britain",
        "sail gb-f1 box:cadiz>alboran",
        "6.2.1",
        "fleet `gb-f1` has 0 movement points left this phase; the path costs 1",
    );
    b.submit("great-britain", "done");
    b.until_round(RoundKind::Land);
    b.save_in("naval", "12.2.3-three-fleets-through-five-seas");
}

/// 12.2.2 with fleets that sail: in March France's Brest fleet sails into the Channel, next to Great Britain, and
/// stays; the Economic Phase that follows cuts Britain's colonial trade.
fn raiding_by_a_fleet_that_sailed() {
    let mut b = B::new(&["12.2.2"], standard(), (1805, 3), Step::Naval, &[]);
    b.until_naval("france");
    b.submit("france", "sail fr-f1 brest>english-channel");
    b.submit("france", "done");
    b.until_round(RoundKind::Manipulation);
    b.logged(
        r#"{"treasury_changed": {"power": "great-britain", "income": {"trade": 25, "trade_lost": 5}}}"#,
    );
    b.save_in("naval", "12.2.2-raiding-by-a-fleet-that-sailed");
}
