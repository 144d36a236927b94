//! The declared charges drawn on the board (SP4.2): from the charger to its target, with the
//! target's answer once given.

use super::Swordpoint;
use super::state::Response;
use crate::battle::Battle;
use crate::battle::look::{Arrow, Rgb};

pub fn arrows(b: &Battle<Swordpoint>) -> Vec<Arrow> {
    b.global
        .charges
        .iter()
        .filter_map(|c| {
            let (from, to) = (b.unit(c.charger)?.hex?, b.unit(c.target)?.hex?);
            let label = match c.response {
                None => "charge",
                Some(Response::Hold) => "charge: holds",
                Some(Response::Flee) => "charge: flees",
                Some(Response::Evade) => "charge: evades",
                Some(Response::CounterCharge) => "charge: counter-charges",
            };
            Some(Arrow { from, to, colour: Rgb(235, 60, 40), label: label.into() })
        })
        .collect()
}
