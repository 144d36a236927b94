//! The ECS shell: commands go through the world, the phase sub-state follows the battle, and a
//! battle app restarted on a new battle plays it as a new app would.

mod common;

use strategos::battle::ecs::BattleApp;
use strategos::battle::{Dice, Ruleset};
use strategos::sim::{Player, RandomPlayer};
use strategos::rules::thucydide::state::Phase;
use strategos::rules::thucydide::{Command, Thucydide};

#[test]
fn the_phase_sub_state_follows_the_battle() {
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(5));
    assert_eq!(app.phase(), Phase::Movement);
    app.submit(Command::EndPhase).unwrap();
    assert_eq!(app.view().global.phase, Phase::Combat);
    assert_eq!(app.phase(), Phase::Combat);
    app.submit(Command::EndPhase).unwrap();
    assert_eq!(app.phase(), Phase::Movement, "the other side's movement phase");
}

#[test]
fn an_illegal_command_is_refused_and_changes_nothing() {
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(5));
    let before = app.events().len();
    let err = app.submit(Command::Riposte { strike: true }).unwrap_err();
    assert!(err.0.contains("not among the legal commands"), "{err}");
    assert!(err.0.contains("no Riposte is open; the battle waits for Athenians (side 0), who may give Move, EndPhase"), "what is open instead: {err}");
    assert_eq!(app.events().len(), before);
}

#[test]
fn a_refusal_names_what_is_open_instead_of_the_command_sent() {
    // The Thebans' unit 11 is not the Athenians' to move, and their hoplites cannot reach the far
    // corner: the hexes they can reach are named.
    let s = common::load_bundled("thucydide-first-clash");
    let mut app = BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(5));
    let mode = strategos::rules::thucydide::state::MoveMode::Normal;
    let far = strategos::hex::Offset(9, 0).to_hex();
    let err = app.submit(Command::Move { unit: strategos::battle::UnitId(1), to: far, mode }).unwrap_err();
    assert!(err.0.contains("Athenians (side 0) may give Move with to: [") && err.0.contains("(not [9,0])"), "{err}");
    let near = strategos::hex::Offset(3, 6).to_hex();
    let err = app.submit(Command::Move { unit: strategos::battle::UnitId(11), to: near, mode }).unwrap_err();
    assert!(err.0.contains("may give Move with unit: 1, 2") && err.0.contains("(not 11)"), "{err}");
}

/// Plays up to `commands` random commands from the opening and returns them with the phase
/// sub-state after each, the events and the turn hashes they gave.
fn random_game<R: Ruleset>(app: &mut BattleApp<R>, seed: u64, commands: usize) -> (Vec<R::Command>, Vec<R::Event>, String) {
    let mut player = RandomPlayer::new(seed);
    let mut sent = Vec::new();
    let mut phases = Vec::new();
    while sent.len() < commands && R::deciding_side(app.view()).is_some() {
        let command = Player::<R>::choose(&mut player, app.view()).expect("a legal command");
        app.submit(command.clone()).expect("a legal command is accepted");
        sent.push(command);
        phases.push(app.phase());
    }
    (sent, app.events().to_vec(), format!("{phases:?} {:?}", app.turn_hashes()))
}

fn restarted_like_new<R: Ruleset>(scenario: &str) {
    let s = common::load_bundled(scenario);
    let battle = R::setup(&s).unwrap();
    let mut fresh = BattleApp::<R>::new(battle.clone(), Dice::new(9));
    let first = random_game(&mut fresh, 3, 150);
    // The same app, mid-battle, restarted on another game, then on the first one again.
    fresh.restart(battle.clone(), Dice::new(10));
    random_game(&mut fresh, 4, 60);
    fresh.restart(battle, Dice::new(9));
    assert_eq!(fresh.phase(), BattleApp::<R>::new(R::setup(&s).unwrap(), Dice::new(9)).phase(), "{scenario}: the opening phase");
    let again = random_game(&mut fresh, 3, 150);
    assert_eq!(format!("{:?}", first.0), format!("{:?}", again.0), "{scenario}: the same commands");
    assert_eq!(format!("{:?}", first.1), format!("{:?}", again.1), "{scenario}: the same events");
    assert_eq!(first.2, again.2, "{scenario}: the same phases and turn hashes");
}

#[test]
fn a_restarted_battle_app_plays_as_a_new_one() {
    restarted_like_new::<Thucydide>("thucydide-first-clash");
    restarted_like_new::<strategos::rules::swordpoint::Swordpoint>("swordpoint-hastings-skirmish");
    restarted_like_new::<strategos::rules::black_powder::BlackPowder>("black-powder-quatre-bras");
    restarted_like_new::<strategos::rules::swidenth::Swidenth>("swidenth-border-patrol");
    restarted_like_new::<strategos::rules::mass_battle::MassBattle>("mass-battle-field");
}
