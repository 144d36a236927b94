//! Swidenth's army lists: the bundled warbands set the bundled battles up as their table did, and
//! the test warband's figures and starting states act in situations read from its test battle,
//! with forced dice in the order of H-S13 (the initiative's d20, then the acting figure's d20 and
//! the opponent's).

use super::{assert_refusals, fixture, state_hash};
use strategos::battle::ecs::BattleApp;
use strategos::battle::{Ruleset, UnitId};
use strategos::rules::swidenth::event::{Duel, Event};
use strategos::rules::swidenth::state::Phase;
use strategos::rules::swidenth::{Command, Swidenth};
use strategos::scenario::Scenario;

fn test_scenario() -> Scenario {
    strategos::scenario::load(&fixture("swidenth-test-battle.ron")).unwrap_or_else(|e| panic!("{e}")).0
}

/// The test battle started with the initiative's d20 and then `faces`.
fn start(faces: &[u8]) -> BattleApp<Swidenth> {
    let mut forced = vec![15];
    forced.extend_from_slice(faces);
    let app = strategos::replay::start::<Swidenth>(&test_scenario(), 1, &forced).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(app.view().global.phase, Phase::Rest, "no leader on the field: straight to the rest phases");
    app
}

fn send(app: &mut BattleApp<Swidenth>, c: Command) -> Vec<Event> {
    let before = app.events().len();
    app.submit(c.clone()).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    app.events()[before..].to_vec()
}

/// Figure `figure` waits, then fights the goblin before it on faces `faces`.
fn fights(figure: u32, goblin: u32, faces: &[u8]) -> Duel {
    let mut app = start(faces);
    send(&mut app, Command::Wait { figure: UnitId(figure) });
    let events = send(&mut app, Command::Fight { figure: UnitId(figure), target: UnitId(goblin) });
    events.into_iter().find_map(|e| if let Event::Duel(d) = e { Some(d) } else { None }).expect("a duel")
}

#[test]
fn the_bundled_battles_name_the_bundled_warbands_and_set_up_as_their_table_did() {
    for s in strategos::scenario::all_bundled().filter(|s| s.ruleset == Swidenth::NAME) {
        assert_eq!(s.armies, ["swidenth-patrol", "black-vale-raiders"], "{}", s.id);
        let named = Swidenth::setup(&s).expect("sets up");
        let unnamed = Swidenth::setup(&Scenario { armies: Vec::new(), ..s.clone() }).expect("sets up");
        assert_eq!(state_hash(&named), state_hash(&unnamed), "{}", s.id);
    }
}

#[test]
fn the_test_warband_and_battle_validate_armour_counts_and_figures_start_under_way() {
    for file in ["swidenth-test.ron", "swidenth-test-battle.ron"] {
        strategos::cli::validate::validate(&fixture(file)).unwrap_or_else(|e| panic!("{e}"));
    }
    let b = Swidenth::setup(&test_scenario()).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
    let state = |id: u32| &b.unit(UnitId(id)).expect("a figure").state;
    let knight = state(1).row();
    assert_eq!((knight.defence, knight.mouv, knight.warband.as_str()), (9, 4, "La compagnie d'essai"), "6 + shield 1 + heavy armour 2; 5 - 1 (H-S1)");
    assert_eq!((state(11).vitalite, state(11).wounds), (2, 2), "the ogre starts with 2 of its 4");
    assert_eq!(state(3).stuns, [1], "a stun token that goes at the end of turn 1");
    assert!(state(4).dropped_main && state(2).unloaded);
}

#[test]
fn heavy_armour_raises_the_defence_a_blow_is_read_against() {
    // The knight's d20 of 2 against the goblin's 19: the goblin wins, and its blow is read
    // against Défense 9 (l. 20, l. 105).
    let d = fights(1, 12, &[2, 19, 10]);
    assert_eq!((d.winner, d.defence), (Some(UnitId(12)), 9));
}

#[test]
fn a_stun_token_from_the_file_costs_four_and_an_empty_main_hand_fights_unarmed() {
    let d = fights(3, 13, &[10, 10, 10]);
    assert!(d.acting.factors.iter().any(|f| f.what == "stunned" && f.value == -4), "{:?}", d.acting.factors);
    // The soldier dropped his spear: his shield stays in the off hand, and he fights unarmed.
    let d = fights(4, 14, &[10, 10, 10]);
    assert!(d.acting.factors.iter().any(|f| f.what == "unarmed"), "{:?}", d.acting.factors);
}

#[test]
fn a_weapon_of_one_s_own_bites_for_its_own_damage_and_breathes_at_its_own_range() {
    // The young dragon's 15 against the goblin's 3: it wins, and its bite, written in the list,
    // adds its damage of 4 (l. 103) as a sword adds 2.
    let d = fights(6, 16, &[15, 3, 10]);
    assert_eq!(d.winner, Some(UnitId(6)));
    assert!(d.damage.iter().any(|f| f.what == "weapon" && f.value == 4), "{:?}", d.damage);
    // Its breath reaches 9 paces: the goblin beside it is in range, and the card names it.
    let app = start(&[]);
    let row = app.view().unit(UnitId(6)).expect("the dragon").state.row().clone();
    assert_eq!(row.weapons.iter().map(|w| (w.label.as_str(), w.range)).collect::<Vec<_>>(), [("Morsure", None), ("Souffle", Some(9))]);
}

#[test]
fn the_help_window_s_legend_names_the_marks_of_the_figures_on_the_field() {
    use strategos::battle::look::Swatch;
    use strategos::battle::present::Present;
    let app = start(&[]);
    let legend = Swidenth::legend(Some(app.view()));
    let figures = legend.iter().find(|l| l.heading.starts_with("Figures")).expect("the figures' marks");
    assert!(figures.entries.contains(&(Swatch::Factors("Drg".into()), "Dragonnet".into())), "{:?}", figures.entries);
    assert_eq!(figures.entries.iter().filter(|(_, name)| name == "Archer gobelin").count(), 1, "each figure once");
    assert!(!figures.entries.iter().any(|(_, name)| name == "Capitaine Aldo"), "no sample figure that is not on the field");
}

#[test]
fn an_unloaded_crossbow_is_reloaded_before_it_shoots() {
    let app = start(&[]);
    let open = Swidenth::legal_commands(app.view());
    assert!(open.contains(&Command::Reload { figure: UnitId(2) }), "{open:?}");
    assert!(!open.iter().any(|c| matches!(c, Command::Shoot { figure: UnitId(2), .. })), "{open:?}");
}

#[test]
fn a_wrong_warband_is_refused_naming_file_line_field_and_what_is_allowed() {
    let bite = "(label: \"Morsure\", class: Heavy, hands: 0, damage: 4, natural: true)";
    let cases: [(&str, &str, &str, &[&str]); 13] = [
        ("mark: \"Chv\", rank: Henchman,", "mark: \"Chv\", rank: Henchman, mouv: 1,", ":11: field `profiles[1].armour`", &["Mouv 0", "never move"]),
        ("weapons: [\"mace\"]", "weapons: [\"flail\"]", ":10: field `profiles[0].weapons`", &["no weapon 'flail'", "mace"]),
        ("armour: [\"shield\", \"heavy-armour\"]", "armour: [\"shield\", \"plate\"]", ":11: field `profiles[1].armour`", &["no armour 'plate'", "heavy-armour"]),
        ("vitalite: 4", "vitalite: 0", ":12: field `profiles[2].vitalite`", &["1 to 10"]),
        ("traits: [Terrifying, Gigantic]", "traits: [Terrifying, Huge]", ":12:", &["Huge", "Gigantic"]),
        ("weapons: [\"sling\", \"dagger\"]", "weapons: [\"sling\", \"short-bow\"]", ":13: field `profiles[3].weapons`", &["one missile weapon"]),
        ("weapons: [\"two-handed\"], armour: [\"light-armour\"]", "weapons: [\"two-handed\"], armour: [\"shield\"]", ":17: field `profiles[7].armour`", &["no hand for a shield"]),
        ("spells: [\"fire-bolt\", \"mystic-shield\", \"paralysis\", \"healing\"]", "spells: [\"fire-bolt\", \"teleport\"]", ":18: field `profiles[8].spells`", &["no spell 'teleport'", "healing"]),
        ("base: \"Archer gobelin\"", "base: \"Archer gobelinn\"", ":20: field `profiles[10].base`", &["no profile 'Archer gobelinn'"]),
        (bite, &bite.replace("damage: 4", "damage: 11"), ":21: field `profiles[11].weapons`", &["Morsure: damage 11", "0 to 10"]),
        (bite, &bite.replace("hands: 0", "hands: 1"), ":21: field `profiles[11].weapons`", &["natural weapon", "no hand"]),
        (bite, &bite.replace("class: Heavy, ", ""), ":21: field `profiles[11].weapons`", &["melee `class`", "missile `range`"]),
        ("range: 9, reload", "range: 90, reload", ":21: field `profiles[11].weapons`", &["range 90 paces", "3 to 60"]),
    ];
    assert_refusals("swidenth-test.ron", &cases);
}

#[test]
fn a_starting_state_the_rules_cannot_reach_is_refused() {
    let refused = |from: &str, to: &str| super::set_up::<Swidenth>(&super::battle_changed("swidenth-test-battle.ron", from, to)).err().unwrap_or_else(|| panic!("{to}: refused"));
    let e = refused("vitalite: 2", "vitalite: 5");
    assert!(e.starts_with("setup.units[5].vitalite") && e.contains("1 to its profile's 4"), "{e}");
    let e = refused("at: (5, 8), stuns: 1", "at: (5, 8), stuns: 4");
    assert!(e.starts_with("setup.units[2].stuns"), "{e}");
    let e = refused("figure: \"Ogre\", at: (10, 2), vitalite: 2", "figure: \"Ogre\", at: (10, 2), dropped_main: true");
    assert!(e.starts_with("setup.units[5].dropped_main") && e.contains("claws"), "{e}");
    let e = refused("figure: \"Chevalier\", at: (2, 8)", "figure: \"Chevalier\", at: (2, 8), unloaded: true");
    assert!(e.starts_with("setup.units[0].unloaded"), "{e}");
    let e = refused("band: \"swidenth-test\", figure: \"Garde\"", "band: \"swidenth-tests\", figure: \"Garde\"");
    assert!(e.starts_with("setup.units[2].band") && e.contains("swidenth-test"), "{e}");
    let e = refused("at: (0, 7), camouflaged: true", "at: (6, 4), camouflaged: true");
    assert!(e.starts_with("setup.units[9].camouflaged") && e.contains("to hide in"), "{e}");
}

#[test]
fn a_goblin_starting_camouflaged_shoots_with_its_bonus() {
    // H-S9: hidden by the wood beside it, the goblin's first shot takes l. 170's bonus.
    let mut app = start(&[10; 40]);
    for _ in 0..20 {
        let legal = Swidenth::legal_commands(app.view());
        if let Some(shot) = legal.iter().find(|c| matches!(c, Command::Shoot { figure: UnitId(15), .. })).cloned() {
            let events = send(&mut app, shot);
            let d = events.into_iter().find_map(|e| if let Event::Duel(d) = e { Some(d) } else { None }).expect("a shot");
            assert!(d.acting.factors.iter().any(|f| f.rule == "l. 170" && f.what == "camouflaged"), "{:?}", d.acting.factors);
            return;
        }
        let wait = legal.into_iter().find(|c| matches!(c, Command::Wait { .. } | Command::EndPhase)).expect("a wait");
        send(&mut app, wait);
    }
    panic!("the goblin never shot");
}

#[test]
fn a_wound_stuns_unless_the_scenario_s_switch_says_otherwise() {
    // The soldier's 19 against the ogre's 2: a wound (l. 111), the ogre down to 1 Vitalité and
    // stunned (R-S3b) ...
    let stunned = |s: &Scenario| {
        let mut forced = vec![15];
        forced.extend_from_slice(&[19, 2, 10, 10, 10]);
        let mut app = strategos::replay::start::<Swidenth>(s, 1, &forced).unwrap_or_else(|e| panic!("{e}"));
        send(&mut app, Command::Wait { figure: UnitId(5) });
        let events = send(&mut app, Command::Fight { figure: UnitId(5), target: UnitId(11) });
        assert!(events.iter().any(|e| matches!(e, Event::Wounded { figure: UnitId(11), left: 1, .. })), "{events:?}");
        events.iter().any(|e| matches!(e, Event::Stunned { figure: UnitId(11), .. }))
    };
    assert!(stunned(&test_scenario()));
    // ... unless `wound_stuns: false`.
    let off = super::battle_changed("swidenth-test-battle.ron", "    setup: (", "    setup: (\n        wound_stuns: false,");
    assert!(!stunned(&off));
}

#[test]
fn a_horrible_wound_costs_one_vitalite_or_two_under_the_scenario_s_switch() {
    // The soldier's natural 20 against the ogre's 1: 21 against 4, a margin of 17, and the spear's
    // 2 and the critical's 3 make 22, above 3 x the ogre's Défense of 7: a horrible wound (l. 114).
    let events = |s: &Scenario| {
        let mut forced = vec![15];
        forced.extend_from_slice(&[20, 1, 10, 10, 10, 10, 10, 10]);
        let mut app = strategos::replay::start::<Swidenth>(s, 1, &forced).unwrap_or_else(|e| panic!("{e}"));
        send(&mut app, Command::Wait { figure: UnitId(5) });
        send(&mut app, Command::Fight { figure: UnitId(5), target: UnitId(11) })
    };
    // One point, as l. 111 and l. 114 both write (R-S3a): the ogre keeps 1 of its 2 ...
    let one = events(&test_scenario());
    assert!(one.iter().any(|e| matches!(e, Event::Wounded { figure: UnitId(11), left: 1, horrible: true, .. })), "{one:?}");
    // ... or two under `horrible_costs_two`, which leave it none: Hors de combat.
    let two = events(&super::battle_changed("swidenth-test-battle.ron", "    setup: (", "    setup: (\n        horrible_costs_two: true,"));
    assert!(two.iter().any(|e| matches!(e, Event::OutOfAction { figure: UnitId(11), horrible: true, .. })), "{two:?}");
}
