//! Black Powder's army lists (`armies/black-powder-*.ron`, `docs/armies.md`): a profile as a list
//! writes it (every field, or a `base` and the fields it changes), checked against what the rules
//! can play, and the battle's table of profiles built from the lists a scenario names.

use super::data::{Formation, Profile, ShootingValue, Size, Trait, Troop, Weapon};
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
    hth: Option<u8>,
    shooting: Option<ShootingValue>,
    morale: Option<u8>,
    stamina: Option<u8>,
    #[serde(default, deserialize_with = "present")]
    weapon: Option<Option<Weapon>>,
    size: Option<Size>,
    formations: Option<Vec<Formation>>,
    traits: Option<Vec<Trait>>,
    horse_artillery: Option<bool>,
}

/// What a profile's numbers may be (house rule HB-23, `docs/armies.md`): a large unit's melee dice
/// and a few more, a save from 2+ to 6+, the stamina of Untested's best roll and two more.
const HTH: u8 = 12;
const SHOOTING: u8 = 6;
pub(super) const STAMINA: u8 = 6;

/// The battle's profiles: every list's, in the order named. A `base` is a profile of the lists
/// before (or earlier in the same list), else of `bundled`.
pub fn profiles(lists: &[Arc<ArmyList>], bundled: &[Arc<Profile>]) -> Result<Vec<Arc<Profile>>, SetupError> {
    read_lists(lists, |list, i, w: Written, table| {
        let profile = written(list, i, w, table, bundled)?;
        check(list, i, &profile)?;
        Ok(profile)
    })
}

impl Named for Profile {
    fn name(&self) -> &str {
        &self.name
    }
}

/// A written profile made whole from its base.
fn written(list: &ArmyList, i: usize, w: Written, table: &[Arc<Profile>], bundled: &[Arc<Profile>]) -> Result<Profile, SetupError> {
    let err = |field, message: String| list.error(i, field, message);
    let base = base_of(list, i, &w.name, w.base.as_deref(), table, bundled, &[])?;
    macro_rules! field {
        ($field:ident, $name:literal) => {
            inherit!(w.$field, base, $field, $name, err)
        };
    }
    Ok(Profile {
        label: field!(label, "label"),
        troop: field!(troop, "troop"),
        hth: field!(hth, "hth"),
        shooting: field!(shooting, "shooting"),
        morale: field!(morale, "morale"),
        stamina: field!(stamina, "stamina"),
        weapon: w.weapon.unwrap_or_else(|| base.and_then(|b| b.weapon)),
        size: field!(size, "size"),
        formations: field!(formations, "formations"),
        traits: w.traits.or_else(|| base.map(|b| b.traits.clone())).unwrap_or_default(),
        horse_artillery: w.horse_artillery.or_else(|| base.map(|b| b.horse_artillery)).unwrap_or(false),
        name: w.name,
    })
}

/// The formations a troop type may take (B.3.2, HB-23): artillery limbers and unlimbers, only
/// infantry forms square or mixed order.
fn may_take(troop: Troop, formation: Formation) -> bool {
    use Formation::*;
    match troop {
        Troop::Infantry => !matches!(formation, Limbered | Unlimbered),
        Troop::Cavalry => !matches!(formation, Limbered | Unlimbered | Square | MixedOrder),
        Troop::Artillery => matches!(formation, Limbered | Unlimbered),
    }
}

/// A profile the rules can play: numbers within bounds, guns for artillery only, the formations
/// of its troop type.
fn check(list: &ArmyList, i: usize, p: &Profile) -> Result<(), SetupError> {
    let err = |field, message: String| Err(list.error(i, field, message));
    let artillery = p.troop == Troop::Artillery;
    if p.label.trim().is_empty() {
        return err("label", "a profile needs a label, the name a player reads".into());
    }
    if p.hth > HTH {
        return err("hth", format!("{} hand-to-hand dice: 0 to {HTH} (HB-23)", p.hth));
    }
    match p.shooting {
        ShootingValue::Dice(n) if artillery => return err("shooting", format!("Dice({n}): artillery shoots by range bands, Bands(short: .., medium: .., long: ..) (RB-6)")),
        ShootingValue::Bands { .. } if !artillery => return err("shooting", format!("range bands are artillery's (RB-6); {:?} shoots Dice(n)", p.troop)),
        ShootingValue::Dice(n) if n > SHOOTING => return err("shooting", format!("Dice({n}): 0 to {SHOOTING} dice (HB-23)")),
        ShootingValue::Bands { short, medium, long } if [short, medium, long].iter().any(|n| !(1..=SHOOTING).contains(n)) => {
            return err("shooting", format!("Bands(short: {short}, medium: {medium}, long: {long}): 1 to {SHOOTING} attacks a band (HB-23)"));
        }
        _ => {}
    }
    if !(2..=6).contains(&p.morale) {
        return err("morale", format!("{}: the save score, 2 (2+) to 6 (6+) (BP:L48)", p.morale));
    }
    if !(1..=STAMINA).contains(&p.stamina) {
        return err("stamina", format!("{}: 1 to {STAMINA} casualties before it is Shaken (HB-23)", p.stamina));
    }
    match p.weapon {
        Some(w) if w.is_artillery() != artillery => return err("weapon", format!("{w:?}: guns are artillery's, and artillery's weapon is a gun (BP:L98-109)")),
        None if artillery => return err("weapon", "artillery needs its gun: LightSmoothboreArtillery or SmoothboreArtillery (BP:L108-109)".into()),
        None if p.shooting != ShootingValue::Dice(0) => return err("weapon", "a unit with shooting dice needs the weapon that gives its range (BP:L98-109)".into()),
        Some(w) if p.shooting == ShootingValue::Dice(0) => return err("shooting", format!("Dice(0) with a {w:?}: a unit that shoots has dice, one that does not has no weapon")),
        _ => {}
    }
    if p.formations.is_empty() {
        return err("formations", "at least one: the first is the one it deploys in".into());
    }
    if let Some(f) = p.formations.iter().find(|f| !may_take(p.troop, **f)) {
        return err("formations", format!("{:?} cannot take {f:?} (B.3.2: artillery is Limbered or Unlimbered; Square and MixedOrder are infantry's)", p.troop));
    }
    if artillery && !(p.may_form(Formation::Limbered) && p.may_form(Formation::Unlimbered)) {
        return err("formations", "artillery takes both Limbered and Unlimbered (B.3.2, BP:L238-240)".into());
    }
    if let Some(f) = repeated(&p.formations) {
        return err("formations", format!("{f:?} is listed twice"));
    }
    if let Some(t) = repeated(&p.traits) {
        return err("traits", format!("{t:?} is listed twice"));
    }
    if p.has(Trait::FormSquare) && !p.may_form(Formation::Square) {
        return err("traits", "FormSquare: a unit that must form square may take Square (BP:L321)".into());
    }
    if p.horse_artillery && !artillery {
        return err("horse_artillery", format!("{:?}: only artillery is horse artillery (BP:L28)", p.troop));
    }
    Ok(())
}

/// The fields of a profile's line, for the battle editor's form, with what each allows.
pub fn form() -> Vec<Field> {
    vec![
        Field::new("base", Kind::Offered, "the profile it changes; a field left out is its base's"),
        Field::new("label", Kind::Text, "the name a player reads"),
        Field::choice::<Troop>("troop", ""),
        Field::number("hth", 0, HTH, "hand-to-hand dice (HB-23)"),
        Field::new("shooting", Kind::Written, "Dice(n), 0 to 6; artillery's Bands(short: .., medium: .., long: ..) (RB-6)"),
        Field::number("morale", 2, 6, "the save score, 2+ to 6+ (BP:L48)"),
        Field::number("stamina", 1, STAMINA, "casualties before it is Shaken (HB-23)"),
        Field::choice_or_none::<Weapon>("weapon", "the weapon that gives its range (BP:L98-109)"),
        Field::choice::<Size>("size", ""),
        Field::several::<Formation>("formations", "the first is the one it deploys in"),
        Field::several::<Trait>("traits", ""),
        Field::new("horse_artillery", Kind::Flag, ""),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_form_shows_every_field_of_a_profile_with_values_that_read() {
        crate::editor::form::check_form::<super::Written>(r#"(name: "x", base: "y")"#, &super::form(), &["name"]);
    }
}
