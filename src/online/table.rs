//! A referee of whichever ruleset a game plays, behind one interface that speaks JSON: what a
//! server holds for each game. Commands come in as the ruleset writes them (`replay --events`'s
//! shape), entries go out to be stored, deliveries to be sent.

use super::referee::{Referee, Refusal};
use super::{Entry, follower::Follower};
use crate::ai::Judge;
use crate::battle::{Present, Side};
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use serde_json::Value;

/// An entry as stored: its command as JSON text (none for the opening).
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    pub number: usize,
    pub side: Option<Side>,
    pub command: Option<String>,
    pub faces: Vec<u8>,
}

/// Why a command was refused: a command that does not read as one of the ruleset's, or the
/// referee's refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Unreadable(String),
    Referee(Refusal),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Unreadable(why) => write!(f, "not a command of this battle's rules: {why}"),
            Refused::Referee(r) => write!(f, "{r}"),
        }
    }
}

pub trait Table: Send + Sync {
    /// Plays `command` (JSON) for `side` as entry `number`; the entry to store.
    fn submit(&mut self, side: Side, number: usize, command: &Value) -> Result<Stored, Refused>;
    /// What `viewer` may see of entries `from..`, as JSON (`Delivery`).
    fn delivery(&self, viewer: Side, from: usize) -> Value;
    fn first_withheld(&self, viewer: Side) -> Option<usize>;
    /// The number of the next entry.
    fn next_entry(&self) -> usize;
    /// The side the battle waits for; `None` once it is over.
    fn waiting_for(&self) -> Option<Side>;
    /// The whole game as replay text, once it is over.
    fn replay_text(&self) -> Option<String>;
    /// The whole battle's state hash.
    fn hash(&self) -> String;
    /// Entry `number` as stored.
    fn stored(&self, number: usize) -> Option<Stored>;
}

struct Held<R: Judge + Present> {
    referee: Referee<R>,
    scenario: Scenario,
    seed: u64,
}

fn stored<C: serde::Serialize>(e: &Entry<C>) -> Stored {
    Stored { number: e.number, side: e.side, command: e.command.as_ref().map(|c| serde_json::to_string(c).expect("a command serialises")), faces: e.faces.clone() }
}

impl<R: Judge + Present> Table for Held<R> {
    fn submit(&mut self, side: Side, number: usize, command: &Value) -> Result<Stored, Refused> {
        let command: R::Command = serde_json::from_value(command.clone()).map_err(|e| Refused::Unreadable(e.to_string()))?;
        self.referee.submit(side, number, command).map(stored).map_err(Refused::Referee)
    }

    fn delivery(&self, viewer: Side, from: usize) -> Value {
        serde_json::to_value(self.referee.delivery(viewer, from)).expect("a delivery serialises")
    }

    fn first_withheld(&self, viewer: Side) -> Option<usize> {
        self.referee.first_withheld(viewer)
    }

    fn next_entry(&self) -> usize {
        self.referee.entries().len()
    }

    fn waiting_for(&self) -> Option<Side> {
        R::deciding_side(self.referee.battle())
    }

    fn replay_text(&self) -> Option<String> {
        self.waiting_for().is_none().then(|| crate::replay::to_ron(&self.referee.replay(&self.scenario, self.seed)))
    }

    fn hash(&self) -> String {
        self.referee.hash().to_string()
    }

    fn stored(&self, number: usize) -> Option<Stored> {
        self.referee.entries().get(number).map(stored)
    }
}

struct Open<'a> {
    scenario: &'a Scenario,
    seed: u64,
    entries: &'a [Stored],
}

impl ForRuleset for Open<'_> {
    type Output = Result<Box<dyn Table>, String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        let referee = if self.entries.is_empty() {
            Referee::<R>::open(self.scenario, self.seed)?
        } else {
            let mut entries = Vec::with_capacity(self.entries.len());
            for s in self.entries {
                let command = s.command.as_deref().map(serde_json::from_str::<R::Command>).transpose().map_err(|e| format!("entry {}: {e}", s.number))?;
                entries.push(Entry { number: s.number, side: s.side, command, faces: s.faces.clone() });
            }
            Referee::<R>::resume(self.scenario, self.seed, &entries)?
        };
        Ok(Box::new(Held { referee, scenario: self.scenario.clone(), seed: self.seed }))
    }
}

/// A new game of `scenario` on `seed`, or one under way from its stored `entries` (its opening
/// first); a new game's entry 0, its opening, is to be stored with it (`Table::stored`).
pub fn open(scenario: &Scenario, seed: u64, entries: &[Stored]) -> Result<Box<dyn Table>, String> {
    with_ruleset(&scenario.ruleset, Open { scenario, seed, entries }).map_err(|e| e.to_string())?
}

/// A player's copy of a game of any ruleset, fed with JSON deliveries: what a client holds.
pub trait PlayerCopy: Send {
    fn receive(&mut self, delivery: Value) -> Result<(), String>;
    fn waiting_for(&self) -> Option<Side>;
    fn next_entry(&self) -> usize;
    /// The commands offered, as JSON.
    fn legal(&self) -> Vec<Value>;
    /// What a random player draws from (`Ruleset::random_choices` on this side's view).
    fn random_choices(&self) -> Vec<Value>;
    fn hash(&self) -> String;
}

impl<R: Judge + Present> PlayerCopy for Follower<R> {
    fn receive(&mut self, delivery: Value) -> Result<(), String> {
        let d = serde_json::from_value(delivery).map_err(|e| format!("a delivery that does not read: {e}"))?;
        Follower::receive(self, d).map_err(|e| e.to_string())
    }

    fn waiting_for(&self) -> Option<Side> {
        Follower::waiting_for(self)
    }

    fn next_entry(&self) -> usize {
        Follower::next_entry(self)
    }

    fn legal(&self) -> Vec<Value> {
        Follower::legal(self).iter().map(|c| serde_json::to_value(c).expect("a command serialises")).collect()
    }

    fn random_choices(&self) -> Vec<Value> {
        let offered = Follower::legal(self).to_vec();
        let narrowed = R::random_choices(self.view(), offered.clone());
        let choices = if narrowed.is_empty() { offered } else { narrowed };
        choices.iter().map(|c| serde_json::to_value(c).expect("a command serialises")).collect()
    }

    fn hash(&self) -> String {
        crate::battle::hash::hash_hex(crate::battle::hash::state_hash(self.view()))
    }
}

struct NewCopy<'a> {
    scenario: &'a Scenario,
    side: Side,
}

impl ForRuleset for NewCopy<'_> {
    type Output = Result<Box<dyn PlayerCopy>, String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        Ok(Box::new(Follower::<R>::new(self.scenario, self.side)?))
    }
}

/// `side`'s copy of a game of `scenario`, before any delivery.
pub fn copy(scenario: &Scenario, side: Side) -> Result<Box<dyn PlayerCopy>, String> {
    with_ruleset(&scenario.ruleset, NewCopy { scenario, side }).map_err(|e| e.to_string())?
}
