//! What the rules read of a unit where it stands: its rate, its movement groups, the enemies in
//! contact and near it, whether it is engaged, in a building, supported, and the circumstances the
//! skirmishers' and supports' lists name (B.3.3).

use super::BlackPowder;
use super::data::{Circumstance, Formation, MoveGroup, Mover, Troop, tables};
use super::state::UnitState;
use crate::battle::{Battle, Side, Unit, UnitId};
use crate::hex::{Arc, Direction, Ground, Hex};

pub type B = Battle<BlackPowder>;
pub type U = Unit<UnitState>;

/// The inches of one move (BP3.1–3.3): artillery limbered moves with its horses, deployed guns are
/// manhandled.
pub fn rate(u: &UnitState) -> u8 {
    let t = &tables().movement;
    let mover = match (u.troop(), u.formation) {
        (Troop::Infantry, _) => Mover::Infantry,
        (Troop::Cavalry, _) => Mover::Cavalry,
        (Troop::Artillery, Formation::Limbered) if u.profile().horse_artillery => Mover::LimberedHorseArtillery,
        (Troop::Artillery, Formation::Limbered) => Mover::LimberedArtillery,
        (Troop::Artillery, _) => Mover::ManhandledArtillery,
    };
    t.rate(mover)
}

/// The groups of the terrain rows a unit belongs to (BP:L36–37).
pub fn groups(u: &UnitState) -> &'static [MoveGroup] {
    match (u.troop(), u.skirmishing()) {
        (Troop::Infantry, true) => &[MoveGroup::SkirmishingInfantry, MoveGroup::Skirmishers],
        (Troop::Infantry, false) => &[MoveGroup::FormedInfantry],
        (Troop::Cavalry, true) => &[MoveGroup::Skirmishers],
        (Troop::Cavalry, false) => &[MoveGroup::FormedCavalry],
        (Troop::Artillery, _) => &[],
    }
}

/// Enemy units on the board next to `hex`, by id.
pub fn enemies_next_to(b: &B, side: Side, hex: Hex) -> Vec<UnitId> {
    enemies_beside(b, side, hex).map(|e| e.id).collect()
}

fn enemies_beside(b: &B, side: Side, hex: Hex) -> impl Iterator<Item = &U> {
    b.on_board().filter(move |e| e.side != side && e.hex.is_some_and(|h| h.unsigned_distance_to(hex) == 1))
}

/// Enemies in contact with the unit: they fight it (HB-12).
pub fn contacts(b: &B, u: &U) -> Vec<UnitId> {
    u.hex.map(|h| enemies_next_to(b, u.side, h)).unwrap_or_default()
}

/// In contact with an enemy: in a melee (HB-12).
pub fn engaged(b: &B, u: &U) -> bool {
    u.hex.is_some_and(|at| enemies_beside(b, u.side, at).next().is_some())
}

/// Hex distance to the nearest enemy on the board.
pub fn nearest_enemy(b: &B, side: Side, hex: Hex) -> Option<u32> {
    b.on_board().filter(|e| e.side != side).filter_map(|e| e.hex).map(|h| h.unsigned_distance_to(hex)).min()
}

/// The nearest enemy unit itself (lowest id among the nearest).
pub fn nearest_enemy_unit<'a>(b: &'a B, side: Side, hex: Hex) -> Option<&'a U> {
    b.on_board().filter(|e| e.side != side).min_by_key(|e| (e.hex.map_or(u32::MAX, |h| h.unsigned_distance_to(hex)), e.id))
}

pub fn in_building(b: &B, hex: Hex) -> bool {
    b.map.at(hex).ground == Ground::Buildings
}

/// The arc of `u` that an enemy at `from` touches; squares and buildings have no flank or rear
/// (B.3.3).
pub fn arc_from(b: &B, u: &U, from: Hex) -> Arc {
    let Some(at) = u.hex else { return Arc::Front };
    if all_round(b, u) {
        return Arc::Front;
    }
    u.facing.arc_towards(at, from).unwrap_or(Arc::Front)
}

/// A square or a unit in a building faces every way (B.3.3).
pub fn all_round(b: &B, u: &U) -> bool {
    u.state.formation == Formation::Square || u.hex.is_some_and(|h| in_building(b, h))
}

/// An enemy of its melee touches it in the flank or rear (BP6.6).
pub fn engaged_flank_or_rear(b: &B, u: &U) -> bool {
    contacts(b, u).iter().filter_map(|id| b.unit(*id)).filter_map(|e| e.hex).any(|h| arc_from(b, u, h) != Arc::Front)
}

/// What the skirmishers' and supports' lists say of a unit (BP:L274–308).
pub fn circumstances(b: &B, u: &U) -> Vec<Circumstance> {
    let mut out = vec![Circumstance::Formation(u.state.formation)];
    if u.state.is_artillery() {
        out.push(Circumstance::Artillery);
    }
    if u.state.skirmishing() {
        out.push(Circumstance::Skirmishers);
    }
    if u.hex.is_some_and(|h| in_building(b, h)) {
        out.push(Circumstance::InBuilding);
    }
    if engaged_flank_or_rear(b, u) {
        out.push(Circumstance::EngagedInFlankOrRear);
    }
    out
}

/// Whether `f` may support a friend (BP16.5, BP17.1): out of a melee, not in a march column,
/// limbered or in a building.
pub fn may_support(b: &B, f: &U) -> bool {
    let building = f.hex.is_some_and(|h| in_building(b, h)) && !tables().buildings.supports;
    !engaged(b, f) && !building && tables().supports.may_support(&circumstances(b, f))
}

/// The friends that support `u` in melee (BP6.7–6.8, BP17, B.3.3): `(rear, flanks)`, each
/// unengaged and allowed to support, `u` itself allowed to be supported and out of a building.
pub fn supports(b: &B, u: &U) -> (bool, u8) {
    let Some(at) = u.hex else { return (false, 0) };
    let s = &tables().supports;
    if !s.may_be_supported(&circumstances(b, u)) || (in_building(b, at) && !tables().buildings.supports) {
        return (false, 0);
    }
    let supporter = |d: Direction| {
        b.units_at(d.step(at)).any(|f| f.side == u.side && may_support(b, f))
    };
    let f = u.facing;
    let rear = supporter(f.turned(3));
    let left = supporter(f.turned(-1)) || supporter(f.turned(-2));
    let right = supporter(f.turned(1)) || supporter(f.turned(2));
    (rear, u8::from(left) + u8::from(right))
}
