//! From clicks and keys to commands. `click` is the pure mapping (tested without a window): what a
//! click on a hex means given the legal commands and the selected unit. The system around it only
//! sends commands `legal_commands` offers.

use super::camera::Hovered;
use super::session::{Session, can_undo, human_to_decide, undo};
use super::stage::Stage;
use crate::battle::ecs::{BattleSet, BattleView, CommandInbox, EventLog};
use crate::battle::{Battle, Ruleset, UnitId};
use crate::hex::Hex;
use crate::rules::thucydide::state::MoveMode;
use crate::rules::thucydide::{Command, Thucydide};
use bevy::prelude::*;

type B = Battle<Thucydide>;

/// The unit the player has picked, whose moves and targets the board shows.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection(pub Option<UnitId>);

/// What a click asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Select(UnitId),
    Deselect,
    Send(Command),
    Nothing,
}

/// The meaning of a click on `hex`. `attack_order` is held by a modifier key (Shift).
pub fn click(b: &B, legal: &[Command], selected: Option<UnitId>, hex: Hex, attack_order: bool) -> Intent {
    let on_hex = b.unit_at(hex).map(|u| u.id);
    // A pending decision: the hex picks among its options.
    if !b.global.agenda.is_empty() {
        let pick = legal.iter().find(|c| match c {
            Command::Retreat { path } => path.last() == Some(&hex),
            Command::Pursue { to: Some(to), target: None, .. } => *to == hex,
            Command::Charge { target } | Command::Pursue { to: None, target: Some(target), .. } => Some(*target) == on_hex,
            Command::Refuge { unit } => Some(*unit) == on_hex,
            _ => false,
        });
        return pick.cloned().map_or(Intent::Nothing, Intent::Send);
    }
    if let Some(unit) = on_hex {
        if legal.iter().any(|c| matches!(c, Command::Redeploy { unit: u } if *u == unit)) {
            return Intent::Send(Command::Redeploy { unit });
        }
        if let Some(attacker) = selected {
            let attack = Command::Attack { attacker, target: unit, attack_order };
            if legal.contains(&attack) {
                return Intent::Send(attack);
            }
        }
        let deciding = Thucydide::deciding_side(b);
        return match b.unit(unit) {
            Some(u) if Some(u.side) == deciding && selected == Some(unit) => Intent::Deselect,
            Some(u) if Some(u.side) == deciding => Intent::Select(unit),
            _ => Intent::Nothing,
        };
    }
    let Some(unit) = selected else { return Intent::Nothing };
    // The plainest way there: a normal move before a road march or a mounted move.
    [MoveMode::Normal, MoveMode::RoadMarch, MoveMode::Mounted]
        .into_iter()
        .map(|mode| Command::Move { unit, to: hex, mode })
        .find(|c| legal.contains(c))
        .map_or(Intent::Deselect, Intent::Send)
}

/// Hexes the selected unit may move to, and the units it may attack.
pub fn highlights(legal: &[Command], selected: Option<UnitId>) -> (Vec<Hex>, Vec<UnitId>) {
    let mut moves = Vec::new();
    let mut targets = Vec::new();
    for c in legal {
        match c {
            Command::Move { unit, to, .. } if Some(*unit) == selected && !moves.contains(to) => moves.push(*to),
            Command::Attack { attacker, target, .. } if Some(*attacker) == selected && !targets.contains(target) => targets.push(*target),
            _ => {}
        }
    }
    (moves, targets)
}

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .init_resource::<LegalNow>()
            .add_systems(Update, deselect.in_set(BattleSet::Resolve))
            .add_systems(Update, refresh_legal.in_set(BattleSet::Show).run_if(resource_exists_and_changed::<BattleView<Thucydide>>))
            .add_systems(Update, board_input.in_set(BattleSet::Play).run_if(resource_exists::<BattleView<Thucydide>>));
    }
}

/// A new battle starts with nothing selected.
fn deselect(mut started: MessageReader<super::session::BattleStarted>, mut selection: ResMut<Selection>) {
    if started.read().count() > 0 {
        selection.0 = None;
    }
}

/// The legal commands of the battle as it stands, worked out once each time it changes (the board,
/// the panels and the clicks all read them every frame).
#[derive(Resource, Default)]
pub struct LegalNow(pub Vec<Command>);

fn refresh_legal(view: Res<BattleView<Thucydide>>, mut legal: ResMut<LegalNow>) {
    legal.0 = Thucydide::legal_commands(&view.0);
}

#[allow(clippy::too_many_arguments)]
fn board_input(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    hovered: Res<Hovered>,
    view: Res<BattleView<Thucydide>>,
    legal: Res<LegalNow>,
    log: Res<EventLog<Thucydide>>,
    stage: Res<Stage<Thucydide>>,
    session: Res<Session>,
    curtain: Res<super::panels::Curtain>,
    mut selection: ResMut<Selection>,
    mut inbox: ResMut<CommandInbox<Thucydide>>,
    mut commands: Commands,
) {
    let b = &view.0;
    if !stage.caught_up(&log.events) || curtain.0.is_some() || human_to_decide(b, session.mode).is_none() || !inbox.0.is_empty() {
        return;
    }
    if selection.0.is_some_and(|id| b.unit(id).is_none_or(|u| u.hex.is_none())) {
        selection.0 = None;
    }
    if (keys.just_pressed(KeyCode::KeyE) || keys.just_pressed(KeyCode::Enter)) && b.global.agenda.is_empty() {
        inbox.0.push_back(Command::EndPhase);
        selection.0 = None;
        return;
    }
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if (keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ))) && can_undo(&log, session.mode, b) {
        commands.queue(undo::<Thucydide>);
        return;
    }
    // `Hovered` is only set while the cursor is over the board, not a panel.
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(hex) = hovered.0 else { return };
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    match click(b, &legal.0, selection.0, hex, shift) {
        Intent::Select(u) => selection.0 = Some(u),
        Intent::Deselect => selection.0 = None,
        Intent::Send(c) => {
            if matches!(c, Command::Attack { .. }) {
                selection.0 = None;
            }
            inbox.0.push_back(c);
        }
        Intent::Nothing => {}
    }
}
