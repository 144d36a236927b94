//! Thucydide's part of a scenario as the battle editor changes it: its units, from the profiles
//! of the battle's army lists; a leader goes with the unit he stands with.

use super::Thucydide;
use super::setup::{Part, UnitSpec, profiles_of};
use crate::editor::form::{Field, Kind};
use crate::editor::muster::{Muster, Offer, Placeable, Placement};
use crate::hex::{Direction, Offset};
use crate::scenario::{Scenario, SetupError};

impl Placeable for UnitSpec {
    fn placement(&self) -> Placement {
        Placement { id: self.id, side: self.side, at: self.at, facing: self.facing, profile: self.profile.clone() }
    }

    fn at_mut(&mut self) -> &mut Offset {
        &mut self.at
    }

    /// A facing written in a file is kept; the editor sets none (`Muster::FACES`).
    fn facing_mut(&mut self) -> Option<&mut Option<Direction>> {
        None
    }
}

impl Muster for Thucydide {
    type Part = Part;
    type Spec = UnitSpec;
    const EMPTY: &'static str = "(units: [])";
    /// The part keeps a facing, but these rules use none (docs/rules/thucydide.md, "There is no
    /// facing cost"), and the counters draw none: the editor offers none to set.
    const FACES: bool = false;

    fn units(part: &mut Part) -> &mut Vec<UnitSpec> {
        &mut part.units
    }

    fn offers(s: &Scenario) -> Result<Vec<Offer>, SetupError> {
        Ok(profiles_of(s)?.iter().map(|p| Offer::named(&p.name, &p.label)).collect())
    }

    fn new_profile(_: &Scenario, base: &Offer, name: &str) -> String {
        base.labelled_change(name)
    }

    fn enlist(_: &mut Part, id: u32, side: u8, at: Offset, offer: &Offer) -> UnitSpec {
        UnitSpec { id, side, profile: offer.name.clone(), at, strength: None, facing: None }
    }

    fn unit_form() -> Vec<Field> {
        vec![
            Field::new("side", Kind::Side, "").required(),
            Field::new("profile", Kind::Offered, "").required(),
            Field::number("strength", 1, super::army::STRENGTH, "elements left, for a battle under way; its profile's full strength when left out"),
        ]
    }

    fn part_form() -> Vec<Field> {
        let ranks = ["commander-in-chief", "sub-general", "historical", "senior-officer"].map(String::from);
        vec![
            Field::new("order_tokens", Kind::Written, "order tokens each side holds at the start, (side 0, side 1), capped by the terrain table"),
            Field::rows(
                "leaders",
                vec![
                    Field::new("side", Kind::Side, "").required(),
                    Field::new("name", Kind::Text, "").required(),
                    Field::named("rank", ranks, "").required(),
                    Field::number("unit", 1, crate::limits::UNITS as i64, "the unit he stands with, by its id").required(),
                ],
                r#"(id: {id}, side: 0, name: "Leader {id}", rank: "sub-general", unit: {unit})"#,
                "each with the unit he stands with",
            ),
        ]
    }

    fn profile_form(_: &str) -> Vec<Field> {
        super::army::form()
    }

    fn discharge(part: &mut Part, removed: &UnitSpec) {
        part.leaders.retain(|l| l.unit != removed.id);
    }
}
