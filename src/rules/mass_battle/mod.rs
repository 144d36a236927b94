//! The mass battle for role-playing armies (seed `004_b9a75f81b7fc1dac.txt`): sequences of five
//! phases from both sides' sealed orders, damage from the battle table, 2d6 morale; rules,
//! readings and house rules in `docs/rules/mass-battle.md`.

pub mod apply;
mod army;
mod arrows;
mod stamps;
mod board;
pub mod combat;
pub mod command;
pub mod damage;
pub mod data;
pub mod deployment;
pub mod engines;
pub mod event;
pub mod heroes;
pub mod judge;
pub mod muster;
pub mod legal;
mod look;
pub mod morale;
pub mod movement;
pub mod odds;
mod present;
mod rehearsal;
pub mod sequence;
pub mod setup;
pub mod siege;
pub mod state;
mod words;

pub use command::Command;
pub use event::Event;

use crate::battle::{Battle, Dice, Outcome, RuleError, Ruleset, Side, UnitId};
use crate::scenario::{Scenario, SetupError};
use state::{Global, UnitState};

pub struct MassBattle;

impl Ruleset for MassBattle {
    const NAME: &'static str = "mass-battle";
    const TITLE: &'static str = "Mass battle";
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
        army::armies(std::slice::from_ref(list), &t.samples(), &t.gear()).map(|a| a.iter().map(|a| a.units.len()).sum())
    }

    fn open(b: &Battle<Self>, dice: &mut Dice) -> Vec<Event> {
        sequence::open(b, dice)
    }

    fn deciding_side(b: &Battle<Self>) -> Option<Side> {
        legal::deciding_side(b)
    }

    fn legal_commands(b: &Battle<Self>) -> Vec<Command> {
        legal::legal_commands(b)
    }

    fn random_choices(b: &Battle<Self>, legal: Vec<Command>) -> Vec<Command> {
        legal::random_choices(b, legal)
    }

    fn resolve(
        b: &Battle<Self>,
        command: &Command,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        sequence::resolve(b, command, dice)
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
        matches!(event, Event::SequenceStarted { .. })
    }

    /// The other side's deployment and orders stay sealed until both are revealed (H-M10, l. 21-23); in a siege the
    /// besieger's section until he seals, and the besieged's assignments (l. 185).
    fn redact(b: &mut Battle<Self>, viewer: Side) {
        let other = viewer.other();
        // The other side's pursuit choices (l. 90): to the viewer its pursuers still pursue.
        let theirs: Vec<UnitId> = b.units.iter().filter(|u| u.side == other).map(|u| u.id).collect();
        b.global.turned.retain(|(p, _)| !theirs.contains(p));
        // The other side's placements and standard, until both deployments are revealed (H-M10).
        if let Some(d) = b.global.deployment.clone() {
            for p in &d.from {
                if let Some(u) = b.unit_mut(p.unit).filter(|u| u.side == other) {
                    u.hex = Some(p.hex);
                    u.state.standard = d.standards[other.index()] == Some(p.unit);
                }
            }
        }
        b.global.drafts[other.index()].clear();
        b.global.slices[other.index()].clear();
        let sealed = b.global.sealed;
        if let Some(s) = &mut b.global.siege {
            if s.besieger == other && !sealed[other.index()] {
                s.declared = None;
            }
            if s.besieger == viewer {
                s.assigned.clear();
            }
        }
    }

    fn visible_to(b: &Battle<Self>, event: &Event, viewer: Option<Side>) -> bool {
        let besieger = b.global.siege.as_ref().map(|s| s.besieger);
        match event {
            // A side's pursuit choices are its own until the blows show them (l. 90).
            Event::PursuitChosen { unit, .. } => viewer.is_none_or(|v| b.unit(*unit).is_none_or(|u| u.side == v)),
            Event::OrderGiven { side, .. } | Event::SliceGiven { side, .. } | Event::Placed { side, .. } | Event::StandardGiven { side, .. } => {
                viewer.is_none_or(|v| v == *side)
            }
            Event::SectionChosen { .. } => viewer.is_none_or(|v| Some(v) == besieger),
            Event::Assigned { .. } => viewer.is_none_or(|v| Some(v) != besieger),
            _ => true,
        }
    }

    fn carry_unwritten(read: &mut Battle<Self>, known: &Battle<Self>) -> bool {
        read.carry_units_from(known, |u, k| u.profile = k.profile.clone())
    }
}
