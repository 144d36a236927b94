//! How each event changes a Black Powder battle: the only way one changes.

use super::event::{Event, MoveKind, VolleyKind};
use super::state::{Phase, Response};
use super::unit::B;
use crate::battle::{Side, UnitId};

fn with_unit(b: &mut B, id: UnitId, change: impl FnOnce(&mut super::unit::U)) {
    if let Some(u) = b.unit_mut(id) {
        change(u);
    }
}

pub fn apply(b: &mut B, event: &Event) {
    match event {
        Event::TurnStarted { turn, side } => start_turn(b, *turn, *side),
        Event::PhaseStarted { phase } => {
            b.global.phase = *phase;
            for u in b.units.iter_mut() {
                u.state.moves_left = 0;
            }
        }
        Event::EliteRolled { unit, recovered, .. } => with_unit(b, *unit, |u| u.state.disordered &= !recovered),
        Event::BraveRolled { unit, rallied, .. } => {
            if *rallied {
                with_unit(b, *unit, |u| u.state.casualties = u.state.casualties.saturating_sub(1));
            }
        }
        Event::MovesGranted { units, moves, rule } => {
            // An initiative move makes a unit unorderable only once it is taken (HB-5).
            let initiative = rule.starts_with("HB-5");
            for id in units {
                with_unit(b, *id, |u| {
                    u.state.moves_left = *moves;
                    u.state.ordered |= !initiative;
                });
            }
        }
        Event::OrderRolled { commander, result, .. } => {
            let ends = !matches!(result, super::order::CommandResult::Moves(_) | super::order::CommandResult::Stalled);
            if let Some(c) = b.global.commanders.iter_mut().find(|c| c.id == *commander) {
                c.done |= ends;
            }
        }
        Event::Blundered { units, .. } => {
            for id in units {
                with_unit(b, *id, |u| u.state.ordered = true);
            }
        }
        Event::Moved { unit, path, facing, kind, moves } => {
            with_unit(b, *unit, |u| {
                if let Some(last) = path.last() {
                    u.hex = Some(*last);
                }
                u.facing = *facing;
                spend(&mut u.state, *moves);
                if *kind == MoveKind::Charge {
                    u.state.charged = true;
                }
            });
        }
        Event::Formed { unit, formation, moves, .. } => with_unit(b, *unit, |u| {
            u.state.formation = *formation;
            spend(&mut u.state, *moves);
            if *moves == 0 && u.state.is_artillery() {
                u.state.free_limbers = u.state.free_limbers.saturating_add(1);
            }
        }),
        Event::Faced { unit, facing, moves, .. } => with_unit(b, *unit, |u| {
            u.facing = *facing;
            spend(&mut u.state, *moves);
        }),
        Event::Rallied { unit } => with_unit(b, *unit, |u| {
            u.state.casualties = u.state.casualties.saturating_sub(1);
            spend(&mut u.state, 1);
        }),
        Event::Halted { unit } => with_unit(b, *unit, |u| u.state.moves_left = 0),
        Event::CommanderRode { commander, to, rule } => {
            if let Some(c) = b.global.commanders.iter_mut().find(|c| c.id == *commander) {
                c.hex = *to;
                if rule.starts_with("HB-2 (his own move)") {
                    c.moved = true;
                }
            }
        }
        Event::ChargeDeclared { unit, .. } => with_unit(b, *unit, |u| spend(&mut u.state, 1)),
        Event::Responded { unit, response } => {
            if *response == Response::CounterCharge {
                with_unit(b, *unit, |u| u.state.charged = true);
            }
        }
        Event::ChargeStopped { .. } => {}
        Event::ChargeBonusLost { unit, .. } => with_unit(b, *unit, |u| u.state.charged = false),
        Event::FreshlyRaised { unit, becomes, .. } => with_unit(b, *unit, |u| {
            u.state.fresh_tested = true;
            u.state.gained = *becomes;
        }),
        Event::StaminaRolled { unit, stamina, .. } => with_unit(b, *unit, |u| u.state.stamina = Some(*stamina)),
        Event::Volley(v) => {
            with_unit(b, v.by, |u| match v.kind {
                VolleyKind::Shooting => {
                    u.state.shot_at.push(v.target);
                    u.state.has_shot = true;
                }
                VolleyKind::ClosingFire => u.state.has_shot = true,
                VolleyKind::Melee => u.state.fought = true,
            });
            with_unit(b, v.target, |u| u.state.casualties = u.state.casualties.saturating_add(v.casualties));
        }
        Event::MeleeResult { .. } => {}
        Event::BreakTest { unit, .. } => with_unit(b, *unit, |u| u.state.tested = true),
        Event::Disorder { unit, on, .. } => with_unit(b, *unit, |u| u.state.disordered = *on),
        Event::CasualtiesReset { unit, casualties } => with_unit(b, *unit, |u| u.state.casualties = *casualties),
        Event::Destroyed { unit, .. } => with_unit(b, *unit, |u| {
            u.hex = None;
            u.state.destroyed = true;
            u.state.moves_left = 0;
        }),
        Event::RoundWon { unit, won } => with_unit(b, *unit, |u| u.state.won_last_round = *won),
        Event::BrigadeBroken { brigade } => {
            if let Some(br) = b.global.brigades.iter_mut().find(|br| br.id == *brigade) {
                br.broken = true;
            }
        }
        Event::AgendaChanged { agenda } => b.global.agenda = agenda.clone(),
        Event::BattleEnded { outcome } => {
            b.global.outcome = Some(outcome.clone());
            b.global.agenda.clear();
        }
    }
}

/// A move spent: one fewer left, one more made.
fn spend(s: &mut super::state::UnitState, moves: u8) {
    s.moves_left = s.moves_left.saturating_sub(moves);
    s.moves_made = s.moves_made.saturating_add(moves);
    s.ordered |= moves > 0;
}

/// A player-turn opens: the side's units and commanders start afresh; charges are of this turn.
fn start_turn(b: &mut B, turn: u32, side: Side) {
    let out_of_melee: Vec<UnitId> = b.units.iter().filter(|u| !super::unit::engaged(b, u)).map(|u| u.id).collect();
    for id in out_of_melee {
        with_unit(b, id, |u| u.state.won_last_round = false);
    }
    b.turn = turn;
    b.active = side;
    b.global.phase = Phase::Orders;
    for u in b.units.iter_mut() {
        u.state.charged = false;
        u.state.moves_left = 0;
        if u.side == side {
            u.state.moves_made = 0;
            u.state.free_limbers = 0;
            u.state.ordered = false;
            u.state.shot_at.clear();
        }
    }
    for c in b.global.commanders.iter_mut().filter(|c| c.side == side) {
        c.done = false;
        c.moved = false;
    }
}
