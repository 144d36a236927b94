//! The window's input-to-command mapping and the replay viewer's stepping, without a window.
#![cfg(feature = "gui")]

mod common;

use common::{battle, hex, open};
use strategos::battle::{Battle, Dice, Ruleset, UnitId};
use strategos::rules::thucydide::state::{MoveMode, Phase};
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::sim::play_game;
use strategos::ui::input::{Intent, click, highlights};
use strategos::ui::stage::{Film, Stage, Stride};

type B = Battle<Thucydide>;

fn rows(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn ready(phase: Phase) -> B {
    let m = open(6, 10);
    let mut b = battle(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "cavalry", 4, 8), (9, 1, "hoplites", 5, 0)]);
    b.turn = 1;
    b.global.phase = phase;
    for u in b.units.iter_mut().filter(|u| u.side.0 == 0) {
        u.state.activated = true;
    }
    b
}

#[test]
fn clicking_an_own_unit_selects_it_and_again_deselects_it() {
    let b = ready(Phase::Movement);
    let legal = Thucydide::legal_commands(&b);
    assert_eq!(click(&b, &legal, None, hex(4, 8), false), Intent::Select(UnitId(3)));
    assert_eq!(click(&b, &legal, Some(UnitId(3)), hex(4, 8), false), Intent::Deselect);
    assert_eq!(click(&b, &legal, None, hex(2, 5), false), Intent::Nothing, "an enemy is not selectable");
}

#[test]
fn clicking_a_reachable_hex_moves_the_selected_unit_and_elsewhere_deselects() {
    let b = ready(Phase::Movement);
    let legal = Thucydide::legal_commands(&b);
    let (moves, _) = highlights(&legal, Some(UnitId(3)));
    assert!(moves.contains(&hex(4, 7)));
    assert_eq!(
        click(&b, &legal, Some(UnitId(3)), hex(4, 7), false),
        Intent::Send(Command::Move { unit: UnitId(3), to: hex(4, 7), mode: MoveMode::Normal })
    );
    assert_eq!(click(&b, &legal, Some(UnitId(3)), hex(0, 0), false), Intent::Deselect, "out of reach");
}

#[test]
fn clicking_a_target_attacks_it_and_shift_adds_an_attack_order() {
    let mut b = ready(Phase::Combat);
    b.global.order_tokens[0] = 1;
    let legal = Thucydide::legal_commands(&b);
    let (_, targets) = highlights(&legal, Some(UnitId(1)));
    assert_eq!(targets, vec![UnitId(2)]);
    assert_eq!(
        click(&b, &legal, Some(UnitId(1)), hex(2, 5), false),
        Intent::Send(Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false })
    );
    assert_eq!(
        click(&b, &legal, Some(UnitId(1)), hex(2, 5), true),
        Intent::Send(Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: true })
    );
}

#[test]
fn during_a_retreat_a_click_picks_the_hex_to_fall_back_to() {
    let mut b = ready(Phase::Combat);
    let mut dice = Dice::with_forced(1, &[2, 4, 4]);
    let events = Thucydide::resolve(&b, &Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice).unwrap();
    for e in &events {
        Thucydide::apply(&mut b, e);
    }
    let legal = Thucydide::legal_commands(&b);
    let Some(Command::Retreat { path }) = legal.first().cloned() else { panic!("a retreat to choose: {legal:?}") };
    let end = *path.last().unwrap();
    assert_eq!(click(&b, &legal, None, end, false), Intent::Send(Command::Retreat { path }));
}

#[test]
fn the_replay_viewer_steps_forward_then_back_to_the_same_state() {
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 3, |_| {}).unwrap();
    let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let events = played.app.events().to_vec();
    let log = played.app.log();
    let film = Film::<Thucydide>::of_game(s.clone(), 3, log, String::new());
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
fn a_saved_game_is_a_replay_that_verifies() {
    use strategos::ui::saves::replay_of;
    use strategos::ui::session::{Mode, Session};
    let s = common::load_bundled("thucydide-first-clash");
    let game = play_game::<Thucydide>(&s, 8, |_| {}).unwrap();
    let session = Session { scenario: s.clone(), seed: 8, mode: Mode::Hotseat, level: strategos::ai::Level::Easy, taken_over_at: None };
    let live = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
    let saved = replay_of(&session, live.app.log());
    assert_eq!(saved.commands, game.replay.commands);
    let back: strategos::replay::Replay<Command> = ron::from_str(&strategos::replay::to_ron(&saved)).unwrap();
    assert_eq!(back, saved);
    let again = strategos::replay::play::<Thucydide>(&s, &back).unwrap();
    assert_eq!(strategos::replay::first_divergence(&back.turn_hashes, again.app.turn_hashes()), None);
    assert!(back.turn_hashes.len() > 2, "a hash per player-turn");
}
