//! The computer opponent's decisions in small Swidenth battles (issue 16's and issue 47's blunder tests): a shooter with
//! a target shoots, a fighter strikes an enemy it has at its mercy, no activation ends where it began, and no figure runs
//! into contact with enemies still to act, left with no action to fight.

mod common;

use common::swidenth::{id, middle, send, start, toward};
use std::collections::HashMap;
use strategos::ai::{Ai, Level};
use strategos::battle::{Battle, Dice, Ruleset, UnitId};
use strategos::hex::Direction::{self, N, S};
use strategos::hex::{Hex, Offset};
use strategos::rules::swidenth::state::{Activation, Phase};
use strategos::rules::swidenth::{Command, Swidenth};
use strategos::sim::Player;

type B = Battle<Swidenth>;

const LEVELS: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong { think_ms: 50 }];

fn choices(b: &B) -> Vec<Command> {
    LEVELS.into_iter().map(|l| Ai::new(l, 1).choose(b).expect("a command")).collect()
}

/// `b` with `figure` stunned twice this turn: -8 to its Combat (l. 109) until the end of the next turn (l. 107, R-S11).
fn stunned(mut b: B, figure: u32) -> B {
    b.unit_mut(id(figure)).expect("the figure").state.stuns = vec![2, 2];
    b
}

/// Plays `c` on `b` as the rules resolve it.
fn play(b: &mut B, c: &Command) {
    for e in Swidenth::resolve(b, c, &mut Dice::new(1)).unwrap_or_else(|e| panic!("{c:?}: {e}")) {
        Swidenth::apply(b, &e);
    }
}

/// The Archer (Tir 2, short bow: 18 paces) with a Goblin archer 5 hexes off, at short range (+2, l. 152) in the open,
/// and a Guerrier far out of range. The target's roll only parries a shot (l. 174), so a miss costs the shooter nothing:
/// whatever its first action (aiming's +2 is the best, l. 168), its second must be the shot. A first action that walks
/// out of sight or into contact (no shot while engaged, l. 202) would leave it idle.
#[test]
fn an_archer_with_a_goblin_in_range_and_sight_spends_its_activation_shooting_it() {
    let from = Offset(4, 22).to_hex();
    let goblin = toward(from, N, 5);
    for level in LEVELS {
        let mut app = start(&[(1, 0, "Archer", from), (11, 1, "Archer gobelin", goblin), (12, 1, "Guerrier orque", Offset(20, 1).to_hex())], &[], &[15]);
        assert_eq!(app.view().global.phase, Phase::Rest, "no leader on the field: straight to the rest phases");
        let mut ai = Ai::new(level, 1);
        let first = ai.choose(app.view()).expect("a command");
        assert!(first.is_first() && first.figure() == Some(id(1)), "{level:?}: {first:?} leaves the archer idle");
        send(&mut app, first.clone());
        assert_eq!(ai.choose(app.view()), Some(Command::Shoot { figure: id(1), target: id(11) }), "{level:?}, after {first:?}");
    }
}

/// A Soldat 3 hexes from a Guerrier stunned twice (Combat 1 - 8) charges it and fights: with the charge's +2 damage
/// (l. 124) it puts the Guerrier out on a d20 3 above the Guerrier's, and loses only by 9 or more. The other Guerrier
/// is 9 hexes beyond, out of the fight.
#[test]
fn a_soldier_charges_a_twice_stunned_guerrier_in_reach_and_fights_it() {
    let m = middle();
    let guerrier = toward(m, N, 3);
    for level in LEVELS {
        let app = start(&[(1, 0, "Soldat", m), (11, 1, "Guerrier orque", guerrier), (12, 1, "Guerrier orque", toward(m, N, 12))], &[], &[15]);
        let mut b = stunned(app.view().clone(), 11);
        let mut ai = Ai::new(level, 1);
        let charge = ai.choose(&b).expect("a command");
        assert!(matches!(charge, Command::Move { figure, to } if figure == id(1) && to.unsigned_distance_to(guerrier) == 1), "{level:?}: {charge:?} is no charge");
        play(&mut b, &charge);
        assert_eq!(ai.choose(&b), Some(Command::Fight { figure: id(1), target: id(11) }), "{level:?}, after {charge:?}");
    }
}

/// A Soldat between a Guerrier stunned twice and a fresh Troll (each with +2 for the other on the lone Soldat, l. 126):
/// its first action spent, it strikes the Guerrier (Combat 1 against 1 - 8 + 2, a free kill one time in four) rather
/// than the Troll (1 against 2 + 2) or nothing.
#[test]
fn a_soldier_between_a_twice_stunned_guerrier_and_a_fresh_troll_strikes_the_guerrier() {
    let m = middle();
    let mut app = start(&[(1, 0, "Soldat", m), (11, 1, "Guerrier orque", toward(m, N, 1)), (12, 1, "Troll des cavernes", toward(m, S, 1))], &[], &[15]);
    send(&mut app, Command::Wait { figure: id(1) });
    assert!(app.legal_commands().contains(&Command::Fight { figure: id(1), target: id(12) }), "the Troll may be fought too");
    let b = stunned(app.view().clone(), 11);
    for (level, c) in LEVELS.into_iter().zip(choices(&b)) {
        assert_eq!(c, Command::Fight { figure: id(1), target: id(11) }, "{level:?}");
    }
}

/// A Crossbowman that has loosed its bolt (H-S10: a first action reloads it) with a Goblin archer in range: it reloads, so
/// that its second action is a shot, rather than concentrating on a shot it cannot take. Before the judge counted a shot
/// in hand only once loaded, the crossbowmen of both scenarios concentrated and rested for the rest of the battle.
#[test]
fn a_crossbowman_that_has_shot_reloads_and_shoots_again() {
    let from = Offset(4, 22).to_hex();
    for level in LEVELS {
        let app = start(&[(1, 0, "Arbalétrier", from), (11, 1, "Archer gobelin", toward(from, N, 5)), (12, 1, "Guerrier orque", Offset(20, 1).to_hex())], &[], &[15]);
        let mut b = app.view().clone();
        b.unit_mut(id(1)).expect("the crossbowman").state.unloaded = true;
        let mut ai = Ai::new(level, 1);
        let first = ai.choose(&b).expect("a command");
        assert_eq!(first, Command::Reload { figure: id(1) }, "{level:?}");
        play(&mut b, &first);
        assert_eq!(ai.choose(&b), Some(Command::Shoot { figure: id(1), target: id(11) }), "{level:?}, after {first:?}");
    }
}

/// The Border Patrol's first turn played by the computer on both sides, the Patrol with the initiative. An activation is
/// two actions (l. 64-78): a move then a run back to the hex it left spends both on nothing, and leaves the figure
/// activated, so a leader loses his own phase (R-S2, l. 38, 44). In play Sergente Mira did so in Aldo's phase, drawn back
/// by the soldiers her bubble would have brought into a phase she no longer has.
#[test]
fn no_figure_moves_then_runs_back_to_the_hex_it_left() {
    let s = common::load_bundled("swidenth-border-patrol");
    for level in LEVELS {
        let mut app = strategos::replay::start::<Swidenth>(&s, 1, &[15]).expect("the border patrol");
        let mut ais = [Ai::new(level, 1), Ai::new(level, 2)];
        let mut from: HashMap<UnitId, Hex> = HashMap::new();
        while app.view().turn == 1 && app.view().global.outcome.is_none() {
            let b = app.view();
            let side = Swidenth::deciding_side(b).expect("a side");
            let c = ais[side.index()].choose(b).expect("a command");
            match &c {
                Command::Move { figure, .. } => {
                    from.insert(*figure, b.unit(*figure).and_then(|u| u.hex).expect("on the board"));
                }
                Command::Run { figure, to } => assert_ne!(from.get(figure), Some(to), "{level:?}: {} runs back to where it started", b.unit(*figure).expect("the figure").state.name),
                _ => {}
            }
            send(&mut app, c);
        }
    }
}

/// The commands `figure`'s side plays on `b` at `level` until `figure`'s activation is over or its side's phase ends
/// (at most 12), and whether it then stands in contact with an enemy without having fought.
fn activation_ends_in_contact_unfought(b: &mut B, figure: u32, level: Level) -> (Vec<Command>, bool) {
    let side = b.unit(id(figure)).expect("the figure").side;
    let mut ai = Ai::new(level, 1);
    let mut played = Vec::new();
    // Until the activation is over, or the side ends its phase without it.
    while b.unit(id(figure)).is_some_and(|u| u.state.activation != Activation::Done) && Swidenth::deciding_side(b) == Some(side) && played.len() < 12 {
        let c = ai.choose(b).expect("a command");
        play(b, &c);
        played.push(c);
    }
    let u = b.unit(id(figure)).expect("the figure");
    let at = u.hex.expect("on the board");
    let in_contact = b.on_board().any(|e| e.side != u.side && e.hex.is_some_and(|h| h.unsigned_distance_to(at) == 1));
    let fought = played.iter().any(|c| matches!(c, Command::Fight { figure: f, .. } if *f == id(figure)));
    (played, in_contact && !fought)
}

/// Sergente Mira, alone, 8 paces (9 hexes) from four Pillards standing together: only a move and a run (5 + 2 paces, l. 66, 72)
/// reach them, leaving no action to fight (l. 74). In contact with four, each that strikes her has +2 for every other
/// engaged with her (l. 126), and all four are still to act: running in, she waits to be struck down. Issue 47 saw it in
/// play.
#[test]
fn a_champion_does_not_run_into_a_crowd_of_four_without_an_action_left_to_fight() {
    let m = middle();
    let crowd = toward(m, N, 9);
    let figures = [
        (1, 0, "Sergente Mira", m),
        (11, 1, "Guerrier orque", crowd),
        (12, 1, "Guerrier orque", toward(crowd, Direction::NE, 1)),
        (13, 1, "Archer gobelin", toward(crowd, Direction::NW, 1)),
        (14, 1, "Chaman gobelin", toward(crowd, N, 1)),
    ];
    for level in LEVELS {
        let app = start(&figures, &[], &[15]);
        let mut b = app.view().clone();
        let (played, unfought) = activation_ends_in_contact_unfought(&mut b, 1, level);
        assert!(!unfought, "{level:?}: Mira ran into the crowd and cannot fight: {played:?}");
    }
}

/// The cave Troll, alone, 8 paces (9 hexes) from three of the Patrouille standing together: a move and a run (6 + 3 paces) reach
/// them, and leave no action to fight. In contact with three, still to act and +4 for the two others against it (l. 126),
/// it is stunned before it can strike (issue 47 saw it stunned four times). The stronger levels only: the quick one
/// judges the command alone and does not weigh the enemy's fights to come (docs/rules/swidenth.md).
#[test]
fn a_troll_does_not_run_alone_into_contact_where_it_cannot_fight() {
    let m = middle();
    let group = toward(m, S, 9);
    let figures = [
        (11, 1, "Troll des cavernes", m),
        (1, 0, "Soldat", group),
        (2, 0, "Soldat", toward(group, Direction::SE, 1)),
        (3, 0, "Archer", toward(group, S, 1)),
    ];
    for level in [Level::Normal, Level::Strong { think_ms: 50 }] {
        let app = start(&figures, &[], &[5]);
        let mut b = app.view().clone();
        assert_eq!(Swidenth::deciding_side(&b), Some(strategos::battle::Side(1)), "the position: the Pillards have the initiative");
        let (played, unfought) = activation_ends_in_contact_unfought(&mut b, 11, level);
        assert!(!unfought, "{level:?}: the Troll ran into contact and cannot fight: {played:?}");
    }
}


/// Whether `target` stands where `shooter` may shoot it with no cover (l. 164): in sight and range of a loaded weapon.
fn in_the_open_before(b: &B, shooter: u32, target: u32) -> bool {
    let (s, t) = (b.unit(id(shooter)).expect("the shooter"), b.unit(id(target)).expect("the target"));
    let range = strategos::rules::swidenth::figure::missile(&s.state).and_then(|w| w.range).expect("a missile weapon");
    strategos::rules::swidenth::aim::line(b, s, t, range).is_some_and(|l| l.cover == 0)
}

/// Grushak and the goblin Chaman in the open beside a line of ruins, 10 paces (11 hexes) from the Patrouille's Arbalétrier and
/// Archer, both at medium range (l. 144-148), too far for Grushak to charge. The Pillards have the initiative: Grushak's phase
/// and their rest phase come first, then the Patrouille's rest phase, in which both shooters loose. Issue 47 saw the band
/// stand in the open a whole rest phase while a crossbow and a bow shot its chief and shaman. The Chaman (Défense 5, one
/// Vitalité) may step into the ruins (two cover points, +4: l. 164) and still cast from there, or behind them (no sight:
/// H-S8); it must not wait in the open for both shots. Grushak, a chief with two Vitalité and Combat 3, may rightly advance
/// on two shooters that cannot fight him: he is not asked to hide.
#[test]
fn a_shaman_under_a_crossbow_and_a_bow_takes_cover_before_the_shooters_act() {
    let figures = [
        (21, 1, "Grushak, chef de guerre orque", Offset(12, 6).to_hex()),
        (22, 1, "Chaman gobelin", Offset(13, 6).to_hex()),
        (1, 0, "Arbalétrier", Offset(12, 17).to_hex()),
        (2, 0, "Archer", Offset(13, 17).to_hex()),
    ];
    let ruins: Vec<(Hex, &str)> = (9..=16).map(|c| (Offset(c, 5).to_hex(), "b")).collect();
    for level in [Level::Normal, Level::Strong { think_ms: 50 }] {
        let app = start(&figures, &ruins, &[5]);
        let mut b = app.view().clone();
        for shooter in [1, 2] {
            assert!(in_the_open_before(&b, shooter, 22), "the position: {shooter} may shoot the Chaman in the open");
        }
        let mut ai = Ai::new(level, 1);
        let mut played = Vec::new();
        while Swidenth::deciding_side(&b) == Some(strategos::battle::Side(1)) && played.len() < 12 {
            let c = ai.choose(&b).expect("a command");
            play(&mut b, &c);
            played.push(c);
        }
        assert_eq!(Swidenth::deciding_side(&b), Some(strategos::battle::Side(0)), "{level:?}: the Patrouille's rest phase after {played:?}");
        for shooter in [1, 2] {
            assert!(!in_the_open_before(&b, shooter, 22), "{level:?}: the Chaman stays in the open before {shooter}: {played:?}");
        }
    }
}
