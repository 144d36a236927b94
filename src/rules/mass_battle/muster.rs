//! The mass battle's part of a scenario as the battle editor changes it: its units and heroes,
//! from the armies of the battle's army lists.

use super::MassBattle;
use super::setup::{Part, UnitSpec, armies_of};
use crate::editor::form::{Field, Kind};
use crate::editor::muster::{Muster, Offer, Placeable, Placement};
use crate::hex::{Direction, Offset};
use crate::scenario::{Scenario, SetupError};

impl Placeable for UnitSpec {
    fn placement(&self) -> Placement {
        Placement { id: self.id, side: self.side, at: self.at, facing: None, profile: self.unit.clone() }
    }

    fn at_mut(&mut self) -> &mut Offset {
        &mut self.at
    }

    /// The part writes no facing for a unit.
    fn facing_mut(&mut self) -> Option<&mut Option<Direction>> {
        None
    }
}

impl Muster for MassBattle {
    type Part = Part;
    type Spec = UnitSpec;
    const EMPTY: &'static str = "(units: [])";
    const FACES: bool = false;

    fn units(part: &mut Part) -> &mut Vec<UnitSpec> {
        &mut part.units
    }

    fn offers(s: &Scenario) -> Result<Vec<Offer>, SetupError> {
        let armies = armies_of(s)?;
        let offer = |a: &super::data::Army, name: &str| Offer { list: a.name.clone(), name: name.to_string(), label: format!("{name} ({})", a.label) };
        Ok(armies.iter().flat_map(|a| a.units.iter().map(|u| offer(a, &u.name)).chain(a.heroes.iter().map(|h| offer(a, &h.name))).collect::<Vec<_>>()).collect())
    }

    /// A unit or hero of the battle's own army, from one of a bundled army or of its own
    /// (docs/armies.md, "The mass battle's profiles").
    fn new_profile(s: &Scenario, base: &Offer, name: &str) -> String {
        let hero = armies_of(s).is_ok_and(|armies| armies.iter().any(|a| a.name == base.list && a.heroes.iter().any(|h| h.name == base.name)));
        let kind = if hero { "Hero" } else { "Unit" };
        format!("{kind}(name: {}, base: {})", crate::scenario::one_line(&name), crate::scenario::one_line(&base.name))
    }

    fn unit_form() -> Vec<Field> {
        let siege = &super::data::tables().siege;
        vec![
            Field::new("side", Kind::Side, "").required(),
            Field::new("army", Kind::OfferedList, "its army list").required(),
            Field::new("unit", Kind::Offered, "the unit or hero in that army").required(),
            Field::new("standard", Kind::Flag, "the commander-in-chief's battle standard, one unit a side (l. 38)"),
            Field::choice::<super::state::Native>("native", "what it defends, where not its side's (l. 79-80)"),
            Field::number("lost", 0, super::army::TROOPS, "troops lost, a hero's hit points"),
            Field::new("demoralised", Kind::Flag, "to flee or rally in the first sequence (l. 33, 91-94)"),
            Field::number("ammo", 0, siege.ammo.max(siege.engine_ammo), "shots left in a siege (l. 177, H-M13)"),
            Field::new("blast_cast", Kind::Flag, "a hero's Blast is spent (H-M7)"),
            Field::new("breach_cast", Kind::Flag, "a hero's Breach is spent (H-M7)"),
        ]
    }

    fn part_form() -> Vec<Field> {
        vec![
            Field::new("native", Kind::Written, "what each side defends, [side 0's, side 1's]: Abroad, Land (+1) or Town (+2) (l. 79-80)"),
            Field::new("commanders", Kind::Written, "each side's commander-in-chief, a hero: [Some(\"name\"), None] (l. 104)"),
            Field::new("coward_penalty", Kind::Flag, "a unit whose huge creature was his to fight takes -1 on its morale tests").on_by_default(),
            Field::new("withdraw_option", Kind::Flag, ""),
            Field::new("deployment", Kind::Flag, "H-M10's sealed deployment"),
            Field::new("siege", Kind::Written, "(besieger: side, inside: [hexes], supplies: [..], towers: [..]) (l. 179)"),
        ]
    }

    fn profile_form(head: &str) -> Vec<Field> {
        super::army::form(head)
    }

    fn enlist(_: &mut Part, id: u32, side: u8, at: Offset, offer: &Offer) -> UnitSpec {
        UnitSpec { id, side, army: offer.list.clone(), unit: offer.name.clone(), at, standard: false, native: None, lost: 0, demoralised: false, ammo: None, blast_cast: false, breach_cast: false }
    }
}
