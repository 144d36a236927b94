//! Online play, where a referee holds the battle and its dice and each player a copy of what their
//! side may see. `referee` is the game's truth (the whole battle, its seed, every command checked
//! against `legal_commands`); `follower` is a player's copy, rebuilt from the entries the referee
//! hands that side: each command with the faces its dice showed, the other side's sealed ones held
//! back until nothing of them is hidden any more. Rulesets never know they are online.

pub mod follower;
pub mod protocol;
pub mod referee;
pub mod table;

use crate::battle::Side;
use serde::{Deserialize, Serialize};

/// One accepted entry of a game: its number (0 is the opening, before any command), the side that
/// gave it and the command (none for the opening), and the faces its dice showed, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry<C> {
    pub number: usize,
    pub side: Option<Side>,
    pub command: Option<C>,
    pub faces: Vec<u8>,
}

/// What the referee hands one side after an entry: the entries it may now see, in order; the
/// numbers of those it may not see yet (the other side's sealed decisions), which its copy skips;
/// when nothing is held back from it, the whole battle's state hash, which its copy must reach
/// exactly; while something is held back, the battle as that side may see it (`Battle::seen_by`,
/// written as the state hash writes it), which its copy shows since it cannot play past what it
/// lacks; the side the battle waits for, and to that side the commands it may give (read off the
/// whole battle, as hotseat offers them, since its copy may lack what is sealed), and the number
/// the next entry will have.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Delivery<C> {
    pub entries: Vec<Entry<C>>,
    pub withheld: Vec<usize>,
    pub synced: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<serde_json::Value>,
    pub waiting_for: Option<Side>,
    pub legal: Vec<C>,
    pub next: usize,
}
