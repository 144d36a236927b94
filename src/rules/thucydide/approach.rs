//! How far, in movement points, each hex lies from striking distance of the enemy, by the ground
//! a unit of each mobility crosses (rivers and marshes included), so the computer opponent closes
//! by the fords and the bridge instead of lining up on the bank. A heuristic of the AI, not a rule.

use super::Thucydide;
use super::data::Mobility;
use super::movement::terrain_cost;
use crate::battle::Battle;
use crate::hex::{Hex, HexMap};
use crate::rules::recent::Recent;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

type B = Battle<Thucydide>;

/// Movement points per hex of the board to a hex next to an enemy; `u32::MAX` where none is reachable.
pub type Field = Arc<Vec<u32>>;

/// A field depends on the terrain, the mobility and where the enemies stand.
struct FieldKey {
    /// Held, not just compared, so a freed map's address cannot be mistaken for it.
    map: Arc<HexMap>,
    mobility: Mobility,
    enemies: Vec<Hex>,
}

/// The fields an AI player computed last (its `Memo` keeps them): the enemies barely move while
/// one side weighs its moves, so the same few fields serve hundreds of evaluations in a row.
pub struct Fields(Recent<FieldKey, Field>);

impl Default for Fields {
    fn default() -> Fields {
        Fields(Recent::new(8))
    }
}

/// The march distances toward a side's enemies, each mobility's field fetched on first use.
pub struct Approach<'a> {
    b: &'a B,
    enemies: Vec<Hex>,
    fields: [Option<Field>; 4],
    kept: &'a mut Fields,
}

impl<'a> Approach<'a> {
    /// `enemies`: where the enemies that count stand, in id order, so the same enemies in the
    /// same places find the same fields.
    pub fn new(b: &'a B, enemies: Vec<Hex>, kept: &'a mut Fields) -> Approach<'a> {
        Approach { b, enemies, fields: Default::default(), kept }
    }

    /// Movement points from `hex` to striking distance, for a unit of `mobility`; `None` where
    /// the enemy cannot be reached.
    pub fn march(&mut self, mobility: Mobility, hex: Hex) -> Option<u32> {
        let (b, enemies, kept) = (self.b, &self.enemies, &mut *self.kept);
        let field = self.fields[mobility as usize].get_or_insert_with(|| field(b, mobility, enemies, kept));
        b.map.index(hex).map(|i| field[i]).filter(|m| *m != u32::MAX)
    }
}

fn field(b: &B, mobility: Mobility, enemies: &[Hex], kept: &mut Fields) -> Field {
    let same = |k: &FieldKey| Arc::ptr_eq(&k.map, &b.map) && k.mobility == mobility && k.enemies == enemies;
    kept.0.get_or_make(same, || {
        let key = FieldKey { map: b.map.clone(), mobility, enemies: enemies.to_vec() };
        (key, Arc::new(compute(b, mobility, enemies)))
    })
}

/// Dijkstra outward from every free hex next to an enemy, stepping backward over the costs a unit
/// would pay walking forward; enemy-held hexes are walls, friends are ignored.
fn compute(b: &B, mobility: Mobility, enemies: &[Hex]) -> Vec<u32> {
    let map = &b.map;
    let mut held = vec![false; map.len()];
    for i in enemies.iter().filter_map(|h| map.index(*h)) {
        held[i] = true;
    }
    let free = |h: Hex| map.index(h).filter(|i| !held[*i]);
    let mut cost = vec![u32::MAX; map.len()];
    let mut queue = BinaryHeap::new();
    for e in enemies {
        for n in map.neighbours(*e) {
            if let Some(i) = free(n) {
                if cost[i] != 0 {
                    cost[i] = 0;
                    queue.push(Reverse((0u32, n.x, n.y)));
                }
            }
        }
    }
    while let Some(Reverse((d, x, y))) = queue.pop() {
        let here = Hex::new(x, y);
        if map.index(here).is_some_and(|i| cost[i] < d) {
            continue;
        }
        for from in map.neighbours(here) {
            let Some(i) = free(from) else { continue };
            let Some(step) = terrain_cost(b, mobility, from, here) else { continue };
            if d + step < cost[i] {
                cost[i] = d + step;
                queue.push(Reverse((d + step, from.x, from.y)));
            }
        }
    }
    cost
}
