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

    fn facing_mut(&mut self) -> Option<&mut Option<Direction>> {
        Some(&mut self.facing)
    }
}

impl Muster for Thucydide {
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

    fn profile_form(_: &str) -> Vec<Field> {
        super::army::form()
    }

    fn discharge(part: &mut Part, removed: &UnitSpec) {
        part.leaders.retain(|l| l.unit != removed.id);
    }
}
