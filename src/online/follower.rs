//! A player's copy of an online game, rebuilt from the referee's deliveries alone: every entry
//! replayed with the faces its dice showed, so the copy never needs the seed. Entries held back
//! (the other side's sealed decisions) leave holes: the copy is whole up to the first hole
//! (`synced`, checked against the referee's hash whenever nothing is held back), and its view
//! plays on past the holes as far as it can, which shows what that side may see.

use super::{Delivery, Entry};
use crate::battle::hash::{hash_hex, state_hash};
use crate::battle::{Battle, Dice, Ruleset, Side};
use crate::scenario::Scenario;
use std::collections::{BTreeMap, BTreeSet};

pub struct Follower<R: Ruleset> {
    side: Side,
    /// The battle after every entry before `next`, all known.
    synced: Battle<R>,
    next: usize,
    /// The entries before `next`, in order.
    played: Vec<Entry<R::Command>>,
    /// The known entries past the holes that `view` plays on, in order.
    played_past_holes: Vec<usize>,
    /// Entries from `next` on, as received.
    known: BTreeMap<usize, Entry<R::Command>>,
    /// Entries from `next` on held back from this side.
    holes: BTreeSet<usize>,
    /// `synced` played on through the known entries past the holes.
    view: Battle<R>,
    /// The events of the entries in `synced`, in order, each with its entry's number.
    events: Vec<(usize, R::Event)>,
    waiting_for: Option<Side>,
    legal: Vec<R::Command>,
    /// The number of the referee's next entry.
    upcoming: usize,
}

/// The copy no longer agrees with the referee: a bug, or a delivery tampered with.
#[derive(Debug)]
pub struct Drift(pub String);

impl std::fmt::Display for Drift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "this copy of the game no longer agrees with the referee: {}", self.0)
    }
}

/// Plays entry `e` on `b` with the faces it rolled, returning its events; all its faces must be
/// used, and no more.
fn replay<R: Ruleset>(b: &mut Battle<R>, e: &Entry<R::Command>) -> Result<Vec<R::Event>, Drift> {
    let mut dice = Dice::with_forced(0, &e.faces);
    let events = match &e.command {
        None => R::open(b, &mut dice),
        Some(c) => R::resolve(b, c, &mut dice).map_err(|r| Drift(format!("entry {} refused here: {r}", e.number)))?,
    };
    if dice.forced_left() != 0 || dice.rolled() != e.faces.len() as u64 {
        return Err(Drift(format!("entry {} rolled {} dice, the referee {}", e.number, dice.rolled(), e.faces.len())));
    }
    for ev in &events {
        R::apply(b, ev);
    }
    Ok(events)
}

impl<R: Ruleset> Follower<R> {
    /// A copy for `side` of a game of `scenario`, before any delivery.
    pub fn new(scenario: &Scenario, side: Side) -> Result<Follower<R>, String> {
        let battle = R::setup(scenario).map_err(|e| format!("{}: {}", e.path(), e.message))?;
        Ok(Follower {
            side,
            view: battle.clone(),
            synced: battle,
            next: 0,
            played: Vec::new(),
            played_past_holes: Vec::new(),
            known: BTreeMap::new(),
            holes: BTreeSet::new(),
            events: Vec::new(),
            waiting_for: None,
            legal: Vec::new(),
            upcoming: 0,
        })
    }

    /// Takes a delivery in: entries already held are skipped, so a delivery may repeat them.
    pub fn receive(&mut self, d: Delivery<R::Command>) -> Result<(), Drift> {
        for e in d.entries {
            if e.number >= self.next {
                self.holes.remove(&e.number);
                self.known.insert(e.number, e);
            }
        }
        for n in d.withheld {
            if n >= self.next && !self.known.contains_key(&n) {
                self.holes.insert(n);
            }
        }
        while let Some(e) = self.known.remove(&self.next) {
            let events = replay(&mut self.synced, &e)?;
            self.events.extend(events.into_iter().map(|ev| (e.number, ev)));
            self.played.push(e);
            self.next += 1;
        }
        if let Some(hash) = d.synced {
            let mine = hash_hex(state_hash(&self.synced));
            if !self.holes.is_empty() || !self.known.is_empty() || mine != hash {
                return Err(Drift(format!("after entry {} its state hash is {mine}, the referee's {hash}", self.next.saturating_sub(1))));
            }
        }
        self.view = self.synced.clone();
        self.played_past_holes.clear();
        for e in self.known.values() {
            // Past a hole the copy lacks what is sealed: it shows as far as it plays.
            if replay(&mut self.view, e).is_err() {
                break;
            }
            self.played_past_holes.push(e.number);
        }
        self.waiting_for = d.waiting_for;
        self.legal = d.legal;
        self.upcoming = d.next;
        Ok(())
    }

    pub fn side(&self) -> Side {
        self.side
    }

    /// What this side sees of the battle now.
    pub fn view(&self) -> &Battle<R> {
        &self.view
    }

    /// The number the next entry will have: the one this side's next command gives.
    pub fn next_entry(&self) -> usize {
        self.upcoming
    }

    /// The side the battle waits for (`None`: it is over).
    pub fn waiting_for(&self) -> Option<Side> {
        self.waiting_for
    }

    /// The commands this side may give now; none while the battle waits for the other.
    pub fn legal(&self) -> &[R::Command] {
        &self.legal
    }

    /// The entries `view` is the battle after, in order: those held whole, then those past the
    /// holes it plays on. A window shows the view by playing these with their faces.
    pub fn view_entries(&self) -> impl Iterator<Item = &Entry<R::Command>> {
        self.played.iter().chain(self.played_past_holes.iter().filter_map(|n| self.known.get(n)))
    }

    /// The events of the entries this copy holds whole, each with its entry's number.
    pub fn events(&self) -> &[(usize, R::Event)] {
        &self.events
    }
}
