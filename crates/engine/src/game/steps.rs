//! Rule 3 (Coalition's sequence of play): the one table of the game's steps. Each kind of round is one `Step`
//! of a phase module, plugged in here by a `Plug`: where its own state lives in the game's `State`, how its
//! events are written in the log and its decisions in the transcripts. Adding a phase adds its plugs and one line
//! each to `plugged!`; no other phase changes.
//!
//! Default decisions (3.6) are each step's `default` (documented there and in `docs/rules/`).

use super::decision::Decision;
use super::emit::Emitter;
use super::event::Event;
use super::state::{RoundKind, State};
use crate::kernel::calendar::Step as CalendarStep;
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::Rulebook;
use crate::scenario::Scenario;
use crate::world::{Ask, Ctx, Cx, WorldEvent};
use std::collections::BTreeMap;

pub(crate) use super::plug::{Own, Plug};

/// The rules' reading of `state` for step `P`.
fn ctx<'a, P: Plug>(sc: &'a Scenario, rb: &'a Rulebook, state: &'a State) -> Ctx<'a, P::State> {
    Ctx {
        scenario: sc,
        rulebook: rb,
        world: &state.world,
        own: P::own(state),
    }
}

fn choices_of<P: Plug>(sc: &Scenario, rb: &Rulebook, s: &State, power: PowerId) -> Vec<Decision> {
    P::choices(&ctx::<P>(sc, rb, s), power)
        .into_iter()
        .map(P::encode)
        .collect()
}

fn default_of<P: Plug>(sc: &Scenario, rb: &Rulebook, s: &State, power: PowerId) -> Decision {
    P::encode(P::default(&ctx::<P>(sc, rb, s), power))
}

fn check_of<P: Plug>(
    sc: &Scenario,
    rb: &Rulebook,
    s: &State,
    power: PowerId,
    d: &Decision,
) -> RuleResult<()> {
    match P::decode(d) {
        Some(x) => P::check(&ctx::<P>(sc, rb, s), power, &x),
        None => {
            let step = step_of(P::KIND);
            Err(RuleError::new(
                "3.1",
                format!(
                    "the {} ({}) takes `{}` decisions, not `{}`",
                    step.name(),
                    step.rule(),
                    P::TAKES,
                    d.kind()
                ),
            ))
        }
    }
}

fn begin_of<P: Own>(em: &mut Emitter, dice: &mut Dice) -> Option<Ask> {
    let (sc, rb) = (em.scenario, em.rulebook);
    let mut sink = em.sink::<P>();
    let mut cx = Cx::new(sc, rb, &mut sink);
    P::begin(&mut cx, dice)
}

fn resolve_of<P: Plug>(
    em: &mut Emitter,
    sealed: bool,
    decisions: &BTreeMap<PowerId, Decision>,
    dice: &mut Dice,
) -> Option<Ask> {
    if sealed && P::REVEALS {
        em.push(Event::Revealed {
            round: P::KIND,
            decisions: decisions.clone(),
        });
    }
    let ds: BTreeMap<PowerId, P::Decision> = decisions
        .iter()
        .filter_map(|(p, d)| P::decode(d).map(|x| (*p, x)))
        .collect();
    let (sc, rb) = (em.scenario, em.rulebook);
    let mut sink = em.sink::<P>();
    let mut cx = Cx::new(sc, rb, &mut sink);
    P::resolve(&mut cx, &ds, dice)
}

/// A plug for a step with no state or events of its own, whose decision is `$d` (a transcript's `$v`), and `pass`
/// read as `$pass`.
macro_rules! plug_plain {
    ($step:ty, $kind:ident, $takes:literal, $d:ty, $v:ident, $pass:expr) => {
        impl Plug for $step {
            const KIND: RoundKind = RoundKind::$kind;
            const TAKES: &'static str = $takes;
            fn own(_: &State) -> &() {
                &()
            }
            fn wrap(e: std::convert::Infallible) -> Event {
                match e {}
            }
            fn decode(d: &Decision) -> Option<$d> {
                match d {
                    Decision::$v(x) => Some(x.clone()),
                    Decision::Pass => Some($pass),
                    _ => None,
                }
            }
            fn encode(d: $d) -> Decision {
                Decision::$v(d)
            }
        }
    };
}

/// A plug for a step with no state or events of its own whose decision may be a pass (`None`).
macro_rules! plug_passing {
    ($step:ty, $kind:ident, $takes:literal, $d:ty, $v:ident) => {
        impl Plug for $step {
            const KIND: RoundKind = RoundKind::$kind;
            const TAKES: &'static str = $takes;
            fn own(_: &State) -> &() {
                &()
            }
            fn wrap(e: std::convert::Infallible) -> Event {
                match e {}
            }
            fn decode(d: &Decision) -> Option<Option<$d>> {
                match d {
                    Decision::$v(x) => Some(Some(x.clone())),
                    Decision::Pass => Some(None),
                    _ => None,
                }
            }
            fn encode(d: Option<$d>) -> Decision {
                d.map_or(Decision::Pass, Decision::$v)
            }
        }
    };
}

use crate::economic::{collection, expenditure, manipulation, status};
use crate::political::peace::PeaceStep;
use crate::political::{alliances, breaking, combined, declarations, diplomacy, free_states};

plug_passing!(
    diplomacy::Diplomacy,
    Diplomacy,
    "pass, message or propose",
    diplomacy::Send,
    Diplomacy
);
plug_plain!(
    declarations::Declarations,
    Declarations,
    "declare",
    declarations::Declare,
    DeclareWar,
    Default::default()
);
plug_plain!(
    alliances::Alliances,
    Alliances,
    "ally",
    alliances::Ally,
    Ally,
    Default::default()
);
plug_passing!(
    breaking::BreakingAlliances,
    BreakAlliances,
    "break or pass",
    breaking::Break,
    BreakAlliances
);
plug_plain!(
    combined::CombinedMovement,
    CombinedMovement,
    "combine",
    combined::Combine,
    CombineMovement,
    Default::default()
);
plug_plain!(
    free_states::FreeStateDeclaration,
    FreeStates,
    "free states",
    free_states::FreeStates,
    FreeStates,
    Default::default()
);

/// Calls `$f::<P>($args)` with `P` the step plugged for `$kind`. Every round kind is plugged: a new step adds its line here.
macro_rules! plugged {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            RoundKind::Diplomacy => $f::<diplomacy::Diplomacy>($($arg),*),
            RoundKind::Declarations => $f::<declarations::Declarations>($($arg),*),
            RoundKind::Alliances => $f::<alliances::Alliances>($($arg),*),
            RoundKind::BreakAlliances => $f::<breaking::BreakingAlliances>($($arg),*),
            RoundKind::CombinedMovement => $f::<combined::CombinedMovement>($($arg),*),
            RoundKind::FreeStates => $f::<free_states::FreeStateDeclaration>($($arg),*),
            RoundKind::CallToAllies => $f::<crate::political::calls::CallToAllies>($($arg),*),
            RoundKind::Reinforcement => $f::<crate::reinforcement::ReinforcementPhase>($($arg),*),
            RoundKind::MinorControl => {
                $f::<crate::political::minors::MinorCountryControl>($($arg),*)
            }
            RoundKind::Manipulation => $f::<manipulation::Manipulation>($($arg),*),
            RoundKind::Expenditure => $f::<expenditure::Expenditure>($($arg),*),
            RoundKind::UmpBids => $f::<crate::umps::control::UmpControl>($($arg),*),
            RoundKind::Peace => $f::<PeaceStep>($($arg),*),
            RoundKind::Naval => $f::<crate::naval::NavalPhase>($($arg),*),
            RoundKind::Land => $f::<crate::land::LandPhase>($($arg),*),
        }
    };
}

/// The round kind the calendar step `step` begins with, when that step is plugged.
fn kind_of(step: CalendarStep) -> Option<RoundKind> {
    Some(match step {
        CalendarStep::Diplomacy => RoundKind::Diplomacy,
        CalendarStep::DeclarationsOfWar => RoundKind::Declarations,
        CalendarStep::CreatingAlliances => RoundKind::Alliances,
        CalendarStep::BreakingAlliances => RoundKind::BreakAlliances,
        CalendarStep::CombinedMovement => RoundKind::CombinedMovement,
        CalendarStep::FreeStateDeclaration => RoundKind::FreeStates,
        CalendarStep::CallToAllies => RoundKind::CallToAllies,
        CalendarStep::Reinforcement => RoundKind::Reinforcement,
        CalendarStep::MinorCountryControl => RoundKind::MinorControl,
        CalendarStep::EconomicManipulation => RoundKind::Manipulation,
        CalendarStep::EconomicExpenditure => RoundKind::Expenditure,
        CalendarStep::UmpControl => RoundKind::UmpBids,
        CalendarStep::Peace => RoundKind::Peace,
        CalendarStep::Naval => RoundKind::Naval,
        CalendarStep::Land => RoundKind::Land,
        _ => return None,
    })
}

/// How the game begins a plugged calendar step that asks nobody anything (it has no round kind).
type BeginOnly = fn(&mut Emitter, &mut Dice) -> Option<Ask>;

/// The plugged calendar steps that ask nothing: they only begin.
fn begin_only(step: CalendarStep) -> Option<BeginOnly> {
    Some(match step {
        CalendarStep::EconomicCollection => begin_of::<collection::Collection>,
        CalendarStep::EconomicStatus => begin_of::<status::Status>,
        _ => return None,
    })
}

/// The calendar step a round belongs to.
pub fn step_of(kind: RoundKind) -> CalendarStep {
    match kind {
        RoundKind::Diplomacy => CalendarStep::Diplomacy,
        RoundKind::Declarations => CalendarStep::DeclarationsOfWar,
        RoundKind::Alliances => CalendarStep::CreatingAlliances,
        RoundKind::BreakAlliances => CalendarStep::BreakingAlliances,
        RoundKind::CombinedMovement => CalendarStep::CombinedMovement,
        RoundKind::CallToAllies => CalendarStep::CallToAllies,
        RoundKind::Peace => CalendarStep::Peace,
        RoundKind::MinorControl => CalendarStep::MinorCountryControl,
        RoundKind::FreeStates => CalendarStep::FreeStateDeclaration,
        RoundKind::Reinforcement => CalendarStep::Reinforcement,
        RoundKind::UmpBids => CalendarStep::UmpControl,
        RoundKind::Manipulation => CalendarStep::EconomicManipulation,
        RoundKind::Expenditure => CalendarStep::EconomicExpenditure,
        RoundKind::Naval => CalendarStep::Naval,
        RoundKind::Land => CalendarStep::Land,
    }
}

/// The legal decisions of `power` in a round of `kind`.
pub(crate) fn choices(
    sc: &Scenario,
    rb: &Rulebook,
    s: &State,
    kind: RoundKind,
    power: PowerId,
) -> Vec<Decision> {
    plugged!(kind, choices_of(sc, rb, s, power))
}

/// The default decision (3.6) of `power` in a round of `kind`.
pub(crate) fn default(
    sc: &Scenario,
    rb: &Rulebook,
    s: &State,
    kind: RoundKind,
    power: PowerId,
) -> Decision {
    plugged!(kind, default_of(sc, rb, s, power))
}

/// Checks a decision against the round's kind and the step's rules.
pub(crate) fn check(
    sc: &Scenario,
    rb: &Rulebook,
    s: &State,
    kind: RoundKind,
    power: PowerId,
    d: &Decision,
) -> RuleResult<()> {
    plugged!(kind, check_of(sc, rb, s, power, d))
}

/// Opens the round `ask` of `kind`, if any; whether one was opened. The one place a round is opened.
pub(crate) fn open(em: &mut Emitter, kind: RoundKind, ask: Option<Ask>) -> bool {
    match ask {
        Some(ask) => {
            em.push(Event::RoundOpened {
                round: kind,
                sealed: ask.sealed,
                owing: ask.owing,
            });
            true
        }
        None => false,
    }
}

/// Begins the calendar step `step`: its first effects and the round it opens, if any. A step with no rules yet
/// (6) begins with nothing and asks nobody (`false`: nothing was begun).
pub(crate) fn begin(em: &mut Emitter, step: CalendarStep, dice: &mut Dice) -> bool {
    if let Some(begin) = begin_only(step) {
        let ask = begin(em, dice);
        debug_assert!(ask.is_none(), "{step:?} asks nothing");
        return true;
    }
    let Some(kind) = kind_of(step) else {
        return false;
    };
    let ask = plugged!(kind, begin_of(em, dice));
    open(em, kind, ask);
    true
}

/// Resolves a complete round of `kind`, with the reactions that follow it: `true` if a round is open again.
pub(crate) fn resolve(
    em: &mut Emitter,
    kind: RoundKind,
    sealed: bool,
    decisions: &BTreeMap<PowerId, Decision>,
    dice: &mut Dice,
) -> bool {
    let mark = em.log.len();
    let ask = plugged!(kind, resolve_of(em, sealed, decisions, dice));
    let reopened = open(em, kind, ask);
    let more_opened = after_resolve(em, kind, mark, dice);
    reopened || more_opened
}

/// The reactions that follow a resolution of `kind` whose events begin at `mark` in the log, emitted at once:
/// the UMP rules' mid-year bidding after a declaration of war on an uncontrolled UMP (14.3.1.3.3, 14.3.2.4.1)
/// and the forced calls' consequences after the Call to Allies Step. Whether they opened a round.
fn after_resolve(
    em: &mut Emitter,
    kind: super::state::RoundKind,
    mark: usize,
    dice: &mut crate::kernel::dice::Dice,
) -> bool {
    use crate::umps::{control::UmpControl, midyear};
    if !matches!(kind, RoundKind::Declarations | RoundKind::CallToAllies) {
        return false;
    }
    // The wars the resolution declared, as the world events it emitted.
    let wars: Vec<WorldEvent> = em.log[mark..]
        .iter()
        .filter_map(|e| match e {
            Event::World(w @ WorldEvent::WarDeclared { .. }) => Some(w.clone()),
            _ => None,
        })
        .collect();
    let (sc, rb) = (em.scenario, em.rulebook);
    let mut sink = em.sink::<UmpControl>();
    let mut cx = crate::world::Cx::new(sc, rb, &mut sink);
    let ask = match kind {
        RoundKind::Declarations => midyear::after_declarations(&mut cx, &wars, dice),
        _ => {
            midyear::after_calls(&mut cx, &wars);
            None
        }
    };
    open(em, RoundKind::UmpBids, ask)
}
