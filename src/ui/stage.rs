//! What the board shows: the battle as it stood after the events shown so far. Live play shows new
//! events one by one at a readable pace (skippable); the replay viewer steps through a recorded
//! game by event, command or turn. Both only apply events to a copy of the opening state, so the
//! board always shows a state the rules produced.

use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use super::preferences::{Pace, Preferences};
use crate::battle::look::Cue;
use crate::battle::{AppState, Battle, Present, Side};
use crate::hex::HexMap;
use crate::scenario::Scenario;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::marker::PhantomData;
use std::sync::Arc;

/// The map on the board, for the parts of the window that need only the ground (the tiles, the
/// camera): set with each new stage, whatever its ruleset.
#[derive(Resource, Clone)]
pub struct BoardMap(pub Arc<HexMap>);

/// Stages made so far.
static STAGES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// How many traces a stage keeps for the board to mark.
const MAX_TRACES: usize = 256;

/// What an event shown left on the board, for the board to mark while the person has not acted
/// since: the way a unit went, or the hex its dice were rolled over (a shot, an attack).
#[derive(Clone, Debug, PartialEq)]
pub enum Trace {
    Way(Vec<crate::hex::Hex>),
    Dice(crate::hex::Hex),
}

#[derive(Resource)]
pub struct Stage<R: Present> {
    opening: Battle<R>,
    /// The battle after the events shown so far, whole.
    pub shown: Battle<R>,
    /// Events applied to `shown`.
    pub cursor: usize,
    /// Jump to the end of the log at the next look (after loading or undoing).
    pub instant: bool,
    timer: f32,
    /// The log lines of the events shown so far.
    pub lines: Vec<LogLine>,
    /// The side of the person at the screen, who sees only what that side may know; `None` for a
    /// spectator of a whole game (the replay viewer).
    viewer: Option<Side>,
    /// `shown` as the viewer may know it, while there is one.
    seen: Option<Battle<R>>,
    /// In an online game whose referee holds entries back from the viewer: the battle as the
    /// referee says the viewer sees it, drawn once this many events are shown (those it played).
    told: Option<(Battle<R>, usize)>,
    /// How the last event shown appears over the board (dice, a move), worked out against the
    /// battle before it, and whether the viewer may see it.
    cue: Option<Cue>,
    /// The ways units went and the hexes dice were rolled over, as the viewer saw them, with the
    /// index of each one's event (the last few hundred): the board keeps what the computer did
    /// marked until the person acts.
    traces: std::collections::VecDeque<(usize, Trace)>,
    /// The event count at which the player last let held dice go.
    released: usize,
    /// Which stage this is, new for every stage made (a battle, an undo, a film): a resource
    /// inserted over another of its type does not count as added for Bevy.
    generation: u64,
}

/// A log line, the rules it applied (shown on demand), and which side may read it (a sealed order
/// is for its own side until revealed).
pub struct LogLine {
    pub text: String,
    pub rule: Option<String>,
    pub seen_by: [bool; 2],
}

impl<R: Present> Stage<R> {
    pub fn new(opening: Battle<R>, instant: bool) -> Stage<R> {
        Stage {
            shown: opening.clone(),
            opening,
            cursor: 0,
            instant,
            timer: 0.0,
            lines: Vec::new(),
            viewer: None,
            seen: None,
            told: None,
            cue: None,
            traces: std::collections::VecDeque::new(),
            released: 0,
            generation: STAGES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The battle before its first event.
    pub fn opening(&self) -> &Battle<R> {
        &self.opening
    }

    /// What the board draws: the battle as the viewer may know it.
    pub fn board(&self) -> &Battle<R> {
        match &self.told {
            Some((told, after)) if self.cursor >= *after => told,
            _ => self.seen.as_ref().unwrap_or(&self.shown),
        }
    }

    /// What an online game's referee says the viewer sees, past the entries it holds back, to
    /// draw once `after` events are shown; `None` once nothing is held back.
    pub fn tell(&mut self, told: Option<Battle<R>>, after: usize) {
        self.told = told.map(|b| (b, after));
    }

    pub fn viewer(&self) -> Option<Side> {
        self.viewer
    }

    /// The person at the screen changed (hotseat) or is known (against the computer).
    pub fn set_viewer(&mut self, viewer: Option<Side>) {
        if viewer != self.viewer {
            self.viewer = viewer;
            self.refresh();
        }
    }

    /// The log lines the viewer may read.
    pub fn readable(&self) -> impl Iterator<Item = &LogLine> {
        let viewer = self.viewer;
        self.lines.iter().filter(move |l| viewer.is_none_or(|v| l.seen_by[v.index()]))
    }

    fn refresh(&mut self) {
        self.seen = self.viewer.map(|v| self.shown.seen_by(v));
    }

    pub fn caught_up(&self, events: &[R::Event]) -> bool {
        self.cursor >= events.len()
    }

    /// Shows the next event.
    pub fn step(&mut self, events: &[R::Event]) {
        self.apply_next(events);
        self.refresh();
    }

    fn apply_next(&mut self, events: &[R::Event]) {
        let Some(e) = events.get(self.cursor) else { return };
        let seen_by = Side::BOTH.map(|s| R::visible_to(&self.shown, e, Some(s)));
        if let Some(text) = R::event_line(&self.shown, e) {
            self.lines.push(LogLine { text, rule: R::event_rule(&self.shown, e), seen_by });
        }
        self.cue = R::cue(&self.shown, e).filter(|_| self.viewer.is_none_or(|v| seen_by[v.index()]));
        let trace = match &self.cue {
            Some(Cue::Path { hexes }) => Some(Trace::Way(hexes.clone())),
            Some(Cue::Dice { over, .. }) => Some(Trace::Dice(*over)),
            None => None,
        };
        if let Some(trace) = trace {
            if self.traces.len() >= MAX_TRACES {
                self.traces.pop_front();
            }
            self.traces.push_back((self.cursor, trace));
        }
        R::apply(&mut self.shown, e);
        self.cursor += 1;
    }

    /// Shows the state after exactly `target` events, going back to the opening if it must.
    pub fn seek(&mut self, events: &[R::Event], target: usize) {
        let target = target.min(events.len());
        if target < self.cursor {
            self.shown = self.opening.clone();
            self.cursor = 0;
            self.lines.clear();
            self.cue = None;
            self.traces.clear();
        }
        while self.cursor < target {
            self.apply_next(events);
        }
        self.refresh();
    }

    /// Shows events at a readable pace: each waits for the pause of the one before it (an event
    /// the viewer may not see passes at once). While nothing new comes, the last event's pause
    /// runs out, so the next events (after the player ends a phase, say) start at once.
    pub fn pace(&mut self, events: &[R::Event], dt: f32, hold_dice: bool) {
        self.timer += dt;
        let before = self.cursor;
        while !self.caught_up(events) {
            let wait = self.last_pause(events);
            if self.timer < wait || (hold_dice && self.holding(events)) {
                self.timer = self.timer.min(wait);
                break;
            }
            self.timer -= wait;
            self.apply_next(events);
        }
        if self.cursor != before {
            // What the viewer may know, once for all the events shown this frame.
            self.refresh();
        }
        if self.caught_up(events) {
            self.timer = self.timer.min(self.last_pause(events));
        }
    }

    /// Whether dice shown wait for the player before the events after them (when the player
    /// asked dice to stay until a click).
    pub fn holding(&self, events: &[R::Event]) -> bool {
        !self.caught_up(events) && self.released != self.cursor && matches!(self.cue, Some(Cue::Dice { .. }))
    }

    /// The player has read the dice shown: the events after them go on.
    pub fn release(&mut self) {
        self.released = self.cursor;
    }

    /// How long the last event shown holds the board: none for one the viewer may not see.
    fn last_pause(&self, events: &[R::Event]) -> f32 {
        self.last(events).filter(|e| R::visible_to(&self.shown, e, self.viewer)).map_or(0.0, R::pause_after)
    }

    /// How the last event shown appears over the board, if the viewer may see it.
    pub fn cue(&self) -> Option<&Cue> {
        self.cue.as_ref()
    }

    /// The traces of the events shown from event `from` on, oldest first.
    pub fn traces_since(&self, from: usize) -> impl Iterator<Item = &Trace> {
        self.traces.iter().filter(move |(at, _)| *at >= from).map(|(_, trace)| trace)
    }

    /// The event shown last, if any.
    pub fn last<'e>(&self, events: &'e [R::Event]) -> Option<&'e R::Event> {
        self.cursor.checked_sub(1).and_then(|i| events.get(i))
    }
}

/// Where a film's game came from, so a player can take it over from any point.
pub struct Origin<R: Present> {
    pub scenario: Scenario,
    pub seed: u64,
    /// Where the game went on with fresh dice, so taking it over replays it as it was.
    pub reseeds: Vec<crate::battle::Reseed>,
    pub commands: Vec<R::Command>,
}

impl<R: Present> Clone for Origin<R> {
    fn clone(&self) -> Self {
        Origin { scenario: self.scenario.clone(), seed: self.seed, reseeds: self.reseeds.clone(), commands: self.commands.clone() }
    }
}

/// A recorded game in the replay viewer: every event, and where commands and player-turns end.
#[derive(Resource)]
pub struct Film<R: Present> {
    pub origin: Origin<R>,
    pub events: Vec<R::Event>,
    /// The events before the first command: the viewer opens after them, on the first turn.
    pub opening: usize,
    /// Events after each command.
    pub command_ends: Vec<usize>,
    /// Index of each event that opens a player-turn (`Ruleset::starts_turn`).
    pub turn_starts: Vec<usize>,
    pub playing: bool,
    /// What the check of the replay's turn hashes said.
    pub verdict: String,
}

impl<R: Present> Clone for Film<R> {
    fn clone(&self) -> Self {
        Film { origin: self.origin.clone(), events: self.events.clone(), opening: self.opening, command_ends: self.command_ends.clone(), turn_starts: self.turn_starts.clone(), playing: self.playing, verdict: self.verdict.clone() }
    }
}

impl<R: Present> Film<R> {
    /// The film of a game of `scenario`, `seed` and `reseeds`, from its log.
    pub fn of_game(scenario: Scenario, seed: u64, reseeds: &[crate::battle::Reseed], log: &EventLog<R>, verdict: String) -> Film<R> {
        let origin = Origin { scenario, seed, reseeds: reseeds.to_vec(), commands: log.command_list() };
        let events = log.events.clone();
        let command_ends = log.commands.iter().map(|(_, end)| *end).collect();
        let turn_starts = events.iter().enumerate().filter(|(_, e)| R::starts_turn(e)).map(|(i, _)| i).collect();
        Film { origin, events, opening: log.opening, command_ends, turn_starts, playing: false, verdict }
    }

    /// The stage the replay viewer opens on: the first turn, after the battle's opening events
    /// (not the state before them, at turn 0).
    pub fn first_stage(&self) -> Option<Stage<R>> {
        let mut stage = Stage::new(R::setup(&self.origin.scenario).ok()?, false);
        stage.seek(&self.events, self.opening);
        Some(stage)
    }

    /// The commands whose events are all shown when `cursor` events are: where a game taken over
    /// at that point starts from.
    pub fn commands_shown(&self, cursor: usize) -> usize {
        self.command_ends.iter().take_while(|end| **end <= cursor).count()
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

/// Paces the board of one ruleset's battles and films.
pub struct StagePlugin<R: Present>(PhantomData<R>);

impl<R: Present> Default for StagePlugin<R> {
    fn default() -> Self {
        StagePlugin(PhantomData)
    }
}

impl<R: Present> Plugin for StagePlugin<R> {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, pace_battle::<R>.in_set(BattleSet::Show).run_if(resource_exists::<BattleView<R>>))
            .add_systems(Update, pace_film::<R>.run_if(in_state(AppState::Replay).and_then(resource_exists::<Film<R>>)))
            .add_systems(Last, wake_for_commands::<R>.run_if(resource_exists::<CommandInbox<R>>))
            .add_systems(OnEnter(AppState::Menu), |mut commands: Commands| {
                commands.remove_resource::<Stage<R>>();
                commands.remove_resource::<Film<R>>();
            });
    }
}

/// Shows `stage` on the board: the stage and its map become the window's.
pub fn show<R: Present>(world: &mut World, stage: Stage<R>) {
    world.insert_resource(BoardMap(stage.shown.map.clone()));
    world.insert_resource(stage);
}

/// Whether the player asked to skip the animation.
pub fn skip_pressed(keys: &ButtonInput<KeyCode>) -> bool {
    keys.just_pressed(KeyCode::Escape)
}

fn pace_battle<R: Present>(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    preferences: Res<Preferences>,
    log: Res<EventLog<R>>,
    mut stage: ResMut<Stage<R>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if stage.instant || skip_pressed(&keys) || preferences.pace == Pace::Instant {
        stage.instant = false;
        stage.seek(&log.events, log.events.len());
        return;
    }
    if stage.holding(&log.events) && preferences.hold_dice {
        if !(buttons.just_pressed(MouseButton::Left) || keys.just_pressed(KeyCode::Space)) {
            // The window may rest until the player clicks.
            return;
        }
        stage.release();
    }
    stage.pace(&log.events, time.delta_secs() * preferences.pace.speed(), preferences.hold_dice);
    if !stage.caught_up(&log.events) {
        // Events still to show: the window must not sleep through their pauses.
        redraw.write(RequestRedraw);
    }
}

/// A command sent this frame (a click, a button, the computer) is resolved at the next one, which
/// must come even if the window would sleep.
fn wake_for_commands<R: Present>(inbox: Res<CommandInbox<R>>, mut redraw: MessageWriter<RequestRedraw>) {
    if !inbox.0.is_empty() {
        redraw.write(RequestRedraw);
    }
}

fn pace_film<R: Present>(time: Res<Time>, preferences: Res<Preferences>, mut film: ResMut<Film<R>>, mut stage: ResMut<Stage<R>>, mut redraw: MessageWriter<RequestRedraw>) {
    if film.playing {
        redraw.write(RequestRedraw);
        stage.pace(&film.events, time.delta_secs() * preferences.pace.speed().min(100.0), false);
        if stage.caught_up(&film.events) {
            film.playing = false;
        }
    }
}
