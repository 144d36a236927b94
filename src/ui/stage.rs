//! What the board shows: the battle as it stood after the events shown so far. Live play shows new
//! events one by one at a readable pace (skippable); the replay viewer steps through a recorded
//! game by event, command or turn. Both only apply events to a copy of the opening state, so the
//! board always shows a state the rules produced.

use crate::battle::ecs::{EventLog, process_commands};
use crate::battle::{AppState, Battle, Ruleset};
use crate::rules::thucydide::describe::event_line;
use crate::rules::thucydide::event::Event;
use crate::rules::thucydide::Thucydide;
use bevy::prelude::*;

type B = Battle<Thucydide>;

#[derive(Resource, Clone)]
pub struct Stage {
    opening: B,
    pub shown: B,
    /// Events applied to `shown`.
    pub cursor: usize,
    /// Jump to the end of the log at the next look (after loading or undoing).
    pub instant: bool,
    timer: f32,
    /// The log lines of the events shown so far.
    pub lines: Vec<String>,
}

impl Stage {
    pub fn new(opening: B, instant: bool) -> Stage {
        Stage {
            shown: opening.clone(),
            opening,
            cursor: 0,
            instant,
            timer: 0.0,
            lines: Vec::new(),
        }
    }

    pub fn caught_up(&self, events: &[Event]) -> bool {
        self.cursor >= events.len()
    }

    /// Shows the next event.
    pub fn step(&mut self, events: &[Event]) {
        let Some(e) = events.get(self.cursor) else { return };
        if let Some(line) = event_line(&self.shown, e) {
            self.lines.push(line);
        }
        Thucydide::apply(&mut self.shown, e);
        self.cursor += 1;
    }

    /// Shows the state after exactly `target` events, going back to the opening if it must.
    pub fn seek(&mut self, events: &[Event], target: usize) {
        let target = target.min(events.len());
        if target < self.cursor {
            self.shown = self.opening.clone();
            self.cursor = 0;
            self.lines.clear();
        }
        while self.cursor < target {
            self.step(events);
        }
    }

    /// The event shown last, if any.
    pub fn last<'e>(&self, events: &'e [Event]) -> Option<&'e Event> {
        self.cursor.checked_sub(1).and_then(|i| events.get(i))
    }
}

/// How long an event stays on screen before the next one, in seconds.
fn pause_after(e: &Event) -> f32 {
    match e {
        Event::DiceRolled { .. } | Event::PanicRolled { .. } => 1.0,
        Event::CombatStarted { .. } | Event::ElementsLost { .. } | Event::UnitDestroyed { .. } | Event::ElephantPanicked { .. } => 0.45,
        Event::UnitMoved { .. } | Event::Retreated { .. } | Event::FollowedUp { .. } | Event::Pursued { .. } | Event::UnitLeftBoard { .. } => 0.3,
        Event::TurnStarted { .. } | Event::BattleEnded { .. } => 0.4,
        _ => 0.0,
    }
}

/// A recorded game in the replay viewer: every event, and where commands and player-turns end.
#[derive(Resource, Clone)]
pub struct Film {
    pub events: Vec<Event>,
    /// Events after each command.
    pub command_ends: Vec<usize>,
    /// Index of each `TurnStarted` event.
    pub turn_starts: Vec<usize>,
    pub playing: bool,
    /// What the check of the replay's turn hashes said.
    pub verdict: String,
}

impl Film {
    pub fn new(events: Vec<Event>, command_ends: Vec<usize>, verdict: String) -> Film {
        let turn_starts = events.iter().enumerate().filter(|(_, e)| Thucydide::starts_turn(e)).map(|(i, _)| i).collect();
        Film { events, command_ends, turn_starts, playing: false, verdict }
    }

    /// Where one step forward or back lands, by event, command or turn.
    pub fn next(&self, cursor: usize, by: Stride) -> usize {
        match by {
            Stride::Event => (cursor + 1).min(self.events.len()),
            _ => self.marks(by).find(|m| *m > cursor).unwrap_or(self.events.len()),
        }
    }

    pub fn previous(&self, cursor: usize, by: Stride) -> usize {
        match by {
            Stride::Event => cursor.saturating_sub(1),
            _ => self.marks(by).filter(|m| *m < cursor).last().unwrap_or(0),
        }
    }

    /// Where commands end, or (shown up to and including their start) where player-turns begin.
    fn marks(&self, by: Stride) -> impl Iterator<Item = usize> + '_ {
        let turns = by == Stride::Turn;
        let ends = if turns { &self.turn_starts } else { &self.command_ends };
        ends.iter().map(move |i| if turns { i + 1 } else { *i })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stride {
    Event,
    Command,
    Turn,
}

pub struct StagePlugin;

impl Plugin for StagePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, pace_battle.after(process_commands::<Thucydide>).run_if(in_state(AppState::Battle)))
            .add_systems(Update, pace_film.run_if(in_state(AppState::Replay)));
    }
}

/// Whether the player asked to skip the animation.
pub fn skip_pressed(keys: &ButtonInput<KeyCode>) -> bool {
    keys.just_pressed(KeyCode::Escape)
}

fn advance(stage: &mut Stage, events: &[Event], dt: f32) {
    stage.timer += dt;
    while !stage.caught_up(events) {
        let wait = stage.last(events).map_or(0.0, pause_after);
        if stage.timer < wait {
            break;
        }
        stage.timer -= wait;
        stage.step(events);
    }
    if stage.caught_up(events) {
        stage.timer = 0.0;
    }
}

fn pace_battle(time: Res<Time>, keys: Res<ButtonInput<KeyCode>>, log: Res<EventLog<Thucydide>>, mut stage: ResMut<Stage>) {
    if stage.instant || skip_pressed(&keys) {
        stage.instant = false;
        stage.seek(&log.events, log.events.len());
        return;
    }
    advance(&mut stage, &log.events, time.delta_secs());
}

fn pace_film(time: Res<Time>, mut film: ResMut<Film>, mut stage: ResMut<Stage>) {
    if film.playing {
        advance(&mut stage, &film.events, time.delta_secs());
        if stage.caught_up(&film.events) {
            film.playing = false;
        }
    }
}
