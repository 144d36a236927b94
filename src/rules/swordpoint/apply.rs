//! The one place a Swordpoint battle changes: applying an event to the state.

use super::Swordpoint;
use super::event::{Event, Marker, MoveKind, Test};
use super::state::{Combat, Phase, Response, Sheet};
use crate::battle::Battle;

pub fn apply(b: &mut Battle<Swordpoint>, event: &Event) {
    let g = &mut b.global;
    match event {
        Event::TurnStarted { turn } => {
            b.turn = *turn;
            g.charges.clear();
            g.returning.clear();
            g.general_fell_last_turn = std::mem::take(&mut g.general_fell);
            g.pursuits.clear();
            for c in &mut g.combats {
                c.first_round = false;
            }
            g.disengaging.clear();
            g.fled_in_declarations.clear();
            for c in &mut g.commanders {
                c.rode = false;
            }
            for u in &mut b.units {
                let s = &mut u.state;
                s.recoiled_last_turn = s.recoiled;
                s.pursued_into_last_turn = s.pursued_into;
                s.recoiled = false;
                s.pursued_into = false;
                s.charged = false;
                s.terrified = false;
                s.must_charge = false;
                s.shot_losses = 0;
                s.moved = false;
                s.won_combat = false;
            }
        }
        Event::PhaseStarted { phase } => {
            g.phase = *phase;
            g.stage = 0;
            if matches!(phase, Phase::ShootingDeclare | Phase::Initiative | Phase::CombatMomentum) {
                g.sheets = [Sheet::default(), Sheet::default()];
            }
            if *phase == Phase::CombatResolve {
                for u in &mut b.units {
                    u.state.won_combat = false;
                }
            }
        }
        Event::MoverChanged { side } => b.active = *side,
        Event::Stage { stage } => g.stage = *stage,
        Event::MomentumChanged { side, pool, .. } => g.momentum[side.index()] = *pool,
        Event::SheetChanged { side, sheet } => g.sheets[side.index()] = sheet.clone(),
        Event::SheetSealed { side } => g.sheets[side.index()].sealed = true,
        Event::SheetsRevealed { sheets } => g.sheets = sheets.clone(),
        Event::Tested { unit, test: Test::Return, passed: true, .. } => g.returning.push(*unit),
        Event::InitiativeRolled { winner: Some(side), .. } => g.initiative = *side,
        Event::Tested { .. } | Event::Volley { .. } | Event::InitiativeRolled { .. } | Event::LoserResult { .. } | Event::RecoilBlocked { .. } | Event::PursuitRolled { .. } => {}
        Event::CombatScored { combat, winner, .. } => {
            let units = g.combats.iter().find(|c| c.id == *combat).map(|c| c.units.clone()).unwrap_or_default();
            for u in b.units.iter_mut().filter(|u| units.contains(&u.id)) {
                u.state.won_combat = winner.is_none_or(|w| w == u.side);
            }
        }
        Event::CommanderTested { commander, killed, .. } => {
            if *killed {
                let at = g.commanders.iter().find(|c| c.id == *commander).and_then(|c| c.unit).and_then(|u| b.units.iter().find(|x| x.id == u)).and_then(|u| u.hex);
                if let Some(c) = g.commanders.iter_mut().find(|c| c.id == *commander) {
                    c.unit = None;
                    if c.rank == super::data::CommanderRank::ArmyGeneral {
                        g.general_fell[c.side.index()] = at.map(crate::hex::hex_key);
                    }
                }
            }
        }
        Event::CommanderAttached { commander, unit } => {
            if let Some(c) = g.commanders.iter_mut().find(|c| c.id == *commander) {
                c.unit = Some(*unit);
                c.rode = true;
            }
        }
        Event::MarkerChanged { unit, marker, on, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                let s = &mut u.state;
                match marker {
                    Marker::Demoralised => s.demoralised = *on,
                    Marker::Fleeing => s.fleeing = *on,
                    Marker::Disorganised => s.disorganised = *on,
                    Marker::Terrified => s.terrified = *on,
                    Marker::MustCharge => s.must_charge = *on,
                    Marker::Charged => s.charged = *on,
                    Marker::CaughtByPursuer => s.pursued_into = *on,
                    Marker::StubbornUsed => s.stubborn_spent = *on,
                    Marker::ShockUsed => s.shock_spent = *on,
                }
            }
        }
        Event::FiguresLost { unit, figures, lost } => {
            let shooting = g.phase == Phase::ShootingDeclare;
            if let Some(u) = b.unit_mut(*unit) {
                u.state.figures = *figures;
                if shooting {
                    u.state.shot_losses = u.state.shot_losses.saturating_add(*lost);
                }
            }
        }
        Event::ChargeDeclared { charger, target, to } => {
            g.charges.push(super::state::Charge { charger: *charger, target: *target, to: *to, response: None });
        }
        Event::Responded { unit, response } => {
            for c in g.charges.iter_mut().filter(|c| c.target == *unit && c.response.is_none()) {
                c.response = Some(*response);
            }
            // A unit already fleeing answers Flee too, and may still rally (H-28).
            let steady = b.unit(*unit).is_some_and(|u| !u.state.fleeing);
            if *response == Response::Flee && steady {
                b.global.fled_in_declarations.push(*unit);
            }
        }
        Event::DisengageDeclared { unit, allowed, pursuer } => {
            if *allowed {
                g.disengaging.push(*unit);
            } else {
                g.fled_in_declarations.push(*unit);
                if let Some(p) = pursuer {
                    g.pursuits.push((*p, *unit));
                }
            }
        }
        Event::ImpetuousChose { .. } | Event::DeclarationsEnded { .. } | Event::MovesEnded { .. } => {}
        Event::UnitMoved { unit, path, facing, kind } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = path.last().copied().or(u.hex);
                u.facing = *facing;
                match kind {
                    MoveKind::Recoil => u.state.recoiled = true,
                    MoveKind::Move | MoveKind::Charge | MoveKind::Return => u.state.moved = true,
                    _ => {}
                }
            }
        }
        Event::Reformed { unit, frontage } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.frontage = *frontage;
                u.state.moved = true;
            }
        }
        Event::UnitLeftTable { unit } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.off_table = u.hex;
                u.hex = None;
            }
        }
        Event::UnitReturned { unit, at, facing } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.off_table = None;
                u.state.fleeing = false;
                u.state.demoralised = true;
                u.state.moved = true;
                u.hex = Some(*at);
                u.facing = *facing;
            }
        }
        Event::UnitDestroyed { unit, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.destroyed = true;
                u.state.off_table = None;
                u.hex = None;
            }
        }
        Event::CombatStarted { combat, units } => {
            g.combats.push(Combat { id: *combat, units: units.clone(), first_round: true });
            g.next_combat = g.next_combat.max(combat + 1);
        }
        Event::CombatJoined { combat, unit } => {
            if let Some(c) = g.combats.iter_mut().find(|c| c.id == *combat) {
                if let Err(at) = c.units.binary_search(unit) {
                    c.units.insert(at, *unit);
                }
            }
        }
        Event::UnitLeftCombat { combat, unit } => {
            if let Some(c) = g.combats.iter_mut().find(|c| c.id == *combat) {
                c.units.retain(|u| u != unit);
            }
        }
        Event::CombatEnded { combat } => g.combats.retain(|c| c.id != *combat),
        Event::AgendaChanged { agenda } => g.agenda = agenda.clone(),
        Event::BattleEnded { outcome } => g.outcome = Some(outcome.clone()),
    }
}
