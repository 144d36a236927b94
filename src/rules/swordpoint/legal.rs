//! Who decides now and what they may ask for: the one list of legal commands the window, the
//! terminal, the computer and the check on every command share; and what a side may not see of
//! the other's sealed sheet (A.4).

use super::Swordpoint;
use super::command::Command;
use super::data::tables;
use super::event::Event;
use super::movement;
use super::shooting;
use super::state::{Phase, Response, Sheet, Step};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::Sector;

type B = Battle<Swordpoint>;

/// The phases whose decisions both sides take at once, on sealed sheets.
pub fn sealed_phase(phase: Phase) -> bool {
    matches!(phase, Phase::ShootingDeclare | Phase::Initiative | Phase::CombatMomentum)
}

pub fn deciding_side(b: &B) -> Option<Side> {
    if b.global.outcome.is_some() {
        return None;
    }
    if let Some(step) = b.global.agenda.last() {
        return step_side(b, step);
    }
    if sealed_phase(b.global.phase) {
        return Side::BOTH.into_iter().find(|s| !b.global.sheets[s.index()].sealed);
    }
    Some(b.active)
}

/// The side whose decision a pending step waits for.
pub fn step_side(b: &B, step: &Step) -> Option<Side> {
    let unit = match step {
        Step::Impetuous { unit } | Step::Respond { unit } | Step::FollowUp { unit, .. } => *unit,
        Step::Pursue { pursuer, .. } => *pursuer,
    };
    b.unit(unit).map(|u| u.side)
}

pub fn legal_commands(b: &B) -> Vec<Command> {
    let Some(side) = deciding_side(b) else { return Vec::new() };
    if let Some(step) = b.global.agenda.last() {
        return decision_options(b, step);
    }
    match b.global.phase {
        Phase::ShootingDeclare => shooting_sheet(b, side),
        Phase::Initiative => bid_sheet(b, side),
        Phase::CombatMomentum => momentum_sheet(b, side),
        Phase::DeclareMounted | Phase::DeclareFoot => declarations(b, side),
        Phase::RemainingMoves => remaining_moves(b, side),
        Phase::Initial | Phase::ChargeMoves | Phase::CombatResolve => Vec::new(),
    }
}

pub fn is_legal(b: &B, command: &Command) -> bool {
    legal_commands(b).contains(command)
}

/// The options of a pending decision.
pub fn decision_options(b: &B, step: &Step) -> Vec<Command> {
    match step {
        Step::Impetuous { .. } => vec![Command::Impetuous { charge: true }, Command::Impetuous { charge: false }],
        Step::Respond { unit } => responses(b, *unit).into_iter().map(|response| Command::Respond { response }).collect(),
        Step::FollowUp { .. } => vec![Command::FollowUp { advance: true }, Command::FollowUp { advance: false }],
        Step::Pursue { .. } => vec![Command::Pursue { pursue: true }, Command::Pursue { pursue: false }],
    }
}

/// H-11: hold (anyone steady); flee (not in combat); evade (skirmishers); counter-charge
/// (mounted, the charger in its front, not demoralised, in combat or fleeing). A unit already
/// fleeing cannot turn to hold: it flees on, its only answer (it may rally only in
/// step 3, SP:L104, and flees in the compulsory moves, SP:L105, H-12). A unit that declared
/// a charge of its own only holds.
pub fn responses(b: &B, unit: UnitId) -> Vec<Response> {
    let Some(u) = b.unit(unit) else { return vec![Response::Hold] };
    let g = &b.global;
    if u.state.fleeing {
        return vec![Response::Flee];
    }
    if g.charges.iter().any(|c| c.charger == unit) {
        return vec![Response::Hold];
    }
    let mut out = vec![Response::Hold];
    let in_combat = g.combat_of(unit).is_some();
    if !in_combat {
        out.push(Response::Flee);
        if u.state.skirmishers() {
            out.push(Response::Evade);
        }
    }
    let chargers_in_front = g.charges.iter().filter(|c| c.target == unit).all(|c| {
        let from = b.unit(c.charger).and_then(|x| x.hex);
        from.zip(u.hex).is_some_and(|(f, at)| u.facing.sector(at, f) == Some(Sector::Front))
    });
    if u.state.mounted() && !u.state.demoralised && !in_combat && chargers_in_front {
        out.push(Response::CounterCharge);
    }
    out
}

/// Whether a unit declares in this class (SP4.2): the mounted first, then foot and elephants.
pub fn of_class(b: &B, unit: UnitId) -> bool {
    let mounted = b.unit(unit).is_some_and(|u| u.state.mounted());
    mounted == (b.global.phase == Phase::DeclareMounted)
}

/// The charges a unit may declare now: not one already charged or charging.
pub fn charge_options(b: &B, unit: UnitId) -> Vec<Command> {
    let g = &b.global;
    if !of_class(b, unit) || g.charges.iter().any(|c| c.charger == unit || c.target == unit) {
        return Vec::new();
    }
    movement::charges(b, unit).into_iter().map(|(target, to)| Command::DeclareCharge { charger: unit, target, to }).collect()
}

/// SP4.12–4.13: a unit in a combat that fights on one side only, not caught by a pursuer last
/// turn, with a way back (H-15).
pub fn may_disengage(b: &B, unit: UnitId) -> bool {
    let g = &b.global;
    let Some(u) = b.unit(unit) else { return false };
    let (Some(c), Some(at)) = (g.combat_of(unit), u.hex) else { return false };
    if !of_class(b, unit) || g.disengaging.contains(&unit) || u.state.fleeing || u.state.pursued_into_last_turn {
        return false;
    }
    let mut sides: Vec<Sector> = Vec::new();
    for e in c.units.iter().filter_map(|id| b.unit(*id)).filter(|e| e.side != u.side) {
        if let Some(sector) = e.hex.filter(|h| h.unsigned_distance_to(at) == 1).and_then(|h| u.facing.sector(at, h)) {
            if !sides.contains(&sector) {
                sides.push(sector);
            }
        }
    }
    sides.len() <= 1 && movement::disengage_path(b, unit).is_some()
}

fn declarations(b: &B, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in b.on_board().filter(|u| u.side == side) {
        out.extend(charge_options(b, u.id));
        if may_disengage(b, u.id) {
            out.push(Command::Disengage { unit: u.id });
        }
    }
    if !owes_a_charge(b, side) {
        out.push(Command::EndDeclarations);
    }
    out
}

/// Whether `side` may do more in a declaration phase than end it (`declarations` is more than
/// `[EndDeclarations]`), stopping at the first unit that may: a unit owing a charge has one.
pub fn declarations_open(b: &B, side: Side) -> bool {
    b.on_board().filter(|u| u.side == side).any(|u| !charge_options(b, u.id).is_empty() || may_disengage(b, u.id))
}

/// An impetuous unit bound to charge (H-19) that can and has not declared yet.
pub fn owes_a_charge(b: &B, side: Side) -> bool {
    b.on_board().filter(|u| u.side == side && u.state.must_charge).any(|u| !charge_options(b, u.id).is_empty())
}

fn remaining_moves(b: &B, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in b.units.iter().filter(|u| u.side == side) {
        if b.global.returning.contains(&u.id) && u.hex.is_none() {
            out.extend(movement::return_hexes(b, u.id).into_iter().map(|to| Command::Return { unit: u.id, to }));
            continue;
        }
        if u.hex.is_none() {
            continue;
        }
        out.extend(movement::moves(b, u.id).into_iter().map(|(to, facing)| Command::Move { unit: u.id, to, facing }));
        out.extend(movement::reforms(b, u.id).into_iter().map(|frontage| Command::Reform { unit: u.id, frontage }));
    }
    for c in b.global.commanders.iter().filter(|c| c.side == side && c.unit.is_some()) {
        out.extend(movement::attach_options(b, c.id).into_iter().map(|unit| Command::Attach { commander: c.id, unit }));
    }
    out.push(Command::EndMoves);
    out
}

/// Whether `side` may do more in the remaining moves than end them (`remaining_moves` is more than
/// `[EndMoves]`), stopping at the first unit that may, before its moves are all traced.
pub fn remaining_moves_open(b: &B, side: Side) -> bool {
    let unit_may = |u: &super::unit::SpUnit| {
        if b.global.returning.contains(&u.id) && u.hex.is_none() {
            return !movement::return_hexes(b, u.id).is_empty();
        }
        u.hex.is_some() && (movement::may_move(b, u.id) || !movement::reforms(b, u.id).is_empty())
    };
    let commander_may = |c: &super::state::Commander| c.side == side && c.unit.is_some() && !movement::attach_options(b, c.id).is_empty();
    b.units.iter().filter(|u| u.side == side).any(unit_may) || b.global.commanders.iter().any(commander_may)
}

// A sheet only moves forward: a shooter's entry changes once from its default (its first priority
// target), a bid or a combat's momentum only rises, and undo takes an entry back. A sheet that
// could flip between two entries would let a player (the computer first) go round for ever.
fn shooting_sheet(b: &B, side: Side) -> Vec<Command> {
    let sheet = &b.global.sheets[side.index()];
    let mut out = Vec::new();
    for shooter in shooting::shooters(b, side) {
        let targets = shooting::targets(b, shooter);
        let default = targets.first().copied();
        let entry = sheet.shots.iter().find(|(s, _)| *s == shooter).map_or(default, |(_, t)| *t);
        if entry != default {
            continue;
        }
        out.extend(targets.into_iter().filter(|t| Some(*t) != default).map(|target| Command::Shoot { shooter, target: Some(target) }));
        if default.is_some() {
            out.push(Command::Shoot { shooter, target: None });
        }
    }
    out.push(Command::Seal);
    out
}

fn bid_sheet(b: &B, side: Side) -> Vec<Command> {
    let now = b.global.sheets[side.index()].bid;
    let pool = b.global.momentum[side.index()];
    let mut out: Vec<Command> = (now + 1..=pool).map(|points| Command::Bid { points }).collect();
    out.push(Command::Seal);
    out
}

fn momentum_sheet(b: &B, side: Side) -> Vec<Command> {
    let sheet = &b.global.sheets[side.index()];
    let pool = b.global.momentum[side.index()];
    let cap = tables().momentum.per_combat;
    let mut out = Vec::new();
    for c in b.global.combats.iter().filter(|c| c.units.iter().any(|u| b.unit(*u).is_some_and(|u| u.side == side))) {
        let here = sheet.momentum.iter().find(|(id, _)| *id == c.id).map_or(0, |(_, p)| *p);
        let elsewhere: u8 = sheet.momentum.iter().filter(|(id, _)| *id != c.id).map(|(_, p)| *p).sum();
        let most = cap.min(pool.saturating_sub(elsewhere));
        out.extend((here + 1..=most).map(|points| Command::Momentum { combat: c.id, points }));
    }
    out.push(Command::Seal);
    out
}

/// What `viewer` may not know: the other side's sheet while it is not revealed.
pub fn redact(b: &mut B, viewer: Side) {
    if !sealed_phase(b.global.phase) {
        return;
    }
    let other = viewer.other().index();
    let sealed = b.global.sheets[other].sealed;
    b.global.sheets[other] = Sheet { sealed, ..Sheet::default() };
}

/// A side's sheet entries are hidden from the other side; the reveal shows both.
pub fn visible_to(_b: &B, event: &Event, viewer: Option<Side>) -> bool {
    match (event, viewer) {
        (Event::SheetChanged { side, .. }, Some(v)) => *side == v,
        _ => true,
    }
}
