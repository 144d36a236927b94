//! Board shapes tessellated once and added again, as meshes, every frame until what they show
//! changes: egui would otherwise tessellate every counter, highlight and text anew each frame.

use bevy_egui::egui;
use std::sync::Arc;

/// Parts of a painting (drawn in order, other shapes may go between them) with what they show
/// (`K`): their paths, fills and strokes tessellated into meshes, their texts kept as laid out.
/// A text's glyphs are fractions of the font atlas, which grows as any text in the frame needs, so
/// egui places them at the end of each frame (a copy of each glyph's quad); small filled circles are
/// tessellated as paths rather than from the atlas's discs for the same reason.
pub struct Baked<K> {
    shown: Option<K>,
    fonts: Option<Arc<egui::Galley>>,
    parts: Vec<Vec<egui::Shape>>,
}

impl<K> Default for Baked<K> {
    fn default() -> Self {
        Baked { shown: None, fonts: None, parts: Vec::new() }
    }
}

/// A galley egui lays out anew once it has rebuilt its font atlas (it does when the atlas is almost
/// full, and every glyph then moves): the texts kept from before are then stale.
fn probe(ctx: &egui::Context) -> Arc<egui::Galley> {
    ctx.fonts_mut(|f| f.layout_no_wrap("0".into(), egui::FontId::monospace(7.0), egui::Color32::WHITE))
}

impl<K: PartialEq> Baked<K> {
    /// Whether the parts baked still show `shown`, their texts in today's atlas. Asked every frame:
    /// the probe stays in egui's galley cache only while it is laid out every frame.
    pub fn holds(&self, ctx: &egui::Context, shown: &K) -> bool {
        let fonts = probe(ctx);
        self.shown.as_ref() == Some(shown) && self.fonts.as_ref().is_some_and(|f| Arc::ptr_eq(f, &fonts))
    }

    /// Bakes anew: `paint` paints each part, in order, into a layer of its own, then the part's
    /// shapes between its texts are tessellated as egui would at the end of the frame.
    pub fn bake(&mut self, ctx: &egui::Context, clip: egui::Rect, shown: K, parts: &mut [&mut dyn FnMut(&egui::Painter)]) {
        let options = ctx.tessellation_options(|o| *o);
        let mut tessellator = egui::epaint::Tessellator::new(ctx.pixels_per_point(), options, ctx.fonts(|f| f.font_image_size()), Vec::new());
        tessellator.set_clip_rect(clip);
        self.parts.clear();
        for paint in parts.iter_mut() {
            let layer = egui::LayerId::new(egui::Order::Background, egui::Id::new("baked board part"));
            paint(&egui::Painter::new(ctx.clone(), layer, clip));
            let painted = ctx.graphics_mut(|g| std::mem::take(g.entry(layer)));
            let mut part = Vec::new();
            let mut mesh = egui::Mesh::default();
            for clipped in painted.all_entries() {
                match &clipped.shape {
                    egui::Shape::Text(_) => {
                        if !mesh.is_empty() {
                            part.push(egui::Shape::mesh(std::mem::take(&mut mesh)));
                        }
                        part.push(clipped.shape.clone());
                    }
                    shape => tessellator.tessellate_shape(shape.clone(), &mut mesh),
                }
            }
            if !mesh.is_empty() {
                part.push(egui::Shape::mesh(mesh));
            }
            self.parts.push(part);
        }
        self.shown = Some(shown);
        self.fonts = Some(probe(ctx));
    }

    /// Adds part `i`'s meshes and texts to `painter`: egui only copies them.
    pub fn add(&self, painter: &egui::Painter, i: usize) {
        for shape in self.parts.get(i).into_iter().flatten() {
            painter.add(shape.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(ctx: &egui::Context) -> Vec<&'static str> {
        ctx.graphics(|g| g.get(egui::LayerId::background()).map_or(Vec::new(), |l| l.all_entries().map(|c| if matches!(c.shape, egui::Shape::Text(_)) { "text" } else { "mesh" }).collect()))
    }

    fn die(p: &egui::Painter) {
        let c = egui::pos2(50.0, 50.0);
        p.rect_filled(egui::Rect::from_center_size(c, egui::vec2(30.0, 30.0)), 4.0, egui::Color32::WHITE);
        p.text(c, egui::Align2::CENTER_CENTER, "F", egui::FontId::proportional(15.0), egui::Color32::BLACK);
        p.circle_filled(c + egui::vec2(12.0, 12.0), 3.0, egui::Color32::RED);
        p.circle_stroke(c, 20.0, egui::Stroke::new(2.0, egui::Color32::RED));
    }

    #[test]
    fn a_baked_part_keeps_its_order_its_texts_laid_out_and_holds_until_what_it_shows_changes() {
        let ctx = egui::Context::default();
        let mut baked: Baked<u32> = Baked::default();
        ctx.begin_pass(egui::RawInput::default());
        assert!(!baked.holds(&ctx, &1), "nothing baked yet");
        baked.bake(&ctx, ctx.content_rect(), 1, &mut [&mut die, &mut |_: &egui::Painter| {}]);
        baked.add(&ctx.layer_painter(egui::LayerId::background()), 0);
        baked.add(&ctx.layer_painter(egui::LayerId::background()), 1);
        assert_eq!(kinds(&ctx), ["mesh", "text", "mesh"], "the face, its letter, then the spot and the ring");
        assert!(ctx.graphics(|g| g.get(egui::LayerId::new(egui::Order::Background, egui::Id::new("baked board part"))).is_none_or(|l| l.is_empty())), "the layer baked in is left empty");
        let _ = ctx.end_pass();
        ctx.begin_pass(egui::RawInput::default());
        assert!(baked.holds(&ctx, &1), "the next frame shows the same");
        assert!(!baked.holds(&ctx, &2), "something else is shown");
        let _ = ctx.end_pass();
    }
}
