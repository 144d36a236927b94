//! The replay viewer's stepping and the window's undo, without a window.
#![cfg(feature = "gui")]

mod common;

use strategos::battle::{Dice, Ruleset};
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::sim::play_game;
use strategos::ui::stage::{Film, Stage, Stride};

#[test]
fn the_replay_viewer_steps_forward_then_back_to_the_same_state() {
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 3, |_| {}).unwrap();
    let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let events = played.app.events().to_vec();
    let log = played.app.log();
    let film = Film::<Thucydide>::of_game(s.clone(), 3, &[], log, String::new());
    let mut stage = Stage::new(Thucydide::setup(&s).unwrap(), false);
    let hash = |st: &Stage<Thucydide>| strategos::battle::hash::state_hash(&st.shown);
    for stride in [Stride::Event, Stride::Command, Stride::Turn] {
        stage.seek(&events, 0);
        let mut marks = vec![(0, hash(&stage))];
        while stage.cursor < events.len() {
            let to = film.next(stage.cursor, stride);
            stage.seek(&events, to);
            marks.push((stage.cursor, hash(&stage)));
        }
        assert_eq!(stage.cursor, events.len());
        for (cursor, h) in marks.iter().rev() {
            stage.seek(&events, *cursor);
            assert_eq!(hash(&stage), *h, "{stride:?} back to event {cursor}");
            let back = film.previous(stage.cursor, stride);
            assert!(back <= *cursor);
        }
    }
    stage.seek(&events, events.len());
    assert_eq!(hash(&stage), strategos::battle::hash::state_hash(played.app.view()), "the viewer ends on the state the replay verifies");
}

#[test]
fn undo_takes_back_a_move_by_a_person_before_any_die_is_rolled() {
    use strategos::battle::ecs::BattleApp;
    use strategos::battle::Side;
    use strategos::ui::session::{Mode, can_undo};
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(4));
    let undoable = |app: &BattleApp<Thucydide>, mode| can_undo(app.log(), mode, app.view());
    assert!(!undoable(&app, Mode::Hotseat), "nothing to undo yet");
    let first_move = app.legal_commands().into_iter().find(|c| matches!(c, Command::Move { .. })).expect("a move");
    app.submit(first_move).unwrap();
    assert!(undoable(&app, Mode::Hotseat));
    assert!(undoable(&app, Mode::Computer(Side(1))), "the person's own move");
    assert!(!undoable(&app, Mode::Computer(Side(0))), "never the computer's move");
    app.submit(Command::EndPhase).unwrap();
    assert!(!undoable(&app, Mode::Hotseat), "the end of a phase is not undone");
}

#[test]
fn a_saved_game_is_a_replay_that_verifies_and_says_who_played() {
    use strategos::ui::saves::replay_of;
    use strategos::ui::session::{Mode, Session};
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 8, |_| {}).unwrap();
    let session = Session::new(s.clone(), 8, Mode::Computer(strategos::battle::Side(1)), strategos::ai::Level::Easy);
    let live = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let saved = replay_of(&session, live.app.log(), live.app.view());
    assert_eq!(saved.commands, game.replay.commands);
    let back: strategos::replay::Replay<Command> = ron::from_str(&strategos::replay::to_ron(&saved)).unwrap();
    assert_eq!(back, saved);
    let again = strategos::replay::play::<Thucydide>(&s, &back).unwrap();
    assert_eq!(strategos::replay::first_divergence(&back.turn_hashes, again.app.turn_hashes()), None);
    assert!(back.turn_hashes.len() > 2, "a hash per player-turn");
    let summary = strategos::replay::Summary::of(&strategos::replay::to_ron(&saved)).expect("the saves list reads it");
    assert_eq!((summary.scenario.as_str(), summary.turn()), ("thucydide-first-clash", back.turn_hashes.last().unwrap().turn));
    let table = back.table.expect("a save says how the game was played");
    assert_eq!((table.computer, table.level.as_str(), table.taken_over_at), (Some(1), "easy", None), "the computer's side and level come back with the save");
}

#[test]
fn after_a_pause_the_next_events_show_at_once_then_at_their_pace() {
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 3, |_| {}).unwrap();
    let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let events = played.app.events().to_vec();
    let film = Film::<Thucydide>::of_game(s.clone(), 3, &[], played.app.log(), String::new());
    use strategos::battle::Present;
    // A command whose last event keeps the board waiting (a move, a roll), with more to come.
    let split = film.command_ends.iter().copied().find(|end| *end < events.len() && Thucydide::pause_after(&events[end - 1]) > 0.0).expect("a paced event");
    let mut stage = Stage::new(Thucydide::setup(&s).unwrap(), false);
    stage.seek(&events, split);
    stage.pace(&events[..split], 10.0, false);
    stage.pace(&events, 0.0, false);
    assert!(stage.cursor > split, "the player waited longer than the last pause: the next event shows at once");
    assert!(stage.cursor < events.len(), "then each event waits its own pause");
}

#[test]
fn the_replay_viewer_opens_on_the_first_turn() {
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 4, |_| {}).unwrap();
    let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let film = Film::<Thucydide>::of_game(s.clone(), 4, &[], played.app.log(), String::new());
    let stage = film.first_stage().unwrap();
    assert_eq!(stage.board().turn, 1, "not turn 0, the state before the opening events");
    assert_eq!(stage.cursor, film.opening);
}

#[test]
fn the_next_unit_key_goes_round_the_units_that_can_still_act() {
    use strategos::ui::input::next_unit;
    let s = common::load_bundled("thucydide-first-clash");
    let app = strategos::replay::start::<Thucydide>(&s, 2, &[]).unwrap();
    let b = app.view();
    let legal = Thucydide::legal_commands(b);
    let first = next_unit::<Thucydide>(b, &legal, None).expect("a unit to act");
    let mut seen = vec![first];
    let mut at = first;
    loop {
        at = next_unit::<Thucydide>(b, &legal, Some(at)).unwrap();
        if at == first {
            break;
        }
        assert!(!seen.contains(&at));
        seen.push(at);
    }
    let side = Thucydide::deciding_side(b).unwrap();
    assert!(seen.iter().all(|id| b.unit(*id).unwrap().side == side), "only the deciding side's units");
    assert!(seen.len() > 1);
}

#[test]
fn a_battle_started_from_the_menu_has_its_legal_commands_at_its_first_frame() {
    use bevy::prelude::*;
    use strategos::battle::AppState;
    use strategos::ui::input::{InputPlugin, LegalNow, RulesetInputPlugin};
    use strategos::ui::session::{BattleStarted, Mode, Session, start};
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin, bevy::input::InputPlugin))
        .init_state::<AppState>()
        .add_message::<BattleStarted>()
        .init_resource::<strategos::ui::camera::Hovered>()
        .init_resource::<strategos::ui::panels::Curtain>()
        .init_resource::<strategos::ui::preferences::Preferences>()
        .add_plugins((strategos::battle::ecs::BattlePlugin::<Thucydide>::default(), InputPlugin, RulesetInputPlugin::<Thucydide>::default()));
    // The menu is up for a while, as a person reads it; then a system of the frame starts the
    // battle (as the menu's and the script's do), before the battle's systems look at it.
    for _ in 0..3 {
        app.update();
    }
    let session = Session::new(s, 5, Mode::Hotseat, strategos::ai::Level::Easy);
    let mut to_start = Some(session);
    app.add_systems(
        Update,
        (move |world: &mut World| {
            if let Some(session) = to_start.take() {
                start::<Thucydide>(world, session, Vec::new()).unwrap();
            }
        })
        .before(strategos::battle::ecs::BattleSet::Resolve),
    );
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Battle);
    assert!(!app.world().resource::<LegalNow<Thucydide>>().0.is_empty(), "the first player may act at once");
}

#[test]
fn dice_held_for_the_player_wait_for_a_click_however_long_it_takes() {
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 3, |_| {}).unwrap();
    let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let events = played.app.events().to_vec();
    use strategos::rules::thucydide::event::Event;
    let roll = events.iter().position(|e| matches!(e, Event::DiceRolled { .. })).expect("a roll");
    let mut stage = Stage::new(Thucydide::setup(&s).unwrap(), false);
    stage.seek(&events, roll + 1);
    assert!(stage.holding(&events), "the dice are on the board with events after them");
    stage.pace(&events, 60.0, true);
    assert_eq!(stage.cursor, roll + 1, "a minute later the dice are still there");
    stage.release();
    stage.pace(&events, 0.0, true);
    assert!(stage.cursor > roll + 1, "after the click the next event shows at once");
    let mut unheld = Stage::new(Thucydide::setup(&s).unwrap(), false);
    unheld.seek(&events, roll + 1);
    unheld.pace(&events, 60.0, false);
    assert!(unheld.cursor > roll + 1, "without holding, the dice go after their pause");
}

#[test]
fn ending_a_phase_with_units_able_to_act_asks_first_unless_told_not_to() {
    use strategos::battle::ecs::{BattleApp, CommandInbox};
    use strategos::ui::input::{AskingToEnd, Selection, ask_to_end_phase, units_waiting};
    let s = common::load_bundled("thucydide-first-clash");
    let app = BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(7));
    let (b, legal) = (app.view(), app.legal_commands());
    let waiting = units_waiting(b, &legal);
    assert!(waiting > 0, "at the start of the movement phase units can move");
    let (mut asking, mut inbox, mut selection) = (AskingToEnd::default(), CommandInbox::<Thucydide>(Default::default()), Selection::default());
    assert!(ask_to_end_phase(b, &legal, true, &mut asking, &mut inbox, &mut selection));
    assert_eq!((asking.0, inbox.0.len()), (Some(waiting), 0), "asked, nothing sent");
    let mut asking = AskingToEnd::default();
    assert!(ask_to_end_phase(b, &legal, false, &mut asking, &mut inbox, &mut selection));
    assert_eq!((asking.0, inbox.0.front()), (None, Some(&Command::EndPhase)), "not asked: the phase ends");
}
