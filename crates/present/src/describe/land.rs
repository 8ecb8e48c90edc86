//! Rule 7 (Coalition's Land Phase, `docs/rules/land.md`) in words: its decisions for menus and the log, its
//! events with the scenario's names, and the mover's stacks before its menu. A corps' factors appear only where
//! the reader may see them (Coalition's visibility rule, `docs/rules/visibility.md`: V.1 to V.3).

use super::forces::{corps_name, factors, leader_name, sees_factors};
use super::{area, nation, power};
use coalition_engine::ids::{AreaId, CorpsId, LeaderId, Nation, PowerId};
use coalition_engine::land::movement::{
    allowance, corps_of, leaders_in, left, may_force, moves_for,
};
use coalition_engine::land::{LandDecision, LandEvent, LandState, MoveRecord, Stage};
use coalition_engine::rulebook::Rulebook;
use coalition_engine::scenario::combat::Role;
use coalition_engine::scenario::{Factors, Location, Scenario};
use coalition_engine::state::State;
use coalition_engine::world::{Ctx, Siege};

/// Names joined as a sentence: `a`, `a and b`, `a, b and c`.
pub fn and_list(xs: &[String]) -> String {
    match xs {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// An order of movement in words (6.1, 7.1): `Russia, Turkey, Great Britain with Austria, ...`.
pub fn order_words(s: &Scenario, order: &[Vec<PowerId>]) -> String {
    order
        .iter()
        .map(|slot| {
            slot.iter()
                .map(|p| power(s, *p))
                .collect::<Vec<_>>()
                .join(" with ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A path in words: `Paris → Reims → Metz`.
pub fn path(s: &Scenario, p: &[AreaId]) -> String {
    p.iter()
        .map(|a| area(s, *a))
        .collect::<Vec<_>>()
        .join(" → ")
}

/// The corps and leaders of a move: `I Corps (fr-1), II Corps (fr-2) and Napoleon`.
fn units(s: &Scenario, corps: &[CorpsId], leaders: &[LeaderId]) -> String {
    let names: Vec<String> = corps
        .iter()
        .map(|c| corps_name(s, *c))
        .chain(leaders.iter().map(|l| leader_name(s, *l)))
        .collect();
    and_list(&names)
}

fn points(n: u32) -> String {
    format!("{n} movement point{}", if n == 1 { "" } else { "s" })
}

/// 7.3.1: what a path costs (each area's terrain, each border's or crossing arrow's cost), as the chart says.
/// The engine checks the path; this only counts it for the menu.
pub fn path_cost(s: &Scenario, p: &[AreaId]) -> u32 {
    let chart = &s.charts.land;
    p.windows(2)
        .map(|w| {
            let enter = s
                .area(w[1])
                .and_then(|b| chart.terrain_cost.get(&b.terrain).copied())
                .unwrap_or(1);
            let border = s
                .area(w[0])
                .and_then(|a| a.links.iter().find(|l| l.to == w[1]))
                .map(|l| chart.link_cost.get(&l.kind).copied().unwrap_or(0))
                .unwrap_or(chart.crossing_cost);
            enter + border
        })
        .sum()
}

/// The rules' reading of the Land Phase for the counts the engine keeps (movement points left, forced march).
fn ctx<'a>(s: &'a Scenario, rb: &'a Rulebook, st: &'a State) -> Ctx<'a, LandState> {
    Ctx {
        scenario: s,
        rulebook: rb,
        world: &st.world,
        own: &st.land,
    }
}

/// A garrison change in words: `drop 2 infantry from I Corps (fr-1) as the garrison` (`at`: ` of Metz`).
fn garrison(s: &Scenario, corps: CorpsId, drop: &Factors, pick: &Factors, at: &str) -> String {
    let c = corps_name(s, corps);
    let mut parts = Vec::new();
    if !drop.is_empty() {
        parts.push(format!(
            "drop {} from {c} as the garrison{at}",
            factors(drop)
        ));
    }
    if !pick.is_empty() {
        parts.push(format!(
            "take {} of the garrison{at} into {c}",
            factors(pick)
        ));
    }
    if parts.is_empty() {
        format!("{c} changes nothing in the garrison{at}")
    } else {
        parts.join("; ")
    }
}

/// A Land Phase decision in words (menus and the log), without the position.
pub fn decision(s: &Scenario, d: &LandDecision) -> String {
    decision_in(s, None, d)
}

/// A Land Phase decision in words, with where the corps stand and what a move leaves them, when `st` is given.
pub fn decision_at(s: &Scenario, st: &State, d: &LandDecision) -> String {
    decision_in(s, Some(st), d)
}

fn decision_in(s: &Scenario, st: Option<&State>, d: &LandDecision) -> String {
    match d {
        LandDecision::Place { place } => {
            format!("take place {place} in the order of movement (1 = first)")
        }
        LandDecision::Depots { build, remove } => depots(s, build, remove),
        LandDecision::Move {
            corps,
            leaders,
            path: p,
        } => {
            let cost = path_cost(s, p);
            let forced = st.is_some_and(|st| {
                let rb = Rulebook::default();
                let cx = ctx(s, &rb, st);
                corps.iter().any(|c| left(&cx, *c) < cost)
            });
            format!(
                "move {}: {} ({}{})",
                units(s, corps, leaders),
                path(s, p),
                points(cost),
                if forced { ", a forced march" } else { "" }
            )
        }
        LandDecision::Disembark {
            corps,
            leaders,
            depot,
            into_port: true,
            to,
        } if !depot && leaders.is_empty() => format!(
            "land {} straight into the besieged port of {}, inside its city (errata 7.3.5)",
            units(s, corps, leaders),
            area(s, *to)
        ),
        LandDecision::Disembark { corps, to, .. } if corps.is_empty() => format!(
            "land the depot aboard (invasion supply) in {} as a depot of the area",
            area(s, *to)
        ),
        LandDecision::Disembark {
            corps,
            leaders,
            depot,
            to,
            ..
        } => {
            let what = match *depot {
                true => format!(
                    "{} with the depot aboard (invasion supply)",
                    units(s, corps, leaders)
                ),
                false => units(s, corps, leaders),
            };
            format!(
                "land {what} in {} from the sea (all their movement this phase)",
                area(s, *to)
            )
        }
        LandDecision::Enter { corps } => {
            let at = st
                .and_then(|st| st.forces.corps.get(corps))
                .and_then(|c| match c.location {
                    Location::Area(a) => Some(format!(" of {}", area(s, a))),
                    _ => None,
                })
                .unwrap_or_default();
            format!(
                "take {} into the city{at} (Coalition's 7.5.4: it moves no more this phase)",
                units(s, &[*corps], &[])
            )
        }
        LandDecision::Garrison { corps, drop, pick } => {
            let at = st
                .and_then(|st| st.forces.corps.get(corps))
                .and_then(|c| match c.location {
                    Location::Area(a) => Some(format!(" of {}", area(s, a))),
                    _ => None,
                })
                .unwrap_or_default();
            garrison(s, *corps, drop, pick, &at)
        }
        LandDecision::Undo => "undo: take back the last move".into(),
        LandDecision::Done => "done: no more moves this phase".into(),
        LandDecision::Attack {
            chit,
            outflanking,
            guard,
            reinforce,
        } => chit_words(
            "attack",
            &super::words(chit),
            s,
            (outflanking, reinforce),
            guard,
        ),
        LandDecision::Defend {
            chit,
            outflanking,
            guard,
            reinforce,
        } => chit_words(
            "defend",
            &super::words(chit),
            s,
            (outflanking, reinforce),
            guard,
        ),
        LandDecision::Retreat { to }
            if st.and_then(|st| st.land.battle.as_ref()).map(|b| b.area) == Some(*to) =>
        {
            format!(
                "retreat into the city of {} (Coalition's 7.5.4)",
                area(s, *to)
            )
        }
        LandDecision::Retreat { to } => format!("retreat to {}", area(s, *to)),
        LandDecision::Besiege { area: a } => {
            format!(
                "siege roll at {}: the city falls on a high enough roll",
                area(s, *a)
            )
        }
        LandDecision::Assault {
            area: a,
            chit,
            corps,
        } => format!(
            "assault {} ({}) with {}",
            area(s, *a),
            super::words(chit),
            if corps.is_empty() {
                "every corps there".to_string()
            } else {
                units(s, corps, &[])
            }
        ),
        LandDecision::Sortie { area: a, chit } => format!(
            "sortie from {} against the besiegers ({})",
            area(s, *a),
            super::words(chit)
        ),
    }
}

/// A chit's name in words, as its data name says it (`escalated_assault` is "escalated assault").
fn chit<T: serde::Serialize>(c: &T) -> String {
    super::words(c)
}

/// Rule 7.5: the battle a power is asked about, before its chit or retreat menu: where, who attacks whom, the
/// terrain, and its own side's corps with their factors (V.1; the enemy's only by name, V.2).
pub fn battle_header(s: &Scenario, st: &State, p: PowerId) -> Vec<String> {
    let Some(b) = &st.land.battle else {
        return Vec::new();
    };
    if let Some(r) = b.retreats.first() {
        return if r.power == Some(p) {
            vec![format!(
                "the battle at {} is over: {} must retreat to a next area without enemy corps",
                area(s, b.area),
                units(s, &r.corps, &r.leaders)
            )]
        } else {
            Vec::new()
        };
    }
    let (mine, role) = if b.attacker == p {
        ((&b.attacking, &b.defending), Role::Attacker)
    } else if b.defender == Some(p) {
        ((&b.defending, &b.attacking), Role::Defender)
    } else {
        return Vec::new();
    };
    let terrain = s
        .area(b.area)
        .map(|a| format!("{:?}", a.terrain).to_lowercase())
        .unwrap_or_default();
    // 7.5.2: the day to be fought, and the own side as the days before have left it.
    let report = b.field.as_ref().map(|f| f.report());
    let left = |c: &CorpsId| -> Factors {
        let name = c.to_string();
        let fought = b.setup.as_ref().zip(report).and_then(|(setup, r)| {
            let i = setup.side(role).corps.iter().position(|x| x.name == name)?;
            match role {
                Role::Attacker => r.attacker_left.get(i),
                Role::Defender => r.defender_left.get(i),
            }
            .copied()
        });
        fought.unwrap_or_else(|| {
            st.forces
                .corps
                .get(c)
                .map(|x| x.factors)
                .unwrap_or_default()
        })
    };
    let own: Vec<String> = mine
        .0
        .iter()
        .map(|c| format!("{} ({})", corps_name(s, *c), factors(&left(c))))
        .collect();
    let enemy: Vec<String> = mine.1.iter().map(|c| corps_name(s, *c)).collect();
    let day = b.field.as_ref().map_or(1, |f| f.day());
    let morale = report.map(|r| {
        let start = match role {
            Role::Attacker => r.morale.0,
            Role::Defender => r.morale.1,
        };
        let now = r.rounds.last().map_or(start, |x| match role {
            Role::Attacker => x.morale_left.0,
            Role::Defender => x.morale_left.1,
        });
        (start, now)
    });
    let mut out = vec![
        format!(
            "battle at {} ({terrain}): {} attacks; day {day} of {}",
            area(s, b.area),
            power(s, b.attacker),
            s.combat.days
        ),
        format!("  your side: {}", and_list(&own)),
    ];
    if let Some((start, now)) = morale
        && start > 0
    {
        out.push(if now == start {
            format!("  your morale: {}", crate::battle::tenths(start))
        } else {
            format!(
                "  your morale: {} left of {}",
                crate::battle::tenths(now),
                crate::battle::tenths(start)
            )
        });
    }
    out.push(format!("  the enemy: {}", and_list(&enemy)));
    out.push(format!(
        "  choose day {day}'s chit (sealed until both sides have chosen); `o` for the odds, `help` for help"
    ));
    out
}

/// `attack: outflank, outflanking with II Corps (fr-2); guard committed round 2 (+2)`.
fn chit_words(
    verb: &str,
    chit: &str,
    s: &Scenario,
    (outflanking, reinforce): (&[CorpsId], &[CorpsId]),
    guard: &Option<coalition_engine::land::GuardOrder>,
) -> String {
    let mut t = format!("{verb}: {chit}");
    if !outflanking.is_empty() {
        t.push_str(&format!(
            ", outflanking with {}",
            units(s, outflanking, &[])
        ));
    }
    if !reinforce.is_empty() {
        t.push_str(&format!(
            ", sending {} from next areas",
            units(s, reinforce, &[])
        ));
    }
    if let Some(g) = guard {
        t.push_str(&format!(
            "; guard committed {}round {} (+{} morale level{})",
            g.day.map_or(String::new(), |d| format!("day {d} ")),
            g.round,
            g.shift,
            if g.shift == 1 { "" } else { "s" }
        ));
    }
    t
}

/// 7.2: `depots: place at Ulm, Munich (2 money); remove at Linz`.
fn depots(s: &Scenario, build: &[AreaId], remove: &[AreaId]) -> String {
    let names = |xs: &[AreaId]| and_list(&xs.iter().map(|a| area(s, *a)).collect::<Vec<_>>());
    let mut parts = Vec::new();
    if !build.is_empty() {
        let cost = s.charts.land.depots.cost * build.len() as u32;
        parts.push(format!("place at {} ({cost} money)", names(build)));
    }
    if !remove.is_empty() {
        parts.push(format!("remove at {}", names(remove)));
    }
    if parts.is_empty() {
        "depots: none placed or removed".into()
    } else {
        format!("depots: {}", parts.join("; "))
    }
}

/// The corps named with their owner where it is not the mover: `I Corps (fr-1)`, `Bavarian Corps (bav-1) of Bavaria`.
fn corps_list(s: &Scenario, st: Option<&State>, cs: &[CorpsId]) -> String {
    let names: Vec<String> = cs
        .iter()
        .map(
            |c| match st.and_then(|st| st.forces.corps.get(c)).map(|x| x.owner) {
                Some(Nation::Minor(m)) => {
                    format!("{} of {}", corps_name(s, *c), nation(s, Nation::Minor(m)))
                }
                _ => corps_name(s, *c),
            },
        )
        .collect();
    and_list(&names)
}

/// The powers of the corps in a combat: `France's I Corps (fr-1) and Napoleon's ...`, grouped by owner.
fn sides(s: &Scenario, st: Option<&State>, cs: &[CorpsId]) -> String {
    let Some(state) = st else {
        return corps_list(s, st, cs);
    };
    let mut owners: Vec<Nation> = Vec::new();
    for c in cs {
        if let Some(x) = state.forces.corps.get(c)
            && !owners.contains(&x.owner)
        {
            owners.push(x.owner);
        }
    }
    let parts: Vec<String> = owners
        .iter()
        .map(|o| {
            let mine: Vec<CorpsId> = cs
                .iter()
                .copied()
                .filter(|c| state.forces.corps.get(c).is_some_and(|x| x.owner == *o))
                .collect();
            format!("{}'s {}", nation(s, *o), corps_list(s, st, &mine))
        })
        .collect();
    if parts.is_empty() {
        corps_list(s, st, cs)
    } else {
        and_list(&parts)
    }
}

fn moved(s: &Scenario, p: PowerId, r: &MoveRecord) -> String {
    let mut notes = vec![points(r.cost)];
    if !r.forced.is_empty() {
        notes.push(format!(
            "forced march by {}",
            and_list(
                &r.forced
                    .iter()
                    .map(|c| corps_name(s, *c))
                    .collect::<Vec<_>>()
            )
        ));
    }
    if r.stopped {
        notes.push("stopped by enemy corps".into());
    }
    format!(
        "{} moves {}: {} ({})",
        power(s, p),
        units(s, &r.corps, &r.leaders),
        path(s, &r.path),
        notes.join("; ")
    )
}

/// One line for a Land Phase event with the rule in brackets. `viewer`: whose screen it is (`None`: every power
/// at a shared screen); `host`: the host's record, every factor shown.
pub fn event(
    s: &Scenario,
    st: Option<&State>,
    viewer: Option<PowerId>,
    host: bool,
    e: &LandEvent,
) -> String {
    let rule = e.rule();
    let line = match e {
        LandEvent::PhaseBegan { .. } => "the Land Phase begins".to_string(),
        LandEvent::OrderSet { place, order } => format!(
            "{} takes place {place} in the order of movement: {}",
            power(s, s.charts.land.chooser),
            order_words(s, order)
        ),
        LandEvent::MoverBegan { power: p, .. } => format!("{} moves", power(s, *p)),
        LandEvent::Moved { power: p, record } => moved(s, *p, record),
        LandEvent::MoveUndone { power: p, record } => format!(
            "{} takes back the move of {}: back to {}",
            power(s, *p),
            units(s, &record.corps, &record.leaders),
            record.path.first().map(|a| area(s, *a)).unwrap_or_default()
        ),
        LandEvent::Disembarked {
            power: p,
            corps,
            leaders,
            depot,
            from,
            to,
            into_port,
        } => format!(
            "{} lands {}{} from {} {}{}",
            power(s, *p),
            units(s, corps, leaders),
            if depot.is_some() {
                " and a depot (invasion supply)"
            } else {
                ""
            },
            super::forces::place(s, *from),
            if *into_port {
                "straight into the besieged port of "
            } else {
                "in "
            },
            area(s, *to)
        ),
        LandEvent::Sheltered {
            power: p,
            corps,
            area: a,
        } => format!(
            "{}'s {} go(es) into the city of {}",
            power(s, *p),
            units(s, corps, &[]),
            area(s, *a)
        ),
        LandEvent::Garrisoned {
            power: p,
            corps,
            area: a,
            dropped,
            picked,
        } => {
            let owner = st
                .and_then(|st| st.forces.corps.get(corps))
                .map(|c| c.owner)
                .unwrap_or(Nation::Power(*p));
            let seen =
                host || st.is_some_and(|st| viewer.is_some_and(|v| sees_factors(st, v, owner)));
            let at = format!(" of {}", area(s, *a));
            if seen {
                let c = corps_name(s, *corps);
                let mut parts = Vec::new();
                if !dropped.is_empty() {
                    parts.push(format!("drops {} as the garrison{at}", factors(dropped)));
                }
                if !picked.is_empty() {
                    parts.push(format!("takes {} of the garrison{at}", factors(picked)));
                }
                format!("{c} {}", parts.join(" and "))
            } else {
                format!("{} changes the garrison{at}", corps_name(s, *corps))
            }
        }
        LandEvent::DepotsChanged {
            power: p,
            built,
            removed,
        } => format!("{} {}", power(s, *p), depots(s, built, removed)),
        LandEvent::MovementEnded { power: p } => format!("{} has moved", power(s, *p)),
        LandEvent::SupplyTraced {
            power: p,
            supplied,
            out_of_supply,
            depots_used,
            fleets_used,
        } => {
            let mut parts = vec![format!("{} corps in supply", supplied.len())];
            for c in out_of_supply {
                parts.push(format!("{} is out of supply", corps_name(s, *c)));
            }
            if !depots_used.is_empty() {
                parts.push(format!(
                    "depots used: {}",
                    depots_used
                        .iter()
                        .map(|(a, n)| format!("{} {n}", area(s, *a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if !fleets_used.is_empty() {
                parts.push(format!(
                    "depots aboard fleets used (invasion supply): {}",
                    fleets_used
                        .iter()
                        .map(|(f, n)| format!("{f} {n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            format!("{}'s supply: {}", power(s, *p), parts.join("; "))
        }
        LandEvent::CombatPending { combat } => format!(
            "a battle to fight at {}: {} against {}",
            area(s, combat.area),
            sides(s, st, &combat.attacking),
            sides(s, st, &combat.defending)
        ),
        LandEvent::CombatLapsed { area: a } => {
            format!("no battle at {} after all: one side has gone", area(s, *a))
        }
        LandEvent::BattleBegan { battle, .. } => format!(
            "battle at {}: {} attacks with {} against {}; both sides choose their chits, sealed",
            area(s, battle.area),
            power(s, battle.attacker),
            sides(s, st, &battle.attacking),
            sides(s, st, &battle.defending)
        ),
        LandEvent::BattleDayFought {
            area: a,
            day,
            chits,
            report,
            ..
        } => format!(
            "battle at {}, day {day}: {} against {}\n{}",
            area(s, *a),
            chit(&chits.0),
            chit(&chits.1),
            crate::battle::day_text(report)
                .lines()
                .chain(report.outcome.is_none().then_some(
                    "the battle goes on: both sides choose the next day's chits, sealed"
                ))
                .map(|l| format!("      {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        LandEvent::BattleFought { record } => format!(
            "battle at {}: {}\n{}",
            area(s, record.area),
            record
                .setup
                .chits
                .iter()
                .enumerate()
                .map(|(i, c)| format!("day {}: {} against {}", i + 1, chit(&c.0), chit(&c.1)))
                .collect::<Vec<_>>()
                .join("; "),
            crate::battle::summary(&record.setup, &record.report)
                .trim_end()
                .lines()
                .map(|l| format!("      {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        LandEvent::RetreatsOwed { retreats } => format!(
            "to retreat: {}",
            retreats
                .iter()
                .map(|r| format!(
                    "{} ({} chooses among {})",
                    units(s, &r.corps, &r.leaders),
                    r.power.map_or("nobody".to_string(), |p| power(s, p)),
                    and_list(&r.to.iter().map(|a| area(s, *a)).collect::<Vec<_>>())
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        LandEvent::Retreated {
            corps, from, to, ..
        } if from == to => format!(
            "{} retreat into the city of {} (Coalition's 7.5.4)",
            units(s, corps, &[]),
            area(s, *from)
        ),
        LandEvent::Retreated {
            corps,
            leaders,
            from,
            to,
            ..
        } => format!(
            "{} retreat from {} to {}",
            units(s, corps, leaders),
            area(s, *from),
            area(s, *to)
        ),
        LandEvent::BattleEnded { area: a } => format!("the battle at {} is over", area(s, *a)),
        LandEvent::SiegeStepBegan { power: p, .. } => {
            format!(
                "{}'s sieges: siege rolls, assaults and sorties",
                power(s, *p)
            )
        }
        LandEvent::SiegeRolled {
            power: p,
            area: a,
            total,
            needed,
            fell,
        } => format!(
            "{}'s siege roll at {}: {total} against {needed}: {}",
            power(s, *p),
            area(s, *a),
            if *fell { "the city falls" } else { "it holds" }
        ),
        LandEvent::SiegeCombatFought { record } => format!(
            "{} at {}: {} against Defend\n{}",
            match record.kind {
                coalition_engine::land::SiegeCombat::Assault => "assault",
                coalition_engine::land::SiegeCombat::Sortie => "sortie",
            },
            area(s, record.area),
            chit(&record.setup.chits[0].0),
            crate::battle::text(&record.setup, &record.report)
                .trim_end()
                .lines()
                .map(|l| format!("      {l}"))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        LandEvent::SiegeStepEnded { power: p } => format!("{}'s sieges are done", power(s, *p)),
        LandEvent::ShipsDestroyed {
            owner,
            port,
            count,
            reason,
        } => format!(
            "{count} ship(s) of {} building at {} are lost with the port: {reason}",
            nation(s, *owner),
            area(s, *port)
        ),
        LandEvent::PhaseEnded => "the Land Phase ends after the Conquest Step".to_string(),
    };
    format!("{line} [{rule}]")
}

/// 7.7: a siege begun or ended, with the nations' and the area's names.
pub fn siege(s: &Scenario, a: AreaId, siege: Option<&Siege>, rule: &str, reason: &str) -> String {
    let names = |ns: &std::collections::BTreeSet<Nation>| {
        and_list(&ns.iter().map(|n| nation(s, *n)).collect::<Vec<_>>())
    };
    match siege {
        Some(x) => format!(
            "{} is besieged by {} (the garrison of {} holds it) since {}: {reason} [{rule}]",
            area(s, a),
            names(&x.besiegers),
            names(&x.besieged),
            x.since
        ),
        None => format!("the siege of {} ends: {reason} [{rule}]", area(s, a)),
    }
}

/// 7.3: the areas where the mover's corps stand, in the order `stacks` lists them (by name): the terminal numbers
/// its stacks in this order (`m 3 vienna`).
pub fn stack_areas(s: &Scenario, st: &State, p: PowerId) -> Vec<AreaId> {
    let mut areas: Vec<AreaId> = Vec::new();
    for (_, a) in corps_of(&st.world, p) {
        if !areas.contains(&a) {
            areas.push(a);
        }
    }
    areas.sort_by_key(|a| area(s, *a));
    areas
}

/// Whether the Land Phase is asking `power` for its moves now (7.1.3).
pub fn moving(st: &State, p: PowerId) -> bool {
    st.land.stage == Stage::Moving && st.land.current() == Some(p)
}

/// 7.3: the mover's stacks before its menu: each area where its corps stand, each corps with its factors
/// (its own: V.1), the movement points it has left of its allowance, whether it may still force march, the
/// leaders with it, whether it was stopped or has changed a garrison, and the garrisons of its side there with
/// their nationality (7.3.5, 12.3.8: a corps takes up only its own nation's); then its depots.
pub fn stacks(s: &Scenario, rb: &Rulebook, st: &State, p: PowerId) -> Vec<String> {
    let cx = ctx(s, rb, st);
    let w = &st.world;
    let corps = corps_of(w, p);
    let areas = stack_areas(s, st, p);
    let extra = s.charts.land.forced_march.extra;
    let mut out = vec![format!(
        "{}'s stacks (movement points left of the allowance; a forced march adds {extra}):",
        power(s, p)
    )];
    for a in areas {
        let leaders: Vec<String> = leaders_in(w, p, a)
            .into_iter()
            .map(|id| leader_name(s, id))
            .collect();
        let mut head = format!("  {}", area(s, a));
        if !leaders.is_empty() {
            head.push_str(&format!(", with {}", and_list(&leaders)));
        }
        if st.sieges.contains_key(&a) {
            head.push_str(" (a siege)");
        }
        out.push(format!("{head}:"));
        for (id, _) in corps.iter().filter(|(_, x)| *x == a) {
            let Some(c) = w.forces.corps.get(id) else {
                continue;
            };
            let mut notes = vec![format!(
                "{} of {} left",
                left(&cx, *id),
                points(allowance(&cx, c.kind))
            )];
            if st.land.stopped.contains(id) {
                notes.push(
                    "moves no more this phase (stopped by the enemy, retreated or landed)".into(),
                );
            } else if may_force(&cx, *id) {
                notes.push("may force march".into());
            }
            if st.land.garrisoned.contains(id) {
                notes.push("has changed a garrison".into());
            }
            let of = match c.owner {
                Nation::Minor(_) => format!(" of {}", nation(s, c.owner)),
                Nation::Power(_) => String::new(),
            };
            out.push(format!(
                "    {}{of}: {} — {}",
                corps_name(s, *id),
                factors(&c.factors),
                notes.join(", ")
            ));
        }
        let garrisons: Vec<String> = w
            .forces
            .garrisons
            .iter()
            .filter(|((x, n), g)| *x == a && moves_for(w, p, *n) && !g.is_empty())
            .map(|((_, n), g)| format!("{} ({})", factors(g), nation(s, *n)))
            .collect();
        if !garrisons.is_empty() {
            out.push(format!("    garrison: {}", garrisons.join("; ")));
        }
    }
    // 6.2.5: corps aboard fleets, which land with `disembark`.
    for (id, at) in coalition_engine::land::landing::aboard(w, p) {
        let Some(c) = w.forces.corps.get(&id) else {
            continue;
        };
        let fleet = match c.location {
            coalition_engine::scenario::Location::Aboard(f) => super::forces::fleet_name(s, f),
            _ => String::new(),
        };
        out.push(format!(
            "  aboard {fleet} at {}: {}: {} — lands with `disembark`",
            super::forces::place(s, at),
            corps_name(s, id),
            factors(&c.factors)
        ));
    }
    // Coalition's invasion supply: depots aboard fleets, which land with `disembark depot`.
    for (f, n) in &w.forces.depots_aboard {
        if *n != coalition_engine::ids::Nation::Power(p) {
            continue;
        }
        if let Some(x) = w.forces.fleets.get(f) {
            out.push(format!(
                "  aboard {} at {}: a depot (invasion supply) — lands with `disembark depot`",
                super::forces::fleet_name(s, *f),
                super::forces::place(s, x.location)
            ));
        }
    }
    let depots: Vec<String> = w
        .forces
        .depots
        .iter()
        .filter(|(_, ns)| ns.contains(&Nation::Power(p)))
        .map(|(a, _)| area(s, *a))
        .collect();
    if !depots.is_empty() {
        out.push(format!("  depots: {}", depots.join(", ")));
    }
    if let Some(m) = st.land.moves.last() {
        out.push(format!(
            "  last move: {}{}",
            path(s, &m.path),
            if m.undoable {
                " (`undo` takes it back)"
            } else {
                " (cannot be taken back)"
            }
        ));
    }
    out
}
