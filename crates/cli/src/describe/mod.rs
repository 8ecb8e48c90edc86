//! Plain-text descriptions of events, views and choices for the terminal.

use coalition_engine::Decision;
use coalition_engine::event::Event;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::political::calls::CallsEvent;
use coalition_engine::rulebook::{OptionalRule, Preset, Rulebook};
use coalition_engine::scenario::Scenario;
use coalition_engine::state::{State, WarCause};
use coalition_engine::umps::rules::UmpEvent;
use coalition_engine::view::View;
use coalition_engine::world::WorldEvent;
use std::fmt::Write;

pub fn nation(s: &Scenario, n: Nation) -> String {
    match n {
        Nation::Power(p) => power(s, p),
        Nation::Minor(m) => s
            .minor(m)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| m.to_string()),
    }
}

/// A decision as the log shows it: its short text form, or in words where that form is JSON (a placement).
pub fn decision_line(d: &Decision) -> String {
    match d {
        Decision::Reinforce(p) => format!("reinforce, {}", p.summary()),
        d => d.to_string(),
    }
}

/// A leader's status in words (12.7, 4.4.6.1).
pub fn leader_status(s: &Scenario, st: &coalition_engine::world::LeaderStatus) -> String {
    use coalition_engine::world::LeaderStatus;
    match st {
        LeaderStatus::Wounded { until } => format!("wounded until {until}"),
        LeaderStatus::Captured { by } => format!("captured by {}", nation(s, *by)),
        st => words(st),
    }
}

/// A value of the rules' vocabulary in words, as its data name says it (`free_state` is "free state").
pub fn words<T: serde::Serialize>(x: &T) -> String {
    match serde_json::to_value(x) {
        Ok(serde_json::Value::String(w)) => w.replace(['_', '-'], " "),
        Ok(v) => v.to_string(),
        Err(_) => String::new(),
    }
}

/// Where a force is, in words: "at Paris", "at sea in the Channel", "off the map".
pub fn location_words(s: &Scenario, l: coalition_engine::scenario::Location) -> String {
    use coalition_engine::scenario::Location;
    match l {
        Location::Area(a) => format!("at {}", area(s, a)),
        Location::Sea(x) => format!(
            "at sea in {}",
            s.sea(x)
                .map(|d| d.name.clone())
                .unwrap_or_else(|| x.to_string())
        ),
        Location::OffMap => "off the map".into(),
    }
}

/// An area's name.
pub fn area(s: &Scenario, a: coalition_engine::ids::AreaId) -> String {
    s.area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

/// Several powers' names, joined with commas.
pub fn powers(s: &Scenario, ps: &[PowerId]) -> String {
    ps.iter()
        .map(|p| power(s, *p))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn power(s: &Scenario, p: PowerId) -> String {
    s.power(p)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| p.to_string())
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// One line for an event worth showing a player, or `None` for bookkeeping.
pub fn event(s: &Scenario, e: &Event) -> Option<String> {
    Some(match e {
        Event::PlayerSeated { player, powers } => format!(
            "player {player} plays {}",
            powers
                .iter()
                .map(|p| power(s, *p))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::StepBegan { .. } | Event::RoundClosed | Event::RoundOpened { .. } => return None,
        Event::DefaultTaken { power: p, reason } => {
            format!("{}: default decision ({reason})", power(s, *p))
        }
        Event::Submitted {
            power: p,
            sealed: true,
            ..
        } => format!("{} has written its decision down", power(s, *p)),
        Event::Submitted {
            power: p,
            decision: Some(d),
            ..
        } => format!("{}: {}", power(s, *p), decision_line(d)),
        Event::Submitted { .. } => return None,
        Event::Revealed { decisions, .. } => {
            let mut out = String::from("revealed together:");
            for (p, d) in decisions {
                let _ = write!(out, "\n    {}: {}", power(s, *p), decision_line(d));
            }
            out
        }
        Event::MessageSent { message } => format!(
            "{} → {}: {}",
            power(s, message.from),
            powers(s, &message.to),
            diplomatic(&message.body)
        ),
        Event::World(WorldEvent::DiceRolled { roll }) => {
            let mods: String = roll
                .modifiers
                .iter()
                .map(|m| format!(" {} ({}, {})", signed(m.value), m.reason, m.rule))
                .collect();
            format!(
                "{} rolls for {} [{}]: {}{mods} = {}",
                roll.who,
                roll.purpose,
                roll.rule,
                roll.faces
                    .iter()
                    .map(|f| f.to_string())
                    .collect::<Vec<_>>()
                    .join(" and "),
                roll.total
            )
        }
        Event::UmpBidding(c) => match c {
            coalition_engine::umps::control::ControlEvent::Opened { bidding } => format!(
                "bidding opens for {} ({}, 14.3.1.1): {} bid",
                powers(s, &bidding.umps),
                words(&bidding.kind),
                if bidding.bidders.is_empty() {
                    "no player may".to_string()
                } else {
                    bidding
                        .bidders
                        .iter()
                        .map(|(p, pl)| format!("player {pl} (through {})", power(s, *p)))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            coalition_engine::umps::control::ControlEvent::Closed => return None,
            coalition_engine::umps::control::ControlEvent::SurrenderForced {
                surrender,
                reason,
            } => format!(
                "{} must surrender: {reason} [{}]",
                power(s, surrender.ump),
                surrender.rule
            ),
        },
        Event::World(WorldEvent::UmpControl {
            ump,
            controller,
            status,
            rule,
            reason,
        }) => format!(
            "{} is {}, {}: {reason} [{rule}]",
            power(s, *ump),
            words(status),
            controller
                .map(|c| format!("controlled by {}", power(s, c)))
                .unwrap_or_else(|| "uncontrolled".into())
        ),
        Event::World(WorldEvent::BuildingQueued { item }) => format!(
            "{}: {} × {} due {}{} [{}]",
            nation(s, item.owner),
            item.count,
            words(&item.unit),
            item.due,
            item.port
                .map(|a| format!(", built at {}", area(s, a)))
                .unwrap_or_default(),
            item.rule
        ),
        Event::World(WorldEvent::PointsChanged {
            power: p,
            delta,
            rule,
            reason,
        }) => {
            format!(
                "{} {} political points: {reason} [{rule}]",
                power(s, *p),
                signed(*delta)
            )
        }
        Event::World(WorldEvent::TreasuryChanged {
            power: p,
            money,
            manpower,
            rule,
            reason,
            ..
        }) => format!(
            "{} money {}, manpower {}: {reason} [{rule}]",
            power(s, *p),
            signed(*money),
            signed(*manpower)
        ),
        Event::World(WorldEvent::VictoryPointsChanged {
            power: p,
            delta,
            rule,
            reason,
        }) => {
            format!(
                "{} {} victory points: {reason} [{rule}]",
                power(s, *p),
                signed(*delta)
            )
        }
        Event::World(WorldEvent::WarDeclared {
            aggressor,
            defender,
            cause,
            rule,
            ..
        }) => match cause {
            WarCause::Mutual => format!(
                "{} and {} declare war on each other [{rule}]",
                nation(s, *aggressor),
                nation(s, *defender)
            ),
            WarCause::Call { caller } => format!(
                "{} declares war on {} at the call of {} [{rule}]",
                nation(s, *aggressor),
                nation(s, *defender),
                power(s, *caller)
            ),
            _ => format!(
                "{} declares war on {} [{rule}]",
                nation(s, *aggressor),
                nation(s, *defender)
            ),
        },
        Event::World(WorldEvent::WarEnded {
            a, b, rule, reason, ..
        }) => format!(
            "peace between {} and {}: {reason} [{rule}]",
            nation(s, *a),
            nation(s, *b)
        ),
        Event::World(WorldEvent::AllianceFormed { a, b, rule, .. }) => {
            format!("{} and {} ally [{rule}]", power(s, *a), power(s, *b))
        }
        Event::World(WorldEvent::AllianceBroken {
            a,
            b,
            by,
            rule,
            reason,
            ..
        }) => format!(
            "the alliance of {} and {} is broken by {}: {reason} [{rule}]",
            power(s, *a),
            power(s, *b),
            by.iter()
                .map(|p| power(s, *p))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::World(WorldEvent::RoyalMarriage { a, b, made, .. }) => format!(
            "royal marriage of {} and {} {}",
            power(s, *a),
            power(s, *b),
            if *made { "made" } else { "broken" }
        ),
        Event::World(WorldEvent::TradeRestrictionBroken {
            loser,
            victor,
            rule,
            reason,
            ..
        }) => format!(
            "{} broke the trade restriction (B.6) it owes {}; {} may declare war on it despite their enforced peace: {reason} [{rule}]",
            power(s, *loser),
            power(s, *victor),
            power(s, *victor)
        ),
        Event::World(WorldEvent::EnforcedPeaceRecorded { peace }) => format!(
            "{} may not declare war on {} until {} [{}]",
            power(s, peace.restricted),
            power(s, peace.towards),
            peace.until,
            peace.rule
        ),
        Event::World(WorldEvent::CombinedMovementDeclared { a, b }) => format!(
            "{} and {} combine movement this turn [4.9]",
            power(s, *a),
            power(s, *b)
        ),
        Event::World(WorldEvent::MinorChanged {
            minor,
            controller,
            status,
            rule,
            reason,
        }) => format!(
            "{} is now {}{}: {reason} [{rule}]",
            nation(s, Nation::Minor(*minor)),
            words(status),
            controller
                .map(|c| format!(" under {}", power(s, c)))
                .unwrap_or_default()
        ),
        Event::World(WorldEvent::DistrictConquered {
            minor,
            district,
            conquered,
            rule,
            reason,
        }) => format!(
            "district {district} of {} is {}: {reason} [{rule}]",
            nation(s, Nation::Minor(*minor)),
            if *conquered {
                "conquered"
            } else {
                "no longer conquered"
            }
        ),
        Event::World(WorldEvent::AreaControlChanged {
            area,
            holder,
            rule,
            reason,
        }) => format!(
            "{} now held by {}: {reason} [{rule}]",
            s.area(*area)
                .map(|a| a.name.clone())
                .unwrap_or_else(|| area.to_string()),
            holder
                .map(|h| nation(s, h))
                .unwrap_or_else(|| "its own nation".into())
        ),
        Event::World(WorldEvent::CorpsChanged {
            corps,
            factors,
            location,
            rule,
            reason,
        }) => {
            format!(
                "corps {corps}: {} factors {}: {reason} [{rule}]",
                factors.total(),
                location_words(s, *location)
            )
        }
        Event::World(WorldEvent::FleetChanged {
            fleet,
            ships,
            location,
            rule,
            reason,
        }) => format!(
            "fleet {fleet}: {ships} ships {}: {reason} [{rule}]",
            location_words(s, *location)
        ),
        Event::World(WorldEvent::GarrisonChanged {
            area,
            owner,
            factors,
            rule,
            reason,
        }) => {
            format!(
                "garrison of {} in {area}: {} factors: {reason} [{rule}]",
                nation(s, *owner),
                factors.total()
            )
        }
        Event::World(WorldEvent::DepotChanged {
            area,
            owner,
            present,
            rule,
            ..
        }) => {
            format!(
                "depot of {} in {area} {} [{rule}]",
                nation(s, *owner),
                if *present { "placed" } else { "removed" }
            )
        }
        Event::World(WorldEvent::LeaderChanged {
            leader,
            status,
            rule,
            ..
        }) => format!("leader {leader}: {} [{rule}]", leader_status(s, status)),
        Event::World(WorldEvent::LossRecorded { loss }) => format!(
            "{} lost {} land factors and {} ships ({}) [{}]",
            nation(s, loss.nation),
            loss.land_factors,
            loss.ships,
            words(&loss.cause),
            loss.rule
        ),
        Event::World(WorldEvent::CorpsCreated {
            corps,
            corps_def,
            rule,
            reason,
        }) => format!(
            "corps {corps} of {} comes into play with {} factors: {reason} [{rule}]",
            nation(s, corps_def.owner),
            corps_def.factors.total()
        ),
        Event::World(WorldEvent::FleetCreated {
            fleet,
            fleet_def,
            rule,
            reason,
        }) => format!(
            "fleet {fleet} of {} comes into play with {} ships: {reason} [{rule}]",
            nation(s, fleet_def.owner),
            fleet_def.ships
        ),
        Event::World(WorldEvent::FreeStateDeclared { minor, by, .. }) => format!(
            "{} declares {} a free state [4.8]",
            power(s, *by),
            nation(s, Nation::Minor(*minor))
        ),
        Event::Calls(c) => match c {
            CallsEvent::Began { order } => format!(
                "order of calls to allies [4.3]: {}",
                order
                    .iter()
                    .map(|c| format!(
                        "{} ({})",
                        power(s, c.power),
                        if c.aggressor { "aggressor" } else { "defender" }
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            CallsEvent::CallerUp { caller } => {
                format!("{} may call its allies", power(s, caller.power))
            }
            CallsEvent::CallerSkipped { caller, reason } => {
                format!("{} calls no one: {reason}", power(s, *caller))
            }
            CallsEvent::CallsMade { caller, calls } if calls.is_empty() => {
                format!("{} makes no call", power(s, *caller))
            }
            CallsEvent::CallsMade { caller, calls } => format!(
                "{} calls {}",
                power(s, *caller),
                calls
                    .iter()
                    .map(|c| format!("{} against {}", power(s, c.ally), power(s, c.against)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            CallsEvent::AnswerUp { call } => format!(
                "{} must answer the call of {} against {}",
                power(s, call.call.ally),
                power(s, call.caller),
                power(s, call.call.against)
            ),
            CallsEvent::Ended => return None,
        },
        Event::Peace(e) => e.to_string(),
        Event::MinorControl(e) => e.to_string(),
        Event::Reinforcement(e) => e.to_string(),
        Event::Economy(e) => e.to_string(),
        Event::Ump(e) => match e {
            UmpEvent::ForcesOffMap { ump, record } => format!(
                "{}'s forces leave the map ({} corps, {} fleets, {} garrisons); on record: {} money{} [14.3.2.4.2]",
                power(s, *ump),
                record.corps.len(),
                record.fleets.len(),
                record.garrisons.len(),
                record.money,
                record
                    .manpower
                    .map_or(String::new(), |m| format!(", {m} manpower"))
            ),
            UmpEvent::ForcesReturned { ump } => {
                format!(
                    "{}'s forces return to its territory [14.3.2.4.2]",
                    power(s, *ump)
                )
            }
            UmpEvent::CombinedEconomicPhase { phase } => format!(
                "combined economic phase of {} for {}: {} [14.3.2.4.6]",
                power(s, phase.ump),
                power(s, phase.controller),
                phase.lines.join("; ")
            ),
        },
        Event::World(WorldEvent::PowerLeftGame {
            power: p,
            rule,
            reason,
        }) => format!("{} leaves the game: {reason} [{rule}]", power(s, *p)),
        Event::GameEnded { date, reason } => format!("the game ends in {date}: {reason}"),
    })
}

/// The game's rulebook in one line (rule 12): the preset it matches, or the optional rules that are on.
pub fn rulebook(rb: &Rulebook) -> String {
    let total = OptionalRule::ALL.len();
    let list = |on: bool| {
        OptionalRule::ALL
            .into_iter()
            .filter(|r| rb.has(*r) == on)
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let preset = [Preset::None, Preset::All, Preset::Standard]
        .into_iter()
        .find(|p| Rulebook::preset(*p) == *rb);
    let on = rb.optional.len();
    match preset {
        Some(Preset::None) => format!("preset `none`: no optional rule (of {total})"),
        Some(Preset::All) => format!("preset `all`: every optional rule ({total})"),
        Some(Preset::Standard) => format!(
            "preset `standard`: {on} of {total} optional rules; off: {}",
            list(false)
        ),
        None if on == 0 => format!("no optional rule (of {total})"),
        None if on * 2 <= total => format!("{on} of {total} optional rules: {}", list(true)),
        None => format!("{on} of {total} optional rules; off: {}", list(false)),
    }
}

/// A short summary of the position: the rulebook, the Political Status Display, wars, alliances, enforced
/// peaces.
pub fn position(s: &Scenario, st: &State, status: &View) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — {}", st.position.date, st.position.step);
    let _ = writeln!(out, "  rulebook: {}", rulebook(&status.rulebook));
    let _ = writeln!(
        out,
        "  {:<16} {:>4} {:<12} {:>4} {:>6} {:>8}",
        "power", "PP", "zone", "mod", "money", "manpower"
    );
    for (p, line) in &status.status {
        let ps = &st.powers[p];
        let _ = writeln!(
            out,
            "  {:<16} {:>4} {:<12} {:>4} {:>6} {:>8}{}",
            power(s, *p),
            line.political_points,
            line.zone,
            signed(line.modifier),
            ps.money,
            ps.manpower,
            if ps.in_game {
                ""
            } else {
                "  (out of the game)"
            }
        );
    }
    if !st.umps.is_empty() {
        let umps: Vec<String> = st
            .umps
            .iter()
            .map(|(u, x)| {
                format!(
                    "{} {}{}",
                    power(s, *u),
                    words(&x.status),
                    x.controller
                        .map(|c| format!(" for {}", power(s, c)))
                        .unwrap_or_else(|| ", uncontrolled".into())
                )
            })
            .collect();
        let _ = writeln!(out, "  UMPs: {}", umps.join("; "));
    }
    if !status.scores.is_empty() {
        let sc: Vec<String> = status
            .scores
            .iter()
            .map(|(pl, v)| format!("{pl} {v}"))
            .collect();
        let _ = writeln!(out, "  players' scores (VP): {}", sc.join(", "));
    }
    let wars: Vec<String> = st
        .relations
        .wars
        .iter()
        .filter(|w| w.ended.is_none())
        .map(|w| {
            format!(
                "{} v {} (since {})",
                nation(s, w.aggressor),
                nation(s, w.defender),
                w.since
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "  wars: {}",
        if wars.is_empty() {
            "none".into()
        } else {
            wars.join("; ")
        }
    );
    let allies: Vec<String> = st
        .relations
        .alliances
        .iter()
        .filter(|a| a.broken.is_none())
        .map(|a| format!("{} + {} (since {})", power(s, a.a), power(s, a.b), a.since))
        .collect();
    let _ = writeln!(
        out,
        "  alliances: {}",
        if allies.is_empty() {
            "none".into()
        } else {
            allies.join("; ")
        }
    );
    for e in st
        .relations
        .enforced_peaces
        .iter()
        .filter(|e| st.position.date < e.until)
    {
        let _ = writeln!(
            out,
            "  enforced peace: {} may not declare war on {} until {}",
            power(s, e.restricted),
            power(s, e.towards),
            e.until
        );
    }
    out
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
        Decision::Peace(p) => p.to_string(),
        Decision::MinorControl(m) => m.to_string(),
        Decision::Reinforce(pl) => pl.summary(),
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
        Decision::Economy(e) => e.to_string(),
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
            }
        }
    }
}

/// Merges several listed choices into one decision where the step takes a list (targets, partners).
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

/// A message or proposal as players read it.
pub fn diplomatic(body: &coalition_engine::decision::Diplomatic) -> String {
    use coalition_engine::decision::Diplomatic;
    match body {
        Diplomatic::Message { text } => format!("\"{text}\""),
        Diplomatic::ProposeAlliance => "proposes an alliance (4.5)".into(),
        Diplomatic::ProposeInformalPeace => "proposes an informal peace (4.4.1)".into(),
        Diplomatic::ProposeCombinedMovement => "proposes combined movement this turn (4.9)".into(),
    }
}
