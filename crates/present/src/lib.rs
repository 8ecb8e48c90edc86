//! What a person reads of a game, from what a seat may see: the text of events, decisions, forces and battles
//! (`describe`, `battle`), the Economic Phase's shopping list (`economy`, rules 8.4 and 8.5), the SVG map
//! (`map_svg`, `docs/rules/visibility.md`) and chart (`chart_svg`), and the records of rule 12.6 (`records`).
//! The terminal (`coalition`) and the browser (`coalition-web`) both show the game through this crate.

pub mod battle;
pub mod chart_svg;
pub mod describe;
pub mod economy;
pub mod ending;
pub mod map_svg;
pub mod records;
pub mod wording;
