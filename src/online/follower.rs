//! A player's copy of an online game, rebuilt from the referee's deliveries alone: every entry
//! replayed with the faces its dice showed, so the copy never needs the seed. Entries held back
//! (the other side's sealed decisions) leave holes: the copy is whole up to the first hole
//! (`synced`, checked against the referee's hash whenever nothing is held back), and plays on past
//! the holes as far as it can; while there are holes, what the side sees is the battle as the
//! referee tells it (`Delivery::seen`), since a state played without the sealed drafts can differ.

use super::{Delivery, Entry};
use crate::battle::hash::{hash_hex, state_hash};
use crate::battle::{Battle, Dice, Ruleset, Side, Unit};
use crate::scenario::Scenario;
use serde::Deserialize;
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
    played_on: Battle<R>,
    /// While there are holes, the battle as the referee says this side sees it.
    told: Option<Battle<R>>,
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

/// A battle's state as `Battle` writes it (the map and the sides' colours are not written).
#[derive(Deserialize)]
#[serde(bound = "")]
struct Written<R: Ruleset> {
    units: Vec<Unit<R::UnitState>>,
    turn: u32,
    active: Side,
    last_turn: u32,
    global: R::Global,
}

/// The battle the referee wrote, read back onto `known`'s map and sides, with what it leaves
/// unwritten taken from `known`'s units; `None` where it holds a unit `known` lacks.
fn read_seen<R: Ruleset>(seen: serde_json::Value, known: &Battle<R>) -> Result<Option<Battle<R>>, Drift> {
    let w: Written<R> = serde_json::from_value(seen).map_err(|e| Drift(format!("the battle as this side sees it does not read: {e}")))?;
    let mut b = Battle { map: known.map.clone(), sides: known.sides.clone(), units: w.units, turn: w.turn, active: w.active, last_turn: w.last_turn, global: w.global };
    Ok(R::carry_unwritten(&mut b, known).then_some(b))
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
            played_on: battle.clone(),
            told: None,
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
        self.played_on = self.synced.clone();
        self.played_past_holes.clear();
        for e in self.known.values() {
            // Past a hole the copy lacks what is sealed: it plays as far as it can.
            if replay(&mut self.played_on, e).is_err() {
                break;
            }
            self.played_past_holes.push(e.number);
        }
        // A unit born in an entry held back is not known here: the copy then shows what it played.
        self.told = match d.seen {
            Some(seen) => read_seen(seen, &self.played_on)?,
            None => None,
        };
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
        self.told.as_ref().unwrap_or(&self.played_on)
    }

    /// The battle after `view_entries`, played here: `view` unless entries are held back.
    pub fn played_on(&self) -> &Battle<R> {
        &self.played_on
    }

    /// While entries are held back, the battle as the referee says this side sees it.
    pub fn told(&self) -> Option<&Battle<R>> {
        self.told.as_ref()
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

    /// The entries `played_on` is the battle after, in order: those held whole, then those past
    /// the holes it plays on. A window plays these with their faces, then shows `told` if any.
    pub fn view_entries(&self) -> impl Iterator<Item = &Entry<R::Command>> {
        self.played.iter().chain(self.played_past_holes.iter().filter_map(|n| self.known.get(n)))
    }

    /// The events of the entries this copy holds whole, each with its entry's number.
    pub fn events(&self) -> &[(usize, R::Event)] {
        &self.events
    }
}
