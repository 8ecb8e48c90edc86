//! Rule 8 (Coalition's Economic Phase, `docs/rules/economic.md`): one module per step, and the records the
//! phase leaves (12.6 reads them). Each step is a `Step` (`collection::Collection`, `manipulation::Manipulation`,
//! `expenditure::Expenditure`, `status::Status`); they share one own state, `EconomyState`, and one kind of own
//! event, `EconomicEvent`.

/// The methods of a step of the Economic Phase that asks nobody (8.2, 8.6): it only begins.
macro_rules! asks_nothing {
    ($what:literal) => {
        fn choices(_: &Ctx, _: PowerId) -> Vec<Infallible> {
            vec![]
        }

        fn default(_: &Ctx, _: PowerId) -> Infallible {
            unreachable!(concat!("the ", $what, " asks nothing"))
        }

        fn check(_: &Ctx, _: PowerId, d: &Infallible) -> RuleResult<()> {
            match *d {}
        }

        fn resolve(_: &mut Cx, _: &BTreeMap<PowerId, Infallible>, _: &mut Dice) -> Option<Ask> {
            None
        }

        fn apply(own: &mut EconomyState, world: &mut World, e: &EconomicEvent) {
            super::apply(own, world, e);
        }
    };
}

pub mod collection;
pub mod decision;
pub mod expenditure;
pub mod manipulation;
pub mod prices;
pub mod shipyard;
pub mod status;
pub mod transfers;
pub mod upkeep;

pub use crate::world::records::Building;
pub use crate::world::treasury::{Amount, Income};
pub use decision::{Conversion, EconomicDecision, Gift, GunOrder, Purchase, ShipOrder, Spending};

use crate::kernel::calendar::Date;
use crate::kernel::ids::PowerId;
use crate::kernel::limits;
use crate::world::{World, WorldEvent};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the Economic Phase's rules read: the world and the phase's own records.
pub type Ctx<'a> = crate::world::Ctx<'a, EconomyState>;

/// How the Economic Phase's steps change things: world events and their own.
pub type Cx<'a> = crate::world::Cx<'a, EconomyState, EconomicEvent>;

/// The powers that go through the Economic Phase: those still in the game, less neutral UMPs (14.3.2.4.3).
pub fn powers_with_economic_phase(world: &World) -> Vec<PowerId> {
    world
        .powers_in_game()
        .into_iter()
        .filter(|p| crate::world::ump_rules::has_economic_phase(world, *p))
        .collect()
}

pub use crate::world::Standing;

/// What a power's manipulation setting gave or cost when recorded (12.5.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManipulationRecord {
    pub square: i32,
    pub pp: i32,
    pub money: i32,
    pub manpower: i32,
    /// False when the power could not pay the square's money or manpower: then nothing was recorded.
    pub paid: bool,
}

/// Why money passed between two powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TransferKind {
    /// Money given (Coalition's 8.5).
    Gift,
    /// Money lent, to be repaid (Coalition's 8.5).
    Loan,
    /// A loan repaid, in whole or in part (Coalition's 8.2).
    Repayment,
    /// Reparations under peace term B.3 or C.3.
    Reparations,
}

/// Money passed from one power to another, with what was owed when it was a debt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub kind: TransferKind,
    pub from: PowerId,
    pub to: PowerId,
    /// Money actually passed.
    pub money: i32,
    /// Money owed (for a debt: what was due; otherwise the same as `money`).
    pub owed: i32,
    /// A loan: when it is due (made); a repayment: the loan's index in `EconomyState::loans`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loan_due: Option<Date>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loan: Option<usize>,
    /// Reparations: the obligation's index in the Peace Step's obligations, and the payment's number (1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub obligation: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub installment: Option<u8>,
    /// Reparations paid all at once (`true`) or in two shares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_at_once: Option<bool>,
    pub rule: String,
}

/// Coalition's 8.5: the price of `count` units at `each`, saturating (3.5: no sum wraps).
pub fn price(each: u32, count: impl Into<i64>) -> i32 {
    let p = i64::from(each).saturating_mul(count.into());
    i32::try_from(p).unwrap_or(if p < 0 { i32::MIN } else { i32::MAX })
}

/// Coalition's 8.2: the part of a conquered minor's value `x` its controller receives (`num/den` of the
/// economy chart, rounded down), in 64 bits so that no product wraps (3.5).
pub fn conquered_share(x: i32, chart: &crate::scenario::EconomyChart) -> i32 {
    let p = i64::from(x) * i64::from(chart.conquered_minor_num)
        / i64::from(chart.conquered_minor_den.max(1));
    i32::try_from(p).unwrap_or(if p < 0 { i32::MIN } else { i32::MAX })
}

impl Transfer {
    /// Whether this was a debt not paid in full.
    pub fn short(&self) -> i32 {
        self.owed.saturating_sub(self.money).max(0)
    }
}

/// Money lent and what is still owed (Coalition's 8.5: repaid `loan_phases` Economic Phases later).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loan {
    pub lender: PowerId,
    pub borrower: PowerId,
    pub money: i32,
    pub made: Date,
    /// The Economic Phase whose collection it is repaid in (and each one after until repaid).
    pub due: Date,
    /// Money repaid so far.
    #[serde(default)]
    pub repaid: i32,
}

impl Loan {
    /// Money still owed.
    pub fn outstanding(&self) -> i32 {
        self.money.saturating_sub(self.repaid).max(0)
    }
}

/// One Economic Phase's record: each power's income by source, manipulation, money passed between powers, what
/// each spent and each power's standing at the end (12.6 reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseRecord {
    pub date: Date,
    pub income: BTreeMap<PowerId, Income>,
    #[serde(default)]
    pub manipulation: BTreeMap<PowerId, ManipulationRecord>,
    #[serde(default)]
    pub transfers: Vec<Transfer>,
    /// Money and manpower spent on purchases and militia conversion (8.5, 12.1.1).
    #[serde(default)]
    pub spent: BTreeMap<PowerId, Amount>,
    /// Each power's standing at the end of the phase (8.6).
    #[serde(default)]
    pub standing: BTreeMap<PowerId, Standing>,
}

/// The Economic Phase's own events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EconomicEvent {
    /// Money passes from one power to another (gift, loan, repayment, reparations); `reason` says why.
    Transferred { transfer: Transfer, reason: String },
    /// A power's manipulation setting is recorded (12.5.1); the points and treasury change by their own events.
    ManipulationRecorded {
        power: PowerId,
        record: ManipulationRecord,
        reason: String,
    },
    /// A power sets its economic manipulation marker for the next phase (12.5.2).
    ManipulationSet { power: PowerId, square: i32 },
    /// A power's shopping list could not be carried out at the end of the step (its treasury fell meanwhile).
    SpendingVoided {
        power: PowerId,
        rule: String,
        reason: String,
    },
    /// The phase's record is closed: spending and standing (8.6).
    PhaseClosed {
        spent: BTreeMap<PowerId, Amount>,
        standing: BTreeMap<PowerId, Standing>,
    },
}

/// The Economic Phase's records, one per phase played, in order, and what is being built.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EconomyState {
    /// Shared between copies of the state until one changes (a view's copy is then cheap).
    pub phases: std::sync::Arc<Vec<PhaseRecord>>,
    /// Each power's economic manipulation marker (12.5); a power absent stands in square 0.
    #[serde(default)]
    pub manipulation: BTreeMap<PowerId, i32>,
    /// Every loan made, in order (repaid ones stay, with `repaid` equal to `money`).
    #[serde(default)]
    pub loans: Vec<Loan>,
}

impl EconomyState {
    /// The record of the phase of `date`, opened if it is not the last one.
    pub fn phase_mut(&mut self, date: Date) -> &mut PhaseRecord {
        let phases = std::sync::Arc::make_mut(&mut self.phases);
        if phases.last().is_none_or(|r| r.date != date) {
            phases.push(PhaseRecord {
                date,
                income: BTreeMap::new(),
                manipulation: BTreeMap::new(),
                transfers: Vec::new(),
                spent: BTreeMap::new(),
                standing: BTreeMap::new(),
            });
        }
        let i = phases.len() - 1;
        &mut phases[i]
    }

    /// Records a power's income in the phase of `date` (the phase's record is opened by its first income).
    pub fn record_income(&mut self, date: Date, power: PowerId, income: &Income) {
        self.phase_mut(date).income.insert(power, income.clone());
    }

    /// Every reparations payment made so far, in order.
    pub fn reparations_paid(&self) -> impl Iterator<Item = &Transfer> {
        self.phases
            .iter()
            .flat_map(|r| r.transfers.iter())
            .filter(|t| t.kind == TransferKind::Reparations)
    }

    /// `power`'s manipulation square (12.5: 0 at the start).
    pub fn square(&self, power: PowerId) -> i32 {
        self.manipulation.get(&power).copied().unwrap_or(0)
    }
}

impl std::fmt::Display for EconomicEvent {
    /// One line for the log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EconomicEvent::Transferred { transfer, reason } => {
                write!(f, "{reason} [{}]", transfer.rule)
            }
            EconomicEvent::ManipulationRecorded { reason, .. } => write!(f, "{reason} [12.5.1]"),
            EconomicEvent::ManipulationSet { power, square } => write!(
                f,
                "{power} sets its economic manipulation marker to square {square} [12.5.2]"
            ),
            EconomicEvent::SpendingVoided {
                power,
                rule,
                reason,
            } => write!(f, "{power}'s purchases are void: {reason} [{rule}]"),
            EconomicEvent::PhaseClosed { standing, .. } => {
                let v: Vec<String> = standing
                    .iter()
                    .map(|(p, s)| {
                        format!(
                            "{p} {} PP, {} money, {} manpower, {} VP",
                            s.political_points, s.money, s.manpower, s.victory_points
                        )
                    })
                    .collect();
                write!(f, "the Economic Phase closes: {} [8.6]", v.join("; "))
            }
        }
    }
}

/// 8.2: the income by source that a collection's treasury change carries is recorded for the phase.
pub fn observe(economy: &mut EconomyState, date: Date, e: &WorldEvent) {
    if let WorldEvent::TreasuryChanged {
        power,
        income: Some(i),
        ..
    } = e
    {
        economy.record_income(date, *power, i);
    }
}

/// Applies an Economic Phase event: money passing changes the world's treasuries; the rest is the phase's own
/// record.
pub fn apply(economy: &mut EconomyState, world: &mut World, e: &EconomicEvent) {
    let date = world.position.date;
    match e {
        EconomicEvent::Transferred {
            transfer: t,
            reason,
        } => {
            // Within the treasury's range (3.5): a sum stops at its end.
            if let Some(p) = world.powers.get_mut(&t.from) {
                p.money = limits::MONEY.add(p.money, t.money.saturating_neg());
            }
            if let Some(p) = world.powers.get_mut(&t.to) {
                p.money = limits::MONEY.add(p.money, t.money);
            }
            // 12.6: both treasuries' accounts record the money passed.
            let step = world.position.step;
            for (power, money) in [(t.from, t.money.saturating_neg()), (t.to, t.money)] {
                let change = Amount { money, manpower: 0 };
                world
                    .ledger
                    .enter(date, step, power, change, None, &t.rule, reason);
            }
            match t.kind {
                TransferKind::Loan => economy.loans.push(Loan {
                    lender: t.from,
                    borrower: t.to,
                    money: t.money,
                    made: date,
                    due: t.loan_due.unwrap_or(date),
                    repaid: 0,
                }),
                TransferKind::Repayment => {
                    if let Some(l) = t.loan.and_then(|i| economy.loans.get_mut(i)) {
                        l.repaid = l.repaid.saturating_add(t.money);
                    }
                }
                _ => {}
            }
            economy.phase_mut(date).transfers.push(t.clone());
        }
        EconomicEvent::ManipulationRecorded { power, record, .. } => {
            economy.phase_mut(date).manipulation.insert(*power, *record);
        }
        EconomicEvent::ManipulationSet { power, square } => {
            if *square == 0 {
                economy.manipulation.remove(power);
            } else {
                economy.manipulation.insert(*power, *square);
            }
        }
        EconomicEvent::SpendingVoided { .. } => {}
        EconomicEvent::PhaseClosed { spent, standing } => {
            let r = economy.phase_mut(date);
            r.spent = spent.clone();
            r.standing = standing.clone();
        }
    }
}

/// 12.1.2: the port cities of `power`'s home nation it controls, where its ships may be built.
pub fn home_ports(ctx: &Ctx, power: PowerId) -> Vec<crate::kernel::ids::AreaId> {
    ctx.scenario
        .territory(crate::kernel::ids::Nation::Power(power))
        .iter()
        .filter(|a| ctx.scenario.area(**a).is_some_and(|d| d.port))
        .filter(|a| ctx.world.area_power(ctx.scenario, **a) == Some(power))
        .copied()
        .collect()
}

/// The arrival month of something bought now that takes `delay` months: `delay` months on, and never before
/// the next Reinforcement Phase.
pub fn due(ctx: &Ctx, delay: u32) -> crate::kernel::calendar::Date {
    ctx.world.date().plus_months(delay.max(1) as i32)
}
