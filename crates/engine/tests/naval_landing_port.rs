//! Errata 7.3.5 with Coalition's landing (`docs/rules/naval.md` 6.2.5): corps aboard fleets may land straight into
//! a besieged friendly port, inside its city if it has room for them (Coalition's 7.5.4), or into the port's
//! area.

mod common;

use common::{refused, submit};

use coalition_engine::ids::{AreaId, CorpsId, Nation, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::Location;

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

#[test]
fn corps_land_straight_into_a_besieged_friendly_port() {
    // rule: 7.3.5
    // Portugal a British free state with a garrison in Lisbon; French VI Corps stands in Lisbon's area; the
    // Channel Fleet lies off the coast with II Corps (5 infantry, 2 cavalry) aboard.
    let mut g = common::land_1805(
        Rulebook::preset(Preset::Standard),
        7,
        &[
            r#"{"minor_control": {"minor": "portugal", "controller": "great-britain", "status": "free_state"}}"#,
            r#"{"garrison": {"area": "lisbon", "owner": {"minor": "portugal"}, "factors": {"infantry": 3}}}"#,
            r#"{"corps": {"corps": "fr-6", "factors": {"infantry": 8}, "location": {"area": "lisbon"}}}"#,
            r#"{"fleet": {"fleet": "gb-f1", "ships": 20, "location": {"sea": "coast-of-portugal"}}}"#,
            r#"{"corps": {"corps": "gb-2", "factors": {"infantry": 5, "cavalry": 2}, "location": {"aboard": "gb-f1"}}}"#,
        ],
    );
    common::to_land_movement(&mut g, "great-britain", Some(1));
    // Not besieged yet (sieges begin at the Conquest Step): only the area.
    assert_eq!(
        refused(&mut g, "great-britain", "disembark gb-2 port:lisbon"),
        "7.3.5"
    );
    common::to_land_movement(&mut g, "great-britain", Some(2));
    let lisbon = AreaId::new("lisbon").unwrap();
    assert!(
        g.state().world.sieges.contains_key(&lisbon),
        "Lisbon is besieged"
    );
    // A corps with nothing that may garrison, leaders and depots do not go in; a port not besieged is refused.
    assert_eq!(
        refused(&mut g, "great-britain", "disembark gb-2 port:porto"),
        "7.3.5"
    );
    let offered = common::offered(&g, "great-britain");
    assert!(
        offered.iter().any(|d| d == "disembark gb-2 port:lisbon"),
        "{offered:?}"
    );
    // Only if the city has room for them all (the garrison not counted).
    let mut big = g.clone();
    for c in ["gb-1", "gb-3"] {
        let adj = format!(
            r#"{{"corps": {{"corps": "{c}", "factors": {{"infantry": 10, "cavalry": 2}}, "location": {{"aboard": "gb-f1"}}}}}}"#
        );
        big.host(&serde_json::from_str(&adj).unwrap(), "more corps aboard")
            .unwrap();
    }
    // 12 + 7 + 12 factors: more than a fortress's room (20).
    assert_eq!(
        refused(
            &mut big,
            "great-britain",
            "disembark gb-1,gb-2,gb-3 port:lisbon"
        ),
        "7.3.5"
    );
    submit(&mut g, "great-britain", "disembark gb-2 port:lisbon");
    let gb2 = CorpsId::new("gb-2").unwrap();
    let c = &g.state().forces.corps[&gb2];
    assert_eq!(c.location, Location::Area(lisbon), "the whole corps lands");
    assert_eq!(c.factors.infantry, 5);
    assert_eq!(c.factors.cavalry, 2);
    assert!(
        g.state().forces.in_city.contains(&gb2),
        "inside the city, besieged with its garrison"
    );
    let gb = Nation::Power(p("great-britain"));
    assert_eq!(g.state().forces.garrisons.get(&(lisbon, gb)), None);
    // No battle with the besiegers: the landing met no enemy in the field.
    assert!(g.state().land.combats.is_empty());
}
