//! Thucydide's army lists (`armies/thucydide-*.ron`, `docs/armies.md`): a profile as a list writes
//! it (every field, or a `base` and the fields it changes), checked against what the rules can
//! play, and the battle's table of profiles built from the lists a scenario names.

use super::data::{Class, Profile, Trait};
use crate::army::ArmyList;
use crate::editor::form::{Field, Kind};
use crate::army::reading::{Named, base_of, inherit, present, repeated};
use crate::scenario::SetupError;
use serde::Deserialize;
use std::sync::Arc;

/// The profile the rules put in place of an elephant that panics (seed, "Eléphant en panique"),
/// from `assets/rules/thucydide/units.ron`: a list may not take its name.
pub const PANICKED_ELEPHANT: &str = "panicked-elephant";

/// A profile as a list writes it: without `base` every field but the optional ones is given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    name: String,
    base: Option<String>,
    label: Option<String>,
    class: Option<Class>,
    armour: Option<super::data::Armour>,
    fire: Option<u8>,
    range: Option<u8>,
    assault: Option<u8>,
    melee: Option<u8>,
    #[serde(rename = "move")]
    movement: Option<u8>,
    strength: Option<u8>,
    traits: Option<Vec<Trait>>,
    #[serde(default, deserialize_with = "present")]
    retreat_per_flag: Option<Option<u8>>,
    mounted_move: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    dismounted: Option<Option<String>>,
}

/// What a profile's numbers may be (house rules, `docs/armies.md`): the seed gives no table, so
/// these bound what its rules play sensibly, with room above the bundled profiles.
const DICE: u8 = 6;
const RANGE: u8 = 10;
const MOVE: u8 = 8;
pub(super) const STRENGTH: u8 = 8;
const RETREAT: u8 = 4;

/// The battle's profiles: every list's, in the order named, then the rules' own, each checked.
/// A `base` is a profile of the lists before (or earlier in the same list), else of `bundled`.
pub fn profiles(lists: &[Arc<ArmyList>], bundled: &[Arc<Profile>], rules_own: &[Arc<Profile>]) -> Result<Vec<Arc<Profile>>, SetupError> {
    let mut table: Vec<Arc<Profile>> = Vec::new();
    let mut from: Vec<(usize, usize)> = Vec::new();
    for (l, list) in lists.iter().enumerate() {
        for (i, w) in list.read_profiles::<Written>()?.into_iter().enumerate() {
            let profile = written(list, i, w, &table, bundled)?;
            check(list, i, &profile)?;
            table.push(Arc::new(profile));
            from.push((l, i));
        }
    }
    // A profile without its elephant comes from the lists, else from the bundled ones: a bundled
    // one joins the battle's table, where the rules find it when the elephant panics.
    for k in 0..from.len() {
        let (l, i) = from[k];
        let Some(d) = table[k].dismounted.clone() else { continue };
        let found = table.iter().find(|q| q.name == d).cloned();
        let q = match found.or_else(|| bundled.iter().find(|q| q.name == d).cloned()) {
            None => return Err(lists[l].error(i, "dismounted", format!("no profile '{d}' in the battle's army lists nor bundled"))),
            Some(q) if q.has_elephants() => {
                return Err(lists[l].error(i, "dismounted", format!("'{d}' has elephants of its own: the unit without its elephant fights on foot or stands")));
            }
            Some(q) => q,
        };
        if !table.iter().any(|p| p.name == d) {
            table.push(q);
        }
    }
    table.extend(rules_own.iter().cloned());
    Ok(table)
}

impl Named for Profile {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A written profile made whole from its base.
fn written(list: &ArmyList, i: usize, w: Written, table: &[Arc<Profile>], bundled: &[Arc<Profile>]) -> Result<Profile, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), table, bundled, &[PANICKED_ELEPHANT])?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    Ok(Profile {
        label: field!(label, "label"),
        class: field!(class, "class"),
        armour: field!(armour, "armour"),
        fire: field!(fire, "fire"),
        range: field!(range, "range"),
        assault: field!(assault, "assault"),
        melee: field!(melee, "melee"),
        movement: field!(movement, "move"),
        strength: field!(strength, "strength"),
        traits: w.traits.or_else(|| base.map(|b| b.traits.clone())).unwrap_or_default(),
        retreat_per_flag: w.retreat_per_flag.unwrap_or_else(|| base.and_then(|b| b.retreat_per_flag)),
        mounted_move: w.mounted_move.or_else(|| base.map(|b| b.mounted_move)).unwrap_or(false),
        dismounted: w.dismounted.unwrap_or_else(|| base.and_then(|b| b.dismounted.clone())),
        name: w.name,
    })
}

/// A profile the rules can play: numbers within bounds, and options that fit its troops.
fn check(list: &ArmyList, i: usize, p: &Profile) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    for (field, value, most) in [("fire", p.fire, DICE), ("assault", p.assault, DICE), ("melee", p.melee, DICE), ("range", p.range, RANGE), ("move", p.movement, MOVE)] {
        if value > most {
            return err(field, format!("{value} is more than {most}: {field} is 0 to {most}"));
        }
    }
    if p.strength == 0 || p.strength > STRENGTH {
        return err("strength", format!("{} elements: a unit has 1 to {STRENGTH}", p.strength));
    }
    if p.label.trim().is_empty() {
        return err("label", "a profile needs a label, the name a player reads".into());
    }
    if (p.fire > 0) != (p.range > 0) {
        return err("range", format!("fire {} with range {}: a unit with fire dice shoots at 2 hexes or more, one without has range 0", p.fire, p.range));
    }
    if p.fire > 0 && p.range < 2 {
        return err("range", "range 1 is the adjacent hex, where units melee: a missile weapon reaches 2 hexes or more".into());
    }
    if let Some(t) = repeated(&p.traits) {
        return err("traits", format!("{t:?} is listed twice"));
    }
    if let Some(r) = p.retreat_per_flag {
        if r == 0 || r > RETREAT {
            return err("retreat_per_flag", format!("{r} hexes: a retreat per flag is 1 to {RETREAT}"));
        }
    }
    if p.mounted_move && p.class != Class::Infantry {
        return err("mounted_move", format!("{:?} cannot make the mounted move of mounted infantry: only Infantry", p.class));
    }
    if p.dismounted.is_some() && !p.has(Trait::ElephantBorne) {
        return err("dismounted", "only a unit carried or drawn by an elephant (trait ElephantBorne) has a profile without it".into());
    }
    Ok(())
}

/// The fields of a profile's line, for the battle editor's form, with what each allows.
pub fn form() -> Vec<Field> {
    vec![
        Field::new("base", Kind::Offered, "the profile it changes; a field left out is its base's"),
        Field::new("label", Kind::Text, "the name a player reads"),
        Field::choice::<Class>("class", ""),
        Field::choice::<super::data::Armour>("armour", ""),
        Field::number("fire", 0, DICE, "dice it shoots with; with range 2 or more"),
        Field::number("range", 0, RANGE, "hexes its missiles reach; 0 without"),
        Field::number("assault", 0, DICE, "dice in an assault"),
        Field::number("melee", 0, DICE, "dice in a melee"),
        Field::number("move", 0, MOVE, "hexes a move"),
        Field::number("strength", 1, STRENGTH, "elements"),
        Field::several::<Trait>("traits", ""),
        Field::number("retreat_per_flag", 1, RETREAT, "hexes it retreats a flag"),
        Field::new("mounted_move", Kind::Flag, "mounted infantry's move (Infantry only)"),
        Field::new("dismounted", Kind::Offered, "the profile it becomes without its elephant (ElephantBorne only)"),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_form_shows_every_field_of_a_profile_with_values_that_read() {
        crate::editor::form::check_form::<super::Written>(r#"(name: "x", base: "hoplites")"#, &super::form(), &["name"]);
    }
}
