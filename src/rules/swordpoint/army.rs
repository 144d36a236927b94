//! Swordpoint's army lists (`armies/swordpoint-*.ron`, `docs/armies.md`): a profile as a list
//! writes it (every field, or a `base` and the fields it changes), its defence reckoned from its
//! armour and protection as the seed does, checked against what the rules can play, and the
//! battle's table of profiles built from the lists a scenario names.

use super::data::{Armour, BaseRange, DefenceTable, MeleeWeapon, Missile, Order, Profile, Protection, Quality, Trait, Troop};
use crate::army::ArmyList;
use crate::editor::form::{Field, Kind};
use crate::army::reading::{Named, base_of, inherit, present, read_lists, repeated};
use crate::scenario::SetupError;
use serde::Deserialize;
use std::sync::Arc;

/// A profile as a list writes it: without `base` every field but the optional ones is given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    name: String,
    base: Option<String>,
    label: Option<String>,
    troop: Option<Troop>,
    order: Option<Order>,
    bases: Option<BaseRange>,
    frontage: Option<u8>,
    figures_per_base: Option<u8>,
    strength_per_base: Option<u8>,
    armour: Option<Armour>,
    protection: Option<Vec<Protection>>,
    /// Checked against the value armour and protection give; reckoned from them when left out.
    defence: Option<u8>,
    melee: Option<Quality>,
    #[serde(default, deserialize_with = "present")]
    shooting: Option<Option<Quality>>,
    #[serde(default, deserialize_with = "present")]
    missile: Option<Option<Missile>>,
    #[serde(default, deserialize_with = "present")]
    weapon: Option<Option<MeleeWeapon>>,
    traits: Option<Vec<Trait>>,
    cohesion: Option<u8>,
}

/// What a profile's numbers may be (house rules, `docs/armies.md`): H-1's units of up to 12
/// bases, a 2d6 score for cohesion.
pub(super) const BASES: u8 = 12;
pub(super) const FIGURES_PER_BASE: u8 = 8;
const STRENGTH_PER_BASE: u8 = 8;

/// The rule tables a profile is read with (passed in, as the bundled lists are read while the
/// tables are built).
pub struct Rules<'a> {
    pub defence: &'a DefenceTable,
    pub max_ranks: u8,
}

/// The battle's profiles: every list's, in the order named. A `base` is a profile of the lists
/// before (or earlier in the same list), else of `bundled`.
pub fn profiles(lists: &[Arc<ArmyList>], bundled: &[Arc<Profile>], rules: &Rules) -> Result<Vec<Arc<Profile>>, SetupError> {
    read_lists(lists, |list, i, w: Written, table| {
        let profile = written(list, i, w, table, bundled, rules)?;
        check(list, i, &profile, rules)?;
        Ok(profile)
    })
}

impl Named for Profile {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A written profile made whole from its base.
fn written(list: &ArmyList, i: usize, w: Written, table: &[Arc<Profile>], bundled: &[Arc<Profile>], rules: &Rules) -> Result<Profile, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), table, bundled, &[])?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    let armour = field!(armour, "armour");
    let protection = w.protection.or_else(|| base.map(|b| b.protection.clone())).unwrap_or_default();
    let defence = rules.defence.value(armour, &protection);
    if let Some(written) = w.defence.filter(|d| *d != defence) {
        return Err(err("defence", format!("{written}, but {armour:?} armour with {protection:?} gives {defence} (SP5.34-5.41): write the armour and protection, the defence follows")));
    }
    Ok(Profile {
        label: field!(label, "label"),
        troop: field!(troop, "troop"),
        order: field!(order, "order"),
        bases: field!(bases, "bases"),
        frontage: field!(frontage, "frontage"),
        figures_per_base: field!(figures_per_base, "figures_per_base"),
        strength_per_base: field!(strength_per_base, "strength_per_base"),
        armour,
        protection,
        defence,
        melee: field!(melee, "melee"),
        shooting: w.shooting.unwrap_or_else(|| base.and_then(|b| b.shooting)),
        missile: w.missile.unwrap_or_else(|| base.and_then(|b| b.missile)),
        weapon: w.weapon.unwrap_or_else(|| base.and_then(|b| b.weapon)),
        traits: w.traits.or_else(|| base.map(|b| b.traits.clone())).unwrap_or_default(),
        cohesion: field!(cohesion, "cohesion"),
        name: w.name,
    })
}

/// A profile the rules can play: numbers within bounds, and a missile weapon with its class.
fn check(list: &ArmyList, i: usize, p: &Profile, rules: &Rules) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    let b = p.bases;
    if b.min == 0 || b.min > b.max || b.max > BASES || !(b.min..=b.max).contains(&b.default) {
        return err("bases", format!("(min: {}, max: {}, default: {}): 1 <= min <= default <= max <= {BASES} (H-1)", b.min, b.max, b.default));
    }
    if p.frontage == 0 || p.frontage > b.max {
        return err("frontage", format!("{} bases a rank: 1 to the unit's most bases, {}", p.frontage, b.max));
    }
    let max_ranks = rules.max_ranks;
    if b.max.div_ceil(p.frontage) > max_ranks {
        return err("frontage", format!("{} bases {} a rank make {} ranks; at most {max_ranks} (H-1)", b.max, p.frontage, b.max.div_ceil(p.frontage)));
    }
    if p.figures_per_base == 0 || p.figures_per_base > FIGURES_PER_BASE {
        return err("figures_per_base", format!("{}: 1 to {FIGURES_PER_BASE} (H-1)", p.figures_per_base));
    }
    if p.strength_per_base == 0 || p.strength_per_base > STRENGTH_PER_BASE {
        return err("strength_per_base", format!("{}: 1 to {STRENGTH_PER_BASE} (H-2)", p.strength_per_base));
    }
    if !(2..=12).contains(&p.cohesion) {
        return err("cohesion", format!("{}: the 2d6 score a test needs, 2 to 12 (H-5)", p.cohesion));
    }
    if p.label.trim().is_empty() {
        return err("label", "a profile needs a label, the name a player reads".into());
    }
    if p.shooting.is_some() != p.missile.is_some() {
        return err("missile", "a shooter has both its `missile` weapon and its `shooting` class (SP:L31-98), a unit that does not shoot neither".into());
    }
    if let Some(t) = repeated(&p.traits) {
        return err("traits", format!("{t:?} is listed twice"));
    }
    if let Some(q) = repeated(&p.protection) {
        return err("protection", format!("{q:?} is listed twice"));
    }
    Ok(())
}

/// The fields of a profile's line, for the battle editor's form, with what each allows.
pub fn form() -> Vec<Field> {
    vec![
        Field::new("base", Kind::Offered, "the profile it changes; a field left out is its base's"),
        Field::new("label", Kind::Text, "the name a player reads"),
        Field::choice::<Troop>("troop", ""),
        Field::choice::<Order>("order", ""),
        Field::new("bases", Kind::Written, "(min: .., max: .., default: ..), 1 to 12 bases (H-1)"),
        Field::number("frontage", 1, BASES, "bases in the first rank"),
        Field::number("figures_per_base", 1, FIGURES_PER_BASE, "(H-1)"),
        Field::number("strength_per_base", 1, STRENGTH_PER_BASE, "(H-2)"),
        Field::choice::<Armour>("armour", ""),
        Field::several::<Protection>("protection", ""),
        Field::number("defence", 0, 12, "reckoned from armour and protection: best left out (SP5.34-5.41)"),
        Field::choice::<Quality>("melee", ""),
        Field::choice_or_none::<Quality>("shooting", "with a missile weapon"),
        Field::choice_or_none::<Missile>("missile", "with a shooting class"),
        Field::choice_or_none::<MeleeWeapon>("weapon", ""),
        Field::several::<Trait>("traits", ""),
        Field::number("cohesion", 2, 12, "the 2d6 score a test needs (H-5)"),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_form_shows_every_field_of_a_profile_with_values_that_read() {
        crate::editor::form::check_form::<super::Written>(r#"(name: "x", base: "y")"#, &super::form(), &["name"]);
    }
}
