//! The contract a ruleset folder fulfils to plug into the engine: its own unit state, commands and
//! events, and the pure functions that set up, judge, resolve and apply them.

use super::dice::Dice;
use super::ids::Side;
use super::model::{Battle, Outcome};
use crate::army::ArmyList;
use crate::scenario::{Scenario, SetupError};
use bevy::state::state::SubStates;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// Why a command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError(pub String);

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RuleError {}

pub trait Ruleset: Sized + Send + Sync + 'static {
    /// The lower-case name scenarios and replays give in their `ruleset` field.
    const NAME: &'static str;
    /// The name a player reads (the menu's headings).
    const TITLE: &'static str;
    /// Written (`Serialize`) for the state hash and read back (`Deserialize`) where a referee tells
    /// a player's copy what its side may see; profiles are not written (`carry_unwritten`).
    type UnitState: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Global: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + Debug + Serialize + Send + Sync + 'static;
    /// The ruleset's sequence of play, a Bevy sub-state of `AppState::Battle` that the ECS shell
    /// keeps equal to `phase(battle)`, so systems can be gated on it with `run_if(in_state(..))`.
    type Phase: SubStates + Copy + Debug;

    /// Builds the opening state from a scenario, or says which field of it is wrong.
    fn setup(scenario: &Scenario) -> Result<Battle<Self>, SetupError>;

    /// Checks an army list of this ruleset on its own, as a battle naming it would read it
    /// (`strategos validate`): the number of profiles it holds, or what is wrong with one.
    fn check_army_list(list: &std::sync::Arc<ArmyList>) -> Result<usize, SetupError> {
        Err(SetupError::new(crate::scenario::Item::Scenario, "ruleset", format!("{}'s units do not come from army lists", Self::TITLE)).in_list(&list.file))
    }

    /// What happens before the first command (the first turn's start), rolling dice if it must.
    fn open(battle: &Battle<Self>, dice: &mut Dice) -> Vec<Self::Event>;

    /// The side whose decision the battle waits for, or `None` once it is over.
    fn deciding_side(battle: &Battle<Self>) -> Option<Side>;

    /// Every command the deciding side may issue now: the one source of legality for the UI, the AI
    /// and the check on every command.
    fn legal_commands(battle: &Battle<Self>) -> Vec<Self::Command>;

    /// What a random player draws from, uniformly: every legal command by default. A ruleset whose
    /// decisions come as many small commands before a seal (orders given unit by unit) may narrow
    /// it, so that a random game moves on while any legal command can still be drawn in its turn.
    fn random_choices(_battle: &Battle<Self>, legal: Vec<Self::Command>) -> Vec<Self::Command> {
        legal
    }

    /// The events a legal command produces; refuses a command `legal_commands` does not offer.
    fn resolve(battle: &Battle<Self>, command: &Self::Command, dice: &mut Dice) -> Result<Vec<Self::Event>, RuleError>;

    /// Changes the state by one event; the only way a battle changes.
    fn apply(battle: &mut Battle<Self>, event: &Self::Event);

    fn outcome(battle: &Battle<Self>) -> Option<Outcome>;

    /// The phase the battle is in.
    fn phase(battle: &Battle<Self>) -> Self::Phase;

    /// Whether this event opens a player-turn (replays store a state hash at each).
    fn starts_turn(event: &Self::Event) -> bool;

    /// Removes from `battle` what `viewer` may not know yet (the other side's sealed orders, bids
    /// or declarations), so the window shows that side, and the computer playing it reads, only
    /// what a player at the table would. Nothing by default: every ruleset without sealed
    /// decisions plays in the open.
    fn redact(_battle: &mut Battle<Self>, _viewer: Side) {}

    /// Whether `viewer` may see `event` (read against the battle before it) in the log and on the
    /// board; `None` is a spectator of the whole game (the replay viewer), who sees everything.
    /// A sealed decision is hidden from the other side until the event that reveals it.
    fn visible_to(_battle: &Battle<Self>, _event: &Self::Event, _viewer: Option<Side>) -> bool {
        true
    }

    /// Gives `read`, a battle read back from its written state, what that state leaves unwritten
    /// (the units' profiles), from `known`, a battle of the same game; false where `read` holds a
    /// unit `known` lacks. Nothing by default, for a state that writes all of itself.
    fn carry_unwritten(_read: &mut Battle<Self>, _known: &Battle<Self>) -> bool {
        true
    }
}
