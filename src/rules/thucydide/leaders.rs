//! Leaders: who they activate (house rule), where they flee when their unit is destroyed
//! (seed, "Personnage en fuite") and where the commander-in-chief comes back (seed, "Perte du
//! Général en chef"). A leader always stands with a unit and goes wherever it goes.

use super::Thucydide;
use super::data::{Mobility, Rank, tables};
use super::movement::impassable;
use super::state::Leader;
use crate::battle::{Battle, Side, UnitId};
use crate::hex::Hex;

type B = Battle<Thucydide>;

pub fn leader_hex(b: &B, leader: &Leader) -> Option<Hex> {
    leader.unit.and_then(|u| b.unit(u)).and_then(|u| u.hex)
}

/// The leader whose command radius covers this hex, if any (house rule: activation by leaders).
pub fn commanding_leader(b: &B, side: Side, hex: Hex) -> Option<u32> {
    let t = &tables().terrain;
    b.global
        .leaders
        .iter()
        .filter(|l| l.side == side)
        .find(|l| leader_hex(b, l).is_some_and(|lh| lh.unsigned_distance_to(hex) <= u32::from(t.radius(l.rank))))
        .map(|l| l.id)
}

/// Units of the leader's side that can shelter him: next to his hex for a senior officer, within
/// two hexes not crossing an enemy for the others.
pub fn refuges(b: &B, leader: &Leader, from: Hex) -> Vec<UnitId> {
    let friend_at = |h: Hex| b.unit_at(h).filter(|u| u.side == leader.side && !u.state.panicked).map(|u| u.id);
    let mut found: Vec<UnitId> = Vec::new();
    for n in b.map.neighbours(from) {
        if let Some(id) = friend_at(n) {
            found.push(id);
        }
        let crossable = !impassable(b, Mobility::Foot, n) && b.unit_at(n).is_none_or(|u| u.side == leader.side);
        if leader.rank != Rank::SeniorOfficer && crossable {
            found.extend(b.map.neighbours(n).filter(|h| *h != from).filter_map(friend_at));
        }
    }
    found.sort();
    found.dedup();
    found
}

/// Where the commander-in-chief may come back, with the leader he replaces: a sub-general, else a
/// senior officer, else any unit of the army.
pub fn redeploy_places(b: &B, side: Side) -> Vec<(UnitId, Option<u32>)> {
    for rank in [Rank::SubGeneral, Rank::SeniorOfficer] {
        let places: Vec<(UnitId, Option<u32>)> = b
            .global
            .leaders
            .iter()
            .filter(|l| l.side == side && l.rank == rank)
            .filter_map(|l| l.unit.map(|u| (u, Some(l.id))))
            .collect();
        if !places.is_empty() {
            return places;
        }
    }
    b.on_board()
        .filter(|u| u.side == side && !u.state.panicked)
        .map(|u| (u.id, None))
        .collect()
}

/// Whether a side that lost its commander-in-chief has somewhere to put him back.
pub fn can_redeploy(b: &B, side: Side) -> bool {
    commander(b, side).is_some() && !redeploy_places(b, side).is_empty()
}

pub fn commander(b: &B, side: Side) -> Option<&Leader> {
    b.global.leaders.iter().find(|l| l.side == side && l.rank == Rank::CommanderInChief)
}
