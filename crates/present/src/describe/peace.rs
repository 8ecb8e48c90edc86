//! Rule 4.4 and 4.6 in a player's words: the Peace Step's and the Minor Country Control Step's decisions and
//! events with the scenario's names, and each peace term with what it does as the Victory Conditions Chart's
//! data says it (Coalition's wording, `data/rulesets/*/charts.ron`), never a bare `term B.1` (issue 41).

use super::forces::corps_name;
use super::{area, nation, power, powers};
use coalition_engine::ids::{AreaId, CorpsId, MinorId, Nation, PowerId};
use coalition_engine::political::minors::{MinorDecision, MinorEvent, Stage};
use coalition_engine::political::peace::{Ask, Obligation, PeaceDecision, PeaceEvent, PeaceKind};
use coalition_engine::scenario::{PeaceTermDef, Scenario};

/// 4.4.3 to 4.4.5: a term of the Victory Conditions Chart by its id, its name and what it does
/// (`B.1 Corps removal: Remove 3 corps or …`); an id the chart lacks is shown as it is.
pub fn term(s: &Scenario, id: &str) -> String {
    chart_term(s, id).map_or_else(
        || id.to_string(),
        |t| format!("{} {}: {}", t.id, t.name, t.effect.trim_end_matches('.')),
    )
}

/// A term's short name (`Corps removal (B.1)`).
pub(crate) fn term_name(s: &Scenario, id: &str) -> String {
    chart_term(s, id).map_or_else(|| id.to_string(), |t| format!("{} ({})", t.name, t.id))
}

/// The Victory Conditions Chart's term `id`, if it has one.
fn chart_term<'a>(s: &'a Scenario, id: &str) -> Option<&'a PeaceTermDef> {
    s.charts
        .victory_conditions
        .terms
        .iter()
        .find(|t| t.id == id)
}

/// A decision that names powers: `none` when it names none, else `some` of their names (`France, Austria`).
fn naming_powers(
    s: &Scenario,
    ps: &[PowerId],
    none: &str,
    some: impl FnOnce(String) -> String,
) -> String {
    if ps.is_empty() {
        none.to_string()
    } else {
        some(powers(s, ps))
    }
}

/// What a term names (B.4's corps, B.7's and C.4's minor countries or provinces), by the scenario's names.
pub fn target(s: &Scenario, t: &str) -> String {
    if let Some(m) = MinorId::new(t).ok().filter(|m| s.minor(*m).is_some()) {
        return nation(s, Nation::Minor(m));
    }
    if let Some(a) = AreaId::new(t).ok().filter(|a| s.area(*a).is_some()) {
        return area(s, a);
    }
    if let Ok(c) = CorpsId::new(t) {
        let name = corps_name(s, c);
        if name != t {
            return name;
        }
    }
    t.to_string()
}

fn targets(s: &Scenario, ts: &[String]) -> String {
    ts.iter()
        .map(|t| target(s, t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `powers`, or `nobody` when the list is empty.
fn some(s: &Scenario, ps: &[PowerId]) -> String {
    if ps.is_empty() {
        "nobody".into()
    } else {
        powers(s, ps)
    }
}

/// A Peace Step decision as a player reads it in a menu (4.4).
pub fn decision(s: &Scenario, d: &PeaceDecision) -> String {
    match d {
        PeaceDecision::Propose { informal, sue } if informal.is_empty() && sue.is_empty() => {
            "propose no peace: the wars go on".into()
        }
        PeaceDecision::Propose { informal, sue } => {
            let mut v = Vec::new();
            if !informal.is_empty() {
                v.push(format!(
                    "propose an informal peace to {} (made if they propose it too: no points, no terms, 4.4.1)",
                    powers(s, informal)
                ));
            }
            if !sue.is_empty() {
                v.push(format!(
                    "sue {} for peace: surrender, lose political points and accept their terms (4.4.2)",
                    powers(s, sue)
                ));
            }
            v.join("; ")
        }
        PeaceDecision::Offer {
            unconditional: false,
        } => "offer a conditional peace: the loser protects itself with one list A term, you choose list B terms (4.4.2.2)".into(),
        PeaceDecision::Offer {
            unconditional: true,
        } => "offer an unconditional peace: no protection for the loser, you may choose list C terms too; the loser may refuse (4.4.2.2)".into(),
        PeaceDecision::Accept { victors } => naming_powers(
            s,
            victors,
            "refuse every unconditional peace offered: the wars go on (4.4.2.2)",
            |v| format!("accept the unconditional peace of {v} (4.4.2.2)"),
        ),
        PeaceDecision::Protect { term: t } => format!("protect yourself with {}", term(s, t)),
        PeaceDecision::Term { term: t, targets: ts } if ts.is_empty() => {
            format!("impose {}", term(s, t))
        }
        PeaceDecision::Term { term: t, targets: ts } => {
            format!("impose {} — here: {}", term(s, t), targets(s, ts))
        }
        PeaceDecision::NoMoreTerms => "choose no more terms".into(),
        PeaceDecision::Place { area: a } => {
            format!("send the repatriated force to {} (4.4.6.2)", area(s, *a))
        }
        PeaceDecision::KeepFreeState { keep: true } => {
            "keep the ceded minor country as a free state (4.4.6.4)".into()
        }
        PeaceDecision::KeepFreeState { keep: false } => {
            "make the ceded minor country a conquered one (4.4.6.4)".into()
        }
        PeaceDecision::Demand { allies } => {
            naming_powers(s, allies, "demand no separate peace", |a| {
                format!("demand that {a} break their alliance with you (separate peace, 4.4.7)")
            })
        }
    }
}

/// A Peace Step event in one line for players, with the scenario's names (4.4).
pub fn event(s: &Scenario, e: &PeaceEvent) -> String {
    let p = |x: PowerId| power(s, x);
    match e {
        PeaceEvent::Progress { step } => match &step.asking {
            Ask::Nothing => "the Peace Step moves on".into(),
            Ask::Proposals => {
                "powers at war may propose informal peace or sue for peace (4.4)".into()
            }
            Ask::Offers { loser, victors } => format!(
                "{} must offer {} conditional or unconditional peace (4.4.2.2)",
                powers(s, victors),
                p(*loser)
            ),
            Ask::Answer { loser, victors } => format!(
                "{} may accept or refuse the unconditional peace of {} (4.4.2.2)",
                p(*loser),
                powers(s, victors)
            ),
            Ask::Protect { loser, victor } => format!(
                "{} picks a list A term to protect itself in its peace with {} (4.4.3)",
                p(*loser),
                p(*victor)
            ),
            Ask::Term { loser, victor } => format!(
                "{} may choose a peace term imposed on {} (4.4.5.1)",
                p(*victor),
                p(*loser)
            ),
            Ask::Place(pl) => format!(
                "{} chooses where its force from {} goes: {} (4.4.6.2)",
                nation(s, pl.owner),
                area(s, pl.from),
                areas(s, &pl.options)
            ),
            Ask::CededFree(c) => format!(
                "{} keeps {} as a free state or makes it conquered (4.4.6.4)",
                p(c.acquirer),
                nation(s, Nation::Minor(c.minor))
            ),
            Ask::Demands { rights } => format!(
                "separate peace: {} may demand that allies break their alliance (4.4.7)",
                rights
                    .iter()
                    .map(|(d, a)| format!("{} (from {})", p(*d), powers(s, a)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        PeaceEvent::Proposals { informal, suits } => {
            let mut v: Vec<String> = informal
                .iter()
                .map(|(a, b)| format!("{} and {} agree an informal peace", p(*a), p(*b)))
                .collect();
            v.extend(
                suits
                    .iter()
                    .map(|x| format!("{} sues {} for peace", p(x.loser), powers(s, &x.victors))),
            );
            if v.is_empty() {
                "no peace is proposed".into()
            } else {
                v.join("; ")
            }
        }
        PeaceEvent::Offered { loser, offers } => format!(
            "peace offered to {}: {}",
            p(*loser),
            offers
                .iter()
                .map(|(v, u)| format!(
                    "{} {}",
                    p(*v),
                    if *u { "unconditional" } else { "conditional" }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        PeaceEvent::Refused { loser, victors } => format!(
            "{} refuses the unconditional peace of {}: the war goes on",
            p(*loser),
            powers(s, victors)
        ),
        PeaceEvent::Order { loser, order } => format!(
            "the victors of {} choose terms in this order: {}",
            p(*loser),
            powers(s, order)
        ),
        PeaceEvent::TermChosen { loser, term: t } => {
            let mut out = format!(
                "{} chooses {} for the peace of {}",
                p(t.by),
                term(s, &t.term),
                p(*loser)
            );
            if !t.targets.is_empty() {
                out.push_str(&format!(" — here: {}", targets(s, &t.targets)));
            }
            out
        }
        PeaceEvent::Made { record } => {
            let kind = match record.kind {
                PeaceKind::Informal => "informal peace",
                PeaceKind::Conditional => "conditional peace",
                PeaceKind::Unconditional => "unconditional peace",
            };
            let terms: Vec<String> = record
                .terms
                .iter()
                .map(|t| {
                    let mut x = term_name(s, &t.term);
                    if !t.targets.is_empty() {
                        x.push_str(&format!(" of {}", targets(s, &t.targets)));
                    }
                    x
                })
                .collect();
            format!(
                "{kind} between {} and {} (terms: {})",
                p(record.loser),
                p(record.victor),
                if terms.is_empty() {
                    "none".into()
                } else {
                    terms.join(", ")
                }
            )
        }
        PeaceEvent::Recorded { obligation } => obligation_words(s, obligation),
        PeaceEvent::PlacementOwed { placement } => format!(
            "{}'s force from {} may go to {} (equidistant, 4.4.6.2)",
            nation(s, placement.owner),
            area(s, placement.from),
            areas(s, &placement.options)
        ),
        PeaceEvent::Ended => "the Peace Step ends".into(),
        PeaceEvent::Prisoners(x) => prisoners_returned(s, x.owner, x.captor, &x.factors),
    }
}

/// 4.4.6.1: a peace's return of prisoners, by the nations' names.
fn prisoners_returned(
    s: &Scenario,
    owner: Nation,
    captor: Nation,
    factors: &coalition_engine::scenario::Factors,
) -> String {
    format!(
        "{} returns {} of {}'s factors: they arrive as reinforcements (4.4.6.1)",
        nation(s, captor),
        factors.total(),
        nation(s, owner)
    )
}

fn areas(s: &Scenario, v: &[AreaId]) -> String {
    v.iter().map(|a| area(s, *a)).collect::<Vec<_>>().join(", ")
}

/// What a peace leaves for later phases (4.4.6, 12.4), with the scenario's names.
pub fn obligation_words(s: &Scenario, o: &Obligation) -> String {
    let p = |x: PowerId| power(s, x);
    match o {
        Obligation::Reparations {
            term: t,
            from,
            to,
            once,
            each_of_two,
            ..
        } => format!(
            "{}: {} owes {} reparations of {once} money at the next Economic Phase, or {each_of_two} at each of the next two",
            term_name(s, t),
            p(*from),
            p(*to)
        ),
        Obligation::CorpsOnLoan {
            corps,
            from,
            to,
            until,
        } => format!(
            "{}: {} lends {} to {} until {until}",
            term_name(s, "B.4"),
            p(*from),
            corps_name(s, *corps),
            p(*to)
        ),
        Obligation::TradeRestriction {
            loser,
            victor,
            broken,
            ..
        } => {
            let mut out = format!(
                "{}: {} may not trade with the enemies of {}",
                term_name(s, "B.6"),
                p(*loser),
                p(*victor)
            );
            if let Some(d) = broken {
                out.push_str(&format!(" (broken in {d})"));
            }
            out
        }
        Obligation::UnconditionalAccess { loser, victor, .. } => format!(
            "{}: the forces of {} may stay in the territory of {}",
            term_name(s, "C.5"),
            p(*victor),
            p(*loser)
        ),
        Obligation::LimitedAccess(a) => {
            if a.unconditional {
                format!(
                    "12.4: {} has limited access to the territory of {}: its garrisons must leave the capital cities by the Land Phase of {} (C.5)",
                    p(a.mover),
                    p(a.territory),
                    a.garrisons_by
                )
            } else {
                format!(
                    "12.4: {} has limited access to the territory of {}: its garrisons must leave the cities by the Land Phase of {}, its corps, fleets and depots the territory by that of {}",
                    p(a.mover),
                    p(a.territory),
                    a.garrisons_by,
                    a.forces_by
                )
            }
        }
        Obligation::PoliticalSettlement { loser, victors, .. } => format!(
            "{}: {} impose a political settlement on {}",
            term_name(s, "C.6"),
            powers(s, victors),
            p(*loser)
        ),
        Obligation::PrisonerExchange { a, b, .. } => format!(
            "{} and {} exchange prisoners: surrendered factors return at the next Reinforcement Phase",
            p(*a),
            p(*b)
        ),
        Obligation::FleetsMustLeave {
            owner,
            territory_of,
            fleets,
            ..
        } => format!(
            "fleets of {} ({}) must leave the territory of {} in the next Naval Phase",
            nation(s, *owner),
            fleets
                .iter()
                .map(|f| super::forces::fleet_name(s, *f))
                .collect::<Vec<_>>()
                .join(", "),
            p(*territory_of)
        ),
    }
}

fn minors(s: &Scenario, v: &[MinorId]) -> String {
    v.iter()
        .map(|m| nation(s, Nation::Minor(*m)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A Minor Country Control Step decision as a player reads it (4.6).
pub fn minor_decision(s: &Scenario, d: &MinorDecision) -> String {
    match d {
        MinorDecision::Roll { minors: m } if m.is_empty() => "roll for no minor country".into(),
        MinorDecision::Roll { minors: m } => {
            format!("roll for control of {} (4.6.2)", minors(s, m))
        }
        MinorDecision::SetUp {
            corps,
            garrisons,
            fleet,
        } => {
            let place = |v: &[coalition_engine::political::minors::Placement]| {
                v.iter()
                    .map(|pl| {
                        format!(
                            "{} infantry and {} cavalry at {}",
                            pl.infantry,
                            pl.cavalry,
                            area(s, pl.area)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut v = Vec::new();
            if !corps.is_empty() {
                v.push(format!("corps of {}", place(corps)));
            }
            if !garrisons.is_empty() {
                v.push(format!("garrisons of {}", place(garrisons)));
            }
            if let Some(l) = fleet {
                v.push(format!("its fleet {}", super::location_words(s, *l)));
            }
            if v.is_empty() {
                "set up nothing".into()
            } else {
                format!("set up {} (4.6.3.4)", v.join("; "))
            }
        }
        MinorDecision::BackDown { minors: m } if m.is_empty() => "back down from no minor".into(),
        MinorDecision::BackDown { minors: m } => format!(
            "back down from {}: no war with it after all (4.6.4)",
            minors(s, m)
        ),
        MinorDecision::Support { against } => naming_powers(
            s,
            against,
            "declare war on none of the minor's aggressors",
            |a| format!("declare war on {a}, the minor's aggressors (4.6.5)"),
        ),
    }
}

/// A Minor Country Control Step event in one line for players, with the scenario's names (4.6).
pub fn minor_event(s: &Scenario, e: &MinorEvent) -> String {
    let p = |x: PowerId| power(s, x);
    let m = |x: MinorId| nation(s, Nation::Minor(x));
    match e {
        MinorEvent::Began { targets } => format!(
            "minor country control: {}",
            targets
                .iter()
                .map(|t| format!("{} (declared on by {})", m(t.minor), some(s, &t.attackers)))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        MinorEvent::Reverted { minor, from, zone } => format!(
            "{} breaks away from {} ({zone} zone, 4.6.1) and is neutral again",
            m(*minor),
            p(*from)
        ),
        MinorEvent::Up { stage } => match stage {
            Stage::Willing => "powers say whether they wish to roll for control".into(),
            Stage::SetUp { power: x, minor } => {
                format!("{} sets up the forces of {}", p(*x), m(*minor))
            }
            Stage::BackDown => "attackers say whether they back down".into(),
            Stage::Support { power: x, minor } => format!(
                "{} may declare war on the aggressors of {}",
                p(*x),
                m(*minor)
            ),
        },
        MinorEvent::NoRunner { minor } => format!(
            "no power will run {}: its attackers pay nothing for it and its forces stay off the map",
            m(*minor)
        ),
        MinorEvent::Chosen { minor, power: x } => {
            format!("{} is chosen to run {}", p(*x), m(*minor))
        }
        MinorEvent::ForcesSetUp { minor, power: x } => {
            format!("{} has set up the forces of {}", p(*x), m(*minor))
        }
        MinorEvent::CombatPoints { minor, power: x } => format!(
            "{} gains and loses the political points of {}'s combats",
            p(*x),
            m(*minor)
        ),
        MinorEvent::BackedDown {
            minor,
            power: x,
            forced,
        } => match forced {
            Some(r) => format!("{} must back down from {}: {r}", p(*x), m(*minor)),
            None => format!("{} backs down from {}", p(*x), m(*minor)),
        },
        MinorEvent::NotAtWar(n) => format!(
            "{} runs {} without being at war with {} (4.6.5.2, 4.6.5.3)",
            p(n.controller),
            m(n.minor),
            p(n.aggressor)
        ),
        // The phase headers and the end say nothing with an id in them.
        e => e.to_string(),
    }
}

/// Rule 5: a Reinforcement Phase event in one line for players, with the scenario's names.
pub fn reinforcement_event(
    s: &Scenario,
    e: &coalition_engine::reinforcement::ReinforcementEvent,
) -> String {
    use coalition_engine::reinforcement::ReinforcementEvent as R;
    match e {
        R::Arrived {
            owner,
            unit,
            count,
            port,
            rule,
            reason,
        } => format!(
            "{count} {} of {} arrive{} ({rule}): {}",
            super::words(unit),
            nation(s, *owner),
            port.map(|p| format!(" (built at {})", area(s, p)))
                .unwrap_or_default(),
            super::named(s, reason)
        ),
        R::ShipsDestroyed {
            owner,
            port,
            count,
            rule,
            reason,
        } => format!(
            "{count} ship(s) of {} at {} destroyed ({rule}): {reason}",
            nation(s, *owner),
            area(s, *port)
        ),
        R::PrisonersSet {
            owner,
            captor,
            factors,
            rule,
            ..
        } => format!(
            "{} holds {} of {}'s factors prisoner ({rule})",
            nation(s, *captor),
            factors.total(),
            nation(s, *owner)
        ),
        R::PrisonersReturned {
            owner,
            captor,
            factors,
            ..
        } => prisoners_returned(s, *owner, *captor, factors),
        R::ShipsSeized {
            port,
            minor,
            keep,
            by,
            ..
        } => format!(
            "{}'s ships at {}: {} by {}'s choice (12.1.2.2)",
            nation(s, Nation::Minor(*minor)),
            area(s, *port),
            if *keep {
                "kept, building goes on"
            } else {
                "destroyed"
            },
            power(s, *by)
        ),
    }
}
