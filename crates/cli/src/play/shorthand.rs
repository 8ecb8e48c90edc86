//! Rule 7.3 at the prompt (issue 41's input economy): short forms of a move, expanded into a whole move the
//! player accepts with Enter. `move fr-1 vienna` goes by the cheapest legal path (the engine's
//! `land::route`); a stack's leaders go with it unless dropped (`-davout`); the stacks are numbered as listed,
//! so `m 3` lists the areas stack 3 reaches, numbered, and `m 3 12` or `m 3 vienna` moves the whole stack.
//! Area names are read case-insensitively, by key, by name or by a prefix naming one area (`vien`).

use crate::describe;
use coalition_engine::Game;
use coalition_engine::ids::{AreaId, CorpsId, LeaderId, PowerId};
use coalition_engine::land::movement::{corps_of, leaders_in};
use coalition_engine::land::{LandDecision, LandState, route};
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::world::Ctx;

/// What a typed line is, read as a short form.
pub enum Short {
    /// Not a short form: the line goes to the decision parser.
    No,
    /// A listing to print (the prompt asks again).
    Listing(Vec<String>),
    /// A whole move, proposed: the player accepts it.
    Move(LandDecision),
    /// A short form that cannot be carried out, and why.
    Refused(String),
}

/// The last listing of a stack's destinations (`m 3`): the stack's area and the areas by number.
#[derive(Default)]
pub struct Last {
    listing: Option<(AreaId, Vec<AreaId>)>,
}

fn ctx(g: &Game) -> Ctx<'_, LandState> {
    Ctx {
        scenario: g.scenario(),
        rulebook: g.rulebook(),
        world: &g.state().world,
        own: &*g.state().land,
    }
}

/// An area named by its key, its name (any case, spaces or hyphens) or a prefix of one area's key or name.
pub fn area_named(s: &Scenario, text: &str) -> Option<AreaId> {
    let key = text.trim().to_lowercase().replace([' ', '_'], "-");
    if key.is_empty() {
        return None;
    }
    let norm = |n: &str| n.to_lowercase().replace(' ', "-");
    let areas = &s.map.areas;
    if let Some(a) = areas
        .iter()
        .find(|a| a.id.as_str() == key || norm(&a.name) == key)
    {
        return Some(a.id);
    }
    let mut prefixed = areas
        .iter()
        .filter(|a| a.id.as_str().starts_with(&key) || norm(&a.name).starts_with(&key));
    match (prefixed.next(), prefixed.next()) {
        (Some(a), None) => Some(a.id),
        _ => None,
    }
}

/// Reads `line` as a short form of a move for `power`, which is moving.
pub fn read(s: &Scenario, g: &Game, power: PowerId, line: &str, last: &mut Last) -> Short {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["m", n, rest @ ..] => stack(s, g, power, n, rest, last),
        ["move", list, dest, drops @ ..]
            if !dest.contains('>') && !dest.contains(':') && !list.contains('>') =>
        {
            by_destination(s, g, power, list, dest, drops)
        }
        _ => Short::No,
    }
}

/// `move CORPS[,LEADER,-LEADER] AREA`: the corps named (with the leaders named; with none named, the leaders
/// standing with them, less those dropped) by the cheapest legal path.
fn by_destination(
    s: &Scenario,
    g: &Game,
    power: PowerId,
    list: &str,
    dest: &str,
    drops: &[&str],
) -> Short {
    let w = &g.state().world;
    let (mut corps, mut named, mut dropped) = (Vec::new(), Vec::new(), Vec::new());
    for x in list.split(',').chain(drops.iter().copied()) {
        let x = x.trim().to_lowercase();
        if x.is_empty() {
            continue;
        }
        if let Some(l) = x.strip_prefix('-') {
            match LeaderId::new(l) {
                Ok(l) if s.leader(l).is_some() => dropped.push(l),
                _ => return Short::Refused(format!("unknown leader `{l}`")),
            }
        } else if let Some(c) = CorpsId::new(&x)
            .ok()
            .filter(|c| w.forces.corps.contains_key(c))
        {
            corps.push(c);
        } else if let Some(l) = LeaderId::new(&x).ok().filter(|l| s.leader(*l).is_some()) {
            named.push(l);
        } else {
            return Short::Refused(format!("`{x}` is neither a corps nor a leader"));
        }
    }
    let Some(to) = area_named(s, dest) else {
        return Short::Refused(format!(
            "`{dest}` names no area (or more than one): write its name or key, e.g. `vienna`"
        ));
    };
    propose(
        g,
        power,
        &corps,
        (!named.is_empty()).then_some(named),
        &dropped,
        to,
    )
}

/// `m N`, `m N K`, `m N AREA` (with `-LEADER` drops): stack N of the listing, all its corps that may move.
fn stack(s: &Scenario, g: &Game, power: PowerId, n: &str, rest: &[&str], last: &mut Last) -> Short {
    let st = g.state();
    let areas = describe::land::stack_areas(s, st, power);
    let Some(at) = n
        .parse::<usize>()
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| areas.get(i).copied())
    else {
        return Short::Refused(format!(
            "there is no stack {n}: the stacks are numbered 1 to {} as listed",
            areas.len()
        ));
    };
    let corps: Vec<CorpsId> = corps_of(&st.world, power)
        .into_iter()
        .filter(|(c, a)| *a == at && !st.land.stopped.contains(c))
        .map(|(c, _)| c)
        .collect();
    if corps.is_empty() {
        return Short::Refused(format!(
            "no corps of stack {n} ({}) may move this phase",
            describe::area(s, at)
        ));
    }
    let mut dropped = Vec::new();
    let mut dest = None;
    for x in rest {
        if let Some(l) = x.strip_prefix('-') {
            match LeaderId::new(&l.to_lowercase()) {
                Ok(l) if s.leader(l).is_some() => dropped.push(l),
                _ => return Short::Refused(format!("unknown leader `{l}`")),
            }
        } else if dest.is_none() {
            dest = Some(*x);
        } else {
            return Short::Refused("write `m STACK AREA`, e.g. `m 3 vienna` or `m 3 12`".into());
        }
    }
    let reach = route::reachable(&ctx(g), power, &corps);
    let Some(dest) = dest else {
        // The areas in reach, cheapest first, numbered for `m N K`.
        let mut list: Vec<(&AreaId, &(u32, Vec<AreaId>))> = reach.iter().collect();
        list.sort_by_key(|(a, (cost, _))| (*cost, describe::area(s, **a)));
        let left = corps
            .iter()
            .map(|c| coalition_engine::land::movement::left(&ctx(g), *c))
            .min()
            .unwrap_or(0);
        let mut out = vec![format!(
            "stack {n} ({}) reaches, by the cheapest path (`m {n} NUMBER` moves it there):",
            describe::area(s, at)
        )];
        for (i, (a, (cost, path))) in list.iter().enumerate() {
            out.push(format!(
                "  {:>2}. {} — {cost} movement point{}{}: {}",
                i + 1,
                describe::area(s, **a),
                if *cost == 1 { "" } else { "s" },
                if *cost > left { ", a forced march" } else { "" },
                describe::land::path(s, path)
            ));
        }
        if list.is_empty() {
            out.push("  nowhere this phase".into());
        }
        last.listing = Some((at, list.iter().map(|(a, _)| **a).collect()));
        return Short::Listing(out);
    };
    let to = match dest.parse::<usize>() {
        Ok(k) => {
            let listing = match &last.listing {
                Some((a, l)) if *a == at => l.clone(),
                _ => {
                    let mut list: Vec<(&AreaId, &(u32, Vec<AreaId>))> = reach.iter().collect();
                    list.sort_by_key(|(a, (cost, _))| (*cost, describe::area(s, **a)));
                    list.iter().map(|(a, _)| **a).collect()
                }
            };
            match k.checked_sub(1).and_then(|i| listing.get(i)) {
                Some(a) => *a,
                None => {
                    return Short::Refused(format!(
                        "stack {n} reaches {} areas: `m {n}` lists them",
                        listing.len()
                    ));
                }
            }
        }
        Err(_) => match area_named(s, dest) {
            Some(a) => a,
            None => {
                return Short::Refused(format!(
                    "`{dest}` names no area (or more than one): write its name or key, e.g. `vienna`"
                ));
            }
        },
    };
    propose(g, power, &corps, None, &dropped, to)
}

/// The move of `corps` to `to` by the cheapest legal path, with `leaders` (none: those standing with the corps
/// that may keep the move's pace, less `dropped`).
fn propose(
    g: &Game,
    power: PowerId,
    corps: &[CorpsId],
    leaders: Option<Vec<LeaderId>>,
    dropped: &[LeaderId],
    to: AreaId,
) -> Short {
    if corps.is_empty() {
        return Short::Refused("a move names at least one corps".into());
    }
    let cx = ctx(g);
    let leaders = match leaders {
        Some(ls) => ls,
        None => {
            let Some(Location::Area(at)) = g
                .state()
                .world
                .forces
                .corps
                .get(&corps[0])
                .map(|c| c.location)
            else {
                return Short::Refused(format!("{} stands on no area", corps[0]));
            };
            leaders_in(&g.state().world, power, at)
                .into_iter()
                .filter(|l| !dropped.contains(l))
                .filter(|l| route::route(&cx, power, corps, &[*l], to).is_ok())
                .collect()
        }
    };
    match route::route(&cx, power, corps, &leaders, to) {
        Ok((d, _)) => Short::Move(d),
        Err(e) => Short::Refused(format!("refused: {e}")),
    }
}
