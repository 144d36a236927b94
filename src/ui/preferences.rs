//! A player's preferences: how fast the events play, whether dice wait for a click, whether the
//! log shows the rules it applied, whether ending a phase with units still able to act asks first,
//! the computer's level last chosen in the menu, and whether a loaded game keeps its seed's dice.
//! Kept beside the saves, so they hold from one session to the next.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The record's name among the saves (a leading dot keeps it out of the saves list).
const RECORD: &str = ".preferences.ron";

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub pace: Pace,
    /// Dice stay over the board until a click (or Space).
    pub hold_dice: bool,
    /// The log shows, under each line, the rules it applied as the seed names them.
    pub show_rules: bool,
    /// Ending a phase while units can still move or attack asks first.
    pub ask_before_ending: bool,
    /// Each hex's column and row written on the board.
    pub show_coordinates: bool,
    /// The computer's level last chosen in the menu, by the name `Level::from_name` reads.
    pub level: Option<String>,
    /// Loading, continuing or taking over a game goes on with its seed's dice, instead of fresh
    /// ones (which keep a player from learning the dice to come by reloading).
    pub same_dice_on_reload: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences { pace: Pace::Normal, hold_dice: false, show_rules: false, ask_before_ending: true, show_coordinates: false, level: None, same_dice_on_reload: false }
    }
}

/// How fast the events of a battle play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    Slow,
    Normal,
    Fast,
    /// No pause: the board shows the result at once.
    Instant,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Slow, Pace::Normal, Pace::Fast, Pace::Instant];

    pub fn name(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    /// How many seconds of a ruleset's pauses pass in one second.
    pub fn speed(self) -> f32 {
        match self {
            Pace::Slow => 0.5,
            Pace::Normal => 1.0,
            Pace::Fast => 2.5,
            Pace::Instant => f32::INFINITY,
        }
    }
}

/// The player's preferences; a scripted run (`kept: false`) starts from the defaults and keeps
/// nothing, so it never changes a player's.
pub struct PreferencesPlugin {
    pub kept: bool,
}

impl Plugin for PreferencesPlugin {
    fn build(&self, app: &mut App) {
        if self.kept {
            app.insert_resource(read()).add_systems(Last, keep.run_if(resource_changed::<Preferences>));
        } else {
            app.insert_resource(Preferences::default());
        }
    }
}

/// The preferences kept last time; the defaults when there are none or they do not read.
fn read() -> Preferences {
    super::saves::read(RECORD).ok().and_then(|text| crate::limits::from_ron(&text).ok()).unwrap_or_default()
}

/// A preference changed: keep it. A failure to write costs only the preference, so it is not said.
fn keep(preferences: Res<Preferences>) {
    if preferences.is_added() {
        return;
    }
    if let Ok(text) = ron::ser::to_string_pretty(&*preferences, ron::ser::PrettyConfig::default()) {
        let _ = super::saves::write(RECORD, &text);
    }
}
