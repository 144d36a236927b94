//! What a person sees of a ruleset, as data: the words of the log and of the command list, and the
//! letter of a unit on a text board. The terminal game reads it through the registry; each ruleset
//! implements it in its own folder.

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
}
