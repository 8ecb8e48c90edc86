//! Rule 7.5.2 (Coalition's field combat, `docs/rules/combat.md`): a battle fought one day at a time, the chits
//! chosen for each day, what the battle carries between days kept in a value the Land Phase can store.

use super::check::{check, check_chits, check_factors, check_guard};
use super::side::{Command, combat_morale, command};
use super::state::{At, Cx, Log, State};
use super::{Outcome, Report, RoundReport, Setup, SideSetup};
use crate::kernel::dice::Roll;
use crate::kernel::error::{RuleError, RuleResult};
use crate::scenario::combat::{AttackChit, CombatChart, DefendChit, Role};
use serde::{Deserialize, Serialize};

/// Each side's combat morale (4.5.3) and commander (4.5.4), from the setup (its corps in the battle at first).
pub(crate) fn sides(chart: &CombatChart, setup: &Setup) -> ([i32; 2], [Command; 2]) {
    let left = setup.starting_factors();
    let opts = &setup.options;
    // Corps on their way from next areas (Coalition's 7.5.2) count once they join.
    let here = |s: &SideSetup, i: usize| s.corps[i].reinforcing.is_none();
    let morale = [
        combat_morale(chart, opts, &setup.attacker, &left[0], |i| {
            here(&setup.attacker, i)
        }),
        combat_morale(chart, opts, &setup.defender, &left[1], |i| {
            here(&setup.defender, i)
        }),
    ];
    let corps_count = |s: &SideSetup| {
        s.corps
            .iter()
            .filter(|c| !c.factors.is_empty() && c.reinforcing.is_none())
            .count()
    };
    let cmd = [
        command(chart, opts, &setup.attacker, corps_count(&setup.attacker)),
        command(chart, opts, &setup.defender, corps_count(&setup.defender)),
    ];
    (morale, cmd)
}

/// A field combat fought one day at a time (7.5.2): what it carries between days, with its report so far. The
/// Land Phase starts it, asks both sides for the day's chits (sealed), fights the day, and asks again until the
/// battle is over. Every call must pass the chart and setup it was started with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// 7.5.3 and 12.3.10: the side overwhelmed, when the combat is trivial.
    trivial: Option<Role>,
    morale: [i32; 2],
    command: [Command; 2],
    state: State,
    report: Report,
}

/// What one day of battle decided: the day, its rolls and rounds, and the outcome if the battle is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayReport {
    pub day: u8,
    /// Rolls before the day's first round (withdrawal).
    pub opening: Vec<Roll>,
    pub rounds: Vec<RoundReport>,
    /// `None`: the battle goes on to another day.
    pub outcome: Option<Outcome>,
}

impl Battle {
    /// Starts a battle (7.5): both sides must have factors, and a guard commitment must be one the side may make
    /// (12.3.4.3). A very small force against a large one is a trivial combat (7.5.3, 12.3.10), fought in one go
    /// by the first call to [`Battle::fight_day`]. The chits are checked day by day.
    pub fn start(chart: &CombatChart, setup: &Setup) -> RuleResult<Battle> {
        if let Some(small) = super::trivial::overwhelmed(chart, setup) {
            let cmd = |r: Role| {
                let s = setup.side(r);
                command(
                    chart,
                    &setup.options,
                    s,
                    s.corps.iter().filter(|c| c.reinforcing.is_none()).count(),
                )
            };
            let command = [cmd(Role::Attacker), cmd(Role::Defender)];
            let report = Report::new((command[0].describe(), command[1].describe()), (0, 0));
            return Ok(Battle {
                trivial: Some(small),
                morale: [0, 0],
                command,
                state: State::new(setup),
                report,
            });
        }
        check_factors(setup)?;
        check_guard(chart, setup)?;
        let (morale, command) = sides(chart, setup);
        let mut report = Report::new(
            (command[0].describe(), command[1].describe()),
            (morale[0], morale[1]),
        );
        [report.attacker_left, report.defender_left] = setup.starting_factors();
        Ok(Battle {
            trivial: None,
            morale,
            command,
            state: State::new(setup),
            report,
        })
    }

    /// The day to be fought next (1 for the first).
    pub fn day(&self) -> u8 {
        self.state.day
    }

    /// Whether the battle is over (won, withdrawn from, or undecided after the last day).
    pub fn is_over(&self) -> bool {
        self.state.at == At::Over
    }

    /// The outcome, once the battle is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then_some(self.report.outcome)
    }

    /// The trivial combat's overwhelmed side (7.5.3, 12.3.10), if the combat is trivial.
    pub fn trivial(&self) -> Option<Role> {
        self.trivial
    }

    /// The record so far: every day fought, each corps' factors left.
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// Each side's combat morale and commander.
    pub(crate) fn sides(&self) -> ([i32; 2], &[Command; 2]) {
        (self.morale, &self.command)
    }

    /// Where the battle stands between days.
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    /// Coalition's 7.5.2: the corps of side `r` (by their place in the setup) that came from next areas and have
    /// joined the battle.
    pub fn joined(&self, setup: &Setup, r: Role) -> Vec<usize> {
        let present = &self.state.present[usize::from(r == Role::Defender)];
        setup
            .side(r)
            .corps
            .iter()
            .enumerate()
            .filter(|(i, c)| c.reinforcing.is_some() && present.get(*i).copied().unwrap_or(false))
            .map(|(i, _)| i)
            .collect()
    }

    pub fn into_report(self) -> Report {
        self.report
    }

    /// Fights the next day with the day's `chits` (7.5.2): the withdrawal, the outflank's arrival, guard
    /// commitments, bombardment and fire, round by round, until a side breaks or the day ends. `die` gives each
    /// die's face (1 to 6) in the order the procedure rolls them. A trivial combat reads only whether the
    /// defender's chit is Withdraw. Refused for chits the setup cannot fight (4.5.2's outflank) or a battle over.
    pub fn fight_day(
        &mut self,
        chart: &CombatChart,
        setup: &Setup,
        chits: (AttackChit, DefendChit),
        die: &mut dyn FnMut() -> u8,
    ) -> RuleResult<DayReport> {
        let (opening, rounds) = (self.report.opening.len(), self.report.rounds.len());
        let day = self.day();
        self.fight(chart, setup, chits, die)?;
        Ok(DayReport {
            day,
            opening: self.report.opening[opening..].to_vec(),
            rounds: self.report.rounds[rounds..].to_vec(),
            outcome: self.outcome(),
        })
    }

    pub(crate) fn fight(
        &mut self,
        chart: &CombatChart,
        setup: &Setup,
        chits: (AttackChit, DefendChit),
        die: &mut dyn FnMut() -> u8,
    ) -> RuleResult<()> {
        if self.is_over() {
            return Err(RuleError::new("7.5", "the battle is over"));
        }
        if let Some(small) = self.trivial {
            self.report = super::trivial::fight(chart, setup, small, chits.1, die);
            self.state.finish(self.report.outcome);
            return Ok(());
        }
        let p = check_chits(chart, setup, self.day() as usize, chits)?;
        self.state.admit(setup);
        let cx = Cx::new(chart, setup, self.morale, &self.command, p);
        let mut log = Log::new(&mut self.report);
        self.state.dawn(&cx, Some(&mut log));
        while self.state.wants_die() {
            let face = die();
            self.state.roll(&cx, face, Some(&mut log));
        }
        self.report.outcome = self.state.outcome.unwrap_or(Outcome::Undecided);
        self.report.attacker_left = self.state.left[0].to_vec();
        self.report.defender_left = self.state.left[1].to_vec();
        Ok(())
    }
}

/// Resolves a battle: `die` gives each die's face (1 to 6) in the order the procedure rolls them. Day `n` is
/// fought with the setup's `n`th pair of chits (the last pair repeats).
pub fn resolve(
    chart: &CombatChart,
    setup: &Setup,
    die: &mut dyn FnMut() -> u8,
) -> RuleResult<Report> {
    // 7.5.3 and 12.3.10: a very small force against a large one is a trivial combat, whatever its chits.
    if super::trivial::overwhelmed(chart, setup).is_none() {
        check(chart, setup)?;
    }
    let mut b = Battle::start(chart, setup)?;
    while !b.is_over() {
        let i = (b.day() as usize - 1).min(setup.chits.len().saturating_sub(1));
        let chits = setup
            .chits
            .get(i)
            .copied()
            .unwrap_or((AttackChit::Assault, DefendChit::Defend));
        b.fight(chart, setup, chits, die)?;
    }
    Ok(b.into_report())
}
