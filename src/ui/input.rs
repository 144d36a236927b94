//! From clicks and keys to commands. The ruleset's `Present::click` says what a click on a hex
//! means given the legal commands and the selected unit (tested without a window); the systems here
//! keep the legal list and the selection, and only send commands `legal_commands` offers.

use super::camera::Hovered;
use super::session::{Session, can_undo, human_to_decide, undo};
use super::stage::Stage;
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::battle::look::Intent;
use crate::battle::{Battle, Present, UnitId};
use bevy::prelude::*;
use std::marker::PhantomData;

/// The unit the player has picked, whose moves and targets the board shows.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection(pub Option<UnitId>);

/// The selection, whatever the ruleset.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>().init_resource::<AskingToEnd>().add_systems(Update, deselect.in_set(BattleSet::Resolve));
    }
}

/// The legal list and the clicks of one ruleset's battles.
pub struct RulesetInputPlugin<R: Present>(PhantomData<R>);

impl<R: Present> Default for RulesetInputPlugin<R> {
    fn default() -> Self {
        RulesetInputPlugin(PhantomData)
    }
}

impl<R: Present> Plugin for RulesetInputPlugin<R> {
    fn build(&self, app: &mut App) {
        app.init_resource::<LegalNow<R>>()
            .add_systems(Update, refresh_legal::<R>.in_set(BattleSet::Show).run_if(resource_exists::<BattleView<R>>).run_if(not(resource_exists::<super::online::follow::OnlineGame<R>>)))
            .add_systems(Update, board_input::<R>.in_set(BattleSet::Play).run_if(resource_exists::<BattleView<R>>.and_then(keys_for_the_board)));
    }
}

/// The player asked to end the phase while this many units can still move or attack: the panels
/// ask them first.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AskingToEnd(pub Option<usize>);

/// A new battle starts with nothing selected and nothing asked.
fn deselect(mut started: MessageReader<super::session::BattleStarted>, mut selection: ResMut<Selection>, mut asking: ResMut<AskingToEnd>) {
    if started.read().count() > 0 {
        selection.0 = None;
        asking.0 = None;
    }
}

/// The legal commands of the battle as it stands, worked out once each time it changes (the board,
/// the panels and the clicks all read them every frame).
#[derive(Resource)]
pub struct LegalNow<R: Present>(pub Vec<R::Command>);

impl<R: Present> Default for LegalNow<R> {
    fn default() -> Self {
        LegalNow(Vec::new())
    }
}

/// Changes are seen against this system's own last run: a battle started from the menu (before
/// the battle's systems run) is still new to it at its first frame.
fn refresh_legal<R: Present>(view: Res<BattleView<R>>, mut legal: ResMut<LegalNow<R>>) {
    if view.is_changed() {
        legal.0 = R::legal_commands(&view.0);
    }
}

/// Sends the command that ends the phase, if the player may end it now.
pub fn end_phase<R: Present>(legal: &[R::Command], inbox: &mut CommandInbox<R>, selection: &mut Selection) -> bool {
    let Some(end) = legal.iter().find(|c| R::ends_phase(c)) else { return false };
    inbox.0.push_back(end.clone());
    selection.0 = None;
    true
}

/// The End phase button or key: ends the phase, or first asks when units can still move or attack
/// and the player wants to be asked.
pub fn ask_to_end_phase<R: Present>(b: &Battle<R>, legal: &[R::Command], ask: bool, asking: &mut AskingToEnd, inbox: &mut CommandInbox<R>, selection: &mut Selection) -> bool {
    if !legal.iter().any(|c| R::ends_phase(c)) {
        return false;
    }
    let waiting = if ask { units_waiting(b, legal) } else { 0 };
    if waiting > 0 {
        asking.0 = Some(waiting);
        return true;
    }
    end_phase(legal, inbox, selection)
}

/// The deciding side's units that can still move or attack.
pub fn units_waiting<R: Present>(b: &Battle<R>, legal: &[R::Command]) -> usize {
    let Some(side) = R::deciding_side(b) else { return 0 };
    b.on_board().filter(|u| u.side == side && can_move_or_attack(b, legal, u.id)).count()
}

/// Whether the board marks somewhere `unit` may move to or something it may attack.
fn can_move_or_attack<R: Present>(b: &Battle<R>, legal: &[R::Command], unit: UnitId) -> bool {
    let marks = R::marks(b, legal, Some(unit), None);
    !marks.reach.is_empty() || !marks.targets.is_empty()
}

/// The deciding side's next unit after `after` (in id order, round again) that can still do
/// something: move, attack, or take an order from a button.
pub fn next_unit<R: Present>(b: &Battle<R>, legal: &[R::Command], after: Option<UnitId>) -> Option<UnitId> {
    let side = R::deciding_side(b)?;
    let busy = |id: UnitId| can_move_or_attack(b, legal, id) || !R::unit_orders(b, legal, id).is_empty();
    let ours: Vec<UnitId> = b.on_board().filter(|u| u.side == side).map(|u| u.id).collect();
    let start = after.and_then(|a| ours.iter().position(|id| *id == a)).map_or(0, |i| i + 1);
    (0..ours.len()).map(|k| ours[(start + k) % ours.len()]).find(|id| busy(*id))
}

/// Whether the keys are the board's: not while a field takes them (a save's name being typed; its
/// window answers Esc itself).
pub fn keys_for_the_board(typing: Option<Res<bevy_egui::input::EguiWantsInput>>, naming: Option<Res<super::panels::SaveNaming>>) -> bool {
    !typing.is_some_and(|t| t.wants_keyboard_input()) && !naming.is_some_and(|n| n.0.is_some())
}

/// Whether either Ctrl key is held.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight)
}

/// The keys a battle heeds whoever is to decide, read before anything else this frame changes:
/// Ctrl-S saves; Esc closes the help, else (when no events are playing, which it skips, and no
/// unit is selected or question asked, which `board_input` handles) asks to leave for the menu, or
/// answers that question with a Stay.
#[allow(clippy::too_many_arguments)]
pub fn battle_keys<R: Present>(
    keys: Res<ButtonInput<KeyCode>>,
    view: Res<BattleView<R>>,
    log: Res<EventLog<R>>,
    stage: Res<Stage<R>>,
    session: Res<Session>,
    selection: Res<Selection>,
    asking: Res<AskingToEnd>,
    (mut help, mut leaving, mut notice, curtain): (ResMut<super::help::HelpOpen>, ResMut<super::panels::Leaving>, ResMut<super::panels::Notice>, Res<super::panels::Curtain>),
) {
    if ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyS) && !session.mode.is_online() {
        super::panels::save_and_say(&session, &log, &view.0, &mut notice);
    }
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if help.0 {
        help.0 = false;
    } else if leaving.0 {
        leaving.0 = false;
    } else if stage.caught_up(&log.events) && selection.0.is_none() && asking.0.is_none() && curtain.0.is_none() {
        leaving.0 = true;
    }
}

#[allow(clippy::too_many_arguments)]
fn board_input<R: Present>(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    hovered: Res<Hovered>,
    view: Res<BattleView<R>>,
    legal: Res<LegalNow<R>>,
    log: Res<EventLog<R>>,
    stage: Res<Stage<R>>,
    session: Res<Session>,
    curtain: Res<super::panels::Curtain>,
    preferences: Res<super::preferences::Preferences>,
    mut selection: ResMut<Selection>,
    mut asking: ResMut<AskingToEnd>,
    mut inbox: ResMut<CommandInbox<R>>,
    mut commands: Commands,
) {
    // As the person deciding may know it (the stage has caught up before they may act).
    let b = stage.board();
    if !stage.caught_up(&log.events) || curtain.0.is_some() || human_to_decide(&view.0, session.mode).is_none() || !inbox.0.is_empty() {
        return;
    }
    if selection.0.is_some_and(|id| b.unit(id).is_none_or(|u| u.hex.is_none())) {
        selection.0 = None;
    }
    let end_key = keys.just_pressed(KeyCode::KeyE) || keys.just_pressed(KeyCode::Enter);
    if asking.0.is_some() {
        // The question is on screen: E or Enter ends the phase all the same, Esc stays.
        if end_key {
            end_phase(&legal.0, &mut inbox, &mut selection);
        }
        if end_key || keys.just_pressed(KeyCode::Escape) {
            asking.0 = None;
        }
        return;
    }
    if end_key && ask_to_end_phase(b, &legal.0, preferences.ask_before_ending, &mut asking, &mut inbox, &mut selection) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        selection.0 = None;
        return;
    }
    if keys.just_pressed(KeyCode::Tab) || keys.just_pressed(KeyCode::KeyN) {
        selection.0 = next_unit::<R>(b, &legal.0, selection.0);
        return;
    }
    if (keys.just_pressed(KeyCode::KeyU) || (ctrl_held(&keys) && keys.just_pressed(KeyCode::KeyZ))) && can_undo(&log, session.mode, &view.0) {
        commands.queue(undo::<R>);
        return;
    }
    // `Hovered` is only set while the cursor is over the board, not a panel.
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(hex) = hovered.0 else { return };
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    match R::click(b, &legal.0, selection.0, hex, shift) {
        Intent::Select(u) => selection.0 = Some(u),
        Intent::Deselect => selection.0 = None,
        Intent::Send { command, deselect } => {
            if deselect {
                selection.0 = None;
            }
            inbox.0.push_back(command);
        }
        Intent::Nothing => {}
    }
}
