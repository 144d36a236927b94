//! Black Powder's presentation contract: the words (`words`), the pictures (`look`), the board's
//! meaning (`board`), the odds (`odds`), the pace of the shown events and the undo rule.

use super::BlackPowder;
use super::command::Command;
use super::event::Event;
use super::state::UnitState;
use super::{board, look, odds, words};
use crate::battle::look::{Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview, Token};
use crate::battle::{Battle, Present, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<BlackPowder>;

impl Present for BlackPowder {
    fn event_line(b: &B, e: &Event) -> Option<String> {
        words::event_line(b, e)
    }

    fn event_rule(b: &B, e: &Event) -> Option<String> {
        words::event_rule(b, e)
    }

    fn command_label(b: &B, c: &Command) -> String {
        words::command_label(b, c)
    }

    fn command_code(_: &B, c: &Command) -> String {
        words::command_code(c)
    }

    fn command_unit(c: &Command) -> Option<UnitId> {
        words::command_unit(c)
    }

    fn status(b: &B) -> Vec<String> {
        words::status(b)
    }

    fn glyph(_: &B, unit: &Unit<UnitState>) -> char {
        look::glyph(unit)
    }

    fn counter(b: &B, unit: &Unit<UnitState>) -> Counter {
        look::counter(b, unit)
    }

    fn tokens(b: &B) -> Vec<Token> {
        look::tokens(b)
    }

    fn losses(start: &B, now: &B, side: Side) -> String {
        look::losses(start, now, side)
    }

    fn legend() -> Vec<Legend> {
        look::legend()
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
        matches!(c, Command::EndPhase)
    }

    fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
        board::decision(b, legal)
    }

    fn unit_orders(b: &B, legal: &[Command], unit: UnitId) -> Vec<Command> {
        board::unit_orders(b, legal, unit)
    }

    fn cue(b: &B, e: &Event) -> Option<Cue> {
        board::cue(b, e)
    }

    fn preview(b: &B, c: &Command) -> Option<Preview> {
        odds::preview(b, c)
    }

    /// Dice longest, then what they did, then moves.
    fn pause_after(e: &Event) -> f32 {
        match e {
            Event::Volley(_) | Event::BreakTest { .. } | Event::OrderRolled { .. } | Event::Blundered { .. } => 1.0,
            Event::MeleeResult { .. } | Event::Destroyed { .. } | Event::ChargeDeclared { .. } => 0.45,
            Event::Moved { .. } | Event::Formed { .. } | Event::CommanderRode { .. } => 0.3,
            Event::TurnStarted { .. } | Event::BattleEnded { .. } => 0.4,
            Event::PhaseStarted { .. } => 0.2,
            _ => 0.0,
        }
    }

    fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
        board::taken_back_by(b, c, events)
    }
}
