//! What a figure carries and what its characteristics come to now: its melee weapons in hand, the
//! primary one and the second (l. 132-138, R-S12, R-S14), its missile weapon, its Défense with the
//! shield it still holds and Bouclier mystique, and the stun penalty (l. 109).

use super::Swidenth;
use super::data::{Weapon, WeaponClass, tables};
use super::duel::Arms;
use super::state::UnitState;
use crate::battle::{Battle, Unit};

pub type B = Battle<Swidenth>;
pub type U = Unit<UnitState>;

/// Its melee weapons, the primary first: the most damage, the first listed on a tie (l. 132: the
/// player's choice, made in the warband table's order).
fn melee_weapons(s: &UnitState) -> Vec<&Weapon> {
    let mut out: Vec<&Weapon> = s.row().weapons.iter().filter(|w| w.class.is_some()).collect();
    out.sort_by_key(|w| -w.damage);
    out
}

/// Whether it carries a shield, which takes its off hand (R-S12).
pub fn has_shield(s: &UnitState) -> bool {
    s.row().armour.iter().filter_map(|a| tables().weapons.armour(a)).any(|a| a.hands > 0)
}

/// The primary weapon, and the second if a one-handed one is paired with a one-handed primary
/// and no shield takes the off hand; what it holds, not what it dropped.
pub fn in_hand(s: &UnitState) -> (Option<&Weapon>, Option<&Weapon>) {
    let melee = melee_weapons(s);
    let primary = melee.first().copied();
    let second = melee.get(1).copied().filter(|w| w.hands == 1 && primary.is_some_and(|p| p.hands == 1) && !has_shield(s));
    let two_handed = primary.is_some_and(|p| p.hands == 2);
    // Claws are never dropped (H-S17); a two-handed weapon is in both hands.
    let main_lost = primary.is_some_and(|p| !p.natural) && (s.dropped_main || (two_handed && s.dropped_off));
    let second_held = second.filter(|_| !s.dropped_off);
    if main_lost { (second_held, None) } else { (primary, second_held) }
}

/// What it brings to a blow (l. 103, 134-138).
pub fn arms(s: &UnitState) -> Arms {
    let (primary, second) = in_hand(s);
    Arms { damage: primary.map(|w| w.damage), second: second.and_then(|w| w.class).filter(|c| *c != WeaponClass::Heavy) }
}

/// What a fumble's hand holds (H-S12), by name; `None` for an empty hand or claws. The main hand
/// holds the primary weapon, both hands a two-handed one; the off hand a shield or the second
/// weapon, which it keeps when the primary fell (R-S14: it fights with it then).
pub fn held(s: &UnitState, main: bool) -> Option<String> {
    let melee = melee_weapons(s);
    let primary = melee.first().copied().filter(|p| !p.natural);
    let two_handed = primary.filter(|p| p.hands == 2);
    if main {
        return primary.filter(|_| !s.dropped_main && !(two_handed.is_some() && s.dropped_off)).map(|w| w.label.clone());
    }
    if s.dropped_off {
        return None;
    }
    if has_shield(s) {
        return s.row().armour.iter().filter_map(|a| tables().weapons.armour(a)).find(|a| a.hands > 0).map(|a| a.label.clone());
    }
    if let Some(p) = two_handed {
        return (!s.dropped_main).then(|| p.label.clone());
    }
    melee.get(1).filter(|w| w.hands == 1 && primary.is_some_and(|p| p.hands == 1)).map(|w| w.label.clone())
}

/// Its missile weapon, if it has one (l. 74).
pub fn missile(s: &UnitState) -> Option<&Weapon> {
    s.row().weapons.iter().find(|w| w.range.is_some())
}

/// Its Défense now: the row's (armour counted), less a dropped shield, plus Bouclier mystique.
pub fn defence(s: &UnitState, turn: u32) -> i8 {
    let shield = if s.dropped_off && has_shield(s) {
        s.row().armour.iter().filter_map(|a| tables().weapons.armour(a)).filter(|a| a.hands > 0).map(|a| a.defence).sum()
    } else {
        0
    };
    let mystic = s.shielded_until.filter(|t| *t >= turn).map_or(0, |_| mystic_bonus());
    s.row().defence - shield + mystic
}

/// Bouclier mystique's Défense bonus (H-S3).
pub fn mystic_bonus() -> i8 {
    tables()
        .spells
        .spells
        .iter()
        .find_map(|sp| match sp.effect {
            super::data::SpellEffect::Defence(n) => Some(n),
            _ => None,
        })
        .unwrap_or(0)
}

/// Whether it has anything dropped to pick up (l. 120).
pub fn dropped_anything(s: &UnitState) -> bool {
    (s.dropped_main && held_if_whole(s, true)) || (s.dropped_off && held_if_whole(s, false))
}

fn held_if_whole(s: &UnitState, main: bool) -> bool {
    let whole = UnitState { dropped_main: false, dropped_off: false, ..s.clone() };
    held(&whole, main).is_some()
}

/// The figures standing next to `u` of the other side: the enemies it is engaged with (l. 84, A4).
pub fn engaged<'a>(b: &'a B, u: &'a U) -> impl Iterator<Item = &'a U> + 'a {
    let at = u.hex;
    b.on_board().filter(move |e| e.side != u.side && at.is_some_and(|h| e.hex.is_some_and(|eh| eh.unsigned_distance_to(h) == 1)))
}

pub fn is_engaged(b: &B, u: &U) -> bool {
    engaged(b, u).next().is_some()
}
