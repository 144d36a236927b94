//! Swordpoint's tables against the seed (`000_dd1bca2cefe3b4db.txt`), row by row: each assertion
//! names the seed line (`SP:Lnn`) or the house rule (`H-n`) it checks. The profiles are also checked
//! against the defence table, so the data agrees with itself.

use strategos::rules::swordpoint::data::*;

#[test]
fn four_inches_a_hex() {
    assert_eq!(tables().scale.per_hex, 4, "A.3.1: 4 inches per hex");
}

// --- Shooting ---------------------------------------------------------------------------------------

#[test]
fn mounted_means_cavalry_camels_and_chariots() {
    let s = &tables().shooting;
    let mounted = [Troop::Cavalry, Troop::Camels, Troop::LightChariot, Troop::HeavyChariot, Troop::ScythedChariot];
    for troop in mounted {
        assert!(s.is_mounted(troop), "SP:L57: {troop:?} is mounted");
    }
    assert!(!s.is_mounted(Troop::Foot) && !s.is_mounted(Troop::Elephant), "SP:L57: nor foot nor elephants");
}

#[test]
fn shooting_dice_per_base_and_ranks() {
    let s = &tables().shooting;
    let row = |who, m| s.dice_row(who, m).map(|r| (r.bases, r.dice_per_base));
    let bonus = ShootingBases::FirstRankAndSecondRankBonus { bases_per_die: 2 };
    assert_eq!(row(Shooters::FormedFoot, Missile::Bow), Some((bonus, 1)), "SP:L50: formed foot, bow: 1 a base +1 per 2 of rank 2");
    assert_eq!(row(Shooters::FormedFoot, Missile::Longbow), Some((bonus, 1)), "SP:L50: longbow");
    assert_eq!(row(Shooters::FormedMounted, Missile::Bow), Some((ShootingBases::FirstTwoRanks, 1)), "SP:L51: 2 ranks, no bonus");
    assert_eq!(row(Shooters::FormedMounted, Missile::Longbow), Some((ShootingBases::FirstTwoRanks, 1)), "SP:L51");
    for m in Missile::ALL {
        assert_eq!(row(Shooters::FootSkirmishers, m), Some((ShootingBases::FirstTwoRanks, 1)), "SP:L52: foot skirmishers, {m:?}");
        assert_eq!(row(Shooters::MountedSkirmishers, m), Some((ShootingBases::AllBases, 1)), "SP:L53: mounted skirmishers, {m:?}");
        assert_eq!(row(Shooters::ElephantsAndChariots, m), Some((ShootingBases::AllBases, 1)), "SP:L55: elephants, chariots, {m:?}");
    }
    for m in [Missile::Thrown, Missile::Firearm, Missile::Sling, Missile::LightCrossbow, Missile::Crossbow] {
        assert_eq!(row(Shooters::Other, m), Some((ShootingBases::FirstRank, 1)), "SP:L54: any other unit, {m:?}");
        assert_eq!(row(Shooters::FormedFoot, m), Some((ShootingBases::FirstRank, 1)), "SP:L54: formed foot, {m:?}");
        assert_eq!(row(Shooters::FormedMounted, m), Some((ShootingBases::FirstRank, 1)), "SP:L54: formed mounted, {m:?}");
    }
    assert_eq!(row(Shooters::Other, Missile::Bow), None, "SP:L50-51: bows shoot from the formed rows only");
}

#[test]
fn ranges_in_inches_and_hexes() {
    let t = tables();
    let s = &t.shooting;
    assert_eq!(s.range(Missile::Thrown), (6, None), "SP:L62: hand-thrown 6\" / -");
    assert_eq!(s.range(Missile::Firearm), (9, Some(18)), "SP:L63: firearms 9\" / 18\"");
    assert_eq!(s.range(Missile::LightCrossbow), (9, Some(18)), "SP:L64: light crossbow 9\" / 18\"");
    assert_eq!(s.range(Missile::Sling), (9, Some(18)), "SP:L65: sling 9\" / 18\"");
    for m in [Missile::Bow, Missile::Longbow, Missile::Crossbow] {
        assert_eq!(s.range(m), (12, Some(24)), "SP:L66: {m:?} 12\" / 24\"");
    }
    let hexes = |m| {
        let (short, long) = s.range(m);
        (t.scale.reach(u32::from(short)), long.map(|l| t.scale.reach(u32::from(l))))
    };
    assert_eq!(hexes(Missile::Thrown), (2, None), "A.3.1: thrown d <= 2");
    assert_eq!(hexes(Missile::Sling), (3, Some(5)), "A.3.1: 9\" / 18\" is d <= 3 / d <= 5");
    assert_eq!(hexes(Missile::Bow), (4, Some(7)), "A.3.1: 12\" / 24\" is d <= 4 / d <= 7");
    assert_eq!(s.automatic_miss, 7, "SP:L69: 7 to hit misses");
}

#[test]
fn shooting_to_hit_modifiers() {
    let s = &tables().shooting;
    let rows = [
        (ShootingFactor::SuperiorShooters, 1, "SP:L74 superior shooters"),
        (ShootingFactor::InferiorShooters, -1, "SP:L75 inferior shooters"),
        (ShootingFactor::LongRange, -1, "SP:L76 long range"),
        (ShootingFactor::SkirmisherTarget, -1, "SP:L77 target in skirmish order"),
        (ShootingFactor::LightCover, -1, "SP:L78 light cover"),
        (ShootingFactor::HeavyCover, -2, "SP:L79 heavy cover"),
        (ShootingFactor::FirearmLongRange, -2, "SP:L80 firearms at long range"),
        (ShootingFactor::LightChariots, -1, "SP:L81 on light chariots"),
        (ShootingFactor::PhalanxFront, -1, "SP:L82 phalanx, shield wall, spara"),
        (ShootingFactor::ParthianShot, -1, "SP:L83 Parthian shot"),
    ];
    assert_eq!(s.to_hit.len(), rows.len(), "SP:L74-83: ten rows");
    for (row, (factor, modifier, line)) in s.to_hit.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
    }
    assert_eq!(s.light_chariots_reading(), Some(LightChariotsReading::ShootersRide), "R-1: the shooters ride light chariots");
    let flagged = s.to_hit.iter().filter(|r| r.reading.is_some()).count();
    assert_eq!(flagged, 1, "R-1's flag is on the light chariots row only");
}

#[test]
fn save_modifiers_against_shooting() {
    let s = &tables().shooting;
    assert_eq!(s.save_modifier(Missile::Crossbow, RangeBand::Short), 1, "SP:L90: crossbow at short range +1");
    assert_eq!(s.save_modifier(Missile::Longbow, RangeBand::Short), 1, "SP:L90: longbow at short range +1");
    assert_eq!(s.save_modifier(Missile::Firearm, RangeBand::Short), 2, "SP:L91: firearm at short range +2");
    assert_eq!(s.save_modifier(Missile::Firearm, RangeBand::Long), 1, "SP:L92: firearm at long range +1");
    assert_eq!(s.save_modifier(Missile::Crossbow, RangeBand::Long), 0, "SP:L90: short range only");
    assert_eq!(s.save_modifier(Missile::Longbow, RangeBand::Long), 0, "SP:L90: short range only");
    for m in [Missile::Bow, Missile::Thrown, Missile::Sling, Missile::LightCrossbow] {
        assert_eq!(s.save_modifier(m, RangeBand::Short), 0, "SP:L89-92: {m:?} has no save modifier");
    }
}

#[test]
fn shooting_momentum_and_results() {
    let m = &tables().momentum;
    let row = |i: usize| {
        let r = &m.shooting[i];
        (r.losses_percent, r.demoralised, r.cohesion_test, r.momentum, r.none_against_skirmishers)
    };
    assert_eq!(m.shooting.len(), 2, "SP:L97-98: two rows");
    assert_eq!(row(0), (10, true, false, 1, true), "SP:L97, L85: 10%: Demoralised, 1 point, none against skirmishers");
    assert_eq!(row(1), (25, true, true, 1, false), "SP:L98: 25%: Demoralised and a cohesion test, 1 point");
    let percent = |losses, figures| m.shooting_result(losses, figures).map(|r| r.losses_percent);
    assert_eq!(percent(1, 12), None, "SP:L97: 10% of 12 rounded up is 2");
    assert_eq!(percent(2, 12), Some(10), "SP:L97");
    assert_eq!(percent(3, 12), Some(25), "SP:L98: 25% of 12 is 3; R-2: not both rows");
    assert_eq!(percent(5, 48), Some(10), "SP:L97: 10% of 48 rounded up is 5");
    assert_eq!(percent(11, 48), Some(10), "SP:L98: 25% of 48 is 12");
    assert_eq!(percent(12, 48), Some(25), "SP:L98");
}

// --- Movement ---------------------------------------------------------------------------------------

#[test]
fn movement_rates() {
    let mv = &tables().movement;
    let rows = [
        (Mover::MountedCommander, 16, true, "SP:L129 commander on horse, camel, chariot"),
        (Mover::FootCommander, 12, true, "SP:L130 commander on foot, elephant"),
        (Mover::Cavalry, 16, false, "SP:L131 cavalry"),
        (Mover::LightChariot, 16, false, "SP:L131 light chariot"),
        (Mover::BardedCavalry, 12, false, "SP:L132 barded cavalry"),
        (Mover::ScythedChariot, 12, false, "SP:L132 scythed chariot"),
        (Mover::HeavyChariot, 12, false, "SP:L132 heavy chariot"),
        (Mover::Camels, 12, false, "SP:L132 camels"),
        (Mover::Elephant, 12, false, "SP:L132 elephant"),
        (Mover::Infantry, 8, false, "SP:L133 infantry"),
        (Mover::CloseOrderFootNearEnemy, 4, false, "SP:L134 close-order foot near an enemy"),
    ];
    for (mover, inches, ignores, line) in rows {
        let row = mv.rate_row(mover);
        assert_eq!((mv.rate(mover), row.ignores_penalties), (inches, ignores), "{line}");
    }
    assert_eq!(mv.near_enemy, 8, "SP:L134: within 8\" of an enemy");
    let scale = tables().scale;
    assert_eq!([16, 12, 8, 4].map(|r| scale.hexes_for(r)), [4, 3, 2, 1], "A.3.1: rates in hexes");
}

#[test]
fn movement_fractions_in_quarters() {
    use Applies::{All, AllExcept, Only};
    use MoveEffect::{Cost, Inches, Speed};
    use MoveGroup::*;
    let mv = &tables().movement;
    let rows = [
        (Manoeuvre::NotStraight, AllExcept(vec![Skirmishers]), Speed(3), "SP:L135 not straight ahead: 75%"),
        (Manoeuvre::Face, AllExcept(vec![Skirmishers]), Cost(2), "SP:L136 a face: 1/2"),
        (Manoeuvre::SecondFace, AllExcept(vec![Skirmishers, LooseOrder, UnbardedCavalry]), Cost(1), "SP:L137 a 2nd face: 1/4"),
        (Manoeuvre::SecondFace, Only(vec![Skirmishers, LooseOrder, UnbardedCavalry]), Cost(0), "SP:L138 free"),
        (Manoeuvre::ChangeOneRank, AllExcept(vec![LooseOrder]), Cost(2), "SP:L139 a rank: 1/2"),
        (Manoeuvre::ChangeOneRank, Only(vec![LooseOrder]), Cost(0), "SP:L140 loose order: free"),
        (Manoeuvre::ChangeTwoRanks, AllExcept(vec![LooseOrder]), Cost(4), "SP:L141 two ranks: 100%"),
        (Manoeuvre::ChangeTwoRanks, Only(vec![LooseOrder]), Cost(2), "SP:L141 loose order: 50%"),
        (Manoeuvre::DifficultTerrain, AllExcept(vec![LooseOrderFoot, Skirmishers]), Speed(1), "SP:L142 difficult: 1/4"),
        (Manoeuvre::DifficultTerrain, Only(vec![LooseOrderFoot, MountedSkirmishers]), Speed(2), "SP:L143 1/2"),
        (Manoeuvre::DifficultTerrainAndObstacles, Only(vec![FootSkirmishers]), Inches(8), "SP:L144 8\""),
        (Manoeuvre::Obstacle, AllExcept(vec![FootSkirmishers, Commanders]), Cost(2), "SP:L145 obstacles: 1/2"),
        (Manoeuvre::ShieldWall, All, Cost(2), "SP:L146 shield wall: 1/2"),
    ];
    assert_eq!(mv.manoeuvres.len(), rows.len(), "SP:L135-146");
    for (row, (manoeuvre, applies, effect, line)) in mv.manoeuvres.iter().zip(rows) {
        assert_eq!((row.manoeuvre, &row.applies, row.effect), (manoeuvre, &applies, effect), "{line}");
    }
    assert_eq!(mv.manoeuvre(Manoeuvre::SecondFace).count(), 2, "SP:L137-138: two second-face rows");
    // Every fraction of every rate is whole inches (specification 0.3), so budgets stay integers.
    for rate in mv.rates.iter().map(|r| u32::from(r.inches)) {
        for row in &mv.manoeuvres {
            if let Speed(q) | Cost(q) = row.effect {
                assert_eq!(rate * u32::from(q) % 4, 0, "{rate}\" x {q}/4 ({:?})", row.manoeuvre);
            }
        }
    }
}

#[test]
fn movement_momentum() {
    let m = &tables().momentum;
    let rows = [
        (Award::ChargedIntoContact, 1, "SP:L150 charged into contact"),
        (Award::ChargeTargetOutOfReach, 1, "SP:L151 the enemy fled out of reach"),
        (Award::WarbandContact, 2, "SP:L152 warband charged into contact"),
        (Award::ElephantOutOfControl, 1, "SP:L153 elephant out of control"),
    ];
    assert_eq!(m.movement.len(), rows.len(), "SP:L150-153");
    for (row, (award, points, line)) in m.movement.iter().zip(rows) {
        assert_eq!((row.award, row.points), (award, points), "{line}");
    }
}

// --- Cohesion and commanders ------------------------------------------------------------------------

#[test]
fn cohesion_triggers_and_modifiers() {
    let c = &tables().cohesion;
    let t = &c.triggers;
    assert_eq!(t.fleeing_friend, 4, "SP:L11, L20: a friend fleeing within 4\"");
    assert_eq!(t.elephant_terror, 8, "SP:L12: within 8\" of an elephant");
    assert_eq!(t.general_death, 12, "SP:L13, L178: 12\" of the general's death");
    assert_eq!(t.broken_friend, 12, "SP:L21: a friend broken within 12\"");
    assert_eq!(t.attempts_after_winning, 2, "SP:L21: two attempts after winning");
    assert_eq!(t.shooting_losses_percent, 25, "SP:L24: 25% losses to shooting");
    assert_eq!(c.test_effect(CohesionCondition::Demoralised), Some(CohesionEffect::Add(1)), "SP:L28, L177: Demoralised +1");
    assert_eq!(c.test_effect(CohesionCondition::Exhausted), Some(CohesionEffect::Add(2)), "SP:L29, L177: exhausted +2");
    assert_eq!(c.modifiers.len(), 2, "SP:L28-29");
    assert_eq!(c.disengage_effect(CohesionCondition::RecoiledLastTurn), Some(CohesionEffect::Add(1)), "SP:L122: recoiled last turn +1");
}

#[test]
fn rally_modifiers() {
    let c = &tables().cohesion;
    assert_eq!(c.rally_effect(CohesionCondition::Fleeing), Some(CohesionEffect::Add(2)), "SP:L112: fleeing +2");
    assert_eq!(c.rally_effect(CohesionCondition::EnemyWithin), Some(CohesionEffect::Add(1)), "SP:L113: enemy within 8\" +1");
    assert_eq!(c.rally_effect(CohesionCondition::LargerEnemyWithin), Some(CohesionEffect::Add(2)), "SP:L114: larger enemy +2");
    assert_eq!(c.rally_effect(CohesionCondition::GeneralInRadius), Some(CohesionEffect::GeneralsCohesion), "SP:L115: the general's Cohesion");
    assert_eq!(c.rally_effect(CohesionCondition::Demoralised), None, "R-11: rally tests use only their own modifiers");
    assert_eq!(c.rally_enemy_radius, 8, "SP:L113-114: 8\"");
}

#[test]
fn command_radii_and_commander_deaths() {
    use CommanderRank::{ArmyGeneral, Commander};
    let c = &tables().command;
    assert_eq!(c.radius(ArmyGeneral), 12, "SP:L200: army general 12\"");
    assert_eq!(c.radius(Commander), 8, "SP:L200: commander 8\"");
    assert_eq!(c.general_reach, 12, "SP:L204-205: 12\" of the army general");
    let scale = tables().scale;
    assert_eq!((scale.reach(12), scale.reach(8)), (4, 3), "A.3.1: d <= 4; d <= 3");
    let rows = [
        (DeathTest::Shooting, 12, 12, "SP:L36: 12 on 2d6 (R-13)"),
        (DeathTest::WonOrHeld, 12, 11, "SP:L171-172: general on 12, commander on 11-12"),
        (DeathTest::RecoiledOrBroke, 11, 10, "SP:L173-174: general on 11-12, commander on 10-12"),
        (DeathTest::OnElephant, 11, 11, "SP:L203: on an elephant, 11-12"),
    ];
    for (test, general, commander, line) in rows {
        assert_eq!((c.killed_on(test, ArmyGeneral), c.killed_on(test, Commander)), (general, commander), "{line}");
    }
}

// --- Close combat -----------------------------------------------------------------------------------

#[test]
fn defence_values_and_modifiers() {
    let d = &tables().defence;
    assert_eq!(d.value(Armour::Light, &[]), 6, "SP:L216: light 6");
    assert_eq!(d.value(Armour::Heavy, &[]), 5, "SP:L217: heavy or partial plate 5");
    assert_eq!(d.value(Armour::FullPlate, &[]), 3, "SP:L218: full plate or cataphract 3");
    assert_eq!(d.modifier(Protection::Shield), -1, "SP:L219: shield -1");
    assert_eq!(d.modifier(Protection::LargeShield), -2, "SP:L220: large shield or spara -2");
    assert_eq!(d.modifier(Protection::Mounted), -1, "SP:L221: mounted -1");
    assert_eq!(d.modifier(Protection::Barding), -1, "SP:L222: barding -1");
    assert_eq!(d.modifier(Protection::HowdahOrChariot), -2, "SP:L223: howdah or chariot -2");
    assert_eq!(d.value(Armour::Heavy, &[Protection::Shield, Protection::Mounted]), 3, "SP:L217, L219, L221");
    assert_eq!(d.value(Armour::Light, &[Protection::LargeShield]), 4, "SP:L216, L220");
    let plate = [Protection::Shield, Protection::LargeShield, Protection::Mounted];
    assert_eq!(d.value(Armour::FullPlate, &plate), 3, "SP:L235: no mounted or shield bonus with full plate");
    assert_eq!(d.value(Armour::FullPlate, &[Protection::Barding]), 2, "SP:L222, L235: barding still counts");
}

#[test]
fn weapon_modifiers_on_defence() {
    let d = &tables().defence;
    let row = |s| d.weapon_row(s).map(|r| (r.when, r.modifier));
    use StrikeCondition::*;
    assert_eq!(row(Striker::Weapon(MeleeWeapon::CouchedLance)), Some((MountedCharging, 2)), "SP:L257: couched lance +2");
    assert_eq!(row(Striker::Weapon(MeleeWeapon::Lance)), Some((MountedCharging, 1)), "SP:L258: lance +1");
    assert_eq!(row(Striker::Weapon(MeleeWeapon::Kontos)), Some((MountedCharging, 1)), "SP:L258: kontos +1");
    assert_eq!(row(Striker::Weapon(MeleeWeapon::Halberd)), Some((Infantry, 1)), "SP:L259: halberds +1");
    assert_eq!(row(Striker::Weapon(MeleeWeapon::HeavyThrownSpear)), Some((FirstRound, 1)), "SP:L260: heavy thrown spears +1");
    assert_eq!(row(Striker::Weapon(MeleeWeapon::TwoHanded)), Some((Infantry, 2)), "SP:L261: two-handed +2");
    assert_eq!(row(Striker::ScythedChariot), Some((Always, 1)), "SP:L262: scythed chariot +1");
    assert_eq!(row(Striker::Elephant), Some((Always, 2)), "SP:L263: elephant +2");
    for w in [MeleeWeapon::Spear, MeleeWeapon::Pike] {
        assert_eq!(row(Striker::Weapon(w)), None, "SP:L257-263: {w:?} changes no defence");
    }
}

#[test]
fn melee_to_hit() {
    use Quality::*;
    let c = &tables().combat;
    assert_eq!(c.to_hit(Superior, Normal), 3, "SP:L228: superior vs non-superior 3");
    assert_eq!(c.to_hit(Superior, Inferior), 3, "SP:L228");
    assert_eq!(c.to_hit(Inferior, Superior), 5, "SP:L229: inferior vs superior 5");
    for (a, d) in [(Normal, Normal), (Superior, Superior), (Normal, Superior), (Inferior, Normal), (Normal, Inferior)] {
        assert_eq!(c.to_hit(a, d), 4, "SP:L230: other cases 4 ({a:?} vs {d:?})");
    }
    assert_eq!(c.to_hit_modifier(MeleeFactor::DefendedObstacle), -1, "SP:L231: defended obstacle -1");
    assert_eq!(c.to_hit_modifier(MeleeFactor::PhalanxOrShieldWall), -1, "SP:L232: phalanx, shield wall -1");
    assert_eq!(c.to_hit_modifier(MeleeFactor::ElephantVsSkirmishers), -2, "SP:L233: elephant vs skirmishers -2");
}

#[test]
fn combat_dice_per_base() {
    let c = &tables().combat;
    let dice = |f| {
        let r = c.dice_row(f);
        (r.dice, r.first_round_only)
    };
    for f in [Fighter::Cavalry, Fighter::Camels, Fighter::Skirmishers] {
        assert_eq!(dice(f), (1, false), "SP:L240: {f:?} 1");
    }
    assert_eq!(dice(Fighter::FormedFoot), (2, false), "SP:L241: formed foot 2");
    assert_eq!(dice(Fighter::LightChariot), (2, false), "SP:L242: light chariots 2");
    assert_eq!(dice(Fighter::HeavyChariot), (3, false), "SP:L243: heavy chariots 3");
    assert_eq!(dice(Fighter::ScythedChariot), (5, true), "SP:L244: scythed chariots 5, first round only");
    assert_eq!(dice(Fighter::Elephant), (2, false), "SP:L245: 2 for the elephant");
    assert_eq!(dice(Fighter::Crewman), (1, false), "SP:L245: 1 per crewman");
    assert_eq!(c.corner_to_corner, 1, "SP:L246: corner to corner 1");
    assert_eq!(c.flank_or_rear_divisor, 2, "SP:L247: half, rounded up");
    assert_eq!(c.bases_per_bonus_die(BonusDice::HeavyThrownSpear), 2, "SP:L248: +1 per 2 bases");
    assert_eq!(c.bases_per_bonus_die(BonusDice::ShockCavalryCharging), 2, "SP:L249: +1 per 2 bases");
}

#[test]
fn combat_result_modifiers() {
    let c = &tables().combat;
    let rows = [
        (ResultFactor::CloseOrderNotLevy, 1, "SP:L185 close order, not levies"),
        (ResultFactor::DepthBonus, 1, "SP:L186 depth"),
        (ResultFactor::ArmyGeneralAttached, 1, "SP:L187 army general attached"),
        (ResultFactor::HigherGround, 1, "SP:L188 higher"),
        (ResultFactor::FlankAttack, 1, "SP:L189 flank attack"),
        (ResultFactor::RearAttack, 2, "SP:L190 rear attack"),
        (ResultFactor::DoubleStrength, 1, "SP:L191 double strength points"),
        (ResultFactor::Demoralised, -1, "SP:L192 demoralised"),
        (ResultFactor::Nervous, -1, "SP:L193 nervous"),
        (ResultFactor::DisorganisedAfterPursuit, -1, "SP:L194 disorganised after pursuit"),
        (ResultFactor::Momentum, 3, "SP:L195 momentum, at most +3"),
        (ResultFactor::CamelsInInfantry, 1, "SP:L196 camels in an infantry unit"),
    ];
    assert_eq!(c.result_modifiers.len(), rows.len(), "SP:L185-196");
    for (row, (factor, modifier, line)) in c.result_modifiers.iter().zip(rows) {
        assert_eq!((row.factor, row.modifier), (factor, modifier), "{line}");
        assert_eq!(c.result_modifier(factor), modifier, "{line}");
    }
}

#[test]
fn differential_rows_and_battle_line() {
    let r = &tables().results;
    let rows: Vec<usize> = (0..=9).map(|d| r.differential_row(d)).collect();
    assert_eq!(rows, [0, 0, 1, 1, 2, 2, 3, 3, 3, 3], "SP:L268-271: 0-1, 2-3, 4-5, 6+");
    let action = |d| r.differential[r.differential_row(d)].action;
    assert_eq!(action(1), LoserAction::Continue, "SP:L268: 0-1 the combat goes on");
    assert_eq!(action(2), LoserAction::Recoil { inches: 4 }, "SP:L269: 2-3 recoil 4\", Demoralised");
    assert_eq!(action(5), LoserAction::BreakTest { recoil_inches: 4 }, "SP:L270: 4-5 a break test");
    assert_eq!(action(6), LoserAction::Break, "SP:L271: 6+ breaks and flees");
    assert_eq!(r.moderate(5, 1), 5, "SP:L167: a lone unit is not moderated");
    assert_eq!(r.moderate(5, 2), 3, "SP:L168: 2 units divide by 2, rounded up");
    assert_eq!(r.moderate(4, 2), 2, "SP:L168");
    assert_eq!(r.moderate(7, 3), 3, "SP:L169: 3 units divide by 3, rounded up");
    assert_eq!(r.moderate(6, 3), 2, "SP:L169");
}

#[test]
fn row_shifts() {
    let r = &tables().results;
    assert_eq!(r.shift(ShiftCause::FoughtOnFlankOrRear), 1, "SP:L276: 1 row lower");
    assert_eq!(r.shift(ShiftCause::AgainstElephants), 1, "SP:L277: 1 row lower");
    assert_eq!(r.shift(ShiftCause::SupportingUnit), -1, "SP:L278: 1 row higher");
    assert_eq!(r.shift(ShiftCause::FirstVictimOfShockCavalry), 1, "SP:L279: 1 row lower");
    assert_eq!(r.shift(ShiftCause::AgainstWarband), 1, "SP:L281: 1 row lower");
    assert_eq!(r.shift(ShiftCause::Unformed), 2, "SP:L282: 2 rows lower");
}

#[test]
fn combat_momentum_and_the_pool() {
    let m = &tables().momentum;
    let rows = [
        (Award::WonRoundWithoutRecoil, 1, "SP:L287 won a round without a recoil"),
        (Award::ForcedBreakTest, 1, "SP:L287 forced a break test (R-5)"),
        (Award::RodeDownBrokenOpponent, 2, "SP:L288 rode down its broken opponent"),
        (Award::FollowedUpRecoil, 2, "SP:L289 followed up a recoil"),
        (Award::HalvedEnemyStrength, 2, "SP:L289 enemy at half strength (R-5)"),
        (Award::BrokeEnemy, 3, "SP:L290 broke an enemy"),
        (Award::RodeDownFleeingOrEvader, 3, "SP:L290 rode down a fleeing or evading unit (R-5)"),
    ];
    assert_eq!(m.combat.len(), rows.len(), "SP:L287-290: seven awards (R-5)");
    for (row, (award, points, line)) in m.combat.iter().zip(rows) {
        assert_eq!((row.award, row.points), (award, points), "{line}");
        assert_eq!(m.points(award), points, "{line}");
    }
    assert_eq!(m.per_combat, 3, "SP:L158: at most 3 per combat");
    assert_eq!(m.per_combat as i8, tables().combat.result_modifier(ResultFactor::Momentum), "SP:L158 and L195 agree");
    assert_eq!((m.start, m.cap), (5, 12), "H-8: start with 5, at most 12");
}

// --- Units (H-1, H-2, H-4) --------------------------------------------------------------------------

#[test]
fn profiles_as_h4_gives_them() {
    use Quality::*;
    let u = &tables().units;
    // name, bases (min, max), frontage, defence, melee, shooting, cohesion
    let rows = [
        ("hearthguard", (6, 6), 3, 4, Superior, None, 5),
        ("legionaries", (6, 6), 3, 4, Superior, None, 5),
        ("warriors", (8, 8), 4, 4, Normal, None, 6),
        ("levy", (8, 12), 4, 5, Inferior, None, 8),
        ("warband", (8, 8), 4, 5, Normal, None, 7),
        ("pikemen", (8, 8), 4, 5, Normal, None, 6),
        ("huscarls", (6, 6), 3, 5, Superior, None, 5),
        ("archers", (6, 12), 4, 6, Normal, Some(Normal), 7),
        ("longbowmen", (6, 12), 4, 6, Normal, Some(Normal), 7),
        ("crossbowmen", (6, 12), 4, 6, Normal, Some(Normal), 7),
        ("javelinmen", (3, 6), 3, 6, Normal, Some(Normal), 7),
        ("slingers", (3, 6), 3, 6, Normal, Some(Normal), 7),
        ("knights", (4, 6), 3, 3, Superior, None, 5),
        ("cataphracts", (4, 4), 2, 2, Normal, None, 5),
        ("light-horse", (3, 6), 3, 5, Normal, Some(Normal), 7),
        ("horse-archers", (3, 6), 3, 5, Normal, Some(Normal), 7),
        ("war-elephant", (1, 2), 1, 3, Normal, None, 7),
    ];
    assert_eq!(u.profiles.len(), rows.len(), "H-4: every profile");
    for (name, (min, max), frontage, defence, melee, shooting, cohesion) in rows {
        let p = u.profile(name).unwrap_or_else(|| panic!("H-4: no profile {name}"));
        let got = (p.bases.min, p.bases.max, p.frontage, p.defence, p.melee, p.shooting, p.cohesion);
        assert_eq!(got, (min, max, frontage, defence, melee, shooting, cohesion), "H-4: {name}");
    }
    assert!(u.profile("warband").is_some_and(|p| p.has(Trait::Impetuous)), "H-4: warbands are impetuous");
    assert!(u.profile("levy").is_some_and(|p| p.has(Trait::Levy)), "H-4: levies");
    assert!(u.profile("pikemen").is_some_and(|p| p.has(Trait::Phalanx)), "H-4: pikes fight as a phalanx");
    assert!(u.profile("huscarls").is_some_and(|p| p.has(Trait::Stubborn)), "H-4: huscarls are stubborn");
    assert!(u.profile("knights").is_some_and(|p| p.has(Trait::ShockCavalry)), "H-4: knights are shock cavalry");
    assert_eq!(u.commander(CommanderRank::ArmyGeneral).cohesion, 4, "H-4: army general 4");
    assert_eq!(u.commander(CommanderRank::Commander).cohesion, 5, "H-4: commander 5");
}

#[test]
fn every_profile_defence_is_its_armour_by_the_defence_table() {
    let t = tables();
    for p in &t.units.profiles {
        assert_eq!(t.defence.value(p.armour, &p.protection), p.defence, "{}: H-4's defence against SP:L216-223, L235", p.name);
        let rides = matches!(p.troop, Troop::Cavalry | Troop::Camels | Troop::Elephant);
        assert_eq!(p.protection.contains(&Protection::Mounted), rides, "{}: SP:L221 mounted on horse, camel or elephant", p.name);
    }
}

#[test]
fn every_profile_basing_and_strength() {
    let u = &tables().units;
    assert_eq!(u.max_ranks, 3, "H-1: at most 3 ranks");
    for p in &u.profiles {
        let b = p.bases;
        assert!(1 <= b.min && b.min <= b.default && b.default <= b.max && b.max <= 12, "{}: H-1 bases {b:?}", p.name);
        assert!(b.max.div_ceil(p.frontage) <= u.max_ranks, "{}: H-1 at most 3 ranks deep", p.name);
        let (figures, strength) = match (p.troop, p.order) {
            (Troop::Foot, Order::Skirmish) => (2, 2),
            (Troop::Foot, _) => (4, 4),
            (Troop::Cavalry | Troop::Camels | Troop::LightChariot, _) => (2, 4),
            (Troop::HeavyChariot | Troop::ScythedChariot, _) => (2, 6),
            (Troop::Elephant, _) => (4, 8),
        };
        assert_eq!((p.figures_per_base, p.strength_per_base), (figures, strength), "{}: H-1 figures, H-2 strength points", p.name);
        assert_eq!(p.shooting.is_some(), p.missile.is_some(), "{}: a shooting class iff a missile weapon", p.name);
    }
}

#[test]
fn the_two_armies() {
    let u = &tables().units;
    let army = |name: &str| {
        let a = u.armies.iter().find(|a| a.name == name).unwrap_or_else(|| panic!("H-4: no army {name}"));
        let units: Vec<(&str, u8)> = a.units.iter().map(|x| (x.profile.as_str(), x.count)).collect();
        (a.commanders, units)
    };
    let anglo_danish = [("huscarls", 2), ("warriors", 3), ("levy", 2), ("archers", 1), ("javelinmen", 1)];
    assert_eq!(army("anglo-danish"), (2, anglo_danish.to_vec()), "H-4: Anglo-Danish");
    let normans = [("knights", 3), ("warriors", 2), ("archers", 1), ("crossbowmen", 1), ("light-horse", 1)];
    assert_eq!(army("normans"), (2, normans.to_vec()), "H-4: Normans");
    for a in &u.armies {
        for x in &a.units {
            assert!(u.profile(&x.profile).is_some(), "{}: {} is a profile", a.name, x.profile);
        }
    }
}
