//! Where the window's controls were drawn in the last frame, by name, so the layout check (the
//! render test, at 1024x768 and 1280x800) can see that every one of them lies inside the window.

use bevy::prelude::*;
use bevy_egui::egui;

#[derive(Resource, Default, Clone, Debug)]
pub struct Placed {
    /// The window, in the same logical pixels as the controls.
    pub window: Option<egui::Rect>,
    pub controls: Vec<(&'static str, egui::Rect)>,
}

impl Placed {
    /// A new frame of a screen: its controls are noted again as they are drawn.
    pub fn begin(&mut self, ctx: &egui::Context) {
        self.window = Some(ctx.viewport_rect());
        self.controls.clear();
    }

    pub fn note(&mut self, name: &'static str, response: &egui::Response) {
        self.controls.push((name, response.rect));
    }

    /// A control in a scrolling list, noted only where the list shows it: one scrolled out of
    /// view is reached by scrolling, not lost off the window.
    pub fn note_visible(&mut self, ui: &egui::Ui, name: &'static str, response: &egui::Response) {
        if ui.clip_rect().intersects(response.rect) {
            self.note(name, response);
        }
    }

    /// The controls drawn past the window's edges, with where they were.
    pub fn outside(&self) -> Vec<String> {
        let Some(window) = self.window else { return vec!["no screen was drawn".into()] };
        // Half a pixel of slack for rounding at the edges.
        let inside = window.expand(0.5);
        self.controls.iter().filter(|(_, r)| !inside.contains_rect(*r)).map(|(name, r)| format!("{name} at {r:?} in a window of {window:?}")).collect()
    }
}
