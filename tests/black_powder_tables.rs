//! Black Powder's tables against the seed (`001_ba684dff9a47d2b5.txt`), row by row: each assertion
//! names the seed line (`BP:Lnn`), the reading (`RB-n`) or the house rule (`HB-n`) it checks. Where the
//! seed states a number twice (a summary restating a table), the tests check that the two agree.

use strategos::rules::black_powder::data::*;

#[test]
fn six_inches_a_hex() {
    assert_eq!(tables().scale.per_hex, 6, "B.3.1: 6 inches per hex");
}

// --- Command ----------------------------------------------------------------------------------------

#[test]
fn command_modifiers() {
    let c = &tables().command;
    let rows = [
        (CommandFactor::DistanceFromCommander, -1, "BP:L17 per 12\" between the commander and the unit"),
        (CommandFactor::EnemyNear, -1, "BP:L18 an enemy within 12\" of the unit"),
        (CommandFactor::AttackColumn, 1, "BP:L19 attack column"),
        (CommandFactor::MarchColumnOffRoad, 1, "BP:L20 march column or limbered artillery off roads"),
        (CommandFactor::MarchColumnOnRoad, 2, "BP:L21 march column or limbered artillery on roads"),
    ];
    assert_eq!(c.modifiers.len(), rows.len(), "BP:L17-21: five rows");
    for (row, (factor, modifier, line)) in c.modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(c.command_modifier(factor), modifier, "{line}");
    }
    assert_eq!(c.distance_step, 12, "BP:L17: per 12\" (30 cm)");
    assert_eq!(c.enemy_within, 12, "BP:L18: within 12\"");
}

#[test]
fn command_distances_in_hexes() {
    let t = tables();
    let c = &t.command;
    let by_distance: Vec<i8> = (0..=7).map(|d| c.distance_modifier(t.scale, d)).collect();
    assert_eq!(by_distance, [0, 0, 0, -1, -1, -2, -2, -3], "BP:L17, B.3.1: -floor((d - 1) / 2), 0 in the same hex");
    assert_eq!(t.scale.reach(u32::from(c.enemy_within)), 3, "BP:L18, B.3.1: an enemy within 12\" is d <= 3");
}

#[test]
fn staff_ratings_and_the_command_roll() {
    let c = &tables().command;
    assert_eq!(c.staff_rating(StaffQuality::Poor), 7, "HB-2: a poor commander 7");
    assert_eq!(c.staff_rating(StaffQuality::Average), 8, "HB-2: an average commander 8");
    assert_eq!(c.staff_rating(StaffQuality::Good), 9, "HB-2: a good commander 9");
    assert_eq!(c.commander_in_chief, [StaffQuality::Average, StaffQuality::Good], "HB-2: the commander-in-chief 8-9");
    let by_roll: Vec<u8> = (2..=12).map(|roll| c.moves_granted(roll, 8)).collect();
    assert_eq!(by_roll, [3, 3, 3, 3, 3, 2, 1, 0, 0, 0, 0], "HB-3: rating 8: 1 move on 8, 2 on 7, 3 on 6 or less");
    assert_eq!(c.moves_granted(5, 5), 1, "HB-3: a roll equal to the rating, 1 move");
    assert_eq!(c.moves_granted(4, 5), 2, "HB-3: one under, 2 moves");
    assert_eq!(c.moves_granted(3, 5), 3, "HB-3: two under, 3 moves");
    assert_eq!(c.moves_granted(6, 5), 0, "HB-3: over the rating, the order fails");
    assert_eq!(c.moves_granted(2, -1), 0, "HB-3: a rating below 2 always fails");
    assert_eq!(c.blunder_double, 6, "HB-3: a double 6 blunders");
    assert!(c.is_blunder(6, 6), "HB-3: double 6");
    assert!(!c.is_blunder(5, 5) && !c.is_blunder(6, 5) && !c.is_blunder(1, 1), "HB-3: only a double 6");
    assert_eq!(c.brigade_chain_hexes, 1, "HB-4: each unit within 1 hex of another");
    assert_eq!(c.initiative_enemy_within, 12, "HB-5: an enemy within 12\"");
    assert_eq!(tables().scale.reach(u32::from(c.initiative_enemy_within)), 3, "HB-5: d <= 3");
    assert_eq!(c.rally_per_move, 1, "HB-16: 1 casualty a move");
}

// --- Movement ---------------------------------------------------------------------------------------

#[test]
fn movement_rates() {
    let t = tables();
    let mv = &t.movement;
    let rows = [
        (Mover::Infantry, 12, "BP:L27 infantry 12\""),
        (Mover::LimberedArtillery, 12, "BP:L27 limbered artillery 12\""),
        (Mover::Wagon, 12, "BP:L27 wagon 12\""),
        (Mover::Cavalry, 18, "BP:L28 cavalry 18\""),
        (Mover::LimberedHorseArtillery, 18, "BP:L28 limbered horse artillery 18\""),
        (Mover::ManhandledArtillery, 6, "BP:L29 manhandled artillery 6\""),
        (Mover::ManhandledBattalionGun, 12, "BP:L30 a battalion's gun manhandled 12\""),
        (Mover::FootCommander, 36, "BP:L31 commander on foot 36\" (RB-1: not the seed's 60 cm)"),
        (Mover::MountedCommander, 48, "BP:L32 commander on horseback 48\" (RB-1: not the seed's 90 cm)"),
    ];
    for (mover, inches, line) in rows {
        assert_eq!(mv.rate(mover), inches, "{line}");
    }
    assert_eq!(mv.rates.len(), 6, "BP:L27-32: six rows");
    let hexes = rows.map(|(mover, _, _)| t.scale.hexes_for(u32::from(mv.rate(mover))));
    assert_eq!(hexes, [2, 2, 2, 3, 3, 1, 2, 6, 8], "B.3.1: the rates in hexes");
}

#[test]
fn terrain_modifiers() {
    use MoveEffect::{Half, Impassable, Normal, Penalty};
    use MoveGroup::*;
    let mv = &tables().movement;
    let skirmishing_infantry = [SkirmishingInfantry, Skirmishers];
    let mounted_skirmishers = [Skirmishers];
    let others: [&[MoveGroup]; 4] = [&[FormedInfantry], &[FormedCavalry], &mounted_skirmishers, &[]];
    let effect = |terrain, groups: &[MoveGroup]| mv.terrain_effect(terrain, groups);
    assert_eq!(effect(MoveTerrain::Woods, &skirmishing_infantry), Some(Half), "BP:L36: woods, half distance for skirmishing infantry");
    for groups in others {
        assert_eq!(effect(MoveTerrain::Woods, groups), Some(Impassable), "BP:L36, RB-2: only skirmishing infantry enters woods ({groups:?})");
    }
    assert_eq!(effect(MoveTerrain::DifficultTerrain, &[FormedInfantry]), Some(Half), "BP:L37: difficult, half for infantry");
    assert_eq!(effect(MoveTerrain::DifficultTerrain, &[FormedCavalry]), Some(Half), "BP:L37: half for cavalry");
    assert_eq!(effect(MoveTerrain::DifficultTerrain, &skirmishing_infantry), Some(Normal), "BP:L37: normal for skirmishers");
    assert_eq!(effect(MoveTerrain::DifficultTerrain, &mounted_skirmishers), Some(Normal), "BP:L37: normal for skirmishers");
    let everyone: [&[MoveGroup]; 4] = [&skirmishing_infantry, &[FormedInfantry], &[FormedCavalry], &[]];
    for groups in everyone {
        assert_eq!(effect(MoveTerrain::Obstacle, groups), Some(Penalty(6)), "BP:L38: crossing an obstacle costs 6\" ({groups:?})");
        assert_eq!(effect(MoveTerrain::EnterBuilding, groups), Some(Penalty(6)), "BP:L39: entering a building costs 6\" ({groups:?})");
    }
    assert_eq!(mv.terrain.len(), 6, "BP:L36-39: six rows");
    assert_eq!(tables().scale.per_hex + 6, 12, "B.3.1: an obstacle or building step costs 12\"");
}

#[test]
fn failed_orders_evasion_and_counter_charges() {
    let mv = &tables().movement;
    assert_eq!(mv.failed_order_moves(Formation::MarchColumn), 1, "BP:L40: march column, a free move if the order fails");
    assert_eq!(mv.failed_order_moves(Formation::Limbered), 1, "BP:L41: limbered artillery, a free move");
    assert_eq!(mv.failed_order_moves(Formation::Square), 1, "BP:L42, RB-13: a square, one move");
    for f in [Formation::Line, Formation::AttackColumn, Formation::MixedOrder, Formation::Skirmish, Formation::Unlimbered] {
        assert_eq!(mv.failed_order_moves(f), 0, "BP:L40-42: {f:?} does not move when its order fails");
    }

    use ChargerClass::{FormedCavalry, FormedInfantry, Infantry};
    let formed_infantry = [Infantry, FormedInfantry];
    let skirmishing_infantry = [Infantry];
    assert!(mv.may_evade(&[Evader::Cavalry], &formed_infantry), "BP:L218: cavalry evades infantry");
    assert!(mv.may_evade(&[Evader::Cavalry], &skirmishing_infantry), "BP:L218: any infantry");
    assert!(mv.may_evade(&[Evader::HorseArtillery], &formed_infantry), "BP:L218: horse artillery evades infantry");
    assert!(!mv.may_evade(&[Evader::Cavalry], &[FormedCavalry]), "BP:L218: formed cavalry does not evade cavalry");
    assert!(mv.may_evade(&[Evader::FootSkirmishers], &formed_infantry), "BP:L220: foot skirmishers evade formed infantry");
    assert!(!mv.may_evade(&[Evader::FootSkirmishers], &skirmishing_infantry), "BP:L220: not skirmishing infantry");
    assert!(!mv.may_evade(&[Evader::FootSkirmishers], &[FormedCavalry]), "BP:L220-222: foot skirmishers do not evade cavalry");
    assert!(mv.may_evade(&[Evader::Cavalry, Evader::MountedSkirmishers], &[FormedCavalry]), "BP:L222: mounted skirmishers evade formed cavalry");
    assert_eq!(mv.evasion.len(), 3, "BP:L218-222: three rows");

    assert!(mv.may_counter_charge(Troop::Cavalry), "BP:L230: cavalry counter-charges");
    assert!(!mv.may_counter_charge(Troop::Infantry) && !mv.may_counter_charge(Troop::Artillery), "BP:L230: only cavalry");
}

#[test]
fn step_costs() {
    let t = tables();
    let s = t.movement.steps;
    assert_eq!((s.forward, s.lateral, s.backward), (6, 6, 12), "HB-6: 6\" forward or lateral, 12\" backward");
    assert_eq!(u32::from(s.forward), t.scale.per_hex, "HB-6: a forward step is one hex's inches");
    assert_eq!(t.movement.minimum_move_hexes, 1, "HB-6: a minimum move of 1 hex");
}

// --- Saves and break tests --------------------------------------------------------------------------

#[test]
fn save_modifiers() {
    let m = &tables().morale;
    assert_eq!(m.default_save, 4, "BP:L48: most units save on 4+");
    assert_eq!(m.always_fails, 1, "HB-10: a natural 1 always fails");
    let rows = [
        (SaveFactor::AttackColumnInfantry, 1, "BP:L50 infantry in attack column"),
        (SaveFactor::LightCover, 1, "BP:L51 light cover"),
        (SaveFactor::HeavyCover, 2, "BP:L52 heavy cover"),
        (SaveFactor::MarchColumn, -2, "BP:L53 march column"),
        (SaveFactor::ArtilleryLongRange, -1, "BP:L54 artillery at long range"),
        (SaveFactor::ArtilleryShortOrMediumRange, -2, "BP:L55 artillery at short or medium range"),
    ];
    assert_eq!(m.modifiers.len(), rows.len(), "BP:L50-55: six rows");
    for (row, (factor, modifier, line)) in m.modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(m.save_modifier(factor), modifier, "{line}");
    }
}

#[test]
fn break_test_modifiers() {
    let b = &tables().break_test;
    let rows = [
        (BreakFactor::CasualtyAboveStamina, -1, "BP:L61 per casualty above stamina"),
        (BreakFactor::Disordered, -1, "BP:L62 disordered"),
        (BreakFactor::ArtilleryCasualties, -1, "BP:L63 casualties from artillery"),
    ];
    assert_eq!(b.modifiers.len(), rows.len(), "BP:L61-63: three rows");
    for (row, (factor, modifier, line)) in b.modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(b.break_modifier(factor), modifier, "{line}");
    }
    assert_eq!(b.break_modifier(BreakFactor::Disordered), -1, "BP:L194: a disordered unit -1 on break tests");
}

#[test]
fn break_test_result_table() {
    use BreakResult::{Break, Hold, Retire};
    use CombatKind::{Melee, Shooting};
    let b = &tables().break_test;
    let troops = [Troop::Infantry, Troop::Cavalry, Troop::Artillery];
    // total, combat, infantry, cavalry, artillery
    let rows = [
        (4, Shooting, [Break, Break, Break], "BP:L68: 4 or less, shooting"),
        (4, Melee, [Break, Break, Break], "BP:L69: 4 or less, melee"),
        (5, Shooting, [Retire, Retire, Break], "BP:L70: 5, shooting"),
        (5, Melee, [Retire, Retire, Break], "BP:L71: 5, melee"),
        (6, Shooting, [Hold, Hold, Break], "BP:L72: 6, shooting"),
        (6, Melee, [Retire, Retire, Break], "BP:L73: 6, melee"),
        (7, Shooting, [Hold, Hold, Hold], "BP:L74: 7 or more, shooting"),
        (7, Melee, [Hold, Retire, Break], "BP:L75: 7 or more, melee"),
    ];
    assert_eq!(b.results.len(), rows.len(), "BP:L68-75: eight rows");
    for (total, combat, results, line) in rows {
        assert_eq!(troops.map(|t| b.break_result(total, t, combat)), results, "{line}");
    }
    for total in [-4, 0, 2, 3] {
        for combat in [Shooting, Melee] {
            assert_eq!(troops.map(|t| b.break_result(total, t, combat)), [Break; 3], "BP:L68-69: {total} is 4 or less");
        }
    }
    for total in [8, 12, 16] {
        assert_eq!(troops.map(|t| b.break_result(total, t, Shooting)), [Hold; 3], "BP:L74: {total} is 7 or more");
        assert_eq!(troops.map(|t| b.break_result(total, t, Melee)), [Hold, Retire, Break], "BP:L75: {total} is 7 or more");
    }
}

#[test]
fn test_conditions_and_retiring() {
    use CombatKind::{Melee, Shooting};
    let b = &tables().break_test;
    let rows = [
        (TestLetter::A, TestTrigger::CasualtiesPastStamina, Shooting, "BP:L142: A, casualties past stamina after shooting"),
        (TestLetter::B, TestTrigger::ShakenOrArtilleryClosingFire, Shooting, "BP:L143, RB-4: B, Shaken or artillery closing fire"),
        (TestLetter::C, TestTrigger::LostMelee, Melee, "BP:L144: C (printed B), lost a melee"),
        (TestLetter::D, TestTrigger::ShakenInDrawnMelee, Melee, "BP:L145: D, Shaken in a drawn melee"),
        (TestLetter::E, TestTrigger::SupportedUnitBroke, Melee, "BP:L146: E, the supported unit broke"),
    ];
    assert_eq!(b.tests.len(), rows.len(), "BP:L142-146: five tests");
    for (row, (test, trigger, reads, line)) in b.tests.iter().zip(rows) {
        assert_eq!((row.test, row.trigger, row.reads), (test, trigger, reads), "{line}");
        assert_eq!(b.test(test).trigger, trigger, "{line}");
    }
    assert_eq!(b.reads(TestLetter::E), Melee, "BP:L77: an E test reads the melee row");

    let r = b.retire;
    assert_eq!((r.moves, r.blocked_moves), (1, 2), "BP:L152: one full move back; two if it cannot");
    let t = tables();
    let hexes = |mover, moves: u8| t.scale.hexes_for(u32::from(t.movement.rate(mover)) * u32::from(moves));
    assert_eq!((hexes(Mover::Infantry, r.moves), hexes(Mover::Infantry, r.blocked_moves)), (2, 4), "B.3.1: infantry retires 2 / 4 hexes");
    assert_eq!((hexes(Mover::Cavalry, r.moves), hexes(Mover::Cavalry, r.blocked_moves)), (3, 6), "B.3.1: cavalry retires 3 / 6 hexes");
}

// --- Hand-to-hand -----------------------------------------------------------------------------------

#[test]
fn melee_to_hit_and_result_modifiers() {
    let m = &tables().melee;
    assert_eq!(m.to_hit, 4, "BP:L83: hits on 4+");
    let rows = [
        (MeleeFactor::Charging, 1, "BP:L85 charging"),
        (MeleeFactor::ShakenOrDisordered, -1, "BP:L85 shaken or disordered"),
        (MeleeFactor::WonLastRound, 1, "BP:L86 won the previous round"),
        (MeleeFactor::Skirmishers, -1, "BP:L86 skirmishers"),
        (MeleeFactor::EngagedFlankOrRear, -1, "BP:L87 engaged in the flank or rear"),
    ];
    assert_eq!(m.to_hit_modifiers.len(), rows.len(), "BP:L85-87: five rows");
    for (row, (factor, modifier, line)) in m.to_hit_modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(m.to_hit_modifier(factor), modifier, "{line}");
    }
    let rows = [
        (ResultFactor::RearSupport, 1, "BP:L91 rear support"),
        (ResultFactor::SquareAgainstCavalry, 3, "BP:L91 square against cavalry"),
        (ResultFactor::FlankSupport, 1, "BP:L92 flank support (left / right)"),
    ];
    assert_eq!(m.result_modifiers.len(), rows.len(), "BP:L91-92: three rows besides the building's");
    for (row, (factor, modifier, line)) in m.result_modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(m.result_modifier(factor), modifier, "{line}");
    }
    assert_eq!(m.advance_hexes, 1, "HB-13: the winner may advance 1 hex");
}

#[test]
fn disorder_and_shaken_summaries_agree_with_the_tables() {
    let t = tables();
    let melee = t.melee.to_hit_modifier(MeleeFactor::ShakenOrDisordered);
    let shooting = t.shooting.to_hit_modifier(ShootingFactor::ShooterShakenOrDisordered);
    assert_eq!((shooting, melee), (-1, -1), "BP:L192: disordered, -1 to hit and -1 in combat (L85, L115)");
    assert_eq!((shooting, melee), (-1, -1), "BP:L208: shaken, -1 to hit and -1 in combat (L85, L115)");
    assert_eq!(t.break_test.break_modifier(BreakFactor::Disordered), -1, "BP:L194: disordered, -1 on break tests (L62)");
}

// --- Shooting ---------------------------------------------------------------------------------------

#[test]
fn ranges_in_inches_and_hexes() {
    let t = tables();
    let s = &t.shooting;
    let rows = [
        (Weapon::Pistol, 6, "BP:L98 pistols 6\""),
        (Weapon::Thrown, 6, "BP:L98 thrown weapons 6\""),
        (Weapon::Bow, 12, "BP:L99 bow and arrows 12\""),
        (Weapon::SmoothboreCarbine, 12, "BP:L100 smoothbore carbines 12\""),
        (Weapon::SmoothboreMusket, 18, "BP:L101 smoothbore muskets 18\""),
        (Weapon::RifledCarbine, 18, "BP:L102 rifled carbines 18\""),
        (Weapon::RifledMusket, 24, "BP:L103 rifled muskets 24\""),
        (Weapon::BreechLoadingCarbine, 24, "BP:L104 breech-loading carbines 24\""),
        (Weapon::BreechLoadingRifle, 30, "BP:L105 breech-loading rifles 30\""),
        (Weapon::LeverActionCarbine, 30, "BP:L106 lever-action carbines 30\""),
        (Weapon::LeverActionRifle, 36, "BP:L107 lever-action rifle 36\""),
        (Weapon::LightSmoothboreArtillery, 36, "BP:L108 light smoothbore artillery 36\""),
        (Weapon::SmoothboreArtillery, 48, "BP:L109 smoothbore artillery 48\""),
    ];
    assert_eq!(rows.map(|(w, _, _)| w), Weapon::ALL, "BP:L98-109: every weapon, in the seed's order");
    for (weapon, inches, line) in rows {
        assert_eq!(s.range(weapon), inches, "{line}");
    }
    assert_eq!(s.ranges.len(), 12, "BP:L98-109: twelve rows");
    let hexes = Weapon::ALL.map(|w| t.scale.reach(u32::from(s.range(w))));
    assert_eq!(hexes, [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 9], "B.3.1: d <= 2 / 3 / 4 / 5 / 6 / 7 / 9");
    assert_eq!(s.short_range, 6, "BP:L114: short range 6\"");
    assert_eq!(t.scale.reach(u32::from(s.short_range)), 2, "B.3.1: short range is d <= 2");
    let guns: Vec<Weapon> = Weapon::ALL.into_iter().filter(|w| w.is_artillery()).collect();
    assert_eq!(guns, [Weapon::LightSmoothboreArtillery, Weapon::SmoothboreArtillery], "BP:L108-109: the guns");
}

#[test]
fn shooting_to_hit_modifiers() {
    let s = &tables().shooting;
    assert_eq!(s.to_hit, 4, "HB-10: hits on 4+");
    assert_eq!((s.always_hits, s.always_misses), (6, 1), "HB-10: a natural 6 hits, a natural 1 misses");
    assert_eq!(s.disorders_on, 6, "HB-10: a natural 6 disorders the target");
    assert!(!s.nearest_target_only, "HB-10: any target in arc, range and sight");
    let rows = [
        (ShootingFactor::ArtilleryAtColumnOrSquare, 1, "BP:L113 artillery at a column or a square"),
        (ShootingFactor::CloseRange, 1, "BP:L114 short range, closing fire or skirmishers (RB-3)"),
        (ShootingFactor::ShooterShakenOrDisordered, -1, "BP:L115 shooter shaken or disordered"),
        (ShootingFactor::HardTarget, -1, "BP:L116 at skirmishers, deployed artillery, partially visible"),
        (ShootingFactor::ArtilleryBeyondHalfRange, -1, "BP:L117 artillery beyond half range"),
        (ShootingFactor::ArtilleryOverUnits, -1, "BP:L118 artillery over units"),
    ];
    assert_eq!(s.to_hit_modifiers.len(), rows.len(), "BP:L113-118: six rows");
    for (row, (factor, modifier, line)) in s.to_hit_modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(s.to_hit_modifier(factor), modifier, "{line}");
    }
}

// --- Dice counts ------------------------------------------------------------------------------------

#[test]
fn unit_size_dice() {
    use DiceRule::{Add, Fixed, Unchanged};
    let d = &tables().dice;
    let rules = |size| {
        let r = d.size_rules(size);
        (r.shooting, r.melee)
    };
    assert_eq!(rules(Size::Large), (Add(1), Add(2)), "BP:L122: large, +1 shooting die, +2 combat dice");
    assert_eq!(rules(Size::Small), (Add(-1), Add(-2)), "BP:L123: small, -1 shooting die, -2 combat dice");
    assert_eq!(rules(Size::Reduced), (Fixed(1), Fixed(1)), "BP:L124: reduced, 1 die only");
    assert_eq!(rules(Size::Standard), (Unchanged, Unchanged), "BP:L120-124: a standard unit has no row");
    // A line battalion's 3 shooting and 6 combat dice (HB-1).
    let dice = |size| {
        let r = d.size_rules(size);
        (r.shooting.apply(3), r.melee.apply(6))
    };
    assert_eq!(dice(Size::Large), (4, 8), "BP:L122");
    assert_eq!(dice(Size::Small), (2, 4), "BP:L123");
    assert_eq!(dice(Size::Reduced), (1, 1), "BP:L124");
    assert_eq!(dice(Size::Standard), (3, 6), "BP:L120-124");
}

#[test]
fn formation_dice() {
    use DiceRule::{Fixed, PerSide, Unchanged};
    let d = &tables().dice;
    let rules = |formation| {
        let r = d.formation_rules(formation);
        (r.shooting, r.melee)
    };
    assert_eq!(rules(Formation::AttackColumn), (Fixed(1), Unchanged), "BP:L128: attack column shoots with 1 die");
    assert_eq!(rules(Formation::MixedOrder), (Fixed(1), Unchanged), "BP:L129: mixed formation shoots 1 die");
    assert_eq!(rules(Formation::Square), (PerSide(1), PerSide(2)), "BP:L130: square, 1 die a side, combat 2 dice a side");
    assert_eq!(rules(Formation::MarchColumn), (Fixed(0), Fixed(1)), "BP:L131: march column, no shooting, combat 1 die");
    assert_eq!(rules(Formation::Limbered), (Fixed(0), Fixed(0)), "BP:L132: limbered artillery, no shooting, no combat");
    for f in [Formation::Line, Formation::Skirmish, Formation::Band, Formation::Unlimbered] {
        assert_eq!(rules(f), (Unchanged, Unchanged), "BP:L126-132: {f:?} has no row");
    }
    assert_eq!(d.formation.len(), 5, "BP:L128-132: five rows");
    let square = d.formation_rules(Formation::Square);
    assert_eq!((square.shooting.apply(3), square.melee.apply(6)), (1, 2), "BP:L130: per side (B.3.3: per target or enemy)");
}

#[test]
fn tactical_situation_dice() {
    use DiceRule::{PerSide, Times, Unchanged};
    let d = &tables().dice;
    let rules = |situation| {
        let r = d.situation_rules(situation);
        (r.shooting, r.melee)
    };
    assert_eq!(rules(Situation::EnfiladedInfantry), (Times(2), Unchanged), "BP:L136: infantry in enfilade, shooting dice x 2");
    assert_eq!(rules(Situation::EnfiladedArtillery), (Times(2), Unchanged), "BP:L137: artillery in enfilade, shooting dice x 2");
    assert_eq!(rules(Situation::InBuilding), (PerSide(2), PerSide(2)), "BP:L138: buildings, 2 dice a side, shooting and combat");
    assert_eq!(d.situation.len(), 3, "BP:L136-138: three rows");
    assert_eq!(Times(2).apply(3), 6, "BP:L136: 3 dice become 6");
}

// --- Blunders ---------------------------------------------------------------------------------------

#[test]
fn blunder_results() {
    use BlunderCharge::{Allowed, Attempt, Never};
    use BlunderDirection::{AwayFromEnemy, Forward, Left, Right};
    use BlunderMoves::{Moves, D3};
    let b = &tables().blunder;
    let rows = [
        (1, BlunderResult::RapidRetreat, AwayFromEnemy, Moves(2), Never, "BP:L160-162: 1, rapid retreat, 2 moves away from the nearest enemy"),
        (2, BlunderResult::Retreat, AwayFromEnemy, Moves(1), Never, "BP:L164-166: 2, retreat, 1 move away"),
        (3, BlunderResult::MoveLeft, Left, Moves(1), Allowed, "BP:L168-170: 3, 1 move left, charge possible"),
        (4, BlunderResult::MoveRight, Right, Moves(1), Allowed, "BP:L172-174: 4, 1 move right, charge possible"),
        (5, BlunderResult::MoveForward, Forward, Moves(1), Allowed, "BP:L176-178: 5, 1 move forward, charge possible"),
        (6, BlunderResult::Charge, Forward, D3, Attempt, "BP:L180-182: 6, charge! 1D3 moves forward, trying to charge"),
    ];
    assert_eq!(b.results.len(), rows.len(), "BP:L160-182: six results");
    for (roll, result, direction, moves, charge, line) in rows {
        let r = b.blunder(roll);
        assert_eq!((r.roll, r.result, r.direction, r.moves, r.charge), (roll, result, direction, moves, charge), "{line}");
    }
}

// --- Artillery --------------------------------------------------------------------------------------

#[test]
fn artillery_range_bands() {
    let t = tables();
    let a = &t.artillery;
    let row = |band| {
        let r = a.band_row(band);
        (r.reach, r.to_hit, r.save)
    };
    assert_eq!(row(ArtilleryBand::Short), (BandReach::Inches(6), 1, -2), "BP:L250-251, L258: short range, +1 to hit, Morale -2");
    assert_eq!(row(ArtilleryBand::Medium), (BandReach::HalfRange, 0, -2), "BP:L253, L260-262: medium, up to half range, Morale -2");
    assert_eq!(row(ArtilleryBand::Long), (BandReach::FullRange, -1, -1), "BP:L255-256, L264-266: long, beyond half range, -1 to hit, Morale -1");
    assert_eq!(a.bands.len(), 3, "BP:L250-256: three bands");

    // The same numbers as the shooting and save tables.
    let s = &t.shooting;
    let m = &t.morale;
    assert_eq!(a.band_row(ArtilleryBand::Short).reach.inches(48), s.short_range, "BP:L114: short range is 6\"");
    assert_eq!(a.band_row(ArtilleryBand::Short).to_hit, s.to_hit_modifier(ShootingFactor::CloseRange), "BP:L251 and L114 agree");
    assert_eq!(a.band_row(ArtilleryBand::Long).to_hit, s.to_hit_modifier(ShootingFactor::ArtilleryBeyondHalfRange), "BP:L256 and L117 agree");
    let short_or_medium = m.save_modifier(SaveFactor::ArtilleryShortOrMediumRange);
    assert_eq!(a.band_row(ArtilleryBand::Short).save, short_or_medium, "BP:L258 and L55 agree");
    assert_eq!(a.band_row(ArtilleryBand::Medium).save, short_or_medium, "BP:L262 and L55 agree");
    assert_eq!(a.band_row(ArtilleryBand::Long).save, m.save_modifier(SaveFactor::ArtilleryLongRange), "BP:L266 and L54 agree");

    // B.3.1: light 36": short d <= 2, medium 3-4, long 5-7; smoothbore 48": short d <= 2, medium 3-5, long 6-9.
    use ArtilleryBand::{Long, Medium, Short};
    let bands = |weapon| -> Vec<Option<ArtilleryBand>> {
        let range = s.range(weapon);
        (0..=10).map(|d| a.band(t.scale, range, d)).collect()
    };
    let light = [Some(Short), Some(Short), Some(Short), Some(Medium), Some(Medium), Some(Long), Some(Long), Some(Long), None, None, None];
    assert_eq!(bands(Weapon::LightSmoothboreArtillery), light, "B.3.1, BP:L260-265: light smoothbore 36\", half range 18\"");
    let heavy = [Some(Short), Some(Short), Some(Short), Some(Medium), Some(Medium), Some(Medium), Some(Long), Some(Long), Some(Long), Some(Long), None];
    assert_eq!(bands(Weapon::SmoothboreArtillery), heavy, "B.3.1, BP:L260-265: smoothbore 48\", half range 24\"");
}

#[test]
fn artillery_limbering() {
    let a = &tables().artillery;
    assert_eq!(a.moves_to_limber(ArtilleryKind::Horse), 0, "BP:L238: horse artillery limbers, moves, unlimbers and shoots");
    assert_eq!(a.moves_to_limber(ArtilleryKind::Foot), 1, "BP:L240, RB-5: one move to limber or unlimber");
}

// --- Skirmishers, buildings, supports ---------------------------------------------------------------

#[test]
fn skirmishers_charges_and_closing_fire() {
    use Circumstance::{Artillery, FlankOrRearOfEngaged, InBuilding};
    let s = &tables().skirmishers;
    let f = Circumstance::Formation;
    assert!(!s.closing_fire, "BP:L272: no point-blank fire");
    for formation in [Formation::Line, Formation::AttackColumn, Formation::Band, Formation::MixedOrder, Formation::Square] {
        assert!(!s.may_charge(&[f(formation)]), "BP:L274: skirmishers may not charge a unit in {formation:?}");
    }
    assert!(s.may_charge(&[InBuilding, f(Formation::Line)]), "BP:L276: they may charge a building");
    assert!(s.may_charge(&[Artillery, f(Formation::Unlimbered)]), "BP:L276: artillery");
    assert!(s.may_charge(&[Artillery, f(Formation::Limbered)]), "BP:L276: artillery");
    assert!(s.may_charge(&[f(Formation::MarchColumn)]), "BP:L276: a march column");
    assert!(s.may_charge(&[f(Formation::Line), FlankOrRearOfEngaged]), "BP:L276: the flank or rear of an engaged unit");
    assert_eq!(s.may_not_charge.len(), 5, "BP:L274: five formations");
    assert_eq!(s.may_charge.len(), 4, "BP:L276: four cases");
}

#[test]
fn buildings() {
    let b = &tables().buildings;
    assert_eq!(b.bonus(Troop::Infantry, Size::Standard), 3, "BP:L282: standard unit +3");
    assert_eq!(b.bonus(Troop::Infantry, Size::Large), 3, "BP:L282: large unit +3");
    assert_eq!(b.bonus(Troop::Infantry, Size::Small), 2, "BP:L284: small unit +2");
    assert_eq!(b.bonus(Troop::Infantry, Size::Reduced), 1, "BP:L286: reduced unit +1");
    assert_eq!(b.bonus(Troop::Cavalry, Size::Standard), 3, "BP:L282: by size, whatever the type");
    for size in [Size::Large, Size::Standard, Size::Small, Size::Reduced] {
        assert_eq!(b.bonus(Troop::Artillery, size), 0, "BP:L288: artillery 0 ({size:?})");
        let bonus = b.bonus(Troop::Infantry, size);
        assert!((1..=3).contains(&bonus), "BP:L92: +1 to +3 in a building, by size");
    }
    assert!(!b.supports, "BP:L290: no support");
    assert!(b.only_break_counts, "BP:L292: only Lâche applies");
    assert_eq!(b.result_in_building(BreakResult::Break), BreakResult::Break, "BP:L292: Lâche applies");
    assert_eq!(b.result_in_building(BreakResult::Retire), BreakResult::Hold, "BP:L292: Reculé does not");
    assert_eq!(b.result_in_building(BreakResult::Hold), BreakResult::Hold, "BP:L292");
}

#[test]
fn supports() {
    use Circumstance::{Artillery, EngagedInFlankOrRear, InBuilding, Skirmishers};
    let s = &tables().supports;
    let f = Circumstance::Formation;
    assert!(!s.may_support(&[f(Formation::MarchColumn)]), "BP:L296: a march column may not support");
    assert!(!s.may_support(&[Artillery, f(Formation::Limbered)]), "BP:L296: limbered artillery may not support");
    assert!(s.may_support(&[f(Formation::Line)]), "BP:L296: a line may");
    assert_eq!(s.cannot_support.len(), 2, "BP:L296: two cases");
    let cases = [
        (Artillery, "BP:L300 artillery"),
        (Skirmishers, "BP:L302 skirmishers"),
        (f(Formation::Square), "BP:L304 squares"),
        (InBuilding, "BP:L306 units in a building"),
        (EngagedInFlankOrRear, "BP:L308 units engaged in the flank or rear"),
    ];
    assert_eq!(s.cannot_be_supported, cases.map(|(c, _)| c), "BP:L298-308: in the seed's order");
    for (case, line) in cases {
        assert!(!s.may_be_supported(&[case]), "{line} may not be supported");
    }
    assert!(s.may_be_supported(&[f(Formation::Line)]), "BP:L298-308: a line may be supported");
    assert!(s.may_be_supported(&[f(Formation::AttackColumn)]), "BP:L298-308: an attack column may be supported");
}

// --- Traits -----------------------------------------------------------------------------------------

#[test]
fn the_24_traits() {
    use RerollCount::{AllFailed, One};
    use RerollWhen::{Always, Charging, FirstMelee, NoCasualties};
    use Roll::{BreakTest, MeleeHits, Save, ShootingHits};
    use Trait as T;
    use TraitEffect as E;
    let reroll = |roll, count, when| E::Reroll { roll, count, when };
    let freshly_raised = vec![
        FreshlyRaisedRow { from: 1, to: 1, becomes: Some(T::Wavering) },
        FreshlyRaisedRow { from: 2, to: 5, becomes: None },
        FreshlyRaisedRow { from: 6, to: 6, becomes: Some(T::Steady) },
    ];
    let untested = vec![
        StaminaRow { from: 1, to: 1, stamina: 1 },
        StaminaRow { from: 2, to: 3, stamina: 2 },
        StaminaRow { from: 4, to: 5, stamina: 3 },
        StaminaRow { from: 6, to: 6, stamina: 4 },
    ];
    let rows = [
        (T::Brave, E::Rally { score: 4, no_enemy_within: 6, casualties_removed: 1 }, "BP:L313 Brave: rallies on 4+, no enemy within 6\" (RB-12, HB-15)"),
        (T::HeavyCavalry, E::ChargeResultD3, "BP:L314 Heavy cavalry: D3 when charging or counter-charging (RB-7)"),
        (T::FerociousCharge, reroll(MeleeHits, AllFailed, Charging), "BP:L315 Ferocious charge: re-roll failed combat dice when charging"),
        (T::TerrifyingCharge, E::ChargedUnitTests, "BP:L316 Terrifying charge: the charged unit tests"),
        (T::ToughFighters, reroll(MeleeHits, One, Always), "BP:L317 Tough fighters: re-roll one failed combat die"),
        (T::Elite, E::ShedDisorder { score: 4 }, "BP:L318 Elite: sheds disorder on 4+"),
        (T::Fanatics, E::Combines(vec![T::FerociousCharge, T::TerrifyingCharge]), "BP:L319 Fanatics: ferocious and terrifying charge"),
        (T::Reliable, E::CommandModifier(1), "BP:L320 Reliable: +1 command"),
        (T::FormSquare, E::MustFormSquareAgainstCavalry, "BP:L321 Form square"),
        (T::Wavering, E::BreakTestOnCasualties, "BP:L322 Wavering: a test at each casualty (RB-8)"),
        (T::DeterminedCharge, E::MustCharge, "BP:L323 Determined charge: must charge"),
        (T::Lancers, E::ChargedSave { cavalry: -1, infantry: -2 }, "BP:L324 Lancers: -1 cavalry / -2 infantry"),
        (T::FreshlyRaised, E::FirstDiceTest(freshly_raised), "BP:L325 Freshly raised (HB-19)"),
        (T::Marauders, E::IgnoresCommandDistance, "BP:L326 Marauders: no command distance modifier"),
        (T::Unreliable, E::NoMoveOnDouble, "BP:L327 Unreliable: no move on a double"),
        (T::Untested, E::RolledStamina(untested), "BP:L328 Untested: 1: 1 / 2-3: 2 / 4-5: 3 / 6: 4"),
        (T::Stubborn, reroll(Save, One, Always), "BP:L329 Stubborn: re-roll a failed save"),
        (T::FirstFire, E::FirstShootingDice(1), "BP:L330 First fire: +1d6 at the first shooting"),
        (T::Bloodthirsty, reroll(MeleeHits, AllFailed, FirstMelee), "BP:L331 Bloodthirsty: re-roll misses in the first melee (RB-9)"),
        (T::Steady, E::PassesFirstBreakTest, "BP:L332 Steady: passes the first break test"),
        (T::SuperblyDrilled, E::FreeMovesOnFailedOrder(1), "BP:L333 Superbly drilled: a free move if the order fails"),
        (T::SharpShooter, reroll(ShootingHits, AllFailed, Always), "BP:L334 Sharp shooter: re-roll the misses (RB-10)"),
        (T::Valiant, reroll(BreakTest, One, Always), "BP:L335 Valiant: may re-roll a break test"),
        (T::Crack, reroll(Save, One, NoCasualties), "BP:L336 Crack: re-roll a failed save with no casualties"),
    ];
    let traits = &tables().traits;
    assert_eq!(traits.traits.len(), 24, "BP:L313-336: 24 traits");
    let names: Vec<Trait> = traits.traits.iter().map(|r| r.name).collect();
    assert_eq!(names, Trait::ALL, "BP:L313-336: in the seed's order");
    for (name, effect, line) in rows {
        assert_eq!(traits.effect(name), &effect, "{line}");
    }
}

#[test]
fn trait_lookups() {
    let t = tables();
    let traits = &t.traits;
    let stamina: Vec<u8> = (1..=6).map(|face| traits.untested_stamina(face)).collect();
    assert_eq!(stamina, [1, 2, 2, 3, 3, 4], "BP:L328: 1: 1 / 2-3: 2 / 4-5: 3 / 6: 4");
    let fresh: Vec<Option<Trait>> = (1..=6).map(|face| traits.freshly_raised(face)).collect();
    let expected = [Some(Trait::Wavering), None, None, None, None, Some(Trait::Steady)];
    assert_eq!(fresh, expected, "HB-19: 1 Wavering, 2-5 nothing, 6 Steady");
    assert_eq!(traits.lancers_save(Troop::Cavalry), -1, "BP:L324: -1 against cavalry");
    assert_eq!(traits.lancers_save(Troop::Infantry), -2, "BP:L324: -2 against infantry");
    assert!(traits.grants(&[Trait::Fanatics], Trait::FerociousCharge), "BP:L319: Fanatics have Ferocious charge");
    assert!(traits.grants(&[Trait::Fanatics], Trait::TerrifyingCharge), "BP:L319: and Terrifying charge");
    assert!(!traits.grants(&[Trait::Fanatics], Trait::HeavyCavalry), "BP:L319: nothing else");
    assert!(traits.grants(&[Trait::Brave], Trait::Brave), "BP:L313: a trait grants itself");
    let TraitEffect::Rally { no_enemy_within, .. } = *traits.effect(Trait::Brave) else { panic!("BP:L313: Brave rallies") };
    assert_eq!(no_enemy_within, t.shooting.short_range, "RB-12: no enemy at short range (BP:L114's 6\")");
    assert_eq!(t.scale.reach(u32::from(no_enemy_within)), 2, "HB-15: no enemy at d <= 2");
}

// --- Units (HB-1) and the battle --------------------------------------------------------------------

#[test]
fn profiles_as_hb1_gives_them() {
    use Size::{Small, Standard};
    use Troop::{Artillery, Cavalry, Infantry};
    use Weapon::{LightSmoothboreArtillery, RifledMusket, SmoothboreArtillery, SmoothboreCarbine, SmoothboreMusket};
    let dice = ShootingValue::Dice;
    let guns = ShootingValue::Bands { short: 3, medium: 2, long: 1 };
    let u = &tables().units;
    // name, type, HtH, shooting, morale, stamina, weapon, size, traits
    let rows = [
        ("line-battalion", Infantry, 6, dice(3), 4, 3, Some(SmoothboreMusket), Standard, vec![]),
        ("british-line-battalion", Infantry, 6, dice(3), 4, 3, Some(SmoothboreMusket), Standard, vec![Trait::FirstFire]),
        ("guard-battalion", Infantry, 7, dice(3), 3, 3, Some(SmoothboreMusket), Standard, vec![Trait::Elite, Trait::Steady]),
        ("light-battalion", Infantry, 6, dice(3), 4, 3, Some(SmoothboreMusket), Standard, vec![]),
        ("rifles", Infantry, 4, dice(2), 4, 2, Some(RifledMusket), Small, vec![Trait::SharpShooter]),
        ("militia", Infantry, 6, dice(2), 5, 3, Some(SmoothboreMusket), Standard, vec![Trait::Unreliable, Trait::Wavering]),
        ("heavy-cavalry", Cavalry, 9, dice(0), 4, 3, None, Standard, vec![Trait::HeavyCavalry]),
        ("line-cavalry", Cavalry, 8, dice(1), 4, 3, Some(SmoothboreCarbine), Standard, vec![]),
        ("light-cavalry", Cavalry, 7, dice(1), 4, 3, Some(SmoothboreCarbine), Standard, vec![Trait::Marauders]),
        ("lancers", Cavalry, 8, dice(0), 4, 3, None, Standard, vec![Trait::Lancers]),
        ("foot-battery", Artillery, 1, guns, 4, 2, Some(SmoothboreArtillery), Standard, vec![]),
        ("horse-battery", Artillery, 1, guns, 4, 2, Some(LightSmoothboreArtillery), Standard, vec![]),
    ];
    assert_eq!(u.profiles.len(), rows.len(), "HB-1: every profile");
    for (name, troop, hth, shooting, morale, stamina, weapon, size, traits) in rows {
        let p = u.profile(name).unwrap_or_else(|| panic!("HB-1: no profile {name}"));
        let got = (p.troop, p.hth, p.shooting, p.morale, p.stamina, p.weapon, p.size, p.traits.clone());
        assert_eq!(got, (troop, hth, shooting, morale, stamina, weapon, size, traits), "HB-1: {name}");
    }
    let profile = |name: &str| u.profile(name).unwrap_or_else(|| panic!("HB-1: no profile {name}"));
    assert!(profile("light-battalion").may_form(Formation::Skirmish), "HB-1: light battalions may take skirmish order");
    assert_eq!(profile("rifles").formations.first(), Some(&Formation::Skirmish), "HB-1: rifles are skirmishers");
    assert!(profile("horse-battery").horse_artillery, "HB-1: the horse battery is horse artillery");
    assert!(!profile("foot-battery").horse_artillery, "HB-1: the foot battery is not");
    assert_eq!(guns.dice(ArtilleryBand::Short), 3, "RB-6: 3 attacks at short range");
    assert_eq!(guns.dice(ArtilleryBand::Medium), 2, "RB-6: 2 at medium range");
    assert_eq!(guns.dice(ArtilleryBand::Long), 1, "RB-6: 1 at long range");
}

#[test]
fn every_profile_agrees_with_the_tables() {
    let t = tables();
    let default_save = t.morale.default_save;
    for p in &t.units.profiles {
        assert!(!p.formations.is_empty(), "{}: HB-1 at least one formation", p.name);
        let artillery = p.troop == Troop::Artillery;
        assert_eq!(matches!(p.shooting, ShootingValue::Bands { .. }), artillery, "{}: RB-6 artillery shoots by bands", p.name);
        assert_eq!(p.weapon.is_some_and(Weapon::is_artillery), artillery, "{}: BP:L108-109 guns for artillery only", p.name);
        if artillery {
            assert_eq!(p.formations, [Formation::Unlimbered, Formation::Limbered], "{}: B.3.2 artillery limbers", p.name);
        } else {
            assert_eq!(p.shooting == ShootingValue::Dice(0), p.weapon.is_none(), "{}: shooting dice iff a weapon", p.name);
            assert!(!p.may_form(Formation::Limbered) && !p.may_form(Formation::Unlimbered), "{}: B.3.2", p.name);
        }
        assert_eq!(p.horse_artillery, p.name == "horse-battery", "{}: HB-1 horse artillery", p.name);
        assert!(p.traits.iter().all(|x| Trait::ALL.contains(x)), "{}: BP:L313-336", p.name);
    }
    let on_four = t.units.profiles.iter().filter(|p| p.morale == default_save).count();
    assert!(on_four * 2 > t.units.profiles.len(), "BP:L48: most units save on 4+");
}

#[test]
fn the_battle() {
    let t = tables();
    assert_eq!(t.battle.turn_limit, 8, "HB-21: 8 turns by default");
    assert_eq!(t.battle.deployment_depth, 12, "HB-22: deploy within 12\"");
    assert_eq!(t.scale.hexes_for(u32::from(t.battle.deployment_depth)), 2, "HB-22: 2 hexes");
}
