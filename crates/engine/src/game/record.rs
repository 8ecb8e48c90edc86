//! Rule 12.6 (blank forms): the game's written record, compiled by the engine as the blank forms of the Minor
//! Countries and National Card and the Status card would hold it — wars and who joined them, peaces with their
//! terms and the end of each enforced peace, alliances made and broken, royal marriages, minor countries'
//! control, and each Economic Phase's account with the political points of every power.
//!
//! The Economic Phases' accounts are the world's (`world::ledger`, kept as the treasuries change, so the record
//! agrees with the state to the unit); the other forms are read from the state, with the rule and reason of each
//! change and its month from the log (`docs/records.md`). The CLI only renders it.

use super::Game;
use super::event::Event;
use super::state::State;
use crate::kernel::calendar::{Date, Position};
use crate::kernel::ids::{MinorId, Nation, PowerId};
use crate::kernel::rulebook::Rulebook;
use crate::political::peace::PeaceKind;
use crate::scenario::{MinorStatus, Scenario};
pub use crate::world::Standing;
pub use crate::world::ledger::{
    PhaseAccount as PhaseRow, PowerAccount as PowerPhase, TreasuryEntry as TreasuryRow,
};
use crate::world::{WarCause, WorldEvent};
use std::collections::BTreeMap;

fn nation(s: &Scenario, n: Nation) -> String {
    match n {
        Nation::Power(p) => s.power_name(p),
        Nation::Minor(m) => s.minor_name(m),
    }
}

fn power(s: &Scenario, p: PowerId) -> String {
    s.power_name(p)
}

fn powers(s: &Scenario, ps: &[PowerId]) -> String {
    ps.iter()
        .map(|p| power(s, *p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every power's standing at one moment: the start of play, or the close of an Economic Phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// `start`, or the phase's month (`1805-03`).
    pub label: String,
    /// The phase's month (none for the start).
    pub date: Option<Date>,
    /// False while the phase is still being played.
    pub complete: bool,
    pub powers: BTreeMap<PowerId, Standing>,
}

/// A war between two nations (12.6: who joined it, when, and its end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarRow {
    pub aggressor: String,
    pub defender: String,
    pub since: Date,
    /// `declared`, `mutual`, `call` or `rule`.
    pub kind: &'static str,
    /// How it began, in words (`declared`, `at the call of Austria` ...).
    pub joined: String,
    /// The rule it began under.
    pub rule: String,
    pub ended: Option<Date>,
    /// How it ended, in words, with the rule.
    pub end: String,
}

/// A peace made (4.4), with its terms and how long each side may not declare war on the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeaceRow {
    pub date: Date,
    pub kind: &'static str,
    pub loser: String,
    pub victor: String,
    /// Every term: id, name, who chose it, and what it names.
    pub terms: Vec<String>,
    pub loser_until: Option<Date>,
    pub victor_until: Option<Date>,
}

/// What a peace left for later (reparations, a corps on loan, a trade restriction ...), as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObligationRow {
    pub date: Date,
    pub until: Option<Date>,
    pub term: String,
    /// The power that owes or bears it.
    pub from: String,
    /// The power it is owed to.
    pub to: String,
    pub detail: String,
}

/// An enforced peace (4.4.6.3) and its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnforcedRow {
    pub restricted: String,
    pub towards: String,
    pub since: Date,
    pub until: Date,
    pub in_force: bool,
    pub rule: String,
}

/// An alliance, with when and by whom it was broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllianceRow {
    pub a: String,
    pub b: String,
    pub since: Date,
    pub rule: String,
    pub broken: Option<Date>,
    pub broken_by: String,
    /// Why it was broken, with the rule.
    pub how: String,
    pub broken_rule: String,
}

/// A royal marriage (peace term B.5) and its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarriageRow {
    pub a: String,
    pub b: String,
    pub since: Date,
    pub broken: Option<Date>,
}

/// A minor country's control now: who, since when, how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinorRow {
    pub minor: String,
    pub controller: String,
    pub status: &'static str,
    /// The month of the last change, or none if it is as the scenario set it.
    pub since: Option<Date>,
    pub how: String,
    pub rule: String,
}

/// One change of a minor country's control or status, when it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinorChangeRow {
    pub date: Date,
    pub minor: String,
    pub controller: String,
    pub status: &'static str,
    pub how: String,
    pub rule: String,
}

/// The game's whole written record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Records {
    pub scenario: String,
    pub seed: u64,
    pub position: Position,
    pub finished: bool,
    /// The game's end and its winners, once it is over (`docs/rules/victory.md`).
    pub outcome: Option<crate::world::victory::Outcome>,
    pub rulebook: Rulebook,
    /// Powers in key order, with their names.
    pub powers: Vec<(PowerId, String)>,
    pub wars: Vec<WarRow>,
    pub peaces: Vec<PeaceRow>,
    pub obligations: Vec<ObligationRow>,
    pub enforced: Vec<EnforcedRow>,
    pub alliances: Vec<AllianceRow>,
    pub marriages: Vec<MarriageRow>,
    pub minors: Vec<MinorRow>,
    pub minor_changes: Vec<MinorChangeRow>,
    pub phases: Vec<PhaseRow>,
    pub treasury_other: Vec<TreasuryRow>,
    /// The start of play, then each Economic Phase's close.
    pub snapshots: Vec<Snapshot>,
}

impl Records {
    /// A power's name as the record gives it.
    pub fn name(&self, p: PowerId) -> String {
        self.powers
            .iter()
            .find(|(id, _)| *id == p)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| p.to_string())
    }
}

/// A minor country's status, in words.
pub fn status_name(s: MinorStatus) -> &'static str {
    match s {
        MinorStatus::Neutral => "neutral",
        MinorStatus::FreeState => "free state",
        MinorStatus::Conquered => "conquered",
    }
}

fn minor_name(s: &Scenario, m: MinorId) -> String {
    nation(s, Nation::Minor(m))
}

/// Rule 12.6: compiles the written record of `game` from its state and log (the events it no longer holds in
/// memory through what the record kept of them, `Game::forget_before`).
pub fn compile(s: &Scenario, game: &Game, seed: u64) -> Records {
    let mut digest = game.forgotten().clone();
    digest.note_all(game.log());
    compile_digest(s, game.state(), &digest, game.rulebook(), seed)
}

/// Rule 12.6: compiles the written record of a game from its state now and the log that led to it.
pub fn compile_log(
    s: &Scenario,
    st: &State,
    log: &[Event],
    rulebook: &Rulebook,
    seed: u64,
) -> Records {
    let mut digest = Digest::default();
    digest.note_all(log);
    compile_digest(s, st, &digest, rulebook, seed)
}

/// Rule 12.6: what the written record reads from a game's log, kept as the log is read (or let go of): the
/// events that give a war, an alliance or a minor country's change its rule and reason, each with the month of
/// the step it happened in. Everything else the record reads from the state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digest {
    /// The month of the last step begun (none before the first: the scenario's start).
    date: Option<Date>,
    /// Declarations and ends of wars, alliances formed and broken, minors' changes, in the log's order, each
    /// with the month it happened in.
    kept: Vec<(Option<Date>, Event)>,
}

impl Digest {
    /// Reads one more event of the log.
    pub fn note(&mut self, e: &Event) {
        match e {
            Event::StepBegan { position } => self.date = Some(position.date),
            Event::World(
                WorldEvent::WarDeclared { .. }
                | WorldEvent::WarEnded { .. }
                | WorldEvent::AllianceFormed { .. }
                | WorldEvent::AllianceBroken { .. }
                | WorldEvent::MinorChanged { .. },
            ) => self.kept.push((self.date, e.clone())),
            _ => {}
        }
    }

    /// Reads the next events of the log, in order.
    pub fn note_all<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) {
        for e in events {
            self.note(e);
        }
    }

    /// The events kept, in order.
    fn events(&self) -> impl Iterator<Item = &Event> {
        self.kept.iter().map(|(_, e)| e)
    }
}

/// Rule 12.6: compiles the written record of a game from its state now and what the record kept of its log.
fn compile_digest(
    s: &Scenario,
    st: &State,
    digest: &Digest,
    rulebook: &Rulebook,
    seed: u64,
) -> Records {
    let mut r = Records {
        scenario: s.meta.name.clone(),
        seed,
        position: st.position,
        finished: st.finished,
        outcome: st.outcome.clone(),
        rulebook: rulebook.clone(),
        powers: st.powers.keys().map(|p| (*p, power(s, *p))).collect(),
        wars: Vec::new(),
        peaces: Vec::new(),
        obligations: Vec::new(),
        enforced: Vec::new(),
        alliances: Vec::new(),
        marriages: Vec::new(),
        minors: Vec::new(),
        minor_changes: Vec::new(),
        phases: Vec::new(),
        treasury_other: Vec::new(),
        snapshots: Vec::new(),
    };
    relations(s, st, digest, &mut r);
    peaces(s, st, &mut r);
    obligations(s, st, &mut r);
    minors(s, st, digest, &mut r);
    economy(st, &mut r);
    r
}

/// Wars, alliances and royal marriages, from the state's relations with the reasons the log gives.
fn relations(s: &Scenario, st: &State, log: &Digest, r: &mut Records) {
    let declared: Vec<&String> = log
        .events()
        .filter_map(|e| match e {
            Event::World(WorldEvent::WarDeclared { rule, .. }) => Some(rule),
            _ => None,
        })
        .collect();
    for (i, w) in st.relations.wars.iter().enumerate() {
        let (kind, joined) = match &w.cause {
            WarCause::Declared => ("declared", "declared".to_string()),
            WarCause::Mutual => ("mutual", "declared on each other".to_string()),
            WarCause::Call { caller } => ("call", format!("at the call of {}", power(s, *caller))),
            WarCause::Rule { rule } => (
                "rule",
                match rule.as_str() {
                    "14.1.4" => "at war as the campaign begins".to_string(),
                    "3.7" => "in the set-up of the position".to_string(),
                    "3.5" => "by a host correction".to_string(),
                    _ => "forced by a rule".to_string(),
                },
            ),
        };
        let end = w
            .ended
            .and_then(|d| {
                log.events().find_map(|e| match e {
                    Event::World(WorldEvent::WarEnded {
                        a,
                        b,
                        date,
                        rule,
                        reason,
                    }) if *date == d
                        && ((*a == w.aggressor && *b == w.defender)
                            || (*a == w.defender && *b == w.aggressor)) =>
                    {
                        Some(format!("{reason} [{rule}]"))
                    }
                    _ => None,
                })
            })
            .unwrap_or_default();
        r.wars.push(WarRow {
            aggressor: nation(s, w.aggressor),
            defender: nation(s, w.defender),
            since: w.since,
            kind,
            joined,
            rule: declared.get(i).map(|x| x.to_string()).unwrap_or_default(),
            ended: w.ended,
            end,
        });
    }
    let formed: Vec<&String> = log
        .events()
        .filter_map(|e| match e {
            Event::World(WorldEvent::AllianceFormed { rule, .. }) => Some(rule),
            _ => None,
        })
        .collect();
    for (i, al) in st.relations.alliances.iter().enumerate() {
        let (broken, broken_by, how, broken_rule) = match &al.broken {
            None => (None, String::new(), String::new(), String::new()),
            Some(b) => {
                let reason = log
                    .events()
                    .find_map(|e| match e {
                        Event::World(WorldEvent::AllianceBroken {
                            a,
                            b: bb,
                            date,
                            reason,
                            ..
                        }) if *date == b.date
                            && ((*a == al.a && *bb == al.b) || (*a == al.b && *bb == al.a)) =>
                        {
                            Some(reason.clone())
                        }
                        _ => None,
                    })
                    .unwrap_or_default();
                (Some(b.date), powers(s, &b.by), reason, b.rule.clone())
            }
        };
        r.alliances.push(AllianceRow {
            a: power(s, al.a),
            b: power(s, al.b),
            since: al.since,
            rule: formed.get(i).map(|x| x.to_string()).unwrap_or_default(),
            broken,
            broken_by,
            how,
            broken_rule,
        });
    }
    for m in &st.relations.royal_marriages {
        r.marriages.push(MarriageRow {
            a: power(s, m.a),
            b: power(s, m.b),
            since: m.since,
            broken: m.broken,
        });
    }
    let now = st.position.date;
    for e in &st.relations.enforced_peaces {
        r.enforced.push(EnforcedRow {
            restricted: power(s, e.restricted),
            towards: power(s, e.towards),
            since: e.since,
            until: e.until,
            in_force: now < e.until,
            rule: e.rule.clone(),
        });
    }
}

/// Peaces made, with their terms by name.
fn peaces(s: &Scenario, st: &State, r: &mut Records) {
    for p in &st.treaties.peaces {
        let terms = p
            .terms
            .iter()
            .map(|t| {
                let name = s
                    .charts
                    .victory_conditions
                    .terms
                    .iter()
                    .find(|d| d.id == t.term)
                    .map(|d| format!(" {}", d.name))
                    .unwrap_or_default();
                let targets = if t.targets.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", t.targets.join(", "))
                };
                format!("{}{name}{targets}, by {}", t.term, power(s, t.by))
            })
            .collect();
        r.peaces.push(PeaceRow {
            date: p.date,
            kind: match p.kind {
                PeaceKind::Informal => "informal",
                PeaceKind::Conditional => "conditional",
                PeaceKind::Unconditional => "unconditional",
            },
            loser: power(s, p.loser),
            victor: power(s, p.victor),
            terms,
            loser_until: p.loser_restricted_until,
            victor_until: p.victor_restricted_until,
        });
    }
}

/// What the peaces left for later phases, as the Peace Step recorded it (4.4.6, terms B.3, B.4, B.6, C.3, C.5, C.6,
/// 12.4's limited access).
fn obligations(s: &Scenario, st: &State, r: &mut Records) {
    use crate::world::Obligation;
    for o in &st.treaties.obligations {
        let row = match o {
            Obligation::Reparations {
                term,
                from,
                to,
                once,
                each_of_two,
                date,
                ..
            } => ObligationRow {
                date: *date,
                until: None,
                term: term.clone(),
                from: power(s, *from),
                to: power(s, *to),
                detail: format!(
                    "reparations: {once} at the next Economic Phase, or {each_of_two} at each of the next two"
                ),
            },
            Obligation::CorpsOnLoan {
                corps,
                from,
                to,
                until,
            } => ObligationRow {
                date: st
                    .treaties
                    .peaces
                    .iter()
                    .rev()
                    .find(|p| p.loser == *from && p.victor == *to)
                    .map_or(*until, |p| p.date),
                until: Some(*until),
                term: "B.4".into(),
                from: power(s, *from),
                to: power(s, *to),
                detail: format!("corps {corps} lent"),
            },
            Obligation::TradeRestriction {
                loser,
                victor,
                since,
                broken,
            } => ObligationRow {
                date: *since,
                until: None,
                term: "B.6".into(),
                from: power(s, *loser),
                to: power(s, *victor),
                detail: match broken {
                    Some(d) => format!("no trade with the victor's enemies; broken in {d}"),
                    None => "no trade with the victor's enemies".into(),
                },
            },
            Obligation::UnconditionalAccess {
                loser,
                victor,
                since,
            } => ObligationRow {
                date: *since,
                until: None,
                term: "C.5".into(),
                from: power(s, *loser),
                to: power(s, *victor),
                detail: "the victor's forces may stay in the loser's territory".into(),
            },
            Obligation::LimitedAccess(a) => ObligationRow {
                date: a.since,
                until: Some(a.forces_by),
                term: "12.4".into(),
                from: power(s, a.mover),
                to: power(s, a.territory),
                detail: if a.unconditional {
                    format!(
                        "limited access: garrisons out of the other's capital cities by the Land Phase of {} (C.5)",
                        a.garrisons_by
                    )
                } else {
                    format!(
                        "limited access: garrisons out of the other's cities by the Land Phase of {}, corps, fleets and depots out of its territory by that of {}",
                        a.garrisons_by, a.forces_by
                    )
                },
            },
            Obligation::PoliticalSettlement {
                loser,
                victors,
                since,
            } => ObligationRow {
                date: *since,
                until: None,
                term: "C.6".into(),
                from: power(s, *loser),
                to: powers(s, victors),
                detail: "political settlement".into(),
            },
            Obligation::PrisonerExchange { a, b, date } => ObligationRow {
                date: *date,
                until: None,
                term: "4.4.6.1".into(),
                from: power(s, *a),
                to: power(s, *b),
                detail: "prisoners exchanged: surrendered factors return as reinforcements".into(),
            },
            Obligation::FleetsMustLeave {
                owner,
                territory_of,
                fleets,
                date,
            } => ObligationRow {
                date: *date,
                until: None,
                term: "4.4.6.2".into(),
                from: nation(s, *owner),
                to: power(s, *territory_of),
                detail: format!(
                    "fleets {} must leave the other's territory",
                    fleets
                        .iter()
                        .map(|f| f.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        };
        r.obligations.push(row);
    }
}

/// Minor countries: every change of control or status in the log, and where each stands now.
fn minors(s: &Scenario, st: &State, log: &Digest, r: &mut Records) {
    let mut last: BTreeMap<MinorId, usize> = BTreeMap::new();
    for (date, e) in &log.kept {
        if let Event::World(WorldEvent::MinorChanged {
            minor,
            controller,
            status,
            rule,
            reason,
        }) = e
        {
            last.insert(*minor, r.minor_changes.len());
            r.minor_changes.push(MinorChangeRow {
                date: date.unwrap_or(s.meta.start),
                minor: minor_name(s, *minor),
                controller: controller.map(|c| power(s, c)).unwrap_or_default(),
                status: status_name(*status),
                how: reason.clone(),
                rule: rule.clone(),
            });
        }
    }
    for (m, ms) in &st.minors {
        let change = last.get(m).map(|i| &r.minor_changes[*i]);
        if ms.controller.is_none() && change.is_none() {
            continue;
        }
        r.minors.push(MinorRow {
            minor: minor_name(s, *m),
            controller: ms.controller.map(|c| power(s, c)).unwrap_or_default(),
            status: status_name(ms.status),
            since: change.map(|c| c.date),
            how: change
                .map(|c| c.how.clone())
                .unwrap_or_else(|| "as the scenario begins".into()),
            rule: change.map(|c| c.rule.clone()).unwrap_or_default(),
        });
    }
}

/// The Economic Phases and the standings, from the world's accounts (12.6): the start of play, then each phase
/// with its closing standings (a phase being played closes at the standings now).
fn economy(st: &State, r: &mut Records) {
    let l = &st.world.ledger;
    r.snapshots.push(Snapshot {
        label: "start".into(),
        date: None,
        complete: true,
        powers: l
            .start
            .clone()
            .unwrap_or_else(|| crate::world::ledger::standings(&st.world)),
    });
    for mut phase in l.closing_now(&st.world) {
        phase.complete |= r.finished;
        r.snapshots.push(Snapshot {
            label: phase.date.to_string(),
            date: Some(phase.date),
            complete: phase.complete,
            powers: phase.powers.iter().map(|(p, a)| (*p, a.closing)).collect(),
        });
        r.phases.push(phase);
    }
    r.treasury_other = (*l.outside).clone();
}
