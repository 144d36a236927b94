//! The names a player reads for Swordpoint's phases, tests, responses, moves, troops, weapons and
//! grounds (never an enum's name), counted nouns, and the sources a rule string cites: the seed's
//! French heading of a line (`SP:Lnn`), the name of a house rule (`H-n`), a reading (`R-n`) or a
//! section of the specification (`A.n`).

use super::data::{Armour, CommanderRank, LoserAction, MeleeWeapon, Missile, Order, Protection, Quality, Trait, Troop, tables};
use super::event::{MoveKind, Test};
use super::state::{Phase, Response};
use crate::hex::{Direction, Ground};

pub fn phase(p: Phase) -> &'static str {
    match p {
        Phase::Initial => "Initial phase",
        Phase::ShootingDeclare => "Shooting: declare the targets",
        Phase::Initiative => "Initiative: bid momentum",
        Phase::DeclareMounted => "Declarations: cavalry, camels and chariots",
        Phase::DeclareFoot => "Declarations: infantry and elephants",
        Phase::ChargeMoves => "Rally, compulsory and charge moves",
        Phase::RemainingMoves => "Remaining moves",
        Phase::CombatMomentum => "Combat: momentum per combat",
        Phase::CombatResolve => "Combat",
    }
}

/// What a test is for, as the log says a unit takes it ("tests to rally").
pub fn test(t: Test) -> String {
    let triggers = &tables().cohesion.triggers;
    match t {
        Test::FleeingFriend => format!("tests cohesion (a friend flees within {}\")", triggers.fleeing_friend),
        Test::Terror => format!("tests against terror (an enemy elephant within {}\")", triggers.elephant_terror),
        Test::GeneralKilled => "tests cohesion (the army general fell)".into(),
        Test::Impetuous => "tests cohesion (impetuous: failed, it must charge)".into(),
        Test::Return => "tests to return to the table".into(),
        Test::ShootingLosses => format!("tests cohesion ({}% losses to shooting)", triggers.shooting_losses_percent),
        Test::ElephantControl => "tests to keep control (an elephant hit by shooting)".into(),
        Test::FlankOrRearCharge => "tests cohesion (charged in the flank or rear)".into(),
        Test::Disengage => "tests to disengage".into(),
        Test::Rally => "tests to rally".into(),
        Test::Break => "takes a break test".into(),
        Test::FriendBroken => format!("tests cohesion (a friend broke or was destroyed within {}\")", triggers.broken_friend),
    }
}

/// The seed line (or house rule) that calls for a test.
pub fn test_rule(t: Test) -> &'static str {
    match t {
        Test::FleeingFriend => "SP:L11",
        Test::Terror => "SP:L12 (H-16)",
        Test::GeneralKilled => "SP:L23",
        Test::Impetuous => "SP:L14 (H-19)",
        Test::Return => "SP:L15 (H-18)",
        Test::ShootingLosses => "SP:L24",
        Test::ElephantControl => "H-17",
        Test::FlankOrRearCharge => "SP:L22",
        Test::Disengage => "SP:L122",
        Test::Rally => "SP:L109",
        Test::Break => "SP:L176",
        Test::FriendBroken => "SP:L21",
    }
}

pub fn response(r: Response) -> &'static str {
    match r {
        Response::Hold => "Hold",
        Response::Flee => "Flee",
        Response::Evade => "Evade",
        Response::CounterCharge => "Counter-charge",
    }
}

/// What a unit does as it moves, for the log ("charges to").
pub fn move_verb(k: MoveKind) -> &'static str {
    match k {
        MoveKind::Move => "moves",
        MoveKind::Charge => "charges",
        MoveKind::Flight => "flees",
        MoveKind::Evade => "evades",
        MoveKind::Recoil => "recoils",
        MoveKind::FollowUp => "follows up",
        MoveKind::Pursuit => "pursues",
        MoveKind::Disengage => "disengages",
        MoveKind::Return => "comes back",
    }
}

pub fn troop(t: Troop) -> &'static str {
    match t {
        Troop::Foot => "infantry",
        Troop::Cavalry => "cavalry",
        Troop::Camels => "camels",
        Troop::LightChariot => "light chariots",
        Troop::HeavyChariot => "heavy chariots",
        Troop::ScythedChariot => "scythed chariots",
        Troop::Elephant => "elephants",
    }
}

pub fn order(o: Order) -> &'static str {
    match o {
        Order::Close => "close order",
        Order::Loose => "loose order",
        Order::Skirmish => "skirmishers",
    }
}

pub fn quality(q: Quality) -> &'static str {
    match q {
        Quality::Superior => "superior",
        Quality::Normal => "normal",
        Quality::Inferior => "inferior",
    }
}

pub fn armour(a: Armour) -> &'static str {
    match a {
        Armour::Light => "light armour",
        Armour::Heavy => "heavy armour",
        Armour::FullPlate => "full plate",
    }
}

pub fn protection(p: Protection) -> &'static str {
    match p {
        Protection::Shield => "shield",
        Protection::LargeShield => "large shield",
        Protection::Mounted => "mounted",
        Protection::Barding => "barding",
        Protection::HowdahOrChariot => "howdah or chariot",
    }
}

pub fn missile(m: Missile) -> &'static str {
    match m {
        Missile::Thrown => "javelins or other thrown weapons",
        Missile::Firearm => "firearms",
        Missile::LightCrossbow => "light crossbows",
        Missile::Sling => "slings",
        Missile::Bow => "bows",
        Missile::Longbow => "longbows",
        Missile::Crossbow => "crossbows",
    }
}

pub fn weapon(w: MeleeWeapon) -> &'static str {
    match w {
        MeleeWeapon::Spear => "spears",
        MeleeWeapon::HeavyThrownSpear => "heavy thrown spears",
        MeleeWeapon::Pike => "pikes",
        MeleeWeapon::Halberd => "halberds",
        MeleeWeapon::TwoHanded => "two-handed swords or axes",
        MeleeWeapon::CouchedLance => "couched lances",
        MeleeWeapon::Lance => "lances",
        MeleeWeapon::Kontos => "kontos",
    }
}

pub fn trait_name(t: Trait) -> &'static str {
    match t {
        Trait::Levy => "levy",
        Trait::Impetuous => "impetuous (warband)",
        Trait::Phalanx => "phalanx",
        Trait::Stubborn => "stubborn",
        Trait::ShockCavalry => "shock cavalry",
    }
}

pub fn rank(r: CommanderRank) -> &'static str {
    match r {
        CommanderRank::ArmyGeneral => "army general",
        CommanderRank::Commander => "commander",
    }
}

/// What a beaten unit does (SP:L268–271).
pub fn loser_action(a: LoserAction) -> String {
    match a {
        LoserAction::Continue => "fights on".into(),
        LoserAction::Recoil { inches } => format!("recoils {inches}\" and is demoralised"),
        LoserAction::BreakTest { recoil_inches } => format!("takes a break test: it recoils {recoil_inches}\" if it passes, breaks if it fails"),
        LoserAction::Break => "is demoralised, breaks and flees".into(),
    }
}

pub fn direction(d: Direction) -> &'static str {
    match d {
        Direction::N => "N",
        Direction::NE => "NE",
        Direction::SE => "SE",
        Direction::S => "S",
        Direction::SW => "SW",
        Direction::NW => "NW",
    }
}

pub fn ground(g: Ground) -> &'static str {
    match g {
        Ground::Open => "Open ground",
        Ground::Forest => "Forest",
        Ground::Marsh => "Marsh",
        Ground::Rocky => "Rocky ground",
        Ground::Buildings => "Buildings",
        Ground::Fortification => "Fortification",
        Ground::River => "River",
        Ground::Stream => "Stream (a ford)",
    }
}

/// `n` and the noun, singular for one: `count(1, "die", "dice")` is "1 die".
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A rule string's reference and its note: "SP:L104 (rallied)" is ("SP:L104", Some("rallied")),
/// "H-6: a failed test breaks the unit" is ("H-6", Some("a failed test breaks the unit")).
pub fn split_rule(rule: &str) -> (&str, Option<&str>) {
    let end = rule.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, ':' | '.' | '-' | '–'))).unwrap_or(rule.len());
    let reference = rule[..end].trim_end_matches([':', '.']);
    let rest = rule[reference.len()..].trim_start_matches([':', ',']).trim();
    let note = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')).unwrap_or(rest);
    (reference, (!note.is_empty()).then_some(note))
}

/// Why a rule applied, in a player's words: the note a rule string carries, else what its seed
/// line or house rule is about.
pub fn reason(rule: &str) -> Option<String> {
    let (reference, note) = split_rule(rule);
    note.map(str::to_string).or_else(|| line_gloss(reference).map(str::to_string)).or_else(|| source_name(reference).map(str::to_string))
}

/// A rule string as the log's details cite it: "SP:L269 — Différentiel de Résultat de Combat",
/// "H-13 pursuit", with the string's note after.
pub fn cite(rule: &str) -> String {
    let (reference, note) = split_rule(rule);
    let named = match source_name(reference) {
        Some(name) if reference.starts_with("SP:") => format!("{reference} — {name}"),
        Some(name) => format!("{reference} {name}"),
        None => reference.to_string(),
    };
    match note {
        Some(n) => format!("{named} ({n})"),
        None => named,
    }
}

/// The seed's heading over a line, a house rule's or a reading's name, a section's title.
pub fn source_name(reference: &str) -> Option<&'static str> {
    if let Some(line) = reference.strip_prefix("SP:L").and_then(first_number) {
        return SEED_HEADINGS.iter().find(|(from, to, _)| (*from..=*to).contains(&line)).map(|(_, _, h)| *h);
    }
    if let Some(n) = reference.strip_prefix("H-").and_then(|n| n.parse::<usize>().ok()) {
        return HOUSE_RULES.get(n.wrapping_sub(1)).copied();
    }
    if let Some(n) = reference.strip_prefix("R-").and_then(|n| n.parse::<usize>().ok()) {
        return READINGS.get(n.wrapping_sub(1)).copied();
    }
    SECTIONS.iter().find(|(s, _)| *s == reference).map(|(_, title)| *title)
}

/// What the seed lines that rule strings cite without a note are about, in English.
fn line_gloss(reference: &str) -> Option<&'static str> {
    let line = first_number(reference.strip_prefix("SP:L")?)?;
    LINE_GLOSSES.iter().find(|(l, _)| *l == line).map(|(_, g)| *g)
}

/// The number a range of lines starts with: 142 for "142–144".
fn first_number(lines: &str) -> Option<u16> {
    let digits: String = lines.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The seed's headings (`seeds/000_dd1bca2cefe3b4db.txt`) and the lines each covers.
const SEED_HEADINGS: &[(u16, u16, &str)] = &[
    (1, 8, "Fiche de Référence"),
    (9, 16, "1. Phase Initiale"),
    (18, 25, "Procéder à un test de Cohésion quand"),
    (26, 29, "Test de Cohésion : Modificateurs"),
    (31, 38, "2. Phase de Tir"),
    (40, 45, "Cibles Prioritaires"),
    (47, 57, "Nombre Dés de Tir"),
    (59, 69, "Portées"),
    (71, 85, "Modificateurs de Tir"),
    (87, 92, "Modificateurs de Jet de Défense"),
    (94, 98, "Rétribution des points de Momentum suite aux résultats de la phase de Tir"),
    (100, 107, "3. Phase de Mouvement"),
    (109, 115, "Tests de Ralliement"),
    (117, 124, "Processus de Désengagement de Combat"),
    (126, 146, "Capacités de Mouvement"),
    (148, 153, "Rétributions Cumulatives de Points de Momentum"),
    (155, 180, "4. Phase des Combats"),
    (182, 196, "Modificateurs de Résultat de Combat"),
    (198, 205, "Commandants & Rayons d'Action"),
    (207, 211, "Mouvements & Mesures"),
    (213, 224, "Valeurs de Défense"),
    (225, 234, "Pour Toucher"),
    (235, 236, "Valeurs de Défense (renvoi)"),
    (237, 253, "Dés de Combat"),
    (254, 264, "Modificateurs d'Armes sur la Capacité de Défense"),
    (265, 272, "Différentiel de Résultat de Combat"),
    (273, 283, "Différencier les Résultats de Combat"),
    (284, 293, "Rétributions Cumulatives de points de Momentum suite aux Combats"),
];

/// The house rules of the specification (A.2), H-1 first.
const HOUSE_RULES: &[&str] = &[
    "bases and figures",
    "strength points",
    "elephant base",
    "profiles and army lists",
    "cohesion test",
    "a failed test breaks the unit",
    "shooting to-hit and saves",
    "momentum pool",
    "initiative",
    "charges",
    "responses to a charge",
    "flight",
    "pursuit",
    "follow-up",
    "disengagement move",
    "terror test",
    "out-of-control elephant",
    "return from off the table",
    "impetuous units",
    "definitions",
    "combat-result modifiers",
    "commanders as markers",
    "terrain",
    "deployment",
    "victory",
    "minimum move",
    "recoil blocked",
];

/// The readings of ambiguous lines (A.6), R-1 first.
const READINGS: &[&str] = &[
    "light chariots: the shooters ride them",
    "shooting momentum rows are not cumulative",
    "rally modifiers are not cumulative",
    "OD means skirmishers",
    "combat momentum: seven awards",
    "cohesion: 2d6 at least the value",
    "Parthian shot",
    "the break test takes the moderated differential",
    "supports read one row above the final row",
    "stubborn: a recoil only",
    "rally tests take their own modifiers",
    "a friend breaking from combat",
    "a commander killed by shooting on 12",
    "\"after moderation\"",
];

const SECTIONS: &[(&str, &str)] = &[
    ("A.0", "canonical dice order"),
    ("A.3.1", "scale"),
    ("A.3.2", "units, bases and ranks"),
    ("A.3.3", "contact, flank, rear and battle line"),
    ("A.3.4", "movement on hexes"),
    ("A.3.5", "what hexes change"),
    ("A.3.6", "strike order"),
    ("A.4", "turn structure"),
];

const LINE_GLOSSES: &[(u16, &str)] = &[
    (11, "a friend fleeing nearby"),
    (12, "terror of elephants"),
    (13, "the army general fell last turn"),
    (14, "impetuous"),
    (15, "return from off the table"),
    (16, "the Initial phase lifts the marker"),
    (21, "a friend broke or was destroyed nearby"),
    (22, "charged in the flank or rear"),
    (23, "the army general was killed"),
    (24, "heavy losses to shooting"),
    (28, "demoralised"),
    (29, "exhausted"),
    (35, "shooting"),
    (36, "a commander's life after shooting losses"),
    (44, "split fire"),
    (97, "10% losses to shooting"),
    (98, "25% losses to shooting"),
    (104, "rallied"),
    (112, "fleeing"),
    (113, "an enemy nearby"),
    (114, "a larger enemy nearby"),
    (121, "caught by a pursuer"),
    (122, "recoiled last turn"),
    (123, "failed to disengage"),
    (150, "charged into contact"),
    (151, "the charged enemy got away"),
    (152, "an impetuous unit made contact"),
    (153, "an elephant driven out of control"),
    (158, "momentum put into combats"),
    (162, "charged this turn"),
    (165, "close combat"),
    (170, "a commander's life after combat losses"),
    (178, "a friend broke or the general fell nearby"),
    (194, "disorganised after a pursuit"),
    (269, "the result's 2–3 row"),
    (270, "the result's 4–5 row"),
    (271, "the result's 6+ row"),
    (279, "shock cavalry's first victim"),
    (280, "stubborn"),
    (287, "won a round without a recoil, or forced a break test"),
    (288, "rode down a beaten enemy in pursuit"),
    (289, "followed up a recoil, or halved an enemy"),
    (290, "broke an enemy, or rode down one that fled or evaded"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_strings_split_into_reference_and_note() {
        assert_eq!(split_rule("SP:L104 (rallied)"), ("SP:L104", Some("rallied")));
        assert_eq!(split_rule("SP:L269"), ("SP:L269", None));
        assert_eq!(split_rule("H-6: a failed test breaks the unit"), ("H-6", Some("a failed test breaks the unit")));
        assert_eq!(split_rule("SP:L12 (H-16)"), ("SP:L12", Some("H-16")));
        assert_eq!(split_rule("SP:L142–144"), ("SP:L142–144", None));
    }

    #[test]
    fn citations_name_the_seed_heading_or_the_house_rule() {
        assert_eq!(cite("SP:L269"), "SP:L269 — Différentiel de Résultat de Combat");
        assert_eq!(cite("H-13 (ridden down in pursuit)"), "H-13 pursuit (ridden down in pursuit)");
        assert_eq!(cite("SP:L28"), "SP:L28 — Test de Cohésion : Modificateurs");
        assert_eq!(cite("SP:L142–144"), "SP:L142–144 — Capacités de Mouvement");
        assert_eq!(cite("R-8"), "R-8 the break test takes the moderated differential");
        assert_eq!(reason("SP:L150").as_deref(), Some("charged into contact"));
        assert_eq!(reason("H-27").as_deref(), Some("recoil blocked"));
    }

    #[test]
    fn a_row_is_named_by_the_row_and_a_break_test_by_both_outcomes() {
        // A unit that lost by 5 and reads the 6+ row after a shift (SP:L282) is not "lost by 6".
        assert_eq!(reason("SP:L271").as_deref(), Some("the result's 6+ row"));
        // The row's line comes before the test: it names both outcomes (SP:L270).
        assert_eq!(loser_action(LoserAction::BreakTest { recoil_inches: 4 }), "takes a break test: it recoils 4\" if it passes, breaks if it fails");
    }
}
