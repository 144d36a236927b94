//! Frame time of the board: the same app and camera first draw an empty 2D scene, then the larger
//! scenario with every unit on screen; the frame times of both are printed side by side (and
//! written to a file) before the app quits. Run by `benches/frames.rs` under Xvfb.

use super::session::{Mode, Session, start_fresh};
use bevy::prelude::*;
use std::path::PathBuf;

/// The bundled scenario that sets up the most (its ruleset part is the longest), every unit on screen.
fn largest() -> Option<crate::scenario::Scenario> {
    crate::scenario::BUNDLED.iter().filter_map(|(_, text)| crate::scenario::parse(text).ok()).max_by_key(|s| s.setup_size())
}
const WARMUP_FRAMES: u32 = 60;

pub struct FrameBenchPlugin {
    pub frames: u32,
    pub out: PathBuf,
}

impl Plugin for FrameBenchPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(FrameBench { frames: self.frames, out: self.out.clone(), stage: BenchStage::Empty, warmup: WARMUP_FRAMES, empty: Vec::new(), board: Vec::new(), scenario: String::new() })
            .add_systems(Update, measure);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum BenchStage {
    Empty,
    Board,
    Done,
}

#[derive(Resource)]
pub struct FrameBench {
    frames: u32,
    out: PathBuf,
    stage: BenchStage,
    warmup: u32,
    empty: Vec<f32>,
    board: Vec<f32>,
    /// The scenario drawn.
    scenario: String,
}

/// Median and worst of frame times in milliseconds.
pub fn summary(samples: &[f32]) -> (f32, f32, f32) {
    let mut s: Vec<f32> = samples.to_vec();
    s.sort_by(f32::total_cmp);
    let median = s.get(s.len() / 2).copied().unwrap_or(0.0);
    let mean = s.iter().sum::<f32>() / s.len().max(1) as f32;
    (median, mean, s.last().copied().unwrap_or(0.0))
}

fn measure(world: &mut World) {
    let dt = world.resource::<Time<Real>>().delta_secs() * 1000.0;
    let mut bench = world.resource_mut::<FrameBench>();
    if bench.warmup > 0 {
        bench.warmup -= 1;
        return;
    }
    match bench.stage {
        BenchStage::Empty => {
            bench.empty.push(dt);
            if bench.empty.len() as u32 >= bench.frames {
                bench.stage = BenchStage::Board;
                bench.warmup = WARMUP_FRAMES;
                let Some(scenario) = largest() else { return };
                bench.scenario = scenario.id.clone();
                if let Err(e) = start_fresh(world, Session { scenario, seed: 1, mode: Mode::Hotseat, level: crate::ai::Level::Easy, taken_over_at: None }) {
                    error!("frame bench: {e}");
                    world.write_message(AppExit::error());
                }
            }
        }
        BenchStage::Board => {
            bench.board.push(dt);
            if bench.board.len() as u32 >= bench.frames {
                bench.stage = BenchStage::Done;
                let (e, b) = (summary(&bench.empty), summary(&bench.board));
                let scenario = bench.scenario.clone();
                let units = world.query::<&crate::battle::ecs::Position>().iter(world).filter(|p| p.0.is_some()).count();
                let report = format!(
                    "frame time over {} frames (median / mean / worst, ms)\n  empty 2D scene:            {:.2} / {:.2} / {:.2}\n  {scenario}, {units} units: {:.2} / {:.2} / {:.2}\n",
                    world.resource::<FrameBench>().frames,
                    e.0,
                    e.1,
                    e.2,
                    b.0,
                    b.1,
                    b.2
                );
                print!("{report}");
                let out = world.resource::<FrameBench>().out.clone();
                if let Err(err) = std::fs::write(&out, report) {
                    error!("frame bench: {}: {err}", out.display());
                }
                world.write_message(AppExit::Success);
            }
        }
        BenchStage::Done => {}
    }
}

/// Whether the frame bench runs (the menu then stays hidden, so the first scene is empty).
pub fn running(bench: Option<Res<FrameBench>>) -> bool {
    bench.is_some()
}
