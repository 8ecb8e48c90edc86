//! Rule 7.5.2 (Coalition's field combat procedure, `docs/rules/combat.md`), with 12.3.3.1, 12.3.3.2, 12.3.4 to
//! 12.3.4.6, 12.3.5.1 to 12.3.5.6 and 12.3.6: the days and rounds of a battle, from the chits to the outcome.

use super::losses::allocate;
use super::side::{Command, cavalry, combat_morale, command, intrinsic};
use super::{Fire, Outcome, Report, RoundReport, Setup, SideSetup};
use crate::kernel::dice::{Modifier, Roll};
use crate::kernel::error::{RuleError, RuleResult};
use crate::scenario::combat::{ChitPairing, CombatChart, Role, TableId};
use crate::scenario::{CorpsKind, Factors};

const SIDES: [Role; 2] = [Role::Attacker, Role::Defender];

fn ix(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

/// The state of a battle under way.
struct Fight<'a> {
    setup: &'a Setup,
    chart: &'a CombatChart,
    left: [Vec<Factors>; 2],
    /// Corps still in the battle (a corps that withdrew is not).
    present: [Vec<bool>; 2],
    /// Each side's combat morale at the start (tenths), before the chits' specials.
    morale: [i32; 2],
    /// Morale lost so far (tenths).
    lost: [i32; 2],
    command: [Command; 2],
    /// The outflanking force has arrived (this day).
    arrived: bool,
    /// A side's guard commitment was made (once a day, 12.3.4).
    committed: [bool; 2],
}

/// Whether every corps of a side is of a kind that moves 5 (cavalry, cossacks, freikorps: 12.3.3.2).
fn all_cavalry(side: &SideSetup, present: &[bool]) -> bool {
    let mut any = false;
    for (c, p) in side.corps.iter().zip(present) {
        if !*p {
            continue;
        }
        any = true;
        if !matches!(
            c.kind,
            CorpsKind::Cavalry | CorpsKind::Cossack | CorpsKind::Freikorps
        ) {
            return false;
        }
    }
    any
}

/// Checks a setup before a battle: both sides have factors, the chits' outflank can be made (4.5.2: a leader
/// present, a corps other than artillery in each force, artillery in the pinning force, cossacks and freikorps in
/// the outflanking one), a committed guard may commit (12.3.4.3).
pub fn check(chart: &CombatChart, setup: &Setup) -> RuleResult<()> {
    for r in SIDES {
        let s = setup.side(r);
        if s.corps.iter().all(|c| c.factors.is_empty()) {
            return Err(RuleError::new(
                "7.5",
                format!("the {} has no factors", role_name(r)),
            ));
        }
    }
    if setup.chits.is_empty() {
        return Err(RuleError::new("7.5", "a battle needs each side's chit"));
    }
    for (day, (a, d)) in setup.chits.iter().enumerate() {
        let Some(p) = chart.pairing(*a, *d, setup.river) else {
            return Err(RuleError::new(
                "7.5",
                format!("no line of the chart for {a:?} v {d:?}"),
            ));
        };
        if let Some(r) = p.outflank {
            let s = setup.side(r);
            let why = |m: &str| {
                Err(RuleError::new(
                    "7.5.2",
                    format!(
                        "day {}: the {} may not outflank: {m}",
                        day + 1,
                        role_name(r)
                    ),
                ))
            };
            if s.leaders.is_empty() {
                return why("no leader is present");
            }
            let groups = |out: bool| {
                s.corps
                    .iter()
                    .filter(|c| c.outflanking == out && c.kind != CorpsKind::Artillery)
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
                !c.outflanking && matches!(c.kind, CorpsKind::Cossack | CorpsKind::Freikorps)
            }) {
                return why("cossacks and freikorps go in the outflanking force");
            }
        }
    }
    if setup.options.guard_commitment {
        for r in SIDES {
            if let Some(g) = setup.side(r).guard {
                guard_may_commit(chart, setup.side(r), g.shift)?;
            }
        }
    }
    Ok(())
}

/// 12.3.4.3: whether a side's guard may shift the morale level by `shift`.
fn guard_may_commit(chart: &CombatChart, side: &SideSetup, shift: u8) -> RuleResult<()> {
    let guard = |p: &crate::kernel::ids::Key| -> u16 {
        side.corps
            .iter()
            .filter(|c| &c.power == p)
            .map(|c| c.factors.guard)
            .sum()
    };
    let ok = match shift {
        1 => chart.guard.one_level.iter().any(|p| guard(p) >= 1),
        2 => chart
            .guard
            .two_levels
            .iter()
            .any(|p| guard(p) >= chart.guard.two_levels_min_factors),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(RuleError::new(
            "12.3.4.3",
            format!(
                "this side's guard may not shift the morale level by {shift}: +2 needs {} French or Russian guard \
                 factors, +1 one Austrian, French, Prussian or Russian; British and Spanish guard never commit",
                chart.guard.two_levels_min_factors
            ),
        ))
    }
}

impl Fight<'_> {
    fn side(&self, r: Role) -> &SideSetup {
        self.setup.side(r)
    }

    /// Whether corps `i` of side `r` is in the fight now (present, and not an outflanking force still away).
    fn engaged(&self, r: Role, i: usize, p: &ChitPairing) -> bool {
        self.present[ix(r)][i]
            && (self.arrived || p.outflank != Some(r) || !self.side(r).corps[i].outflanking)
    }

    fn factors(&self, r: Role, p: &ChitPairing) -> u32 {
        (0..self.left[ix(r)].len())
            .filter(|i| self.engaged(r, *i, p))
            .map(|i| self.left[ix(r)][i].total())
            .sum()
    }

    fn sum_of(&self, r: Role, p: &ChitPairing, f: impl Fn(&Factors) -> u32) -> u32 {
        (0..self.left[ix(r)].len())
            .filter(|i| self.engaged(r, *i, p))
            .map(|i| f(&self.left[ix(r)][i]))
            .sum()
    }

    /// The side's morale for this day: its combat morale plus the chits' specials for its commander's nation.
    fn morale_now(&self, r: Role, p: &ChitPairing) -> i32 {
        self.morale[ix(r)]
            + p.bonuses
                .iter()
                .filter(|b| b.side == r && b.commander == self.command[ix(r)].power)
                .map(|b| b.morale)
                .sum::<i32>()
    }

    fn broken(&self, r: Role, p: &ChitPairing) -> bool {
        let f = self.factors(r, p);
        f == 0
            || self.lost[ix(r)] >= self.morale_now(r, p)
            // 12.3.5.6: a side (or its pinning force) of artillery factors alone breaks.
            || (self.setup.options.artillery && self.sum_of(r, p, |x| x.artillery as u32) == f)
    }

    /// The combat die's modifiers for side `r` (4.5.4's chart, 12.3.3.1, the chits' specials), to be held within
    /// the chart's limits.
    fn modifiers(&self, r: Role, p: &ChitPairing) -> Vec<Modifier> {
        let mut m = Vec::new();
        if p.commander_chart {
            let (a, d) = self
                .chart
                .commander_modifiers(self.command[0].tactical, self.command[1].tactical);
            let v = if r == Role::Attacker { a } else { d };
            if v != 0 {
                m.push(Modifier::new(
                    v as i32,
                    "7.5.2",
                    format!(
                        "commander chart: tactical {} against {}",
                        self.command[ix(r)].tactical,
                        self.command[ix(r.other())].tactical
                    ),
                ));
            }
        }
        if self.setup.options.cavalry_superiority {
            let all_cav = |s: Role| self.sum_of(s, p, cavalry) == self.factors(s, p);
            let mine = self.sum_of(r, p, cavalry);
            let theirs = self.sum_of(r.other(), p, cavalry);
            if mine > 0
                && mine >= self.chart.cavalry_superiority as u32 * theirs
                && !(all_cav(r) && all_cav(r.other()))
            {
                m.push(Modifier::new(
                    1,
                    "12.3.3.1",
                    format!("cavalry superiority: {mine} cavalry factors against {theirs}"),
                ));
            }
        }
        for b in p
            .bonuses
            .iter()
            .filter(|b| b.side == r && b.die != 0 && b.commander == self.command[ix(r)].power)
        {
            m.push(Modifier::new(
                b.die as i32,
                "7.5.2",
                format!("{} commander on this pairing of chits", b.commander),
            ));
        }
        let net: i32 = m.iter().map(|x| x.value).sum();
        let capped = net.clamp(
            self.chart.min_modifier as i32,
            self.chart.max_modifier as i32,
        );
        if capped != net {
            m.push(Modifier::new(
                capped - net,
                "12.3.3.1",
                format!(
                    "the net modifier is held within {} and +{}",
                    self.chart.min_modifier, self.chart.max_modifier
                ),
            ));
        }
        m
    }

    fn roll(
        &self,
        r: Role,
        rule: &str,
        purpose: String,
        die: &mut dyn FnMut() -> u8,
        modifiers: Vec<Modifier>,
    ) -> Roll {
        let face = die();
        let total = face as i32 + modifiers.iter().map(|m| m.value).sum::<i32>();
        Roll {
            who: self.command[ix(r)].power.to_string(),
            rule: rule.into(),
            purpose,
            faces: vec![face],
            modifiers,
            total,
        }
    }

    /// Takes `n` factors from side `r`'s engaged corps (`bombarded`: 12.3.5.2 spares militia once the side has
    /// lost 2.0 morale).
    fn take(&mut self, r: Role, n: u32, p: &ChitPairing, bombarded: bool) -> u32 {
        let spare = bombarded && self.lost[ix(r)] >= self.chart.bombardment.spare_militia_from;
        let engaged: Vec<bool> = (0..self.left[ix(r)].len())
            .map(|i| self.engaged(r, i, p))
            .collect();
        let proportional = self.setup.options.proportional_losses;
        let corps = &self.setup.side(r).corps;
        allocate(
            corps,
            &mut self.left[ix(r)],
            |i| engaged[i],
            n,
            proportional,
            spare,
        )
    }
}

/// Resolves a battle: `die` gives each die's face (1 to 6) in the order the procedure rolls them.
pub fn resolve(
    chart: &CombatChart,
    setup: &Setup,
    die: &mut dyn FnMut() -> u8,
) -> RuleResult<Report> {
    // 7.5.3 and 12.3.10: a very small force against a large one is a trivial combat.
    if let Some(small) = super::trivial::overwhelmed(chart, setup) {
        return Ok(super::trivial::resolve(chart, setup, small, die));
    }
    check(chart, setup)?;
    let left = setup.starting_factors();
    let present = [
        vec![true; setup.attacker.corps.len()],
        vec![true; setup.defender.corps.len()],
    ];
    let opts = &setup.options;
    let morale = [
        combat_morale(chart, opts, &setup.attacker, &left[0], |_| true),
        combat_morale(chart, opts, &setup.defender, &left[1], |_| true),
    ];
    let corps_count = |s: &SideSetup| s.corps.iter().filter(|c| !c.factors.is_empty()).count();
    let cmd = [
        command(chart, opts, &setup.attacker, corps_count(&setup.attacker)),
        command(chart, opts, &setup.defender, corps_count(&setup.defender)),
    ];
    let mut f = Fight {
        setup,
        chart,
        left,
        present,
        morale,
        lost: [0, 0],
        command: cmd,
        arrived: false,
        committed: [false, false],
    };
    let mut report = Report::new(
        (f.command[0].describe(), f.command[1].describe()),
        (morale[0], morale[1]),
    );
    let days = chart.days.max(1);
    'days: for day in 1..=days {
        let (a, d) = setup.chits[(day as usize - 1).min(setup.chits.len() - 1)];
        let p = chart
            .pairing(a, d, setup.river)
            .expect("checked: every pair of chits has a line");
        f.arrived = false;
        f.committed = [false, false];
        if let Some(w) = p.withdraw {
            if w.automatic {
                report.outcome = Outcome::Withdrew;
                break;
            }
            if withdraw(&mut f, w.modifier, day, die, &mut report) {
                report.outcome = Outcome::Withdrew;
                break;
            }
        }
        for round in 1..=3u8 {
            let mut rr = RoundReport::new(day, round);
            // 4.5.2: the outflank's arrival before rounds 2 and 3.
            if round >= 2
                && let Some(r) = p.outflank
                && !f.arrived
            {
                let c = &f.command[ix(r)];
                let terrain = chart.terrain.get(&setup.terrain).map_or(0, |t| t.outflank);
                let later = if round == 3 { chart.outflank_later } else { 0 };
                let target =
                    c.strategic as i32 + terrain as i32 + p.outflank_bonus as i32 + later as i32;
                let roll = f.roll(
                    r,
                    "7.5.2",
                    format!(
                        "the {}'s outflank arrives before round {round} on {target} or less (strategic {}{}{}{})",
                        role_name(r),
                        c.strategic,
                        signed(terrain as i32, " terrain"),
                        signed(p.outflank_bonus as i32, " chits"),
                        signed(later as i32, " later round")
                    ),
                    die,
                    Vec::new(),
                );
                f.arrived = roll.total <= target;
                rr.notes.push(if f.arrived {
                    format!("the {}'s outflanking force arrives", role_name(r))
                } else {
                    format!("the {}'s outflanking force does not arrive", role_name(r))
                });
                rr.before.push(roll);
                let one_round = p.withdraw.is_some_and(|w| w.one_round);
                if one_round && !f.arrived {
                    rr.notes.push(
                        "the outflank failed: the defender withdraws (Outflank v Withdraw)".into(),
                    );
                    report.rounds.push(rr);
                    report.outcome = Outcome::Withdrew;
                    break 'days;
                }
            }
            let arrived = f.arrived;
            let tables = |r: Role| -> Option<TableId> {
                let list = match (&p.after_outflank, arrived && round >= 2) {
                    (Some((a, d)), true) => {
                        let l = if r == Role::Attacker { a } else { d };
                        return l.get(round as usize - 2).copied();
                    }
                    _ => {
                        if r == Role::Attacker {
                            &p.attacker_tables
                        } else {
                            &p.defender_tables
                        }
                    }
                };
                list.get(round as usize - 1).copied()
            };
            if tables(Role::Attacker).is_none() {
                // Nothing more to fight this day (Outflank v Withdraw after one round without the outflank).
                break;
            }
            // 12.3.4: guard commitments of this round.
            let mut shift = [0i32; 2];
            let mut guard_broken = [false; 2];
            if setup.options.guard_commitment {
                for r in SIDES {
                    let Some(g) = setup.side(r).guard else {
                        continue;
                    };
                    if g.day != day || g.round != round || f.committed[ix(r)] {
                        continue;
                    }
                    f.committed[ix(r)] = true;
                    let roll = f.roll(
                        r,
                        "12.3.4.4",
                        format!("the {} commits its guard (+{})", role_name(r), g.shift),
                        die,
                        Vec::new(),
                    );
                    let row = chart.guard.losses.get(&g.shift);
                    let lose = row
                        .and_then(|x| x.get(roll.faces[0] as usize - 1))
                        .copied()
                        .unwrap_or(0) as u32;
                    let have: u32 = f.sum_of(r, p, |x| x.guard as u32);
                    let mut n = lose.min(have);
                    for x in f.left[ix(r)].iter_mut() {
                        let t = (x.guard as u32).min(n);
                        x.guard -= t as u16;
                        n -= t;
                    }
                    rr.before.push(roll);
                    if lose >= have {
                        rr.notes.push(format!(
                            "the {}'s committed guard is lost ({lose} factors): it breaks without fighting (12.3.4.5)",
                            role_name(r)
                        ));
                        guard_broken[ix(r)] = true;
                    } else {
                        rr.notes.push(format!(
                            "the {}'s guard loses {lose} factors and raises its morale level by {} (12.3.4.2)",
                            role_name(r),
                            g.shift
                        ));
                        shift[ix(r)] = g.shift as i32;
                    }
                }
            }
            // 12.3.5: artillery bombardment, both sides at once, on 5-5, casualties only.
            if setup.options.artillery
                && chart
                    .terrain
                    .get(&setup.terrain)
                    .is_some_and(|t| t.bombardment)
            {
                let mut hits = [0u32; 2];
                for r in SIDES {
                    let guns = f.sum_of(r, p, |x| x.artillery as u32);
                    if guns == 0 || guard_broken[ix(r)] {
                        continue;
                    }
                    let table = chart.bombardment.table;
                    let roll = f.roll(
                        r,
                        "12.3.5.4",
                        format!("the {}'s artillery bombards on {table}", role_name(r)),
                        die,
                        f.modifiers(r, p),
                    );
                    let (percent, _) = chart.cell(table, roll.total);
                    let n = chart.factors_lost(percent, guns);
                    hits[ix(r.other())] = n;
                    rr.bombardment.push(Fire {
                        side: r,
                        table,
                        roll,
                        percent,
                        firing: guns,
                        inflicted: n,
                        morale: 0,
                    });
                }
                for r in SIDES {
                    let n = hits[ix(r)];
                    let got = f.take(r, n, p, true);
                    if let Some(x) = rr.bombardment.iter_mut().find(|x| x.side == r.other()) {
                        x.inflicted = got;
                    }
                }
            }
            // 7.5.2: each side fires on its table; the results apply together.
            let mut results: Vec<(Role, u32, i32)> = Vec::new();
            for r in SIDES {
                if guard_broken[ix(r)] {
                    continue;
                }
                let base = tables(r).expect("both sides have tables for the round");
                let t = chart.terrain.get(&setup.terrain);
                let (dc, dm) = match (r, t) {
                    (Role::Attacker, Some(t)) => (t.attacker_casualty, t.attacker_morale),
                    (Role::Defender, Some(t)) => (t.defender_casualty, t.defender_morale),
                    _ => (0, 0),
                };
                let table = TableId::clamped(
                    base.casualty as i32 + dc as i32,
                    base.morale as i32 + dm as i32 + shift[ix(r)],
                );
                let firing = f.factors(r, p);
                let roll = f.roll(
                    r,
                    "7.5.2",
                    format!("the {} fires on {table}", role_name(r)),
                    die,
                    f.modifiers(r, p),
                );
                let (percent, morale) = chart.cell(table, roll.total);
                let n = chart.factors_lost(percent, firing);
                results.push((r, n, morale));
                rr.fire.push(Fire {
                    side: r,
                    table,
                    roll,
                    percent,
                    firing,
                    inflicted: n,
                    morale,
                });
            }
            for (r, n, morale) in results {
                let got = f.take(r.other(), n, p, false);
                f.lost[ix(r.other())] += morale;
                if let Some(x) = rr.fire.iter_mut().find(|x| x.side == r) {
                    x.inflicted = got;
                }
            }
            let mut broken = [
                guard_broken[0] || f.broken(Role::Attacker, p),
                guard_broken[1] || f.broken(Role::Defender, p),
            ];
            // 12.3.4.6: a side whose guard fought must break the other this round, or it breaks.
            for r in SIDES {
                if shift[ix(r)] > 0 && !broken[ix(r.other())] {
                    broken[ix(r)] = true;
                    rr.notes.push(format!(
                        "the {}'s guard did not break the enemy: it breaks (12.3.4.6)",
                        role_name(r)
                    ));
                }
            }
            rr.morale_left = (
                (f.morale_now(Role::Attacker, p) - f.lost[0]).max(0),
                (f.morale_now(Role::Defender, p) - f.lost[1]).max(0),
            );
            rr.factors_left = (f.factors(Role::Attacker, p), f.factors(Role::Defender, p));
            report.rounds.push(rr);
            let loser = match broken {
                [true, true] => {
                    // Both broken: the deeper break loses; an even one, the attacker (Coalition's).
                    let depth = |r: Role| f.lost[ix(r)] - f.morale_now(r, p);
                    Some(if depth(Role::Defender) > depth(Role::Attacker) {
                        Role::Defender
                    } else {
                        Role::Attacker
                    })
                }
                [true, false] => Some(Role::Attacker),
                [false, true] => Some(Role::Defender),
                [false, false] => None,
            };
            if let Some(l) = loser {
                report.outcome = Outcome::Won { winner: l.other() };
                break 'days;
            }
        }
    }
    report.attacker_left = f.left[0].clone();
    report.defender_left = f.left[1].clone();
    Ok(report)
}

fn signed(v: i32, what: &str) -> String {
    match v {
        0 => String::new(),
        v if v > 0 => format!(" +{v}{what}"),
        v => format!(" {v}{what}"),
    }
}

/// 4.5.2 with 12.3.3.2: the defender's withdrawal attempt. With a leader, one die against the commander's
/// strategic rating; without, each corps against its own. True if the whole defender withdrew.
fn withdraw(
    f: &mut Fight,
    modifier: i8,
    day: u8,
    die: &mut dyn FnMut() -> u8,
    report: &mut Report,
) -> bool {
    let setup = f.setup;
    let cav = setup.options.cavalry_withdrawals
        && all_cavalry(&setup.defender, &f.present[1])
        && !all_cavalry(&setup.attacker, &f.present[0]);
    let bonus = |strategic: u8| -> i32 {
        if cav && strategic != f.chart.cavalry_withdrawal_not_for {
            1
        } else {
            0
        }
    };
    let target_note = |s: u8| {
        format!(
            "{s}{}{}",
            signed(modifier as i32, " chits"),
            signed(bonus(s), " cavalry withdrawal (12.3.3.2)")
        )
    };
    if f.command[1].leader {
        let s = f.command[1].strategic;
        let target = s as i32 + modifier as i32 + bonus(s);
        let roll = f.roll(
            Role::Defender,
            "7.5.2",
            format!(
                "day {day}: the defender withdraws on {target} or less (strategic {})",
                target_note(s)
            ),
            die,
            Vec::new(),
        );
        let ok = roll.total <= target;
        report.opening.push(roll);
        if ok {
            for x in f.present[1].iter_mut() {
                *x = false;
            }
            report.withdrawn = (0..setup.defender.corps.len()).collect();
        }
        return ok;
    }
    for i in 0..setup.defender.corps.len() {
        if !f.present[1][i] || f.left[1][i].is_empty() {
            continue;
        }
        let (s, _) = intrinsic(f.chart, &setup.defender.corps[i]);
        let target = s as i32 + modifier as i32 + bonus(s);
        let roll = f.roll(
            Role::Defender,
            "7.5.2",
            format!(
                "day {day}: {} withdraws on {target} or less (its own strategic {})",
                setup.defender.corps[i].name,
                target_note(s)
            ),
            die,
            Vec::new(),
        );
        if roll.total <= target {
            f.present[1][i] = false;
            report.withdrawn.push(i);
        }
        report.opening.push(roll);
    }
    f.present[1]
        .iter()
        .zip(&f.left[1])
        .all(|(p, x)| !*p || x.is_empty())
}
