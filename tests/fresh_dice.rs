//! A game loaded, continued or taken over goes on with fresh dice, so a player cannot learn the
//! dice to come by saving and loading: the coming dice differ from the original game's, the fresh
//! seed is recorded in the new save, which replays and verifies; the menu's "same dice" choice
//! keeps the original dice. Through the window's own loading and take-over code, without a window.
#![cfg(feature = "gui")]

mod common;

use bevy::prelude::*;
use strategos::battle::ecs::{BattleDice, BattlePlugin, CommandInbox, EventLog};
use strategos::battle::{AppState, Dice};
use strategos::replay::{Replay, Table, play, to_ron, verified};
use strategos::rules::thucydide::Thucydide;
use strategos::sim::{Player, RandomPlayer, play_game};
use strategos::ui::menu::{MenuChoice, load_game};
use strategos::ui::preferences::Preferences;
use strategos::ui::session::{BattleStarted, Mode, Session};
use strategos::ui::stage::Film;

const SCENARIO: &str = "thucydide-first-clash";

fn window_less_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .init_state::<AppState>()
        .add_message::<BattleStarted>()
        .init_resource::<Preferences>()
        .insert_resource(MenuChoice::from_options(&strategos::ui::Options::default()))
        .add_plugins(BattlePlugin::<Thucydide>::default());
    app.update();
    app
}

/// The next twenty d6 the battle's dice would roll for command number `at`.
fn coming(dice: &Dice, at: usize) -> Vec<u8> {
    let mut dice = dice.clone();
    dice.before_command(at);
    (0..20).map(|_| dice.roll(6)).collect()
}

fn coming_in(app: &App, at: usize) -> Vec<u8> {
    coming(&app.world().resource::<BattleDice>().0, at)
}

/// Plays a few random commands in the app's battle, as its players would, then returns the save
/// the window would write.
fn play_on_and_save(app: &mut App, commands: usize) -> String {
    let mut player = RandomPlayer::new(17);
    for _ in 0..commands {
        let b = app.world().resource::<strategos::battle::ecs::BattleView<Thucydide>>().0.clone();
        let Some(c) = Player::<Thucydide>::choose(&mut player, &b) else { break };
        app.world_mut().resource_mut::<CommandInbox<Thucydide>>().0.push_back(c);
        app.update();
    }
    let session = app.world().resource::<Session>().clone();
    let now = &app.world().resource::<strategos::battle::ecs::BattleView<Thucydide>>().0;
    to_ron(&strategos::ui::saves::replay_of(&session, app.world().resource::<EventLog<Thucydide>>(), now))
}

fn verifies(text: &str) -> Replay<strategos::rules::thucydide::Command> {
    let path = std::path::Path::new("continued.ron");
    let header = strategos::replay::parse_header(path, text).unwrap();
    verified::<Thucydide>(path, text, &header).unwrap_or_else(|e| panic!("the new save replays and verifies: {e}")).0
}

#[test]
fn loading_continuing_and_taking_over_draw_fresh_dice_recorded_in_the_save() {
    let saves = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fresh-dice-saves");
    let _ = std::fs::remove_dir_all(&saves);
    std::fs::create_dir_all(&saves).unwrap();
    // SAFETY: this test binary runs this one test, before any thread reads the environment.
    unsafe { std::env::set_var("STRATEGOS_SAVES", &saves) };

    let s = common::load_bundled(SCENARIO);
    let original = play_game::<Thucydide>(&s, 3, |_| {}).unwrap().replay;
    let half = original.commands.len() / 2;
    let head = Replay { commands: original.commands[..half].to_vec(), turn_hashes: Vec::new(), ..original.clone() };
    let head_played = play::<Thucydide>(&s, &head).unwrap();
    let original_coming = coming(&head_played.app.world().resource::<BattleDice>().0, half);
    let save = Replay { turn_hashes: head_played.app.turn_hashes().to_vec(), ..head }.at_table(Table { computer: None, level: "easy".into(), taken_over_at: None });
    strategos::saves::write("half.ron", &to_ron(&save)).unwrap();

    // Loaded (the menu's Load, and its Continue, which loads the autosave the same way).
    let mut app = window_less_app();
    load_game(app.world_mut(), "half.ron");
    app.update();
    assert_eq!(app.world().resource::<EventLog<Thucydide>>().commands.len(), half, "the save's commands are played again");
    let loaded_coming = coming_in(&app, half);
    assert_ne!(loaded_coming, original_coming, "after a load the dice to come are not the original game's");
    let continued = verifies(&play_on_and_save(&mut app, 30));
    assert_eq!(continued.reseeds.len(), 1, "the fresh seed is in the save");
    assert_eq!(continued.reseeds[0].at, half, "from the first command after the load");
    assert_eq!(continued.commands[..half], original.commands[..half]);

    // Loaded again: fresh dice again, unlike the first load's.
    let mut again = window_less_app();
    load_game(again.world_mut(), "half.ron");
    again.update();
    assert_ne!(coming_in(&again, half), loaded_coming, "each load draws its own dice");

    // The same dice, when the player asks for them.
    let mut same = window_less_app();
    same.world_mut().resource_mut::<Preferences>().same_dice_on_reload = true;
    load_game(same.world_mut(), "half.ron");
    same.update();
    assert_eq!(coming_in(&same, half), original_coming, "\"the same dice\" keeps the original game's");
    assert!(verifies(&play_on_and_save(&mut same, 10)).reseeds.is_empty());

    // Taken over in the replay viewer.
    let played = play::<Thucydide>(&s, &original).unwrap();
    let film = Film::<Thucydide>::of_game(s.clone(), original.seed, &original.reseeds, played.app.log(), String::new());
    let mut taken = window_less_app();
    strategos::ui::panels::take_over(taken.world_mut(), film.origin.clone(), half, Mode::Hotseat);
    taken.update();
    assert_ne!(coming_in(&taken, half), original_coming, "after a take-over the dice to come are not the original game's");
    let taken_save = verifies(&play_on_and_save(&mut taken, 30));
    assert_eq!(taken_save.reseeds.iter().map(|r| r.at).collect::<Vec<_>>(), vec![half]);

    // A game taken over from the continued one keeps the continued game's own reseed before it.
    let continued_played = play::<Thucydide>(&s, &continued).unwrap();
    let film = Film::<Thucydide>::of_game(s.clone(), continued.seed, &continued.reseeds, continued_played.app.log(), String::new());
    let mut twice = window_less_app();
    strategos::ui::panels::take_over(twice.world_mut(), film.origin.clone(), half + 5, Mode::Hotseat);
    twice.update();
    let json = |events: &[strategos::rules::thucydide::event::Event]| serde_json::to_string(events).unwrap();
    let before = &continued_played.app.log().events[..continued_played.app.log().commands[half + 4].1];
    assert_eq!(json(&twice.world().resource::<EventLog<Thucydide>>().events), json(before), "its first commands play as they did");
    let twice_save = verifies(&play_on_and_save(&mut twice, 10));
    assert_eq!(twice_save.reseeds.iter().map(|r| r.at).collect::<Vec<_>>(), vec![half, half + 5]);
}
