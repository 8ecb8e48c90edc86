//! The forces a power may see, in words (Coalition's visibility rule, `docs/rules/visibility.md`): its own
//! corps, fleets, garrisons, depots and leaders in full, and the other nations' counters where they stand,
//! without their factors.

use super::{area, leader_status, location_words, nation, power};
use coalition_engine::ids::{AreaId, CorpsId, FleetId, LeaderId, Nation, PowerId};
use coalition_engine::scenario::{Factors, Location, Scenario};
use coalition_engine::state::State;
use coalition_engine::world::LeaderStatus;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Visibility rule V.1: whether `viewer` sees the factors of `owner`'s forces (it controls that nation).
pub fn sees_factors(st: &State, viewer: PowerId, owner: Nation) -> bool {
    st.controller_of(owner) == Some(viewer)
}

/// A corps as players read it: its name and id (`I Corps (fr-1)`), the name taken from the data.
pub fn corps_name(s: &Scenario, id: CorpsId) -> String {
    let named = s
        .powers
        .iter()
        .flat_map(|p| p.corps.iter())
        .find(|c| c.id == id)
        .map(|c| c.name.clone());
    match named {
        Some(n) => format!("{n} ({id})"),
        None => format!("corps {id}"),
    }
}

/// A fleet as players read it: its name and id from the data, or its id for a fleet formed in play.
pub fn fleet_name(s: &Scenario, id: FleetId) -> String {
    let named = s
        .powers
        .iter()
        .flat_map(|p| p.fleets.iter())
        .find(|f| f.id == id)
        .map(|f| f.name.clone());
    match named {
        Some(n) => format!("{n} ({id})"),
        None => format!("fleet {id}"),
    }
}

/// A leader's name from the data (his id if unknown).
pub fn leader_name(s: &Scenario, id: LeaderId) -> String {
    s.leader(id)
        .map(|l| l.name.clone())
        .unwrap_or_else(|| id.to_string())
}

/// Land factors by type, as the data names them (`12 infantry, 2 cavalry`), or "no factors".
pub fn factors(f: &Factors) -> String {
    let parts: Vec<String> = [
        (f.infantry, "infantry"),
        (f.cavalry, "cavalry"),
        (f.guard, "guard"),
        (f.militia, "militia"),
        (f.artillery, "artillery"),
        (f.cossack, "cossack"),
        (f.freikorps, "freikorps"),
        (f.feudal, "feudal"),
        (f.insurrection, "insurrection"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, w)| format!("{n} {w}"))
    .collect();
    if parts.is_empty() {
        "no factors".into()
    } else {
        parts.join(", ")
    }
}

/// Where a force is, short: "Paris", "the Channel (at sea)", "off the map".
pub fn place(s: &Scenario, l: Location) -> String {
    match l {
        Location::Area(a) => area(s, a),
        Location::Sea(x) => format!(
            "{} (at sea)",
            s.sea(x)
                .map(|d| d.name.clone())
                .unwrap_or_else(|| x.to_string())
        ),
        Location::Blockade(a) => format!("{} (blockade box)", area(s, a)),
        Location::Aboard(_) | Location::OffMap => location_words(s, l),
    }
}

/// Where a corps or fleet named in a choice is, for a menu: " (at Paris)", or "" if unknown.
pub fn corps_where(s: &Scenario, st: &State, id: CorpsId) -> String {
    st.forces
        .corps
        .get(&id)
        .map(|c| {
            let inside = if st.forces.in_city(id) {
                ", inside the city"
            } else {
                ""
            };
            format!(" ({}{inside})", location_words(s, c.location))
        })
        .unwrap_or_default()
}

/// The nations whose forces `viewer` commands: itself and the minors it controls.
fn own_nations(st: &State, viewer: PowerId) -> Vec<Nation> {
    let mut out = vec![Nation::Power(viewer)];
    out.extend(
        st.minors
            .keys()
            .map(|m| Nation::Minor(*m))
            .filter(|n| sees_factors(st, viewer, *n)),
    );
    out
}

/// V.1: `viewer`'s own forces in full: corps (factors by type, capacity, where), fleets (ships, where),
/// garrisons, depots and leaders (ratings, where, with which corps, status).
pub fn own(s: &Scenario, st: &State, viewer: PowerId) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "  {}'s forces (factors are seen only by their owner):",
        power(s, viewer)
    );
    for n in own_nations(st, viewer) {
        let head = if n == Nation::Power(viewer) {
            String::new()
        } else {
            format!("{}: ", nation(s, n))
        };
        let f = &st.forces;
        let mut on_map: Vec<String> = Vec::new();
        let mut spare: Vec<String> = Vec::new();
        for (id, c) in f.corps.iter().filter(|(_, c)| c.owner == n) {
            if c.location == Location::OffMap && c.factors.is_empty() {
                spare.push(corps_name(s, *id));
                continue;
            }
            on_map.push(format!(
                "{}: {} (of {}) — {}{}",
                corps_name(s, *id),
                factors(&c.factors),
                factors(&c.capacity),
                location_words(s, c.location),
                // Coalition's 7.5.4: a corps inside its area's city.
                if f.in_city(*id) {
                    ", inside the city"
                } else {
                    ""
                }
            ));
        }
        list(&mut out, &format!("{head}corps"), &on_map);
        if !spare.is_empty() {
            let _ = writeln!(
                out,
                "    {head}empty corps counters off the map: {}",
                spare.join(", ")
            );
        }
        let fleets: Vec<String> = f
            .fleets
            .iter()
            .filter(|(_, x)| x.owner == n)
            .map(|(id, x)| {
                let at = match x.location {
                    Location::Area(a) => format!("in port at {}", area(s, a)),
                    l => location_words(s, l),
                };
                format!("{}: {} ships — {at}", fleet_name(s, *id), x.ships)
            })
            .collect();
        list(&mut out, &format!("{head}fleets"), &fleets);
        let garrisons: Vec<String> = f
            .garrisons
            .iter()
            .filter(|((_, o), g)| *o == n && !g.is_empty())
            .map(|((a, _), g)| format!("{}: {}", area(s, *a), factors(g)))
            .collect();
        list(&mut out, &format!("{head}garrisons"), &garrisons);
        let depots: Vec<String> = depots_of(st, n).iter().map(|a| area(s, *a)).collect();
        if !depots.is_empty() {
            let _ = writeln!(out, "    {head}depots: {}", depots.join(", "));
        }
        let leaders: Vec<String> = f
            .leaders
            .iter()
            .filter(|(_, l)| l.nation == n)
            .map(|(id, l)| own_leader(s, st, *id, l))
            .collect();
        list(&mut out, &format!("{head}leaders"), &leaders);
    }
    out
}

fn list(out: &mut String, what: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "    {what}:");
    for i in items {
        let _ = writeln!(out, "      {i}");
    }
}

fn depots_of(st: &State, n: Nation) -> Vec<AreaId> {
    st.forces
        .depots
        .iter()
        .filter(|(_, d)| d.contains(&n))
        .map(|(a, _)| *a)
        .collect()
}

/// A leader's ratings as the data has them: "strategic 5, tactical 4, up to 8 corps".
fn ratings(s: &Scenario, id: LeaderId) -> String {
    s.leader(id)
        .map(|d| {
            format!(
                "strategic {}, tactical {}, up to {} corps{}",
                d.strategic,
                d.tactical,
                d.tactical_max,
                if d.naval { ", naval" } else { "" }
            )
        })
        .unwrap_or_default()
}

/// The corps of the leader's nation standing where he stands.
fn with_corps(s: &Scenario, st: &State, n: Nation, at: Location) -> Vec<String> {
    if matches!(at, Location::OffMap) {
        return Vec::new();
    }
    st.forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == n && c.location == at)
        .map(|(id, _)| corps_name(s, *id))
        .collect()
}

fn own_leader(
    s: &Scenario,
    st: &State,
    id: LeaderId,
    l: &coalition_engine::world::LeaderState,
) -> String {
    let status = match &l.status {
        LeaderStatus::Active => location_words(s, l.location),
        LeaderStatus::Waiting => s
            .leader(id)
            .map(|d| format!("enters play in {}", d.enters))
            .unwrap_or_else(|| "not yet in play".into()),
        st => leader_status(s, st),
    };
    let with = if matches!(l.status, LeaderStatus::Active) {
        let c = with_corps(s, st, l.nation, l.location);
        if c.is_empty() {
            String::new()
        } else {
            format!(", with {}", c.join(", "))
        }
    } else {
        String::new()
    };
    format!(
        "{} ({}) — {status}{with}",
        leader_name(s, id),
        ratings(s, id)
    )
}

/// V.2: what `viewer` may see of every other nation's forces: the counters on the map where they stand (corps
/// and fleets by name, garrisons, depots, leaders with the ratings printed on them), never their factors.
pub fn others(s: &Scenario, st: &State, viewer: PowerId) -> String {
    let mine = own_nations(st, viewer);
    let mut by_nation: BTreeMap<Nation, Vec<String>> = BTreeMap::new();
    let f = &st.forces;
    let mut group = |n: Nation, line: String| by_nation.entry(n).or_default().push(line);
    let on_map = |l: Location| !matches!(l, Location::OffMap);
    // Corps and fleets, grouped by where they stand.
    let mut corps: BTreeMap<(Nation, String), Vec<String>> = BTreeMap::new();
    for (id, c) in f.corps.iter() {
        if !mine.contains(&c.owner) && on_map(c.location) {
            corps
                .entry((c.owner, place(s, c.location)))
                .or_default()
                .push(corps_name(s, *id));
        }
    }
    for ((n, at), names) in corps {
        group(n, format!("corps at {at}: {}", names.join(", ")));
    }
    let mut fleets: BTreeMap<(Nation, String), Vec<String>> = BTreeMap::new();
    for (id, x) in f.fleets.iter() {
        if !mine.contains(&x.owner) && on_map(x.location) {
            fleets
                .entry((x.owner, place(s, x.location)))
                .or_default()
                .push(fleet_name(s, *id));
        }
    }
    for ((n, at), names) in fleets {
        group(n, format!("fleets at {at}: {}", names.join(", ")));
    }
    let mut garrisons: BTreeMap<Nation, Vec<String>> = BTreeMap::new();
    for ((a, n), g) in &f.garrisons {
        if !mine.contains(n) && !g.is_empty() {
            garrisons.entry(*n).or_default().push(area(s, *a));
        }
    }
    for (n, areas) in garrisons {
        group(n, format!("garrisons at {}", areas.join(", ")));
    }
    let mut depots: BTreeMap<Nation, Vec<String>> = BTreeMap::new();
    for (a, ns) in &f.depots {
        for n in ns.iter().filter(|n| !mine.contains(n)) {
            depots.entry(*n).or_default().push(area(s, *a));
        }
    }
    for (n, areas) in depots {
        group(n, format!("depots at {}", areas.join(", ")));
    }
    for (id, l) in &f.leaders {
        if !mine.contains(&l.nation)
            && matches!(l.status, LeaderStatus::Active)
            && on_map(l.location)
        {
            group(
                l.nation,
                format!(
                    "leader {} ({}) at {}",
                    leader_name(s, *id),
                    ratings(s, *id),
                    place(s, l.location)
                ),
            );
        }
    }
    let mut out = String::new();
    if by_nation.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "  other nations' forces on the map (counters only: their factors are their owners' secret):"
    );
    for (n, lines) in by_nation {
        let _ = writeln!(out, "    {}:", nation(s, n));
        for l in lines {
            let _ = writeln!(out, "      {l}");
        }
    }
    out
}
