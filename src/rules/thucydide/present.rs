//! Thucydide's presentation contract: the words (`describe`), the terminal's codes (`codes`), the
//! pictures (`look`), the board's meaning (`board`), the pace of the shown events and the undo rule.

use super::Thucydide;
use super::command::Command;
use super::event::Event;
use super::state::UnitState;
use super::{board, codes, describe, legend, look};
use crate::battle::look::{Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview};
use crate::battle::{Battle, Present, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<Thucydide>;

impl Present for Thucydide {
    /// The counter's line, then the leader with it, and whether it was activated this turn.
    fn roster_line(b: &B, u: &Unit<UnitState>) -> String {
        let mut line = crate::battle::look::roster_basics(&Self::counter(b, u), u.hex);
        for leader in b.global.leaders.iter().filter(|l| l.unit == Some(u.id)) {
            line.push_str(&format!(" · with {}", leader.name));
        }
        if u.state.activated {
            line.push_str(" · activated");
        }
        line
    }

    fn event_line(b: &B, e: &Event) -> Option<String> {
        describe::event_line(b, e)
    }

    fn event_rule(b: &B, e: &Event) -> Option<String> {
        describe::event_rule(b, e)
    }

    fn command_label(b: &B, c: &Command) -> String {
        describe::command_label(b, c)
    }

    fn command_code(_: &B, c: &Command) -> String {
        codes::code(c)
    }

    fn command_unit(c: &Command) -> Option<UnitId> {
        codes::unit(c)
    }

    fn command_target(c: &Command) -> Option<UnitId> {
        match c {
            Command::Attack { target, .. } => Some(*target),
            _ => None,
        }
    }

    fn status(b: &B) -> Vec<String> {
        look::status(b)
    }

    fn glyph(_: &B, unit: &Unit<UnitState>) -> char {
        unit.state.profile().name.chars().next().unwrap_or('?')
    }

    fn counter(b: &B, unit: &Unit<UnitState>) -> Counter {
        look::counter(b, unit)
    }

    fn losses(start: &B, now: &B, side: Side) -> String {
        look::losses(start, now, side)
    }

    fn legend(_: Option<&Battle<Self>>) -> Vec<Legend> {
        legend::legend()
    }

    fn unit_card(b: &B, unit: UnitId) -> Vec<Line> {
        look::unit_card(b, unit)
    }

    fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
        look::terrain_card(b, hex)
    }

    fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
        board::marks(b, legal, selected, hovered)
    }

    fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Command> {
        board::click(b, legal, selected, hex, modifier)
    }

    fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
        board::why_not(b, legal, unit, hex)
    }

    fn ends_phase(c: &Command) -> bool {
        *c == Command::EndPhase
    }

    fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
        board::decision(b, legal)
    }

    fn unit_orders(_: &B, legal: &[Command], unit: UnitId) -> Vec<Command> {
        board::unit_orders(legal, unit)
    }

    fn cue(b: &B, e: &Event) -> Option<Cue> {
        look::cue(b, e)
    }

    fn preview(b: &B, c: &Command) -> Option<Preview> {
        board::preview(b, c)
    }

    fn pause_after(e: &Event) -> f32 {
        match e {
            Event::DiceRolled { .. } | Event::PanicRolled { .. } => 1.0,
            Event::CombatStarted { .. } | Event::ElementsLost { .. } | Event::UnitDestroyed { .. } | Event::ElephantPanicked { .. } => 0.45,
            Event::UnitMoved { .. } | Event::Retreated { .. } | Event::FollowedUp { .. } | Event::Pursued { .. } | Event::UnitLeftBoard { .. } => 0.3,
            Event::TurnStarted { .. } | Event::BattleEnded { .. } => 0.4,
            _ => 0.0,
        }
    }

    /// A move or an activation, while no die was rolled since (house rule: undo before dice).
    fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
        let rolled = events.iter().any(|e| matches!(e, Event::DiceRolled { .. } | Event::PanicRolled { .. }));
        match c {
            Command::Move { unit, .. } | Command::Activate { unit } if !rolled => b.unit(*unit).map(|u| u.side),
            _ => None,
        }
    }
}
