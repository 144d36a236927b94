//! The frames a player's client and the referee server exchange over a WebSocket, one JSON object
//! a text frame (`docs/online.md`). A side is held by a random secret token, which every request
//! about a game carries; an invite code lets the other player take the other side.

use crate::battle::Side;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The largest frame the server reads; anything longer closes the connection.
pub const FRAME_BYTES: usize = 256 * 1024;

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// A new game of a bundled scenario, or of the battle uploaded with it (`scenario` is then its
    /// id), this client playing `side`.
    Create {
        scenario: String,
        side: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        upload: Option<Upload>,
    },
    /// The other side of the game whose invite this is.
    Join { invite: String },
    /// Follow the game of this side: the server answers with everything the side may see so far,
    /// then with each new entry.
    Open { token: String },
    /// A command for this side, as entry `number` (the next one).
    Command { token: String, number: usize, command: Value },
    /// These sides' games, and whose decision each waits for.
    MyGames { tokens: Vec<String> },
}

/// What the server answers or pushes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "say", rename_all = "snake_case")]
pub enum Reply {
    /// A game made: this client's side, its token, and the invite for the other player.
    Created { game: i64, side: u8, token: String, invite: String },
    /// A game joined: this client's side and token.
    Joined { game: i64, side: u8, token: String },
    /// The game this side follows: its scenario and ruleset, and the battle itself when it was
    /// uploaded (the other player's copy is built from it).
    Opened {
        game: i64,
        side: u8,
        scenario: String,
        ruleset: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        upload: Option<Upload>,
    },
    /// Entries this side may see (`online::Delivery`, the ruleset's commands inside).
    Delivery { game: i64, delivery: Value },
    /// The game is over: its whole replay, which verifies offline.
    Ended { game: i64, replay: String },
    /// The sides' games: whose decision each waits for.
    Games { games: Vec<GameLine> },
    /// A request refused, the game unchanged.
    Refused { message: String },
}

/// A battle of one's own sent with a new game: its scenario file's text, and the army lists it
/// names by file name, each as (file name, text). The server reads it as `strategos validate`
/// would, with the same limits, and hands it to both players with the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upload {
    pub battle: String,
    #[serde(default)]
    pub lists: Vec<(String, String)>,
}

/// One game of "My games".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    pub game: i64,
    pub scenario: String,
    pub side: u8,
    /// The side the battle waits for; `None` once it is over.
    pub waiting_for: Option<u8>,
    /// Whether the other side has been taken.
    pub joined: bool,
}

impl Request {
    /// Reads one frame's text.
    pub fn read(text: &str) -> Result<Request, String> {
        if text.len() > FRAME_BYTES {
            return Err(format!("a frame of {} bytes, more than the {FRAME_BYTES} a request may hold", text.len()));
        }
        serde_json::from_str(text).map_err(|e| format!("not a request: {e}"))
    }
}

/// A side as the frames give it, 0 or 1.
pub fn side(n: u8) -> Result<Side, String> {
    if n < 2 { Ok(Side(n)) } else { Err(format!("side {n}: a side is 0 or 1")) }
}
