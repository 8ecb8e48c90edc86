//! The map in the browser (issue 18; what it shows of forces follows `docs/rules/visibility.md`, V.1 and V.2): the
//! SVG map coloured by control with the forces as the seat's power may see them, every area and sea a link to
//! what is there; and in the Land and Naval Phases the movers (7.3, 6.2.1) with the places each may step into
//! next marked, a click choosing the step that the table then offers as the same decision its text form sends.

use crate::page::Failure;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use coalition_engine::Decision;
use coalition_engine::ids::PowerId;
use coalition_engine::land::LandDecision;
use coalition_engine::naval::NavalDecision;
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::state::State as GameState;
use coalition_engine::view::View;
use coalition_present::describe;
use coalition_present::map_svg::{self, AreaLink};
use coalition_server::App;
use serde::Deserialize;
use std::collections::BTreeMap;

/// What the table and its map are asked to show: the power, an area, a mover and the place it would step into.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Focus {
    #[serde(default)]
    pub power: Option<String>,
    #[serde(default)]
    pub area: Option<String>,
    #[serde(default)]
    pub stack: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    #[serde(default)]
    pub log: Option<String>,
    /// The page of the messages shown.
    #[serde(default)]
    pub msg: Option<String>,
}

impl Focus {
    /// The query string of this focus (for links and the map's address).
    pub fn query(&self, power: PowerId) -> String {
        self.query_from(power, None)
    }

    /// [`Focus::query`] without the power when it is `first`, the one a seat's table shows by default (the map's
    /// hundreds of links stay short).
    pub fn query_from(&self, power: PowerId, first: Option<PowerId>) -> String {
        let mut q = Vec::new();
        if first != Some(power) {
            q.push(format!("power={power}"));
        }
        for (k, v) in [
            ("area", &self.area),
            ("stack", &self.stack),
            ("to", &self.to),
        ] {
            if let Some(v) = v {
                q.push(format!("{k}={}", enc(v)));
            }
        }
        q.join("&")
    }
}

/// Percent-encodes a query value (ids are kebab-case; a stack's key holds commas and colons).
pub fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A mover of the Land or Naval Phase: the corps or fleets (with leaders, embarked corps, a depot) that move
/// together, keyed by the decision's words less its path; and the steps its choices offer.
pub struct Mover {
    pub key: String,
    pub label: String,
    /// Each step: where to, and the decision (the choice's own, as its text form).
    pub steps: Vec<(Location, Decision)>,
}

/// The movers of `choices`: each one-step move grouped by who moves.
pub fn movers(s: &Scenario, choices: &[Decision]) -> Vec<Mover> {
    let mut out: BTreeMap<String, Mover> = BTreeMap::new();
    for d in choices {
        let (key, label, to) = match d {
            Decision::Land(LandDecision::Move {
                corps,
                leaders,
                path,
            }) if path.len() == 2 => {
                let mut names: Vec<String> = corps
                    .iter()
                    .map(|c| describe::forces::corps_name(s, *c))
                    .collect();
                names.extend(leaders.iter().map(|l| describe::forces::leader_name(s, *l)));
                (
                    format!(
                        "land:{}:{}",
                        corps
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(","),
                        leaders
                            .iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(",")
                    ),
                    format!("{} in {}", names.join(", "), describe::area(s, path[0])),
                    Location::Area(path[1]),
                )
            }
            Decision::Naval(NavalDecision::Sail {
                fleets,
                leaders,
                corps,
                depot,
                path,
            }) if path.len() == 2 => {
                let mut names: Vec<String> = fleets
                    .iter()
                    .map(|f| describe::forces::fleet_name(s, *f))
                    .collect();
                names.extend(leaders.iter().map(|l| describe::forces::leader_name(s, *l)));
                names.extend(
                    corps
                        .iter()
                        .map(|c| format!("{} aboard", describe::forces::corps_name(s, *c))),
                );
                if *depot {
                    names.push("a depot aboard".into());
                }
                let ids = |xs: Vec<String>| xs.join(",");
                (
                    format!(
                        "naval:{}:{}:{}:{}",
                        ids(fleets.iter().map(|c| c.to_string()).collect()),
                        ids(leaders.iter().map(|c| c.to_string()).collect()),
                        ids(corps.iter().map(|c| c.to_string()).collect()),
                        depot
                    ),
                    format!(
                        "{} {}",
                        names.join(", "),
                        describe::location_words(s, path[0])
                    ),
                    path[1],
                )
            }
            _ => continue,
        };
        out.entry(key.clone())
            .or_insert_with(|| Mover {
                key,
                label,
                steps: Vec::new(),
            })
            .steps
            .push((to, d.clone()));
    }
    out.into_values().collect()
}

/// The place a location is drawn at: an area for a blockade box, the location itself otherwise.
fn drawn(l: Location) -> Location {
    match l {
        Location::Blockade(a) => Location::Area(a),
        l => l,
    }
}

/// The map of `v` for its power, each area and sea a link on the table at `base` (whose default power is
/// `first`); a chosen mover's next places marked.
pub fn render(s: &Scenario, v: &View, base: &str, focus: &Focus, first: Option<PowerId>) -> String {
    let control = s
        .map
        .areas
        .iter()
        .filter_map(|a| v.state.area_power(s, a.id).map(|p| (a.id, p)))
        .collect();
    let movers = movers(s, &v.choices);
    let chosen = focus
        .stack
        .as_ref()
        .and_then(|k| movers.iter().find(|m| &m.key == k));
    let title = format!(
        "{} as {} sees it",
        v.state.position.date,
        describe::power(s, v.power)
    );
    let seen = map_svg::Seen {
        state: &v.state,
        viewer: Some(v.power),
    };
    let power = v.power;
    let link = |l: Location| -> Option<AreaLink> {
        if let Some(m) = chosen {
            if let Some((to, _)) = m.steps.iter().find(|(to, _)| drawn(*to) == l) {
                let f = Focus {
                    to: Some(to.to_string()),
                    ..focus.clone()
                };
                return Some(AreaLink {
                    href: format!("{base}?{}#moves", f.query_from(power, first)),
                    marked: true,
                });
            }
        }
        let f = Focus {
            area: Some(l.to_string()),
            to: None,
            ..focus.clone()
        };
        Some(AreaLink {
            href: format!("{base}?{}#area", f.query_from(power, first)),
            marked: false,
        })
    };
    map_svg::render_linked(s, &control, &title, Some(seen), &link)
}

/// `GET /games/{id}/map.svg`: the seat's map (the table shows it in an `<object>`, so its links open in the page).
pub async fn svg(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(focus): Query<Focus>,
    headers: HeaderMap,
) -> Result<Response, Failure> {
    let seat = crate::seat::by_cookie(&app, &id, &headers).await?;
    let live = app.hub.read(&id).await?;
    let p = crate::seat::seat_power(&live, &seat, focus.power.as_deref())?;
    let first = crate::seat::seat_powers_now(&live, &seat).first().copied();
    let v = live.game.view_since(p, live.game.log_len());
    let s = live.game.scenario().clone();
    drop(live);
    let body = render(&s, &v, &format!("/games/{id}"), &focus, first);
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response())
}

/// What stands at a place, as the power may see it (V.1: its own factors; V.2: others' counters only): who
/// controls it, corps, leaders, fleets, garrisons and depots.
pub fn at_place(s: &Scenario, st: &GameState, viewer: PowerId, at: Location) -> Vec<String> {
    let mut out = Vec::new();
    if let Location::Area(a) = at {
        out.push(match st.area_power(s, a) {
            Some(p) => format!("Controlled by {}.", describe::power(s, p)),
            None => "Controlled by no power.".into(),
        });
    }
    let f = &st.world.forces;
    for (id, c) in &f.corps {
        if c.location == at {
            let factors = if describe::forces::sees_factors(st, viewer, c.owner) {
                describe::forces::factors(&c.factors)
            } else {
                "factors hidden (V.2)".into()
            };
            out.push(format!(
                "Corps {} of {}: {factors}",
                describe::forces::corps_name(s, *id),
                describe::nation(s, c.owner)
            ));
        }
    }
    for (id, l) in &f.leaders {
        if l.location == at {
            out.push(format!(
                "Leader {} of {}",
                describe::forces::leader_name(s, *id),
                describe::nation(s, l.nation)
            ));
        }
    }
    for (id, fl) in &f.fleets {
        if drawn(fl.location) == at || fl.location == at {
            let ships = if describe::forces::sees_factors(st, viewer, fl.owner) {
                format!("{} ships", fl.ships)
            } else {
                "ships hidden (V.2)".into()
            };
            out.push(format!(
                "Fleet {} of {} ({}): {ships}",
                describe::forces::fleet_name(s, *id),
                describe::nation(s, fl.owner),
                describe::location_words(s, fl.location)
            ));
        }
    }
    if let Location::Area(a) = at {
        for ((ga, n), factors) in &f.garrisons {
            if *ga == a {
                let what = if describe::forces::sees_factors(st, viewer, *n) {
                    describe::forces::factors(factors)
                } else {
                    "factors hidden (V.2)".into()
                };
                out.push(format!("Garrison of {}: {what}", describe::nation(s, *n)));
            }
        }
        if let Some(ds) = f.depots.get(&a) {
            for n in ds {
                out.push(format!("Depot of {}", describe::nation(s, *n)));
            }
        }
    }
    if out.len() <= 1 {
        out.push("No forces seen here.".into());
    }
    out
}
