//! Swidenth's army lists (`armies/*.ron` for `swidenth`, `docs/armies.md`): one warband a list,
//! its figures' profiles as the list writes them (the seed's characteristics before armour, or a
//! `base` and what changes), their armour counted, checked against what the rules can play and
//! the weapons, armour and spells of the tables; a weapon may also be written whole.

use super::data::{Band, FigureRow, Rank, SpellTable, Trait, Weapon, WeaponClass, WeaponTable};
use crate::army::ArmyList;
use crate::editor::form::{Field, Kind};
use crate::army::reading::{Named, TableOr, base_of, inherit, repeated};
use crate::scenario::SetupError;
use serde::Deserialize;
use std::sync::Arc;

/// A figure as a list writes it: without `base` every characteristic is given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    name: String,
    base: Option<String>,
    mark: Option<String>,
    rank: Option<Rank>,
    count: Option<u8>,
    mouv: Option<i8>,
    combat: Option<i8>,
    tir: Option<i8>,
    /// Before armour: the list reader adds the armour's.
    defence: Option<i8>,
    bravoure: Option<i8>,
    psychisme: Option<i8>,
    vitalite: Option<i8>,
    weapons: Option<Vec<TableOr<OwnWeapon>>>,
    armour: Option<Vec<String>>,
    spells: Option<Vec<String>>,
    traits: Option<Vec<Trait>>,
}

/// A weapon of its own, written whole in a profile (a dragon's bite:
/// `(label: "Morsure", class: Heavy, hands: 0, damage: 4, natural: true)`), with the fields of a
/// row of `weapons.ron`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OwnWeapon {
    label: String,
    #[serde(default)]
    class: Option<WeaponClass>,
    hands: u8,
    damage: i8,
    #[serde(default)]
    range: Option<u8>,
    #[serde(default)]
    reload: bool,
    #[serde(default)]
    shots: Option<u8>,
    #[serde(default)]
    natural: bool,
}

/// What a figure's numbers may be (house rule H-S18, `docs/armies.md`): the seed gives the base
/// human only (l. 11-12); these hold every sample figure with room for heroes and monsters.
const MOUV: std::ops::RangeInclusive<i8> = 1..=10;
const BONUS: std::ops::RangeInclusive<i8> = -5..=10;
const DEFENCE: std::ops::RangeInclusive<i8> = 1..=12;
pub(super) const VITALITE: std::ops::RangeInclusive<i8> = 1..=10;
const COUNT: u8 = 20;
const SPELLS: usize = 4;
const MARK: usize = 4;
/// A weapon of one's own (H-S18): the table's go from 0 to 4 damage, 6 to 24 paces and 2 shots.
const DAMAGE: std::ops::RangeInclusive<i8> = 0..=10;
const RANGE: std::ops::RangeInclusive<u8> = 3..=60;
const SHOTS: std::ops::RangeInclusive<u8> = 1..=4;
const LABEL: usize = 40;

/// The tables a figure's gear is read from (passed in, as the bundled warbands are read while the
/// tables are built).
pub struct Gear<'a> {
    pub weapons: &'a WeaponTable,
    pub spells: &'a SpellTable,
}

/// The battle's warbands, one a list in the order named. A `base` is a figure earlier in the same
/// warband, else a sample figure of `bundled`: never another list's, whose names need not differ
/// from this one's, so a warband reads the same alone (`validate`) as beside others.
pub fn bands(lists: &[Arc<ArmyList>], bundled: &[Arc<FigureRow>], gear: &Gear) -> Result<Vec<Band>, SetupError> {
    let mut out: Vec<Band> = Vec::new();
    for list in lists {
        let mut figures: Vec<Arc<FigureRow>> = Vec::new();
        for (i, w) in list.read_profiles::<Written>()?.into_iter().enumerate() {
            if i > usize::from(u8::MAX) {
                return Err(list.error(i, "name", format!("more than {} figures in one warband", u8::MAX)));
            }
            let figure = written(list, i, w, &figures, bundled, gear)?;
            check(list, i, &figure, gear)?;
            figures.push(Arc::new(figure));
        }
        out.push(Band { name: list.id.clone(), figures });
    }
    Ok(out)
}

impl Named for FigureRow {
    fn name(&self) -> &str {
        &self.name
    }
}

/// What its armour adds to Défense and to Mouv (l. 20, H-S1); unknown names add nothing (they are
/// refused by `check`).
fn armour_adds(armour: &[String], t: &WeaponTable) -> (i8, i8) {
    armour.iter().filter_map(|a| t.armour(a)).fold((0, 0), |(d, m), a| (d.saturating_add(a.defence), m.saturating_add(a.mouv)))
}

/// A written figure made whole from its base, its armour counted.
fn written(list: &ArmyList, i: usize, w: Written, band: &[Arc<FigureRow>], bundled: &[Arc<FigureRow>], gear: &Gear) -> Result<FigureRow, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), band, bundled, &[])?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    // The base's Défense and Mouv are kept with its armour counted: take it off, so that a figure
    // changing its base's armour changes what the armour adds.
    let (base_defence, base_mouv) = base.map(|b| armour_adds(&b.armour, gear.weapons)).unwrap_or((0, 0));
    let armour = w.armour.or_else(|| base.map(|b| b.armour.clone())).unwrap_or_default();
    let (defence_adds, mouv_adds) = armour_adds(&armour, gear.weapons);
    let missing = |name: &'static str| err(name, format!("missing: a profile without `base` gives `{name}`"));
    let defence = w.defence.or_else(|| base.map(|b| b.defence.saturating_sub(base_defence))).ok_or_else(|| missing("defence"))?;
    let mouv = w.mouv.or_else(|| base.map(|b| b.mouv.saturating_sub(base_mouv))).ok_or_else(|| missing("mouv"))?;
    check_before_armour(list, i, defence, mouv)?;
    Ok(FigureRow {
        mark: field!(mark, "mark"),
        rank: w.rank.or_else(|| base.map(|b| b.rank)).unwrap_or_default(),
        count: w.count.or_else(|| base.map(|b| b.count)).unwrap_or(1),
        mouv: mouv.saturating_add(mouv_adds),
        combat: field!(combat, "combat"),
        tir: field!(tir, "tir"),
        defence: defence.saturating_add(defence_adds),
        bravoure: field!(bravoure, "bravoure"),
        psychisme: field!(psychisme, "psychisme"),
        vitalite: field!(vitalite, "vitalite"),
        weapons: match w.weapons {
            Some(written) => written.into_iter().map(|r| weapon_of(list, i, r, gear.weapons)).collect::<Result<_, _>>()?,
            None => base.map(|b| b.weapons.clone()).ok_or_else(|| missing("weapons"))?,
        },
        armour,
        spells: w.spells.or_else(|| base.map(|b| b.spells.clone())).unwrap_or_default(),
        traits: w.traits.or_else(|| base.map(|b| b.traits.clone())).unwrap_or_default(),
        warband: list.name.clone(),
        name: w.name,
    })
}

/// A weapon named from the table, or written whole and within H-S18's bounds.
fn weapon_of(list: &ArmyList, i: usize, r: TableOr<OwnWeapon>, t: &WeaponTable) -> Result<Weapon, SetupError> {
    let err = |message: String| Err(list.error(i, "weapons", message));
    let w = match r {
        TableOr::Named(name) => {
            return t.weapon(&name).cloned().ok_or_else(|| {
                let known: Vec<&str> = t.weapons.iter().map(|w| w.name.as_str()).collect();
                list.error(i, "weapons", format!("no weapon '{name}'; the table's: {}; or write one whole, (label: .., class: Medium, hands: 1, damage: 2, ..)", known.join(", ")))
            });
        }
        TableOr::Own(w) => w,
    };
    let label = &w.label;
    if label.trim().is_empty() || label.chars().count() > LABEL {
        return err(format!("'{label}': a weapon's label has 1 to {LABEL} letters"));
    }
    if w.class.is_none() && w.range.is_none() {
        return err(format!("{label}: a weapon needs a melee `class` (Light, Medium, Heavy), a missile `range`, or both"));
    }
    if w.hands > 2 {
        return err(format!("{label}: hands {}: 0 (claws, a bite), 1 or 2", w.hands));
    }
    if w.natural != (w.hands == 0) {
        return err(format!("{label}: a natural weapon (claws, a bite: `natural: true`) takes no hand, and only it (H-S17)"));
    }
    if !DAMAGE.contains(&w.damage) {
        return err(format!("{label}: damage {}: {} to {} (H-S18; the sword's is 2, l. 103)", w.damage, DAMAGE.start(), DAMAGE.end()));
    }
    if let Some(range) = w.range.filter(|r| !RANGE.contains(r)) {
        return err(format!("{label}: range {range} paces: {} to {} (H-S18; the short bow's is 18, l. 148)", RANGE.start(), RANGE.end()));
    }
    if w.range.is_none() && (w.reload || w.shots.is_some()) {
        return err(format!("{label}: `reload` and `shots` are a missile weapon's: give it a `range`"));
    }
    let shots = w.shots.unwrap_or(1);
    if !SHOTS.contains(&shots) {
        return err(format!("{label}: {shots} shots: {} to {} a shooting phase (H-S18, l. 168)", SHOTS.start(), SHOTS.end()));
    }
    let name = format!("{}:{label}", list.id);
    Ok(Weapon { name, label: w.label, class: w.class, hands: w.hands, damage: w.damage, range: w.range, reload: w.reload, shots, natural: w.natural })
}

/// Défense and Mouv as written, before armour.
fn check_before_armour(list: &ArmyList, i: usize, defence: i8, mouv: i8) -> Result<(), SetupError> {
    if !DEFENCE.contains(&defence) {
        return Err(list.error(i, "defence", format!("{defence}: {} to {} before armour (H-S18; the seed's human has 6, l. 11)", DEFENCE.start(), DEFENCE.end())));
    }
    if !MOUV.contains(&mouv) {
        return Err(list.error(i, "mouv", format!("{mouv}: {} to {} paces before armour (H-S18; the seed's human has 5, l. 11)", MOUV.start(), MOUV.end())));
    }
    Ok(())
}

/// A figure the rules can play: characteristics within bounds, and weapons, armour and spells of
/// the tables that it can carry.
fn check(list: &ArmyList, i: usize, f: &FigureRow, t: &Gear) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    if f.mark.trim().is_empty() || f.mark.chars().count() > MARK {
        return err("mark", format!("'{}': 1 to {MARK} letters, shown on its token", f.mark));
    }
    if f.count == 0 || f.count > COUNT {
        return err("count", format!("{}: 1 to {COUNT} figures of the profile", f.count));
    }
    for (field, value) in [("combat", f.combat), ("tir", f.tir), ("bravoure", f.bravoure), ("psychisme", f.psychisme)] {
        if !BONUS.contains(&value) {
            return err(field, format!("{value}: a bonus to a d20, {} to {} (H-S18; the seed's human has 0, l. 11-24)", BONUS.start(), BONUS.end()));
        }
    }
    if f.mouv < 1 {
        return err("armour", format!("its armour leaves it Mouv {}: it could never move (H-S18: at least 1)", f.mouv));
    }
    if !VITALITE.contains(&f.vitalite) {
        return err("vitalite", format!("{}: {} to {} (H-S18; the seed's human has 1, l. 26)", f.vitalite, VITALITE.start(), VITALITE.end()));
    }
    let known = |names: Vec<&str>| names.join(", ");
    let weapons = &f.weapons;
    let mut armour = Vec::new();
    for name in &f.armour {
        match t.weapons.armour(name) {
            Some(a) => armour.push(a),
            None => return err("armour", format!("no armour '{name}'; the table's: {}", known(t.weapons.armour.iter().map(|a| a.name.as_str()).collect()))),
        }
    }
    if weapons.iter().filter(|w| w.range.is_some()).count() > 1 {
        return err("weapons", "at most one missile weapon: only the first would ever shoot (l. 74)".into());
    }
    if weapons.iter().filter(|w| w.class.is_some()).count() > 2 {
        return err("weapons", "at most two melee weapons, a primary and a second (l. 132-136)".into());
    }
    let shields = armour.iter().filter(|a| a.hands > 0).count();
    if shields > 1 || armour.len() - shields > 1 {
        return err("armour", "at most one shield and one armour worn".into());
    }
    if shields > 0 && weapons.iter().any(|w| w.class == Some(WeaponClass::Heavy) && w.hands >= 2) {
        return err("armour", "a two-handed weapon leaves no hand for a shield (H-S1, R-S12)".into());
    }
    if let Some(s) = f.spells.iter().find(|s| !t.spells.spells.iter().any(|x| x.name == **s)) {
        return err("spells", format!("no spell '{s}'; the table's: {}", known(t.spells.spells.iter().map(|x| x.name.as_str()).collect())));
    }
    if f.spells.len() > SPELLS {
        return err("spells", format!("{} spells; a caster knows at most {SPELLS} (H-S18)", f.spells.len()));
    }
    if let Some(s) = repeated(&f.spells) {
        return err("spells", format!("'{s}' is listed twice"));
    }
    if let Some(x) = repeated(&f.traits) {
        return err("traits", format!("{x:?} is listed twice"));
    }
    Ok(())
}

/// The fields of a figure's line of a warband, for the battle editor's form, with what each
/// allows (H-S18).
pub fn form() -> Vec<Field> {
    let t = super::data::tables();
    let bonus = |name, help| Field::number(name, *BONUS.start(), *BONUS.end(), help);
    vec![
        Field::new("base", Kind::Offered, "the figure it changes; a field left out is its base's"),
        Field::new("mark", Kind::Text, "1 to 4 letters, shown on its token"),
        Field::choice::<Rank>("rank", ""),
        Field::number("count", 1, COUNT, "figures of the profile"),
        Field::number("mouv", *MOUV.start(), *MOUV.end(), "before armour"),
        bonus("combat", "a bonus to a d20"),
        bonus("tir", "a bonus to a d20"),
        Field::number("defence", *DEFENCE.start(), *DEFENCE.end(), "before armour: the list adds the armour's"),
        bonus("bravoure", "a bonus to a d20"),
        bonus("psychisme", "a bonus to a d20"),
        Field::number("vitalite", *VITALITE.start(), *VITALITE.end(), ""),
        Field::new("weapons", Kind::Written, "the weapons table's names, quoted, or weapons of its own written whole (docs/armies.md)"),
        Field::several_named("armour", t.weapons.armour.iter().map(|a| a.name.clone()), "one armour and one shield at most"),
        Field::several_named("spells", t.spells.spells.iter().map(|s| s.name.clone()), "at most 4"),
        Field::several::<Trait>("traits", ""),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_form_shows_every_field_of_a_profile_with_values_that_read() {
        crate::editor::form::check_form::<super::Written>(r#"(name: "x", base: "y")"#, &super::form(), &["name"]);
    }
}
