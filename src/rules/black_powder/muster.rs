//! Black Powder's part of a scenario as the battle editor changes it: its units, from the profiles
//! of the battle's army lists, each in a brigade of its side (the side's first, or a new one with
//! its commander when it has none; the brigade a removed unit leaves empty goes, and its
//! commander).

use super::BlackPowder;
use super::setup::{BrigadeSpec, CommanderSpec, Part, UnitSpec, profiles_of};
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

impl Muster for BlackPowder {
    type Part = Part;
    type Spec = UnitSpec;
    const EMPTY: &'static str = "(brigades: [], commanders: [], units: [])";

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
        vec![
            Field::new("side", Kind::Side, "").required(),
            Field::new("profile", Kind::Offered, "").required(),
            Field::number("brigade", 1, crate::limits::UNITS as i64, "its brigade's id (the part's brigades)").required(),
            Field::new("name", Kind::Text, "its profile's label when left out"),
            Field::choice::<super::data::Formation>("formation", "its profile's first when left out"),
            Field::number("casualties", 0, super::army::STAMINA, "already taken; Shaken at its stamina (HB-11)"),
            Field::new("disordered", Kind::Flag, "(BP10, HB-10)"),
            Field::number("stamina", 1, 4, "an Untested unit's, once rolled (BP:L328)"),
            Field::new("has_shot", Kind::Flag, "First fire is spent (BP:L330)"),
            Field::new("fought", Kind::Flag, "Bloodthirsty is spent (BP:L331)"),
            Field::new("tested", Kind::Flag, "Steady is spent (BP:L332)"),
            Field::choice::<super::setup::Fresh>("freshly_raised", "what its d6 made a Freshly raised unit (HB-19)"),
        ]
    }

    fn part_form() -> Vec<Field> {
        let side = || Field::new("side", Kind::Side, "").required();
        let name = || Field::new("name", Kind::Text, "").required();
        vec![
            Field::rows("brigades", vec![side(), name()], r#"(id: {id}, side: 0, name: "Brigade {id}")"#, "a unit names its brigade by its id"),
            Field::rows(
                "commanders",
                vec![
                    side(),
                    name(),
                    Field::number("staff", 7, 9, "staff rating (HB-2)").required(),
                    Field::number("brigade", 1, crate::limits::UNITS as i64, "the brigade he commands, by its id; left out, the commander-in-chief"),
                    Field::new("at", Kind::Written, "his hex, (column, row)").required(),
                ],
                r#"(id: {id}, side: 0, name: "Commander {id}", staff: 8, at: (0, 0))"#,
                "every brigade has its commander (HB-2)",
            ),
            Field::new("nearest_target_only", Kind::Flag, "HB-10: only the closest enemy may be shot at; shooting.ron's setting when left out"),
        ]
    }

    fn profile_form(_: &str) -> Vec<Field> {
        super::army::form()
    }

    fn enlist(part: &mut Part, id: u32, side: u8, at: Offset, offer: &Offer) -> UnitSpec {
        let brigade = match part.brigades.iter().find(|b| b.side == side) {
            Some(b) => b.id,
            None => {
                let id = part.brigades.iter().map(|b| b.id).max().unwrap_or(0) + 1;
                part.brigades.push(BrigadeSpec { id, side, name: format!("Brigade {id}") });
                // Every brigade has its commander (HB-2), an average one until the author says.
                let commander = part.commanders.iter().map(|c| c.id).max().unwrap_or(0) + 1;
                part.commanders.push(CommanderSpec { id: commander, side, name: format!("Commander of Brigade {id}"), staff: 8, brigade: Some(id), at });
                id
            }
        };
        UnitSpec {
            id,
            side,
            profile: offer.name.clone(),
            brigade,
            at,
            name: None,
            facing: None,
            formation: None,
            casualties: 0,
            disordered: false,
            stamina: None,
            has_shot: false,
            fought: false,
            tested: false,
            freshly_raised: None,
        }
    }

    fn discharge(part: &mut Part, removed: &UnitSpec) {
        let brigade = removed.brigade;
        if !part.units.iter().any(|u| u.brigade == brigade) {
            part.brigades.retain(|b| b.id != brigade);
            part.commanders.retain(|c| c.brigade != Some(brigade));
        }
    }
}
