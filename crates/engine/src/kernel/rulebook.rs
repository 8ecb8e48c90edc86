//! Rule 12: which optional rules are on in a game, as named presets or a list.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// One optional rule of `002_…` (rule 12), by its own name.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    Debug,
    schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum OptionalRule {
    /// 12.1.1
    MilitiaConversion,
    /// 12.1.2
    ShipBuildingLocations,
    /// 12.2.1.1
    ChannelArrow,
    /// 12.2.1.2
    DanishSwedishArrows,
    /// 12.2.2
    NavalRaiding,
    /// 12.2.3
    LargeFleets,
    /// 12.2.4
    ReducedNavalTransport,
    /// 12.2.5
    ProportionalNavalLosses,
    /// 12.3.1
    SupplyLimitsPerDepot,
    /// 12.3.2
    BritishTraining,
    /// 12.3.3.1
    CavalrySuperiority,
    /// 12.3.3.2
    CavalryWithdrawals,
    /// 12.3.4
    GuardCommitment,
    /// 12.3.5
    ArtilleryCorps,
    /// 12.3.6
    ProportionalLandLosses,
    /// 12.3.7.1
    CorpsLeaders,
    /// 12.3.7.2
    FurtherTacticalReductions,
    /// 12.3.7.3
    NapoleonsRatings,
    /// 12.3.8
    DetachingFreeStateFactors,
    /// 12.3.9
    NoCeding,
    /// 12.3.10
    OverwhelmingNumbers,
    /// 12.4
    PeaceTreatyLimitedAccess,
    /// 12.5
    EconomicManipulation,
    /// 12.6
    BlankForms,
    /// 12.7
    LeaderCasualties,
    /// 12.8
    AlliedVoluntaryAccess,
    /// 12.9
    AmericanTrade,
}

impl OptionalRule {
    /// Every optional rule, in rule order.
    pub const ALL: [OptionalRule; 27] = [
        OptionalRule::MilitiaConversion,
        OptionalRule::ShipBuildingLocations,
        OptionalRule::ChannelArrow,
        OptionalRule::DanishSwedishArrows,
        OptionalRule::NavalRaiding,
        OptionalRule::LargeFleets,
        OptionalRule::ReducedNavalTransport,
        OptionalRule::ProportionalNavalLosses,
        OptionalRule::SupplyLimitsPerDepot,
        OptionalRule::BritishTraining,
        OptionalRule::CavalrySuperiority,
        OptionalRule::CavalryWithdrawals,
        OptionalRule::GuardCommitment,
        OptionalRule::ArtilleryCorps,
        OptionalRule::ProportionalLandLosses,
        OptionalRule::CorpsLeaders,
        OptionalRule::FurtherTacticalReductions,
        OptionalRule::NapoleonsRatings,
        OptionalRule::DetachingFreeStateFactors,
        OptionalRule::NoCeding,
        OptionalRule::OverwhelmingNumbers,
        OptionalRule::PeaceTreatyLimitedAccess,
        OptionalRule::EconomicManipulation,
        OptionalRule::BlankForms,
        OptionalRule::LeaderCasualties,
        OptionalRule::AlliedVoluntaryAccess,
        OptionalRule::AmericanTrade,
    ];

    /// The rule number in `002_…`.
    pub fn rule(self) -> &'static str {
        use OptionalRule::*;
        match self {
            MilitiaConversion => "12.1.1",
            ShipBuildingLocations => "12.1.2",
            ChannelArrow => "12.2.1.1",
            DanishSwedishArrows => "12.2.1.2",
            NavalRaiding => "12.2.2",
            LargeFleets => "12.2.3",
            ReducedNavalTransport => "12.2.4",
            ProportionalNavalLosses => "12.2.5",
            SupplyLimitsPerDepot => "12.3.1",
            BritishTraining => "12.3.2",
            CavalrySuperiority => "12.3.3.1",
            CavalryWithdrawals => "12.3.3.2",
            GuardCommitment => "12.3.4",
            ArtilleryCorps => "12.3.5",
            ProportionalLandLosses => "12.3.6",
            CorpsLeaders => "12.3.7.1",
            FurtherTacticalReductions => "12.3.7.2",
            NapoleonsRatings => "12.3.7.3",
            DetachingFreeStateFactors => "12.3.8",
            NoCeding => "12.3.9",
            OverwhelmingNumbers => "12.3.10",
            PeaceTreatyLimitedAccess => "12.4",
            EconomicManipulation => "12.5",
            BlankForms => "12.6",
            LeaderCasualties => "12.7",
            AlliedVoluntaryAccess => "12.8",
            AmericanTrade => "12.9",
        }
    }

    /// The kebab-case name used in transcripts and on the command line.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Parses a name (`naval-raiding`) or a rule number (`12.2.2`).
    pub fn parse(s: &str) -> Option<OptionalRule> {
        OptionalRule::ALL
            .into_iter()
            .find(|r| r.name() == s || r.rule() == s)
    }
}

impl fmt::Display for OptionalRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name(), self.rule())
    }
}

/// The named presets of optional rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// No optional rule.
    None,
    /// Every optional rule.
    All,
    /// Coalition's recommended set: the starred options of rule 12 (12.1, 12.2, 12.3, 12.4, 12.5, 12.8, 12.9)
    /// less those that slow play without changing much (12.2.3, 12.3.8), plus 12.6 records and 12.7.
    Standard,
}

impl Preset {
    /// Parses `none`, `all` or `standard`.
    pub fn parse(s: &str) -> Option<Preset> {
        match s {
            "none" => Some(Preset::None),
            "all" => Some(Preset::All),
            "standard" => Some(Preset::Standard),
            _ => None,
        }
    }
}

/// The optional rules in force in one game.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Rulebook {
    /// Every optional rule that is on, in rule order.
    pub optional: BTreeSet<OptionalRule>,
}

impl Rulebook {
    /// The rulebook of a preset.
    pub fn preset(p: Preset) -> Rulebook {
        use OptionalRule::*;
        let optional = match p {
            Preset::None => BTreeSet::new(),
            Preset::All => OptionalRule::ALL.into_iter().collect(),
            Preset::Standard => OptionalRule::ALL
                .into_iter()
                .filter(|r| !matches!(r, LargeFleets | DetachingFreeStateFactors))
                .collect(),
        };
        Rulebook { optional }
    }

    /// Whether an optional rule is on.
    pub fn has(&self, r: OptionalRule) -> bool {
        self.optional.contains(&r)
    }
}

/// How a transcript names its rulebook: a preset or a list of optional rules.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum RulebookSpec {
    Preset(Preset),
    List(Vec<OptionalRule>),
}

impl RulebookSpec {
    /// The rulebook this names.
    pub fn rulebook(&self) -> Rulebook {
        match self {
            RulebookSpec::Preset(p) => Rulebook::preset(*p),
            RulebookSpec::List(l) => Rulebook {
                optional: l.iter().copied().collect(),
            },
        }
    }
}

impl Default for RulebookSpec {
    fn default() -> Self {
        RulebookSpec::Preset(Preset::Standard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_parse_back() {
        for r in OptionalRule::ALL {
            assert_eq!(OptionalRule::parse(&r.name()), Some(r));
            assert_eq!(OptionalRule::parse(r.rule()), Some(r));
        }
        assert_eq!(OptionalRule::NavalRaiding.name(), "naval-raiding");
    }

    #[test]
    fn presets_differ() {
        assert!(Rulebook::preset(Preset::None).optional.is_empty());
        assert_eq!(Rulebook::preset(Preset::All).optional.len(), 27);
        let std = Rulebook::preset(Preset::Standard);
        assert!(std.has(OptionalRule::NavalRaiding));
        assert!(!std.has(OptionalRule::LargeFleets));
    }

    #[test]
    fn spec_reads_a_preset_or_a_list() {
        let p: RulebookSpec = serde_json::from_str("\"all\"").unwrap();
        assert_eq!(p.rulebook().optional.len(), 27);
        let l: RulebookSpec =
            serde_json::from_str("[\"naval-raiding\",\"american-trade\"]").unwrap();
        assert_eq!(l.rulebook().optional.len(), 2);
    }
}
