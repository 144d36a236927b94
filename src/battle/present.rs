//! What a person sees of a ruleset, as data: the words of the log and of the command list, the
//! letter of a unit on a text board, how long an event stays on screen, and which commands may be
//! taken back. The window and the terminal game read it; each ruleset implements it in its own
//! folder.

use super::ids::Side;
use super::model::{Battle, Unit};
use super::ruleset::Ruleset;

pub trait Present: Ruleset {
    /// One log line for an event, read against the battle as it stood before the event, naming
    /// the rule that applied; `None` for bookkeeping a player need not read.
    fn event_line(battle: &Battle<Self>, event: &Self::Event) -> Option<String>;
    /// What a command asks for, in a player's terms.
    fn command_label(battle: &Battle<Self>, command: &Self::Command) -> String;
    /// The letter standing for a unit on the terminal's board.
    fn glyph(battle: &Battle<Self>, unit: &Unit<Self::UnitState>) -> char;
    /// Seconds the board waits after showing an event, so a person can follow (dice longest).
    fn pause_after(event: &Self::Event) -> f32;
    /// The side that may take back the last command (undo), given the battle now and the events
    /// the command produced: its own issuer, while nothing random happened; `None` for a command
    /// that stands.
    fn taken_back_by(battle: &Battle<Self>, command: &Self::Command, events: &[Self::Event]) -> Option<Side>;
}
