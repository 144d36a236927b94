//! The armies of a battle under edit: each ruleset's part of a scenario seen as units standing on
//! hexes, which the editor places from the profiles the battle's army lists offer, moves, faces
//! and removes. A ruleset says where its part keeps its units and how one is enlisted; the rest is
//! the same for all.

use super::form::Field;
use crate::battle::Ruleset;
use crate::hex::{Direction, Offset};
use crate::scenario::{Scenario, SetupError};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A profile a unit may be placed as: the army list (or warband, or army) that holds it where the
/// ruleset's part names one (empty where it names profiles alone), its name there, and what a
/// player reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub list: String,
    pub name: String,
    pub label: String,
}

impl Offer {
    /// A profile offered by its name alone, where a ruleset's profiles are unique across its lists.
    pub fn named(name: &str, label: &str) -> Offer {
        Offer { list: String::new(), name: name.to_string(), label: label.to_string() }
    }

    /// A profile called `name` written as a change to this one, labelled with its name, as the
    /// rulesets whose profiles carry a label write it: `(name: "..", base: "..", label: "..")`.
    pub fn labelled_change(&self, name: &str) -> String {
        let quoted = |s: &str| crate::scenario::one_line(&s);
        format!("(name: {}, base: {}, label: {})", quoted(name), quoted(&self.name), quoted(name))
    }
}

/// One unit of the part as the editor shows and moves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub id: u32,
    pub side: u8,
    pub at: Offset,
    /// `None` where the ruleset's units face no way, or face the enemy by default.
    pub facing: Option<Direction>,
    /// Its profile, as its `Offer`'s name.
    pub profile: String,
}

/// A unit as the ruleset's part writes it.
pub trait Placeable {
    fn placement(&self) -> Placement;
    fn at_mut(&mut self) -> &mut Offset;
    /// Where its facing is written, for the rulesets whose units face a way.
    fn facing_mut(&mut self) -> Option<&mut Option<Direction>>;
}

/// A ruleset's part of a scenario as the editor changes it.
pub trait Muster: Ruleset {
    type Part: Serialize + DeserializeOwned + Clone;
    type Spec: Placeable + Serialize + DeserializeOwned;
    /// Whether its units face a way the part writes.
    const FACES: bool = true;
    /// The part of a battle with no unit yet, as its file would write it (so the serde defaults
    /// of its switches apply).
    const EMPTY: &'static str;
    fn units(part: &mut Self::Part) -> &mut Vec<Self::Spec>;
    /// The profiles the scenario's army lists offer.
    fn offers(scenario: &Scenario) -> Result<Vec<Offer>, SetupError>;
    /// A new unit of `offer`, adding to the part what it needs (a brigade to belong to).
    fn enlist(part: &mut Self::Part, id: u32, side: u8, at: Offset, offer: &Offer) -> Self::Spec;
    /// Takes out of the part what named the unit `removed` (a leader standing with it).
    fn discharge(_part: &mut Self::Part, _removed: &Self::Spec) {}
    /// A profile of the battle's own army list called `name`, written on one line as a change to
    /// `base` (which changes nothing yet: the author writes the changes).
    fn new_profile(s: &Scenario, base: &Offer, name: &str) -> String;
    /// The fields of a unit's line a form shows, in the order the line writes them: all but its
    /// id, its hex and its facing, which the board and the facing buttons set.
    fn unit_form() -> Vec<Field>;
    /// The fields of a profile's line of the battle's own army list, headed `head` (the mass
    /// battle's `Unit` or `Hero`, else empty): all but its name.
    fn profile_form(head: &str) -> Vec<Field>;
    /// The fields of the part besides its units (its leaders, brigades, switches), in the order
    /// the part reads them.
    fn part_form() -> Vec<Field>;
}

/// An edit of the units of a battle.
#[derive(Clone, Debug, PartialEq)]
pub enum UnitEdit {
    Place { side: u8, at: Offset, offer: Offer },
    Move { id: u32, to: Offset },
    Face { id: u32, facing: Direction },
    Remove { id: u32 },
    /// Puts the unit written `text` (its line in the ruleset's part, every field it may have:
    /// its starting state) in place of unit `id`.
    Rewrite { id: u32, text: String },
}

/// The part as its ruleset reads it.
fn part<R: Muster>(s: &Scenario) -> Result<R::Part, String> {
    s.setup.read::<R::Part>().map_err(|e| format!("the ruleset's part does not read: {}", e.message))
}

/// The units the part places.
pub fn placements<R: Muster>(s: &Scenario) -> Result<Vec<Placement>, String> {
    let mut part = part::<R>(s)?;
    Ok(R::units(&mut part).iter().map(Placeable::placement).collect())
}

/// Makes `edit` on the part of `s`, written back one unit a line.
pub fn apply<R: Muster>(s: &mut Scenario, edit: &UnitEdit) -> Result<(), String> {
    let mut part = part::<R>(s)?;
    let units = R::units(&mut part);
    let index = |units: &[R::Spec], id: u32| units.iter().position(|u| u.placement().id == id).ok_or_else(|| format!("no unit {id}"));
    match edit {
        UnitEdit::Place { side, at, offer } => {
            if *side > 1 {
                return Err(format!("side {side} does not exist (0 or 1)"));
            }
            let id = units.iter().map(|u| u.placement().id).max().unwrap_or(0) + 1;
            let unit = R::enlist(&mut part, id, *side, *at, offer);
            R::units(&mut part).push(unit);
        }
        UnitEdit::Move { id, to } => {
            let i = index(units, *id)?;
            *units[i].at_mut() = *to;
        }
        UnitEdit::Face { id, facing } => {
            let i = index(units, *id)?;
            *units[i].facing_mut().ok_or("units of this ruleset face no way")? = Some(*facing);
        }
        UnitEdit::Remove { id } => {
            let i = index(units, *id)?;
            let removed = units.remove(i);
            R::discharge(&mut part, &removed);
        }
        UnitEdit::Rewrite { id, text } => {
            let i = index(units, *id)?;
            units[i] = crate::limits::from_ron::<R::Spec>(text).map_err(|e| format!("the unit's line, column {}: {}", e.span.start.col, crate::limits::ron_message(&e.code)))?;
        }
    }
    s.setup = crate::scenario::Setup::written(&part);
    Ok(())
}

/// The part of a new battle: the ruleset's empty one with the first profile offered placed once a
/// side, in the middle of the row by its own edge, since a battle needs units to be played.
pub fn starter<R: Muster>(s: &mut Scenario) -> Result<(), String> {
    s.setup = crate::scenario::Setup::of(&crate::limits::from_ron::<R::Part>(R::EMPTY).map_err(|e| e.to_string())?);
    let offer = R::offers(s).map_err(|e| e.message)?.into_iter().next().ok_or("the army lists offer no profile")?;
    let map = s.build_map().map_err(|e| e.message)?;
    for side in 0..2u8 {
        let at = middle_of_edge(map.width(), map.height(), s.sides[usize::from(side)].edge);
        apply::<R>(s, &UnitEdit::Place { side, at, offer: offer.clone() })?;
    }
    Ok(())
}

/// The hex in the middle of the row or column along `edge`, one in from it where there is room.
fn middle_of_edge(width: i32, height: i32, edge: crate::hex::BoardEdge) -> Offset {
    use crate::hex::BoardEdge::*;
    let inset = |n: i32| if n > 2 { 1 } else { 0 };
    match edge {
        North => Offset(width / 2, inset(height)),
        South => Offset(width / 2, height - 1 - inset(height)),
        West => Offset(inset(width), height / 2),
        East => Offset(width - 1 - inset(width), height / 2),
    }
}

/// Work done with the ruleset a scenario names; each holds the scenario it works on.
trait Work {
    type Output;
    fn run<R: Muster>(self) -> Self::Output;
}

struct With<T>(T);

impl<T: Work> crate::rules::registry::ForRuleset for With<T> {
    type Output = T::Output;
    fn run<R: crate::ai::Judge + crate::battle::Present + Muster>(self) -> T::Output {
        self.0.run::<R>()
    }
}

fn with<T: Work<Output = Result<O, String>>, O>(ruleset: &str, work: T) -> Result<O, String> {
    crate::rules::registry::with_ruleset(ruleset, With(work)).map_err(|e| e.to_string())?
}

struct Apply<'a>(&'a mut Scenario, &'a UnitEdit);
impl Work for Apply<'_> {
    type Output = Result<(), String>;
    fn run<R: Muster>(self) -> Self::Output {
        apply::<R>(self.0, self.1)
    }
}

struct Placements<'a>(&'a Scenario);
impl Work for Placements<'_> {
    type Output = Result<Vec<Placement>, String>;
    fn run<R: Muster>(self) -> Self::Output {
        placements::<R>(self.0)
    }
}

struct Offers<'a>(&'a Scenario);
impl Work for Offers<'_> {
    type Output = Result<Vec<Offer>, String>;
    fn run<R: Muster>(self) -> Self::Output {
        R::offers(self.0).map_err(|e| e.message)
    }
}

struct Line<'a>(&'a Scenario, u32);
impl Work for Line<'_> {
    type Output = Result<String, String>;
    fn run<R: Muster>(self) -> Self::Output {
        let mut part = part::<R>(self.0)?;
        let unit = R::units(&mut part).iter().find(|u| u.placement().id == self.1).ok_or_else(|| format!("no unit {}", self.1))?;
        Ok(crate::scenario::one_line(unit))
    }
}

struct NewProfile<'a>(&'a Scenario, &'a Offer);
impl Work for NewProfile<'_> {
    type Output = Result<(String, String), String>;
    fn run<R: Muster>(self) -> Self::Output {
        let (s, base) = (self.0, self.1);
        let taken: Vec<String> = R::offers(s).map_err(|e| e.message)?.into_iter().map(|o| o.name).collect();
        let name = std::iter::once(format!("{} (mine)", base.name)).chain((2..).map(|n| format!("{} (mine {n})", base.name))).find(|n| !taken.contains(n)).unwrap_or_default();
        let line = R::new_profile(s, base, &name);
        Ok((name, line))
    }
}

struct WholePart<'a>(&'a mut Scenario, &'a str);
impl Work for WholePart<'_> {
    type Output = Result<(), String>;
    fn run<R: Muster>(self) -> Self::Output {
        let part = crate::limits::from_ron::<R::Part>(self.1).map_err(|e| format!("line {}, column {}: {}", e.span.start.line, e.span.start.col, crate::limits::ron_message(&e.code)))?;
        self.0.setup = crate::scenario::Setup::written(&part);
        Ok(())
    }
}

struct Starter<'a>(&'a mut Scenario);
impl Work for Starter<'_> {
    type Output = Result<(), String>;
    fn run<R: Muster>(self) -> Self::Output {
        starter::<R>(self.0)
    }
}

struct Faces;
impl Work for Faces {
    type Output = Result<bool, String>;
    fn run<R: Muster>(self) -> Self::Output {
        Ok(R::FACES)
    }
}

struct UnitForm;
impl Work for UnitForm {
    type Output = Result<Vec<Field>, String>;
    fn run<R: Muster>(self) -> Self::Output {
        Ok(R::unit_form())
    }
}

struct ProfileForm<'a>(&'a str);
impl Work for ProfileForm<'_> {
    type Output = Result<Vec<Field>, String>;
    fn run<R: Muster>(self) -> Self::Output {
        Ok(R::profile_form(self.0))
    }
}

struct PartForm;
impl Work for PartForm {
    type Output = Result<Vec<Field>, String>;
    fn run<R: Muster>(self) -> Self::Output {
        Ok(R::part_form())
    }
}

/// The form of the part in the scenario's ruleset, its units aside.
pub fn part_form(s: &Scenario) -> Vec<Field> {
    with(&s.ruleset, PartForm).unwrap_or_default()
}

/// The form of a unit's line in the scenario's ruleset.
pub fn unit_form(s: &Scenario) -> Vec<Field> {
    with(&s.ruleset, UnitForm).unwrap_or_default()
}

/// The form of a profile's line headed `head` in the scenario's ruleset.
pub fn profile_form(s: &Scenario, head: &str) -> Vec<Field> {
    with(&s.ruleset, ProfileForm(head)).unwrap_or_default()
}

/// `apply` for the scenario's own ruleset.
pub fn apply_any(s: &mut Scenario, edit: &UnitEdit) -> Result<(), String> {
    let ruleset = s.ruleset.clone();
    with(&ruleset, Apply(s, edit))
}

/// `placements` for the scenario's own ruleset.
pub fn units_of(s: &Scenario) -> Result<Vec<Placement>, String> {
    with(&s.ruleset, Placements(s))
}

/// The profiles the scenario's army lists offer, for its own ruleset.
pub fn offers_of(s: &Scenario) -> Result<Vec<Offer>, String> {
    with(&s.ruleset, Offers(s))
}

/// The line unit `id` is written on in the scenario's part.
pub fn unit_line(s: &Scenario, id: u32) -> Result<String, String> {
    with(&s.ruleset, Line(s, id))
}

/// A new profile for the battle's own army list from `base`, under a name no list of the battle
/// gives yet: the name and the profile's line.
pub fn new_profile(s: &Scenario, base: &Offer) -> Result<(String, String), String> {
    with(&s.ruleset, NewProfile(s, base))
}

/// The battle's own army list, where the editor keeps its new profiles: the last file among its
/// lists that is written one profile a line, else a new one named after the battle.
pub fn own_list(s: &Scenario) -> String {
    s.army_files.iter().rev().find(|(_, l)| l.profile_lines().is_some()).map_or_else(|| format!("{}-army.ron", s.id), |(n, _)| n.clone())
}

/// What a profile's line leaves to its base: each field it does not write, as its base writes
/// it (or its base's base), where the battle's lists and the bundled ones write their profiles
/// as a list of their own (not nested in warbands or armies).
pub fn inherited(s: &Scenario, line: &super::form::Line) -> Vec<(String, String)> {
    use super::form::{Line, text};
    let lists = s.army_files.iter().map(|(_, l)| l.clone()).chain(crate::army::bundled_for(&s.ruleset));
    let lines: Vec<Line> = lists.flat_map(|l| super::form::lines_of_list(l.profiles.text())).collect();
    let mut values: Vec<(String, String)> = Vec::new();
    let mut base = line.get("base").and_then(text);
    // A chain of bases is short; a list that loops is refused by its ruleset, not followed here.
    for _ in 0..8 {
        let Some(b) = base.take() else { break };
        let Some(from) = lines.iter().find(|l| l.get("name").and_then(text).as_deref() == Some(b.as_str())) else { break };
        for (name, value) in &from.fields {
            if line.get(name).is_none() && !values.iter().any(|(n, _)| n == name) {
                values.push((name.clone(), value.clone()));
            }
        }
        base = from.get("base").and_then(text);
    }
    values
}

/// Puts the ruleset's part written `text` in place of the scenario's, written back as the editor
/// writes it; refused, with where and why, when it does not read as the ruleset's part.
pub fn rewrite_part(s: &mut Scenario, text: &str) -> Result<(), String> {
    let ruleset = s.ruleset.clone();
    with(&ruleset, WholePart(s, text))
}

/// Whether the units of the scenario's ruleset face a way.
pub fn faces(s: &Scenario) -> bool {
    with(&s.ruleset, Faces).unwrap_or(false)
}

/// A new battle of `ruleset` on an open field of `width` by `height` hexes, the first side from
/// the south: one unit a side, so that it plays, and its file validates as it stands.
pub fn new_battle(ruleset: &str, width: u32, height: u32) -> Result<Scenario, String> {
    let title = crate::rules::registry::title(ruleset).ok_or_else(|| crate::rules::registry::UnknownRuleset(ruleset.to_string()).to_string())?;
    if !(2..=crate::limits::MAP_SIDE as u32).contains(&width) || !(2..=crate::limits::MAP_SIDE as u32).contains(&height) {
        return Err(format!("a map of {width}x{height} hexes: each side from 2 to {} hexes", crate::limits::MAP_SIDE));
    }
    let row = vec!["."; width as usize].join(" ");
    let side = |name: &str, edge| crate::scenario::SideSpec { name: name.to_string(), edge, colour: None };
    let mut s = Scenario {
        id: format!("{ruleset}-new-battle"),
        name: format!("New battle ({title})"),
        ruleset: ruleset.to_string(),
        briefing: String::new(),
        turns: 8,
        first_side: 0,
        map: crate::scenario::MapSpec { rows: vec![row; height as usize], hexsides: Vec::new(), regions: Vec::new() },
        sides: vec![side("South", crate::hex::BoardEdge::South), side("North", crate::hex::BoardEdge::North)],
        armies: Vec::new(),
        army_files: Vec::new(),
        setup: crate::scenario::Setup::of(&()),
    };
    with(ruleset, Starter(&mut s))?;
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks a new battle's first unit against its ruleset's unit form.
    struct CheckUnitForm(Scenario);
    impl Work for CheckUnitForm {
        type Output = Result<(), String>;
        fn run<R: Muster>(self) -> Self::Output {
            let id = placements::<R>(&self.0)?[0].id;
            let line = unit_line(&self.0, id)?;
            crate::editor::form::check_form::<R::Spec>(&line, &R::unit_form(), &["id", "at", "facing"]);
            crate::editor::form::check_form::<R::Part>(self.0.setup.text(), &R::part_form(), &["units"]);
            Ok(())
        }
    }

    #[test]
    fn each_ruleset_s_unit_and_part_forms_show_every_field_with_values_that_read() {
        for ruleset in crate::rules::registry::NAMES {
            let s = new_battle(ruleset, 6, 6).unwrap();
            with(ruleset, CheckUnitForm(s)).unwrap();
        }
    }
}
