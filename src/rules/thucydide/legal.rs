//! The one source of legality: every command the deciding side may issue now, and the options of
//! each pending decision. The UI highlights, the AI choices and the check on every command all
//! come from here.

use super::Thucydide;
use super::combat::{cannot_attack, targets};
use super::command::Command;
use super::data::Mobility;
use super::leaders::{can_redeploy, redeploy_places, refuges};
use super::movement::{all_destinations, terrain_cost};
use super::retreat::retreat_paths;
use super::sight::Sight;
use super::state::{Phase, Step, UnitState};
use crate::battle::{Battle, Side, Unit};

type B = Battle<Thucydide>;

/// The side the battle waits on: the owner of the pending decision, else the active side.
pub fn deciding_side(b: &B) -> Option<Side> {
    if b.global.outcome.is_some() {
        return None;
    }
    Some(b.global.agenda.last().and_then(|s| step_side(b, s)).unwrap_or(b.active))
}

fn step_side(b: &B, step: &Step) -> Option<Side> {
    let side_of = |id| b.unit(id).map(|u| u.side);
    match step {
        Step::Defence(c) => side_of(c.defender),
        Step::FollowUp(c) => side_of(c.attacker),
        Step::Riposte(c) => side_of(c.defender),
        Step::Retreat { unit, .. } | Step::Pursuit { unit } | Step::PanicFlight { unit, .. } | Step::PanicRoll { unit } => side_of(*unit),
        Step::LeaderFlight { leader, .. } => b.global.leaders.iter().find(|l| l.id == *leader).map(|l| l.side),
        Step::Roll(_) | Step::Aftermath(_) => None,
    }
}

pub fn legal_commands(b: &B) -> Vec<Command> {
    if b.global.outcome.is_some() {
        return Vec::new();
    }
    if let Some(step) = b.global.agenda.last() {
        return decision_options(b, step).unwrap_or_default();
    }
    let side = b.active;
    let mut out = Vec::new();
    match b.global.phase {
        Phase::Redeploy => {
            if can_redeploy(b, side) {
                out.extend(redeploy_places(b, side).into_iter().map(|(unit, _)| Command::Redeploy { unit }));
            } else {
                // Nothing to put back (a passed turn kept only for the panic rolls): the turn just ends.
                out.push(Command::EndPhase);
            }
        }
        Phase::Movement | Phase::Combat => {
            let sight = (b.global.phase == Phase::Combat).then(|| Sight::new(b));
            for u in b.on_board().filter(|u| u.side == side) {
                out.extend(unit_commands(b, u, sight.as_ref()));
            }
            out.push(Command::EndPhase);
        }
    }
    out
}

/// What one unit of the active side may be ordered to do in the movement or combat phase (with the
/// combat phase's sight): `legal_commands` is these for every unit, plus the end of the phase.
fn unit_commands(b: &B, u: &Unit<UnitState>, sight: Option<&Sight>) -> Vec<Command> {
    let mut out = Vec::new();
    let tokens = b.global.order_tokens[u.side.index()];
    match (b.global.phase, sight) {
        (Phase::Movement, _) if u.state.panicked || u.state.moved.is_some() => {}
        (Phase::Movement, _) if !u.state.activated => {
            if tokens > 0 {
                out.push(Command::Activate { unit: u.id });
            }
        }
        (Phase::Movement, _) => out.extend(all_destinations(b, u.id).into_iter().map(|(mode, to)| Command::Move { unit: u.id, to, mode })),
        (Phase::Combat, Some(sight)) if cannot_attack(b, u).is_none() => {
            for (target, _) in targets(b, sight, u) {
                out.push(Command::Attack { attacker: u.id, target, attack_order: false });
                if tokens > 0 {
                    out.push(Command::Attack { attacker: u.id, target, attack_order: true });
                }
            }
        }
        _ => {}
    }
    out
}

/// Whether `legal_commands` would offer `command`, working out only the options of the unit it
/// names (the check every command goes through).
pub fn is_legal(b: &B, command: &Command) -> bool {
    if b.global.outcome.is_some() {
        return false;
    }
    if !b.global.agenda.is_empty() || !matches!(b.global.phase, Phase::Movement | Phase::Combat) {
        return legal_commands(b).contains(command);
    }
    let unit = match command {
        Command::EndPhase => return true,
        Command::Move { unit, .. } | Command::Activate { unit } => *unit,
        Command::Attack { attacker, .. } => *attacker,
        _ => return false,
    };
    let Some(u) = b.unit(unit).filter(|u| u.side == b.active && u.hex.is_some()) else { return false };
    let sight = (b.global.phase == Phase::Combat).then(|| Sight::new(b));
    unit_commands(b, u, sight.as_ref()).contains(command)
}

/// The options of a pending decision, or `None` for a step the rules carry out by themselves.
pub fn decision_options(b: &B, step: &Step) -> Option<Vec<Command>> {
    match step {
        Step::Roll(_) | Step::Aftermath(_) | Step::PanicRoll { .. } => None,
        Step::Defence(c) => {
            let side = b.unit(c.defender)?.side;
            let mut o = vec![Command::Defend { defence_order: false }];
            if b.global.order_tokens[side.index()] > 0 {
                o.push(Command::Defend { defence_order: true });
            }
            Some(o)
        }
        Step::Retreat { unit, hexes } => {
            let u = b.unit(*unit)?;
            Some(retreat_paths(b, u, *hexes, false, false).into_iter().map(|path| Command::Retreat { path }).collect())
        }
        Step::FollowUp(_) => Some(vec![Command::FollowUp { advance: true }, Command::FollowUp { advance: false }]),
        Step::Riposte(_) => Some(vec![Command::Riposte { strike: true }, Command::Riposte { strike: false }]),
        Step::Pursuit { unit } => Some(pursuit_options(b, *unit)),
        Step::LeaderFlight { leader, from } => {
            let l = b.global.leaders.iter().find(|l| l.id == *leader)?;
            let options: Vec<Command> = refuges(b, l, *from).into_iter().map(|unit| Command::Refuge { unit }).collect();
            // No refuge: the rules remove him by themselves.
            if options.is_empty() { None } else { Some(options) }
        }
        Step::PanicFlight { unit, hexes, charged } => {
            let u = b.unit(*unit).filter(|u| u.hex.is_some())?;
            let paths = retreat_paths(b, u, *hexes, true, false);
            let made = super::retreat::achieved(b, &paths[0], *hexes);
            if made < *hexes && !charged {
                let free = retreat_paths(b, u, *hexes, true, true);
                let could = super::retreat::achieved(b, &free[0], *hexes);
                let hex = u.hex?;
                let barring: Vec<Command> = b
                    .edge(u.side)
                    .directions()
                    .iter()
                    .filter_map(|d| b.unit_at(d.step(hex)))
                    .map(|t| Command::Charge { target: t.id })
                    .collect();
                if could > made && !barring.is_empty() {
                    return Some(barring);
                }
            }
            Some(paths.into_iter().map(|path| Command::Retreat { path }).collect())
        }
    }
}

fn pursuit_options(b: &B, unit: crate::battle::UnitId) -> Vec<Command> {
    let mut out = vec![Command::Pursue { to: None, target: None, attack_order: false }];
    let Some(u) = b.unit(unit) else { return out };
    let Some(hex) = u.hex else { return out };
    let tokens = b.global.order_tokens[u.side.index()];
    let mobility = if u.state.profile().class == super::data::Class::Elephants { Mobility::Elephant } else { Mobility::Mounted };
    let moves = std::iter::once(None).chain(
        b.map
            .neighbours(hex)
            .filter(|n| b.unit_at(*n).is_none() && terrain_cost(b, mobility, hex, *n).is_some())
            .map(Some),
    );
    for to in moves {
        let at = to.unwrap_or(hex);
        if to.is_some() {
            out.push(Command::Pursue { to, target: None, attack_order: false });
        }
        let enemies = b.map.neighbours(at).filter_map(|n| b.unit_at(n)).filter(|e| e.side != u.side);
        for e in enemies {
            out.push(Command::Pursue { to, target: Some(e.id), attack_order: false });
            if tokens > 0 {
                out.push(Command::Pursue { to, target: Some(e.id), attack_order: true });
            }
        }
    }
    out
}
