//! Swidenth's presentation contract: the words (`words`), the pictures (`look`), the board's
//! meaning (`board`), the odds (`odds`), the pace of the shown events and the undo rule.

use super::Swidenth;
use super::command::Command;
use super::event::Event;
use super::state::UnitState;
use super::{board, look, odds, words};
use crate::battle::look::{Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview, Token};
use crate::battle::{Battle, Present, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<Swidenth>;

impl Present for Swidenth {
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
            Command::Shoot { target, .. } | Command::Fight { target, .. } | Command::Cast { target, .. } => Some(*target),
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

    fn legend(battle: Option<&Battle<Self>>) -> Vec<Legend> {
        look::legend(battle)
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

    fn unit_orders(_: &B, legal: &[Command], unit: UnitId) -> Vec<Command> {
        board::unit_orders(legal, unit)
    }

    fn cue(b: &B, e: &Event) -> Option<Cue> {
        board::cue(b, e)
    }

    fn preview(b: &B, c: &Command) -> Option<Preview> {
        odds::preview(b, c)
    }

    /// Dice longest, then what they did, then moves and the turn's steps.
    fn pause_after(e: &Event) -> f32 {
        match e {
            Event::Duel(_)
            | Event::RoutTest { .. }
            | Event::Initiative { .. }
            | Event::TerrorTest { .. }
            | Event::BravoureTest(_)
            | Event::Spell { .. }
            | Event::Fumble { .. }
            | Event::StrayRoll { .. } => 1.0,
            Event::Stunned { .. } | Event::Wounded { .. } | Event::OutOfAction { .. } | Event::Healed { .. } | Event::Shielded { .. } => 0.45,
            Event::Moved { .. } | Event::Pushed { .. } => 0.3,
            Event::PhaseStarted { .. } | Event::TurnStarted { .. } | Event::BattleEnded { .. } => 0.3,
            _ => 0.0,
        }
    }

    fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
        board::taken_back_by(b, c, events)
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::Phase;
    use super::*;
    use crate::battle::Ruleset;
    use std::collections::HashSet;

    /// At every decision of two random games: the legal commands have distinct codes and labels;
    /// a click gives a move or a run to its hex, a combat or a shot at its target, each marked; a
    /// decision shows exactly while a push back or a split waits for its answer or a leader is to
    /// be chosen; and every other piece answers.
    #[test]
    fn every_decision_of_random_games_is_shown_and_clickable() {
        let scenario = crate::scenario::find_bundled("swidenth-border-patrol").expect("a bundled scenario");
        for seed in 1..=2 {
            let mut previewed = [false; 3];
            crate::sim::play_game::<Swidenth>(&scenario, seed, |app| {
                let b = app.view();
                let legal = app.legal_commands();
                let codes: HashSet<String> = legal.iter().map(words::command_code).collect();
                assert_eq!(codes.len(), legal.len(), "seed {seed}: codes shared among {legal:?}");
                let deciding = !b.global.agenda.is_empty() || b.global.phase == Phase::ChooseLeader;
                assert_eq!(Swidenth::decision(b, &legal).is_some(), deciding && !legal.is_empty(), "seed {seed}: decision in {:?}", b.global.phase);
                let hex_of = |u: UnitId| b.unit(u).and_then(|u| u.hex);
                let mut clicked = 0;
                for c in &legal {
                    assert!(!Swidenth::command_label(b, c).is_empty());
                    let (unit, hex, kind) = match c {
                        Command::Move { figure, to } | Command::Run { figure, to } => (*figure, Some(*to), None),
                        Command::Fight { figure, target } => (*figure, hex_of(*target), Some(1)),
                        Command::Shoot { figure, target } => (*figure, hex_of(*target), Some(0)),
                        Command::Cast { .. } => {
                            if !previewed[2] {
                                previewed[2] = true;
                                assert!(Swidenth::preview(b, c).is_some(), "seed {seed}: no odds for {c:?}");
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    let Some(hex) = hex else { continue };
                    if clicked < 6 {
                        clicked += 1;
                        let marks = Swidenth::marks(b, &legal, Some(unit), None);
                        let marked = if kind.is_some() { &marks.targets } else { &marks.reach };
                        assert!(marked.contains(&hex), "seed {seed}: {c:?} unmarked");
                        let sent = match Swidenth::click(b, &legal, Some(unit), hex, false) {
                            Intent::Send { command, .. } => Some(command),
                            _ => None,
                        };
                        assert!(sent.as_ref().is_some_and(|s| legal.contains(s) && words::command_unit(s) == Some(unit)), "seed {seed}: no click gives {c:?}");
                    }
                    if let Some(k) = kind.filter(|k| !previewed[*k]) {
                        previewed[k] = true;
                        assert!(Swidenth::preview(b, c).is_some(), "seed {seed}: no odds for {c:?}");
                    }
                }
                if let Some(Command::Push { .. }) = legal.first() {
                    let marks = Swidenth::marks(b, &legal, None, None);
                    for h in &marks.picks {
                        assert!(matches!(Swidenth::click(b, &legal, None, *h, false), Intent::Send { command: Command::Push { to: Some(_) }, .. }), "seed {seed}: a push's hex does not push");
                    }
                }
                Swidenth::status(b);
                Swidenth::tokens(b);
                for u in b.on_board() {
                    Swidenth::counter(b, u);
                    Swidenth::unit_card(b, u.id);
                    Swidenth::unit_orders(b, &legal, u.id);
                    if let Some(h) = u.hex {
                        Swidenth::terrain_card(b, h);
                        Swidenth::marks(b, &legal, Some(u.id), Some(h));
                    }
                    if let Some(enemy) = b.on_board().find(|e| e.side != u.side).and_then(|e| e.hex) {
                        Swidenth::why_not(b, &legal, u.id, enemy);
                    }
                }
                for e in app.log().events.iter().rev().take(40) {
                    Swidenth::event_line(b, e);
                    Swidenth::event_rule(b, e);
                    Swidenth::cue(b, e);
                }
            })
            .expect("a random game plays to its end");
        }
    }

    #[test]
    fn a_command_without_dice_is_taken_back_by_its_side_and_a_roll_stands() {
        let scenario = crate::scenario::find_bundled("swidenth-border-patrol").expect("a bundled scenario");
        let b = Swidenth::setup(&scenario).expect("the scenario sets up");
        let unit = b.units.iter().find(|u| u.side == Side(1)).expect("a figure of side 1");
        let wait = Command::Wait { figure: unit.id };
        assert_eq!(Swidenth::taken_back_by(&b, &wait, &[]), Some(Side(1)));
        let roll = Event::Initiative { die: 12, side: Side(0) };
        assert_eq!(Swidenth::taken_back_by(&b, &wait, &[roll]), None);
        assert_eq!(Swidenth::taken_back_by(&b, &Command::EndPhase, &[]), None);
        assert_eq!(Swidenth::taken_back_by(&b, &Command::Push { to: None }, &[]), None);
    }
}
