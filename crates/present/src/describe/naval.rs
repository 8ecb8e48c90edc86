//! Rule 6 (Coalition's Naval Phase, `docs/rules/naval.md`) in words: its decisions for menus and the log, its
//! events with the scenario's names, and the mover's fleets before its menu. Fleets are seen by all (their ships
//! as V.1 to V.3 allow is the forces view's business).

use super::forces::{corps_name, fleet_name, leader_name, place};
use super::power;
use coalition_engine::ids::{CorpsId, FleetId, LeaderId, PowerId};
use coalition_engine::naval::combat::{NavalBattle, NavalSide};
use coalition_engine::naval::sailing::fleets_of;
use coalition_engine::naval::{NavalDecision, NavalEvent, Stage};
use coalition_engine::scenario::combat::Role;
use coalition_engine::scenario::{Location, Scenario};
use coalition_engine::state::State;

fn fleets(s: &Scenario, ids: &[FleetId]) -> String {
    super::land::and_list(&ids.iter().map(|f| fleet_name(s, *f)).collect::<Vec<_>>())
}

/// A fleet's path in words: `Plymouth → the English Channel → Brest (blockade box)`.
pub fn path(s: &Scenario, p: &[Location]) -> String {
    p.iter()
        .map(|l| place(s, *l))
        .collect::<Vec<_>>()
        .join(" → ")
}

/// A decision of the Naval Phase as a player reads it.
pub fn decision(s: &Scenario, d: &NavalDecision) -> String {
    match d {
        NavalDecision::Place { place } => format!(
            "{} moves in place {place} of the naval order",
            power(s, s.charts.naval.chooser)
        ),
        NavalDecision::Sail {
            fleets: f,
            leaders,
            corps,
            depot,
            path: p,
        } => {
            let mut who = fleets(s, f);
            if !leaders.is_empty() {
                who = format!("{who} with {}", admirals(s, leaders));
            }
            if !corps.is_empty() {
                who = format!("{who}, embarking {}", corps_list(s, corps));
            }
            if *depot {
                who = format!("{who}, with the depot in the port aboard for invasion supply");
            }
            format!("sail {who} {}", path(s, p))
        }
        NavalDecision::Chit { chit, ram } => {
            let ram = ram.map_or(String::new(), |k| {
                format!(", a steamship ramming a {}", k.key().replace('_', " "))
            });
            format!("naval chit: {}{ram} (sealed)", chit.key().replace('_', " "))
        }
        NavalDecision::Undo => "take back the last fleet move".into(),
        NavalDecision::Done => "done: the fleets' movement is over".into(),
        NavalDecision::Engage { at } => format!("engage the enemy fleets at {}", place(s, *at)),
        NavalDecision::Evade { evade: true } => "try to evade (a die roll)".into(),
        NavalDecision::Evade { evade: false } => "stand and fight".into(),
        NavalDecision::Intercept { at: Some(at) } => {
            format!(
                "try to intercept the move at {} (a die roll)",
                place(s, *at)
            )
        }
        NavalDecision::Intercept { at: None } => "let the move pass".into(),
        NavalDecision::Retreat { to } => format!("retreat the fleets to {}", place(s, *to)),
    }
}

fn corps_list(s: &Scenario, ids: &[CorpsId]) -> String {
    super::land::and_list(&ids.iter().map(|c| corps_name(s, *c)).collect::<Vec<_>>())
}

fn admirals(s: &Scenario, ids: &[LeaderId]) -> String {
    super::land::and_list(&ids.iter().map(|l| leader_name(s, *l)).collect::<Vec<_>>())
}

/// A side of a naval battle in words: `Nelson with 20 ships, lost 4`.
fn side_words(s: &Scenario, side: &NavalSide) -> String {
    let who = side
        .commander
        .map_or_else(|| "no admiral".to_string(), |l| leader_name(s, l));
    format!(
        "{who} with {} ships, lost {}",
        side.ships(),
        side.lost_ships()
    )
}

/// A naval battle in words, with its winner and captures.
fn battle_line(s: &Scenario, b: &NavalBattle) -> String {
    let winner = match b.winner {
        Some(Role::Attacker) => format!("{} wins", power(s, b.attacker)),
        Some(Role::Defender) => "the defenders win".to_string(),
        None => "neither side wins".to_string(),
    };
    let captured = if b.captured > 0 {
        format!(", {} ship(s) captured", b.captured)
    } else {
        String::new()
    };
    format!(
        "naval battle at {}: {} attacks ({}) against {}; {winner}{captured}",
        place(s, b.at),
        power(s, b.attacker),
        side_words(s, &b.attacking),
        side_words(s, &b.defending)
    )
}

/// A decision with what it would cost, from the state: `… (2 of 6 movement points left)`.
pub fn decision_at(s: &Scenario, st: &State, d: &NavalDecision) -> String {
    let line = decision(s, d);
    let NavalDecision::Sail {
        fleets: f,
        path: p,
        corps,
        depot,
        ..
    } = d
    else {
        return line;
    };
    let cost: u32 = p
        .windows(2)
        .filter_map(|w| coalition_engine::naval::sailing::step_cost(s, w[0], w[1]))
        .sum();
    let left = f.iter().map(|id| st.naval.left(*id)).min().unwrap_or(0);
    let transport = if corps.is_empty() && !depot {
        ""
    } else {
        ", less the point 12.2.3.2 takes from a transporting stack when that option is on"
    };
    format!("{line} (costs {cost} of the {left} movement points left{transport})")
}

/// A Naval Phase event in words.
pub fn event(s: &Scenario, e: &NavalEvent) -> String {
    let line = match e {
        NavalEvent::PhaseBegan { .. } => "the Naval Phase begins".to_string(),
        NavalEvent::OrderSet { place, order, .. } => format!(
            "{} takes place {place} in the naval order of movement: {}",
            power(s, s.charts.naval.chooser),
            super::land::order_words(s, order)
        ),
        NavalEvent::MoverBegan { power: p, .. } => format!("{}'s fleets move", power(s, *p)),
        NavalEvent::Sailed { power: p, record } => {
            let corps: Vec<CorpsId> = record.corps.iter().map(|(c, _)| *c).collect();
            let mut carried: Vec<String> = Vec::new();
            if !corps.is_empty() {
                carried.push(corps_list(s, &corps));
            }
            if record.depot.is_some() {
                carried.push("a depot (invasion supply)".into());
            }
            format!(
                "{} sails {}{}: {} ({} movement point{})",
                power(s, *p),
                fleets(s, &record.fleets),
                if carried.is_empty() {
                    String::new()
                } else {
                    format!(" carrying {}", carried.join(" and "))
                },
                path(s, &record.path),
                record.cost,
                if record.cost == 1 { "" } else { "s" }
            )
        }
        NavalEvent::SailUndone { power: p, record } => format!(
            "{} takes back the move of {}: back to {}",
            power(s, *p),
            fleets(s, &record.fleets),
            record
                .path
                .first()
                .map(|l| place(s, *l))
                .unwrap_or_default()
        ),
        NavalEvent::MovementEnded { power: p } => {
            format!("{}'s fleets have moved", power(s, *p))
        }
        NavalEvent::PhaseEnded => "the Naval Phase ends".into(),
        NavalEvent::Engaged {
            power: p,
            at,
            asked,
        } => {
            let mut line = format!(
                "{} engages the enemy fleets at {}",
                power(s, *p),
                place(s, *at)
            );
            if !asked.is_empty() {
                let names: Vec<String> = asked.iter().map(|x| power(s, *x)).collect();
                line.push_str(&format!(
                    "; {} may try to evade",
                    super::land::and_list(&names)
                ));
            }
            line
        }
        NavalEvent::Evaded { power: p, at, to } => match to {
            Some(to) => format!(
                "{}'s fleets evade from {} to {}",
                power(s, *p),
                place(s, *at),
                place(s, *to)
            ),
            None => format!(
                "{}'s fleets fail to evade at {}",
                power(s, *p),
                place(s, *at)
            ),
        },
        NavalEvent::Unopposed { at } => {
            format!("no battle at {}: every enemy fleet evaded", place(s, *at))
        }
        NavalEvent::BattleFought { battle: b } => battle_line(s, b),
        NavalEvent::ChitsAsked { owed } => format!(
            "{} and {} choose their naval chits for the battle at {}, sealed",
            power(s, owed.attacker),
            power(s, owed.defender),
            place(s, owed.at)
        ),
        NavalEvent::InterceptionAsked { mover, asked, .. } => {
            let names: Vec<String> = asked.iter().map(|x| power(s, *x)).collect();
            format!(
                "{} may try to intercept {}'s move",
                super::land::and_list(&names),
                power(s, *mover)
            )
        }
        NavalEvent::Intercepted {
            power: p,
            at,
            stopped,
        } => format!(
            "{} {} at {}",
            power(s, *p),
            if *stopped {
                "intercepts the move"
            } else {
                "fails to intercept the move"
            },
            place(s, *at)
        ),
        NavalEvent::MoveCut {
            at,
            fleets: f,
            refund,
        } => format!(
            "the move of {} ends at {} ({refund} movement point(s) given back)",
            fleets(s, f),
            place(s, *at)
        ),
        NavalEvent::InterceptionEnded { mover } => {
            format!("{}'s fleets move on", power(s, *mover))
        }
        NavalEvent::RetreatsOwed { owed } => {
            let names: Vec<String> = owed.owed.iter().map(|(p, _)| power(s, *p)).collect();
            format!(
                "{} choose where their fleets retreat from {}",
                super::land::and_list(&names),
                place(s, owed.at)
            )
        }
        NavalEvent::RetreatChosen { power: p, to } => {
            format!("{}'s fleets retreat to {}", power(s, *p), place(s, *to))
        }
        NavalEvent::RetreatsMade { at } => format!("the retreats from {} are made", place(s, *at)),
    };
    format!("{line} [{}]", e.rule())
}

/// The mover's fleets before its menu: where each stands, the movement points it has left, the corps and the depot
/// aboard.
pub fn mover_fleets(s: &Scenario, st: &State, power_id: PowerId) -> Vec<String> {
    if st.naval.stage != Stage::Moving || st.naval.current() != Some(power_id) {
        return Vec::new();
    }
    fleets_of(&st.world, power_id)
        .into_iter()
        .map(|(id, at)| {
            let ships = st.world.forces.fleets.get(&id).map_or(0, |f| f.ships);
            let cargo = coalition_engine::naval::transport::cargo(&st.world, &[id]);
            let depot = if st.world.forces.depots_aboard.contains_key(&id) {
                ", with a depot aboard (invasion supply)"
            } else {
                ""
            };
            format!(
                "{}: {ships} ships at {}, {} movement points left{}{depot}",
                fleet_name(s, id),
                place(s, at),
                st.naval.left(id),
                if cargo.is_empty() {
                    String::new()
                } else {
                    format!(", carrying {}", corps_list(s, &cargo))
                }
            )
        })
        .collect()
}
