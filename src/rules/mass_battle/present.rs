//! The mass battle's presentation contract: the words (`words`), the pictures (`look`), the
//! board's meaning (`board`), the odds (`odds`), the pace of the shown events and the undo rule.

use super::MassBattle;
use super::command::Command;
use super::event::Event;
use super::state::UnitState;
use super::{board, look, odds, words};
use crate::battle::look::{Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview, Token};
use crate::battle::{Battle, Present, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<MassBattle>;

impl Present for MassBattle {
    fn arrows(b: &B) -> Vec<crate::battle::look::Arrow> {
        super::arrows::arrows(b)
    }

    /// The counter's line, then its order (its own draft or the revealed order the viewer may
    /// know) and the hero serving as its officer.
    fn roster_line(b: &B, u: &Unit<UnitState>) -> String {
        let mut line = crate::battle::look::roster_basics(&look::counter(b, u), u.hex);
        let draft = b.global.drafts[u.side.index()].iter().find(|(id, _)| *id == u.id).map(|(_, o)| o);
        if let Some(order) = u.state.order.as_ref().or(draft) {
            line.push_str(&format!(" · order: {}", words::order_label(b, order)));
        }
        if let Some((officer, _)) = u.state.officer {
            line.push_str(&format!(" · officer: {}", words::name(b, officer)));
        }
        line
    }

    fn stamps(b: &B) -> Vec<crate::battle::look::Stamp> {
        super::stamps::stamps(b)
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
            Command::Give { order, .. } => board::aim(order).0,
            Command::Pursue { target, .. } => Some(*target),
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

    /// The End phase button seals the orders, or ends the rally attempts.
    fn ends_phase(c: &Command) -> bool {
        matches!(c, Command::Seal | Command::EndRallies)
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

    /// Dice longest, then what they did, then moves and the sequence's steps.
    fn pause_after(e: &Event) -> f32 {
        match e {
            Event::Attacked(_) | Event::MoraleTest { .. } | Event::DuelRound { .. } => 0.8,
            Event::DamageTaken { .. } | Event::Removed { .. } | Event::Demoralised { .. } | Event::HeroFell { .. } | Event::BreachOpened { .. } => 0.45,
            Event::Moved { .. } | Event::OrdersRevealed { .. } => 0.3,
            Event::PhaseStarted { .. } | Event::SequenceStarted { .. } | Event::BattleEnded { .. } => 0.3,
            _ => 0.0,
        }
    }

    fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
        board::taken_back_by(b, c, events)
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::{Order, Phase};
    use super::*;
    use crate::ai::{Ai, Level};
    use crate::battle::Ruleset;
    use crate::battle::look::Intent;
    use std::collections::HashSet;

    /// At every decision of two games between computer players, on both bundled scenarios: the
    /// legal commands have distinct codes and labels; a click on an order's target or hex gives
    /// that unit an order on it (a Shift-click for an engagement or a duel), marked on the board; a
    /// shot and an engagement have their odds; a decision shows exactly in the morale phase's
    /// rallies and the movement phase's pursuit choices; every other piece answers.
    #[test]
    fn every_decision_of_computer_games_is_shown_and_clickable() {
        for id in ["mass-battle-field", "mass-battle-heroes"] {
            let scenario = crate::scenario::find_bundled(id).expect("a bundled scenario");
            for seed in 1..=2 {
                let (mut a, mut b) = (Ai::new(Level::Easy, seed), Ai::new(Level::Normal, seed + 7));
                let mut previewed = false;
                crate::sim::play_game_between::<MassBattle>(
                    &scenario,
                    seed,
                    [&mut a, &mut b],
                    |app| {
                        let b = app.view();
                        let legal = app.legal_commands();
                        let codes: HashSet<String> = legal.iter().map(words::command_code).collect();
                        assert_eq!(codes.len(), legal.len(), "{id} {seed}: codes shared among {legal:?}");
                        let labels: HashSet<String> = legal.iter().map(|c| MassBattle::command_label(b, c)).collect();
                        assert_eq!(labels.len(), legal.len(), "{id} {seed}: labels shared");
                        let asked = matches!(b.global.phase, Phase::Morale | Phase::Movement) && !legal.is_empty();
                        assert_eq!(MassBattle::decision(b, &legal).is_some(), asked, "{id} {seed}: decision in {:?}", b.global.phase);
                        let mut clicked = 0;
                        for c in &legal {
                            let Command::Give { unit, order } = c else { continue };
                            let (target, hex) = match order {
                                Order::Shoot(t) | Order::Engage(t) | Order::Duel(t) | Order::Cast(t) => (Some(*t), b.unit(*t).and_then(|t| t.hex)),
                                Order::March(h) => (None, Some(*h)),
                                _ => continue,
                            };
                            let Some(hex) = hex else { continue };
                            if clicked < 8 {
                                clicked += 1;
                                let marks = MassBattle::marks(b, &legal, Some(*unit), None);
                                let marked = if target.is_some() { marks.targets.contains(&hex) || marks.shift_targets.contains(&hex) } else { marks.reach.contains(&hex) };
                                assert!(marked, "{id} {seed}: {c:?} unmarked");
                                // The plain ring where a plain click gives an order, the dashed one where only Shift does.
                                if marks.shift_targets.contains(&hex) {
                                    assert!(!matches!(MassBattle::click(b, &legal, Some(*unit), hex, false), Intent::Send { .. }), "{id} {seed}: a dashed ring on {hex:?} that a plain click orders");
                                }
                                // A melee is a Shift-click for a unit that shoots, a plain one for any other.
                                let shift = matches!(order, Order::Engage(_) | Order::Duel(_));
                                let sent = match MassBattle::click(b, &legal, Some(*unit), hex, shift) {
                                    Intent::Send { command, .. } => Some(command),
                                    _ => None,
                                };
                                assert!(sent.as_ref().is_some_and(|s| legal.contains(s) && words::command_unit(s) == Some(*unit)), "{id} {seed}: no click gives {c:?}");
                            }
                            if !previewed && matches!(order, Order::Shoot(_) | Order::Engage(_)) {
                                previewed = true;
                                assert!(MassBattle::preview(b, c).is_some(), "{id} {seed}: no odds for {c:?}");
                            }
                        }
                        MassBattle::status(b);
                        // Every order the viewer may know is in the order of battle and on the board,
                        // a targetless one as its word on the unit's own hex.
                        let arrows = MassBattle::arrows(b);
                        for (unit, order) in b.global.drafts.iter().flatten() {
                            let Some(u) = b.unit(*unit).filter(|u| u.hex.is_some() && u.state.order.is_none()) else { continue };
                            assert!(MassBattle::roster_line(b, u).contains(" · order: "), "{id} {seed}");
                            if matches!(order, Order::Hold | Order::Rally | Order::Withdraw | Order::Retreat | Order::Flee) {
                                assert!(arrows.iter().any(|a| a.from == a.to && u.hex == Some(a.from)), "{id} {seed}: {order:?} unmarked");
                            }
                        }
                        for u in b.on_board() {
                            MassBattle::counter(b, u);
                            MassBattle::unit_card(b, u.id);
                            MassBattle::unit_orders(b, &legal, u.id);
                            if let Some(h) = u.hex {
                                MassBattle::terrain_card(b, h);
                                MassBattle::marks(b, &legal, Some(u.id), Some(h));
                            }
                            if let Some(enemy) = b.on_board().find(|e| e.side != u.side).and_then(|e| e.hex) {
                                MassBattle::why_not(b, &legal, u.id, enemy);
                            }
                        }
                        for e in app.log().events.iter().rev().take(40) {
                            MassBattle::event_line(b, e);
                            MassBattle::event_rule(b, e);
                            MassBattle::cue(b, e);
                        }
                    },
                    |_, _| {},
                )
                .expect("a game plays to its end");
                assert!(previewed, "{id} {seed}: no shot or engagement was ever legal");
            }
        }
    }

    #[test]
    fn an_order_is_taken_back_until_the_seal_and_a_rally_stands() {
        let scenario = crate::scenario::find_bundled("mass-battle-field").expect("a bundled scenario");
        let b = MassBattle::setup(&scenario).expect("the scenario sets up");
        let unit = b.units.iter().find(|u| u.side == Side(1)).expect("a unit of side 1");
        let hold = Command::Give { unit: unit.id, order: Order::Hold };
        assert_eq!(MassBattle::taken_back_by(&b, &hold, &[]), Some(Side(1)));
        assert_eq!(MassBattle::taken_back_by(&b, &Command::Seal, &[Event::Sealed { side: Side(0) }]), None);
        assert_eq!(MassBattle::taken_back_by(&b, &Command::Rally { unit: unit.id }, &[]), None);
    }
}
