//! The ECS shell: commands go through the world, and the phase sub-state follows the battle.

mod common;

use strategos::battle::ecs::BattleApp;
use strategos::battle::{Dice, Ruleset};
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
    assert_eq!(app.events().len(), before);
}
