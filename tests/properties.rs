//! The fuzz targets' properties (`fuzz/`, `strategos::sim::probe`), tried on every test run with
//! proptest's inputs: broken scenario and save text is read, or refused with an error that says where, and a
//! battle of every ruleset accepts exactly its legal commands and stays whole whatever it is sent.

use proptest::prelude::*;
use std::sync::OnceLock;
use strategos::sim::probe;

/// An edit of a text: bytes cut out, bytes put in, or one byte changed, at a place given as a
/// fraction of the text's length.
#[derive(Clone, Debug)]
enum Edit {
    Cut { at: f64, len: usize },
    Put { at: f64, bytes: Vec<u8> },
    Change { at: f64, to: u8 },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0f64, 1..40usize).prop_map(|(at, len)| Edit::Cut { at, len }),
        (0.0..1.0f64, prop::collection::vec(prop_oneof![Just(b'('), Just(b')'), Just(b'['), Just(b','), Just(b'"'), Just(b'-'), any::<u8>()], 1..8)).prop_map(|(at, bytes)| Edit::Put { at, bytes }),
        (0.0..1.0f64, prop_oneof![Just(b'9'), Just(b'0'), Just(b'-'), any::<u8>()]).prop_map(|(at, to)| Edit::Change { at, to }),
    ]
}

fn edited(text: &str, edits: &[Edit]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for e in edits {
        let place = |at: f64, len: usize| ((at * len as f64) as usize).min(len);
        match e {
            Edit::Cut { at, len } => {
                let start = place(*at, bytes.len());
                bytes.drain(start..(start + len).min(bytes.len()));
            }
            Edit::Put { at, bytes: put } => {
                let start = place(*at, bytes.len());
                bytes.splice(start..start, put.iter().copied());
            }
            Edit::Change { at, to } => {
                if !bytes.is_empty() {
                    let i = place(*at, bytes.len() - 1);
                    bytes[i] = *to;
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A whole game's save text, as the game writes it.
fn a_save() -> &'static str {
    static SAVE: OnceLock<String> = OnceLock::new();
    SAVE.get_or_init(|| {
        let scenario = strategos::scenario::find_bundled("thucydide-first-clash").unwrap();
        let game = strategos::sim::play_game::<strategos::rules::thucydide::Thucydide>(&scenario, 5, |_| {}).unwrap();
        strategos::replay::to_ron(&game.replay)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_broken_scenario_is_read_or_refused_with_an_error_that_says_where(which in any::<prop::sample::Index>(), edits in prop::collection::vec(edit(), 1..4)) {
        let (_, text) = strategos::scenario::BUNDLED[which.index(strategos::scenario::BUNDLED.len())];
        prop_assert!(probe::scenario_text(&edited(text, &edits)).is_ok());
    }

    #[test]
    fn a_broken_save_is_read_or_refused_with_an_error_naming_the_file(edits in prop::collection::vec(edit(), 1..4)) {
        prop_assert!(probe::replay_text(&edited(a_save(), &edits)).is_ok());
    }
}

proptest! {
    // Army lists are read and checked in microseconds: a thousand of them, as issue 48 asks.
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn a_broken_army_list_is_read_or_refused_with_an_error_naming_its_field(which in any::<prop::sample::Index>(), edits in prop::collection::vec(edit(), 1..4)) {
        let lists = army_lists();
        prop_assert!(probe::army_list_text(&edited(lists[which.index(lists.len())], &edits)).is_ok());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn every_ruleset_accepts_exactly_its_legal_commands_and_stays_whole(which in any::<prop::sample::Index>(), bytes in prop::collection::vec(any::<u8>(), 0..240)) {
        let names = strategos::rules::registry::NAMES;
        prop_assert_eq!(probe::command_stream(names[which.index(names.len())], &bytes), Ok(()));
    }
}

/// The army lists the property breaks: the bundled ones, and the test lists that write every
/// field.
fn army_lists() -> Vec<&'static str> {
    let mut lists: Vec<&str> = strategos::army::BUNDLED.iter().map(|(_, text)| *text).collect();
    lists.extend([include_str!("armies/thucydide-test.ron"), include_str!("armies/swordpoint-test.ron"), include_str!("armies/black-powder-test.ron"), include_str!("armies/swidenth-test.ron"), include_str!("armies/mass-battle-test.ron")]);
    lists
}

#[test]
fn the_texts_the_properties_break_are_accepted_whole() {
    assert_eq!(probe::replay_text(a_save()), Ok(probe::Taken::Accepted));
    for text in army_lists() {
        assert_eq!(probe::army_list_text(text), Ok(probe::Taken::Accepted));
    }
    for (name, text) in strategos::scenario::BUNDLED {
        assert_eq!(probe::scenario_text(text), Ok(probe::Taken::Accepted), "{name}");
    }
    assert!(matches!(probe::replay_text(&a_save().replacen("seed: 5", "seed: 6", 1)), Ok(probe::Taken::Refused(_))), "another seed plays to other states, or refuses a command");
}
