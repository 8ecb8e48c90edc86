//! Rule 4.1 at one screen: a power's private messages and proposals are shown only when the power itself is
//! asked, each once, and again on demand (`m`).

use crate::describe;
use coalition_engine::event::Event;
use coalition_engine::ids::PowerId;
use coalition_engine::political::diplomacy::Message;
use coalition_engine::scenario::Scenario;
use coalition_engine::{Date, Game};
use std::collections::BTreeSet;

/// Rule 4.1: which messages each recipient has read at this screen (by their place in the log).
pub struct Inbox {
    read: BTreeSet<(usize, PowerId)>,
}

fn messages(g: &Game) -> impl Iterator<Item = (usize, &Message)> {
    g.log().iter().enumerate().filter_map(|(i, e)| match e {
        Event::MessageSent { message } => Some((i, message)),
        _ => None,
    })
}

impl Inbox {
    /// Rule 4.1: an inbox where the messages of months before `now` count as read (a resumed game shows only the
    /// month's new ones; `m` lists them all).
    pub fn new(g: &Game, now: Date) -> Inbox {
        let read = messages(g)
            .filter(|(_, m)| m.date < now)
            .flat_map(|(i, m)| m.to.iter().map(move |p| (i, *p)))
            .collect();
        Inbox { read }
    }

    /// Rule 4.1: whether `power` has messages it has not read at this screen.
    pub fn has_unread(&self, g: &Game, power: PowerId) -> bool {
        messages(g).any(|(i, m)| m.to.contains(&power) && !self.read.contains(&(i, power)))
    }

    /// Rule 4.1: the lines of `power`'s unread messages, now marked read.
    pub fn take_unread(&mut self, s: &Scenario, g: &Game, power: PowerId) -> Vec<String> {
        let mut out = Vec::new();
        for (i, m) in messages(g) {
            if m.to.contains(&power) && self.read.insert((i, power)) {
                out.push(format!(
                    "(for {} only) {} from {}: {}",
                    describe::power(s, power),
                    m.date,
                    describe::power(s, m.from),
                    describe::diplomatic(s, m.from, &m.body)
                ));
            }
        }
        out
    }
}

/// Rule 4.1: every message `power` has received or sent, oldest first.
pub fn all(s: &Scenario, g: &Game, power: PowerId) -> Vec<String> {
    messages(g)
        .filter_map(|(_, m)| {
            let body = describe::diplomatic(s, m.from, &m.body);
            if m.to.contains(&power) {
                Some(format!(
                    "{} from {}: {body}",
                    m.date,
                    describe::power(s, m.from)
                ))
            } else if m.from == power {
                Some(format!(
                    "{} to {}: {body}",
                    m.date,
                    describe::powers(s, &m.to)
                ))
            } else {
                None
            }
        })
        .collect()
}
