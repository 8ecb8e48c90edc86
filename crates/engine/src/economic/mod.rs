//! Rule 8 (Coalition's Economic Phase, `docs/rules/economic.md`): one module per step, and the records the
//! phase leaves (12.6 reads them).

pub mod collection;

use crate::calendar::Date;
use crate::ids::{AreaId, Nation, PowerId};
use crate::scenario::UnitKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Money and manpower together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    pub money: i32,
    pub manpower: i32,
}

impl Amount {
    /// The sum of two amounts.
    pub fn plus(self, o: Amount) -> Amount {
        Amount {
            money: self.money + o.money,
            manpower: self.manpower + o.manpower,
        }
    }
}

/// A power's income of one Economic Phase, by source (8.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Income {
    /// From the home nation's provinces it holds.
    pub provinces: Amount,
    /// What the home nation's provinces held by others would have yielded (nothing comes of it).
    #[serde(default)]
    pub occupied: Amount,
    /// From controlled minor countries: free states in full, conquered minors in part.
    pub minors: Amount,
    /// Colonial trade received (money), after naval raiding.
    #[serde(default)]
    pub trade: i32,
    /// Colonial trade lost to naval raiding (12.2.2).
    #[serde(default)]
    pub trade_lost: i32,
}

impl Income {
    /// Everything received.
    pub fn total(&self) -> Amount {
        self.provinces.plus(self.minors).plus(Amount {
            money: self.trade,
            manpower: 0,
        })
    }
}

/// One Economic Phase's record: each power's income by source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseRecord {
    pub date: Date,
    pub income: BTreeMap<PowerId, Income>,
}

/// Units bought and not yet arrived (rule 5 brings them in when `due` comes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Building {
    /// The nation whose units they are (a major power, or a minor free state's own).
    pub owner: Nation,
    pub unit: UnitKind,
    pub count: u16,
    /// When they were bought.
    pub bought: Date,
    /// The first Reinforcement Phase they arrive in.
    pub due: Date,
    /// Ships: the port where they are built (12.1.2), announced to all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<AreaId>,
    /// The rule that queued them (8.5 purchase, 12.1.1 conversion, 4.4.6.1 returned prisoners ...).
    pub rule: String,
}

/// The Economic Phase's records, one per phase played, in order, and what is being built.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EconomyState {
    pub phases: Vec<PhaseRecord>,
    /// Units bought (or otherwise due) and not yet arrived, in the order they were queued.
    #[serde(default)]
    pub building: Vec<Building>,
}

impl EconomyState {
    /// Records a power's income in the phase of `date` (the phase's record is opened by its first income).
    pub fn record_income(&mut self, date: Date, power: PowerId, income: &Income) {
        if self.phases.last().is_none_or(|r| r.date != date) {
            self.phases.push(PhaseRecord {
                date,
                income: BTreeMap::new(),
            });
        }
        if let Some(r) = self.phases.last_mut() {
            r.income.insert(power, income.clone());
        }
    }
}
