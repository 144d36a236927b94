//! One unit's attack on another, shot or melee, as l. 55 reads it: the weapon's dice, the troops,
//! the battle table's percentage for the attacker's hit dice against the target's AC, and every
//! addition and multiplier of l. 88, 105-108, 147-153 with its rule.

use super::damage::{self, plus, times};
use super::data::{Kind, Tag, Trait, Weapon, tables};
use super::event::{Attack, AttackKind, Term};
use super::state::UnitState;
use crate::battle::{Battle, Dice, Unit};
use crate::hex::facing::Arc;

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// The weapon a unit attacks with: its missile for a shot, its melee weapon otherwise.
pub fn weapon(u: &UnitState, kind: AttackKind) -> Option<&Weapon> {
    let row = u.row();
    match kind {
        AttackKind::Shot => row.missile.as_ref(),
        _ => row.weapon.as_ref(),
    }
}

/// Whether `target` is immune to what `attacker` strikes with (l. 107; H-M15).
pub fn immune_to(target: &UnitState, attacker: &UnitState, kind: AttackKind) -> bool {
    let tags: &[Tag] = weapon(attacker, kind).map_or(&[], |w| &w.tags);
    target.row().traits.iter().any(
        |t| matches!(t, Trait::ImmuneUnless(needed) if !needed.iter().any(|n| tags.contains(n))),
    )
}

/// The additions and multipliers of an attack (R-M4), before the dice.
pub fn terms(b: &B, attacker: &U, target: &U, kind: AttackKind) -> Vec<Term> {
    let (a, t) = (&attacker.state, &target.state);
    let m = &tables().multipliers;
    let melee = kind != AttackKind::Shot;
    let pct = |p: u32| i32::try_from(p).unwrap_or(i32::MAX);
    let mut out = Vec::new();
    if kind == AttackKind::Pursuit && t.order == Some(super::state::Order::Flee) {
        out.push(plus(
            "l. 88",
            "pursuing a fleeing unit",
            pct(m.pursuit_percent),
        ));
    }
    // The seed's tactics (l. 147, H-M11): the rear attack or the envelopment, the better one.
    let rear = melee && attacker.hex.zip(target.hex).and_then(|(x, y)| target.facing.arc_towards(y, x)) == Some(Arc::Rear);
    let enveloped = melee
        && b.global
            .engaged_with(target.id)
            .iter()
            .any(|e| *e != attacker.id && b.unit(*e).is_some_and(|u| u.side == attacker.side));
    let tactics = [
        (rear, m.rear_percent, "rear attack: it strikes from the target's rear hexside"),
        (enveloped, m.envelopment_percent, "envelopment: the target already fights a friend"),
    ];
    if let Some((_, p, why)) = tactics.into_iter().filter(|t| t.0).max_by_key(|t| t.1) {
        out.push(plus("H-M11", why, pct(p)));
    }
    if a.slices > 0 && !b.global.commander_fell[attacker.side.index()] {
        out.push(plus(
            "l. 104",
            "slices of its commander's INT",
            pct(m.slice_percent) * i32::from(a.slices),
        ));
    }
    let sag = b.global.commanders[target.side.index()]
        .as_ref()
        .filter(|_| !b.global.commander_fell[target.side.index()])
        .map_or(0, |c| c.sag_bonus);
    if sag > 0 && t.order.as_ref().is_some_and(super::state::Order::stands) {
        out.push(plus(
            "l. 104",
            "the enemy commander's SAG: the target stands",
            -pct(m.slice_percent) * i32::from(sag),
        ));
    }
    if melee && a.has(&Trait::Mounted) && a.has(&Trait::Lance) && a.charged.contains(&target.id) {
        out.push(times("l. 149", "lances in the charge", m.lance, 1));
    }
    if melee && a.has(&Trait::Polearm) && !a.moved && t.charged.contains(&attacker.id) {
        out.push(times("l. 153", "polearms against a charge", m.polearm, 1));
    }
    if melee && a.flies() && !t.flies() {
        out.push(times("l. 108", "a flier against the ground", m.flier, 1));
    }
    if melee && t.flies() && !a.flies() {
        out.push(times("l. 108", "against a flier", 1, m.flier));
    }
    if a.kind() != Kind::Standard && t.kind() == Kind::Standard {
        out.push(times(
            "l. 106, 117",
            "a huge creature or hero against a standard unit",
            m.hero,
            1,
        ));
    }
    out.extend(super::siege::shelter(b, attacker, target));
    if a.has(&Trait::SpecialAttack) {
        out.push(times("l. 105", "special attack", m.special_attack, 1));
    }
    if melee && immune_to(a, t, kind) {
        out.push(times(
            "l. 107",
            "immune to its enemy's attacks",
            m.immune,
            1,
        ));
    }
    out
}

/// A huge creature on a standard unit: 10 × its hit dice, no dice drawn (l. 106, R-M17), nothing
/// against a unit immune to it (l. 107).
pub fn crushing(b: &B, attacker: &U, target: &U, kind: AttackKind) -> Attack {
    let hd = attacker.state.row().hd;
    let flat = i64::from(tables().multipliers.huge_per_hd) * i64::from(hd.dice);
    let mut terms = vec![plus(
        "l. 106",
        "a huge creature crushes a standard unit: 10 × its hit dice",
        0,
    )];
    terms.extend(super::siege::shelter(b, attacker, target));
    let damage = if immune_to(&target.state, &attacker.state, kind) {
        0
    } else {
        damage::total(flat, 1, 100, &terms)
    };
    Attack {
        kind,
        attacker: attacker.id,
        target: target.id,
        faces: Vec::new(),
        roll: flat,
        troops: 1,
        table: 100,
        terms,
        damage,
    }
}

/// `attacker`'s attack on `target`, rolling the weapon's dice; `None` for a unit with no weapon
/// for it. No dice are drawn against an immune target: its damage is 0 (l. 107).
pub fn attack(
    b: &B,
    attacker: &U,
    target: &U,
    kind: AttackKind,
    dice: &mut Dice,
) -> Option<Attack> {
    if attacker.state.kind() == Kind::Huge
        && target.state.kind() == Kind::Standard
        && kind != AttackKind::Shot
    {
        return Some(crushing(b, attacker, target, kind));
    }
    let w = weapon(&attacker.state, kind)?;
    // A hero strikes as one fighter making his attacks (R-M19).
    let troops = attacker
        .state
        .hero()
        .map_or_else(|| attacker.state.troops(), |h| u32::from(h.attacks));
    let table = tables()
        .battle
        .percent(attacker.state.row().hd, target.state.row().ac);
    let terms = terms(b, attacker, target, kind);
    let immune = immune_to(&target.state, &attacker.state, kind);
    let (faces, roll) = if immune { (Vec::new(), 0) } else { w.damage.throw(dice) };
    let damage = if immune {
        0
    } else {
        damage::total(roll, troops, table, &terms)
    };
    Some(Attack {
        kind,
        attacker: attacker.id,
        target: target.id,
        faces,
        roll,
        troops,
        table,
        terms,
        damage,
    })
}
