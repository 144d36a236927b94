//! How the mass battle's pieces look: the counter (troops or hit points left, hit dice and AC, the
//! standard, an officer, the commander-in-chief, engaged, an order given, demoralised, leaving or
//! surrendering), the card of a unit with what applies to it now, the terrain card, the losses
//! after the battle and the legend of the help window.

use super::data::{Kind, Trait, tables};
use super::event::AttackKind;
use super::legal;
use super::movement;
use super::setup::impassable;
use super::state::UnitState;
use super::words::{name, order_label, side_name};
use crate::battle::look::{Counter, Die, Legend, Line, Rgb, Swatch, Symbol, Tag, Token, Troop, capitalised, marks};
use crate::battle::{Battle, Side, Unit, UnitId};
use crate::hex::Hex;

type B = Battle<super::MassBattle>;
type U = Unit<UnitState>;

/// Engaged with an enemy (B4).
pub const ENGAGED: Tag = Tag::Cross(Rgb(200, 40, 40));
/// Its order for this sequence given (only its own side sees it before the reveal).
pub const ORDERED: Tag = Tag::Dot(Rgb(60, 170, 80));
/// Given slices of the commander's INT this sequence.
pub const SLICED: Tag = Tag::Dot(Rgb(120, 170, 240));
pub const STANDARD_DISC: Rgb = Rgb(222, 180, 60);
pub const COMMANDER_DISC: Rgb = Rgb(190, 60, 60);
pub const OFFICER_DISC: Rgb = Rgb(190, 195, 205);
pub const DEMORALISED: Rgb = Rgb(255, 140, 0);
pub const LEAVING: Rgb = Rgb(220, 40, 30);
/// A tower's disc rim: stone grey.
pub const TOWER_RIM: Rgb = Rgb(150, 150, 160);
/// A die's border: a test passed, failed; a damage die.
pub const WON: Rgb = Rgb(60, 170, 70);
pub const LOST: Rgb = Rgb(220, 40, 30);
pub const PLAIN: Rgb = Rgb(120, 120, 120);
pub const IVORY: Rgb = Rgb(250, 248, 240);

pub fn die(face: u8, border: Rgb) -> Die {
    Die { mark: face.to_string(), fill: IVORY, ink: Rgb(0, 0, 0), border }
}

/// The terminal's letter: H a hero, G a huge creature, c horse, a a unit that shoots, e an engine
/// or ram, f anything else on foot; the terminal sets the case by side.
pub fn glyph(u: &U) -> char {
    let s = &u.state;
    match s.kind() {
        Kind::Hero => 'H',
        Kind::Huge => 'G',
        Kind::Standard => match troop(s) {
            Troop::Cavalry => 'c',
            Troop::Artillery => 'e',
            _ if s.row().missile.is_some() => 'a',
            _ => 'f',
        },
    }
}

fn troop(s: &UnitState) -> Troop {
    if let Some(symbol) = s.row().symbol {
        return symbol;
    }
    let m = s.row().moves_as.as_str();
    if m.ends_with("cavalry") || m == "hero-mounted" {
        Troop::Cavalry
    } else if matches!(m, "ram" | "engine" | "ballista") {
        Troop::Artillery
    } else {
        Troop::Infantry
    }
}

/// What is left of it: troops for a unit of the line, hit points for a hero or a huge creature.
fn left(s: &UnitState) -> String {
    match s.kind() {
        Kind::Standard => s.troops().to_string(),
        Kind::Hero | Kind::Huge => s.pvt.to_string(),
    }
}

pub fn counter(b: &B, u: &U) -> Counter {
    let s = &u.state;
    let row = s.row();
    let mut tags = Vec::new();
    if !b.global.is_free(u.id) {
        tags.push(ENGAGED);
    }
    if b.global.drafts[u.side.index()].iter().any(|(id, _)| *id == u.id) {
        tags.push(ORDERED);
    }
    if b.global.slices[u.side.index()].contains(&u.id) {
        tags.push(SLICED);
    }
    let alert = if s.surrendering {
        Some((LEAVING, "SURRENDERS".to_string()))
    } else if s.leaving {
        Some((LEAVING, "LEAVING".to_string()))
    } else if s.demoralised.is_some() {
        Some((DEMORALISED, "DEMORALISED".to_string()))
    } else {
        None
    };
    let corner = if b.global.commands(u) {
        Some((COMMANDER_DISC, "C".to_string()))
    } else if s.standard {
        Some((STANDARD_DISC, "S".to_string()))
    } else if s.officer.is_some() {
        Some((OFFICER_DISC, "O".to_string()))
    } else {
        None
    };
    let standard_unit = s.kind() == Kind::Standard;
    Counter {
        band: None,
        symbol: standard_unit.then(|| Symbol { troop: troop(s), shoots: row.missile.is_some() }),
        monogram: (!standard_unit).then(|| row.mark.clone()),
        // "Archers 2" where a side has two of a kind (the Giant's Causeway's archers).
        name: name(b, u.id),
        // The hit dice alone: with the AC they overrun the troops' disc on a fitted map; the card has both.
        factors: hit_dice(row.hd),
        badge: left(s),
        corner,
        tags,
        alert,
        facing: Some(u.facing),
    }
}

/// What each side lost: units gone, troops and hit points down, heroes fallen.
pub fn losses(start: &B, now: &B, side: Side) -> String {
    let mine = |b: &B| b.units.iter().filter(|u| u.side == side).cloned().collect::<Vec<U>>();
    let (before, after) = (mine(start), mine(now));
    let gone = after.iter().filter(|u| u.hex.is_none() && u.state.serving.is_none()).count();
    let pvt = |us: &[U]| us.iter().filter(|u| u.hex.is_some()).map(|u| u.state.pvt.max(0)).sum::<i64>();
    let fallen: Vec<String> =
        after.iter().filter(|u| u.state.kind() == Kind::Hero && u.state.pvt <= 0).map(|u| name(now, u.id)).collect();
    let mut report = format!("{gone} of {} units off the field; {} of {} hit points left", before.len(), pvt(&after), pvt(&before));
    if !fallen.is_empty() {
        report.push_str(&format!("; fallen: {}", fallen.join(", ")));
    }
    report
}

fn traits_line(row: &super::data::UnitRow) -> Option<String> {
    let words: Vec<String> = row
        .traits
        .iter()
        .map(|t| match t {
            Trait::Elite => "elite: may withdraw (l. 29)".to_string(),
            Trait::Mounted => "mounted (l. 29)".to_string(),
            Trait::Lance => format!("lances: ×{} in the charge (l. 149)", tables().multipliers.lance),
            Trait::Polearm => format!("polearms: ×{} against a charge, unmoved (l. 153)", tables().multipliers.polearm),
            Trait::Flying => "flies: only fliers engage it (l. 108)".to_string(),
            Trait::Followers(hero) => format!("followers of {hero} (l. 98)"),
            Trait::Regeneration(rate) => format!("regenerates {rate} hit points a troop each sequence (l. 109)"),
            Trait::AntiRegeneration => "torches: stop regeneration (l. 109)".to_string(),
            Trait::ImmuneUnless(tags) => format!("immune but to {tags:?} weapons (l. 107)"),
            Trait::SpecialAttack => format!("special attack: ×{} (l. 105)", tables().multipliers.special_attack),
            Trait::Escalade => "ladders: may engage defenders on a wall (H-M13)".to_string(),
            Trait::Ram => "a ram: breaches a gate (l. 194)".to_string(),
        })
        .collect();
    (!words.is_empty()).then(|| words.join("; "))
}

/// The unit's profile as it stands, its state this sequence and the rules that apply to it.
pub fn unit_card(b: &B, id: UnitId) -> Vec<Line> {
    let Some(u) = b.unit(id) else { return Vec::new() };
    let (s, row) = (&u.state, u.state.row());
    let mut lines = vec![Line::heading(format!("{} · {}", name(b, id), side_name(b, u.side)))];
    match s.hero() {
        Some(h) => lines.push(Line::plain(format!(
            "Hero, HD {} · {} of {} hit points · AC {} · to hit {:+} · {} × {} (l. 113-119)",
            h.hd, s.pvt, h.hp, h.ac, h.to_hit, h.attacks, h.damage
        ))),
        None => lines.push(Line::plain(format!(
            "{} of {} troops · {} of {} hit points ({} a troop) · HD {} · AC {}",
            s.troops(),
            s.troops_at_start,
            s.pvt,
            s.pvt_at_start,
            row.pvi,
            row.hd,
            row.ac
        ))),
    }
    let w = |kind| super::combat::weapon(s, kind);
    let mut arms = Vec::new();
    if let (Some(weapon), None) = (w(AttackKind::Melee), s.hero()) {
        arms.push(format!("{} {}", weapon.label, weapon.damage));
    }
    if let Some(m) = w(AttackKind::Shot) {
        arms.push(format!("{} {}, {} hexes (H-M2)", m.label, m.damage, m.range.unwrap_or(0)));
    }
    if let Some(range) = legal::blast(s) {
        arms.push(format!("a blast within {range} hexes, once{} (H-M7)", if s.spent { ", spent" } else { "" }));
    }
    if s.hero().is_some_and(|h| h.spells.iter().any(|x| matches!(x, super::data::HeroSpell::Breach { .. }))) {
        arms.push(format!("Breach on a wall, once{} (l. 195, H-M7)", if s.sundered { ", spent" } else { "" }));
    }
    if let Some(e) = super::engines::engine(s) {
        let reach = if e.min_range > 0 { format!("{} to {} hexes, over walls and units", e.min_range, e.range) } else { format!("{} hexes in sight", e.range) };
        let walls = if e.work > 0 { format!(", {} work points a sequence on a wall", e.work) } else { ", cannot hurt a wall".into() };
        arms.push(format!("{} {}, flat, {reach}{walls} (l. 210-224, H-M2, H-M13)", e.label, e.damage));
    }
    if let Some(n) = s.ammo {
        arms.push(format!("{n} shots left (l. 177, H-M13)"));
    }
    if !arms.is_empty() {
        lines.push(Line::plain(arms.join(" · ")));
    }
    lines.push(Line::plain(format!("Morale {} · moves {} hexes (H-M1)", row.morale, movement::allowance(s))));
    lines.extend(traits_line(row).map(Line::small));
    if b.global.commands(u) {
        if let Some(c) = &b.global.commanders[u.side.index()] {
            lines.push(Line::small(format!(
                "Commander-in-chief: {} slices of +5% a sequence (INT), -{}% to attacks on units that stand (SAG) (l. 104)",
                c.int_bonus,
                5 * u32::from(c.sag_bonus)
            )));
        }
    }
    let mut state = Vec::new();
    if s.standard {
        state.push("Carries the battle standard: +1 to its side's rallies while it stands, -1 once lost (l. 38-42)".to_string());
    }
    if let Some((hero, hp)) = s.officer {
        state.push(format!("Led by {} as its officer, {hp} hit points lost last (l. 131, R-M12)", name(b, hero)));
    }
    if let Some(d) = s.demoralised {
        let how = if d.by_shooting { ", by shooting: no action next sequence (l. 33)" } else { "" };
        state.push(format!("Demoralised in sequence {}{how} (l. 82)", d.sequence));
    }
    if s.leaving {
        state.push("Failed its rally: leaves the field in the next movement phase (l. 94)".to_string());
    }
    if s.surrendering {
        state.push("Surrenders at the sequence's end (l. 137)".to_string());
    }
    let engaged: Vec<String> = b.global.engaged_with(id).into_iter().map(|e| name(b, e)).collect();
    if !engaged.is_empty() {
        state.push(format!("Engaged with {} (B4)", engaged.join(", ")));
    }
    if let Some((_, o)) = b.global.drafts[u.side.index()].iter().find(|(x, _)| *x == id) {
        state.push(format!("Ordered: {} (sealed with its side's orders)", order_label(b, o)));
    } else if let Some(o) = &s.order {
        state.push(format!("Last order: {}", order_label(b, o)));
    }
    lines.extend(state.into_iter().map(Line::small));
    lines
}

pub fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
    let t = b.map.at(hex);
    let mut lines = vec![Line::heading(capitalised(&t.describe()))];
    let m = &tables().movement;
    if super::siege::breach(b, hex) {
        lines.push(Line::plain(format!("A breach: rubble, {} to enter (B4)", m.rubble)));
    } else if super::siege::standing_wall(b, hex) {
        lines.push(Line::plain("A standing wall: only its defenders stand on it; besiegers climb by escalade (H-M13)"));
    } else if impassable(t.ground) && !t.road {
        lines.push(Line::plain("No unit enters it but fliers (H-M1)"));
    } else {
        lines.push(Line::plain(format!(
            "{} to enter on foot, {} mounted; +{} to climb (H-M1)",
            if t.road { m.open } else { rough_or_open(t.ground, m.rough, m.open) },
            if t.road { m.open } else { rough_or_open(t.ground, m.rough_mounted, m.open) },
            m.climb
        )));
    }
    if let Some(s) = &b.global.siege {
        if let Some(sec) = s.sections.iter().find(|x| x.walls.contains(&hex)) {
            lines.push(Line::small(format!("Section: {} (l. 179)", sec.name)));
        }
        if s.gates.contains(&hex) {
            lines.push(Line::small("A gate: the besieged go out and in here, a ram breaks it (l. 194, 204)"));
        }
        if let Some(t) = s.towers.iter().find(|t| t.hex == hex).filter(|_| super::siege::standing_wall(b, hex)) {
            lines.push(Line::small(format!("A {} tower: {} work points bring it down (l. 216, H-M13)", t.size.name(), t.size.points())));
        }
        if let Some(w) = s.work.iter().find(|w| w.hex == hex).filter(|_| super::siege::standing_wall(b, hex)) {
            lines.push(Line::small(format!("Bombarded: {} of {} work points (H-M13)", w.points, super::siege::points_to_fall(b, hex))));
        }
        if let Some(r) = s.rams.iter().find(|r| r.hex == hex).filter(|_| super::siege::standing_wall(b, hex)) {
            lines.push(Line::small(format!("Rammed: {} of {} sequences (l. 194)", r.done, r.needs)));
        }
        if s.inside.contains(&hex) {
            lines.push(Line::small("Within the walls: +2 to the besieged's morale (l. 189)"));
        }
    }
    if t.level > 0 {
        lines.push(Line::small(format!("Hill, level {}: a shooter on it sees over units (H-M2)", t.level)));
    }
    for u in b.units_at(hex) {
        lines.push(Line::small(format!("{} ({})", name(b, u.id), side_name(b, u.side))));
    }
    lines
}

/// The standing towers of a siege as markers of the besieged (l. 216, H-M13): "T" a medium one,
/// "T+" a large one, with the work done on it.
pub fn tokens(b: &B) -> Vec<Token> {
    let Some(s) = &b.global.siege else { return Vec::new() };
    s.towers
        .iter()
        .filter(|t| super::siege::standing_wall(b, t.hex))
        .map(|t| {
            let label = match t.size {
                super::state::TowerSize::Medium => "T",
                super::state::TowerSize::Large => "T+",
            };
            let done = s.work.iter().find(|w| w.hex == t.hex).map_or(0, |w| w.points);
            let name = format!("a {} tower, {done} of {} work points", t.size.name(), t.size.points());
            Token { hex: t.hex, side: s.besieger.other(), label: label.into(), name, rim: TOWER_RIM }
        })
        .collect()
}

fn rough_or_open(g: crate::hex::Ground, rough: u8, open: u8) -> u8 {
    use crate::hex::Ground;
    match g {
        Ground::Open | Ground::Stream => open,
        _ => rough,
    }
}

/// The legend; its units and heroes are `battle`'s, or the sample armies' without one.
pub fn legend(battle: Option<&B>) -> Vec<Legend> {
    let army_rows = match battle {
        Some(b) => marks(b.units.iter().map(|u| (u.state.row().mark.as_str(), u.state.row().name.as_str()))),
        None => marks(tables().armies.armies.iter().flat_map(|a| a.units.iter().map(|u| (u.mark.as_str(), u.name.as_str())).chain(a.heroes.iter().map(|h| (h.mark.as_str(), h.name.as_str()))))),
    };
    vec![
        Legend {
            heading: "Counter".into(),
            entries: vec![
                (Swatch::Factors("1·15".into()), "hit dice · armour class, the battle table's row and column (l. 157)".into()),
                (Swatch::Badge("48".into()), "troops left (a unit), or hit points (a hero, a huge creature) (l. 61)".into()),
                (Swatch::Corner(COMMANDER_DISC, "C".into()), "the commander-in-chief (l. 104, 135)".into()),
                (Swatch::Corner(STANDARD_DISC, "S".into()), "the battle standard (l. 38-42)".into()),
                (Swatch::Corner(OFFICER_DISC, "O".into()), "a hero serves as its officer (l. 129-133)".into()),
                (Swatch::Tag(ENGAGED), "engaged with an enemy (B4)".into()),
                (Swatch::Tag(ORDERED), "its order for this sequence given, not yet revealed".into()),
                (Swatch::Tag(SLICED), "a slice of the commander's INT: +5% when it attacks (l. 104)".into()),
                (Swatch::Alert(DEMORALISED, "DEMORALISED".into()), "failed a morale test (l. 82)".into()),
                (Swatch::Alert(LEAVING, "LEAVING".into()), "leaves the field: a failed rally, or a surrender (l. 94, 137)".into()),
            ],
        },
        Legend {
            heading: "Troops and creatures (the symbol; a bow beside it: the unit shoots)".into(),
            entries: [
                (Troop::Infantry, "men on foot"),
                (Troop::Cavalry, "mounted"),
                (Troop::Artillery, "an engine or a ram"),
                (Troop::Orcs, "orcs and goblins"),
                (Troop::Ogres, "ogres"),
                (Troop::Trolls, "trolls"),
                (Troop::Spiders, "giant spiders"),
                (Troop::Flyers, "flyers (harpies)"),
                (Troop::Constructs, "animated armour"),
            ]
            .into_iter()
            .map(|(troop, what)| (Swatch::Symbol(Symbol { troop, shoots: false }), what.to_string()))
            .collect(),
        },
        Legend { heading: "Units and heroes (the letters of a hero or huge creature)".into(), entries: army_rows },
        Legend {
            heading: "Dice".into(),
            entries: vec![
                (Swatch::Die(die(4, WON)), "a morale test passed (2d6 at most the morale, l. 67)".into()),
                (Swatch::Die(die(11, LOST)), "a morale test failed".into()),
                (Swatch::Die(die(6, PLAIN)), "a damage die (l. 55)".into()),
            ],
        },
    ]
}

/// Hit dice as a counter shows them: a level-0 man is "0".
fn hit_dice(hd: super::data::HitDice) -> String {
    if hd.level0_human { "0".into() } else { hd.to_string() }
}
