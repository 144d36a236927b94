//! A scripted author for the render test (`play --autopilot DIR --edit RULESET`): from the menu's
//! "New battle" window into the editor on an open field of the ruleset, it paints a wood with the
//! brush, runs a river down the field in one stroke, lays a road across it (a bridge where they
//! meet), raises a hill, puts up a building and a hedge, places a second unit a side (the second
//! side's of a profile of the battle's own army list, made from the one picked), outlines the
//! building and an objective as regions, picks a unit and faces it, saves the battle among one's battles, plays it hotseat and comes back to the editor,
//! with a screenshot of each step. The pointer is pinned on a hex and the left button pressed and
//! released, so the board's own clicks make the edits; the saved file's name is written to
//! `DIR/saved.txt` for the test to validate and play. Natively it then brings up the "Save as…"
//! dialog and saves the battle under `DIR/elsewhere/` as the dialog would. In the page (`?check=editor`) there is no
//! folder: the script takes no screenshot and says in the log what it did, for the web test.

use super::{Editing, Tool};
use crate::battle::AppState;
use crate::editor::Edit;
use crate::hex::{Direction, Ground, Hexside, Offset};
use crate::ui::camera::PinnedHover;
use crate::ui::session::Mode;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;

/// The field the script draws on.
pub const SIZE: (u32, u32) = (14, 10);

enum Act {
    /// Frames to let pass.
    Wait(u32),
    Hover(Offset),
    Press,
    Release,
    Set(fn(&mut Editing)),
    Shot(&'static str),
    /// The menu's "New battle" window, its ruleset and size picked.
    Ask,
    /// Into the editor as the "New battle" window's "Make it" does.
    Make,
    Save,
    Play,
    /// The battle's "Menu", which comes back to the editor.
    Back,
    /// Fails the run unless the battle checks.
    Ready,
    /// The "Save as…" dialog up, for its screenshot, and closed again.
    #[cfg(not(target_arch = "wasm32"))]
    AskSaveAs,
    #[cfg(not(target_arch = "wasm32"))]
    CloseDialog,
    /// Saved as `elsewhere/` the battle's file name under the screenshots' folder, as the
    /// dialog's pick does.
    #[cfg(not(target_arch = "wasm32"))]
    SaveAs,
    Quit,
}

#[derive(Resource)]
struct Pilot {
    dir: Option<PathBuf>,
    ruleset: String,
    acts: std::collections::VecDeque<Act>,
}

/// A click on `at`: the pointer there, the button pressed, then let go.
fn click(at: Offset) -> [Act; 5] {
    [Act::Hover(at), Act::Wait(2), Act::Press, Act::Wait(1), Act::Release]
}

/// A stroke dragged over `way`.
fn drag(way: impl IntoIterator<Item = Offset>) -> Vec<Act> {
    let mut way = way.into_iter();
    let mut acts = Vec::new();
    if let Some(first) = way.next() {
        acts.extend([Act::Hover(first), Act::Wait(2), Act::Press, Act::Wait(1)]);
    }
    for at in way {
        acts.extend([Act::Hover(at), Act::Wait(1)]);
    }
    acts.push(Act::Release);
    acts
}

fn script() -> Vec<Act> {
    let (w, h) = (SIZE.0 as i32, SIZE.1 as i32);
    let mut acts = vec![Act::Wait(20), Act::Ask, Act::Wait(10), Act::Shot("editor-01-new-battle.png"), Act::Make, Act::Wait(30), Act::Shot("editor-02-new.png")];
    acts.push(Act::Set(|e| {
        e.tool = Tool::Ground;
        e.ground = Ground::Forest;
        e.radius = 1;
    }));
    acts.extend(click(Offset(3, 3)));
    acts.push(Act::Set(|e| {
        e.ground = Ground::River;
        e.radius = 0;
    }));
    acts.extend(drag((0..h).map(|r| Offset(9, r))));
    acts.push(Act::Set(|e| {
        e.tool = Tool::Road;
        e.road = true;
    }));
    acts.extend(drag((0..w).map(|c| Offset(c, 5))));
    acts.push(Act::Set(|e| {
        e.tool = Tool::Level;
        e.level = 1;
        e.radius = 1;
    }));
    acts.extend(click(Offset(12, 8)));
    acts.push(Act::Set(|e| {
        e.tool = Tool::Ground;
        e.ground = Ground::Buildings;
        e.radius = 0;
    }));
    acts.extend(click(Offset(4, 7)));
    acts.push(Act::Set(|e| {
        e.tool = Tool::Edge;
        e.feature = Some(Hexside::Hedge);
        e.edit(Edit::Edge { at: Offset(5, 7), side: Direction::N, feature: Some(Hexside::Hedge) });
        e.edit(Edit::Edge { at: Offset(6, 7), side: Direction::N, feature: Some(Hexside::Hedge) });
        e.tool = Tool::Units;
        e.side = 0;
        e.offer = 1.min(e.offers.len().saturating_sub(1));
    }));
    acts.extend(click(Offset(5, h - 2)));
    // A profile of the battle's own, from the one picked, for side 1's second unit.
    acts.push(Act::Set(|e| {
        e.side = 1;
        let s = e.history.now().clone();
        let base = e.offers[e.offer].clone();
        match crate::editor::muster::new_profile(&s, &base) {
            Ok((name, line)) => e.edit(Edit::Profile { list: crate::editor::muster::own_list(&s), name, line: Some(line) }),
            Err(why) => e.notice = why,
        }
    }));
    acts.push(Act::Wait(3));
    // Its first text (a label, or a mark) changed in its form.
    acts.push(Act::Set(|e| {
        let s = e.history.now().clone();
        let list = crate::editor::muster::own_list(&s);
        let Some(line) = s.army_files.iter().find(|(n, _)| *n == list).and_then(|(_, l)| l.profile_lines()).and_then(|l| l.into_iter().next()) else { return };
        let (Some(name), Some(mut fields)) = (crate::army::profile_name(&line), crate::editor::form::Line::read(&line)) else { return };
        let form = crate::editor::muster::profile_form(&s, &fields.head);
        let order: Vec<&str> = form.iter().map(|f| f.name).collect();
        if let Some(text) = form.iter().find(|f| f.kind == crate::editor::form::Kind::Text) {
            fields.set(text.name, Some(crate::editor::form::quoted("Mine")), &order);
            e.edit(Edit::Profile { list, name, line: Some(fields.written()) });
        }
    }));
    acts.push(Act::Set(|e| e.offer = e.offers.iter().position(|o| o.name.ends_with("(mine)")).unwrap_or(usize::MAX)));
    acts.extend(click(Offset(5, 1)));
    // The building's hex made a building holding 4, and an objective of two hexes by the bridge.
    acts.push(Act::Set(|e| {
        e.tool = Tool::Regions;
        e.region = None;
        e.region_kind = crate::hex::RegionKind::Building { size: 4 };
    }));
    acts.extend(click(Offset(4, 7)));
    acts.push(Act::Set(|e| {
        e.region = None;
        e.region_kind = crate::hex::RegionKind::Objective;
    }));
    acts.extend(click(Offset(10, 4)));
    acts.extend(click(Offset(10, 5)));
    acts.extend([Act::Wait(10), Act::Ready, Act::Shot("editor-03-field.png")]);
    // The unit just placed for side 0, dragged a hex east, picked, faced toward the enemy's right.
    acts.push(Act::Set(|e| {
        e.tool = Tool::Units;
        e.picked = None;
    }));
    acts.extend(drag([Offset(5, h - 2), Offset(6, h - 2)]));
    acts.push(Act::Set(|e| e.picked = None));
    acts.extend(click(Offset(6, h - 2)));
    acts.push(Act::Set(|e| {
        if let Some(id) = e.picked.filter(|_| crate::editor::muster::faces(e.history.now())) {
            e.edit(Edit::Unit(crate::editor::muster::UnitEdit::Face { id, facing: Direction::NE }));
        }
    }));
    acts.extend([Act::Wait(10), Act::Shot("editor-04-unit.png"), Act::Save, Act::Wait(5), Act::Shot("editor-05-saved.png"), Act::Play, Act::Wait(60), Act::Shot("editor-06-play.png")]);
    acts.extend([Act::Back, Act::Wait(40), Act::Shot("editor-07-back.png"), Act::Wait(10)]);
    #[cfg(not(target_arch = "wasm32"))]
    acts.extend([Act::AskSaveAs, Act::Wait(20), Act::Shot("editor-08-save-as.png"), Act::Wait(5), Act::CloseDialog, Act::SaveAs]);
    // The battle's rules in the panel, the tools' own settings short.
    acts.push(Act::Set(|e| {
        e.tool = Tool::Edge;
        e.picked = None;
    }));
    acts.extend([Act::Wait(10), Act::Shot("editor-09-rules.png"), Act::Wait(10)]);
    acts.push(Act::Quit);
    acts
}

pub fn install(app: &mut App, dir: Option<PathBuf>, ruleset: String) {
    app.insert_resource(Pilot { dir, ruleset, acts: script().into() }).add_systems(Update, drive.before(super::pointer::board_clicks));
}

fn fail(world: &mut World, why: String) {
    error!("strategos: the editor's script failed: {why}");
    if let Some(dir) = world.resource::<Pilot>().dir.clone() {
        let _ = std::fs::write(dir.join("failed.txt"), &why);
    }
    world.write_message(AppExit::error());
}

fn drive(world: &mut World) {
    let Some(act) = world.resource_mut::<Pilot>().acts.pop_front() else { return };
    match act {
        Act::Wait(n) => {
            if n > 1 {
                world.resource_mut::<Pilot>().acts.push_front(Act::Wait(n - 1));
            }
        }
        Act::Hover(at) => {
            world.insert_resource(PinnedHover(Some(at.to_hex())));
        }
        Act::Press => world.resource_mut::<ButtonInput<MouseButton>>().press(MouseButton::Left),
        Act::Release => world.resource_mut::<ButtonInput<MouseButton>>().release(MouseButton::Left),
        Act::Set(f) => match world.get_resource_mut::<Editing>() {
            Some(mut e) => f(&mut e),
            None => fail(world, "not in the editor".into()),
        },
        Act::Shot(name) => {
            if let Some(dir) = world.resource::<Pilot>().dir.clone() {
                world.spawn(Screenshot::primary_window()).observe(save_to_disk(dir.join(name)));
            }
        }
        Act::Ask => {
            let ruleset = world.resource::<Pilot>().ruleset.clone();
            world.resource_mut::<crate::ui::menu::MenuChoice>().new_battle = Some((ruleset, SIZE.0, SIZE.1));
        }
        Act::Make => {
            let ruleset = world.resource::<Pilot>().ruleset.clone();
            world.resource_mut::<crate::ui::menu::MenuChoice>().new_battle = None;
            match crate::editor::muster::new_battle(&ruleset, SIZE.0, SIZE.1) {
                Ok(s) => super::open(world, s, None),
                Err(e) => fail(world, e),
            }
        }
        Act::Ready => {
            let problem = world.get_resource::<Editing>().map(|e| e.checked.problem.clone());
            match problem {
                Some(None) => {}
                Some(Some(p)) => fail(world, format!("the battle drawn does not check: {}", p.message)),
                None => fail(world, "not in the editor".into()),
            }
        }
        Act::Save => {
            let Some(mut e) = world.get_resource_mut::<Editing>() else { return fail(world, "not in the editor".into()) };
            let said = super::panel::save(&mut e);
            e.notice = said.clone().unwrap_or_else(|why| why);
            match (e.file.clone(), said) {
                (Some(file), Ok(_)) => {
                    if let Some(dir) = world.resource::<Pilot>().dir.clone() {
                        let _ = std::fs::write(dir.join("saved.txt"), file);
                    }
                }
                (_, said) => fail(world, said.unwrap_or_else(|why| why)),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        Act::AskSaveAs => super::files::ask_save_as(world),
        #[cfg(not(target_arch = "wasm32"))]
        Act::CloseDialog => *world.resource_mut::<super::files::BattleFile>() = default(),
        #[cfg(not(target_arch = "wasm32"))]
        Act::SaveAs => {
            let Some(dir) = world.resource::<Pilot>().dir.clone() else { return };
            let mut e = world.resource_mut::<Editing>();
            let path = dir.join("elsewhere").join(format!("{}.ron", e.history.now().id));
            let said = std::fs::create_dir_all(path.parent().unwrap_or(&dir)).map_err(|err| err.to_string()).and_then(|()| super::files::save_as(&mut e, &path));
            if let Err(why) = said {
                fail(world, why);
            }
        }
        Act::Play => {
            let s = world.resource::<Editing>().history.now().clone();
            super::panel::play(world, s, Mode::Hotseat);
            if !world.resource::<Editing>().playing {
                let said = world.resource::<Editing>().notice.clone();
                fail(world, format!("the battle did not start: {said}"));
            }
        }
        Act::Back => {
            world.remove_resource::<PinnedHover>();
            world.resource_mut::<NextState<AppState>>().set(AppState::Menu);
        }
        Act::Quit => {
            if *world.resource::<State<AppState>>().get() != AppState::Editor {
                return fail(world, format!("after the battle, {:?} rather than the editor", world.resource::<State<AppState>>().get()));
            }
            let (ruleset, e) = (world.resource::<Pilot>().ruleset.clone(), world.resource::<Editing>());
            info!("strategos: editor check: {ruleset}: the battle drawn checks, {}, was played hotseat and left for the editor again", e.notice);
            // The page stays up for the test to look at.
            if cfg!(not(target_arch = "wasm32")) {
                world.write_message(AppExit::Success);
            }
        }
    }
}
