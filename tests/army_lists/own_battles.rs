//! One's own battles on a shelf (`strategos::battles`): a folder of scenarios and the army lists
//! they name by file name, listed with each refused file's error, and found again by file name or
//! by id (as a saved game finds its battle).

use super::fixture;
use strategos::battles::{Folder, Kind, find, list};

/// A fresh folder holding the Swidenth test battle and its army list, and `extra` files.
fn shelf(tag: &str, extra: &[(&str, &str)]) -> Folder {
    let dir = std::env::temp_dir().join(format!("strategos-own-battles-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    for name in ["swidenth-test-battle.ron", "swidenth-test.ron"] {
        std::fs::copy(fixture(name), dir.join(name)).expect("copied");
    }
    for (name, text) in extra {
        std::fs::write(dir.join(name), text).expect("written");
    }
    Folder(dir)
}

#[test]
fn a_folder_lists_its_battles_and_army_lists_and_refuses_a_broken_file_naming_it() {
    let listed = list(&shelf("list", &[("broken.ron", "Scenario(id: \"broken\"")]));
    let said: Vec<(String, String)> = listed
        .iter()
        .map(|l| {
            let what = match &l.kind {
                Kind::Battle(Ok(s)) => format!("battle {}", s.id),
                Kind::ArmyList(Ok(name)) => format!("list {name}"),
                Kind::Battle(Err(e)) | Kind::ArmyList(Err(e)) => format!("refused {e}"),
            };
            (l.file.clone(), what)
        })
        .collect();
    assert_eq!(said[1], ("swidenth-test-battle.ron".into(), "battle swidenth-test-battle".into()), "{said:?}");
    assert_eq!(said[2], ("swidenth-test.ron".into(), "list La compagnie d'essai".into()), "{said:?}");
    assert!(said[0].0 == "broken.ron" && said[0].1.starts_with("refused broken.ron:1"), "{said:?}");
}

#[test]
fn a_battle_is_found_by_file_name_or_id_with_its_army_list_from_the_folder() {
    let folder = shelf("find", &[]);
    for name in ["swidenth-test-battle.ron", "swidenth-test-battle"] {
        let s = find(&folder, name).expect("found").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.army_files.iter().map(|(n, l)| (n.as_str(), l.id.as_str())).collect::<Vec<_>>(), [("swidenth-test.ron", "swidenth-test")]);
        <strategos::rules::swidenth::Swidenth as strategos::battle::Ruleset>::setup(&s).unwrap_or_else(|e| panic!("{}: {}", e.path(), e.message));
    }
    assert!(find(&folder, "nowhere").is_none());
}

#[test]
fn a_battle_whose_id_is_taken_is_refused_since_saves_find_battles_by_id() {
    let text = std::fs::read_to_string(fixture("swidenth-test-battle.ron")).expect("the test battle");
    let bundled = text.replace("id: \"swidenth-test-battle\"", "id: \"swidenth-border-patrol\"");
    let listed = list(&shelf("taken", &[("a-copy.ron", &text), ("patrol.ron", &bundled)]));
    let refusal = |file: &str| match &listed.iter().find(|l| l.file == file).expect("listed").kind {
        Kind::Battle(Err(e)) => e.clone(),
        _ => panic!("{file}: refused"),
    };
    assert!(refusal("patrol.ron").contains("a bundled battle's"), "{}", refusal("patrol.ron"));
    assert!(refusal("swidenth-test-battle.ron").contains("also a-copy.ron's"), "{}", refusal("swidenth-test-battle.ron"));
}
