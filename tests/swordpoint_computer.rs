//! The computer opponent's single decisions in Swordpoint set positions (issue 16): blunders a wargamer would not make, each
//! on an open field played through the real turn to the decision.

mod common;

use common::swordpoint::{send, start, start_on};
use strategos::ai::{Ai, Judge, Level};
use strategos::battle::ecs::BattleApp;
use strategos::battle::{Battle, Dice, Ruleset, Side, UnitId};
use strategos::hex::{Direction, Sector};
use strategos::rules::swordpoint::state::{Phase, Response};
use strategos::replay::Replay;
use strategos::rules::swordpoint::{Command, Swordpoint};
use strategos::sim::Player;

const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong { think_ms: 50 }];

/// Initiative 6 against 1: the south declares and moves first (H-9).
const SOUTH_FIRST: [u8; 2] = [6, 1];
/// Initiative 1 against 6: the north declares and moves first (H-9).
const NORTH_FIRST: [u8; 2] = [1, 6];

/// Passes (seals a sheet as it stands, ends the declarations or the moves) until `side` decides in `phase` of the first turn.
fn to_decision(app: &mut BattleApp<Swordpoint>, phase: Phase, side: Side) {
    while !(app.view().global.phase == phase && Swordpoint::deciding_side(app.view()) == Some(side)) {
        let legal = Swordpoint::legal_commands(app.view());
        let c = [Command::Seal, Command::EndDeclarations, Command::EndMoves].into_iter().find(|c| legal.contains(c)).unwrap_or_else(|| panic!("no way to pass: {legal:?}"));
        send(app, c);
    }
    assert_eq!(app.view().turn, 1, "still the first turn");
}

/// Each level's command, seed 1, with the level.
fn choices(b: &Battle<Swordpoint>, levels: &[Level]) -> Vec<(Level, Command)> {
    levels.iter().map(|l| (*l, Ai::new(*l, 1).choose(b).expect("a command"))).collect()
}

fn hex_of(app: &BattleApp<Swordpoint>, id: u32) -> strategos::hex::Hex {
    app.view().unit(UnitId(id)).and_then(|u| u.hex).expect("on the field")
}

#[test]
fn a_unit_with_enemy_knights_off_its_flank_turns_to_face_them() {
    // The knights stand 4 hexes off the warriors' right flank, facing them: within reach of their 16"
    // charge (SP:L131, H-10), and a charge landing in a flank makes the warriors test at once and
    // break on a failure (SP:L22). At 8" (SP:L133) the warriors cannot get out of reach, but a
    // face costs half their rate (SP:L136) and puts the knights in their front, where a charge only
    // meets them head on. The north moves first and stands, so the warriors move last and see
    // where the charge will come from.
    let mut app = start(&[(1, 0, "warriors", 5, 7, Some(Direction::N)), (2, 1, "knights", 9, 7, Some(Direction::NW))], &[], &NORTH_FIRST);
    to_decision(&mut app, Phase::RemainingMoves, Side(0));
    let (warriors, knights) = (hex_of(&app, 1), hex_of(&app, 2));
    assert_eq!(Direction::N.sector(warriors, knights), Some(Sector::RightFlank), "the position: the knights off the warriors' right flank");
    assert_eq!(Direction::NW.sector(knights, warriors), Some(Sector::Front), "the position: the warriors in the knights' front, theirs to charge");
    for (level, c) in choices(app.view(), &LEVELS) {
        let Command::Move { unit: UnitId(1), to, facing } = c else { panic!("{level:?} left the warriors' flank to the knights: {c:?}") };
        assert_eq!(facing.sector(to, knights), Some(Sector::Front), "{level:?} ends the warriors with the knights off their front: {c:?}");
    }
}

#[test]
fn knights_with_loose_order_archers_within_their_charge_charge_them() {
    // Knights 4 hexes from archers in the open, facing them: the archers cannot reach them at 8"
    // (SP:L133), the knights reach them at 16" (SP:L131, H-10). Charging, the knights strike first
    // (SP:L162) with their shock dice (SP:L249), hitting on 3 as superior against normal troops
    // (SP:L228), and their couched lance leaves the archers' save of 6 out of reach (SP:L257); the
    // archers, loose order, get no close-order point (SP:L185). Standing instead leaves the knights
    // to be shot at next turn. The archers hold their fire this turn, so that the knights decide whole.
    // Only the stronger levels are asked: the quick one does not weigh the fights to come (the
    // judge's `exchange`), so a declared charge and none look the same to it and it takes the first
    // legal command.
    let mut app = start(&[(1, 0, "knights", 5, 8, Some(Direction::N)), (2, 1, "archers", 5, 4, Some(Direction::S))], &[], &SOUTH_FIRST);
    send(&mut app, Command::Shoot { shooter: UnitId(2), target: None });
    to_decision(&mut app, Phase::DeclareMounted, Side(0));
    let legal = Swordpoint::legal_commands(app.view());
    assert!(legal.iter().any(|c| matches!(c, Command::DeclareCharge { charger: UnitId(1), target: UnitId(2), .. })), "the position: the knights may charge the archers: {legal:?}");
    for (level, c) in choices(app.view(), &[Level::Normal, Level::Strong { think_ms: 50 }]) {
        assert!(matches!(c, Command::DeclareCharge { charger: UnitId(1), target: UnitId(2), .. }), "{level:?} held the knights back: {c:?}");
    }
}

#[test]
fn a_foot_unit_out_of_reach_of_the_enemy_marches_on_rather_than_standing_idle() {
    // Warriors 7 hexes from the enemy's warriors, nobody within 8" of them, so they march at their
    // full 8" (SP:L133, SP:L134): nothing is gained by standing, and melee troops only fight in
    // contact. They move first, and keep the enemy in their front as they close.
    let mut app = start(&[(1, 0, "warriors", 5, 8, Some(Direction::N)), (2, 1, "warriors", 5, 1, Some(Direction::S))], &[], &SOUTH_FIRST);
    to_decision(&mut app, Phase::RemainingMoves, Side(0));
    let (from, enemy) = (hex_of(&app, 1), hex_of(&app, 2));
    assert_eq!(from.unsigned_distance_to(enemy), 7, "the position");
    for (level, c) in choices(app.view(), &LEVELS) {
        let Command::Move { unit: UnitId(1), to, facing } = c else { panic!("{level:?} left the warriors idle: {c:?}") };
        assert!(to.unsigned_distance_to(enemy) < from.unsigned_distance_to(enemy), "{level:?} did not close: {c:?}");
        assert_eq!(facing.sector(to, enemy), Some(Sector::Front), "{level:?} turned from the enemy: {c:?}");
    }
}

/// `side`'s decisions in the phase it is deciding, played on `b` by `level` until the phase or the side changes
/// (at most 60), the commands returned.
fn play_phase(b: &mut Battle<Swordpoint>, side: Side, level: Level) -> Vec<Command> {
    let phase = b.global.phase;
    let mut ai = Ai::new(level, 1);
    let mut played = Vec::new();
    while b.global.phase == phase && Swordpoint::deciding_side(b) == Some(side) && played.len() < 60 {
        let c = ai.choose(b).expect("a command");
        for e in <Swordpoint as Judge>::preview(b, &c, &mut Dice::new(played.len() as u64)) {
            Swordpoint::apply(b, &e);
        }
        played.push(c);
    }
    played
}

/// Heraclea (or Hastings) set up and passed, on forced dice, to `side`'s first decision in `phase` of the first turn.
fn bundled_at(id: &str, forced: &[u8], phase: Phase, side: Side) -> BattleApp<Swordpoint> {
    let mut app = start_on(&common::load_bundled(id), forced);
    to_decision(&mut app, phase, side);
    app
}

/// The third turn of a Heraclea the quick level played against itself (`replays/swordpoint-heraclea-pyrrhus.ron`, 69
/// commands), at the Epirotes' remaining moves.
fn heraclea_third_turn() -> Battle<Swordpoint> {
    let s = common::load_bundled("swordpoint-heraclea");
    let replay: Replay<Command> = ron::from_str(include_str!("replays/swordpoint-heraclea-pyrrhus.ron")).expect("the replay reads");
    let played = strategos::replay::play::<Swordpoint>(&s, &replay).expect("the replay plays");
    let b = played.app.view().clone();
    assert_eq!((b.turn, b.global.phase, Swordpoint::deciding_side(&b)), (3, Phase::RemainingMoves, Some(Side(1))), "the position");
    b
}

#[test]
fn the_army_general_stays_with_the_main_line_rather_than_ride_out_with_the_skirmishers() {
    // Heraclea, the third turn, the Epirotes' remaining moves: the Rhodian slingers (25) stand
    // before the phalanx, and the quick level sent them a hex further out and King Pyrrhus with
    // them. His +1 counts in his unit's combats only (SP:L187) and his Cohesion serves the rally of
    // every unit but skirmishers (SP:L115); slingers evade a charge rather than fight it, and they
    // are the first the enemy shoots (SP:L42-43) and charges: every loss they take risks his death
    // (SP:L36 shot, SP:L171-174 in combat), whose test goes to every unit beyond 12" (SP:L13, L23).
    // Riding out with them buys nothing and risks the army.
    let start = heraclea_third_turn();
    for level in LEVELS {
        let mut b = start.clone();
        let played = play_phase(&mut b, Side(1), level);
        let pyrrhus = b.global.commanders.iter().find(|c| c.id == 4).and_then(|c| c.unit).expect("Pyrrhus with a unit");
        let with = b.unit(pyrrhus).expect("his unit");
        assert!(!with.state.skirmishers(), "{level:?} sent Pyrrhus out with the skirmishers ({}): {played:?}", pyrrhus.0);
    }
}

#[test]
fn momentum_over_what_can_be_spent_is_bid_for_the_initiative() {
    // Heraclea, the first turn's initiative, the Epirotes with 9 points in the pool. Momentum buys
    // the initiative (H-9) and at most +3 in each combat (SP:L158, L195); awards come in every turn
    // (SP:L148-153, L284-290) and the pool is held at 12, the surplus lost (H-8). Nine points is
    // more than a turn's fighting can spend, and the initiative declares and moves first: a bid
    // of 0 hoards points that new awards will push over the cap. The same at the cap itself.
    for pool in [9, 12] {
        let mut app = bundled_at("swordpoint-heraclea", &[], Phase::Initiative, Side(0));
        send(&mut app, Command::Seal);
        let mut b = app.view().clone();
        b.global.momentum[1] = pool;
        assert_eq!(Swordpoint::deciding_side(&b), Some(Side(1)), "the position: the Epirotes bid");
        for (level, c) in choices(&b, &LEVELS) {
            assert!(matches!(c, Command::Bid { .. }), "{level:?} bid nothing with {pool} in the pool: {c:?}");
        }
    }
}

#[test]
fn the_anglo_danes_hold_senlac_ridge_rather_than_walk_down_off_it() {
    // Hastings, the first turn: the Anglo-Danes stand on the crest (level 1), the Normans below
    // (level 0), 6 to 8 hexes off. Higher ground adds 1 to the result of every combat fought from
    // it against an enemy below (SP:L188), and the Normans must come up to win (H-25 judges by
    // losses). Walking down into the plain in the first turn throws that +1 away for nothing.
    let app = bundled_at("swordpoint-hastings-skirmish", &[], Phase::RemainingMoves, Side(1));
    for level in LEVELS {
        let mut b = app.view().clone();
        let played = play_phase(&mut b, Side(1), level);
        for id in [11, 12, 13, 14] {
            let at = b.unit(UnitId(id)).and_then(|u| u.hex).expect("on the field");
            assert_eq!(b.map.level(at), 1, "{level:?} walked unit {id} down off the ridge: {played:?}");
        }
    }
}

#[test]
fn demoralised_knights_charged_at_long_odds_flee_rather_than_hold() {
    // Demoralised knights down to three figures (-1 to their combat result, SP:L192; +1 to every
    // test, SP:L28) charged head on by an elephant: the charge's odds give them one fight in ten,
    // the elephant six. A lost combat
    // costs them the figures struck down, a recoil or a break test (SP:L269-271), and, recoiling,
    // the same combat again next turn; a break is a flight with the elephant pursuing (H-13).
    // Fleeing at once (H-11) takes them out of its reach, whole, to rally in their general's
    // radius (SP:L104) or come back from the table's edge (H-18). Both armies have more in the
    // field, so one unit's flight does not break either (H-25).
    let units = [
        (1, 0, "knights", 5, 7, Some(Direction::N)),
        (3, 0, "warriors", 1, 8, Some(Direction::N)),
        (4, 0, "warriors", 9, 8, Some(Direction::N)),
        (5, 0, "legionaries", 3, 9, Some(Direction::N)),
        (2, 1, "war-elephant", 5, 4, Some(Direction::S)),
        (6, 1, "warriors", 1, 1, Some(Direction::S)),
        (7, 1, "warriors", 10, 1, Some(Direction::S)),
        (8, 1, "legionaries", 7, 0, Some(Direction::S)),
    ];
    let mut app = start(&units, &[(1, 0, "army-general", 5), (2, 1, "army-general", 8)], &NORTH_FIRST);
    while !Swordpoint::legal_commands(app.view()).iter().any(|c| matches!(c, Command::DeclareCharge { charger: UnitId(2), target: UnitId(1), .. })) {
        let legal = Swordpoint::legal_commands(app.view());
        let c = [Command::Seal, Command::EndDeclarations].into_iter().find(|c| legal.contains(c)).unwrap_or_else(|| panic!("no way to pass: {legal:?}"));
        send(&mut app, c);
    }
    let charge = Swordpoint::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::DeclareCharge { charger: UnitId(2), target: UnitId(1), .. })).expect("the charge");
    let Command::DeclareCharge { to, .. } = charge else { unreachable!() };
    send(&mut app, charge);
    let mut b = app.view().clone();
    let knights = &mut b.unit_mut(UnitId(1)).expect("the knights").state;
    knights.demoralised = true;
    knights.figures = 3;
    let legal = Swordpoint::legal_commands(&b);
    assert!(legal.contains(&Command::Respond { response: Response::Flee }), "the position: the knights answer the charge: {legal:?}");
    let odds = strategos::rules::swordpoint::combat::charge_odds(&b, UnitId(2), UnitId(1), to).expect("the odds");
    assert!(odds.win[0] < 0.15 && odds.win[1] > 0.55, "the position: the knights win one fight in ten: {odds:?}");
    for (level, c) in choices(&b, &LEVELS) {
        assert_eq!(c, Command::Respond { response: Response::Flee }, "{level:?} held at {:.0}% to win: {odds:?}", 100.0 * odds.win[0]);
    }
}
