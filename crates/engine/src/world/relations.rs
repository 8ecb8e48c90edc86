//! Relations between nations and their history: wars with their cause, alliances with their breaks (4.5.3),
//! enforced peaces (4.4.6.3), royal marriages (B.5), combined movement (4.9), voluntary access (Coalition's
//! 10.3, `docs/rules/access.md`) and the offers to cede a minor country standing in this Diplomacy Step
//! (Coalition's cession without 12.3.9, `docs/rules/cession.md`).

use crate::kernel::calendar::Date;
use crate::kernel::ids::{MinorId, Nation, PowerId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How a war began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarCause {
    /// Declared in the Declarations of War Step (4.2).
    Declared,
    /// Both powers declared on each other in the same step: both are aggressors (4.3.1.2).
    Mutual,
    /// Declared in answer to a call from `caller` (4.3).
    Call { caller: PowerId },
    /// Forced by a rule (4.6.4.2, 4.6.5) or set by the host or a set-up.
    Rule { rule: String },
}

/// A war, current or ended, between an aggressor and a defender.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct War {
    pub aggressor: Nation,
    pub defender: Nation,
    pub since: Date,
    pub cause: WarCause,
    /// When it ended, if it has.
    #[serde(default)]
    pub ended: Option<Date>,
}

/// An alliance between two powers (kept with the lower key first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alliance {
    pub a: PowerId,
    pub b: PowerId,
    pub since: Date,
    #[serde(default)]
    pub broken: Option<BrokenAlliance>,
}

/// The record of a broken alliance (4.5.3 reads it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrokenAlliance {
    /// The power (or powers) that broke it.
    pub by: Vec<PowerId>,
    pub date: Date,
    pub rule: String,
}

/// An enforced peace: `restricted` may not declare war on `towards` until `until` (4.4.6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnforcedPeace {
    pub restricted: PowerId,
    pub towards: PowerId,
    pub since: Date,
    /// The first month in which war may again be declared.
    pub until: Date,
    pub rule: String,
}

/// A royal marriage between two powers (peace term B.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoyalMarriage {
    pub a: PowerId,
    pub b: PowerId,
    pub since: Date,
    #[serde(default)]
    pub broken: Option<Date>,
}

/// The places in `Relations::wars` of the current wars, in order: a cache of the wars, worked out when first
/// asked for (`Relations::current_wars`) and forgotten (`CurrentWars::forget`) whenever a war begins or ends.
/// Two states with the same wars are equal whatever their caches hold.
#[derive(Clone, Default)]
pub struct CurrentWars(std::sync::OnceLock<Vec<(u64, u64, usize)>>);

impl CurrentWars {
    /// Forgets the current wars (a war began or ended): they are worked out again when next asked for.
    pub fn forget(&mut self) {
        self.0 = std::sync::OnceLock::new();
    }
}

impl PartialEq for CurrentWars {
    fn eq(&self, _: &CurrentWars) -> bool {
        true
    }
}

impl Eq for CurrentWars {}

impl std::fmt::Debug for CurrentWars {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CurrentWars")
    }
}

impl Relations {
    /// The current wars: the words of the aggressor and the defender (`Nation::word`) and the place in `wars`.
    fn current(&self) -> &[(u64, u64, usize)] {
        let at = self.current.0.get_or_init(|| {
            (self.wars.iter().enumerate())
                .filter(|(_, w)| w.ended.is_none())
                .map(|(i, w)| (w.aggressor.word(), w.defender.word(), i))
                .collect()
        });
        debug_assert!(
            at.iter()
                .map(|(_, _, i)| *i)
                .eq((self.wars.iter().enumerate())
                    .filter(|(_, w)| w.ended.is_none())
                    .map(|(i, _)| i)),
            "the current wars are out of step with the wars"
        );
        at
    }

    /// The current wars (those with no `ended`), in the order declared.
    pub fn current_wars(&self) -> impl Iterator<Item = &War> {
        self.current().iter().map(|(_, _, i)| &self.wars[*i])
    }

    /// The first current war between `a` and `b`, either way round.
    pub fn current_war(&self, a: Nation, b: Nation) -> Option<&War> {
        let (x, y) = (a.word(), b.word());
        (self.current().iter())
            .filter(|(p, q, _)| (*p == x && *q == y) || (*p == y && *q == x))
            .map(|(_, _, i)| &self.wars[*i])
            .find(|w| {
                (w.aggressor == a && w.defender == b) || (w.aggressor == b && w.defender == a)
            })
    }
}

/// Relations between nations, with their history.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relations {
    /// Every war of the game, in the order declared; current ones have no `ended`.
    pub wars: Vec<War>,
    /// Which of `wars` are current: worked out when first asked for, and forgotten by `apply` whenever a war
    /// begins or ends (a cache of `wars`: not written out, not compared).
    #[serde(skip)]
    pub current: CurrentWars,
    /// Every alliance of the game, in the order formed; current ones are not `broken`.
    pub alliances: Vec<Alliance>,
    pub enforced_peaces: Vec<EnforcedPeace>,
    pub royal_marriages: Vec<RoyalMarriage>,
    /// Combined movement declared this turn (4.9), as pairs with the lower key first.
    pub combined_movement: BTreeSet<(PowerId, PowerId)>,
    /// Voluntary access in force (Coalition's 10.3, 12.8), as (grantor, grantee): the grantee's forces may enter
    /// the grantor's territory (its home nation and its controlled minors' areas) until the grant is revoked or
    /// lapses.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub voluntary_access: BTreeSet<(PowerId, PowerId)>,
    /// Offers to cede a minor country made in this Diplomacy Step and not yet accepted (Coalition's cession,
    /// `docs/rules/cession.md`). Private: a power's view holds only the offers it made or received. They lapse
    /// when the step ends or the minor changes hands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cession_offers: Vec<CessionOffer>,
}

/// An offer by `from`, the controller of `minor`, to cede it to `to` (Coalition's cession, standing until
/// accepted, the end of the Diplomacy Step, or the minor changing hands).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CessionOffer {
    pub from: PowerId,
    pub to: PowerId,
    pub minor: MinorId,
}

/// The key of an unordered pair of powers: the lower first.
pub(crate) fn pair(a: PowerId, b: PowerId) -> (PowerId, PowerId) {
    if a <= b { (a, b) } else { (b, a) }
}
