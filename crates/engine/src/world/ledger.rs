//! Rule 12.6 (blank forms): the Economic Phases' accounts as the forms keep them, kept by the world as its
//! treasuries change: each phase's opening and closing standing of every power (read from the treasuries
//! themselves, so the record agrees with the state to the unit), its income by source, what was spent and any
//! other change by its rule; and every change of money or manpower outside the Economic Phases. The game opens
//! and closes a phase as the steps begin (`on_step`); every change of a treasury is entered by `enter`.

use super::{Amount, Income, Standing, World};
use crate::kernel::calendar::{Date, Step};
use crate::kernel::ids::PowerId;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One power's account of one Economic Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PowerAccount {
    pub opening: Standing,
    /// Income by source: provinces, minor countries, colonial trade and American trade (12.9), and what was
    /// not received: provinces held by others (`occupied`) and trade cut by enemy fleets (`trade_lost`, 12.2.2).
    pub provinces: Amount,
    pub minors: Amount,
    pub trade: i32,
    pub occupied: Amount,
    pub trade_lost: i32,
    /// American trade received (12.9), and colonial trade lost to a war with America (12.9).
    pub american: i32,
    pub american_war_lost: i32,
    /// Everything received as income.
    pub income: Amount,
    /// Spent, by rule (positive amounts).
    pub spent: BTreeMap<String, Amount>,
    /// Other changes in the phase, by rule (signed).
    pub other: BTreeMap<String, Amount>,
    pub closing: Standing,
}

impl PowerAccount {
    /// Everything spent in the phase.
    pub fn spent_total(&self) -> Amount {
        self.spent
            .values()
            .fold(Amount::default(), |a, b| a.plus(*b))
    }
}

/// One Economic Phase's accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseAccount {
    pub date: Date,
    /// False while the phase is being played.
    pub complete: bool,
    pub powers: BTreeMap<PowerId, PowerAccount>,
}

/// A change of money or manpower outside any Economic Phase (set-up, host corrections, peace terms ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreasuryEntry {
    pub date: Date,
    pub power: PowerId,
    pub change: Amount,
    pub rule: String,
    pub reason: String,
}

/// The accounts of the game so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ledger {
    /// Every power's standing when play began (the first step), after the set-up.
    pub start: Option<BTreeMap<PowerId, Standing>>,
    /// Shared between copies of the state until one changes (a view's copy is then cheap).
    pub phases: Arc<Vec<PhaseAccount>>,
    pub outside: Arc<Vec<TreasuryEntry>>,
}

/// Whether `step` is one of the Economic Phase's.
pub fn is_economic(step: Step) -> bool {
    matches!(
        step,
        Step::EconomicCollection
            | Step::EconomicManipulation
            | Step::EconomicExpenditure
            | Step::EconomicStatus
    )
}

/// Every power's standing now.
pub fn standings(world: &World) -> BTreeMap<PowerId, Standing> {
    world
        .powers
        .iter()
        .map(|(p, ps)| (*p, Standing::of(ps)))
        .collect()
}

impl Ledger {
    /// The phase being played, if any.
    fn open(&mut self) -> Option<&mut PhaseAccount> {
        if self.phases.last().is_some_and(|p| !p.complete) {
            Arc::make_mut(&mut self.phases).last_mut()
        } else {
            None
        }
    }

    /// The account of a step beginning at `date`: the start of play is noted at the first step; leaving the
    /// Economic Phase closes it (the closing standings are the treasuries then); entering it opens one.
    pub fn on_step(world: &mut World, date: Date, step: Step) {
        let now = standings(world);
        let l = &mut world.ledger;
        if l.start.is_none() {
            l.start = Some(now.clone());
        }
        let same_phase = l.open().is_some_and(|o| o.date == date);
        if !(is_economic(step) && same_phase) {
            l.close(&now);
        }
        if is_economic(step) && l.open().is_none() {
            Arc::make_mut(&mut l.phases).push(PhaseAccount {
                date,
                complete: false,
                powers: now
                    .iter()
                    .map(|(p, s)| {
                        (
                            *p,
                            PowerAccount {
                                opening: *s,
                                ..Default::default()
                            },
                        )
                    })
                    .collect(),
            });
        }
    }

    /// Closes the phase being played, if any, at the standings `now`.
    fn close(&mut self, now: &BTreeMap<PowerId, Standing>) {
        if let Some(phase) = self.open() {
            for (p, s) in now {
                phase.powers.entry(*p).or_default().closing = *s;
            }
            phase.complete = true;
        }
    }

    /// The phase being played with its closing standings as they are now (for a record read mid-phase).
    pub fn closing_now(&self, world: &World) -> Vec<PhaseAccount> {
        let mut phases = (*self.phases).clone();
        if let Some(p) = phases.last_mut().filter(|p| !p.complete) {
            for (pw, s) in standings(world) {
                p.powers.entry(pw).or_default().closing = s;
            }
        }
        phases
    }

    /// Enters a change of `power`'s treasury made under `rule` during `step` (income carries its sources):
    /// in a phase, income, spending (a loss after the collection) or another change; outside, a line apart.
    #[allow(clippy::too_many_arguments)]
    pub fn enter(
        &mut self,
        date: Date,
        step: Step,
        power: PowerId,
        change: Amount,
        income: Option<&Income>,
        rule: &str,
        reason: &str,
    ) {
        match self.open() {
            Some(phase) => {
                let pp = phase.powers.entry(power).or_default();
                if let Some(i) = income {
                    pp.provinces = pp.provinces.plus(i.provinces);
                    pp.minors = pp.minors.plus(i.minors);
                    pp.trade = pp.trade.saturating_add(i.trade);
                    pp.occupied = pp.occupied.plus(i.occupied);
                    pp.trade_lost = pp.trade_lost.saturating_add(i.trade_lost);
                    pp.american = pp.american.saturating_add(i.american);
                    pp.american_war_lost = pp.american_war_lost.saturating_add(i.american_war_lost);
                    pp.income = pp.income.plus(change);
                } else if step != Step::EconomicCollection
                    && change.money <= 0
                    && change.manpower <= 0
                {
                    let sp = pp.spent.entry(rule.to_string()).or_default();
                    *sp = sp.plus(Amount {
                        money: -change.money,
                        manpower: -change.manpower,
                    });
                } else {
                    let o = pp.other.entry(rule.to_string()).or_default();
                    *o = o.plus(change);
                }
            }
            None => Arc::make_mut(&mut self.outside).push(TreasuryEntry {
                date,
                power,
                change,
                rule: rule.to_string(),
                reason: reason.to_string(),
            }),
        }
    }
}
