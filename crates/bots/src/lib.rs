//! Computer players (issue 16's first part): a [`Bot`] sees one power's [`View`] and picks one of the decisions
//! listed in it (`View::choices`, the engine's `choices(power)`), by its index, with a one-line reason. It never
//! sees the full state (the view leaves out other powers' sealed decisions and private messages) and cannot
//! invent a decision: [`decide`] turns the pick into the listed decision.
//!
//! The kinds: the seeded [`RandomBot`] and the [`HeuristicBot`] (`docs/bots.md`), made by [`Kind::make`];
//! [`Table`], [`play_month`] and [`play_until`] let bots play every pending power of a game.

use coalition_engine::Decision;
use coalition_engine::PowerId;
use coalition_engine::game::Game;
use coalition_engine::kernel::calendar::Date;
use coalition_engine::state::RoundKind;
use coalition_engine::transcript::{Entry, Transcript};
use coalition_engine::view::View;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use std::collections::BTreeMap;
use std::sync::Arc;

pub mod heuristic;
pub use heuristic::HeuristicBot;

/// The kinds of bot a seat can hold (`random`, `heuristic`), by the name tables, files and options use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Random,
    Heuristic,
}

impl Kind {
    /// Every kind, in the order tables list them.
    pub const ALL: [Kind; 2] = [Kind::Heuristic, Kind::Random];

    /// The kind's name (`random`, `heuristic`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Heuristic => "heuristic",
        }
    }

    /// The kind named `name`, or a message listing the kinds.
    pub fn parse(name: &str) -> Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == name.trim())
            .ok_or_else(|| format!("unknown bot `{name}`: heuristic or random"))
    }

    /// A bot of this kind for one seat, deterministic given `seed`; the heuristic bot reads the scenario's map
    /// (public data, never the state).
    pub fn make(
        self,
        seed: u64,
        scenario: Arc<coalition_engine::scenario::Scenario>,
    ) -> Box<dyn Bot> {
        match self {
            Kind::Random => Box::new(RandomBot::new(seed)),
            Kind::Heuristic => Box::new(HeuristicBot::new(seed, scenario)),
        }
    }
}

/// The seed of the bot in the seat of the `index`-th power of a game seeded `seed` (independent streams).
pub fn seat_seed(seed: u64, index: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index as u64 + 1)
}

/// What a bot picked: an index into the view's listed choices, and why (shown to people, never part of the rules
/// state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub index: usize,
    pub reason: String,
}

/// A computer player for one seat: given what its power may see, it picks one of the listed decisions.
pub trait Bot {
    /// The bot's kind, for tables and logs (`random`).
    fn name(&self) -> &str;
    /// Picks one of `view.choices` (never empty when the engine asks).
    fn pick(&mut self, view: &View) -> Pick;
    /// Whether the bot reads the view's log (the events since its last view). A bot that judges from the state
    /// alone says no, and its views come without the events (copying them was a tenth of a campaign's work).
    fn reads_log(&self) -> bool {
        true
    }
}

/// Whether `d` is a message (4.1) without text.
pub fn empty_message(d: &Decision) -> bool {
    matches!(
        d,
        Decision::Diplomacy(coalition_engine::political::diplomacy::Send {
            body: coalition_engine::political::diplomacy::Diplomatic::Message { text },
            ..
        }) if text.trim().is_empty()
    )
}

/// A bot that picks uniformly among the listed choices but an empty message, from its own seeded ChaCha stream
/// (deterministic given the seed). In the Land and Naval Phases it says `pass` (done) half the time when it may,
/// so its turns end.
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n as u64) as usize
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn pick(&mut self, view: &View) -> Pick {
        let moving = view
            .state
            .round
            .as_ref()
            .is_some_and(|r| matches!(r.kind, RoundKind::Land | RoundKind::Naval));
        if moving
            && let Some(i) = view.choices.iter().position(|d| *d == Decision::Pass)
            && self.below(2) == 0
        {
            return Pick {
                index: i,
                reason: "random: ends its movement".into(),
            };
        }
        // A menu's "write a message" stands for the text a person types: a bot has none, so it sends no empty
        // message (issue 41).
        let listed: Vec<usize> = (0..view.choices.len())
            .filter(|i| !empty_message(&view.choices[*i]))
            .collect();
        let n = listed.len();
        Pick {
            index: listed.get(self.below(n.max(1))).copied().unwrap_or(0),
            reason: format!("random: one of {n} listed choices"),
        }
    }

    fn reads_log(&self) -> bool {
        false
    }
}

/// The listed decision `bot` picks for `power` now, with its reason; `None` when the power owes nothing or the
/// bot's index is out of the list (a bot cannot invent a decision). The view holds the whole log if the bot reads it.
pub fn decide(game: &Game, power: PowerId, bot: &mut dyn Bot) -> Option<(Decision, String)> {
    decide_since(game, power, bot, 0)
}

/// As [`decide`], with a view whose log starts at event `from` (what the bot has not been shown yet); a bot that
/// does not read the log ([`Bot::reads_log`]) gets none.
pub fn decide_since(
    game: &Game,
    power: PowerId,
    bot: &mut dyn Bot,
    from: usize,
) -> Option<(Decision, String)> {
    let from = if bot.reads_log() {
        from
    } else {
        game.log_len()
    };
    let view = game.view_since(power, from);
    if view.choices.is_empty() {
        return None;
    }
    let pick = bot.pick(&view);
    let d = view.choices.get(pick.index)?.clone();
    Some((d, pick.reason))
}

/// The seats' bots, by power, and what a bot-played game counts.
pub struct Table {
    pub bots: std::collections::BTreeMap<PowerId, Box<dyn Bot>>,
    /// Decisions submitted.
    pub decisions: u64,
    /// How much of the log each seat's bot has been shown: its next view starts there.
    shown: std::collections::BTreeMap<PowerId, usize>,
}

impl Table {
    /// A random bot in every seat of `game`, seeded from `seed` and the power.
    pub fn random(game: &Game, seed: u64) -> Table {
        Table::of(game, seed, |_| Some(Kind::Random))
    }

    /// A bot of the kind `kind` gives each power (none: that seat takes its default decisions), seeded from
    /// `seed` and the power's place in the scenario.
    pub fn of(game: &Game, seed: u64, kind: impl Fn(PowerId) -> Option<Kind>) -> Table {
        let bots = game
            .state()
            .powers
            .keys()
            .enumerate()
            .filter_map(|(i, p)| {
                let k = kind(*p)?;
                Some((*p, k.make(seat_seed(seed, i), game.scenario().clone())))
            })
            .collect();
        Table {
            bots,
            decisions: 0,
            shown: Default::default(),
        }
    }

    /// Seats a bot of `kind` in `power`'s seat, or empties the seat (`None`: a person plays it, or it takes its
    /// default decisions). A bot seated anew is seeded as [`Table::of`] seeds it.
    pub fn seat(&mut self, game: &Game, seed: u64, power: PowerId, kind: Option<Kind>) {
        if self.kind_of(power) == kind {
            return;
        }
        self.bots.remove(&power);
        self.shown.remove(&power);
        if let Some(k) = kind {
            let i = game
                .state()
                .powers
                .keys()
                .position(|p| *p == power)
                .unwrap_or(0);
            self.bots
                .insert(power, k.make(seat_seed(seed, i), game.scenario().clone()));
        }
    }

    /// The kind of bot in `power`'s seat, if a bot holds it.
    pub fn kind_of(&self, power: PowerId) -> Option<Kind> {
        self.bots
            .get(&power)
            .and_then(|b| Kind::parse(b.name()).ok())
    }

    /// Plays `power`'s owed decision: its bot's pick as an [`Entry::Bot`] with the bot's reason, or the default
    /// decision (rule 3.6) as an [`Entry::Default`] when the seat has no bot or the bot's pick is refused. The
    /// entry is already played on `game`; `None` when `power` owes nothing.
    pub fn play(&mut self, game: &mut Game, power: PowerId) -> Option<Entry> {
        if !game.pending().contains(&power) {
            return None;
        }
        let from = self.shown.get(&power).copied().unwrap_or(0);
        let picked = self.bots.get_mut(&power).and_then(|b| {
            Some((
                b.name().to_string(),
                decide_since(game, power, b.as_mut(), from)?,
            ))
        });
        self.shown.insert(power, game.log_len());
        self.decisions += 1;
        if let Some((bot, (decision, reason))) = picked
            && game.submit(power, decision.clone()).is_ok()
        {
            return Some(Entry::Bot {
                power,
                bot,
                decision,
                reason,
            });
        }
        game.submit_default(power)
            .expect("a default decision is always accepted");
        Some(Entry::Default { power })
    }

    /// Plays one decision of the first power owing one (bots in every seat; a power with no bot, or whose bot's
    /// pick is refused, takes its default decision, rule 3.6): the power and what it submitted (`None` for a
    /// default), or `None` when nobody owes anything.
    pub fn step(&mut self, game: &mut Game) -> Option<(PowerId, Option<Decision>)> {
        let power = game.pending().first().copied()?;
        match self.play(game, power)? {
            Entry::Bot { decision, .. } => Some((power, Some(decision))),
            _ => Some((power, None)),
        }
    }

    /// Plays every decision owed by a seat a bot holds, until nobody owes one or only seats without a bot do
    /// (a person's turn); the entries played, in order.
    pub fn play_bots(&mut self, game: &mut Game) -> Vec<Entry> {
        std::iter::from_fn(|| self.play_next_bot(game)).collect()
    }

    /// Plays one decision of the first power that owes one and whose seat a bot holds; `None` when there is
    /// none (the game is over, or only seats without a bot owe decisions).
    pub fn play_next_bot(&mut self, game: &mut Game) -> Option<Entry> {
        if game.state().finished {
            return None;
        }
        let power = game
            .pending()
            .into_iter()
            .find(|p| self.bots.contains_key(p))?;
        self.play(game, power)
    }
}

/// The seating a game file records ([`Transcript::bot_seats`]), as kinds; an unknown kind is an error naming
/// the power and the kinds there are.
pub fn seating(t: &Transcript) -> Result<BTreeMap<PowerId, Kind>, String> {
    t.bot_seats()
        .into_iter()
        .map(|(p, k)| {
            Kind::parse(&k)
                .map(|k| (p, k))
                .map_err(|e| format!("{p}'s seat: {e}"))
        })
        .collect()
}

/// Plays `game` with `table` until it is over or its date reaches `until`.
pub fn play_until(game: &mut Game, table: &mut Table, until: Date) {
    while !game.state().finished && game.state().date() < until {
        if table.step(game).is_none() {
            break;
        }
    }
}

/// Plays the rest of the current month of `game` with `table`.
pub fn play_month(game: &mut Game, table: &mut Table) {
    let next = game.state().date().plus_months(1);
    play_until(game, table, next);
}
