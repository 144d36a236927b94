//! Mass-battle sieges with forced dice (l. 173-224; H-M2, H-M7, H-M13, R-M15): each way to breach
//! (engines' work, the ram's 2d4, the Breach spell, demoralised defenders, a sortie coming back
//! engaged), the engines' flat shots, the besieged's way out by their gate, shots and supplies
//! counted, and the setup's check of the walls' ground.

mod common;

use common::mass_battle::{B, attacks, castle, field, morale_tests, orders, sequence};
use strategos::battle::{Ruleset, UnitId};
use strategos::hex::{Hex, Offset};
use strategos::rules::mass_battle::state::Order;
use strategos::rules::mass_battle::{Event, MassBattle};

fn hex(c: i32, r: i32) -> Hex {
    Offset(c, r).to_hex()
}

fn breaches(events: &[Event]) -> Vec<(Hex, &'static str)> {
    events
        .iter()
        .filter_map(|e| if let Event::BreachOpened { hex, rule } = e { Some((*hex, *rule)) } else { None })
        .collect()
}

#[test]
fn a_trebuchet_breaks_a_wall_hex_in_two_sequences_of_bombardment() {
    // l. 222, H-M13: 6 work points a sequence on a wall of 12; no dice drawn; the wall falls at the
    // end of the second shooting phase. The trebuchet reaches 4 to 10 hexes (H-M2).
    let mut b = castle(&[(7, 0, "Trébuchet", 6, 11), (11, 1, "Orques", 5, 4)], "");
    let wall = hex(6, 6);
    assert!(orders(&b, 7).contains(&Order::Bombard(wall)));
    assert!(!orders(&b, 7).contains(&Order::Bombard(hex(5, 6))), "the gate is the ram's");
    let first = sequence(&mut b, &[(7, Order::Bombard(wall)), (11, Order::Hold)], &[]);
    assert!(first.iter().any(|e| matches!(e, Event::WallWorked { points: 6, total: 6, .. })));
    assert!(breaches(&first).is_empty());
    let second = sequence(&mut b, &[(7, Order::Bombard(wall)), (11, Order::Hold)], &[]);
    assert_eq!(breaches(&second), vec![(wall, "l. 191, H-M13")]);
    assert_eq!(b.global.siege.as_ref().unwrap().breached_at, Some(2));
    assert!(!orders(&b, 7).contains(&Order::Bombard(wall)), "rubble needs no more stones");
    assert_eq!(b.unit(UnitId(7)).unwrap().state.ammo, Some(2), "4 shots, 2 spent (H-M13)");
}

#[test]
fn a_trebuchet_s_stones_on_a_unit_are_a_flat_roll_under_the_walls_quarter() {
    // R-M15: 10d10, not × troops × %, showing ten 4s: 40, a quarter behind intact walls (l. 183): 10.
    // It shoots over walls and units (no sight needed) but not at fliers (l. 216), nor closer than
    // 4 hexes (H-M2).
    let mut b = castle(
        &[(7, 0, "Trébuchet", 6, 11), (11, 1, "Orques", 5, 4), (12, 1, "Harpies", 9, 8), (13, 1, "Archers gobelins", 6, 9)],
        "",
    );
    let legal = orders(&b, 7);
    assert!(legal.contains(&Order::Shoot(UnitId(11))));
    assert!(!legal.contains(&Order::Shoot(UnitId(12))), "not at fliers");
    assert!(!legal.contains(&Order::Shoot(UnitId(13))), "2 hexes: under its minimum range");
    let events = sequence(&mut b, &[(7, Order::Shoot(UnitId(11)))], &[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1]);
    let a = attacks(&events);
    assert_eq!((a[0].attacker, a[0].troops, a[0].roll, a[0].damage), (UnitId(7), 1, 40, 10));
    assert!(a[0].terms.iter().any(|t| t.rule == "R-M15"));
    assert!(a[0].terms.iter().any(|t| t.rule == "l. 183" && t.times == (1, 4)));
}

#[test]
fn the_ram_breaks_the_gate_after_its_2d4_sequences_if_it_lives() {
    // l. 194, H-M13: the ram at the gate draws 2d4 when it starts (1 + 1: two sequences), counts
    // each sequence it lives through, and the gate falls at the end of the second.
    let mut b = castle(&[(6, 0, "Bélier", 5, 7), (11, 1, "Orques", 7, 4)], "");
    assert!(orders(&b, 6).contains(&Order::Ram));
    let first = sequence(&mut b, &[(6, Order::Ram), (11, Order::Hold)], &[1, 1]);
    assert!(first.iter().any(|e| matches!(e, Event::RamStarted { needs: 2, .. })));
    assert!(first.iter().any(|e| matches!(e, Event::RamWorked { done: 1, needs: 2, .. })));
    assert!(breaches(&first).is_empty());
    let second = sequence(&mut b, &[(6, Order::Ram), (11, Order::Hold)], &[]);
    assert!(!second.iter().any(|e| matches!(e, Event::RamStarted { .. })), "the roll is drawn once");
    assert_eq!(breaches(&second), vec![(hex(5, 6), "l. 194, H-M13")]);
    assert!(!orders(&b, 6).contains(&Order::Ram), "the gate is down");
}

#[test]
fn a_hero_s_breach_spell_opens_a_wall_next_to_him_once_a_battle() {
    // l. 195, H-M7: Ilse's Passwall, in the shooting phase; once spent, never again.
    let mut b = castle(&[(9, 0, "Ilse la Grise", 7, 7), (11, 1, "Orques", 3, 4)], "");
    let walls: Vec<Hex> = orders(&b, 9).into_iter().filter_map(|o| if let Order::Passwall(h) = o { Some(h) } else { None }).collect();
    assert!(!walls.is_empty() && walls.iter().all(|h| h.unsigned_distance_to(hex(7, 7)) == 1), "{walls:?}");
    let events = sequence(&mut b, &[(9, Order::Passwall(walls[0])), (11, Order::Hold)], &[]);
    assert!(events.iter().any(|e| matches!(e, Event::Passwall { hero: UnitId(9), .. })));
    assert_eq!(breaches(&events), vec![(walls[0], "l. 195, H-M7")]);
    assert!(!orders(&b, 9).iter().any(|o| matches!(o, Order::Passwall(_))), "once a battle");
}

#[test]
fn a_section_whose_defenders_are_all_demoralised_is_breached_where_they_stand() {
    // l. 189: the Ost attacks the south wall, held by the goblins alone; its archers' d6 of 6 takes
    // 6 × 40 × 40% (HD 1 against AC 13) = 96, a quarter: 24; their test (morale 6, +1 free, +2 besieged)
    // fails on 6 + 6: demoralised, and the wall they stand on is breached at the sequence's end.
    let mut b = castle(&[(3, 0, "Archers", 4, 8), (12, 1, "Archers gobelins", 4, 6)], "");
    let mut dice = strategos::battle::Dice::new(0);
    common::mass_battle::submit(&mut b, strategos::rules::mass_battle::Command::Besiege { section: 0 }, &mut dice);
    let events = sequence(&mut b, &[(3, Order::Shoot(UnitId(12))), (12, Order::Hold)], &[6, 6, 6]);
    assert_eq!(attacks(&events)[0].damage, 24);
    assert!(events.iter().any(|e| matches!(e, Event::Demoralised { unit: UnitId(12), .. })));
    assert_eq!(breaches(&events), vec![(hex(4, 6), "l. 189")]);
}

/// The Ost's men-at-arms engage a Horde unit outside the gate; one sequence of blows on 1s.
fn sortie(unit: &str) -> B {
    let mut b = castle(&[(2, 0, "Hommes d'armes", 5, 8), (11, 1, unit, 5, 7)], "");
    sequence(&mut b, &[(2, Order::Engage(UnitId(11))), (11, Order::Hold)], &[1; 12]);
    assert!(b.global.is_engaged(UnitId(2), UnitId(11)));
    b
}

#[test]
fn a_sortie_on_foot_that_comes_back_engaged_breaches_its_gate() {
    // l. 206, H-M13: the orcs retreat in by their gate while engaged: the gate is breached.
    let mut b = sortie("Orques");
    let events = sequence(&mut b, &[(2, Order::Hold), (11, Order::Retreat)], &[1; 12]);
    let within = b.unit(UnitId(11)).and_then(|u| u.hex).unwrap();
    assert!(strategos::rules::mass_battle::siege::within(&b, within), "it went back in: {within:?}");
    assert_eq!(breaches(&events), vec![(hex(5, 6), "l. 206, H-M13")]);
}

#[test]
fn an_elite_sortie_withdraws_into_the_town_without_a_breach() {
    // l. 206: mounted or elite sortie forces come back without causing a breach.
    let mut b = sortie("Ogres");
    let events = sequence(&mut b, &[(2, Order::Hold), (11, Order::Withdraw)], &[1; 12]);
    let within = b.unit(UnitId(11)).and_then(|u| u.hex).unwrap();
    assert!(strategos::rules::mass_battle::siege::within(&b, within));
    assert!(breaches(&events).is_empty());
}

#[test]
fn the_besieged_go_out_by_their_gate_and_besiegers_never_onto_a_standing_wall() {
    // B4, H-M13: an orc inside marching out passes the gate; the Ost's pikes cannot enter the wall.
    let b = castle(&[(1, 0, "Levée de piquiers", 7, 8), (11, 1, "Orques", 7, 5)], "");
    let out = hex(7, 7);
    let path = strategos::rules::mass_battle::movement::march_path(&b, UnitId(11), out);
    assert!(path.as_ref().is_none_or(|p| p.contains(&hex(5, 6))), "{path:?}");
    assert!(!orders(&b, 1).iter().any(|o| matches!(o, Order::March(h) if strategos::rules::mass_battle::siege::standing_wall(&b, *h))));
}

#[test]
fn in_a_siege_bows_count_their_shots_and_a_side_out_of_supplies_tests_at_minus_one() {
    // l. 177, H-M13: 6 volleys a missile unit in a siege, none counted in the field; the Horde's
    // food lasts 0 sequences here: -1 to its tests.
    let mut b = castle(&[(3, 0, "Archers", 4, 8), (12, 1, "Archers gobelins", 4, 6)], ", supplies: [12, 0]");
    assert_eq!(b.unit(UnitId(3)).unwrap().state.ammo, Some(6));
    let events = sequence(&mut b, &[(3, Order::Shoot(UnitId(12))), (12, Order::Hold)], &[6, 1, 1]);
    assert_eq!(b.unit(UnitId(3)).unwrap().state.ammo, Some(5));
    let factors = morale_tests(&events).into_iter().find(|t| t.0 == UnitId(12)).unwrap().4;
    assert!(factors.contains(&("l. 177, H-M13", -1)), "{factors:?}");
    let field = field(&[(3, 0, "Archers", 4, 8), (12, 1, "Archers gobelins", 4, 6)]);
    assert_eq!(field.unit(UnitId(3)).unwrap().state.ammo, None);
}

#[test]
fn walls_and_gates_drawn_on_open_ground_are_refused_with_their_region_named() {
    let rows: Vec<String> = (0..6).map(|_| vec!["."; 6].join(" ")).collect();
    let text = format!(
        "Scenario(id: \"t\", name: \"t\", ruleset: \"mass-battle\", turns: 12, first_side: 0, map: (rows: [{}], regions: [(name: \"Nord\", kind: Section, hexes: [(2, 2)])]), sides: [(name: \"Ost\", edge: South), (name: \"Horde\", edge: North)], setup: (siege: Some((besieger: 0, inside: [])), units: [(id: 1, side: 0, army: \"ost-de-swidenth\", unit: \"Archers\", at: (1, 5)), (id: 2, side: 1, army: \"horde-du-val-noir\", unit: \"Orques\", at: (1, 0))]))",
        rows.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", ")
    );
    let s = strategos::scenario::parse(&text).unwrap();
    let err = format!("{:?}", MassBattle::setup(&s).err().expect("refused"));
    assert!(err.contains("Nord") && err.contains("fortification"), "{err}");
}

#[test]
fn a_medium_tower_takes_a_trebuchet_four_sequences() {
    // l. 216, H-M13: a medium tower needs 24 work points, a trebuchet adds 6 a sequence: it stands
    // after the third sequence and falls at the end of the fourth shooting phase.
    let mut b = castle(&[(7, 0, "Trébuchet", 3, 11), (11, 1, "Orques", 8, 4)], ", towers: [(at: (3, 6), size: Medium)]");
    let tower = hex(3, 6);
    for n in 1..=3 {
        let events = sequence(&mut b, &[(7, Order::Bombard(tower)), (11, Order::Hold)], &[]);
        assert!(breaches(&events).is_empty(), "sequence {n}");
    }
    let fourth = sequence(&mut b, &[(7, Order::Bombard(tower)), (11, Order::Hold)], &[]);
    assert!(fourth.iter().any(|e| matches!(e, Event::WallWorked { total: 24, .. })));
    assert_eq!(breaches(&fourth), vec![(tower, "l. 191, H-M13")]);
}

#[test]
fn a_tower_on_a_gate_or_off_the_walls_is_refused() {
    // H-M13: towers stand on the walls of a section; the gate at (5, 6) is the ram's.
    for at in ["(5, 6)", "(5, 8)"] {
        let text = common::mass_battle::castle_written(&[(1, 0, "Archers", 4, 8), (11, 1, "Orques", 8, 4)], &format!(", towers: [(at: {at}, size: Large)]"), "");
        let s = strategos::scenario::parse(&text).unwrap();
        let err = format!("{:?}", MassBattle::setup(&s).err().expect("refused"));
        assert!(err.contains("setup.siege.towers") && err.contains(at), "{err}");
    }
}

#[test]
fn a_ruse_opens_the_gate_as_its_sequence_starts() {
    // l. 196: the scenario's traitor opens the gate as sequence 2 starts, not before.
    let mut b = castle(&[(1, 0, "Archers", 4, 9), (11, 1, "Orques", 8, 4)], ", ruse: Some((sequence: 2, at: (5, 6)))");
    assert!(!strategos::rules::mass_battle::siege::breach(&b, hex(5, 6)));
    let events = sequence(&mut b, &[(1, Order::Hold), (11, Order::Hold)], &[]);
    assert_eq!(breaches(&events), vec![(hex(5, 6), "l. 196 (a ruse opens the way)")]);
    assert!(events.iter().position(|e| matches!(e, Event::SequenceStarted { sequence: 2 })) < events.iter().position(|e| matches!(e, Event::BreachOpened { .. })));
}

#[test]
fn one_besieger_unit_a_movement_phase_goes_through_a_breach_hex() {
    // l. 200, H-M13: the wall at (4, 6) is open (a ruse); the men-at-arms march in through it first
    // (the lower id); the knights behind them, bound through the same breach, stop outside. The next
    // movement phase the breach lets one more through.
    let mut b = castle(
        &[(2, 0, "Hommes d'armes", 4, 7), (4, 0, "Chevaliers", 4, 8), (11, 1, "Orques", 8, 4)],
        ", ruse: Some((sequence: 1, at: (4, 6)))",
    );
    let at = |b: &B, id: u32| b.unit(UnitId(id)).and_then(|u| u.hex).unwrap();
    assert!(orders(&b, 4).contains(&Order::March(hex(4, 4))));
    sequence(&mut b, &[(2, Order::March(hex(4, 5))), (4, Order::March(hex(4, 4))), (11, Order::Hold)], &[]);
    assert_eq!(at(&b, 2), hex(4, 5));
    assert_eq!(at(&b, 4), hex(4, 7), "stopped before the breach already used");
    sequence(&mut b, &[(2, Order::Hold), (4, Order::March(hex(3, 5))), (11, Order::Hold)], &[]);
    assert_eq!(at(&b, 4), hex(3, 5));
}

#[test]
fn a_huge_creature_tears_down_a_wall_hex_as_a_ram_does() {
    // H-M16, l. 194: the hill giant next to the north wall draws 2d4 when it starts (1 + 1: two
    // sequences) and the wall falls at the end of the second it lives through.
    let mut b = common::mass_battle::town(&[(1, 0, "Archers", 6, 4), (2, 1, "Géant des collines", 4, 2)]);
    let wall = hex(4, 3);
    assert!(orders(&b, 2).contains(&Order::Demolish(wall)));
    assert!(!orders(&b, 1).iter().any(|o| matches!(o, Order::Demolish(_))), "the besieged do not");
    let first = sequence(&mut b, &[(2, Order::Demolish(wall)), (1, Order::Hold)], &[1, 1]);
    assert!(first.iter().any(|e| matches!(e, Event::RamStarted { unit: UnitId(2), needs: 2, .. })));
    assert!(breaches(&first).is_empty());
    let second = sequence(&mut b, &[(2, Order::Demolish(wall)), (1, Order::Hold)], &[]);
    assert_eq!(breaches(&second), vec![(wall, "H-M16, l. 194")]);
}

#[test]
fn at_a_siege_s_deployment_the_besieged_stay_within_their_walls_and_engines_where_the_scenario_puts_them() {
    // H-M10: the Horde deploys within the fortification, walls and gate included; the Ost in its
    // three rows; the trebuchet keeps its hex.
    let text = common::mass_battle::castle_written(&[(1, 0, "Archers", 4, 10), (7, 0, "Trébuchet", 6, 8), (11, 1, "Orques", 8, 4)], "", ", deployment: true");
    let b = common::mass_battle::open(&text);
    let places = |b: &B, id: u32| -> Vec<Hex> {
        strategos::rules::mass_battle::deployment::places(b, b.unit(UnitId(id)).unwrap())
    };
    assert!(places(&b, 7).is_empty());
    assert!(!places(&b, 1).is_empty() && places(&b, 1).iter().all(|h| Offset::from_hex(*h).1 >= 9));
    assert!(places(&b, 11).contains(&hex(5, 6)) && places(&b, 11).iter().all(|h| strategos::rules::mass_battle::siege::within(&b, *h)));
}

/// l. 194 ("sous réserve qu'elle survive aux attaques des assiégés"): the ram works under the
/// defenders' attacks, so it may march up to a gate the orcs stand on, though that hex is next to
/// them (any other March ends next to no enemy, H-M3), and be ordered to Ram there.
#[test]
fn the_ram_reaches_a_gate_with_defenders_on_it() {
    let mut b = castle(&[(6, 0, "Bélier", 5, 8), (11, 1, "Orques", 5, 6)], "");
    assert!(orders(&b, 6).contains(&Order::March(hex(5, 7))), "{:?}", orders(&b, 6));
    sequence(&mut b, &[(6, Order::March(hex(5, 7))), (11, Order::Hold)], &[]);
    assert_eq!(b.unit(UnitId(6)).and_then(|u| u.hex), Some(hex(5, 7)));
    assert!(orders(&b, 6).contains(&Order::Ram));
}
