//! Swordpoint's part of a scenario as the battle editor changes it: its units, from the profiles
//! of the battle's army lists; a commander goes with the unit he is attached to (H-22).

use super::Swordpoint;
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

    fn facing_mut(&mut self) -> Option<&mut Option<Direction>> {
        Some(&mut self.facing)
    }
}

impl Muster for Swordpoint {
    type Part = Part;
    type Spec = UnitSpec;
    const EMPTY: &'static str = "(units: [])";

    fn units(part: &mut Part) -> &mut Vec<UnitSpec> {
        &mut part.units
    }

    fn offers(s: &Scenario) -> Result<Vec<Offer>, SetupError> {
        Ok(profiles_of(s)?.iter().map(|p| Offer::named(&p.name, &p.label)).collect())
    }

    fn new_profile(_: &Scenario, base: &Offer, name: &str) -> String {
        base.labelled_change(name)
    }

    fn unit_form() -> Vec<Field> {
        use super::army::{BASES, FIGURES_PER_BASE};
        vec![
            Field::new("side", Kind::Side, "").required(),
            Field::new("profile", Kind::Offered, "").required(),
            Field::number("bases", 1, BASES, "its profile's default when left out (H-1)"),
            Field::number("frontage", 1, BASES, "bases in the first rank; its profile's when left out"),
            Field::number("lost", 0, BASES * FIGURES_PER_BASE, "figures already lost"),
            Field::new("demoralised", Kind::Flag, "(SP:L16, L28)"),
            Field::new("fleeing", Kind::Flag, "broken and fleeing (H-6)"),
            Field::new("disorganised", Kind::Flag, "after a pursuit (SP5.22, H-13)"),
        ]
    }

    fn part_form() -> Vec<Field> {
        vec![
            Field::rows(
                "commanders",
                vec![
                    Field::new("side", Kind::Side, "").required(),
                    Field::new("name", Kind::Text, "").required(),
                    Field::named("rank", ["army-general", "commander"].map(String::from), "").required(),
                    Field::number("unit", 1, crate::limits::UNITS as i64, "the unit he leads, by its id").required(),
                ],
                r#"(id: {id}, side: 0, name: "Commander {id}", rank: "commander", unit: {unit})"#,
                "each with the unit he leads",
            ),
            Field::new("momentum", Kind::Written, "each side's momentum pool at the start, (side 0, side 1); the table's by default (H-8)"),
            Field::new("rally_enemies_add_up", Kind::Flag, "an enemy within 8\" and a larger one add up on a rally test"),
            Field::new("flight_before_rally", Kind::Flag, "H-28: a flight declared runs before it may rally").on_by_default(),
        ]
    }

    fn profile_form(_: &str) -> Vec<Field> {
        super::army::form()
    }

    fn enlist(_: &mut Part, id: u32, side: u8, at: Offset, offer: &Offer) -> UnitSpec {
        UnitSpec { id, side, profile: offer.name.clone(), at, facing: None, bases: None, frontage: None, lost: 0, demoralised: false, fleeing: false, disorganised: false }
    }

    fn discharge(part: &mut Part, removed: &UnitSpec) {
        part.commanders.retain(|c| c.unit != removed.id);
    }
}
