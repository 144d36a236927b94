//! The charges waiting for their answer (HB-8) drawn on the board: from the charger to the unit
//! it charges.

use super::BlackPowder;
use super::state::Step;
use crate::battle::Battle;
use crate::battle::look::{Arrow, Rgb};

pub fn arrows(b: &Battle<BlackPowder>) -> Vec<Arrow> {
    b.global
        .agenda
        .iter()
        .filter_map(|step| match step {
            Step::Respond { charger, target, .. } => Some(Arrow { from: b.unit(*charger)?.hex?, to: b.unit(*target)?.hex?, colour: Rgb(235, 60, 40), label: "charge".into() }),
            _ => None,
        })
        .collect()
}
