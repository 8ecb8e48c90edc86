//! Writes the Land Phase's golden transcripts (`tests/transcripts/land/`) by playing them: each case is a set-up,
//! the decisions of the powers it is about, and the default decision (3.6) of every other power owing one.
//! Run from the workspace root: `cargo run -p coalition-engine --example land_cases`; then review the snapshots
//! (`cargo test -p coalition-engine --test transcripts`).
#[path = "cases/mod.rs"]
mod cases;

use cases::{B, standard};
use coalition_engine::{Date, Step};

fn main() {
    if std::env::args().nth(1).as_deref() == Some("sieges") {
        siege_and_assault();
        sortie();
        return;
    }
    std::fs::create_dir_all("tests/transcripts/land").unwrap();
    paris_to_vienna();
    forage();
    forced_march();
    port_taken();
    minor_conquered();
    combined();
    depot_limit();
    access();
    limited_access();
}

/// Access (7.3.4): a neutral's area is closed; an ally's is open once it grants voluntary access, which 12.8 lets
/// it grant only to an ally.
fn access() {
    let mut b = B::new(
        &["12.8", "7.3.4"],
        standard(),
        (1805, 1),
        Step::Diplomacy,
        &[
            r#"{"corps": {"corps": "fr-5", "factors": {"infantry": 10, "cavalry": 2}, "location": {"area": "bayonne"}}}"#,
            r#"{"corps": {"corps": "fr-6", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "strasbourg"}}}"#,
        ],
    );
    // 12.8: Spain may grant access to its ally France, not to Prussia.
    b.refused("spain", "grant access prussia", "12.8");
    b.submit("spain", "grant access france");
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // Baden is neutral and has granted nothing; Spain has granted access.
    b.refused("france", "move fr-6 strasbourg>karlsruhe", "7.3.4");
    b.submit("france", "move fr-5 bayonne>pamplona");
    b.finish_land();
    b.save("12.8-access-refused-and-granted");
}

/// 12.4: after a peace, France's forces inside Austria may leave through Austrian areas; what stays past the
/// sixth Land Phase is demobilized in the next Reinforcement Phase (12.4.2, 12.4.3).
fn limited_access() {
    let mut b = B::new(
        &["12.4.2", "12.4.3"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"limited_access": {"mover": "france", "territory": "austria", "since": {"year": 1805, "month": 1}}}"#,
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "vienna"}}}"#,
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10, "cavalry": 1}, "location": {"area": "linz"}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // I Corps marches out of Austria through Austrian areas into Bavaria, France's free state; II Corps stays at
    // Linz.
    b.submit("france", "move fr-1 vienna>linz>passau");
    b.finish_land();
    // On to July's Reinforcement Phase, after the sixth Land Phase (January to June): II Corps is demobilized.
    while !(b.g.state().date() == Date::new(1805, 7).unwrap()
        && b.g.state().position.step >= Step::Reinforcement)
    {
        b.default_one();
    }
    b.logged(r#"{"corps_changed": {"corps": "fr-2", "rule": "12.4.3"}}"#);
    b.save("12.4-limited-access-and-demobilization");
}

const AT_WAR_FA: &str =
    r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#;

/// A corps out of supply forages in winter and loses factors; another, near its home cities, is in supply.
fn forage() {
    let mut b = B::new(
        &["7.4"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 9, "cavalry": 1}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 14, "cavalry": 2}, "location": {"area": "strasbourg"}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // Munich is four areas from Strasbourg and France has no depot near: fr-2 is out of supply and forages.
    // The die shows 6, +1 in January: 7 against clear ground's 4, three above: 2 infantry factors (the cheapest kind it has).
    b.force(&[6]);
    b.submit("france", "done");
    b.logged(r#"{"land": {"supply_traced": {"power": "france", "out_of_supply": ["fr-2"]}}}"#);
    b.finish_land();
    b.save("7.4.2-a-corps-out-of-supply-forages");
}

/// A forced march: one movement point beyond the allowance and the attrition roll; a cavalry corps may not.
fn forced_march() {
    let mut b = B::new(
        &["7.3.2"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            AT_WAR_FA,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "paris"}}}"#,
            r#"{"corps": {"corps": "fr-c1", "factors": {"cavalry": 8}, "location": {"area": "paris"}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // Paris, Reims, Metz, Strasbourg, Mainz (forest, 2) and Cologne: 6 points, one beyond the cavalry's 5, and a
    // cavalry corps may not force march.
    b.refused(
        "france",
        "move fr-c1 paris>reims>metz>strasbourg>mainz>cologne",
        "7.3.2",
    );
    // I Corps: Paris, Reims, Metz, Mainz (forest, 2) and Cologne: 5 points, one beyond its 4; the die shows 5:
    // one factor lost.
    b.force(&[5]);
    b.submit("france", "move fr-1 paris>reims>metz>mainz>cologne");
    b.logged(r#"{"dice_rolled": {"roll": {"rule": "7.3.2", "faces": [5]}}}"#);
    b.refused("france", "undo", "7.3");
    b.finish_land();
    b.save("7.3.2-forced-march-and-its-attrition");
}

/// 12.1.2.1: a port taken in the Conquest Step loses the ships being built there.
fn port_taken() {
    let mut b = B::new(
        &["12.1.2.1", "7.7"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"break_alliance": {"a": "france", "b": "spain", "by": ["france"]}}"#,
            r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "spain"}}}"#,
            r#"{"corps": {"corps": "fr-5", "factors": {"infantry": 10, "cavalry": 2}, "location": {"area": "bayonne"}}}"#,
            r#"{"queue_reinforcement": {"owner": {"power": "spain"}, "unit": "ship", "count": 3, "due": {"year": 1805, "month": 5}, "port": "bilbao"}}"#,
            r#"{"garrison": {"area": "bilbao", "owner": {"power": "spain"}, "factors": {}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "move fr-5 bayonne>bilbao");
    b.finish_land();
    b.save("12.1.2.1-a-port-taken-with-ships-building");
}

/// A minor country conquered area by area: Bavaria's primary district taken over two months.
fn minor_conquered() {
    let mut b = B::new(
        &["7.7"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"war": {"aggressor": {"power": "france"}, "defender": {"minor": "bavaria"}}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "stuttgart"}}}"#,
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10, "cavalry": 1}, "location": {"area": "stuttgart"}}}"#,
            r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 14, "cavalry": 2}, "location": {"area": "wurzburg"}}}"#,
            r#"{"corps": {"corps": "fr-4", "factors": {"infantry": 18, "cavalry": 2}, "location": {"area": "wurzburg"}}}"#,
            r#"{"minor_control": {"minor": "wurttemberg", "controller": "france", "status": "free_state"}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // January: Ulm, and both areas of Franconia (Bavaria's secondary district).
    b.submit("france", "move fr-1 stuttgart>ulm");
    b.submit("france", "move fr-4 wurzburg>bamberg");
    b.finish_land();
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "move fr-1 ulm>munich");
    b.submit("france", "move fr-2 stuttgart>ulm>munich>passau");
    b.submit("france", "move fr-3 wurzburg>bamberg>amberg");
    b.finish_land();
    b.save("7.7-a-minor-conquered-area-by-area");
}

/// 7.1.2: allies that combined movement move in the slot of the one that comes last.
fn combined() {
    let mut b = B::new(
        &["7.1.2", "4.9"],
        standard(),
        (1805, 1),
        Step::CombinedMovement,
        &[],
    );
    b.submit("france", "combine spain");
    b.submit("spain", "combine france");
    b.until("france");
    b.submit("france", "slot 1");
    b.logged(r#"{"land": {"order_set": {"place": 1, "order": [["russia"], ["turkey"], ["austria"], ["prussia"], ["great-britain"], ["france", "spain"]]}}}"#);
    b.finish_land();
    b.save("7.1.2-combined-movement-in-the-last-allys-slot");
}

/// 12.3.1: a depot supplies at most four corps; the fifth forages.
fn depot_limit() {
    let mut b = B::new(
        &["12.3.1"],
        standard(),
        (1805, 5),
        Step::Land,
        &[
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"minor_control": {"minor": "wurttemberg", "controller": "france", "status": "free_state"}}"#,
            r#"{"minor_control": {"minor": "baden", "controller": "france", "status": "free_state"}}"#,
            r#"{"depot": {"area": "munich", "owner": {"power": "france"}, "present": true}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-2", "factors": {"infantry": 10, "cavalry": 1}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-3", "factors": {"infantry": 14, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-4", "factors": {"infantry": 18, "cavalry": 2}, "location": {"area": "munich"}}}"#,
            r#"{"corps": {"corps": "fr-5", "factors": {"infantry": 10, "cavalry": 2}, "location": {"area": "munich"}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    // Five corps within reach of the one depot at Munich (three areas from Strasbourg by Freiburg and Ulm): four are supplied (key order), fr-5 forages (a 1: no loss).
    b.force(&[1]);
    b.submit("france", "done");
    b.logged(r#"{"land": {"supply_traced": {"power": "france", "out_of_supply": ["fr-5"], "depots_used": {"munich": 4}}}}"#);
    b.finish_land();
    b.save("12.3.1-four-corps-a-depot");
}

/// France marches from Paris to Vienna over four months with a depot chain and takes the capital.
fn paris_to_vienna() {
    let mut b = B::new(
        &["7.1", "7.2", "7.3", "7.4", "7.7"],
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#,
            r#"{"minor_control": {"minor": "baden", "controller": "france", "status": "free_state"}}"#,
            r#"{"minor_control": {"minor": "wurttemberg", "controller": "france", "status": "free_state"}}"#,
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            r#"{"corps": {"corps": "fr-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "paris"}}}"#,
            r#"{"corps": {"corps": "au-1", "factors": {"infantry": 12, "cavalry": 2}, "location": {"area": "buda"}}}"#,
            r#"{"corps": {"corps": "au-2", "factors": {"infantry": 10, "cavalry": 2}, "location": {"area": "buda"}}}"#,
            r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "buda"}}}"#,
            r#"{"corps": {"corps": "au-g", "factors": {"guard": 3}, "location": {"area": "buda"}}}"#,
            r#"{"garrison": {"area": "vienna", "owner": {"power": "austria"}, "factors": {}}}"#,
            r#"{"garrison": {"area": "linz", "owner": {"power": "austria"}, "factors": {}}}"#,
        ],
    );
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "move fr-1,napoleon paris>reims>metz>strasbourg");
    b.finish_land();
    // February: a depot at Ulm, three areas from Strasbourg, and on to Ulm.
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "depots build ulm");
    b.submit(
        "france",
        "move fr-1,napoleon strasbourg>karlsruhe>stuttgart>ulm",
    );
    b.finish_land();
    // March: a depot at Passau, and into Austria at Linz.
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "depots build passau");
    b.submit("france", "move fr-1,napoleon ulm>munich>passau>linz");
    b.finish_land();
    // April: Vienna falls.
    b.until("france");
    b.submit("france", "slot 1");
    b.until("france");
    b.submit("france", "move fr-1,napoleon linz>vienna");
    b.finish_land();
    b.save("7-paris-to-vienna-with-a-depot-chain");
}

/// The set-up of a siege of Linz (a city): France at war with Austria, Bavaria a French free state, France's
/// I Corps at Munich with `french` infantry, Austria's army far off in Vienna, `garrison` infantry in Linz.
fn linz(rules: &[&str], french: u16, garrison: u16) -> B {
    let fr = format!(
        r#"{{"corps": {{"corps": "fr-1", "factors": {{"infantry": {french}}}, "location": {{"area": "munich"}}}}}}"#
    );
    let au = format!(
        r#"{{"garrison": {{"area": "linz", "owner": {{"power": "austria"}}, "factors": {{"infantry": {garrison}}}}}}}"#
    );
    B::new(
        rules,
        standard(),
        (1805, 1),
        Step::Land,
        &[
            r#"{"war": {"aggressor": {"power": "france"}, "defender": {"power": "austria"}}}"#,
            r#"{"minor_control": {"minor": "bavaria", "controller": "france", "status": "free_state"}}"#,
            fr.as_str(),
            r#"{"corps": {"corps": "au-1", "factors": {"infantry": 12}, "location": {"area": "vienna"}}}"#,
            r#"{"corps": {"corps": "au-c1", "factors": {"cavalry": 5}, "location": {"area": "vienna"}}}"#,
            r#"{"leader": {"leader": "mack", "status": "active", "location": {"area": "vienna"}}}"#,
            r#"{"leader": {"leader": "ferdinand", "status": "active", "location": {"area": "vienna"}}}"#,
            au.as_str(),
        ],
    )
}

/// 7.5.4 and 7.5.4.1: France lays siege to Linz in January (no roll yet: the siege is a month old only in
/// February), fails its siege roll in February, and takes the city by assault in March: the broken garrison
/// surrenders and the Conquest Step gives Linz to France.
fn siege_and_assault() {
    let mut b = linz(&["7.5.4", "7.5.4.1"], 12, 4);
    b.submit("france", "slot 1");
    b.submit("france", "move fr-1 munich>passau>linz");
    b.submit("france", "done");
    b.refused("france", "siege linz", "7.5.4");
    b.submit("france", "done");
    b.finish_land();
    b.logged(r#"{"siege_changed": {"area": "linz"}}"#);
    b.until_siege("france");
    // One month of siege (+1; foraging has cost France's corps two factors, and 10 against 4 is short of the
    // odds' three to one): a 1 makes 2, short of a city's 6.
    b.force(&[1]);
    b.submit("france", "siege linz");
    b.logged(
        r#"{"land": {"siege_rolled": {"area": "linz", "total": 2, "needed": 6, "fell": false}}}"#,
    );
    b.until_siege("france");
    // France's dice are sixes, the garrison's ones: it breaks and what is left of it surrenders.
    b.force(&[6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1]);
    b.submit("france", "assault linz escalated_assault");
    b.logged(r#"{"prisoners_taken": {"captor": {"power": "france"}, "rule": "4.4.6.1"}}"#);
    b.finish_land();
    b.logged(r#"{"area_control_changed": {"area": "linz", "holder": {"power": "france"}}}"#);
    b.save_in("battles", "7.5.4-a-siege-that-ends-in-an-assault");
}

/// 7.5.4.2.1 and 7.5.4.2.2: a strong Austrian garrison in Linz sorties against a weak French besieger in
/// February, beats it, wrecks the siege works (the siege starts again) and moves a political point each way.
fn sortie() {
    let mut b = linz(&["7.5.4.2.1", "7.5.4.2.2"], 4, 10);
    b.submit("france", "slot 1");
    b.submit("france", "move fr-1 munich>passau>linz");
    b.submit("france", "done");
    b.submit("france", "done");
    b.finish_land();
    b.until_siege("austria");
    b.refused("austria", "sortie linz echelon", "7.5.4.2.1");
    // The garrison's dice are sixes, the besiegers' ones.
    b.force(&[6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1]);
    b.submit("austria", "sortie linz escalated_assault");
    b.logged(r#"{"points_changed": {"power": "austria", "delta": 1, "rule": "7.5.4.2.2"}}"#);
    b.logged(
        r#"{"siege_changed": {"area": "linz", "siege": {"since": {"year": 1805, "month": 2}}}}"#,
    );
    b.finish_land();
    b.save_in("battles", "7.5.4.2-a-garrison-sortie");
}
