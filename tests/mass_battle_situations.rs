//! Mass-battle situations from the seed with forced dice: each sets both envelopes, forces the
//! faces in the ruleset's order of the dice and checks the damage, tests and results the seed's
//! rules give.

use strategos::battle::look::Intent;
use strategos::battle::{Dice, Present, Ruleset, Side, UnitId};
use strategos::rules::mass_battle::event::{AttackKind, TestKind};
use strategos::rules::mass_battle::state::Order;
use strategos::rules::mass_battle::{Command, Event, MassBattle};

mod common;

use common::mass_battle::{attacks, field, field_led, morale_tests, opened, sequence, submit, town};

#[test]
fn knights_with_lances_double_their_damage_in_the_sequence_they_charge() {
    // l. 55, 149: the knights (HD 3, 20 troops) charge the orcs (AC 13): row "2+ à 3" reads 50%.
    // Their d8 shows 5: 5 × 20 × 50% = 50, doubled by the lances: 100. The orcs (HD 1, 120
    // troops) strike back at AC 18, row "1 et moins": 15%; their d8 shows 4: 4 × 120 × 15% = 72.
    let mut b = field(&[(1, 0, "Chevaliers", 4, 7), (2, 1, "Orques", 4, 3)]);
    let events = sequence(
        &mut b,
        &[(1, Order::Engage(UnitId(2))), (2, Order::Hold)],
        &[5, 4, 3, 3, 4, 4],
    );
    let a = attacks(&events);
    assert_eq!(a.len(), 2);
    assert_eq!(
        (
            a[0].attacker,
            a[0].kind,
            a[0].faces.clone(),
            a[0].table,
            a[0].damage
        ),
        (UnitId(1), AttackKind::Melee, vec![5], 50, 100)
    );
    assert!(
        a[0].terms
            .iter()
            .any(|t| t.rule == "l. 149" && t.times == (2, 1))
    );
    assert_eq!(
        (a[1].attacker, a[1].table, a[1].damage),
        (UnitId(2), 15, 72)
    );
    // Damage comes off at the end of the melee phase (l. 53): 600 - 100 and 300 - 72.
    assert_eq!(b.unit(UnitId(2)).unwrap().state.pvt, 500);
    assert_eq!(b.unit(UnitId(1)).unwrap().state.pvt, 228);
    // Both lost troops and test (l. 65): the orcs with 3 + 3 against 8, the knights 4 + 4 against 10.
    let tests: Vec<_> = morale_tests(&events).into_iter().map(|(unit, kind, faces, passed, _)| (unit, kind, faces, passed)).collect();
    assert_eq!(
        tests,
        vec![
            (UnitId(1), TestKind::Losses, (3, 3), true),
            (UnitId(2), TestKind::Losses, (4, 4), true)
        ]
    );
}

#[test]
fn pikes_that_did_not_move_double_their_damage_against_a_charge() {
    // l. 153: the orcs charge the levy of pikemen, which holds. The pikes (level-0 humans, 100
    // troops) strike at AC 13: 35%; their d6 shows 6: 6 × 100 × 35% = 210, doubled: 420.
    let mut b = field(&[(1, 0, "Levée de piquiers", 4, 7), (2, 1, "Orques", 4, 4)]);
    let events = sequence(
        &mut b,
        &[(1, Order::Hold), (2, Order::Engage(UnitId(1)))],
        &[6, 1, 1, 1, 1, 1],
    );
    let a = attacks(&events);
    let pikes = a.iter().find(|a| a.attacker == UnitId(1)).unwrap();
    assert_eq!((pikes.table, pikes.damage), (35, 420));
    assert!(pikes.terms.iter().any(|t| t.rule == "l. 153"));
    // The orcs charged without lances: no doubling for them.
    let orcs = a.iter().find(|a| a.attacker == UnitId(2)).unwrap();
    assert!(orcs.terms.is_empty(), "{:?}", orcs.terms);
}

#[test]
fn an_immune_unit_takes_nothing_and_strikes_five_times_as_hard() {
    // l. 107: the animated armours are hurt only by magic. The men-at-arms' swords are not: no
    // dice are drawn for them and their damage is 0. The armours (HD 3, 10 troops) strike at AC
    // 15: 40%; a d8 of 8: 8 × 10 × 40% = 32, five times: 160.
    let mut b = field(&[
        (1, 0, "Hommes d'armes", 4, 7),
        (2, 1, "Armures animées", 4, 6),
    ]);
    let events = sequence(
        &mut b,
        &[(1, Order::Engage(UnitId(2))), (2, Order::Engage(UnitId(1)))],
        &[8, 2, 2],
    );
    let a = attacks(&events);
    let men = a.iter().find(|a| a.attacker == UnitId(1)).unwrap();
    assert_eq!((men.faces.len(), men.damage), (0, 0));
    let armours = a.iter().find(|a| a.attacker == UnitId(2)).unwrap();
    assert_eq!((armours.faces.clone(), armours.damage), (vec![8], 160));
    // Morale 12 never tests (l. 99); the men-at-arms test at -2 against an enemy immune to them
    // (l. 107) and -1 for more than half their troops lost (l. 76: 160 of 300 hit points, 26 of 50).
    let tests: Vec<_> = morale_tests(&events).into_iter().map(|(unit, .., factors)| (unit, factors.iter().map(|f| f.1).sum::<i8>())).collect();
    assert_eq!(tests, vec![(UnitId(1), -3)]);
}

#[test]
fn trolls_regenerate_to_their_starting_hit_points_unless_torches_face_them() {
    // l. 109: 10 × rate 3 × 5 individuals = 150 back at the sequence's end, capped at 200.
    let mut b = field(&[(1, 0, "Archers", 4, 8), (2, 1, "Trolls", 4, 5)]);
    // The archers shoot (HD 1 at AC 15: 30%): a d6 of 6, 6 × 40 × 30% = 72.
    let events = sequence(
        &mut b,
        &[(1, Order::Shoot(UnitId(2))), (2, Order::Hold)],
        &[6, 1, 1],
    );
    assert_eq!(attacks(&events)[0].damage, 72);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Regenerated {
            unit: UnitId(2),
            pvt: 200
        }
    )));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.pvt, 200);
}

#[test]
fn a_huge_creature_crushes_a_standard_unit_for_ten_times_its_hit_dice_and_demoralises_it() {
    // l. 106: the hill giant (HD 12) left to its own choice falls on the nearest standard unit
    // able to fight; it deals 10 × 12 = 120 without dice. The men-at-arms strike it by the
    // formula (HD 1 at AC 15: 30%): a d8 of 2, 2 × 50 × 30% = 30. They are demoralised without a
    // test (R-M17).
    let mut b = field(&[
        (1, 0, "Hommes d'armes", 4, 7),
        (2, 1, "Géant des collines", 4, 4),
    ]);
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Auto)], &[2]);
    let revealed = events
        .iter()
        .find_map(|e| {
            if let Event::OrdersRevealed { orders, .. } = e {
                Some(orders.clone())
            } else {
                None
            }
        })
        .unwrap();
    assert!(
        revealed.contains(&(UnitId(2), Order::Engage(UnitId(1)))),
        "{revealed:?}"
    );
    let a = attacks(&events);
    assert_eq!((a[0].attacker, a[0].damage), (UnitId(1), 30));
    assert_eq!(
        (a[1].attacker, a[1].faces.len(), a[1].damage),
        (UnitId(2), 0, 120)
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Demoralised {
            unit: UnitId(1),
            rule: "l. 106",
            ..
        }
    )));
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::MoraleTest {
                unit: UnitId(1),
                ..
            }
        )),
        "no test for them"
    );
}

#[test]
fn the_commander_s_int_slices_add_and_his_sag_takes_off_five_points_each() {
    // l. 104: Baron Aldric (INT 14: +1, SAG 16: +2) gives his one slice to the knights: 50% + 5%;
    // their d8 of 5: 5 × 20 × 55% × 2 (lances) = 110. The orcs strike the knights back at 15%; the
    // knights charge, so the Baron's SAG does not cover them: a d8 of 4, 4 × 120 × 15% = 72.
    let mut b = field_led(
        &[(1, 0, "Chevaliers", 4, 7), (2, 1, "Orques", 4, 3)],
        "Some(\"Baron Aldric\"), Some(\"Grushak\")",
    );
    assert_eq!(
        b.global.commanders[0]
            .as_ref()
            .map(|c| (c.int_bonus, c.sag_bonus)),
        Some((1, 2))
    );
    assert_eq!(
        b.global.commanders[1]
            .as_ref()
            .map(|c| (c.int_bonus, c.sag_bonus)),
        Some((0, 0))
    );
    for c in [
        Command::Slice { unit: UnitId(1) },
        Command::Give {
            unit: UnitId(1),
            order: Order::Engage(UnitId(2)),
        },
    ] {
        submit(&mut b, c, &mut Dice::new(0));
    }
    assert!(
        !MassBattle::legal_commands(&b)
            .iter()
            .any(|c| matches!(c, Command::Slice { .. })),
        "one slice only"
    );
    let events = sequence(&mut b, &[(2, Order::Hold)], &[5, 4, 1, 1, 1, 1]);
    let a = attacks(&events);
    assert_eq!((a[0].table, a[0].damage), (50, 110));
    assert!(
        a[0].terms
            .iter()
            .any(|t| t.rule == "l. 104" && t.percent == 5)
    );
    assert_eq!((a[1].damage, a[1].terms.len()), (72, 0));
    // Next sequence the knights hold: the orcs' 15% loses 10 points to the Baron's SAG. A d8 of 4
    // with 98 orcs left: 4 × 98 × 5% = 19. The knights, no longer charging: 5 × 16 × 50% = 40.
    let events = sequence(
        &mut b,
        &[(1, Order::Hold), (2, Order::Hold)],
        &[5, 4, 1, 1, 1, 1],
    );
    let a = attacks(&events);
    assert_eq!((a[0].attacker, a[0].damage), (UnitId(1), 40));
    assert_eq!((a[1].attacker, a[1].damage), (UnitId(2), 19));
    assert!(
        a[1].terms
            .iter()
            .any(|t| t.rule == "l. 104" && t.percent == -10)
    );
}

#[test]
fn heroes_duel_ten_rounds_at_most_with_the_lower_id_striking_first() {
    // H-M6: Baron Aldric (id 1: to-hit +9, d8+3, AC 19, 60 HP) seeks out Grushak (id 2: +8,
    // d8+3, AC 16, 55 HP). Round 1: the Baron's d20 of 7 + 9 = 16 hits AC 16, a d8 of 8: 11;
    // Grushak's d20 of 10 + 8 = 18 misses AC 19. Then nine rounds in which both miss (d20 of 1).
    let mut b = field(&[(1, 0, "Baron Aldric", 4, 7), (2, 1, "Grushak", 4, 4)]);
    let mut faces = vec![7, 8, 10];
    faces.extend([1; 18]);
    let events = sequence(
        &mut b,
        &[(1, Order::Duel(UnitId(2))), (2, Order::Hold)],
        &faces,
    );
    let rounds: Vec<_> = events
        .iter()
        .filter_map(|e| {
            if let Event::DuelRound { round, blows } = e {
                Some((*round, blows.clone()))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(rounds.len(), 10, "ten rounds, then the duel ends");
    let first = &rounds[0].1;
    assert_eq!(
        (first[0].attacker, first[0].hit, first[0].damage),
        (UnitId(1), true, 11)
    );
    assert_eq!((first[1].attacker, first[1].hit), (UnitId(2), false));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.pvt, 44);
    assert_eq!(b.unit(UnitId(1)).unwrap().state.pvt, 60);
    // Neither made another attack in the melee.
    assert!(attacks(&events).is_empty());
}

#[test]
fn the_fall_of_the_commander_in_chief_brings_tests_at_minus_two_and_surrenders() {
    // l. 135-139: Grushak, worn down to 10 HP, falls in the first round of his duel with the Baron.
    let mut b = field_led(
        &[
            (1, 0, "Baron Aldric", 4, 7),
            (2, 1, "Grushak", 4, 4),
            (3, 1, "Orques", 8, 2),
            (4, 1, "Ogres", 0, 2),
        ],
        "None, Some(\"Grushak\")",
    );
    b.unit_mut(UnitId(2)).unwrap().state.pvt = 10;
    // Round 1: the Baron's 7 hits, d8 of 8 = 11; Grushak's d20 of 1 misses. Grushak falls: the
    // orcs test at -2 (free +1: -1 in all) with 5 + 4 = 9 against 8: they fail; the ogres (morale
    // 10) with 3 + 3: they pass.
    let events = sequence(
        &mut b,
        &[
            (1, Order::Duel(UnitId(2))),
            (2, Order::Hold),
            (3, Order::Hold),
            (4, Order::Hold),
        ],
        &[7, 8, 1, 5, 4, 3, 3],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CommanderFell { side: Side(1) }))
    );
    let tests: Vec<_> = morale_tests(&events)
        .into_iter()
        .filter(|t| t.1 == TestKind::CommanderFell)
        .map(|(unit, _, faces, passed, factors)| (unit, faces, passed, factors.iter().map(|f| f.1).sum::<i8>()))
        .collect();
    assert_eq!(
        tests,
        vec![
            (UnitId(3), (5, 4), false, -1),
            (UnitId(4), (3, 3), true, -1)
        ]
    );
    // The orcs surrender at the end of the sequence; the -2 stays for the rest of the battle.
    assert!(b.unit(UnitId(3)).unwrap().hex.is_none());
    assert!(b.global.commander_fell[1]);
}

#[test]
fn an_officer_adds_his_hit_points_and_loses_them_last() {
    // l. 131, R-M12: Mère Ameline (40 HP) joins the men-at-arms next to her (50 × 6 = 300): 340,
    // and their troops still count 50.
    let mut b = field(&[
        (1, 0, "Mère Ameline", 4, 7),
        (2, 0, "Hommes d'armes", 4, 8),
        (3, 1, "Orques", 0, 0),
    ]);
    sequence(
        &mut b,
        &[
            (1, Order::Officer(UnitId(2))),
            (2, Order::Hold),
            (3, Order::Hold),
        ],
        &[],
    );
    let unit = &b.unit(UnitId(2)).unwrap().state;
    assert_eq!(
        (unit.pvt, unit.troops(), unit.officer),
        (340, 50, Some((UnitId(1), 40)))
    );
    assert!(
        b.unit(UnitId(1)).unwrap().hex.is_none(),
        "the officer is with his unit"
    );
}

#[test]
fn a_hero_who_shuns_his_peers_for_the_rank_and_file_costs_his_side_a_point_of_morale() {
    // l. 119, H-M12: the Baron strikes the orcs while Grushak stood within his reach for a duel.
    // The orcs strike back at the men-at-arms beside him (H-M5: their best percentage), who test
    // at -1 for the Baron's cowardice.
    let mut b = field(&[
        (1, 0, "Baron Aldric", 5, 6),
        (2, 0, "Hommes d'armes", 4, 6),
        (3, 1, "Orques", 5, 5),
        (4, 1, "Grushak", 6, 3),
    ]);
    let events = sequence(
        &mut b,
        &[
            (1, Order::Engage(UnitId(3))),
            (2, Order::Engage(UnitId(3))),
            (3, Order::Hold),
            (4, Order::Hold),
        ],
        &[4, 4, 5, 1, 1, 1, 1],
    );
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Cowardice {
            hero: UnitId(1),
            side: Side(0)
        }
    )));
    let baron = attacks(&events)
        .into_iter()
        .find(|a| a.attacker == UnitId(1))
        .unwrap();
    // The hero strikes as one fighter, three times as hard (R-M19, l. 117), and the orcs already
    // fight the men-at-arms (H-M11, +5%): 7 × 1 × 80% × 3 = 16.
    assert_eq!((baron.troops, baron.table, baron.damage), (1, 75, 16));
    let men = morale_tests(&events).into_iter().find(|t| t.0 == UnitId(2)).unwrap().4;
    assert!(men.contains(&("l. 119, H-M12", -1)), "{men:?}");
}

#[test]
fn an_undefended_section_is_breached_at_once_where_the_besieger_picks() {
    // l. 185-187: the Horde names the north wall; the Ost assigns no one to it: the besieger picks
    // the wall hex breached, and from then the walls no longer shelter the town fully.
    let mut b = town(&[(1, 0, "Archers", 4, 4), (2, 1, "Orques", 4, 0)]);
    assert_eq!(
        MassBattle::deciding_side(&b),
        Some(Side(1)),
        "the besieger seals first"
    );
    let mut dice = Dice::new(0);
    submit(&mut b, Command::Besiege { section: 0 }, &mut dice);
    let sealed = submit(&mut b, Command::Seal, &mut dice);
    assert!(
        sealed
            .iter()
            .any(|e| matches!(e, Event::SectionDeclared { section: Some(0) }))
    );
    assert!(
        MassBattle::legal_commands(&b)
            .iter()
            .any(|c| matches!(c, Command::Assign { unit: UnitId(1) })),
        "the archers can reach the wall"
    );
    let events = submit(&mut b, Command::Seal, &mut dice);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::BreachPending { section: 0 }))
    );
    let breach = strategos::hex::Offset(5, 3).to_hex();
    let events = submit(&mut b, Command::Breach { hex: breach }, &mut dice);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::BreachOpened { rule: "l. 187", .. }))
    );
    assert_eq!(b.global.siege.as_ref().unwrap().breaches, vec![breach]);
}

#[test]
fn an_enemy_three_times_as_strong_costs_two_points_and_the_native_land_and_town_give_one_and_two() {
    // l. 74-75, 79-80: the Ost defends its native land, the Horde its native town. The archers (200)
    // stand against the orcs (600), who engage them; on 1s the orcs' blow leaves them under a third of
    // the orcs' PVT (600 > 3 × 146 > 2 × 146): -1 and -1 more, +1 for their land. The orcs, engaged, test
    // at +2 for their town.
    let rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    let mut b = opened(&rows, "", 8, &[(1, 0, "Archers", 4, 6), (2, 1, "Orques", 4, 4)], "native: [Land, Town]");
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Engage(UnitId(1)))], &[1, 1, 1, 1, 1, 1]);
    assert_eq!(b.unit(UnitId(1)).unwrap().state.pvt, 146);
    assert_eq!(
        morale_tests(&events),
        vec![
            (UnitId(1), TestKind::Losses, (1, 1), true, vec![("l. 74", -1), ("l. 75", -1), ("l. 79", 1)]),
            (UnitId(2), TestKind::Losses, (1, 1), true, vec![("l. 80", 2)]),
        ]
    );
}

#[test]
fn the_besieged_in_their_native_town_test_at_two_not_four() {
    // l. 80, 189, R-M16: the Ost holds its native town. Its archers inside test at +2 for the walls,
    // which stand for the town's +2 and are not added to it; its men-at-arms outside the walls test at
    // +2 for the town. Both are free (+1), shot by goblin archers on 4s.
    let mut rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    rows[3] = ". . . x x x x . . .".into();
    let walls = "(name: \"Nord\", kind: Section, hexes: [(3, 3), (4, 3), (5, 3), (6, 3)])";
    let siege = "siege: Some((besieger: 1, inside: [(3, 4), (4, 4), (5, 4), (6, 4)])), native: [Town, Abroad]";
    let units = [(1, 0, "Archers", 4, 4), (2, 1, "Archers gobelins", 4, 1), (3, 0, "Hommes d'armes", 8, 8), (4, 1, "Archers gobelins", 8, 5)];
    let mut b = opened(&rows, walls, 12, &units, siege);
    let events = sequence(&mut b, &[(2, Order::Shoot(UnitId(1))), (4, Order::Shoot(UnitId(3))), (1, Order::Hold), (3, Order::Hold)], &[4, 4, 1, 1, 1, 1]);
    assert_eq!(
        morale_tests(&events),
        vec![
            (UnitId(1), TestKind::Losses, (1, 1), true, vec![("l. 73", 1), ("l. 189", 2)]),
            (UnitId(3), TestKind::Losses, (1, 1), true, vec![("l. 73", 1), ("l. 80", 2)]),
        ]
    );
}

#[test]
fn the_walls_take_three_quarters_of_the_besiegers_damage_and_steady_the_besieged() {
    // l. 183: the goblin archers (HD 1-1, 60 troops) shoot the Ost's archers on the wall (AC 12,
    // row "1 et moins": 45%): a d6 of 4, 4 × 60 × 45% = 108, a quarter: 27. The Ost's archers
    // shoot back at AC 13 (40%): 6 × 40 × 40% = 96, whole. The besieged test with +2 (l. 189) and +1
    // free.
    let mut b = town(&[(1, 0, "Archers", 4, 3), (2, 1, "Archers gobelins", 4, 1)]);
    let events = sequence(
        &mut b,
        &[(2, Order::Shoot(UnitId(1))), (1, Order::Shoot(UnitId(2)))],
        &[6, 4, 1, 1, 1, 1],
    );
    let a = attacks(&events);
    assert_eq!((a[0].attacker, a[0].damage), (UnitId(1), 96));
    assert_eq!((a[1].attacker, a[1].damage), (UnitId(2), 27));
    assert!(
        a[1].terms
            .iter()
            .any(|t| t.rule == "l. 183" && t.times == (1, 4))
    );
    let factors = morale_tests(&events).into_iter().find(|t| t.0 == UnitId(1)).unwrap().4;
    assert!(factors.contains(&("l. 189", 2)), "{factors:?}");
}

/// The knights engaged by the orcs and the goblins; one sequence of blows on 1s.
fn beset(setup: &str) -> common::mass_battle::B {
    let rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    let mut b = common::mass_battle::opened(&rows, "", 8, &[(1, 0, "Chevaliers", 4, 5), (11, 1, "Orques", 4, 4), (12, 1, "Archers gobelins", 5, 4)], setup);
    sequence(&mut b, &[(1, Order::Hold), (11, Order::Engage(UnitId(1))), (12, Order::Engage(UnitId(1)))], &[1; 12]);
    assert_eq!(b.global.engaged_with(UnitId(1)), vec![UnitId(11), UnitId(12)]);
    b
}

#[test]
fn a_withdrawal_goes_untouched_unless_the_option_lets_the_other_enemies_strike() {
    // l. 29: the knights withdraw and no enemy may attack them. l. 30, the MdT's option: engaged by
    // several units, all but the first (the lowest id, the orcs) may attack them at the end of the
    // movement phase: the goblins do, their one attack of the sequence (R-M7).
    let mut plain = beset("");
    let events = sequence(&mut plain, &[(1, Order::Withdraw), (11, Order::Hold), (12, Order::Hold)], &[1; 12]);
    assert!(attacks(&events).is_empty(), "{:?}", attacks(&events));
    let mut option = beset("withdraw_option: true");
    let events = sequence(&mut option, &[(1, Order::Withdraw), (11, Order::Hold), (12, Order::Hold)], &[1; 12]);
    let a = attacks(&events);
    assert_eq!(a.iter().map(|a| (a.attacker, a.target, a.kind)).collect::<Vec<_>>(), vec![(UnitId(12), UnitId(1), AttackKind::Pursuit)]);
}

#[test]
fn a_duel_is_missed_when_the_peer_marches_out_of_reach() {
    // l. 121-125, H-M6: the Baron (4 hexes, reach 5) seeks Grushak 4 hexes away; Grushak marches 3
    // hexes farther off before the melee: no duel, no dice.
    let mut b = field(&[(1, 0, "Baron Aldric", 4, 7), (11, 1, "Grushak", 4, 3)]);
    let events = sequence(&mut b, &[(1, Order::Duel(UnitId(11))), (11, Order::March(strategos::hex::Offset(4, 0).to_hex()))], &[]);
    assert!(events.iter().any(|e| matches!(e, Event::DuelMissed { hero: UnitId(1), target: UnitId(11) })));
    assert!(!events.iter().any(|e| matches!(e, Event::DuelRound { .. })));
}

#[test]
fn a_blow_from_the_rear_hexside_adds_ten_percent_and_a_second_enemy_five() {
    // H-M11 (l. 147): the men-at-arms face north, toward the first orcs that engage them; the second
    // orcs strike from the hexside behind them (+10%), the first, whose target fights a friend,
    // envelop it (+5%). The two never add.
    let mut b = field(&[(1, 0, "Hommes d'armes", 5, 5), (2, 1, "Orques", 5, 4), (3, 1, "Orques", 5, 6)]);
    let events = sequence(
        &mut b,
        &[(1, Order::Hold), (2, Order::Engage(UnitId(1))), (3, Order::Engage(UnitId(1)))],
        &[1; 40],
    );
    let tactics = |id: u32| -> Vec<(&str, i32)> {
        attacks(&events)
            .iter()
            .filter(|a| a.attacker == UnitId(id))
            .flat_map(|a| a.terms.iter().filter(|t| t.rule == "H-M11").map(|t| (t.what, t.percent)))
            .collect()
    };
    assert_eq!(tactics(3), vec![("rear attack: it strikes from the target's rear hexside", 10)]);
    assert_eq!(tactics(2), vec![("envelopment: the target already fights a friend", 5)]);
    assert!(tactics(1).is_empty(), "the first orcs turned to face the men-at-arms");
}

#[test]
fn a_free_demoralised_unit_may_hold_without_a_rally_test_and_rallies_when_given_no_order() {
    // H-M3: Hold is open to any unit; a demoralised free unit that holds takes no rally test
    // (l. 92-94), and one sealed without an order tries to rally.
    let mut b = field(&[(1, 0, "Archers", 5, 8), (2, 1, "Orques", 5, 0), (3, 0, "Levée de piquiers", 1, 8)]);
    b.units[0].state.demoralised = Some(strategos::rules::mass_battle::state::Demoralised { sequence: 0, by_shooting: false });
    let legal = strategos::rules::mass_battle::legal::legal_orders(&b, b.unit(UnitId(1)).unwrap());
    assert_eq!(legal, vec![Order::Rally, Order::Flee, Order::Hold]);
    let held = sequence(&mut b, &[(1, Order::Hold), (2, Order::Hold), (3, Order::Hold)], &[1; 4]);
    assert!(!held.iter().any(|e| matches!(e, Event::MoraleTest { unit: UnitId(1), .. })));
    assert!(b.unit(UnitId(1)).unwrap().state.demoralised.is_some());
    let unordered = sequence(&mut b, &[(2, Order::Hold), (3, Order::Hold)], &[1; 4]);
    assert!(unordered.iter().any(|e| matches!(e, Event::MoraleTest { unit: UnitId(1), kind: TestKind::Rally, .. })));
}

/// The knights beset by the orcs and the goblins, the goblins demoralised by the knights' blows:
/// they flee, and the knights may strike them or fight on against the orcs (l. 86-90).
fn fleeing_goblins() -> (common::mass_battle::B, Vec<Event>) {
    let mut b = beset("");
    let goblins = b.units.iter_mut().find(|u| u.id == UnitId(12)).unwrap();
    goblins.state.demoralised = Some(strategos::rules::mass_battle::state::Demoralised { sequence: 1, by_shooting: false });
    goblins.state.hurt_when_demoralised = vec![(UnitId(1), 30)];
    let events = sequence(&mut b, &[(1, Order::Hold), (11, Order::Hold), (12, Order::Flee)], &[1; 12]);
    (b, events)
}

#[test]
fn a_pursuer_engaged_with_others_too_strikes_its_quarry_or_fights_on_as_its_side_chooses() {
    // l. 90: the knights hurt the goblins most, so may pursue them as they flee (l. 86), but the
    // orcs still fight them: their side picks one target. Pursuing, they strike the goblins in the
    // movement phase at +10% (l. 88) and make no other attack (R-M7); fighting on, the goblins go
    // untouched and the knights strike the orcs in the melee.
    let (b, events) = fleeing_goblins();
    assert!(events.iter().any(|e| matches!(e, Event::PursuitsOffered { choosing, .. } if choosing[0] == vec![UnitId(1)])));
    assert_eq!(MassBattle::deciding_side(&b), Some(Side(0)));
    let pursue = Command::Pursue { unit: UnitId(1), target: UnitId(12) };
    let fight_on = Command::Pursue { unit: UnitId(1), target: UnitId(11) };
    assert_eq!(MassBattle::legal_commands(&b), vec![pursue.clone(), fight_on.clone()]);
    let by_knights = |events: &[Event]| -> Vec<(UnitId, AttackKind, bool)> {
        attacks(events)
            .iter()
            .filter(|a| a.attacker == UnitId(1))
            .map(|a| (a.target, a.kind, a.terms.iter().any(|t| t.rule == "l. 88")))
            .collect()
    };
    let mut pursued = b.clone();
    let events = submit(&mut pursued, pursue, &mut Dice::with_forced(0, &[1; 12]));
    assert_eq!(by_knights(&events), vec![(UnitId(12), AttackKind::Pursuit, true)]);
    let mut fought = b.clone();
    let events = submit(&mut fought, fight_on, &mut Dice::with_forced(0, &[1; 12]));
    assert_eq!(by_knights(&events), vec![(UnitId(11), AttackKind::Melee, false)]);
    let chosen = events.iter().find(|e| matches!(e, Event::PursuitChosen { .. })).unwrap();
    assert!(!MassBattle::visible_to(&b, chosen, Some(Side(1))), "the Horde sees the blows, not the choice");
    assert!(!attacks(&events).iter().any(|a| a.target == UnitId(12)), "the goblins go untouched");
}

#[test]
fn deployment_is_sealed_and_both_sides_are_revealed_together() {
    // H-M10, l. 38: with the scenario's switch, each side places its units in the three rows along
    // its own edge and gives its standard; the other side sees neither before both have sealed.
    let rows: Vec<String> = (0..10).map(|_| vec!["."; 10].join(" ")).collect();
    let units = [(1, 0, "Archers", 4, 9), (2, 0, "Hommes d'armes", 6, 9), (11, 1, "Orques", 4, 0)];
    let mut b = common::mass_battle::opened(&rows, "", 8, &units, "deployment: true");
    let hex = |c: i32, r: i32| strategos::hex::Offset(c, r).to_hex();
    assert_eq!(b.global.phase, strategos::rules::mass_battle::state::Phase::Deployment);
    let legal = MassBattle::legal_commands(&b);
    assert!(legal.contains(&Command::Place { unit: UnitId(1), hex: hex(4, 7) }));
    assert!(!legal.contains(&Command::Place { unit: UnitId(1), hex: hex(4, 6) }), "outside its three rows");
    let mut dice = Dice::new(0);
    let placed = submit(&mut b, Command::Place { unit: UnitId(1), hex: hex(4, 7) }, &mut dice);
    submit(&mut b, Command::Standard { unit: UnitId(2) }, &mut dice);
    submit(&mut b, Command::Seal, &mut dice);
    let mut seen = b.clone();
    MassBattle::redact(&mut seen, Side(1));
    assert_eq!(seen.unit(UnitId(1)).unwrap().hex, Some(hex(4, 9)), "the Horde does not see where the archers went");
    assert!(!seen.unit(UnitId(2)).unwrap().state.standard);
    assert!(!MassBattle::visible_to(&b, &placed[0], Some(Side(1))));
    assert_eq!(MassBattle::deciding_side(&b), Some(Side(1)));
    submit(&mut b, Command::Place { unit: UnitId(11), hex: hex(5, 1) }, &mut dice);
    let revealed = submit(&mut b, Command::Seal, &mut dice);
    assert!(revealed.iter().any(|e| matches!(e, Event::DeploymentRevealed { standards, .. } if standards[0] == Some(UnitId(2)))));
    assert!(revealed.iter().any(|e| matches!(e, Event::SequenceStarted { sequence: 1 })));
    assert_eq!(b.unit(UnitId(1)).unwrap().hex, Some(hex(4, 7)));
    assert!(b.unit(UnitId(2)).unwrap().state.standard);
    let outside = common::mass_battle::written(&rows, "", 8, &[(1, 0, "Archers", 4, 5), (11, 1, "Orques", 4, 0)], "deployment: true");
    let err = format!("{:?}", MassBattle::setup(&strategos::scenario::parse(&outside).unwrap()).err().expect("refused"));
    assert!(err.contains("deployment zone") && err.contains("Unit(0)"), "{err}");
    // Zones that meet would tell a side where the other's units went: refused.
    let narrow: Vec<String> = (0..5).map(|_| vec!["."; 10].join(" ")).collect();
    let meeting = common::mass_battle::written(&narrow, "", 8, &[(1, 0, "Archers", 4, 4), (11, 1, "Orques", 4, 0)], "deployment: true");
    let err = format!("{:?}", MassBattle::setup(&strategos::scenario::parse(&meeting).unwrap()).err().expect("refused"));
    assert!(err.contains("setup.deployment") && err.contains("(0, 2)"), "{err}");
}

/// l. 27 (shoot an enemy in range), l. 28 (engage any enemy): archers (short bows, 3 hexes, H-M2)
/// clicking orcs 5 hexes off get no order, not a silent engagement across the field; the reason
/// says the range and that a Shift-click engages; the Shift-click does.
#[test]
fn a_missile_units_click_out_of_range_gives_no_engagement() {
    let mut b = field(&[(1, 0, "Archers", 4, 7), (2, 1, "Orques", 4, 2)]);
    let mut dice = Dice::with_forced(0, &[]);
    while MassBattle::deciding_side(&b) != Some(Side(0)) {
        submit(&mut b, Command::Seal, &mut dice);
    }
    let legal = MassBattle::legal_commands(&b);
    let engage = Command::Give { unit: UnitId(1), order: Order::Engage(UnitId(2)) };
    assert!(legal.contains(&engage) && !legal.contains(&Command::Give { unit: UnitId(1), order: Order::Shoot(UnitId(2)) }));
    let orcs = b.unit(UnitId(2)).and_then(|u| u.hex).unwrap();
    assert_eq!(MassBattle::click(&b, &legal, Some(UnitId(1)), orcs, false), Intent::Nothing);
    let why = MassBattle::why_not(&b, &legal, UnitId(1), orcs).unwrap_or_default();
    assert!(why.starts_with("Out of missile range: 5 hexes, it reaches 3") && why.contains("Shift-click"), "{why}");
    assert_eq!(MassBattle::click(&b, &legal, Some(UnitId(1)), orcs, true), Intent::Send { command: engage, deselect: true });
}
