//! Rule 4.4: the Peace Step. Coalition's reading is in `docs/rules/peace.md`; in short:
//!
//! 1. Proposals (one sealed round of every power at war with a major power): each names the enemies it offers an
//!    informal peace (4.4.1, made when both name each other) and those it sues (4.4.2; 4.4.2.1 limits suits to
//!    powers with forces inside the suer's home nation unless it sues every major enemy at once).
//! 2. Informal peaces are made at once: the war ends, prisoners are exchanged and forces repatriated (4.4.1,
//!    4.4.6.1, 4.4.6.2); no points, no enforced peace, no terms.
//! 3. Each suing power in key order (a "surrender"): the powers it sued offer conditional or unconditional peace
//!    (4.4.2.2, one open round); if any offer is unconditional the loser accepts some, all or none of them
//!    (a refused one is no peace: the war goes on); the loser picks one list A term per conditional victor (4.4.3);
//!    the victors are ordered (4.4.5.2, competitive rolls for ties) and choose terms in turn, one a round
//!    (4.4.3, 4.4.4, 4.4.5.1, 4.4.5.3); then the peace takes effect: points (4.4.2.3, 4.4.5), war ended, the terms,
//!    enforced peace (4.4.6.3), prisoner exchange, repatriation (with a round for the owner whenever several
//!    areas are equally near), ceded free states kept or conquered (4.4.6.4), a final peace (4.4.8).
//! 4. Separate peace (4.4.7): powers entitled to demand that an ally break their alliance do so in one round.
//!
//! Default decisions (3.6): no proposals (an UMP forced to surrender under 14.3.1.3.3 sues every major enemy and
//! accepts every offer: `umps::midyear`); a victor offers conditional peace; a loser refuses every unconditional
//! offer; a loser picks the first list A term (A.1); a victor chooses no (more) terms; repatriated forces go to the
//! first equidistant area by id; a ceded free state is kept as it is; no separate-peace demand.

use super::{name, points};
use crate::decision::Decision;
use crate::event::Event;
use crate::game::Ctx;
use crate::kernel::calendar::Date;
use crate::kernel::dice::{Dice, Entrant, competitive};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, MinorId, Nation, PowerId};
use crate::scenario::{
    CorpsKind, Factors, Location, MinorStatus, PeaceTermDef, Scenario, TermList,
};
use crate::state::{EnforcedPeace, LeaderStatus, RoundKind, State, WarCause};
use crate::world::WorldEvent;
pub use crate::world::treaties::{
    ChosenTerm, Obligation, PeaceKind, PeaceRecord, record_trade_breach, trade_restriction_broken,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A power's suit for peace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suit {
    pub loser: PowerId,
    pub victors: Vec<PowerId>,
}

/// A surrender in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Surrender {
    pub loser: PowerId,
    /// The powers sued, still at war with the loser.
    pub sued: Vec<PowerId>,
    /// Offers made: (victor, unconditional).
    pub offers: Vec<(PowerId, bool)>,
    pub offered: bool,
    pub answered: bool,
    /// The victors the loser surrenders to: (victor, unconditional).
    pub to: Vec<(PowerId, bool)>,
    /// The loser's list A term for each conditional victor.
    pub protections: Vec<(PowerId, String)>,
    /// The order in which victors choose (4.4.5.2), once set.
    pub order: Vec<PowerId>,
    pub ordered: bool,
    /// Index in `order` of the victor whose turn it is.
    pub turn: usize,
    /// Victors that want no more terms.
    pub finished: Vec<PowerId>,
    /// The victors' terms, in the order chosen.
    pub terms: Vec<ChosenTerm>,
}

/// What a repatriated force is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    Corps(CorpsId),
    Garrison(Factors),
}

/// A repatriated force whose owner chooses among equidistant areas (4.4.6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub owner: Nation,
    pub item: Item,
    pub from: AreaId,
    pub options: Vec<AreaId>,
    /// The clause that repatriates it: 4.4.6.2 after a peace, 4.6.6 after a lapse of war with a minor.
    #[serde(default = "repatriation_rule")]
    pub rule: String,
}

fn repatriation_rule() -> String {
    "4.4.6.2".to_string()
}

/// A free state ceded to `acquirer` (4.4.6.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CededFree {
    pub acquirer: PowerId,
    pub minor: MinorId,
}

/// The question the step is asking now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    #[default]
    Nothing,
    /// Every power at war with a major: informal peace proposals and suits.
    Proposals,
    /// The victors sued by `loser` offer peace.
    Offers {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// `loser` accepts or refuses unconditional offers.
    Answer {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// `loser` picks its list A term for `victor`.
    Protect { loser: PowerId, victor: PowerId },
    /// `victor` chooses a term (or no more).
    Term { loser: PowerId, victor: PowerId },
    /// A repatriated force's owner picks its area.
    Place(Placement),
    /// An acquirer keeps or conquers a ceded free state.
    CededFree(CededFree),
    /// Separate-peace demands: (demander, allies it may demand a break from).
    Demands {
        rights: Vec<(PowerId, Vec<PowerId>)>,
    },
}

/// The step in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sub {
    pub suits: Vec<Suit>,
    pub surrender: Option<Surrender>,
    pub placements: Vec<Placement>,
    pub ceded_free: Vec<CededFree>,
    /// Informal peaces made this step (4.4.7, last sentence).
    pub informal: Vec<(PowerId, PowerId)>,
    /// Formal surrenders made this step: (loser, victors) (4.4.7).
    pub surrendered: Vec<(PowerId, Vec<PowerId>)>,
    pub demands_done: bool,
    /// The powers owing the proposals round, opened once the placements of the step's start (4.6.6) are done.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<PowerId>,
    pub asking: Ask,
}

/// The step's own state, kept in `State` (the peaces made and what they leave are the world's `treaties`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeaceState {
    /// The step in progress, if any.
    #[serde(default)]
    pub step: Option<Sub>,
}

/// A decision of the step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PeaceDecision {
    /// Proposals (4.4.1, 4.4.2): enemies offered an informal peace, enemies sued.
    Propose {
        #[serde(default)]
        informal: Vec<PowerId>,
        #[serde(default)]
        sue: Vec<PowerId>,
    },
    /// A victor's offer (4.4.2.2).
    Offer { unconditional: bool },
    /// The loser accepts these unconditional offers and refuses the others (4.4.2.2).
    Accept { victors: Vec<PowerId> },
    /// The loser's list A term (4.4.3).
    Protect { term: String },
    /// A victor's term from list B (or C), naming what B.4, B.7 and C.4 need.
    Term {
        term: String,
        #[serde(default)]
        targets: Vec<String>,
    },
    /// A victor chooses no more terms.
    NoMoreTerms,
    /// The area a repatriated force goes to (4.4.6.2).
    Place { area: AreaId },
    /// A ceded free state: keep it (true) or make it conquered (false) (4.4.6.4).
    KeepFreeState { keep: bool },
    /// Allies that must break their alliance with the demander (4.4.7).
    Demand { allies: Vec<PowerId> },
}

fn join<T: fmt::Display>(v: &[T]) -> String {
    if v.is_empty() {
        return "none".into();
    }
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl fmt::Display for PeaceDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceDecision::Propose { informal, sue } => {
                if informal.is_empty() && sue.is_empty() {
                    return write!(f, "peace none");
                }
                write!(f, "peace")?;
                if !informal.is_empty() {
                    write!(f, " informal {}", join(informal))?;
                }
                if !sue.is_empty() {
                    write!(f, " sue {}", join(sue))?;
                }
                Ok(())
            }
            PeaceDecision::Offer { unconditional } => write!(
                f,
                "offer {}",
                if *unconditional {
                    "unconditional"
                } else {
                    "conditional"
                }
            ),
            PeaceDecision::Accept { victors } => write!(f, "accept {}", join(victors)),
            PeaceDecision::Protect { term } => write!(f, "protect {term}"),
            PeaceDecision::Term { term, targets } if targets.is_empty() => write!(f, "term {term}"),
            PeaceDecision::Term { term, targets } => write!(f, "term {term} {}", join(targets)),
            PeaceDecision::NoMoreTerms => write!(f, "term done"),
            PeaceDecision::Place { area } => write!(f, "place {area}"),
            PeaceDecision::KeepFreeState { keep } => {
                write!(f, "ceded {}", if *keep { "keep" } else { "conquer" })
            }
            PeaceDecision::Demand { allies } => write!(f, "demand {}", join(allies)),
        }
    }
}

/// The step's own events, applied by `apply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeaceEvent {
    /// The step's sub-state moves on (what it asks next is in `asking`).
    Progress { step: Box<Sub> },
    /// The proposals revealed: informal peaces agreed and suits made.
    Proposals {
        informal: Vec<(PowerId, PowerId)>,
        suits: Vec<Suit>,
    },
    /// Victors' offers to a loser: (victor, unconditional).
    Offered {
        loser: PowerId,
        offers: Vec<(PowerId, bool)>,
    },
    /// Unconditional offers refused: the war goes on (4.4.2.2).
    Refused {
        loser: PowerId,
        victors: Vec<PowerId>,
    },
    /// The victors' order of choice (4.4.5.2).
    Order { loser: PowerId, order: Vec<PowerId> },
    /// A term chosen (list A by the loser, B or C by a victor).
    TermChosen { loser: PowerId, term: ChosenTerm },
    /// A peace made.
    Made { record: PeaceRecord },
    /// An obligation left for a later phase.
    Recorded { obligation: Obligation },
    /// A repatriated force's owner must choose its area.
    PlacementOwed { placement: Placement },
    /// The step ends.
    Ended,
}

impl fmt::Display for PeaceEvent {
    /// One line for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeaceEvent::Progress { step } => match &step.asking {
                Ask::Nothing => write!(f, "the Peace Step moves on"),
                Ask::Proposals => write!(
                    f,
                    "powers at war may propose informal peace or sue for peace (4.4)"
                ),
                Ask::Offers { loser, victors } => write!(
                    f,
                    "{} must offer {loser} conditional or unconditional peace (4.4.2.2)",
                    join(victors)
                ),
                Ask::Answer { loser, victors } => write!(
                    f,
                    "{loser} may accept or refuse the unconditional peace of {} (4.4.2.2)",
                    join(victors)
                ),
                Ask::Protect { loser, victor } => {
                    write!(
                        f,
                        "{loser} picks a list A term for its peace with {victor} (4.4.3)"
                    )
                }
                Ask::Term { loser, victor } => {
                    write!(
                        f,
                        "{victor} may choose a peace term imposed on {loser} (4.4.5.1)"
                    )
                }
                Ask::Place(p) => write!(
                    f,
                    "{} chooses where its force from {} goes: {} (4.4.6.2)",
                    p.owner,
                    p.from,
                    join(&p.options)
                ),
                Ask::CededFree(c) => write!(
                    f,
                    "{} keeps {} as a free state or makes it conquered (4.4.6.4)",
                    c.acquirer, c.minor
                ),
                Ask::Demands { rights } => write!(
                    f,
                    "separate peace: {} may demand that allies break their alliance (4.4.7)",
                    rights
                        .iter()
                        .map(|(d, a)| format!("{d} (from {})", join(a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
            PeaceEvent::Proposals { informal, suits } => {
                let i: Vec<String> = informal.iter().map(|(a, b)| format!("{a}-{b}")).collect();
                let s: Vec<String> = suits
                    .iter()
                    .map(|s| format!("{} sues {}", s.loser, join(&s.victors)))
                    .collect();
                write!(
                    f,
                    "informal peace agreed: {}; suits: {}",
                    join(&i),
                    join(&s)
                )
            }
            PeaceEvent::Offered { loser, offers } => {
                let o: Vec<String> = offers
                    .iter()
                    .map(|(v, u)| {
                        format!("{v} {}", if *u { "unconditional" } else { "conditional" })
                    })
                    .collect();
                write!(f, "peace offered to {loser}: {}", o.join(", "))
            }
            PeaceEvent::Refused { loser, victors } => write!(
                f,
                "{loser} refuses the unconditional peace of {}: the war goes on",
                join(victors)
            ),
            PeaceEvent::Order { loser, order } => {
                write!(
                    f,
                    "victors of {loser} choose terms in the order {}",
                    join(order)
                )
            }
            PeaceEvent::TermChosen { loser, term } => {
                write!(
                    f,
                    "{} chooses {} for the peace of {loser}",
                    term.by, term.term
                )?;
                if !term.targets.is_empty() {
                    write!(f, " ({})", join(&term.targets))?;
                }
                Ok(())
            }
            PeaceEvent::Made { record } => {
                let kind = match record.kind {
                    PeaceKind::Informal => "informal peace",
                    PeaceKind::Conditional => "conditional peace",
                    PeaceKind::Unconditional => "unconditional peace",
                };
                let terms: Vec<String> = record.terms.iter().map(|t| t.term.clone()).collect();
                write!(
                    f,
                    "{kind} between {} and {} (terms: {})",
                    record.loser,
                    record.victor,
                    join(&terms)
                )
            }
            PeaceEvent::Recorded { obligation } => match obligation {
                Obligation::Reparations {
                    term,
                    from,
                    to,
                    once,
                    each_of_two,
                    ..
                } => write!(
                    f,
                    "{term}: {from} owes {to} reparations of {once} at the next Economic Phase or {each_of_two} at each of the next two"
                ),
                Obligation::CorpsOnLoan {
                    corps,
                    from,
                    to,
                    until,
                } => write!(f, "B.4: {from} lends corps {corps} to {to} until {until}"),
                Obligation::TradeRestriction {
                    loser,
                    victor,
                    broken,
                    ..
                } => {
                    write!(f, "B.6: {loser} may not trade with the enemies of {victor}")?;
                    match broken {
                        Some(d) => write!(f, " (broken in {d})"),
                        None => Ok(()),
                    }
                }
                Obligation::UnconditionalAccess { loser, victor, .. } => write!(
                    f,
                    "C.5: the forces of {victor} may stay in the territory of {loser}"
                ),
                Obligation::PoliticalSettlement { loser, victors, .. } => write!(
                    f,
                    "C.6: {} impose a political settlement on {loser}",
                    join(victors)
                ),
                Obligation::PrisonerExchange { a, b, .. } => write!(
                    f,
                    "{a} and {b} exchange prisoners: surrendered factors return at the next Reinforcement Phase"
                ),
                Obligation::FleetsMustLeave {
                    owner,
                    territory_of,
                    fleets,
                    ..
                } => write!(
                    f,
                    "fleets of {owner} ({}) must leave the territory of {territory_of} in the next Naval Phase",
                    join(fleets)
                ),
            },
            PeaceEvent::PlacementOwed { placement } => write!(
                f,
                "{}'s force from {} may go to {} (equidistant)",
                placement.owner,
                placement.from,
                join(&placement.options)
            ),
            PeaceEvent::Ended => write!(f, "the Peace Step ends"),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

fn term_def<'a>(sc: &'a Scenario, id: &str) -> Option<&'a PeaceTermDef> {
    sc.charts
        .victory_conditions
        .terms
        .iter()
        .find(|t| t.id == id)
}

fn param(sc: &Scenario, id: &str, key: &str, or: i32) -> i32 {
    term_def(sc, id)
        .and_then(|t| t.params.get(key).copied())
        .unwrap_or(or)
}

fn enemies_major(st: &State, p: PowerId) -> Vec<PowerId> {
    st.enemies(Nation::Power(p))
        .into_iter()
        .filter_map(|n| n.power())
        .filter(|e| st.in_game(*e))
        .collect()
}

fn controlled_by(st: &State, n: Nation, p: PowerId) -> bool {
    st.controller_of(n) == Some(p)
}

/// 4.4.2.1: whether `v` (or a minor it controls) has corps or garrisons inside `loser`'s home nation.
pub fn forces_inside(sc: &Scenario, st: &State, v: PowerId, loser: PowerId) -> bool {
    let home = Nation::Power(loser);
    let inside = |a: AreaId| sc.nation_of_area(a) == Some(home);
    st.forces.corps.values().any(|c| {
        controlled_by(st, c.owner, v) && matches!(c.location, Location::Area(a) if inside(a))
    }) || st
        .forces
        .garrisons
        .iter()
        .any(|((a, n), f)| !f.is_empty() && controlled_by(st, *n, v) && inside(*a))
}

/// The provinces of `loser`'s home nation that it still holds (some area) and that are not in `taken`.
fn home_provinces(
    sc: &Scenario,
    st: &State,
    loser: PowerId,
    taken: &BTreeSet<String>,
) -> Vec<String> {
    sc.map
        .provinces
        .iter()
        .filter(|p| sc.nation(p.nation) == Some(Nation::Power(loser)))
        .filter(|p| !taken.contains(p.id.as_str()))
        .filter(|p| {
            sc.map
                .areas
                .iter()
                .any(|a| a.province == p.id && st.area_power(sc, a.id) == Some(loser))
        })
        .map(|p| p.id.to_string())
        .collect()
}

fn capital_province(sc: &Scenario, loser: PowerId) -> Option<String> {
    sc.power(loser)
        .and_then(|d| sc.area(d.capital))
        .map(|a| a.province.to_string())
}

fn province_areas(sc: &Scenario, province: &str) -> Vec<AreaId> {
    sc.map
        .areas
        .iter()
        .filter(|a| a.province.as_str() == province)
        .map(|a| a.id)
        .collect()
}

/// Everything already ceded in this surrender.
fn ceded(s: &Surrender) -> BTreeSet<String> {
    s.terms
        .iter()
        .filter(|t| t.term == "B.7" || t.term == "C.4")
        .flat_map(|t| t.targets.iter().cloned())
        .collect()
}

/// The targets a term may name now, one choice each (empty: the term needs none).
fn target_options(
    sc: &Scenario,
    st: &State,
    s: &Surrender,
    victor: PowerId,
    term: &str,
) -> Vec<String> {
    let loser = s.loser;
    let taken = ceded(s);
    let provinces = || {
        let avail = home_provinces(sc, st, loser, &taken);
        let cap = capital_province(sc, loser);
        // 4.4.8: the capital's province only if no other province is available.
        if avail.len() > 1 {
            avail
                .into_iter()
                .filter(|p| Some(p) != cap.as_ref())
                .collect()
        } else {
            avail
        }
    };
    match term {
        "B.4" => {
            let lent: BTreeSet<&String> = s
                .terms
                .iter()
                .filter(|t| t.term == "B.4")
                .flat_map(|t| t.targets.iter())
                .collect();
            st.forces
                .corps
                .iter()
                .filter(|(id, c)| {
                    c.owner == Nation::Power(loser)
                        && matches!(c.location, Location::Area(_))
                        && !c.factors.is_empty()
                        && !lent.contains(&id.to_string())
                })
                .map(|(id, _)| id.to_string())
                .collect()
        }
        "B.7" => {
            let mut v: Vec<String> = st
                .minors
                .iter()
                .filter(|(m, ms)| ms.controller == Some(loser) && !taken.contains(m.as_str()))
                .map(|(m, _)| m.to_string())
                .collect();
            let a5 = s
                .protections
                .iter()
                .any(|(pv, t)| *pv == victor && t == "A.5");
            if !a5 {
                v.extend(provinces());
            }
            v
        }
        "C.4" => provinces(),
        _ => Vec::new(),
    }
}

fn needs_target(term: &str) -> bool {
    matches!(term, "B.4" | "B.7" | "C.4")
}

/// Terms `victor` may still choose (ignoring targets), 4.4.3, 4.4.4, 4.4.5.3.
fn available_terms(sc: &Scenario, st: &State, s: &Surrender, victor: PowerId) -> Vec<String> {
    let Some(&(_, unc)) = s.to.iter().find(|(v, _)| *v == victor) else {
        return Vec::new();
    };
    let max = if unc { 3 } else { 2 };
    if s.terms.iter().filter(|t| t.by == victor).count() >= max || s.finished.contains(&victor) {
        return Vec::new();
    }
    let protection = s
        .protections
        .iter()
        .find(|(v, _)| *v == victor)
        .and_then(|(_, t)| term_def(sc, t));
    sc.charts
        .victory_conditions
        .terms
        .iter()
        .filter(|t| t.list == TermList::B || (unc && t.list == TermList::C))
        .filter(|t| {
            if t.id == "C.6" {
                !s.terms.iter().any(|c| c.by == victor && c.term == "C.6")
            } else {
                !s.terms.iter().any(|c| c.term == t.id)
            }
        })
        .filter(|t| {
            !s.terms.iter().any(|c| {
                c.term != t.id
                    && (t.excludes.contains(&c.term)
                        || term_def(sc, &c.term).is_some_and(|d| d.excludes.contains(&t.id)))
            })
        })
        .filter(|t| unc || !protection.is_some_and(|p| p.cancels.contains(&t.id)))
        .filter(|t| !needs_target(&t.id) || !target_options(sc, st, s, victor, &t.id).is_empty())
        .map(|t| t.id.clone())
        .collect()
}

/// Areas reachable by land links and crossings, nearest first: the nearest areas satisfying `ok`.
pub(crate) fn nearest(sc: &Scenario, from: AreaId, ok: impl Fn(AreaId) -> bool) -> Vec<AreaId> {
    let mut adj: BTreeMap<AreaId, Vec<AreaId>> = BTreeMap::new();
    for c in sc.map.crossings.iter().filter(|c| c.optional.is_none()) {
        adj.entry(c.a).or_default().push(c.b);
        adj.entry(c.b).or_default().push(c.a);
    }
    let mut seen = BTreeSet::from([from]);
    let mut layer = vec![from];
    while !layer.is_empty() {
        let mut hits: Vec<AreaId> = layer.iter().copied().filter(|a| ok(*a)).collect();
        if !hits.is_empty() {
            hits.sort();
            return hits;
        }
        let mut next = Vec::new();
        for a in &layer {
            let ns = sc
                .land_neighbours(*a)
                .chain(adj.get(a).into_iter().flatten().copied());
            for n in ns.collect::<Vec<_>>() {
                if seen.insert(n) {
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    Vec::new()
}

/// Events are applied to a local copy of the state as they are made, so later rules see earlier effects.
struct Run<'a> {
    sc: &'a Scenario,
    st: State,
    ev: Vec<Event>,
}

impl<'a> Run<'a> {
    fn new(ctx: &Ctx<'a>) -> Run<'a> {
        Run {
            sc: ctx.scenario,
            st: ctx.state.clone(),
            ev: Vec::new(),
        }
    }
    fn push(&mut self, e: impl Into<Event>) {
        let e = e.into();
        crate::apply::apply(&mut self.st, &e);
        self.ev.push(e);
    }
    fn peace(&mut self, e: PeaceEvent) {
        self.push(Event::Peace(e));
    }
    fn name(&self, p: PowerId) -> String {
        name(self.sc, p)
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The step

/// Powers at war with a major power, still in the game.
fn at_war_powers(st: &State) -> Vec<PowerId> {
    st.powers_in_game()
        .into_iter()
        .filter(|p| !enemies_major(st, *p).is_empty())
        .collect()
}

/// Begins the step: wars with minor countries lapse first (4.6.6), their owners placing forces repatriated to
/// equidistant areas (4.4.6.2) one round each; then the proposals round of every power at war with a major
/// power, or nothing.
pub fn begin(ctx: &Ctx, dice: &mut Dice) -> Vec<Event> {
    let (lapsed, placements) = super::minors::lapse_of_war(ctx);
    let mut run = Run::new(ctx);
    for e in lapsed {
        run.push(e);
    }
    let owing = at_war_powers(&run.st);
    if placements.is_empty() && owing.is_empty() {
        return run.ev;
    }
    let sub = Sub {
        placements,
        proposals: owing,
        ..Default::default()
    };
    next(&mut run, sub, dice);
    run.ev
}

fn asking<'a>(ctx: &Ctx<'a>) -> Option<&'a Ask> {
    ctx.state.peace.step.as_ref().map(|s| &s.asking)
}

fn surrender<'a>(ctx: &Ctx<'a>) -> Option<&'a Surrender> {
    ctx.state
        .peace
        .step
        .as_ref()
        .and_then(|s| s.surrender.as_ref())
}

fn pd(d: PeaceDecision) -> Decision {
    Decision::Peace(d)
}

/// `power`'s legal decisions in the current round (multi-power lists are offered one at a time and all at once;
/// any other combination the checks allow may be submitted too).
pub fn choices(ctx: &Ctx, power: PowerId) -> Vec<Decision> {
    let (sc, st) = (ctx.scenario, ctx.state);
    let mut v = Vec::new();
    match asking(ctx) {
        Some(Ask::Proposals) => {
            v.push(PeaceDecision::Propose {
                informal: vec![],
                sue: vec![],
            });
            let enemies = enemies_major(st, power);
            for e in &enemies {
                v.push(PeaceDecision::Propose {
                    informal: vec![*e],
                    sue: vec![],
                });
                if forces_inside(sc, st, *e, power) || enemies.len() == 1 {
                    v.push(PeaceDecision::Propose {
                        informal: vec![],
                        sue: vec![*e],
                    });
                }
            }
            if enemies.len() > 1 {
                v.push(PeaceDecision::Propose {
                    informal: vec![],
                    sue: enemies.clone(),
                });
            }
        }
        Some(Ask::Offers { victors, .. }) if victors.contains(&power) => {
            v.push(PeaceDecision::Offer {
                unconditional: false,
            });
            v.push(PeaceDecision::Offer {
                unconditional: true,
            });
        }
        Some(Ask::Answer { loser, victors }) if *loser == power => {
            v.push(PeaceDecision::Accept { victors: vec![] });
            for x in victors {
                v.push(PeaceDecision::Accept { victors: vec![*x] });
            }
            if victors.len() > 1 {
                v.push(PeaceDecision::Accept {
                    victors: victors.clone(),
                });
            }
        }
        Some(Ask::Protect { loser, .. }) if *loser == power => {
            for t in sc
                .charts
                .victory_conditions
                .terms
                .iter()
                .filter(|t| t.list == TermList::A)
            {
                v.push(PeaceDecision::Protect { term: t.id.clone() });
            }
        }
        Some(Ask::Term { victor, .. }) if *victor == power => {
            v.push(PeaceDecision::NoMoreTerms);
            if let Some(s) = surrender(ctx) {
                for t in available_terms(sc, st, s, power) {
                    if needs_target(&t) {
                        for x in target_options(sc, st, s, power, &t) {
                            v.push(PeaceDecision::Term {
                                term: t.clone(),
                                targets: vec![x],
                            });
                        }
                    } else {
                        v.push(PeaceDecision::Term {
                            term: t,
                            targets: vec![],
                        });
                    }
                }
            }
        }
        Some(Ask::Place(p)) if st.controller_of(p.owner) == Some(power) => {
            for a in &p.options {
                v.push(PeaceDecision::Place { area: *a });
            }
        }
        Some(Ask::CededFree(c)) if c.acquirer == power => {
            v.push(PeaceDecision::KeepFreeState { keep: true });
            // 4.8: a power that declared the minor a free state may not make it conquered.
            if st.may_hold_conquered(sc, c.minor, power).is_ok() {
                v.push(PeaceDecision::KeepFreeState { keep: false });
            }
        }
        Some(Ask::Demands { rights }) => {
            if let Some((_, allies)) = rights.iter().find(|(d, _)| *d == power) {
                v.push(PeaceDecision::Demand { allies: vec![] });
                for a in allies {
                    v.push(PeaceDecision::Demand { allies: vec![*a] });
                }
                if allies.len() > 1 {
                    v.push(PeaceDecision::Demand {
                        allies: allies.clone(),
                    });
                }
            }
        }
        _ => {}
    }
    v.into_iter().map(pd).collect()
}

/// The default decision of `power` (3.6): see the module documentation.
pub fn default(ctx: &Ctx, power: PowerId) -> Decision {
    let d = match asking(ctx) {
        Some(Ask::Offers { .. }) => PeaceDecision::Offer {
            unconditional: false,
        },
        // 14.3.1.3.3: an UMP forced to surrender accepts every offer.
        Some(Ask::Answer { loser, victors })
            if crate::world::ump_rules::must_surrender(ctx.state, *loser) =>
        {
            PeaceDecision::Accept {
                victors: victors.clone(),
            }
        }
        Some(Ask::Answer { .. }) => PeaceDecision::Accept { victors: vec![] },
        Some(Ask::Protect { .. }) => PeaceDecision::Protect {
            term: ctx
                .scenario
                .charts
                .victory_conditions
                .terms
                .iter()
                .find(|t| t.list == TermList::A)
                .map(|t| t.id.clone())
                .unwrap_or_default(),
        },
        Some(Ask::Term { .. }) => PeaceDecision::NoMoreTerms,
        Some(Ask::Place(p)) => PeaceDecision::Place {
            area: p.options.first().copied().unwrap_or(p.from),
        },
        Some(Ask::CededFree(_)) => PeaceDecision::KeepFreeState { keep: true },
        Some(Ask::Demands { .. }) => PeaceDecision::Demand { allies: vec![] },
        // 14.3.1.3.3: an UMP forced to surrender sues every major enemy.
        Some(Ask::Proposals) if crate::world::ump_rules::must_surrender(ctx.state, power) => {
            PeaceDecision::Propose {
                informal: vec![],
                sue: enemies_major(ctx.state, power),
            }
        }
        _ => PeaceDecision::Propose {
            informal: vec![],
            sue: vec![],
        },
    };
    let _ = power;
    pd(d)
}

fn not_asked(sc: &Scenario, power: PowerId) -> RuleError {
    RuleError::new(
        "3.1",
        format!("{} is not asked for this decision now", name(sc, power)),
    )
}

/// Checks a decision.
pub fn check(ctx: &Ctx, power: PowerId, d: &PeaceDecision) -> RuleResult<()> {
    let (sc, st) = (ctx.scenario, ctx.state);
    let me = name(sc, power);
    match (asking(ctx), d) {
        (Some(Ask::Proposals), PeaceDecision::Propose { informal, sue }) => {
            super::distinct(informal)?;
            super::distinct(sue)?;
            let enemies = enemies_major(st, power);
            for e in informal.iter().chain(sue) {
                if !enemies.contains(e) {
                    return Err(RuleError::new(
                        "4.4",
                        format!(
                            "{me} is not at war with {}: peace is made only between powers at war",
                            name(sc, *e)
                        ),
                    ));
                }
            }
            if let Some(e) = informal.iter().find(|e| sue.contains(e)) {
                return Err(RuleError::new(
                    "4.4",
                    format!(
                        "{me} may not both propose an informal peace to {} and sue it",
                        name(sc, *e)
                    ),
                ));
            }
            let all = enemies.iter().all(|e| sue.contains(e));
            if !all {
                if let Some(e) = sue.iter().find(|e| !forces_inside(sc, st, **e, power)) {
                    return Err(RuleError::new(
                        "4.4.2.1",
                        format!(
                            "{me} may not sue {} for peace: it has no forces inside {me}'s home nation, and {me} does not sue every major power it is at war with",
                            name(sc, *e)
                        ),
                    ));
                }
            }
            Ok(())
        }
        (Some(Ask::Offers { victors, .. }), PeaceDecision::Offer { .. })
            if victors.contains(&power) =>
        {
            Ok(())
        }
        (Some(Ask::Answer { loser, victors }), PeaceDecision::Accept { victors: acc })
            if *loser == power =>
        {
            super::distinct(acc)?;
            if let Some(x) = acc.iter().find(|x| !victors.contains(x)) {
                return Err(RuleError::new(
                    "4.4.2.2",
                    format!(
                        "{} offered {me} no unconditional peace to accept",
                        name(sc, *x)
                    ),
                ));
            }
            Ok(())
        }
        (Some(Ask::Protect { loser, .. }), PeaceDecision::Protect { term }) if *loser == power => {
            match term_def(sc, term) {
                Some(t) if t.list == TermList::A => Ok(()),
                _ => Err(RuleError::new(
                    "4.4.3",
                    format!("`{term}` is not a term of list A"),
                )),
            }
        }
        (Some(Ask::Term { victor, .. }), PeaceDecision::NoMoreTerms) if *victor == power => Ok(()),
        (Some(Ask::Term { victor, .. }), PeaceDecision::Term { term, targets })
            if *victor == power =>
        {
            let s = surrender(ctx).ok_or_else(|| not_asked(sc, power))?;
            check_term(sc, st, s, power, term, targets)
        }
        (Some(Ask::Place(p)), PeaceDecision::Place { area })
            if st.controller_of(p.owner) == Some(power) =>
        {
            if p.options.contains(area) {
                Ok(())
            } else {
                Err(RuleError::new(
                    "4.4.6.2",
                    format!(
                        "{area} is not one of the nearest friendly areas ({})",
                        join(&p.options)
                    ),
                ))
            }
        }
        (Some(Ask::CededFree(c)), PeaceDecision::KeepFreeState { keep }) if c.acquirer == power => {
            if *keep {
                Ok(())
            } else {
                st.may_hold_conquered(sc, c.minor, power)
            }
        }
        (Some(Ask::Demands { rights }), PeaceDecision::Demand { allies }) => {
            let Some((_, may)) = rights.iter().find(|(d, _)| *d == power) else {
                return Err(not_asked(sc, power));
            };
            super::distinct(allies)?;
            if let Some(a) = allies.iter().find(|a| !may.contains(a)) {
                return Err(RuleError::new(
                    "4.4.7",
                    format!(
                        "{me} may not demand that {} break their alliance: it made no separate or informal peace with a common enemy",
                        name(sc, *a)
                    ),
                ));
            }
            Ok(())
        }
        (Some(_), _) => Err(RuleError::new(
            "3.1",
            format!("{me} is not asked for `{d}` now"),
        )),
        (None, _) => Err(not_asked(sc, power)),
    }
}

fn check_term(
    sc: &Scenario,
    st: &State,
    s: &Surrender,
    victor: PowerId,
    term: &str,
    targets: &[String],
) -> RuleResult<()> {
    let Some(def) = term_def(sc, term) else {
        return Err(RuleError::new(
            "4.4.3",
            format!("`{term}` is no peace term"),
        ));
    };
    let unc = s.to.iter().any(|(v, u)| *v == victor && *u);
    if def.list == TermList::A || (!unc && def.list == TermList::C) {
        return Err(RuleError::new(
            if unc { "4.4.4" } else { "4.4.3" },
            format!(
                "{term} may not be chosen: a victor chooses from list B{}",
                if unc {
                    " and C"
                } else {
                    " only in a conditional peace"
                }
            ),
        ));
    }
    if !available_terms(sc, st, s, victor).iter().any(|t| t == term) {
        let excluding = s.terms.iter().find(|c| {
            def.excludes.contains(&c.term)
                || term_def(sc, &c.term).is_some_and(|d| d.excludes.iter().any(|x| x == term))
        });
        let most = if unc { 3 } else { 2 };
        let me = name(sc, victor);
        let by = |p: PowerId| name(sc, p);
        let cancelling = s.protections.iter().find(|(v, a)| {
            *v == victor && term_def(sc, a).is_some_and(|d| d.cancels.iter().any(|c| c == term))
        });
        let (rule, why) = if let Some(c) = s.terms.iter().find(|c| c.term == term) {
            (
                "4.4.5.3",
                format!(
                    "{term} has already been chosen for this peace (by {}): no term is chosen twice",
                    by(c.by)
                ),
            )
        } else if s.terms.iter().filter(|t| t.by == victor).count() >= most {
            // "up to two" (4.4.3) or "up to three" (4.4.4) terms for each victor.
            (
                if unc { "4.4.4" } else { "4.4.3" },
                format!("{me} has chosen its {most} terms"),
            )
        } else if let Some((_, a)) = cancelling {
            (
                "4.4.3",
                format!("{term} is cancelled by the loser's list A term {a}"),
            )
        } else if let Some(c) = excluding {
            // The victor's own B and C choices preclude each other (4.4.4); another victor's, 4.4.5.3.
            (
                if c.by == victor { "4.4.4" } else { "4.4.5.3" },
                format!("{term} is precluded by {}, chosen by {}", c.term, by(c.by)),
            )
        } else if s.finished.contains(&victor) {
            ("4.4.5.1", format!("{me} has chosen no more terms"))
        } else {
            ("4.4.5.1", format!("{term} has nothing left to name"))
        };
        return Err(RuleError::new(
            rule,
            format!("{me} may not choose {term}: {why}"),
        ));
    }
    super::distinct(targets)?;
    if !needs_target(term) {
        if !targets.is_empty() {
            return Err(RuleError::new("3.3", format!("{term} names nothing")));
        }
        return Ok(());
    }
    let max = if term == "C.4" {
        param(sc, "C.4", "max_provinces", 3) as usize
    } else {
        1
    };
    if targets.is_empty() || targets.len() > max {
        return Err(RuleError::new(
            "4.4",
            format!(
                "{term} names from 1 to {max} {}",
                if term == "B.4" {
                    "corps"
                } else {
                    "minor countries or provinces"
                }
            ),
        ));
    }
    let opts = target_options(sc, st, s, victor, term);
    let cap = capital_province(sc, s.loser);
    let a5 = s
        .protections
        .iter()
        .any(|(v, a)| *v == victor && a == "A.5");
    // The capital's province is checked below, against the whole list.
    let capital_ok = |x: &String| {
        Some(x) == cap.as_ref()
            && term != "B.4"
            && !(term == "B.7" && a5)
            && home_provinces(sc, st, s.loser, &ceded(s)).contains(x)
    };
    if let Some(x) = targets.iter().find(|x| !opts.contains(x) && !capital_ok(x)) {
        // A capital province named while another province is available.
        let rule = if capital_province(sc, s.loser).as_deref() == Some(x.as_str()) {
            "4.4.8"
        } else if term == "B.7"
            && s.protections
                .iter()
                .any(|(v, a)| *v == victor && a == "A.5")
        {
            "4.4.3"
        } else {
            "4.4"
        };
        return Err(RuleError::new(rule, format!("{term} may not name {x}")));
    }
    // 4.4.8 for several provinces at once: the capital only if every other province is named too.
    if let Some(cap) = capital_province(sc, s.loser)
        && targets.contains(&cap)
    {
        let avail = home_provinces(sc, st, s.loser, &ceded(s));
        if avail.iter().any(|p| *p != cap && !targets.contains(p)) {
            return Err(RuleError::new(
                "4.4.8",
                format!(
                    "the capital's province {cap} may be ceded only if no other province is available"
                ),
            ));
        }
    }
    Ok(())
}

/// Resolves the current round, then opens the next (or ends the step).
pub fn resolve(ctx: &Ctx, decisions: &BTreeMap<PowerId, Decision>, dice: &mut Dice) -> Vec<Event> {
    let mut run = Run::new(ctx);
    let mut sub = ctx.state.peace.step.clone().unwrap_or_default();
    let dec: BTreeMap<PowerId, PeaceDecision> = decisions
        .iter()
        .filter_map(|(p, d)| match d {
            Decision::Peace(x) => Some((*p, x.clone())),
            _ => None,
        })
        .collect();
    let ask = std::mem::take(&mut sub.asking);
    match ask {
        Ask::Proposals => proposals(&mut run, &mut sub, &dec, dice),
        Ask::Offers { loser, victors } => {
            let offers: Vec<(PowerId, bool)> = victors
                .iter()
                .map(|v| {
                    let u = matches!(
                        dec.get(v),
                        Some(PeaceDecision::Offer {
                            unconditional: true
                        })
                    );
                    (*v, u)
                })
                .collect();
            run.peace(PeaceEvent::Offered {
                loser,
                offers: offers.clone(),
            });
            if let Some(s) = sub.surrender.as_mut() {
                s.offers = offers;
                s.offered = true;
            }
        }
        Ask::Answer { loser, victors } => {
            let acc = match dec.get(&loser) {
                Some(PeaceDecision::Accept { victors }) => victors.clone(),
                _ => vec![],
            };
            let refused: Vec<PowerId> = victors
                .iter()
                .copied()
                .filter(|v| !acc.contains(v))
                .collect();
            if !refused.is_empty() {
                run.peace(PeaceEvent::Refused {
                    loser,
                    victors: refused.clone(),
                });
            }
            if let Some(s) = sub.surrender.as_mut() {
                s.to = s
                    .offers
                    .iter()
                    .copied()
                    .filter(|(v, _)| !refused.contains(v))
                    .collect();
                s.answered = true;
            }
        }
        Ask::Protect { loser, victor } => {
            if let Some(PeaceDecision::Protect { term }) = dec.get(&loser) {
                let t = ChosenTerm {
                    term: term.clone(),
                    by: loser,
                    targets: vec![],
                };
                run.peace(PeaceEvent::TermChosen { loser, term: t });
                if let Some(s) = sub.surrender.as_mut() {
                    s.protections.push((victor, term.clone()));
                }
            }
        }
        Ask::Term { loser, victor } => {
            if let Some(s) = sub.surrender.as_mut() {
                match dec.get(&victor) {
                    Some(PeaceDecision::Term { term, targets }) => {
                        let t = ChosenTerm {
                            term: term.clone(),
                            by: victor,
                            targets: targets.clone(),
                        };
                        run.peace(PeaceEvent::TermChosen {
                            loser,
                            term: t.clone(),
                        });
                        s.terms.push(t);
                    }
                    _ => s.finished.push(victor),
                }
                if let Some(i) = s.order.iter().position(|v| *v == victor) {
                    s.turn = (i + 1) % s.order.len().max(1);
                }
            }
        }
        Ask::Place(p) => {
            let area = match run.st.controller_of(p.owner) {
                Some(c) => match dec.get(&c) {
                    Some(PeaceDecision::Place { area }) => *area,
                    _ => p.options[0],
                },
                None => p.options[0],
            };
            place(&mut run, &p.owner, &p.item, p.from, area, &p.rule);
        }
        Ask::CededFree(c) => {
            let keep = !matches!(
                dec.get(&c.acquirer),
                Some(PeaceDecision::KeepFreeState { keep: false })
            );
            if !keep {
                conquer_ceded(&mut run, c.acquirer, c.minor);
            }
        }
        Ask::Demands { rights } => {
            let date = run.st.date();
            for (w, _) in rights {
                if let Some(PeaceDecision::Demand { allies }) = dec.get(&w) {
                    for a in allies {
                        if run.st.allied(w, *a) {
                            let reason = format!(
                                "{} demanded it after {}'s separate or informal peace",
                                run.name(w),
                                run.name(*a)
                            );
                            run.push(Event::World(WorldEvent::AllianceBroken {
                                a: w,
                                b: *a,
                                by: vec![*a],
                                date,
                                rule: "4.4.7".into(),
                                reason,
                            }));
                            let r = format!("broke its alliance with {} on demand", run.name(w));
                            let e = points(run.sc, *a, "separate-peace-break", 1, "4.4.7", r);
                            run.push(e);
                        }
                    }
                }
            }
        }
        Ask::Nothing => {}
    }
    next(&mut run, sub, dice);
    run.ev
}

fn proposals(
    run: &mut Run,
    sub: &mut Sub,
    dec: &BTreeMap<PowerId, PeaceDecision>,
    _dice: &mut Dice,
) {
    let mut named: BTreeMap<PowerId, Vec<PowerId>> = BTreeMap::new();
    let mut suits = Vec::new();
    for (p, d) in dec {
        if let PeaceDecision::Propose { informal, sue } = d {
            named.insert(*p, informal.clone());
            if !sue.is_empty() {
                suits.push(Suit {
                    loser: *p,
                    victors: sue.clone(),
                });
            }
        }
    }
    let mut pairs = crate::kernel::agreement::mutual_pairs(&named);
    // 14.3.2.3: a power at war with an inactive UMP, with no forces in its territory, forces the informal peace.
    let mut forced = Vec::new();
    for (p, list) in &named {
        for u in list {
            let pair = if p < u { (*p, *u) } else { (*u, *p) };
            if !pairs.contains(&pair)
                && crate::world::ump_rules::may_force_informal_peace(run.sc, &run.st, *p, *u)
            {
                pairs.push(pair);
                forced.push(pair);
            }
        }
    }
    pairs.sort();
    run.peace(PeaceEvent::Proposals {
        informal: pairs.clone(),
        suits: suits.clone(),
    });
    for (a, b) in &pairs {
        let rule = if forced.contains(&(*a, *b)) {
            "14.3.2.3"
        } else {
            "4.4.1"
        };
        informal_peace(run, sub, *a, *b, rule);
    }
    sub.suits = suits;
}

/// 4.4.1: an informal peace, agreed (`rule` 4.4.1) or forced on an inactive UMP (14.3.2.3).
fn informal_peace(run: &mut Run, sub: &mut Sub, a: PowerId, b: PowerId, rule: &str) {
    let date = run.st.date();
    let reason = if rule == "4.4.1" {
        format!("informal peace between {} and {}", run.name(a), run.name(b))
    } else {
        format!(
            "informal peace between {} and {}, forced on the inactive UMP (with the effects of 4.4.1)",
            run.name(a),
            run.name(b)
        )
    };
    run.push(Event::World(WorldEvent::WarEnded {
        a: Nation::Power(a),
        b: Nation::Power(b),
        date,
        rule: rule.into(),
        reason,
    }));
    run.peace(PeaceEvent::Made {
        record: PeaceRecord {
            date,
            kind: PeaceKind::Informal,
            loser: a,
            victor: b,
            terms: vec![],
            loser_restricted_until: None,
            victor_restricted_until: None,
        },
    });
    sub.informal.push((a, b));
    exchange_prisoners(run, a, b);
    repatriate(run, sub, a, b, false, rule);
    repatriate(run, sub, b, a, false, rule);
}

/// Opens the next round of the step, or ends it.
fn next(run: &mut Run, mut sub: Sub, dice: &mut Dice) {
    loop {
        if !sub.placements.is_empty() {
            let p = sub.placements.remove(0);
            match run.st.controller_of(p.owner) {
                Some(c) if run.st.in_game(c) => {
                    run.peace(PeaceEvent::PlacementOwed {
                        placement: p.clone(),
                    });
                    sub.asking = Ask::Place(p);
                    open(run, &sub, vec![c], false);
                    return;
                }
                _ => {
                    let to = p.options[0];
                    place(run, &p.owner, &p.item, p.from, to, &p.rule);
                    continue;
                }
            }
        }
        if !sub.proposals.is_empty() {
            let owing = std::mem::take(&mut sub.proposals);
            sub.asking = Ask::Proposals;
            open(run, &sub, owing, true);
            return;
        }
        if !sub.ceded_free.is_empty() {
            let c = sub.ceded_free.remove(0);
            let owing = vec![c.acquirer];
            sub.asking = Ask::CededFree(c);
            open(run, &sub, owing, false);
            return;
        }
        if let Some(mut s) = sub.surrender.take() {
            let loser = s.loser;
            if !s.offered {
                let st = &run.st;
                s.sued.retain(|v| {
                    st.in_game(*v) && st.at_war(Nation::Power(loser), Nation::Power(*v))
                });
                if s.sued.is_empty() || !st.in_game(loser) {
                    continue;
                }
                let victors = s.sued.clone();
                sub.surrender = Some(s);
                sub.asking = Ask::Offers {
                    loser,
                    victors: victors.clone(),
                };
                open(run, &sub, victors, false);
                return;
            }
            if !s.answered {
                let unc: Vec<PowerId> = s
                    .offers
                    .iter()
                    .filter(|(_, u)| *u)
                    .map(|(v, _)| *v)
                    .collect();
                if unc.is_empty() {
                    s.to = s.offers.clone();
                    s.answered = true;
                } else {
                    sub.surrender = Some(s);
                    sub.asking = Ask::Answer {
                        loser,
                        victors: unc,
                    };
                    open(run, &sub, vec![loser], false);
                    return;
                }
            }
            if s.to.is_empty() {
                continue;
            }
            if let Some(&(victor, _)) =
                s.to.iter()
                    .find(|(v, u)| !*u && !s.protections.iter().any(|(p, _)| p == v))
            {
                sub.surrender = Some(s);
                sub.asking = Ask::Protect { loser, victor };
                open(run, &sub, vec![loser], false);
                return;
            }
            if !s.ordered {
                s.order = victor_order(run, &s, dice);
                s.ordered = true;
                s.turn = 0;
                if s.order.len() > 1 {
                    run.peace(PeaceEvent::Order {
                        loser,
                        order: s.order.clone(),
                    });
                }
            }
            let n = s.order.len();
            let up = (0..n)
                .map(|k| (s.turn + k) % n)
                .find(|i| !available_terms(run.sc, &run.st, &s, s.order[*i]).is_empty());
            if let Some(i) = up {
                s.turn = i;
                let victor = s.order[i];
                sub.surrender = Some(s);
                sub.asking = Ask::Term { loser, victor };
                open(run, &sub, vec![victor], false);
                return;
            }
            conclude(run, &mut sub, &s, dice);
            continue;
        }
        if !sub.suits.is_empty() {
            let suit = sub.suits.remove(0);
            sub.surrender = Some(Surrender {
                loser: suit.loser,
                sued: suit.victors,
                offers: vec![],
                offered: false,
                answered: false,
                to: vec![],
                protections: vec![],
                order: vec![],
                ordered: false,
                turn: 0,
                finished: vec![],
                terms: vec![],
            });
            continue;
        }
        if !sub.demands_done {
            sub.demands_done = true;
            let rights = demand_rights(&run.st, &sub);
            if !rights.is_empty() {
                let owing = rights.iter().map(|(d, _)| *d).collect();
                sub.asking = Ask::Demands { rights };
                open(run, &sub, owing, false);
                return;
            }
        }
        run.peace(PeaceEvent::Ended);
        return;
    }
}

fn open(run: &mut Run, sub: &Sub, owing: Vec<PowerId>, sealed: bool) {
    run.peace(PeaceEvent::Progress {
        step: Box::new(sub.clone()),
    });
    run.push(Event::RoundOpened {
        round: RoundKind::Peace,
        sealed,
        owing,
    });
}

/// 4.4.7: who may demand that which ally break their alliance.
fn demand_rights(st: &State, sub: &Sub) -> Vec<(PowerId, Vec<PowerId>)> {
    let mut m: BTreeMap<PowerId, BTreeSet<PowerId>> = BTreeMap::new();
    for (loser, victors) in &sub.surrendered {
        for w in enemies_major(st, *loser) {
            for v in victors {
                if st.allied(w, *v) {
                    m.entry(w).or_default().insert(*v);
                }
            }
        }
    }
    for (a, b) in &sub.informal {
        for (x, y) in [(*a, *b), (*b, *a)] {
            for c in st.allies(x) {
                if st.in_game(c) && st.at_war(Nation::Power(c), Nation::Power(y)) {
                    m.entry(c).or_default().insert(x);
                }
            }
        }
    }
    m.into_iter()
        .filter(|(d, _)| st.in_game(*d))
        .map(|(d, s)| (d, s.into_iter().collect()))
        .collect()
}

/// 4.4.5.2: the victors' order of choice: by the date each went to war with the loser, one called to war after
/// its caller; ties by competitive die rolls.
fn victor_order(run: &mut Run, s: &Surrender, dice: &mut Dice) -> Vec<PowerId> {
    let loser = Nation::Power(s.loser);
    let key = |v: PowerId| -> (Date, u8) {
        match run.st.current_war(loser, Nation::Power(v)) {
            Some(w) => {
                let after_caller = match &w.cause {
                    WarCause::Call { caller } => run
                        .st
                        .current_war(loser, Nation::Power(*caller))
                        .is_some_and(|cw| cw.since == w.since),
                    _ => false,
                };
                (w.since, after_caller as u8)
            }
            None => (run.st.date(), 0),
        }
    };
    let mut groups: BTreeMap<(Date, u8), Vec<PowerId>> = BTreeMap::new();
    for (v, _) in &s.to {
        groups.entry(key(*v)).or_default().push(*v);
    }
    let mut order = Vec::new();
    for (_, g) in groups {
        if g.len() == 1 {
            order.extend(g);
            continue;
        }
        let entrants: Vec<Entrant<PowerId>> = g
            .iter()
            .map(|p| Entrant {
                id: *p,
                label: p.to_string(),
                modifiers: Vec::new(),
            })
            .collect();
        let (rolls, ranking) = competitive(
            dice,
            "4.4.5.2",
            "order of choice of peace terms",
            1,
            &entrants,
        );
        for roll in rolls {
            run.push(Event::World(WorldEvent::DiceRolled { roll }));
        }
        order.extend(ranking);
    }
    order
}

/// The peace takes effect.
fn conclude(run: &mut Run, sub: &mut Sub, s: &Surrender, dice: &mut Dice) {
    let (sc, loser) = (run.sc, s.loser);
    let date = run.st.date();
    let base = sc.charts.victory_conditions.enforced_peace_months as i32;
    let any_unc = s.to.iter().any(|(_, u)| *u);
    // 4.4.2.3, 4.4.5: one set of points for the loser.
    let victors_txt = join(&s.to.iter().map(|(v, _)| *v).collect::<Vec<_>>());
    let e = points(
        sc,
        loser,
        if any_unc {
            "surrender-unconditional"
        } else {
            "surrender-conditional"
        },
        1,
        if any_unc { "4.4.2.3.2" } else { "4.4.2.3.1" },
        format!("surrendered to {victors_txt}"),
    );
    run.push(e);
    for (v, unc) in &s.to {
        let r = format!("accepted the surrender of {}", run.name(loser));
        let e = points(
            sc,
            *v,
            if *unc {
                "accept-unconditional-surrender"
            } else {
                "accept-conditional-surrender"
            },
            1,
            if *unc { "4.4.2.3.2" } else { "4.4.2.3.1" },
            r,
        );
        run.push(e);
    }
    let mut pairs_done = Vec::new();
    for (v, unc) in &s.to {
        let v = *v;
        let reason = format!("{} surrendered to {}", run.name(loser), run.name(v));
        run.push(Event::World(WorldEvent::WarEnded {
            a: Nation::Power(loser),
            b: Nation::Power(v),
            date,
            rule: if *unc { "4.4.4" } else { "4.4.3" }.into(),
            reason,
        }));
        let mine: Vec<ChosenTerm> = s.terms.iter().filter(|t| t.by == v).cloned().collect();
        let chose = |id: &str| mine.iter().any(|t| t.term == id);
        let loser_months = if chose("C.2") {
            param(sc, "C.2", "months", 36)
        } else if chose("B.2") {
            param(sc, "B.2", "months", 24)
        } else {
            base
        };
        let loser_until = date.plus_months(loser_months);
        let victor_until = date.plus_months(base);
        for (r, t, until, rule) in [
            (
                loser,
                v,
                loser_until,
                if loser_months != base {
                    if chose("C.2") { "C.2" } else { "B.2" }
                } else {
                    "4.4.6.3"
                },
            ),
            (v, loser, victor_until, "4.4.6.3"),
        ] {
            run.push(Event::World(WorldEvent::EnforcedPeaceRecorded {
                peace: EnforcedPeace {
                    restricted: r,
                    towards: t,
                    since: date,
                    until,
                    rule: rule.into(),
                },
            }));
        }
        let mut terms: Vec<ChosenTerm> = s
            .protections
            .iter()
            .filter(|(x, _)| *x == v)
            .map(|(_, t)| ChosenTerm {
                term: t.clone(),
                by: loser,
                targets: vec![],
            })
            .collect();
        terms.extend(mine.iter().cloned());
        run.peace(PeaceEvent::Made {
            record: PeaceRecord {
                date,
                kind: if *unc {
                    PeaceKind::Unconditional
                } else {
                    PeaceKind::Conditional
                },
                loser,
                victor: v,
                terms,
                loser_restricted_until: Some(loser_until),
                victor_restricted_until: Some(victor_until),
            },
        });
        for t in &mine {
            term_effect(run, sub, loser, v, t, dice);
        }
        exchange_prisoners(run, loser, v);
        pairs_done.push((v, chose("C.5")));
    }
    // C.6 takes effect only if every victor chose it (4.4.5.3).
    if s.to
        .iter()
        .all(|(v, _)| s.terms.iter().any(|t| t.by == *v && t.term == "C.6"))
    {
        run.peace(PeaceEvent::Recorded {
            obligation: Obligation::PoliticalSettlement {
                loser,
                victors: s.to.iter().map(|(v, _)| *v).collect(),
                since: date,
            },
        });
    }
    sub.surrendered
        .push((loser, s.to.iter().map(|(v, _)| *v).collect()));
    // 4.4.8: a final peace when the capital's province is ceded.
    let capital_lost = sc
        .power(loser)
        .is_some_and(|d| run.st.area_power(sc, d.capital) != Some(loser));
    let ceded_capital = capital_province(sc, loser).is_some_and(|cp| ceded(s).contains(&cp));
    if ceded_capital && capital_lost {
        let reason = format!("{} ceded the province of its capital", run.name(loser));
        run.push(Event::World(WorldEvent::PowerLeftGame {
            power: loser,
            rule: "4.4.8".into(),
            reason: reason.clone(),
        }));
        for e in enemies_major(&run.st, loser)
            .into_iter()
            .map(Nation::Power)
            .chain(
                run.st
                    .enemies(Nation::Power(loser))
                    .into_iter()
                    .filter(|n| n.power().is_none()),
            )
            .collect::<Vec<_>>()
        {
            run.push(Event::World(WorldEvent::WarEnded {
                a: Nation::Power(loser),
                b: e,
                date,
                rule: "4.4.8".into(),
                reason: reason.clone(),
            }));
        }
        // Out of the game for ever: its alliances and royal marriages end (no points: nobody chose to break
        // them), and the minors it controlled are neutral again (Coalition's reading, docs/rules/peace.md).
        for ally in run.st.allies(loser) {
            run.push(Event::World(WorldEvent::AllianceBroken {
                a: loser,
                b: ally,
                by: vec![loser],
                date,
                rule: "4.4.8".into(),
                reason: format!("{reason}: its alliances end"),
            }));
        }
        let marriages: Vec<(PowerId, PowerId)> = run
            .st
            .relations
            .royal_marriages
            .iter()
            .filter(|m| m.broken.is_none() && (m.a == loser || m.b == loser))
            .map(|m| (m.a, m.b))
            .collect();
        for (a, b) in marriages {
            run.push(Event::World(WorldEvent::RoyalMarriage {
                a,
                b,
                made: false,
                date,
                rule: "4.4.8".into(),
            }));
        }
        let minors: Vec<MinorId> = run
            .st
            .minors
            .iter()
            .filter(|(_, m)| m.controller == Some(loser))
            .map(|(id, _)| *id)
            .collect();
        for m in minors {
            let mname = sc
                .minor(m)
                .map_or_else(|| m.to_string(), |d| d.name.clone());
            let why = format!("{reason}: {mname} is neutral again");
            for e in super::minors::revert_events(sc, &run.st, m, "4.4.8", &why) {
                run.push(e);
            }
        }
        return;
    }
    for (v, access) in pairs_done {
        repatriate(run, sub, loser, v, false, "4.4.6.2");
        repatriate(run, sub, v, loser, access, "4.4.6.2");
    }
}

/// The effect of a victor's term.
fn term_effect(
    run: &mut Run,
    sub: &mut Sub,
    loser: PowerId,
    v: PowerId,
    t: &ChosenTerm,
    dice: &mut Dice,
) {
    let sc = run.sc;
    let date = run.st.date();
    let rule = t.term.clone();
    match t.term.as_str() {
        "B.1" => {
            let on_map: Vec<(CorpsId, CorpsKind)> = run
                .st
                .forces
                .corps
                .iter()
                .filter(|(_, c)| c.owner == Nation::Power(loser) && c.location != Location::OffMap)
                .map(|(id, c)| (*id, c.kind))
                .collect();
            let frac = on_map.len() as i32 * param(sc, "B.1", "fraction_num", 1)
                / param(sc, "B.1", "fraction_den", 2).max(1);
            let n = frac.min(param(sc, "B.1", "max_corps", 3)).max(0) as usize;
            let eligible: Vec<CorpsId> = on_map
                .iter()
                .filter(|(_, k)| *k != CorpsKind::Guard)
                .map(|(id, _)| *id)
                .collect();
            if n == 0 || eligible.is_empty() {
                return;
            }
            let chosen: Vec<CorpsId> = if eligible.len() <= n {
                eligible
            } else {
                let entrants: Vec<Entrant<CorpsId>> = eligible
                    .iter()
                    .map(|c| Entrant {
                        id: *c,
                        label: c.to_string(),
                        modifiers: Vec::new(),
                    })
                    .collect();
                let (rolls, ranking) =
                    competitive(dice, "B.1", "corps removed at random", 1, &entrants);
                for roll in rolls {
                    run.push(Event::World(WorldEvent::DiceRolled { roll }));
                }
                ranking.into_iter().take(n).collect()
            };
            for c in chosen {
                run.push(Event::World(WorldEvent::CorpsChanged {
                    corps: c,
                    factors: Factors::default(),
                    location: Location::OffMap,
                    rule: rule.clone(),
                    reason: format!(
                        "removed by peace term B.1 of {} (may be rebuilt)",
                        run.name(v)
                    ),
                }));
            }
        }
        "C.1" => {
            let fleets: Vec<FleetId> = run
                .st
                .forces
                .fleets
                .iter()
                .filter(|(_, f)| f.owner == Nation::Power(loser) && f.ships > 0)
                .map(|(id, _)| *id)
                .collect();
            for f in fleets {
                run.push(Event::World(WorldEvent::FleetChanged {
                    fleet: f,
                    ships: 0,
                    location: Location::OffMap,
                    rule: rule.clone(),
                    reason: format!("removed by peace term C.1 of {}", run.name(v)),
                }));
            }
        }
        "B.3" | "C.3" => {
            let money: u32 = sc
                .map
                .provinces
                .iter()
                .filter(|p| sc.nation(p.nation) == Some(Nation::Power(loser)))
                .map(|p| p.money)
                .sum();
            let share = |n: &str, d: &str| -> u32 {
                let (n, d) = (
                    param(sc, &t.term, n, 1).max(0) as u32,
                    param(sc, &t.term, d, 1).max(1) as u32,
                );
                (money * n).div_ceil(d)
            };
            run.peace(PeaceEvent::Recorded {
                obligation: Obligation::Reparations {
                    term: t.term.clone(),
                    from: loser,
                    to: v,
                    money_value: money,
                    once: share("once_num", "once_den"),
                    each_of_two: share("twice_num", "twice_den"),
                    date,
                },
            });
        }
        "B.4" => {
            let months = param(sc, "B.4", "months", 12);
            for c in &t.targets {
                if let Ok(corps) = CorpsId::new(c) {
                    run.peace(PeaceEvent::Recorded {
                        obligation: Obligation::CorpsOnLoan {
                            corps,
                            from: loser,
                            to: v,
                            until: date.plus_months(months),
                        },
                    });
                }
            }
        }
        "B.5" => run.push(Event::World(WorldEvent::RoyalMarriage {
            a: loser,
            b: v,
            made: true,
            date,
            rule,
        })),
        "B.6" => run.peace(PeaceEvent::Recorded {
            obligation: Obligation::TradeRestriction {
                loser,
                victor: v,
                since: date,
                broken: None,
            },
        }),
        "C.5" => run.peace(PeaceEvent::Recorded {
            obligation: Obligation::UnconditionalAccess {
                loser,
                victor: v,
                since: date,
            },
        }),
        "B.7" | "C.4" => {
            for x in &t.targets {
                cede(run, sub, loser, v, x, &rule);
            }
        }
        _ => {}
    }
}

/// B.7, C.4: a minor country or a province passes to the victor.
fn cede(run: &mut Run, sub: &mut Sub, loser: PowerId, v: PowerId, target: &str, rule: &str) {
    let sc = run.sc;
    let reason = format!("ceded by {} to {}", run.name(loser), run.name(v));
    if let Some(Nation::Minor(m)) = sc.nation_by_name(target) {
        let status = run
            .st
            .minors
            .get(&m)
            .map(|s| s.status)
            .unwrap_or(MinorStatus::Conquered);
        run.push(Event::World(WorldEvent::MinorChanged {
            minor: m,
            controller: Some(v),
            status,
            rule: rule.into(),
            reason: reason.clone(),
        }));
        // 4.8: a conquered minor ceded to a power that once declared it a free state is a free state in its hands.
        if status == MinorStatus::Conquered
            && let Err(e) = run.st.may_hold_conquered(sc, m, v)
        {
            run.push(Event::World(WorldEvent::MinorChanged {
                minor: m,
                controller: Some(v),
                status: MinorStatus::FreeState,
                rule: e.rule.clone(),
                reason: format!(
                    "{}: its declaration stands, so {} is a free state again in its hands",
                    e.reason,
                    sc.minor(m)
                        .map_or_else(|| m.to_string(), |d| d.name.clone())
                ),
            }));
        }
        for a in sc.areas_of(Nation::Minor(m)) {
            run.push(Event::World(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(v)),
                rule: rule.into(),
                reason: reason.clone(),
            }));
        }
        if status == MinorStatus::FreeState {
            sub.ceded_free.push(CededFree {
                acquirer: v,
                minor: m,
            });
        }
    } else {
        for a in province_areas(sc, target) {
            run.push(Event::World(WorldEvent::AreaControlChanged {
                area: a,
                holder: Some(Nation::Power(v)),
                rule: rule.into(),
                reason: reason.clone(),
            }));
        }
    }
}

/// 4.4.6.4: a ceded free state made conquered: its forces are removed (8.8.5).
fn conquer_ceded(run: &mut Run, acquirer: PowerId, m: MinorId) {
    let reason = format!("{} makes {m} a conquered minor country", run.name(acquirer));
    run.push(Event::World(WorldEvent::MinorChanged {
        minor: m,
        controller: Some(acquirer),
        status: MinorStatus::Conquered,
        rule: "4.4.6.4".into(),
        reason: reason.clone(),
    }));
    let me = Nation::Minor(m);
    let corps: Vec<CorpsId> = run
        .st
        .forces
        .corps
        .iter()
        .filter(|(_, c)| c.owner == me)
        .map(|(id, _)| *id)
        .collect();
    for c in corps {
        run.push(Event::World(WorldEvent::CorpsChanged {
            corps: c,
            factors: Factors::default(),
            location: Location::OffMap,
            rule: "4.4.6.4".into(),
            reason: reason.clone(),
        }));
    }
    let fleets: Vec<FleetId> = run
        .st
        .forces
        .fleets
        .iter()
        .filter(|(_, f)| f.owner == me)
        .map(|(id, _)| *id)
        .collect();
    for f in fleets {
        run.push(Event::World(WorldEvent::FleetChanged {
            fleet: f,
            ships: 0,
            location: Location::OffMap,
            rule: "4.4.6.4".into(),
            reason: reason.clone(),
        }));
    }
    let garrisons: Vec<AreaId> = run
        .st
        .forces
        .garrisons
        .keys()
        .filter(|(_, n)| *n == me)
        .map(|(a, _)| *a)
        .collect();
    for a in garrisons {
        run.push(Event::World(WorldEvent::GarrisonChanged {
            area: a,
            owner: me,
            factors: Factors::default(),
            rule: "4.4.6.4".into(),
            reason: reason.clone(),
        }));
    }
}

/// 4.4.6.1: captured leaders return home; surrendered factors are recorded to return as reinforcements.
fn exchange_prisoners(run: &mut Run, a: PowerId, b: PowerId) {
    let sc = run.sc;
    let st = &run.st;
    let side = |n: Nation, p: PowerId| st.controller_of(n) == Some(p);
    let back: Vec<(crate::kernel::ids::LeaderId, Nation)> = st
        .forces
        .leaders
        .iter()
        .filter_map(|(id, l)| match l.status {
            LeaderStatus::Captured { by }
                if (side(by, a) && side(l.nation, b)) || (side(by, b) && side(l.nation, a)) =>
            {
                Some((*id, l.nation))
            }
            _ => None,
        })
        .collect();
    for (id, nation) in back {
        let home = match nation {
            Nation::Power(p) => sc.power(p).map(|d| d.capital),
            Nation::Minor(m) => sc.minor(m).map(|d| d.capital),
        };
        run.push(Event::World(WorldEvent::LeaderChanged {
            leader: id,
            status: LeaderStatus::Active,
            location: home.map(Location::Area).unwrap_or(Location::OffMap),
            rule: "4.4.6.1".into(),
            reason: "returned in the prisoner exchange".into(),
        }));
    }
    for e in crate::reinforcement::prisoners_returned(&run.st, a, b) {
        run.push(e);
    }
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let date = run.st.date();
    run.peace(PeaceEvent::Recorded {
        obligation: Obligation::PrisonerExchange { a, b, date },
    });
}

/// Every area ever ceded by a peace (it does not revert).
fn ceded_areas(sc: &Scenario, st: &State) -> BTreeSet<AreaId> {
    let mut out = BTreeSet::new();
    for r in &st.treaties.peaces {
        for t in r
            .terms
            .iter()
            .filter(|t| t.term == "B.7" || t.term == "C.4")
        {
            for x in &t.targets {
                match sc.nation_by_name(x) {
                    Some(n @ Nation::Minor(_)) => out.extend(sc.areas_of(n)),
                    _ => out.extend(province_areas(sc, x)),
                }
            }
        }
    }
    out
}

/// Moves a repatriated force, citing `rule` (4.4.6.2, or 4.6.6 after a lapse of war).
fn place(run: &mut Run, owner: &Nation, item: &Item, from: AreaId, to: AreaId, rule: &str) {
    let reason = format!("repatriated from {from}");
    match item {
        Item::Corps(c) => {
            let factors = run
                .st
                .forces
                .corps
                .get(c)
                .map(|x| x.factors)
                .unwrap_or_default();
            run.push(Event::World(WorldEvent::CorpsChanged {
                corps: *c,
                factors,
                location: Location::Area(to),
                rule: rule.into(),
                reason,
            }));
        }
        Item::Garrison(f) => {
            let there = run
                .st
                .forces
                .garrisons
                .get(&(to, *owner))
                .copied()
                .unwrap_or_default();
            run.push(Event::World(WorldEvent::GarrisonChanged {
                area: to,
                owner: *owner,
                factors: there.plus(f),
                rule: rule.into(),
                reason,
            }));
        }
    }
}

/// 4.4.6.2: `o`'s forces leave `t`'s territory (areas `t` controls); with C.5 access (`access`), only garrisons
/// in capital cities leave. Areas of either home nation held by the other revert first unless ceded.
fn repatriate(run: &mut Run, sub: &mut Sub, o: PowerId, t: PowerId, access: bool, rule: &str) {
    let sc = run.sc;
    let date = run.st.date();
    // Occupied home areas revert to their nation (ceded ones excepted).
    let kept = ceded_areas(sc, &run.st);
    for a in sc.territory(Nation::Power(t)).to_vec() {
        let holder = run.st.area_control.get(&a).copied();
        if holder.is_some_and(|h| run.st.controller_of(h) == Some(o)) && !kept.contains(&a) {
            run.push(Event::World(WorldEvent::AreaControlChanged {
                area: a,
                holder: None,
                rule: rule.into(),
                reason: format!("{a} returns to {} at the peace", run.name(t)),
            }));
        }
    }
    let st = &run.st;
    let mine = |n: Nation| st.controller_of(n) == Some(o);
    let theirs = |a: AreaId| st.area_power(sc, a) == Some(t);
    let friendly = |a: AreaId| st.area_power(sc, a) == Some(o);
    let mut moves: Vec<(Nation, Item, AreaId, Vec<AreaId>)> = Vec::new();
    let mut depots = Vec::new();
    let mut fleets: BTreeMap<Nation, Vec<FleetId>> = BTreeMap::new();
    if !access {
        for (id, c) in &st.forces.corps {
            if let Location::Area(a) = c.location
                && mine(c.owner)
                && theirs(a)
            {
                moves.push((c.owner, Item::Corps(*id), a, nearest(sc, a, friendly)));
            }
        }
        for ((a, n), f) in &st.forces.garrisons {
            if mine(*n) && theirs(*a) && !f.is_empty() {
                let ok = |x: AreaId| {
                    friendly(x)
                        && (sc.area(x).is_some_and(|d| d.city.is_some())
                            || st.forces.depots.get(&x).is_some_and(|d| d.contains(n)))
                };
                moves.push((*n, Item::Garrison(*f), *a, nearest(sc, *a, ok)));
            }
        }
        for (a, ns) in &st.forces.depots {
            for n in ns {
                if mine(*n) && theirs(*a) {
                    depots.push((*a, *n));
                }
            }
        }
        for (id, f) in &st.forces.fleets {
            if let Location::Area(a) = f.location
                && mine(f.owner)
                && theirs(a)
                && f.ships > 0
            {
                fleets.entry(f.owner).or_default().push(*id);
            }
        }
    } else {
        for ((a, n), f) in &st.forces.garrisons {
            if mine(*n) && theirs(*a) && !f.is_empty() && sc.area(*a).is_some_and(|d| d.capital) {
                let ok = |x: AreaId| {
                    (friendly(x) || theirs(x))
                        && sc.area(x).is_some_and(|d| d.city.is_some() && !d.capital)
                };
                moves.push((*n, Item::Garrison(*f), *a, nearest(sc, *a, ok)));
            }
        }
    }
    for (n, item, from, options) in moves {
        match options.len() {
            0 => {
                // Nowhere to go on the map: the force waits off the map.
                if let Item::Corps(c) = &item {
                    let factors = run
                        .st
                        .forces
                        .corps
                        .get(c)
                        .map(|x| x.factors)
                        .unwrap_or_default();
                    run.push(Event::World(WorldEvent::CorpsChanged {
                        corps: *c,
                        factors,
                        location: Location::OffMap,
                        rule: rule.into(),
                        reason: "no friendly area to repatriate to".into(),
                    }));
                }
            }
            1 => {
                if let Item::Garrison(_) = item {
                    run.push(Event::World(WorldEvent::GarrisonChanged {
                        area: from,
                        owner: n,
                        factors: Factors::default(),
                        rule: "4.4.6.2".into(),
                        reason: format!("repatriated to {}", options[0]),
                    }));
                }
                place(run, &n, &item, from, options[0], "4.4.6.2");
            }
            _ => {
                if let Item::Garrison(_) = item {
                    run.push(Event::World(WorldEvent::GarrisonChanged {
                        area: from,
                        owner: n,
                        factors: Factors::default(),
                        rule: "4.4.6.2".into(),
                        reason: "repatriated: its owner chooses among equidistant areas".into(),
                    }));
                }
                sub.placements.push(Placement {
                    owner: n,
                    item,
                    from,
                    options,
                    rule: "4.4.6.2".into(),
                });
            }
        }
    }
    for (a, n) in depots {
        run.push(Event::World(WorldEvent::DepotChanged {
            area: a,
            owner: n,
            present: false,
            rule: "4.4.6.2".into(),
            reason: format!("depot picked up at the peace with {}", run.name(t)),
        }));
    }
    for (owner, list) in fleets {
        run.peace(PeaceEvent::Recorded {
            obligation: Obligation::FleetsMustLeave {
                owner,
                territory_of: t,
                fleets: list,
                date,
            },
        });
    }
}

/// Applies one of the step's events.
pub fn apply(state: &mut State, e: &PeaceEvent) {
    match e {
        PeaceEvent::Progress { step } => state.peace.step = Some((**step).clone()),
        PeaceEvent::Made { record } => state.treaties.peaces.push(record.clone()),
        PeaceEvent::Recorded { obligation } => state.treaties.obligations.push(obligation.clone()),
        PeaceEvent::Ended => state.peace.step = None,
        _ => {}
    }
}

fn powers_list(rest: &str, sc: &Scenario) -> RuleResult<Vec<PowerId>> {
    rest.split([',', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty() && *n != "none")
        .map(|n| match sc.nation_by_name(n) {
            Some(Nation::Power(p)) => Ok(p),
            _ => Err(RuleError::new(
                "3.4",
                format!("`{n}` is not a major power of the scenario"),
            )),
        })
        .collect()
}

/// Reads the step's text forms (`None` if `verb` is not one of them): `peace none`,
/// `peace informal austria sue prussia,russia`, `offer conditional|unconditional`, `accept none|austria,russia`,
/// `protect A.1`, `term B.7 holland`, `term done`, `place vienna`, `ceded keep|conquer`, `demand none|austria`.
pub fn parse(verb: &str, rest: &str, scenario: &Scenario) -> Option<RuleResult<PeaceDecision>> {
    let rest = rest.trim();
    Some(match verb {
        "peace" => (|| {
            let (mut informal, mut sue) = (Vec::new(), Vec::new());
            let mut target: Option<&mut Vec<PowerId>> = None;
            for w in rest.split_whitespace() {
                match w {
                    "none" => {}
                    "informal" => target = Some(&mut informal),
                    "sue" => target = Some(&mut sue),
                    list => match target.as_mut() {
                        Some(t) => t.extend(powers_list(list, scenario)?),
                        None => {
                            return Err(RuleError::new(
                                "3.3",
                                "write `peace none` or `peace informal POWER[,POWER] sue POWER[,POWER]`",
                            ));
                        }
                    },
                }
            }
            Ok(PeaceDecision::Propose { informal, sue })
        })(),
        "offer" => match rest {
            "conditional" => Ok(PeaceDecision::Offer {
                unconditional: false,
            }),
            "unconditional" => Ok(PeaceDecision::Offer {
                unconditional: true,
            }),
            _ => Err(RuleError::new(
                "3.3",
                "write `offer conditional` or `offer unconditional`",
            )),
        },
        "accept" => powers_list(rest, scenario).map(|victors| PeaceDecision::Accept { victors }),
        "protect" => Ok(PeaceDecision::Protect {
            term: rest.to_string(),
        }),
        "term" => {
            let (term, targets) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            if term == "done" || term == "none" {
                Ok(PeaceDecision::NoMoreTerms)
            } else {
                Ok(PeaceDecision::Term {
                    term: term.to_string(),
                    targets: targets
                        .split([',', ' '])
                        .map(str::trim)
                        .filter(|x| !x.is_empty())
                        .map(String::from)
                        .collect(),
                })
            }
        }
        "place" => AreaId::new(rest)
            .map(|area| PeaceDecision::Place { area })
            .map_err(|_| RuleError::new("3.3", "write `place AREA`")),
        "ceded" => match rest {
            "keep" => Ok(PeaceDecision::KeepFreeState { keep: true }),
            "conquer" => Ok(PeaceDecision::KeepFreeState { keep: false }),
            _ => Err(RuleError::new(
                "3.3",
                "write `ceded keep` or `ceded conquer`",
            )),
        },
        "demand" => powers_list(rest, scenario).map(|allies| PeaceDecision::Demand { allies }),
        _ => return None,
    })
}
