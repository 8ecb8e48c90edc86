//! The corps and fleets on the map (Coalition's visibility rule, `docs/rules/visibility.md`): one badge per
//! nation and place, in the owner's colour, with the counters' number and, where the map's reader may see
//! them, their factors or ships; the hover text lists each counter with its factors by type.

use crate::describe::{corps_name, factors, fleet_name};
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::state::State;
use std::collections::BTreeMap;

/// Whose map it is: the host's (every factor) or one power's (its own factors, others' counters only).
#[derive(Clone, Copy)]
pub struct Seen<'a> {
    pub state: &'a State,
    /// `None`: the host's full map.
    pub viewer: Option<PowerId>,
}

impl Seen<'_> {
    /// V.1: whether the reader sees the factors of `owner`'s forces.
    pub fn factors_of(&self, owner: Nation) -> bool {
        match self.viewer {
            None => true,
            Some(p) => self.state.controller_of(owner) == Some(p),
        }
    }
}

/// The counters of one nation in one place.
#[derive(Default)]
pub struct Badge {
    pub corps: u32,
    /// Land factors in all, if seen.
    pub factors: Option<u32>,
    pub fleets: u32,
    /// Ships in all, if seen.
    pub ships: Option<u32>,
    /// One line per counter, for the hover text.
    pub detail: Vec<String>,
}

impl Badge {
    /// The badge's text: `3 corps 42f`, `1 fleet 12s`, or the counts alone where the factors are not seen.
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        if self.corps > 0 {
            parts.push(match self.factors {
                Some(f) => format!("{} corps {f}f", self.corps),
                None => format!("{} corps", self.corps),
            });
        }
        if self.fleets > 0 {
            let fl = if self.fleets == 1 { "fleet" } else { "fleets" };
            parts.push(match self.ships {
                Some(n) => format!("{} {fl} {n}s", self.fleets),
                None => format!("{} {fl}", self.fleets),
            });
        }
        parts.join(" · ")
    }
}

/// Every badge on the map, by place and nation (off-map counters are not drawn).
pub fn badges(s: &Scenario, seen: &Seen) -> BTreeMap<(Location, Nation), Badge> {
    let mut out: BTreeMap<(Location, Nation), Badge> = BTreeMap::new();
    let f = &seen.state.forces;
    for (id, c) in &f.corps {
        // A corps aboard a fleet (6.2.5) is drawn where the fleet is.
        let (at, aboard) = match c.location {
            Location::Aboard(x) => (
                f.fleets.get(&x).map_or(Location::OffMap, |x| x.location),
                format!(" (aboard {})", fleet_name(s, x)),
            ),
            l => (l, String::new()),
        };
        if at == Location::OffMap {
            continue;
        }
        let b = out.entry((at, c.owner)).or_default();
        b.corps += 1;
        if seen.factors_of(c.owner) {
            *b.factors.get_or_insert(0) += c.factors.total();
            b.detail.push(format!(
                "{}{aboard}: {}",
                corps_name(s, *id),
                factors(&c.factors)
            ));
        } else {
            b.detail.push(format!("{}{aboard}", corps_name(s, *id)));
        }
    }
    for (id, x) in &f.fleets {
        if x.location == Location::OffMap {
            continue;
        }
        let b = out.entry((x.location, x.owner)).or_default();
        b.fleets += 1;
        // A depot aboard (Coalition's invasion supply) is a counter on the map, seen by all.
        let depot = if f.depots_aboard.contains_key(id) {
            " (a depot aboard)"
        } else {
            ""
        };
        if seen.factors_of(x.owner) {
            *b.ships.get_or_insert(0) += u32::from(x.ships);
            b.detail
                .push(format!("{}: {} ships{depot}", fleet_name(s, *id), x.ships));
        } else {
            b.detail.push(format!("{}{depot}", fleet_name(s, *id)));
        }
    }
    out
}
