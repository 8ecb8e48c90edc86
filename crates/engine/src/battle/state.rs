//! Rule 7.5.2 (Coalition's field combat procedure, `docs/rules/combat.md`): what the procedure carries from one
//! die to the next ([`State`]), what it reads besides ([`Cx`]), where it stands ([`At`]) and the record being
//! written ([`Log`]); with the readings of a state every step shares (the corps engaged, the morale now, a side
//! broken, the combat die's modifiers under 4.5.4, 12.3.3.1 and the chits' specials). The steps themselves are
//! `field` (the day and its rounds), `reinforce`, `guard` and `odd`; `day` fights a battle a day at a time.

use super::memo::Allocations;
use super::side::{Chief, Command, cavalry, chief, leader_chief};
use super::{Outcome, Report, RoundReport, Setup};
use crate::kernel::dice::{Modifier, Roll};
use crate::scenario::Factors;
use crate::scenario::combat::{ChitBonus, ChitPairing, CombatChart, Role, TableId, TerrainEffect};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub(super) const SIDES: [Role; 2] = [Role::Attacker, Role::Defender];

pub(super) fn ix(r: Role) -> usize {
    match r {
        Role::Attacker => 0,
        Role::Defender => 1,
    }
}

pub(super) fn role_name(r: Role) -> &'static str {
    match r {
        Role::Attacker => "attacker",
        Role::Defender => "defender",
    }
}

/// 7.5.2: where the procedure stands: what the next die decides, or that the day or the battle is over. The order
/// of the variants is the order of the procedure within a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum At {
    /// Before a day: its chits are to be chosen.
    Dawn,
    /// The defender's commander's withdrawal die.
    Withdraw,
    /// Corps `i` of a leaderless defender tries to withdraw on its own rating.
    WithdrawCorps(usize),
    /// Corps `i` of a side (with the rest of its stack when a leader leads it) tries to join from a next area.
    Reinforce(Role, usize),
    /// The outflanking force's arrival die.
    Outflank,
    /// A side's guard commitment die (12.3.4.4).
    Guard(Role),
    /// A side's bombardment die (12.3.5).
    Bombard(Role),
    /// A die of 12.3.6's competitive roll for the bombardment's odd losses.
    OddBombard,
    /// A side's fire.
    Fire(Role),
    /// A die of 12.3.6's competitive roll for the fire's odd losses.
    OddFire,
    /// The battle is over.
    Over,
}

/// 7.5.2: everything a battle carries from one die to the next. Two states that are equal fight on alike, so the
/// odds merge them; what only the record needs is not here. Derived order: the day, the round and the step
/// first, so every die moves a state to a greater one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) struct State {
    /// The day (1 to the chart's days; past them once the battle is undecided).
    pub(crate) day: u8,
    /// The round of the day (1 to 3; 0 before the first).
    pub(crate) round: u8,
    pub(crate) at: At,
    /// Each corps' factors left, by side, in the setup's order (shared between states until they differ).
    pub(crate) left: [Arc<[Factors]>; 2],
    /// Corps in the battle (a corps that withdrew is not, nor one still on its way).
    pub(crate) present: [Arc<[bool]>; 2],
    /// Corps on their way from a next area, not yet arrived (Coalition's 7.5.2 reinforcement; left out of a
    /// record when there are none, the setup giving their number).
    #[serde(default, skip_serializing_if = "none_waiting")]
    pub(crate) waiting: [Arc<[bool]>; 2],
    /// Morale lost so far (tenths).
    pub(crate) lost: [i32; 2],
    /// A side's combat morale once corps joined it from next areas (tenths; none: the battle's).
    #[serde(default, skip_serializing_if = "no_new_morale")]
    pub(crate) morale: [Option<i32>; 2],
    /// The outflanking force has arrived (this day).
    pub(crate) arrived: bool,
    /// The day's withdrawal gets 12.3.3.2's +1 (decided before the first corps tries).
    pub(crate) cavalry_withdrawal: bool,
    /// A side's guard commitment was made (once a day, 12.3.4).
    pub(crate) committed: [bool; 2],
    /// This round: the morale levels a committed guard shifts (12.3.4.2), a guard lost on commitment (12.3.4.5).
    pub(crate) shift: [u8; 2],
    pub(crate) guard_broken: [bool; 2],
    /// This round: what each side's die inflicts on the other (factors, morale in tenths), applied together
    /// once both have rolled.
    pub(crate) pending: [(u32, i32); 2],
    /// This round: the dice rolled so far for 12.3.6's odd losses of the bombardment or fire being applied.
    #[serde(default, skip_serializing_if = "no_dice")]
    pub(crate) odd: Arc<[u8]>,
    pub(crate) outcome: Option<Outcome>,
    /// Coalition's 7.5.1 and 7.5.2: the leader who took command of a side when a stack he led joined the battle
    /// (an index into [`Cx::leaders`]); none: the battle's first commander still commands.
    #[serde(default, skip_serializing_if = "no_change_of_command")]
    pub(crate) took: [Option<u8>; 2],
}

fn no_change_of_command(t: &[Option<u8>; 2]) -> bool {
    t.iter().all(Option::is_none)
}

fn no_dice(d: &Arc<[u8]>) -> bool {
    d.is_empty()
}

fn none_waiting(w: &[Arc<[bool]>; 2]) -> bool {
    w.iter().all(|s| s.iter().all(|x| !x))
}

fn no_new_morale(m: &[Option<i32>; 2]) -> bool {
    m.iter().all(Option::is_none)
}

/// What a day of battle reads besides the state: the chart, the setup, each side's combat morale and commander,
/// and the day's line of the chart.
pub(crate) struct Cx<'a> {
    pub(crate) chart: &'a CombatChart,
    pub(crate) setup: &'a Setup,
    pub(crate) morale: [i32; 2],
    pub(crate) command: &'a [Command; 2],
    /// Each side's first commander (4.5.4), before 10.6.1.2.1's reduction.
    pub(super) chiefs: [Chief; 2],
    /// Each side's leaders who may command: those present from the start, then the leaders of its reinforcing
    /// stacks in stack order (Coalition's 7.5.2); [`State::took`] indexes them.
    pub(super) leaders: [Vec<Chief>; 2],
    pub(crate) p: &'a ChitPairing,
    pub(super) terrain: Option<&'a TerrainEffect>,
    /// 7.5.4.1: an assault's walls, moving the tables as terrain does.
    pub(super) walls: crate::scenario::combat::Walls,
    pub(super) days: u8,
    /// Losses already allocated, when many states are walked (the odds).
    pub(super) memo: Option<&'a std::cell::RefCell<Allocations>>,
}

impl<'a> Cx<'a> {
    pub(crate) fn new(
        chart: &'a CombatChart,
        setup: &'a Setup,
        morale: [i32; 2],
        command: &'a [Command; 2],
        p: &'a ChitPairing,
    ) -> Cx<'a> {
        Cx {
            chart,
            setup,
            morale,
            command,
            chiefs: [&setup.attacker, &setup.defender].map(|s| chief(chart, &setup.options, s)),
            leaders: [&setup.attacker, &setup.defender].map(|s| {
                (s.leaders.iter())
                    .chain(s.reinforcements.iter().filter_map(|g| g.leader.as_ref()))
                    .map(leader_chief)
                    .collect()
            }),
            p,
            terrain: chart.terrain.get(&setup.terrain),
            walls: setup
                .walls
                .filter(|_| setup.kind.behind_walls())
                .and_then(|k| chart.siege.walls.get(&k).copied())
                .unwrap_or_default(),
            days: setup.days.unwrap_or(setup.kind.days(chart)).max(1),
            memo: None,
        }
    }

    /// The same, caching loss allocations in `memo`.
    pub(crate) fn with_memo(self, memo: &'a std::cell::RefCell<Allocations>) -> Cx<'a> {
        Cx {
            memo: Some(memo),
            ..self
        }
    }

    /// The table side `r` fires on in `round` (`arrived`: the outflank has arrived), before terrain.
    pub(super) fn table(&self, r: Role, round: u8, arrived: bool) -> Option<TableId> {
        let p = self.p;
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
    }

    pub(super) fn bombardment(&self) -> bool {
        // 12.3.5: the bombardment is a special use of the artillery: not in a siege assault or a sortie.
        self.setup.options.artillery
            && self.setup.kind.bombards()
            && self.terrain.is_some_and(|t| t.bombardment)
    }

    pub(super) fn roll(
        &self,
        r: Role,
        rule: &str,
        purpose: String,
        face: u8,
        modifiers: Vec<Modifier>,
    ) -> Roll {
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
}

/// What a die is rolled against: a target to roll at or under (withdrawal, outflank), the guard table, or a
/// combat table with the net modifier and the factors firing (and whether the table's morale loss counts).
pub(crate) enum Against {
    Target(i32),
    /// Every face its own (12.3.6's competitive roll).
    Face,
    Guard(Role),
    Table {
        table: TableId,
        modifier: i32,
        firing: u32,
        morale: bool,
    },
}

pub(super) fn signed(v: i32, what: &str) -> String {
    match v {
        0 => String::new(),
        v if v > 0 => format!(" +{v}{what}"),
        v => format!(" {v}{what}"),
    }
}

impl State {
    /// A battle before its first day: every corps present with its factors.
    pub(crate) fn new(setup: &Setup) -> State {
        State {
            day: 1,
            round: 0,
            at: At::Dawn,
            left: setup.starting_factors().map(Arc::from),
            present: [&setup.attacker, &setup.defender]
                .map(|s| s.corps.iter().map(|c| c.reinforcing.is_none()).collect()),
            waiting: [&setup.attacker, &setup.defender]
                .map(|s| s.corps.iter().map(|c| c.reinforcing.is_some()).collect()),
            lost: [0, 0],
            morale: [None, None],
            arrived: false,
            cavalry_withdrawal: false,
            committed: [false, false],
            shift: [0, 0],
            guard_broken: [false, false],
            pending: [(0, 0); 2],
            odd: Arc::from([]),
            outcome: None,
            took: [None, None],
        }
    }

    /// Whether the procedure waits for a die.
    pub(crate) fn wants_die(&self) -> bool {
        !matches!(self.at, At::Dawn | At::Over)
    }

    pub(crate) fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.at = At::Over;
    }

    /// Whether corps `i` of side `r` is in the fight now (present, and not an outflanking force still away).
    pub(super) fn engaged(&self, cx: &Cx, r: Role, i: usize) -> bool {
        self.present[ix(r)][i]
            && (self.arrived || cx.p.outflank != Some(r) || !cx.setup.side(r).corps[i].outflanking)
    }

    pub(super) fn factors(&self, cx: &Cx, r: Role) -> u32 {
        self.sum_of(cx, r, Factors::total)
    }

    /// 7.5.2 (Coalition's reading of 12.3.3.1's note): the factors side `r` fires with, the casualty table's
    /// column: its factors in the fight, and once its outflanking force has arrived, that force's factors a
    /// second time (an arrived outflanking force counts double; not for cavalry superiority, 12.3.3.1).
    pub(super) fn firing(&self, cx: &Cx, r: Role) -> u32 {
        let mut n = self.factors(cx, r);
        if self.arrived && cx.p.outflank == Some(r) {
            let side = &cx.setup.side(r).corps;
            n += (self.left[ix(r)].iter().enumerate())
                .filter(|(i, _)| self.present[ix(r)][*i] && side[*i].outflanking)
                .map(|(_, f)| f.total())
                .sum::<u32>();
        }
        n
    }

    /// Who commands side `r` now: the leader who took command when his stack joined, else the first commander.
    pub(super) fn chief<'c>(&self, cx: &'c Cx, r: Role) -> &'c Chief {
        match self.took[ix(r)] {
            Some(i) => &cx.leaders[ix(r)][i as usize],
            None => &cx.chiefs[ix(r)],
        }
    }

    /// 10.6.1.2.1: the corps side `r`'s commander commands now: its corps in the fight with factors left (not an
    /// outflanking force that has not arrived, nor corps on their way, withdrawn or destroyed).
    pub(super) fn corps_engaged(&self, cx: &Cx, r: Role) -> usize {
        (self.left[ix(r)].iter().enumerate())
            .filter(|(i, f)| !f.is_empty() && self.engaged(cx, r, *i))
            .count()
    }

    /// Side `r`'s commander's tactical rating now, reduced for the corps it commands now (10.6.1.2.1, 12.3.7.1,
    /// 12.3.7.2).
    pub(super) fn tactical(&self, cx: &Cx, r: Role) -> u8 {
        self.chief(cx, r)
            .tactical_with(self.corps_engaged(cx, r), &cx.setup.options)
    }

    /// Side `r`'s commander's strategic rating now.
    pub(super) fn strategic(&self, cx: &Cx, r: Role) -> u8 {
        self.chief(cx, r).strategic
    }

    /// Whether a leader commands side `r` now.
    pub(super) fn led(&self, cx: &Cx, r: Role) -> bool {
        self.chief(cx, r).nation.is_some()
    }

    pub(super) fn sum_of(&self, cx: &Cx, r: Role, f: impl Fn(&Factors) -> u32) -> u32 {
        self.left[ix(r)]
            .iter()
            .enumerate()
            .filter(|(i, _)| self.engaged(cx, r, *i))
            .map(|(_, x)| f(x))
            .sum()
    }

    /// The side's morale for this day: its combat morale plus the chits' specials for its commander's nation.
    pub(super) fn morale_now(&self, cx: &Cx, r: Role) -> i32 {
        self.morale[ix(r)].unwrap_or(cx.morale[ix(r)])
            + cx.p
                .bonuses
                .iter()
                .filter(|b| b.side == r && Some(b.commander) == self.chief(cx, r).nation)
                .map(|b| b.morale)
                .sum::<i32>()
    }

    pub(super) fn broken(&self, cx: &Cx, r: Role) -> bool {
        let f = self.factors(cx, r);
        f == 0
            || self.lost[ix(r)] >= self.morale_now(cx, r)
            // 12.3.5.6: a side (or its pinning force) of artillery factors alone breaks.
            || (cx.setup.options.artillery && self.sum_of(cx, r, |x| x.artillery as u32) == f)
    }

    /// 4.5.4: the commander chart's modifier for side `r`, if the pairing uses the chart.
    pub(super) fn chart_modifier(&self, cx: &Cx, r: Role) -> i32 {
        if !cx.p.commander_chart {
            return 0;
        }
        let (a, d) = cx.chart.commander_modifiers(
            self.tactical(cx, Role::Attacker),
            self.tactical(cx, Role::Defender),
        );
        (if r == Role::Attacker { a } else { d }) as i32
    }

    /// 12.3.3.1: side `r`'s cavalry factors and the enemy's, if that makes it superior.
    pub(super) fn cavalry_superior(&self, cx: &Cx, r: Role) -> Option<(u32, u32)> {
        if !cx.setup.options.cavalry_superiority {
            return None;
        }
        let all_cav = |s: Role| self.sum_of(cx, s, cavalry) == self.factors(cx, s);
        let mine = self.sum_of(cx, r, cavalry);
        let theirs = self.sum_of(cx, r.other(), cavalry);
        (mine > 0
            && mine >= cx.chart.cavalry_superiority as u32 * theirs
            && !(all_cav(r) && all_cav(r.other())))
        .then_some((mine, theirs))
    }

    /// The chits' specials to side `r`'s die.
    pub(super) fn bonuses<'c>(&self, cx: &Cx<'c>, r: Role) -> impl Iterator<Item = &'c ChitBonus> {
        let nation = self.chief(cx, r).nation;
        cx.p.bonuses
            .iter()
            .filter(move |b| b.side == r && b.die != 0 && Some(b.commander) == nation)
    }

    /// The combat die's net modifier for side `r` (4.5.4's chart, 12.3.3.1, the chits' specials), held within the
    /// chart's limits: what [`State::modifiers`] adds up to.
    pub(super) fn net_modifier(&self, cx: &Cx, r: Role) -> i32 {
        let net = self.chart_modifier(cx, r)
            + self.cavalry_superior(cx, r).map_or(0, |_| 1)
            + self.bonuses(cx, r).map(|b| b.die as i32).sum::<i32>();
        net.clamp(cx.chart.min_modifier as i32, cx.chart.max_modifier as i32)
    }

    /// The combat die's modifiers for side `r`, each with its reason, the last holding the net within the
    /// chart's limits.
    pub(super) fn modifiers(&self, cx: &Cx, r: Role) -> Vec<Modifier> {
        let mut m = Vec::new();
        let v = self.chart_modifier(cx, r);
        if v != 0 {
            m.push(Modifier::new(
                v,
                "7.5.2",
                format!(
                    "commander chart: tactical {} against {}",
                    self.tactical(cx, r),
                    self.tactical(cx, r.other())
                ),
            ));
        }
        if let Some((mine, theirs)) = self.cavalry_superior(cx, r) {
            m.push(Modifier::new(
                1,
                "12.3.3.1",
                format!("cavalry superiority: {mine} cavalry factors against {theirs}"),
            ));
        }
        for b in self.bonuses(cx, r) {
            m.push(Modifier::new(
                b.die as i32,
                "7.5.2",
                format!("{} commander on this pairing of chits", b.commander),
            ));
        }
        let net: i32 = m.iter().map(|x| x.value).sum();
        let capped = net.clamp(cx.chart.min_modifier as i32, cx.chart.max_modifier as i32);
        if capped != net {
            m.push(Modifier::new(
                capped - net,
                "12.3.3.1",
                format!(
                    "the net modifier is held within {} and +{}",
                    cx.chart.min_modifier, cx.chart.max_modifier
                ),
            ));
        }
        m
    }
}

/// The record being written while a day is fought: the battle's report and the round under way.
pub(crate) struct Log<'r> {
    pub(crate) report: &'r mut Report,
    pub(crate) round: Option<RoundReport>,
}

impl<'r> Log<'r> {
    pub(crate) fn new(report: &'r mut Report) -> Log<'r> {
        Log {
            report,
            round: None,
        }
    }

    pub(crate) fn round(&mut self) -> &mut RoundReport {
        self.round.as_mut().expect("a round is under way")
    }

    pub(crate) fn note(&mut self, note: String) {
        self.round().notes.push(note);
    }
}
