//! Money and manpower: the amounts the Economic Phase (8.2) collects, by source.

use serde::{Deserialize, Serialize};

/// Money and manpower together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amount {
    pub money: i32,
    pub manpower: i32,
}

impl Amount {
    /// The sum of two amounts, saturating (3.5: no sum wraps).
    pub fn plus(self, o: Amount) -> Amount {
        Amount {
            money: self.money.saturating_add(o.money),
            manpower: self.manpower.saturating_add(o.manpower),
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
    /// American trade received (12.9, money).
    #[serde(default)]
    pub american: i32,
    /// Colonial trade lost to a war with America (12.9, Britain only).
    #[serde(default)]
    pub american_war_lost: i32,
}

impl Income {
    /// Everything received.
    pub fn total(&self) -> Amount {
        self.provinces.plus(self.minors).plus(Amount {
            money: self.trade.saturating_add(self.american),
            manpower: 0,
        })
    }
}

/// A power's standing at a moment of the game: its political points, treasury and victory points (8.6 and the
/// 12.6 record keep it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub political_points: i32,
    pub money: i32,
    pub manpower: i32,
    pub victory_points: i32,
}

impl Standing {
    /// The standing of a power as the world holds it now.
    pub fn of(p: &super::PowerState) -> Standing {
        Standing {
            political_points: p.political_points,
            money: p.money,
            manpower: p.manpower,
            victory_points: p.victory_points,
        }
    }
}
