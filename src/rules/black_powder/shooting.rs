//! Shooting (BP7, BP14, HB-10): who may shoot and at whom, the dice (B.3.5), the to-hit and save
//! modifiers read from where the units stand, and the shot itself with its break tests A and B;
//! closing fire is the same shot at the moment a charge comes in (HB-8, RB-4).

use super::breaking::{self, Ctx};
use super::data::{ArtilleryBand, Formation, Roll, ShootingValue, Situation, TestLetter, Trait, Troop, tables};
use super::dice::{Shot, shooting_dice};
use super::event::VolleyKind;
use super::hits::{Shooting, shooting_factors};
use super::morale::{Target, save_factors};
use super::unit::{self, B, U, all_round, in_building};
use super::volley::{self, Aim};
use crate::battle::UnitId;
use crate::battle::sight::{self, Cover};
use crate::hex::{Ground, Hexside, Sector, los};

/// How many targets it may shoot at in one Shooting phase: one, or one a side for a square or a
/// building (BP7.24, BP7.29, B.3.3).
fn targets_allowed(b: &B, u: &U) -> usize {
    if all_round(b, u) { 4 } else { 1 }
}

/// The weapon's range in inches, if it shoots at all.
pub(super) fn range(u: &U) -> Option<u8> {
    let p = u.state.profile();
    let weapon = p.weapon?;
    (p.shooting != ShootingValue::Dice(0)).then(|| tables().shooting.range(weapon))
}

/// Whether the unit may shoot now (HB-10): on the board, out of contact, not limbered nor in march
/// column, at most one move made (horse artillery's limbering is free, BP14.1), targets left.
pub fn may_shoot(b: &B, u: &U) -> bool {
    let moved_little = u.state.moves_made <= 1;
    u.hex.is_some()
        && range(u).is_some()
        && !matches!(u.state.formation, Formation::Limbered | Formation::MarchColumn)
        && moved_little
        && !unit::engaged(b, u)
        && u.state.shot_at.len() < targets_allowed(b, u)
}

/// Whether a unit on a hill stands above everything on the line to `to` (BP7.18).
fn above_the_line(b: &B, u: &U, to: crate::hex::Hex) -> bool {
    let Some(at) = u.hex else { return false };
    let level = b.map.level(at);
    level > 0 && los::with_traces(at, to, |a, t| a.iter().chain(t).all(|h| *h == at || b.map.level(*h) < level || *h == to))
}

/// What `u` sees of the enemy at `to`: clear, partly (one trace masked) or not at all; artillery
/// above the line sees over units (BP7.18).
fn seen(b: &B, u: &U, to: crate::hex::Hex) -> (los::Cover, bool) {
    let Some(at) = u.hex else { return (los::Cover::Full, false) };
    let plain = sight::masking(b, at, to, false);
    if plain == los::Cover::Full && u.state.is_artillery() && above_the_line(b, u, to) {
        let over = sight::masking(b, at, to, true);
        return (over, over != los::Cover::Full);
    }
    (plain, false)
}

/// The enemies `u` may shoot at (HB-10): in range (gap rule), in its front sector (all round for a
/// square or a building), seen at least partly, not in a melee, not shot at already this phase.
pub fn targets(b: &B, u: &U) -> Vec<UnitId> {
    let mut out: Vec<(u32, UnitId)> = in_reach(b, u).into_iter().filter(|(_, e, h)| open_to(b, u, e, *h)).map(|(d, e, _)| (d, e.id)).collect();
    if b.global.switches.nearest_target_only {
        let nearest = out.first().map(|(d, _)| *d);
        out.retain(|(d, _)| Some(*d) == nearest);
    }
    out.into_iter().map(|(_, id)| id).collect()
}

/// The first of `targets`, the nearest (the lowest id among the nearest), looking at no more
/// lines of sight than it takes to find it.
pub fn first_target(b: &B, u: &U) -> Option<UnitId> {
    in_reach(b, u).into_iter().find(|(_, e, h)| open_to(b, u, e, *h)).map(|(_, e, _)| e.id)
}

/// Whether `u` may shoot at `e`, at `to`, among those `in_reach`: not in a melee, seen at least
/// partly.
fn open_to(b: &B, u: &U, e: &U, to: crate::hex::Hex) -> bool {
    !unit::engaged(b, e) && seen(b, u, to).0 != los::Cover::Full
}

/// The enemies `targets` weighs before sight and melee, nearest first (then by id): in range, in
/// the front sector, not shot at already; none if `u` may not shoot. Whether each is in a melee is
/// left to the caller, which asks it of the nearest first and of no more than it needs.
fn in_reach<'a>(b: &'a B, u: &U) -> Vec<(u32, &'a U, crate::hex::Hex)> {
    let (Some(at), Some(range)) = (u.hex, range(u)) else { return Vec::new() };
    if !may_shoot(b, u) {
        return Vec::new();
    }
    let scale = tables().scale;
    let mut out: Vec<(u32, &U, crate::hex::Hex)> = b
        .on_board()
        .filter(|e| e.side != u.side && !u.state.shot_at.contains(&e.id))
        .filter_map(|e| e.hex.map(|h| (e, h)))
        .filter(|(_, h)| scale.within(at.unsigned_distance_to(*h), u32::from(range)))
        .filter(|(_, h)| all_round(b, u) || u.facing.sector(at, *h) == Some(Sector::Front))
        .map(|(e, h)| (at.unsigned_distance_to(h), e, h))
        .collect();
    out.sort_by_key(|(d, e, _)| (*d, e.id));
    out
}

/// Why `u` may not shoot at the enemy `e`: the first rule of `may_shoot` and `targets` it fails,
/// alone, rather than the list of them all; `None` if it may.
pub fn why_no_shot(b: &B, u: &U, e: &U) -> Option<String> {
    let (Some(at), Some(to)) = (u.hex, e.hex) else { return None };
    let Some(range) = range(u) else { return Some("It has no shooting weapon".into()) };
    let d = at.unsigned_distance_to(to);
    let reach = tables().scale.reach(u32::from(range));
    Some(if unit::engaged(b, u) {
        "It is in a melee: it fights, it does not shoot (HB-10)".into()
    } else if matches!(u.state.formation, Formation::Limbered | Formation::MarchColumn) {
        "Limbered or in march column: no shooting (BP:L131–132)".into()
    } else if u.state.moves_made > 1 {
        "It moved more than once this turn: no shooting (HB-10)".into()
    } else if u.state.shot_at.contains(&e.id) {
        "It has shot at this enemy already this phase (HB-10)".into()
    } else if u.state.shot_at.len() >= targets_allowed(b, u) {
        "It has shot already this phase (HB-10)".into()
    } else if !tables().scale.within(d, u32::from(range)) {
        format!("Out of range: {d} hexes off, its {range}\" reach {reach} (BP:L96–109)")
    } else if !(all_round(b, u) || u.facing.sector(at, to) == Some(Sector::Front)) {
        "Out of its front: it shoots only into its front sector (HB-10)".into()
    } else if unit::engaged(b, e) {
        "That enemy is in a melee: no shooting into one (HB-10)".into()
    } else if seen(b, u, to).0 == los::Cover::Full {
        "Out of sight: the line is blocked (HB-10)".into()
    } else if !targets(b, u).contains(&e.id) {
        "A nearer enemy must be shot first (HB-10)".into()
    } else {
        return None;
    })
}

/// The artillery band of a target `d` hexes away (BP14.3–14.5).
fn band(u: &U, d: u32) -> Option<ArtilleryBand> {
    let weapon = u.state.profile().weapon?;
    weapon.is_artillery().then(|| tables().artillery.band(tables().scale, tables().shooting.range(weapon), d)).flatten()
}

/// What sets the dice of a shot by `by` at `target` in `band` (HB-1, BP:L242-256, L330, L136-137).
fn shot(b: &B, by: &U, target: &U, (at, to): (crate::hex::Hex, crate::hex::Hex), band: Option<ArtilleryBand>) -> Shot {
    let enfilade = match target.facing.sector(to, at) {
        Some(Sector::LeftFlank | Sector::RightFlank | Sector::Rear) if !all_round(b, target) => match target.state.troop() {
            Troop::Infantry => Some(Situation::EnfiladedInfantry),
            Troop::Artillery if target.state.formation == Formation::Unlimbered => Some(Situation::EnfiladedArtillery),
            _ => None,
        },
        _ => None,
    };
    Shot {
        base: by.state.profile().shooting.dice(band.unwrap_or(ArtilleryBand::Short)),
        size: by.state.profile().size,
        formation: by.state.formation,
        in_building: in_building(b, at),
        first_fire: by.state.has(Trait::FirstFire) && !by.state.has_shot,
        enfilade,
    }
}

/// The dice of `aim`'s shooting volley, without what sight and cover add to the roll.
pub fn volley_dice(b: &B, by: &U, target: &U) -> Option<u8> {
    let (at, to) = (by.hex?, target.hex?);
    Some(shooting_dice(&shot(b, by, target, (at, to), band(by, at.unsigned_distance_to(to)))))
}

/// The shot's dice, to-hit and save modifiers, from where both stand.
pub fn aim(b: &B, by: &U, target: &U, kind: VolleyKind) -> Option<Aim> {
    let (at, to) = (by.hex?, target.hex?);
    // Closing fire is at point-blank, as the charger comes in (RB-4): the short band, in sight.
    let point_blank = kind == VolleyKind::ClosingFire;
    let d = if point_blank { 1 } else { at.unsigned_distance_to(to) };
    let artillery = by.state.is_artillery();
    let band = band(by, d);
    let shot = shot(b, by, target, (at, to), band);
    let dice = shooting_dice(&shot);
    let enfilade = shot.enfilade;
    let mut dice_rules = vec!["HB-1 (its shooting value)"];
    if artillery {
        dice_rules.push("BP:L242–256 (the attacks of its range band)");
    }
    dice_rules.extend(super::dice::shooting_count_rule(&shot));
    if shot.first_fire {
        dice_rules.push("BP:L330 (First fire)");
    }
    if enfilade.is_some() {
        dice_rules.push("BP:L136–137 (enfilade: dice doubled)");
    }
    let (visible, over_units) = if point_blank { (los::Cover::None, false) } else { seen(b, by, to) };
    let short = tables().scale.within(d, u32::from(tables().shooting.short_range));
    let factors = shooting_factors(&Shooting {
        artillery_at_column_or_square: artillery && matches!(target.state.formation, Formation::AttackColumn | Formation::MarchColumn | Formation::Square),
        close: short || kind == VolleyKind::ClosingFire || by.state.skirmishing(),
        shooter_shaken_or_disordered: by.state.shaken() || by.state.disordered,
        hard_target: target.state.skirmishing() || target.state.formation == Formation::Unlimbered || visible == los::Cover::Partial,
        artillery_beyond_half_range: band == Some(ArtilleryBand::Long),
        artillery_over_units: over_units,
    });
    let cover = sight::cover(b, at, to);
    let ground = b.map.at(to).ground;
    let saves = save_factors(&Target {
        attack_column_against_muskets: !artillery && target.state.troop() == Troop::Infantry && target.state.formation == Formation::AttackColumn,
        light_cover: cover == Cover::Light || b.map.hexsides.between(to, at).is_some_and(|h| matches!(h, Hexside::Hedge | Hexside::Fence)),
        heavy_cover: cover == Cover::Heavy || matches!(ground, Ground::Buildings | Ground::Fortification),
        march_column: target.state.formation == Formation::MarchColumn,
        artillery_long_range: band.map(|b| b == ArtilleryBand::Long),
    });
    Some(Aim {
        by: by.id,
        target: target.id,
        kind,
        dice,
        dice_rules,
        to_hit: factors,
        hit_reroll: volley::reroll(&by.state, Roll::ShootingHits, false),
        save_factors: saves,
        target_casualties: None,
        artillery,
    })
}

/// A shot, resolved at once (B.0 3): Freshly raised's test, the volley, then the target's break
/// tests A (casualties past its stamina), B (shaken, or hit by artillery's closing fire) or, for a
/// Wavering unit, any casualty (RB-8).
pub fn shoot(ctx: &mut Ctx, by: UnitId, target: UnitId, kind: VolleyKind) {
    volley::freshly_raised(ctx, by);
    let (Some(u), Some(t)) = (ctx.b.unit(by).cloned(), ctx.b.unit(target).cloned()) else { return };
    let Some(aim) = aim(&ctx.b, &u, &t, kind) else { return };
    let artillery = aim.artillery;
    let casualties = volley::fire(ctx, aim);
    if casualties == 0 {
        return;
    }
    let Some(t) = ctx.b.unit(target).cloned() else { return };
    let stamina = t.state.stamina.unwrap_or(t.state.profile().stamina);
    let letter = if t.state.casualties > stamina {
        Some(TestLetter::A)
    } else if t.state.shaken() || (artillery && kind == VolleyKind::ClosingFire) {
        Some(TestLetter::B)
    } else if t.state.has(Trait::Wavering) {
        Some(TestLetter::A)
    } else {
        None
    };
    if let Some(letter) = letter {
        breaking::test(ctx, target, letter, artillery);
    }
}
