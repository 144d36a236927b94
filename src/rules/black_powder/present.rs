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
    fn arrows(b: &B) -> Vec<crate::battle::look::Arrow> {
        super::arrows::arrows(b)
    }

    /// The counter's line, then its brigade and the brigade's commander, and whether it has had
    /// its order this turn (HB-3).
    fn roster_line(b: &B, u: &Unit<UnitState>) -> String {
        let mut line = crate::battle::look::roster_basics(&look::counter(b, u), u.hex);
        if let Some(brigade) = b.global.brigades.get(usize::from(u.state.brigade)) {
            line.push_str(&format!(" · {}", brigade.name));
            let commander = b.global.commanders.iter().find(|c| c.brigade == Some(u.state.brigade));
            if let Some(c) = commander {
                line.push_str(&format!(" ({})", c.name));
            }
        }
        if u.state.ordered {
            line.push_str(" · ordered");
        }
        line
    }

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

    fn command_target(c: &Command) -> Option<UnitId> {
        match c {
            Command::Shoot { target, .. } | Command::Charge { target, .. } => Some(*target),
            _ => None,
        }
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

    fn legend(_: Option<&Battle<Self>>) -> Vec<Legend> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::Ruleset;
    use std::collections::HashSet;

    /// At every decision of two random games: the legal commands have distinct codes and labels;
    /// a click gives a move to its hex, a charge or a shot at its target, each marked; a decision
    /// shows exactly while a charge waits for its answer; and every other piece answers.
    #[test]
    fn every_decision_of_random_games_is_shown_and_clickable() {
        let scenario = crate::scenario::find_bundled("black-powder-quatre-bras").expect("a bundled scenario");
        for seed in 1..=2 {
            let mut previewed = [false; 3];
            crate::sim::play_game::<BlackPowder>(&scenario, seed, |app| {
                let b = app.view();
                let legal = app.legal_commands();
                let codes: HashSet<String> = legal.iter().map(words::command_code).collect();
                assert_eq!(codes.len(), legal.len(), "seed {seed}: codes shared among {legal:?}");
                assert_eq!(BlackPowder::decision(b, &legal).is_some(), !b.global.agenda.is_empty() && !legal.is_empty());
                let hex_of = |u: UnitId| b.unit(u).and_then(|u| u.hex);
                let mut clicked = 0;
                for c in &legal {
                    assert!(!BlackPowder::command_label(b, c).is_empty());
                    let (unit, hex, kind) = match c {
                        Command::Move { unit, to, .. } => (*unit, Some(*to), None),
                        Command::Charge { unit, target, .. } => (*unit, hex_of(*target), Some(1)),
                        Command::Shoot { unit, target } => (*unit, hex_of(*target), Some(0)),
                        Command::Order { .. } => {
                            if !previewed[2] {
                                previewed[2] = true;
                                assert!(BlackPowder::preview(b, c).is_some(), "no odds for {c:?}");
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    let Some(hex) = hex else { continue };
                    if clicked < 6 {
                        clicked += 1;
                        let marks = BlackPowder::marks(b, &legal, Some(unit), None);
                        let marked = if kind.is_some() { &marks.targets } else { &marks.reach };
                        assert!(marked.contains(&hex), "seed {seed}: {c:?} unmarked");
                        let sent = match BlackPowder::click(b, &legal, Some(unit), hex, false) {
                            Intent::Send { command, .. } => Some(command),
                            _ => None,
                        };
                        assert!(sent.as_ref().is_some_and(|s| legal.contains(s) && words::command_unit(s) == Some(unit)), "seed {seed}: no click gives {c:?}");
                    }
                    if let Some(k) = kind.filter(|k| !previewed[*k]) {
                        previewed[k] = true;
                        assert!(BlackPowder::preview(b, c).is_some(), "seed {seed}: no odds for {c:?}");
                    }
                }
                // The Command phase names the units still without orders, and the order of battle
                // says which have had theirs.
                let side = b.global.agenda.is_empty().then(|| super::super::legal::deciding_side(b)).flatten();
                let idle = side.is_some_and(|s| b.on_board().any(|u| u.side == s && !u.state.ordered && !super::super::unit::engaged(b, u)));
                if b.global.phase == super::super::state::Phase::Orders && idle {
                    assert!(BlackPowder::status(b).iter().any(|l| l.starts_with("Without orders: ")), "seed {seed}: {:?}", BlackPowder::status(b));
                }
                for u in b.on_board() {
                    assert_eq!(BlackPowder::roster_line(b, u).ends_with(" · ordered"), u.state.ordered);
                }
                BlackPowder::tokens(b);
                for u in b.on_board() {
                    BlackPowder::counter(b, u);
                    BlackPowder::unit_card(b, u.id);
                    BlackPowder::unit_orders(b, &legal, u.id);
                    if let Some(h) = u.hex {
                        BlackPowder::terrain_card(b, h);
                    }
                }
                for e in app.log().events.iter().rev().take(40) {
                    BlackPowder::event_line(b, e);
                    BlackPowder::event_rule(b, e);
                    BlackPowder::cue(b, e);
                }
            })
            .expect("a random game plays to its end");
        }
    }

    #[test]
    fn a_command_without_dice_is_taken_back_by_its_side_and_a_roll_stands() {
        let scenario = crate::scenario::find_bundled("black-powder-quatre-bras").expect("a bundled scenario");
        let b = BlackPowder::setup(&scenario).expect("the scenario sets up");
        let unit = b.units.iter().find(|u| u.side == Side(1)).expect("a unit of side 1");
        let move_it = Command::Move { unit: unit.id, to: unit.hex.expect("on the table"), facing: unit.facing };
        assert_eq!(BlackPowder::taken_back_by(&b, &move_it, &[]), Some(Side(1)));
        let roll = Event::EliteRolled { unit: unit.id, face: 3, recovered: false };
        assert_eq!(BlackPowder::taken_back_by(&b, &move_it, &[roll]), None);
        assert_eq!(BlackPowder::taken_back_by(&b, &Command::EndPhase, &[]), None);
    }
}
