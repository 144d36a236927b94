//! The orders a viewer may know drawn on the board: its own side's drafts before the seal, and
//! every unit's order once revealed (l. 19-34): where a unit marches, whom it engages, shoots, duels
//! or blasts, the wall hex its engine bombards, the unit a hero joins; an order with no target
//! (rally, hold, withdraw...) as its word under the counter.

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
        // Orders with no target: their word under the counter.
        Order::Withdraw => (from, Rgb(150, 200, 250), "withdraw"),
        Order::Retreat => (from, Rgb(150, 200, 250), "retreat"),
        Order::Flee => (from, Rgb(240, 120, 100), "flee"),
        Order::NoAction => (from, Rgb(200, 200, 200), "no action"),
        Order::Rally => (from, Rgb(110, 210, 120), "rally"),
        Order::Hold => (from, Rgb(245, 245, 235), "hold"),
        Order::Ram => (from, Rgb(250, 150, 50), "ram the gate"),
        Order::Auto => (from, Rgb(235, 60, 40), "its own choice"),
    };
    let targetless = matches!(order, Order::Withdraw | Order::Retreat | Order::Flee | Order::NoAction | Order::Rally | Order::Hold | Order::Ram | Order::Auto);
    (targetless || to != from).then(|| Arrow { from, to, colour, label: label.into() })
}
