//! The battle under edit on the board, as play draws it: the field, and the units as the ruleset
//! sets them up. A battle that does not set up is checked as `strategos validate` would, its first
//! error said; the units it names are left out one by one until the rest set up, so the board still
//! shows them, and those left out are marked where they stand.

use super::Editing;
use crate::ai::Judge;
use crate::battle::{Battle, Present};
use crate::editor::muster::{Muster, UnitEdit, apply, placements};
use crate::hex::Offset;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::{Item, Scenario, SetupError};
use crate::ui::stage::{BoardMap, Stage, show};
use bevy::prelude::*;
use std::sync::Arc;

/// What the live validation found: the first error, as `strategos validate` words it, and the hex
/// it is about, where it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub message: String,
    pub at: Option<Offset>,
    /// The unit it is about.
    pub unit: Option<u32>,
}

/// The check of the battle as it stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checked {
    /// `None` once the battle sets up: it may be played.
    pub problem: Option<Problem>,
    /// Units left out of the board because they do not set up.
    pub left_out: Vec<Offset>,
}

/// The hex an error's item points at.
fn place_of<R: Muster>(s: &Scenario, e: &SetupError) -> (Option<Offset>, Option<u32>) {
    match e.item {
        Item::Unit(i) => placements::<R>(s).ok().and_then(|u| u.get(i).cloned()).map_or((None, None), |u| (Some(u.at), Some(u.id))),
        Item::Hexside(i) => (s.map.hexsides.get(i).map(|h| h.at), None),
        Item::Region(i) => (s.map.regions.get(i).and_then(|r| r.hexes.first()).map(|h| Offset::from_hex(*h)), None),
        Item::MapRow(row) => (Some(Offset(0, row as i32)), None),
        _ => (None, None),
    }
}

/// The battle to show for `s`, and what its check found.
pub fn shown<R: Muster>(s: &Scenario) -> (Option<Battle<R>>, Checked) {
    let e = match R::setup(s) {
        Ok(b) => return (Some(b), Checked::default()),
        Err(e) => e,
    };
    let (at, unit) = place_of::<R>(s, &e);
    let problem = Problem { message: format!("{}: {}", e.path(), e.message), at, unit };
    let mut rest = s.clone();
    let mut left_out = Vec::new();
    let mut error = e;
    loop {
        let Item::Unit(i) = error.item else { return (None, Checked { problem: Some(problem), left_out }) };
        let Some(u) = placements::<R>(&rest).ok().and_then(|u| u.get(i).cloned()) else { return (None, Checked { problem: Some(problem), left_out }) };
        left_out.push(u.at);
        if apply::<R>(&mut rest, &UnitEdit::Remove { id: u.id }).is_err() {
            return (None, Checked { problem: Some(problem), left_out });
        }
        match R::setup(&rest) {
            Ok(b) => return (Some(b), Checked { problem: Some(problem), left_out }),
            Err(next) => error = next,
        }
    }
}

/// Puts the battle under edit on the stage, once it has changed.
pub fn show_edited(world: &mut World) {
    let Some(editing) = world.get_resource::<Editing>() else { return };
    if editing.shown.as_ref() == Some(editing.history.now()) {
        return;
    }
    let s = editing.history.now().clone();
    let checked = with_ruleset(&s.ruleset.clone(), ShowOn { world, s: &s }).unwrap_or_else(|e| Checked { problem: Some(Problem { message: e.to_string(), at: None, unit: None }), left_out: Vec::new() });
    let offers = crate::editor::muster::offers_of(&s).unwrap_or_default();
    let mut editing = world.resource_mut::<Editing>();
    // One's own profiles come and go with the battle's army lists.
    editing.offer = editing.offer.min(offers.len().saturating_sub(1));
    editing.offers = offers;
    editing.checked = checked;
    editing.shown = Some(s);
}

struct ShowOn<'a> {
    world: &'a mut World,
    s: &'a Scenario,
}

impl ForRuleset for ShowOn<'_> {
    type Output = Checked;

    fn run<R: Judge + Present + Muster>(self) -> Checked {
        let (battle, checked) = shown::<R>(self.s);
        match battle {
            Some(b) => show(self.world, Stage::new(b, true)),
            None => {
                self.world.remove_resource::<Stage<R>>();
                // The field still shows: every edit keeps the map readable.
                if let Ok(map) = self.s.build_map() {
                    self.world.insert_resource(BoardMap(Arc::new(map)));
                }
            }
        }
        checked
    }
}
