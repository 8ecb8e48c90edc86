//! Plain-text descriptions of events, views and choices for the terminal.

use coalition_engine::Decision;
use coalition_engine::economic::EconomicEvent;
use coalition_engine::event::Event;
use coalition_engine::ids::{Nation, PowerId};
use coalition_engine::political::calls::CallsEvent;
use coalition_engine::scenario::Scenario;
use coalition_engine::state::WarCause;
use coalition_engine::umps::rules::UmpEvent;
use coalition_engine::world::WorldEvent;
use std::fmt::Write;

pub use crate::wording::words;

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

/// A decision as the log says it, in words with the scenario's names (the text forms name powers, minors and
/// terms by key and code, issue 41); a pass as `decision_line` says it.
pub fn decision_said(s: &Scenario, d: &Decision) -> String {
    match d {
        Decision::Pass => decision_line(d),
        d => choice(s, d),
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
        Location::Blockade(a) => format!("in the blockade box of {}", area(s, a)),
        Location::Aboard(f) => format!("aboard {}", forces::fleet_name(s, f)),
        Location::OffMap => "off the map".into(),
    }
}

/// A place's name without a preposition, for "to …" and lists: "Paris", "the Channel", "the blockade box of
/// Brest" (`location_words` says "at Paris").
pub fn place_words(s: &Scenario, l: coalition_engine::scenario::Location) -> String {
    use coalition_engine::scenario::Location;
    match l {
        Location::Area(a) => area(s, a),
        Location::Sea(x) => s
            .sea(x)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| x.to_string()),
        Location::Blockade(a) => format!("the blockade box of {}", area(s, a)),
        Location::Aboard(f) => format!("aboard {}", forces::fleet_name(s, f)),
        Location::OffMap => "off the map".into(),
    }
}

/// An area's name.
pub fn area(s: &Scenario, a: coalition_engine::ids::AreaId) -> String {
    s.area(a)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| a.to_string())
}

/// A computer player's free text, or an event's reason, in names: each word that is a power's or a minor
/// country's key (`great-britain`, `saxony`) becomes its name (`Great Britain`, `Saxony`), and so does an area's
/// key after a word that places it (`at brest` is "at Brest"). Only those keys are replaced: they are the ids
/// such text carries (issue 41).
pub fn named(s: &Scenario, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.is_empty() {
            return;
        }
        let name = coalition_engine::ids::PowerId::new(word)
            .ok()
            .filter(|p| s.power(*p).is_some())
            .map(|p| power(s, p))
            .or_else(|| {
                coalition_engine::ids::MinorId::new(word)
                    .ok()
                    .filter(|m| s.minor(*m).is_some())
                    .map(|m| nation(s, Nation::Minor(m)))
            })
            .or_else(|| {
                ["at ", "in ", "from ", "to ", "into "]
                    .iter()
                    .any(|w| out.ends_with(w))
                    .then(|| coalition_engine::ids::AreaId::new(word).ok())
                    .flatten()
                    .filter(|a| s.area(*a).is_some())
                    .map(|a| area(s, a))
            });
        out.push_str(name.as_deref().unwrap_or(word));
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
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
        Event::Land(e) => land::event(s, None, None, true, e),
        Event::Naval(e) => naval::event(s, e),
        // Rule 6: the Naval Phase's events say what each move did; the decisions and the counters they move
        // (6.2.1) would say it again.
        Event::Submitted {
            decision: Some(Decision::Naval(_)),
            sealed: false,
            ..
        } => return None,
        Event::World(WorldEvent::FleetChanged { rule, .. }) if rule == "6.2.1" => return None,
        // Rule 7: the Land Phase's own events say what each decision did (with the names); its decisions as
        // submitted, and the counters they move (7.3), the garrisons they change (7.3.5) and the depots they
        // place (7.2), would say it again.
        Event::Submitted {
            decision: Some(Decision::Land(_)),
            sealed: false,
            ..
        } => return None,
        Event::World(
            WorldEvent::CorpsChanged { rule, .. }
            | WorldEvent::LeaderChanged { rule, .. }
            | WorldEvent::GarrisonChanged { rule, .. },
        ) if rule == "7.3" || rule == "7.3.5" => return None,
        Event::World(WorldEvent::DepotChanged { rule, .. }) if rule == "7.2" => return None,
        Event::DefaultTaken { power: p, reason } => {
            format!("{}: default decision ({})", power(s, *p), named(s, reason))
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
        } => format!("{}: {}", power(s, *p), decision_said(s, d)),
        Event::Submitted { .. } => return None,
        Event::Revealed { decisions, .. } => {
            let mut out = String::from("revealed together:");
            for (p, d) in decisions {
                let _ = write!(out, "\n    {}: {}", power(s, *p), decision_said(s, d));
            }
            out
        }
        Event::MessageSent { message } => format!(
            "{} → {}: {}",
            power(s, message.from),
            powers(s, &message.to),
            diplomatic(s, message.from, &message.body)
        ),
        Event::World(WorldEvent::DiceRolled { roll }) => {
            let mods: String = roll
                .modifiers
                .iter()
                .map(|m| format!(" {} ({}, {})", signed(m.value), named(s, &m.reason), m.rule))
                .collect();
            format!(
                "{} rolls for {} [{}]: {}{mods} = {}",
                named(s, &roll.who),
                named(s, &roll.purpose),
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
                "{} {} political points: {} [{rule}]",
                power(s, *p),
                signed(*delta),
                named(s, reason)
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
            "{} money {}, manpower {}: {} [{rule}]",
            power(s, *p),
            signed(*money),
            signed(*manpower),
            named(s, reason)
        ),
        Event::World(WorldEvent::VictoryPointsChanged {
            power: p,
            delta,
            rule,
            reason,
        }) => {
            format!(
                "{} {} victory points: {} [{rule}]",
                power(s, *p),
                signed(*delta),
                named(s, reason)
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
        Event::World(WorldEvent::AccessChanged {
            grantor,
            grantee,
            granted,
            rule,
            reason,
        }) => format!(
            "{} {} voluntary access to {}'s territory: {reason} [{rule}]",
            power(s, *grantee),
            if *granted { "has" } else { "no longer has" },
            power(s, *grantor)
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
                "{}: {} factors {}: {} [{rule}]",
                forces::corps_name(s, *corps),
                factors.total(),
                location_words(s, *location),
                named(s, reason)
            )
        }
        Event::World(WorldEvent::FleetChanged {
            fleet,
            ships,
            location,
            rule,
            reason,
        }) => format!(
            "{}: {ships} ships {}: {} [{rule}]",
            forces::fleet_name(s, *fleet),
            location_words(s, *location),
            named(s, reason)
        ),
        Event::World(WorldEvent::FleetMixChanged {
            fleet,
            mix,
            rule,
            reason,
        }) => format!(
            "{}: {}: {reason} [{rule}]",
            forces::fleet_name(s, *fleet),
            mix.iter()
                .map(|(k, n)| format!("{n} {}", k.key().replace('_', " ")))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::World(WorldEvent::HulksChanged {
            power: p,
            hulks,
            rule,
            reason,
        }) => format!("{}: {hulks} hulk(s): {reason} [{rule}]", power(s, *p)),
        Event::World(WorldEvent::PortGunsChanged {
            area,
            guns,
            rule,
            reason,
        }) => format!(
            "{}: {guns} port gun(s): {reason} [{rule}]",
            self::area(s, *area)
        ),
        Event::World(WorldEvent::ShipsBuilt {
            build,
            launched,
            rule,
            reason,
        }) => format!(
            "{}: {} {} {} at {}: {reason} [{rule}]",
            power(s, build.owner),
            build.count,
            build.kind.key().replace('_', " "),
            if *launched { "launched" } else { "laid down" },
            self::area(s, build.port)
        ),
        Event::World(WorldEvent::TechnologyGained {
            power: p,
            technology,
            rule,
            reason,
        }) => format!("{} gains {technology}: {reason} [{rule}]", power(s, *p)),
        Event::World(WorldEvent::GarrisonChanged {
            area,
            owner,
            factors,
            rule,
            reason,
        }) => {
            format!(
                "garrison of {} in {}: {} factors: {reason} [{rule}]",
                nation(s, *owner),
                self::area(s, *area),
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
                "depot of {} in {} {} [{rule}]",
                nation(s, *owner),
                self::area(s, *area),
                if *present { "placed" } else { "removed" }
            )
        }
        Event::World(WorldEvent::DepotCarried {
            fleet,
            owner,
            aboard,
            rule,
            reason,
        }) => format!(
            "depot of {} {} {}: {reason} [{rule}]",
            nation(s, *owner),
            if *aboard { "aboard" } else { "off" },
            forces::fleet_name(s, *fleet)
        ),
        Event::World(WorldEvent::CorpsSheltered {
            corps,
            inside,
            rule,
            reason,
        }) => format!(
            "{} {}: {reason} [{rule}]",
            forces::corps_name(s, *corps),
            if *inside {
                "goes inside the city"
            } else {
                "comes out of the city"
            }
        ),
        Event::World(WorldEvent::LeaderChanged {
            leader,
            status,
            location,
            rule,
            ..
        }) => format!(
            "{}: {}, {} [{rule}]",
            forces::leader_name(s, *leader),
            leader_status(s, status),
            location_words(s, *location)
        ),
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
            "{} of {} comes into play with {} factors: {} [{rule}]",
            forces::corps_name(s, *corps),
            nation(s, corps_def.owner),
            corps_def.factors.total(),
            named(s, reason)
        ),
        Event::World(WorldEvent::FleetCreated {
            fleet,
            fleet_def,
            rule,
            reason,
        }) => format!(
            "{} of {} comes into play with {} ships: {} [{rule}]",
            forces::fleet_name(s, *fleet),
            nation(s, fleet_def.owner),
            fleet_def.ships,
            named(s, reason)
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
        Event::Peace(e) => peace::event(s, e),
        Event::MinorControl(e) => peace::minor_event(s, e),
        Event::Reinforcement(e) => peace::reinforcement_event(s, e),
        Event::Economy(EconomicEvent::ManipulationSet { power: p, square }) => format!(
            "{} sets its economic manipulation marker to square {square} [12.5.2]",
            power(s, *p)
        ),
        Event::Economy(EconomicEvent::SpendingVoided {
            power: p,
            rule,
            reason,
        }) => format!("{}'s purchases are void: {reason} [{rule}]", power(s, *p)),
        Event::Economy(EconomicEvent::PhaseClosed { standing, .. }) => format!(
            "the Economic Phase closes: {} [8.6]",
            standing
                .iter()
                .map(|(p, st)| format!(
                    "{} {} PP, {} money, {} manpower, {} VP",
                    power(s, *p),
                    st.political_points,
                    st.money,
                    st.manpower,
                    st.victory_points
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        // 8.2, 8.5, 4.4 (reparations, which name the chart's term): money passing, in names.
        Event::Economy(EconomicEvent::Transferred { transfer, reason }) => {
            let said = reason
                .strip_prefix(&format!("{}: ", transfer.rule))
                .unwrap_or(reason);
            format!(
                "{} [{}]",
                named(s, said),
                peace::term_name(s, &transfer.rule)
            )
        }
        Event::Economy(EconomicEvent::ManipulationRecorded { reason, .. }) => {
            format!("{} [12.5.1]", named(s, reason))
        }
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
        Event::World(WorldEvent::SiegeChanged {
            area: a,
            siege,
            rule,
            reason,
        }) => land::siege(s, *a, siege.as_ref(), rule, reason),
        Event::World(WorldEvent::PrisonersTaken {
            owner,
            captor,
            factors: f,
            rule,
            reason,
        }) => format!(
            "{} of {} surrender to {}: {reason} [{rule}]",
            factors(f),
            nation(s, *owner),
            nation(s, *captor)
        ),
        Event::World(WorldEvent::Unified {
            was,
            name,
            parts,
            rule,
            ..
        }) => format!(
            "{was} becomes {name}, holding {} [{rule}]",
            parts.join(", ")
        ),
        Event::World(WorldEvent::CapitalTaken { taken, rule }) => format!(
            "{}'s capital {} is taken by {} [{rule}]",
            nation(s, taken.nation),
            area(s, taken.area),
            nation(s, taken.by)
        ),
        Event::GameEnded {
            date,
            reason,
            outcome,
        } => format!(
            "the game ends in {date}: {reason}. {}",
            crate::ending::verdict(outcome, &|p| power(s, p))
        ),
    })
}

pub mod choice;
pub mod destructive;
pub mod forces;
pub mod land;
pub mod naval;
pub mod peace;
pub mod position;
pub mod seen;
#[cfg(test)]
mod tests;

pub use choice::{choice, choice_at, diplomatic, merge};
pub use forces::{corps_name, factors, fleet_name};
pub use position::{position, rulebook, summary};
pub use seen::{event_public, event_seen_by};
