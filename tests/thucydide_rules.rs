//! Thucydide's rules against the seed: tables, and the worked examples of each paragraph set up as
//! the situations they describe (seed `003_4e6f6c195b1c36c6.txt`, section names in French).

mod common;

use common::{battle, hex, open};
use strategos::battle::{Battle, Dice, Ruleset, UnitId};
use strategos::rules::thucydide::combat::{dice_pool, tactical_advantage, targets};
use strategos::rules::thucydide::data::tables;
use strategos::rules::thucydide::event::{Effect, Event};
use strategos::rules::thucydide::resolve::{FollowUpRule, follow_up_rule};
use strategos::rules::thucydide::sight::Sight;
use strategos::rules::thucydide::state::{Combat, CombatKind, MoveMode, Phase, Role, Step};
use strategos::rules::thucydide::{Command, Thucydide};

type B = Battle<Thucydide>;

fn rows(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// A battle in the combat phase of side 0 with every unit activated.
fn combat_ready(map: &[&str], units: &[common::U]) -> B {
    let mut b = battle(map, units);
    b.turn = 1;
    b.global.phase = Phase::Combat;
    for u in b.units.iter_mut() {
        u.state.activated = true;
    }
    b
}

fn play(b: &mut B, command: Command, dice: &mut Dice) -> Vec<Event> {
    let events = Thucydide::resolve(b, &command, dice).unwrap_or_else(|e| panic!("{command:?}: {e}"));
    for e in &events {
        Thucydide::apply(b, e);
    }
    events
}

fn melee(b: &B, attacker: u32, defender: u32) -> Combat {
    Combat {
        attacker: UnitId(attacker),
        defender: UnitId(defender),
        kind: CombatKind::Melee,
        role: Role::Attack,
        attack_order: false,
        defence_order: false,
        attacker_hex: b.unit(UnitId(attacker)).unwrap().hex.unwrap(),
        defender_hex: b.unit(UnitId(defender)).unwrap().hex.unwrap(),
    }
}

fn at(b: &B, id: u32) -> Option<strategos::hex::Offset> {
    b.unit(UnitId(id)).and_then(|u| u.hex).map(strategos::hex::Offset::from_hex)
}

// --- Ligne de mire -------------------------------------------------------------------------

fn sees(map: &[&str], units: &[common::U], from: (i32, i32), to: (i32, i32)) -> bool {
    let b = battle(map, units);
    let s = Sight::new(&b);
    let forward = s.clear(hex(from.0, from.1), hex(to.0, to.1));
    let back = s.clear(hex(to.0, to.1), hex(from.0, from.1));
    assert_eq!(forward, back, "line of sight must be symmetric");
    forward
}

#[test]
fn los_woods_block_only_when_on_both_sides_of_an_edge() {
    // Shooter at (2,6); (3,4) lies two hexes off along the hexside between (2,5) and (3,5).
    let mut m = open(6, 8);
    assert!(sees(&rows(&m), &[(1, 0, "bolt-throwers", 2, 6)], (2, 6), (3, 4)), "A: direct");
    m[5] = ". . f . . .".into();
    assert!(sees(&rows(&m), &[(1, 0, "bolt-throwers", 2, 6)], (2, 6), (3, 4)), "C: blocked on one side only");
    m[5] = ". . f f . .".into();
    assert!(!sees(&rows(&m), &[(1, 0, "bolt-throwers", 2, 6)], (2, 6), (3, 4)), "blocked on both sides");
    let mut m = open(6, 8);
    m[4] = ". . f . . .".into();
    assert!(!sees(&rows(&m), &[], (2, 6), (2, 2)), "B: a wood on the line");
}

#[test]
fn los_units_mask_at_the_same_level() {
    let m = open(8, 8);
    let shooter = (1, 0, "bolt-throwers", 2, 6);
    assert!(!sees(&rows(&m), &[shooter, (2, 0, "hoplites", 2, 4)], (2, 6), (2, 2)), "A: a unit in between");
    assert!(sees(&rows(&m), &[shooter, (2, 0, "hoplites", 2, 5)], (2, 6), (3, 4)), "B: one side only");
    // C: both sides blocked, at separate places of the line: a unit beside each trace, apart.
    let far = (4, 3);
    let [a, b] = strategos::hex::los::traces(hex(2, 6), hex(far.0, far.1));
    let only_a: Vec<_> = a[1..a.len() - 1].iter().filter(|h| !b.contains(h)).map(|h| strategos::hex::Offset::from_hex(*h)).collect();
    let only_b: Vec<_> = b[1..b.len() - 1].iter().filter(|h| !a.contains(h)).map(|h| strategos::hex::Offset::from_hex(*h)).collect();
    assert!(only_a.len() >= 2 && only_b.len() >= 2, "the line runs along edges twice: {only_a:?} {only_b:?}");
    let (x, y) = (only_a[0], only_b[only_b.len() - 1]);
    assert!(sees(&rows(&m), &[shooter, (2, 0, "hoplites", x.0, x.1)], (2, 6), far));
    assert!(!sees(&rows(&m), &[shooter, (2, 0, "hoplites", x.0, x.1), (3, 1, "hoplites", y.0, y.1)], (2, 6), far), "C: blocked on both sides");
    // The target's own hex never blocks.
    let mut m2 = open(8, 8);
    m2[2] = ". . f . . . . .".into();
    assert!(sees(&rows(&m2), &[shooter], (2, 6), (2, 2)));
}

#[test]
fn los_from_a_hill_sees_over_troops_with_shadows() {
    // Artillery on a level-1 hill at the south; the plain below.
    let mut m = open(6, 10);
    m[8] = ". . .1 . . .".into();
    m[9] = ". . .1 . . .".into();
    let art = (1, 0, "bolt-throwers", 2, 8);
    // A friendly unit at the foot of the hill casts no shadow.
    assert!(sees(&rows(&m), &[art, (2, 0, "hoplites", 2, 7)], (2, 8), (2, 6)), "A: friend at the foot");
    // A friendly unit farther out masks the hex right behind it, and only that one.
    assert!(!sees(&rows(&m), &[art, (2, 0, "hoplites", 2, 5)], (2, 8), (2, 4)), "B: in the unit's shadow");
    assert!(sees(&rows(&m), &[art, (2, 0, "hoplites", 2, 5)], (2, 8), (2, 3)), "C: beyond the one-hex shadow");
    // Light weapons on the hill do not shoot over troops.
    assert!(!sees(&rows(&m), &[(1, 0, "archers", 2, 8), (2, 0, "hoplites", 2, 5)], (2, 8), (2, 3)));
}

#[test]
fn los_woods_cast_a_shadow_as_long_as_their_distance_and_same_level_hills_block() {
    let mut m = open(6, 12);
    m[10] = ". . .1 . . .".into();
    m[9] = ". . f . . .".into(); // wood 1 hex from the shooter: shadow of 1 hex
    assert!(sees(&rows(&m), &[], (2, 10), (2, 7)), "A: beyond a 1-hex shadow");
    assert!(!sees(&rows(&m), &[], (2, 10), (2, 8)), "inside the 1-hex shadow");
    let mut m = open(6, 12);
    m[10] = ". . .1 . . .".into();
    m[8] = ". . f . . .".into(); // wood 2 hexes away: shadow of 2 hexes
    assert!(!sees(&rows(&m), &[], (2, 10), (2, 6)), "B: inside the 2-hex shadow");
    assert!(sees(&rows(&m), &[], (2, 10), (2, 5)));
    let mut m = open(6, 12);
    m[10] = ". . .1 . . .".into();
    m[6] = ". . .1 . . .".into(); // another hill of the same level in between
    assert!(!sees(&rows(&m), &[], (2, 10), (2, 4)), "C: a same-level hill blocks");
    // Hexes of the viewer's own hill do not block.
    let mut m = open(6, 12);
    m[10] = ". . .1 . . .".into();
    m[9] = ". . .1 . . .".into();
    assert!(sees(&rows(&m), &[], (2, 10), (2, 4)));
}

#[test]
fn elephant_borne_units_see_and_are_seen_over_troops_but_not_over_elephants() {
    let m = open(6, 10);
    // Seen over troops: the carried archers stand as high as any elephant.
    let units = [(1, 0, "bolt-throwers", 2, 8), (2, 0, "hoplites", 2, 6), (3, 1, "elephant-archers", 2, 4)];
    assert!(sees(&rows(&m), &units, (2, 8), (2, 4)), "target carried by elephants");
    // Seeing over troops: artillery drawn by elephants.
    let units = [(1, 0, "elephant-artillery", 2, 8), (2, 0, "hoplites", 2, 6), (3, 1, "archers", 2, 4)];
    assert!(sees(&rows(&m), &units, (2, 8), (2, 4)), "shooter drawn by elephants");
    // An elephant-borne unit in between is an elephant: it masks an elephant's view.
    let units = [(1, 0, "elephants", 2, 8), (2, 0, "elephant-artillery", 2, 6), (3, 1, "archers", 2, 4)];
    assert!(!sees(&rows(&m), &units, (2, 8), (2, 4)), "not over elephant-borne troops");
    // Once on foot (the dismounted profile), no exception.
    let units = [(1, 0, "bolt-throwers", 2, 8), (2, 0, "hoplites", 2, 6), (3, 1, "archers", 2, 4)];
    assert!(!sees(&rows(&m), &units, (2, 8), (2, 4)), "archers on foot are masked");
    // Still lower than woods.
    let mut m = open(6, 10);
    m[6] = ". . f . . .".into();
    assert!(!sees(&rows(&m), &[(1, 0, "bolt-throwers", 2, 8), (3, 1, "elephant-archers", 2, 4)], (2, 8), (2, 4)), "behind a wood");
}

#[test]
fn los_is_observed_in_reverse_and_elephants_are_seen_over_troops() {
    let mut m = open(6, 10);
    m[8] = ". . .1 . . .".into();
    // Infantry below shooting at artillery on the hill: seen from the hill, the unit at its foot
    // (a friend of the artillery) casts no shadow.
    let units = [(1, 1, "bolt-throwers", 2, 8), (2, 1, "hoplites", 2, 7), (3, 0, "archers", 2, 6)];
    assert!(sees(&rows(&m), &units, (2, 6), (2, 8)), "A: mask at the foot of the hill");
    // Elephants are seen over troops, not over woods.
    let m = open(6, 10);
    let units = [(1, 0, "bolt-throwers", 2, 8), (2, 0, "hoplites", 2, 6), (3, 1, "elephants", 2, 4)];
    assert!(sees(&rows(&m), &units, (2, 8), (2, 4)), "A: the elephant stands higher than the friend");
    let units = [(1, 0, "bolt-throwers", 2, 8), (2, 0, "elephants", 2, 6), (3, 1, "elephants", 2, 4)];
    assert!(!sees(&rows(&m), &units, (2, 8), (2, 4)), "not over another elephant");
    let mut m = open(6, 10);
    m[6] = ". . f . . .".into();
    assert!(!sees(&rows(&m), &[(1, 0, "bolt-throwers", 2, 8), (3, 1, "elephants", 2, 4)], (2, 8), (2, 4)), "B: behind a wood");
}

// --- Choix des cibles, portée, ordre des combats ------------------------------------------------

#[test]
fn fire_range_counts_the_target_hex_and_melee_is_forced_when_adjacent() {
    let m = open(6, 10);
    let b = combat_ready(&rows(&m), &[(1, 0, "peltasts", 2, 8), (2, 1, "hoplites", 2, 6), (3, 1, "hoplites", 4, 5)]);
    let s = Sight::new(&b);
    let t = targets(&b, &s, b.unit(UnitId(1)).unwrap());
    assert_eq!(t, vec![(UnitId(2), CombatKind::Fire)], "range 2: the hex two away is in range, three away is not");
    let b = combat_ready(&rows(&m), &[(1, 0, "bolt-throwers", 2, 8), (2, 1, "hoplites", 2, 7), (3, 1, "hoplites", 2, 4)]);
    let s = Sight::new(&b);
    assert_eq!(targets(&b, &s, b.unit(UnitId(1)).unwrap()), vec![(UnitId(2), CombatKind::Melee)], "artillery next to an enemy must melee it");
    let b = combat_ready(&rows(&m), &[(1, 0, "bolt-throwers", 2, 8), (2, 1, "hoplites", 3, 6), (3, 1, "hoplites", 2, 3)]);
    let s = Sight::new(&b);
    let t: Vec<UnitId> = targets(&b, &s, b.unit(UnitId(1)).unwrap()).into_iter().map(|t| t.0).collect();
    assert_eq!(t, vec![UnitId(2), UnitId(3)], "artillery chooses freely, the farther target too");
}

#[test]
fn only_activated_units_attack_once_and_never_after_a_road_march() {
    let mut m = open(6, 10);
    m[8] = ". . .= . . .".into();
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 8), (2, 1, "hoplites", 2, 7), (3, 0, "hoplites", 4, 8), (4, 1, "hoplites", 4, 7)]);
    b.unit_mut(UnitId(3)).unwrap().state.activated = false;
    let attacks = |b: &B| Thucydide::legal_commands(b).into_iter().filter(|c| matches!(c, Command::Attack { .. })).count();
    assert_eq!(attacks(&b), 1, "the unactivated unit cannot attack; no attack order without tokens");
    b.unit_mut(UnitId(1)).unwrap().state.moved = Some(MoveMode::RoadMarch);
    assert_eq!(attacks(&b), 0, "no combat after a road march");
    b.unit_mut(UnitId(1)).unwrap().state.moved = None;
    let mut dice = Dice::with_forced(1, &[4, 4, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert!(Thucydide::legal_commands(&b).iter().all(|c| !matches!(c, Command::Attack { attacker: UnitId(1), .. })), "one attack a turn");
}

#[test]
fn artillery_on_a_road_through_rough_ground_cannot_fight() {
    let mut m = open(6, 10);
    m[8] = ". . f= . . .".into();
    let b = combat_ready(&rows(&m), &[(1, 0, "bolt-throwers", 2, 8), (2, 1, "hoplites", 2, 5)]);
    assert!(Thucydide::legal_commands(&b).iter().all(|c| !matches!(c, Command::Attack { .. })));
}

// --- Dice count: assault, melee, terrain limit, orders, animal effects -----------------------------

#[test]
fn dice_count_follows_steps_three_to_five() {
    let m = open(6, 10);
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 8), (2, 1, "hoplites", 2, 7)]);
    let mut c = melee(&b, 1, 2);
    assert_eq!(dice_pool(&b, &c).0, 3, "assault factor");
    c.role = Role::Riposte;
    assert_eq!(dice_pool(&b, &c).0, 2, "a riposte uses the melee factor");
    let mut m = open(6, 10);
    m[7] = ". . f . . .".into();
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 8), (2, 1, "elephants", 2, 7)]);
    let mut c = melee(&b, 1, 2);
    assert_eq!(dice_pool(&b, &c).0, 2, "melee factor into a forest, capped by its limit of 2");
    c.attack_order = true;
    assert_eq!(dice_pool(&b, &c).0, 3, "an attack order adds a die beyond the terrain limit");
    c.defence_order = true;
    assert_eq!(dice_pool(&b, &c).0, 2, "a defence order takes one away");
    let b = combat_ready(&rows(&open(6, 10)), &[(1, 0, "cavalry", 2, 8), (2, 1, "hoplites", 2, 7), (3, 1, "camelry", 3, 8)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "camel effect: cavalry next to camels");
    let b = combat_ready(&rows(&open(6, 10)), &[(1, 0, "arab-cavalry", 2, 8), (2, 1, "hoplites", 2, 7), (3, 1, "camelry", 3, 8)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 2, "Arab horses ignore camels");
    let b = combat_ready(&rows(&open(6, 10)), &[(1, 0, "cavalry", 2, 8), (2, 1, "elephants", 2, 7)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "elephant effect");
    let b = combat_ready(&rows(&open(6, 10)), &[(1, 0, "indian-cavalry", 2, 8), (2, 1, "elephants", 2, 7)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 2, "Indian horses ignore elephants");
    let b = combat_ready(&rows(&open(6, 10)), &[(1, 0, "cavalry", 2, 8), (2, 1, "fire-pots", 2, 7)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "fire effect");
}

// --- Avantages tactiques ---------------------------------------------------------------------

#[test]
fn tactical_advantage_worked_examples() {
    let m = open(8, 10);
    // A: infantry on infantry, neither supported: no loss.
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Miss, "A");
    // B: the attacker supported (a friend behind it), the defender not: one loss.
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 2, 7)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit, "B");
    // Both supported: a morale hit (the third example: "l'avantage tactique donne un Coup au moral").
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 2, 7), (4, 1, "hoplites", 2, 4)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::MoraleHit);
    // C: the defender is supported by its buildings: no loss.
    let mut mb = open(8, 10);
    mb[5] = ". . b . . . . .".into();
    let b = combat_ready(&rows(&mb), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Miss, "C");
    // D: mounted troops attacking rough ground: no loss.
    let mut mr = open(8, 10);
    mr[5] = ". . r . . . . .".into();
    let b = combat_ready(&rows(&mr), &[(1, 0, "cavalry", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 2, 7)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Miss, "D");
    // Second figure, A: supported cavalry on infantry, even supported infantry: one loss.
    let b = combat_ready(&rows(&m), &[(1, 0, "cavalry", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 2, 7), (4, 1, "hoplites", 2, 4)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit, "A2");
    // B: cavalry on cavalry: no loss.
    let b = combat_ready(&rows(&m), &[(1, 0, "cavalry", 2, 6), (2, 1, "cavalry", 2, 5), (3, 0, "hoplites", 2, 7)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Miss, "B2");
    // C: powder artillery at 2 hexes: one loss; at 3: none.
    let b = combat_ready(&rows(&m), &[(1, 0, "bombards", 2, 6), (2, 1, "cavalry", 2, 4), (3, 1, "cavalry", 5, 3)]);
    let mut c = melee(&b, 1, 2);
    c.kind = CombatKind::Fire;
    assert_eq!(tactical_advantage(&b, &c).0, Effect::Hit, "C2");
    let mut c = melee(&b, 1, 3);
    c.kind = CombatKind::Fire;
    assert_eq!(tactical_advantage(&b, &c).0, Effect::Miss);
    // D: an elephant attacker: one loss.
    let b = combat_ready(&rows(&m), &[(1, 0, "elephants", 2, 6), (2, 1, "cavalry", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit, "D2");
    // Fire at a building by a shooter other than artillery: no loss.
    let b = combat_ready(&rows(&mb), &[(1, 0, "archers", 2, 8), (2, 1, "hoplites", 2, 5)]);
    let mut c = melee(&b, 1, 2);
    c.kind = CombatKind::Fire;
    assert_eq!(tactical_advantage(&b, &c).0, Effect::Miss);
    // Very light defenders are hit; elusive ones take a morale hit.
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "archers", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit);
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "horse-archers", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::MoraleHit);
    // Infantry on mounted troops: only fanatic ones are hit; mounted next to the attacker's infantry.
    let b = combat_ready(&rows(&m), &[(1, 0, "cavalry", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 1, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit);
}

#[test]
fn very_heavy_troops_need_a_confirmed_hit() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 8), (2, 1, "cataphracts", 2, 7)]);
    // Red hit confirmed by a blue hit, red hit not confirmed by a flag, green hit misses.
    let mut dice = Dice::with_forced(1, &[5, 3, 5, 2, 1]);
    let events = play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    let rolled = events.iter().find_map(|e| match e {
        Event::DiceRolled { hits, results, .. } => Some((*hits, results.len())),
        _ => None,
    });
    assert_eq!(rolled, Some((1, 3)));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.strength, 2);
}

// --- Repli --------------------------------------------------------------------------------

fn retreat_options(b: &B, unit: u32, hexes: u8) -> Vec<Vec<strategos::hex::Offset>> {
    let mut b = b.clone();
    b.global.agenda = vec![Step::Retreat { unit: UnitId(unit), hexes }];
    Thucydide::legal_commands(&b)
        .into_iter()
        .map(|c| match c {
            Command::Retreat { path } => path.into_iter().map(strategos::hex::Offset::from_hex).collect(),
            other => panic!("{other:?}"),
        })
        .collect()
}

#[test]
fn retreat_one_or_two_hexes_toward_the_own_edge_even_toward_the_attacker() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 4), (2, 1, "hoplites", 2, 5)]);
    // Side 1's edge is north: two flags push the defender north, toward where the attack comes from.
    let mut dice = Dice::with_forced(1, &[2, 2, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    // Several paths of 2 hexes: the owner chooses.
    let opts = Thucydide::legal_commands(&b);
    assert!(opts.len() > 1 && opts.iter().all(|c| matches!(c, Command::Retreat { path } if path.len() == 2)), "{opts:?}");
    assert!(retreat_options(&b, 2, 1).iter().all(|p| p.len() == 1));
}

#[test]
fn retreat_through_woods_and_light_friends_but_not_into_impassable_ground() {
    let mut m = open(6, 10);
    m[5] = ". f . f . .".into();
    m[6] = ". f . f . .".into();
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 5), (4, 0, "bolt-throwers", 2, 6)]);
    let opts = retreat_options(&b, 1, 2);
    assert!(!opts.is_empty() && opts.iter().all(|p| p.len() == 2), "through the wood and the light artillery: {opts:?}");
    // Artillery cannot enter the wood: it cannot retreat, two losses.
    let mut m = open(6, 10);
    m[5] = ". f . f . .".into();
    m[6] = ". f f f . .".into();
    let mut b = combat_ready(&rows(&m), &[(1, 0, "bolt-throwers", 2, 5), (9, 1, "hoplites", 5, 0)]);
    assert_eq!(retreat_options(&b, 1, 2), vec![Vec::new()]);
    b.global.agenda = vec![Step::Retreat { unit: UnitId(1), hexes: 2 }];
    let mut dice = Dice::new(1);
    play(&mut b, Command::Retreat { path: Vec::new() }, &mut dice);
    assert_eq!(b.unit(UnitId(1)).unwrap().hex, None, "two hexes not made: two elements lost, destroyed");
}

#[test]
fn blocked_retreat_costs_an_element_per_hex_and_support_cancels_a_flag() {
    // Cavalry (2 hexes per flag) with a heavy friend behind it is supported: of two flags one is
    // cancelled; the other would take it 2 hexes but heavy friends bar the way: 2 losses.
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 1, "hoplites", 2, 3), (2, 0, "cavalry", 2, 4), (3, 0, "hoplites", 2, 5), (4, 0, "hoplites", 1, 4), (5, 0, "hoplites", 3, 4), (6, 1, "hoplites", 5, 0)]);
    b.active = strategos::battle::Side(1);
    let mut dice = Dice::with_forced(1, &[2, 2, 4]);
    let events = play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::MoraleHitIgnored { .. })));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.strength, 1, "3 elements, 2 lost for the retreat not made");
    // Infantry that can make only one of two hexes: one hex and one loss.
    let mut m = open(6, 10);
    m[5] = "w w w w w w".into();
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 4)]);
    assert!(retreat_options(&b, 1, 2).iter().all(|p| p.len() == 1));
}

// --- Suivi, poursuite, riposte ------------------------------------------------------------

#[test]
fn follow_up_table() {
    let t = tables();
    let p = |n: &str| t.profile(t.profile_index(n).unwrap());
    assert!(matches!(follow_up_rule(p("hoplites"), false), FollowUpRule::Never(_)), "infantry A cannot follow");
    assert!(matches!(follow_up_rule(p("elite-hoplites"), false), FollowUpRule::Optional(_)), "elite infantry B may");
    assert!(matches!(follow_up_rule(p("hoplites"), true), FollowUpRule::Compulsory(_)), "attacking below: must");
    assert!(matches!(follow_up_rule(p("elite-hoplites"), true), FollowUpRule::Optional(_)), "elite may refuse");
    assert!(matches!(follow_up_rule(p("cavalry"), true), FollowUpRule::Compulsory(_)));
    assert!(matches!(follow_up_rule(p("companions"), true), FollowUpRule::Optional(_)), "elite cavalry may refuse");
    assert!(matches!(follow_up_rule(p("cavalry"), false), FollowUpRule::Optional(_)));
    assert!(matches!(follow_up_rule(p("bolt-throwers"), true), FollowUpRule::Never(_)), "artillery never");
    assert!(matches!(follow_up_rule(p("elephants"), false), FollowUpRule::Compulsory(_)), "elephant C always");
    assert!(matches!(follow_up_rule(p("warband"), false), FollowUpRule::Compulsory(_)), "fanatics must");
    assert!(matches!(follow_up_rule(p("chariots"), false), FollowUpRule::Compulsory(_)), "fickle troops must");
}

#[test]
fn cavalry_destroys_follows_up_pursues_and_follows_up_again_without_a_second_pursuit() {
    let m = open(8, 10);
    let mut b = combat_ready(
        &rows(&m),
        &[(1, 0, "cavalry", 3, 6), (2, 1, "archers", 3, 5), (3, 1, "archers", 3, 3), (9, 1, "hoplites", 7, 0)],
    );
    b.unit_mut(UnitId(2)).unwrap().state.strength = 1;
    b.unit_mut(UnitId(3)).unwrap().state.strength = 1;
    let mut dice = Dice::with_forced(1, &[1, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert_eq!(b.unit(UnitId(2)).unwrap().hex, None);
    assert!(Thucydide::legal_commands(&b).contains(&Command::FollowUp { advance: true }));
    play(&mut b, Command::FollowUp { advance: true }, &mut dice);
    assert_eq!(at(&b, 1), Some(strategos::hex::Offset(3, 5)));
    let pursue = Command::Pursue { to: Some(hex(3, 4)), target: Some(UnitId(3)), attack_order: false };
    assert!(Thucydide::legal_commands(&b).contains(&pursue), "{:?}", Thucydide::legal_commands(&b));
    let mut dice = Dice::with_forced(1, &[1, 4]);
    play(&mut b, pursue, &mut dice);
    assert_eq!(b.unit(UnitId(3)).unwrap().hex, None, "the second combat destroyed the second enemy");
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::FollowUp { advance: true }, Command::FollowUp { advance: false }]);
    play(&mut b, Command::FollowUp { advance: true }, &mut dice);
    assert!(b.global.agenda.is_empty(), "no second pursuit");
    assert_eq!(at(&b, 1), Some(strategos::hex::Offset(3, 3)));
}

#[test]
fn riposte_after_melee_with_the_melee_factor_and_nothing_after_it() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (9, 1, "hoplites", 5, 0)]);
    let mut dice = Dice::with_forced(1, &[1, 1, 1]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::Riposte { strike: true }, Command::Riposte { strike: false }]);
    assert_eq!(Thucydide::deciding_side(&b), Some(strategos::battle::Side(1)));
    let mut dice = Dice::with_forced(1, &[2, 4]);
    let events = play(&mut b, Command::Riposte { strike: true }, &mut dice);
    let counted = events.iter().find_map(|e| match e {
        Event::DiceCounted { dice, steps, .. } => Some((*dice, steps[0].rule)),
        _ => None,
    });
    assert_eq!(counted.map(|c| c.0), Some(2));
    assert!(counted.unwrap().1.contains("riposte"));
    // The attacker retreats one hex, its owner choosing where; no follow-up by the riposting unit.
    let options = Thucydide::legal_commands(&b);
    assert_eq!(options.len(), 3, "{options:?}");
    play(&mut b, options[0].clone(), &mut dice);
    assert_eq!(b.unit(UnitId(1)).unwrap().hex.unwrap().unsigned_distance_to(hex(2, 6)), 1);
    assert_eq!(at(&b, 2), Some(strategos::hex::Offset(2, 5)));
    assert!(b.global.agenda.is_empty());
}

#[test]
fn fire_gets_no_riposte() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "archers", 2, 7), (2, 1, "peltasts", 2, 5), (9, 1, "hoplites", 5, 0)]);
    let mut dice = Dice::with_forced(1, &[4, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert!(b.global.agenda.is_empty());
    assert_eq!(b.global.order_tokens[0], 2, "two order letters, two tokens");
}

// --- Eléphants -----------------------------------------------------------------------------

#[test]
fn an_elephant_panics_instead_of_dying_and_flees_toward_its_edge() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 5), (2, 1, "elephants", 2, 4), (9, 1, "hoplites", 5, 0)]);
    // A red hit (one loss); the elephant unit declines its riposte; then the panic roll of 3 dice:
    // flag, tactical advantage, green hit: 2 hexes of flight.
    let mut dice = Dice::with_forced(1, &[5, 1, 1, 2, 6, 1]);
    let mut events = play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    let elephant = events
        .iter()
        .find_map(|e| match e {
            Event::ElephantPanicked { elephant, .. } => Some(*elephant),
            _ => None,
        })
        .expect("one element lost: one elephant panics");
    if matches!(b.global.agenda.last(), Some(Step::Riposte(_))) {
        events.extend(play(&mut b, Command::Riposte { strike: false }, &mut dice));
    }
    assert!(events.iter().any(|e| matches!(e, Event::PanicRolled { hexes: 2, .. })), "{events:?}");
    while matches!(b.global.agenda.last(), Some(Step::PanicFlight { .. })) {
        let c = Thucydide::legal_commands(&b)[0].clone();
        play(&mut b, c, &mut dice);
    }
    let e = b.unit(elephant).unwrap();
    assert!(e.hex.is_none() || strategos::hex::Offset::from_hex(e.hex.unwrap()).1 <= 2, "{:?}", e.hex);
}

#[test]
fn a_panicking_elephant_at_the_edge_leaves_and_a_new_loss_removes_it() {
    let m = open(6, 10);
    let mut b = battle(&rows(&m), &[(1, 1, "panicked-elephant", 2, 0), (2, 1, "panicked-elephant", 4, 4), (3, 0, "hoplites", 4, 5), (9, 1, "hoplites", 5, 9)]);
    b.global.agenda = vec![Step::PanicFlight { unit: UnitId(1), hexes: 2, charged: false }];
    let options = Thucydide::legal_commands(&b);
    let mut dice = Dice::new(1);
    play(&mut b, options[0].clone(), &mut dice);
    assert_eq!(b.unit(UnitId(1)).unwrap().hex, None, "reached the board edge: gone");
    b.turn = 1;
    b.global.phase = Phase::Combat;
    b.unit_mut(UnitId(3)).unwrap().state.activated = true;
    let mut dice = Dice::with_forced(1, &[5, 4, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(3), target: UnitId(2), attack_order: false }, &mut dice);
    assert_eq!(b.unit(UnitId(2)).unwrap().hex, None, "a new loss: gone");
}

#[test]
fn a_barred_panicking_elephant_charges_the_unit_in_its_way() {
    let mut m = open(6, 10);
    m[3] = "w w . w w w".into();
    let mut b = battle(&rows(&m), &[(1, 1, "panicked-elephant", 2, 4), (2, 0, "hoplites", 2, 3), (9, 0, "hoplites", 5, 9)]);
    b.global.agenda = vec![Step::PanicFlight { unit: UnitId(1), hexes: 2, charged: false }];
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::Charge { target: UnitId(2) }]);
}

#[test]
fn transport_elephants_panic_at_the_first_loss_and_the_unit_goes_on_foot() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 5), (2, 1, "elephant-archers", 2, 4), (9, 1, "hoplites", 5, 0)]);
    let mut dice = Dice::with_forced(1, &[5, 4, 4, 4, 4, 4]);
    let events = play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::ElephantPanicked { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::ProfileChanged { profile, .. } if profile == "archers")));
    assert_eq!(b.unit(UnitId(2)).unwrap().state.strength, 2);
}

// --- Personnages ---------------------------------------------------------------------------

/// Unit 1 (side 0) destroys unit 2, reduced to one element, with a red hit in the combat phase.
fn destroy_the_leaders_unit(s: &strategos::scenario::Scenario) -> (B, Dice, Vec<Event>) {
    let mut b = Thucydide::setup(s).unwrap();
    b.turn = 1;
    b.global.phase = Phase::Combat;
    b.unit_mut(UnitId(1)).unwrap().state.activated = true;
    b.unit_mut(UnitId(2)).unwrap().state.strength = 1;
    let mut dice = Dice::with_forced(1, &[5, 4, 4]);
    let events = play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    (b, dice, events)
}

#[test]
fn a_leader_flees_to_a_friend_when_his_unit_is_destroyed() {
    let m = open(6, 10);
    let s = common::with_leader(
        common::scenario(&rows(&m), &[(1, 0, "hoplites", 2, 5), (2, 1, "archers", 2, 4), (3, 1, "hoplites", 3, 3), (4, 1, "hoplites", 2, 2), (5, 1, "hoplites", 5, 0), (6, 0, "hoplites", 0, 9)]),
        7,
        1,
        "sub-general",
        2,
    );
    let (mut b, mut dice, _) = destroy_the_leaders_unit(&s);
    if let Some(Command::Refuge { unit }) = Thucydide::legal_commands(&b).first().cloned() {
        play(&mut b, Command::Refuge { unit }, &mut dice);
    }
    let leader = b.global.leaders.iter().find(|l| l.id == 7).unwrap();
    assert!(matches!(leader.unit, Some(UnitId(3)) | Some(UnitId(4))), "a sub-general flees up to 2 hexes to a friend: {leader:?}");
}

#[test]
fn losing_the_commander_in_chief_costs_the_next_turn() {
    let m = open(6, 10);
    let s = common::with_leader(
        common::with_leader(common::scenario(&rows(&m), &[(1, 0, "hoplites", 2, 5), (2, 1, "archers", 2, 4), (3, 1, "hoplites", 5, 0), (4, 1, "hoplites", 5, 2), (5, 1, "hoplites", 4, 0), (6, 0, "hoplites", 0, 9)]), 7, 1, "commander-in-chief", 2),
        8,
        1,
        "senior-officer",
        3,
    );
    let (mut b, mut dice, events) = destroy_the_leaders_unit(&s);
    assert!(events.iter().any(|e| matches!(e, Event::LeaderRemoved { leader: 7, .. })), "no friend within 2 hexes");
    assert!(events.iter().any(|e| matches!(e, Event::CommanderLost { .. })));
    let events = play(&mut b, Command::EndPhase, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::TurnPassed { .. })));
    assert_eq!(b.global.phase, Phase::Redeploy);
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::Redeploy { unit: UnitId(3) }], "in place of the senior officer");
    let events = play(&mut b, Command::Redeploy { unit: UnitId(3) }, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::CommanderRedeployed { leader: 7, replaces: Some(8), .. })));
    assert_eq!(b.active, strategos::battle::Side(0), "the turn passed straight back");
}

// --- Readings of ambiguous passages (docs/rules/thucydide.md, "Readings and limits") ----------------

#[test]
fn the_unit_a_panicking_elephant_charges_may_riposte() {
    let mut m = open(6, 10);
    m[3] = "w w . w w w".into();
    let mut b = battle(&rows(&m), &[(1, 1, "panicked-elephant", 2, 4), (2, 0, "hoplites", 2, 3), (9, 0, "hoplites", 5, 9)]);
    b.global.agenda = vec![Step::PanicFlight { unit: UnitId(1), hexes: 2, charged: false }];
    // The charge: three green hits, which do not hurt hoplites; they stay adjacent.
    let mut dice = Dice::with_forced(1, &[1, 1, 1]);
    play(&mut b, Command::Charge { target: UnitId(2) }, &mut dice);
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::Riposte { strike: true }, Command::Riposte { strike: false }]);
    assert_eq!(Thucydide::deciding_side(&b), Some(strategos::battle::Side(0)));
    // A red hit on the riposte: a new loss, and the panicking elephant is gone.
    let mut dice = Dice::with_forced(1, &[5, 4]);
    let events = play(&mut b, Command::Riposte { strike: true }, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::UnitLeftBoard { unit: UnitId(1), .. })), "{events:?}");
    assert!(b.global.agenda.is_empty(), "{:?}", b.global.agenda);
}

#[test]
fn a_panicking_elephant_flees_up_to_a_unit_barring_its_way_further_on_then_charges_it() {
    let mut m = open(6, 10);
    m[4] = "w w . w w w".into();
    m[3] = "w w . w w w".into();
    let mut b = battle(&rows(&m), &[(1, 1, "panicked-elephant", 2, 5), (2, 0, "hoplites", 2, 3), (9, 0, "hoplites", 5, 9)]);
    b.global.agenda = vec![Step::PanicFlight { unit: UnitId(1), hexes: 3, charged: false }];
    let options = Thucydide::legal_commands(&b);
    assert_eq!(options.len(), 1, "{options:?}");
    // The one way to flee, then the one unit to charge, are played by the rules themselves.
    let mut dice = Dice::with_forced(1, &[1, 1, 1]);
    let events = play(&mut b, options[0].clone(), &mut dice);
    assert_eq!(at(&b, 1), Some(strategos::hex::Offset(2, 4)), "fled as far as the hoplites");
    assert_eq!(b.unit(UnitId(1)).unwrap().state.strength, 1, "no loss for the hexes still to flee");
    assert!(
        events.iter().any(|e| matches!(e, Event::CombatStarted { attacker: UnitId(1), defender: UnitId(2), role: Role::Panic, .. })),
        "{events:?}"
    );
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::Riposte { strike: true }, Command::Riposte { strike: false }]);
}

#[test]
fn no_follow_up_onto_ground_the_attacker_cannot_enter() {
    let run = |ground: &str| {
        let mut m = open(6, 10);
        m[5] = format!(". . {ground} . . .");
        let mut b = combat_ready(&rows(&m), &[(1, 0, "cavalry", 2, 6), (2, 1, "hoplites", 2, 5), (9, 1, "hoplites", 5, 0)]);
        b.unit_mut(UnitId(2)).unwrap().state.strength = 1;
        let mut dice = Dice::with_forced(1, &[5, 5, 5]);
        play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
        b.global.agenda.clone()
    };
    assert!(matches!(run(".").as_slice(), [Step::FollowUp(_)]), "mounted troops may follow into open ground");
    assert_eq!(run("m"), vec![], "but never into a marsh");
}

#[test]
fn infantry_riding_horses_or_camels_counts_as_having_animals() {
    let m = open(6, 10);
    let b = combat_ready(&rows(&m), &[(1, 0, "mounted-infantry", 2, 8), (2, 1, "hoplites", 2, 7), (3, 1, "elephants", 3, 8)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "elephant effect on mounted infantry");
    let b = combat_ready(&rows(&m), &[(1, 0, "mounted-infantry", 2, 8), (2, 1, "hoplites", 2, 7), (3, 1, "camelry", 3, 8)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "camel effect on mounted infantry");
    let b = combat_ready(&rows(&m), &[(1, 0, "camel-infantry", 2, 8), (2, 1, "fire-pots", 2, 7)]);
    assert_eq!(dice_pool(&b, &melee(&b, 1, 2)).0, 1, "fire effect on infantry on camels");
}

#[test]
fn reversed_armour_reads_very_light_troops_as_very_heavy_for_tactical_advantages() {
    let m = open(8, 10);
    let b = combat_ready(&rows(&m), &[(1, 0, "chariots", 2, 6), (2, 1, "slingers", 2, 5)]);
    assert_ne!(tactical_advantage(&b, &melee(&b, 1, 2)), (Effect::Hit, "TA hit: defender very light (yellow)"));
    let b = combat_ready(&rows(&m), &[(1, 0, "chariots", 2, 6), (2, 1, "cataphracts", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)), (Effect::Hit, "TA hit: defender very light (yellow)"));
}

#[test]
fn a_hit_line_of_the_table_comes_before_a_general_morale_line() {
    let m = open(8, 10);
    // Fire throwers, supported, against unsupported infantry: "d'abord coup touché puis coup au moral".
    let b = combat_ready(&rows(&m), &[(1, 0, "fire-pots", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "hoplites", 2, 7)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::Hit);
    // Unsupported, the table gives nothing and the general line gives a morale hit.
    let b = combat_ready(&rows(&m), &[(1, 0, "fire-pots", 2, 6), (2, 1, "hoplites", 2, 5)]);
    assert_eq!(tactical_advantage(&b, &melee(&b, 1, 2)).0, Effect::MoraleHit);
}

#[test]
fn a_unit_that_cannot_fight_does_not_riposte() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (9, 1, "hoplites", 5, 0)]);
    b.unit_mut(UnitId(2)).unwrap().state.moved = Some(MoveMode::RoadMarch);
    let mut dice = Dice::with_forced(1, &[4, 4, 4]);
    play(&mut b, Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice);
    assert!(b.global.agenda.is_empty(), "just road-marched: no riposte");
}

#[test]
fn panicking_elephants_roll_even_in_a_passed_turn() {
    let m = open(6, 10);
    let mut b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 8), (2, 1, "panicked-elephant", 3, 4), (3, 1, "hoplites", 5, 0)]);
    b.global.skip_turn[1] = true;
    let mut dice = Dice::with_forced(1, &[4, 4, 4]);
    let events = play(&mut b, Command::EndPhase, &mut dice);
    assert!(events.iter().any(|e| matches!(e, Event::TurnPassed { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::PanicRolled { hexes: 0, .. })), "{events:?}");
    assert_eq!(Thucydide::legal_commands(&b), vec![Command::EndPhase], "nothing to redeploy: end the passed turn");
    play(&mut b, Command::EndPhase, &mut dice);
    assert_eq!(b.active, strategos::battle::Side(0));
}

// --- Odds shown before an attack ---------------------------------------------------------------

#[test]
fn odds_follow_the_dice_of_the_rules() {
    use strategos::rules::thucydide::odds::attack_odds;
    let m = open(6, 10);
    // Three assault dice against very light archers: green, blue and red hits and tactical
    // advantages all hit (4 faces in 6), flags push back.
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "archers", 2, 5), (9, 1, "hoplites", 5, 0)]);
    let odds = attack_odds(&b, UnitId(1), UnitId(2), false, 3000);
    let expected = 3.0 * 4.0 / 6.0;
    assert!((odds.expected_losses - expected).abs() < 0.12, "{odds:?}");
    // Destroyed when all three of its elements are lost: at least (4/6)^3.
    assert!(odds.destroyed > 0.25 && odds.destroyed < 0.4, "{odds:?}");
    let same = attack_odds(&b, UnitId(1), UnitId(2), false, 3000);
    assert_eq!(odds, same, "the same position shows the same odds");
    assert_eq!(b.global.agenda, vec![], "a preview changes nothing");
    // Hoplites riposte against hoplites: the odds count what the attack may cost.
    let b = combat_ready(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (9, 1, "hoplites", 5, 0)]);
    let odds = attack_odds(&b, UnitId(1), UnitId(2), false, 2000);
    assert!(odds.riposte_losses > 0.1, "{odds:?}");
}

#[test]
fn rough_ground_is_the_seed_list_and_woods_and_buildings_block_sight() {
    use strategos::hex::Ground;
    use strategos::rules::thucydide::data::{blocks_sight, rough};
    let all = [Ground::Open, Ground::Forest, Ground::Marsh, Ground::Rocky, Ground::Buildings, Ground::Fortification, Ground::River, Ground::Stream];
    let rough_list: Vec<Ground> = all.into_iter().filter(|g| rough(*g)).collect();
    assert_eq!(rough_list, vec![Ground::Forest, Ground::Marsh, Ground::Rocky, Ground::Buildings], "Terrain accidenté");
    let blocking: Vec<Ground> = all.into_iter().filter(|g| blocks_sight(*g)).collect();
    assert_eq!(blocking, vec![Ground::Forest, Ground::Buildings]);
}
