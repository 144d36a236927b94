//! The orders a viewer may know drawn on the board: its own side's drafts before the seal, and
//! every unit's order once revealed (l. 19-34): where a unit marches, whom it engages, shoots, duels
//! or blasts, the wall hex its engine bombards, the unit a hero joins.

use super::MassBattle;
use super::state::Order;
use crate::battle::look::{Arrow, Rgb};
use crate::battle::{Battle, UnitId};
use crate::hex::Hex;

type B = Battle<MassBattle>;

pub fn arrows(b: &B) -> Vec<Arrow> {
    let revealed = b.units.iter().filter_map(|u| Some((u.id, u.state.order.as_ref()?)));
    // A unit's draft only until its order is revealed.
    let drafts = b.global.drafts.iter().flatten().filter(|(id, _)| b.unit(*id).is_some_and(|u| u.state.order.is_none())).map(|(id, order)| (*id, order));
    revealed.chain(drafts).filter_map(|(id, order)| arrow(b, id, order)).collect()
}

fn arrow(b: &B, id: UnitId, order: &Order) -> Option<Arrow> {
    let from = b.unit(id)?.hex?;
    let at = |target: UnitId| b.unit(target).and_then(|u| u.hex);
    let (to, colour, label): (Hex, Rgb, &str) = match order {
        Order::Engage(t) => (at(*t)?, Rgb(235, 60, 40), "engage"),
        Order::Shoot(t) => (at(*t)?, Rgb(250, 220, 70), "shoot"),
        Order::Duel(t) => (at(*t)?, Rgb(200, 110, 240), "duel"),
        Order::Cast(t) => (at(*t)?, Rgb(200, 110, 240), "blast"),
        Order::Officer(t) => (at(*t)?, Rgb(110, 210, 120), "joins"),
        Order::March(h) => (*h, Rgb(245, 245, 235), "march"),
        Order::Bombard(h) => (*h, Rgb(250, 150, 50), "bombard"),
        Order::Demolish(h) => (*h, Rgb(250, 150, 50), "tear down"),
        Order::Passwall(h) => (*h, Rgb(200, 110, 240), "breach"),
        _ => return None,
    };
    (to != from).then(|| Arrow { from, to, colour, label: label.into() })
}
