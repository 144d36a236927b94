//! The referee of one online game: the whole battle and its dice, seeded where no player sees. It
//! accepts a command only from the side the battle waits for, numbered as the next entry and among
//! `legal_commands`; it rolls the dice itself and hands each side the entries that side may see.
//! An entry is held back from the other side while any of its events is hidden from it
//! (`Ruleset::visible_to`), and handed over, in order, once the battle hides nothing from that side
//! (`Ruleset::redact` changes nothing): sealed orders and secret deployment stay sealed until the
//! rules reveal them.

use super::{Delivery, Entry};
use crate::battle::hash::{TurnHash, hash_hex, state_hash};
use crate::battle::{Battle, Dice, Present, Ruleset, Side};
use crate::scenario::Scenario;

/// Why a command was refused; the game is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The battle is over.
    Over,
    /// The battle waits for the other side.
    NotYourTurn { waiting_for: Side },
    /// The entry number is not the next one: a command sent twice, or one that crossed another.
    OutOfTurn { expected: usize, got: usize },
    /// Not among the legal commands now: why, in the rules' words.
    Illegal(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Over => f.write_str("the battle is over"),
            Refusal::NotYourTurn { waiting_for } => write!(f, "not your side's decision: the battle waits for side {}", waiting_for.0),
            Refusal::OutOfTurn { expected, got } => write!(f, "entry {got} is not the next one: the next is {expected}"),
            Refusal::Illegal(why) => f.write_str(why),
        }
    }
}

pub struct Referee<R: Ruleset> {
    battle: Battle<R>,
    dice: Dice,
    entries: Vec<Entry<R::Command>>,
    /// For each side, the entries held back from it, in order.
    withheld: [Vec<usize>; 2],
    /// The state's hash at each player-turn's start, as a replay keeps them.
    turn_hashes: Vec<TurnHash>,
    /// The battle's state hash now, taken once an entry (each delivery hands it).
    hash: String,
    /// The commands the side the battle waits for may give now, read once an entry.
    legal: Vec<R::Command>,
}

impl<R: Ruleset + Present> Referee<R> {
    /// A new game of `scenario` on dice seeded with `seed`: the battle set up and opened (entry 0).
    pub fn open(scenario: &Scenario, seed: u64) -> Result<Referee<R>, String> {
        let battle = R::setup(scenario).map_err(|e| format!("{}: {}", e.path(), e.message))?;
        let mut referee = Referee { battle, dice: Dice::new(seed).recording(), entries: Vec::new(), withheld: [Vec::new(), Vec::new()], turn_hashes: Vec::new(), hash: String::new(), legal: Vec::new() };
        let events = R::open(&referee.battle, &mut referee.dice);
        referee.accept(None, None, events);
        Ok(referee)
    }

    /// The game of `entries` (as stored), played again on its seed: each entry's command must be
    /// accepted again and roll the same faces, else the store and the rules disagree.
    pub fn resume(scenario: &Scenario, seed: u64, entries: &[Entry<R::Command>]) -> Result<Referee<R>, String> {
        let mut referee = Referee::<R>::open(scenario, seed)?;
        let mismatch = |n: usize| format!("entry {n} does not play again as it was stored");
        if entries.first().is_none_or(|e| e.faces != referee.entries[0].faces) {
            return Err(mismatch(0));
        }
        for e in entries.iter().skip(1) {
            let (Some(side), Some(command)) = (e.side, e.command.clone()) else { return Err(mismatch(e.number)) };
            referee.submit(side, e.number, command).map_err(|r| format!("{}: {r}", mismatch(e.number)))?;
            if referee.entries.last().map(|last| &last.faces) != Some(&e.faces) {
                return Err(mismatch(e.number));
            }
        }
        Ok(referee)
    }

    /// Plays `command` for `side` as entry `number`; on refusal nothing changes.
    pub fn submit(&mut self, side: Side, number: usize, command: R::Command) -> Result<&Entry<R::Command>, Refusal> {
        let Some(waiting_for) = R::deciding_side(&self.battle) else { return Err(Refusal::Over) };
        if waiting_for != side {
            return Err(Refusal::NotYourTurn { waiting_for });
        }
        if number != self.entries.len() {
            return Err(Refusal::OutOfTurn { expected: self.entries.len(), got: number });
        }
        if !self.legal.contains(&command) {
            return Err(Refusal::Illegal(crate::battle::refusal::why_refused(&self.battle, &command)));
        }
        let events = R::resolve(&self.battle, &command, &mut self.dice).map_err(|e| Refusal::Illegal(e.0))?;
        self.accept(Some(side), Some(command), events);
        Ok(self.entries.last().expect("just accepted"))
    }

    /// Records an entry whose events are `events`, applies them, and holds it back from each side
    /// that may not see all of them.
    fn accept(&mut self, side: Option<Side>, command: Option<R::Command>, events: Vec<R::Event>) {
        let number = self.entries.len();
        for viewer in Side::BOTH {
            if !events.iter().all(|e| R::visible_to(&self.battle, e, Some(viewer))) {
                self.withheld[viewer.index()].push(number);
            }
        }
        for e in &events {
            R::apply(&mut self.battle, e);
        }
        if side.is_none() || events.iter().any(R::starts_turn) {
            self.turn_hashes.push(TurnHash::of(&self.battle));
        }
        self.hash = hash_hex(state_hash(&self.battle));
        self.legal = R::legal_commands(&self.battle);
        let faces = self.dice.take_drawn();
        self.entries.push(Entry { number, side, command, faces });
        // Once the battle is over both sides get the whole game (and may verify its replay).
        let over = R::deciding_side(&self.battle).is_none();
        for viewer in Side::BOTH {
            if !self.withheld[viewer.index()].is_empty() && (over || self.hides_nothing_from(viewer)) {
                self.withheld[viewer.index()].clear();
            }
        }
    }

    /// Whether the battle now holds nothing that `viewer` may not know.
    pub fn hides_nothing_from(&self, viewer: Side) -> bool {
        hash_hex(state_hash(&self.battle.seen_by(viewer))) == self.hash
    }

    /// What `viewer` may see of entries `from..`: those not held back, and the numbers of those
    /// that are; the battle's hash when none is. A player's first delivery is `delivery(side, 0)`;
    /// after each entry, `delivery(side, n)` with `n` the entries it already holds (or skips).
    pub fn delivery(&self, viewer: Side, from: usize) -> Delivery<R::Command> {
        let held = &self.withheld[viewer.index()];
        let entries = self.entries.iter().skip(from).filter(|e| !held.contains(&e.number)).cloned().collect();
        let withheld = held.iter().copied().filter(|n| *n >= from).collect();
        let synced = held.is_empty().then(|| self.hash.clone());
        let seen = (!held.is_empty()).then(|| serde_json::to_value(self.battle.seen_by(viewer)).expect("a battle serialises"));
        let waiting_for = R::deciding_side(&self.battle);
        let legal = if waiting_for == Some(viewer) { self.legal.clone() } else { Vec::new() };
        Delivery { entries, withheld, synced, seen, waiting_for, legal, next: self.entries.len() }
    }

    /// Every delivery a side needs to catch up from nothing: the entries it may see, in order.
    pub fn catch_up(&self, viewer: Side) -> Delivery<R::Command> {
        self.delivery(viewer, 0)
    }

    /// The first entry still held back from `viewer`, if any: entries from it on that were handed
    /// over must be handed again with it when it is released.
    pub fn first_withheld(&self, viewer: Side) -> Option<usize> {
        self.withheld[viewer.index()].first().copied()
    }

    pub fn battle(&self) -> &Battle<R> {
        &self.battle
    }

    /// The whole battle's state hash, as `hash_hex` writes it.
    pub fn hash(&self) -> &str {
        &self.hash
    }

    pub fn entries(&self) -> &[Entry<R::Command>] {
        &self.entries
    }

    /// The game as a replay of `scenario` (seed, commands, turn hashes): what both sides get once
    /// it is over, which verifies offline.
    pub fn replay(&self, scenario: &Scenario, seed: u64) -> crate::replay::Replay<R::Command> {
        let commands = self.entries.iter().filter_map(|e| e.command.clone()).collect();
        crate::replay::Replay::new(scenario, seed, commands, self.turn_hashes.clone()).ended(R::outcome(&self.battle))
    }
}
