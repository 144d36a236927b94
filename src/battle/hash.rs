//! A stable 64-bit hash of a battle state, stored per turn in replays to catch any divergence.

use super::model::Battle;
use super::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The state hash at the start of a player-turn, labelled with the turn and the side to play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnHash {
    pub turn: u32,
    pub side: u8,
    pub hash: String,
}

impl TurnHash {
    pub fn of<R: Ruleset>(b: &Battle<R>) -> TurnHash {
        TurnHash { turn: b.turn, side: b.active.0, hash: hash_hex(state_hash(b)) }
    }
}

/// FNV-1a over the state's canonical JSON: stable across runs, platforms and native/web builds,
/// because the state holds no maps with random iteration order and no floats.
pub fn state_hash(state: &impl Serialize) -> u64 {
    // Every state type serialises to JSON (no maps with non-string keys): a failure is a bug in a
    // ruleset's types, which would otherwise give every state the same hash.
    let bytes = serde_json::to_vec(state).expect("a battle state serialises to JSON");
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

pub fn hash_hex(hash: u64) -> String {
    format!("{hash:016x}")
}
