//! Errata 7.3.5 with Coalition's landing (`docs/rules/naval.md` 6.2.5): corps aboard fleets may land straight into
//! a besieged friendly port, their garrison factors joining its garrison, or into the port's area.

mod common;

use common::{refused, submit};

use coalition_engine::ids::{AreaId, CorpsId, FleetId, Nation, PowerId};
use coalition_engine::rulebook::{Preset, Rulebook};
use coalition_engine::scenario::{Factors, Location};

fn p(s: &str) -> PowerId {
    PowerId::new(s).unwrap()
}

#[test]
fn corps_land_straight_into_a_besieged_friendly_port() {
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
    submit(&mut g, "great-britain", "disembark gb-2 port:lisbon");
    let gb = Nation::Power(p("great-britain"));
    assert_eq!(
        g.state().forces.garrisons.get(&(lisbon, gb)).copied(),
        Some(Factors {
            infantry: 5,
            ..Factors::default()
        }),
        "the infantry joins the garrison"
    );
    let c = &g.state().forces.corps[&CorpsId::new("gb-2").unwrap()];
    assert_eq!(c.location, Location::Aboard(FleetId::new("gb-f1").unwrap()));
    assert_eq!(c.factors.cavalry, 2, "the cavalry stays aboard");
    assert_eq!(c.factors.infantry, 0);
    // No battle with the besiegers: the landing met no enemy in the field.
    assert!(g.state().land.combats.is_empty());
}
