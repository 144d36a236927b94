//! The mass battle's army lists (`armies/*.ron` for `mass-battle`, `docs/armies.md`): one army a
//! list, its units (`Unit(..)`) and heroes (`Hero(..)`) as the list writes them (every field, or a
//! `base` and what changes), their weapons and engines read from the tables or written whole,
//! checked against what the rules can play.

use super::data::{Engine, HeroRow, HeroSpell, HitDice, Kind, MovementTable, Roll, SiegeTable, Tag, Trait, UnitRow, Weapon, WeaponTable};
use crate::army::ArmyList;
use crate::editor::form::{self, Field};
use crate::army::reading::{Fields, Named, TableOr, base_of, inherit, present, repeated};
use crate::battle::look::Troop;
use crate::scenario::SetupError;
use serde::de::{Deserializer, EnumAccess, VariantAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// A unit as a list writes it: without `base` every field but the optional ones is given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenUnit {
    name: String,
    base: Option<String>,
    mark: Option<String>,
    kind: Option<Kind>,
    troops: Option<u32>,
    hd: Option<HitDice>,
    pvi: Option<u32>,
    ac: Option<u8>,
    #[serde(default, deserialize_with = "present")]
    weapon: Option<Option<TableOr<OwnWeapon>>>,
    #[serde(default, deserialize_with = "present")]
    missile: Option<Option<TableOr<OwnWeapon>>>,
    morale: Option<u8>,
    moves_as: Option<String>,
    traits: Option<Vec<Trait>>,
    #[serde(default, deserialize_with = "present")]
    engine: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    symbol: Option<Option<Troop>>,
}

/// A hero as a list writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenHero {
    name: String,
    base: Option<String>,
    mark: Option<String>,
    hd: Option<HitDice>,
    hp: Option<u32>,
    ac: Option<u8>,
    to_hit: Option<i8>,
    damage: Option<Roll>,
    attacks: Option<u8>,
    tags: Option<Vec<Tag>>,
    commander: Option<bool>,
    int: Option<u8>,
    sag: Option<u8>,
    mounted: Option<bool>,
    spells: Option<Vec<HeroSpell>>,
}

/// One profile of a list: `Unit(name: .., ..)` or `Hero(name: .., ..)`.
enum Written {
    Unit(WrittenUnit),
    Hero(WrittenHero),
}

/// A weapon of its own, written whole in a profile: `(label: "Morsure", damage: "2d8", tags: [Fire])`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OwnWeapon {
    label: String,
    damage: Roll,
    #[serde(default)]
    range: Option<u8>,
    #[serde(default)]
    tags: Vec<Tag>,
}

const UNIT_FIELDS: &[&str] = &["name", "base", "mark", "kind", "troops", "hd", "pvi", "ac", "weapon", "missile", "morale", "moves_as", "traits", "engine", "symbol"];
const HERO_FIELDS: &[&str] = &["name", "base", "mark", "hd", "hp", "ac", "to_hit", "damage", "attacks", "tags", "commander", "int", "sag", "mounted", "spells"];

impl<'de> Deserialize<'de> for Written {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Written, D::Error> {
        struct Profile;
        impl<'de> Visitor<'de> for Profile {
            type Value = Written;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("Unit(name: .., ..) or Hero(name: .., ..)")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Written, A::Error> {
                #[derive(Deserialize)]
                enum Variant {
                    Unit,
                    Hero,
                }
                match data.variant()? {
                    (Variant::Unit, v) => v.struct_variant(UNIT_FIELDS, Fields(PhantomData)).map(Written::Unit),
                    (Variant::Hero, v) => v.struct_variant(HERO_FIELDS, Fields(PhantomData)).map(Written::Hero),
                }
            }
        }
        d.deserialize_enum("Profile", &["Unit", "Hero"], Profile)
    }
}

/// What a profile's numbers may be (house rule H-M18, `docs/armies.md`): room for the seed's
/// monsters and heroes (a giant's 90 hit points, a 15-dice row of the battle table) and more.
const MARK: usize = 4;
pub(super) const TROOPS: u32 = 10_000;
const PVI: u32 = 500;
const AC: u8 = 30;
const HIT_DICE: u8 = 30;
const ROLL_DICE: u8 = 20;
const RANGE: u8 = 20;
const REGENERATION: u32 = 20;
const ATTACKS: u8 = 6;
const SCORE: u8 = 25;

/// The tables a profile's weapons, engine and troop type are read from (passed in, as the bundled
/// armies are read while the tables are built).
pub struct Gear<'a> {
    pub weapons: &'a WeaponTable,
    pub siege: &'a SiegeTable,
    pub movement: &'a MovementTable,
}

/// The battle's armies, one a list in the order named. A `base` is a unit or hero earlier in the
/// same army, else of `samples` (the bundled ones): never another list's, whose names need not
/// differ from this one's, so an army reads the same alone (`validate`) as beside others.
pub fn armies(lists: &[Arc<ArmyList>], samples: &(Vec<Arc<UnitRow>>, Vec<Arc<HeroRow>>), gear: &Gear) -> Result<Vec<super::data::Army>, SetupError> {
    let mut out = Vec::new();
    for list in lists {
        let mut units: Vec<Arc<UnitRow>> = Vec::new();
        let mut heroes: Vec<Arc<HeroRow>> = Vec::new();
        // Each unit's place among the list's profiles, for its errors.
        let mut written_at: Vec<usize> = Vec::new();
        for (i, w) in list.read_profiles::<Written>()?.into_iter().enumerate() {
            match w {
                Written::Unit(w) => {
                    let reserved: Vec<&str> = heroes.iter().map(|h| h.name.as_str()).collect();
                    let unit = unit(list, i, w, &units, &samples.0, &reserved, gear)?;
                    units.push(Arc::new(unit));
                    written_at.push(i);
                }
                Written::Hero(w) => {
                    let reserved: Vec<&str> = units.iter().map(|u| u.name.as_str()).collect();
                    let hero = hero(list, i, w, &heroes, &samples.1, &reserved)?;
                    heroes.push(Arc::new(hero));
                }
            }
        }
        for (u, i) in units.iter().zip(written_at) {
            for t in &u.traits {
                if let Trait::Followers(name) = t
                    && !heroes.iter().any(|h| h.name == *name)
                {
                    return Err(list.error(i, "traits", format!("Followers(\"{name}\"): no hero '{name}' in this list (l. 98: the followers of a cleric or paladin of their army)")));
                }
            }
        }
        units.extend(heroes.iter().map(|h| Arc::new(h.as_unit())));
        out.push(super::data::Army { name: list.id.clone(), label: list.name.clone(), units, heroes });
    }
    Ok(out)
}

impl Named for UnitRow {
    fn name(&self) -> &str {
        &self.name
    }
}

impl Named for HeroRow {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A weapon named or written: `own` names one written whole after its unit.
fn weapon_of(list: &ArmyList, i: usize, field: &'static str, unit: &str, r: TableOr<OwnWeapon>, t: &WeaponTable) -> Result<Weapon, SetupError> {
    match r {
        TableOr::Named(name) => t.find(&name).cloned().ok_or_else(|| {
            let known: Vec<&str> = t.weapons.iter().map(|w| w.name.as_str()).collect();
            list.error(i, field, format!("no weapon '{name}'; weapons.ron's: {}; or write one whole, (label: .., damage: \"d8\", range: .., tags: [..])", known.join(", ")))
        }),
        TableOr::Own(w) => Ok(Weapon { name: format!("{}:{unit}:{field}", list.id), label: w.label, damage: w.damage, range: w.range, tags: w.tags }),
    }
}

/// A written unit made whole from its base.
fn unit(list: &ArmyList, i: usize, w: WrittenUnit, army: &[Arc<UnitRow>], samples: &[Arc<UnitRow>], reserved: &[&str], gear: &Gear) -> Result<UnitRow, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), army, samples, reserved)?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    let weapon = match w.weapon {
        Some(r) => r.map(|r| weapon_of(list, i, "weapon", &w.name, r, gear.weapons)).transpose()?,
        None => base.and_then(|b| b.weapon.clone()),
    };
    let missile = match w.missile {
        Some(r) => r.map(|r| weapon_of(list, i, "missile", &w.name, r, gear.weapons)).transpose()?,
        None => base.and_then(|b| b.missile.clone()),
    };
    let engine = match w.engine {
        Some(name) => name.map(|n| engine_of(list, i, &n, gear.siege)).transpose()?,
        None => base.and_then(|b| b.engine.clone()),
    };
    let row = UnitRow {
        mark: field!(mark, "mark"),
        kind: w.kind.or_else(|| base.map(|b| b.kind)).unwrap_or_default(),
        troops: field!(troops, "troops"),
        hd: field!(hd, "hd"),
        pvi: field!(pvi, "pvi"),
        ac: field!(ac, "ac"),
        weapon,
        missile,
        morale: field!(morale, "morale"),
        moves_as: field!(moves_as, "moves_as"),
        traits: w.traits.or_else(|| base.map(|b| b.traits.clone())).unwrap_or_default(),
        engine,
        symbol: w.symbol.unwrap_or_else(|| base.and_then(|b| b.symbol)),
        hero: None,
        name: w.name,
    };
    check_unit(list, i, &row, gear)?;
    Ok(row)
}

fn engine_of(list: &ArmyList, i: usize, name: &str, t: &SiegeTable) -> Result<Engine, SetupError> {
    t.engines.iter().find(|e| e.name == name).cloned().ok_or_else(|| {
        let known: Vec<&str> = t.engines.iter().map(|e| e.name.as_str()).collect();
        list.error(i, "engine", format!("no engine '{name}'; siege.ron's (l. 208-224): {}", known.join(", ")))
    })
}

/// A written hero made whole from his base.
fn hero(list: &ArmyList, i: usize, w: WrittenHero, army: &[Arc<HeroRow>], samples: &[Arc<HeroRow>], reserved: &[&str]) -> Result<HeroRow, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), army, samples, reserved)?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    macro_rules! or {
        ($field:ident, $default:expr) => {
            w.$field.or_else(|| base.map(|b| b.$field.clone())).unwrap_or($default)
        };
    }
    let hero = HeroRow {
        mark: field!(mark, "mark"),
        hd: field!(hd, "hd"),
        hp: field!(hp, "hp"),
        ac: field!(ac, "ac"),
        to_hit: field!(to_hit, "to_hit"),
        damage: field!(damage, "damage"),
        attacks: or!(attacks, 1),
        tags: or!(tags, Vec::new()),
        commander: or!(commander, false),
        int: or!(int, 0),
        sag: or!(sag, 0),
        mounted: or!(mounted, false),
        spells: or!(spells, Vec::new()),
        name: w.name,
    };
    check_hero(list, i, &hero)?;
    Ok(hero)
}

/// The checks units and heroes share: the counter's mark, hit dice and AC.
fn check_common(list: &ArmyList, i: usize, mark: &str, hd: HitDice, ac: u8) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    if mark.trim().is_empty() || mark.chars().count() > MARK {
        return err("mark", format!("'{mark}': 1 to {MARK} letters, shown on its counter"));
    }
    if hd.dice > HIT_DICE {
        return err("hd", format!("{hd}: at most {HIT_DICE} dice (H-M18; the battle table's last row is \"15 et plus\", l. 171)"));
    }
    if ac > AC {
        return err("ac", format!("{ac}: 0 to {AC} (H-M18; the battle table reads AC 10 to 22, and its nearest column beyond, l. 157)"));
    }
    Ok(())
}

/// A roll the rules can throw: at most `ROLL_DICE` dice.
fn check_roll(list: &ArmyList, i: usize, field: &'static str, roll: Roll) -> Result<(), SetupError> {
    match roll.count > ROLL_DICE || !(-10..=50).contains(&roll.plus) {
        true => Err(list.error(i, field, format!("{roll}: 1 to {ROLL_DICE} dice and a bonus of -10 to +50 (H-M18; the trebuchet's 10d10 is the seed's largest, l. 222)"))),
        false => Ok(()),
    }
}

/// A unit the rules can play: numbers within bounds, a missile that reaches and a melee weapon
/// that does not, a troop type and engine of the tables.
fn check_unit(list: &ArmyList, i: usize, u: &UnitRow, gear: &Gear) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    check_common(list, i, &u.mark, u.hd, u.ac)?;
    if u.kind == Kind::Hero {
        return err("kind", "Hero: a hero is written Hero(..), with his duel's numbers (l. 113-139); a unit is Standard or Huge".into());
    }
    if !(1..=TROOPS).contains(&u.troops) {
        return err("troops", format!("{}: 1 to {TROOPS} (H-M18)", u.troops));
    }
    if !(1..=PVI).contains(&u.pvi) {
        return err("pvi", format!("{}: 1 to {PVI} hit points an individual (H-M18; l. 59)", u.pvi));
    }
    if !(2..=12).contains(&u.morale) {
        return err("morale", format!("{}: 2 to 12, the most 2d6 may roll to pass (l. 67; 12 never tests, l. 99)", u.morale));
    }
    if let Some(w) = &u.weapon {
        if w.range.is_some() {
            return err("weapon", format!("'{}' has a range: a weapon that shoots is the unit's `missile`", w.label));
        }
        check_roll(list, i, "weapon", w.damage)?;
    }
    if let Some(w) = &u.missile {
        match w.range {
            Some(r) if (1..=RANGE).contains(&r) => {}
            _ => return err("missile", format!("'{}': a missile has a range, 1 to {RANGE} hexes (H-M2)", w.label)),
        }
        check_roll(list, i, "missile", w.damage)?;
    }
    if let (Some(e), Some(_)) = (&u.engine, &u.missile) {
        return err("missile", format!("a crew serving the {} has no missile: the engine would always shoot instead (H-M18)", e.label));
    }
    if !gear.movement.allowances.iter().any(|(k, _)| *k == u.moves_as) {
        let known: Vec<&str> = gear.movement.allowances.iter().map(|(k, _)| k.as_str()).collect();
        return err("moves_as", format!("no troop type '{}'; movement.ron's (H-M1): {}", u.moves_as, known.join(", ")));
    }
    if let Some(t) = repeated(&u.traits) {
        return err("traits", format!("{t:?} is listed twice"));
    }
    for t in &u.traits {
        match t {
            Trait::Regeneration(rate) if !(1..=REGENERATION).contains(rate) => return err("traits", format!("Regeneration({rate}): a rate of 1 to {REGENERATION} (l. 109)")),
            Trait::ImmuneUnless(tags) if tags.is_empty() => return err("traits", "ImmuneUnless([]): name the tags that hurt it, Magic, Silver or Fire (l. 107)".into()),
            _ => {}
        }
    }
    Ok(())
}

/// A hero the rules can play: a duel's numbers within bounds, INT and SAG among the scores, each
/// spell once (H-M7).
fn check_hero(list: &ArmyList, i: usize, h: &HeroRow) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    check_common(list, i, &h.mark, h.hd, h.ac)?;
    if !(1..=PVI).contains(&h.hp) {
        return err("hp", format!("{}: 1 to {PVI} hit points (H-M18)", h.hp));
    }
    if !(-5..=20).contains(&h.to_hit) {
        return err("to_hit", format!("{}: -5 to +20 to hit in a duel (H-M18, H-M6)", h.to_hit));
    }
    check_roll(list, i, "damage", h.damage)?;
    if !(1..=ATTACKS).contains(&h.attacks) {
        return err("attacks", format!("{}: 1 to {ATTACKS} attacks a round (H-M18)", h.attacks));
    }
    for (field, score) in [("int", h.int), ("sag", h.sag)] {
        if score > SCORE {
            return err(field, format!("{score}: 0 to {SCORE} (l. 104: a score's bonus)"));
        }
    }
    if let Some(t) = repeated(&h.tags) {
        return err("tags", format!("{t:?} is listed twice"));
    }
    let blasts = h.spells.iter().filter(|s| matches!(s, HeroSpell::Blast { .. })).count();
    let breaches = h.spells.len() - blasts;
    if blasts > 1 || breaches > 1 {
        return err("spells", "one Blast and one Breach at most: each is cast once a battle (H-M7)".into());
    }
    for s in &h.spells {
        match s {
            HeroSpell::Blast { damage, range } => {
                check_roll(list, i, "spells", *damage)?;
                if !(1..=RANGE).contains(range) {
                    return err("spells", format!("Blast range {range}: 1 to {RANGE} hexes (H-M7)"));
                }
            }
            HeroSpell::Breach { range } if !(1..=RANGE).contains(range) => return err("spells", format!("Breach range {range}: 1 to {RANGE} hexes (H-M7)")),
            HeroSpell::Breach { .. } => {}
        }
    }
    Ok(())
}

/// The fields of a profile's line (`Unit(..)` or `Hero(..)`), for the battle editor's form, with
/// what each allows (H-M18).
pub fn form(head: &str) -> Vec<Field> {
    let t = super::data::tables();
    let text = |name, help| Field::new(name, form::Kind::Text, help);
    let common = [
        Field::new("base", form::Kind::Offered, "the profile it changes; a field left out is its base's"),
        text("mark", "1 to 4 letters, shown on its counter"),
    ];
    if head == "Hero" {
        return common
            .into_iter()
            .chain([
                text("hd", "hit dice: 2, 4+1, 1-1, 1/2 or level0"),
                Field::number("hp", 1, PVI, "hit points"),
                Field::number("ac", 0, AC, ""),
                Field::number("to_hit", -5, 20, "in a duel (H-M6)"),
                text("damage", "a roll, as 1d8+2"),
                Field::number("attacks", 1, ATTACKS, "a round"),
                Field::several::<Tag>("tags", ""),
                Field::new("commander", form::Kind::Flag, ""),
                Field::number("int", 0, SCORE, "a score (l. 104)"),
                Field::number("sag", 0, SCORE, "a score (l. 104)"),
                Field::new("mounted", form::Kind::Flag, ""),
                Field::new("spells", form::Kind::Written, "[Blast(damage: \"3d6\", range: 6), Breach(range: 4)]: one of each at most (H-M7)"),
            ])
            .collect();
    }
    let engines = std::iter::once("None".to_string()).chain(t.siege.engines.iter().map(|e| form::quoted(&e.name))).collect();
    common
        .into_iter()
        .chain([
            Field::choice::<Kind>("kind", "Standard or Huge"),
            Field::number("troops", 1, TROOPS, ""),
            text("hd", "hit dice: 2, 4+1, 1-1, 1/2 or level0"),
            Field::number("pvi", 1, PVI, "hit points an individual (l. 59)"),
            Field::number("ac", 0, AC, ""),
            Field::new("weapon", form::Kind::Written, "the weapons table's name, quoted, or (label: .., damage: \"1d8\", tags: [..])"),
            Field::new("missile", form::Kind::Written, "as weapon, with a range of 1 to 20 hexes (H-M2)"),
            Field::number("morale", 2, 12, "the most 2d6 may roll to pass (l. 67)"),
            Field::named("moves_as", t.movement.allowances.iter().map(|(k, _)| k.clone()), "its troop type's allowance (H-M1)"),
            Field::several::<Trait>("traits", "and, in the line: Followers(\"hero\"), Regeneration(n), ImmuneUnless([tags])"),
            Field::new("engine", form::Kind::Choice(engines), "the siege engine its crew serves"),
            Field::choice_or_none::<Troop>("symbol", "the symbol on its counter"),
        ])
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_form_shows_every_field_of_a_profile_with_values_that_read() {
        use crate::editor::form::check_form;
        check_form::<super::WrittenUnit>(r#"(name: "x", base: "y", hd: "1-1")"#, &super::form("Unit"), &["name"]);
        check_form::<super::WrittenHero>(r#"(name: "x", base: "y", hd: "4+1", damage: "1d8+2")"#, &super::form("Hero"), &["name"]);
    }
}
