//! Swordpoint's shooting phase ("2. Phase de Tir", SP:L31–98): who may shoot and at which priority
//! targets (SP3.7–3.10), with how many dice (SP3.11–3.16), what each die needs to hit and to save
//! (H-7, SP3.24–3.37), the simultaneous resolution and its aftermath (commander deaths, Demoralised
//! markers, cohesion tests, momentum; SP3.1–3.6, SP3.38–3.39, H-17), and the odds and the reasons a
//! player sees before declaring.

use super::Swordpoint;
use super::common::{self, Ctx};
use super::data::{
    Award, DeathTest, LightChariotsReading, Missile, Quality, RangeBand, ShootingBases, ShootingFactor, ShootingLossRow,
    Shooters, Trait, Troop, tables,
};
use super::event::{Event, Factor, Marker, Test, Volley};
use super::movement;
use crate::battle::sight::{self, Cover};
use super::unit::{SpUnit, distance, within};
use crate::battle::{Battle, Side, UnitId};
use crate::hex::{Hex, Sector};
use std::collections::BTreeMap;

type B = Battle<Swordpoint>;

/// The faces of the die every shot and save rolls: a save needing more never succeeds (H-7).
const D6: u8 = 6;

/// Units of `side` that may shoot now (SP3.2): on the table, steady, with a missile weapon their
/// class can shoot (SP3.11–3.16), not in a combat, with at least one target. Id order.
pub fn shooters(b: &B, side: Side) -> Vec<UnitId> {
    b.on_board()
        .filter(|u| u.side == side && weapon(b, u).is_ok_and(|missile| !open_targets(b, u, missile).is_empty()))
        .map(|u| u.id)
        .collect()
}

/// The priority targets of a shooter (SP3.7–3.10): among the enemies it may shoot at (range,
/// shooting arc, line of sight, SP3.10 for a combat), first the nearest enemies able to charge it,
/// if none the nearest enemies. Two or more at the same distance split the fire (SP3.9): the two
/// lowest ids. Empty if it cannot shoot.
pub fn targets(b: &B, shooter: UnitId) -> Vec<UnitId> {
    let Some(s) = b.unit(shooter) else { return Vec::new() };
    let Ok(missile) = weapon(b, s) else { return Vec::new() };
    priority(b, shooter, &open_targets(b, s, missile))
}

/// The default sheet entries of a side: each shooter with its first priority target.
pub fn default_shots(b: &B, side: Side) -> Vec<(UnitId, Option<UnitId>)> {
    shooters(b, side).into_iter().map(|s| (s, targets(b, s).first().copied())).collect()
}

/// Resolves the whole shooting phase from the revealed sheets (SP3.1–3.6). Every volley is
/// computed against the state at the start, shooters in ascending id, each with all its to-hit
/// dice then one save per hit (A.0); with split fire the lower-id target comes first. The losses
/// are then removed together (SP3.1). Then the commander death tests (SP3.4, R-13) and, for an
/// army general killed, the 12" tests (SP2.4); then the results of SP3.38–3.39 and H-17's
/// elephant tests (SP3.5), target by target in ascending id; then the momentum (SP3.6).
pub fn resolve(ctx: &mut Ctx) {
    let start = ctx.b.clone();
    let mut shots: Vec<(UnitId, UnitId)> = Vec::new();
    for side in Side::BOTH {
        let sheet = &start.global.sheets[side.index()];
        let own = sheet.shots.iter().filter(|(s, _)| start.unit(*s).is_some_and(|u| u.side == side));
        shots.extend(own.filter_map(|(s, t)| t.map(|t| (*s, t))));
    }
    shots.sort();
    shots.dedup_by_key(|(s, _)| *s);

    let mut losses: BTreeMap<UnitId, u16> = BTreeMap::new();
    for (shooter, named) in shots {
        let Some(s) = start.unit(shooter) else { continue };
        let priority = targets(&start, shooter);
        // The sheets take only legal entries; one that is somehow no priority target holds its
        // fire rather than break SP3.7.
        if !priority.contains(&named) {
            continue;
        }
        let Some((total, _)) = dice_of(s) else { continue };
        for (target, dice) in split(total, &priority, named).into_iter().filter(|(_, n)| *n > 0) {
            let Some(mut terms) = start.unit(target).and_then(|t| shot(&start, s, t)) else { continue };
            if dice < terms.dice {
                let given = i8::try_from(terms.dice - dice).unwrap_or(i8::MAX);
                terms.dice_factors.push(Factor { rule: "SP:L44", what: "split fire: dice for the other target", value: -given });
            }
            let lost = fire(ctx, shooter, target, dice, terms);
            *losses.entry(target).or_default() += u16::from(lost);
        }
    }

    for (unit, lost) in &losses {
        common::lose_figures(ctx, *unit, u8::try_from(*lost).unwrap_or(u8::MAX));
    }
    let hit: Vec<UnitId> = losses.iter().filter(|(_, n)| **n > 0).map(|(u, _)| *u).collect();

    // SP3.4: a destroyed unit's commanders have ridden to a friend, and are not tested.
    let mut fallen: Vec<(Side, Hex)> = Vec::new();
    for unit in &hit {
        let Some((side, at)) = ctx.b.unit(*unit).and_then(|u| u.hex.map(|h| (u.side, h))) else { continue };
        if common::commander_tests(ctx, *unit, DeathTest::Shooting, "SP:L36") {
            fallen.push((side, at));
        }
    }
    for (side, at) in fallen {
        general_killed(ctx, side, at);
    }

    let mut results: Vec<(UnitId, &'static ShootingLossRow)> = Vec::new();
    let mut out_of_control: Vec<UnitId> = Vec::new();
    for unit in &hit {
        let (Some(before), Some(lost)) = (start.unit(*unit), losses.get(unit)) else { continue };
        let row = tables().momentum.shooting_result(u32::from(*lost), u32::from(before.state.figures));
        if let Some(row) = row {
            results.push((*unit, row));
            let line = row_line(row);
            if row.demoralised && on_table(&ctx.b, *unit) {
                common::set_marker(ctx, *unit, Marker::Demoralised, true, line);
            }
            if row.cohesion_test && standing(&ctx.b, *unit) && !common::cohesion_test(ctx, *unit, Test::ShootingLosses, Vec::new(), 1) {
                common::break_unit(ctx, *unit, "SP:L24");
            }
        }
        if before.state.is_elephant() && standing(&ctx.b, *unit) && !common::cohesion_test(ctx, *unit, Test::ElephantControl, Vec::new(), 1) {
            common::break_unit(ctx, *unit, "H-17");
            out_of_control.push(*unit);
        }
    }

    for (unit, row) in results {
        let Some(before) = start.unit(unit) else { continue };
        // SP:L85: no momentum for a skirmisher or unformed target on the row that says so.
        let spared = row.none_against_skirmishers && !before.state.formed();
        if row.momentum > 0 && !spared {
            common::change_momentum(ctx, before.side.other(), i8::try_from(row.momentum).unwrap_or(i8::MAX), row_line(row));
        }
    }
    for unit in out_of_control {
        if let Some(side) = start.unit(unit).map(|u| u.side.other()) {
            common::award(ctx, side, Award::ElephantOutOfControl, "SP:L153");
        }
    }
}

/// The odds of one shot as the rules resolve it, for the preview before declaring: the dice this
/// target would get (half, the odd die included, when the fire is split), the score to hit, the
/// save needed, the to-hit factors then the save factors, and the chance of losing k figures for
/// k = 0..=dice.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotOdds {
    pub dice: u8,
    pub to_hit: u8,
    pub save: u8,
    pub factors: Vec<Factor>,
    pub losses: Vec<f64>,
}

impl ShotOdds {
    /// The figures the shot is expected to kill.
    pub fn expected_losses(&self) -> f64 {
        self.losses.iter().enumerate().map(|(k, q)| k as f64 * q).sum()
    }
}

/// The odds of `shooter` naming `target` on its sheet; `None` if it may not.
pub fn odds(b: &B, shooter: UnitId, target: UnitId) -> Option<ShotOdds> {
    if why_not(b, shooter, target).is_some() {
        return None;
    }
    let terms = shot(b, b.unit(shooter)?, b.unit(target)?)?;
    let shares = split(terms.dice, &targets(b, shooter), target);
    let dice = shares.iter().find(|(id, _)| *id == target).map_or(0, |(_, n)| *n);
    let hits = terms.to_hit <= D6 && terms.to_hit < tables().shooting.automatic_miss;
    let p_hit = if hits { f64::from(D6 + 1 - terms.to_hit) / f64::from(D6) } else { 0.0 };
    let p_unsaved = if terms.save <= D6 { f64::from(terms.save - 1) / f64::from(D6) } else { 1.0 };
    let p = p_hit * p_unsaved;
    // Each die kills a figure independently: hit, then not saved. The binomial, die by die.
    let mut losses: Vec<f64> = vec![1.0];
    for _ in 0..dice {
        let mut next: Vec<f64> = vec![0.0; losses.len() + 1];
        for (k, q) in losses.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        losses = next;
    }
    let mut factors = terms.to_hit_factors;
    factors.extend(terms.save_factors);
    Some(ShotOdds { dice, to_hit: terms.to_hit, save: terms.save, factors, losses })
}

/// Why `shooter` cannot shoot at `target`, in a player's words, or `None` if it can.
pub fn why_not(b: &B, shooter: UnitId, target: UnitId) -> Option<String> {
    let Some(s) = b.unit(shooter) else { return Some("no such unit".to_string()) };
    let Some(t) = b.unit(target) else { return Some("no such target".to_string()) };
    let missile = match weapon(b, s) {
        Ok(missile) => missile,
        Err(why) => return Some(why),
    };
    if let Err(why) = reach(b, s, t, missile) {
        return Some(why);
    }
    let first = priority(b, shooter, &open_targets(b, s, missile));
    if first.contains(&target) {
        return None;
    }
    let chargers = first.iter().any(|e| movement::able_to_charge(b, *e, shooter));
    let why = if chargers {
        "not a priority target: the nearest enemy able to charge comes first"
    } else {
        "not a priority target: the nearest enemy comes first"
    };
    Some(why.to_string())
}

/// The missile weapon a unit may shoot with now, or why it may not shoot at all: off the table,
/// fleeing, without a missile weapon, locked in a combat (SP3.10 lets skirmishers shoot *into* a
/// combat, not out of one), or of a class whose dice row does not list its weapon (SP:L50–55).
fn weapon(b: &B, s: &SpUnit) -> Result<Missile, String> {
    let st = &s.state;
    if s.hex.is_none() || st.off_table.is_some() || st.destroyed {
        return Err("not on the table".to_string());
    }
    let Some(missile) = st.profile().missile else { return Err("it has no missile weapon".to_string()) };
    if st.fleeing {
        return Err("fleeing".to_string());
    }
    if b.global.combat_of(s.id).is_some() {
        return Err("in a combat".to_string());
    }
    if tables().shooting.dice_row(st.shooters(), missile).is_none() {
        return Err("its weapon does not shoot from this kind of unit".to_string());
    }
    Ok(missile)
}

/// Whether `s` may shoot at `t`, priority aside, and at which range band; or why not. Ranges use
/// the gap rule (0.3); adjacent units are in contact, so no shot at d = 1 (A.3.1). Formed units
/// shoot into their front sector, skirmishers all round (A.3.3). The line must be clear (H-23).
fn reach(b: &B, s: &SpUnit, t: &SpUnit, missile: Missile) -> Result<RangeBand, String> {
    let (Some(from), Some(to)) = (s.hex, t.hex) else { return Err("the target is not on the table".to_string()) };
    if t.side == s.side {
        return Err("not an enemy".to_string());
    }
    let d = distance(from, to);
    if d <= 1 {
        return Err("in contact: adjacent units fight, they do not shoot".to_string());
    }
    let (short, long) = tables().shooting.range(missile);
    let band = if within(d, short) {
        RangeBand::Short
    } else if long.is_some_and(|l| within(d, l)) {
        RangeBand::Long
    } else {
        let scale = tables().scale;
        return Err(match long {
            Some(l) => format!("out of range: {d} hexes, long range is {}", scale.reach(u32::from(l))),
            None => format!("out of range: {d} hexes, short range is {} and thrown weapons have no long range", scale.reach(u32::from(short))),
        });
    };
    if s.state.formed() && s.facing.sector(from, to) != Some(Sector::Front) {
        return Err("outside its shooting arc: formed units shoot into their front sector".to_string());
    }
    if !sight::line_clear(b, from, to) {
        return Err("no line of sight".to_string());
    }
    if b.global.combat_of(t.id).is_some() && !may_shoot_into_combat(s, t, from, to) {
        return Err("the target is in a combat: only skirmishers on its flank or rear shoot into a combat, at a unit with a second rank of bases".to_string());
    }
    Ok(band)
}

/// SP3.10: only skirmishers shoot into a combat, from the flank or rear sector of a target that has
/// a second rank of bases (H-20: more bases than its frontage).
fn may_shoot_into_combat(s: &SpUnit, t: &SpUnit, from: Hex, to: Hex) -> bool {
    let side_on = matches!(t.facing.sector(to, from), Some(Sector::LeftFlank | Sector::RightFlank | Sector::Rear));
    s.state.skirmishers() && side_on && t.state.second_rank() > 0
}

/// Every enemy `s` may shoot at, priority aside, with its hex distance; id order.
fn open_targets(b: &B, s: &SpUnit, missile: Missile) -> Vec<(u32, UnitId)> {
    let Some(from) = s.hex else { return Vec::new() };
    b.on_board()
        .filter(|t| t.side != s.side && reach(b, s, t, missile).is_ok())
        .filter_map(|t| t.hex.map(|to| (distance(from, to), t.id)))
        .collect()
}

/// SP3.7–3.9 among the open targets (id order): the nearest enemies able to charge the shooter,
/// else the nearest enemies. Equidistant enemies always cover an equal width, one hex each
/// (A.3.3), so two or more at the nearest distance give the two lowest ids.
fn priority(b: &B, shooter: UnitId, open: &[(u32, UnitId)]) -> Vec<UnitId> {
    let chargers: Vec<(u32, UnitId)> = open.iter().copied().filter(|(_, e)| movement::able_to_charge(b, *e, shooter)).collect();
    let pool = if chargers.is_empty() { open } else { &chargers[..] };
    let Some(nearest) = pool.iter().map(|(d, _)| *d).min() else { return Vec::new() };
    pool.iter().filter(|(d, _)| *d == nearest).map(|(_, id)| *id).take(2).collect()
}

/// How a shooter's dice go (SP3.9, A.3.3): all to the target named, or halves between its two
/// priority targets, the odd die to the one named; the lower id first (A.0).
fn split(dice: u8, priority: &[UnitId], named: UnitId) -> Vec<(UnitId, u8)> {
    match priority {
        [first, second] if *first == named || *second == named => {
            let half = dice / 2;
            let share = |id: UnitId| if id == named { dice - half } else { half };
            vec![(*first, share(*first)), (*second, share(*second))]
        }
        _ => vec![(named, dice)],
    }
}

/// Everything one shot needs but the dice faces.
struct Shot {
    dice: u8,
    dice_factors: Vec<Factor>,
    to_hit: u8,
    to_hit_factors: Vec<Factor>,
    save: u8,
    save_factors: Vec<Factor>,
}

/// The terms of `s` shooting at `t` with all its dice, or `None` if it may not (priority aside).
fn shot(b: &B, s: &SpUnit, t: &SpUnit) -> Option<Shot> {
    let missile = weapon(b, s).ok()?;
    let band = reach(b, s, t, missile).ok()?;
    let (dice, dice_factors) = dice_of(s)?;
    let (to_hit, to_hit_factors) = to_hit_of(b, s, t, band, missile);
    let (save, save_factors) = save_of(t, band, missile);
    Some(Shot { dice, dice_factors, to_hit, to_hit_factors, save, save_factors })
}

/// The dice a shooter rolls in all and how they were counted (SP3.11–3.16): its class's row for
/// its weapon, else "any other unit" (SP:L54). The second-rank bonus of formed foot archers is one
/// die per whole two bases (SP:L50 gives no rounding; the melee bonuses that round up say so).
/// `None` if its class cannot shoot its weapon.
fn dice_of(s: &SpUnit) -> Option<(u8, Vec<Factor>)> {
    let st = &s.state;
    let row = tables().shooting.dice_row(st.shooters(), st.profile().missile?)?;
    let rule = match row.shooters {
        Shooters::FormedFoot => "SP:L50",
        Shooters::FormedMounted => "SP:L51",
        Shooters::FootSkirmishers => "SP:L52",
        Shooters::MountedSkirmishers => "SP:L53",
        Shooters::Other => "SP:L54",
        Shooters::ElephantsAndChariots => "SP:L55",
    };
    let per = u16::from(row.dice_per_base);
    let first = ("bases of the first rank", u16::from(st.first_rank()) * per);
    let mut parts: Vec<(&'static str, u16)> = match row.bases {
        ShootingBases::FirstRank => vec![first],
        ShootingBases::FirstTwoRanks => vec![first, ("bases of the second rank", u16::from(st.second_rank()) * per)],
        ShootingBases::FirstRankAndSecondRankBonus { bases_per_die } => {
            vec![first, ("bonus dice for the second rank", u16::from(st.second_rank() / bases_per_die.max(1)))]
        }
        ShootingBases::AllBases => vec![("every base", u16::from(st.bases()) * per)],
    };
    parts.retain(|(_, n)| *n > 0);
    let dice = u8::try_from(parts.iter().map(|(_, n)| *n).sum::<u16>()).unwrap_or(u8::MAX);
    let factors = parts.into_iter().map(|(what, n)| Factor { rule, what, value: i8::try_from(n).unwrap_or(i8::MAX) }).collect();
    Some((dice, factors))
}

/// The score each die needs (H-7): the melee table's "other cases" score (SP:L230) less the
/// to-hit modifiers of SP3.24–3.33, which add to the die. A natural 1 always misses, so the score
/// is at least 2; 7 or more is an automatic miss (SP3.23).
fn to_hit_of(b: &B, s: &SpUnit, t: &SpUnit, band: RangeBand, missile: Missile) -> (u8, Vec<Factor>) {
    let sh = &tables().shooting;
    let factor = |f: ShootingFactor, rule: &'static str, what: &'static str| Factor { rule, what, value: sh.to_hit_modifier(f) };
    let mut out = Vec::new();
    match s.state.profile().shooting {
        Some(Quality::Superior) => out.push(factor(ShootingFactor::SuperiorShooters, "SP:L74", "superior shooters")),
        Some(Quality::Inferior) => out.push(factor(ShootingFactor::InferiorShooters, "SP:L75", "inferior shooters")),
        Some(Quality::Normal) | None => {}
    }
    if band == RangeBand::Long {
        out.push(if missile == Missile::Firearm {
            factor(ShootingFactor::FirearmLongRange, "SP:L80", "firearms at long range")
        } else {
            factor(ShootingFactor::LongRange, "SP:L76", "long range")
        });
    }
    if t.state.skirmishers() {
        out.push(factor(ShootingFactor::SkirmisherTarget, "SP:L77", "target in skirmish order"));
    }
    if let (Some(from), Some(to)) = (s.hex, t.hex) {
        match sight::cover(b, from, to) {
            Cover::Light => out.push(factor(ShootingFactor::LightCover, "SP:L78", "light cover")),
            Cover::Heavy => out.push(factor(ShootingFactor::HeavyCover, "SP:L79", "heavy cover")),
            Cover::None => {}
        }
        // R-1 as the data reads it: the shooters ride the light chariots, or (flipped) the target.
        let riding = match sh.light_chariots_reading() {
            Some(LightChariotsReading::ShootersRide) => Some(s),
            Some(LightChariotsReading::TargetRides) => Some(t),
            None => None,
        };
        if riding.is_some_and(|u| u.state.profile().troop == Troop::LightChariot) {
            out.push(factor(ShootingFactor::LightChariots, "SP:L81", "on light chariots"));
        }
        if t.state.has(Trait::Phalanx) && t.facing.sector(to, from) == Some(Sector::Front) {
            out.push(factor(ShootingFactor::PhalanxFront, "SP:L82", "at a phalanx's front"));
        }
        let bows = matches!(missile, Missile::Bow | Missile::Longbow);
        if s.state.shooters() == Shooters::MountedSkirmishers && bows && s.facing.sector(from, to) != Some(Sector::Front) {
            out.push(factor(ShootingFactor::ParthianShot, "SP:L83", "Parthian shot"));
        }
    }
    let base = tables().combat.to_hit(Quality::Normal, Quality::Normal);
    let sum: i16 = out.iter().map(|f| i16::from(f.value)).sum();
    let needed = (i16::from(base) - sum).clamp(2, 12) as u8;
    (needed, out)
}

/// The score each save needs (H-7): the target's defence value plus the weapon's modifier
/// (SP3.35–3.37). A natural 1 always fails, so at least 2; more than 6 means no save.
fn save_of(t: &SpUnit, band: RangeBand, missile: Missile) -> (u8, Vec<Factor>) {
    let modifier = tables().shooting.save_modifier(missile, band);
    let mut factors = Vec::new();
    if modifier != 0 {
        let (rule, what) = match (missile, band) {
            (Missile::Firearm, RangeBand::Short) => ("SP:L91", "firearm at short range"),
            (Missile::Firearm, RangeBand::Long) => ("SP:L92", "firearm at long range"),
            _ => ("SP:L90", "crossbow or longbow at short range"),
        };
        factors.push(Factor { rule, what, value: modifier });
    }
    let save = (i16::from(t.state.profile().defence) + i16::from(modifier)).clamp(2, 12) as u8;
    (save, factors)
}

/// Rolls one volley (A.0: the to-hit dice, then one save per hit) and records it; returns the
/// figures lost. A shot that cannot hit (SP3.23) rolls no dice, nor does a save that cannot succeed.
fn fire(ctx: &mut Ctx, by: UnitId, target: UnitId, dice: u8, shot: Shot) -> u8 {
    let can_hit = shot.to_hit <= D6 && shot.to_hit < tables().shooting.automatic_miss;
    let faces: Vec<u8> = if can_hit { (0..dice).map(|_| ctx.dice.roll(D6)).collect() } else { Vec::new() };
    let hits = successes(&faces, shot.to_hit);
    let save_faces: Vec<u8> = if shot.save <= D6 { (0..hits).map(|_| ctx.dice.roll(D6)).collect() } else { Vec::new() };
    let lost = hits - successes(&save_faces, shot.save);
    let volley = Volley {
        by,
        target,
        dice,
        dice_factors: shot.dice_factors,
        to_hit: shot.to_hit,
        to_hit_factors: shot.to_hit_factors,
        faces,
        hits,
        save: shot.save,
        save_factors: shot.save_factors,
        save_faces,
        lost,
    };
    ctx.emit(Event::Volley { volley, rule: "SP:L35" });
    lost
}

/// The dice that reach `needed`; a natural 1 always fails (H-7).
fn successes(faces: &[u8], needed: u8) -> u8 {
    u8::try_from(faces.iter().filter(|f| **f > 1 && **f >= needed).count()).unwrap_or(u8::MAX)
}

/// SP2.4: the army general fell at `at`. Every steady unit of his side within 12" tests at once;
/// those beyond test in the next Initial phase (SP1.4, `Global::general_fell`).
fn general_killed(ctx: &mut Ctx, side: Side, at: Hex) {
    let radius = tables().cohesion.triggers.general_death;
    let near: Vec<UnitId> = ctx
        .b
        .on_board()
        .filter(|u| u.side == side && u.state.steady() && u.hex.is_some_and(|h| within(distance(at, h), radius)))
        .map(|u| u.id)
        .collect();
    for unit in near {
        if !common::cohesion_test(ctx, unit, Test::GeneralKilled, Vec::new(), 1) {
            common::break_unit(ctx, unit, "SP:L23");
        }
    }
}

/// The seed line of a shooting result row: 25% (with its test, SP:L98) or 10% (SP:L97).
fn row_line(row: &ShootingLossRow) -> &'static str {
    if row.cohesion_test { "SP:L98" } else { "SP:L97" }
}

fn on_table(b: &B, unit: UnitId) -> bool {
    b.unit(unit).is_some_and(|u| u.hex.is_some())
}

/// On the table and neither fleeing nor destroyed: a unit whose tests still matter.
fn standing(b: &B, unit: UnitId) -> bool {
    b.unit(unit).is_some_and(|u| u.hex.is_some() && u.state.steady())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::{Dice, SideInfo, Unit, agenda};
    use crate::hex::{BoardEdge, Direction, Ground, HexMap, Offset, Terrain};
    use crate::rules::swordpoint::combat::fixture::unit;
    use crate::rules::swordpoint::state::{Global, Phase, Sheet, UnitState};
    use std::sync::Arc;

    /// The centre of an open 25×25 board (0.1).
    fn origin() -> Hex {
        Offset(12, 12).to_hex()
    }

    fn at(q: i32, r: i32) -> Hex {
        origin() + Hex::new(q, r)
    }

    fn battle(units: Vec<Unit<UnitState>>, map: HexMap) -> B {
        let side = |name: &str, edge| SideInfo { name: name.into(), edge, colour: None };
        let start = tables().momentum.start;
        let global = Global {
            switches: Default::default(),
            phase: Phase::ShootingDeclare,
            initiative: Side(0),
            momentum: [start, start],
            commanders: Vec::new(),
            combats: Vec::new(),
            next_combat: 0,
            sheets: [Sheet::default(), Sheet::default()],
            charges: Vec::new(),
            disengaging: Vec::new(),
            fled_in_declarations: Vec::new(),
            agenda: Vec::new(),
            general_fell: [None, None],
            general_fell_last_turn: [None, None],
            stage: 0,
            returning: Vec::new(),
            pursuits: Vec::new(),
            start_strength: [0, 0],
            outcome: None,
        };
        let sides = [side("Red", BoardEdge::South), side("Blue", BoardEdge::North)];
        Battle { map: Arc::new(map), sides, units, turn: 1, active: Side(0), last_turn: 8, global }
    }

    /// Red archers at the origin facing north; Blue `profile` four hexes north, facing south.
    fn archers_against(profile: &str, map: HexMap) -> B {
        battle(vec![unit(1, 0, "archers", origin(), Direction::N), unit(2, 1, profile, at(0, -4), Direction::S)], map)
    }

    fn open() -> HexMap {
        HexMap::new(25, 25)
    }

    #[test]
    fn archers_shoot_the_only_enemy_in_range_with_rank_one_and_the_rank_two_bonus() {
        let b = archers_against("warriors", open());
        assert_eq!(shooters(&b, Side(0)), vec![UnitId(1)]);
        assert!(shooters(&b, Side(1)).is_empty(), "warriors have no missile weapon");
        assert_eq!(targets(&b, UnitId(1)), vec![UnitId(2)]);
        assert_eq!(default_shots(&b, Side(0)), vec![(UnitId(1), Some(UnitId(2)))]);
        let shot = odds(&b, UnitId(1), UnitId(2)).expect("a legal shot");
        assert_eq!(shot.dice, 6, "SP:L50: 4 bases of rank 1, +1 die per 2 of the 4 of rank 2");
        assert_eq!((shot.to_hit, shot.save), (4, 4), "H-7: 4+ to hit; warriors save on their defence 4");
        assert!(shot.factors.is_empty());
        assert_eq!(shot.losses.len(), 7);
        assert!((shot.losses.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((shot.losses[0] - 0.75f64.powi(6)).abs() < 1e-9, "each die kills with 1/2 × 1/2");
    }

    #[test]
    fn long_range_cover_and_range_limits() {
        let b = battle(vec![unit(1, 0, "archers", origin(), Direction::N), unit(2, 1, "warriors", at(0, -6), Direction::S)], open());
        let long = odds(&b, UnitId(1), UnitId(2)).expect("within 24\": d <= 7");
        assert_eq!(long.to_hit, 5, "SP:L76: long range -1");
        assert_eq!(long.factors[0].rule, "SP:L76");

        let mut map = open();
        map.set(at(0, -4), Terrain { ground: Ground::Forest, road: false, level: 0 });
        let b = archers_against("warriors", map);
        assert_eq!(sight::cover(&b, origin(), at(0, -4)), Cover::Light);
        assert_eq!(odds(&b, UnitId(1), UnitId(2)).map(|o| o.to_hit), Some(5), "SP:L78: light cover -1");

        let b = battle(vec![unit(1, 0, "archers", origin(), Direction::N), unit(2, 1, "warriors", at(0, -8), Direction::S)], open());
        assert_eq!(why_not(&b, UnitId(1), UnitId(2)).as_deref(), Some("out of range: 8 hexes, long range is 7"));
        assert!(shooters(&b, Side(0)).is_empty());
    }

    #[test]
    fn a_unit_in_between_masks_and_the_rear_is_out_of_arc() {
        let mut units = vec![unit(1, 0, "archers", origin(), Direction::N), unit(2, 1, "warriors", at(0, -4), Direction::S)];
        units.push(unit(3, 0, "warriors", at(0, -2), Direction::N));
        let b = battle(units, open());
        assert!(!sight::line_clear(&b, origin(), at(0, -4)));
        assert!(sight::line_clear(&b, at(0, -3), at(0, -4)), "adjacent hexes always see each other");
        assert_eq!(why_not(&b, UnitId(1), UnitId(2)).as_deref(), Some("no line of sight"));

        let b = battle(vec![unit(1, 0, "archers", origin(), Direction::S), unit(2, 1, "warriors", at(0, -4), Direction::S)], open());
        assert!(why_not(&b, UnitId(1), UnitId(2)).is_some_and(|w| w.starts_with("outside its shooting arc")));
    }

    #[test]
    fn equidistant_targets_split_the_dice_the_odd_one_to_the_target_named() {
        assert_eq!(split(5, &[UnitId(2), UnitId(3)], UnitId(3)), vec![(UnitId(2), 2), (UnitId(3), 3)]);
        assert_eq!(split(6, &[UnitId(2), UnitId(3)], UnitId(2)), vec![(UnitId(2), 3), (UnitId(3), 3)]);
        assert_eq!(split(6, &[UnitId(2)], UnitId(2)), vec![(UnitId(2), 6)]);
        let units = vec![
            unit(1, 0, "archers", origin(), Direction::N),
            unit(2, 1, "warriors", at(0, -4), Direction::S),
            unit(3, 1, "warriors", at(4, -4), Direction::S),
        ];
        let b = battle(units, open());
        assert_eq!(targets(&b, UnitId(1)), vec![UnitId(2), UnitId(3)], "SP3.9: both at 4 hexes, neither able to charge");
        assert_eq!(odds(&b, UnitId(1), UnitId(3)).map(|o| o.dice), Some(3));
    }

    fn resolve_with(mut b: B, faces: &[u8]) -> (B, Vec<Event>, u64) {
        b.global.sheets[0].shots = vec![(UnitId(1), Some(UnitId(2)))];
        let mut dice = Dice::with_forced(1, faces);
        let mut ctx = agenda::Ctx { b, events: Vec::new(), dice: &mut dice };
        resolve(&mut ctx);
        let (b, events) = (ctx.b, ctx.events);
        (b, events, dice.rolled())
    }

    #[test]
    fn ten_percent_losses_demoralise_and_earn_one_momentum() {
        // Six dice needing 4: four hits; four saves needing 4 all fail.
        let (b, events, rolled) = resolve_with(archers_against("warriors", open()), &[6, 6, 6, 6, 1, 2, 1, 1, 2, 3]);
        assert_eq!(rolled, 10, "A.0: six to-hit dice, then one save per hit");
        let Some(Event::Volley { volley, .. }) = events.first() else { panic!("a volley first: {events:?}") };
        assert_eq!((volley.dice, volley.hits, volley.lost), (6, 4, 4));
        let w = b.unit(UnitId(2)).expect("still there");
        assert_eq!((w.state.figures, w.state.shot_losses), (28, 4));
        assert!(w.state.demoralised, "SP:L97: 4 of 32 figures is 10%, rounded up");
        assert!(!w.state.fleeing);
        assert_eq!(b.global.momentum, [tables().momentum.start + 1, tables().momentum.start]);
        assert!(!events.iter().any(|e| matches!(e, Event::Tested { .. })), "no test under 25%");
    }

    #[test]
    fn a_quarter_lost_to_shooting_calls_for_a_cohesion_test() {
        // Skirmishers: 5 to hit (SP:L77); 12 figures saving on 6: four hits, one saved, 3 lost = 25%.
        let faces = [6, 6, 5, 5, 4, 1, 1, 2, 3, 6, 3, 4];
        let (b, events, _) = resolve_with(archers_against("javelinmen", open()), &faces);
        let j = b.unit(UnitId(2)).expect("still there");
        assert_eq!(j.state.figures, 9);
        let tested = events.iter().any(|e| matches!(e, Event::Tested { test: Test::ShootingLosses, needed: 8, passed: false, .. }));
        assert!(tested, "SP:L98: Cohesion 7, +1 demoralised; 3 + 4 fails: {events:?}");
        assert!(j.state.fleeing && j.state.demoralised, "H-6: a failed test breaks the unit");
        assert_eq!(b.global.momentum[0], tables().momentum.start + 1, "SP:L98 pays even against skirmishers");
    }
}
