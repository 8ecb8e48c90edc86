//! Rule 8.4 and 8.5 (Coalition's Manipulation and Expenditure Steps): the decisions a power submits in the
//! Economic Phase and their short text form (`buy 3 infantry, 2 ships at brest; convert paris:2; give austria
//! 10; lend prussia 5`, `manipulate 2`).

use crate::kernel::error::{RuleError, RuleResult};
use crate::kernel::ids::{AreaId, Nation, PowerId};
use crate::scenario::{Scenario, UnitKind};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One line of a shopping list: `count` units of a kind; ships name the port that builds them (12.1.2). Units
/// for one of the buyer's minor free states name it (`minor`): they are that minor's forces (4.8, 8.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Purchase {
    pub unit: UnitKind,
    pub count: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<AreaId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minor: Option<crate::kernel::ids::MinorId>,
}

/// 12.1.1: militia factors in one area of the home nation converted to infantry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Conversion {
    pub area: AreaId,
    pub count: u16,
}

/// Money given (or lent, `loan: true`) to another power (Coalition's 8.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Gift {
    pub to: PowerId,
    pub money: u32,
    #[serde(default)]
    pub loan: bool,
}

/// A power's whole Expenditure Step (8.5): what it buys, converts, gives and lends. Empty: nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Spending {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buy: Vec<Purchase>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub convert: Vec<Conversion>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub give: Vec<Gift>,
    /// Coalition's 6.3.20 (a scenario with ship kinds): ships bought by kind, and port guns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ShipOrder>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guns: Vec<GunOrder>,
}

/// Coalition's 6.3.20: `count` ships of `kind` laid down in the home port `port`, `hulks` of them built from the
/// power's hulks (ships of the line and transports only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShipOrder {
    pub kind: crate::scenario::ShipKind,
    pub count: u16,
    pub port: AreaId,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hulks: u16,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// Coalition's 6.3.18 and 6.3.20: port guns bought for the home port `port`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GunOrder {
    pub port: AreaId,
    pub count: u32,
}

impl Spending {
    /// Whether the list holds nothing.
    pub fn is_empty(&self) -> bool {
        self.buy.is_empty()
            && self.convert.is_empty()
            && self.give.is_empty()
            && self.ships.is_empty()
            && self.guns.is_empty()
    }
}

/// A decision of the Economic Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EconomicDecision {
    /// 12.5.2: the square the marker is set to for the next phase.
    Manipulate { square: i32 },
    /// 8.5: the power's shopping list.
    Spend(Spending),
}

/// The data name of a unit kind (`infantry`, `ship` ...).
pub fn unit_name(k: UnitKind) -> String {
    k.name().to_string()
}

fn unit_of(w: &str) -> Option<UnitKind> {
    let w = w.to_lowercase();
    let find = |n: &str| UnitKind::ALL.into_iter().find(|k| unit_name(*k) == n);
    find(&w).or_else(|| w.strip_suffix('s').and_then(find))
}

fn syntax(msg: &str) -> RuleError {
    RuleError::new("3.3", msg.to_string())
}

const BUY: &str = "write `buy 3 infantry, 2 ships at brest, 4 infantry for bavaria` (`buy none`)";

fn power_of(n: &str, sc: &Scenario) -> RuleResult<PowerId> {
    match sc.nation_by_name(n) {
        Some(Nation::Power(p)) => Ok(p),
        _ => Err(RuleError::new(
            "3.4",
            format!("`{n}` is not a major power of the scenario"),
        )),
    }
}

fn area_of(n: &str) -> RuleResult<AreaId> {
    AreaId::new(n).map_err(|e| RuleError::new("3.4", format!("`{n}` is no area: {e}")))
}

/// Reads the Economic Phase's text forms (`None` if `verb` is not one of them): `manipulate 2`;
/// `buy 3 infantry, 2 ships at brest; convert paris:2; give austria 10; lend prussia 5` (any clause may come
/// first; `buy none` is an empty list).
pub fn parse(verb: &str, rest: &str, sc: &Scenario) -> Option<RuleResult<EconomicDecision>> {
    match verb {
        "manipulate" => Some(
            rest.trim()
                .parse::<i32>()
                .map(|square| EconomicDecision::Manipulate { square })
                .map_err(|_| syntax("write `manipulate SQUARE`, a number of the display")),
        ),
        "buy" | "convert" | "give" | "lend" => {
            Some(parse_spending(&format!("{verb} {rest}"), sc).map(EconomicDecision::Spend))
        }
        _ => None,
    }
}

fn parse_spending(s: &str, sc: &Scenario) -> RuleResult<Spending> {
    let mut sp = Spending::default();
    for clause in s.split(';').map(str::trim).filter(|c| !c.is_empty()) {
        let (verb, rest) = clause
            .split_once(char::is_whitespace)
            .unwrap_or((clause, ""));
        let rest = rest.trim();
        match verb {
            "buy" => {
                if rest == "none" || rest.is_empty() {
                    continue;
                }
                for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    let mut words: Vec<&str> = item.split_whitespace().collect();
                    // `... for MINOR`: units of one of the buyer's minor free states (4.8).
                    let minor = match words.as_slice() {
                        [.., "for", m] => {
                            let m = match sc.nation_by_name(m) {
                                Some(Nation::Minor(x)) => x,
                                _ => {
                                    return Err(RuleError::new(
                                        "3.4",
                                        format!("`{m}` is not a minor country of the scenario"),
                                    ));
                                }
                            };
                            words.truncate(words.len() - 2);
                            Some(m)
                        }
                        _ => None,
                    };
                    let (count, unit, port) = match words.as_slice() {
                        [n, u] => (n, u, None),
                        [n, u, "at", port] => (n, u, Some(area_of(port)?)),
                        _ => return Err(syntax(BUY)),
                    };
                    let count = count.parse::<u16>().map_err(|_| syntax(BUY))?;
                    let unit = unit_of(unit).ok_or_else(|| {
                        RuleError::new(
                            "3.3",
                            format!(
                                "unknown unit `{unit}`: {}",
                                UnitKind::ALL
                                    .iter()
                                    .map(|k| unit_name(*k))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        )
                    })?;
                    sp.buy.push(Purchase {
                        unit,
                        count,
                        port,
                        minor,
                    });
                }
            }
            "convert" => {
                for item in rest.split([',', ' ']).filter(|i| !i.is_empty()) {
                    let (area, n) = item
                        .split_once(':')
                        .ok_or_else(|| syntax("write `convert AREA:COUNT[,AREA:COUNT]`"))?;
                    let count = n
                        .parse::<u16>()
                        .map_err(|_| syntax("write `convert AREA:COUNT[,AREA:COUNT]`"))?;
                    sp.convert.push(Conversion {
                        area: area_of(area)?,
                        count,
                    });
                }
            }
            "give" | "lend" => {
                for item in rest.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                    let (to, n) = item
                        .split_once(char::is_whitespace)
                        .ok_or_else(|| syntax("write `give POWER MONEY` or `lend POWER MONEY`"))?;
                    let money = n
                        .trim()
                        .parse::<u32>()
                        .map_err(|_| syntax("write `give POWER MONEY` or `lend POWER MONEY`"))?;
                    sp.give.push(Gift {
                        to: power_of(to, sc)?,
                        money,
                        loan: verb == "lend",
                    });
                }
            }
            _ => {
                return Err(syntax(
                    "an Economic Phase list has clauses `buy ...`, `convert ...`, `give ...` and `lend ...`, separated by `;`",
                ));
            }
        }
    }
    Ok(sp)
}

impl fmt::Display for Spending {
    /// The text form `parse` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut clauses = Vec::new();
        if !self.buy.is_empty() || self.is_empty() {
            let items: Vec<String> = self
                .buy
                .iter()
                .map(|b| {
                    let mut t = format!("{} {}", b.count, unit_name(b.unit));
                    if let Some(p) = b.port {
                        t.push_str(&format!(" at {p}"));
                    }
                    if let Some(m) = b.minor {
                        t.push_str(&format!(" for {m}"));
                    }
                    t
                })
                .collect();
            clauses.push(if items.is_empty() {
                "buy none".to_string()
            } else {
                format!("buy {}", items.join(", "))
            });
        }
        if !self.convert.is_empty() {
            let items: Vec<String> = self
                .convert
                .iter()
                .map(|c| format!("{}:{}", c.area, c.count))
                .collect();
            clauses.push(format!("convert {}", items.join(",")));
        }
        for loan in [false, true] {
            let items: Vec<String> = self
                .give
                .iter()
                .filter(|g| g.loan == loan)
                .map(|g| format!("{} {}", g.to, g.money))
                .collect();
            if !items.is_empty() {
                let verb = if loan { "lend" } else { "give" };
                clauses.push(format!("{verb} {}", items.join(", ")));
            }
        }
        write!(f, "{}", clauses.join("; "))
    }
}

impl fmt::Display for EconomicDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EconomicDecision::Manipulate { square } => write!(f, "manipulate {square}"),
            EconomicDecision::Spend(s) => write!(f, "{s}"),
        }
    }
}
