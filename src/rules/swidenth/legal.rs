//! Who decides now and what they may ask for: the one list of legal commands the window, the
//! terminal, the computer and the check on every command share.

use super::aim;
use super::command::Command;
use super::data::{SpellEffect, SpellRoll, tables};
use super::figure::{self, B, U};
use super::groups;
use super::movement;
use super::state::{Activation, First, Phase, Step};
use crate::battle::{Side, UnitId};
use crate::hex::Ground;

pub fn deciding_side(b: &B) -> Option<Side> {
    if b.global.outcome.is_some() {
        return None;
    }
    match b.global.agenda.last() {
        Some(Step::Push { winner, .. }) => b.unit(*winner).map(|u| u.side),
        Some(Step::Split { side, .. }) => Some(*side),
        _ => Some(b.active),
    }
}

pub fn legal_commands(b: &B) -> Vec<Command> {
    if deciding_side(b).is_none() {
        return Vec::new();
    }
    if let Some(step) = b.global.agenda.last() {
        return decision_options(b, step);
    }
    let mut out = Vec::new();
    match b.global.phase {
        Phase::ChooseLeader => return leaders(b, b.active).into_iter().map(|leader| Command::ChooseLeader { leader }).collect(),
        Phase::Leader => {
            let eligible = b.global.leader.as_ref().map(|l| l.eligible.clone()).unwrap_or_default();
            for u in eligible.iter().filter_map(|id| b.unit(*id)).filter(|u| u.hex.is_some()) {
                out.extend(actions(b, u));
            }
        }
        Phase::Rest => {
            for u in b.on_board().filter(|u| u.side == b.active) {
                out.extend(actions(b, u));
            }
        }
        Phase::Opening => return Vec::new(),
    }
    out.push(Command::EndPhase);
    out
}

pub fn is_legal(b: &B, command: &Command) -> bool {
    legal_commands(b).contains(command)
}

/// The leaders of `side` who may still open a phase: on the board and not activated this turn
/// (l. 44, 48; R-S2).
pub fn leaders(b: &B, side: Side) -> Vec<UnitId> {
    b.on_board().filter(|u| u.side == side && u.state.is_leader() && u.state.activation == Activation::Ready).map(|u| u.id).collect()
}

/// The figures a leader's phase may activate: his own side's not yet activated, in his bubble at
/// its start (l. 58-60): fewer than 3 paces from a Chief, 2 from a Champion (A4); himself among them.
pub fn bubble(b: &B, leader: &U) -> Vec<UnitId> {
    let below = super::duel::bubble_below(leader.state.rank());
    let Some(at) = leader.hex else { return Vec::new() };
    b.on_board()
        .filter(|u| u.side == leader.side && u.state.activation == Activation::Ready)
        .filter(|u| u.hex.is_some_and(|h| super::duel::in_bubble(h.unsigned_distance_to(at), below)))
        .map(|u| u.id)
        .collect()
}

/// What a figure may do now: its first actions while it is ready, its second once it has taken
/// its first (l. 64-78).
pub fn actions(b: &B, u: &U) -> Vec<Command> {
    let figure = u.id;
    match u.state.activation {
        Activation::Done => Vec::new(),
        Activation::Ready => {
            let mut out = moves(b, u, false);
            // Concentrating helps only a second action taken where it stands: a shot (l. 168), a
            // fight (l. 122) or a spell (l. 67). With none of them possible it would be an action
            // thrown away, so it is not offered.
            if !shots(b, u).is_empty() || !groups::fightable(b, u).is_empty() || !casts(b, u).is_empty() {
                out.push(Command::Concentrate { figure });
            }
            if u.state.unloaded && figure::missile(&u.state).is_some_and(|w| w.reload) {
                out.push(Command::Reload { figure });
            }
            out.push(Command::Wait { figure });
            out
        }
        Activation::Started(first) => {
            // Nothing first: the computer keeps the legal order among commands it values alike,
            // and a run it sees no gain in took figures back to the hex their move had left.
            let mut out = vec![Command::Rest { figure }];
            if first == First::Moved {
                out.extend(moves(b, u, true));
            }
            out.extend(shots(b, u).into_iter().map(|target| Command::Shoot { figure, target }));
            out.extend(groups::fightable(b, u).into_iter().map(|target| Command::Fight { figure, target }));
            out.extend(casts(b, u));
            out.extend(specials(b, u));
            out
        }
    }
}

fn moves(b: &B, u: &U, run: bool) -> Vec<Command> {
    let budget = if run { movement::run_budget(u) } else { movement::move_budget(u) };
    let Some(reach) = movement::reach(b, u, budget) else { return Vec::new() };
    reach
        .reach
        .iter()
        .map(|r| if run { Command::Run { figure: u.id, to: r.hex } } else { Command::Move { figure: u.id, to: r.hex } })
        .collect()
}

/// The enemies it may shoot (l. 74, 142-170, 200-202): with a loaded missile weapon.
pub fn shots(b: &B, u: &U) -> Vec<UnitId> {
    let Some(weapon) = figure::missile(&u.state).filter(|_| !u.state.unloaded) else { return Vec::new() };
    let range = weapon.range.unwrap_or(0);
    b.on_board().filter(|t| aim::line(b, u, t, range).is_some()).map(|t| t.id).collect()
}

/// Its spells and their targets (l. 77, H-S3).
fn casts(b: &B, u: &U) -> Vec<Command> {
    let mut out = Vec::new();
    for name in &u.state.row().spells {
        let spell = tables().spells.spell(name);
        let cast = |target: UnitId, restore: bool| Command::Cast { figure: u.id, spell: name.clone(), target, restore };
        match (spell.roll, spell.effect) {
            (SpellRoll::Shot, _) => out.extend(b.on_board().filter(|t| aim::line(b, u, t, spell.range).is_some()).map(|t| cast(t.id, false))),
            (_, SpellEffect::Stun) => {
                out.extend(b.on_board().filter(|t| t.side != u.side && aim::within_sight(b, u, t, spell.range)).map(|t| cast(t.id, false)));
            }
            (_, SpellEffect::Heal) => {
                for t in b.on_board().filter(|t| t.side == u.side && aim::within_sight(b, u, t, spell.range)) {
                    if !t.state.stuns.is_empty() {
                        out.push(cast(t.id, false));
                    }
                    if t.state.vitalite < t.state.row().vitalite {
                        out.push(cast(t.id, true));
                    }
                }
            }
            (_, SpellEffect::Defence(_) | SpellEffect::Damage(_)) => {
                out.extend(b.on_board().filter(|t| t.side == u.side && aim::within_sight(b, u, t, spell.range)).map(|t| cast(t.id, false)));
            }
        }
    }
    out
}

/// Whether a hex lets a figure hide in or beside it (H-S9).
pub fn hiding_ground(g: Ground) -> bool {
    matches!(g, Ground::Forest | Ground::Rocky | Ground::Buildings | Ground::Fortification)
}

/// Special actions (l. 78): camouflage (H-S9), picking up what it dropped while not engaged
/// (l. 120), a door or a lever next to it (H-S15).
fn specials(b: &B, u: &U) -> Vec<Command> {
    let Some(at) = u.hex else { return Vec::new() };
    let figure = u.id;
    let engaged = figure::is_engaged(b, u);
    let mut out = Vec::new();
    if !engaged && !u.state.camouflaged && std::iter::once(at).chain(b.map.neighbours(at)).any(|h| hiding_ground(b.map.at(h).ground)) {
        out.push(Command::Camouflage { figure });
    }
    if !engaged && figure::dropped_anything(&u.state) {
        out.push(Command::PickUp { figure });
    }
    for (i, d) in b.global.doors.iter().enumerate() {
        if !d.open && d.lock && d.hex.unsigned_distance_to(at) == 1 {
            out.push(Command::Unlock { figure, door: u8::try_from(i).unwrap_or(u8::MAX) });
        }
    }
    for (i, l) in b.global.levers.iter().enumerate() {
        if l.hex.unsigned_distance_to(at) == 1 {
            out.push(Command::Pull { figure, lever: u8::try_from(i).unwrap_or(u8::MAX) });
        }
    }
    out
}

/// The options of a decision on the agenda, the rules' default first: a push back where the hex
/// behind allows one (a blocked push stuns, l. 105), else leaving the loser; the first split.
pub fn decision_options(b: &B, step: &Step) -> Vec<Command> {
    match step {
        Step::Push { to, .. } => to.iter().map(|h| Command::Push { to: Some(*h) }).chain([Command::Push { to: None }]).collect(),
        Step::Split { side, group, pair } => groups::splits(b, *side, group, Some(*pair)).into_iter().map(|pairs| Command::Split { pairs }).collect(),
        Step::Fight { .. } | Step::NextShot { .. } => Vec::new(),
    }
}
