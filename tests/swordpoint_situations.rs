//! Swordpoint's situations from the seed (`000_dd1bca2cefe3b4db.txt`, cited `SP:Lnn`), each set up
//! on an open field and played through the real turn with forced dice in the order
//! `docs/rules/swordpoint.md` ("The order of the dice") gives: the combat result's chain, cohesion
//! and break tests with their modifiers, momentum, answers to a charge, disengagement, rally,
//! shooting priorities and modifiers, and commanders' deaths. `tests/swordpoint_rules.rs` holds the
//! first volley, the initiative and the flank charge; the unit tests of `combat/` the strike counts.

mod common;

use common::swordpoint::{U, field, send, start, start_on};
use strategos::battle::ecs::BattleApp;
use strategos::battle::{Ruleset, Side, UnitId};
use strategos::hex::{Direction, Offset};
use strategos::rules::swordpoint::data::LoserAction;
use strategos::rules::swordpoint::event::{Marker, MoveKind, Test, Volley};
use strategos::rules::swordpoint::state::{Phase, Response};
use strategos::rules::swordpoint::{Command, Event, Swordpoint};

/// The deciding side does nothing more this step: seals its sheet, ends its declarations or moves.
fn pass(app: &mut BattleApp<Swordpoint>) -> Vec<Event> {
    let legal = Swordpoint::legal_commands(app.view());
    let c = [Command::Seal, Command::EndDeclarations, Command::EndMoves].into_iter().find(|c| legal.contains(c)).unwrap_or_else(|| panic!("no way to pass: {legal:?}"));
    send(app, c)
}

/// Passes until an event matching `stop` happens; every event up to there.
fn pass_until(app: &mut BattleApp<Swordpoint>, stop: impl Fn(&Event) -> bool) -> Vec<Event> {
    let mut log = Vec::new();
    while !log.iter().any(&stop) {
        log.extend(pass(app));
    }
    log
}

/// Passes until `charger` may charge `target`, declares it and answers it with `response`.
fn charge(app: &mut BattleApp<Swordpoint>, charger: u32, target: u32, response: Response) -> Vec<Event> {
    charges_on(app, &[charger], target, response)
}

/// Passes through the moves and the momentum sheets until the combats are scored and resolved.
fn fight(app: &mut BattleApp<Swordpoint>) -> Vec<Event> {
    pass_until(app, |e| matches!(e, Event::CombatScored { .. }))
}

fn tests(events: &[Event]) -> Vec<(UnitId, Test, [u8; 2], u8, Vec<&'static str>, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Tested { unit, test, faces, needed, factors, passed, .. } => Some((*unit, *test, *faces, *needed, factors.iter().map(|f| f.rule).collect(), *passed)),
            _ => None,
        })
        .collect()
}

fn volleys(events: &[Event]) -> Vec<Volley> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Volley { volley, .. } => Some(volley.clone()),
            _ => None,
        })
        .collect()
}

/// Each momentum change: side, points, rule.
fn momentum(events: &[Event]) -> Vec<(u8, i8, &'static str)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MomentumChanged { side, change, rule, .. } => Some((side.0, *change, *rule)),
            _ => None,
        })
        .collect()
}

/// Each loser's row: unit, differential, battle line, moderated, shifts' rules, action.
fn losers(events: &[Event]) -> Vec<(UnitId, u8, u8, u8, Vec<&'static str>, LoserAction)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::LoserResult { unit, differential, line, moderated, shifts, action } => Some((*unit, *differential, *line, *moderated, shifts.iter().map(|f| f.rule).collect(), *action)),
            _ => None,
        })
        .collect()
}

fn scored(events: &[Event]) -> ([u8; 2], [i16; 2], Option<Side>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::CombatScored { hits, totals, winner, .. } => Some((*hits, *totals, *winner)),
            _ => None,
        })
        .expect("a combat was scored")
}

fn marked(events: &[Event], id: u32, what: Marker, on: bool) -> bool {
    events.iter().any(|e| matches!(e, Event::MarkerChanged { unit, marker, on: o, .. } if *unit == UnitId(id) && *marker == what && *o == on))
}

fn moved(events: &[Event], id: u32, how: MoveKind) -> bool {
    events.iter().any(|e| matches!(e, Event::UnitMoved { unit, kind, .. } if *unit == UnitId(id) && *kind == how))
}

fn unit(app: &BattleApp<Swordpoint>, id: u32) -> &strategos::battle::Unit<strategos::rules::swordpoint::state::UnitState> {
    app.view().unit(UnitId(id)).unwrap()
}

/// Warriors of the south at (5, 7) facing north, warriors of the north at (5, 4) facing south: a
/// charge of 2 hexes, contact at (5, 5).
const HEAD_ON: [U; 2] = [(1, 0, "warriors", 5, 7, None), (2, 1, "warriors", 5, 4, None)];

/// Initiative 6 against 1: the south declares first (H-9).
const SOUTH_FIRST: [u8; 2] = [6, 1];

fn faces(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

// --- The combat result's chain (SP:L155–290) ----------------------------------------------------

#[test]
fn a_head_on_loser_by_two_recoils_demoralised_and_the_winner_follows_up_for_two() {
    // The chargers strike first (SP:L162): 8 dice (4 bases × 2, SP:L241) at 4+ (SP:L230), two
    // hits, both saves failed; the defenders' 8 dice miss. 2 + close order + depth (SP:L185–186)
    // against 0 + 2: a differential of 2 recoils 4" with a Demoralised marker (SP:L269).
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[1; 8]]);
    let mut app = start(&HEAD_ON, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    let v = volleys(&log);
    assert_eq!(v.iter().map(|v| (v.by, v.dice, v.to_hit, v.hits, v.save, v.lost)).collect::<Vec<_>>(), [(UnitId(1), 8, 4, 2, 4, 2), (UnitId(2), 8, 4, 0, 4, 0)], "the chargers first");
    assert_eq!(scored(&log), ([2, 0], [4, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 2, 1, 2, vec![], LoserAction::Recoil { inches: 4 })]);
    assert!(moved(&log, 2, MoveKind::Recoil) && marked(&log, 2, Marker::Demoralised, true));
    assert_eq!(unit(&app, 2).hex, Some(Offset(5, 3).to_hex()), "one hex straight back, facing kept (H-27)");
    // H-14: the winner may move into the hex it left, for 2 (SP:L289); the charge earned 1 (SP:L150).
    let log = send(&mut app, Command::FollowUp { advance: true });
    assert!(moved(&log, 1, MoveKind::FollowUp));
    assert_eq!(momentum(&app.events()), [(0, 1, "SP:L150"), (0, 2, "SP:L289")]);
    assert!(app.view().global.combat_of(UnitId(2)).is_some_and(|c| c.units == [UnitId(1), UnitId(2)]), "in contact again");
}

#[test]
fn a_battle_line_of_two_halves_the_differential_and_the_win_without_recoil_earns_one() {
    // A friend beside the beaten unit, facing its way (F−1): 2 ÷ 2 = 1 (SP:L168) reads 0–1, the
    // combat goes on (SP:L268); a lone unit would have recoiled. The winner pushed nobody back:
    // 1 (SP:L287).
    let units = [HEAD_ON[0], HEAD_ON[1], (3, 1, "warriors", 6, 5, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[1; 8]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([2, 0], [4, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 2, 2, 1, vec![], LoserAction::Continue), (UnitId(3), 2, 2, 1, vec!["SP:L278"], LoserAction::Continue)], "its support reads a row above: still 0-1 (SP5.73)");
    assert!(!moved(&log, 2, MoveKind::Recoil) && !unit(&app, 2).state.demoralised);
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 1, "SP:L287")]);
}

#[test]
fn a_support_beside_a_unit_beaten_by_eight_recoils_one_row_above_its_break_test() {
    // Eight hits, every save failed; the defenders' 8 dice (its first rank is whole, SP:L241) miss:
    // 10 against 2. The beaten unit's line of two halves
    // 8 to 4 (SP:L168), a break test (SP:L270), passed on 12 with the differential added; its
    // friend beside it, out of the combat, reads one row above (SP5.73, SP:L278): it recoils
    // with a Demoralised marker (SP:L269).
    let units = [HEAD_ON[0], HEAD_ON[1], (3, 1, "warriors", 6, 5, None)];
    let f = faces(&[&SOUTH_FIRST, &[6; 8], &[1; 8], &[1; 8], &[6, 6]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([8, 0], [10, 2], Some(Side(0))));
    let rows = losers(&log);
    assert_eq!(rows[0], (UnitId(2), 8, 2, 4, vec![], LoserAction::BreakTest { recoil_inches: 4 }));
    assert_eq!(rows[1], (UnitId(3), 8, 2, 4, vec!["SP:L278"], LoserAction::Recoil { inches: 4 }), "one row above the beaten unit's");
    assert_eq!(tests(&log).iter().map(|t| (t.0, t.1, t.2, t.5)).collect::<Vec<_>>(), [(UnitId(2), Test::Break, [6, 6], true)]);
    assert!(moved(&log, 3, MoveKind::Recoil) && marked(&log, 3, Marker::Demoralised, true));
    assert!(app.view().global.combat_of(UnitId(3)).is_none(), "the support was never in the combat");
}

#[test]
fn a_break_test_adds_the_differential_uses_the_generals_cohesion_and_rerolls_within_12_inches() {
    // Four figures lost, none taken: 6 against 2. The loser tests with the army general's
    // Cohesion 4 (his unit 3 hexes away, SP:L205) plus the differential 4 (SP:L177): 8. It fails
    // on 3 + 3 and, within 12" of him, rolls again (SP:L204): 4 + 4 passes, so it recoils
    // Demoralised (SP:L270). Forcing a break test earns 1 (SP:L287).
    let units = [HEAD_ON[0], HEAD_ON[1], (3, 1, "warriors", 5, 1, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 6, 6, 1, 1, 1, 1], &[1; 4], &[1; 8], &[3, 3, 4, 4]]);
    let mut app = start(&units, &[(10, 1, "army-general", 3)], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([4, 0], [6, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 4, 1, 4, vec![], LoserAction::BreakTest { recoil_inches: 4 })]);
    let cohesion: Vec<u8> = log.iter().filter_map(|e| if let Event::Tested { cohesion, .. } = e { Some(*cohesion) } else { None }).collect();
    assert_eq!(cohesion, [4, 4], "the army general's Cohesion, not the warriors' 6");
    assert_eq!(tests(&log), [(UnitId(2), Test::Break, [3, 3], 8, vec!["SP:L177"], false), (UnitId(2), Test::Break, [4, 4], 8, vec!["SP:L177"], true)]);
    assert!(moved(&log, 2, MoveKind::Recoil) && marked(&log, 2, Marker::Demoralised, true) && !unit(&app, 2).state.fleeing);
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 1, "SP:L287")]);
}

#[test]
fn the_first_unit_shock_cavalry_charges_reads_a_row_lower_breaks_and_is_ridden_down() {
    // Knights: 3 bases + ceil(3/2) shock dice = 5 (SP:L240, L249) at 3+ (SP:L228); the couched
    // lance makes the warriors save on 4 + 2 (SP:L257). Two figures: 4 against 2. The
    // differential 2 reads 2–3, one row lower for the shock cavalry's first victim (SP:L279):
    // a break test, 6 + 2, failed on 1 + 1. It breaks (SP:L270): 1 for the test (SP:L287), 3 for
    // the break (SP:L290); the knights ride it down, 16 + 1 against 8 + 6 (H-13), for 2 (SP:L288).
    let units = [(1, 0, "knights", 5, 8, None), (2, 1, "warriors", 5, 4, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1], &[1, 1], &[1; 7], &[1, 1], &[1, 6]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    let k = &volleys(&log)[0];
    assert_eq!((k.dice, k.to_hit, k.save), (5, 3, 6));
    assert_eq!(k.dice_factors.iter().chain(&k.save_factors).map(|f| f.rule).collect::<Vec<_>>(), ["SP:L240", "SP:L249", "SP:L257"]);
    assert_eq!(scored(&log), ([2, 0], [4, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 2, 1, 2, vec!["SP:L279"], LoserAction::BreakTest { recoil_inches: 4 })]);
    assert!(marked(&log, 1, Marker::ShockUsed, true), "its first victim is spent");
    assert_eq!(tests(&log), [(UnitId(2), Test::Break, [1, 1], 8, vec!["SP:L177"], false)]);
    assert!(marked(&log, 2, Marker::Fleeing, true) && moved(&log, 2, MoveKind::Flight));
    log.extend(send(&mut app, Command::Pursue { pursue: true }));
    assert!(log.iter().any(|e| matches!(e, Event::PursuitRolled { pursuer: UnitId(1), fleeing: UnitId(2), faces: [1, 6], caught: true })));
    assert!(unit(&app, 2).state.destroyed);
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 1, "SP:L287"), (0, 3, "SP:L290"), (0, 2, "SP:L288")]);
    assert!(marked(&log, 1, Marker::Disorganised, true), "a pursuer is disorganised (SP:L194)");
}

#[test]
fn stubborn_huscarls_failing_their_first_break_test_only_recoil() {
    // The warriors' 3 bases facing the huscarls' 3 and a corner base: 7 dice; the huscarls save on
    // 5. Four figures: 6 against 2 (close order, depth). The 4 reads a break test, 5 + 4, failed
    // on 1 + 1: stubborn, the huscarls recoil 4" only, without Demoralised (SP:L280, R-10).
    let units = [HEAD_ON[0], (2, 1, "huscarls", 5, 4, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 6, 6, 1, 1, 1], &[1; 4], &[1; 6], &[1, 1]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(volleys(&log).iter().map(|v| (v.dice, v.save)).collect::<Vec<_>>(), [(7, 5), (6, 6)], "the huscarls' axes: +2 to the save (SP:L261)");
    assert_eq!(scored(&log), ([4, 0], [6, 2], Some(Side(0))));
    assert_eq!(tests(&log), [(UnitId(2), Test::Break, [1, 1], 9, vec!["SP:L177"], false)]);
    assert!(marked(&log, 2, Marker::StubbornUsed, true) && moved(&log, 2, MoveKind::Recoil));
    let h = &unit(&app, 2).state;
    assert!(!h.fleeing && !h.demoralised && h.stubborn_spent);
}

#[test]
fn a_warband_bound_to_charge_earns_three_on_contact_and_its_loser_reads_a_row_lower() {
    // H-19: the warband's owner chooses to charge; contact earns 1 (SP:L150) and 2 more for a
    // warband (SP:L152). 8 dice, 3 figures: 3 + depth (loose order: no SP:L185) against 2. The
    // differential 2 reads one row lower against a warband (SP:L281): a break test, passed.
    let units = [(1, 0, "warband", 5, 7, None), HEAD_ON[1]];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 6, 1, 1, 1, 1, 1], &[1; 3], &[1; 8], &[4, 4]]);
    let mut app = start(&units, &[], &f);
    assert_eq!(Swordpoint::legal_commands(app.view()), [Command::Impetuous { charge: true }, Command::Impetuous { charge: false }]);
    let mut log = send(&mut app, Command::Impetuous { charge: true });
    assert!(marked(&log, 1, Marker::MustCharge, true));
    log.extend(charge(&mut app, 1, 2, Response::Hold));
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([3, 0], [4, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 2, 1, 2, vec!["SP:L281"], LoserAction::BreakTest { recoil_inches: 4 })]);
    assert_eq!(tests(&log), [(UnitId(2), Test::Break, [4, 4], 8, vec!["SP:L177"], true)]);
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 2, "SP:L152"), (0, 1, "SP:L287")]);
}

#[test]
fn skirmishers_read_two_rows_lower_without_the_generals_cohesion_or_reroll() {
    // The warriors' 7 dice score 1; the javelinmen's 3 (6 bases, 3 a rank, 1 die a base,
    // SP:L240) score 3. 1 + close order + depth + twice the strength points (32 against 12,
    // SP:L191) against 3: a differential of 1, two rows lower for unformed troops (SP:L282): a
    // break test at their own 7 + 1, failed, with no re-roll though the army general is 3 hexes
    // away (SP:L204 "sauf si OD", R-4). His unit, a friend within 12" of one that broke, tests
    // (SP:L21, L178) with his Cohesion 4 and passes on 2 + 2.
    let units = [HEAD_ON[0], (2, 1, "javelinmen", 5, 4, None), (3, 1, "warriors", 5, 1, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 1, 1, 1, 1, 1, 1], &[1], &[6, 6, 6], &[1, 1, 1], &[3, 3], &[2, 2]]);
    let mut app = start(&units, &[(10, 1, "army-general", 3)], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(volleys(&log).iter().map(|v| (v.dice, v.lost)).collect::<Vec<_>>(), [(7, 1), (3, 3)]);
    assert_eq!(scored(&log), ([1, 3], [4, 3], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 1, 1, 1, vec!["SP:L282"], LoserAction::BreakTest { recoil_inches: 4 })]);
    assert_eq!(tests(&log), [(UnitId(2), Test::Break, [3, 3], 8, vec!["SP:L177"], false), (UnitId(3), Test::FriendBroken, [2, 2], 4, vec![], true)]);
    assert!(unit(&app, 2).state.fleeing && !unit(&app, 3).state.fleeing);
}

#[test]
fn a_differential_of_six_breaks_without_a_test_and_halving_the_enemy_earns_two() {
    // Six of the javelinmen's 12 figures: 6 + 3 against 0 reads 6+ (and two rows lower, SP:L282):
    // Demoralised, breaks and flees without a test (SP:L271). 1 for the contact (SP:L150), 2 for
    // an enemy brought to half its strength points (SP:L289), 3 for breaking it (SP:L290).
    let units = [HEAD_ON[0], (2, 1, "javelinmen", 5, 4, None)];
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 6, 6, 6, 6, 1], &[1; 6], &[1; 3]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([6, 0], [9, 0], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 9, 1, 9, vec!["SP:L282"], LoserAction::Break)]);
    assert!(tests(&log).is_empty() && marked(&log, 2, Marker::Fleeing, true));
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 2, "SP:L289"), (0, 3, "SP:L290")]);
}

// --- Shooting (SP:L31–98) -----------------------------------------------------------------------

/// The volleys of the first shooting phase, once the south seals (the north has no shooter).
fn shoot(app: &mut BattleApp<Swordpoint>) -> Vec<Event> {
    assert_eq!(app.view().global.phase, Phase::ShootingDeclare);
    send(app, Command::Seal)
}

#[test]
fn a_quarter_lost_to_shooting_tests_with_demoralised_and_exhausted() {
    // 8 archers' bases: 4 + 2 dice (SP:L50), at 5+ against skirmishers (SP:L77); javelinmen save
    // on 6. Six of 12 figures: 3 of 6 bases left, exhausted (SP:L29); 25% makes them Demoralised
    // and test (SP:L98): 7 + 1 (SP:L28) + 2 = 10, passed on 5 + 5. 1 point, even against
    // skirmishers (SP:L98; SP:L85 spares only the 10% row).
    let units = [(1, 0, "archers", 5, 7, None), (2, 1, "javelinmen", 5, 3, None)];
    let mut app = start(&units, &[], &faces(&[&[5, 5, 5, 6, 6, 6], &[1; 6], &[5, 5]]));
    let log = shoot(&mut app);
    let v = &volleys(&log)[0];
    assert_eq!((v.dice, v.to_hit, v.hits, v.save, v.lost), (6, 5, 6, 6, 6));
    assert_eq!(v.to_hit_factors.iter().map(|f| f.rule).collect::<Vec<_>>(), ["SP:L77"]);
    assert_eq!(tests(&log), [(UnitId(2), Test::ShootingLosses, [5, 5], 10, vec!["SP:L28", "SP:L29"], true)]);
    assert!(!unit(&app, 2).state.fleeing && unit(&app, 2).state.demoralised);
    assert_eq!(momentum(&log), [(0, 1, "SP:L98")]);
}

#[test]
fn archers_shoot_the_nearest_enemy_able_to_charge_before_a_nearer_one() {
    // Warriors 2 hexes off facing north, away from them, cannot charge the archers; warriors 3 hexes off facing them
    // can (a 2-hex charge): they are the priority target (SP:L42 before SP:L43), and the sheet
    // offers no other.
    let units = [(1, 0, "archers", 5, 7, None), (2, 1, "warriors", 3, 6, Some(Direction::N)), (3, 1, "warriors", 5, 4, None)];
    let mut app = start(&units, &[], &[]);
    let legal = Swordpoint::legal_commands(app.view());
    assert!(!legal.contains(&Command::Shoot { shooter: UnitId(1), target: Some(UnitId(2)) }), "{legal:?}");
    let log = shoot(&mut app);
    assert_eq!(volleys(&log).iter().map(|v| v.target).collect::<Vec<_>>(), [UnitId(3)]);
    let mut alone = start(&units[..2], &[], &[]);
    assert_eq!(volleys(&shoot(&mut alone)).iter().map(|v| v.target).collect::<Vec<_>>(), [UnitId(2)], "with none able to charge, the nearest (SP:L43)");
}

#[test]
fn a_target_at_long_range_in_a_wood_is_hit_on_six() {
    // 6 hexes: beyond short range (12", 4 hexes) and within long (24", 7 hexes): −1 (SP:L76); in
    // a forest, light cover: −1 (SP:L78). 4 + 2 = 6 to hit.
    let mut s = field(&[(1, 0, "archers", 5, 8, None), (2, 1, "warriors", 5, 2, None)], &[]);
    s.map.rows[2] = ". . . . . f . . . . . .".into();
    let mut app = start_on(&s, &faces(&[&[6, 6, 5, 5, 5, 5], &[3, 3]]));
    let v = &volleys(&shoot(&mut app))[0];
    assert_eq!((v.to_hit, v.hits, v.lost), (6, 2, 2));
    assert_eq!(v.to_hit_factors.iter().map(|f| f.rule).collect::<Vec<_>>(), ["SP:L76", "SP:L78"]);
}

// --- Commanders (SP:L36, L170–178, L198–205) ----------------------------------------------------

#[test]
fn the_army_general_with_a_unit_shot_dies_on_twelve_and_his_units_within_12_inches_test() {
    // Two figures lost (SP:L35); the general rolls 2d6 and dies on 12 (SP:L36, R-13). Every unit
    // of his side within 12" of where he fell tests at once (SP:L23, L178), now with its own
    // Cohesion 6: 3 + 3 passes.
    let units = [(1, 0, "archers", 5, 7, None), (2, 1, "warriors", 5, 4, None)];
    let mut app = start(&units, &[(10, 1, "army-general", 2)], &faces(&[&[4, 5, 6, 1, 2, 3], &[4, 3, 1], &[6, 6], &[3, 3]]));
    let log = shoot(&mut app);
    assert_eq!(volleys(&log)[0].lost, 2);
    assert!(log.iter().any(|e| matches!(e, Event::CommanderTested { commander: 10, faces: [6, 6], killed_on: 12, killed: true, rule: "SP:L36" })));
    assert!(app.view().global.general(Side(1)).is_none());
    assert_eq!(tests(&log), [(UnitId(2), Test::GeneralKilled, [3, 3], 6, vec![], true)]);
}

#[test]
fn in_combat_a_winners_general_dies_only_on_twelve_and_a_recoiling_units_commander_on_ten() {
    // The general attached adds 1 (SP:L187): 2 + 3 against 1 + 2, the loser recoils. Both units
    // lost figures: the winner's general survives 11 (SP:L171), the loser's commander dies on 10
    // (SP:L174). Ascending unit id.
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[6, 1, 1, 1, 1, 1, 1, 1], &[1], &[5, 6], &[4, 6]]);
    let mut app = start(&HEAD_ON, &[(10, 0, "army-general", 1), (20, 1, "commander", 2)], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([2, 1], [5, 3], Some(Side(0))));
    let deaths: Vec<(u32, [u8; 2], u8, bool)> = log
        .iter()
        .filter_map(|e| if let Event::CommanderTested { commander, faces, killed_on, killed, .. } = e { Some((*commander, *faces, *killed_on, *killed)) } else { None })
        .collect();
    assert_eq!(deaths, [(10, [5, 6], 12, false), (20, [4, 6], 10, true)]);
    assert!(app.view().global.commanders.iter().any(|c| c.id == 20 && c.unit.is_none()));
}

// --- Answers to a charge (H-11), disengagement (SP4.12–4.17), rally (SP4.3) -----------------------

#[test]
fn a_unit_that_flees_from_a_charge_is_ridden_down_for_three() {
    // The warriors flee (H-11): broken, they run 2 hexes to the north in the compulsory moves
    // (H-12); the knights' 4 hexes still reach them: destroyed, 3 points (SP:L290), and no point
    // for a contact (SP:L150). With nothing left to decide, the answer plays the turn out: the
    // north has lost everything (H-25).
    let units = [(1, 0, "knights", 5, 6, None), (2, 1, "warriors", 5, 3, None)];
    let mut app = start(&units, &[], &SOUTH_FIRST);
    let log = charge(&mut app, 1, 2, Response::Flee);
    assert!(marked(&log, 2, Marker::Fleeing, true) && marked(&log, 2, Marker::Demoralised, true));
    assert!(moved(&log, 2, MoveKind::Flight) && moved(&log, 1, MoveKind::Charge));
    assert!(log.iter().any(|e| matches!(e, Event::UnitDestroyed { unit: UnitId(2), .. })));
    assert_eq!(momentum(&log), [(0, 3, "SP:L290")]);
    assert_eq!(app.view().global.outcome.as_ref().and_then(|o| o.winner), Some(Side(0)));
}

#[test]
fn skirmishers_evade_out_of_reach_and_the_charger_earns_one() {
    // The javelinmen evade 2 hexes straight away, facing the knights (H-11), 6 hexes from them:
    // the knights' 4 hexes cannot reach them, they ride toward them, 1 point (SP:L151). An evader
    // is not broken.
    let units = [(1, 0, "knights", 5, 6, None), (2, 1, "javelinmen", 5, 2, None)];
    let mut app = start(&units, &[], &SOUTH_FIRST);
    let mut log = charge(&mut app, 1, 2, Response::Evade);
    log.extend(pass_until(&mut app, |e| matches!(e, Event::PhaseStarted { phase: Phase::RemainingMoves })));
    assert!(moved(&log, 2, MoveKind::Evade) && moved(&log, 1, MoveKind::Charge));
    let j = unit(&app, 2);
    assert_eq!((j.hex, j.facing), (Some(Offset(5, 0).to_hex()), Direction::S));
    assert!(!j.state.fleeing && !j.state.demoralised && app.view().global.combats.is_empty());
    assert_eq!(momentum(&log), [(0, 1, "SP:L151")]);
}

#[test]
fn knights_counter_charging_strike_with_their_shock_dice_and_lance_but_earn_no_contact_point() {
    // H-11: counter-charging counts as charging for the shock dice (SP:L249) and the couched lance
    // (SP:L257), and both units strike in the chargers' step (SP:L162); only the charge earns its
    // point (SP:L150, "contre charges exclues"). Every die misses: a draw.
    let units = [HEAD_ON[0], (2, 1, "knights", 5, 4, None)];
    let f = faces(&[&SOUTH_FIRST, &[1; 7], &[1; 5]]);
    let mut app = start(&units, &[], &f);
    let mut log = charge(&mut app, 1, 2, Response::CounterCharge);
    assert!(marked(&log, 2, Marker::Charged, true));
    log.extend(fight(&mut app));
    let v = volleys(&log);
    assert_eq!(v.iter().map(|v| (v.by, v.dice, v.save)).collect::<Vec<_>>(), [(UnitId(1), 7, 3), (UnitId(2), 5, 6)]);
    assert_eq!(v[1].dice_factors.iter().chain(&v[1].save_factors).map(|f| f.rule).collect::<Vec<_>>(), ["SP:L240", "SP:L249", "SP:L257"]);
    assert_eq!(scored(&log).2, None);
    assert_eq!(momentum(&log), [(0, 1, "SP:L150")]);
}

#[test]
fn a_unit_that_recoiled_last_turn_disengages_on_a_test_with_one_more() {
    // Turn 1: the north's warriors lose by 2, recoil Demoralised and are followed up. Turn 2:
    // still in combat, so still Demoralised (SP:L16); disengaging tests 6 + 1 (SP:L28) + 1 for
    // the recoil (SP:L122) = 8, passed on 4 + 4; in the compulsory moves they step straight back
    // (H-15) and the combat ends.
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[1; 8], &SOUTH_FIRST, &[4, 4]]);
    let mut app = start(&HEAD_ON, &[], &f);
    charge(&mut app, 1, 2, Response::Hold);
    fight(&mut app);
    send(&mut app, Command::FollowUp { advance: true });
    while !Swordpoint::legal_commands(app.view()).contains(&Command::Disengage { unit: UnitId(2) }) {
        pass(&mut app);
    }
    assert_eq!(app.view().turn, 2);
    let mut log = send(&mut app, Command::Disengage { unit: UnitId(2) });
    assert_eq!(tests(&log), [(UnitId(2), Test::Disengage, [4, 4], 8, vec!["SP:L28", "SP:L122"], true)]);
    assert!(log.iter().any(|e| matches!(e, Event::DisengageDeclared { unit: UnitId(2), allowed: true, pursuer: None })));
    log.extend(pass_until(&mut app, |e| matches!(e, Event::PhaseStarted { phase: Phase::RemainingMoves })));
    assert!(moved(&log, 2, MoveKind::Disengage));
    assert!(log.iter().any(|e| matches!(e, Event::CombatEnded { .. })) && app.view().global.combats.is_empty());
    let w = unit(&app, 2);
    assert_eq!((w.facing, w.state.fleeing), (Direction::S, false), "facing kept");
}

#[test]
fn a_fleeing_unit_within_a_commanders_radius_rallies() {
    // The archers take 3 of the javelinmen's 12 figures: 25%, a test at 7 + 1, failed: they break
    // (SP:L24). In the movement phase, a commander 2 hexes off (8" radius, SP:L200), they test to
    // rally before fleeing (SP:L105): 7 + 2 fleeing (SP:L112) + 2 for the larger archers within
    // 8" (SP:L114, R-3: not the +1 of SP:L113 as well) = 11, passed on 5 + 6.
    let units = [(1, 0, "archers", 5, 7, None), (2, 1, "javelinmen", 5, 4, None), (3, 1, "warriors", 5, 2, None)];
    let f = faces(&[&[5, 5, 5, 1, 1, 1], &[1, 1, 1], &[1, 1], &SOUTH_FIRST, &[5, 6]]);
    let mut app = start(&units, &[(10, 1, "commander", 3)], &f);
    let mut log = shoot(&mut app);
    assert!(unit(&app, 2).state.fleeing);
    log.extend(pass_until(&mut app, |e| matches!(e, Event::PhaseStarted { phase: Phase::RemainingMoves })));
    assert_eq!(
        tests(&log),
        [(UnitId(2), Test::ShootingLosses, [1, 1], 8, vec!["SP:L28"], false), (UnitId(2), Test::Rally, [5, 6], 11, vec!["SP:L112", "SP:L114"], true)]
    );
    assert!(marked(&log, 2, Marker::Fleeing, false) && !moved(&log, 2, MoveKind::Flight));
    assert!(!unit(&app, 2).state.fleeing && unit(&app, 2).state.demoralised);
}

/// H-28: javelinmen within their commander's radius answer the warriors' charge with Flee (H-11)
/// and flee 2 hexes (8") in the compulsory moves; they take no rally test in the same movement
/// phase (SP:L104 comes before the compulsory moves, SP:L105), so their answer is not turned into
/// a Hold with a Demoralised marker, and the charge does not find them.
#[test]
fn a_unit_that_answers_a_charge_with_flee_flees_before_it_may_rally() {
    let units = [(1, 0, "warriors", 5, 7, None), (2, 1, "javelinmen", 5, 5, None), (3, 1, "warriors", 6, 3, None)];
    let mut app = start(&units, &[(10, 1, "commander", 3)], &SOUTH_FIRST);
    let log = charge(&mut app, 1, 2, Response::Flee);
    assert!(log.iter().any(|e| matches!(e, Event::PhaseStarted { phase: Phase::RemainingMoves })), "the answer was the last decision before the remaining moves");
    assert!(tests(&log).iter().all(|t| t.1 != Test::Rally), "no rally before the flight: {:?}", tests(&log));
    assert!(moved(&log, 2, MoveKind::Flight), "it flees in the compulsory moves");
    let j = unit(&app, 2);
    assert!(j.state.fleeing && j.state.demoralised);
    assert!(app.view().global.combats.is_empty(), "the charge did not find it");
}

// --- Mends from play (issue 45) -----------------------------------------------------------------

/// Declares every charge of `chargers` on `target` (the first end hex offered each), passing until
/// each may, then answers with `response` once.
fn charges_on(app: &mut BattleApp<Swordpoint>, chargers: &[u32], target: u32, response: Response) -> Vec<Event> {
    let mut log = Vec::new();
    for &charger in chargers {
        let wanted = |c: &Command| matches!(c, Command::DeclareCharge { charger: a, target: t, .. } if *a == UnitId(charger) && *t == UnitId(target));
        let declare = loop {
            if let Some(c) = Swordpoint::legal_commands(app.view()).into_iter().find(wanted) {
                break c;
            }
            log.extend(pass(app));
        };
        log.extend(send(app, declare));
    }
    while !Swordpoint::legal_commands(app.view()).contains(&Command::Respond { response }) {
        log.extend(pass(app));
    }
    log.extend(send(app, Command::Respond { response }));
    log
}

/// H-11 (docs/rules/swordpoint.md, "Procedures the seed names but does not define"; SP:L103–105):
/// skirmishers charged by three knights answer once and evade once, 2 hexes (8") straight away
/// from the first charger, and stay on the table; none of the knights' 4 hexes reaches them, so
/// each charge earns its 1 (SP:L151).
#[test]
fn skirmishers_charged_by_three_evade_once() {
    let units = [(1, 0, "knights", 4, 6, None), (2, 0, "knights", 5, 6, None), (3, 0, "knights", 6, 6, None), (4, 1, "javelinmen", 5, 2, None)];
    let mut app = start(&units, &[], &SOUTH_FIRST);
    let mut log = charges_on(&mut app, &[1, 2, 3], 4, Response::Evade);
    // The answer plays the charge moves through (nothing else to decide): this turn's only.
    while !log.iter().any(|e| matches!(e, Event::PhaseStarted { phase: Phase::RemainingMoves })) {
        log.extend(pass(&mut app));
    }
    let evasions = log.iter().filter(|e| matches!(e, Event::UnitMoved { unit: UnitId(4), kind: MoveKind::Evade, .. })).count();
    assert_eq!(evasions, 1, "one evasion, not one a charger");
    let j = unit(&app, 4);
    assert_eq!((j.hex, j.facing), (Some(Offset(5, 0).to_hex()), Direction::S), "8\" away, still on the table");
    assert!(!log.iter().any(|e| matches!(e, Event::UnitLeftTable { .. })));
    assert_eq!(momentum(&log), [(0, 1, "SP:L151"), (0, 1, "SP:L151"), (0, 1, "SP:L151")]);
}

/// SP:L175–178: the tests for a fallen army general come with the combat results, after the
/// recoils. The general with the beaten warriors (+1, SP:L187) dies on 11 as they recoil
/// (SP:L173); they recoil Demoralised (SP:L269) and only then test, with their own Cohesion 6 and
/// the +1 of SP:L28: 3 + 3 fails and they break (SP:L178). Tested before the recoil, they would
/// have passed on 6.
#[test]
fn a_unit_its_combat_demoralised_tests_for_its_fallen_general_demoralised() {
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 6, 1, 1, 1, 1, 1], &[1, 1, 1], &[1; 8], &[5, 6], &[3, 3]]);
    let mut app = start(&HEAD_ON, &[(10, 1, "army-general", 2)], &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([3, 0], [5, 3], Some(Side(0))));
    assert!(log.iter().any(|e| matches!(e, Event::CommanderTested { commander: 10, killed_on: 11, killed: true, .. })));
    assert_eq!(tests(&log), [(UnitId(2), Test::GeneralKilled, [3, 3], 7, vec!["SP:L28"], false)]);
    let at = |f: &dyn Fn(&Event) -> bool| log.iter().position(f).expect("it happened");
    let recoiled = at(&|e| matches!(e, Event::UnitMoved { unit: UnitId(2), kind: MoveKind::Recoil, .. }));
    let tested = at(&|e| matches!(e, Event::Tested { test: Test::GeneralKilled, .. }));
    assert!(recoiled < tested, "the recoil first, then the general's test");
    assert!(unit(&app, 2).state.fleeing);
}

/// H-27 as mended (docs/rules/swordpoint.md, "Loser's row"; SP:L269 "Recul de 4", continue le
/// Combat. Démoralisé"): warriors beaten by 2 on the north edge, the river on both back hexsides,
/// have no hex to recoil into. They stay in contact, Demoralised, and fight on: the 2–3 row, not
/// one row lower (no break test). The winner cannot follow up: 1 (SP:L287).
#[test]
fn a_blocked_recoil_stays_in_contact_on_its_own_row() {
    let mut s = field(&[(1, 0, "warriors", 5, 3, None), (2, 1, "warriors", 5, 0, None)], &[]);
    s.map.rows[0] = ". . . . w . w . . . . .".into();
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[1; 8]]);
    let mut app = start_on(&s, &f);
    let mut log = charge(&mut app, 1, 2, Response::Hold);
    log.extend(fight(&mut app));
    assert_eq!(scored(&log), ([2, 0], [4, 2], Some(Side(0))));
    assert_eq!(losers(&log), [(UnitId(2), 2, 1, 2, vec![], LoserAction::Recoil { inches: 4 })], "its own row, read once");
    assert!(log.iter().any(|e| matches!(e, Event::RecoilBlocked { unit: UnitId(2) })));
    assert!(tests(&log).is_empty(), "no break test");
    let w = unit(&app, 2);
    assert_eq!(w.hex, Some(Offset(5, 0).to_hex()));
    assert!(w.state.demoralised && !w.state.fleeing);
    assert!(app.view().global.combat_of(UnitId(2)).is_some(), "still in contact, the combat goes on");
    assert_eq!(momentum(&log), [(0, 1, "SP:L150"), (0, 1, "SP:L287")]);
}

/// H-11, SP:L104–105: a unit already fleeing cannot turn to hold a charge; its only answer is to
/// flee on, taken by itself. The javelinmen lose 3 of 12 figures to the archers, fail their test
/// (SP:L98) and break; the knights charge them as they flee and ride them down (SP:L290).
#[test]
fn a_fleeing_unit_charged_is_offered_no_hold() {
    let units = [(1, 0, "archers", 5, 7, None), (2, 1, "javelinmen", 5, 4, None), (3, 0, "knights", 7, 7, None)];
    let f = faces(&[&[5, 5, 5, 1, 1, 1], &[1, 1, 1], &[1, 1], &SOUTH_FIRST]);
    let mut app = start(&units, &[], &f);
    shoot(&mut app);
    assert!(unit(&app, 2).state.fleeing);
    assert_eq!(strategos::rules::swordpoint::legal::responses(app.view(), UnitId(2)), [Response::Flee]);
    let wanted = |c: &Command| matches!(c, Command::DeclareCharge { charger: UnitId(3), target: UnitId(2), .. });
    let mut log = Vec::new();
    let declare = loop {
        if let Some(c) = Swordpoint::legal_commands(app.view()).into_iter().find(wanted) {
            break c;
        }
        log.extend(pass(&mut app));
    };
    log.extend(send(&mut app, declare));
    while !log.iter().any(|e| matches!(e, Event::Responded { .. })) {
        assert!(!Swordpoint::legal_commands(app.view()).contains(&Command::Respond { response: Response::Hold }), "no Hold for a fleeing unit");
        log.extend(pass(&mut app));
    }
    assert!(log.iter().any(|e| matches!(e, Event::Responded { unit: UnitId(2), response: Response::Flee })));
}

/// SP4.5, A.3.3 (charges that reach one target fight in one combat, SP:L155–169): the odds shown
/// before a charge count every charge already declared into the combat it joins. With the first
/// knights' charge on the warriors declared, the second knights' odds are those of two against
/// one, far better than one against one.
#[test]
fn charge_odds_count_the_charges_already_declared_into_the_combat() {
    use strategos::rules::swordpoint::combat::{charge_odds, joining};
    let units = [(1, 0, "knights", 4, 7, None), (2, 0, "knights", 6, 7, None), (3, 1, "warriors", 5, 4, None)];
    let mut app = start(&units, &[], &SOUTH_FIRST);
    let of = |app: &BattleApp<Swordpoint>, charger: u32| -> Vec<Command> {
        Swordpoint::legal_commands(app.view()).into_iter().filter(|c| matches!(c, Command::DeclareCharge { charger: a, target: UnitId(3), .. } if *a == UnitId(charger))).collect()
    };
    while of(&app, 1).is_empty() {
        pass(&mut app);
    }
    let alone = app.view().clone();
    let first = of(&app, 1)[0].clone();
    let Command::DeclareCharge { to: first_to, .. } = first else { unreachable!() };
    send(&mut app, first);
    let second = of(&app, 2).into_iter().find_map(|c| match c {
        Command::DeclareCharge { to, .. } if to != first_to => Some(to),
        _ => None,
    });
    let to = second.expect("a second end hex beside the warriors");
    assert_eq!(joining(app.view(), UnitId(2), UnitId(3)).iter().map(|c| c.charger).collect::<Vec<_>>(), [UnitId(1)]);
    let two = charge_odds(app.view(), UnitId(2), UnitId(3), to).expect("odds");
    let one = charge_odds(&alone, UnitId(2), UnitId(3), to).expect("odds");
    assert!(two.win[0] > one.win[0] + 0.1, "two against one {:.2}, one against one {:.2}", two.win[0], one.win[0]);
}

/// A.3.3, H-14: a winner that declines its follow-up leaves no unit of the combat in contact: it
/// ends, and its line names the units that fought it, not an empty name ("The combat of  is over").
#[test]
fn a_combat_that_ends_apart_names_its_units() {
    use strategos::battle::Present;
    let f = faces(&[&SOUTH_FIRST, &[6, 6, 1, 1, 1, 1, 1, 1], &[1, 1], &[1; 8]]);
    let mut app = start(&HEAD_ON, &[], &f);
    charge(&mut app, 1, 2, Response::Hold);
    fight(&mut app);
    let before = app.view().clone();
    let log = send(&mut app, Command::FollowUp { advance: false });
    let line = log.iter().filter(|e| matches!(e, Event::CombatEnded { .. })).find_map(|e| Swordpoint::event_line(&before, e)).expect("the combat ends");
    assert!(line.contains("#1") && line.contains("#2"), "{line}");
}
