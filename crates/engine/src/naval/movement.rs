//! Rule 6.2.1 with 12.2.3 (moving large fleets and transports, option): a fleet's movement allowance for the
//! Naval Phase, from the stack it starts the phase in.

use crate::kernel::ids::PowerId;
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::Location;
use crate::world::Ctx;

/// Why a fleet moves: its normal movement, or a retreat or pursuit after a naval combat (12.2.3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Normal,
    RetreatOrPursuit,
}

/// 12.2.3.1: the stack a fleet starts the Naval Phase in, as 12.2.3 counts it: the fleets with ships at one
/// place controlled by one major power and the powers combining movement with it (4.9); fleets of other powers
/// there are not part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stack {
    /// The fleets in the stack (at least the one moving).
    pub fleets: u32,
    /// 12.2.3.2: some fleet of the stack transports corps or carries a depot for invasion supply.
    pub transporting: bool,
}

/// 12.2.3.1: the stack `power`'s fleets at `at` form: its own fleets and its free states' there, with those of
/// the powers combining movement with it this turn (4.9). `transporting` is the caller's: whether any of them
/// carries corps or an invasion depot.
pub fn stack_at<S: ?Sized>(
    ctx: &Ctx<'_, S>,
    power: PowerId,
    at: Location,
    transporting: bool,
) -> Stack {
    let w = ctx.world;
    let combined = |p: PowerId| {
        p == power
            || w.relations.combined_movement.contains(&(power, p))
            || w.relations.combined_movement.contains(&(p, power))
    };
    let fleets = w
        .forces
        .fleets
        .values()
        .filter(|f| f.location == at && f.ships > 0)
        .filter(|f| w.controller_of(f.owner).is_some_and(combined))
        .count() as u32;
    Stack {
        fleets,
        transporting,
    }
}

/// 6.2.1 with 12.2.3: the movement points each fleet of `stack` has for the phase: `movement.fleet` (7), less,
/// under 12.2.3 and for normal movement only (12.2.3.5), one a fleet beyond the first (12.2.3.3) and one when
/// the stack transports (12.2.3.2), together (12.2.3.4) at most `most_reduction` (3).
pub fn allowance<S: ?Sized>(ctx: &Ctx<'_, S>, stack: Stack, purpose: Purpose) -> u32 {
    let full = ctx.scenario.charts.movement.fleet;
    if !ctx.rulebook.has(OptionalRule::LargeFleets) || purpose == Purpose::RetreatOrPursuit {
        return full;
    }
    let c = &ctx.scenario.charts.naval.large_fleets;
    let size = stack.fleets.saturating_sub(1) * c.per_extra_fleet;
    let carrying = if stack.transporting {
        c.transporting
    } else {
        0
    };
    full.saturating_sub((size + carrying).min(c.most_reduction))
}
