//! Rule 3.3 (Coalition's sealed decisions) at one screen: who sits at the terminal. Sealed choices and private
//! messages (4.1) are secrets, so when the seat passes to another player after one was on the screen, the screen
//! is cleared and the next power is asked to take the seat before anything of its own is shown. A player with
//! several powers (or the UMPs it controls, 14.3) keeps the seat; a screen with one player never hands over.

use coalition_engine::Date;
use coalition_engine::ids::{PlayerId, PowerId};
use coalition_engine::state::State;
use std::collections::{BTreeMap, BTreeSet};

/// The ANSI codes that clear the terminal and put the cursor at its top left.
pub const CLEAR: &str = "\x1b[2J\x1b[H";

/// Who answers for a power at this screen: its player, or the power itself when no player controls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seat {
    Player(PlayerId),
    Power(PowerId),
}

/// Rule 14.2.1: the seat of `power` now (its player, or the power alone when uncontrolled).
pub fn seat_of(state: &State, power: PowerId) -> Seat {
    state
        .player_of(power)
        .map_or(Seat::Power(power), Seat::Player)
}

/// Rule 3.3 at one screen: what the terminal shows now and who last answered at it.
pub struct Table {
    /// More than one player answers at this screen: seats are handed over.
    shared: bool,
    /// The seat of the last power prompted.
    last: Option<Seat>,
    /// Something only the last seat may see is on the screen (a sealed choice, a private message, a view).
    secret: bool,
    /// Powers that answered "nothing more this month", with the month: they take their defaults until it ends.
    resting: BTreeMap<PowerId, Date>,
}

impl Table {
    /// Rule 3.3: a table for the powers played at this screen (those for which `plays` holds).
    pub fn new(state: &State, plays: impl Fn(&PowerId) -> bool) -> Table {
        let seats: BTreeSet<Seat> = state
            .powers
            .keys()
            .filter(|p| plays(p))
            .map(|p| seat_of(state, *p))
            .collect();
        Table {
            shared: seats.len() > 1,
            last: None,
            secret: false,
            resting: BTreeMap::new(),
        }
    }

    /// Rule 3.3: whether the seat must be handed over before `seat` is prompted: another player sat here, and a
    /// secret is on the screen, or the coming prompt is a sealed choice or shows a private message.
    pub fn needs_handover(&self, seat: Seat, sealed: bool, unread: bool) -> bool {
        self.shared && self.last != Some(seat) && (self.secret || sealed || unread)
    }

    /// Notes that `seat` is prompted now (after any handover: the screen holds nothing secret of another).
    pub fn prompted(&mut self, seat: Seat, handed_over: bool) {
        if handed_over || self.last != Some(seat) {
            self.secret = false;
        }
        self.last = Some(seat);
    }

    /// Rule 3.3: something only the seated player may see is now on the screen.
    pub fn secret_shown(&mut self) {
        self.secret = true;
    }

    /// Rule 3.6 (Coalition's): `power` takes its defaults for the rest of the month of `date`.
    pub fn rest(&mut self, power: PowerId, date: Date) {
        self.resting.insert(power, date);
    }

    /// Whether `power` answered "nothing more this month" in the month of `date`.
    pub fn resting(&self, power: PowerId, date: Date) -> bool {
        self.resting.get(&power) == Some(&date)
    }
}
