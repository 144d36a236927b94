//! Black Powder, the horse-and-musket ruleset measured in inches (seed `001_ba684dff9a47d2b5.txt`),
//! played at 6" a hex; rules, readings and house rules in `docs/rules/black-powder.md`.

pub mod apply;
pub mod army;
mod arrows;
mod board;
pub mod breaking;
pub mod command;
pub mod data;
pub mod dice;
pub mod event;
pub mod hits;
pub mod judge;
pub mod muster;
pub mod legal;
mod look;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod odds;
pub mod order;
mod present;
pub mod resolve;
pub mod setup;
pub mod shooting;
mod staff_work;
pub mod state;
pub mod turn;
pub mod unit;
pub mod volley;
mod words;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side};
use crate::scenario::{Scenario, SetupError};
use state::{Global, UnitState};

pub struct BlackPowder;

impl Ruleset for BlackPowder {
    const NAME: &'static str = "black-powder";
    const TITLE: &'static str = "Black Powder";
    type UnitState = UnitState;
    type Global = Global;
    type Command = Command;
    type Event = Event;
    type Phase = state::Phase;

    fn setup(s: &Scenario) -> Result<Battle<Self>, SetupError> {
        setup::setup(s)
    }

    fn check_army_list(list: &std::sync::Arc<crate::army::ArmyList>) -> Result<usize, SetupError> {
        army::profiles(std::slice::from_ref(list), &data::tables().units.profiles).map(|p| p.len())
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
        matches!(event, Event::TurnStarted { .. })
    }

    fn carry_unwritten(read: &mut Battle<Self>, known: &Battle<Self>) -> bool {
        read.carry_units_from(known, |u, k| u.kind = k.kind.clone())
    }
}
