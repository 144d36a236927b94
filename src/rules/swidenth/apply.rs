//! How each event changes a Swidenth battle: the only way one changes.

use super::event::{Deed, DuelKind, Event, Hand};
use super::figure::{self, B, U};
use super::state::{Activation, First, LeaderPhase, Phase};
use crate::battle::UnitId;

fn with_unit(b: &mut B, id: UnitId, change: impl FnOnce(&mut U)) {
    if let Some(u) = b.unit_mut(id) {
        change(u);
    }
}

/// A figure next to an enemy is no longer hidden (H-S9).
fn unmask_engaged(b: &mut B) {
    let spotted: Vec<UnitId> = b.on_board().filter(|u| u.state.camouflaged && figure::is_engaged(b, u)).map(|u| u.id).collect();
    for id in spotted {
        with_unit(b, id, |u| u.state.camouflaged = false);
    }
}

pub fn apply(b: &mut B, event: &Event) {
    match event {
        Event::TurnStarted { turn } => {
            b.turn = *turn;
            b.global.phase = Phase::Opening;
            b.global.leader = None;
            for u in b.units.iter_mut() {
                u.state.activation = Activation::Ready;
                u.state.charging.clear();
            }
        }
        Event::Initiative { side, .. } => {
            b.global.initiative = *side;
            b.active = *side;
        }
        Event::PhaseStarted { phase, side, leader, eligible } => {
            b.global.phase = *phase;
            b.active = *side;
            b.global.leader = leader.map(|leader| LeaderPhase { leader, eligible: eligible.clone() });
        }
        Event::Moved { figure, path, run, engaged } => {
            with_unit(b, *figure, |u| {
                if let Some(end) = path.last() {
                    u.hex = Some(*end);
                }
                u.state.camouflaged = false;
                if *run {
                    u.state.activation = Activation::Done;
                } else {
                    u.state.activation = Activation::Started(First::Moved);
                    u.state.charging = engaged.clone();
                }
            });
            unmask_engaged(b);
        }
        Event::Acted { figure, deed } => {
            let door_or_lever = *deed;
            with_unit(b, *figure, |u| {
                let s = &mut u.state;
                s.activation = match deed {
                    Deed::Concentrated => Activation::Started(First::Concentrated),
                    Deed::Reloaded => Activation::Started(First::Reloaded),
                    Deed::Waited => Activation::Started(First::Nothing),
                    _ => Activation::Done,
                };
                match deed {
                    Deed::Reloaded => s.unloaded = false,
                    Deed::Camouflaged => s.camouflaged = true,
                    Deed::PickedUp => {
                        s.dropped_main = false;
                        s.dropped_off = false;
                    }
                    _ => {}
                }
            });
            match door_or_lever {
                Deed::Unlocked(d) => {
                    if let Some(door) = b.global.doors.get_mut(usize::from(d)) {
                        door.open = true;
                    }
                }
                Deed::Pulled(l) => pull(b, l),
                _ => {}
            }
        }
        Event::Split(split) => {
            b.global.subgroups.retain(|s| s.group != split.group);
            b.global.subgroups.push(split.clone());
        }
        Event::Duel(d) => {
            let shooter = d.acting.figure;
            if d.kind == DuelKind::Melee {
                for id in [d.acting.figure, d.opposing.figure] {
                    with_unit(b, id, |u| u.state.camouflaged = false);
                }
            } else {
                with_unit(b, shooter, |u| {
                    u.state.camouflaged = false;
                    if d.kind == DuelKind::Shot && figure::missile(&u.state).is_some_and(|w| w.reload) {
                        u.state.unloaded = true;
                    }
                });
            }
        }
        Event::Fumble { figure, hand, dropped, .. } => {
            if dropped.is_some() {
                with_unit(b, *figure, |u| match hand {
                    Hand::Main => u.state.dropped_main = true,
                    Hand::Off => u.state.dropped_off = true,
                });
            }
        }
        Event::Pushed { moves } => {
            for (id, _, to) in moves {
                with_unit(b, *id, |u| {
                    u.hex = Some(*to);
                    u.state.camouflaged = false;
                });
            }
            unmask_engaged(b);
        }
        Event::Stunned { figure, until, .. } => with_unit(b, *figure, |u| u.state.stuns.push(*until)),
        Event::Wounded { figure, left, horrible, by_enemy } => with_unit(b, *figure, |u| {
            u.state.vitalite = *left;
            u.state.wounds += 1;
            u.state.horrible += u8::from(*horrible);
            u.state.horrible_by_enemy += u8::from(*horrible && *by_enemy);
        }),
        Event::OutOfAction { figure, horrible, by_enemy } => with_unit(b, *figure, |u| {
            u.state.vitalite = 0;
            u.state.wounds += 1;
            u.state.horrible += u8::from(*horrible);
            u.state.horrible_by_enemy += u8::from(*horrible && *by_enemy);
            u.state.out = true;
            u.state.stuns.clear();
            u.state.camouflaged = false;
            u.hex = None;
        }),
        Event::Healed { figure, stuns, vitalite } => with_unit(b, *figure, |u| {
            let keep = u.state.stuns.len().saturating_sub(usize::from(*stuns));
            u.state.stuns.truncate(keep);
            u.state.vitalite = *vitalite;
        }),
        Event::Shielded { figure, until } => with_unit(b, *figure, |u| u.state.shielded_until = Some(*until)),
        Event::ActivationEnded { figure } => with_unit(b, *figure, |u| u.state.activation = Activation::Done),
        Event::StunsWornOff { figure, .. } => {
            let turn = b.turn;
            with_unit(b, *figure, |u| u.state.stuns.retain(|t| *t > turn));
        }
        Event::BattleEnded { outcome, .. } => b.global.outcome = Some(outcome.clone()),
        Event::AgendaChanged { agenda } => b.global.agenda = agenda.clone(),
        Event::RoutTest { .. } | Event::TerrorTest { .. } | Event::BravoureTest(_) | Event::StrayRoll { .. } | Event::Spell { .. } | Event::LeftStanding { .. } | Event::TurnEnded { .. } => {}
    }
}

/// A lever opens its shut doors and shuts its open ones, but not on a figure standing in one.
fn pull(b: &mut B, lever: u8) {
    let Some(l) = b.global.levers.get(usize::from(lever)).cloned() else { return };
    for d in l.doors {
        let Some(hex) = b.global.doors.get(usize::from(d)).map(|d| d.hex) else { continue };
        let occupied = b.on_board().any(|u| u.hex == Some(hex));
        if let Some(door) = b.global.doors.get_mut(usize::from(d)) {
            door.open = !door.open || occupied;
        }
    }
    if let Some(l) = b.global.levers.get_mut(usize::from(lever)) {
        l.pulled = !l.pulled;
    }
}
