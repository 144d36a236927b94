//! Swidenth's tables against the seed (`002_995897b66a650e62.txt`, cited `l. N`) and the
//! specification's house rules, row by row; and the arithmetic of its opposed d20 rolls at each
//! threshold: a tie, exactly Défense, twice and three times it, the range bands and the bubbles.

use strategos::rules::swidenth::data::{Characteristics, Rank, SpellEffect, SpellRoll, Trait, WeaponClass, tables};
use strategos::rules::swidenth::duel::{Arms, Band, Harm, Winner, band, bravoure_passes, combat_factors, cover, damage, harm, in_bubble, margin, range_bonus};

fn values(f: &[strategos::battle::Factor]) -> Vec<(&'static str, i8)> {
    f.iter().map(|f| (f.rule, f.value)).collect()
}

#[test]
fn the_seed_s_numbers() {
    let d = &tables().duel;
    // l. 11-12: the base human of the Empire of Swidenth.
    assert_eq!(d.base_human, Characteristics { mouv: 5, combat: 0, tir: 0, defence: 6, bravoure: 0, psychisme: 0, vitalite: 1 });
    assert_eq!(d.initiative_side_0_from, 11, "l. 30");
    assert_eq!((d.chief_bubble_below, d.champion_bubble_below), (3, 2), "l. 38, l. 58");
    assert_eq!((d.stun_penalty, d.stun_turns), (-4, 1), "l. 107-109");
    assert_eq!((d.wound_above, d.horrible_above), (2, 3), "l. 111, l. 114");
    assert_eq!(d.critical_damage, 3, "l. 118, l. 198");
    assert_eq!(d.concentrate_combat, 1, "l. 122");
    assert_eq!(d.charge_damage, 2, "l. 124");
    assert_eq!(d.outnumber_combat, 2, "l. 126");
    assert_eq!((d.aim, d.camouflage), (2, 2), "l. 168, l. 170");
    assert_eq!((d.range_bonus.short, d.range_bonus.medium, d.range_bonus.long), (2, 1, 0), "l. 152");
    assert_eq!((d.cover_bonus.over_a_third, d.cover_bonus.over_two_thirds), (2, 4), "l. 164");
    assert_eq!(d.ally_hit_from, 8, "l. 166");
    assert_eq!((d.horrible_in_melee.within_paces_below, d.horrible_in_melee.difficulty), (3, 8), "l. 116");
    assert_eq!(d.horrible_from_shot.difficulty, 7, "l. 196");
    assert_eq!(tables().scale.per_hex, 1, "A4: a pace a hex");
}

#[test]
fn weapons_and_armour() {
    let w = &tables().weapons;
    assert_eq!((w.unarmed.combat, w.unarmed.damage), (-2, -2), "l. 138");
    let light = w.second(WeaponClass::Light).unwrap();
    let medium = w.second(WeaponClass::Medium).unwrap();
    assert_eq!(((light.combat, light.damage), (medium.combat, medium.damage)), ((1, 0), (1, 1)), "l. 134-136");
    assert!(w.second(WeaponClass::Heavy).is_none(), "R-S12: a heavy weapon is never a second weapon");
    // name, class, hands, damage, range, reload, shots (l. 103, l. 148, l. 180; the rest H-S1, H-S10, H-S17)
    let rows: [(&str, Option<WeaponClass>, u8, i8, Option<u8>, bool, u8); 12] = [
        ("dagger", Some(WeaponClass::Light), 1, 1, None, false, 1),
        ("sword", Some(WeaponClass::Medium), 1, 2, None, false, 1),
        ("axe", Some(WeaponClass::Medium), 1, 2, None, false, 1),
        ("mace", Some(WeaponClass::Medium), 1, 2, None, false, 1),
        ("spear", Some(WeaponClass::Medium), 1, 2, None, false, 1),
        ("two-handed", Some(WeaponClass::Heavy), 2, 4, None, false, 1),
        ("short-bow", None, 2, 1, Some(18), false, 1),
        ("long-bow", None, 2, 1, Some(24), false, 1),
        ("crossbow", None, 2, 3, Some(24), true, 1),
        ("sling", None, 1, 0, Some(12), false, 1),
        ("throwing-knives", Some(WeaponClass::Light), 1, 0, Some(6), false, 2),
        ("claws", Some(WeaponClass::Medium), 0, 2, None, false, 1),
    ];
    assert_eq!(w.weapons.len(), rows.len());
    for (name, class, hands, dmg, range, reload, shots) in rows {
        let x = w.weapon(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!((x.class, x.hands, x.damage, x.range, x.reload, x.shots), (class, hands, dmg, range, reload, shots), "{name}");
    }
    assert!(w.weapon("claws").unwrap().natural, "H-S17: claws are not unarmed");
    assert_eq!(w.weapon("short-bow").unwrap().short_range(), Some(6), "l. 148: range 18, p = 6");
    let armour: Vec<(&str, i8, u8, i8)> = w.armour.iter().map(|a| (a.name.as_str(), a.defence, a.hands, a.mouv)).collect();
    assert_eq!(armour, [("shield", 1, 1, 0), ("light-armour", 1, 0, 0), ("heavy-armour", 2, 0, -1)]);
}

#[test]
fn the_two_sample_warbands() {
    let t = tables();
    // name, rank, count, Mouv, Comb, Tir, Déf, Brav, Psy, Vit (H-S2)
    let patrol: [(&str, Rank, u8, [i8; 7]); 6] = [
        ("Capitaine Aldo", Rank::Chief, 1, [5, 3, 1, 8, 3, 1, 2]),
        ("Sergente Mira", Rank::Champion, 1, [5, 2, 1, 7, 2, 0, 1]),
        ("Soldat", Rank::Henchman, 2, [5, 1, 0, 7, 0, 0, 1]),
        ("Arbalétrier", Rank::Henchman, 1, [5, 0, 2, 6, 0, 0, 1]),
        ("Archer", Rank::Henchman, 1, [5, 0, 2, 6, 0, 0, 1]),
        ("Ilse, mage", Rank::Henchman, 1, [5, -1, 0, 6, 1, 3, 1]),
    ];
    let raiders: [(&str, Rank, u8, [i8; 7]); 6] = [
        ("Grushak, chef de guerre orque", Rank::Chief, 1, [5, 3, 0, 7, 2, 0, 2]),
        ("Brakka, champion orque", Rank::Champion, 1, [5, 2, 0, 7, 1, 0, 1]),
        ("Guerrier orque", Rank::Henchman, 2, [5, 1, 0, 7, 0, -1, 1]),
        ("Archer gobelin", Rank::Henchman, 1, [6, -1, 1, 5, -1, 0, 1]),
        ("Troll des cavernes", Rank::Henchman, 1, [6, 2, 0, 7, 1, -2, 3]),
        ("Chaman gobelin", Rank::Henchman, 1, [6, -1, 0, 5, 0, 2, 1]),
    ];
    for (band, rows) in [("swidenth-patrol", patrol), ("black-vale-raiders", raiders)] {
        let b = t.bands.band(band).unwrap();
        let got: Vec<(&str, Rank, u8, [i8; 7])> =
            b.figures.iter().map(|f| (f.name.as_str(), f.rank, f.count, [f.mouv, f.combat, f.tir, f.defence, f.bravoure, f.psychisme, f.vitalite])).collect();
        assert_eq!(got, rows, "{band}");
        assert_eq!(b.figures.iter().map(|f| u32::from(f.count)).sum::<u32>(), 7, "{band}: seven figures");
        for f in &b.figures {
            assert!(f.weapons.iter().all(|w| t.weapons.weapon(&w.name) == Some(w)), "{}: {:?}", f.name, f.weapons);
            assert!(f.armour.iter().all(|a| t.weapons.armour(a).is_some()), "{}: {:?}", f.name, f.armour);
            for s in &f.spells {
                t.spells.spell(s);
            }
        }
    }
    let troll = t.bands.band("black-vale-raiders").unwrap().figures.iter().find(|f| f.name.starts_with("Troll")).unwrap();
    assert_eq!(troll.traits, [Trait::Terrifying], "H-S4c");
}

#[test]
fn the_four_spells() {
    let s = &tables().spells;
    assert_eq!(s.concentrate, 2, "H-S3");
    let rows: Vec<(&str, SpellRoll, u8, SpellEffect)> = s.spells.iter().map(|x| (x.name.as_str(), x.roll, x.range, x.effect)).collect();
    assert_eq!(
        rows,
        [
            ("fire-bolt", SpellRoll::Shot, 12, SpellEffect::Damage(2)),
            ("paralysis", SpellRoll::Opposed, 12, SpellEffect::Stun),
            ("healing", SpellRoll::Fixed(10), 2, SpellEffect::Heal),
            ("mystic-shield", SpellRoll::Fixed(10), 2, SpellEffect::Defence(2)),
        ]
    );
}

#[test]
fn the_margin_and_ties() {
    // l. 99: a margin of 0 is a tie in melee; l. 174: in a shot the target wins ties.
    assert_eq!(margin(14, 14, false), None);
    assert_eq!(margin(14, 14, true), Some((Winner::Opposing, 0)));
    assert_eq!(margin(17, 12, false), Some((Winner::Acting, 5)));
    assert_eq!(margin(9, 12, false), Some((Winner::Opposing, 3)), "either may win (l. 89)");
}

#[test]
fn the_result_against_defence_at_each_threshold() {
    // l. 105-114 against Défense 6: at most 6 push back, 7 stun, above 12 wound, above 18 horrible.
    let rows = [(-1, Harm::PushBack), (6, Harm::PushBack), (7, Harm::Stun), (12, Harm::Stun), (13, Harm::Wound), (18, Harm::Wound), (19, Harm::Horrible)];
    for (result, expected) in rows {
        assert_eq!(harm(result, 6), expected, "result {result} against Défense 6");
    }
}

#[test]
fn the_damage_added_to_the_margin() {
    let sword = Arms { damage: Some(2), second: None };
    assert_eq!(values(&damage(sword, false, false)), [("l. 103", 2)]);
    assert_eq!(values(&damage(sword, true, true)), [("l. 103", 2), ("l. 118", 3), ("l. 124", 2)], "a critical and a winning charge");
    let with_axe = Arms { damage: Some(2), second: Some(WeaponClass::Medium) };
    assert_eq!(values(&damage(with_axe, false, false)), [("l. 103", 2), ("l. 136", 1)]);
    let with_dagger = Arms { damage: Some(2), second: Some(WeaponClass::Light) };
    assert_eq!(values(&damage(with_dagger, false, false)), [("l. 103", 2)], "a light second weapon adds no damage");
    assert_eq!(values(&damage(Arms { damage: None, second: None }, false, false)), [("l. 138", -2)]);
}

#[test]
fn the_modifiers_of_combat() {
    let sword = Arms { damage: Some(2), second: None };
    assert!(combat_factors(sword, 0, false, 0).is_empty());
    assert_eq!(values(&combat_factors(sword, 0, true, 0)), [("l. 122", 1)]);
    assert_eq!(values(&combat_factors(sword, 0, false, 2)), [("l. 126", 4)], "two allies on the lone enemy: +2 each");
    assert_eq!(values(&combat_factors(Arms { damage: Some(2), second: Some(WeaponClass::Light) }, 0, false, 0)), [("l. 134", 1)]);
    assert_eq!(values(&combat_factors(Arms { damage: Some(2), second: Some(WeaponClass::Medium) }, 0, false, 0)), [("l. 136", 1)]);
    assert_eq!(values(&combat_factors(Arms { damage: None, second: None }, 0, false, 0)), [("l. 138", -2)]);
    assert_eq!(values(&combat_factors(sword, 2, false, 0)), [("l. 109", -8)], "stuns stack");
}

#[test]
fn range_bands_cover_and_bubbles_by_the_gap_rule() {
    // l. 148: range 18, p = 6. The paces between figures are the hexes between them (A4).
    for (d, expected) in [(1, Some(Band::Short)), (7, Some(Band::Short)), (8, Some(Band::Medium)), (13, Some(Band::Medium)), (14, Some(Band::Long)), (19, Some(Band::Long)), (20, None)] {
        assert_eq!(band(d, 18), expected, "hex distance {d}");
    }
    assert_eq!([Band::Short, Band::Medium, Band::Long].map(|b| range_bonus(b).value), [2, 1, 0], "l. 152");
    assert_eq!(cover(0), None);
    assert_eq!([1, 2, 3].map(|p| cover(p).unwrap().value), [2, 4, 4], "l. 164");
    // l. 58: the Chief's "less than 3 paces" is a hex distance of 3 at most; a Champion's 2.
    let d = &tables().duel;
    assert!(in_bubble(3, d.chief_bubble_below) && !in_bubble(4, d.chief_bubble_below));
    assert!(in_bubble(2, d.champion_bubble_below) && !in_bubble(3, d.champion_bubble_below));
    // R-S4: d20 + Bravoure, stuns counted, at least the difficulty.
    assert!(bravoure_passes(6, 2, &[], 8) && !bravoure_passes(5, 2, &[], 8));
    assert!(!bravoure_passes(11, 0, &strategos::rules::swidenth::duel::stun_factors(1), 8));
}
