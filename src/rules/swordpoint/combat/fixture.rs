//! Test battles for the combat rules: units of the profiles of `units.ron` on an open 25×25 board
//! (specification 0.1), and the combats between them.

use super::B;
use crate::battle::{Battle, Side, SideInfo, Unit, UnitId};
use crate::hex::{BoardEdge, Direction, Hex, HexMap, Offset};
use crate::rules::swordpoint::data::tables;
use crate::rules::swordpoint::state::{Combat, Global, Phase, Sheet, UnitState};
use std::sync::Arc;

/// The hex `(q, r)` from the centre of the board.
pub fn at(q: i32, r: i32) -> Hex {
    Offset(12, 12).to_hex() + Hex::new(q, r)
}

/// A fresh unit of `profile` with its default bases and frontage.
pub fn unit(id: u32, side: u8, profile: &str, hex: Hex, facing: Direction) -> Unit<UnitState> {
    let index = tables().units.profiles.iter().position(|p| p.name == profile).expect("a bundled profile");
    let p = &tables().units.profiles[index];
    let state = UnitState::deployed(u16::try_from(index).expect("few profiles"), p.clone(), p.bases.default, p.frontage);
    Unit { id: UnitId(id), side: Side(side), hex: Some(hex), facing, state }
}

/// The units on an open board, in the combat phase, with each list of `combats` one combat (ids
/// from 0, in their first round).
pub fn battle(units: Vec<Unit<UnitState>>, combats: &[&[u32]]) -> B {
    let side = |name: &str, edge| SideInfo { name: name.into(), edge, colour: None };
    let start = tables().momentum.start;
    let combats: Vec<Combat> = combats
        .iter()
        .zip(0..)
        .map(|(ids, id)| {
            let mut units: Vec<UnitId> = ids.iter().map(|i| UnitId(*i)).collect();
            units.sort();
            Combat { id, units, first_round: true }
        })
        .collect();
    let global = Global {
            switches: Default::default(),
        phase: Phase::CombatResolve,
        initiative: Side(0),
        momentum: [start, start],
        commanders: Vec::new(),
        next_combat: u32::try_from(combats.len()).expect("few combats"),
        combats,
        sheets: [Sheet::default(), Sheet::default()],
        charges: Vec::new(),
        disengaging: Vec::new(),
        fled_in_declarations: Vec::new(),
        agenda: Vec::new(),
        general_fell: [None, None],
        general_fell_last_turn: [None, None],
        stage: 0,
        returning: Vec::new(),
        pursuits: Vec::new(),
        start_strength: [0, 0],
        outcome: None,
    };
    let sides = [side("Red", BoardEdge::South), side("Blue", BoardEdge::North)];
    let mut units = units;
    units.sort_by_key(|u| u.id);
    Battle { map: Arc::new(HexMap::new(25, 25)), sides, units, turn: 1, active: Side(0), last_turn: 8, global }
}
