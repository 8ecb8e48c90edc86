//! Rule 4.4's written records (4.4.6.3: "keep written records"): every peace made, with its terms, and what each
//! leaves for later phases (reparations, corps on loan, trade restrictions, access, prisoners, fleets to leave),
//! and 12.4's limited access after a peace (`limited_access`).

use super::World;
use crate::kernel::calendar::Date;
use crate::kernel::ids::{CorpsId, FleetId, Nation, PowerId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The peaces of the game and what they leave.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treaties {
    /// Every peace made in the game.
    #[serde(default)]
    pub peaces: Vec<PeaceRecord>,
    /// What peaces leave for later phases.
    #[serde(default)]
    pub obligations: Vec<Obligation>,
}

/// The kind of a peace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeaceKind {
    Informal,
    Conditional,
    Unconditional,
}

/// A peace term chosen by a power (list A by the loser, B and C by a victor), with what it names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChosenTerm {
    pub term: String,
    /// The power that chose it.
    pub by: PowerId,
    /// The minor countries or provinces ceded (B.7, C.4), or the corps lent (B.4).
    #[serde(default)]
    pub targets: Vec<String>,
}

/// A peace made (kept for the whole game: 4.4.6.3 asks for written records).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeaceRecord {
    pub date: Date,
    pub kind: PeaceKind,
    /// The power that surrendered (for an informal peace, the first of the two in key order).
    pub loser: PowerId,
    /// The victor (for an informal peace, the other power).
    pub victor: PowerId,
    /// The loser's list A term and the victor's terms.
    #[serde(default)]
    pub terms: Vec<ChosenTerm>,
    /// The first month the loser may declare war on the victor again (none for an informal peace).
    #[serde(default)]
    pub loser_restricted_until: Option<Date>,
    /// The first month the victor may declare war on the loser again.
    #[serde(default)]
    pub victor_restricted_until: Option<Date>,
}

/// What a peace leaves for later phases.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Obligation {
    /// B.3 / C.3: reparations due at the next Economic Phase (all at once) or at the next two (each share).
    Reparations {
        term: String,
        from: PowerId,
        to: PowerId,
        /// The loser's printed home-nation money value.
        money_value: u32,
        /// Paid all at once at the next Economic Phase.
        once: u32,
        /// Or paid at each of the next two Economic Phases.
        each_of_two: u32,
        date: Date,
    },
    /// B.4: a corps lent to the victor until `until`.
    CorpsOnLoan {
        corps: CorpsId,
        from: PowerId,
        to: PowerId,
        until: Date,
    },
    /// B.6: the loser may not trade with the victor's enemies (nor with America, 12.9).
    TradeRestriction {
        loser: PowerId,
        victor: PowerId,
        since: Date,
        /// When the loser was found to have broken it (recorded by the host for now; later by the economy):
        /// from then the victor may declare war on the loser despite their enforced peace (4.2.2.4).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        broken: Option<Date>,
    },
    /// C.5: the victor's forces may stay in the loser's territory.
    UnconditionalAccess {
        loser: PowerId,
        victor: PowerId,
        since: Date,
    },
    /// C.6, chosen by every victor: the political settlement imposed on the loser.
    PoliticalSettlement {
        loser: PowerId,
        victors: Vec<PowerId>,
        since: Date,
    },
    /// 4.4.6.1: the two powers' surrendered factors are placed as reinforcements in the next Reinforcement Phase.
    PrisonerExchange { a: PowerId, b: PowerId, date: Date },
    /// 12.4 (PeaceTreatyLimitedAccess): instead of being repatriated, `mover`'s forces have a limited time to
    /// leave `territory`'s territory.
    LimitedAccess(LimitedAccess),
    /// 4.4.6.2: these fleets must leave the other power's territory in the next Naval Phase.
    FleetsMustLeave {
        owner: Nation,
        territory_of: PowerId,
        fleets: Vec<FleetId>,
        date: Date,
    },
}

/// Rule 12.4 (PeaceTreatyLimitedAccess): the limited access a peace leaves one former enemy (`mover`) in the
/// other's territory (`territory`: the areas that power controls, its home nation and its minors'). Each peace
/// records one each way. Coalition's reading of the deadlines (`docs/rules/peace.md`): a peace made in the
/// Political Phase of month M counts the Land Phases of M, M+1 and M+2 for garrisons (12.4.1) and of M to M+5 for
/// the rest (12.4.2); forces still there are demobilized in the Reinforcement Phase of the month after
/// (12.4.3), unless the territory's controller grants voluntary access then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitedAccess {
    /// The power whose forces (and those of the minors it controls) are in the other's territory.
    pub mover: PowerId,
    /// The power whose territory they must leave.
    pub territory: PowerId,
    /// The month of the peace.
    pub since: Date,
    /// 12.4.1: the month whose Land Phase is the last for garrisons to leave the other's cities (M+2).
    pub garrisons_by: Date,
    /// 12.4.2: the month whose Land Phase is the last for corps, fleets, depots and depot garrisons to leave the
    /// other's territory (M+5).
    pub forces_by: Date,
    /// The mover is a victor that chose peace term C.5: only its garrisons in capital cities must leave (12.4.1)
    /// and 12.4.2 does not bind it.
    #[serde(default)]
    pub unconditional: bool,
}

impl LimitedAccess {
    /// The record of a peace made in `since` between `mover` and `territory` (the first month's Land Phase counts:
    /// garrisons have until the Land Phase of `since` + 2, the rest until that of `since` + 5).
    pub fn new(mover: PowerId, territory: PowerId, since: Date, unconditional: bool) -> Self {
        LimitedAccess {
            mover,
            territory,
            since,
            garrisons_by: since.plus_months(2),
            forces_by: since.plus_months(5),
            unconditional,
        }
    }

    /// 12.4.1: whether `mover`'s garrisons may still stay in (or move within, or leave) `territory`'s cities in
    /// month `date` (through its Land Phase). A C.5 victor's garrisons outside capitals are not bound by it.
    pub fn garrisons_may_stay(&self, date: Date) -> bool {
        self.since <= date && date <= self.garrisons_by
    }

    /// 12.4.2: whether `mover`'s corps, fleets, depots and depot garrisons may still stay in (or move within, or
    /// leave) `territory`'s territory in month `date` (through its Land Phase).
    pub fn forces_may_stay(&self, date: Date) -> bool {
        self.since <= date && date <= self.forces_by
    }
}

/// Rule 12.4 (PeaceTreatyLimitedAccess): the limited access in force now that lets `mover`'s forces stay in, move
/// within and leave `territory`'s territory: the latest one recorded for the pair whose time is not up (through
/// the Land Phase of its `forces_by` month), unless the two are at war again. What it allows for garrisons and
/// for the rest is `garrisons_may_stay` and `forces_may_stay`.
pub fn limited_access(world: &World, mover: PowerId, territory: PowerId) -> Option<&LimitedAccess> {
    if world.at_war(Nation::Power(mover), Nation::Power(territory)) {
        return None;
    }
    let now = world.date();
    world
        .treaties
        .obligations
        .iter()
        .rev()
        .find_map(|o| match o {
            Obligation::LimitedAccess(a)
                if a.mover == mover && a.territory == territory && a.forces_may_stay(now) =>
            {
                Some(a)
            }
            _ => None,
        })
}

/// Every limited access recorded (12.4), in the order the peaces made them.
pub fn limited_accesses(world: &World) -> impl Iterator<Item = &LimitedAccess> {
    world.treaties.obligations.iter().filter_map(|o| match o {
        Obligation::LimitedAccess(a) => Some(a),
        _ => None,
    })
}

/// Peace term B.6 (4.2.2.4's exception): whether `victor` holds a trade restriction on `loser`, recorded since
/// `since`, that the loser has broken.
pub fn trade_restriction_broken(st: &World, victor: PowerId, loser: PowerId, since: Date) -> bool {
    st.treaties.obligations.iter().any(|o| {
        matches!(o, Obligation::TradeRestriction { loser: l, victor: v, since: s, broken: Some(_) }
            if *l == loser && *v == victor && *s >= since)
    })
}

/// Records that `loser` broke its B.6 trade restriction towards `victor`.
pub fn record_trade_breach(st: &mut World, loser: PowerId, victor: PowerId, date: Date) {
    for o in st.treaties.obligations.iter_mut() {
        if let Obligation::TradeRestriction {
            loser: l,
            victor: v,
            broken,
            ..
        } = o
            && *l == loser
            && *v == victor
            && broken.is_none()
        {
            *broken = Some(date);
        }
    }
}

/// Peace term B.4 (Coalition's loan, `docs/rules/land.md` 7.1.1): the power `corps` is lent to, while the loan
/// runs: from the peace until the month `until`, and only while lender and borrower are not at war.
pub fn lent_to(world: &World, corps: CorpsId) -> Option<PowerId> {
    let now = world.date();
    world
        .treaties
        .obligations
        .iter()
        .rev()
        .find_map(|o| match o {
            Obligation::CorpsOnLoan {
                corps: c,
                from,
                to,
                until,
            } if *c == corps
                && now < *until
                && !world.at_war(Nation::Power(*from), Nation::Power(*to)) =>
            {
                Some(*to)
            }
            _ => None,
        })
}

/// Peace term B.4: every corps lent now, with the power it is lent to (`lent_to` of every corps, in one pass).
pub fn loans(world: &World) -> BTreeMap<CorpsId, PowerId> {
    let now = world.date();
    let mut out = BTreeMap::new();
    // The latest running loan of a corps counts, as in `lent_to`.
    for o in world.treaties.obligations.iter().rev() {
        if let Obligation::CorpsOnLoan {
            corps,
            from,
            to,
            until,
        } = o
            && now < *until
            && !world.at_war(Nation::Power(*from), Nation::Power(*to))
        {
            out.entry(*corps).or_insert(*to);
        }
    }
    out
}

/// The loans of B.4 that have ended by now (their month has come, or lender and borrower went to war).
pub fn ended_loans(world: &World) -> impl Iterator<Item = (CorpsId, PowerId, PowerId)> + '_ {
    let now = world.date();
    world
        .treaties
        .obligations
        .iter()
        .filter_map(move |o| match o {
            Obligation::CorpsOnLoan {
                corps,
                from,
                to,
                until,
            } if (now >= *until || world.at_war(Nation::Power(*from), Nation::Power(*to)))
                && lent_to(world, *corps).is_none() =>
            {
                Some((*corps, *from, *to))
            }
            _ => None,
        })
}
