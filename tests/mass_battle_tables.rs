//! The mass battle's tables against the seed (`004_b9a75f81b7fc1dac.txt`, cited `l. N`) and the specification's
//! house rules: the battle table cell by cell and the rows hit dice read (B1 items 67-68), with its two quirks; the
//! morale modifiers; the siege engines' dice and the work points behind their 4/3/2 sequences; the dice notation;
//! and the sample armies' references to weapons, troop types and heroes.

use strategos::rules::mass_battle::data::{HitDice, Kind, Roll, Tag, Trait, tables};

/// The seed's battle table, typed from its text (l. 159-171): each row's label, a hit-dice value that reads it,
/// and its percentages from AC 10 to AC 22 (l. 158).
const SEED_TABLE: [(&str, &str, [u32; 13]); 13] = [
    (
        "Humain niv 0",
        "level0",
        [50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 5, 5, 5],
    ), // l. 159
    (
        "1 et moins",
        "1",
        [55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 5, 5],
    ), // l. 160
    (
        "1+ à 2",
        "2",
        [60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 5],
    ), // l. 161
    (
        "2+ à 3",
        "3",
        [65, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5],
    ), // l. 162
    (
        "3+ à 4",
        "4",
        [70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10],
    ), // l. 163
    (
        "4+ à 5",
        "5",
        [75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15],
    ), // l. 164
    (
        "5+ à 6",
        "6",
        [80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 20],
    ), // l. 165
    (
        "6+ à 7",
        "7",
        [85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25],
    ), // l. 166
    (
        "7+ à 9",
        "9",
        [90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30],
    ), // l. 167
    (
        "9+ à 11",
        "11",
        [90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 35],
    ), // l. 168
    (
        "11+ à 13",
        "13",
        [100, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35],
    ), // l. 169
    (
        "13+ à 15",
        "15",
        [100, 100, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40],
    ), // l. 170
    (
        "15 et plus",
        "16",
        [100, 100, 100, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45],
    ), // l. 171
];

fn hd(text: &str) -> HitDice {
    HitDice::try_from(text.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn roll(text: &str) -> Roll {
    Roll::try_from(text.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_cell_of_the_battle_table_is_the_seed_s() {
    let t = &tables().battle;
    assert_eq!(t.first_ac, 10, "l. 158");
    assert_eq!(t.rows.len(), SEED_TABLE.len(), "l. 159-171");
    for (label, dice, cells) in SEED_TABLE {
        assert_eq!(t.row(hd(dice)).label, label, "HD {dice}");
        for (ac, cell) in (10..=22u8).zip(cells) {
            assert_eq!(t.percent(hd(dice), ac), cell, "row {label}, AC {ac}");
        }
    }
}

#[test]
fn hit_dice_read_the_rows_of_item_68() {
    let t = &tables().battle;
    let cases = [
        ("level0", "Humain niv 0"),
        ("1/2", "1 et moins"),
        ("1-1", "1 et moins"),
        ("1", "1 et moins"),
        ("1+1", "1+ à 2"),
        ("2", "1+ à 2"),
        ("4+1", "4+ à 5"),
        ("6+6", "6+ à 7"),
        ("9", "7+ à 9"),
        ("9+2", "9+ à 11"),
        ("15", "13+ à 15"),
        ("15+1", "15 et plus"),
    ];
    for (dice, label) in cases {
        assert_eq!(t.row(hd(dice)).label, label, "HD {dice}");
    }
}

#[test]
fn an_armour_class_off_the_table_reads_its_nearest_column() {
    let t = &tables().battle;
    for (label, dice, cells) in SEED_TABLE {
        for ac in [0, 8, 9] {
            assert_eq!(
                t.percent(hd(dice), ac),
                cells[0],
                "row {label}: AC {ac} reads AC 10"
            );
        }
        for ac in [23, 25, 30] {
            assert_eq!(
                t.percent(hd(dice), ac),
                cells[12],
                "row {label}: AC {ac} reads AC 22"
            );
        }
    }
}

#[test]
fn the_battle_table_keeps_the_seed_s_two_quirks() {
    let t = &tables().battle;
    let (seven, nine) = (t.row(hd("9")), t.row(hd("11")));
    assert_eq!(
        (seven.label.as_str(), nine.label.as_str()),
        ("7+ à 9", "9+ à 11")
    );
    assert_eq!(
        seven.cells[..12],
        nine.cells[..12],
        "l. 167-168: the same from AC 10 to AC 21"
    );
    assert_eq!(
        (seven.cells[12], nine.cells[12]),
        (30, 35),
        "l. 167-168: they differ at AC 22"
    );
    let eleven = t.row(hd("13"));
    assert_eq!(eleven.label, "11+ à 13");
    assert_eq!(eleven.cells[..2], [100, 90], "l. 169: 100 then 90");
}

#[test]
fn morale_modifiers_are_the_seed_s() {
    let m = &tables().morale;
    assert_eq!(m.dice, roll("2d6"), "l. 67");
    assert_eq!(m.never_tests, 12, "l. 99");
    // In the seed's order: free, double, triple, half lost, three quarters lost, immune enemy, native land, town.
    let seed = [
        m.free,
        m.against_double,
        m.against_triple,
        m.lost_half,
        m.lost_three_quarters,
        m.immune_enemy,
        m.native_land,
        m.native_town,
    ];
    assert_eq!(seed, [1, -1, -1, -1, -2, -2, 1, 2], "l. 73-80");
    assert_eq!((m.standard_rally, m.standard_lost), (1, -1), "l. 40, l. 42");
    assert_eq!(m.commander_fell, -2, "l. 135-139");
    assert_eq!(m.besieged, 2, "l. 189");
    assert_eq!(m.coward_heroes, -1, "H-M12");
}

#[test]
fn multipliers_and_house_numbers_are_the_seed_s_and_the_house_rules() {
    let x = &tables().multipliers;
    assert_eq!(x.pursuit_percent, 10, "l. 88");
    assert_eq!(x.slice_percent, 5, "l. 104");
    assert_eq!((x.envelopment_percent, x.rear_percent), (5, 10), "H-M11");
    assert_eq!(
        (x.lance, x.polearm, x.flier),
        (2, 2, 2),
        "l. 149, l. 153, l. 108"
    );
    assert_eq!(
        (x.hero, x.special_attack, x.immune),
        (3, 3, 5),
        "l. 117, l. 105, l. 107"
    );
    assert_eq!((x.huge_per_hd, x.regeneration), (10, 10), "l. 106, l. 109");
    let h = &tables().house;
    assert_eq!(
        (h.sequences, h.siege_sequences, h.draw_below),
        (8, 12, 10),
        "H-M9"
    );
    assert_eq!(h.deployment_rows, 3, "H-M10");
    assert_eq!(h.duel_rounds, 10, "l. 123");
}

#[test]
fn siege_engines_roll_the_seed_s_dice_and_breach_a_wall_in_4_3_2_sequences() {
    let s = &tables().siege;
    assert_eq!(s.engines.len(), 4, "l. 210-222");
    let ballista = engine(s, "ballista");
    assert_eq!(
        (ballista.damage, ballista.range, ballista.min_range),
        (roll("5d6"), 3, 0),
        "l. 214, H-M2"
    );
    assert_eq!(
        ballista.work, 0,
        "l. 210: a ballista cannot damage a castle"
    );
    assert_eq!(s.wall_points, 12, "H-M13");
    // name, damage, range, minimum range, sequences to breach a wall
    let engines = [
        ("light-catapult", "6d6", 8, 3, 4),
        ("heavy-catapult", "8d8", 9, 3, 3),
        ("trebuchet", "10d10", 10, 4, 2),
    ];
    for (name, dice, range, min_range, sequences) in engines {
        let e = engine(s, name);
        assert_eq!(
            (e.damage, e.range, e.min_range),
            (roll(dice), range, min_range),
            "{name}: l. 216-222, H-M2"
        );
        assert_eq!(
            s.wall_points % e.work,
            0,
            "{name}: a whole number of sequences"
        );
        assert_eq!(
            s.wall_points / e.work,
            sequences,
            "{name}: a wall in {sequences} sequences, l. 216-222"
        );
    }
    let light = engine(s, "light-catapult");
    assert_eq!(
        (
            s.medium_tower_points / light.work,
            s.large_tower_points / light.work
        ),
        (8, 10),
        "l. 216: the towers"
    );
    assert_eq!(s.ram, roll("2d4"), "l. 194");
    assert_eq!(
        (s.intact, s.after_breach),
        ((1, 4), (1, 2)),
        "l. 183, l. 202"
    );
    assert_eq!(
        (s.breach_throughput, s.ammo, s.engine_ammo),
        (1, 6, 4),
        "H-M13"
    );
}

#[test]
fn rolls_are_read_as_written_and_bad_ones_refused() {
    for (text, (count, sides, plus)) in [
        ("d8", (1, 8, 0)),
        ("2d8", (2, 8, 0)),
        ("d8+3", (1, 8, 3)),
        ("10d10", (10, 10, 0)),
        ("d6-1", (1, 6, -1)),
    ] {
        let r = roll(text);
        assert_eq!((r.count, r.sides, r.plus), (count, sides, plus), "{text}");
        assert_eq!(r.to_string(), text, "{text} written back");
    }
    for bad in ["", "8", "d", "2d", "x8", "2x8", "0d6", "d1", "d8+", "d8+x"] {
        assert!(
            Roll::try_from(bad.to_string()).is_err(),
            "{bad:?} is not a roll"
        );
    }
}

#[test]
fn weapon_dice_and_ranges_are_the_house_rules() {
    let w = &tables().weapons;
    // name, damage (H-M14, the armies' own dice H-M8), range in hexes (H-M2)
    let rows = [
        ("dagger", "d4", None),
        ("club", "d6", None),
        ("spear", "d6", None),
        ("mace", "d6", None),
        ("sword", "d8", None),
        ("axe", "d8", None),
        ("lance", "d8", None),
        ("scimitar", "d8", None),
        ("halberd", "d10", None),
        ("two-handed", "d10", None),
        ("ogre-club", "d10", None),
        ("giant-club", "2d8", None),
        ("torch", "d4", None),
        ("claws", "d8", None),
        ("talons", "d6", None),
        ("bite", "d6", None),
        ("javelin", "d6", Some(1)),
        ("sling", "d6", Some(3)),
        ("short-bow", "d6", Some(3)),
        ("crossbow", "d8", Some(3)),
        ("long-bow", "d8", Some(4)),
        ("rocks", "2d8", Some(4)),
    ];
    assert_eq!(w.weapons.len(), rows.len());
    for (name, damage, range) in rows {
        let x = w.find(name).expect(name);
        assert_eq!((x.damage, x.range), (roll(damage), range), "{name}");
    }
    assert_eq!(
        w.find("torch").expect("torch").tags,
        [Tag::Fire],
        "H-M15: the torch-bearers' fire"
    );
}

#[test]
fn movement_allowances_are_the_h_m1_table() {
    let m = &tables().movement;
    let rows = [
        ("foot", 3),
        ("heavy-foot", 2),
        ("light-foot", 4),
        ("heavy-cavalry", 5),
        ("cavalry", 6),
        ("light-cavalry", 7),
        ("flying", 8),
        ("huge", 4),
        ("dragon", 10),
        ("hero", 4),
        ("hero-mounted", 6),
        ("undead", 2),
        ("ram", 1),
        ("engine", 0),
        ("ballista", 1),
    ];
    assert_eq!(m.allowances.len(), rows.len());
    for (kind, hexes) in rows {
        assert_eq!(m.allowance(kind), hexes, "{kind}");
    }
    assert_eq!(
        (
            m.open,
            m.rough,
            m.rough_mounted,
            m.stream,
            m.climb,
            m.rubble
        ),
        (1, 2, 3, 1, 1, 2),
        "H-M1, B4"
    );
}

#[test]
fn every_unit_s_weapons_and_troop_type_exist() {
    let t = tables();
    for army in t.armies.armies.iter() {
        for u in army.units.iter().filter(|u| u.hero.is_none()) {
            for w in u.weapon.iter().chain(&u.missile) {
                assert_eq!(t.weapons.find(&w.name), Some(w), "{}: {}'s weapon is weapons.ron's", army.name, u.name);
            }
            if let Some(missile) = &u.missile {
                assert!(missile.range.is_some(), "{}: {}'s missile {missile:?} has no range", army.name, u.name);
            }
            let known = t.movement.allowances.iter().any(|(kind, _)| *kind == u.moves_as);
            assert!(known, "{}: {} moves as {:?}, not in movement.ron", army.name, u.name, u.moves_as);
        }
    }
}

#[test]
fn the_two_sample_armies_have_one_commander_and_their_followers_hero() {
    let a = &tables().armies;
    assert_eq!(a.armies.len(), 2, "H-M8");
    let ost = a.armies.iter().find(|x| x.name == "ost-de-swidenth").expect("ost-de-swidenth");
    let horde = a.armies.iter().find(|x| x.name == "horde-du-val-noir").expect("horde-du-val-noir");
    assert_eq!(
        (ost.label.as_str(), horde.label.as_str()),
        ("Ost de Swidenth", "Horde du Val Noir")
    );
    // Each hero also stands among the units as one of a kind (data.rs `tables`).
    let line = |a: &strategos::rules::mass_battle::data::Army| {
        a.units
            .iter()
            .filter(|u| u.kind != strategos::rules::mass_battle::data::Kind::Hero)
            .count()
    };
    assert_eq!((line(ost), ost.heroes.len()), (11, 3), "H-M8 and H-M17's three engine crews: the Ost");
    assert_eq!((line(horde), horde.heroes.len()), (8, 2), "H-M8: the Horde");
    assert!(ost.units.iter().any(|u| u.name == "Baron Aldric"
        && u.kind == strategos::rules::mass_battle::data::Kind::Hero
        && u.pvi == 60));
    for army in [ost, horde] {
        assert_eq!(
            army.heroes.iter().filter(|h| h.commander).count(),
            1,
            "{}: one commander-in-chief",
            army.name
        );
        for u in &army.units {
            for t in &u.traits {
                if let Trait::Followers(hero) = t {
                    assert!(
                        army.hero(hero).is_some(),
                        "{}: {} follows {hero:?}, no hero of the army",
                        army.name,
                        u.name
                    );
                }
            }
        }
    }
    assert_eq!(
        horde.unit("Géant des collines").map(|u| u.kind),
        Some(Kind::Huge),
        "H-M8"
    );
    assert_eq!(
        ost.hero("Baron Aldric").map(|h| h.tags.clone()),
        Some(vec![Tag::Magic]),
        "H-M8: a magic sword"
    );
}

/// An engine of `siege.ron` by name.
fn engine<'a>(s: &'a strategos::rules::mass_battle::data::SiegeTable, name: &str) -> &'a strategos::rules::mass_battle::data::Engine {
    s.engines.iter().find(|e| e.name == name).expect(name)
}
