//! The battle editor's model: a battle written back without edits reads as the same battle and
//! plays the same game; edits are refused whole when they would not read back; and any run of
//! edits undone gives the file back, redone the edited one.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use strategos::ai::Judge;
use strategos::battle::Present;
use strategos::editor::muster::{UnitEdit, new_battle, offers_of, units_of};
use strategos::editor::{Edit, History, Paint};
use strategos::hex::{BoardEdge, Direction, Ground, Hexside, Offset, Region, RegionKind};
use strategos::rules::registry::{ForRuleset, with_ruleset};
use strategos::scenario::{Scenario, all_bundled, parse, to_ron};

/// The turn hashes and the outcome of a game between random players.
struct Game<'a>(&'a Scenario);

impl ForRuleset for Game<'_> {
    type Output = (Vec<String>, String);

    fn run<R: Judge + Present + strategos::editor::muster::Muster>(self) -> Self::Output {
        let game = strategos::sim::play_game::<R>(self.0, 5, |_| {}).unwrap_or_else(|e| panic!("{}: {e}", self.0.id));
        (game.replay.turn_hashes.iter().map(|h| format!("{h:?}")).collect(), format!("{:?}", game.winner))
    }
}

#[test]
fn every_bundled_battle_written_back_reads_as_the_same_battle_and_plays_the_same_game() {
    for s in all_bundled() {
        let text = to_ron(&s);
        let back = parse(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.id));
        assert_eq!((&back.id, &back.name, &back.ruleset, &back.briefing, back.turns, back.first_side), (&s.id, &s.name, &s.ruleset, &s.briefing, s.turns, s.first_side), "{}", s.id);
        assert_eq!((&back.map, &back.sides, &back.armies), (&s.map, &s.sides, &s.armies), "{}", s.id);
        assert_eq!(back.setup.text(), s.setup.text(), "{}", s.id);
        assert_eq!(to_ron(&back), text, "{}: written again, the same text", s.id);
        let played = |b: &Scenario| with_ruleset(&b.ruleset, Game(b)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(played(&back), played(&s), "{}: the same game", s.id);
    }
}

/// An edit drawn at random, some of them refused (off the map, no such ground, no turns).
fn random_edit(rng: &mut ChaCha8Rng, s: &Scenario) -> Edit {
    let (width, height) = (s.map.rows[0].split_whitespace().count() as i32, s.map.rows.len() as i32);
    let hex = |rng: &mut ChaCha8Rng| Offset(rng.random_range(-1..=width), rng.random_range(-1..=height));
    match rng.random_range(0..13) {
        11 => match rng.random_range(0..4) {
            0 => Edit::Part(s.setup.text().to_string()),
            1 => Edit::Part(format!("{}, bogus: 1)", s.setup.text().trim_end().trim_end_matches(')'))),
            2 => Edit::SideColour { side: rng.random_range(0..3), colour: rng.random_bool(0.7).then(|| (rng.random(), rng.random(), rng.random())) },
            _ => Edit::SideEdge { side: rng.random_range(0..3), edge: *[BoardEdge::North, BoardEdge::South, BoardEdge::East, BoardEdge::West].choose(rng).expect("an edge") },
        },
        0 | 1 | 2 => {
            let token = ["." , "f", "m", "r", "b", "w", "s", "x", ".=", "f1", ".2", "h", "f=3"].choose(rng).expect("a token").to_string();
            let at = (0..rng.random_range(1..6)).map(|_| hex(rng)).collect();
            Edit::Ground { at, token }
        }
        3 | 4 => {
            let feature = [None, Some(Hexside::Hedge), Some(Hexside::Wall), Some(Hexside::Ditch), Some(Hexside::Stream), Some(Hexside::Fence), Some(Hexside::Fortification)].choose(rng).copied().flatten();
            Edit::Edge { at: hex(rng), side: *Direction::ALL.choose(rng).expect("a side"), feature }
        }
        10 => {
            let name = s.map.regions.choose(rng).map_or("Objective 1".to_string(), |r| r.name.clone());
            let kind = [RegionKind::Building { size: 4 }, RegionKind::Section, RegionKind::Gate, RegionKind::Deployment { side: rng.random_range(0..3) }, RegionKind::Objective].choose(rng).cloned().expect("a kind");
            let hexes: Vec<_> = (0..rng.random_range(0..4)).map(|_| hex(rng).to_hex()).collect();
            let renamed = if rng.random_bool(0.3) { format!("Region {}", rng.random_range(0..5)) } else { name.clone() };
            Edit::Region { name, region: rng.random_bool(0.8).then_some(Region { name: renamed, kind, hexes }) }
        }
        9 => {
            let paint = [Paint::Ground(Ground::Forest), Paint::Ground(Ground::River), Paint::Road(true), Paint::Road(false), Paint::Level(2), Paint::Level(0)].choose(rng).copied().expect("a paint");
            Edit::Paint { at: (0..rng.random_range(1..8)).map(|_| hex(rng)).collect(), paint }
        }
        7 | 8 => {
            let at = hex(rng);
            Edit::Unit(random_unit_edit(rng, s, at))
        }
        5 => Edit::Turns(rng.random_range(0..30)),
        6 => Edit::SideName { side: rng.random_range(0..3), name: format!("Side {}", rng.random_range(0..100)) },
        _ => if rng.random_bool(0.5) { Edit::Briefing(format!("Briefing \"{}\"\nline two", rng.random_range(0..100))) } else { Edit::FirstSide(rng.random_range(0..3)) },
    }
}

/// A unit placed, moved, faced or removed, some of them refused (no such unit, a facing where
/// units face no way).
fn random_unit_edit(rng: &mut ChaCha8Rng, s: &Scenario, at: Offset) -> UnitEdit {
    let units = units_of(s).expect("the part reads");
    let id = units.choose(rng).map_or(999, |u| u.id);
    match rng.random_range(0..4) {
        0 => UnitEdit::Place { side: rng.random_range(0..2), at, offer: offers_of(s).expect("profiles offered").choose(rng).expect("a profile").clone() },
        1 => UnitEdit::Move { id, to: at },
        2 => UnitEdit::Face { id, facing: *Direction::ALL.choose(rng).expect("a facing") },
        _ => UnitEdit::Remove { id: if rng.random_bool(0.1) { 999 } else { id } },
    }
}

#[test]
fn two_hundred_random_edits_undone_give_the_file_back_and_redone_the_edited_one() {
    for s in all_bundled() {
        let original = to_ron(&s);
        let mut rng = ChaCha8Rng::seed_from_u64(original.len() as u64);
        let mut history = History::new(s.clone());
        let (mut made, mut refused) = (0, 0);
        for _ in 0..200 {
            let edit = random_edit(&mut rng, history.now());
            let before = to_ron(history.now());
            match history.change(|b| edit.apply(b)) {
                Ok(()) => made += 1,
                Err(_) => {
                    refused += 1;
                    assert_eq!(to_ron(history.now()), before, "{}: a refused edit changes nothing", s.id);
                }
            }
            // Every state the history holds reads back.
            parse(&to_ron(history.now())).unwrap_or_else(|e| panic!("{}: after {edit:?}: {e}", s.id));
        }
        assert!(made > 50 && refused > 5, "{}: {made} edits made, {refused} refused", s.id);
        assert!(history.modified());
        let edited = to_ron(history.now());
        while history.undo() {}
        assert_eq!(to_ron(history.now()), original, "{}: every edit undone", s.id);
        assert!(!history.modified() && !history.can_undo());
        while history.redo() {}
        assert_eq!(to_ron(history.now()), edited, "{}: every edit redone", s.id);
        // A new edit after an undo forgets what was undone.
        history.undo();
        history.change(|b| Edit::Turns(7).apply(b)).expect("seven turns");
        history.change(|b| Edit::Turns(9).apply(b)).expect("nine turns");
        assert!(!history.can_redo());
        history.saved();
        assert!(!history.modified());
    }
}

/// Sets the battle up, as `strategos validate` would.
struct SetsUp<'a>(&'a Scenario);

impl ForRuleset for SetsUp<'_> {
    type Output = Result<usize, String>;

    fn run<R: Judge + Present + strategos::editor::muster::Muster>(self) -> Self::Output {
        R::setup(self.0).map(|b| b.units.len()).map_err(|e| format!("{}: {}", e.path(), e.message))
    }
}

#[test]
fn a_new_battle_of_each_ruleset_validates_and_plays_to_its_end() {
    for ruleset in strategos::rules::registry::NAMES {
        let s = new_battle(ruleset, 12, 10).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        let text = to_ron(&s);
        let back = parse(&text).unwrap_or_else(|e| panic!("{ruleset}: {e}\n{text}"));
        assert_eq!(to_ron(&back), text, "{ruleset}: written again, the same text");
        assert_eq!(with_ruleset(ruleset, SetsUp(&back)).expect("a ruleset"), Ok(2), "{ruleset}: one unit a side\n{text}");
        let (_, winner) = with_ruleset(ruleset, Game(&back)).expect("a ruleset");
        assert!(!winner.is_empty(), "{ruleset}");
    }
    assert!(new_battle("chess", 12, 10).unwrap_err().contains("unknown ruleset"));
    assert!(new_battle("thucydide", 1, 10).unwrap_err().contains("from 2 to"));
}

#[test]
fn units_are_placed_moved_faced_and_removed_one_a_line_and_the_battle_sets_up() {
    for ruleset in strategos::rules::registry::NAMES {
        let mut history = History::new(new_battle(ruleset, 12, 10).expect("a new battle"));
        let offers = offers_of(history.now()).expect("profiles offered");
        assert!(!offers.is_empty(), "{ruleset}");
        let mut edit = |e: UnitEdit| history.change(|b| Edit::Unit(e).apply(b));
        edit(UnitEdit::Place { side: 0, at: Offset(3, 7), offer: offers[offers.len() - 1].clone() }).expect("placed");
        edit(UnitEdit::Place { side: 1, at: Offset(4, 2), offer: offers[1 % offers.len()].clone() }).expect("placed");
        edit(UnitEdit::Move { id: 3, to: Offset(2, 7) }).expect("moved");
        let faced = edit(UnitEdit::Face { id: 3, facing: Direction::NE });
        edit(UnitEdit::Remove { id: 1 }).expect("removed");
        assert!(edit(UnitEdit::Move { id: 1, to: Offset(0, 0) }).unwrap_err().contains("no unit 1"));
        let units = units_of(history.now()).expect("the part reads");
        let ids: Vec<(u32, u8, Offset)> = units.iter().map(|u| (u.id, u.side, u.at)).collect();
        assert_eq!(ids, vec![(2, 1, Offset(6, 1)), (3, 0, Offset(2, 7)), (4, 1, Offset(4, 2))], "{ruleset}");
        assert_eq!(faced.is_ok(), units[1].facing == Some(Direction::NE), "{ruleset}: faced where units face a way");
        let text = to_ron(history.now());
        let back = parse(&text).expect("reads back");
        assert_eq!(with_ruleset(ruleset, SetsUp(&back)).expect("a ruleset"), Ok(3), "{ruleset}\n{text}");
        // One unit a line.
        let lines = text.lines().filter(|l| l.trim_start().starts_with("(id: ")).count();
        assert!(lines >= 3, "{ruleset}: units one a line\n{text}");
        while history.undo() {}
        assert_eq!(units_of(history.now()).expect("reads").len(), 2, "{ruleset}");
    }
}

#[test]
fn a_profile_of_the_battles_own_list_is_offered_placed_saved_beside_it_and_sets_up() {
    use strategos::editor::muster::{new_profile, own_list, unit_line};
    let dir = std::env::temp_dir().join(format!("strategos-editor-profiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for ruleset in strategos::rules::registry::NAMES {
        let mut history = History::new(new_battle(ruleset, 12, 10).expect("a new battle"));
        // Not the first: a Swidenth warband has one Chief, whom each side has already.
        let base = offers_of(history.now()).expect("profiles offered")[1].clone();
        let (name, line) = new_profile(history.now(), &base).expect("a new profile");
        let list = own_list(history.now());
        history.change(|b| Edit::Profile { list: list.clone(), name: name.clone(), line: Some(line.clone()) }.apply(b)).expect("the profile added");
        let mine = offers_of(history.now()).expect("profiles offered").into_iter().find(|o| o.name == name).unwrap_or_else(|| panic!("{ruleset}: {name} offered"));
        history.change(|b| Edit::Unit(UnitEdit::Place { side: 1, at: Offset(4, 3), offer: mine.clone() }).apply(b)).expect("placed");
        // Its line, rewritten: the same unit elsewhere.
        let written = unit_line(history.now(), 3).expect("unit 3's line");
        assert!(written.contains("(mine)"), "{ruleset}: {written}");
        history.change(|b| Edit::Unit(UnitEdit::Rewrite { id: 3, text: written.replace("at: (4, 3)", "at: (5, 3)") }).apply(b)).expect("rewritten");
        assert_eq!(units_of(history.now()).expect("reads")[2].at, Offset(5, 3), "{ruleset}");
        let refused = history.change(|b| Edit::Unit(UnitEdit::Rewrite { id: 3, text: written.replace("at:", "bogus: 1, at:") }).apply(b)).unwrap_err();
        assert!(refused.contains("bogus"), "{ruleset}: {refused}");
        let refused = history.change(|b| Edit::Profile { list: list.clone(), name: name.clone(), line: Some("(name: \"x\",\nbase: \"y\")".into()) }.apply(b)).unwrap_err();
        assert!(refused.contains("one line"), "{ruleset}: {refused}");
        // Saved as the editor saves it: the battle and its own list side by side.
        let s = history.now();
        assert!(s.armies.contains(&list), "{ruleset}: {:?}", s.armies);
        let file = dir.join(format!("{ruleset}.ron"));
        std::fs::write(&file, to_ron(s)).unwrap();
        for (name, l) in &s.army_files {
            std::fs::write(dir.join(name), &*l.file.text).unwrap();
        }
        let (back, _) = strategos::scenario::load(&file).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        assert_eq!(with_ruleset(ruleset, SetsUp(&back)).expect("a ruleset"), Ok(3), "{ruleset}");
        strategos::cli::validate::validate(&file).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        // A change the ruleset refuses is the live validation's to say, not the edit's.
        history.change(|b| Edit::Profile { list: list.clone(), name: name.clone(), line: Some(format!("{}, bogus: 1)", line.strip_suffix(')').expect("a profile's line ends its parentheses"))) }.apply(b)).expect("written");
        let said = with_ruleset(ruleset, SetsUp(history.now())).expect("a ruleset").unwrap_err();
        assert!(said.contains("bogus"), "{ruleset}: {said}");
        // The last profile removed, the list goes from the battle.
        history.change(|b| Edit::Profile { list: list.clone(), name: name.clone(), line: None }.apply(b)).expect("removed");
        assert!(!history.now().armies.contains(&list) && history.now().army_files.is_empty(), "{ruleset}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_profile_s_form_shows_what_its_base_gives_and_written_whole_from_it_the_battle_sets_up() {
    use strategos::editor::form::Line;
    use strategos::editor::muster::{inherited, new_profile, own_list, profile_form};
    for ruleset in strategos::rules::registry::NAMES {
        let mut s = new_battle(ruleset, 12, 10).expect("a new battle");
        let base = offers_of(&s).expect("profiles offered")[1].clone();
        let (name, line) = new_profile(&s, &base).expect("a new profile");
        let list = own_list(&s);
        Edit::Profile { list: list.clone(), name: name.clone(), line: Some(line.clone()) }.apply(&mut s).expect("the profile added");
        let mut fields = Line::read(&line).unwrap_or_else(|| panic!("{ruleset}: {line} reads as fields"));
        let form = profile_form(&s, &fields.head);
        let order: Vec<&str> = form.iter().map(|f| f.name).collect();
        let from_base = inherited(&s, &fields);
        // Lists written one profile a line show their numbers; warbands and armies nest theirs.
        if ["thucydide", "swordpoint", "black-powder"].contains(ruleset) {
            assert!(from_base.len() >= 5, "{ruleset}: {from_base:?}");
        }
        for (field, value) in &from_base {
            if order.contains(&field.as_str()) {
                fields.set(field, Some(value.clone()), &order);
            }
        }
        let whole = fields.written();
        Edit::Profile { list, name, line: Some(whole.clone()) }.apply(&mut s).expect("written whole");
        let placed = offers_of(&s).expect("offered").into_iter().find(|o| o.name.ends_with("(mine)")).expect("its own profile offered");
        Edit::Unit(UnitEdit::Place { side: 1, at: Offset(4, 3), offer: placed }).apply(&mut s).expect("placed");
        assert_eq!(with_ruleset(ruleset, SetsUp(&s)).expect("a ruleset"), Ok(3), "{ruleset}: {whole}");
    }
}
