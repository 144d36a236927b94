//! Siege engines, rams and the Breach spell (l. 191-196, 208-224; H-M2, H-M7, H-M13, R-M15): an
//! engine's flat shot on a unit, its work points on a wall hex until the wall falls at the end of
//! the shooting phase, the ram's 2d4 sequences at a gate (drawn when it starts, counted at each
//! sequence's end it lives through), and a hero's wall opened at once. In a siege every missile
//! unit and engine counts its shots (l. 177).

use super::combat::immune_to;
use super::data::{Engine, Kind, Trait, tables};
use super::event::{AttackKind, Event};
use super::sequence::{Run, ordered};
use super::siege::{siege, standing_wall};
use super::state::{Order, UnitState};
use crate::battle::{Battle, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// The engine a unit's crew serves.
pub fn engine(s: &UnitState) -> Option<&Engine> {
    s.row().engine.as_ref()
}

/// Shots left: none counted outside a siege (l. 177, H-M13).
pub fn has_ammo(s: &UnitState) -> bool {
    s.ammo != Some(0)
}

fn in_range(e: &Engine, from: Hex, to: Hex) -> bool {
    let d = from.unsigned_distance_to(to);
    d >= u32::from(e.min_range) && d <= u32::from(e.range)
}

/// The free enemies an engine may shoot (H-M2): within its range and beyond its minimum; the
/// ballista aims (it needs sight), catapults and trebuchets lob their stones over anything but
/// cannot follow a flier (l. 216: "only against stationary or slow targets").
pub fn targets(b: &B, u: &U, e: &Engine) -> Vec<UnitId> {
    let Some(at) = u.hex else { return Vec::new() };
    let indirect = e.min_range > 0;
    b.on_board()
        .filter(|t| t.side != u.side && b.global.is_free(t.id))
        .filter(|t| {
            t.hex.is_some_and(|h| in_range(e, at, h))
                && if indirect {
                    !t.state.flies()
                } else {
                    super::legal::sees(b, at, t)
                }
        })
        .map(|t| t.id)
        .collect()
}

/// The standing wall hexes of the sections a besieger's engine may work on (H-M13): a ballista
/// cannot hurt a fortress (l. 210); gates are the ram's.
pub fn walls(b: &B, u: &U) -> Vec<Hex> {
    let (Some(s), Some(at), Some(e)) = (siege(b), u.hex, engine(&u.state)) else {
        return Vec::new();
    };
    if u.side != s.besieger || e.work == 0 || !has_ammo(&u.state) {
        return Vec::new();
    }
    s.sections
        .iter()
        .flat_map(|x| x.walls.iter().copied())
        .filter(|h| !s.gates.contains(h) && standing_wall(b, *h) && in_range(e, at, *h))
        .collect()
}

/// The standing wall hexes and gates next to a besieger's huge creature, which it may tear down as
/// a ram does (H-M16).
pub fn demolishes(b: &B, u: &U) -> Vec<Hex> {
    let (Some(s), Some(at)) = (siege(b), u.hex) else { return Vec::new() };
    if u.side != s.besieger || u.state.kind() != Kind::Huge {
        return Vec::new();
    }
    s.sections
        .iter()
        .flat_map(|x| x.walls.iter().copied())
        .chain(s.gates.iter().copied())
        .filter(|h| h.unsigned_distance_to(at) == 1 && standing_wall(b, *h))
        .collect()
}

/// Where a unit's order sets it to work as a ram: the gate next to a ram (l. 194), the wall hex a
/// huge creature tears at (H-M16).
fn rammed(b: &B, u: &U, order: &Order) -> Option<Hex> {
    match order {
        Order::Ram => gate(b, u),
        Order::Demolish(h) => demolishes(b, u).contains(h).then_some(*h),
        _ => None,
    }
}

/// The standing gate next to a besieger's ram (l. 194).
pub fn gate(b: &B, u: &U) -> Option<Hex> {
    let (s, at) = (siege(b)?, u.hex?);
    if u.side != s.besieger || !u.state.has(&Trait::Ram) {
        return None;
    }
    s.gates
        .iter()
        .copied()
        .find(|g| g.unsigned_distance_to(at) == 1 && standing_wall(b, *g))
}

/// Whether `hex` is a ram's post: `u` a besieger's ram and `hex` next to a standing gate. It may
/// march there though the defenders on the gate or the walls stand next to it, since it works
/// under their attacks (l. 194: "sous réserve qu'elle survive aux attaques des assiégés").
pub fn ram_post(b: &B, u: &U, hex: Hex) -> bool {
    let Some(s) = siege(b) else { return false };
    u.side == s.besieger && u.state.has(&Trait::Ram) && s.gates.iter().any(|g| g.unsigned_distance_to(hex) == 1 && standing_wall(b, *g))
}

/// The range of a hero's Breach spell, unspent (H-M7).
fn passwall_range(s: &UnitState) -> Option<u8> {
    if s.sundered {
        return None;
    }
    s.hero()?.spells.iter().find_map(|sp| match sp {
        super::data::HeroSpell::Breach { range } => Some(*range),
        super::data::HeroSpell::Blast { .. } => None,
    })
}

/// The standing wall hexes and gates a besieger's hero may open with his spell (l. 195, H-M7).
pub fn passwalls(b: &B, u: &U) -> Vec<Hex> {
    let (Some(s), Some(at), Some(range)) = (siege(b), u.hex, passwall_range(&u.state)) else {
        return Vec::new();
    };
    if u.side != s.besieger {
        return Vec::new();
    }
    s.sections
        .iter()
        .flat_map(|x| x.walls.iter().copied())
        .chain(s.gates.iter().copied())
        .filter(|h| standing_wall(b, *h) && h.unsigned_distance_to(at) <= u32::from(range))
        .collect()
}

/// What an engine's shot on `t` is made of: its roll, flat (R-M15), under the walls' shelter.
pub fn shot_terms(b: &B, u: &U, t: &U) -> Vec<super::event::Term> {
    let mut terms = vec![super::damage::plus("R-M15", "a siege engine's roll, flat", 0)];
    terms.extend(super::siege::shelter(b, u, t));
    terms
}

/// An engine's shot on a unit (R-M15): its roll, flat, under the walls' shelter; no dice on a unit
/// its stones cannot hurt (l. 107).
pub(super) fn shot(run: &mut Run, id: UnitId, target: UnitId) {
    let (Some(u), Some(t)) = (run.b.unit(id), run.b.unit(target)) else { return };
    let Some(e) = engine(&u.state) else { return };
    if immune_to(&t.state, &u.state, AttackKind::Shot) {
        return;
    }
    let terms = shot_terms(&run.b, u, t);
    super::sequence::flat_attack(run, AttackKind::Shot, id, target, e.damage, terms);
}

/// An engine's work on a wall hex (H-M13).
pub(super) fn bombard(run: &mut Run, id: UnitId, hex: Hex) {
    let Some(u) = run.b.unit(id) else { return };
    if !walls(&run.b, u).contains(&hex) {
        return;
    }
    let points = engine(&u.state).map_or(0, |e| e.work);
    let before = siege(&run.b).and_then(|s| s.work.iter().find(|w| w.hex == hex)).map_or(0, |w| w.points);
    run.emit(Event::WallWorked {
        unit: id,
        hex,
        points,
        total: before + points,
    });
}

/// At the shooting phase's end, every wall hex or tower whose work reached its points falls (H-M13).
pub(super) fn walls_fall(run: &mut Run) {
    let fallen: Vec<Hex> = siege(&run.b).map_or_else(Vec::new, |s| {
        s.work
            .iter()
            .filter(|w| w.points >= super::siege::points_to_fall(&run.b, w.hex) && standing_wall(&run.b, w.hex))
            .map(|w| w.hex)
            .collect()
    });
    for hex in fallen {
        run.emit(Event::BreachOpened { hex, rule: "l. 191, H-M13" });
    }
}

/// A hero's Breach spell: the wall hex falls at once (l. 195, H-M7).
pub(super) fn passwall(run: &mut Run, hero: UnitId, hex: Hex) {
    let Some(h) = run.b.unit(hero) else { return };
    if !passwalls(&run.b, h).contains(&hex) {
        return;
    }
    run.emit(Event::Passwall { hero, hex });
    run.emit(Event::BreachOpened { hex, rule: "l. 195, H-M7" });
}

/// At the shooting phase's start, each ram ordered to a gate, and each huge creature to a wall hex,
/// that no one has started on draws its 2d4 (l. 194, H-M16), in id order.
pub(super) fn rams_start(run: &mut Run) {
    for (id, order) in ordered(&run.b) {
        let Some(u) = run.b.unit(id) else { continue };
        let Some(g) = rammed(&run.b, u, &order) else { continue };
        if siege(&run.b).is_some_and(|s| s.rams.iter().any(|w| w.hex == g)) {
            continue;
        }
        let roll = tables().siege.ram;
        let (faces, sum) = roll.throw(run.dice);
        let needs = u8::try_from(sum.max(1)).unwrap_or(u8::MAX);
        run.emit(Event::RamStarted { unit: id, hex: g, faces, needs });
    }
}

/// At the sequence's end, each gate a ram, or wall hex a huge creature, worked on and lived through
/// counts one sequence; it falls when the count reaches the roll (l. 194, H-M13, H-M16).
pub(super) fn rams_count(run: &mut Run) {
    let mut done_at: Vec<Hex> = Vec::new();
    for (id, order) in ordered(&run.b) {
        let Some(u) = run.b.unit(id).filter(|u| u.state.pvt > 0) else { continue };
        let Some(g) = rammed(&run.b, u, &order).filter(|g| !done_at.contains(g)) else { continue };
        let Some(w) = siege(&run.b).and_then(|s| s.rams.iter().find(|w| w.hex == g)).cloned() else { continue };
        done_at.push(g);
        let done = w.done + 1;
        run.emit(Event::RamWorked { unit: id, hex: g, done, needs: w.needs });
        if done >= w.needs {
            let rule = if order == Order::Ram { "l. 194, H-M13" } else { "H-M16, l. 194" };
            run.emit(Event::BreachOpened { hex: g, rule });
        }
    }
}
