//! Army lists (`docs/armies.md`): the bundled ones play the bundled battles as their tables did,
//! a list of one's own is read in the ruleset's terms, with its profiles at work in situations
//! built from files and forced dice, and a wrong one is refused naming file, line and field.

mod common;

use std::path::{Path, PathBuf};
use strategos::battle::hash::state_hash;
use strategos::battle::{Battle, Dice, Ruleset, UnitId};
use strategos::rules::thucydide::event::Event;
use strategos::rules::thucydide::state::{Phase, Step};
use strategos::rules::thucydide::{Command, Thucydide};
use strategos::scenario::Scenario;

type B = Battle<Thucydide>;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/armies").join(name)
}

fn test_battle() -> B {
    let (s, _) = strategos::scenario::load(&fixture("thucydide-test-battle.ron")).unwrap_or_else(|e| panic!("{e}"));
    Thucydide::setup(&s).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message))
}

/// The test battle in side 0's combat phase, every unit activated.
fn combat_ready() -> B {
    let mut b = test_battle();
    b.turn = 1;
    b.global.phase = Phase::Combat;
    for u in b.units.iter_mut() {
        u.state.activated = true;
    }
    b
}

fn attack(b: &mut B, attacker: u32, target: u32, faces: &[u8]) -> Vec<Event> {
    let mut dice = Dice::with_forced(1, faces);
    let command = Command::Attack { attacker: UnitId(attacker), target: UnitId(target), attack_order: false };
    let events = Thucydide::resolve(b, &command, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    for e in &events {
        Thucydide::apply(b, e);
    }
    events
}

fn rolled(events: &[Event]) -> Option<usize> {
    events.iter().find_map(|e| match e {
        Event::DiceRolled { results, .. } => Some(results.len()),
        _ => None,
    })
}

#[test]
fn the_bundled_battles_name_the_bundled_list_and_set_up_as_its_table_did() {
    for s in strategos::scenario::all_bundled().filter(|s| s.ruleset == Thucydide::NAME) {
        assert_eq!(s.armies, ["thucydide-antiquity"], "{}", s.id);
        let named = Thucydide::setup(&s).expect("sets up");
        let unnamed = Thucydide::setup(&Scenario { armies: Vec::new(), ..s.clone() }).expect("sets up");
        assert_eq!(state_hash(&named), state_hash(&unnamed), "{}", s.id);
        assert_eq!(named.global.profiles, unnamed.global.profiles, "{}", s.id);
    }
}

#[test]
fn the_test_list_and_battle_validate() {
    for file in ["thucydide-test.ron", "thucydide-test-battle.ron"] {
        strategos::cli::validate::validate(&fixture(file)).unwrap_or_else(|e| panic!("{e}"));
    }
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/thucydide-antiquity.ron");
    assert_eq!(strategos::cli::validate::validate(&bundled), Ok("army list"));
}

#[test]
fn a_profile_from_a_bundled_row_keeps_what_it_does_not_change() {
    let b = test_battle();
    let p = |name: &str| b.global.profiles.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("{name}")).clone();
    let (veteran, hoplites) = (p("veteran-hoplites"), p("hoplites"));
    assert_eq!((veteran.label.as_str(), veteran.melee), ("Veteran hoplites", 3));
    assert_eq!((veteran.class, veteran.armour, veteran.assault, veteran.movement, veteran.strength), (hoplites.class, hoplites.armour, hoplites.assault, hoplites.movement, hoplites.strength));
    assert_eq!(p("levy").retreat_hexes(), 3);
    assert!(p("dragoons").mounted_move && p("dragoons").has_animals());
    assert!(p("bedouin-horse").has(strategos::rules::thucydide::data::Trait::ArabHorses));
}

#[test]
fn a_battle_may_start_under_way() {
    let b = test_battle();
    let veteran = b.unit(UnitId(7)).expect("unit 7");
    assert_eq!((veteran.state.strength, veteran.state.full_strength), (2, 4));
    assert_eq!(veteran.facing, strategos::hex::Direction::NE);
    assert_eq!(b.unit(UnitId(8)).expect("unit 8").state.strength, 1);
    assert_eq!(b.global.start_elements, [5 + 4 + 4 + 2, 4 + 4 + 2 + 1], "the break point counts what stood at the start");
}

#[test]
fn a_profile_of_ones_own_rolls_its_own_dice() {
    // Phalangites written whole with 4 assault dice attack with 4, where hoplites roll 3.
    let mut b = combat_ready();
    let events = attack(&mut b, 1, 2, &[4, 4, 4, 4]);
    assert_eq!(rolled(&events), Some(4));
}

#[test]
fn a_levy_retreats_three_hexes_a_flag() {
    let mut b = combat_ready();
    attack(&mut b, 3, 4, &[2, 4, 4]);
    assert!(b.global.agenda.iter().any(|s| matches!(s, Step::Retreat { unit: UnitId(4), hexes: 3 })), "{:?}", b.global.agenda);
}

#[test]
fn javelins_on_an_elephant_go_on_foot_as_their_list_says_when_it_panics() {
    let mut b = combat_ready();
    let events = attack(&mut b, 5, 6, &[3, 4, 4, 4, 4, 4]);
    assert!(events.iter().any(|e| matches!(e, Event::ElephantPanicked { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::ProfileChanged { unit: UnitId(6), profile, .. } if profile == "javelinmen")), "{events:?}");
    assert_eq!(b.unit(UnitId(6)).expect("unit 6").state.profile().label, "Javelinmen");
}

/// The test battle `file` with `from` changed to `to`, once: the scenario as it would be read.
fn battle_changed(file: &str, from: &str, to: &str) -> Scenario {
    let text = std::fs::read_to_string(fixture(file)).expect("the test battle");
    assert!(text.contains(from), "{from}");
    strategos::scenario::parse_at(&text.replacen(from, to, 1), &fixture("x.ron")).expect("parses")
}

/// The setup of `s` by ruleset `R`, or its error as `path: message`.
fn set_up<R: strategos::battle::Ruleset>(s: &Scenario) -> Result<strategos::battle::Battle<R>, String> {
    R::setup(s).map_err(|e| format!("{}: {}", e.path(), e.message))
}

/// The error validating the test list `file` with `change` made to its text.
fn refused_in(file: &str, change: impl Fn(&str) -> String) -> String {
    let text = change(&std::fs::read_to_string(fixture(file)).expect("the test list"));
    let dir = std::env::temp_dir().join(format!("strategos-army-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(format!("mine-{:x}.ron", strategos::battle::hash::state_hash(&text)));
    std::fs::write(&path, &text).expect("written");
    let result = strategos::cli::validate::validate(&path);
    std::fs::remove_file(&path).ok();
    result.expect_err("refused")
}

#[test]
fn a_wrong_list_is_refused_naming_file_line_field_and_what_is_allowed() {
    let cases: [(&str, &str, &str, &[&str]); 9] = [
        ("traits: [Elite]", "traits: [Elitist]", ":9:", &["Elitist", "Elite"]),
        ("assault: 4", "assault: 9", ":9: field `profiles[0].assault`", &["0 to 6"]),
        ("strength: 5", "strength: 0", ":9: field `profiles[0].strength`", &["1 to 8"]),
        ("base: \"hoplites\"", "base: \"hoplitez\"", ":10: field `profiles[1].base`", &["no profile 'hoplitez'", "hoplites"]),
        ("(name: \"camel-raiders\", label: \"Camel raiders\", class: Camelry, ", "(name: \"camel-raiders\", label: \"Camel raiders\", ", ":14: field `profiles[5].class`", &["missing"]),
        ("dismounted: \"javelinmen\"", "dismounted: \"javelins\"", ":19: field `profiles[10].dismounted`", &["no profile 'javelins'"]),
        ("(name: \"levy\"", "(name: \"phalangites\"", ":12: field `profiles[3].name`", &["already"]),
        ("base: \"spearmen\", label: \"Dragoons\"", "base: \"cavalry\", label: \"Dragoons\"", ":13: field `profiles[4].mounted_move`", &["only Infantry"]),
        ("fire: 1, range: 2, assault: 2", "fire: 1, range: 1, assault: 2", ":14: field `profiles[5].range`", &["2 hexes or more"]),
    ];
    assert_refusals("thucydide-test.ron", &cases);
}

/// Each case `(from, to, at, says)` changes `from` to `to` in the test list `file`, whose error
/// must name `at` (file line and field) and say each of `says`.
fn assert_refusals(file: &str, cases: &[(&str, &str, &str, &[&str])]) {
    for (from, to, at, says) in cases {
        let e = refused_in(file, |t| {
            assert!(t.contains(from), "{from}");
            t.replacen(from, to, 1)
        });
        assert!(e.contains(at), "{to}: {e}");
        for s in *says {
            assert!(e.contains(s), "{to}: {e}");
        }
    }
}

#[test]
fn a_scenario_naming_a_list_it_cannot_find_is_refused() {
    let text = std::fs::read_to_string(fixture("thucydide-test-battle.ron")).expect("the test battle");
    let missing = strategos::scenario::parse_at(&text.replace("thucydide-test.ron", "nowhere.ron"), &fixture("x.ron")).expect("parses");
    let Err(e) = Thucydide::setup(&missing) else { panic!("a list that is nowhere is refused") };
    assert_eq!(e.path(), "armies");
    assert!(e.message.contains("no army list 'nowhere.ron'") && e.message.contains("thucydide-antiquity"), "{}", e.message);
}

/// The profiles of the Thucydide battle on the bundled list and one list of `profiles`.
fn thucydide_profiles(profiles: &str) -> Result<Vec<std::sync::Arc<strategos::rules::thucydide::data::Profile>>, String> {
    let text = format!("ArmyList(id: \"mine\", name: \"Mine\", ruleset: \"thucydide\", profiles: [{profiles}])");
    let list = std::sync::Arc::new(strategos::army::parse("mine.ron", &text).map_err(|e| e.to_string())?);
    let t = strategos::rules::thucydide::data::tables();
    strategos::rules::thucydide::army::profiles(&[list], &t.profiles, &t.rules_own).map_err(|e| format!("{}: {}", e.path(), e.message))
}

#[test]
fn a_profile_may_clear_what_its_base_has_and_go_on_foot_as_a_bundled_profile() {
    let table = thucydide_profiles(r#"(name: "steady-militia", base: "militia", label: "Steady militia", retreat_per_flag: None)"#).expect("read");
    assert_eq!(table[0].retreat_hexes(), 1, "the seed's hex a flag once the militia's 2 is cleared");
    // Javelins on an elephant dismount as the bundled archers, who join the battle's table.
    let table = thucydide_profiles(r#"(name: "howdah-bows", base: "elephant-archers", label: "Howdah bows")"#).expect("read");
    assert_eq!(table.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["howdah-bows", "archers", "panicked-elephant"]);
    let e = thucydide_profiles(r#"(name: "howdah-bows", base: "elephant-archers", label: "Howdah bows", dismounted: "elephants")"#).expect_err("refused");
    assert!(e.starts_with("profiles[0].dismounted") && e.contains("elephants of its own"), "{e}");
    let e = thucydide_profiles(r#"(name: "howdah-bows", base: "elephant-archers", label: "Howdah bows", dismounted: None)"#).expect("an elephant-borne unit may have no profile without it");
    assert_eq!(e[0].dismounted, None);
}

#[path = "army_lists/black_powder.rs"]
mod black_powder;
#[path = "army_lists/mass_battle.rs"]
mod mass_battle;
#[path = "army_lists/own_battles.rs"]
mod own_battles;
#[path = "army_lists/swidenth.rs"]
mod swidenth;

// --- Swordpoint ----------------------------------------------------------------------------

mod swordpoint {
    use super::{fixture, state_hash};
    use strategos::battle::{Ruleset, UnitId};
    use strategos::rules::swordpoint::{Command, Event, Swordpoint};
    use strategos::scenario::Scenario;

    fn test_scenario() -> Scenario {
        strategos::scenario::load(&fixture("swordpoint-test-battle.ron")).unwrap_or_else(|e| panic!("{e}")).0
    }

    #[test]
    fn the_bundled_battles_name_the_bundled_list_and_set_up_as_its_table_did() {
        for s in strategos::scenario::all_bundled().filter(|s| s.ruleset == Swordpoint::NAME) {
            assert_eq!(s.armies, ["swordpoint-ancient-medieval"], "{}", s.id);
            let named = Swordpoint::setup(&s).expect("sets up");
            let unnamed = Swordpoint::setup(&Scenario { armies: Vec::new(), ..s.clone() }).expect("sets up");
            assert_eq!(state_hash(&named), state_hash(&unnamed), "{}", s.id);
        }
    }

    #[test]
    fn the_test_list_and_battle_validate_and_defence_follows_armour_and_protection() {
        for file in ["swordpoint-test.ron", "swordpoint-test-battle.ron"] {
            strategos::cli::validate::validate(&fixture(file)).unwrap_or_else(|e| panic!("{e}"));
        }
        let b = Swordpoint::setup(&test_scenario()).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
        let levy = b.unit(UnitId(3)).expect("unit 3");
        assert_eq!((levy.state.profile().label.as_str(), levy.state.start_bases, levy.state.frontage), ("Great levy", 9, 3));
        let lists = strategos::army::of(&test_scenario()).expect("the lists");
        let t = strategos::rules::swordpoint::data::tables();
        let rules = strategos::rules::swordpoint::army::Rules { defence: &t.defence, max_ranks: t.units.max_ranks };
        let profiles = strategos::rules::swordpoint::army::profiles(&lists, &t.units.profiles, &rules).expect("read");
        for p in &profiles {
            assert_eq!(p.defence, t.defence.value(p.armour, &p.protection), "{}", p.name);
        }
    }

    #[test]
    fn arquebusiers_of_ones_own_shoot_firearms_that_pierce_at_short_range() {
        // 8 bases 4 a rank: firearms shoot with the first rank only, a die a base (SP:L54); a
        // firearm at short range worsens the target's save by 2 (SP:L91).
        let mut app = strategos::replay::start::<Swordpoint>(&test_scenario(), 1, &[4, 5, 6, 1, 1, 1]).expect("starts");
        app.submit(Command::Seal).unwrap_or_else(|e| panic!("{e}"));
        let volley = app.events().iter().find_map(|e| match e {
            Event::Volley { volley, .. } => Some(volley.clone()),
            _ => None,
        });
        let volley = volley.expect("the arquebusiers shoot");
        assert_eq!((volley.by, volley.target, volley.dice), (UnitId(1), UnitId(2), 4));
        assert!(volley.save_factors.iter().any(|f| f.rule == "SP:L91"), "{volley:?}");
    }

    #[test]
    fn a_profile_may_clear_its_bases_missile() {
        let text = r#"ArmyList(id: "mine", name: "Mine", ruleset: "swordpoint", profiles: [(name: "spearmen", base: "archers", label: "Spearmen", shooting: None, missile: None, weapon: Spear)])"#;
        let list = std::sync::Arc::new(strategos::army::parse("mine.ron", text).expect("parses"));
        let t = strategos::rules::swordpoint::data::tables();
        let rules = strategos::rules::swordpoint::army::Rules { defence: &t.defence, max_ranks: t.units.max_ranks };
        let p = strategos::rules::swordpoint::army::profiles(&[list], &t.units.profiles, &rules).expect("read");
        assert_eq!((p[0].shooting, p[0].missile, p[0].weapon), (None, None, Some(strategos::rules::swordpoint::data::MeleeWeapon::Spear)));
    }

    #[test]
    fn a_wrong_list_is_refused_naming_file_line_field_and_what_is_allowed() {
        let cases: [(&str, &str, &str, &[&str]); 4] = [
            ("shooting: Normal, missile: Firearm", "shooting: Normal", ":10: field `profiles[0].missile`", &["both"]),
            ("defence: 2", "defence: 3", ":15: field `profiles[5].defence`", &["gives 2"]),
            ("bases: (min: 8, max: 12, default: 12)", "bases: (min: 8, max: 14, default: 12)", ":12: field `profiles[2].bases`", &["<= 12"]),
            ("missile: Firearm", "missile: Musket", ":10:", &["Musket", "Firearm"]),
        ];
        super::assert_refusals("swordpoint-test.ron", &cases);
    }

    /// The test battle's text with `from` changed to `to`, set up.
    fn changed(from: &str, to: &str) -> Result<strategos::battle::Battle<Swordpoint>, String> {
        super::set_up::<Swordpoint>(&super::battle_changed("swordpoint-test-battle.ron", from, to))
    }

    #[test]
    fn units_start_with_figures_lost_and_their_markers() {
        let b = Swordpoint::setup(&test_scenario()).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
        let state = |id: u32| &b.unit(UnitId(id)).expect("a unit").state;
        assert_eq!((state(4).figures, state(4).start_figures, state(4).bases()), (state(4).start_figures - 5, state(4).start_figures, (state(4).start_figures - 5).div_ceil(state(4).profile().figures_per_base)));
        assert!(state(4).demoralised && !state(4).fleeing);
        assert!(state(5).demoralised && state(5).fleeing);
        assert!(state(6).disorganised);
        let e = changed("lost: 5, demoralised: true", "lost: 99, demoralised: true").err().expect("refused");
        assert!(e.starts_with("setup.units[3].lost") && e.contains("fewer than its"), "{e}");
        let e = changed("lost: 30, demoralised: true, fleeing: true", "lost: 30, fleeing: true").err().expect("refused");
        assert!(e.starts_with("setup.units[4].fleeing") && e.contains("demoralised"), "{e}");
        let e = changed("lost: 5, demoralised: true", "lost: 20, demoralised: true").err().expect("refused");
        assert!(e.starts_with("setup.units") && e.contains("half") && e.contains("H-25"), "{e}");
    }

    /// The test battle with `switch` written first in its setup.
    fn switched(switch: &str) -> Scenario {
        super::battle_changed("swordpoint-test-battle.ron", "    setup: (", &format!("    setup: (\n        {switch},"))
    }

    /// The events of the battle `s` until the fleeing levy (unit 5) first moves, each side giving
    /// its first legal command.
    fn until_the_levy_moves(s: &Scenario) -> Vec<Event> {
        let mut app = strategos::replay::start::<Swordpoint>(s, 1, &[]).expect("starts");
        for _ in 0..200 {
            if app.events().iter().any(|e| matches!(e, Event::UnitMoved { unit: UnitId(5), .. })) {
                return app.events().to_vec();
            }
            let Some(first) = Swordpoint::legal_commands(app.view()).into_iter().next() else { break };
            app.submit(first).unwrap_or_else(|e| panic!("{e}"));
        }
        panic!("the levy never moved: {:?}", app.events());
    }

    fn levy_rally(events: &[Event]) -> Option<Vec<(&'static str, i8)>> {
        events.iter().find_map(|e| match e {
            Event::Tested { unit: UnitId(5), test: strategos::rules::swordpoint::event::Test::Rally, factors, .. } => Some(factors.iter().map(|f| (f.rule, f.value)).collect()),
            _ => None,
        })
    }

    #[test]
    fn markers_from_the_file_act_and_a_rally_reads_near_enemies_as_the_switch_says() {
        // The demoralised warriors recover as the turn starts (SP:L16). The fleeing levy, 18
        // figures left of 48, tests to rally with its army general: fleeing, and a larger enemy
        // within 8" (the great levy), whose +2 replaces an enemy's +1 (R-3) ...
        let events = until_the_levy_moves(&test_scenario());
        assert!(events.iter().any(|e| matches!(e, Event::MarkerChanged { unit: UnitId(4), on: false, rule: "SP:L16", .. })), "{events:?}");
        assert_eq!(levy_rally(&events), Some(vec![("SP:L112", 2), ("SP:L114", 2)]));
        // ... unless the scenario's switch adds them up.
        let events = until_the_levy_moves(&switched("rally_enemies_add_up: true"));
        assert_eq!(levy_rally(&events), Some(vec![("SP:L112", 2), ("SP:L114", 2), ("SP:L113", 1)]));
    }

    /// Whether the warriors of unit 2, charged and answering Flee in the declarations, test to
    /// rally in that turn's movement phase, before they first move. Each side gives its first
    /// legal command but for a charge on them and their answer.
    fn flee_then_rally_test(s: &Scenario) -> bool {
        use strategos::rules::swordpoint::state::Response;
        let mut app = strategos::replay::start::<Swordpoint>(s, 1, &[]).expect("starts");
        let mut fled = false;
        for _ in 0..300 {
            for e in app.events() {
                match e {
                    Event::Tested { unit: UnitId(2), test: strategos::rules::swordpoint::event::Test::Rally, .. } if fled => return true,
                    Event::UnitMoved { unit: UnitId(2), .. } if fled => return false,
                    _ => {}
                }
            }
            let legal = Swordpoint::legal_commands(app.view());
            let pick = legal
                .iter()
                .find(|c| matches!(c, Command::DeclareCharge { target: UnitId(2), .. }) || matches!(c, Command::Respond { response: Response::Flee }))
                .or_else(|| legal.first())
                .cloned()
                .unwrap_or_else(|| panic!("nothing to play: {:?}", app.events()));
            fled |= matches!(pick, Command::Respond { response: Response::Flee });
            app.submit(pick).unwrap_or_else(|e| panic!("{e}"));
        }
        panic!("the warriors never fled: {:?}", app.events());
    }

    #[test]
    fn a_flight_declared_this_turn_runs_before_a_rally_unless_the_switch_says_otherwise() {
        // H-28: answering the charge with Flee, the warriors flee before they may rally ...
        assert!(!flee_then_rally_test(&test_scenario()));
        // ... and under `flight_before_rally: false`, the literal order, they test first (SP:L102-105).
        assert!(flee_then_rally_test(&switched("flight_before_rally: false")));
    }
}
