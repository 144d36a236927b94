//! The panels around the board: the top bar (turn, side to play, the ruleset's status line, end
//! phase, undo, save), the side panel (the hovered hex's terrain card, the unit card, the preview of
//! what a click on the hovered hex would do, the buttons of a pending decision and of the selected
//! unit, the log), the hotseat hand-off curtain, the victory window, and the replay viewer's controls.

use super::camera::Hovered;
use super::help::HelpOpen;
use super::input::{AskingToEnd, LegalNow, Selection, ask_to_end_phase, end_phase};
use super::preferences::{Pace, Preferences};
use super::overlay::{colour, side_colour};
use super::session::{Mode, Session, can_undo, human_to_decide, undo};
use super::stage::{Film, LogLine, Origin, Stage, Stride};
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::battle::look::{Intent, Line, Preview, Style};
use crate::battle::{AppState, Battle, Present, Side};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::marker::PhantomData;

/// In hotseat, the side the board is hidden from until its player clicks.
#[derive(Resource, Default)]
pub struct Curtain(pub Option<Side>);

/// The hex the option of a decision under the pointer would pick, marked on the board.
#[derive(Resource, Default)]
pub struct HoveredChoice(pub Option<crate::hex::Hex>);

/// Where the first button of the pending decision was drawn last frame (left, top, right, bottom),
/// so the render test can check it stays in place whatever the pointer hovers.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct DecisionPlace(pub Option<[f32; 4]>);

/// A line under the top bar saying what just happened to a save, a load or an undo, and what
/// failed if something did.
#[derive(Resource, Default)]
pub struct Notice {
    pub text: String,
    pub failed: Option<Failed>,
}

/// What a notice says failed: a save the player asked for, or the autosave (which clears its own
/// notice once it works again).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Failed {
    Save,
    Autosave,
}

/// Amber: something failed or asks to be confirmed, and nothing is lost yet.
pub const WARNING: egui::Color32 = egui::Color32::from_rgb(240, 170, 60);

/// The notice, small, in amber when something failed.
fn show_notice(ui: &mut egui::Ui, notice: &Notice) {
    if notice.failed.is_some() {
        ui.label(egui::RichText::new(&notice.text).small().color(WARNING));
    } else if !notice.text.is_empty() {
        ui.small(&notice.text);
    }
}

/// Saves the game as the player asked, under a name saying its scenario, turn and length, and says
/// how it went.
pub fn save_and_say<R: Present>(session: &Session, log: &EventLog<R>, now: &Battle<R>, notice: &mut Notice) {
    let name = save_name(session, log, now.turn);
    save_as(session, log, now, &name, notice);
}

/// Saves the game under `name` and says how it went.
pub fn save_as<R: Present>(session: &Session, log: &EventLog<R>, now: &Battle<R>, name: &str, notice: &mut Notice) {
    *notice = match super::saves::save(session, log, now, name) {
        Ok(place) => Notice { text: format!("Saved as {place}"), failed: None },
        Err(e) => Notice { text: format!("Save failed: {e}"), failed: Some(Failed::Save) },
    };
}

fn save_name<R: Present>(session: &Session, log: &EventLog<R>, turn: u32) -> String {
    format!("{}-turn{turn}-{}.ron", session.scenario.id, log.commands.len())
}

/// C writes each hex's column and row on the board, or takes them off; O opens or closes the
/// order of battle.
fn board_toggles(keys: Res<ButtonInput<KeyCode>>, mut preferences: ResMut<Preferences>, mut roster: ResMut<RosterOpen>, mut contexts: EguiContexts) {
    let typing = contexts.ctx_mut().is_ok_and(|ctx| ctx.egui_wants_keyboard_input());
    if keys.just_pressed(KeyCode::KeyC) && !typing {
        preferences.show_coordinates = !preferences.show_coordinates;
    }
    if keys.just_pressed(KeyCode::KeyO) && !typing {
        roster.0 = !roster.0;
    }
}

/// The board's coordinates, on or off.
fn coordinates_box(ui: &mut egui::Ui, preferences: &mut Preferences) -> egui::Response {
    let mut on = preferences.show_coordinates;
    let response = ui.checkbox(&mut on, "Coordinates (C)").on_hover_text("Each hex's column and row on the board, as the log and the cards name hexes");
    if on != preferences.show_coordinates {
        preferences.show_coordinates = on;
    }
    response
}

/// The order of the window's painting: the board, then the panels over it.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paint {
    Board,
    Panels,
}

/// The curtain and the notice, whatever the ruleset.
pub struct PanelsPlugin;

impl Plugin for PanelsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Curtain>()
            .init_resource::<Leaving>()
            .init_resource::<SaveNaming>()
            .init_resource::<RosterOpen>()
            .init_resource::<Notice>()
            .init_resource::<HelpOpen>()
            .init_resource::<DecisionPlace>()
            .add_systems(Update, (super::help::toggle_help, board_toggles))
            .init_resource::<HoveredChoice>()
            .configure_sets(EguiPrimaryContextPass, (Paint::Board, Paint::Panels).chain())
            .add_systems(Update, fresh_panels.in_set(BattleSet::Resolve));
    }
}

/// The panels of one ruleset's battles and films.
pub struct RulesetPanelsPlugin<R: Present>(PhantomData<R>);

impl<R: Present> Default for RulesetPanelsPlugin<R> {
    fn default() -> Self {
        RulesetPanelsPlugin(PhantomData)
    }
}

impl<R: Present> Plugin for RulesetPanelsPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<PreviewCache<R>>()
            .add_systems(EguiPrimaryContextPass, (battle_panels::<R>, curtain_and_victory::<R>).chain().in_set(Paint::Panels).run_if(in_state(AppState::Battle).and_then(resource_exists::<BattleView<R>>)))
            .add_systems(EguiPrimaryContextPass, replay_panels::<R>.in_set(Paint::Panels).run_if(in_state(AppState::Replay).and_then(resource_exists::<Film<R>>)))
            .add_systems(EguiPrimaryContextPass, super::help::help_window::<R>.after(Paint::Panels).run_if(resource_exists::<Stage<R>>))
            .add_systems(Update, forget_preview::<R>.in_set(BattleSet::Resolve))
            .add_systems(Update, super::input::battle_keys::<R>.in_set(BattleSet::Resolve).run_if(resource_exists::<BattleView<R>>.and_then(super::input::keys_for_the_board)))
            .add_systems(Update, (hand_off::<R>, follow_viewer::<R>).chain().in_set(BattleSet::Play).run_if(resource_exists::<BattleView<R>>));
    }
}

/// The preview last worked out, for the command and the log length it belongs to.
#[derive(Resource)]
pub struct PreviewCache<R: Present>(Option<((R::Command, usize), Option<Preview>)>);

impl<R: Present> Default for PreviewCache<R> {
    fn default() -> Self {
        PreviewCache(None)
    }
}

/// A new battle shows no odds worked out in the last one.
fn forget_preview<R: Present>(mut started: MessageReader<super::session::BattleStarted>, mut preview: ResMut<PreviewCache<R>>) {
    if started.read().count() > 0 {
        preview.0 = None;
    }
}

/// A new battle opens without a curtain and without the last battle's notice.
fn fresh_panels(mut started: MessageReader<super::session::BattleStarted>, mut curtain: ResMut<Curtain>, mut notice: ResMut<Notice>) {
    if started.read().count() > 0 {
        curtain.0 = None;
        *notice = Notice::default();
    }
}

/// A Ui over the whole window in egui's background layer, to hold the panels.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(ctx.clone(), "root".into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()))
}

/// Tells the camera and the input what is left for the board once the panels are placed.
pub fn leave_board(root: &egui::Ui, area: &mut super::camera::BoardArea) {
    let r = root.available_rect_before_wrap();
    area.0 = (r.width() > 1.0 && r.height() > 1.0).then(|| Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
}

fn side_name<R: Present>(b: &Battle<R>, s: Side) -> String {
    b.sides[s.index()].name.clone()
}

/// The turn and the side to play (the one the battle waits for: the second side, say, while both
/// deploy in secret and the first has sealed), then the ruleset's status line, wrapping onto more
/// lines rather than running off a narrow window.
fn top_bar<R: Present>(ui: &mut egui::Ui, b: &Battle<R>, deciding: Option<Side>) {
    ui.heading(format!("Turn {} / {}", b.turn, b.last_turn));
    let side = deciding.unwrap_or(b.active);
    ui.colored_label(side_colour(b, side), format!("{} to play", side_name(b, side)));
}

fn status_line<R: Present>(ui: &mut egui::Ui, b: &Battle<R>) {
    let status = R::status(b);
    if !status.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for (i, item) in status.iter().enumerate() {
                if i > 0 {
                    ui.separator();
                }
                ui.label(item);
            }
        });
    }
}

/// Who plays what: hotseat, or which side the computer plays and at what level.
fn who_plays<R: Present>(b: &Battle<R>, session: &Session) -> String {
    match session.mode {
        Mode::Hotseat => "hotseat".into(),
        Mode::Computer(side) => format!("computer ({}): {}", super::menu::level_words(session.level), side_name(b, side)),
        Mode::Online { side, .. } => format!("online: you play {}", side_name(b, side)),
    }
}

/// Whether the order of battle (every unit on the board, side by side) is open.
#[derive(Resource, Default)]
pub struct RosterOpen(pub bool);

/// The order of battle: each side's units on the board, one line each as the ruleset writes it;
/// clicking one of the deciding person's units selects it.
fn roster_window<R: Present>(ctx: &egui::Context, open: &mut RosterOpen, b: &Battle<R>, person: Option<Side>, selection: &mut Selection) {
    if !open.0 {
        return;
    }
    let mut still_open = true;
    egui::Window::new("Order of battle (O)").open(&mut still_open).default_pos([20.0, 90.0]).default_height((ctx.viewport_rect().height() - 140.0).max(200.0)).vscroll(true).show(ctx, |ui| {
        for side in Side::BOTH {
            ui.colored_label(side_colour(b, side), egui::RichText::new(side_name(b, side)).strong());
            for u in b.on_board().filter(|u| u.side == side) {
                let line = R::roster_line(b, u);
                let picked = selection.0 == Some(u.id);
                let row = ui.selectable_label(picked, egui::RichText::new(line).size(12.5));
                if row.clicked() && person == Some(side) {
                    selection.0 = Some(u.id);
                }
            }
            ui.add_space(6.0);
        }
    });
    open.0 = still_open;
}

/// The name being typed for a save, while the Save window is up.
#[derive(Resource, Default)]
pub struct SaveNaming(pub Option<String>);

/// The Save window: the name to keep the game under (the scenario, turn and length by default),
/// said in amber when it would replace a save of that name.
fn save_window<R: Present>(ctx: &egui::Context, naming: &mut SaveNaming, session: &Session, log: &EventLog<R>, now: &Battle<R>, notice: &mut Notice) {
    let Some(typed) = naming.0.as_mut() else { return };
    let mut close = false;
    egui::Window::new("Save the game").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
        ui.label(format!("Name, kept in {}:", super::saves::place()));
        let field = ui.text_edit_singleline(typed);
        if !field.has_focus() && !field.lost_focus() {
            field.request_focus();
        }
        let name = crate::saves::plain_name(typed).ok_or("a save's name is one plain file name, not empty, not starting with a dot");
        match &name {
            Ok(n) if super::saves::exists(n) => {
                ui.colored_label(WARNING, format!("{n} is already a save: saving replaces it"));
            }
            Ok(_) => {}
            Err(e) => {
                ui.colored_label(WARNING, *e);
            }
        }
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            if (ui.add_enabled(name.is_ok(), egui::Button::new("Save (Enter)")).clicked() || enter)
                && let Ok(n) = &name
            {
                save_as(session, log, now, n, notice);
                close = true;
            }
            if ui.button("Cancel (Esc)").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                close = true;
            }
        });
    });
    if close {
        naming.0 = None;
    }
}

/// Whether the player may leave for the menu: asked once, since the autosave keeps the battle.
#[derive(Resource, Default)]
pub struct Leaving(pub bool);

/// How long a new set of decision or order buttons stays inert, so a second click meant for the
/// button before does not land on the one that took its place.
const SETTLING_SECS: f64 = 0.35;

/// The labels of the decision and order buttons last drawn, and when they last changed.
#[derive(Default)]
pub struct ButtonsSettling {
    labels: Vec<String>,
    since: f64,
}

impl ButtonsSettling {
    /// Whether `labels`, drawn now, have stood long enough to be clicked.
    fn settled(&mut self, labels: Vec<String>, now: f64) -> bool {
        if labels != self.labels {
            self.labels = labels;
            self.since = now;
        }
        now - self.since >= SETTLING_SECS
    }
}

/// The hovered hex's card, its first line naming the hex by its coordinates, as the log and the
/// board's coordinates do.
fn hex_card<R: Present>(b: &Battle<R>, h: crate::hex::Hex) -> Vec<Line> {
    let mut lines = R::terrain_card(b, h);
    let at = crate::hex::Offset::from_hex(h).to_string();
    if let Some(first) = lines.first_mut().filter(|l| !l.text.contains(&at)) {
        first.text = format!("{} at {at}", first.text);
    }
    lines
}

/// Lines of a card or a preview, as the ruleset wrote them.
fn card(ui: &mut egui::Ui, lines: &[Line]) {
    for line in lines {
        let mut text = egui::RichText::new(&line.text);
        if let Some(c) = line.colour {
            text = text.color(colour(c));
        }
        match line.style {
            Style::Heading => ui.label(text.strong()),
            Style::Plain => ui.label(text),
            Style::Small => ui.label(text.small()),
        };
    }
}

fn unit_card<R: Present>(ui: &mut egui::Ui, b: &Battle<R>, id: crate::battle::UnitId) {
    let Some(u) = b.unit(id) else { return };
    ui.colored_label(side_colour(b, u.side), side_name(b, u.side));
    card(ui, &R::unit_card(b, id));
}

/// The log's heading, with the choice to show the rules each line applied.
fn log_heading(ui: &mut egui::Ui, preferences: &mut Preferences) {
    ui.horizontal(|ui| {
        ui.strong("Log");
        let mut rules = preferences.show_rules;
        if ui.checkbox(&mut rules, "rules").on_hover_text("Under each line, the rules it applied as the rulebook names them").changed() {
            preferences.show_rules = rules;
        }
    });
}

/// The lines the viewer may read, latest at the bottom; the rules behind a line show on hover, or
/// under it when asked.
fn log_lines<R: Present>(ui: &mut egui::Ui, stage: &Stage<R>, show_rules: bool) {
    egui::ScrollArea::vertical().stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
        let lines: Vec<&LogLine> = stage.readable().collect();
        for line in &lines[lines.len().saturating_sub(400)..] {
            let label = ui.label(egui::RichText::new(&line.text).size(12.5));
            if let Some(rule) = &line.rule {
                if show_rules {
                    ui.label(egui::RichText::new(format!("  {rule}")).size(11.0).color(egui::Color32::from_rgb(150, 150, 140)));
                } else {
                    label.on_hover_text(rule);
                }
            }
        }
    });
}

/// How fast events play, and whether dice wait for a click.
fn pace_menu(ui: &mut egui::Ui, preferences: &mut Preferences) -> egui::Response {
    ui.menu_button(format!("Pace: {}", preferences.pace.name()), |ui| {
        for pace in Pace::ALL {
            if ui.selectable_label(preferences.pace == pace, pace.name()).clicked() {
                preferences.pace = pace;
            }
        }
        ui.separator();
        let mut hold = preferences.hold_dice;
        if ui.checkbox(&mut hold, "Dice stay until a click").changed() {
            preferences.hold_dice = hold;
        }
    })
    .response
    .on_hover_text("How fast the events play out on the board")
}

#[allow(clippy::too_many_arguments)]
pub fn battle_panels<R: Present>(
    mut contexts: EguiContexts,
    view: Res<BattleView<R>>,
    log: Res<EventLog<R>>,
    legal_now: Res<LegalNow<R>>,
    mut stage: ResMut<Stage<R>>,
    session: Res<Session>,
    hovered: Res<Hovered>,
    mut selection: ResMut<Selection>,
    mut preview: ResMut<PreviewCache<R>>,
    mut notice: ResMut<Notice>,
    mut inbox: ResMut<CommandInbox<R>>,
    mut area: ResMut<super::camera::BoardArea>,
    curtain: Res<Curtain>,
    (mut leaving, mut placed, time, mut settling, mut naming, mut roster): (ResMut<Leaving>, ResMut<super::placed::Placed>, Res<Time<Real>>, Local<ButtonsSettling>, ResMut<SaveNaming>, ResMut<RosterOpen>),
    (mut preferences, mut asking, mut help, mut hovered_choice, mut place): (ResMut<Preferences>, ResMut<AskingToEnd>, ResMut<HelpOpen>, ResMut<HoveredChoice>, ResMut<DecisionPlace>),
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let caught_up = stage.caught_up(&log.events);
    let deciding = session.mode.deciding(&view.0);
    let person = human_to_decide(&view.0, session.mode).is_some() && caught_up && inbox.0.is_empty();
    let legal: &[R::Command] = if person { &legal_now.0 } else { &[] };
    let mut skip = false;
    // The battle as the person at the screen may know it; while they decide, the stage has caught
    // up, so it is the battle now, less what the other side keeps sealed.
    let b = stage.board();
    if curtain.0.is_some() {
        // The curtain's "Save…" names the save here too.
        save_window(ctx, &mut naming, &session, &log, &view.0, &mut notice);
        area.0 = None;
        return Ok(());
    }
    placed.begin(ctx);
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            // While events still play, the side the board shown waits for.
            top_bar(ui, b, if caught_up { deciding } else { R::deciding_side(b) });
            ui.small(who_plays(b, &session));
            ui.separator();
            let can_end = legal.iter().any(|c| R::ends_phase(c));
            let end = ui.add_enabled(can_end, egui::Button::new("End phase (E)")).on_hover_text("End this phase; asks first while units can still move or attack");
            placed.note("top bar: End phase", &end);
            if end.clicked() {
                ask_to_end_phase(b, legal, preferences.ask_before_ending, &mut asking, &mut inbox, &mut selection);
            }
            let undo_button = ui.add_enabled(person && can_undo(&log, session.mode, &view.0), egui::Button::new("Undo (U)"));
            placed.note("top bar: Undo", &undo_button);
            if undo_button.on_hover_text("Take back your last order, while no die has been rolled since").clicked() {
                commands.queue(undo::<R>);
            }
            // An online game's dice are the server's: its replay comes when it ends.
            let online = session.mode.is_online();
            let save = ui
                .add_enabled(!online, egui::Button::new("Save…"))
                .on_hover_text(format!("Keep this game under a name of your own in {}; Ctrl-S saves at once under the scenario, turn and length", super::saves::place()))
                .on_disabled_hover_text("The server keeps this game; its whole replay is saved when it ends");
            placed.note("top bar: Save", &save);
            if save.clicked() {
                naming.0 = Some(save_name(&session, &log, view.0.turn).trim_end_matches(".ron").to_string());
            }
            #[cfg(target_arch = "wasm32")]
            {
                let download = ui.add_enabled(!online, egui::Button::new("Download")).on_hover_text("Download this game as a replay file");
                placed.note("top bar: Download", &download);
                if download.clicked() {
                    super::web::download(&save_name(&session, &log, view.0.turn), &super::saves::replay_text(&session, &log, &view.0));
                }
            }
            if !caught_up && ui.button("Skip (Esc)").on_hover_text("Show the events still playing at once").clicked() {
                skip = true;
            }
            let pace = pace_menu(ui, &mut preferences);
            placed.note("top bar: Pace", &pace);
            let coordinates = coordinates_box(ui, &mut preferences);
            placed.note("top bar: Coordinates", &coordinates);
            let roster_button = ui.button("Units (O)").on_hover_text("The order of battle: every unit on the board, its strength and state");
            placed.note("top bar: Units", &roster_button);
            if roster_button.clicked() {
                roster.0 = !roster.0;
            }
            let help_button = ui.button("Help (H)").on_hover_text("Keys, the board's marks, the ground and the counters");
            placed.note("top bar: Help", &help_button);
            if help_button.clicked() {
                help.0 = !help.0;
            }
            let menu = ui.button("Menu (Esc)").on_hover_text("Back to the main menu; the autosave keeps this battle");
            placed.note("top bar: Menu", &menu);
            if menu.clicked() {
                leaving.0 = true;
            }
        });
        status_line(ui, b);
        if stage.holding(&log.events) && preferences.hold_dice {
            ui.colored_label(egui::Color32::from_rgb(240, 200, 90), "Dice held: click or press Space to go on");
        }
        show_notice(ui, &notice);
    });
    egui::Panel::right("side").exact_size(super::camera::panel_width(ctx.viewport_rect().width())).show(&mut root, |ui| {
        match deciding {
            Some(s) if session.mode.is_online() && !session.mode.is_human(s) => {
                ui.colored_label(side_colour(b, s), format!("{} (your opponent) to decide", side_name(b, s)))
            }
            Some(s) if !session.mode.is_human(s) => ui.colored_label(side_colour(b, s), format!("{} (computer) is thinking…", side_name(b, s))),
            Some(s) => ui.colored_label(side_colour(b, s), format!("{} to decide", side_name(b, s))),
            None => ui.label("The battle is over"),
        };
        // Buttons first, so they keep their place whatever the pointer hovers.
        hovered_choice.0 = None;
        place.0 = None;
        let decision = R::decision(b, legal).filter(|_| person);
        let orders = selection.0.map_or_else(Vec::new, |id| R::unit_orders(b, legal, id));
        let labels = decision.iter().flat_map(|d| d.options.iter()).chain(&orders).map(|c| R::command_label(b, c)).collect();
        let settled = settling.settled(labels, time.elapsed_secs_f64());
        if let Some(decision) = decision {
            ui.separator();
            ui.strong(decision.prompt);
            for c in decision.options {
                let button = ui.add_enabled(settled, egui::Button::new(R::command_label(b, &c)));
                let r = button.rect;
                place.0.get_or_insert([r.min.x, r.min.y, r.max.x, r.max.y]);
                if button.hovered() {
                    // The hex this option picks, marked on the board.
                    hovered_choice.0 = R::marks(b, std::slice::from_ref(&c), None, None).picks.first().copied();
                }
                if button.clicked() {
                    inbox.0.push_back(c);
                }
            }
        }
        for c in orders {
            let button = ui.add_enabled(settled, egui::Button::new(R::command_label(b, &c)));
            // What the order is expected to do (an order's chances of moves), while hovered.
            let button = match button.hovered().then(|| R::preview(b, &c)).flatten() {
                Some(p) => button.on_hover_ui(|ui| card(ui, &p.lines)),
                None => button,
            };
            if button.clicked() {
                inbox.0.push_back(c);
            }
        }
        if let Some(h) = hovered.0 {
            ui.separator();
            card(ui, &hex_card::<R>(b, h));
        }
        // The selected unit, then every unit in the hovered hex (the target beside its odds).
        let mut shown: Vec<crate::battle::UnitId> = selection.0.into_iter().collect();
        shown.extend(hovered.0.into_iter().flat_map(|h| b.units_at(h)).map(|u| u.id).filter(|id| Some(*id) != selection.0));
        for id in shown {
            ui.separator();
            unit_card(ui, b, id);
        }
        if let (Some(h), Some(unit), true) = (hovered.0, selection.0, person) {
            if let Some(reason) = R::why_not(b, legal, unit, h) {
                ui.separator();
                ui.colored_label(egui::Color32::from_rgb(240, 160, 70), reason);
            }
        }
        if let Some(h) = hovered.0 {
            if let Intent::Send { command, .. } = R::click(b, legal, selection.0, h, false) {
                let key = (command, log.events.len());
                if preview.0.as_ref().is_none_or(|(k, _)| *k != key) {
                    let p = R::preview(b, &key.0);
                    preview.0 = Some((key, p));
                }
                if let Some((_, Some(p))) = &preview.0 {
                    ui.separator();
                    card(ui, &p.lines);
                }
            }
        }
        ui.separator();
        log_heading(ui, &mut preferences);
        log_lines(ui, &stage, preferences.show_rules);
    });
    leave_board(&root, &mut area);
    if let Some(waiting) = asking.0 {
        let what = if waiting == 1 { "One unit can".to_string() } else { format!("{waiting} units can") };
        // The question in the words of the command that ends the phase ("Seal the orders").
        let ending = legal.iter().find(|c| R::ends_phase(c)).map_or_else(|| "End the phase".to_string(), |c| R::command_label(b, c));
        egui::Window::new(format!("{ending}?")).collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            ui.label(format!("{what} still move or attack this phase (Tab shows them)."));
            ui.horizontal(|ui| {
                if ui.button(format!("{ending} (E)")).clicked() {
                    end_phase(legal, &mut inbox, &mut selection);
                    asking.0 = None;
                }
                if ui.button("Stay (Esc)").clicked() {
                    asking.0 = None;
                }
            });
            let mut never = !preferences.ask_before_ending;
            if ui.checkbox(&mut never, "Don't ask again").changed() {
                preferences.ask_before_ending = !never;
            }
        });
    }
    save_window(ctx, &mut naming, &session, &log, &view.0, &mut notice);
    roster_window(ctx, &mut roster, b, deciding.filter(|_| person), &mut selection);
    if leaving.0 {
        // Asked once: the autosave keeps the battle, and the menu offers to continue it.
        egui::Window::new("Leave this battle?").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            ui.label("The battle is saved after every command; the menu offers to continue it.");
            ui.horizontal(|ui| {
                if ui.button("Leave for the menu").clicked() {
                    leaving.0 = false;
                    commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
                }
                if ui.button("Stay (Esc)").clicked() {
                    leaving.0 = false;
                }
            });
        });
    }
    if skip {
        // The pacing system jumps to the end, as after a load.
        stage.instant = true;
    }
    // Keys act on the board, never on a button that Tab or a click left focused (Space or Enter
    // would press it).
    if !ctx.egui_wants_keyboard_input() {
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        });
    }
    Ok(())
}

/// Hotseat: when the decision passes to the other person and the rules say the screen must be
/// handed off (`crate::battle::handoff`), hide the board until they click.
fn hand_off<R: Present>(
    session: Res<Session>,
    view: Res<BattleView<R>>,
    log: Res<EventLog<R>>,
    stage: Res<Stage<R>>,
    mut curtain: ResMut<Curtain>,
    mut selection: ResMut<Selection>,
    mut judged: Local<Option<(usize, Side, Side)>>,
) {
    if session.mode != Mode::Hotseat || !stage.caught_up(&log.events) || curtain.0.is_some() {
        return;
    }
    // The stage's viewer is the side at the screen (`follow_viewer`).
    if let (Some(at_screen), Some(now)) = (stage.viewer(), R::deciding_side(&view.0)) {
        // Judged once a battle state and pair of sides: an answer given in the open may take a while.
        let key = (log.events.len(), at_screen, now);
        if at_screen == now || judged.replace(key) == Some(key) {
            return;
        }
        if crate::battle::handoff::hand_off_needed(&view.0, at_screen, now) {
            curtain.0 = Some(now);
            selection.0 = None;
        }
    }
}

/// Who sits at the screen, for what the board and the log may show: against the computer, the
/// person's side; in hotseat, the side the curtain was last lifted for (at first, the side to
/// decide).
fn follow_viewer<R: Present>(session: Res<Session>, curtain: Res<Curtain>, view: Res<BattleView<R>>, mut stage: ResMut<Stage<R>>) {
    let viewer = match session.mode {
        Mode::Computer(computer) => Some(computer.other()),
        Mode::Online { side, .. } => Some(side),
        Mode::Hotseat => match (curtain.0, stage.viewer()) {
            (Some(next), _) => Some(next),
            (None, Some(now)) => Some(now),
            (None, None) => R::deciding_side(&view.0),
        },
    };
    stage.set_viewer(viewer);
}

fn curtain_and_victory<R: Present>(
    mut contexts: EguiContexts,
    view: Res<BattleView<R>>,
    log: Res<EventLog<R>>,
    stage: Res<Stage<R>>,
    session: Res<Session>,
    mut curtain: ResMut<Curtain>,
    notice: Res<Notice>,
    mut naming: ResMut<SaveNaming>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(side) = curtain.0 {
        let name = side_name(&view.0, side);
        let mut root = root_ui(ctx);
        egui::CentralPanel::default().frame(egui::Frame::NONE.fill(egui::Color32::from_rgb(28, 26, 22))).show(&mut root, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(ui.available_height() / 3.0);
                ui.heading(egui::RichText::new(format!("Pass the screen to {name}")).size(30.0).color(side_colour(&view.0, side)));
                ui.add_space(20.0);
                if ui.button(egui::RichText::new(format!("I am {name}: show the board")).size(20.0)).clicked() {
                    curtain.0 = None;
                }
                ui.add_space(30.0);
                ui.horizontal(|ui| {
                    ui.add_space(ui.available_width() / 2.0 - 120.0);
                    if ui.button("Save…").clicked() {
                        naming.0 = Some(save_name(&session, &log, view.0.turn).trim_end_matches(".ron").to_string());
                    }
                    if ui.button("Back to the menu").clicked() {
                        commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
                    }
                });
                show_notice(ui, &notice);
            });
        });
    }
    if let (Some(outcome), true) = (R::outcome(&view.0), stage.caught_up(&log.events)) {
        egui::Window::new("The battle is over").collapsible(false).resizable(false).anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0]).show(ctx, |ui| {
            match outcome.winner {
                Some(w) => ui.heading(egui::RichText::new(format!("Victory: {}", side_name(&view.0, w))).color(side_colour(&view.0, w))),
                None => ui.heading("A draw"),
            };
            ui.label(&outcome.reason);
            ui.label(format!("{} played.", if view.0.turn == 1 { "One turn".to_string() } else { format!("{} turns", view.0.turn) }));
            for side in Side::BOTH {
                ui.colored_label(side_colour(&view.0, side), format!("{}: {}", side_name(&view.0, side), R::losses(stage.opening(), &view.0, side)));
            }
            ui.horizontal(|ui| {
                if ui.button("Watch the replay").clicked() {
                    let film = Film::of_game(session.scenario.clone(), session.seed, &session.reseeds, &log, "Recorded in this session".into());
                    commands.queue(move |world: &mut World| super::menu::open_film::<R>(world, film));
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
/// the computer plays at the level chosen in the menu, as the menu would start it for this ruleset.
pub fn take_over<R: Present>(world: &mut World, origin: Origin<R>, at: usize, mode: Mode) {
    let level = super::menu::offered_level(world.resource::<super::menu::MenuChoice>().level, crate::rules::registry::strong_withheld(R::NAME));
    let same_dice = world.resource::<Preferences>().same_dice_on_reload;
    let reseeds = origin.reseeds.into_iter().filter(|r| r.at <= at).collect();
    let session = Session { scenario: origin.scenario, seed: origin.seed, mode, level, taken_over_at: Some(at), reseeds }.with_fresh_dice(at, same_dice);
    let commands = origin.commands.into_iter().take(at).collect();
    // The film's own scenario set up once already.
    let _ = super::session::start::<R>(world, session, commands);
}

pub fn replay_panels<R: Present>(
    mut contexts: EguiContexts,
    mut film: ResMut<Film<R>>,
    mut stage: ResMut<Stage<R>>,
    hovered: Res<Hovered>,
    mut area: ResMut<super::camera::BoardArea>,
    (mut placed, keys, mut help): (ResMut<super::placed::Placed>, Res<ButtonInput<KeyCode>>, ResMut<HelpOpen>),
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    let b = stage.board().clone();
    placed.begin(ctx);
    egui::Panel::top("top").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            top_bar(ui, &b, R::deciding_side(&b));
            ui.separator();
            ui.label(format!("Event {} / {}", stage.cursor, film.events.len()));
            let menu = ui.button("Menu (Esc)");
            placed.note("replay: Menu", &menu);
            // Esc closes the help first, if it is open.
            let escape = keys.just_pressed(KeyCode::Escape) && !std::mem::take(&mut help.0);
            if menu.clicked() || escape {
                commands.queue(|world: &mut World| world.resource_mut::<NextState<AppState>>().set(AppState::Menu));
            }
        });
        status_line(ui, &b);
        ui.horizontal_wrapped(|ui| {
            let events = film.events.clone();
            let go = |stage: &mut Stage<R>, to: usize| stage.seek(&events, to);
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
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Take over from here:");
            let sides = &film.origin.scenario.sides;
            let modes = [
                (format!("play {} against the computer", sides[0].name), Mode::Computer(Side(1))),
                (format!("play {} against the computer", sides[1].name), Mode::Computer(Side(0))),
                ("hotseat".to_string(), Mode::Hotseat),
            ];
            for (label, mode) in modes {
                let button = ui.button(label);
                placed.note("replay: Take over", &button);
                if button.clicked() {
                    let at = film.commands_shown(stage.cursor);
                    let origin = film.origin.clone();
                    commands.queue(move |world: &mut World| take_over(world, origin, at, mode));
                }
            }
        });
        ui.small(&film.verdict);
    });
    egui::Panel::right("side").exact_size(super::camera::panel_width(ctx.viewport_rect().width())).show(&mut root, |ui| {
        if let Some(h) = hovered.0 {
            card(ui, &hex_card::<R>(&b, h));
            for u in b.units_at(h) {
                ui.separator();
                unit_card(ui, &b, u.id);
            }
            ui.separator();
        }
        ui.strong("Log");
        log_lines(ui, &stage, false);
    });
    leave_board(&root, &mut area);
    Ok(())
}
