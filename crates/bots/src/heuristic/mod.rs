//! The heuristic bot (issue 16): a computer player that picks, for every kind of decision the engine asks for,
//! what a player of the game would recognise as sensible, with a one-line reason. It sees only its power's view
//! and the scenario's public data (the map, the minors, the charts), and is deterministic given its seed: ties
//! between equally good choices are broken by a hash of the seed and the position, never by a clock.
//!
//! Each family of decisions has its module: [`politics`] (the Political Phase and the UMP bids), [`economy`]
//! (manipulation, expenditure, reinforcement) and [`war`] (the Naval and Land Phases, battles and sieges). Its
//! judgements are Coalition's own, written in `docs/bots.md`.

mod economy;
mod politics;
pub mod sight;
mod war;

use crate::{Bot, Pick};
use coalition_engine::Decision;
use coalition_engine::scenario::Scenario;
use coalition_engine::state::RoundKind;
use coalition_engine::view::View;
use sight::{Map, Sight};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// The heuristic bot for one seat.
pub struct HeuristicBot {
    seed: u64,
    scenario: Arc<Scenario>,
    map: Arc<Map>,
}

impl HeuristicBot {
    pub fn new(seed: u64, scenario: Arc<Scenario>) -> Self {
        let map = map_of(&scenario);
        HeuristicBot {
            seed,
            scenario,
            map,
        }
    }
}

/// The land distances of `s`, worked out once for every bot of every game of one scenario.
fn map_of(s: &Arc<Scenario>) -> Arc<Map> {
    type Cache = Mutex<Vec<(Weak<Scenario>, Arc<Map>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    c.retain(|(w, _)| w.strong_count() > 0);
    if let Some((_, m)) = c
        .iter()
        .find(|(w, _)| w.upgrade().is_some_and(|x| Arc::ptr_eq(&x, s)))
    {
        return m.clone();
    }
    let m = Arc::new(Map::of(s));
    c.push((Arc::downgrade(s), m.clone()));
    m
}

/// What the family modules get: the view, the reading of it, the map, and the tie-breaking hash.
pub(crate) struct Ctx<'a> {
    pub view: &'a View,
    pub sight: Sight<'a>,
    pub map: &'a Map,
    salt: u64,
}

impl Ctx<'_> {
    /// A number in `0..n` that depends only on the bot's seed, the position and `k` (deterministic variety).
    pub fn roll(&self, k: u64, n: u64) -> u64 {
        mix(self.salt ^ k.wrapping_mul(0x2545_F491_4F6C_DD1D)) % n.max(1)
    }
}

/// A score for each listed choice (higher is better) and the reason for the one picked.
pub(crate) fn choose(
    cx: &Ctx,
    score: impl Fn(&Decision) -> i64,
    reason: impl FnOnce(&Decision) -> String,
) -> Pick {
    let mut best: Option<(i64, u64, usize)> = None;
    for (i, d) in cx.view.choices.iter().enumerate() {
        let s = score(d);
        let tie = cx.roll(i as u64, u64::MAX);
        if best.is_none_or(|(bs, bt, _)| (s, tie) > (bs, bt)) {
            best = Some((s, tie, i));
        }
    }
    let index = best.map_or(0, |(_, _, i)| i);
    let reason = cx
        .view
        .choices
        .get(index)
        .map(reason)
        .unwrap_or_else(|| "nothing to choose".into());
    Pick { index, reason }
}

/// splitmix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    /// It judges from the state and the scenario alone.
    fn reads_log(&self) -> bool {
        false
    }

    fn pick(&mut self, view: &View) -> Pick {
        let base = coalition_engine::Date::new(1700, 1).expect("a valid date");
        let months = base.months_until(view.state.date()) as u64;
        let kind = view.state.round.as_ref().map(|r| r.kind);
        let salt = mix(self.seed ^ mix(months.wrapping_mul(64) + kind.map_or(63, |k| k as u64)));
        let cx = Ctx {
            view,
            sight: Sight::of(view, &self.scenario),
            map: &self.map,
            salt,
        };
        let pick = match kind {
            Some(RoundKind::Diplomacy) => politics::diplomacy(&cx),
            Some(RoundKind::Declarations) => politics::declarations(&cx),
            Some(RoundKind::Alliances) => politics::alliances(&cx),
            Some(RoundKind::BreakAlliances) => politics::breaking(&cx),
            Some(RoundKind::CombinedMovement) => politics::combined(&cx),
            Some(RoundKind::CallToAllies) => politics::calls(&cx),
            Some(RoundKind::Peace) => politics::peace(&cx),
            Some(RoundKind::MinorControl) => politics::minors(&cx),
            Some(RoundKind::FreeStates) => politics::free_states(&cx),
            Some(RoundKind::UmpBids) => politics::ump_bids(&cx),
            Some(RoundKind::Manipulation) => economy::manipulation(&cx),
            Some(RoundKind::Expenditure) => economy::expenditure(&cx),
            Some(RoundKind::Reinforcement) => economy::reinforcement(&cx),
            Some(RoundKind::Naval) => war::naval(&cx),
            Some(RoundKind::Land) => war::land(&cx),
            None => choose(
                &cx,
                |_| 0,
                |d| format!("{d}: the only kind of step there is"),
            ),
        };
        Pick {
            reason: format!("heuristic: {}", pick.reason),
            ..pick
        }
    }
}
