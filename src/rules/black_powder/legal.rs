//! Who decides now and what they may ask for: the one list of legal commands the window, the
//! terminal, the computer and the check on every command share.

use super::command::Command;
use super::data::{BlunderDirection, ChargerClass, Evader, Formation, Trait, Troop, tables};
use super::movement::{self, Way};
use super::shooting;
use super::state::{Phase, Response, Step};
use super::unit::{self, B, U, rate};
use crate::battle::{Side, UnitId};
use crate::hex::{Direction, Ground, Hex, Sector};

pub fn deciding_side(b: &B) -> Option<Side> {
    if b.global.outcome.is_some() {
        return None;
    }
    match b.global.agenda.last() {
        Some(Step::Respond { target, .. }) => b.unit(*target).map(|u| u.side),
        Some(Step::Valiant { unit, .. } | Step::Path { unit, .. }) => b.unit(*unit).map(|u| u.side),
        Some(_) => Some(b.active),
        None => Some(b.active),
    }
}

pub fn legal_commands(b: &B) -> Vec<Command> {
    if deciding_side(b).is_none() {
        return Vec::new();
    }
    if let Some(step) = b.global.agenda.last() {
        return decision_options(b, step);
    }
    let side = b.active;
    let mut out = Vec::new();
    match b.global.phase {
        Phase::Initiative => {
            for u in b.on_board().filter(|u| u.side == side && u.state.moves_left > 0) {
                out.extend(unit_moves(b, u, false));
            }
            out.extend(free_limbering(b, side));
        }
        Phase::Orders => {
            out.extend(orders(b, side));
            for u in b.on_board().filter(|u| u.side == side && u.state.moves_left > 0) {
                out.extend(unit_moves(b, u, true));
            }
            out.extend(free_limbering(b, side));
            out.extend(rides(b, side));
        }
        Phase::Shooting => {
            for u in b.on_board().filter(|u| u.side == side) {
                out.extend(shooting::targets(b, u).into_iter().map(|target| Command::Shoot { unit: u.id, target }));
            }
        }
        Phase::Opening | Phase::HandToHand => return Vec::new(),
    }
    out.push(Command::EndPhase);
    out
}

pub fn is_legal(b: &B, command: &Command) -> bool {
    legal_commands(b).contains(command)
}

/// Whether `c` may order `u`: his brigade's unit, or any of his side's for the commander-in-chief.
pub(super) fn commands(c: &super::state::Commander, u: &U) -> bool {
    c.side == u.side && c.brigade.is_none_or(|br| u.state.brigade == br)
}

/// Whether a unit may receive an order now: on the board, not yet ordered this turn, not
/// disordered (BP10.1), not in a melee.
pub(super) fn orderable(b: &B, u: &U) -> bool {
    u.hex.is_some() && !u.state.ordered && !u.state.disordered && !unit::engaged(b, u)
}

/// The orders each commander may still give (HB-3, HB-4): to one unit, or to each chain of two or
/// more units of his brigade, each within reach of another.
fn orders(b: &B, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for c in b.global.commanders.iter().filter(|c| c.side == side && !c.done) {
        let units: Vec<&U> = b.on_board().filter(|u| commands(c, u) && orderable(b, u)).collect();
        out.extend(units.iter().map(|u| Command::Order { commander: c.id, units: vec![u.id] }));
        if c.brigade.is_some() {
            out.extend(chains(&units).into_iter().filter(|chain| chain.len() > 1).map(|units| Command::Order { commander: c.id, units }));
        }
    }
    out
}

/// The chains among `units`: groups where each stands within the brigade's reach of another.
fn chains(units: &[&U]) -> Vec<Vec<UnitId>> {
    let reach = u32::from(tables().command.brigade_chain_hexes) + 1;
    let mut left: Vec<&U> = units.to_vec();
    let mut out = Vec::new();
    while let Some(first) = left.first().copied() {
        let mut chain = vec![first];
        left.remove(0);
        let mut grew = true;
        while grew {
            grew = false;
            let mut i = 0;
            while i < left.len() {
                let near = chain.iter().any(|c| c.hex.zip(left[i].hex).is_some_and(|(a, b)| a.unsigned_distance_to(b) <= reach));
                if near {
                    chain.push(left.remove(i));
                    grew = true;
                } else {
                    i += 1;
                }
            }
        }
        let mut ids: Vec<UnitId> = chain.iter().map(|u| u.id).collect();
        ids.sort();
        out.push(ids);
    }
    out
}

/// What one of a unit's moves may be (HB-6, HB-7): a move, a charge, a change of formation or
/// facing, a rally (orders only, HB-16), or stopping.
fn unit_moves(b: &B, u: &U, ordered: bool) -> Vec<Command> {
    if unit::engaged(b, u) {
        return vec![Command::Halt { unit: u.id }];
    }
    let charges = charge_options(b, u);
    if u.state.has(Trait::DeterminedCharge) && !charges.is_empty() {
        // BP18.11: it must charge an enemy within reach.
        return charges;
    }
    let mut out = charges;
    let broken = b.global.brigades.get(usize::from(u.state.brigade)).is_some_and(|br| br.broken);
    let start = u.hex.and_then(|h| unit::nearest_enemy(b, u.side, h));
    for (hex, facings) in movement::moves(b, u) {
        if broken && unit::nearest_enemy(b, u.side, hex) < start {
            continue;
        }
        out.extend(facings.into_iter().map(|facing| Command::Move { unit: u.id, to: hex, facing }));
    }
    for formation in u.state.profile().formations.iter().copied().filter(|f| *f != u.state.formation) {
        if may_form(b, u, formation) {
            out.push(Command::Form { unit: u.id, formation });
        }
    }
    out.extend(Direction::ALL.into_iter().filter(|d| *d != u.facing).map(|facing| Command::Face { unit: u.id, facing }));
    if ordered && u.state.casualties >= 2 {
        out.push(Command::Rally { unit: u.id });
    }
    out.push(Command::Halt { unit: u.id });
    out
}

/// BP14.1: horse artillery that has moved and spent its moves may still limber or unlimber, which
/// costs it nothing (twice a turn at most: limber, move, unlimber).
fn free_limbering(b: &B, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for u in b.on_board().filter(|u| u.side == side && u.state.profile().horse_artillery && u.state.moves_left == 0 && u.state.moves_made > 0) {
        if u.state.free_limbers >= 2 || unit::engaged(b, u) {
            continue;
        }
        let other = u.state.profile().formations.iter().copied().filter(|f| *f != u.state.formation);
        out.extend(other.filter(|f| may_form(b, u, *f)).map(|formation| Command::Form { unit: u.id, formation }));
    }
    out
}

/// A formation a unit may take where it stands: not a square while disordered, none in a
/// building but its own, artillery limbers or unlimbers only on open ground or a road.
fn may_form(b: &B, u: &U, formation: Formation) -> bool {
    let Some(hex) = u.hex else { return false };
    if unit::in_building(b, hex) {
        return false;
    }
    if formation == Formation::Square && u.state.disordered {
        return false;
    }
    let ground = b.map.at(hex);
    !(u.state.is_artillery() && ground.ground != Ground::Open && !ground.road)
}

/// The charges a unit may make with this move (HB-7, BP11.3, BP15, HB-21).
fn charge_options(b: &B, u: &U) -> Vec<Command> {
    let broken = b.global.brigades.get(usize::from(u.state.brigade)).is_some_and(|br| br.broken);
    if broken || !may_charge(u) {
        return Vec::new();
    }
    let budget = u32::from(rate(&u.state));
    charges_within(b, u, budget, |t| movement::charges(b, u, t, budget)).into_iter().map(|(target, to)| Command::Charge { unit: u.id, target, to }).collect()
}

/// Whether a unit may charge at all: not Shaken (BP11.3), not artillery, not limbered.
pub fn may_charge(u: &U) -> bool {
    let s = &u.state;
    !(s.shaken() || s.is_artillery() || s.formation == Formation::Limbered)
}

/// The targets and end hexes of the charges `reach` finds for `u` within `budget` inches, with
/// skirmishers kept to what BP15.2–15.3 lets them charge; by target id, then the search's order.
pub fn charges_within(b: &B, u: &U, budget: u32, reach: impl Fn(&U) -> Vec<(Hex, Vec<Hex>)>) -> Vec<(UnitId, Hex)> {
    let Some(at) = u.hex else { return Vec::new() };
    let mut out = Vec::new();
    for target in b.on_board().filter(|e| e.side != u.side) {
        let Some(th) = target.hex else { continue };
        if at.unsigned_distance_to(th) > tables().scale.hexes_for(budget) + 1 {
            continue;
        }
        // BP15.2–15.3: skirmishers charge formed troops only in the flank or rear of a melee.
        let flank_only = u.state.skirmishing() && !tables().skirmishers.may_charge(&unit::circumstances(b, target));
        if flank_only && !may_skirmishers_charge(b, target) {
            continue;
        }
        for (to, _) in reach(target) {
            if flank_only && unit::arc_from(b, target, to) == crate::hex::Arc::Front {
                continue;
            }
            out.push((target.id, to));
        }
    }
    out
}

/// BP15.2–15.3: skirmishers charge buildings, artillery, march columns and the flank or rear of
/// units already engaged, not formed troops.
pub fn may_skirmishers_charge(b: &B, target: &U) -> bool {
    let mut c = unit::circumstances(b, target);
    if unit::engaged(b, target) {
        c.push(super::data::Circumstance::FlankOrRearOfEngaged);
    }
    tables().skirmishers.may_charge(&c)
}

/// A commander's own move (HB-2): to a unit of his command within his reach (48" mounted).
fn rides(b: &B, side: Side) -> Vec<Command> {
    let mut out = Vec::new();
    for c in b.global.commanders.iter().filter(|c| c.side == side && !c.moved) {
        out.extend(ride_hexes(b, c).into_iter().map(|to| Command::Ride { commander: c.id, to }));
    }
    out
}

/// The hexes `c` may ride to (HB-2): those of the units of his command within his reach, other
/// than his own, in the board's order.
pub(super) fn ride_hexes(b: &B, c: &super::state::Commander) -> Vec<Hex> {
    let reach = tables().scale.hexes_for(u32::from(tables().movement.rate(super::data::Mover::MountedCommander)));
    let mut hexes: Vec<_> = b
        .on_board()
        .filter(|u| commands(c, u))
        .filter_map(|u| u.hex)
        .filter(|h| *h != c.hex && h.unsigned_distance_to(c.hex) <= reach)
        .collect();
    hexes.sort_by_key(|h| crate::hex::hex_key(*h));
    hexes.dedup();
    hexes
}

/// The options of a decision: the answers to a charge (HB-8), a blunder's move or the charges it
/// allows (BP9.3–9.5), the end of a constrained move, Valiant's re-roll or not (BP18.23); none for
/// a step the rules carry out.
pub fn decision_options(b: &B, step: &Step) -> Vec<Command> {
    match step {
        Step::Respond { charger, target, to, .. } => {
            let (Some(c), Some(t)) = (b.unit(*charger), b.unit(*target)) else { return vec![Command::Respond { response: Response::Stand }] };
            responses(b, c, t, *to).into_iter().map(|response| Command::Respond { response }).collect()
        }
        Step::Blunder { unit, way, budget, .. } => {
            let Some(u) = b.unit(*unit).filter(|u| u.hex.is_some()) else { return Vec::new() };
            let mut out = Vec::new();
            // A charge the owner chooses is an order's charge: not for a broken brigade (HB-21).
            let broken = b.global.brigades.get(usize::from(u.state.brigade)).is_some_and(|br| br.broken);
            if may_charge(u) && !broken && !unit::engaged(b, u) {
                let way = blunder_way(b, u, *way);
                let charges = charges_within(b, u, *budget, |t| movement::charges_going(b, u, t, way, *budget));
                out.extend(charges.into_iter().map(|(target, to)| Command::Charge { unit: *unit, target, to }));
            }
            let ends = super::resolve::blunder_ends(b, *unit, *way, *budget);
            if let Some(at) = u.hex.filter(|_| ends.is_empty() && !out.is_empty()) {
                // Nowhere to move: not charging is still a choice ("charge possible").
                out.push(Command::Path { unit: *unit, to: at });
            }
            out.extend(ends.into_iter().map(|e| Command::Path { unit: *unit, to: e.to }));
            out
        }
        Step::Path { unit, ends, .. } => ends.iter().map(|e| Command::Path { unit: *unit, to: e.to }).collect(),
        Step::Valiant { .. } => vec![Command::Valiant { reroll: true }, Command::Valiant { reroll: false }],
        _ => Vec::new(),
    }
}

/// The way a blunder's result sends a unit (BP9, B.3.3).
pub fn blunder_way(b: &B, u: &U, direction: BlunderDirection) -> Way {
    match direction {
        BlunderDirection::AwayFromEnemy => match u.hex.and_then(|at| unit::nearest_enemy_unit(b, u.side, at)).and_then(|e| e.hex) {
            Some(h) => Way::AwayFrom(h),
            None => Way::Backward,
        },
        BlunderDirection::Left => Way::Left,
        BlunderDirection::Right => Way::Right,
        BlunderDirection::Forward => Way::Forward,
    }
}

/// The responses open to `t` charged by `c`, who means to end in `to` (HB-8, BP10.5, BP10.7, BP12,
/// BP13, BP15.1, BP18.9).
pub fn responses(b: &B, c: &U, t: &U, to: Hex) -> Vec<Response> {
    let (Some(ch), Some(th)) = (c.hex, t.hex) else { return vec![Response::Stand] };
    let ts = &t.state;
    let cavalry_charging = c.state.troop() == Troop::Cavalry;
    let engaged = unit::engaged(b, t);
    let can_square = ts.troop() == Troop::Infantry
        && cavalry_charging
        && ts.formation != Formation::Square
        && ts.profile().may_form(Formation::Square)
        && !ts.disordered
        && ts.formation != Formation::MarchColumn
        && !engaged
        && !unit::in_building(b, th);
    if can_square && ts.has(Trait::FormSquare) {
        return vec![Response::FormSquare];
    }
    let mut out = vec![Response::Stand];
    let in_front = unit::all_round(b, t) || t.facing.sector(th, ch) == Some(Sector::Front);
    let fires = matches!(ts.troop(), Troop::Infantry | Troop::Artillery)
        && (tables().skirmishers.closing_fire || !ts.skirmishing())
        && !matches!(ts.formation, Formation::MarchColumn | Formation::Limbered)
        && !engaged
        && in_front
        && ts.profile().weapon.is_some()
        && ts.profile().shooting != super::data::ShootingValue::Dice(0);
    if fires {
        out.push(Response::ClosingFire);
    }
    let evader = evader_classes(t);
    let charger = charger_classes(c);
    if !ts.disordered && !engaged && tables().movement.may_evade(&evader, &charger) && !movement::farthest_ends(b, t, Way::AwayFrom(ch), u32::from(rate(ts)), true).1.is_empty() {
        out.push(Response::Evade);
    }
    let cavalry_answers = tables().movement.may_counter_charge(ts.troop()) && !(ts.disordered && ts.troop() == Troop::Cavalry);
    if cavalry_answers && !ts.shaken() && !engaged && in_front {
        out.push(Response::CounterCharge);
    }
    // BP13.1: cavalry charged in the flank or rear may turn to face the charger.
    // BP10.5: disordered cavalry makes no answer at all.
    if ts.troop() == Troop::Cavalry && !ts.disordered && !engaged && unit::arc_from(b, t, to) != crate::hex::Arc::Front {
        out.push(Response::ChangeFacing);
    }
    if can_square {
        out.push(Response::FormSquare);
    }
    out
}


fn evader_classes(t: &U) -> Vec<Evader> {
    let ts = &t.state;
    let mut out = Vec::new();
    match ts.troop() {
        Troop::Cavalry => out.push(Evader::Cavalry),
        Troop::Artillery if ts.profile().horse_artillery => out.push(Evader::HorseArtillery),
        _ => {}
    }
    if ts.skirmishing() {
        out.push(if ts.troop() == Troop::Cavalry { Evader::MountedSkirmishers } else { Evader::FootSkirmishers });
    }
    out
}

fn charger_classes(c: &U) -> Vec<ChargerClass> {
    let cs = &c.state;
    let mut out = Vec::new();
    match cs.troop() {
        Troop::Infantry => {
            out.push(ChargerClass::Infantry);
            if !cs.skirmishing() {
                out.push(ChargerClass::FormedInfantry);
            }
        }
        Troop::Cavalry if !cs.skirmishing() => out.push(ChargerClass::FormedCavalry),
        _ => {}
    }
    out
}
