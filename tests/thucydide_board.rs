//! What the board means in Thucydide (its `Present` contract): what a click asks for, what is
//! marked for a selection, the buttons of a decision, the preview of an attack.

mod common;

use common::{battle, hex, open};
use strategos::battle::look::{Intent, SightLine};
use strategos::battle::{Battle, Dice, Present, Ruleset, UnitId};
use strategos::rules::thucydide::state::{MoveMode, Phase};
use strategos::rules::thucydide::{Command, Thucydide};

type B = Battle<Thucydide>;

fn rows(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

fn ready(phase: Phase) -> B {
    let m = open(6, 10);
    let mut b = battle(&rows(&m), &[(1, 0, "hoplites", 2, 6), (2, 1, "hoplites", 2, 5), (3, 0, "cavalry", 4, 8), (9, 1, "hoplites", 5, 0)]);
    b.turn = 1;
    b.global.phase = phase;
    for u in b.units.iter_mut().filter(|u| u.side.0 == 0) {
        u.state.activated = true;
    }
    b
}

#[test]
fn clicking_an_own_unit_selects_it_and_again_deselects_it() {
    let b = ready(Phase::Movement);
    let legal = Thucydide::legal_commands(&b);
    assert_eq!(Thucydide::click(&b, &legal, None, hex(4, 8), false), Intent::Select(UnitId(3)));
    assert_eq!(Thucydide::click(&b, &legal, Some(UnitId(3)), hex(4, 8), false), Intent::Deselect);
    assert_eq!(Thucydide::click(&b, &legal, None, hex(2, 5), false), Intent::Nothing, "an enemy is not selectable");
}

#[test]
fn clicking_a_reachable_hex_moves_the_selected_unit_and_elsewhere_deselects() {
    let b = ready(Phase::Movement);
    let legal = Thucydide::legal_commands(&b);
    let marks = Thucydide::marks(&b, &legal, Some(UnitId(3)), None);
    assert!(marks.reach.contains(&hex(4, 7)));
    assert!(marks.targets.is_empty());
    assert_eq!(
        Thucydide::click(&b, &legal, Some(UnitId(3)), hex(4, 7), false),
        Intent::Send { command: Command::Move { unit: UnitId(3), to: hex(4, 7), mode: MoveMode::Normal }, deselect: false }
    );
    assert_eq!(Thucydide::click(&b, &legal, Some(UnitId(3)), hex(0, 0), false), Intent::Deselect, "out of reach");
}

#[test]
fn clicking_a_target_attacks_it_and_shift_adds_an_attack_order() {
    let mut b = ready(Phase::Combat);
    b.global.order_tokens[0] = 1;
    let legal = Thucydide::legal_commands(&b);
    let marks = Thucydide::marks(&b, &legal, Some(UnitId(1)), Some(hex(2, 5)));
    assert_eq!(marks.targets, vec![hex(2, 5)]);
    assert_eq!(marks.sight, Some(SightLine { from: hex(2, 6), to: hex(2, 5), clear: true }), "the line to the hovered target");
    assert_eq!(
        Thucydide::click(&b, &legal, Some(UnitId(1)), hex(2, 5), false),
        Intent::Send { command: Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, deselect: true }
    );
    assert_eq!(
        Thucydide::click(&b, &legal, Some(UnitId(1)), hex(2, 5), true),
        Intent::Send { command: Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: true }, deselect: true }
    );
}

#[test]
fn during_a_retreat_a_click_picks_the_hex_to_fall_back_to() {
    let mut b = ready(Phase::Combat);
    let mut dice = Dice::with_forced(1, &[2, 4, 4]);
    let events = Thucydide::resolve(&b, &Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice).unwrap();
    for e in &events {
        Thucydide::apply(&mut b, e);
    }
    let legal = Thucydide::legal_commands(&b);
    let Some(Command::Retreat { path }) = legal.first().cloned() else { panic!("a retreat to choose: {legal:?}") };
    let end = *path.last().unwrap();
    assert_eq!(Thucydide::click(&b, &legal, None, end, false), Intent::Send { command: Command::Retreat { path }, deselect: false });
}


#[test]
fn a_pending_retreat_marks_its_hexes_and_offers_its_options_as_buttons() {
    let mut b = ready(Phase::Combat);
    let mut dice = Dice::with_forced(1, &[2, 4, 4]);
    for e in Thucydide::resolve(&b, &Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false }, &mut dice).unwrap() {
        Thucydide::apply(&mut b, &e);
    }
    let legal = Thucydide::legal_commands(&b);
    let marks = Thucydide::marks(&b, &legal, None, None);
    assert!(!marks.picks.is_empty(), "the hexes to fall back to are marked");
    let decision = Thucydide::decision(&b, &legal).expect("a decision is pending");
    assert_eq!(decision.options, legal);
    assert!(decision.prompt.contains("must fall back") && decision.prompt.contains("#2"), "the prompt names the unit: {}", decision.prompt);
    assert_eq!(marks.focus, vec![b.unit(UnitId(2)).unwrap().hex.unwrap()], "the unit falling back is marked");
    assert!(!legal.iter().any(Thucydide::ends_phase), "no phase ends while a decision is pending");
}

#[test]
fn the_odds_are_previewed_for_an_attack_and_an_activation_is_a_button() {
    let mut b = ready(Phase::Combat);
    let attack = Command::Attack { attacker: UnitId(1), target: UnitId(2), attack_order: false };
    let preview = Thucydide::preview(&b, &attack).expect("an attack shows its odds");
    assert!(preview.lines.iter().any(|l| l.text.starts_with("Chance to destroy it")));
    assert_eq!(Thucydide::preview(&b, &Command::EndPhase), None);
    b.global.phase = Phase::Movement;
    b.global.order_tokens[0] = 1;
    b.unit_mut(UnitId(3)).unwrap().state.activated = false;
    let legal = Thucydide::legal_commands(&b);
    assert_eq!(Thucydide::unit_orders(&b, &legal, UnitId(3)), vec![Command::Activate { unit: UnitId(3) }]);
    assert_eq!(Thucydide::decision(&b, &legal), None);
}

/// A word with a capital inside it (an enum's name, "GreenHit"), or Rust's own punctuation.
fn reads_like_code(line: &str) -> bool {
    let camel = line.as_bytes().windows(2).any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase());
    camel || line.contains('[') || line.contains("Some(") || line.contains("::")
}

#[test]
fn the_log_and_the_cards_read_as_words_not_as_code() {
    use strategos::sim::play_game;
    for id in ["thucydide-first-clash", "thucydide-hydaspes"] {
        let s = common::load_bundled(id);
        let game = play_game::<Thucydide>(&s, 12, |_| {}).unwrap();
        let played = strategos::replay::play::<Thucydide>(&s, &game.replay).unwrap();
        let mut b = Thucydide::setup(&s).unwrap();
        let mut lines = Vec::new();
        for e in played.app.events() {
            lines.extend(Thucydide::event_line(&b, e));
            Thucydide::apply(&mut b, e);
        }
        let start = Thucydide::setup(&s).unwrap();
        for u in &start.units {
            lines.extend(Thucydide::unit_card(&start, u.id).into_iter().map(|l| l.text));
            lines.extend(Thucydide::terrain_card(&start, u.hex.unwrap()).into_iter().map(|l| l.text));
        }
        lines.extend(Thucydide::status(&b));
        assert!(lines.len() > 50, "{id}: a whole game's lines");
        let code: Vec<&String> = lines.iter().filter(|l| reads_like_code(l)).collect();
        assert!(code.is_empty(), "{id}: {code:#?}");
        assert!(!lines.iter().any(|l| l.contains("1 hits") || l.contains("1 dice") || l.contains(" 1 hexes")), "{id}: singular after one");
    }
}

#[test]
fn an_enemy_that_cannot_be_targeted_says_why() {
    let mut b = ready(Phase::Combat);
    let legal = Thucydide::legal_commands(&b);
    assert_eq!(Thucydide::why_not(&b, &legal, UnitId(1), hex(2, 5)), None, "an attack it may make");
    let far = Thucydide::why_not(&b, &legal, UnitId(3), hex(5, 0)).unwrap();
    assert!(far.contains("does not shoot") || far.contains("Out of range"), "{far}");
    b.global.phase = Phase::Movement;
    let legal = Thucydide::legal_commands(&b);
    assert_eq!(Thucydide::why_not(&b, &legal, UnitId(1), hex(2, 5)).as_deref(), Some("Attacks are made in the combat phase"));
}

#[test]
fn a_shooter_out_of_range_or_sight_says_so() {
    let m = open(6, 10);
    let mut b = battle(&rows(&m), &[(1, 0, "archers", 2, 9), (2, 1, "hoplites", 2, 0), (3, 1, "hoplites", 2, 6), (4, 0, "hoplites", 2, 8)]);
    b.turn = 1;
    b.global.phase = Phase::Combat;
    for u in b.units.iter_mut().filter(|u| u.side.0 == 0) {
        u.state.activated = true;
    }
    let legal = Thucydide::legal_commands(&b);
    let far = Thucydide::why_not(&b, &legal, UnitId(1), hex(2, 0)).unwrap();
    assert!(far.starts_with("Out of range: 9 hexes away"), "{far}");
    let masked = Thucydide::why_not(&b, &legal, UnitId(1), hex(2, 6)).unwrap();
    assert!(masked.starts_with("No line of sight"), "{masked}");
}

#[test]
fn hexes_reached_only_by_road_march_are_marked_and_the_hovered_way_says_its_cost() {
    let s = common::load_bundled("thucydide-first-clash");
    let app = strategos::battle::ecs::BattleApp::<Thucydide>::new(Thucydide::setup(&s).unwrap(), Dice::new(7));
    let (b, legal) = (app.view(), app.legal_commands());
    let road_marcher = b.on_board().find(|u| !Thucydide::marks(b, &legal, Some(u.id), None).restricted.is_empty()).expect("a unit on the road that can road-march");
    let marks = Thucydide::marks(b, &legal, Some(road_marcher.id), None);
    assert_eq!(marks.restriction.as_deref(), Some("road march only: no combat this turn"));
    for h in &marks.restricted {
        assert!(marks.reach.contains(h));
        assert!(legal.contains(&Command::Move { unit: road_marcher.id, to: *h, mode: MoveMode::RoadMarch }));
        assert!(!legal.contains(&Command::Move { unit: road_marcher.id, to: *h, mode: MoveMode::Normal }), "a hex a normal move reaches is not restricted");
    }
    let far = marks.restricted[0];
    let (way, cost) = Thucydide::marks(b, &legal, Some(road_marcher.id), Some(far)).way.expect("the way to a hovered reachable hex");
    assert_eq!((way.first(), way.last()), (road_marcher.hex.as_ref(), Some(&far)));
    assert!(cost.contains("by road march: no combat this turn"), "{cost}");
    let near = marks.reach.iter().find(|h| !marks.restricted.contains(h)).copied().unwrap();
    let (_, cost) = Thucydide::marks(b, &legal, Some(road_marcher.id), Some(near)).way.unwrap();
    assert!(cost.ends_with("movement"), "a normal move says only its cost: {cost}");
    assert_eq!(Thucydide::marks(b, &legal, Some(road_marcher.id), road_marcher.hex).way, None, "no way to where the unit stands");
}
