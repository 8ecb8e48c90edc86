//! Rule 2 (Coalition's data, `docs/rules/scenarios.md`): a scenario's own rows of the power-specific charts
//! (`scenarios/<id>/charts.ron`), laid over its ruleset's charts and battle numbers.
//!
//! A ruleset's charts serve several worlds; the rows that name great powers (the Natural Alliance Table, the
//! orders of movement, the depot counters, morale by nation ...) belong to a scenario's powers. Each field given
//! here replaces the ruleset's value; a field left out keeps it.

use super::Cost;
use super::charts::ChartsFile;
use super::combat::{CombatChart, NationMorale, TrainingChart};
use super::types::UnitKind;
use crate::kernel::ids::{Key, PowerId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The player who breaks ties and the order of the powers (6.1, 7.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderPatch {
    pub chooser: PowerId,
    pub order: Vec<PowerId>,
}

/// `scenarios/<id>/charts.ron`: the scenario's power rows; every field optional.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChartsPatch {
    /// UMP1: the whole Natural Alliance Table of the scenario's powers.
    pub natural_alliance: Option<BTreeMap<PowerId, BTreeMap<PowerId, i32>>>,
    /// 6.1: the Naval Phase's order.
    pub naval_order: Option<OrderPatch>,
    /// 7.1: the Land Phase's order.
    pub land_order: Option<OrderPatch>,
    /// 7.2: depot counters by power.
    pub depot_counters: Option<BTreeMap<PowerId, u32>>,
    /// 4.6.3.2: the minor set-up order.
    pub minor_setup_order: Option<Vec<PowerId>>,
    /// 8.5: prices of units by kind; entries given replace the ruleset's, the others stay.
    pub costs: Option<BTreeMap<UnitKind, Cost>>,
    /// 8.5: kinds only some powers may buy.
    pub restricted: Option<BTreeMap<UnitKind, Vec<PowerId>>>,
    /// 14.3.2.4.2: powers whose manpower is kept while neutral.
    pub manpower_kept_by: Option<Vec<PowerId>>,
    /// 12.9: the power whose colonial trade American trade's wars cost (Great Britain), if any.
    pub american_trade_britain: Option<Option<PowerId>>,
    /// 4.5.3: morale by nation; entries given replace or add to the ruleset's.
    pub morale: Option<BTreeMap<Key, NationMorale>>,
    /// 4.5.3: a corps' own ratings by nation (the whole table).
    pub intrinsic: Option<BTreeMap<Key, (u8, u8)>>,
    /// 12.3.4.3: who may commit the guard two levels.
    pub guard_two_levels: Option<Vec<Key>>,
    /// 12.3.4.3: who may commit the guard one level.
    pub guard_one_level: Option<Vec<Key>>,
    /// 12.3.2: British training.
    pub british_training: Option<TrainingChart>,
}

impl ChartsPatch {
    /// Lays the patch over a ruleset's charts and battle numbers.
    pub fn apply(&self, charts: &mut ChartsFile, combat: &mut CombatChart) {
        if let Some(t) = &self.natural_alliance {
            charts.natural_alliance = t.clone();
        }
        if let Some(o) = &self.naval_order {
            charts.naval.chooser = o.chooser;
            charts.naval.order = o.order.clone();
        }
        if let Some(o) = &self.land_order {
            charts.land.chooser = o.chooser;
            charts.land.order = o.order.clone();
        }
        if let Some(c) = &self.depot_counters {
            charts.land.depots.counters = c.clone();
        }
        if let Some(o) = &self.minor_setup_order {
            charts.minor_control.setup_order = o.clone();
        }
        if let Some(c) = &self.costs {
            for (k, v) in c {
                charts.economy.costs.insert(*k, *v);
            }
        }
        if let Some(r) = &self.restricted {
            charts.economy.restricted = r.clone();
        }
        if let Some(m) = &self.manpower_kept_by {
            charts.ump_rules.manpower_kept_by = m.clone();
        }
        if let Some(b) = &self.american_trade_britain {
            charts.economy.american_trade.britain = *b;
        }
        if let Some(m) = &self.morale {
            for (k, v) in m {
                combat.morale.nations.insert(*k, v.clone());
            }
        }
        if let Some(i) = &self.intrinsic {
            combat.intrinsic = i.clone();
        }
        if let Some(g) = &self.guard_two_levels {
            combat.guard.two_levels = g.clone();
        }
        if let Some(g) = &self.guard_one_level {
            combat.guard.one_level = g.clone();
        }
        if let Some(t) = &self.british_training {
            combat.british_training = t.clone();
        }
    }
}
