//! Thucydide, the ancient and medieval ruleset played natively on hexes
//! (seed `003_4e6f6c195b1c36c6.txt`; rules and house rules in `docs/rules/thucydide.md`).

pub mod apply;
pub mod approach;
pub mod army;
pub mod board;
mod codes;
pub mod combat;
pub mod command;
pub mod data;
pub mod describe;
pub mod die;
pub mod event;
pub mod exchange;
pub mod judge;
pub mod muster;
pub mod leaders;
pub mod legal;
mod legend;
pub mod look;
pub mod movement;
pub mod odds;
mod present;
pub mod resolve;
pub mod retreat;
pub mod setup;
pub mod sight;
pub mod state;
pub mod turn;
pub mod words;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side};
use crate::scenario::{Scenario, SetupError};
use state::{Global, UnitState};

pub struct Thucydide;

impl Ruleset for Thucydide {
    const NAME: &'static str = "thucydide";
    const TITLE: &'static str = "Thucydide";
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
        army::profiles(std::slice::from_ref(list), &t.profiles, &t.rules_own).map(|p| p.len() - t.rules_own.len())
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
        read.global.profiles = known.global.profiles.clone();
        read.carry_units_from(known, |u, k| u.kind = k.kind.clone())
    }
}
