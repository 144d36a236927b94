//! Swordpoint's rules in play, against the seed (`000_dd1bca2cefe3b4db.txt`, cited `SP:Lnn`): small
//! situations set up on an open field and played through the real turn with forced dice, in the
//! order `docs/rules/swordpoint.md` ("The order of the dice") gives; and the arithmetic of every
//! test, volley and commander's roll of many random games checked against the tables.

mod common;

use common::swordpoint::{U, send};
use strategos::battle::ecs::BattleApp;
use strategos::battle::{Ruleset, Side, UnitId};
use strategos::hex::Direction;
use strategos::rules::swordpoint::event::{Marker, Test};
use strategos::rules::swordpoint::state::{Phase, Response};
use strategos::rules::swordpoint::{Command, Event, Swordpoint};
use strategos::sim::play_game;

fn start(units: &[U], forced: &[u8]) -> BattleApp<Swordpoint> {
    common::swordpoint::start(units, &[], forced)
}

fn figures(app: &BattleApp<Swordpoint>, id: u32) -> u8 {
    app.view().unit(UnitId(id)).unwrap().state.figures
}

#[test]
fn archers_shoot_six_dice_hit_on_four_and_the_target_saves_on_four() {
    // 8 archers' bases, 4 a rank: 4 dice for the first rank and 1 for each 2 bases of the second
    // (SP:L50), to hit on 4+ at short range (SP:L230); warriors in heavy armour and shields save
    // on 4+ (SP:L213–218). Faces: six to-hit dice, then one save per hit.
    let mut app = start(&[(1, 0, "archers", 5, 7, None), (2, 1, "warriors", 5, 4, None)], &[4, 5, 6, 1, 2, 3, 4, 3, 1]);
    assert_eq!(app.view().global.phase, Phase::ShootingDeclare);
    assert_eq!(Swordpoint::deciding_side(app.view()), Some(Side(0)), "the north has no shooter: its sheet is sealed at once");
    let events = send(&mut app, Command::Seal);
    let volley = events
        .iter()
        .find_map(|e| match e {
            Event::Volley { volley, .. } => Some(volley.clone()),
            _ => None,
        })
        .expect("the archers shoot at their priority target");
    assert_eq!((volley.by, volley.target, volley.dice, volley.to_hit), (UnitId(1), UnitId(2), 6, 4));
    assert_eq!((volley.faces.clone(), volley.hits), (vec![4, 5, 6, 1, 2, 3], 3));
    assert_eq!((volley.save, volley.save_faces.clone(), volley.lost), (4, vec![4, 3, 1], 2));
    assert_eq!(figures(&app, 2), 30, "each unsaved hit removes a figure (H-1)");
    assert!(!app.view().unit(UnitId(2)).unwrap().state.demoralised, "2 of 32 figures is under SP:L97's 10%");
    assert_eq!(app.view().global.momentum, [5, 5], "no award under 10% (SP:L97)");
}

#[test]
fn ten_percent_lost_to_shooting_demoralises_and_earns_a_point() {
    // Six hits, no save: 6 of 32 figures, 18.75%: Demoralised, +1 momentum (SP:L97); under 25%,
    // no cohesion test (SP:L98).
    let mut app = start(&[(1, 0, "archers", 5, 7, None), (2, 1, "warriors", 5, 4, None)], &[6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1]);
    let events = send(&mut app, Command::Seal);
    assert_eq!(figures(&app, 2), 26);
    assert!(app.view().unit(UnitId(2)).unwrap().state.demoralised);
    assert!(events.iter().any(|e| matches!(e, Event::MarkerChanged { unit: UnitId(2), marker: Marker::Demoralised, on: true, .. })));
    assert_eq!(app.view().global.momentum, [6, 5]);
    assert!(!events.iter().any(|e| matches!(e, Event::Tested { .. })), "no test under 25% (SP:L98)");
}

#[test]
fn bids_are_spent_and_a_tie_is_rolled_again_without_new_bids() {
    // H-9: the south bids 2, the north nothing; d6 + bid: 3 + 2 against 5 ties, rolled again:
    // 1 + 2 against 6, the north takes the initiative and declares first.
    let mut app = start(&[(1, 0, "warriors", 5, 8, None), (2, 1, "warriors", 5, 1, None)], &[3, 5, 1, 6]);
    assert_eq!(app.view().global.phase, Phase::Initiative, "no shooter on the field: the shooting sheets seal themselves");
    send(&mut app, Command::Bid { points: 2 });
    send(&mut app, Command::Seal);
    assert_eq!(Swordpoint::deciding_side(app.view()), Some(Side(1)));
    let events = send(&mut app, Command::Seal);
    let rolls: Vec<([u8; 2], Option<Side>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::InitiativeRolled { bids, faces, winner } => {
                assert_eq!(*bids, [2, 0]);
                Some((*faces, *winner))
            }
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![([3, 5], None), ([1, 6], Some(Side(1)))]);
    assert_eq!(app.view().global.momentum, [3, 5], "the bid is spent (H-9)");
    assert_eq!(app.view().global.initiative, Side(1));
    assert_eq!(app.view().global.phase, Phase::RemainingMoves, "no charge to declare: the declarations pass");
    assert_eq!(Swordpoint::deciding_side(app.view()), Some(Side(1)), "the initiative side moves first");
}

#[test]
fn a_unit_charged_in_the_flank_tests_and_failing_breaks_and_flees() {
    // Knights west of a unit of warriors that faces south, so they come in on its flank (SP2.3,
    // SP:L22): the warriors test cohesion 6 on 2d6 and fail on 1 + 2, break and flee (H-12).
    // Initiative: 6 against 1, the south declares first.
    let units = [(1, 0, "knights", 1, 4, Some(Direction::SE)), (2, 1, "warriors", 5, 5, Some(Direction::S))];
    let mut app = start(&units, &[6, 1, 1, 2]);
    send(&mut app, Command::Seal);
    send(&mut app, Command::Seal);
    assert_eq!(app.view().global.phase, Phase::DeclareMounted);
    let charge = Swordpoint::legal_commands(app.view())
        .into_iter()
        .find(|c| matches!(c, Command::DeclareCharge { charger: UnitId(1), target: UnitId(2), .. }))
        .expect("the knights can charge the warriors");
    send(&mut app, charge);
    assert_eq!(Swordpoint::deciding_side(app.view()), Some(Side(1)), "its only charge declared, the south is done: the warriors answer (H-11)");
    let events = send(&mut app, Command::Respond { response: Response::Hold });
    assert_eq!(app.view().global.phase, Phase::RemainingMoves, "nothing else to declare: the charge moves");
    let test = events.iter().find_map(|e| match e {
        Event::Tested { unit: UnitId(2), test: Test::FlankOrRearCharge, faces, needed, passed, .. } => Some((*faces, *needed, *passed)),
        _ => None,
    });
    assert_eq!(test, Some(([1, 2], 6, false)), "cohesion 6, no modifier");
    let w = app.view().unit(UnitId(2)).unwrap();
    assert!(w.state.fleeing && w.state.demoralised, "a failed test breaks it (H-6)");
    assert!(app.view().global.combat_of(UnitId(2)).is_none(), "a fleeing unit is in no combat");
}

/// Every test's score is its Cohesion plus its factors, and it passes iff 2d6 reaches it (H-5,
/// R-6); every volley hits on its score and saves on its own (H-7); a commander dies on his
/// number (SP:L170–174, SP:L203).
#[test]
fn every_roll_of_random_games_follows_the_tables() {
    for id in ["swordpoint-hastings-skirmish", "swordpoint-heraclea"] {
        let s = common::load_bundled(id);
        for seed in 0..60 {
            let game = play_game::<Swordpoint>(&s, seed, |_| {}).unwrap();
            let played = strategos::replay::play::<Swordpoint>(&s, &game.replay).unwrap();
            for e in played.app.events() {
                match e {
                    Event::Tested { faces, cohesion, factors, needed, passed, .. } => {
                        let sum: i16 = i16::from(*cohesion) + factors.iter().map(|f| i16::from(f.value)).sum::<i16>();
                        assert_eq!(i16::from(*needed), sum.clamp(2, 13), "{e:?}");
                        assert_eq!(*passed, *needed <= 12 && faces[0] + faces[1] >= *needed, "{e:?}");
                    }
                    Event::Volley { volley: v, .. } => {
                        assert_eq!(v.faces.len(), if v.to_hit <= 6 { usize::from(v.dice) } else { 0 }, "{e:?}");
                        let hits = v.faces.iter().filter(|f| **f != 1 && **f >= v.to_hit).count();
                        assert_eq!(usize::from(v.hits), hits, "a natural 1 never hits (H-7): {e:?}");
                        let saved = v.save_faces.iter().filter(|f| **f != 1 && **f >= v.save).count();
                        assert_eq!(usize::from(v.lost), usize::from(v.hits) - saved, "{e:?}");
                    }
                    Event::CommanderTested { faces, killed_on, killed, .. } => {
                        assert_eq!(*killed, faces[0] + faces[1] >= *killed_on, "{e:?}");
                        assert!(*killed_on >= 10, "a commander dies on 10 or more at worst: {e:?}");
                    }
                    _ => {}
                }
            }
        }
    }
}
