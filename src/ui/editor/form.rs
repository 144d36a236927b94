//! The editor's forms: a unit's line, or a profile's of the battle's own army list, as a grid of
//! its fields, each with a control for what it allows (a number within its bounds, a list of the
//! ruleset's names, switches, a text), and a way to leave a field out (its default, or its
//! base's). What a form changes is one edit; dragging a number is one edit however far.

use super::{Editing, Typed};
use crate::editor::Edit;
use crate::editor::form::{Field, Kind, Line, items, list, new_row, number, quoted, shown, text, unwrapped};
use crate::editor::muster::Offer;
use bevy_egui::egui;

/// What a form is drawn with: the battle's sides and offered profiles, what a field left out is
/// called, and the values such fields take where they are known (a profile's base's).
pub struct Context<'a> {
    pub sides: &'a [String],
    pub offers: &'a [Offer],
    pub left_out: &'a str,
    pub inherited: &'a [(String, String)],
}

impl Context<'_> {
    /// What a field left out shows: what it is called, and the value it takes where known.
    fn left_out<'f>(&'f self, field: &'f Field) -> (String, Option<&'f str>) {
        match self.inherited.iter().find(|(n, _)| n == field.name).map(|(_, v)| v.as_str()).or(field.default) {
            Some(v) => (format!("{}: {}", self.left_out, shown(v)), Some(v)),
            None => (self.left_out.to_string(), None),
        }
    }
}

/// A line changed in a form: its text, and the field whose number is being dragged (so that the
/// field's next change joins this one's edit).
pub struct Changed {
    pub line: String,
    pub dragged: Option<&'static str>,
}

/// Draws `fields` of `line` in a grid named after `of`; the line changed, if it was.
pub fn form(ui: &mut egui::Ui, e: &mut Editing, of: &Typed, fields: &[Field], line: &str, cx: &Context) -> Option<Changed> {
    let mut line = Line::read(line)?;
    let order: Vec<&str> = fields.iter().map(|f| f.name).collect();
    // A part's units, for the rows that name one.
    let units: Vec<Line> = line.get("units").map(items).unwrap_or_default().iter().filter_map(|u| Line::read(u)).collect();
    let mut changes: Vec<(&str, Option<String>)> = Vec::new();
    let mut dragged = None;
    egui::Grid::new(("form", format!("{of:?}"))).num_columns(3).striped(true).show(ui, |ui| {
        for f in fields {
            let now = line.get(f.name).map(str::to_string);
            let label = ui.label(f.name.replace('_', " "));
            if !f.help.is_empty() {
                label.on_hover_text(f.help);
            }
            let typed = Typed::Field(Box::new(of.clone()), f.name);
            // A unit's profile comes with the list (warband, army) it is in, where the line names both.
            let list_field = fields.iter().find(|g| g.kind == Kind::OfferedList).map(|g| g.name);
            let list_now = list_field.and_then(|l| line.get(l)).and_then(text);
            let mut picked_list = None;
            if let Some((value, drag)) = control(ui, e, typed, f, now.as_deref(), cx, &units, (list_now.as_deref(), &mut picked_list)) {
                dragged = dragged.or(drag.then_some(f.name));
                changes.push((f.name, value));
                if let (Some(list_field), Some(list)) = (list_field, picked_list) {
                    changes.push((list_field, Some(quoted(&list))));
                }
            }
            // A list's rows are removed one by one, not the list.
            if now.is_some() && !f.required && !matches!(f.kind, Kind::Rows { .. }) {
                if ui.small_button("×").on_hover_text(format!("Leave it out: {}", cx.left_out)).clicked() {
                    changes.push((f.name, None));
                }
            } else {
                ui.label("");
            }
            ui.end_row();
        }
    });
    if changes.is_empty() {
        return None;
    }
    for (name, value) in changes {
        line.set(name, value, &order);
    }
    Some(Changed { line: line.written(), dragged })
}

/// The control of one field: its new value (`None` to leave it out) and whether a number was
/// dragged, once changed.
/// `in_list`: the list the line names its profile in, and where a profile picked says its own.
#[allow(clippy::too_many_arguments)]
fn control(ui: &mut egui::Ui, e: &mut Editing, typed: Typed, f: &Field, now: Option<&str>, cx: &Context, units: &[Line], in_list: (Option<&str>, &mut Option<String>)) -> Option<(Option<String>, bool)> {
    let changed = |v: String| Some((Some(v), false));
    match &f.kind {
        Kind::Number { least, most } => match now.and_then(number) {
            Some(mut n) => {
                // A value written beyond the bounds is shown as written, not changed by drawing it.
                let drag = ui.add(egui::DragValue::new(&mut n).range(*least..=*most).clamp_existing_to_range(false)).on_hover_text(format!("{least} to {most}"));
                drag.changed().then(|| (Some(n.to_string()), drag.dragged()))
            }
            None => {
                let (said, value) = cx.left_out(f);
                let start = value.and_then(number).unwrap_or(*least).clamp(*least, *most);
                ui.button(said).on_hover_text(format!("Give it a value of its own: {least} to {most}")).clicked().then(|| (Some(start.to_string()), false))
            }
        },
        Kind::Choice(values) => {
            let mut picked = None;
            let selected = now.map_or_else(|| cx.left_out(f).0, shown);
            egui::ComboBox::from_id_salt(("choice", format!("{typed:?}"))).selected_text(selected).show_ui(ui, |ui| {
                for v in values {
                    if ui.selectable_label(now.map(unwrapped) == Some(v.as_str()), shown(v)).clicked() {
                        picked = Some(v.clone());
                    }
                }
            });
            picked.and_then(changed)
        }
        Kind::Several(values) => {
            // Left out, the base's are shown: a change writes the list whole, from them.
            let had = now.or(cx.left_out(f).1).map(items).unwrap_or_default();
            let mut toggled = None;
            ui.horizontal_wrapped(|ui| {
                for v in values {
                    let mut on = had.contains(v);
                    if ui.checkbox(&mut on, shown(v)).changed() {
                        toggled = Some(v.clone());
                    }
                }
                // What the form cannot offer (a trait that carries a value) is kept as written.
                for other in had.iter().filter(|h| !values.contains(h)) {
                    ui.monospace(other);
                }
            });
            // In the order written (a unit deploys in its first formation), the new one last.
            let v = toggled?;
            let mut after = had.clone();
            match after.iter().position(|h| *h == v) {
                Some(i) => {
                    after.remove(i);
                }
                None => after.push(v),
            }
            changed(list(&after))
        }
        Kind::Flag => {
            let mut on = now.or(cx.left_out(f).1).map(unwrapped) == Some("true");
            ui.checkbox(&mut on, "").changed().then(|| (Some(on.to_string()), false))
        }
        Kind::Side => {
            let mut side = now.and_then(number).unwrap_or(0);
            let mut picked = false;
            ui.horizontal(|ui| {
                for (i, name) in cx.sides.iter().enumerate() {
                    picked |= ui.radio_value(&mut side, i as i64, name).changed();
                }
            });
            picked.then(|| (Some(side.to_string()), false))
        }
        Kind::Offered => {
            let name = now.and_then(text);
            let (list_now, picked_list) = in_list;
            let is = |o: &Offer| name.as_deref() == Some(o.name.as_str()) && list_now.is_none_or(|l| l == o.list);
            let mut picked = None;
            let selected = name.as_deref().map_or_else(|| cx.left_out(f).0, |n| cx.offers.iter().find(|o| is(o)).map_or(n.to_string(), |o| o.label.clone()));
            egui::ComboBox::from_id_salt(("offered", format!("{typed:?}"))).selected_text(selected).width(ui.available_width().max(120.0)).truncate().show_ui(ui, |ui| {
                for o in cx.offers {
                    if ui.selectable_label(is(o), &o.label).clicked() {
                        picked = Some(quoted(&o.name));
                        *picked_list = Some(o.list.clone());
                    }
                }
            });
            picked.and_then(changed)
        }
        Kind::OfferedList => {
            ui.label(now.and_then(text).unwrap_or_default()).on_hover_text("Set with the profile");
            None
        }
        Kind::Text => {
            let was = now.and_then(text).unwrap_or_default();
            let typed = super::panel::typed_field(ui, e, typed, &was, false, &cx.left_out(f).0)?;
            Some(((!typed.is_empty() || f.required).then(|| quoted(&typed)), false))
        }
        Kind::Rows { fields, new } => rows(ui, e, &typed, fields, new, now, cx, units),
        Kind::Written => {
            let was = now.unwrap_or_default().to_string();
            let typed = super::panel::typed_field(ui, e, typed, &was, false, &cx.left_out(f).0)?;
            let typed = typed.trim().to_string();
            Some(((!typed.is_empty() || f.required).then_some(typed), false))
        }
    }
}

/// A list of structs, each row a form of `fields` with its removal, and a button that adds one
/// written `new`: the list changed, and whether a number was dragged.
#[allow(clippy::too_many_arguments)]
fn rows(ui: &mut egui::Ui, e: &mut Editing, typed: &Typed, fields: &[Field], new: &str, now: Option<&str>, cx: &Context, units: &[Line]) -> Option<(Option<String>, bool)> {
    let rows: Vec<Line> = now.map(items).unwrap_or_default().iter().filter_map(|r| Line::read(r)).collect();
    let mut after = rows.clone();
    let (mut changed, mut dragged, mut removed) = (false, false, None);
    let row_cx = Context { sides: cx.sides, offers: cx.offers, left_out: "default", inherited: &[] };
    ui.vertical(|ui| {
        for (i, row) in rows.iter().enumerate() {
            let title = row.get("name").and_then(text).unwrap_or_else(|| format!("{}", i + 1));
            egui::CollapsingHeader::new(title).id_salt(("row", format!("{typed:?}"), i)).show(ui, |ui| {
                let of = Typed::Row(Box::new(typed.clone()), i);
                if let Some(c) = form(ui, e, &of, fields, &row.written(), &row_cx) {
                    if let Some(l) = Line::read(&c.line) {
                        after[i] = l;
                        changed = true;
                        dragged |= c.dragged.is_some();
                    }
                }
                if ui.small_button("Remove").clicked() {
                    removed = Some(i);
                }
            });
        }
        if ui.small_button("Add one").clicked() {
            if let Some(l) = Line::read(&new_row(new, &rows, units)) {
                after.push(l);
                changed = true;
            }
        }
    });
    if let Some(i) = removed {
        after.remove(i);
        changed = true;
    }
    changed.then(|| (Some(list(&after.iter().map(Line::written).collect::<Vec<_>>())), dragged))
}

impl Editing {
    /// A drag of a form's number ends when the button is let go: the next is an edit of its own.
    pub fn drag_ended(&mut self) {
        self.dragging = None;
    }

    /// Makes `edit`, a change from the form of `of`: while a number of the same field is
    /// dragged, each change joins the first one's edit.
    pub fn edit_from_form(&mut self, of: &Typed, edit: Edit, dragged: Option<&'static str>) {
        let field = dragged.map(|name| Typed::Field(Box::new(of.clone()), name));
        let joins = field.is_some() && self.dragging.as_ref().is_some_and(|(f, d)| Some(f) == field.as_ref() && *d == self.history.depth() && !self.history.can_redo());
        let before = self.history.depth();
        let result = if joins { self.history.amend(|s| edit.apply(s)) } else { self.history.change(|s| edit.apply(s)) };
        match result {
            // A first change that changed nothing has no edit of its own for the drag to join.
            Ok(()) => self.dragging = field.filter(|_| joins || self.history.depth() > before).map(|f| (f, self.history.depth())),
            Err(why) => {
                self.dragging = None;
                self.notice = why;
            }
        }
    }
}
