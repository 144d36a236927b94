//! The one source of legality: every command the deciding side may issue now, and the options of
//! each pending decision. The UI highlights, the AI choices and the check on every command all
//! come from here.

use super::Thucydide;
use super::combat::{cannot_attack, targets};
use super::command::Command;
use super::data::Mobility;
use super::leaders::{redeploy_places, refuges};
use super::movement::{destinations, terrain_cost};
use super::retreat::retreat_paths;
use super::sight::Sight;
use super::state::{MoveMode, Phase, Step};
use crate::battle::{Battle, Side};

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
            out.extend(redeploy_places(b, side).into_iter().map(|(unit, _)| Command::Redeploy { unit }));
            if out.is_empty() || super::leaders::commander(b, side).is_none() {
                // Nothing to put back (a passed turn kept only for the panic rolls): the turn just ends.
                out = vec![Command::EndPhase];
            }
        }
        Phase::Movement => {
            let tokens = b.global.order_tokens[side.index()];
            for u in b.on_board().filter(|u| u.side == side && !u.state.panicked) {
                if !u.state.activated {
                    if tokens > 0 {
                        out.push(Command::Activate { unit: u.id });
                    }
                    continue;
                }
                if u.state.moved.is_some() {
                    continue;
                }
                for mode in [MoveMode::Normal, MoveMode::RoadMarch, MoveMode::Mounted] {
                    out.extend(destinations(b, u.id, mode).into_iter().map(|r| Command::Move { unit: u.id, to: r.hex, mode }));
                }
            }
            out.push(Command::EndPhase);
        }
        Phase::Combat => {
            let sight = Sight::new(b);
            let tokens = b.global.order_tokens[side.index()];
            for u in b.on_board().filter(|u| u.side == side) {
                if cannot_attack(b, u).is_some() {
                    continue;
                }
                for (target, _) in targets(b, &sight, u) {
                    out.push(Command::Attack { attacker: u.id, target, attack_order: false });
                    if tokens > 0 {
                        out.push(Command::Attack { attacker: u.id, target, attack_order: true });
                    }
                }
            }
            out.push(Command::EndPhase);
        }
    }
    out
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
