//! Decisions in words for menus (rule 3.3: the legal choices of `choices(power)`), and several listed choices
//! merged into one decision.

use super::forces::{corps_name, corps_where, factors, fleet_name, leader_name};
use super::{area, nation, power, powers};
use coalition_engine::Decision;
use coalition_engine::ids::Nation;
use coalition_engine::reinforcement::{LandTarget, Placement};
use coalition_engine::scenario::Scenario;
use coalition_engine::state::State;

/// A decision as a player reads it in a menu, with where each corps it names stands now (rule 3.3; the
/// state gives the places).
pub fn choice_at(s: &Scenario, st: &State, d: &Decision) -> String {
    match d {
        Decision::Reinforce(pl) => placement(s, Some(st), pl),
        Decision::Land(l) => super::land::decision_at(s, st, l),
        Decision::Naval(n) => super::naval::decision_at(s, st, n),
        // 6.1.3: in the Naval Phase a pass is the mover's `done`.
        Decision::Pass if st.naval.stage == coalition_engine::naval::Stage::Moving => {
            super::naval::decision(s, &coalition_engine::naval::NavalDecision::Done)
        }
        Decision::Pass if st.naval.stage == coalition_engine::naval::Stage::Combat => {
            "done: engage no more fleets this step".to_string()
        }
        // 7.1.3: in the Land Phase a pass is the mover's `done`.
        Decision::Pass if st.land.stage == coalition_engine::land::Stage::Moving => {
            super::land::decision(s, &coalition_engine::land::LandDecision::Done)
        }
        Decision::Peace(coalition_engine::political::peace::PeaceDecision::Place { area: to }) => {
            repatriation(s, st, *to).unwrap_or_else(|| choice(s, d))
        }
        d => choice(s, d),
    }
}

/// 4.4.6.2: the repatriated force a `place` decision moves, in words, if the Peace Step is placing one.
fn repatriation(s: &Scenario, st: &State, to: coalition_engine::ids::AreaId) -> Option<String> {
    use coalition_engine::political::peace::Item;
    let sub = st.peace.step.as_ref()?;
    let pl = sub.placements.iter().find(|p| p.options.contains(&to))?;
    let what = match &pl.item {
        Item::Corps(c) => format!("{}{}", corps_name(s, *c), corps_where(s, st, *c)),
        Item::Garrison(f) => format!(
            "the garrison of {} ({}) at {}",
            nation(s, pl.owner),
            factors(f),
            area(s, pl.from)
        ),
    };
    Some(format!(
        "repatriate {what} to {} [{}]",
        area(s, to),
        pl.rule
    ))
}

/// Rule 5: a placement in words, naming each corps, fleet and leader as the data names them, and with `st`
/// where each corps that takes factors stands.
pub fn placement(s: &Scenario, st: Option<&State>, pl: &Placement) -> String {
    let of = |n: Nation| match n {
        Nation::Power(_) => String::new(),
        n => format!(" of {}", nation(s, n)),
    };
    let mut v: Vec<String> = Vec::new();
    for o in &pl.corps {
        v.push(format!(
            "{} onto the map at {}",
            corps_name(s, o.corps),
            area(s, o.area)
        ));
    }
    for o in &pl.depots {
        v.push(format!("a depot{} at {}", of(o.owner), area(s, o.area)));
    }
    for o in &pl.land {
        let f = factors(&o.factors);
        v.push(match &o.to {
            LandTarget::Garrison(a) => {
                format!("{f}{} to the garrison of {}", of(o.owner), area(s, *a))
            }
            LandTarget::Corps(c) => {
                let placed_now = pl.corps.iter().any(|x| x.corps == *c);
                let at = match st {
                    Some(st) if !placed_now => corps_where(s, st, *c),
                    _ => String::new(),
                };
                format!("{f}{} into {}{at}", of(o.owner), corps_name(s, *c))
            }
        });
    }
    for o in &pl.ships {
        v.push(match &o.fleet {
            Some(fl) => format!(
                "{} ships{} at {} join {}",
                o.count,
                of(o.owner),
                area(s, o.port),
                fleet_name(s, *fl)
            ),
            None => format!(
                "{} ships{} form a new fleet at {}",
                o.count,
                of(o.owner),
                area(s, o.port)
            ),
        });
    }
    for o in &pl.leaders {
        v.push(format!(
            "{} returns at {}",
            leader_name(s, o.leader),
            area(s, o.area)
        ));
    }
    for o in &pl.seized {
        v.push(format!(
            "{}'s ships at {}: {}",
            nation(s, Nation::Minor(o.minor)),
            area(s, o.port),
            if o.keep { "keep building" } else { "destroy" }
        ));
    }
    for t in &pl.transfers {
        v.push(format!(
            "transfer {} ships from {} to {} (5.1.3)",
            t.ships,
            fleet_name(s, t.from),
            fleet_name(s, t.to)
        ));
    }
    for f in &pl.scuttle {
        let held = st
            .and_then(|st| st.world.forces.fleets.get(f))
            .map_or(String::new(), |x| format!(" with its {} ships", x.ships));
        v.push(format!("scuttle {}{held} (5.1.4)", fleet_name(s, *f)));
    }
    if v.is_empty() {
        "place nothing (everything waits)".into()
    } else {
        format!("place: {}", v.join("; "))
    }
}

/// A decision as a player reads it in a menu.
pub fn choice(s: &Scenario, d: &Decision) -> String {
    match d {
        Decision::Pass => "pass (nothing more this step)".into(),
        Decision::DeclareWar(coalition_engine::decision::Declare { targets })
            if targets.is_empty() =>
        {
            "no declarations".into()
        }
        Decision::DeclareWar(coalition_engine::decision::Declare { targets }) => format!(
            "declare war on {}",
            targets
                .iter()
                .map(|t| nation(s, *t))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::Ally(coalition_engine::decision::Ally { with }) if with.is_empty() => {
            "no alliance".into()
        }
        Decision::Ally(coalition_engine::decision::Ally { with }) => {
            format!("agree to ally with {}", powers(s, with))
        }
        Decision::BreakAlliances(coalition_engine::decision::Break { with }) => {
            format!("break the alliance with {}", powers(s, with))
        }
        Decision::CombineMovement(coalition_engine::decision::Combine { with })
            if with.is_empty() =>
        {
            "no combined movement".into()
        }
        Decision::CombineMovement(coalition_engine::decision::Combine { with }) => {
            format!("combine movement with {}", powers(s, with))
        }
        Decision::CallAllies { calls } if calls.is_empty() => "no calls".into(),
        Decision::CallAllies { calls } => format!(
            "call {}",
            calls
                .iter()
                .map(|c| format!("{} against {}", power(s, c.ally), power(s, c.against)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::AnswerCall { accept: true } => "answer the call: declare war".into(),
        Decision::AnswerCall { accept: false } => "refuse the call (the alliance is broken)".into(),
        Decision::FreeStates(coalition_engine::decision::FreeStates { minors })
            if minors.is_empty() =>
        {
            "no free state declaration".into()
        }
        Decision::FreeStates(coalition_engine::decision::FreeStates { minors }) => format!(
            "declare {} a free state",
            minors
                .iter()
                .map(|m| nation(s, Nation::Minor(*m)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::Peace(p) => super::peace::decision(s, p),
        Decision::MinorControl(m) => super::peace::minor_decision(s, m),
        Decision::Reinforce(pl) => placement(s, None, pl),
        Decision::Naval(d) => super::naval::decision(s, d),
        Decision::Land(d) => super::land::decision(s, d),
        Decision::UmpBids { bids } if bids.is_empty() => "decline every UMP".into(),
        Decision::UmpBids { bids } => format!(
            "bid {}",
            bids.iter()
                .map(|b| format!("{} VP for {}", b.points, power(s, b.ump)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::Economy(coalition_engine::economic::EconomicDecision::Manipulate { square }) => {
            format!("set the economic manipulation marker to square {square}")
        }
        Decision::Economy(coalition_engine::economic::EconomicDecision::Spend(sp))
            if sp.is_empty() =>
        {
            "buy nothing".into()
        }
        Decision::Economy(coalition_engine::economic::EconomicDecision::Spend(sp)) => {
            spending(s, sp)
        }
        Decision::Diplomacy(coalition_engine::decision::Send { to, body }) => {
            let to = powers(s, to);
            match body {
                coalition_engine::decision::Diplomatic::Message { .. } => {
                    format!("write a message to {to}")
                }
                coalition_engine::decision::Diplomatic::ProposeAlliance => {
                    format!("propose an alliance to {to}")
                }
                coalition_engine::decision::Diplomatic::ProposeInformalPeace => {
                    format!("propose informal peace to {to}")
                }
                coalition_engine::decision::Diplomatic::ProposeCombinedMovement => {
                    format!("propose combined movement to {to}")
                }
                coalition_engine::decision::Diplomatic::GrantAccess => {
                    format!("grant {to} voluntary access to your territory (public)")
                }
                coalition_engine::decision::Diplomatic::RevokeAccess => {
                    format!("revoke the voluntary access you granted {to} (public)")
                }
                coalition_engine::decision::Diplomatic::CedeMinor { minor } => format!(
                    "offer to cede {} to {to} (private until {to} accepts)",
                    nation(s, Nation::Minor(*minor))
                ),
                coalition_engine::decision::Diplomatic::AcceptCession { minor } => format!(
                    "accept {} from {to} (it passes to you at once, public)",
                    nation(s, Nation::Minor(*minor))
                ),
            }
        }
    }
}

/// 8.5, 12.1.1: a shopping list in words, with the scenario's names (`buy 2 infantry, 1 ship at Brest; lend
/// Great Britain 5 money`).
pub fn spending(s: &Scenario, sp: &coalition_engine::economic::Spending) -> String {
    let mut clauses = Vec::new();
    if !sp.buy.is_empty() {
        let items: Vec<String> = sp
            .buy
            .iter()
            .map(|b| {
                let mut t = format!("{} {}", b.count, b.unit);
                if let Some(port) = b.port {
                    t.push_str(&format!(" at {}", area(s, port)));
                }
                if let Some(m) = b.minor {
                    t.push_str(&format!(" for {}", nation(s, Nation::Minor(m))));
                }
                t
            })
            .collect();
        clauses.push(format!("buy {}", items.join(", ")));
    }
    for c in &sp.convert {
        clauses.push(format!(
            "convert {} militia factor(s) at {} to infantry",
            c.count,
            area(s, c.area)
        ));
    }
    for g in &sp.give {
        clauses.push(format!(
            "{} {} {} money",
            if g.loan { "lend" } else { "give" },
            power(s, g.to),
            g.money
        ));
    }
    clauses.join("; ")
}

/// Merges several listed choices into one decision where the step takes a list (targets, partners, and the
/// orders of a placement: rule 5.7).
pub fn merge(chosen: &[Decision]) -> Option<Decision> {
    let first = chosen.first()?.clone();
    if chosen.len() == 1 {
        return Some(first);
    }
    let mut out = first;
    for d in &chosen[1..] {
        match (&mut out, d) {
            (
                Decision::DeclareWar(coalition_engine::decision::Declare { targets }),
                Decision::DeclareWar(coalition_engine::decision::Declare { targets: t }),
            ) => targets.extend(t.iter().copied()),
            (Decision::UmpBids { bids }, Decision::UmpBids { bids: b }) => {
                bids.extend(b.iter().copied())
            }
            (Decision::Reinforce(pl), Decision::Reinforce(more)) => {
                pl.corps.extend(more.corps.iter().cloned());
                pl.depots.extend(more.depots.iter().cloned());
                pl.land.extend(more.land.iter().cloned());
                pl.ships.extend(more.ships.iter().cloned());
                pl.leaders.extend(more.leaders.iter().cloned());
                pl.seized.extend(more.seized.iter().cloned());
                pl.transfers.extend(more.transfers.iter().cloned());
                pl.scuttle.extend(more.scuttle.iter().copied());
            }
            (
                Decision::Ally(coalition_engine::decision::Ally { with }),
                Decision::Ally(coalition_engine::decision::Ally { with: w }),
            )
            | (
                Decision::BreakAlliances(coalition_engine::decision::Break { with }),
                Decision::BreakAlliances(coalition_engine::decision::Break { with: w }),
            )
            | (
                Decision::CombineMovement(coalition_engine::decision::Combine { with }),
                Decision::CombineMovement(coalition_engine::decision::Combine { with: w }),
            ) => with.extend(w.iter().copied()),
            _ => return None,
        }
    }
    Some(out)
}

/// A message or proposal from `from` as players read it.
pub fn diplomatic(
    s: &Scenario,
    from: coalition_engine::ids::PowerId,
    body: &coalition_engine::decision::Diplomatic,
) -> String {
    use coalition_engine::decision::Diplomatic;
    match body {
        Diplomatic::Message { text } => format!("\"{text}\""),
        Diplomatic::ProposeAlliance => "proposes an alliance (4.5)".into(),
        Diplomatic::ProposeInformalPeace => "proposes an informal peace (4.4.1)".into(),
        Diplomatic::ProposeCombinedMovement => "proposes combined movement this turn (4.9)".into(),
        Diplomatic::GrantAccess => "grants voluntary access to its territory (10.3)".into(),
        Diplomatic::RevokeAccess => "revokes the voluntary access it granted (10.3)".into(),
        Diplomatic::CedeMinor { minor } => format!(
            "offers to cede {} (its receiver may answer `accept cession {minor} from {from}` in this Diplomacy Step; Coalition's cession, 4.1)",
            nation(s, Nation::Minor(*minor))
        ),
        Diplomatic::AcceptCession { minor } => format!(
            "accepts the cession of {} (4.1)",
            nation(s, Nation::Minor(*minor))
        ),
    }
}
