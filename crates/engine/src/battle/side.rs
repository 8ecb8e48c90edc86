//! Rules 4.5.3 and 4.5.4 as Coalition writes them (`docs/rules/combat.md` 7.5.1–7.5.2), with 12.3.2, 12.3.7.1
//! and 12.3.7.2: a side's combat morale, its commander and the commander's effective ratings.

use super::{BattleCorps, Options, SideSetup};
use crate::scenario::combat::CombatChart;
use crate::scenario::{CorpsKind, Factors, UnitKind};

/// The kinds of factors a corps holds, with their counts.
pub fn kinds(f: &Factors) -> [(UnitKind, u16); 9] {
    [
        (UnitKind::Infantry, f.infantry),
        (UnitKind::Cavalry, f.cavalry),
        (UnitKind::Guard, f.guard),
        (UnitKind::Militia, f.militia),
        (UnitKind::Artillery, f.artillery),
        (UnitKind::Cossack, f.cossack),
        (UnitKind::Freikorps, f.freikorps),
        (UnitKind::Feudal, f.feudal),
        (UnitKind::Insurrection, f.insurrection),
    ]
}

/// 4.5.3: the morale of one factor of `kind` in `corps`, in tenths: its nation's value (dominant or not), the
/// default otherwise; artillery at the infantry value, freikorps at the cossacks', insurrection at the militia's;
/// 12.3.2's trained value for a trained corps' infantry and cavalry.
pub fn factor_morale(
    chart: &CombatChart,
    options: &Options,
    side: &SideSetup,
    corps: &BattleCorps,
    kind: UnitKind,
) -> i32 {
    let read_as = match kind {
        UnitKind::Artillery => UnitKind::Infantry,
        UnitKind::Freikorps => UnitKind::Cossack,
        UnitKind::Insurrection => UnitKind::Militia,
        k => k,
    };
    if options.british_training
        && corps.trained
        && chart.british_training.nations.contains(&corps.nation)
        && let Some(v) = chart.british_training.morale.get(&read_as)
    {
        return *v;
    }
    let default = chart.morale.default.get(&read_as).copied().unwrap_or(0);
    let Some(n) = chart.morale.nations.get(&corps.nation) else {
        return default;
    };
    let dominant = side.dominant.contains(&corps.power);
    let variant = if dominant {
        n.dominant.as_ref()
    } else {
        n.not_dominant.as_ref()
    };
    variant
        .and_then(|v| v.get(&read_as))
        .or_else(|| n.base.get(&read_as))
        .copied()
        .unwrap_or(default)
}

/// 4.5.3: a side's combat morale in tenths: the factor-weighted average of its factors' morale, to the nearest
/// tenth (halves up). `present` says which corps count.
pub fn combat_morale(
    chart: &CombatChart,
    options: &Options,
    side: &SideSetup,
    factors: &[Factors],
    present: impl Fn(usize) -> bool,
) -> i32 {
    let (mut sum, mut n) = (0i64, 0i64);
    for (i, (c, f)) in side.corps.iter().zip(factors).enumerate() {
        if !present(i) {
            continue;
        }
        for (k, count) in kinds(f) {
            sum += factor_morale(chart, options, side, c, k) as i64 * count as i64;
            n += count as i64;
        }
    }
    if n == 0 {
        0
    } else {
        ((2 * sum + n) / (2 * n)) as i32
    }
}

/// A side's commander and the ratings it fights with.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Command {
    pub name: String,
    pub strategic: u8,
    /// The tactical rating after 10.6.1.2.1's reduction (and 12.3.7.2's).
    pub tactical: u8,
    /// The commanding power (for the chit specials).
    pub power: crate::kernel::ids::Key,
    /// Whether a leader commands (else the corps' own ratings).
    pub leader: bool,
}

impl Command {
    /// `Davout (strategic 5, tactical 5)`.
    pub fn describe(&self) -> String {
        format!(
            "{} (strategic {}, tactical {})",
            self.name, self.strategic, self.tactical
        )
    }
}

/// 4.5.3: a corps' own (strategic, tactical) ratings: its power's, or 0 and 0 for cossacks or freikorps alone.
pub fn intrinsic(chart: &CombatChart, c: &BattleCorps) -> (u8, u8) {
    if matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps) {
        return (0, 0);
    }
    chart.intrinsic.get(&c.power).copied().unwrap_or((1, 1))
}

/// 4.5.4, 10.6.1.2.1 and 12.3.7.2: the tactical rating less 1 when the corps exceed the tactical maximum, 2 when
/// they exceed twice it (with 12.3.7.2, one more for each further multiple), never below 0.
pub fn effective_tactical(tactical: u8, max: u8, corps: usize, options: &Options) -> u8 {
    let max = max.max(1) as usize;
    let over = if corps <= max { 0 } else { (corps - 1) / max };
    let cut = if options.further_reductions {
        over
    } else {
        over.min(2)
    };
    tactical.saturating_sub(cut.min(u8::MAX as usize) as u8)
}

/// 4.5.3 and 4.5.4: the side's commander. The leader of the power supplying most of the side's corps (ties: the
/// power first in key order), the best strategic then tactical rating among its leaders present (then the first
/// named). Without a leader, the best strategic and the best tactical ratings among its corps (12.3.7.1: with a
/// tactical maximum of 1; otherwise no reduction).
pub fn command(chart: &CombatChart, options: &Options, side: &SideSetup, corps: usize) -> Command {
    let mut by_power: std::collections::BTreeMap<&crate::kernel::ids::Key, usize> =
        std::collections::BTreeMap::new();
    // Corps on their way from next areas (Coalition's 7.5.2) do not choose the command: it is the battle's from
    // its start.
    let here: Vec<&BattleCorps> = side
        .corps
        .iter()
        .filter(|c| c.reinforcing.is_none())
        .collect();
    for c in &here {
        *by_power.entry(&c.power).or_default() += 1;
    }
    let most = by_power.values().copied().max().unwrap_or(0);
    let leading: Vec<_> = by_power
        .iter()
        .filter(|(_, n)| **n == most)
        .map(|(p, _)| *(*p))
        .collect();
    let leader = leading.iter().find_map(|p| {
        side.leaders
            .iter()
            .filter(|l| &l.power == p)
            .max_by_key(|l| (l.strategic, l.tactical, std::cmp::Reverse(l.name.clone())))
    });
    let leader = leader.or_else(|| {
        side.leaders
            .iter()
            .max_by_key(|l| (l.strategic, l.tactical, std::cmp::Reverse(l.name.clone())))
    });
    if let Some(l) = leader {
        return Command {
            name: l.name.clone(),
            strategic: l.strategic,
            tactical: effective_tactical(l.tactical, l.tactical_max, corps, options),
            power: l.power,
            leader: true,
        };
    }
    let ratings: Vec<(u8, u8)> = here.iter().map(|c| intrinsic(chart, c)).collect();
    let s = ratings.iter().map(|r| r.0).max().unwrap_or(0);
    let t = ratings.iter().map(|r| r.1).max().unwrap_or(0);
    let tactical = if options.corps_leaders {
        effective_tactical(t, 1, corps, options)
    } else {
        t
    };
    Command {
        name: "the corps' own ratings".into(),
        strategic: s,
        tactical,
        power: leading
            .first()
            .cloned()
            .unwrap_or_else(|| crate::kernel::ids::Key::new("none").expect("a valid key")),
        leader: false,
    }
}

/// 12.3.3.1: the cavalry factors (cavalry, cossacks, freikorps, and feudal cavalry, which Coalition does not
/// separate from feudal infantry: none).
pub fn cavalry(f: &Factors) -> u32 {
    f.cavalry as u32 + f.cossack as u32 + f.freikorps as u32
}

/// 12.3.7.3: a leader's (strategic, tactical) ratings for a battle in month `date`: Napoleon's fall to the chart's
/// values from their months when the option is on, except in battles inside France's original home nation
/// (`in_french_home`).
pub fn dated_ratings(
    chart: &CombatChart,
    leader: &crate::kernel::ids::LeaderId,
    (strategic, tactical): (u8, u8),
    date: crate::kernel::calendar::Date,
    in_french_home: bool,
    option: bool,
) -> (u8, u8) {
    let n = &chart.napoleon;
    if !option || *leader != n.leader || in_french_home {
        return (strategic, tactical);
    }
    let s = if date >= n.strategic.1 {
        strategic.min(n.strategic.0)
    } else {
        strategic
    };
    let t = if date >= n.tactical.1 {
        tactical.min(n.tactical.0)
    } else {
        tactical
    };
    (s, t)
}
