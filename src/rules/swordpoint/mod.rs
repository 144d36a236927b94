//! Swordpoint, the ancient and medieval ruleset measured in inches (seed `000_dd1bca2cefe3b4db.txt`),
//! played at 4" a hex; rules, readings and house rules in `docs/rules/swordpoint.md`.

pub mod apply;
pub mod army;
mod arrows;
mod board;
mod codes;
pub mod combat;
pub mod command;
pub mod common;
pub mod data;
mod describe;
pub mod event;
pub mod judge;
pub mod muster;
pub mod legal;
mod legend;
mod look;
pub mod movement;
mod present;
pub mod resolve;
pub mod setup;
pub mod shooting;
pub mod state;
pub mod turn;
pub mod unit;
mod words;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side};
use crate::scenario::{Scenario, SetupError};
use state::{Global, UnitState};

pub struct Swordpoint;

impl Ruleset for Swordpoint {
    const NAME: &'static str = "swordpoint";
    const TITLE: &'static str = "Swordpoint";
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
        army::profiles(std::slice::from_ref(list), &t.units.profiles, &army::Rules { defence: &t.defence, max_ranks: t.units.max_ranks }).map(|p| p.len())
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

    fn redact(b: &mut Battle<Self>, viewer: Side) {
        legal::redact(b, viewer)
    }

    fn visible_to(b: &Battle<Self>, event: &Event, viewer: Option<Side>) -> bool {
        legal::visible_to(b, event, viewer)
    }

    fn carry_unwritten(read: &mut Battle<Self>, known: &Battle<Self>) -> bool {
        read.carry_units_from(known, |u, k| u.kind = k.kind.clone())
    }
}
