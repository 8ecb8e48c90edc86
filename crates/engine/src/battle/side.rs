//! Rules 4.5.3 and 4.5.4 as Coalition writes them (`docs/rules/combat.md` 7.5.1–7.5.2), with 12.3.2, 12.3.7.1
//! and 12.3.7.2: a side's combat morale, its commander and the commander's effective ratings.

use super::{BattleCorps, BattleLeader, Options, SideSetup};
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
    /// The commanding power (the leader's, or the one supplying most corps when no leader commands).
    pub power: crate::kernel::ids::Key,
    /// Whether a leader commands (else the corps' own ratings).
    pub leader: bool,
    /// The commanding leader's own nation, when it is not `power` (a minor's leader serving its controller).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<crate::kernel::ids::Key>,
}

impl Command {
    /// `Davout (strategic 5, tactical 5)`.
    pub fn describe(&self) -> String {
        format!(
            "{} (strategic {}, tactical {})",
            self.name, self.strategic, self.tactical
        )
    }

    /// The nationality of the commander whose chart specials (the Turkish and Russian morale, the Austrian cordon)
    /// the side gets: its leader's nation; none without a leader (the corps' own ratings have no nationality).
    pub fn nationality(&self) -> Option<crate::kernel::ids::Key> {
        self.leader.then(|| self.nation.unwrap_or(self.power))
    }
}

/// Who commands a side, before 10.6.1.2.1's reduction: a leader's ratings and its tactical maximum, or the
/// corps' own ratings (with 12.3.7.1, a tactical maximum of 1; without it, no reduction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chief {
    pub name: String,
    pub strategic: u8,
    /// The tactical rating before any reduction.
    pub tactical: u8,
    /// The tactical maximum (none: no reduction).
    pub tactical_max: Option<u8>,
    pub power: crate::kernel::ids::Key,
    /// The leader's nation (none: no leader commands).
    pub nation: Option<crate::kernel::ids::Key>,
}

impl Chief {
    /// The chief's tactical rating commanding `corps` corps (10.6.1.2.1, 12.3.7.2).
    pub fn tactical_with(&self, corps: usize, options: &Options) -> u8 {
        match self.tactical_max {
            Some(max) => effective_tactical(self.tactical, max, corps, options),
            None => self.tactical,
        }
    }

    /// Its command over `corps` corps.
    pub fn command(&self, corps: usize, options: &Options) -> Command {
        Command {
            name: self.name.clone(),
            strategic: self.strategic,
            tactical: self.tactical_with(corps, options),
            power: self.power,
            leader: self.nation.is_some(),
            nation: self.nation.filter(|n| *n != self.power),
        }
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

/// 4.5.4: which of `leaders` commands a side whose corps in the battle are `here`: a leader of the power supplying
/// most of them (ties: the power first in key order), the best strategic then tactical rating among its leaders
/// (then the first named); if that power has no leader there, the best leader of the side. None: no leader.
pub fn pick(here: &[&BattleCorps], leaders: &[&BattleLeader]) -> Option<usize> {
    let mut by_power: std::collections::BTreeMap<&crate::kernel::ids::Key, usize> =
        std::collections::BTreeMap::new();
    for c in here {
        *by_power.entry(&c.power).or_default() += 1;
    }
    let most = by_power.values().copied().max().unwrap_or(0);
    let best = |of: &dyn Fn(&BattleLeader) -> bool| {
        leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| of(l))
            .max_by_key(|(_, l)| (l.strategic, l.tactical, std::cmp::Reverse(l.name.clone())))
            .map(|(i, _)| i)
    };
    by_power
        .iter()
        .filter(|(_, n)| **n == most)
        .find_map(|(p, _)| best(&|l| &l.power == *p))
        .or_else(|| best(&|_| true))
}

/// 4.5.3 and 4.5.4: the side's chief at the start of a battle, from its corps in the battle at first (corps on
/// their way from next areas, Coalition's 7.5.2, do not choose it) and its leaders present ([`pick`]). Without a
/// leader, the best strategic and the best tactical ratings among its corps (12.3.7.1: with a tactical maximum of
/// 1; otherwise no reduction), for the power supplying most of them.
pub fn chief(chart: &CombatChart, options: &Options, side: &SideSetup) -> Chief {
    let here: Vec<&BattleCorps> = side
        .corps
        .iter()
        .filter(|c| c.reinforcing.is_none())
        .collect();
    let leaders: Vec<&BattleLeader> = side.leaders.iter().collect();
    if let Some(i) = pick(&here, &leaders) {
        return leader_chief(leaders[i]);
    }
    let mut by_power: std::collections::BTreeMap<&crate::kernel::ids::Key, usize> =
        std::collections::BTreeMap::new();
    for c in &here {
        *by_power.entry(&c.power).or_default() += 1;
    }
    let most = by_power.values().copied().max().unwrap_or(0);
    let leading = by_power.iter().find(|(_, n)| **n == most).map(|(p, _)| **p);
    let ratings: Vec<(u8, u8)> = here.iter().map(|c| intrinsic(chart, c)).collect();
    Chief {
        name: "the corps' own ratings".into(),
        strategic: ratings.iter().map(|r| r.0).max().unwrap_or(0),
        tactical: ratings.iter().map(|r| r.1).max().unwrap_or(0),
        tactical_max: options.corps_leaders.then_some(1),
        power: leading
            .unwrap_or_else(|| crate::kernel::ids::Key::new("none").expect("a valid key")),
        nation: None,
    }
}

/// A leader as a side's chief.
pub fn leader_chief(l: &BattleLeader) -> Chief {
    Chief {
        name: l.name.clone(),
        strategic: l.strategic,
        tactical: l.tactical,
        tactical_max: Some(l.tactical_max),
        power: l.power,
        nation: Some(l.nationality()),
    }
}

/// 4.5.3 and 4.5.4: the side's commander at the start of a battle ([`chief`]) commanding `corps` corps.
pub fn command(chart: &CombatChart, options: &Options, side: &SideSetup, corps: usize) -> Command {
    chief(chart, options, side).command(corps, options)
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
