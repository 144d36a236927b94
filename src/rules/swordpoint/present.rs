//! Swordpoint's presentation contract: the words (`describe`, `words`), the terminal's codes
//! (`codes`), the pictures (`look`, `legend`), the board's meaning (`board`), the pace of the shown
//! events and the undo rule.

use super::Swordpoint;
use super::command::Command;
use super::event::Event;
use super::state::UnitState;
use super::{board, codes, describe, legend, look};
use crate::battle::look::{Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview};
use crate::battle::{Battle, Present, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<Swordpoint>;

impl Present for Swordpoint {
    fn arrows(b: &B) -> Vec<crate::battle::look::Arrow> {
        super::arrows::arrows(b)
    }

    /// The counter's line, then the commanders with it, and the charge it declared or answers.
    fn roster_line(b: &B, u: &Unit<UnitState>) -> String {
        let mut line = crate::battle::look::roster_basics(&look::counter(b, u), u.hex);
        let with: Vec<&str> = b.global.commanders_with(u.id).map(|c| c.name.as_str()).collect();
        if !with.is_empty() {
            line.push_str(&format!(" · with {}", with.join(", ")));
        }
        for c in &b.global.charges {
            if c.charger == u.id {
                line.push_str(&format!(" · charges {}", describe::name(b, c.target)));
            } else if c.target == u.id {
                line.push_str(&format!(" · charged by {}", describe::name(b, c.charger)));
            }
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
            Command::Shoot { target, .. } => *target,
            Command::DeclareCharge { target, .. } => Some(*target),
            _ => None,
        }
    }

    fn status(b: &B) -> Vec<String> {
        look::status(b)
    }

    fn glyph(_: &B, unit: &Unit<UnitState>) -> char {
        look::glyph(unit)
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

    /// The end of a side's declarations or moves, and the seal of its sheet.
    fn ends_phase(c: &Command) -> bool {
        matches!(c, Command::EndDeclarations | Command::EndMoves | Command::Seal)
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
        look::preview(b, c)
    }

    /// Dice longest, then what they did (losses, results), then moves.
    fn pause_after(e: &Event) -> f32 {
        match e {
            Event::Tested { .. } | Event::Volley { .. } | Event::InitiativeRolled { .. } | Event::PursuitRolled { .. } | Event::CommanderTested { .. } => 1.0,
            Event::CombatScored { .. } | Event::LoserResult { .. } | Event::FiguresLost { .. } | Event::UnitDestroyed { .. } | Event::CombatStarted { .. } => 0.45,
            Event::UnitMoved { .. } | Event::UnitReturned { .. } | Event::UnitLeftTable { .. } => 0.3,
            Event::TurnStarted { .. } | Event::BattleEnded { .. } => 0.4,
            Event::PhaseStarted { .. } | Event::SheetsRevealed { .. } => 0.2,
            _ => 0.0,
        }
    }

    /// A move, reform, ride, return, charge declaration or sheet entry, by the side that gave it,
    /// while no die was rolled since (house rule: undo before dice).
    fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
        let rolled = events.iter().any(|e| {
            matches!(e, Event::Tested { .. } | Event::Volley { .. } | Event::InitiativeRolled { .. } | Event::PursuitRolled { .. } | Event::CommanderTested { .. })
        });
        if rolled {
            return None;
        }
        let side_of = |u: UnitId| b.unit(u).map(|u| u.side);
        match c {
            Command::Move { unit, .. } | Command::Reform { unit, .. } | Command::Return { unit, .. } => side_of(*unit),
            Command::DeclareCharge { charger, .. } => side_of(*charger),
            Command::Shoot { shooter, .. } => side_of(*shooter),
            Command::Attach { commander, .. } => b.global.commanders.iter().find(|k| k.id == *commander).map(|k| k.side),
            Command::Bid { .. } | Command::Momentum { .. } => events.iter().find_map(|e| match e {
                Event::SheetChanged { side, .. } => Some(*side),
                _ => None,
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::Ruleset;
    use std::collections::HashSet;

    /// What a click on `hex` by `unit` sends, if it sends a legal command.
    fn sent(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<Command> {
        match Swordpoint::click(b, legal, Some(unit), hex, false) {
            Intent::Send { command, .. } if legal.contains(&command) => Some(command),
            _ => None,
        }
    }

    /// At every decision of two random games: the legal commands have distinct codes; a click
    /// gives each kind of order the board marks (a move to the hex, a charge on the target, a
    /// shot at it); a decision shows while one is pending or a sheet is open; and every other
    /// piece of the presentation answers.
    #[test]
    fn every_decision_of_random_games_is_shown_and_clickable() {
        let scenario = crate::scenario::find_bundled("swordpoint-hastings-skirmish").expect("a bundled scenario");
        for seed in 1..=2 {
            // The odds are slow: one preview of each kind a game.
            let mut previewed = [false; 3];
            crate::sim::play_game::<Swordpoint>(&scenario, seed, |app| {
                let b = app.view();
                let legal = app.legal_commands();
                let codes: HashSet<String> = legal.iter().map(codes::code).collect();
                assert_eq!(codes.len(), legal.len(), "seed {seed}: codes shared among {legal:?}");
                let pending = !b.global.agenda.is_empty() || look::sealed(b.global.phase);
                assert_eq!(Swordpoint::decision(b, &legal).is_some(), pending && !legal.is_empty(), "seed {seed}: {:?}", b.global.phase);
                let hex_of = |u: UnitId| b.unit(u).and_then(|u| u.hex);
                let mut clicked = 0;
                for c in &legal {
                    assert!(!Swordpoint::command_label(b, c).is_empty());
                    let (unit, hex, kind) = match c {
                        Command::Move { unit, to, .. } if Some(*to) != hex_of(*unit) => (*unit, Some(*to), None),
                        Command::DeclareCharge { charger, target, .. } => (*charger, hex_of(*target), Some(1)),
                        Command::Shoot { shooter, target: Some(t) } => (*shooter, hex_of(*t), Some(0)),
                        Command::Momentum { .. } => {
                            if !previewed[2] {
                                previewed[2] = true;
                                Swordpoint::preview(b, c);
                            }
                            continue;
                        }
                        _ => continue,
                    };
                    let Some(hex) = hex else { continue };
                    if clicked < 6 {
                        clicked += 1;
                        let marks = Swordpoint::marks(b, &legal, Some(unit), None);
                        let marked = if kind.is_some() { &marks.targets } else { &marks.reach };
                        assert!(marked.contains(&hex), "seed {seed}: {c:?} unmarked");
                        let command = sent(b, &legal, unit, hex);
                        assert!(command.is_some(), "seed {seed}: no click gives {c:?}");
                        assert_eq!(codes::unit(&command.unwrap_or(Command::Seal)), Some(unit));
                    }
                    if let Some(k) = kind.filter(|k| !previewed[*k]) {
                        previewed[k] = true;
                        assert!(Swordpoint::preview(b, c).is_some(), "seed {seed}: no odds for {c:?}");
                    }
                }
                // A declaration phase names the units that may still charge; the order of battle
                // names each charge.
                let declaring = matches!(b.global.phase, super::super::state::Phase::DeclareMounted | super::super::state::Phase::DeclareFoot) && b.global.agenda.is_empty();
                if declaring && legal.iter().any(|c| matches!(c, Command::DeclareCharge { .. })) {
                    assert!(Swordpoint::status(b).iter().any(|l| l.starts_with("May still charge: ")), "seed {seed}: {:?}", Swordpoint::status(b));
                }
                for c in &b.global.charges {
                    if let Some(u) = b.unit(c.charger).filter(|u| u.hex.is_some()) {
                        assert!(Swordpoint::roster_line(b, u).contains(" · charges "), "seed {seed}");
                    }
                }
                for u in b.on_board() {
                    Swordpoint::counter(b, u);
                    Swordpoint::unit_card(b, u.id);
                    Swordpoint::unit_orders(b, &legal, u.id);
                    let marks = Swordpoint::marks(b, &legal, Some(u.id), u.hex);
                    for h in marks.targets.iter().take(2) {
                        Swordpoint::click(b, &legal, Some(u.id), *h, true);
                        Swordpoint::why_not(b, &legal, u.id, *h);
                    }
                }
                // The latest events only: the log grows with the game.
                for e in app.log().events.iter().rev().take(40) {
                    Swordpoint::event_line(b, e);
                    Swordpoint::event_rule(b, e);
                    Swordpoint::cue(b, e);
                }
            })
            .expect("a random game plays to its end");
        }
    }

    #[test]
    fn a_command_without_dice_is_taken_back_by_its_side_and_a_roll_stands() {
        let scenario = crate::scenario::find_bundled("swordpoint-hastings-skirmish").expect("a bundled scenario");
        let b = Swordpoint::setup(&scenario).expect("the scenario sets up");
        let unit = b.units.iter().find(|u| u.side == Side(1)).expect("a unit of side 1");
        let move_it = Command::Move { unit: unit.id, to: unit.hex.expect("on the table"), facing: unit.facing };
        assert_eq!(Swordpoint::taken_back_by(&b, &move_it, &[]), Some(Side(1)));
        let roll = Event::InitiativeRolled { bids: [0, 0], faces: [3, 4], winner: Some(Side(1)) };
        assert_eq!(Swordpoint::taken_back_by(&b, &move_it, &[roll]), None);
        let bid = Event::SheetChanged { side: Side(0), sheet: Default::default() };
        assert_eq!(Swordpoint::taken_back_by(&b, &Command::Bid { points: 2 }, &[bid]), Some(Side(0)));
        assert_eq!(Swordpoint::taken_back_by(&b, &Command::Seal, &[]), None);
    }
}
