//! Who strikes in a melee, when, and with what (SP5.3, SP5.42–5.65, A.3.3, A.3.6, H-3): the strike
//! steps, the bases that fight each enemy and their dice, the score to hit, the save, and the
//! rolling of each batch of dice.

use super::B;
use crate::battle::UnitId;
use crate::hex::{Hex, Hexside, Sector};
use crate::rules::swordpoint::common::{self, Ctx};
use crate::rules::swordpoint::data::{
    BonusDice, Fighter, MeleeFactor, MeleeWeapon, Quality, StrikeCondition, Striker, Trait, Troop, tables,
};
use crate::rules::swordpoint::event::{Event, Factor, Volley};
use crate::rules::swordpoint::state::UnitState;
use crate::rules::swordpoint::unit::{SpUnit, distance};
use std::collections::BTreeMap;

/// The faces of the die every strike and save rolls.
const D6: u8 = 6;

/// A.3.3: beyond the bases in contact, at most one base on each side of them touches the enemy
/// corner to corner (SP5.54).
const CORNER_BASES: u8 = 2;

/// H-3: the casualty points of an elephant base that are the beast; the points above them are its
/// crew, lost first.
const BEAST_POINTS: u8 = 2;

/// The strike steps of A.3.6 (SP:L160–164), in the order they strike; each unit takes the first
/// that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Priority {
    /// Pikes fighting an enemy in their front arc (SP:L160).
    Pikes,
    /// Cavalry with kontos fighting an enemy in their front arc (SP:L161).
    Kontos,
    /// Charged or counter-charged this turn (SP:L162).
    Charged,
    /// Superior fighters (SP:L163).
    Superior,
    /// Everyone else (SP:L164).
    Other,
}

impl Priority {
    const ALL: [Priority; 5] = [Priority::Pikes, Priority::Kontos, Priority::Charged, Priority::Superior, Priority::Other];
}

/// One batch of dice against one target, with everything but the faces.
struct Batch {
    target: UnitId,
    dice: u8,
    dice_factors: Vec<Factor>,
    to_hit: u8,
    to_hit_factors: Vec<Factor>,
    save: u8,
    save_factors: Vec<Factor>,
}

/// The steady units of a combat on the table, ascending id.
pub(super) fn members(b: &B, combat: u32) -> Vec<UnitId> {
    let Some(c) = b.global.combats.iter().find(|c| c.id == combat) else { return Vec::new() };
    c.units.iter().copied().filter(|id| b.unit(*id).is_some_and(|u| u.hex.is_some() && u.state.steady())).collect()
}

/// The enemies of `u` in its combat that touch it, with the sector of `u` each stands in,
/// ascending id. Contact is adjacency (A.3.3); F±1 neighbours are in the front sector.
pub(super) fn opponents<'b>(b: &'b B, combat: u32, u: &SpUnit) -> Vec<(Sector, &'b SpUnit)> {
    let Some(at) = u.hex else { return Vec::new() };
    let foes = members(b, combat).into_iter().filter_map(|id| b.unit(id)).filter(|e| e.side != u.side);
    foes.filter_map(|e| {
        let h = e.hex.filter(|h| distance(at, *h) == 1)?;
        Some((u.facing.sector(at, h)?, e))
    })
    .collect()
}

/// The strikes of one combat (SP5.3, A.0 item 4, A.3.6): step by step, the units of a step in
/// ascending id, each against its front opponents, then its flank opponents, then its rear one,
/// each batch followed by the target's saves. The units of a step strike together: their
/// batches are counted on the state at the step's start and the casualties removed after the
/// step. Returns the figures each unit lost, ascending id.
pub(super) fn strikes(ctx: &mut Ctx, combat: u32) -> Vec<(UnitId, u8)> {
    let first_round = ctx.b.global.combats.iter().find(|c| c.id == combat).is_some_and(|c| c.first_round);
    let order: Vec<(Priority, UnitId)> = members(&ctx.b, combat)
        .into_iter()
        .filter_map(|id| ctx.b.unit(id).map(|u| (priority(&ctx.b, combat, u), id)))
        .collect();
    let mut lost: BTreeMap<UnitId, u8> = BTreeMap::new();
    for step in Priority::ALL {
        let mut pending: BTreeMap<UnitId, u16> = BTreeMap::new();
        for (_, unit) in order.iter().filter(|(p, _)| *p == step) {
            for batch in batches(&ctx.b, combat, *unit, first_round) {
                let target = batch.target;
                let n = roll(ctx, *unit, batch);
                *pending.entry(target).or_default() += u16::from(n);
            }
        }
        for (unit, n) in pending {
            let before = figures(&ctx.b, unit);
            common::lose_figures(ctx, unit, u8::try_from(n).unwrap_or(u8::MAX));
            let gone = before.saturating_sub(figures(&ctx.b, unit));
            let entry = lost.entry(unit).or_default();
            *entry = entry.saturating_add(gone);
        }
    }
    lost.into_iter().collect()
}

fn figures(b: &B, unit: UnitId) -> u8 {
    b.unit(unit).map_or(0, |u| u.state.figures)
}

/// A.3.6: the first strike step that applies to `u`, from the state as its combat begins.
fn priority(b: &B, combat: u32, u: &SpUnit) -> Priority {
    let s = &u.state;
    let front_foe = opponents(b, combat, u).iter().any(|(sector, _)| *sector == Sector::Front);
    match s.profile().weapon {
        Some(MeleeWeapon::Pike) if front_foe => Priority::Pikes,
        Some(MeleeWeapon::Kontos) if front_foe && s.mounted() => Priority::Kontos,
        _ if s.charged => Priority::Charged,
        _ if s.profile().melee == Quality::Superior => Priority::Superior,
        _ => Priority::Other,
    }
}

/// H-20: the first round of combat is the combat phase of the turn contact was made; a unit that
/// charged (or counter-charged) this turn made its contact this turn, even into an older combat.
fn first_round_for(u: &SpUnit, combat_first_round: bool) -> bool {
    combat_first_round || u.state.charged
}

/// Every batch `unit` rolls this step, in A.0's order: front opponents (ascending id), flank
/// opponents (ascending id), then the rear one.
fn batches(b: &B, combat: u32, unit: UnitId, combat_first_round: bool) -> Vec<Batch> {
    let Some(u) = b.unit(unit) else { return Vec::new() };
    let Some(at) = u.hex else { return Vec::new() };
    let first_round = first_round_for(u, combat_first_round);
    let foes = opponents(b, combat, u);
    let fronts: Vec<&SpUnit> = foes.iter().filter(|(s, _)| *s == Sector::Front).map(|(_, e)| *e).collect();
    let flanks = foes.iter().filter(|(s, _)| matches!(s, Sector::LeftFlank | Sector::RightFlank)).map(|(_, e)| *e);
    let rears = foes.iter().filter(|(s, _)| *s == Sector::Rear).map(|(_, e)| *e);
    let mut out = Vec::new();
    for (e, share) in fronts.iter().zip(shares(u, at, &fronts)) {
        out.extend(front_batches(b, u, e, share, first_round));
    }
    out.extend(flanks.chain(rears).filter_map(|e| side_batch(b, u, e, first_round)));
    out
}

/// A.3.3: the unit's rank-1 bases shared evenly among the enemies in its front arc; an extra base
/// goes first to the one across its facing hexside, then to the lower ids.
fn shares(u: &SpUnit, at: Hex, fronts: &[&SpUnit]) -> Vec<u8> {
    let Ok(n) = u8::try_from(fronts.len()) else { return Vec::new() };
    if n == 0 {
        return Vec::new();
    }
    let rank1 = u.state.first_rank();
    let ahead = u.facing.step(at);
    let mut order: Vec<usize> = (0..fronts.len()).collect();
    order.sort_by_key(|i| (fronts[*i].hex != Some(ahead), fronts[*i].id));
    let mut out = vec![rank1 / n; fronts.len()];
    for i in order.into_iter().take(usize::from(rank1 % n)) {
        out[i] += 1;
    }
    out
}

/// The width `e` shows toward a unit at `from` (A.3.3): its first rank seen from its front or rear,
/// its ranks seen from a flank. The first rank, not the frontage: a unit with fewer bases left
/// than its frontage is that much narrower.
fn exposed(e: &SpUnit, from: Hex) -> u8 {
    match e.hex.and_then(|h| e.facing.sector(h, from)) {
        Some(Sector::LeftFlank | Sector::RightFlank) => e.state.ranks(),
        _ => e.state.first_rank(),
    }
}

/// The dice one base rolls (SP5.48–5.53) and the seed line. A scythed chariot's five dice are its
/// first round's (SP:L244); afterwards it fights as the heavy chariot it is (our reading: the seed
/// says nothing of later rounds).
fn per_base(s: &UnitState, first_round: bool) -> (u8, &'static str) {
    let t = &tables().combat;
    let fighter = s.fighter();
    let row = t.dice_row(fighter);
    if row.first_round_only && !first_round {
        return (t.dice_row(Fighter::HeavyChariot).dice, fighter_line(Fighter::HeavyChariot));
    }
    (row.dice, fighter_line(fighter))
}

fn fighter_line(f: Fighter) -> &'static str {
    match f {
        Fighter::Cavalry | Fighter::Camels | Fighter::Skirmishers => "SP:L240",
        Fighter::FormedFoot => "SP:L241",
        Fighter::LightChariot => "SP:L242",
        Fighter::HeavyChariot => "SP:L243",
        Fighter::ScythedChariot => "SP:L244",
        Fighter::Elephant | Fighter::Crewman => "SP:L245",
    }
}

/// H-3, SP5.53: of `fighting` bases of an elephant unit, how many beasts fight and how many
/// crewmen are alive. Every base still there holds its beast; the crew are the casualty points
/// above the beast's. Casualties come off the rear (A.3.2), so the one partial base fights only
/// when every base does.
fn elephant_parts(s: &UnitState, fighting: u8) -> (u8, u8) {
    let per = s.profile().figures_per_base.max(1);
    let bases = s.bases();
    let fighting = fighting.min(bases);
    if fighting == 0 {
        return (0, 0);
    }
    let crew_per_base = per.saturating_sub(BEAST_POINTS);
    let crew = if fighting == bases {
        let last = s.figures.saturating_sub(per.saturating_mul(bases - 1));
        crew_per_base.saturating_mul(fighting - 1).saturating_add(last.saturating_sub(BEAST_POINTS))
    } else {
        crew_per_base.saturating_mul(fighting)
    };
    (fighting, crew)
}

/// Dice counted part by part, each part a factor of the volley.
#[derive(Default)]
struct Tally {
    dice: u16,
    factors: Vec<Factor>,
}

impl Tally {
    fn add(&mut self, rule: &'static str, what: &'static str, dice: u16) {
        if dice > 0 {
            self.dice += dice;
            self.factors.push(Factor { rule, what, value: i8::try_from(dice).unwrap_or(i8::MAX) });
        }
    }
}

/// The batches of `u` against an enemy in its front arc with `share` of its rank-1 bases (A.3.3):
/// the bases in contact at their dice per base (SP5.48–5.53), the first round's bonus dice on
/// those bases only (SP5.56–5.58), and up to two corner-to-corner bases at one die each (SP5.54).
/// They strike with the unit's weapon modifier (SP5.59–5.65). An elephant's crew strike apart
/// from the beast, without its +2 (H-3).
fn front_batches(b: &B, u: &SpUnit, e: &SpUnit, share: u8, first_round: bool) -> Vec<Batch> {
    let Some(at) = u.hex else { return Vec::new() };
    let t = &tables().combat;
    let s = &u.state;
    let contact = share.min(exposed(e, at));
    let corners = CORNER_BASES.min(share - contact);
    let mut armed = Tally::default();
    let mut plain = Tally::default();
    if s.is_elephant() {
        let (beasts, crew) = elephant_parts(s, contact);
        armed.add("SP:L245", "the elephant", u16::from(beasts) * u16::from(t.dice_row(Fighter::Elephant).dice));
        plain.add("SP:L245", "its crew", u16::from(crew) * u16::from(t.dice_row(Fighter::Crewman).dice));
    } else {
        let (per, rule) = per_base(s, first_round);
        armed.add(rule, "bases in contact", u16::from(contact) * u16::from(per));
    }
    if first_round {
        let bonus = |kind: BonusDice| u16::from(contact.div_ceil(t.bases_per_bonus_die(kind).max(1)));
        if s.profile().weapon == Some(MeleeWeapon::HeavyThrownSpear) {
            armed.add("SP:L248", "heavy thrown spears, first round", bonus(BonusDice::HeavyThrownSpear));
        }
        if s.has(Trait::ShockCavalry) && s.charged {
            armed.add("SP:L249", "shock cavalry charging, first round", bonus(BonusDice::ShockCavalryCharging));
        }
    }
    let corner_dice = u16::from(corners) * u16::from(t.corner_to_corner);
    let corner_tally = if s.is_elephant() { &mut plain } else { &mut armed };
    corner_tally.add("SP:L246", "corner-to-corner bases", corner_dice);
    let (to_hit, to_hit_factors) = to_hit(b, u, e);
    let weapon = weapon_factor(u, first_round);
    let mut out = Vec::new();
    for (tally, weapon) in [(armed, weapon), (plain, None)] {
        if tally.dice == 0 {
            continue;
        }
        let (save, save_factors) = save(e, weapon);
        let dice = u8::try_from(tally.dice).unwrap_or(u8::MAX);
        out.push(Batch { target: e.id, dice, dice_factors: tally.factors, to_hit, to_hit_factors: to_hit_factors.clone(), save, save_factors });
    }
    out
}

/// The batch of `u` against an enemy on its flank or rear (SP5.55, A.3.3): its side file, one base
/// a rank, as far as the enemy's exposed width reaches, at half its dice rounded up in all, with
/// no weapon modifier and no bonus dice.
fn side_batch(b: &B, u: &SpUnit, e: &SpUnit, first_round: bool) -> Option<Batch> {
    let at = u.hex?;
    let t = &tables().combat;
    let s = &u.state;
    let bases = s.ranks().min(exposed(e, at));
    let (full, rule) = if s.is_elephant() {
        let (beasts, crew) = elephant_parts(s, bases);
        let dice = u16::from(beasts) * u16::from(t.dice_row(Fighter::Elephant).dice) + u16::from(crew) * u16::from(t.dice_row(Fighter::Crewman).dice);
        (dice, "SP:L245")
    } else {
        let (per, rule) = per_base(s, first_round);
        (u16::from(bases) * u16::from(per), rule)
    };
    let dice = full.div_ceil(u16::from(t.flank_or_rear_divisor.max(1)));
    if dice == 0 {
        return None;
    }
    let mut tally = Tally::default();
    tally.add(rule, "side file bases", full);
    let mut dice_factors = tally.factors;
    if full > dice {
        let halved = -i8::try_from(full - dice).unwrap_or(i8::MAX);
        dice_factors.push(Factor { rule: "SP:L247", what: "halved, fighting to its flank or rear", value: halved });
    }
    let (to_hit, to_hit_factors) = to_hit(b, u, e);
    let (save, save_factors) = save(e, None);
    Some(Batch { target: e.id, dice: u8::try_from(dice).unwrap_or(u8::MAX), dice_factors, to_hit, to_hit_factors, save, save_factors })
}

/// Whether `e` defends an obstacle against a unit at `from` (SP5.45, H-23): its hexside toward
/// that unit holds a hedge, fence, wall, ditch, stream bank or fortification wall, and it did not
/// charge this turn (a charger attacks the obstacle; from the second round both sides hold it).
fn defends_obstacle(b: &B, e: &SpUnit, from: Hex) -> bool {
    let Some(at) = e.hex else { return false };
    let obstacle = matches!(
        b.map.hexsides.between(at, from),
        Some(Hexside::Hedge | Hexside::Fence | Hexside::Wall | Hexside::Ditch | Hexside::Stream | Hexside::Fortification)
    );
    obstacle && !e.state.charged
}

/// The score each die of `u` needs against `e` (SP5.42–5.47): the table's score by quality, less
/// the modifiers, which add to the die. A natural 1 never hits, so at least 2; 7 or more cannot
/// hit.
fn to_hit(b: &B, u: &SpUnit, e: &SpUnit) -> (u8, Vec<Factor>) {
    let t = &tables().combat;
    let factor = |f: MeleeFactor, rule: &'static str, what: &'static str| Factor { rule, what, value: t.to_hit_modifier(f) };
    let mut out = Vec::new();
    if let (Some(at), Some(eh)) = (u.hex, e.hex) {
        if defends_obstacle(b, e, at) {
            out.push(factor(MeleeFactor::DefendedObstacle, "SP:L231", "the enemy defends an obstacle"));
        }
        // SP5.46 as for shooting (SP3.32): the phalanx's front, not its flanks.
        if e.state.has(Trait::Phalanx) && e.facing.sector(eh, at) == Some(Sector::Front) {
            out.push(factor(MeleeFactor::PhalanxOrShieldWall, "SP:L232", "attacking a phalanx's front"));
        }
    }
    if u.state.is_elephant() && e.state.skirmishers() {
        out.push(factor(MeleeFactor::ElephantVsSkirmishers, "SP:L233", "elephant against skirmishers"));
    }
    let base = t.to_hit(u.state.profile().melee, e.state.profile().melee);
    let sum: i16 = out.iter().map(|f| i16::from(f.value)).sum();
    ((i16::from(base) - sum).clamp(2, 12) as u8, out)
}

/// The weapon modifier `u`'s armed dice add to the enemy's defence value (SP5.59–5.65), if its
/// condition holds: the beast of an elephant, a scythed chariot, or the unit's melee weapon.
fn weapon_factor(u: &SpUnit, first_round: bool) -> Option<Factor> {
    let s = &u.state;
    let striker = if s.is_elephant() {
        Striker::Elephant
    } else if s.profile().troop == Troop::ScythedChariot {
        Striker::ScythedChariot
    } else {
        Striker::Weapon(s.profile().weapon?)
    };
    let row = tables().defence.weapon_row(striker)?;
    let applies = match row.when {
        StrikeCondition::Always => true,
        StrikeCondition::MountedCharging => s.mounted() && s.charged,
        StrikeCondition::Infantry => s.is_foot(),
        StrikeCondition::FirstRound => first_round,
    };
    let (rule, what) = striker_line(striker);
    applies.then_some(Factor { rule, what, value: row.modifier })
}

fn striker_line(striker: Striker) -> (&'static str, &'static str) {
    match striker {
        Striker::Weapon(MeleeWeapon::CouchedLance) => ("SP:L257", "couched lance, charging"),
        Striker::Weapon(MeleeWeapon::Lance | MeleeWeapon::Kontos) => ("SP:L258", "lance or kontos, charging"),
        Striker::Weapon(MeleeWeapon::Halberd) => ("SP:L259", "halberds"),
        Striker::Weapon(MeleeWeapon::HeavyThrownSpear) => ("SP:L260", "heavy thrown spears, first round"),
        Striker::Weapon(MeleeWeapon::TwoHanded) => ("SP:L261", "two-handed weapons"),
        Striker::Weapon(MeleeWeapon::Spear | MeleeWeapon::Pike) => ("SP:L256", "weapon"),
        Striker::ScythedChariot => ("SP:L262", "scythed chariot"),
        Striker::Elephant => ("SP:L263", "the elephant"),
    }
}

/// The score `e` needs on each save (SP5.34–5.41, H-7): its defence value plus the weapon's
/// modifier. A natural 1 always fails, so at least 2; more than 6 means no save.
fn save(e: &SpUnit, weapon: Option<Factor>) -> (u8, Vec<Factor>) {
    let modifier = weapon.as_ref().map_or(0, |f| i16::from(f.value));
    let save = (i16::from(e.state.profile().defence) + modifier).clamp(2, 12) as u8;
    (save, weapon.into_iter().collect())
}

/// Rolls one batch (A.0: its to-hit dice, then one save per hit) and records it; returns the
/// figures the target loses. A batch that cannot hit rolls no dice, nor does a save that cannot
/// succeed.
fn roll(ctx: &mut Ctx, by: UnitId, batch: Batch) -> u8 {
    let faces: Vec<u8> = if batch.to_hit <= D6 { (0..batch.dice).map(|_| ctx.dice.roll(D6)).collect() } else { Vec::new() };
    let hits = successes(&faces, batch.to_hit);
    let save_faces: Vec<u8> = if batch.save <= D6 { (0..hits).map(|_| ctx.dice.roll(D6)).collect() } else { Vec::new() };
    let lost = hits - successes(&save_faces, batch.save);
    let volley = Volley {
        by,
        target: batch.target,
        dice: batch.dice,
        dice_factors: batch.dice_factors,
        to_hit: batch.to_hit,
        to_hit_factors: batch.to_hit_factors,
        faces,
        hits,
        save: batch.save,
        save_factors: batch.save_factors,
        save_faces,
        lost,
    };
    ctx.emit(Event::Volley { volley, rule: "SP:L165" });
    lost
}

/// The dice that reach `needed`; a natural 1 never succeeds (H-7).
fn successes(faces: &[u8], needed: u8) -> u8 {
    u8::try_from(faces.iter().filter(|f| **f > 1 && **f >= needed).count()).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{at, battle, unit};
    use super::*;
    use crate::hex::Direction;

    fn of(b: &B, unit: u32) -> Vec<Batch> {
        batches(b, 0, UnitId(unit), true)
    }

    #[test]
    fn formed_foot_head_on_roll_two_dice_a_base_in_contact() {
        let o = at(0, 0);
        let b = battle(vec![unit(1, 0, "warriors", o, Direction::N), unit(2, 1, "warriors", Direction::N.step(o), Direction::S)], &[&[1, 2]]);
        let red = of(&b, 1);
        assert_eq!(red.len(), 1);
        assert_eq!((red[0].target, red[0].dice, red[0].to_hit, red[0].save), (UnitId(2), 8, 4, 4), "SP:L241, L230: 4 bases × 2 dice, 4+ to hit, defence 4");
        assert!(red[0].save_factors.is_empty(), "spears have no weapon modifier");
        assert_eq!(priority(&b, 0, b.unit(UnitId(1)).expect("red")), Priority::Other);
    }

    #[test]
    fn charging_knights_strike_first_with_shock_dice_and_the_couched_lance() {
        let o = at(0, 0);
        let mut knights = unit(1, 0, "knights", o, Direction::N);
        knights.state.charged = true;
        let b = battle(vec![knights, unit(2, 1, "warriors", Direction::N.step(o), Direction::S)], &[&[1, 2]]);
        let k = of(&b, 1);
        assert_eq!(k.len(), 1);
        assert_eq!((k[0].dice, k[0].to_hit, k[0].save), (5, 3, 6), "3 bases + ceil(3/2) shock dice; superior hits on 3; 4 + 2 couched lance");
        let rules: Vec<&str> = k[0].dice_factors.iter().chain(&k[0].save_factors).map(|f| f.rule).collect();
        assert_eq!(rules, ["SP:L240", "SP:L249", "SP:L257"]);
        let w = of(&b, 2);
        assert_eq!((w[0].dice, w[0].to_hit, w[0].save), (7, 4, 3), "3 bases in contact × 2 and one corner base; knights save on 3");
        assert_eq!(priority(&b, 0, b.unit(UnitId(1)).expect("knights")), Priority::Charged);
        assert_eq!(priority(&b, 0, b.unit(UnitId(2)).expect("warriors")), Priority::Other);
    }

    #[test]
    fn a_unit_taken_in_the_flank_fights_back_with_half_its_side_file() {
        let o = at(0, 0);
        let flanker = Direction::SE.step(o);
        let b = battle(vec![unit(1, 0, "warriors", o, Direction::N), unit(2, 1, "warriors", flanker, Direction::NW)], &[&[1, 2]]);
        let red = of(&b, 1);
        assert_eq!(red.len(), 1);
        assert_eq!(red[0].dice, 2, "SP:L247: 2 ranks × 2 dice, halved");
        let blue = of(&b, 2);
        assert_eq!(blue[0].dice, 6, "A.3.3: red shows its 2 ranks, so 2 bases in contact and 2 corner bases");
    }

    #[test]
    fn pikes_fighting_to_their_front_strike_first() {
        let o = at(0, 0);
        let b = battle(vec![unit(1, 0, "pikemen", o, Direction::N), unit(2, 1, "hearthguard", Direction::N.step(o), Direction::S)], &[&[1, 2]]);
        assert_eq!(priority(&b, 0, b.unit(UnitId(1)).expect("pikes")), Priority::Pikes);
        assert_eq!(priority(&b, 0, b.unit(UnitId(2)).expect("hearthguard")), Priority::Superior);
        let h = of(&b, 2);
        assert_eq!(h[0].to_hit, 4, "superior hits on 3, less 1 against a phalanx's front (SP:L232)");
    }

    #[test]
    fn an_elephant_base_fights_with_its_beast_and_the_crew_left() {
        let mut e = unit(1, 0, "war-elephant", at(0, 0), Direction::N);
        assert_eq!(elephant_parts(&e.state, 1), (1, 2));
        e.state.figures = 3;
        assert_eq!(elephant_parts(&e.state, 1), (1, 1), "H-3: the crew go first");
        e.state.figures = 2;
        assert_eq!(elephant_parts(&e.state, 1), (1, 0));
        e.state.figures = 7;
        e.state.frontage = 1;
        assert_eq!(elephant_parts(&e.state, 1), (1, 2), "the front base is whole");
        assert_eq!(elephant_parts(&e.state, 2), (2, 3));
    }
}
