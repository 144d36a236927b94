//! The panels around the board: the top bar (turn, phase, whose decision, end phase, undo, save),
//! the side panel (hovered terrain, the selected unit's card, the odds of the hovered attack, the
//! options of a pending decision, the log), the hotseat hand-off curtain, the victory window, and
//! the replay viewer's controls.

use super::camera::Hovered;
use super::input::{LegalNow, Selection};
use super::overlay::{armour_colour, class_mark, side_colour};
use super::session::{Mode, Session, can_undo, human_to_decide, undo};
use super::stage::{Film, Origin, Stage, Stride};
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::battle::{AppState, Battle, Ruleset, Side, UnitId};
use crate::rules::thucydide::data::{Mobility, tables};
use crate::rules::thucydide::describe::command_label;
use crate::rules::thucydide::odds::{Odds, attack_odds};
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

type B = Battle<Thucydide>;

/// Rolls sampled for the odds shown before an attack.
pub const ODDS_SAMPLES: u32 = 2000;

/// In hotseat, the side the board is hidden from until its player clicks.
#[derive(Resource, Default)]
pub struct Curtain(pub Option<Side>);

/// The odds last computed, for the attack they belong to.
#[derive(Resource, Default)]
pub struct OddsCache(pub Option<((UnitId, UnitId, bool, usize), Odds)>);

/// A line under the top bar saying what just happened to a save, a load or an undo.
#[derive(Resource, Default)]
pub struct Notice(pub String);

pub struct PanelsPlugin;

impl Plugin for PanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Curtain>()
            .init_resource::<OddsCache>()
            .init_resource::<Notice>()
            .add_systems(EguiPrimaryContextPass, (battle_panels, curtain_and_victory).chain().run_if(in_state(AppState::Battle).and_then(resource_exists::<BattleView<Thucydide>>)))
            .add_systems(EguiPrimaryContextPass, replay_panels.run_if(in_state(AppState::Replay).and_then(resource_exists::<Film<Thucydide>>)))
            .add_systems(Update, fresh_panels.in_set(BattleSet::Resolve))
            .add_systems(Update, hand_off.in_set(BattleSet::Play).run_if(resource_exists::<BattleView<Thucydide>>));
    }
}

/// A new battle opens without a curtain and without the last battle's notice.
fn fresh_panels(mut started: MessageReader<super::session::BattleStarted>, mut curtain: ResMut<Curtain>, mut notice: ResMut<Notice>) {
    if started.read().count() > 0 {
        curtain.0 = None;
        notice.0.clear();
    }
}

/// A Ui over the whole window in egui's background layer, to hold the panels.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(ctx.clone(), "root".into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()))
}

/// Tells the camera and the input what is left for the board once the panels are placed.
fn leave_board(root: &egui::Ui, area: &mut super::camera::BoardArea) {
    let r = root.available_rect_before_wrap();
    area.0 = (r.width() > 1.0 && r.height() > 1.0).then(|| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
}

fn side_name(b: &B, s: Side) -> String {
    b.sides[s.index()].name.clone()
}

fn top_bar(ui: &mut egui::Ui, b: &B) {
    ui.heading(format!("Turn {} / {}", b.turn, b.last_turn));
    ui.separator();
    ui.colored_label(side_colour(b.active), format!("{} to play", side_name(b, b.active)));
    ui.separator();
    ui.label(format!("{:?} phase", b.global.phase));
    ui.separator();
    ui.label(format!("Order tokens: {} {} · {} {}", side_name(b, Side(0)), b.global.order_tokens[0], side_name(b, Side(1)), b.global.order_tokens[1]));
}

fn terrain_card(ui: &mut egui::Ui, b: &B, hex: crate::hex::Hex) {
    let t = b.map.at(hex);
    let rule = tables().terrain.ground(t.ground);
    let cost = |m: Mobility| rule.cost(m).map_or("impassable".to_string(), |c| format!("{c}"));
    ui.strong(format!("{:?}{}{} at {}", t.ground, if t.road { ", road" } else { "" }, if t.level > 0 { format!(", hill level {}", t.level) } else { String::new() }, crate::hex::Offset::from_hex(hex)));
    ui.label(format!(
        "Move cost: foot {}, mounted {}, elephants {}, artillery {}{}",
        cost(Mobility::Foot),
        cost(Mobility::Mounted),
        cost(Mobility::Elephant),
        cost(Mobility::Artillery),
        if t.road { " (road: cheaper along it)" } else { "" }
    ));
    if let Some(limit) = rule.dice_limit {
        ui.label(format!("Combat dice limited to {limit} here"));
    }
    if t.ground.masks_sight() {
        ui.label("Blocks line of sight");
    }
    if rule.defender_supported {
        ui.label("A defender here counts as supported");
    }
}

fn unit_card(ui: &mut egui::Ui, b: &B, id: UnitId) {
    let Some(u) = b.unit(id) else { return };
    let p = u.state.profile();
    ui.horizontal(|ui| {
        ui.colored_label(side_colour(u.side), format!("{} · {}", side_name(b, u.side), class_mark(p.class)));
        ui.colored_label(armour_colour(p.armour), format!("■ {:?} armour", p.armour));
    });
    ui.strong(format!("{} #{}", p.label, id.0));
    ui.label(format!("Fire {} (range {}) · Assault {} · Melee {} · Move {}", p.fire, p.range, p.assault, p.melee, p.movement));
    ui.label(format!("Strength {} of {}", u.strength, u.state.full_strength));
    if !p.traits.is_empty() {
        ui.label(format!("Traits: {:?}", p.traits));
    }
    let s = &u.state;
    let mut state = Vec::new();
    if s.panicked {
        state.push("panicking".to_string());
    }
    if s.activated {
        state.push("activated".into());
    }
    if let Some(m) = s.moved {
        state.push(format!("moved ({m:?})"));
    }
    if s.fought {
        state.push("has attacked".into());
    }
    if !state.is_empty() {
        ui.label(state.join(", "));
    }
    for l in b.global.leaders.iter().filter(|l| l.unit == Some(id)) {
        ui.label(format!("Led by {} ({:?})", l.name, l.rank));
    }
}

fn odds_card(ui: &mut egui::Ui, odds: &Odds) {
    ui.strong("If you attack:");
    ui.label(format!("Expected losses inflicted: {:.2}", odds.expected_losses));
    ui.label(format!("Chance the target falls back: {:.0}%", odds.retreat * 100.0));
    ui.label(format!("Chance to destroy it: {:.0}%", odds.destroyed * 100.0));
    ui.small(format!("({} rolls through the rules; Shift-click for an attack order)", odds.samples));
}

fn log_lines(ui: &mut egui::Ui, stage: &Stage<Thucydide>) {
    egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
        for line in stage.lines.iter().rev().take(400).rev() {
            ui.label(egui::RichText::new(line).size(12.5));
        }
    });
}

#[allow(clippy::too_many_arguments)]
pub fn battle_panels(
    mut contexts: EguiContexts,
    view: Res<BattleView<Thucydide>>,
    log: Res<EventLog<Thucydide>>,
    legal_now: Res<LegalNow>,
    mut stage: ResMut<Stage<Thucydide>>,
    session: Res<Session>,
    hovered: Res<Hovered>,
    mut selection: ResMut<Selection>,
    mut odds: ResMut<OddsCache>,
    mut notice: ResMut<Notice>,
    mut inbox: ResMut<CommandInbox<Thucydide>>,
    mut area: ResMut<super::camera::BoardArea>,
    curtain: Res<Curtain>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let caught_up = stage.caught_up(&log.events);
    let deciding = Thucydide::deciding_side(&view.0);
    let person = human_to_decide(&view.0, session.mode).is_some() && caught_up && inbox.0.is_empty();
    let mut skip = false;
    let b = &stage.shown;
    if curtain.0.is_some() {
        area.0 = None;
        return Ok(());
    }
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            top_bar(ui, b);
            ui.separator();
            if ui.add_enabled(person && view.0.global.agenda.is_empty(), egui::Button::new("End phase (E)")).clicked() {
                inbox.0.push_back(Command::EndPhase);
                selection.0 = None;
            }
            if ui.add_enabled(person && can_undo(&log, session.mode, &view.0), egui::Button::new("Undo (U)")).clicked() {
                commands.queue(undo::<Thucydide>);
            }
            let name = format!("{}-turn{}-{}.ron", session.scenario.id, view.0.turn, log.commands.len());
            if ui.button("Save").clicked() {
                notice.0 = match super::saves::save(&session, &log, &name) {
                    Ok(place) => format!("Saved as {place}"),
                    Err(e) => format!("Save failed: {e}"),
                };
            }
            #[cfg(target_arch = "wasm32")]
            if ui.button("Download").clicked() {
                super::web::download(&name, &super::saves::replay_text(&session, &log));
            }
            if !caught_up && ui.button("Skip (Esc)").clicked() {
                skip = true;
            }
            if ui.button("Menu").clicked() {
                commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
            }
        });
        if !notice.0.is_empty() {
            ui.small(&notice.0);
        }
    });
    egui::Panel::right("side").exact_size(super::camera::PANEL_WIDTH).show(&mut root, |ui| {
        match deciding {
            Some(s) if !session.mode.is_human(s) => ui.colored_label(side_colour(s), format!("{} (computer) is thinking…", side_name(b, s))),
            Some(s) => ui.colored_label(side_colour(s), format!("{} to decide", side_name(b, s))),
            None => ui.label("The battle is over"),
        };
        if let Some(h) = hovered.0 {
            ui.separator();
            terrain_card(ui, b, h);
        }
        let shown_unit = selection.0.or_else(|| hovered.0.and_then(|h| b.unit_at(h)).map(|u| u.id));
        if let Some(id) = shown_unit {
            ui.separator();
            unit_card(ui, b, id);
        }
        let legal: &[Command] = if person { &legal_now.0 } else { &[] };
        if let (Some(sel), Some(h)) = (selection.0, hovered.0) {
            if let Some(target) = view.0.unit_at(h).map(|u| u.id) {
                if legal.contains(&Command::Attack { attacker: sel, target, attack_order: false }) {
                    let key = (sel, target, false, log.events.len());
                    let o = match &odds.0 {
                        Some((k, o)) if *k == key => *o,
                        _ => {
                            let o = attack_odds(&view.0, sel, target, false, ODDS_SAMPLES);
                            odds.0 = Some((key, o));
                            o
                        }
                    };
                    ui.separator();
                    odds_card(ui, &o);
                }
            }
        }
        if let Some(id) = selection.0 {
            if legal.contains(&Command::Activate { unit: id }) && ui.button("Activate with an order token").clicked() {
                inbox.0.push_back(Command::Activate { unit: id });
            }
        }
        if person && !view.0.global.agenda.is_empty() {
            ui.separator();
            ui.strong("Your decision:");
            for c in legal {
                if ui.button(command_label(&view.0, c)).clicked() {
                    inbox.0.push_back(c.clone());
                }
            }
        }
        ui.separator();
        ui.strong("Log");
        log_lines(ui, &stage);
    });
    leave_board(&root, &mut area);
    if skip {
        // The pacing system jumps to the end, as after a load.
        stage.instant = true;
    }
    Ok(())
}

/// Hotseat: whenever the decision passes to the other person, hide the board until they click.
fn hand_off(
    session: Res<Session>,
    view: Res<BattleView<Thucydide>>,
    log: Res<EventLog<Thucydide>>,
    stage: Res<Stage<Thucydide>>,
    mut curtain: ResMut<Curtain>,
    mut last: Local<Option<Side>>,
    mut selection: ResMut<Selection>,
) {
    if session.mode != Mode::Hotseat || !stage.caught_up(&log.events) {
        return;
    }
    let now = Thucydide::deciding_side(&view.0);
    if let (Some(before), Some(now)) = (*last, now) {
        if before != now {
            curtain.0 = Some(now);
            selection.0 = None;
        }
    }
    if now.is_some() {
        *last = now;
    }
}

fn curtain_and_victory(
    mut contexts: EguiContexts,
    view: Res<BattleView<Thucydide>>,
    log: Res<EventLog<Thucydide>>,
    stage: Res<Stage<Thucydide>>,
    session: Res<Session>,
    mut curtain: ResMut<Curtain>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(side) = curtain.0 {
        let name = side_name(&view.0, side);
        let mut root = root_ui(ctx);
        egui::CentralPanel::default().frame(egui::Frame::NONE.fill(egui::Color32::from_rgb(28, 26, 22))).show(&mut root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() / 3.0);
                ui.heading(egui::RichText::new(format!("Pass the screen to {name}")).size(30.0).color(side_colour(side)));
                ui.add_space(20.0);
                if ui.button(egui::RichText::new(format!("I am {name}: show the board")).size(20.0)).clicked() {
                    curtain.0 = None;
                }
            });
        });
    }
    if let (Some(outcome), true) = (Thucydide::outcome(&view.0), stage.caught_up(&log.events)) {
        egui::Window::new("The battle is over").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            match outcome.winner {
                Some(w) => ui.heading(egui::RichText::new(format!("{} wins", side_name(&view.0, w))).color(side_colour(w))),
                None => ui.heading("A draw"),
            };
            ui.label(&outcome.reason);
            ui.horizontal(|ui| {
                if ui.button("Watch the replay").clicked() {
                    let film = Film::of_game(session.scenario.clone(), session.seed, &log, "Recorded in this session".into());
                    commands.queue(move |world: &mut World| super::menu::open_film::<Thucydide>(world, film));
                }
                if ui.button("Main menu").clicked() {
                    commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
                }
            });
        });
    }
    Ok(())
}

/// Plays on from the first `at` commands of a film's game, as a game of its own (its own autosave);
/// the computer plays at the level chosen in the menu.
pub fn take_over(world: &mut World, origin: Origin<Thucydide>, at: usize, mode: Mode) {
    let level = world.resource::<super::menu::MenuChoice>().level;
    let session = Session { scenario: origin.scenario, seed: origin.seed, mode, level, taken_over_at: Some(at) };
    let commands = origin.commands.into_iter().take(at).collect();
    // The film's own scenario set up once already.
    let _ = super::session::start::<Thucydide>(world, session, commands);
}

pub fn replay_panels(
    mut contexts: EguiContexts,
    mut film: ResMut<Film<Thucydide>>,
    mut stage: ResMut<Stage<Thucydide>>,
    hovered: Res<Hovered>,
    mut area: ResMut<super::camera::BoardArea>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let b = stage.shown.clone();
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            top_bar(ui, &b);
            ui.separator();
            ui.label(format!("Event {} / {}", stage.cursor, film.events.len()));
        });
        ui.horizontal(|ui| {
            let events = film.events.clone();
            let go = |stage: &mut Stage<Thucydide>, to: usize| stage.seek(&events, to);
            for (label, stride) in [("turn", Stride::Turn), ("command", Stride::Command), ("event", Stride::Event)] {
                if ui.button(format!("◀ {label}")).clicked() {
                    let to = film.previous(stage.cursor, stride);
                    go(&mut stage, to);
                }
            }
            let play = if film.playing { "Pause" } else { "Play" };
            if ui.button(play).clicked() {
                film.playing = !film.playing;
            }
            for (label, stride) in [("event", Stride::Event), ("command", Stride::Command), ("turn", Stride::Turn)] {
                if ui.button(format!("{label} ▶")).clicked() {
                    let to = film.next(stage.cursor, stride);
                    go(&mut stage, to);
                }
            }
            let turns = film.turn_starts.len();
            if turns > 0 {
                let mut turn = film.turn_starts.iter().filter(|i| **i < stage.cursor).count().max(1);
                if ui.add(egui::Slider::new(&mut turn, 1..=turns).text("player-turn")).changed() {
                    let to = film.turn_starts[turn - 1] + 1;
                    go(&mut stage, to);
                }
            }
            if ui.button("Menu").clicked() {
                commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
            }
        });
        ui.horizontal(|ui| {
            ui.label("Take over from here:");
            let sides = &film.origin.scenario.sides;
            let modes = [
                (format!("play {} against the computer", sides[0].name), Mode::Computer(Side(1))),
                (format!("play {} against the computer", sides[1].name), Mode::Computer(Side(0))),
                ("hotseat".to_string(), Mode::Hotseat),
            ];
            for (label, mode) in modes {
                if ui.button(label).clicked() {
                    let at = film.commands_shown(stage.cursor);
                    let origin = film.origin.clone();
                    commands.queue(move |world: &mut World| take_over(world, origin, at, mode));
                }
            }
        });
        ui.small(&film.verdict);
    });
    egui::Panel::right("side").exact_size(super::camera::PANEL_WIDTH).show(&mut root, |ui| {
        if let Some(h) = hovered.0 {
            terrain_card(ui, &b, h);
            if let Some(u) = b.unit_at(h) {
                ui.separator();
                unit_card(ui, &b, u.id);
            }
            ui.separator();
        }
        ui.strong("Log");
        log_lines(ui, &stage);
    });
    leave_board(&root, &mut area);
    Ok(())
}
