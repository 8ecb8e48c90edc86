//! Coalition's rule 6 for the navies of the 1850s (`docs/rules/naval-1853.md`, 6.3.10 to 6.3.20): the ship kinds
//! the engine knows and the numbers a scenario that opts in (`naval_era`) reads from `rulesets/<era>/ships.ron`,
//! checked at load with messages naming the file and the entry.

use crate::kernel::error::DataError;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Coalition's 6.3.10: the closed list of ship kinds.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ShipKind {
    Frigate,
    Transport,
    ShipOfTheLine,
    Heavy,
    Steamship,
    Ironclad,
}

impl ShipKind {
    pub const ALL: [ShipKind; 6] = [
        ShipKind::Frigate,
        ShipKind::Transport,
        ShipKind::ShipOfTheLine,
        ShipKind::Heavy,
        ShipKind::Steamship,
        ShipKind::Ironclad,
    ];

    /// The kind's key in data and in text (`ship_of_the_line`).
    pub fn key(self) -> &'static str {
        match self {
            ShipKind::Frigate => "frigate",
            ShipKind::Transport => "transport",
            ShipKind::ShipOfTheLine => "ship_of_the_line",
            ShipKind::Heavy => "heavy",
            ShipKind::Steamship => "steamship",
            ShipKind::Ironclad => "ironclad",
        }
    }

    /// The kind named `s` (its key).
    pub fn parse(s: &str) -> Option<ShipKind> {
        ShipKind::ALL.into_iter().find(|k| k.key() == s)
    }
}

/// Coalition's 6.3.11: the five naval chits.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum NavalChit {
    Melee,
    LineOfBattle,
    Lozenge,
    Doubling,
    Evade,
}

impl NavalChit {
    pub const ALL: [NavalChit; 5] = [
        NavalChit::Melee,
        NavalChit::LineOfBattle,
        NavalChit::Lozenge,
        NavalChit::Doubling,
        NavalChit::Evade,
    ];

    pub fn key(self) -> &'static str {
        match self {
            NavalChit::Melee => "melee",
            NavalChit::LineOfBattle => "line_of_battle",
            NavalChit::Lozenge => "lozenge",
            NavalChit::Doubling => "doubling",
            NavalChit::Evade => "evade",
        }
    }

    pub fn parse(s: &str) -> Option<NavalChit> {
        NavalChit::ALL.into_iter().find(|k| k.key() == s)
    }
}

/// Coalition's 6.3.10: what a kind of ship can do beyond its numbers (a closed list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Deals double damage in the chit pairs of `double_damage` (the heavy ships of the facts).
    DoubleDamage,
    /// May ram, and may try to evade a ram (6.3.15).
    Steam,
    /// Cannot be sunk by ramming; the hits it takes in a round are halved, rounded down (6.3.16).
    Armoured,
    /// Needs the power's `technology` before it is bought (6.3.20).
    NeedsTechnology,
    /// May be built from a hulk at the hulk discount (6.3.20).
    FromHulk,
}

/// Coalition's 6.3.10: one kind's numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShipDef {
    /// Price in money and manpower, and the months before it arrives (6.3.20).
    pub money: i32,
    pub manpower: i32,
    pub delay: u8,
    /// Whether a ship of the kind lost in battle becomes a hulk (6.3.17).
    pub hulk: bool,
    /// Its value in a side's strength, in half ships (a frigate 1: half value, the side's total rounded down).
    pub value: u32,
    /// What it adds to its side's morale, in tenths (averaged over the side's ships, 6.3.13).
    pub morale: i32,
    /// Army factors it carries (6.2.5 in this era).
    pub carries: u32,
    /// Money it costs at sea or in a blockade box in the Economic Phase (6.3.19).
    pub upkeep: i32,
    /// As how many frigates and how many heavy ships it counts for the manoeuvre and the heavy edge.
    pub frigates: u32,
    pub heavies: u32,
    #[serde(default)]
    pub abilities: BTreeSet<Ability>,
}

impl ShipDef {
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }
}

/// Coalition's 6.3.12: the manoeuvre check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ManoeuvreChart {
    /// A side with at least `frigate_ratio` times the enemy's frigates (as counted) adds `frigate_modifier`.
    pub frigate_ratio: u32,
    pub frigate_modifier: i32,
    /// The winner's modifier to its fire each round.
    pub winner_fire: i32,
}

/// Coalition's 6.3.14: the heavy-ship edge (`ratio` as (mine, theirs): 3:2 gives `modifier`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeavyEdge {
    pub ratio: (u32, u32),
    pub modifier: i32,
}

/// Coalition's 6.3.15: ramming.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RamChart {
    /// The target's evasion succeeds on this or more.
    pub evade_on: i32,
    /// On the ram die: this or less the rammer sinks; up to `both_to` both sink; above it the target sinks.
    pub rammer_to: i32,
    pub both_to: i32,
    /// Added to the ram die when the target is not a steamship.
    pub not_steam_modifier: i32,
}

/// Coalition's 6.3.18: port guns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PortGunsChart {
    pub money: i32,
    /// The most a port may hold.
    pub most: u32,
    /// Each gun's value in half ships, firing with the port's holder's side in a battle at the port's blockade
    /// box (it takes no hits).
    pub value: u32,
}

/// Coalition's naval rule 6 for an era with ship kinds: `rulesets/<era>/ships.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShipsFile {
    pub kinds: BTreeMap<ShipKind, ShipDef>,
    /// 6.3.17: which kinds go first when a side loses ships.
    pub loss_order: Vec<ShipKind>,
    /// 6.3.13: rounds of fire at most, a side's morale before its ships' (tenths), and what it loses for each
    /// percent of its starting strength lost (tenths a percent, × 10).
    pub rounds: u32,
    pub morale: i32,
    pub morale_per_ten_percent: i32,
    pub manoeuvre: ManoeuvreChart,
    /// 6.3.11: the pairing table: the fire modifier of a side's chit against the enemy's.
    pub pairing: BTreeMap<NavalChit, BTreeMap<NavalChit, i32>>,
    /// 6.3.14: the chit pairs (either way round) in which `double_damage` ships deal double damage.
    pub double_damage: Vec<(NavalChit, NavalChit)>,
    pub heavy_edge: HeavyEdge,
    pub ramming: RamChart,
    pub port_guns: PortGunsChart,
    /// 6.3.20: the technology the `needs_technology` kinds need, and the hulk discount.
    pub technology: String,
    pub hulk_discount: i32,
}

impl ShipsFile {
    /// A kind's numbers (every kind is present: checked at load).
    pub fn kind(&self, k: ShipKind) -> &ShipDef {
        &self.kinds[&k]
    }

    /// 6.3.11: a side's fire modifier with `mine` against `theirs`.
    pub fn pairing(&self, mine: NavalChit, theirs: NavalChit) -> i32 {
        self.pairing
            .get(&mine)
            .and_then(|r| r.get(&theirs))
            .copied()
            .unwrap_or(0)
    }

    /// 6.3.14: whether double damage applies to this pair of chits.
    pub fn doubles(&self, a: NavalChit, b: NavalChit) -> bool {
        self.double_damage
            .iter()
            .any(|(x, y)| (*x, *y) == (a, b) || (*x, *y) == (b, a))
    }

    /// Checks the file's entries, reporting each problem with `file` and its entry.
    pub fn validate(&self, file: &str, errors: &mut Vec<DataError>) {
        let mut err = |entry: String, message: String| {
            errors.push(DataError {
                file: file.to_string(),
                entry,
                message,
            })
        };
        for k in ShipKind::ALL {
            let Some(d) = self.kinds.get(&k) else {
                err(
                    format!("kinds.{}", k.key()),
                    "every ship kind needs its numbers".into(),
                );
                continue;
            };
            if d.money <= 0 || d.manpower < 0 || d.upkeep < 0 {
                err(
                    format!("kinds.{}", k.key()),
                    "money must be above 0, manpower and upkeep not below 0".into(),
                );
            }
            if d.delay == 0 || d.delay > 24 {
                err(
                    format!("kinds.{}.delay", k.key()),
                    "a delay is 1 to 24 months".into(),
                );
            }
            if d.value > 4 || d.frigates > 4 || d.heavies > 4 {
                err(
                    format!("kinds.{}", k.key()),
                    "value (half ships), frigates and heavies are 0 to 4".into(),
                );
            }
            if d.has(Ability::Armoured) && d.hulk {
                err(
                    format!("kinds.{}.hulk", k.key()),
                    "an armoured kind leaves no hulk (6.3.16)".into(),
                );
            }
        }
        let mut seen = BTreeSet::new();
        if self.loss_order.len() != ShipKind::ALL.len()
            || !self.loss_order.iter().all(|k| seen.insert(*k))
        {
            err("loss_order".into(), "names every ship kind once".into());
        }
        for a in NavalChit::ALL {
            for b in NavalChit::ALL {
                match self.pairing.get(&a).and_then(|r| r.get(&b)) {
                    None => err(
                        format!("pairing.{}.{}", a.key(), b.key()),
                        "the pairing table needs every pair of chits".into(),
                    ),
                    Some(m) if !(-3..=3).contains(m) => err(
                        format!("pairing.{}.{}", a.key(), b.key()),
                        format!("a modifier is -3 to 3, not {m}"),
                    ),
                    _ => {}
                }
            }
        }
        if self.rounds == 0 || self.rounds > 6 {
            err("rounds".into(), "1 to 6 rounds".into());
        }
        if self.morale <= 0 || self.morale_per_ten_percent <= 0 {
            err(
                "morale".into(),
                "a side's morale and its loss per tenth of its ships are above 0".into(),
            );
        }
        let r = &self.ramming;
        if !(1..=6).contains(&r.evade_on)
            || !(1..=r.both_to).contains(&r.rammer_to)
            || r.both_to > 6
        {
            err(
                "ramming".into(),
                "evade_on is 1 to 6, and 1 ≤ rammer_to ≤ both_to ≤ 6".into(),
            );
        }
        if self.heavy_edge.ratio.0 == 0 || self.heavy_edge.ratio.1 == 0 {
            err(
                "heavy_edge.ratio".into(),
                "both sides of the ratio are above 0".into(),
            );
        }
        if self.port_guns.money <= 0 || self.port_guns.most == 0 {
            err(
                "port_guns".into(),
                "a gun costs money and a port holds at least one".into(),
            );
        }
        if self.technology.is_empty() {
            err(
                "technology".into(),
                "names the technology ironclads need".into(),
            );
        }
    }
}

/// Coalition's 6.3.10: each fleet's mix in `powers.ron` names ships summing to its ships, and only in a scenario
/// with ship kinds.
pub fn check_mixes(s: &super::Scenario, name: &str, errors: &mut Vec<DataError>) {
    let file = format!("scenarios/{name}/powers.ron");
    for p in &s.powers {
        for f in &p.fleets {
            let Some(mix) = &f.mix else {
                continue;
            };
            let entry = format!("{}.fleets.{}.mix", p.id, f.id);
            if s.ships.is_none() {
                errors.push(DataError {
                    file: file.clone(),
                    entry,
                    message: "a mix of ship kinds needs a scenario with a `naval_era`".into(),
                });
                continue;
            }
            let sum: u32 = mix.values().map(|n| *n as u32).sum();
            if sum != f.ships as u32 {
                errors.push(DataError {
                    file: file.clone(),
                    entry,
                    message: format!("the mix names {sum} ships, the fleet has {}", f.ships),
                });
            }
        }
    }
}
