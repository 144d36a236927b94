//! What a person sees of a ruleset, as data: the words of the log, of the command list (with the
//! code a player types for each command and the unit it is listed under) and of the status line,
//! the counter and cards of a unit, the terrain card, what the board marks and what a click means,
//! how an event is shown, the preview of a command, and which commands may be taken back. The
//! window and the terminal game read it; each ruleset implements it in its own folder.

use super::ids::{Side, UnitId};
use super::look::{Arrow, Counter, Cue, Decision, Intent, Legend, Line, Marks, Preview, Stamp, Token};
use super::model::{Battle, Unit};
use super::ruleset::Ruleset;
use crate::hex::Hex;

pub trait Present: Ruleset {
    /// One log line for an event, read against the battle as it stood before the event, in a
    /// player's words; `None` for bookkeeping a player need not read.
    fn event_line(battle: &Battle<Self>, event: &Self::Event) -> Option<String>;
    /// The rules an event's line applied, as the seed names them (a heading, a step, a house
    /// rule), shown on demand beside the line.
    fn event_rule(_battle: &Battle<Self>, _event: &Self::Event) -> Option<String> {
        None
    }
    /// What a command asks for, in a player's terms.
    fn command_label(battle: &Battle<Self>, command: &Self::Command) -> String;
    /// A command's short code, typed at the terminal instead of its number: the same for the same
    /// command from one listing to the next, and distinct among the legal commands ("m 3 2,5":
    /// move unit 3 to column 2, row 5).
    fn command_code(battle: &Battle<Self>, command: &Self::Command) -> String;
    /// The unit that carries a command out, under which the terminal lists it; `None` for the
    /// orders of the whole side and the answers to a pending decision.
    fn command_unit(command: &Self::Command) -> Option<UnitId>;
    /// The enemy a command aims at (a shot's, a charge's, an attack's target), whose `why_not`
    /// a refused command's message gives first; `None` for a command that aims at no unit.
    fn command_target(_command: &Self::Command) -> Option<UnitId> {
        None
    }
    /// The status line after the turn and the side to play: the phase, tokens, momentum...
    fn status(battle: &Battle<Self>) -> Vec<String>;
    /// The letter standing for a unit on the terminal's board.
    fn glyph(battle: &Battle<Self>, unit: &Unit<Self::UnitState>) -> char;
    /// How a unit's counter looks.
    fn counter(battle: &Battle<Self>, unit: &Unit<Self::UnitState>) -> Counter;
    /// The orders the battle holds that the viewer may know (a declared charge, a marching or
    /// engaging order), drawn as arrows over the board.
    fn arrows(_battle: &Battle<Self>) -> Vec<Arrow> {
        Vec::new()
    }
    /// Marks on the ground that change in play (a siege's gates, breaches and rubble), drawn on
    /// their hexes under the counters.
    fn stamps(_battle: &Battle<Self>) -> Vec<Stamp> {
        Vec::new()
    }
    /// The markers standing on the board apart from the units (commanders who move on their own).
    fn tokens(_battle: &Battle<Self>) -> Vec<Token> {
        Vec::new()
    }
    /// What a side lost between the start of the battle and now, for the victory window.
    fn losses(start: &Battle<Self>, now: &Battle<Self>, side: Side) -> String {
        let count = |b: &Battle<Self>| b.on_board().filter(|u| u.side == side).count();
        let (before, after) = (count(start), count(now));
        format!("lost {} of {before} units", before.saturating_sub(after))
    }
    /// What the pictures on its counters and dice mean, for the help window: of `battle`'s own
    /// units where there is one.
    fn legend(battle: Option<&Battle<Self>>) -> Vec<Legend>;
    /// What the side panel says of a unit.
    fn unit_card(battle: &Battle<Self>, unit: UnitId) -> Vec<Line>;
    /// A unit's line in the order of battle: its name, what it has left, its state, its order and
    /// its commander where the ruleset has them. By default what its counter shows.
    fn roster_line(battle: &Battle<Self>, unit: &Unit<Self::UnitState>) -> String {
        super::look::roster_basics(&Self::counter(battle, unit), unit.hex)
    }
    /// What the side panel says of a hex: its ground and what the ground does in this ruleset.
    fn terrain_card(battle: &Battle<Self>, hex: Hex) -> Vec<Line>;
    /// What the board marks, among the commands `legal` (empty while no person may act), for the
    /// selected unit and the hovered hex.
    fn marks(battle: &Battle<Self>, legal: &[Self::Command], selected: Option<UnitId>, hovered: Option<Hex>) -> Marks;
    /// What a click on `hex` asks for; `modifier` is held (Shift) for the variant of a command.
    fn click(battle: &Battle<Self>, legal: &[Self::Command], selected: Option<UnitId>, hex: Hex, modifier: bool) -> Intent<Self::Command>;
    /// Why a click of the selected `unit` on `hex` would do nothing to what stands there (an enemy
    /// out of range, out of sight, a unit that cannot attack), in a player's words; `None` when
    /// the click does something or there is nothing to say.
    fn why_not(_battle: &Battle<Self>, _legal: &[Self::Command], _unit: UnitId, _hex: Hex) -> Option<String> {
        None
    }
    /// Whether a command ends the phase (the End phase button and the E key send it).
    fn ends_phase(command: &Self::Command) -> bool;
    /// A pending decision: what it is about and its options, offered as buttons; `None` while no
    /// decision is pending.
    fn decision(battle: &Battle<Self>, legal: &[Self::Command]) -> Option<Decision<Self::Command>>;
    /// Orders for the selected unit that a click on the board does not give (an activation), as buttons.
    fn unit_orders(battle: &Battle<Self>, legal: &[Self::Command], unit: UnitId) -> Vec<Self::Command>;
    /// How an event is shown over the board while it is the last one shown, read against the
    /// battle as it stood before the event (where a unit moved from, say).
    fn cue(battle: &Battle<Self>, event: &Self::Event) -> Option<Cue>;
    /// What a legal command is expected to do, shown before a player commits to it; `None` for a
    /// command whose effect is plain (a move). May be slow: the window keeps the last one.
    fn preview(battle: &Battle<Self>, command: &Self::Command) -> Option<Preview>;
    /// Seconds the board waits after showing an event, so a person can follow (dice longest).
    fn pause_after(event: &Self::Event) -> f32;
    /// The side that may take back the last command (undo), given the battle now and the events
    /// the command produced: its own issuer, while nothing random happened; `None` for a command
    /// that stands.
    fn taken_back_by(battle: &Battle<Self>, command: &Self::Command, events: &[Self::Event]) -> Option<Side>;
}
