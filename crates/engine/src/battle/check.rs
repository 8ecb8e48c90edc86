//! Rules 4.5.2, 7.5 and 12.3.4.3 (Coalition's field combat, `docs/rules/combat.md`): whether a setup can be fought
//! with its chits: both sides have factors, an outflank can be made, a committed guard may commit.

use super::state::{SIDES, role_name};
use super::{GuardCommitment, Setup, SideSetup};
use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::Key;
use crate::scenario::CorpsKind;
use crate::scenario::combat::{AttackChit, ChitPairing, CombatChart, DefendChit, Role};
use std::collections::BTreeMap;

/// Checks a setup before a battle: both sides have factors, the chits' outflank can be made (4.5.2: a leader
/// present, a corps other than artillery in each force, artillery in the pinning force, cossacks and freikorps in
/// the outflanking one), a committed guard may commit (12.3.4.3).
pub fn check(chart: &CombatChart, setup: &Setup) -> RuleResult<()> {
    check_factors(setup)?;
    if setup.walls.is_some() && !setup.kind.behind_walls() {
        return Err(RuleError::new(
            "7.5.4.1",
            "a city's walls stand only in an assault on it (\"kind\": \"assault\")",
        ));
    }
    if setup.chits.is_empty() {
        return Err(RuleError::new("7.5", "a battle needs each side's chit"));
    }
    for (day, chits) in setup.chits.iter().enumerate() {
        check_chits(chart, setup, day + 1, *chits)?;
    }
    check_guard(chart, setup)
}

/// 7.5: each side has factors in the battle at first; Coalition's 7.5.2: a corps on its way comes with one of
/// its side's stacks and does not outflank.
pub(crate) fn check_factors(setup: &Setup) -> RuleResult<()> {
    for r in SIDES {
        let s = setup.side(r);
        for c in &s.corps {
            match c.reinforcing {
                Some(g) if g as usize >= s.reinforcements.len() => {
                    return Err(RuleError::new(
                        "7.5.2",
                        format!(
                            "{} comes with the {}'s reinforcing stack {g}, which is not described",
                            c.name,
                            role_name(r)
                        ),
                    ));
                }
                Some(_) if c.outflanking => {
                    return Err(RuleError::new(
                        "7.5.2",
                        format!(
                            "{} is on its way from a next area and cannot outflank",
                            c.name
                        ),
                    ));
                }
                _ => {}
            }
        }
        if s.corps
            .iter()
            .all(|c| c.factors.is_empty() || c.reinforcing.is_some())
        {
            return Err(RuleError::new(
                "7.5",
                format!("the {} has no factors", role_name(r)),
            ));
        }
    }
    Ok(())
}

/// 12.3.4.3: each side's guard commitment, if any, may be made.
pub(crate) fn check_guard(chart: &CombatChart, setup: &Setup) -> RuleResult<()> {
    if setup.options.guard_commitment {
        for r in SIDES {
            if let Some(g) = setup.side(r).guard {
                guard_may_commit(chart, setup.side(r), &g)?;
            }
        }
    }
    Ok(())
}

/// 4.5.2 and 4.5.5: the line of the chart for day `day`'s chits, if the setup can fight it: each side may play its
/// chit ([`may_play`]).
pub fn check_chits<'c>(
    chart: &'c CombatChart,
    setup: &Setup,
    day: usize,
    (a, d): (AttackChit, DefendChit),
) -> RuleResult<&'c ChitPairing> {
    let Some(p) = chart.pairing(a, d, setup.river) else {
        return Err(RuleError::new(
            "7.5",
            format!("no line of the chart for {a:?} v {d:?}"),
        ));
    };
    may_play(setup, day, Role::Attacker, a == AttackChit::Outflank)?;
    may_play(setup, day, Role::Defender, d == DefendChit::Outflank)?;
    Ok(p)
}

/// 4.5.2: whether side `r` may play its chit on day `day`, whatever the enemy plays (the one check behind a
/// battle, the odds table, the Land Phase's choices and the default chits): an Outflank (`outflank`) needs a
/// leader present, a corps other than artillery in each force, the artillery in the pinning force and cossacks
/// and freikorps in the outflanking one. It needs them even against a chit with which nobody outflanks (Outflank
/// v Outflank, Outflank v Cordon): a side that cannot make an outflank does not hold the chit.
pub fn may_play(setup: &Setup, day: usize, r: Role, outflank: bool) -> RuleResult<()> {
    if !outflank {
        return Ok(());
    }
    let s = setup.side(r);
    let why = |m: &str| {
        Err(RuleError::new(
            "7.5.2",
            format!("day {day}: the {} may not outflank: {m}", role_name(r)),
        ))
    };
    if s.leaders.is_empty() {
        return why("no leader is present");
    }
    let groups = |out: bool| {
        s.corps
            .iter()
            .filter(|c| {
                c.outflanking == out && c.kind != CorpsKind::Artillery && c.reinforcing.is_none()
            })
            .count()
    };
    if groups(true) == 0 || groups(false) == 0 {
        return why("each force needs a corps other than artillery");
    }
    if s.corps
        .iter()
        .any(|c| c.outflanking && c.kind == CorpsKind::Artillery)
    {
        return why("artillery stays in the pinning force");
    }
    if s.corps.iter().any(|c| {
        !c.outflanking
            && c.reinforcing.is_none()
            && matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
    }) {
        return why("cossacks and freikorps go in the outflanking force");
    }
    Ok(())
}

/// 12.3.4.3: the guard factors of each nationality of a side (by its corps' `nation`), given each corps'
/// guard factors as they stand (`guard(i)`; none: the corps is not in the fight).
pub(crate) fn guard_by_nation(
    side: &SideSetup,
    guard: impl Fn(usize) -> Option<u32>,
) -> BTreeMap<Key, u32> {
    let mut out: BTreeMap<Key, u32> = BTreeMap::new();
    for (i, c) in side.corps.iter().enumerate() {
        if let Some(g) = guard(i).filter(|g| *g > 0) {
            *out.entry(c.nation).or_default() += g;
        }
    }
    out
}

/// 12.3.4 and 12.3.4.3: the nationality a commitment shifting `shift` levels commits, given the side's guard
/// factors by nationality: the one `named`, if its guard may make the shift; with none named, the only
/// nationality whose guard may (refused when several may: only one nationality's guard commits, and the player
/// says which). +2 needs `two_levels_min_factors` guard of a `two_levels` nationality, +1 one guard factor of a
/// `one_level` nationality; the others' guard never commits.
pub(crate) fn committed_nation(
    chart: &CombatChart,
    guard: &BTreeMap<Key, u32>,
    shift: u8,
    named: Option<Key>,
) -> RuleResult<Key> {
    let may = |n: &Key| {
        let have = guard.get(n).copied().unwrap_or(0);
        match shift {
            1 => chart.guard.one_level.contains(n) && have >= 1,
            2 => {
                chart.guard.two_levels.contains(n)
                    && have >= chart.guard.two_levels_min_factors as u32
            }
            _ => false,
        }
    };
    let able: Vec<Key> = guard.keys().copied().filter(may).collect();
    let refused = |what: String| {
        Err(RuleError::new(
            "12.3.4.3",
            format!(
                "{what} may not shift the morale level by {shift}: +2 needs {} French or Russian guard factors of \
                 one nationality, +1 one Austrian, French, Prussian or Russian; British and Spanish guard never \
                 commit",
                chart.guard.two_levels_min_factors
            ),
        ))
    };
    match named {
        Some(n) if able.contains(&n) => Ok(n),
        Some(n) => refused(format!(
            "the {n} guard of this side ({} factors)",
            guard.get(&n).copied().unwrap_or(0)
        )),
        None => match able.as_slice() {
            [n] => Ok(*n),
            [] => refused("this side's guard".into()),
            _ => Err(RuleError::new(
                "12.3.4",
                format!(
                    "this side has the guard of {} nationalities that may commit ({}): only one commits; name it",
                    able.len(),
                    able.iter()
                        .map(Key::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        },
    }
}

/// 12.3.4.3: whether a side's commitment `g` may be made with the guard factors of its corps (those not on their
/// way from a next area).
fn guard_may_commit(chart: &CombatChart, side: &SideSetup, g: &GuardCommitment) -> RuleResult<()> {
    let guard = guard_by_nation(side, |i| {
        let c = &side.corps[i];
        c.reinforcing.is_none().then_some(c.factors.guard as u32)
    });
    committed_nation(chart, &guard, g.shift, g.nation).map(|_| ())
}
