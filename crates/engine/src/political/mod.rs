//! Rule 4: the Political Phase. One module per step; this one holds what they share.

pub mod alliances;
pub mod breaking;
pub mod calls;
pub mod combined;
pub mod declarations;
pub mod diplomacy;
pub mod free_states;
pub mod minors;
pub mod peace;
pub mod reach;
pub mod status;

use crate::event::Event;
use crate::kernel::ids::PowerId;
use crate::scenario::Scenario;
use crate::state::State;
use crate::world::WorldEvent;

/// A political points change of the Political Points Chart's entry `id` (which gives the value), `times` over,
/// citing `rule`: the clause that causes this change (the chart's entry may be cited by several: breaking an
/// alliance costs the same under 4.3.1.3, 4.4.7, 4.6.4.2.2, 4.6.5.1 and 4.7).
///
/// Every entry the engine uses is required by the data checks, so a missing one is a data error caught at load.
pub(crate) fn points(
    scenario: &Scenario,
    power: PowerId,
    id: &str,
    times: i32,
    rule: &str,
    reason: String,
) -> Event {
    let delta = scenario.points(id).map_or(0, |e| e.points * times);
    Event::World(WorldEvent::PointsChanged {
        power,
        delta,
        rule: rule.to_string(),
        reason,
    })
}

/// Rule 3.3: a list decision names each thing at most once.
pub(crate) fn distinct<T: PartialEq + std::fmt::Display>(
    v: &[T],
) -> crate::kernel::error::RuleResult<()> {
    for (i, x) in v.iter().enumerate() {
        if v[..i].contains(x) {
            return Err(crate::kernel::error::RuleError::new(
                "3.3",
                format!("{x} is named twice"),
            ));
        }
    }
    Ok(())
}

/// The power's display name.
pub(crate) fn name(scenario: &Scenario, p: PowerId) -> String {
    scenario
        .power(p)
        .map(|d| d.name.clone())
        .unwrap_or_else(|| p.to_string())
}

/// Whether `p` is a power of the scenario still in the game.
pub(crate) fn in_game(state: &State, p: PowerId) -> bool {
    state.powers.get(&p).is_some_and(|s| s.in_game)
}
