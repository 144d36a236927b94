//! What the board means in Black Powder: what a click asks for given the legal commands and the
//! selected unit (a move, a charge, a shot), what is marked for a selection, why a click would do
//! nothing, the buttons of a charged unit's answer and of a unit's own orders, and what is shown
//! over the board for an event.

use super::command::Command;
use super::event::Event;
use super::look::{HIT, IVORY, MISS, PASSED, SAVE_FILL, die};
use super::morale::saved;
use super::hits::hits;
use super::shooting;
use super::state::{Phase, Step};
use super::unit::B;
use super::words::name;
use crate::battle::look::{Cue, Decision, Die, Intent, Marks, SightLine};
use crate::battle::{Side, UnitId};
use crate::hex::{Direction, Hex};

fn hex_of(b: &B, unit: UnitId) -> Option<Hex> {
    b.unit(unit).and_then(|u| u.hex)
}

/// The facing a click on `to` gives a move: the unit's own where allowed, else the wheel; `wheel`
/// (Shift) prefers the wheel.
fn chosen_facing(b: &B, legal: &[Command], unit: UnitId, to: Hex, wheel: bool) -> Option<Direction> {
    let own = b.unit(unit)?.facing;
    let facings: Vec<Direction> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Move { unit: m, to: t, facing } if *m == unit && *t == to => Some(*facing),
            _ => None,
        })
        .collect();
    let other = facings.iter().copied().find(|f| *f != own);
    if wheel { other.or(facings.first().copied()) } else { facings.contains(&own).then_some(own).or(other) }
}

/// The ends of `unit`'s charges at `target`, nearest first.
fn charge_ends(b: &B, legal: &[Command], unit: UnitId, target: UnitId) -> Vec<Hex> {
    let from = hex_of(b, unit);
    let mut ends: Vec<Hex> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Charge { unit: u, target: t, to } if *u == unit && *t == target => Some(*to),
            _ => None,
        })
        .collect();
    ends.sort_by_key(|h| (from.map_or(0, |f| f.unsigned_distance_to(*h)), crate::hex::hex_key(*h)));
    ends
}

pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Command> {
    if !b.global.agenda.is_empty() {
        return Intent::Nothing;
    }
    let send = |command: Command| Intent::Send { command, deselect: true };
    let on_hex = b.unit_at(hex).map(|u| u.id);
    if let Some(unit) = on_hex {
        if let Some(actor) = selected.filter(|s| *s != unit) {
            let shot = Command::Shoot { unit: actor, target: unit };
            if legal.contains(&shot) {
                return send(shot);
            }
            let ends = charge_ends(b, legal, actor, unit);
            if let Some(to) = ends.get(usize::from(modifier && ends.len() > 1)) {
                return send(Command::Charge { unit: actor, target: unit, to: *to });
            }
        }
        return match b.unit(unit) {
            Some(u) if u.side == b.active && selected == Some(unit) => Intent::Deselect,
            Some(u) if u.side == b.active => Intent::Select(unit),
            _ => Intent::Nothing,
        };
    }
    if let Some(unit) = selected {
        if let Some(facing) = chosen_facing(b, legal, unit, hex, modifier) {
            let more = b.unit(unit).is_some_and(|u| u.state.moves_left > 1);
            return Intent::Send { command: Command::Move { unit, to: hex, facing }, deselect: !more };
        }
        return Intent::Deselect;
    }
    Intent::Nothing
}

pub fn marks(b: &B, legal: &[Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks {
    let mut marks = Marks::default();
    let own = selected.and_then(|u| hex_of(b, u));
    let add = |list: &mut Vec<Hex>, h: Option<Hex>| {
        if let Some(h) = h.filter(|h| !list.contains(h)) {
            list.push(h);
        }
    };
    for c in legal {
        match c {
            Command::Move { unit, to, .. } if Some(*unit) == selected => add(&mut marks.reach, Some(*to)),
            Command::Shoot { unit, target } | Command::Charge { unit, target, .. } if Some(*unit) == selected => add(&mut marks.targets, hex_of(b, *target)),
            _ => {}
        }
    }
    if let Some(u) = selected.and_then(|id| b.unit(id)) {
        // Its brigade's units, and the hexes its brigade commander orders without a distance
        // penalty (BP2.1: none within 12" of gap, 2 hexes).
        let brigade = u.state.brigade;
        marks.group = b.on_board().filter(|f| f.side == u.side && f.state.brigade == brigade && f.id != u.id).filter_map(|f| f.hex).collect();
        if let Some(c) = b.global.brigade_commander(brigade) {
            let reach = super::data::tables().scale.reach(u32::from(super::data::tables().command.distance_step)) - 1;
            marks.radius = b.map.hexes().filter(|h| h.unsigned_distance_to(c.hex) <= reach).collect();
        }
    }
    if let Some(Step::Respond { charger, target, .. }) = b.global.agenda.last() {
        marks.focus = [*charger, *target].into_iter().filter_map(|u| hex_of(b, u)).collect();
    }
    if let (Some(unit), Some(to)) = (selected, hovered.filter(|h| marks.reach.contains(h))) {
        if let Some(u) = b.unit(unit) {
            let path = super::movement::move_path(b, u, to).unwrap_or_default();
            marks.way = own.map(|from| (std::iter::once(from).chain(path).collect(), "one move".to_string()));
        }
    }
    if let (Some(from), Some(to)) = (own, hovered.filter(|h| marks.targets.contains(h))) {
        marks.sight = Some(SightLine { from, to, clear: true });
    }
    marks
}

/// Why the selected unit's click on the enemy in `hex` would do nothing.
pub fn why_not(b: &B, legal: &[Command], unit: UnitId, hex: Hex) -> Option<String> {
    let u = b.unit(unit)?;
    let enemy = b.unit_at(hex).filter(|e| e.side != u.side)?;
    let acts = |c: &Command| matches!(c, Command::Shoot { unit: s, target } | Command::Charge { unit: s, target, .. } if *s == unit && *target == enemy.id);
    if !b.global.agenda.is_empty() || legal.iter().any(acts) {
        return None;
    }
    Some(match b.global.phase {
        Phase::Shooting => shooting::why_no_shot(b, u, enemy)?,
        Phase::Initiative | Phase::Orders if u.state.moves_left == 0 => "It has no move now: give it an order first (HB-3)".into(),
        Phase::Initiative | Phase::Orders if u.state.shaken() => "Shaken units may not charge (BP:L210)".into(),
        Phase::Initiative | Phase::Orders => "No charge reaches it: it must be in the front sector, within one move, by a path out of contact (HB-7)".into(),
        _ => "Charges are moves of the Command phase, shots of the Shooting phase".into(),
    })
}

pub fn decision(b: &B, legal: &[Command]) -> Option<Decision<Command>> {
    let prompt = match b.global.agenda.last()? {
        Step::Respond { charger, target, .. } => format!("{} charges {}: how does it answer?", name(b, *charger), name(b, *target)),
        Step::Blunder { unit, way, .. } => format!("{} blunders {}: a charge is possible (BP9). Charge, or where does it move?", name(b, *unit), super::words::blunder_way(*way)),
        Step::Path { unit, kind, .. } => format!("{} {}: where to?", name(b, *unit), super::words::path_kind(*kind)),
        Step::Valiant { unit, letter, first, .. } => format!("{} is Valiant (BP18.23): on its test {} it {}. Take the test again?", name(b, *unit), super::words::letter(*letter), super::words::result(*first)),
        _ => return None,
    };
    (!legal.is_empty()).then(|| Decision { prompt, options: legal.to_vec() })
}

/// The selected unit's orders that a click does not give: orders naming it, a change of formation
/// or facing, a rally, stopping, and a commander riding to it.
pub fn unit_orders(b: &B, legal: &[Command], unit: UnitId) -> Vec<Command> {
    let here = hex_of(b, unit);
    legal
        .iter()
        .filter(|c| match c {
            Command::Order { units, .. } => units.contains(&unit),
            Command::Form { unit: u, .. } | Command::Face { unit: u, .. } | Command::Rally { unit: u } | Command::Halt { unit: u } => *u == unit,
            Command::Ride { to, .. } => Some(*to) == here,
            _ => false,
        })
        .cloned()
        .collect()
}

fn dice(faces: &[u8], fill: crate::battle::look::Rgb, hit: impl Fn(u8) -> bool) -> Vec<Die> {
    faces.iter().map(|f| die(*f, fill, if hit(*f) { HIT } else { MISS })).collect()
}

pub fn cue(b: &B, e: &Event) -> Option<Cue> {
    match e {
        Event::Volley(v) => {
            let over = hex_of(b, v.target)?;
            let mut shown = dice(&v.faces, IVORY, |f| hits(f, &v.to_hit));
            shown.extend(dice(&v.rerolls, IVORY, |f| hits(f, &v.to_hit)));
            let morale = v.morale;
            shown.extend(v.saves.iter().chain(v.save_rerolls.iter()).map(|f| die(*f, SAVE_FILL, if saved(*f, morale, &v.save_factors) { PASSED } else { HIT })));
            Some(Cue::Dice { over, dice: shown })
        }
        Event::BreakTest { unit, faces, result, .. } if faces != &[0, 0] => {
            let border = if *result == super::data::BreakResult::Hold { PASSED } else { HIT };
            Some(Cue::Dice { over: hex_of(b, *unit)?, dice: faces.iter().map(|f| die(*f, IVORY, border)).collect() })
        }
        Event::OrderRolled { units, faces, result, .. } => {
            let over = units.first().and_then(|u| hex_of(b, *u))?;
            let border = if matches!(result, super::order::CommandResult::Moves(_)) { PASSED } else { HIT };
            Some(Cue::Dice { over, dice: faces.iter().map(|f| die(*f, IVORY, border)).collect() })
        }
        Event::Moved { unit, path, .. } => Some(Cue::Path { hexes: hex_of(b, *unit).into_iter().chain(path.iter().copied()).collect() }),
        _ => None,
    }
}

/// Who may take back a command (undo before dice): its side, while no die was rolled.
pub fn taken_back_by(b: &B, c: &Command, events: &[Event]) -> Option<Side> {
    let rolled = events.iter().any(|e| {
        matches!(
            e,
            Event::OrderRolled { .. } | Event::Volley(_) | Event::BreakTest { .. } | Event::Blundered { .. } | Event::EliteRolled { .. } | Event::BraveRolled { .. } | Event::FreshlyRaised { .. } | Event::StaminaRolled { .. } | Event::MeleeResult { .. }
        )
    });
    if rolled {
        return None;
    }
    let side_of = |u: UnitId| b.unit(u).map(|u| u.side);
    match c {
        Command::Move { unit, .. } | Command::Form { unit, .. } | Command::Face { unit, .. } | Command::Rally { unit } | Command::Halt { unit } | Command::Charge { unit, .. } => side_of(*unit),
        Command::Ride { commander, .. } => b.global.commander(*commander).map(|c| c.side),
        _ => None,
    }
}
