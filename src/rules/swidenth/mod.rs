//! The Swidenth skirmish game (seed `002_995897b66a650e62.txt`), one figure a hex at one pace a hex;
//! rules, readings and house rules in `docs/rules/swidenth.md`.

pub mod aim;
pub mod apply;
pub mod army;
mod board;
pub mod combat;
pub mod command;
pub mod data;
pub mod duel;
pub mod event;
pub mod figure;
pub mod groups;
pub mod harm;
pub mod judge;
pub mod muster;
pub mod legal;
mod look;
pub mod movement;
pub mod odds;
mod present;
pub mod push;
pub mod resolve;
pub mod setup;
pub mod sight;
pub mod spell;
pub mod state;
pub mod turn;
mod words;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side};
use crate::scenario::{Scenario, SetupError};
use state::{Global, UnitState};

pub struct Swidenth;

impl Ruleset for Swidenth {
    const NAME: &'static str = "swidenth";
    const TITLE: &'static str = "Swidenth";
    type UnitState = UnitState;
    type Global = Global;
    type Command = Command;
    type Event = Event;
    type Phase = state::Phase;

    fn setup(s: &Scenario) -> Result<Battle<Self>, SetupError> {
        setup::setup(s)
    }

    fn check_army_list(list: &std::sync::Arc<crate::army::ArmyList>) -> Result<usize, SetupError> {
        let t = data::tables();
        army::bands(std::slice::from_ref(list), &t.samples(), &army::Gear { weapons: &t.weapons, spells: &t.spells }).map(|b| b.iter().map(|b| b.figures.len()).sum())
    }

    fn open(b: &Battle<Self>, dice: &mut Dice) -> Vec<Event> {
        resolve::open(b, dice)
    }

    fn deciding_side(b: &Battle<Self>) -> Option<Side> {
        legal::deciding_side(b)
    }

    fn legal_commands(b: &Battle<Self>) -> Vec<Command> {
        legal::legal_commands(b)
    }

    fn resolve(b: &Battle<Self>, command: &Command, dice: &mut Dice) -> Result<Vec<Event>, RuleError> {
        resolve::resolve(b, command, dice)
    }

    fn apply(b: &mut Battle<Self>, event: &Event) {
        apply::apply(b, event)
    }

    fn phase(b: &Battle<Self>) -> state::Phase {
        b.global.phase
    }

    fn outcome(b: &Battle<Self>) -> Option<Outcome> {
        b.global.outcome.clone()
    }

    fn starts_turn(event: &Event) -> bool {
        matches!(event, Event::PhaseStarted { .. })
    }

    fn carry_unwritten(read: &mut Battle<Self>, known: &Battle<Self>) -> bool {
        read.carry_units_from(known, |u, k| u.kind = k.kind.clone())
    }
}
