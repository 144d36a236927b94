//! The Swidenth skirmish's part of a scenario as the battle editor changes it: its figures, from
//! the warbands of the battle's army lists.

use super::Swidenth;
use super::setup::{FigureSpec, Part, bands_of};
use crate::editor::form::{Field, Kind};
use crate::editor::muster::{Muster, Offer, Placeable, Placement};
use crate::hex::{Direction, Offset};
use crate::scenario::{Scenario, SetupError};

impl Placeable for FigureSpec {
    fn placement(&self) -> Placement {
        Placement { id: self.id, side: self.side, at: self.at, facing: None, profile: self.figure.clone() }
    }

    fn at_mut(&mut self) -> &mut Offset {
        &mut self.at
    }

    /// The part writes no facing for a figure.
    fn facing_mut(&mut self) -> Option<&mut Option<Direction>> {
        None
    }
}

impl Muster for Swidenth {
    type Part = Part;
    type Spec = FigureSpec;
    const EMPTY: &'static str = "(units: [])";
    const FACES: bool = false;

    fn units(part: &mut Part) -> &mut Vec<FigureSpec> {
        &mut part.units
    }

    fn offers(s: &Scenario) -> Result<Vec<Offer>, SetupError> {
        let bands = bands_of(s)?;
        Ok(bands.iter().flat_map(|b| b.figures.iter().map(|f| Offer { list: b.name.clone(), name: f.name.clone(), label: format!("{} ({})", f.name, b.name) })).collect())
    }

    /// A figure of the battle's own warband, from a figure of a sample warband or of its own
    /// (docs/armies.md, "Swidenth's profiles").
    fn new_profile(_: &Scenario, base: &Offer, name: &str) -> String {
        format!("(name: {}, base: {})", crate::scenario::one_line(&name), crate::scenario::one_line(&base.name))
    }

    fn unit_form() -> Vec<Field> {
        let vitalite = super::army::VITALITE;
        vec![
            Field::new("side", Kind::Side, "").required(),
            Field::new("band", Kind::OfferedList, "its warband").required(),
            Field::new("figure", Kind::Offered, "its profile in the warband").required(),
            Field::new("name", Kind::Text, "its profile's name when left out"),
            Field::several::<super::data::Trait>("traits", "besides its profile's"),
            Field::number("vitalite", *vitalite.start(), *vitalite.end(), "left, for a battle under way"),
            Field::number("stuns", 0, super::setup::STUNS, "stun tokens (l. 107-109)"),
            Field::new("dropped_main", Kind::Flag, "its main weapon dropped"),
            Field::new("dropped_off", Kind::Flag, "its second weapon dropped"),
            Field::new("unloaded", Kind::Flag, "its missile weapon to reload"),
            Field::new("camouflaged", Kind::Flag, ""),
        ]
    }

    fn part_form() -> Vec<Field> {
        let name = || Field::new("name", Kind::Text, "").required();
        let at = || Field::new("at", Kind::Written, "its hex, (column, row)").required();
        vec![
            Field::rows("doors", vec![name(), at(), Field::new("open", Kind::Flag, ""), Field::new("lock", Kind::Flag, "it can be locked").on_by_default()], r#"(name: "Door {id}", at: (0, 0))"#, ""),
            Field::rows("levers", vec![name(), at(), Field::new("doors", Kind::Written, "the doors it opens and shuts, by name: [\"Door 1\"]").required()], r#"(name: "Lever {id}", at: (0, 0), doors: [])"#, ""),
            Field::new("horrible_costs_two", Kind::Flag, "a horrible wound costs two points of Vitalite"),
            Field::new("wound_stuns", Kind::Flag, "R-S3b: a wound stuns as well").on_by_default(),
        ]
    }

    fn profile_form(_: &str) -> Vec<Field> {
        super::army::form()
    }

    fn enlist(_: &mut Part, id: u32, side: u8, at: Offset, offer: &Offer) -> FigureSpec {
        FigureSpec {
            id,
            side,
            band: offer.list.clone(),
            figure: offer.name.clone(),
            at,
            name: None,
            traits: Vec::new(),
            vitalite: None,
            stuns: 0,
            dropped_main: false,
            dropped_off: false,
            unloaded: false,
            camouflaged: false,
        }
    }
}
