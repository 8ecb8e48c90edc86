//! Rule 7.5 in the Land Phase (Coalition's land combat, `docs/rules/land.md` 7.5): a battle as the phase keeps it
//! ([`Battle`], its record, its retreats, a side's orders for a day) and its setup as the battle layer reads it,
//! built from the world: the corps and leaders of each side, the terrain, the river crossing, the optional rules,
//! and each day's outflanking force, guard commitment and corps sent from next areas (7.5.2, 12.3.4). What the
//! combat group of the phase shares (`combat`, `days`, `aftermath`, `odds`, `reinforce`, `siege`) lives here, one
//! level below them.

use super::LCtx;
use super::movement::leaders_in;
use crate::battle::{
    self, BattleCorps, BattleLeader, GuardCommitment, Options, Reinforcing, Report, Setup,
    SideSetup,
};
use crate::kernel::ids::{AreaId, CorpsId, Key, LeaderId, Nation, PowerId};
use crate::kernel::rulebook::OptionalRule;
use crate::scenario::combat::{AttackChit, DefendChit, Role};
use crate::scenario::{CorpsKind, LeaderStatus, LinkKind, Location, MinorStatus};
use crate::world::World;
use crate::world::geography::at_war_sides;
use serde::{Deserialize, Serialize};

/// 12.3.4: a guard commitment as a side submits it with a day's chit: the round of the day being fought it is
/// made in, the morale levels it shifts (1 or 2), and the nationality whose guard it commits when the side has
/// the guard of several. `day`, if given, must be the day being fought (the older
/// form `guard DAY.ROUND+SHIFT`); a commitment belongs to the day it is submitted for (once a day).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GuardOrder {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<u8>,
    pub round: u8,
    pub shift: u8,
    /// The nationality whose guard commits (12.3.4.3); none: the side's only one that may.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<Key>,
}

/// Coalition's 7.5.9: a side's corps and leaders that must leave the battle's area, and where they may go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retreat {
    /// The power that chooses (none: an uncontrolled minor's forces, which take the first area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<PowerId>,
    pub corps: Vec<CorpsId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderId>,
    /// The areas it may retreat to, in key order (at least two: with one, it goes there at once).
    pub to: Vec<AreaId>,
}

/// A battle under way in the Land Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub area: AreaId,
    /// The mover: it attacks and chooses the attacker's chit.
    pub attacker: PowerId,
    /// The power that chooses the defender's chit: the one supplying most of the defending corps (ties: key
    /// order). None for an uncontrolled minor's corps alone: its chit is the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<PowerId>,
    pub attacking: Vec<CorpsId>,
    pub defending: Vec<CorpsId>,
    /// 7.5.2: the setup the battle started with (its sides, terrain, river crossing, options), with each side's
    /// outflanking force once its first Outflank named it and every day's chits so far; no guard (a commitment
    /// belongs to its day: `guards`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// 7.5.2: the battle fought one day at a time: what it carries between days and its report so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<battle::day::Battle>,
    /// 12.3.4: the guard commitments made so far, each with its side and day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<(Role, GuardCommitment)>,
    /// After the battle: the retreats still to be made, the first owed now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreats: Vec<Retreat>,
}

/// What a battle decided, as the log keeps it (its dice are `DiceRolled` events just before it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    pub area: AreaId,
    pub attacker: PowerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<PowerId>,
    /// The first day's chits (`setup.chits` holds every day's).
    pub chits: (AttackChit, DefendChit),
    /// The setup the battle was fought with: every day's chits, each side's outflanking force and, as its guard,
    /// its first guard commitment (all of them are in `guards`).
    pub setup: Setup,
    pub report: Report,
    /// 12.3.4: every guard commitment made, with its side and day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<(Role, GuardCommitment)>,
    /// The powers whose political points the battle moves (7.5.7, 4.6.3.6): the winning side's, the losing side's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<PowerId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losers: Vec<PowerId>,
}

/// The major power a corps fights for: its side's power, or the controller of its minor.
pub fn fighting_power(w: &World, id: CorpsId) -> Option<PowerId> {
    match w.corps_side(id)? {
        Nation::Power(p) => Some(p),
        Nation::Minor(m) => w.minors.get(&m)?.controller,
    }
}

/// The power whose political points a corps' battle moves (4.6.3.6: a free state's go to its controller).
pub(super) fn points_power(w: &World, id: CorpsId) -> Option<PowerId> {
    match w.corps_side(id)? {
        Nation::Power(p) => Some(p),
        Nation::Minor(m) => w.combat_points_of(m),
    }
}

/// The optional rules a battle reads, from the game's rulebook.
pub fn options<S: ?Sized>(ctx: &crate::world::Ctx<'_, S>) -> Options {
    let on = |r| ctx.rulebook.has(r);
    Options {
        british_training: on(OptionalRule::BritishTraining),
        cavalry_superiority: on(OptionalRule::CavalrySuperiority),
        cavalry_withdrawals: on(OptionalRule::CavalryWithdrawals),
        guard_commitment: on(OptionalRule::GuardCommitment),
        artillery: on(OptionalRule::ArtilleryCorps),
        proportional_losses: on(OptionalRule::ProportionalLandLosses),
        corps_leaders: on(OptionalRule::CorpsLeaders),
        further_reductions: on(OptionalRule::FurtherTacticalReductions),
        overwhelming_numbers: on(OptionalRule::OverwhelmingNumbers),
    }
}

/// 12.3.2: whether a corps of a minor has been a free state of the training power for the chart's months.
fn trained(ctx: &LCtx, owner: Nation) -> bool {
    let chart = &ctx.scenario.combat.british_training;
    let Nation::Minor(m) = owner else {
        return false;
    };
    if !chart.nations.contains(&m.0) {
        return false;
    }
    let Some(st) = ctx.world.minors.get(&m) else {
        return false;
    };
    let by_trainer = st.controller.is_some_and(|c| chart.by.contains(&c.0));
    let since = st.controlled_since.unwrap_or(ctx.scenario.meta.start);
    by_trainer
        && st.status == MinorStatus::FreeState
        && since.months_until(ctx.world.date()) >= chart.months as i32
}

/// The leaders present with a side, with the ids they stand for.
pub(super) fn side_leaders(ctx: &LCtx, b: &Battle, role: Role) -> Vec<(LeaderId, BattleLeader)> {
    let w = ctx.world;
    let ids: Vec<LeaderId> = match role {
        Role::Attacker => leaders_in(w, b.attacker, b.area),
        Role::Defender => w
            .forces
            .leaders
            .iter()
            .filter(|(_, l)| {
                l.location == Location::Area(b.area)
                    && l.status == LeaderStatus::Active
                    && at_war_sides(w, Nation::Power(b.attacker), l.nation)
            })
            .map(|(id, _)| *id)
            .collect(),
    };
    ids.into_iter()
        .filter_map(|id| Some((id, battle_leader(ctx, b.area, id)?)))
        .collect()
}

/// A leader as a battle at `area` reads it: its ratings for the month and place (12.3.7.3) and the power it
/// fights for.
pub(super) fn battle_leader(ctx: &LCtx, area: AreaId, id: LeaderId) -> Option<BattleLeader> {
    let w = ctx.world;
    let home = ctx
        .scenario
        .area(area)
        .and_then(|a| ctx.scenario.province(a.province))
        .map(|p| p.nation);
    let def = ctx.scenario.leader(id)?;
    let st = w.forces.leaders.get(&id)?;
    let power = match st.nation {
        Nation::Power(p) => p,
        Nation::Minor(m) => w.minors.get(&m)?.controller?,
    };
    let (strategic, tactical) = battle::side::dated_ratings(
        &ctx.scenario.combat,
        &id,
        (def.strategic, def.tactical),
        w.date(),
        home.as_ref() == Some(&def.nation),
        ctx.rulebook.has(OptionalRule::NapoleonsRatings),
    );
    Some(BattleLeader {
        name: def.name.clone(),
        power: power.0,
        strategic,
        tactical,
        tactical_max: def.tactical_max,
        // 4.5.5: the chart's specials follow the commander's own nation (a minor's leader is not its controller's).
        nation: match st.nation {
            Nation::Minor(m) => Some(m.0),
            Nation::Power(_) => None,
        },
    })
}

/// A corps as the battle layer reads it: its nation, the power it fights for, its kind and factors (none on its
/// way, none outflanking).
pub(super) fn battle_corps(ctx: &LCtx, id: CorpsId) -> Option<BattleCorps> {
    let w = ctx.world;
    let c = w.forces.corps.get(&id)?;
    Some(BattleCorps {
        name: id.to_string(),
        nation: match c.owner {
            Nation::Power(p) => p.0,
            Nation::Minor(m) => m.0,
        },
        power: fighting_power(w, id)?.0,
        kind: c.kind,
        factors: c.factors,
        outflanking: false,
        trained: trained(ctx, c.owner),
        reinforcing: None,
        capped: is_ump_nation(ctx, c.owner),
    })
}

/// 14.3.2.1.6: whether `n` is an uncontrolled major power's (an UMP's).
fn is_ump_nation(ctx: &LCtx, n: Nation) -> bool {
    matches!(n, Nation::Power(p) if crate::world::umps::is_ump(ctx.world, p))
}

/// 14.3.2.1.6: an UMP's losses are held to its share only in a force with other major powers: the marks of a
/// side's UMP corps are taken off when no other major power's corps is with them.
pub(super) fn cap_umps(ctx: &LCtx, corps: &mut [BattleCorps]) {
    let major = |k: &Key| {
        PowerId::new(k.as_str())
            .ok()
            .is_some_and(|p| ctx.world.powers.contains_key(&p))
    };
    for i in 0..corps.len() {
        if corps[i].capped {
            let mixed = corps
                .iter()
                .any(|c| c.nation != corps[i].nation && major(&c.nation));
            corps[i].capped = mixed;
        }
    }
}

/// One side of a battle as the battle layer reads it (no outflanking force, no guard commitment yet).
pub(super) fn side_setup(ctx: &LCtx, b: &Battle, role: Role) -> SideSetup {
    let ids = match role {
        Role::Attacker => &b.attacking,
        Role::Defender => &b.defending,
    };
    let mut corps = ids
        .iter()
        .filter_map(|id| battle_corps(ctx, *id))
        .collect::<Vec<_>>();
    cap_umps(ctx, &mut corps);
    SideSetup {
        dominant: dominant_of(ctx, &corps),
        corps,
        leaders: side_leaders(ctx, b, role)
            .into_iter()
            .map(|(_, l)| l)
            .collect(),
        guard: None,
        reinforcements: Vec::new(),
    }
}

/// The powers of a side's corps standing in the Dominant zone (4.5.3's dominant morale), in key order.
pub(super) fn dominant_of(ctx: &LCtx, corps: &[BattleCorps]) -> Vec<Key> {
    let w = ctx.world;
    let mut dominant: Vec<Key> = corps
        .iter()
        .map(|c| c.power)
        .filter(|p| {
            PowerId::new(p.as_str()).ok().is_some_and(|p| {
                w.powers.get(&p).is_some_and(|s| {
                    ctx.scenario
                        .status_zone(s.political_points)
                        .is_some_and(|z| z.name.eq_ignore_ascii_case("dominant"))
                })
            })
        })
        .collect();
    dominant.sort();
    dominant.dedup();
    dominant
}

/// Whether the attack crosses a river: every attacking corps entered the area this phase across a river border.
fn across_river(ctx: &LCtx, b: &Battle) -> bool {
    let steps: Vec<_> = b
        .attacking
        .iter()
        .map(|c| ctx.own.entered.get(c).copied())
        .collect();
    !steps.is_empty()
        && steps.iter().all(|s| {
            s.is_some_and(|(from, to)| {
                ctx.scenario
                    .area(from)
                    .and_then(|a| a.links.iter().find(|l| l.to == to))
                    .is_some_and(|l| l.kind == LinkKind::River)
            })
        })
}

/// 7.5.2: the battle's setup as it starts, from the world: both sides, the terrain, the river crossing, the
/// options; no chits yet, no outflanking force, no guard commitment (each day adds its own, `day_setup`).
pub(super) fn base_setup(ctx: &LCtx, b: &Battle) -> Setup {
    Setup {
        attacker: side_setup(ctx, b, Role::Attacker),
        defender: side_setup(ctx, b, Role::Defender),
        terrain: ctx
            .scenario
            .area(b.area)
            .map_or(crate::scenario::Terrain::Clear, |a| a.terrain),
        river: across_river(ctx, b),
        chits: Vec::new(),
        options: options(ctx),
        kind: Default::default(),
        walls: None,
        days: None,
    }
}

/// The outflanking force the choices offer: every corps but the artillery and the largest other corps (which pin).
pub(super) fn offered_split(ctx: &LCtx, ids: &[CorpsId]) -> Vec<CorpsId> {
    let w = ctx.world;
    let pin = ids
        .iter()
        .filter(|id| {
            w.forces.corps.get(id).is_some_and(|c| {
                !matches!(
                    c.kind,
                    CorpsKind::Artillery | CorpsKind::Cossack | CorpsKind::Freikorps
                )
            })
        })
        .max_by_key(|id| (w.forces.corps[id].factors.total(), std::cmp::Reverse(**id)));
    ids.iter()
        .filter(|id| Some(*id) != pin)
        .filter(|id| {
            w.forces
                .corps
                .get(id)
                .is_some_and(|c| c.kind != CorpsKind::Artillery)
        })
        .copied()
        .collect()
}

/// The corps a side sends for a day, as the battle layer reads them: each with the index of its stack in
/// `stacks` (from 0; the setup offsets them after the side's earlier stacks).
#[derive(Clone, Debug, Default)]
pub(super) struct Coming {
    pub(super) corps: Vec<BattleCorps>,
    pub(super) stacks: Vec<Reinforcing>,
}

/// A side's orders for a day, besides its chit: the corps it names to outflank, its guard commitment, the corps
/// it sends from next areas (Coalition's 7.5.2).
#[derive(Clone, Debug, Default)]
pub(super) struct Order {
    pub(super) outflanking: Vec<CorpsId>,
    pub(super) guard: Option<GuardOrder>,
    pub(super) coming: Coming,
}

/// Coalition's 7.5.2: side `role`'s outflanking force for the rest of the battle (named by its first Outflank),
/// empty while it has not outflanked.
pub(super) fn split(b: &Battle, role: Role) -> Vec<CorpsId> {
    let (Some(s), ids) = (
        &b.setup,
        match role {
            Role::Attacker => &b.attacking,
            Role::Defender => &b.defending,
        },
    ) else {
        return Vec::new();
    };
    let side = s.side(role);
    ids.iter()
        .filter(|id| {
            let name = id.to_string();
            side.corps.iter().any(|c| c.outflanking && c.name == name)
        })
        .copied()
        .collect()
}

/// 7.5.2 and 12.3.4: the setup day `day` is fought with: the battle's (`base`), a side's outflanking force set by
/// the corps its order names when it has none yet (its first Outflank), each side's guard commitment for this
/// day, the corps it sends from next areas for the day after its list (their stacks after its earlier ones), and
/// the day's chits after those of the days before.
pub(super) fn day_setup(
    base: &Setup,
    day: u8,
    chits: (AttackChit, DefendChit),
    orders: [&Order; 2],
) -> Setup {
    let mut s = base.clone();
    for (side, order) in [&mut s.attacker, &mut s.defender].into_iter().zip(orders) {
        if !order.outflanking.is_empty() && !side.corps.iter().any(|c| c.outflanking) {
            for c in &mut side.corps {
                c.outflanking = order.outflanking.iter().any(|id| id.to_string() == c.name);
            }
        }
        side.guard = order.guard.map(|g| GuardCommitment {
            day,
            round: g.round,
            shift: g.shift,
            nation: g.nation,
        });
        let offset = side.reinforcements.len() as u8;
        side.reinforcements
            .extend(order.coming.stacks.iter().cloned());
        for c in &order.coming.corps {
            if side.corps.iter().all(|x| x.name != c.name) {
                let mut c = c.clone();
                c.reinforcing = c.reinforcing.map(|g| g + offset);
                side.corps.push(c);
            }
        }
    }
    s.chits.push(chits);
    s
}

/// The setup with each corps' factors as the battle has left them (12.3.4.3 reads the guard a side has left).
pub(super) fn with_factors_left(b: &Battle, s: &Setup) -> Setup {
    let mut out = s.clone();
    if let Some(f) = &b.field {
        let r = f.report();
        for (c, left) in out.attacker.corps.iter_mut().zip(&r.attacker_left) {
            c.factors = *left;
        }
        for (c, left) in out.defender.corps.iter_mut().zip(&r.defender_left) {
            c.factors = *left;
        }
    }
    out
}
