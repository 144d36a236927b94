//! The window's battle files beyond one's battles folder: "Open…" reads a battle from any file
//! into the editor, "Save as…" writes the battle being edited to any file, its own army lists
//! beside it (as a battle file names them). A file dialog drawn in egui over the menu or the
//! editor; the page has its file picker and its download instead.

use super::Editing;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_file_dialog::FileDialog;
use std::path::{Path, PathBuf};

/// The file dialog while it is up, and what the file picked is for.
#[derive(Resource, Default)]
pub struct BattleFile {
    dialog: Option<(FileDialog, Purpose)>,
}

#[derive(Clone, Copy)]
enum Purpose {
    Open,
    SaveAs,
}

const FILTER: &str = "Battles (.ron)";

fn dialog(title: &str) -> FileDialog {
    FileDialog::new()
        .title(title)
        .initial_directory(crate::battles::dir())
        .add_file_filter_extensions(FILTER, vec!["ron"])
        .default_file_filter(FILTER)
        .add_save_extension(FILTER, "ron")
        .default_save_extension(FILTER)
}

/// Asks for a battle file to open in the editor.
pub fn ask_open(world: &mut World) {
    let mut d = dialog("Open a battle");
    d.pick_file();
    world.resource_mut::<BattleFile>().dialog = Some((d, Purpose::Open));
}

/// Asks where to save the battle being edited.
pub fn ask_save_as(world: &mut World) {
    let Some(name) = world.get_resource::<Editing>().map(|e| format!("{}.ron", e.history.now().id)) else { return };
    let mut d = dialog("Save the battle as").default_file_name(&name);
    d.save_file();
    world.resource_mut::<BattleFile>().dialog = Some((d, Purpose::SaveAs));
}

/// Draws the dialog while it is up, and does what the file picked is for.
pub fn show(mut contexts: EguiContexts, mut file: ResMut<BattleFile>, mut commands: Commands) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some((dialog, purpose)) = file.dialog.as_mut() else { return Ok(()) };
    let purpose = *purpose;
    let picked = dialog.update(ctx).picked().map(Path::to_path_buf);
    let open = matches!(dialog.state(), egui_file_dialog::DialogState::Open);
    if picked.is_some() || !open {
        file.dialog = None;
    }
    if let Some(path) = picked {
        commands.queue(move |world: &mut World| match purpose {
            Purpose::Open => open_file(world, &path),
            Purpose::SaveAs => {
                if let Some(mut e) = world.get_resource_mut::<Editing>() {
                    e.notice = save_as(&mut e, &path).unwrap_or_else(|why| why);
                }
            }
        });
    }
    Ok(())
}

/// Opens the battle of `path` in the editor, or says in the editor (or the menu) why not.
fn open_file(world: &mut World, path: &Path) {
    if world.get_resource::<Editing>().is_some_and(|e| e.history.modified()) {
        world.resource_mut::<Editing>().notice = "The battle has changes that are not saved: save it first, or leave it by the Menu".into();
        return;
    }
    match crate::scenario::load(path) {
        Ok((s, _)) => {
            super::open(world, s, None);
            world.resource_mut::<Editing>().path = Some(path.to_path_buf());
        }
        Err(e) => match world.get_resource_mut::<Editing>() {
            Some(mut editing) => editing.notice = e.to_string(),
            None => world.resource_mut::<crate::ui::menu::MenuChoice>().error = e.to_string(),
        },
    }
}

/// Writes the battle to `path`, its own army lists beside it; from then on Save writes there.
/// A list's file already there, other than the one this battle wrote there last, is not replaced.
pub fn save_as(e: &mut Editing, path: &Path) -> Result<String, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let ours = e.path.as_deref().and_then(Path::parent) == Some(dir);
    for (name, list) in &e.history.now().army_files {
        let beside = dir.join(name);
        if beside == path {
            return Err(format!("Not saved: {} is the battle's own army list; name the battle otherwise", path.display()));
        }
        let other = std::fs::read_to_string(&beside).is_ok_and(|text| *text != *list.file.text);
        if other && !ours {
            return Err(format!("Not saved: {} is there already, and is not this battle's list; save it in another folder", beside.display()));
        }
    }
    let write = |p: PathBuf, text: &str| std::fs::write(&p, text).map_err(|err| format!("Not saved: {}: {err}", p.display()));
    for (name, list) in &e.history.now().army_files {
        write(dir.join(name), &list.file.text)?;
    }
    write(path.to_path_buf(), &crate::scenario::to_ron(e.history.now()))?;
    e.history.saved();
    e.path = Some(path.to_path_buf());
    Ok(format!("Saved as {}", path.display()))
}

/// The editor's "Open…" and "Save as…" buttons.
pub fn buttons(ui: &mut egui::Ui, commands: &mut Commands) {
    if ui.button("Open…").on_hover_text("Open a battle file from anywhere").clicked() {
        commands.queue(ask_open);
    }
    if ui.button("Save as…").on_hover_text("Save the battle to a file of your choice, its own army lists beside it").clicked() {
        commands.queue(ask_save_as);
    }
}
