//! Rule 6 (Coalition's Naval Phase, `docs/rules/naval.md`): what is built of it so far, as the rules the phase's
//! steps will read: a stack's movement allowance under 12.2.3 (`movement`) and the proportional losses of a mixed
//! stack under 12.2.5 (`losses`). The phase's rounds (the order of movement of 6.1, movement, interception,
//! combat, transport) are not yet plugged into the game: the Naval Phase still asks nothing.

pub mod losses;
pub mod movement;
