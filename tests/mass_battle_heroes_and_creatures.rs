//! Mass-battle heroes, officers, clerics, standards and creatures with forced dice: a blast, an officer left alone, a cleric's faithful, a duel with the hill giant, fliers, a special attack, the standard's +1 and -1, a failed rally, and the half damage of the sequence after a breach.

mod common;

use common::mass_battle::{B, attacks, field, morale_tests, sequence, submit, town};
use strategos::battle::{Dice, Ruleset, Side, UnitId};
use strategos::hex::{Hex, Offset};
use strategos::rules::mass_battle::event::{AttackKind, TestKind};
use strategos::rules::mass_battle::legal::legal_orders;
use strategos::rules::mass_battle::state::{Demoralised, Order, Phase};
use strategos::rules::mass_battle::{Command, Event, MassBattle};

fn hex(c: i32, r: i32) -> Hex {
    Offset(c, r).to_hex()
}

fn orders(b: &B, id: u32) -> Vec<Order> {
    legal_orders(b, b.unit(UnitId(id)).unwrap())
}

#[test]
fn ilse_s_blast_is_a_flat_roll_of_eight_d6_spent_once_cast() {
    // H-M7 (l. 121): Ilse la Grise casts her Blast (8d6 at 6 hexes) on the orcs 5 hexes away, in the
    // shooting phase: eight 5s, 40 flat (no troops, no battle table, no ×3). The orcs, 600 - 40 = 560
    // (112 troops of 120), test free: 1 + 1 against 8 + 1.
    let mut b = field(&[(1, 0, "Ilse la Grise", 4, 8), (2, 1, "Orques", 4, 3)]);
    assert!(orders(&b, 1).contains(&Order::Cast(UnitId(2))));
    let events = sequence(&mut b, &[(1, Order::Cast(UnitId(2))), (2, Order::Hold)], &[5, 5, 5, 5, 5, 5, 5, 5, 1, 1]);
    let a = attacks(&events);
    assert_eq!(a.len(), 1);
    assert_eq!(
        (a[0].kind, a[0].attacker, a[0].faces.clone(), a[0].roll, a[0].troops, a[0].table, a[0].damage),
        (AttackKind::Spell, UnitId(1), vec![5; 8], 40, 1, 100, 40)
    );
    assert!(a[0].terms.iter().any(|t| t.rule == "H-M7"));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.pvt, 560);
    assert_eq!(morale_tests(&events), vec![(UnitId(2), TestKind::Losses, (1, 1), true, vec![("l. 73", 1)])]);
    // Once a battle: spent, the next sequence offers her no Cast and refuses one.
    assert!(b.unit(UnitId(1)).unwrap().state.spent);
    assert!(!orders(&b, 1).iter().any(|o| matches!(o, Order::Cast(_))));
    let again = Command::Give { unit: UnitId(1), order: Order::Cast(UnitId(2)) };
    assert!(MassBattle::resolve(&b, &again, &mut Dice::new(0)).is_err());
}

#[test]
fn an_officer_whose_troops_all_fall_stands_alone_with_what_is_left() {
    // l. 133, R-M12: Baron Aldric (60 HP) joins ten men-at-arms (60 PVT): 120, their troops still 10.
    // The orcs engage them. The men-at-arms (HD 1 at AC 13: 40%): a d8 of 5, 5 × 10 × 40% = 20. The
    // orcs (HD 1 at AC 15: 30%): a d8 of 2, 2 × 120 × 30% = 72. 120 - 72 = 48 is under the Baron's own
    // 60: no troops left, the unit goes and the Baron stands alone in its hex with min(48, 60) = 48.
    let mut b = field(&[(1, 0, "Baron Aldric", 4, 8), (2, 0, "Hommes d'armes", 4, 7), (3, 1, "Orques", 4, 5)]);
    b.unit_mut(UnitId(2)).unwrap().state.pvt = 60;
    let events = sequence(&mut b, &[(1, Order::Officer(UnitId(2))), (2, Order::Hold), (3, Order::Engage(UnitId(2)))], &[5, 2, 1, 1]);
    assert!(events.contains(&Event::OfficerJoined { hero: UnitId(1), unit: UnitId(2), hp: 60 }));
    let a = attacks(&events);
    assert_eq!(a.iter().map(|a| (a.attacker, a.troops, a.table, a.damage)).collect::<Vec<_>>(), vec![(UnitId(2), 10, 40, 20), (UnitId(3), 120, 30, 72)]);
    assert!(events.contains(&Event::DamageTaken { unit: UnitId(2), damage: 72, pvt: 48, troops: 0 }));
    let alone = events.iter().position(|e| *e == Event::OfficerAlone { unit: UnitId(2), hero: UnitId(1), hp: 48 });
    let removed = events.iter().position(|e| *e == Event::Removed { unit: UnitId(2), why: "its troops are all down" });
    assert!(alone.is_some() && alone < removed, "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::HeroFell { .. })), "he does not fall with them");
    let baron = b.unit(UnitId(1)).unwrap();
    assert_eq!((baron.hex, baron.state.pvt, baron.state.serving), (Some(hex(4, 7)), 48, None));
    // Free, he takes his orders as a hero from the next sequence.
    assert!(orders(&b, 1).contains(&Order::Engage(UnitId(3))));
}

#[test]
fn a_living_cleric_s_faithful_never_fail_and_her_fall_demoralises_them_without_a_test() {
    // l. 98: the goblin archers (HD 1-1 at AC 14: 35%) shoot Mère Ameline's faithful: a d6 of 2,
    // 2 × 60 × 35% = 42, 180 - 42 = 138, 23 troops of 30. Their test, 6 + 6 against 8 + 1 (free), would
    // fail: they pass while she lives.
    let mut b = field(&[
        (1, 0, "Mère Ameline", 2, 8),
        (2, 0, "Fidèles de Mère Ameline", 4, 8),
        (3, 1, "Archers gobelins", 4, 5),
        (4, 1, "Grushak", 2, 4),
    ]);
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Hold), (3, Order::Shoot(UnitId(2))), (4, Order::Hold)], &[2, 6, 6]);
    assert_eq!(attacks(&events)[0].damage, 42);
    assert_eq!(morale_tests(&events), vec![(UnitId(2), TestKind::Losses, (6, 6), true, vec![("l. 73", 1), ("l. 98", 0)])]);
    assert!(b.unit(UnitId(2)).unwrap().state.demoralised.is_none());
    // Grushak (d20 + 8, d8 + 3) duels her, worn down to 5 HP. Round 1: her d20 of 1 + 5 misses his AC
    // 16; his 9 + 8 = 17 hits her AC 17, a d8 of 2: 5. She falls, and her faithful are demoralised at
    // once, without a test and without dice.
    b.unit_mut(UnitId(1)).unwrap().state.pvt = 5;
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Hold), (3, Order::Hold), (4, Order::Duel(UnitId(1)))], &[1, 9, 2]);
    let fell = events.iter().position(|e| *e == Event::HeroFell { hero: UnitId(1) });
    let demoralised = events.iter().position(|e| *e == Event::Demoralised { unit: UnitId(2), by_shooting: false, rule: "l. 98" });
    assert!(fell.is_some() && fell < demoralised, "{events:?}");
    assert!(morale_tests(&events).is_empty());
}

#[test]
fn a_duel_keeps_the_giant_from_crushing_the_line_and_a_giant_at_nought_only_leaves() {
    // l. 106, 123-125, H-M6: the Baron (to-hit +9, d8+3, AC 19, 60 HP) seeks out the hill giant (a
    // duellist at +12 for its 12 hit dice, its club's 2d8, AC 15, 90 HP) while the men-at-arms engage
    // it and the giant, left to itself, falls on them. Round 1: the Baron's d20 of 6 + 9 = 15 hits, a
    // d8 of 5: 8; the giant's 7 + 12 = 19 hits, 3 + 4 = 7. Nine rounds of 1s: both miss.
    let mut b = field(&[(1, 0, "Baron Aldric", 4, 8), (2, 0, "Hommes d'armes", 4, 5), (3, 1, "Géant des collines", 4, 4)]);
    let mut fell = b.clone();
    let given = [(1, Order::Duel(UnitId(3))), (2, Order::Engage(UnitId(3))), (3, Order::Auto)];
    let mut faces = vec![6, 5, 7, 3, 4];
    faces.extend([1; 18]);
    faces.push(4);
    let events = sequence(&mut b, &given, &faces);
    let rounds: Vec<_> = events.iter().filter_map(|e| if let Event::DuelRound { blows, .. } = e { Some(blows) } else { None }).collect();
    assert_eq!(rounds.len(), 10, "ten rounds, then the duel ends");
    let first: Vec<_> = rounds[0].iter().map(|x| (x.attacker, x.d20, x.to_hit, x.hit, x.faces.clone(), x.damage)).collect();
    assert_eq!(first, vec![(UnitId(1), 6, 9, true, vec![5], 8), (UnitId(3), 7, 12, true, vec![3, 4], 7)]);
    assert!(rounds[1..].iter().flat_map(|r| r.iter()).all(|x| !x.hit));
    // The men-at-arms strike it by the formula (HD 1 at AC 15: 30%): a d8 of 4, 4 × 50 × 30% = 60. The
    // giant, busy with its peer, crushes no one this sequence (item 42): 90 - 8 - 60 = 22 left. The
    // men-at-arms are still demoralised for fighting it (l. 106).
    let a = attacks(&events);
    assert_eq!(a.iter().map(|a| (a.attacker, a.target, a.damage)).collect::<Vec<_>>(), vec![(UnitId(2), UnitId(3), 60)]);
    assert_eq!((b.unit(UnitId(3)).unwrap().state.pvt, b.unit(UnitId(1)).unwrap().state.pvt), (22, 53));
    assert!(events.contains(&Event::Demoralised { unit: UnitId(2), by_shooting: false, rule: "l. 106" }));
    // With 8 HP left the giant falls in round 1 (the Baron's 8): it leaves the field ("killed in a
    // duel"), no hero's fall; its own blow of the round still lands (53). The men-at-arms, their
    // enemy gone, strike no one and are not demoralised.
    fell.unit_mut(UnitId(3)).unwrap().state.pvt = 8;
    let events = sequence(&mut fell, &given, &[6, 5, 7, 3, 4]);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::DuelRound { .. })).count(), 1);
    assert!(events.contains(&Event::Removed { unit: UnitId(3), why: "killed in a duel" }));
    assert!(!events.iter().any(|e| matches!(e, Event::HeroFell { .. })));
    assert!(attacks(&events).is_empty());
    assert!(!events.iter().any(|e| matches!(e, Event::Demoralised { .. })));
    assert_eq!(fell.unit(UnitId(1)).unwrap().state.pvt, 53);
}

#[test]
fn only_fliers_engage_the_harpies_and_they_strike_the_ground_twice_as_hard() {
    // l. 108: the men-at-arms may engage the orcs, not the harpies.
    let mut b = field(&[(1, 0, "Hommes d'armes", 4, 8), (2, 1, "Harpies", 4, 4), (3, 1, "Orques", 0, 0)]);
    let legal = orders(&b, 1);
    assert!(legal.contains(&Order::Engage(UnitId(3))));
    assert!(!legal.contains(&Order::Engage(UnitId(2))), "{legal:?}");
    // R-M9: the harpies fly onto them. The men-at-arms (HD 1 at AC 13: 40%): a d8 of 5, 5 × 50 × 40% =
    // 100, halved against a flier: 50. The harpies (HD 3 at AC 15: 40%): a d6 of 5, 5 × 12 × 40% = 24,
    // doubled against the ground: 48. The men-at-arms (252, 42 troops) test at 8; the harpies (118, 9
    // troops) at 7 - 1, against more than twice their PVT (l. 74).
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Engage(UnitId(1))), (3, Order::Hold)], &[5, 5, 1, 1, 1, 1]);
    let a = attacks(&events);
    let terms = |i: usize| a[i].terms.iter().map(|t| (t.rule, t.times)).collect::<Vec<_>>();
    assert_eq!((a[0].attacker, a[0].table, a[0].damage), (UnitId(1), 40, 50));
    assert_eq!(terms(0), vec![("l. 108", (1, 2))]);
    assert_eq!((a[1].attacker, a[1].table, a[1].damage), (UnitId(2), 40, 48));
    assert_eq!(terms(1), vec![("l. 108", (2, 1))]);
    assert_eq!(
        morale_tests(&events),
        vec![(UnitId(1), TestKind::Losses, (1, 1), true, vec![]), (UnitId(2), TestKind::Losses, (1, 1), true, vec![("l. 74", -1)])]
    );
}

#[test]
fn the_giant_spiders_special_attack_strikes_three_times_as_hard() {
    // l. 105, R-M18: the spiders (HD 2 at AC 15: 35%) engage the men-at-arms: a d6 of 4, 4 × 10 × 35% =
    // 14, ×3 for their poison: 42. The men-at-arms strike back (HD 1 at AC 14: 35%): a d8 of 2,
    // 2 × 50 × 35% = 35, with no multiplier.
    let mut b = field(&[(1, 0, "Hommes d'armes", 4, 8), (2, 1, "Araignées géantes", 4, 5)]);
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Engage(UnitId(1)))], &[2, 4, 1, 1, 1, 1]);
    let a = attacks(&events);
    assert_eq!((a[0].attacker, a[0].faces.clone(), a[0].table, a[0].damage), (UnitId(1), vec![2], 35, 35));
    assert!(a[0].terms.is_empty(), "{:?}", a[0].terms);
    assert_eq!((a[1].attacker, a[1].faces.clone(), a[1].table, a[1].damage), (UnitId(2), vec![4], 35, 42));
    assert_eq!(a[1].terms.iter().map(|t| (t.rule, t.times)).collect::<Vec<_>>(), vec![("l. 105", (3, 1))]);
    // 300 - 42 and 100 - 35.
    assert_eq!((b.unit(UnitId(1)).unwrap().state.pvt, b.unit(UnitId(2)).unwrap().state.pvt), (258, 65));
}

#[test]
fn the_standard_helps_every_rally_and_its_loss_costs_every_later_test_a_point() {
    // l. 40: the archers, demoralised and free, rally with 4 + 5 = 9 against 7 + 1 (free) + 1 (the
    // men-at-arms carry the standard): they rally.
    let mut b = field(&[(1, 0, "Archers", 2, 8), (2, 0, "Hommes d'armes", 6, 8), (3, 1, "Orques", 6, 5), (4, 1, "Archers gobelins", 2, 5)]);
    b.unit_mut(UnitId(1)).unwrap().state.demoralised = Some(Demoralised { sequence: 0, by_shooting: false });
    b.unit_mut(UnitId(2)).unwrap().state.standard = true;
    let events = sequence(&mut b, &[(1, Order::Rally), (2, Order::Hold), (3, Order::Hold), (4, Order::Hold)], &[4, 5]);
    assert_eq!(morale_tests(&events), vec![(UnitId(1), TestKind::Rally, (4, 5), true, vec![("l. 73", 1), ("l. 40", 1)])]);
    assert!(events.contains(&Event::Rallied { unit: UnitId(1) }));
    // l. 42: the goblins (HD 1-1 at AC 12: 45%) shoot the archers, a d6 of 1: 1 × 60 × 45% = 27, 173
    // left, 35 troops of 40. One man-at-arms left, the carrier strikes the orcs with a d8 of 1
    // (1 × 1 × 40% = 0) and their d8 of 1 (1 × 120 × 30% = 36) destroys him: the standard is lost. The
    // archers then test at 7 + 1 (free) - 1 (the standard lost), 1 + 1.
    b.unit_mut(UnitId(2)).unwrap().state.pvt = 6;
    let events = sequence(&mut b, &[(1, Order::Hold), (2, Order::Hold), (3, Order::Engage(UnitId(2))), (4, Order::Shoot(UnitId(1)))], &[1, 1, 1, 1, 1]);
    assert_eq!(attacks(&events).iter().map(|a| (a.attacker, a.damage)).collect::<Vec<_>>(), vec![(UnitId(4), 27), (UnitId(2), 0), (UnitId(3), 36)]);
    let removed = events.iter().position(|e| *e == Event::Removed { unit: UnitId(2), why: "destroyed" });
    let lost = events.iter().position(|e| *e == Event::StandardLost { side: Side(0) });
    assert!(removed.is_some() && removed < lost, "{events:?}");
    assert_eq!(morale_tests(&events), vec![(UnitId(1), TestKind::Losses, (1, 1), true, vec![("l. 73", 1), ("l. 42", -1)])]);
    assert!(b.global.standard_lost[0]);
}

#[test]
fn a_unit_that_fails_its_rally_leaves_at_the_next_movement_phase_and_its_officer_stays() {
    // l. 34, 94: the men-at-arms, Baron Aldric their officer (300 + 60 = 360), are demoralised and
    // free; their rally, 6 + 6 against 8 + 1 (free), fails. The archers keep the Ost in the field (H-M9).
    let mut b = field(&[(1, 0, "Baron Aldric", 4, 8), (2, 0, "Hommes d'armes", 4, 7), (3, 0, "Archers", 0, 9), (11, 1, "Orques", 8, 0)]);
    sequence(&mut b, &[(1, Order::Officer(UnitId(2))), (2, Order::Hold), (3, Order::Hold), (11, Order::Hold)], &[]);
    assert_eq!(b.unit(UnitId(2)).unwrap().state.pvt, 360);
    b.unit_mut(UnitId(2)).unwrap().state.demoralised = Some(Demoralised { sequence: 1, by_shooting: false });
    let events = sequence(&mut b, &[(2, Order::Rally), (3, Order::Hold), (11, Order::Hold)], &[6, 6]);
    assert_eq!(morale_tests(&events), vec![(UnitId(2), TestKind::Rally, (6, 6), false, vec![("l. 73", 1)])]);
    assert!(events.contains(&Event::WillLeave { unit: UnitId(2) }));
    assert!(b.unit(UnitId(2)).unwrap().hex.is_some(), "on the field until the next movement phase");
    assert!(!MassBattle::legal_commands(&b).iter().any(|c| matches!(c, Command::Give { unit: UnitId(2), .. })), "no more orders");
    // As the next movement phase starts it leaves; the Baron stands alone in its hex with
    // min(360, 60) = 60 HP (l. 133, R-M12).
    let events = sequence(&mut b, &[(3, Order::Hold), (11, Order::Hold)], &[]);
    let movement = events.iter().position(|e| *e == Event::PhaseStarted { phase: Phase::Movement });
    let alone = events.iter().position(|e| *e == Event::OfficerAlone { unit: UnitId(2), hero: UnitId(1), hp: 60 });
    let removed = events.iter().position(|e| *e == Event::Removed { unit: UnitId(2), why: "left the field after a failed rally" });
    assert!(movement.is_some() && movement < alone && alone < removed, "{events:?}");
    assert!(b.unit(UnitId(2)).unwrap().hex.is_none());
    let baron = b.unit(UnitId(1)).unwrap();
    assert_eq!((baron.hex, baron.state.pvt, baron.state.serving), (Some(hex(4, 7)), 60, None));
}

#[test]
fn the_sequence_after_the_first_breach_halves_the_besiegers_damage_and_the_next_takes_it_whole() {
    // l. 183, 187, 202, R-M14: the Horde names the north wall, which no one holds: it is breached at
    // once at (5, 3), in sequence 1. Each sequence the goblin archers (HD 1-1 at AC 12: 45%) shoot the
    // Ost's archers inside the town with a d6 of 4: 4 × 60 × 45% = 108, a quarter in sequence 1 (27),
    // half in sequence 2 (54), whole in sequence 3 (108): 200 - 27 - 54 - 108 = 11.
    let mut b = town(&[(1, 0, "Archers", 4, 4), (2, 1, "Archers gobelins", 4, 1)]);
    let mut dice = Dice::with_forced(0, &[4, 1, 1]);
    for c in [
        Command::Besiege { section: 0 },
        Command::Give { unit: UnitId(2), order: Order::Shoot(UnitId(1)) },
        Command::Seal,
        Command::Give { unit: UnitId(1), order: Order::Hold },
        Command::Seal,
    ] {
        submit(&mut b, c, &mut dice);
    }
    let first = submit(&mut b, Command::Breach { hex: hex(5, 3) }, &mut dice);
    assert_eq!(b.global.siege.as_ref().unwrap().breached_at, Some(1));
    let second = sequence(&mut b, &[(2, Order::Shoot(UnitId(1))), (1, Order::Hold)], &[4, 1, 1]);
    let third = sequence(&mut b, &[(2, Order::Shoot(UnitId(1))), (1, Order::Hold)], &[4, 1, 1]);
    let shot = |events: &[Event]| {
        let a = attacks(events);
        assert_eq!(a.len(), 1);
        (a[0].damage, a[0].terms.iter().map(|t| (t.rule, t.times)).collect::<Vec<_>>())
    };
    assert_eq!(shot(&first), (27, vec![("l. 183", (1, 4))]));
    assert_eq!(shot(&second), (54, vec![("l. 202, R-M14", (1, 2))]));
    assert_eq!(shot(&third), (108, vec![]));
    assert_eq!(b.unit(UnitId(1)).unwrap().state.pvt, 11);
    // The besieged's +2 stays, breach or not (l. 189): 35 troops, then 24, then 3 (more than 75% lost,
    // l. 77), each test on 1 + 1.
    let besieged = vec![("l. 73", 1), ("l. 189", 2)];
    assert_eq!(morale_tests(&first), vec![(UnitId(1), TestKind::Losses, (1, 1), true, besieged.clone())]);
    assert_eq!(morale_tests(&second), vec![(UnitId(1), TestKind::Losses, (1, 1), true, besieged)]);
    assert_eq!(morale_tests(&third), vec![(UnitId(1), TestKind::Losses, (1, 1), true, vec![("l. 73", 1), ("l. 77", -2), ("l. 189", 2)])]);
}
