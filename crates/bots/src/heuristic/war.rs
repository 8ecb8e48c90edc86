//! The heuristic bot's Naval Phase (rule 6) and Land Phase (rule 7, battles 7.5, sieges 7.5.4): corps march on
//! the nearest enemy city or army, or home to throw an invader out, only where a depot or friendly land keeps
//! them supplied and never into a much stronger stack; depots built toward the front; chits by the odds
//! (Coalition's default chit, worked out from the bot's own view); the guard committed in a close battle;
//! fleets fight only when they outnumber the enemy.

use super::{Ctx, choose};
use crate::Pick;
use coalition_engine::Decision;
use coalition_engine::ids::{AreaId, Nation, PowerId};
use coalition_engine::kernel::keymap::KeyMap;
use coalition_engine::land::LandDecision;
use coalition_engine::naval::NavalDecision;
use coalition_engine::scenario::Location;
use coalition_engine::scenario::combat::DefendChit;
use std::cell::RefCell;

/// Steps from a depot or from friendly land within which the bot keeps its corps (Coalition's supply reach).
const SUPPLY_REACH: u32 = 3;
/// Money the bot keeps before it builds a depot.
const DEPOT_MONEY: i32 = 10;

/// Where the bot's corps march: enemy-held cities and capitals, enemy corps, and its own lost home areas (in no
/// particular order: only the nearest counts).
fn objectives(cx: &Ctx) -> Vec<(AreaId, i64)> {
    let s = &cx.sight;
    let mut out = Vec::new();
    if !s.at_war() {
        return out;
    }
    // The areas an enemy holds: those it controls, and those of its own nation no one else controls.
    let control = &s.world.area_control;
    let controlled = (control.iter())
        .filter(|(_, h)| s.hostile(**h))
        .map(|(a, _)| *a);
    let own = (s.enemies().iter())
        .flat_map(|e| s.scenario.territory(*e).iter().copied())
        .filter(|a| !control.contains_key(a));
    for id in controlled.chain(own) {
        let Some(a) = s.scenario.area(id) else {
            continue;
        };
        let mine = s.is_home(id);
        if a.city.is_some() || mine {
            out.push((
                id,
                if mine {
                    3
                } else if a.capital {
                    2
                } else {
                    1
                },
            ));
        }
    }
    for c in s.world.forces.corps.values() {
        if let Location::Area(a) = c.location
            && s.hostile(c.owner)
        {
            let mine = s.is_home(a);
            out.push((a, if mine { 3 } else { 1 }));
        }
    }
    out
}

/// The land factors of the bot's corps `ids`.
fn factors(cx: &Ctx, ids: &[coalition_engine::ids::CorpsId]) -> u32 {
    ids.iter()
        .filter_map(|c| cx.sight.world.forces.corps.get(c))
        .map(|c| c.factors.total())
        .sum()
}

/// Whether `area` is within reach of the bot's supply: a depot of its own or friendly land nearby.
fn supplied(cx: &Ctx, area: AreaId) -> bool {
    let s = &cx.sight;
    let me = Nation::Power(s.me);
    let depot_near = s
        .world
        .forces
        .depots
        .iter()
        .any(|(a, owners)| owners.contains(&me) && cx.map.dist(*a, area) <= SUPPLY_REACH);
    depot_near
        || s.home()
            .iter()
            .any(|a| s.holder(*a) == Some(me) && cx.map.dist(*a, area) < SUPPLY_REACH)
}

/// Rule 7 (the bot's judgement of a march): the pull of the objectives, `supplied` and the enemy's factors per area, each worked out
/// once per decision for every area the listed choices ask about.
struct Memo<'c, 'a> {
    cx: &'c Ctx<'a>,
    /// The objectives, by their places in the distance table.
    targets: Vec<(Option<usize>, i64)>,
    pull: RefCell<KeyMap<AreaId, i64>>,
    supplied: RefCell<KeyMap<AreaId, bool>>,
    enemy: RefCell<KeyMap<AreaId, u32>>,
}

impl<'c, 'a> Memo<'c, 'a> {
    /// Rule 7: nothing worked out yet, for the objectives `targets`.
    fn new(cx: &'c Ctx<'a>, targets: &[(AreaId, i64)]) -> Self {
        Memo {
            cx,
            targets: (targets.iter())
                .map(|(t, w)| (cx.map.index_of(*t), *w))
                .collect(),
            pull: RefCell::default(),
            supplied: RefCell::default(),
            enemy: RefCell::default(),
        }
    }

    /// The distance from `area` to the nearest objective, weighted (nearer and weightier is better).
    fn pull(&self, area: AreaId) -> i64 {
        *(self.pull.borrow_mut().entry(area)).or_insert_with(|| {
            let from = self.cx.map.index_of(area);
            (self.targets.iter())
                .map(|(t, w)| i64::from(self.cx.map.dist_at(from, *t).min(60)) * 3 - w * 2)
                .min()
                .unwrap_or(i64::MAX / 4)
        })
    }

    /// `supplied` of `area`.
    fn supplied(&self, area: AreaId) -> bool {
        *(self.supplied.borrow_mut().entry(area)).or_insert_with(|| supplied(self.cx, area))
    }

    /// The enemy's land factors in `area`.
    fn enemy_factors_in(&self, area: AreaId) -> u32 {
        *(self.enemy.borrow_mut().entry(area))
            .or_insert_with(|| self.cx.sight.enemy_factors_in(area))
    }
}

/// The factors on each side of the battle under way, the bot's first.
fn battle_sides(cx: &Ctx) -> Option<(u32, u32)> {
    let b = cx.view.state.land.battle.as_ref()?;
    let att = factors(cx, &b.attacking);
    let def = factors(cx, &b.defending);
    Some(if b.attacker == cx.sight.me {
        (att, def)
    } else {
        (def, att)
    })
}

/// Rule 7: the bot's decisions of the Land Phase.
pub fn land(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    let targets = objectives(cx);
    let memo = Memo::new(cx, &targets);
    let money = s.world.powers.get(&me).map_or(0, |p| p.money);
    let lctx = coalition_engine::world::Ctx {
        scenario: s.scenario,
        rulebook: &cx.view.rulebook,
        world: s.world,
        own: &*cx.view.state.land,
    };
    // Coalition's default chits, worked out only for a battle's chits.
    let chits = std::cell::OnceCell::new();
    let chits = || *chits.get_or_init(|| coalition_engine::land::odds::default_chits(&lctx, false));
    let sides = battle_sides(cx);
    let close = sides.is_some_and(|(m, e)| m * 10 >= e * 7 && m * 10 <= e * 14);
    let swamped = sides.is_some_and(|(m, e)| e >= m.max(1) * 3);
    let score = |d: &Decision| -> i64 {
        let l = match d {
            Decision::Pass => return 0,
            Decision::Land(l) => l,
            _ => return -1000,
        };
        match l {
            LandDecision::Place { place } => {
                if s.at_war() {
                    -i64::from(*place)
                } else {
                    i64::from(*place)
                }
            }
            LandDecision::Depots { build, remove } => {
                if !remove.is_empty() || build.is_empty() || !s.at_war() || money < DEPOT_MONEY {
                    return -5;
                }
                let near: i64 = build
                    .iter()
                    .map(|a| {
                        let covered = s.world.forces.depots.iter().any(|(b, o)| {
                            o.contains(&Nation::Power(me)) && cx.map.dist(*a, *b) <= 2
                        });
                        if covered {
                            -10
                        } else {
                            20 - memo.pull(*a).min(20)
                        }
                    })
                    .sum();
                near
            }
            LandDecision::Move {
                corps,
                leaders,
                path,
            } => {
                let (Some(from), Some(to)) = (path.first(), path.last()) else {
                    return -1000;
                };
                if targets.is_empty() {
                    return -1;
                }
                let gain = memo.pull(*from) - memo.pull(*to);
                if gain <= 0 {
                    return -1;
                }
                let strength = factors(cx, corps);
                if memo.enemy_factors_in(*to) * 2 > strength * 3 {
                    return -50;
                }
                if !memo.supplied(*to) {
                    return -30;
                }
                gain * 4 + i64::from(!leaders.is_empty()) + i64::from(strength.min(20)) / 4
            }
            LandDecision::Disembark { to, depot, .. } => {
                10 + i64::from(*depot) - memo.pull(*to).min(9)
            }
            LandDecision::Garrison { .. } => -5,
            // Coalition's 7.5.4: the bot keeps its corps in the field (a corps inside a city is out of the war).
            LandDecision::Enter { .. } => -5,
            LandDecision::Undo => -100,
            LandDecision::Done => 0,
            LandDecision::Attack {
                chit,
                guard,
                reinforce,
                ..
            } => {
                i64::from(*chit == chits().0) * 10
                    + reinforce.len() as i64 * 2
                    + match guard {
                        Some(_) if close => 3,
                        Some(_) => -3,
                        None => 0,
                    }
            }
            LandDecision::Defend {
                chit,
                guard,
                reinforce,
                ..
            } => {
                let wanted = if swamped {
                    DefendChit::Withdraw
                } else {
                    chits().1
                };
                i64::from(*chit == wanted) * 10
                    + reinforce.len() as i64 * 2
                    + match guard {
                        Some(_) if close => 3,
                        Some(_) => -3,
                        None => 0,
                    }
            }
            LandDecision::Retreat { to } => {
                let cap = s.scenario.power(me).map(|p| p.capital);
                -(i64::from(s.enemy_factors_in(*to)) * 10)
                    - cap.map_or(0, |c| i64::from(cx.map.dist(*to, c).min(60)))
            }
            LandDecision::Besiege { .. } => 5,
            LandDecision::Assault { area, corps, .. } => {
                let mine: u32 = if corps.is_empty() {
                    s.world
                        .forces
                        .corps
                        .values()
                        .filter(|c| {
                            c.owner == Nation::Power(me) && c.location == Location::Area(*area)
                        })
                        .map(|c| c.factors.total())
                        .sum()
                } else {
                    factors(cx, corps)
                };
                if mine >= s.enemy_factors_in(*area).max(1) * 3 {
                    6
                } else {
                    -2
                }
            }
            LandDecision::Sortie { .. } => -2,
        }
    };
    choose(cx, score, |d| match d {
        Decision::Pass | Decision::Land(LandDecision::Done) => {
            if targets.is_empty() {
                "moves no further: no enemy to march on".into()
            } else {
                "moves no further: no step brings a corps nearer an enemy, in supply and not outmatched".into()
            }
        }
        Decision::Land(LandDecision::Place { .. }) => format!(
            "{d}: {}",
            if s.at_war() {
                "at war, it moves early"
            } else {
                "at peace, it lets others move first"
            }
        ),
        Decision::Land(LandDecision::Depots { build, remove }) => format!(
            "depots {}: a depot toward the front",
            depot_words(cx, build, remove)
        ),
        Decision::Land(LandDecision::Move {
            corps,
            leaders,
            path,
        }) => format!(
            "{} to {}: nearer the nearest enemy city or army, in supply",
            stack_words(cx, corps, leaders),
            path.last().map_or_else(String::new, |a| area_name(cx, *a))
        ),
        Decision::Land(LandDecision::Attack { guard, .. } | LandDecision::Defend { guard, .. }) => {
            format!(
                "{d}: the chit the odds favour{}",
                match (guard, swamped) {
                    (Some(_), _) => ", the guard committed in a close battle",
                    (None, true) => ", outnumbered three to one",
                    _ => "",
                }
            )
        }
        Decision::Land(LandDecision::Retreat { to }) => format!(
            "retreat to {}: away from the enemy, toward home",
            area_name(cx, *to)
        ),
        Decision::Land(LandDecision::Besiege { area }) => {
            format!(
                "siege roll at {}: starve the city out",
                area_name(cx, *area)
            )
        }
        Decision::Land(LandDecision::Assault { area, .. }) => format!(
            "assault on {}: three to one against the garrison",
            area_name(cx, *area)
        ),
        _ => d.to_string(),
    })
}

/// An area by its name in the scenario (its key when the data has none).
fn area_name(cx: &Ctx, a: AreaId) -> String {
    cx.sight
        .scenario
        .area(a)
        .map_or_else(|| a.to_string(), |d| d.name.clone())
}

/// A stack in words, as players read it: `I Corps (fr-1), Davout and Murat` (issue 41: names, not keys).
fn stack_words(
    cx: &Ctx,
    corps: &[coalition_engine::ids::CorpsId],
    leaders: &[coalition_engine::ids::LeaderId],
) -> String {
    let s = cx.sight.scenario;
    let mut names: Vec<String> = corps
        .iter()
        .map(|c| {
            s.powers
                .iter()
                .flat_map(|p| p.corps.iter())
                .find(|d| d.id == *c)
                .map_or_else(|| format!("corps {c}"), |d| format!("{} ({c})", d.name))
        })
        .collect();
    names.extend(leaders.iter().map(|l| {
        s.leader(*l)
            .map_or_else(|| l.to_string(), |d| d.name.clone())
    }));
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// 7.2's depots in words: `at Ulm, Munich` or `at Ulm; removed at Linz`.
fn depot_words(cx: &Ctx, build: &[AreaId], remove: &[AreaId]) -> String {
    let names = |xs: &[AreaId]| {
        xs.iter()
            .map(|a| area_name(cx, *a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (build.is_empty(), remove.is_empty()) {
        (false, true) => format!("at {}", names(build)),
        (true, false) => format!("removed at {}", names(remove)),
        (false, false) => format!("at {}; removed at {}", names(build), names(remove)),
        (true, true) => "none".into(),
    }
}

/// The ships of the fleets `n` owns.
fn navy(cx: &Ctx, n: Nation) -> u32 {
    cx.sight
        .world
        .forces
        .fleets
        .values()
        .filter(|f| f.owner == n)
        .map(|f| u32::from(f.ships))
        .sum()
}

/// The strongest navy among the bot's major enemies.
fn enemy_navy(cx: &Ctx, me: PowerId) -> u32 {
    cx.sight
        .major_enemies(me)
        .iter()
        .map(|e| navy(cx, Nation::Power(*e)))
        .max()
        .unwrap_or(0)
}

/// Where the bot's fleets hunt: each enemy fleet's place (a fleet in port is blockaded from its box), with its
/// ships.
fn quarry(cx: &Ctx) -> Vec<(Location, u32)> {
    let s = &cx.sight;
    s.world
        .forces
        .fleets
        .values()
        .filter(|f| f.ships > 0 && s.hostile(f.owner))
        .filter_map(|f| match f.location {
            Location::Area(a) | Location::Blockade(a) => {
                Some((Location::Blockade(a), u32::from(f.ships)))
            }
            Location::Sea(x) => Some((Location::Sea(x), u32::from(f.ships))),
            _ => None,
        })
        .collect()
}

/// How near a fleet of `ships` ships at `at` is to the nearest enemy fleet it outnumbers (none: `None`).
fn hunt(cx: &Ctx, prey: &[(Location, u32)], ships: u32, at: Location) -> Option<u32> {
    prey.iter()
        .filter(|(_, n)| ships > *n)
        .map(|(l, _)| cx.map.sail(at, *l))
        .filter(|d| *d < u32::MAX / 2)
        .min()
}

/// Rule 6: when the bot's navy outnumbers the largest enemy navy, its fleets hunt the enemy fleets each of them
/// outnumbers (blockading those in port, protecting its trade and its coasts); otherwise they stay on station in
/// port. They carry no invasion. It engages and intercepts only when its navy outnumbers the enemy's, and evades
/// when it does not.
pub fn naval(cx: &Ctx) -> Pick {
    let s = &cx.sight;
    let me = s.me;
    let stronger = navy(cx, Nation::Power(me)) > enemy_navy(cx, me);
    let prey = if stronger { quarry(cx) } else { Vec::new() };
    let ships_of = |fleets: &[coalition_engine::ids::FleetId]| -> u32 {
        fleets
            .iter()
            .filter_map(|f| s.world.forces.fleets.get(f))
            .map(|f| u32::from(f.ships))
            .sum()
    };
    let score = |d: &Decision| -> i64 {
        let n = match d {
            Decision::Pass => return 0,
            Decision::Naval(n) => n,
            // Great Britain's place in the order, undo and done are written as the Land Phase's.
            Decision::Land(LandDecision::Place { place }) => return -i64::from(*place),
            Decision::Land(LandDecision::Undo) => return -100,
            Decision::Land(_) => return 0,
            _ => return -1000,
        };
        match n {
            NavalDecision::Place { place } => -i64::from(*place),
            NavalDecision::Sail {
                fleets,
                corps,
                depot,
                path,
                ..
            } => {
                let (Some(from), Some(to)) = (path.first(), path.last()) else {
                    return -1000;
                };
                if !corps.is_empty() || *depot {
                    return -5;
                }
                let ships = ships_of(fleets);
                match (hunt(cx, &prey, ships, *from), hunt(cx, &prey, ships, *to)) {
                    (Some(a), Some(b)) if b < a => i64::from(a - b) * 3,
                    _ => -1,
                }
            }
            NavalDecision::Undo => -100,
            NavalDecision::Done => 0,
            NavalDecision::Engage { .. } => {
                if stronger {
                    5
                } else {
                    -5
                }
            }
            NavalDecision::Evade { evade } => i64::from(*evade != stronger),
            // Coalition's 6.3.11 (a scenario with ship kinds): line of battle when stronger, evade when weaker; a
            // steamship rams when it may.
            NavalDecision::Chit { chit, ram } => {
                use coalition_engine::scenario::ships::NavalChit;
                let want = if stronger {
                    NavalChit::LineOfBattle
                } else {
                    NavalChit::Evade
                };
                i64::from(*chit == want) * 2 + i64::from(ram.is_some())
            }
            NavalDecision::Intercept { at } => i64::from(at.is_some() == stronger),
            NavalDecision::Retreat { to } => match to {
                Location::Area(a) => {
                    if s.holder(*a) == Some(Nation::Power(me)) {
                        2
                    } else {
                        1
                    }
                }
                _ => 0,
            },
        }
    };
    choose(cx, score, |d| match d {
        Decision::Naval(NavalDecision::Engage { .. }) => {
            format!("{d}: its navy outnumbers the enemy's")
        }
        Decision::Naval(NavalDecision::Evade { evade: true }) => {
            "evades: the enemy's navy is larger".into()
        }
        Decision::Naval(NavalDecision::Evade { evade: false }) => {
            "stands and fights: its navy is larger".into()
        }
        Decision::Naval(NavalDecision::Intercept { at: Some(_) }) => {
            format!("{d}: its navy outnumbers the mover's side")
        }
        Decision::Naval(NavalDecision::Intercept { at: None }) => {
            "lets the move pass: too weak to intercept".into()
        }
        Decision::Naval(NavalDecision::Place { .. })
        | Decision::Land(LandDecision::Place { .. }) => {
            format!("{d}: early, to answer the others' moves")
        }
        Decision::Naval(NavalDecision::Retreat { .. }) => {
            format!("{d}: to a port of its own where it can")
        }
        Decision::Naval(NavalDecision::Sail { .. }) => {
            format!("{d}: its navy rules the sea; it hunts an enemy fleet it outnumbers")
        }
        _ => "keeps its fleets on station, guarding its coasts and trade".into(),
    })
}
