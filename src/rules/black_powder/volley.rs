//! One batch of dice against one target, the same for a shot, closing fire and a unit's blows in
//! melee: the to-hit dice, their re-rolls, one save per hit and the save re-rolls, in B.0's order;
//! and the traits that re-roll (BP18.3, 18.5, 18.17, 18.19, 18.22, 18.24).

use super::breaking::Ctx;
use super::data::{RerollCount, RerollWhen, Roll, Trait, TraitEffect, tables};
use super::event::{Event, Factor, Volley, VolleyKind};
use super::hits::{disorders, hits};
use super::morale::saved;
use super::state::UnitState;
use crate::battle::UnitId;

/// The seed's line of each trait (BP:L313–336).
pub fn trait_rule(t: Trait) -> &'static str {
    match t {
        Trait::Brave => "BP:L313",
        Trait::HeavyCavalry => "BP:L314",
        Trait::FerociousCharge => "BP:L315",
        Trait::TerrifyingCharge => "BP:L316",
        Trait::ToughFighters => "BP:L317",
        Trait::Elite => "BP:L318",
        Trait::Fanatics => "BP:L319",
        Trait::Reliable => "BP:L320",
        Trait::FormSquare => "BP:L321",
        Trait::Wavering => "BP:L322",
        Trait::DeterminedCharge => "BP:L323",
        Trait::Lancers => "BP:L324",
        Trait::FreshlyRaised => "BP:L325",
        Trait::Marauders => "BP:L326",
        Trait::Unreliable => "BP:L327",
        Trait::Untested => "BP:L328",
        Trait::Stubborn => "BP:L329",
        Trait::FirstFire => "BP:L330",
        Trait::Bloodthirsty => "BP:L331",
        Trait::Steady => "BP:L332",
        Trait::SuperblyDrilled => "BP:L333",
        Trait::SharpShooter => "BP:L334",
        Trait::Valiant => "BP:L335",
        Trait::Crack => "BP:L336",
    }
}

/// The re-roll a unit's traits give it for `roll` now: how many dice, and the trait's line. The
/// most generous applies when two do.
pub fn reroll(u: &UnitState, roll: Roll, charging: bool) -> Option<(RerollCount, &'static str)> {
    let mut best: Option<(RerollCount, &'static str)> = None;
    for t in Trait::ALL {
        if !u.has(t) {
            continue;
        }
        let TraitEffect::Reroll { roll: r, count, when } = tables().traits.effect(t) else { continue };
        let now = match when {
            RerollWhen::Always => true,
            RerollWhen::Charging => charging,
            RerollWhen::FirstMelee => !u.fought,
            RerollWhen::NoCasualties => u.casualties == 0,
        };
        if *r == roll && now && (best.is_none() || *count == RerollCount::AllFailed) {
            best = Some((*count, trait_rule(t)));
        }
    }
    best
}

/// What a volley needs besides the dice.
pub struct Aim {
    pub by: UnitId,
    pub target: UnitId,
    pub kind: VolleyKind,
    pub dice: u8,
    pub dice_rules: Vec<&'static str>,
    pub to_hit: Vec<Factor>,
    pub hit_reroll: Option<(RerollCount, &'static str)>,
    pub save_factors: Vec<Factor>,
    /// The target's casualties when the blows were counted (melee, HB-12), which Crack's "no
    /// casualties" reads (BP18.24); `None` for a shot, which reads them as they stand.
    pub target_casualties: Option<u8>,
    pub artillery: bool,
}

/// Rolls a volley (B.0 3.1–3.3) and applies it; returns the casualties it caused.
pub fn fire(ctx: &mut Ctx, aim: Aim) -> u8 {
    let Some(target) = ctx.b.unit(aim.target).map(|u| u.state.clone()) else { return 0 };
    let faces: Vec<u8> = (0..aim.dice).map(|_| ctx.dice.roll(6)).collect();
    let mut hit_count = faces.iter().filter(|f| hits(**f, &aim.to_hit)).count();
    let misses = faces.len() - hit_count;
    let rerolled = match aim.hit_reroll {
        Some((RerollCount::AllFailed, _)) => misses,
        Some((RerollCount::One, _)) => misses.min(1),
        None => 0,
    };
    let rerolls: Vec<u8> = (0..rerolled).map(|_| ctx.dice.roll(6)).collect();
    hit_count += rerolls.iter().filter(|f| hits(**f, &aim.to_hit)).count();
    let shooting = aim.kind != VolleyKind::Melee;
    let disorder = shooting && faces.iter().chain(rerolls.iter()).any(|f| disorders(*f));
    let morale = target.profile().morale;
    let saves: Vec<u8> = (0..hit_count).map(|_| ctx.dice.roll(6)).collect();
    let failed = saves.iter().filter(|f| !saved(**f, morale, &aim.save_factors)).count();
    let mut judged = target.clone();
    judged.casualties = aim.target_casualties.unwrap_or(target.casualties);
    let save_reroll = reroll(&judged, Roll::Save, false);
    let again = match save_reroll {
        Some((RerollCount::AllFailed, _)) => failed,
        Some((RerollCount::One, _)) => failed.min(1),
        None => 0,
    };
    let save_rerolls: Vec<u8> = (0..again).map(|_| ctx.dice.roll(6)).collect();
    let casualties = failed - save_rerolls.iter().filter(|f| saved(**f, morale, &aim.save_factors)).count();
    let casualties = u8::try_from(casualties).unwrap_or(u8::MAX);
    ctx.emit(Event::Volley(Volley {
        by: aim.by,
        target: aim.target,
        kind: aim.kind,
        dice: aim.dice,
        dice_rules: aim.dice_rules,
        to_hit: aim.to_hit,
        faces,
        reroll_rule: aim.hit_reroll.filter(|_| rerolled > 0).map(|(_, r)| r),
        rerolls,
        hits: u8::try_from(hit_count).unwrap_or(u8::MAX),
        morale,
        save_factors: aim.save_factors,
        saves,
        save_reroll_rule: save_reroll.filter(|_| again > 0).map(|(_, r)| r),
        save_rerolls,
        casualties,
        disorders: disorder,
        artillery: aim.artillery,
    }));
    if disorder && ctx.b.unit(aim.target).is_some_and(|u| !u.state.disordered && u.hex.is_some()) {
        ctx.emit(Event::Disorder { unit: aim.target, on: true, rule: "HB-10 (a 6 to hit disorders the target)" });
    }
    if casualties > 0 {
        super::breaking::roll_stamina(ctx, aim.target);
    }
    casualties
}

/// Freshly raised's d6 before its first dice (HB-19).
pub fn freshly_raised(ctx: &mut Ctx, unit: UnitId) {
    let fresh = ctx.b.unit(unit).is_some_and(|u| u.state.profile().has(Trait::FreshlyRaised) && !u.state.fresh_tested);
    if fresh {
        let face = ctx.dice.roll(6);
        let becomes = tables().traits.freshly_raised(face);
        ctx.emit(Event::FreshlyRaised { unit, face, becomes });
    }
}
