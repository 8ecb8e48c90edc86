//! Rule 4: the Political Phase. One module per step; this one holds what they share.

pub mod access;
pub mod alliances;
pub mod breaking;
pub mod calls;
pub mod cession;
pub mod combined;
pub mod declarations;
pub mod diplomacy;
pub mod free_states;
pub mod minors;
pub mod peace;
pub mod reach;

pub(crate) use crate::kernel::error::distinct;
pub(crate) use crate::world::points;

pub(crate) use crate::world::name;
