//! A window at rest draws nothing. Bevy updates only on input, or when a system asks for a frame
//! (the stage while events are still to show, the camera while it moves, the computer while it
//! plays, a command waiting to be resolved). bevy_egui feeds egui a "modifiers changed" event every
//! frame whether they changed or not, which egui answers with a repaint request, so the window would
//! never rest: that event is dropped when the modifiers are the same as last frame. A frame that
//! changes egui's textures asks for one more: bevy_egui's upload of new glyphs reaches the screen a
//! frame late, and a window resting on that frame would show a die's face or a new log line with
//! letters missing.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiInput, EguiPostUpdateSet, EguiPreUpdateSet, EguiRenderOutput};

pub struct IdlePlugin;

impl Plugin for IdlePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(bevy::winit::WinitSettings::desktop_app())
            .add_systems(PreUpdate, drop_unchanged_modifiers.after(EguiPreUpdateSet::ProcessInput).before(EguiPreUpdateSet::BeginPass))
            .add_systems(PostUpdate, redraw_after_texture_changes.after(EguiPostUpdateSet::ProcessOutput).before(EguiPostUpdateSet::PostProcessOutput));
    }
}

fn drop_unchanged_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<bevy_egui::egui::Modifiers>>) {
    for mut input in &mut inputs {
        input.0.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(now) => {
                let changed = *last != Some(*now);
                *last = Some(*now);
                changed
            }
            _ => true,
        });
    }
}

fn redraw_after_texture_changes(outputs: Query<&EguiRenderOutput>, mut redraw: MessageWriter<RequestRedraw>) {
    if outputs.iter().any(|o| !o.textures_delta.set.is_empty()) {
        redraw.write(RequestRedraw);
    }
}
