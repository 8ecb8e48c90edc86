//! `Game`: drives the sequence of play (rule 3, Coalition's) through the decision pipeline: `pending`,
//! `choices`, `submit`, resolution to events, `apply`, `view`, `log`. A game holds its whole log unless its
//! keeper (a server that stores the events) lets the older events go (`forget_before`).

pub mod apply;
pub mod decision;
mod emit;
pub mod event;
pub mod host;
mod plug;
mod plug_calls;
mod plug_economic;
mod plug_land;
mod plug_minors;
mod plug_naval;
mod plug_peace;
mod plug_reinforcement;
mod plug_umps;
mod reactions;
pub mod record;
pub mod snapshot;
pub mod state;
pub mod steps;
pub mod transcript;
pub mod view;

use crate::apply::apply;
use crate::decision::Decision;
use crate::event::Event;
use crate::host::Adjustment;
use crate::kernel::calendar::Position;
use crate::kernel::dice::Dice;
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{PlayerId, PowerId};
use crate::kernel::rulebook::Rulebook;
use crate::scenario::{PlayerDef, Scenario};
use crate::state::State;
use crate::view::View;
use emit::Emitter;
use state::RoundKind;
use std::collections::BTreeSet;
use std::sync::Arc;

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    scenario: Arc<Scenario>,
    rulebook: Rulebook,
    seed: u64,
    dice: Dice,
    /// Shared with the views taken since it last changed (a view's copy is a count, not a clone); written
    /// through `Arc::make_mut`, which copies it only while a view still holds it.
    state: std::sync::Arc<State>,
    /// The events held in memory: the whole log, or its events from `log_start` on.
    log: Vec<Event>,
    /// The number of the first event held (0 unless `forget_before` let earlier ones go).
    log_start: usize,
    /// What the written record (12.6) keeps of the events let go.
    forgotten: record::Digest,
}

/// Rule 14.2.1 / 14.2.2: checks the players' seats. Each power is played by at most one player; a player holds
/// one power, or two in a game of two or three players.
pub fn check_players(scenario: &Scenario, players: &[PlayerDef]) -> RuleResult<()> {
    let mut seen_players = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for pl in players {
        if !seen_players.insert(pl.id) {
            return Err(RuleError::new(
                "14.2.1",
                format!("player `{}` is listed twice", pl.id),
            ));
        }
        if pl.powers.is_empty() {
            return Err(RuleError::new(
                "14.2.1",
                format!("player `{}` controls no power", pl.id),
            ));
        }
        let most = if players.len() <= 3 { 2 } else { 1 };
        if pl.powers.len() > most {
            return Err(RuleError::new(
                if players.len() <= 3 {
                    "14.2.2"
                } else {
                    "14.2.1"
                },
                format!(
                    "player `{}` takes {} powers; with {} player(s) each may take at most {most}",
                    pl.id,
                    pl.powers.len(),
                    players.len()
                ),
            ));
        }
        for p in &pl.powers {
            if scenario.power(*p).is_none() {
                return Err(RuleError::new(
                    "3.4",
                    format!("unknown power `{p}` for player `{}`", pl.id),
                ));
            }
            if !seen.insert(*p) {
                return Err(RuleError::new(
                    "14.2.1",
                    format!("power `{p}` has two players"),
                ));
            }
        }
    }
    Ok(())
}

/// One player per power, named after it: the hot-seat default when a game lists no players.
pub fn hot_seat(scenario: &Scenario) -> Vec<PlayerDef> {
    scenario
        .powers
        .iter()
        .map(|p| PlayerDef {
            id: PlayerId(p.id.0),
            powers: vec![p.id],
        })
        .collect()
}

impl Game {
    /// A new game of `scenario` under `rulebook`, its dice seeded with `seed`, with `players` seated (every
    /// power gets its own player when the list is empty). The first step begins at once.
    pub fn new(
        scenario: Arc<Scenario>,
        rulebook: Rulebook,
        seed: u64,
        players: &[PlayerDef],
    ) -> RuleResult<Game> {
        Game::with_setup(scenario, rulebook, seed, players, None, &[])
    }

    /// Like `new`, with a set-up of the position (3.7): adjustments applied before play, and an optional
    /// starting position other than the scenario's start.
    pub fn with_setup(
        scenario: Arc<Scenario>,
        rulebook: Rulebook,
        seed: u64,
        players: &[PlayerDef],
        start: Option<Position>,
        setup: &[Adjustment],
    ) -> RuleResult<Game> {
        let players = if players.is_empty() {
            hot_seat(&scenario)
        } else {
            players.to_vec()
        };
        check_players(&scenario, &players)?;
        let state = Arc::new(State::initial(&scenario));
        let mut g = Game {
            scenario,
            rulebook,
            seed,
            dice: Dice::new(seed),
            state,
            log: Vec::new(),
            log_start: 0,
            forgotten: Default::default(),
        };
        g.emit(
            players
                .iter()
                .map(|p| Event::PlayerSeated {
                    player: p.id,
                    powers: p.powers.clone(),
                })
                .collect(),
        );
        let campaign = g.scenario.meta.setup.clone();
        for adj in &campaign {
            host::adjust(&mut g.emitter(), adj, "14.1.4", "the campaign's set-up")?;
        }
        for adj in setup {
            host::adjust(&mut g.emitter(), adj, "3.7", "set-up of the position")?;
        }
        let explicit = start.is_some();
        let start = start.unwrap_or(g.state.position);
        if !start.date.is_valid() {
            return Err(RuleError::new(
                "3.7",
                format!(
                    "the set-up cannot start in {}-{:02}: a month is 1 to 12",
                    start.date.year, start.date.month
                ),
            ));
        }
        if start.date < g.scenario.meta.start
            || start.date > g.scenario.meta.end
            || !start.step.occurs_under(g.scenario.calendar(), start.date)
        {
            return Err(RuleError::new(
                "3.7",
                format!(
                    "the set-up cannot start at {start}: the scenario runs {} to {} and the step must occur that month",
                    g.scenario.meta.start, g.scenario.meta.end
                ),
            ));
        }
        // 14.3: the powers no player has a seat for become UMPs.
        g.start_umps();
        if !explicit && crate::umps::control::opening_needed(&g.state) {
            g.begin_opening(start);
        } else {
            g.begin_step(start);
        }
        g.advance();
        Ok(g)
    }

    /// The rules' reading of the world now.
    pub fn ctx(&self) -> crate::world::Ctx<'_> {
        crate::world::Ctx::new(&self.scenario, &self.rulebook, &self.state.world)
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }
    pub fn rulebook(&self) -> &Rulebook {
        &self.rulebook
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn state(&self) -> &State {
        &self.state
    }
    /// Every event so far, in order; for a game that let its older events go (`forget_before`), the events
    /// from event `log_start()` on.
    pub fn log(&self) -> &[Event] {
        &self.log
    }
    /// The number of the first event `log()` holds: 0 unless `forget_before` let earlier ones go.
    pub fn log_start(&self) -> usize {
        self.log_start
    }
    /// How many events the game has logged so far, those let go included.
    pub fn log_len(&self) -> usize {
        self.log_start + self.log.len()
    }
    /// Lets go of the events before event `n` (those held; `n` past the end lets every event go): a keeper that
    /// stores the log holds only its recent part in memory. What the written record reads from those events is
    /// kept (`record::Digest`); the state, the views' state and the dice are unchanged, and the views' logs start
    /// at `log_start()`.
    pub fn forget_before(&mut self, n: usize) {
        let k = n.saturating_sub(self.log_start).min(self.log.len());
        if k == 0 {
            return;
        }
        self.forgotten.note_all(&self.log[..k]);
        self.log.drain(..k);
        self.log_start += k;
        // A long batch let go of leaves its room behind: give most of it back.
        if self.log.capacity() > 4 * self.log.len().max(64) {
            self.log.shrink_to(2 * self.log.len().max(64));
        }
    }
    /// What the written record keeps of the events let go (`forget_before`).
    pub(crate) fn forgotten(&self) -> &record::Digest {
        &self.forgotten
    }
    /// Dice rolled so far.
    pub fn dice_rolled(&self) -> u64 {
        self.dice.rolled()
    }

    /// The powers that owe a decision now (several at once in a sealed step).
    pub fn pending(&self) -> Vec<PowerId> {
        self.state
            .round
            .as_ref()
            .map(|r| r.owing.iter().copied().collect())
            .unwrap_or_default()
    }

    /// The legal decisions of `power` now: the one list that UIs, bots and tests use. Empty when it owes none.
    pub fn choices(&self, power: PowerId) -> Vec<Decision> {
        match &self.state.round {
            Some(r) if r.owing.contains(&power) => {
                let mut v =
                    steps::choices(&self.scenario, &self.rulebook, &self.state, r.kind, power);
                // Coalition's limit on 4.1: no more messages or proposals once a power sent its most.
                let sent = r.sent.get(&power).copied().unwrap_or(0);
                if crate::political::diplomacy::check_sent(&self.ctx(), power, sent).is_err() {
                    v.retain(|d| !matches!(d, Decision::Diplomacy(s) if !s.body.is_public()));
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// The decision taken for `power` if its player is absent or late (3.6), when it owes one.
    pub fn default_decision(&self, power: PowerId) -> Option<Decision> {
        match &self.state.round {
            Some(r) if r.owing.contains(&power) => Some(self.default_in(r.kind, power)),
            _ => None,
        }
    }

    /// Submits `power`'s decision. On refusal the game is unchanged and the error cites the rule.
    pub fn submit(&mut self, power: PowerId, decision: Decision) -> RuleResult<()> {
        let events = self.plan_submit(power, &decision)?;
        self.emit(events);
        self.advance();
        Ok(())
    }

    /// Submits `power`'s decision for `player`: refused unless the player controls the power at this moment (its
    /// seat, 14.2.1, or an UMP one of its powers controls this year, 14.3); otherwise as `submit`.
    pub fn submit_as(
        &mut self,
        player: PlayerId,
        power: PowerId,
        decision: Decision,
    ) -> RuleResult<()> {
        crate::umps::control::check_player(&self.ctx(), player, power)?;
        self.submit(power, decision)
    }

    /// Takes the default decision for a late player (3.6).
    pub fn submit_default(&mut self, power: PowerId) -> RuleResult<()> {
        let d = self
            .default_decision(power)
            .ok_or_else(|| self.not_owing(power))?;
        let mut events = vec![Event::DefaultTaken {
            power,
            reason: "the player is absent or late (3.6)".into(),
        }];
        events.extend(self.plan_submit(power, &d)?);
        self.emit(events);
        self.advance();
        Ok(())
    }

    /// Applies a host adjustment (3.5): public, logged, citing the host's note.
    pub fn host(&mut self, adj: &Adjustment, note: &str) -> RuleResult<()> {
        host::adjust(&mut self.emitter(), adj, "3.5", note)
    }

    /// Forces the next dice results (tests; a host re-running a disputed roll).
    pub fn force_dice(&mut self, faces: &[u8]) -> RuleResult<()> {
        self.dice.force(faces)
    }

    /// What `power` may see now.
    pub fn view(&self, power: PowerId) -> View {
        View::of(self, power)
    }

    /// `power`'s view with only the log from event `from` on (`View::since`).
    pub fn view_since(&self, power: PowerId, from: usize) -> View {
        View::since(self, power, from)
    }

    /// Rebuilds the state from the scenario and a log: the state is the scenario folded over its events.
    pub fn rebuild(scenario: &Scenario, log: &[Event]) -> State {
        let mut s = State::initial(scenario);
        for e in log {
            apply(&mut s, e);
        }
        s
    }

    fn not_owing(&self, power: PowerId) -> RuleError {
        let pos = self.state.position;
        match &self.state.round {
            None if self.state.finished => {
                RuleError::new("3.1", format!("the game is over ({})", pos.date))
            }
            None => RuleError::new(
                "3.1",
                format!("no decision is owed in the {} of {}", pos.step, pos.date),
            ),
            Some(r) if r.submitted.contains_key(&power) => RuleError::new(
                "3.2",
                format!(
                    "{power} has already made its decision in the {} of {} (waiting for: {})",
                    pos.step,
                    pos.date,
                    r.owing
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            Some(r) => RuleError::new(
                "3.2",
                format!(
                    "{power} owes no decision in the {} of {} (waiting for: {})",
                    pos.step,
                    pos.date,
                    r.owing
                        .iter()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        }
    }

    /// Every check of a submission, with no change: the events it would cause.
    fn plan_submit(&self, power: PowerId, d: &Decision) -> RuleResult<Vec<Event>> {
        if self.scenario.power(power).is_none() {
            return Err(RuleError::new(
                "3.4",
                format!(
                    "unknown power `{power}` (powers: {})",
                    self.scenario
                        .power_ids()
                        .map(|p| p.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let Some(r) = self
            .state
            .round
            .as_ref()
            .filter(|r| r.owing.contains(&power))
        else {
            return Err(self.not_owing(power));
        };
        steps::check(
            &self.scenario,
            &self.rulebook,
            &self.state,
            r.kind,
            power,
            d,
        )?;
        // 4.1: a message acts at once, without ending the power's part in the round.
        if let Decision::Diplomacy(send) = d {
            // Coalition's 10.3: a grant or revocation of access is public, recorded at once as a world event.
            if let Some(granted) = send.body.access() {
                let events =
                    crate::political::access::events(&self.ctx(), power, &send.to, granted);
                return Ok(events.into_iter().map(Event::World).collect());
            }
            // Coalition's cession: an accepted offer is public, recorded at once as world events (the offer
            // itself stays a private message).
            if let (crate::political::diplomacy::Diplomatic::AcceptCession { minor }, [cedant]) =
                (&send.body, send.to.as_slice())
            {
                let events = crate::political::cession::events(&self.ctx(), *cedant, power, *minor);
                return Ok(events.into_iter().map(Event::World).collect());
            }
            crate::political::diplomacy::check_sent(
                &self.ctx(),
                power,
                r.sent.get(&power).copied().unwrap_or(0),
            )?;
            let message = crate::political::diplomacy::message(&self.ctx(), power, send);
            return Ok(vec![Event::MessageSent { message }]);
        }
        Ok(vec![Event::Submitted {
            power,
            sealed: r.sealed,
            decision: Some(d.clone()),
        }])
    }

    /// The one emit path over this game's state and log (`emit::Emitter`).
    fn emitter(&mut self) -> Emitter<'_> {
        self.emitter_and_dice().0
    }

    /// The emitter and the dice, borrowed together (a step rolls while it emits).
    fn emitter_and_dice(&mut self) -> (Emitter<'_>, &mut Dice) {
        (
            Emitter {
                scenario: &self.scenario,
                rulebook: &self.rulebook,
                state: std::sync::Arc::make_mut(&mut self.state),
                log: &mut self.log,
            },
            &mut self.dice,
        )
    }

    fn emit(&mut self, events: Vec<Event>) {
        self.emitter().batch(events);
        self.take_titles();
    }

    /// Coalition's unification rule: once a power has taken a new name (`World::titles`), the game's scenario
    /// carries it, so that every line, refusal and page names it so. The scenario is the same otherwise.
    fn take_titles(&mut self) {
        if let Some(s) = self.scenario.with_titles(&self.state.world.titles) {
            self.scenario = Arc::new(s);
        }
    }

    /// The default decision (3.6) of `power` in a round of `kind`.
    fn default_in(&self, kind: RoundKind, power: PowerId) -> Decision {
        steps::default(&self.scenario, &self.rulebook, &self.state, kind, power)
    }

    fn begin_step(&mut self, pos: Position) {
        self.emit(vec![Event::StepBegan { position: pos }]);
        let (mut em, dice) = self.emitter_and_dice();
        if steps::begin(&mut em, pos.step, dice) {
            em.settle();
        }
        self.take_titles();
        self.take_defaults_for_empty_seats();
    }

    /// The opening UMP Control Step (Coalition's reading of 14.3.1.1: the players bid for the UMPs before the
    /// first month), dated the December before `start`; the first month follows it.
    fn begin_opening(&mut self, start: Position) {
        let pos = Position {
            date: start.date.plus_months(-1),
            step: crate::kernel::calendar::Step::UmpControl,
        };
        self.emit(vec![Event::StepBegan { position: pos }]);
        let (mut em, dice) = self.emitter_and_dice();
        steps::begin(&mut em, pos.step, dice);
        em.settle();
        self.take_defaults_for_empty_seats();
    }

    /// 14.3: the powers no player has a seat for become UMPs (`umps::control::start`), as one batch.
    fn start_umps(&mut self) {
        let mut em = self.emitter();
        let mark = em.log.len();
        let (sc, rb) = (em.scenario, em.rulebook);
        let mut sink = em.sink::<crate::umps::control::UmpControl>();
        crate::umps::control::start(&mut crate::world::Cx::new(sc, rb, &mut sink));
        if em.log.len() > mark {
            em.settle();
        }
    }

    /// Powers no player controls take the default decision at once (3.6).
    fn take_defaults_for_empty_seats(&mut self) {
        let Some(r) = &self.state.round else { return };
        let kind = r.kind;
        let sealed = r.sealed;
        let empty: Vec<PowerId> = r
            .owing
            .iter()
            .filter(|p| self.state.player_of(**p).is_none())
            .copied()
            .collect();
        for p in empty {
            let decision = self.default_in(kind, p);
            self.emit(vec![
                Event::DefaultTaken {
                    power: p,
                    reason: format!("no player controls {p}"),
                },
                Event::Submitted {
                    power: p,
                    sealed,
                    decision: Some(decision),
                },
            ]);
        }
    }

    /// Resolves complete rounds and walks on until someone owes a decision or the game ends.
    fn advance(&mut self) {
        while !self.state.finished {
            match &self.state.round {
                Some(r) if !r.owing.is_empty() => return,
                Some(r) => {
                    let (kind, sealed, decisions) = (r.kind, r.sealed, r.submitted.clone());
                    let (mut em, dice) = self.emitter_and_dice();
                    let reopened = steps::resolve(&mut em, kind, sealed, &decisions, dice);
                    em.settle();
                    if reopened {
                        self.take_defaults_for_empty_seats();
                    } else {
                        self.emit(vec![Event::RoundClosed]);
                        self.next_step();
                    }
                }
                None => self.next_step(),
            }
        }
    }

    /// 3.1 with Coalition's victory rule (`docs/rules/victory.md`): the next step begins, unless the scenario's
    /// last month is over or a final peace (4.4.8) has left at most one player in the game; then the game ends
    /// and names its winners.
    fn next_step(&mut self) {
        use crate::world::victory::{self, Ending};
        let next = self.state.position.next_under(self.scenario.calendar());
        let (reason, ending) = if next.date > self.scenario.meta.end {
            (
                format!("the scenario ends in {}", self.scenario.meta.end),
                Ending::ScenarioEnd {
                    last: self.scenario.meta.end,
                },
            )
        } else if victory::last_standing(&self.state) {
            (
                "final peaces (4.4.8) leave one player in the game".to_string(),
                Ending::LastStanding,
            )
        } else {
            self.begin_step(next);
            return;
        };
        let outcome = victory::outcome(&self.scenario, &self.state, ending);
        self.emit(vec![Event::GameEnded {
            date: self.state.position.date,
            reason,
            outcome,
        }]);
    }
}
