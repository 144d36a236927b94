//! The online games this player holds a side of, kept beside the saves (in the page, in the
//! browser's storage): each game's server, number, side, battle and secret token, and the invite
//! to hand the other player. Without its token a side cannot be played again, so it is written as
//! soon as the server gives it.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The record's name among the saves (a leading dot keeps it out of the saves list).
const RECORD: &str = ".online.ron";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    /// The server's WebSocket address.
    pub server: String,
    pub game: i64,
    pub side: u8,
    /// The battle's id.
    pub scenario: String,
    pub token: String,
    /// For the game's maker, the code the other player joins with.
    #[serde(default)]
    pub invite: Option<String>,
}

#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Seats {
    pub seats: Vec<Seat>,
    /// The server last used.
    pub server: Option<String>,
}

impl Seats {
    /// The seats kept last time; none when there are none or the record does not read.
    pub fn read() -> Seats {
        super::super::saves::read(RECORD).ok().and_then(|text| crate::limits::from_ron(&text).ok()).unwrap_or_default()
    }

    /// Keeps the record; why it could not, in a player's words.
    pub fn keep(&self) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        super::super::saves::write(RECORD, &text).map(|_| ()).map_err(|e| format!("the online games could not be kept: {e}"))
    }

    /// Adds a seat (or the same game's side again) and keeps the record.
    pub fn add(&mut self, seat: Seat) -> Result<(), String> {
        self.seats.retain(|s| !(s.server == seat.server && s.game == seat.game && s.side == seat.side));
        self.seats.push(seat);
        self.keep()
    }

    /// The seats held on `server`, newest first.
    pub fn on<'a>(&'a self, server: &'a str) -> impl Iterator<Item = &'a Seat> {
        self.seats.iter().rev().filter(move |s| s.server == server)
    }
}
