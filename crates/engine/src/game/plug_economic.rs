//! Rule 8 (the Economic Phase): where its steps live in the game. The four steps share the game's `economy`
//! record and log their events as `Event::Economy`; the Manipulation (8.4) and Expenditure (8.5) Steps take
//! `Decision::Economy` (a pass in 8.5 buys nothing); the Collection (8.2) and Status (8.6) Steps ask nothing and
//! only begin.

use super::decision::Decision;
use super::event::Event;
use super::plug::{Own, Plug};
use super::state::{RoundKind, State};
use crate::economic::collection::Collection;
use crate::economic::expenditure::Expenditure;
use crate::economic::manipulation::Manipulation;
use crate::economic::status::Status;
use crate::economic::{EconomicDecision, EconomicEvent, EconomyState, Spending};

impl Own for Collection {
    fn own(s: &State) -> &EconomyState {
        &s.economy
    }
    fn wrap(e: EconomicEvent) -> Event {
        Event::Economy(e)
    }
}

impl Own for Status {
    fn own(s: &State) -> &EconomyState {
        &s.economy
    }
    fn wrap(e: EconomicEvent) -> Event {
        Event::Economy(e)
    }
}

impl Plug for Manipulation {
    const KIND: RoundKind = RoundKind::Manipulation;
    const TAKES: &'static str = "manipulate";
    fn own(s: &State) -> &EconomyState {
        &s.economy
    }
    fn wrap(e: EconomicEvent) -> Event {
        Event::Economy(e)
    }
    fn decode(d: &Decision) -> Option<i32> {
        match d {
            Decision::Economy(EconomicDecision::Manipulate { square }) => Some(*square),
            _ => None,
        }
    }
    fn encode(square: i32) -> Decision {
        Decision::Economy(EconomicDecision::Manipulate { square })
    }
}

impl Plug for Expenditure {
    const KIND: RoundKind = RoundKind::Expenditure;
    const TAKES: &'static str = "buy";
    fn own(s: &State) -> &EconomyState {
        &s.economy
    }
    fn wrap(e: EconomicEvent) -> Event {
        Event::Economy(e)
    }
    fn decode(d: &Decision) -> Option<Option<Spending>> {
        match d {
            Decision::Economy(EconomicDecision::Spend(s)) => Some(Some(s.clone())),
            Decision::Pass => Some(None),
            _ => None,
        }
    }
    fn encode(d: Option<Spending>) -> Decision {
        d.map_or(Decision::Pass, |s| {
            Decision::Economy(EconomicDecision::Spend(s))
        })
    }
}
