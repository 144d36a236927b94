//! Black Powder's army lists: the bundled one sets the bundled battles up as the table did, and
//! the test list's profiles and starting states act in situations read from its test battle,
//! with forced dice in the order `docs/rules/black-powder.md` gives.

use super::{assert_refusals, fixture, state_hash};
use strategos::battle::{Battle, Dice, Ruleset, Side, UnitId};
use strategos::rules::black_powder::data::{Formation, Trait};
use strategos::rules::black_powder::event::Volley;
use strategos::rules::black_powder::state::{Phase, Response, Step};
use strategos::rules::black_powder::{BlackPowder, Command, Event};
use strategos::scenario::Scenario;

type B = Battle<BlackPowder>;

fn test_scenario() -> Scenario {
    strategos::scenario::load(&fixture("black-powder-test-battle.ron")).unwrap_or_else(|e| panic!("{e}")).0
}

/// The test battle at side 0's first `phase`, reached by ending the phases before it.
fn at_phase(phase: Phase) -> B {
    at_phase_of(&test_scenario(), phase)
}

/// The battle `s` at side 0's first `phase`.
fn at_phase_of(s: &Scenario, phase: Phase) -> B {
    let mut app = strategos::replay::start::<BlackPowder>(s, 1, &[]).unwrap_or_else(|e| panic!("{e}"));
    while app.view().global.phase != phase {
        app.submit(Command::EndPhase).unwrap_or_else(|e| panic!("{e}"));
    }
    app.view().clone()
}

/// The events of `c` on `b`, applied to it.
fn resolve_on(b: &mut B, c: &Command, faces: &[u8]) -> Vec<Event> {
    let mut dice = Dice::with_forced(1, faces);
    let events = BlackPowder::resolve(b, c, &mut dice).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    for e in &events {
        BlackPowder::apply(b, e);
    }
    events
}

fn volley(events: &[Event]) -> Volley {
    events.iter().find_map(|e| if let Event::Volley(v) = e { Some(v.clone()) } else { None }).unwrap_or_else(|| panic!("a volley: {events:?}"))
}

fn shoot(b: &mut B, unit: u32, target: u32, faces: &[u8]) -> Vec<Event> {
    resolve_on(b, &Command::Shoot { unit: UnitId(unit), target: UnitId(target) }, faces)
}

#[test]
fn the_bundled_battles_name_the_bundled_list_and_set_up_as_its_table_did() {
    for s in strategos::scenario::all_bundled().filter(|s| s.ruleset == BlackPowder::NAME) {
        assert_eq!(s.armies, ["black-powder-napoleonic"], "{}", s.id);
        let named = BlackPowder::setup(&s).expect("sets up");
        let unnamed = BlackPowder::setup(&Scenario { armies: Vec::new(), ..s.clone() }).expect("sets up");
        assert_eq!(state_hash(&named), state_hash(&unnamed), "{}", s.id);
    }
}

#[test]
fn the_test_list_and_battle_validate_and_start_under_way() {
    for file in ["black-powder-test.ron", "black-powder-test-battle.ron"] {
        strategos::cli::validate::validate(&fixture(file)).unwrap_or_else(|e| panic!("{e}"));
    }
    let b = BlackPowder::setup(&test_scenario()).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
    let line = &b.unit(UnitId(3)).expect("unit 3").state;
    assert_eq!((line.casualties, line.disordered, line.strength()), (2, true, 1));
    let levies = &b.unit(UnitId(15)).expect("unit 15").state;
    assert_eq!((levies.stamina, levies.casualties, levies.strength()), (Some(3), 1, 2), "rolled 3 at its first casualty");
    assert_eq!(b.unit(UnitId(12)).expect("unit 12").state.stamina, None, "Untested, its stamina not rolled yet (BP:L328)");
    let horse = &b.unit(UnitId(4)).expect("unit 4").state;
    assert_eq!((horse.formation, horse.profile().label.as_str()), (Formation::Skirmish, "Skirmishing horse"));
    let large = b.unit(UnitId(1)).expect("unit 1").state.profile();
    assert_eq!((large.hth, large.morale, &large.formations[..2]), (6, 4, &[Formation::Line, Formation::AttackColumn][..]), "the rest from its base, the line battalion");
}

#[test]
fn a_large_unit_shoots_a_die_more_and_a_crack_target_saves_again() {
    // BP:L122: the line battalion's 3 dice and 1 for a large unit; four hits; of the guard's four
    // failed saves, one is rolled again while it has no casualty (BP:L336), and holds.
    let mut b = at_phase(Phase::Shooting);
    let v = volley(&shoot(&mut b, 1, 11, &[5, 5, 5, 5, 1, 1, 1, 1, 6, 6, 6, 6]));
    assert_eq!((v.dice, v.hits), (4, 4));
    assert!(v.dice_rules.iter().any(|r| r.contains("L122")), "{:?}", v.dice_rules);
    assert_eq!((v.save_reroll_rule, &v.save_rerolls[..]), (Some("BP:L336"), &[6][..]));
    assert_eq!(v.casualties, 3);
}

#[test]
fn a_reduced_unit_shoots_one_die_and_untested_levies_roll_their_stamina_at_their_first_casualty() {
    // BP:L124: one die whatever the profile's 3; a hit, a failed save; the Untested levies roll
    // their stamina (BP:L328: a 2 gives 2).
    let mut b = at_phase(Phase::Shooting);
    let events = shoot(&mut b, 2, 12, &[5, 1, 2, 6, 6]);
    let v = volley(&events);
    assert_eq!((v.dice, v.casualties), (1, 1));
    assert!(events.iter().any(|e| matches!(e, Event::StaminaRolled { unit: UnitId(12), face: 2, stamina: 2 })), "{events:?}");
    assert_eq!(b.unit(UnitId(12)).expect("unit 12").state.stamina, Some(2));
}

#[test]
fn a_unit_starting_disordered_shoots_worse_and_a_valiant_target_s_owner_may_test_again() {
    // Disordered from the file: -1 to hit (BP:L115). Three hits of three, three failed saves:
    // the valiant line is shaken and tests; 1 + 1 does not hold; its owner decides (BP:L335).
    let mut b = at_phase(Phase::Shooting);
    let v = volley(&shoot(&mut b, 3, 13, &[6, 6, 6, 1, 1, 1, 1, 1]));
    assert!(v.to_hit.iter().any(|f| f.value == -1), "{:?}", v.to_hit);
    assert_eq!(v.casualties, 3);
    assert!(matches!(b.global.agenda.last(), Some(Step::Valiant { unit: UnitId(13), .. })), "{:?}", b.global.agenda);
    assert_eq!(BlackPowder::deciding_side(&b), Some(Side(1)));
}

#[test]
fn pistols_reach_six_inches_only() {
    // BP:L98: 6", one hex of gap at 6" a hex: the drilled line three hexes off is out of reach,
    // where a musket's 18" would reach it.
    let b = at_phase(Phase::Shooting);
    assert!(BlackPowder::legal_commands(&b).iter().all(|c| !matches!(c, Command::Shoot { unit: UnitId(4), .. })));
    assert!(BlackPowder::legal_commands(&b).contains(&Command::Shoot { unit: UnitId(3), target: UnitId(13) }));
    // Sent all the same, the shot is refused with the rule that closes it first (issue 48, item 6).
    let refused = BlackPowder::resolve(&b, &Command::Shoot { unit: UnitId(4), target: UnitId(13) }, &mut Dice::new(1)).expect_err("refused").0;
    assert!(refused.starts_with("Out of range") && refused.contains("not among the legal commands"), "{refused}");
}

#[test]
fn a_superbly_drilled_unit_moves_once_when_its_order_fails() {
    // 6 + 5 = 11 over the brigadier's 8 (+1 Reliable, -1 an enemy within 12"): the order fails,
    // and the company moves once all the same (BP:L333).
    let mut b = at_phase(Phase::Orders);
    let events = resolve_on(&mut b, &Command::Order { commander: 3, units: vec![UnitId(2)] }, &[6, 5]);
    assert!(events.iter().any(|e| matches!(e, Event::MovesGranted { units, moves: 1, rule } if units == &[UnitId(2)] && rule.contains("L333"))), "{events:?}");
}

#[test]
fn a_unit_that_must_form_square_has_no_other_answer_to_cavalry() {
    // BP:L321: charged by the lancers, the square-drilled line forms square; the valiant line
    // beside it, without the trait, may also stand or fire.
    let b = BlackPowder::setup(&test_scenario()).expect("sets up");
    let lancers = b.unit(UnitId(5)).expect("unit 5");
    // The lancers mean to end in the hex south of each, in its front.
    let answers = |target: u32, to: (i32, i32)| {
        let t = b.unit(UnitId(target)).expect("target");
        strategos::rules::black_powder::legal::responses(&b, lancers, t, strategos::hex::Offset(to.0, to.1).to_hex())
    };
    assert!(b.unit(UnitId(14)).expect("unit 14").state.has(Trait::FormSquare));
    assert_eq!(answers(14, (10, 6)), [Response::FormSquare]);
    let valiant = answers(13, (7, 6));
    assert!(valiant.len() > 1 && valiant.contains(&Response::FormSquare), "{valiant:?}");
}

#[test]
fn a_wrong_list_is_refused_naming_file_line_field_and_what_is_allowed() {
    let cases: [(&str, &str, &str, &[&str]); 8] = [
        ("traits: [Stubborn, ToughFighters]", "traits: [Stubborn, Tough]", ":10:", &["Tough", "ToughFighters"]),
        ("hth: 6, shooting: Dice(3), morale: 4, stamina: 2", "hth: 6, shooting: Dice(3), morale: 7, stamina: 2", ":11: field `profiles[1].morale`", &["2 (2+) to 6 (6+)"]),
        ("stamina: 2, weapon: Pistol", "stamina: 0, weapon: Pistol", ":12: field `profiles[2].stamina`", &["1 to 6"]),
        ("weapon: Pistol", "weapon: SmoothboreArtillery", ":12: field `profiles[2].weapon`", &["guns are artillery's"]),
        ("formations: [Skirmish, Line, MarchColumn]", "formations: [Skirmish, Square]", ":12: field `profiles[2].formations`", &["Cavalry cannot take Square"]),
        ("traits: [FormSquare]", "traits: [FormSquare], formations: [Line]", ":16: field `profiles[6].traits`", &["may take Square"]),
        ("shooting: Bands(short: 2, medium: 1, long: 1)", "shooting: Dice(2)", ":25: field `profiles[15].shooting`", &["range bands"]),
        ("base: \"militia\"", "base: \"militiamen\"", ":14: field `profiles[4].base`", &["no profile 'militiamen'", "militia"]),
    ];
    assert_refusals("black-powder-test.ron", &cases);
}

#[test]
fn a_starting_state_the_rules_cannot_reach_is_refused() {
    let refused = |from: &str, to: &str| changed(from, to).err().unwrap_or_else(|| panic!("{to}: refused"));
    let e = refused("casualties: 2, disordered: true", "casualties: 4, disordered: true");
    assert!(e.starts_with("setup.units[2].casualties") && e.contains("at most its stamina, 3"), "{e}");
    let e = refused("casualties: 1, stamina: 3", "casualties: 1");
    assert!(e.starts_with("setup.units[11].stamina") && e.contains("Untested"), "{e}");
    let e = refused("casualties: 1, stamina: 3", "casualties: 1, stamina: 5");
    assert!(e.starts_with("setup.units[11].stamina") && e.contains("1 to 4"), "{e}");
    let e = refused("casualties: 2, disordered: true", "stamina: 2");
    assert!(e.starts_with("setup.units[2].stamina") && e.contains("only an Untested unit"), "{e}");
}

/// The test battle's text with `from` changed to `to`, set up.
fn changed(from: &str, to: &str) -> Result<B, String> {
    super::set_up::<BlackPowder>(&super::battle_changed("black-powder-test-battle.ron", from, to))
}

#[test]
fn first_fire_spent_before_the_battle_adds_no_die_and_freshly_raised_starts_tested() {
    // The rifled line has First fire (BP:L330), spent before the battle: 3 dice, not 4.
    let mut b = at_phase(Phase::Shooting);
    let state = |b: &B, id: u32| b.unit(UnitId(id)).expect("a unit").state.clone();
    assert!(state(&b, 6).has_shot && state(&b, 6).tested && state(&b, 16).fought);
    assert_eq!((state(&b, 16).fresh_tested, state(&b, 16).gained), (true, Some(Trait::Steady)), "HB-19: its d6 gave Steady");
    let target = BlackPowder::legal_commands(&b).into_iter().find_map(|c| match c {
        Command::Shoot { unit: UnitId(6), target } => Some(target),
        _ => None,
    });
    let target = target.expect("the rifled line has a target");
    let v = volley(&shoot(&mut b, 6, target.0, &[1, 1, 1, 1, 1, 1]));
    assert_eq!(v.dice, 3, "{v:?}");
}

#[test]
fn a_state_the_rules_cannot_reach_under_way_is_refused() {
    let e = changed("profile: \"lancers\", brigade: 1, at: (0, 10))", "profile: \"lancers\", brigade: 1, at: (0, 10), has_shot: true)").err().expect("refused");
    assert!(e.starts_with("setup.units[4].has_shot") && e.contains("never shot"), "{e}");
    let e = changed("has_shot: true, tested: true", "has_shot: true, tested: true, freshly_raised: Wavering").err().expect("refused");
    assert!(e.starts_with("setup.units[5].freshly_raised") && e.contains("not Freshly raised"), "{e}");
    let e = changed("freshly_raised: Steady, fought: true", "fought: true").err().expect("refused");
    assert!(e.starts_with("setup.units[6].freshly_raised") && e.contains("before its first dice"), "{e}");
}

#[test]
fn under_the_switch_only_the_closest_enemy_may_be_shot_at() {
    // HB-10's switch: the company sees four enemies and may shoot at each; under
    // `nearest_target_only` only at the closest.
    let targets = |b: &B| BlackPowder::legal_commands(b).iter().filter(|c| matches!(c, Command::Shoot { unit: UnitId(2), .. })).count();
    assert_eq!(targets(&at_phase(Phase::Shooting)), 4);
    let strict = super::battle_changed("black-powder-test-battle.ron", "    setup: (", "    setup: (\n        nearest_target_only: Some(true),");
    assert_eq!(targets(&at_phase_of(&strict, Phase::Shooting)), 1);
}
