//! The stronger computer opponent's look one exchange ahead (a heuristic, not rules): the blows a
//! side's units can strike this turn, against the blows the enemies able to reach them can strike
//! back next turn, each valued by the dice the rules would count and the faces that hit.

use super::Thucydide;
use super::combat::{cannot_attack, dice_pool, effective_armour, tactical_advantage};
use super::data::{Armour, Mobility, Profile, Trait};
use super::die::Face;
use super::event::Effect;
use super::judge::STANDING;
use super::movement::terrain_cost;
use super::state::{Combat, CombatKind, Phase, Role, UnitState};
use crate::battle::{Battle, Side, Unit, UnitId};
use crate::hex::path::{StepRules, reachable};
use crate::hex::{Hex, HexMap};
use crate::rules::recent::Recent;
use std::collections::HashMap;
use std::sync::Arc;

type B = Battle<Thucydide>;
type U = Unit<UnitState>;

/// Each unit strikes once: what it can expect from its best blow, weighted by when it comes. A
/// blow the side can strike now counts less than the blow struck, so striking beats threatening.
const STRIKE_NOW: f64 = 0.5;
/// The enemy's blows come next, before the side's own next turn.
const STRUCK_NEXT: f64 = 0.4;
/// The side's blows after that, once the enemy has had its turn to step away or strike first.
const STRIKE_LATER: f64 = 0.1;
/// A morale hit, against a loss of one element: it may force a retreat, rarely a loss.
const MORALE_HIT: f64 = 0.3;

/// The exchange balance for `side`, in the evaluation's units (element worth).
pub fn exchange(b: &B, side: Side, worth: fn(&Profile) -> f64, kept: &mut Strikes) -> f64 {
    let strikes_now = b.active == side && matches!(b.global.phase, Phase::Movement | Phase::Combat);
    let fighting = |s: Side| b.on_board().filter(move |u| u.side == s && !u.state.panicked);
    let mut total = 0.0;
    for u in fighting(side) {
        if strikes_now && cannot_attack(b, u).is_none() {
            total += STRIKE_NOW * best_blow(b, u, fighting(side.other()), worth, kept, |_, target, from| strike_kind(u, from, target));
        } else if !strikes_now || !u.state.fought {
            total += STRIKE_LATER * best_blow(b, u, fighting(side.other()), worth, kept, |kept, target, from| reach_kind(b, u, from, target, kept));
        }
    }
    for e in fighting(side.other()) {
        total -= STRUCK_NEXT * best_blow(b, e, fighting(side), worth, kept, |kept, target, from| reach_kind(b, e, from, target, kept));
    }
    total
}

/// The best expected damage `a` can deal among `targets`, by how `kind` says it may strike each.
fn best_blow<'a>(
    b: &B,
    a: &U,
    targets: impl Iterator<Item = &'a U>,
    worth: fn(&Profile) -> f64,
    kept: &mut Strikes,
    kind: impl Fn(&mut Strikes, Hex, Hex) -> Option<CombatKind>,
) -> f64 {
    let Some(at) = a.hex else { return 0.0 };
    let mut best = 0.0;
    for t in targets {
        let Some(k) = t.hex.and_then(|th| kind(kept, th, at)) else { continue };
        let riposte = if k == CombatKind::Melee { blow(b, t, a, k, Role::Riposte, worth, kept) } else { 0.0 };
        best = f64::max(best, blow(b, a, t, k, Role::Attack, worth, kept) - riposte);
    }
    best
}

/// How `u` at `from` may strike in its next turn a unit at `target`, if it can reach it.
fn reach_kind(b: &B, u: &U, from: Hex, target: Hex, kept: &mut Strikes) -> Option<CombatKind> {
    reaches(b, u, from, target, kept).then(|| {
        if u.state.profile().fire > 0 && from.unsigned_distance_to(target) > 1 { CombatKind::Fire } else { CombatKind::Melee }
    })
}

/// How `u` at `from` may strike a unit at `target` without moving, if it may.
fn strike_kind(u: &U, from: Hex, target: Hex) -> Option<CombatKind> {
    let p = u.state.profile();
    let d = from.unsigned_distance_to(target);
    if d == 1 && p.assault.max(p.melee) > 0 {
        Some(CombatKind::Melee)
    } else if d >= 2 && p.fire > 0 && d <= u32::from(p.range) {
        Some(CombatKind::Fire)
    } else {
        None
    }
}

/// Whether enemy `e` standing at `from` can strike a unit at `target` in its next turn: by fire
/// within its range of anywhere it can move to (sight not checked), or by melee from a hex it can
/// reach next to the target (other units not counted as obstacles).
fn reaches(b: &B, e: &U, from: Hex, target: Hex, kept: &mut Strikes) -> bool {
    let p = e.state.profile();
    let distance = from.unsigned_distance_to(target);
    if distance > u32::from(p.movement) + u32::from(p.range.max(1)) {
        return false;
    }
    if p.fire > 0 && p.range >= 2 && distance <= u32::from(p.movement) + u32::from(p.range) {
        return true;
    }
    p.assault.max(p.melee) > 0 && b.map.index(target).is_some_and(|i| melee_zone(b, p.mobility(), from, p.movement, kept)[i])
}

/// Expected damage of `a` striking `d` where both stand, by the rules' own dice count and faces.
fn blow(b: &B, a: &U, d: &U, kind: CombatKind, role: Role, worth: fn(&Profile) -> f64, kept: &mut Strikes) -> f64 {
    let (Some(attacker_hex), Some(defender_hex)) = (a.hex, d.hex) else { return 0.0 };
    let key = (a.id, attacker_hex, a.state.strength, d.id, defender_hex, d.state.strength, kind == CombatKind::Fire, role == Role::Riposte);
    if let Some(v) = kept.blows.get(&key) {
        return *v;
    }
    let c = Combat {
        attacker: a.id,
        defender: d.id,
        kind,
        role,
        attack_order: false,
        defence_order: false,
        attacker_hex,
        defender_hex,
    };
    let (dice, _) = dice_pool(b, &c);
    let (pa, pd) = (a.state.profile(), d.state.profile());
    let armour = effective_armour(pa, pd);
    let confirm = if armour == Armour::Black && !pa.has(Trait::IgnoresArmour) { 0.5 } else { 1.0 };
    let hit_faces = if pa.has(Trait::IgnoresArmour) { 3 } else { Face::ALL.iter().filter(|f| f.hits(armour)).count() };
    let (ta_hit, ta_morale) = match tactical_advantage(b, &c).0 {
        Effect::Hit => (1.0, 0.0),
        Effect::MoraleHit => (0.0, 1.0),
        _ => (0.0, 0.0),
    };
    let hits = f64::from(dice) * (hit_faces as f64 * confirm + ta_hit) / 6.0;
    let morale = f64::from(dice) * (1.0 + ta_morale) / 6.0;
    let strength = f64::from(d.state.strength.max(1));
    let value = worth(pd) * (hits.min(strength) + MORALE_HIT * morale) + STANDING * (hits / strength).min(1.0);
    kept.blows.insert(key, value);
    value
}

type BlowKey = (UnitId, Hex, u8, UnitId, Hex, u8, bool, bool);

/// A strike zone depends on the terrain, the mobility, the start and the movement points.
struct ZoneKey {
    map: Arc<HexMap>,
    mobility: Mobility,
    from: Hex,
    budget: u8,
}

/// What an AI player keeps of the exchange between positions (its `Memo` holds it).
pub struct Strikes {
    /// One zone per enemy unit; the enemies stand still while a side weighs its moves.
    zones: Recent<ZoneKey, Arc<Vec<bool>>>,
    /// Blows are remembered by who strikes whom from where, not by where everyone else stands
    /// (which changes the dice a little through support), so they last one decision only.
    blows: HashMap<BlowKey, f64>,
}

impl Default for Strikes {
    fn default() -> Strikes {
        Strikes { zones: Recent::new(64), blows: HashMap::new() }
    }
}

impl Strikes {
    /// A new decision: the choice then depends on the decision alone, not on what was weighed before.
    pub fn forget_blows(&mut self) {
        self.blows.clear();
    }
}

/// Per hex of the board: whether a unit of `mobility` at `from` with `budget` movement points can
/// strike a unit there in melee (it is next to a hex the unit can move to).
fn melee_zone(b: &B, mobility: Mobility, from: Hex, budget: u8, kept: &mut Strikes) -> Arc<Vec<bool>> {
    let same = |k: &ZoneKey| Arc::ptr_eq(&k.map, &b.map) && k.mobility == mobility && k.from == from && k.budget == budget;
    kept.zones.get_or_make(same, || {
        let key = ZoneKey { map: b.map.clone(), mobility, from, budget };
        (key, Arc::new(compute_zone(b, mobility, from, budget)))
    })
}

/// Steps over the ground alone: other units are not obstacles to where an enemy could strike.
struct Ground<'a> {
    b: &'a B,
    mobility: Mobility,
}

impl StepRules for Ground<'_> {
    fn step_cost(&self, from: Hex, to: Hex) -> Option<u32> {
        terrain_cost(self.b, self.mobility, from, to)
    }

    fn may_continue_from(&self, _: Hex) -> bool {
        true
    }

    fn may_end_in(&self, _: Hex) -> bool {
        true
    }
}

fn compute_zone(b: &B, mobility: Mobility, from: Hex, budget: u8) -> Vec<bool> {
    let found = reachable(&b.map, from, u32::from(budget), &Ground { b, mobility });
    let mut zone = vec![false; b.map.len()];
    for hex in std::iter::once(from).chain(found.reach.iter().map(|r| r.hex)) {
        for i in b.map.neighbours(hex).filter_map(|n| b.map.index(n)) {
            zone[i] = true;
        }
    }
    zone
}
