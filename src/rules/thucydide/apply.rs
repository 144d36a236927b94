//! The one place a Thucydide battle changes: applying an event to the state.

use super::Thucydide;
use super::army::PANICKED_ELEPHANT;
use super::data::index_of;
use super::event::Event;
use super::state::UnitState;
use crate::battle::{Battle, Unit};

pub fn apply(b: &mut Battle<Thucydide>, event: &Event) {
    match event {
        Event::TurnStarted { turn, side } => {
            b.turn = *turn;
            b.active = *side;
            for u in b.units.iter_mut().filter(|u| u.side == *side) {
                u.state.activated = false;
                u.state.moved = None;
                u.state.fought = false;
            }
        }
        Event::PhaseStarted { phase } => b.global.phase = *phase,
        Event::UnitActivated { unit, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.activated = true;
            }
        }
        Event::OrderTokensChanged { side, tokens, .. } => b.global.order_tokens[side.index()] = *tokens,
        Event::UnitMoved { unit, path, mode } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = path.last().copied().or(u.hex);
                u.state.moved = Some(*mode);
            }
        }
        Event::CombatStarted { attacker, role, .. } => {
            if matches!(role, super::state::Role::Attack) {
                if let Some(u) = b.unit_mut(*attacker) {
                    u.state.fought = true;
                }
            }
        }
        Event::ElementsLost { unit, strength, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.state.strength = *strength;
                // The last element gone, the unit is gone: never on the board with no strength.
                if *strength == 0 {
                    u.hex = None;
                }
            }
        }
        Event::UnitDestroyed { unit } | Event::UnitLeftBoard { unit, .. } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = None;
                if matches!(event, Event::UnitDestroyed { .. }) {
                    u.state.strength = 0;
                }
            }
        }
        Event::Retreated { unit, path, .. } => {
            // A flight whose last hex is off the map takes the unit off the board.
            let end = path.last().map(|last| b.map.contains(*last).then_some(*last));
            if let (Some(u), Some(end)) = (b.unit_mut(*unit), end) {
                u.hex = end;
            }
        }
        Event::FollowedUp { unit, to, .. } | Event::Pursued { unit, to } => {
            if let Some(u) = b.unit_mut(*unit) {
                u.hex = Some(*to);
            }
        }
        Event::ElephantPanicked { elephant, side, at, .. } => {
            let profile = index_of(&b.global.profiles, PANICKED_ELEPHANT).unwrap_or(0);
            let kind = b.global.profiles[usize::from(profile)].clone();
            let facing = b.edge(side.other()).facing_away().opposite();
            b.insert_unit(Unit {
                id: *elephant,
                side: *side,
                hex: Some(*at),
                facing,
                state: UnitState {
                    profile,
                    kind,
                    strength: 1,
                    full_strength: 1,
                    activated: false,
                    moved: None,
                    fought: false,
                    panicked: true,
                    original: false,
                },
            });
        }
        Event::ProfileChanged { unit, profile, .. } => {
            let found = index_of(&b.global.profiles, profile).map(|p| (p, b.global.profiles[usize::from(p)].clone()));
            if let (Some((p, kind)), Some(u)) = (found, b.unit_mut(*unit)) {
                u.state.profile = p;
                u.state.kind = kind;
            }
        }
        Event::LeaderFled { leader, to } => {
            if let Some(l) = b.global.leaders.iter_mut().find(|l| l.id == *leader) {
                l.unit = Some(*to);
            }
        }
        Event::LeaderRemoved { leader, .. } => {
            if let Some(l) = b.global.leaders.iter_mut().find(|l| l.id == *leader) {
                l.unit = None;
            }
        }
        Event::CommanderLost { side } => b.global.skip_turn[side.index()] = true,
        Event::CommanderRedeployed { leader, unit, replaces } => {
            for l in b.global.leaders.iter_mut() {
                if l.id == *leader {
                    l.unit = Some(*unit);
                } else if Some(l.id) == *replaces {
                    l.unit = None;
                }
            }
        }
        Event::TurnPassed { side, .. } => {
            b.global.skip_turn[side.index()] = false;
        }
        Event::BattleEnded { outcome } => b.global.outcome = Some(outcome.clone()),
        Event::AgendaChanged { agenda } => b.global.agenda = agenda.clone(),
        Event::DefenceChosen { .. }
        | Event::DiceCounted { .. }
        | Event::DiceRolled { .. }
        | Event::MoraleHitIgnored { .. }
        | Event::FollowUpDeclined { .. }
        | Event::PursuitDeclined { .. }
        | Event::RiposteDeclined { .. }
        | Event::PanicRolled { .. } => {}
    }
}
