//! Black Powder's situations from the seed (`001_ba684dff9a47d2b5.txt`, cited `BP:Lnn`), each set
//! up on an open field and played through the real turn with forced dice in the order
//! `docs/rules/black-powder.md` ("The order of the dice") gives: command rolls and blunders, each
//! answer to a charge, a square against cavalry, retiring and its fallback, supports, a building,
//! enfilade, and artillery at each range band.

mod common;

use common::black_powder::{send, start};
use strategos::battle::ecs::BattleApp;
use strategos::battle::{Ruleset, Side, UnitId};
use strategos::hex::{Direction, Offset};
use strategos::rules::black_powder::data::{BlunderResult, BreakResult, Formation, TestLetter};
use strategos::rules::black_powder::event::{MoveKind, Volley, VolleyKind};
use strategos::rules::black_powder::order::CommandResult;
use strategos::rules::black_powder::state::{Phase, Response};
use strategos::rules::black_powder::{BlackPowder, Command, Event};

const N: Option<Direction> = Some(Direction::N);
const S: Option<Direction> = Some(Direction::S);

fn at(c: i32, r: i32) -> strategos::hex::Hex {
    Offset(c, r).to_hex()
}

/// Ends phases until `phase` has started (the hand-to-hand is fought within the command that
/// ends the shooting); every event up to there.
fn end_until(app: &mut BattleApp<BlackPowder>, phase: Phase) -> Vec<Event> {
    let mut log = Vec::new();
    while !log.iter().any(|e| matches!(e, Event::PhaseStarted { phase: p } if *p == phase)) {
        assert!(app.view().global.outcome.is_none(), "the battle ended before the {phase:?} phase");
        log.extend(send(app, Command::EndPhase));
    }
    log
}

fn volleys(events: &[Event]) -> Vec<Volley> {
    events.iter().filter_map(|e| if let Event::Volley(v) = e { Some(v.clone()) } else { None }).collect()
}

fn rules(f: &[strategos::battle::Factor]) -> Vec<(&'static str, i8)> {
    f.iter().map(|f| (f.rule, f.value)).collect()
}

fn tests(events: &[Event]) -> Vec<(UnitId, TestLetter, [u8; 2], i32, BreakResult)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::BreakTest { unit, test, faces, total, result, .. } => Some((*unit, *test, *faces, *total, *result)),
            _ => None,
        })
        .collect()
}

/// The ends `unit`'s owner may pick for its constrained move (B.4), then the events of the rules'
/// own preference, the first of them; the events before it come first.
fn pick_end(app: &mut BattleApp<BlackPowder>, before: Vec<Event>, unit: u32) -> Vec<Event> {
    let ends: Vec<Command> = legal(app).into_iter().filter(|c| matches!(c, Command::Path { unit: u, .. } if *u == UnitId(unit))).collect();
    assert!(!ends.is_empty(), "unit {unit}'s owner picks the end of its move: {:?}", legal(app));
    let mut events = before;
    events.extend(send(app, ends[0].clone()));
    events
}

fn moved(events: &[Event], unit: u32) -> Option<(MoveKind, Vec<strategos::hex::Hex>)> {
    events.iter().find_map(|e| match e {
        Event::Moved { unit: u, path, kind, .. } if *u == UnitId(unit) => Some((*kind, path.clone())),
        _ => None,
    })
}

#[test]
fn an_order_rolls_2d6_against_the_staff_rating_and_grants_moves_by_the_margin() {
    // HB-3: 7 against the brigadier's 8 is one under: 2 moves. No enemy within 12" (BP:L18).
    let mut app = start(&[(1, 0, "line-battalion", 5, 10, N, None), (11, 1, "line-battalion", 5, 1, S, None)], &[], &[3, 4]);
    assert_eq!(app.view().global.phase, Phase::Orders, "no enemy within 3 hexes: no initiative moves (HB-5)");
    let events = send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    let rolled = events.iter().find_map(|e| if let Event::OrderRolled { faces, factors, result, .. } = e { Some((*faces, factors.clone(), *result)) } else { None });
    assert_eq!(rolled, Some(([3, 4], Vec::new(), CommandResult::Moves(2))));
    assert_eq!(app.view().unit(UnitId(1)).unwrap().state.moves_left, 2);
    // The commander-in-chief 5 hexes off: -1 per full 12" of gap (BP:L17, B.3.1: floor((5 - 1) / 2) = 2).
    let mut app = start(&[(1, 0, "line-battalion", 5, 10, N, None), (2, 0, "line-battalion", 0, 6, N, None), (11, 1, "line-battalion", 5, 1, S, None)], &[], &[4, 4]);
    let events = send(&mut app, Command::Order { commander: 1, units: vec![UnitId(2)] });
    let (factors, result) = events.iter().find_map(|e| if let Event::OrderRolled { factors, result, .. } = e { Some((factors.clone(), *result)) } else { None }).unwrap();
    assert_eq!(rules(&factors), [("BP:L17", -2)]);
    assert_eq!(result, CommandResult::Failed, "8 against 9 - 2 = 7");
    assert!(app.view().global.commander(1).unwrap().done, "a failed order ends his orders this turn (HB-3)");
}

#[test]
fn a_double_six_blunders_and_the_d6_picks_the_blunder() {
    // BP9.2: a blunder's 2 is a retreat of one move away from the nearest enemy.
    let mut app = start(&[(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "line-battalion", 5, 1, S, None)], &[], &[6, 6, 2]);
    let events = send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    let events = pick_end(&mut app, events, 1);
    assert!(events.iter().any(|e| matches!(e, Event::Blundered { face: 2, result: BlunderResult::Retreat, moves: 1, .. })));
    let (kind, path) = moved(&events, 1).expect("the blunder moves it");
    assert_eq!(kind, MoveKind::Blunder);
    assert_eq!(path.len(), 2, "one move of 12\": two hexes");
    assert!(path.last().unwrap().unsigned_distance_to(at(5, 1)) > at(5, 8).unsigned_distance_to(at(5, 1)), "away from the enemy");
    // BP9.6: a 6 is "Charge!", 1D3 moves (a d6 read in pairs: 5 is 3) toward the enemy, and it goes in.
    let mut app = start(&[(1, 0, "line-battalion", 5, 9, N, None), (11, 1, "line-battalion", 5, 2, S, None)], &[], &[6, 6, 6, 5]);
    let events = send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    assert!(events.iter().any(|e| matches!(e, Event::Blundered { result: BlunderResult::Charge, d3_face: Some(5), moves: 3, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::ChargeDeclared { unit: UnitId(1), target: UnitId(11), .. })), "7 hexes off: within 3 moves of 2 hexes and contact");
    assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(1)), "the charged unit answers");
    let events = send(&mut app, Command::Respond { response: Response::Stand });
    let (kind, path) = moved(&events, 1).expect("it goes in");
    assert_eq!((kind, path.last().unwrap().unsigned_distance_to(at(5, 2))), (MoveKind::Charge, 1));
}

/// The lancers charge the battalion, which forms square, and the melee is fought to its end (the
/// retire's end picked): the cavalry's 8 dice all miss; the square's 2 (BP:L130) both hit on 6s and
/// both saves fail; 2 + 3 (BP:L91) to 0. The cavalry loses and tests C: 12 on the melee row is a
/// retire for cavalry (BP:L75). The app after it, and the melee's events.
fn square_beats_lancers() -> (BattleApp<BlackPowder>, Vec<Event>) {
    let mut forced = vec![1; 8];
    forced.extend([6, 6, 1, 1, 6, 6]);
    let mut app = start(&[(1, 0, "line-cavalry", 5, 8, N, None), (11, 1, "line-battalion", 5, 5, S, None)], &[], &forced);
    let charge = BlackPowder::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), .. })).unwrap();
    send(&mut app, charge);
    send(&mut app, Command::Respond { response: Response::FormSquare });
    let events = end_until(&mut app, Phase::HandToHand);
    let events = pick_end(&mut app, events, 1);
    (app, events)
}

#[test]
fn a_square_formed_against_cavalry_adds_three_and_beats_it() {
    // Lancers 3 hexes off charge as an initiative move (HB-5); the battalion forms square (HB-8).
    let mut app = start(&[(1, 0, "line-cavalry", 5, 8, N, None), (11, 1, "line-battalion", 5, 5, S, None)], &[], &[]);
    assert_eq!(app.view().global.phase, Phase::Initiative);
    let charge = BlackPowder::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), target: UnitId(11), .. })).expect("the charge");
    send(&mut app, charge);
    let answers = BlackPowder::legal_commands(app.view());
    for r in [Response::Stand, Response::ClosingFire, Response::FormSquare] {
        assert!(answers.contains(&Command::Respond { response: r }), "{r:?} among {answers:?}");
    }
    let events = send(&mut app, Command::Respond { response: Response::FormSquare });
    assert!(events.iter().any(|e| matches!(e, Event::Formed { unit: UnitId(11), formation: Formation::Square, .. })));
    assert_eq!(moved(&events, 1).map(|(k, _)| k), Some(MoveKind::Charge));
    let (_, events) = square_beats_lancers();
    let result = events.iter().find_map(|e| if let Event::MeleeResult { totals, factors, winner, .. } = e { Some((*totals, factors.clone(), *winner)) } else { None }).unwrap();
    assert_eq!(result.0, [0, 5]);
    assert_eq!(rules(&result.1[1]), [("BP:L91", 3)]);
    assert_eq!(result.2, Some(Side(1)));
    assert_eq!(tests(&events), [(UnitId(1), TestLetter::C, [6, 6], 12, BreakResult::Retire)]);
    assert_eq!(moved(&events, 1).map(|(k, p)| (k, p.len())), Some((MoveKind::Retire, 3)), "a full move back: 18\", 3 hexes");
}

#[test]
fn closing_fire_shoots_at_point_blank_and_can_stop_the_charge() {
    // BP7.14: +1 for closing fire. Three 6s hit (and disorder, HB-10); three saves fail: the
    // dragoons are shaken (3 of stamina 3) and test B; 1 + 1 - 1 (disordered) breaks them.
    let mut app = start(&[(1, 0, "line-cavalry", 5, 8, N, None), (11, 1, "line-battalion", 5, 5, S, None)], &[], &[6, 6, 6, 1, 1, 1, 1, 1]);
    let charge = BlackPowder::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), .. })).unwrap();
    send(&mut app, charge);
    let events = send(&mut app, Command::Respond { response: Response::ClosingFire });
    let v = volleys(&events);
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].kind, v[0].dice, v[0].hits, v[0].casualties), (VolleyKind::ClosingFire, 3, 3, 3));
    assert_eq!(rules(&v[0].to_hit), [("BP:L114", 1)]);
    assert_eq!(tests(&events), [(UnitId(1), TestLetter::B, [1, 1], 1, BreakResult::Break)]);
    assert!(events.iter().any(|e| matches!(e, Event::ChargeStopped { unit: UnitId(1), .. })));
    assert!(app.view().unit(UnitId(1)).unwrap().hex.is_none());
}

#[test]
fn cavalry_evades_infantry_and_counter_charges_cavalry() {
    // BP12.1: cavalry charged by infantry may evade: a full move away; the charge falls short.
    let mut app = start(&[(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "light-cavalry", 5, 6, S, None)], &[], &[]);
    let charge = BlackPowder::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), .. })).unwrap();
    send(&mut app, charge);
    let answers = BlackPowder::legal_commands(app.view());
    assert!(answers.contains(&Command::Respond { response: Response::Evade }) && !answers.contains(&Command::Respond { response: Response::FormSquare }));
    let events = send(&mut app, Command::Respond { response: Response::Evade });
    let events = pick_end(&mut app, events, 11);
    let (kind, path) = moved(&events, 11).expect("it evades");
    assert_eq!((kind, path.len()), (MoveKind::Evade, 3));
    assert!(events.iter().any(|e| matches!(e, Event::ChargeStopped { unit: UnitId(1), .. })));
    // BP13: cavalry charged by cavalry counter-charges: both count as charging.
    let mut app = start(&[(1, 0, "line-cavalry", 5, 8, N, None), (11, 1, "line-cavalry", 5, 5, S, None)], &[], &[]);
    let charge = BlackPowder::legal_commands(app.view()).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), .. })).unwrap();
    send(&mut app, charge);
    send(&mut app, Command::Respond { response: Response::CounterCharge });
    let b = app.view();
    assert!(b.unit(UnitId(1)).unwrap().state.charged && b.unit(UnitId(11)).unwrap().state.charged);
}

#[test]
fn a_shaken_unit_retires_a_full_move_and_breaks_when_it_cannot() {
    // Three 5s hit, three saves fail: shaken, test B; 3 + 2 = 5 on the shooting row is a retire
    // for infantry (BP:L70): two hexes straight back (BP:L152, B.3.3).
    let units = [(1, 0, "line-battalion", 5, 6, N, None), (11, 1, "line-battalion", 5, 3, S, None)];
    let mut app = start(&units, &[], &[5, 5, 5, 1, 1, 1, 3, 2]);
    end_until(&mut app, Phase::Shooting);
    let events = send(&mut app, Command::Shoot { unit: UnitId(1), target: UnitId(11) });
    assert_eq!(tests(&events), [(UnitId(11), TestLetter::B, [3, 2], 5, BreakResult::Retire)]);
    assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(1)), "the retiring unit's owner picks where it goes");
    let events = pick_end(&mut app, events, 11);
    let (kind, path) = moved(&events, 11).expect("it retires");
    assert_eq!((kind, path.len()), (MoveKind::Retire, 2));
    assert!(path.last().unwrap().unsigned_distance_to(at(5, 6)) >= 5, "straight back or slanting away, two hexes");
    // On the north edge there is no way back: disordered (BP8.9), then no two moves either: it
    // counts as broken (BP8.10).
    let units = [(1, 0, "line-battalion", 4, 3, N, None), (11, 1, "line-battalion", 4, 0, S, None)];
    let mut app = start(&units, &[], &[5, 5, 5, 1, 1, 1, 3, 2]);
    end_until(&mut app, Phase::Shooting);
    let events = send(&mut app, Command::Shoot { unit: UnitId(1), target: UnitId(11) });
    assert!(events.iter().any(|e| matches!(e, Event::Disorder { unit: UnitId(11), on: true, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Destroyed { unit: UnitId(11), rule } if rule.contains("cannot retire"))));
}

#[test]
fn supports_add_to_the_melee_result() {
    // BP6.7–6.8: a friend behind (+1) and one on each flank (+1 each), none of them engaged.
    let units = [
        (1, 0, "line-battalion", 5, 5, N, None),
        (2, 0, "line-battalion", 5, 6, N, None),
        (3, 0, "line-battalion", 4, 6, N, None),
        (4, 0, "line-battalion", 6, 6, N, None),
        (11, 1, "line-battalion", 5, 4, S, None),
    ];
    let mut forced = vec![1; 12];
    forced.extend([6, 6]);
    let mut app = start(&units, &[], &forced);
    let events = end_until(&mut app, Phase::HandToHand);
    let (totals, factors) = events.iter().find_map(|e| if let Event::MeleeResult { totals, factors, .. } = e { Some((*totals, factors.clone())) } else { None }).unwrap();
    assert_eq!(rules(&factors[0]), [("BP:L91", 1), ("BP:L92", 1), ("BP:L92", 1)]);
    assert_eq!(totals, [3, 0]);
    assert_eq!(tests(&events), [(UnitId(11), TestLetter::C, [6, 6], 12, BreakResult::Hold)]);
}

#[test]
fn a_building_adds_three_and_only_a_break_counts_in_it() {
    // BP16.1: +3 in a building; 2 dice an enemy (BP:L138). Six hits, six failed saves: beaten 6
    // to 3, test C at -3 for casualties past stamina: 8 - 3 = 5, a retire, which in a building
    // means it holds (BP16.6).
    let units = [(1, 0, "line-battalion", 5, 5, N, None), (11, 1, "line-battalion", 5, 4, S, None)];
    let mut forced = vec![6; 6];
    forced.extend([1; 6]);
    forced.extend([1, 1, 4, 4]);
    let mut app = start(&units, &[(5, 4, "b")], &forced);
    let events = end_until(&mut app, Phase::HandToHand);
    let v = volleys(&events);
    assert_eq!(v.iter().map(|v| (v.by, v.dice)).collect::<Vec<_>>(), [(UnitId(1), 6), (UnitId(11), 2)]);
    let (totals, factors) = events.iter().find_map(|e| if let Event::MeleeResult { totals, factors, .. } = e { Some((*totals, factors.clone())) } else { None }).unwrap();
    assert_eq!((totals, rules(&factors[1])), ([6, 3], vec![("BP:L282–288", 3)]));
    assert_eq!(tests(&events), [(UnitId(11), TestLetter::C, [4, 4], 5, BreakResult::Hold)]);
    assert_eq!(app.view().unit(UnitId(11)).unwrap().hex, Some(at(5, 4)), "it stays in its building");
}

#[test]
fn shooting_into_a_flank_or_rear_doubles_the_dice() {
    // BP7.27: infantry in enfilade; the target faces away from the shooter.
    let units = [(1, 0, "line-battalion", 5, 6, N, None), (11, 1, "line-battalion", 5, 3, N, None)];
    let mut app = start(&units, &[], &[2; 6]);
    end_until(&mut app, Phase::Shooting);
    let v = volleys(&send(&mut app, Command::Shoot { unit: UnitId(1), target: UnitId(11) }));
    assert_eq!(v[0].dice, 6);
    assert!(v[0].dice_rules.iter().any(|r| r.contains("enfilade")));
}

#[test]
fn artillery_shoots_by_its_range_band() {
    // BP14.3–14.6: 3 dice at short range (+1 to hit, save -2), 2 at medium (save -2), 1 at long
    // (-1 to hit, save -1); a foot battery reaches 48", 9 hexes; half range 24", 5 hexes.
    let units = [
        (1, 0, "foot-battery", 1, 10, N, None),
        (2, 0, "foot-battery", 5, 10, N, None),
        (3, 0, "foot-battery", 9, 10, N, None),
        (11, 1, "line-battalion", 1, 8, S, None),
        (12, 1, "line-battalion", 5, 5, S, None),
        (13, 1, "line-battalion", 9, 2, S, None),
    ];
    let mut app = start(&units, &[], &[1; 6]);
    end_until(&mut app, Phase::Shooting);
    let mut seen = Vec::new();
    for (gun, target) in [(1, 11), (2, 12), (3, 13)] {
        let v = volleys(&send(&mut app, Command::Shoot { unit: UnitId(gun), target: UnitId(target) }));
        seen.push((v[0].dice, rules(&v[0].to_hit), rules(&v[0].save_factors)));
    }
    assert_eq!(seen[0], (3, vec![("BP:L114", 1)], vec![("BP:L55", -2)]));
    assert_eq!(seen[1], (2, vec![], vec![("BP:L55", -2)]));
    assert_eq!(seen[2], (1, vec![("BP:L117", -1)], vec![("BP:L54", -1)]));
}

/// The legal commands now, as a list to search.
fn legal(app: &BattleApp<BlackPowder>) -> Vec<Command> {
    BlackPowder::legal_commands(app.view())
}

#[test]
fn a_blunder_where_a_charge_is_possible_lets_its_owner_charge_or_move() {
    // BP9.3: a blunder's 3 is one move to the left, "charge possible". The enemy stands ahead and
    // to the left, next to the hex one step through the unit's front-left hexside.
    let left = Offset::from_hex(Direction::N.step(Direction::NW.step(at(5, 8))));
    let units = [(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "line-battalion", left.0, left.1, S, None)];
    let mut app = start(&units, &[], &[6, 6, 3]);
    if app.view().global.phase == Phase::Initiative {
        send(&mut app, Command::EndPhase);
    }
    let events = send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    assert!(events.iter().any(|e| matches!(e, Event::Blundered { face: 3, result: BlunderResult::MoveLeft, moves: 1, .. })));
    assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(0)), "the blundering unit's owner decides");
    let options = legal(&app);
    assert!(options.iter().any(|c| matches!(c, Command::Path { unit: UnitId(1), .. })), "the move's ends are options too: {options:?}");
    let charge = options.iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), target: UnitId(11), .. })).cloned().expect("a charge to the left");
    send(&mut app, charge);
    assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(1)), "the charged unit answers");
    let (kind, path) = moved(&send(&mut app, Command::Respond { response: Response::Stand }), 1).expect("it goes in");
    assert_eq!((kind, path.last().unwrap().unsigned_distance_to(left.to_hex())), (MoveKind::Charge, 1));
    // The same blunder with the enemy off to the right: no charge to the left, so the move is made
    // without asking, the farthest the rules find.
    let units = [(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "line-battalion", 8, 5, S, None)];
    let mut app = start(&units, &[], &[6, 6, 3]);
    if app.view().global.phase == Phase::Initiative {
        send(&mut app, Command::EndPhase);
    }
    let events = send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    assert!(legal(&app).iter().all(|c| matches!(c, Command::Path { .. })), "no charge to the left: only the move's ends");
    let events = pick_end(&mut app, events, 1);
    let (kind, path) = moved(&events, 1).expect("the blunder moves it");
    assert_eq!((kind, path.len()), (MoveKind::Blunder, 2));
    assert!(path.iter().all(|h| Offset::from_hex(*h).0 < 5), "to the left: {path:?}");
    // Choosing the move instead of the charge.
    let units = [(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "line-battalion", left.0, left.1, S, None)];
    let mut app = start(&units, &[], &[6, 6, 3]);
    if app.view().global.phase == Phase::Initiative {
        send(&mut app, Command::EndPhase);
    }
    send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    let end = legal(&app).into_iter().find(|c| matches!(c, Command::Path { .. })).expect("an end of the move");
    let (kind, _) = moved(&send(&mut app, end), 1).expect("the blunder's move");
    assert_eq!(kind, MoveKind::Blunder);
}

#[test]
fn cavalry_charged_in_the_rear_turns_to_face_the_charge() {
    // BP13.1: only cavalry may change facing in answer to a charge; it then meets the charger
    // with its front.
    let units = [(1, 0, "line-battalion", 5, 8, N, None), (11, 1, "line-cavalry", 5, 6, N, None)];
    let mut app = start(&units, &[], &[]);
    let charge = legal(&app).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), target: UnitId(11), .. })).expect("the charge");
    send(&mut app, charge);
    let answers = legal(&app);
    assert!(answers.contains(&Command::Respond { response: Response::ChangeFacing }), "{answers:?}");
    assert!(!answers.contains(&Command::Respond { response: Response::CounterCharge }), "not with the charger behind it");
    let mut disordered = app.view().clone();
    disordered.unit_mut(UnitId(11)).unwrap().state.disordered = true;
    assert!(!BlackPowder::legal_commands(&disordered).contains(&Command::Respond { response: Response::ChangeFacing }), "BP10.5: disordered cavalry cannot answer");
    let events = send(&mut app, Command::Respond { response: Response::ChangeFacing });
    assert!(events.iter().any(|e| matches!(e, Event::Faced { unit: UnitId(11), facing: Direction::S, moves: 0, .. })));
    let b = app.view();
    let (cavalry, charger) = (b.unit(UnitId(11)).unwrap(), b.unit(UnitId(1)).unwrap());
    assert_eq!(strategos::rules::black_powder::unit::arc_from(b, cavalry, charger.hex.unwrap()), strategos::hex::Arc::Front);
    // Infantry charged in the rear has no such answer.
    let units = [(1, 0, "line-cavalry", 5, 8, N, None), (11, 1, "line-battalion", 5, 5, N, None)];
    let mut app = start(&units, &[], &[]);
    let charge = legal(&app).into_iter().find(|c| matches!(c, Command::Charge { unit: UnitId(1), target: UnitId(11), .. })).expect("the charge");
    send(&mut app, charge);
    assert!(!legal(&app).contains(&Command::Respond { response: Response::ChangeFacing }));
}

#[test]
fn horse_artillery_limbers_moves_unlimbers_and_shoots_in_one_turn() {
    // BP14.1: limbering and unlimbering cost horse artillery no move; with one move (8 against
    // the brigadier's 8, HB-3) it limbers, moves 18", unlimbers and still shoots.
    let units = [(1, 0, "horse-battery", 5, 11, N, None), (11, 1, "line-battalion", 5, 3, S, None)];
    let mut app = start(&units, &[], &[4, 4]);
    send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    assert_eq!(app.view().unit(UnitId(1)).unwrap().state.moves_left, 1);
    let events = send(&mut app, Command::Form { unit: UnitId(1), formation: Formation::Limbered });
    assert!(events.iter().any(|e| matches!(e, Event::Formed { moves: 0, .. })));
    let forward = Command::Move { unit: UnitId(1), to: at(5, 8), facing: Direction::N };
    assert!(legal(&app).contains(&forward), "three hexes limbered");
    send(&mut app, forward);
    send(&mut app, Command::Form { unit: UnitId(1), formation: Formation::Unlimbered });
    let gun = &app.view().unit(UnitId(1)).unwrap().state;
    assert_eq!((gun.formation, gun.moves_made), (Formation::Unlimbered, 1));
    end_until(&mut app, Phase::Shooting);
    assert!(legal(&app).contains(&Command::Shoot { unit: UnitId(1), target: UnitId(11) }), "it shoots after its one move");
    // A foot battery spends a move on each (BP14.2): with one move it only limbers.
    let units = [(1, 0, "foot-battery", 5, 11, N, None), (11, 1, "line-battalion", 5, 1, S, None)];
    let mut app = start(&units, &[], &[4, 4]);
    send(&mut app, Command::Order { commander: 3, units: vec![UnitId(1)] });
    let events = send(&mut app, Command::Form { unit: UnitId(1), formation: Formation::Limbered });
    assert!(events.iter().any(|e| matches!(e, Event::Formed { moves: 1, .. })));
    assert!(!legal(&app).iter().any(|c| matches!(c, Command::Move { unit: UnitId(1), .. } | Command::Form { unit: UnitId(1), .. })));
}

#[test]
fn crack_keeps_its_re_roll_against_every_enemy_of_its_first_round() {
    // BP18.24: a re-roll of a failed save while the unit has no casualties. The blows of a round
    // are struck at once (HB-12), so a Crack unit struck by two enemies re-rolls against both.
    use strategos::battle::Dice;
    use strategos::battle::agenda;
    use strategos::rules::black_powder::data::Trait;
    let units = [(1, 0, "line-battalion", 5, 5, N, None), (2, 0, "line-battalion", 4, 5, Some(Direction::NE), None), (11, 1, "line-battalion", 5, 4, S, None)];
    let app = start(&units, &[], &[]);
    let mut b = app.view().clone();
    b.unit_mut(UnitId(11)).unwrap().state.gained = Some(Trait::Crack);
    // Unit 1: one hit of six, its save and the re-roll fail; unit 2 the same; unit 11's six dice
    // (three at each) miss; the loser's test C.
    let mut faces = vec![6, 1, 1, 1, 1, 1, 1, 1];
    faces.extend([6, 1, 1, 1, 1, 1, 1, 1]);
    faces.extend([1; 6]);
    faces.extend([6, 6]);
    let mut dice = Dice::with_forced(1, &faces);
    let events = agenda::run(&b, &mut dice, |ctx| strategos::rules::black_powder::melee::fight(ctx, &[UnitId(1), UnitId(2), UnitId(11)]));
    let on_crack: Vec<(UnitId, usize, u8)> = volleys(&events).into_iter().filter(|v| v.target == UnitId(11)).map(|v| (v.by, v.save_rerolls.len(), v.casualties)).collect();
    assert_eq!(on_crack, [(UnitId(1), 1, 1), (UnitId(2), 1, 1)]);
}

/// The events of `c` on `b`, applied to it.
fn resolve_on(b: &mut strategos::battle::Battle<BlackPowder>, c: &Command, faces: &[u8]) -> Vec<Event> {
    let mut dice = strategos::battle::Dice::with_forced(1, faces);
    let events = strategos::rules::black_powder::resolve::resolve(b, c, &mut dice).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    for e in &events {
        BlackPowder::apply(b, e);
    }
    events
}

/// The battle of `units` at side 0's Shooting phase, unit 11 made Valiant (no profile has the trait;
/// Freshly raised's slot grants it).
fn valiant_11_at_shooting(units: &[common::black_powder::U]) -> strategos::battle::Battle<BlackPowder> {
    let mut app = start(units, &[], &[]);
    end_until(&mut app, Phase::Shooting);
    let mut b = app.view().clone();
    b.unit_mut(UnitId(11)).unwrap().state.gained = Some(strategos::rules::black_powder::data::Trait::Valiant);
    b
}

#[test]
fn a_valiant_unit_s_owner_takes_the_test_again_or_keeps_it() {
    // BP18.23: three hits, three failed saves: shaken, test B; 1 + 1 does not hold on the
    // shooting row. Valiant: its owner decides.
    use strategos::rules::black_powder::state::Step;
    let b = valiant_11_at_shooting(&[(1, 0, "line-battalion", 5, 6, N, None), (11, 1, "line-battalion", 5, 3, S, None)]);
    let shot = Command::Shoot { unit: UnitId(1), target: UnitId(11) };
    let mut kept = b.clone();
    let events = resolve_on(&mut kept, &shot, &[5, 5, 5, 1, 1, 1, 1, 1]);
    let first = tests(&events);
    assert_eq!(first.len(), 1);
    assert_ne!(first[0].4, BreakResult::Hold);
    assert!(matches!(kept.global.agenda.last(), Some(Step::Valiant { unit: UnitId(11), .. })));
    assert_eq!(BlackPowder::deciding_side(&kept), Some(Side(1)), "the Valiant unit's owner decides");
    assert_eq!(BlackPowder::legal_commands(&kept), [Command::Valiant { reroll: true }, Command::Valiant { reroll: false }]);
    let mut again = kept.clone();
    let events = resolve_on(&mut kept, &Command::Valiant { reroll: false }, &[]);
    assert!(tests(&events).is_empty(), "keeping rolls nothing");
    if first[0].4 == BreakResult::Break {
        assert!(events.iter().any(|e| matches!(e, Event::Destroyed { unit: UnitId(11), .. })));
    }
    let events = resolve_on(&mut again, &Command::Valiant { reroll: true }, &[6, 6]);
    assert_eq!(tests(&events).iter().map(|t| (t.2, t.4)).collect::<Vec<_>>(), [([6, 6], BreakResult::Hold)]);
    assert_eq!(again.unit(UnitId(11)).unwrap().hex, Some(at(5, 3)), "the second result stands: it holds");
    assert!(again.global.agenda.is_empty());
}

#[test]
fn a_valiant_decision_in_a_melee_waits_and_the_turn_goes_on_after_it() {
    // The melee's tests are steps: the Hand-to-hand waits on the Valiant loser's owner, then the
    // player-turn ends and the next opens.
    use strategos::rules::black_powder::state::Step;
    let mut b = valiant_11_at_shooting(&[(1, 0, "line-battalion", 5, 5, N, None), (11, 1, "line-battalion", 5, 4, S, None)]);
    // Unit 1's six dice: two hits, two failed saves; unit 11's six dice miss; its test C 1+1.
    let mut faces = vec![6, 6, 1, 1, 1, 1, 1, 1];
    faces.extend([1; 6]);
    faces.extend([1, 1]);
    let events = resolve_on(&mut b, &Command::EndPhase, &faces);
    assert!(events.iter().any(|e| matches!(e, Event::MeleeResult { winner: Some(Side(0)), .. })));
    assert!(matches!(b.global.agenda.last(), Some(Step::Valiant { unit: UnitId(11), letter: TestLetter::C, .. })));
    assert_eq!(b.global.phase, Phase::HandToHand);
    let events = resolve_on(&mut b, &Command::Valiant { reroll: true }, &[6, 6]);
    assert_eq!(tests(&events).iter().map(|t| (t.0, t.4)).collect::<Vec<_>>(), [(UnitId(11), BreakResult::Hold)]);
    assert!(events.iter().any(|e| matches!(e, Event::TurnStarted { side: Side(1), .. })), "then the player-turn ends");
}

#[test]
fn the_winner_of_a_melee_may_take_the_ground_its_loser_left() {
    // HB-13: unit 1 wins 2 to 0; unit 11's test C, 3 + 2 - 1 (BP:L58, a casualty... none past
    // its stamina) on the melee row, retires. Its owner picks where; then unit 1's owner may
    // advance into (5, 4) or stay.
    let units = [(1, 0, "line-battalion", 5, 5, N, None), (11, 1, "line-battalion", 5, 4, S, None), (12, 1, "line-battalion", 0, 0, S, None)];
    let mut faces = vec![6, 6, 1, 1, 1, 1, 1, 1];
    faces.extend([1; 6]);
    faces.extend([3, 2]);
    let mut app = start(&units, &[], &faces);
    let events = end_until(&mut app, Phase::HandToHand);
    assert_eq!(tests(&events).iter().map(|t| (t.0, t.4)).collect::<Vec<_>>(), [(UnitId(11), BreakResult::Retire)]);
    pick_end(&mut app, events, 11);
    let options = legal(&app);
    assert_eq!(options, [Command::Path { unit: UnitId(1), to: at(5, 5) }, Command::Path { unit: UnitId(1), to: at(5, 4) }], "stay, or take the hex");
    assert_eq!(BlackPowder::deciding_side(app.view()), Some(Side(0)));
    let (kind, path) = moved(&send(&mut app, options[1].clone()), 1).expect("it advances");
    assert_eq!((kind, path), (MoveKind::Advance, vec![at(5, 4)]));
}

#[test]
fn an_order_s_odds_count_the_unreliable_standing_still_on_a_double() {
    // HB-3, BP18.22 (BP:L327): five doubles of 36 are not blunders; a militia battalion stands
    // still on them, and with no other unit in the order they give no moves at all.
    use strategos::rules::black_powder::odds::order_odds;
    let app = start(&[(1, 0, "militia", 5, 10, N, None), (11, 1, "line-battalion", 5, 1, S, None)], &[], &[]);
    let lines: Vec<String> = order_odds(app.view(), 3, &[UnitId(1)]).unwrap().lines.into_iter().map(|l| l.text).collect();
    assert!(lines.iter().any(|l| l.contains("stands still on a double 14%")), "{lines:?}");
    // Staff 8: 8 is 1 move (5 rolls, the double 4 among them), 7 is 2 (6 rolls, no double), 6 or
    // less 3 (15, with the doubles 1, 2, 3): the three doubles go out of the 3 moves, one of 1.
    assert!(lines.iter().any(|l| l == "3 moves 33% · 2 moves 17% · 1 move 11%"), "{lines:?}");
}

/// BP:L42 (a square moves only by the one move of a failed order), HB-13: a square that wins a
/// melee holds its ground; its owner is offered no advance into the hex the beaten cavalry left.
/// The melee of `a_square_formed_against_cavalry_adds_three_and_beats_it`: the lancers retire.
#[test]
fn a_winning_square_is_offered_no_advance() {
    let (app, events) = square_beats_lancers();
    assert_eq!(moved(&events, 1).map(|(k, _)| k), Some(MoveKind::Retire));
    let advance = |c: &Command| matches!(c, Command::Path { unit: UnitId(11), .. });
    assert!(!legal(&app).iter().any(advance), "no advance for the square: {:?}", legal(&app));
    assert_eq!(app.view().unit(UnitId(11)).and_then(|u| u.hex), Some(at(5, 5)));
}

/// HB-10, BP:L96–109: a click on an enemy the battalion cannot shoot says the one reason that
/// applies (here the range, with the distance and the reach), not a list of every possible one;
/// and the card of a square names its formation in a colour the dark card shows (its band is black).
#[test]
fn why_not_names_the_one_reason_and_a_squares_card_shows_its_formation() {
    use strategos::battle::Present;
    let units = [(1, 0, "line-battalion", 5, 9, N, None), (11, 1, "line-battalion", 5, 0, S, Some(Formation::Square))];
    let mut app = start(&units, &[], &[]);
    end_until(&mut app, Phase::Shooting);
    let legal = legal(&app);
    let why = BlackPowder::why_not(app.view(), &legal, UnitId(1), at(5, 0)).unwrap_or_default();
    assert!(why.starts_with("Out of range: 9 hexes off") && !why.contains(", or"), "{why}");
    let card = BlackPowder::unit_card(app.view(), UnitId(11));
    assert_eq!(card[0].text, "■ square (Sq)");
    assert!(card[0].colour.is_some_and(|c| c.0 > 150), "readable on the dark card: {:?}", card[0].colour);
}
