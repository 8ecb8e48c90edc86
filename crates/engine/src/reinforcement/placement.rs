//! Rule 5 (Coalition's Reinforcement Phase): a power's decision, the `Placement` of what arrived this month
//! (5.1 to 5.4, 12.1.2.2), its default placement (3.6) and the legal choices offered.

use super::arrivals::{Arrivals, Places, arrivals, min_factors, split_garrisonable};
use super::land::Prefer;
use super::{RCtx, land, leaders, pending_seizures, seizure, ships};
use crate::kernel::ids::{AreaId, CorpsId, FleetId, LeaderId, MinorId, Nation, PowerId};
use crate::scenario::{Factors, Location};
use serde::{Deserialize, Serialize};

/// Where land factors go (5.2).
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LandTarget {
    /// A garrison in a city of the owner's home nation that its controller holds.
    Garrison(AreaId),
    /// A corps of the owner standing in such a city (or placed there by this placement), up to its capacity.
    Corps(CorpsId),
}

/// Land factors of `owner` sent to one place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LandOrder {
    pub owner: Nation,
    pub to: LandTarget,
    pub factors: Factors,
}

/// A corps counter that has arrived, brought onto the map from the owner's off-map counters (5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CorpsOrder {
    pub corps: CorpsId,
    pub area: AreaId,
}

/// A depot that has arrived, placed in an area (5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DepotOrder {
    pub owner: Nation,
    pub area: AreaId,
}

/// Ships that have arrived in `port`: into one of the owner's fleets there, or forming a new fleet (5.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShipOrder {
    pub owner: Nation,
    pub port: AreaId,
    pub count: u16,
    /// The fleet they join; none forms a new fleet in the port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleet: Option<FleetId>,
}

/// A leader back from his wounds (12.7), placed in an area (5.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LeaderOrder {
    pub leader: LeaderId,
    pub area: AreaId,
}

/// 12.1.2.2: a taker's choice for a minor free state's ships in the port it took.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeizedOrder {
    pub port: AreaId,
    pub minor: MinorId,
    /// Keep them (building goes on) or destroy them.
    pub keep: bool,
}

/// 5.1.3: ships moved from one fleet to another of the same nationality at the same place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShipTransfer {
    pub from: FleetId,
    pub to: FleetId,
    pub ships: u16,
}

/// A power's placement of what arrived this month (rule 5), with its fleets' transfers (5.1.3) and scuttling
/// (5.1.4). Whatever it leaves out waits (5.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Placement {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corps: Vec<CorpsOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depots: Vec<DepotOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub land: Vec<LandOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ShipOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seized: Vec<SeizedOrder>,
    /// 5.1.3: ship transfers, in order, after the arrivals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transfers: Vec<ShipTransfer>,
    /// 5.1.4: fleets scuttled, after the transfers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scuttle: Vec<FleetId>,
}

impl Placement {
    /// Whether it places and decides nothing.
    pub fn is_empty(&self) -> bool {
        self.corps.is_empty()
            && self.depots.is_empty()
            && self.land.is_empty()
            && self.ships.is_empty()
            && self.leaders.is_empty()
            && self.seized.is_empty()
            && self.transfers.is_empty()
            && self.scuttle.is_empty()
    }
}

/// The default placement of `power` (3.6): see the module's documentation.
pub fn default_placement(ctx: &RCtx, power: PowerId) -> Placement {
    placement_with(ctx, power, Prefer::Nothing, true)
}

/// A placement of everything `power` can place, in the default's order, with land factors going first where
/// `prefer` says and 12.1.2.2's ships kept or not.
fn placement_with(ctx: &RCtx, power: PowerId, prefer: Prefer, keep: bool) -> Placement {
    let arr = arrivals(ctx, power);
    placement_in(ctx, power, &arr, &Places::of(ctx, &arr), prefer, keep)
}

/// 3.6, rule 5: `placement_with`, with what has arrived for `power` and where it may go already worked out.
fn placement_in(
    ctx: &RCtx,
    power: PowerId,
    arr: &Arrivals,
    places: &Places,
    prefer: Prefer,
    keep: bool,
) -> Placement {
    let mut pl = Placement::default();
    land::default_orders(ctx, arr, places, prefer, &mut pl);
    ships::default_orders(ctx, arr, &mut pl);
    leaders::default_orders(ctx, arr, &mut pl);
    seizure::default_orders(ctx, power, keep, &mut pl);
    pl
}

/// The legal decisions of `power`: the default placement; for each city the list offers (5.7: the capital and
/// the cities with the owner's garrison, corps or depot), the same with every factor that may garrison put there; for each corps that can take some, the same filling that
/// corps first; the default with 12.1.2.2's ships destroyed, when it took a minor's port; then each single
/// order on its own (5.7, `parts::pieces`), for a player to combine; and `None`, pass (everything waits).
pub fn choices(ctx: &RCtx, power: PowerId) -> Vec<Option<Placement>> {
    let arr = arrivals(ctx, power);
    let places_of = Places::of(ctx, &arr);
    let with =
        |prefer: Prefer, keep: bool| placement_in(ctx, power, &arr, &places_of, prefer, keep);
    let mut out: Vec<Placement> = vec![with(Prefer::Nothing, true)];
    for (owner, f) in &arr.land {
        let (g, _) = split_garrisonable(ctx, f);
        if !g.is_empty() {
            for a in super::parts::listed_places_in(ctx, &places_of, *owner) {
                out.push(with(Prefer::Garrison(a), true));
            }
        }
        let places = places_of.land(ctx, *owner);
        for (id, c) in &ctx.world.forces.corps {
            if c.owner == *owner
                && matches!(c.location, Location::Area(a) if places.contains(&a))
                && !min_factors(&c.capacity.minus(&c.factors).unwrap_or_default(), f).is_empty()
            {
                out.push(with(Prefer::Corps(*id), true));
            }
        }
    }
    if pending_seizures(ctx)
        .iter()
        .any(|s| s.takers.contains(&power))
    {
        out.push(with(Prefer::Nothing, false));
    }
    out.extend(super::parts::pieces_in(ctx, power, &arr, &places_of));
    // Each placement once, where it first comes (compared with those kept, not copied).
    let mut ds: Vec<Option<Placement>> = Vec::new();
    for p in out {
        if !p.is_empty() && !ds.iter().any(|d| d.as_ref() == Some(&p)) {
            ds.push(Some(p));
        }
    }
    ds.push(None);
    ds
}

/// The default decision of `power` (3.6): its default placement, or pass (`None`) when it places nothing.
pub fn default(ctx: &RCtx, power: PowerId) -> Option<Placement> {
    let p = default_placement(ctx, power);
    (!p.is_empty()).then_some(p)
}
