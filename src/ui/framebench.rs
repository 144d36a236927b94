//! Frame time of the board: the same app and camera first draw an empty 2D scene, then the
//! largest scenario of each ruleset with every unit on screen, then the empty scene again; the
//! frame times of all are printed side by side (and written to a file) before the app quits, with
//! the time from the app's start to its first frame. Run by `benches/frames.rs` under Xvfb.

use super::session::{Mode, Session, start_fresh};
use crate::battle::AppState;
use crate::scenario::Scenario;
use bevy::prelude::*;
use std::path::PathBuf;

/// The bundled scenario of each ruleset that sets up the most (its ruleset part is the longest),
/// in the order the rulesets first appear.
fn largest_of_each_ruleset() -> Vec<Scenario> {
    let mut largest: Vec<Scenario> = Vec::new();
    for s in crate::scenario::all_bundled() {
        match largest.iter_mut().find(|l| l.ruleset == s.ruleset) {
            Some(l) if l.setup_size() >= s.setup_size() => {}
            Some(l) => *l = s,
            None => largest.push(s),
        }
    }
    largest
}
const WARMUP_FRAMES: u32 = 60;

pub struct FrameBenchPlugin {
    pub frames: u32,
    pub out: PathBuf,
}

impl Plugin for FrameBenchPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FrameBench {
            frames: self.frames,
            out: self.out.clone(),
            warmup: WARMUP_FRAMES,
            // The empty scene again at the end: the first one, just after the start, varies more.
            to_draw: largest_of_each_ruleset().into_iter().map(Some).chain([None]).collect(),
            drawing: None,
            samples: Vec::new(),
            measured: Vec::new(),
            done: false,
            next: None,
            frames_seen: 0,
            first_frame: 0.0,
        })
        .add_systems(Update, measure);
    }
}

#[derive(Resource)]
pub struct FrameBench {
    frames: u32,
    out: PathBuf,
    warmup: u32,
    /// The scenes still to draw after the one drawn now: a scenario, or `None` for the empty scene.
    to_draw: Vec<Option<Scenario>>,
    /// The scenario drawn now; `None` for the empty scene.
    drawing: Option<String>,
    samples: Vec<f32>,
    /// Each scene measured: its name, units on the board (`None` for the empty scene), frame times.
    measured: Vec<(String, Option<usize>, Vec<f32>)>,
    done: bool,
    /// The scene to draw once the menu is back.
    next: Option<Option<Scenario>>,
    frames_seen: u32,
    /// Milliseconds from the app's start (Bevy's clock, made as the app is built) to its first
    /// frame on the screen: a cold start.
    first_frame: f32,
}

/// Median, mean and worst of frame times in milliseconds.
pub fn summary(samples: &[f32]) -> (f32, f32, f32) {
    let mut s: Vec<f32> = samples.to_vec();
    s.sort_by(f32::total_cmp);
    let median = s.get(s.len() / 2).copied().unwrap_or(0.0);
    let mean = s.iter().sum::<f32>() / s.len().max(1) as f32;
    (median, mean, s.last().copied().unwrap_or(0.0))
}

fn measure(world: &mut World) {
    let real = world.resource::<Time<Real>>();
    let (dt, since_start) = (real.delta_secs() * 1000.0, real.startup().elapsed().as_secs_f32() * 1000.0);
    let mut bench = world.resource_mut::<FrameBench>();
    bench.frames_seen += 1;
    if bench.frames_seen == 3 {
        // With pipelined rendering the first frame is drawn while the second one updates: it is on
        // the screen by the third one's update.
        bench.first_frame = since_start;
    }
    if bench.warmup > 0 {
        bench.warmup -= 1;
        return;
    }
    if bench.done {
        return;
    }
    if let Some(scene) = bench.next.take() {
        // Back at the menu since the last board, whose stage is gone with it: draw the next one.
        bench.drawing = scene.as_ref().map(|s| s.id.clone());
        bench.warmup = WARMUP_FRAMES;
        let Some(scenario) = scene else { return };
        if let Err(e) = start_fresh(world, Session::new(scenario, 1, Mode::Hotseat, crate::ai::Level::Easy)) {
            error!("frame bench: {e}");
            world.write_message(AppExit::error());
        }
        return;
    }
    bench.samples.push(dt);
    if (bench.samples.len() as u32) < bench.frames {
        return;
    }
    let samples = std::mem::take(&mut bench.samples);
    let drawing = bench.drawing.take();
    let units = world.query::<&crate::battle::ecs::Position>().iter(world).filter(|p| p.0.is_some()).count();
    let (name, units) = match drawing {
        Some(name) => (name, Some(units)),
        None => ("empty 2D scene".to_string(), None),
    };
    let mut bench = world.resource_mut::<FrameBench>();
    bench.measured.push((name, units, samples));
    if bench.to_draw.is_empty() {
        bench.done = true;
        report(world);
        return;
    }
    // Each board is left for the menu, as a player would, so no ruleset's stage outlives its battle.
    bench.next = Some(bench.to_draw.remove(0));
    bench.warmup = 2;
    world.resource_mut::<NextState<AppState>>().set(AppState::Menu);
}

/// Prints and writes every scene's figures, each board's beside the empty scene's, and quits.
fn report(world: &mut World) {
    let bench = world.resource::<FrameBench>();
    let empty = bench.measured.iter().filter(|(_, units, _)| units.is_none()).map(|(_, _, s)| summary(s).0).fold(f32::INFINITY, f32::min);
    let mut report = format!("cold start: the first frame {:.0} ms after the app started\n", bench.first_frame);
    report += &format!("frame time over {} frames (median / mean / worst, ms; median against the empty scene's, the lower of its two)\n", bench.frames);
    for (name, units, samples) in &bench.measured {
        let (median, mean, worst) = summary(samples);
        let label = units.map_or_else(|| name.clone(), |units| format!("{name}, {units} units"));
        report += &format!("  {label:<40} {median:.2} / {mean:.2} / {worst:.2}  ({:.2}x)\n", median / empty.max(1e-6));
    }
    print!("{report}");
    if let Err(err) = std::fs::write(&bench.out, report) {
        error!("frame bench: {}: {err}", bench.out.display());
    }
    world.write_message(AppExit::Success);
}

/// Whether the frame bench runs (the menu then stays hidden, so the first scene is empty).
pub fn running(bench: Option<Res<FrameBench>>) -> bool {
    bench.is_some()
}
