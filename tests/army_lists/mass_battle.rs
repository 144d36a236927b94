//! The mass battle's army lists: the bundled armies set the bundled battles up as their table
//! did, and the test list's units, heroes and starting states act in situations read from its
//! test siege, with forced dice in the order of `docs/rules/mass-battle.md` ("The order of the
//! dice").

use super::common::mass_battle::{B, attacks, orders, sequence, start};
use super::{assert_refusals, fixture, state_hash};
use strategos::battle::{Dice, Ruleset, UnitId};
use strategos::hex::Offset;
use strategos::rules::mass_battle::data::{Kind, Tag};
use strategos::rules::mass_battle::state::{Native, Order};
use strategos::rules::mass_battle::{Command, Event, MassBattle};
use strategos::scenario::Scenario;

fn test_scenario() -> Scenario {
    strategos::scenario::load(&fixture("mass-battle-test-battle.ron")).unwrap_or_else(|e| panic!("{e}")).0
}

/// The test siege, set up and opened.
fn test_battle() -> B {
    start(&test_scenario())
}

#[test]
fn the_bundled_battles_name_the_bundled_armies_and_set_up_as_their_table_did() {
    for s in strategos::scenario::all_bundled().filter(|s| s.ruleset == MassBattle::NAME) {
        assert_eq!(s.armies, ["ost-de-swidenth", "horde-du-val-noir"], "{}", s.id);
        let named = MassBattle::setup(&s).expect("sets up");
        let unnamed = MassBattle::setup(&Scenario { armies: Vec::new(), ..s.clone() }).expect("sets up");
        assert_eq!(state_hash(&named), state_hash(&unnamed), "{}", s.id);
    }
}

#[test]
fn the_test_list_and_siege_validate_and_start_under_way() {
    for file in ["mass-battle-test.ron", "mass-battle-test-battle.ron"] {
        strategos::cli::validate::validate(&fixture(file)).unwrap_or_else(|e| panic!("{e}"));
    }
    let b = test_battle();
    let state = |id: u32| &b.unit(UnitId(id)).expect("a unit").state;
    // A unit from a bundled base keeps what it does not change.
    let veterans = state(6).row();
    assert_eq!((veterans.troops, veterans.pvi, veterans.ac, veterans.morale, veterans.weapon.as_ref().map(|w| w.name.as_str())), (50, 6, 15, 10, Some("sword")));
    // Ten troops lost: 40 of 50 stand, their PVT 240 of 300, counted from the 50 they had.
    assert_eq!((state(6).troops(), state(6).pvt, state(6).troops_at_start, state(6).native), (40, 240, 50, Native::Land));
    assert_eq!(state(11).native, Native::Town, "the side's native town, for a unit not saying otherwise");
    assert!(state(7).demoralised.is_some());
    assert_eq!(state(2).ammo, Some(3), "3 of 6 shots left (H-M13)");
    assert_eq!(state(5).ammo, Some(4), "an engine's 4 (H-M13)");
    assert!(state(10).spent && !state(10).sundered, "Oriel's Blast is spent, his Breach is not");
    assert_eq!((state(17).pvt, state(17).troops()), (20, 1), "the shaman lost 10 of his 30 hit points");
    // The dragon's weapons are its own.
    let dragon = state(1).row();
    assert_eq!((dragon.kind, dragon.weapon.as_ref().map(|w| (w.label.as_str(), w.damage.to_string(), w.tags.clone()))), (Kind::Huge, Some(("Morsure", "3d10".to_string(), vec![Tag::Fire]))));
    assert_eq!(dragon.missile.as_ref().and_then(|w| w.range), Some(3));
    // Dame Isaure commands: INT 16 and SAG 17 give +2 each (l. 104).
    let c = b.global.commanders[0].as_ref().expect("a commander");
    assert_eq!((c.name.as_str(), c.int_bonus, c.sag_bonus), ("Dame Isaure", 2, 2));
    // The siege starts with a breach and a wall hex half broken.
    let siege = b.global.siege.as_ref().expect("a siege");
    assert_eq!((siege.breaches.clone(), siege.breached_at), (vec![Offset(8, 6).to_hex()], Some(0)));
    assert_eq!(siege.work.iter().map(|w| (w.hex, w.points)).collect::<Vec<_>>(), [(Offset(6, 6).to_hex(), 6)]);
}

#[test]
fn a_wrong_list_is_refused_naming_file_line_field_and_what_is_allowed() {
    let cases: [(&str, &str, &str, &[&str]); 13] = [
        ("traits: [Polearm]", "traits: [Pikes]", ":11:", &["Pikes", "Polearm"]),
        ("troops: 60", "troops: 0", ":11: field `profiles[0].troops`", &["1 to 10000"]),
        ("morale: 8, moves_as: \"foot\"", "morale: 13, moves_as: \"foot\"", ":11: field `profiles[0].morale`", &["2 to 12"]),
        ("moves_as: \"heavy-foot\"", "moves_as: \"marching\"", ":20: field `profiles[6].moves_as`", &["no troop type 'marching'", "heavy-foot"]),
        ("weapon: \"spear\"", "weapon: \"pike\"", ":11: field `profiles[0].weapon`", &["no weapon 'pike'", "spear", "write one whole"]),
        ("weapon: \"dagger\", missile: (label", "weapon: \"crossbow\", missile: (label", ":15: field `profiles[2].weapon`", &["a range", "missile"]),
        ("damage: \"d10\", range: 4", "damage: \"d10\"", ":15: field `profiles[2].missile`", &["a missile has a range"]),
        ("base: \"Hommes d'armes\"", "base: \"Hommes d'arme\"", ":13: field `profiles[1].base`", &["no profile 'Hommes d'arme'", "Hommes d'armes"]),
        ("Followers(\"Frère Anselme\")", "Followers(\"Frère Ansel\")", ":20: field `profiles[6].traits`", &["no hero 'Frère Ansel'"]),
        ("base: \"Catapulte légère\", mark: \"Man\"", "base: \"Catapulte légère\", mark: \"Man\", engine: \"mangonel\"", ":26: field `profiles[11].engine`", &["no engine 'mangonel'", "light-catapult"]),
        ("Breach(range: 2)", "Blast(damage: \"d6\", range: 2)", ":34: field `profiles[17].spells`", &["one Blast and one Breach"]),
        ("int: 16", "int: 26", ":31: field `profiles[15].int`", &["0 to 25"]),
        ("base: \"Catapulte légère\", mark: \"Man\"", "base: \"Catapulte légère\", mark: \"Man\", missile: \"sling\"", ":26: field `profiles[11].missile`", &["no missile", "Catapulte légère"]),
    ];
    assert_refusals("mass-battle-test.ron", &cases);
    // A hero written before the units does not shift where a unit's error points.
    let hero_first = "        Hero(name: \"Sire Gautier\", mark: \"Gau\", hd: \"4\", hp: 30, ac: 16, to_hit: 4, damage: \"d8\"),\n        Unit(name: \"Lanciers\"";
    let e = super::refused_in("mass-battle-test.ron", |t| t.replacen("        Unit(name: \"Lanciers\"", hero_first, 1).replacen("Followers(\"Frère Anselme\")", "Followers(\"Frère Ansel\")", 1));
    assert!(e.contains(":21: field `profiles[7].traits`"), "{e}");
}

#[test]
fn two_heroes_of_one_name_on_a_side_are_refused() {
    // Followers and commanders name their hero: a list of one's own whose hero is called as the
    // Ost's commander cannot stand beside the Ost.
    let dir = std::env::temp_dir().join(format!("strategos-heroes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let list = "ArmyList(id: \"dup\", name: \"Dup\", ruleset: \"mass-battle\", profiles: [Hero(name: \"Baron Aldric\", base: \"Baron Aldric\")])";
    std::fs::write(dir.join("dup.ron"), list).expect("written");
    let text = std::fs::read_to_string(fixture("mass-battle-test-battle.ron")).expect("the test battle");
    let text = text.replacen("armies: [\"mass-battle-test.ron\", \"horde-du-val-noir\"]", "armies: [\"dup.ron\", \"ost-de-swidenth\", \"horde-du-val-noir\"]", 1);
    let text = text.replacen("army: \"mass-battle-test\", unit: \"Dragon\"", "army: \"dup\", unit: \"Baron Aldric\"", 1);
    let text = text.replacen("army: \"mass-battle-test\", unit: \"Arbalétriers\", at: (4, 8), ammo: Some(3)", "army: \"ost-de-swidenth\", unit: \"Archers\", at: (4, 8)", 1);
    let kept: Vec<&str> = text.lines().filter(|l| !l.contains("army: \"mass-battle-test\"")).collect();
    let path = dir.join("battle.ron");
    std::fs::write(&path, kept.join("\n").replace("commanders: [Some(\"Dame Isaure\"), Some(\"Grushak\")]", "commanders: [None, Some(\"Grushak\")]")).expect("written");
    let s = strategos::scenario::load(&path).unwrap_or_else(|e| panic!("{e}")).0;
    std::fs::remove_dir_all(&dir).ok();
    let Err(e) = MassBattle::setup(&s) else { panic!("refused") };
    assert!(e.path() == "setup.units" && e.message.contains("hero 'Baron Aldric'"), "{}: {}", e.path(), e.message);
}

#[test]
fn a_starting_state_the_rules_cannot_reach_is_refused() {
    let cases: [(&str, &str, &str, &str); 7] = [
        ("lost: 10, native", "lost: 50, native", "setup.units[5].lost", "fewer than its 50"),
        ("at: (8, 4), lost: 10", "at: (8, 4), lost: 30", "setup.units[14].lost", "hit points lost, fewer than its 30"),
        ("at: (5, 11), standard: true", "at: (5, 11), standard: true, demoralised: true", "setup.units[7].demoralised", "never test morale"),
        ("ammo: Some(3)", "ammo: Some(7)", "setup.units[1].ammo", "at most the 6"),
        ("at: (10, 11)", "at: (10, 11), breach_cast: true", "setup.units[8].breach_cast", "casts no Breach"),
        ("breaches: [(8, 6)]", "breaches: [(8, 7)]", "setup.siege.breaches", "wall hex or gate"),
        ("points: 6", "points: 12", "setup.siege.damaged", "fewer than the 12"),
    ];
    for (from, to, at, says) in cases {
        let e = super::set_up::<MassBattle>(&super::battle_changed("mass-battle-test-battle.ron", from, to)).err().expect("refused");
        assert!(e.starts_with(at) && e.contains(says), "{to}: {e}");
    }
}

#[test]
fn a_missile_of_ones_own_rolls_its_own_die_counts_its_shots_and_the_breach_halves_the_shelter() {
    // The crossbows' own d10 shows 7 on the goblins inside the walls. The breach opened before the
    // battle (sequence 0) leaves the besieged half the shelter in sequence 1 (l. 202, R-M14), not a
    // quarter; the shot spends one of the three left.
    let mut b = test_battle();
    let events = sequence(&mut b, &[(2, Order::Shoot(UnitId(12)))], &[7, 1, 1, 1, 1, 1, 1]);
    let shot = attacks(&events).into_iter().find(|a| a.attacker == UnitId(2)).expect("the crossbows shoot");
    assert_eq!((shot.faces.clone(), shot.roll, shot.troops), (vec![7], 7, 30), "{shot:?}");
    assert!(shot.terms.iter().any(|t| t.rule == "l. 202, R-M14" && t.times == (1, 2)), "{:?}", shot.terms);
    assert_eq!(b.unit(UnitId(2)).expect("the crossbows").state.ammo, Some(2));
}

#[test]
fn a_shot_out_of_reach_is_refused_with_the_rule_that_closes_it() {
    // The crossbows reach 4 hexes (their own missile); the trolls stand farther. The refusal says
    // so before what the side may give instead (issue 48, item 6).
    let b = test_battle();
    let shot = Command::Give { unit: UnitId(2), order: Order::Shoot(UnitId(13)) };
    let refused = MassBattle::resolve(&b, &shot, &mut Dice::new(0)).expect_err("refused").0;
    assert!(refused.starts_with("Out of missile range") && refused.contains("it reaches 4") && refused.contains("not among the legal commands"), "{refused}");
}

#[test]
fn a_wall_hex_damaged_before_the_battle_falls_to_one_more_sequence_of_bombardment() {
    // 6 work points on (6, 6) and the great trebuchet's 6 (H-M13) make the wall's 12.
    let mut b = test_battle();
    let wall = Offset(6, 6).to_hex();
    assert!(orders(&b, 5).contains(&Order::Bombard(wall)));
    let events = sequence(&mut b, &[(5, Order::Bombard(wall))], &[1; 12]);
    assert!(events.iter().any(|e| matches!(e, Event::BreachOpened { hex, .. } if *hex == wall)), "{events:?}");
}

#[test]
fn werewolves_immune_but_to_silver_and_magic_take_nothing_from_the_trolls_claws() {
    // l. 107: the trolls' claws carry no tag; the werewolves take nothing and strike back five times
    // as hard (H-M15).
    let mut b = test_battle();
    let events = sequence(&mut b, &[(4, Order::Hold), (13, Order::Engage(UnitId(4)))], &[4; 12]);
    let a = attacks(&events);
    let claws = a.iter().find(|a| a.attacker == UnitId(13)).expect("the trolls attack");
    assert_eq!(claws.damage, 0, "{claws:?}");
    let back = a.iter().find(|a| a.attacker == UnitId(4)).expect("the werewolves strike back");
    assert!(back.terms.iter().any(|t| t.times.0 == 5), "{:?}", back.terms);
}

#[test]
fn units_starting_demoralised_or_with_a_spell_spent_have_only_the_orders_left_to_them() {
    let b = test_battle();
    assert_eq!(orders(&b, 7), [Order::Rally, Order::Flee, Order::Hold], "demoralised from the start (l. 33, 91-94)");
    let oriel = orders(&b, 10);
    assert!(!oriel.iter().any(|o| matches!(o, Order::Cast(_))), "his Blast is spent (H-M7)");
    assert!(oriel.iter().any(|o| matches!(o, Order::Passwall(_))), "his Breach, 2 hexes, is not");
}

#[test]
fn the_veterans_defend_their_native_land_and_the_temple_guards_follow_their_cleric() {
    // The goblins' bows on 1s hurt the veterans, who test at +1 for the native land the scenario
    // gives them though their side fights abroad (l. 79). The trolls claw the temple guards, whose
    // 6 and 6 would fail their morale of 5: Brother Anselme lives, so they pass (l. 98).
    let mut b = test_battle();
    let orders = [(12, Order::Shoot(UnitId(6))), (13, Order::Engage(UnitId(3))), (6, Order::Hold), (3, Order::Hold)];
    let events = sequence(&mut b, &orders, &[1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
    let test = |unit: u32| {
        events.iter().find_map(|e| match e {
            Event::MoraleTest { unit: u, factors, passed, .. } if *u == UnitId(unit) => Some((factors.iter().map(|f| (f.rule, f.value)).collect::<Vec<_>>(), *passed)),
            _ => None,
        })
    };
    let (veterans, _) = test(6).unwrap_or_else(|| panic!("the veterans test: {events:?}"));
    assert!(veterans.contains(&("l. 79", 1)), "{veterans:?}");
    let (_, guards_passed) = test(3).unwrap_or_else(|| panic!("the guards test: {events:?}"));
    assert!(guards_passed);
}
