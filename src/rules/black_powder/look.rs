//! How Black Powder's pieces look: the counter (formation band and its word, troop symbol, the
//! hits it can still take, facing, commanders with it, disordered, shaken), the unit card with its
//! profile and traits, the terrain card, the losses, and the legend of the help window.

use super::data::{Formation, ShootingValue, Troop, tables};
use super::state::UnitState;
use super::unit::{self, B, U, rate};
use super::words::{self, side_name};
use crate::battle::look::{Counter, Die, Legend, Line, Rgb, Swatch, Symbol, Tag, Token, Troop as Drawn};
use crate::battle::{Side, UnitId};
use crate::hex::{Ground, Hex};

pub const DISORDERED: Tag = Tag::Cross(Rgb(240, 220, 60));
pub const MOVES_LEFT: Tag = Tag::Dot(Rgb(120, 220, 120));
pub const ORDERED: Tag = Tag::Dot(Rgb(190, 215, 255));
pub const CHARGED: Tag = Tag::Cross(Rgb(230, 60, 50));
pub const IN_MELEE: Tag = Tag::Cross(Rgb(255, 255, 255));
pub const SHAKEN: Rgb = Rgb(255, 120, 40);
pub const CHIEF_DISC: Rgb = Rgb(222, 180, 60);
pub const BRIGADIER_DISC: Rgb = Rgb(190, 195, 205);
/// A die's border: a hit or a failed save; a miss; a save made. Blue fill for saves.
pub const HIT: Rgb = Rgb(220, 40, 30);
pub const MISS: Rgb = Rgb(120, 120, 120);
pub const PASSED: Rgb = Rgb(60, 170, 70);
pub const IVORY: Rgb = Rgb(250, 248, 240);
pub const SAVE_FILL: Rgb = Rgb(200, 220, 250);

/// The band across a counter: its formation, drawn so a glance tells a line from a square.
pub fn formation_colour(f: Formation) -> Rgb {
    match f {
        Formation::Line => Rgb(178, 40, 40),
        Formation::AttackColumn => Rgb(120, 40, 150),
        Formation::MarchColumn => Rgb(110, 110, 110),
        Formation::MixedOrder => Rgb(200, 110, 40),
        Formation::Square => Rgb(30, 30, 30),
        Formation::Skirmish => Rgb(70, 160, 80),
        Formation::Band => Rgb(150, 100, 60),
        Formation::Limbered => Rgb(140, 110, 70),
        Formation::Unlimbered => Rgb(60, 90, 170),
    }
}

/// The formation's colour on the card's dark panel: its band's colour, but for the square's black,
/// which would leave the line blank there; it takes a light grey.
fn card_colour(f: Formation) -> Rgb {
    match f {
        Formation::Square => Rgb(205, 205, 205),
        other => formation_colour(other),
    }
}

/// The formation's short code before the factors, in letters every font has.
pub fn formation_mark(f: Formation) -> &'static str {
    match f {
        Formation::Line => "Ln",
        Formation::AttackColumn => "AC",
        Formation::MarchColumn => "MC",
        Formation::MixedOrder => "Mx",
        Formation::Square => "Sq",
        Formation::Skirmish => "Sk",
        Formation::Band => "Bd",
        Formation::Limbered => "Lb",
        Formation::Unlimbered => "Gn",
    }
}

pub fn troop_symbol(t: Troop) -> Drawn {
    match t {
        Troop::Infantry => Drawn::Infantry,
        Troop::Cavalry => Drawn::Cavalry,
        Troop::Artillery => Drawn::Artillery,
    }
}

/// The terminal's letter: infantry I (skirmishers S), cavalry C, artillery A; a capital for side 0.
pub fn glyph(u: &U) -> char {
    let letter = match (u.state.troop(), u.state.skirmishing()) {
        (Troop::Infantry, true) => 's',
        (Troop::Infantry, false) => 'i',
        (Troop::Cavalry, _) => 'c',
        (Troop::Artillery, _) => 'a',
    };
    if u.side.0 == 0 { letter.to_ascii_uppercase() } else { letter }
}

/// The commanders, as tokens with their rank's letter and staff rating (HB-2): C the
/// commander-in-chief, B a brigade commander.
pub fn tokens(b: &B) -> Vec<Token> {
    b.global
        .commanders
        .iter()
        .map(|c| {
            let (letter, rim) = if c.brigade.is_none() { ('C', CHIEF_DISC) } else { ('B', BRIGADIER_DISC) };
            let command = match c.brigade.and_then(|br| b.global.brigades.get(usize::from(br))) {
                Some(br) => format!("commanding {}", br.name),
                None => "commander-in-chief".into(),
            };
            Token { hex: c.hex, side: c.side, label: format!("{letter}{}", c.staff), name: format!("{}, {command}, staff {}", c.name, c.staff), rim }
        })
        .collect()
}

fn shooting(s: &UnitState) -> String {
    match s.profile().shooting {
        ShootingValue::Dice(n) => n.to_string(),
        ShootingValue::Bands { short, .. } => short.to_string(),
    }
}

/// The shooting value as the card gives it: a gun's three bands.
fn shooting_card(s: &UnitState) -> String {
    match s.profile().shooting {
        ShootingValue::Dice(n) => n.to_string(),
        ShootingValue::Bands { short, medium, long } => format!("{short}/{medium}/{long} (short/medium/long)"),
    }
}

pub fn counter(b: &B, u: &U) -> Counter {
    let s = &u.state;
    let p = s.profile();
    let tags = [(s.disordered, DISORDERED), (s.moves_left > 0, MOVES_LEFT), (s.ordered && s.moves_left == 0, ORDERED), (s.charged, CHARGED), (unit::engaged(b, u), IN_MELEE)];
    Counter {
        band: Some(formation_colour(s.formation)),
        symbol: Some(Symbol { troop: troop_symbol(p.troop), shoots: p.weapon.is_some() && p.shooting != ShootingValue::Dice(0) }),
        monogram: None,
        name: s.name.to_string(),
        factors: format!("{} {}-{}-{}", formation_mark(s.formation), p.hth, shooting(s), p.morale),
        badge: s.strength().to_string(),
        corner: None,
        tags: tags.into_iter().filter(|(on, _)| *on).map(|(_, t)| t).collect(),
        alert: s.shaken().then(|| (SHAKEN, "SHAKEN".to_string())),
        facing: Some(u.facing),
    }
}

pub fn unit_card(b: &B, id: UnitId) -> Vec<Line> {
    let Some(u) = b.unit(id) else { return Vec::new() };
    let (s, p, t) = (&u.state, u.state.profile(), tables());
    let brigade = b.global.brigades.get(usize::from(s.brigade));
    let stamina = s.stamina.map_or("untested".to_string(), |n| n.to_string());
    let mut lines = vec![
        Line::plain(format!("■ {} ({})", words::formation(s.formation), formation_mark(s.formation))).coloured(card_colour(s.formation)),
        Line::heading(format!("{} #{} · {}", s.name, id.0, side_name(b, u.side))),
        Line::plain(format!("{} · {}", p.label, brigade.map_or(String::new(), |br| br.name.to_string()))),
        Line::plain(format!("Hand-to-hand {} · shooting {} · morale {}+ · stamina {stamina}", p.hth, shooting_card(s), p.morale)),
        Line::plain(format!("{} casualties · moves {}\" · size {:?}", s.casualties, rate(s), p.size)),
    ];
    if let Some(w) = p.weapon {
        let inches = t.shooting.range(w);
        lines.push(Line::small(format!("{w:?}: {inches}\" ({} hexes)", t.scale.reach(u32::from(inches)))));
    }
    let traits: Vec<&str> = super::data::Trait::ALL.into_iter().filter(|x| s.has(*x)).map(words::trait_name).collect();
    if !traits.is_empty() {
        lines.push(Line::small(format!("Traits: {}", traits.join(", "))));
    }
    let mut state = Vec::new();
    if s.shaken() {
        state.push("Shaken: −1 to hit, may not charge (BP:L202–212)".to_string());
    }
    if s.disordered {
        state.push("Disordered: no orders, −1 to hit and on break tests (BP:L184–200)".to_string());
    }
    if s.moves_left > 0 {
        state.push(format!("{} left this phase", if s.moves_left == 1 { "1 move".to_string() } else { format!("{} moves", s.moves_left) }));
    }
    if unit::engaged(b, u) {
        state.push("In a melee".to_string());
    }
    if brigade.is_some_and(|br| br.broken) {
        state.push("Its brigade is broken: it may not advance nor charge (HB-21)".to_string());
    }
    lines.extend(state.into_iter().map(Line::small));
    for c in b.global.commanders.iter().filter(|c| Some(c.hex) == u.hex && c.side == u.side) {
        lines.push(Line::small(format!("{} (staff {}) is here", c.name, c.staff)));
    }
    lines
}

pub fn terrain_card(b: &B, hex: Hex) -> Vec<Line> {
    let t = b.map.at(hex);
    let what = match t.ground {
        Ground::Open => "Open ground",
        Ground::Forest => "Woods: skirmishing infantry only, at half pace; light cover (BP:L36, L51)",
        Ground::Marsh | Ground::Rocky | Ground::Stream => "Difficult ground: half pace but for skirmishers (BP:L37)",
        Ground::Buildings => "A building: +6\" to enter, heavy cover, +3 in melee, one unit (BP:L39, L52, L278–292)",
        Ground::Fortification => "Fortification: an obstacle to cross, heavy cover (BP:L38, L52)",
        Ground::River => "River: impassable but by a bridge (HB-17)",
    };
    let mut lines = vec![Line::heading(t.describe()), Line::plain(what)];
    if t.road {
        lines.push(Line::small("Road: +2 to order a march column or limbered guns on it (BP:L21)"));
    }
    if t.level > 0 {
        lines.push(Line::small(format!("Hill, level {}: guns here may shoot over lower units at −1 (BP:L118)", t.level)));
    }
    for c in b.global.commanders.iter().filter(|c| c.hex == hex) {
        let rank = if c.brigade.is_none() { "commander-in-chief".to_string() } else { "brigade commander".to_string() };
        lines.push(Line::small(format!("{}, {rank}, staff {} ({})", c.name, c.staff, side_name(b, c.side))));
    }
    lines
}

pub fn losses(start: &B, now: &B, side: Side) -> String {
    let count = |b: &B| b.on_board().filter(|u| u.side == side).count();
    let (broken, all) = now.global.broken_brigades(side);
    format!("lost {} of {} units; {broken} of {all} brigades broken", count(start).saturating_sub(count(now)), count(start))
}

pub fn die(face: u8, fill: Rgb, border: Rgb) -> Die {
    Die { mark: face.to_string(), fill, ink: Rgb(0, 0, 0), border }
}

pub fn legend() -> Vec<Legend> {
    let formations = [Formation::Line, Formation::AttackColumn, Formation::MarchColumn, Formation::MixedOrder, Formation::Square, Formation::Skirmish, Formation::Limbered, Formation::Unlimbered];
    vec![
        Legend {
            heading: "Formation (the band across the top, and its mark before the factors)".into(),
            entries: formations.iter().map(|f| (Swatch::Band(formation_colour(*f)), format!("{} {}", formation_mark(*f), words::formation(*f)))).collect(),
        },
        Legend {
            heading: "Troop type (the symbol; a bow beneath it: the unit shoots)".into(),
            entries: [(Troop::Infantry, "infantry"), (Troop::Cavalry, "cavalry"), (Troop::Artillery, "artillery")]
                .iter()
                .map(|(t, what)| (Swatch::Symbol(Symbol { troop: troop_symbol(*t), shoots: false }), what.to_string()))
                .chain([(Swatch::Symbol(Symbol { troop: Drawn::Infantry, shoots: true }), "infantry with muskets or rifles".to_string())])
                .collect(),
        },
        Legend {
            heading: "Counter".into(),
            entries: vec![
                (Swatch::Factors("Ln 6-3-4".into()), "formation, hand-to-hand dice, shooting dice (guns: at short range) and the save it needs".into()),
                (Swatch::Badge("3".into()), "hits it can take before it is shaken".into()),
                (Swatch::Tag(DISORDERED), "disordered".into()),
                (Swatch::Tag(MOVES_LEFT), "has moves left this phase".into()),
                (Swatch::Tag(ORDERED), "ordered, or moved without orders, this turn".into()),
                (Swatch::Tag(CHARGED), "charged this turn".into()),
                (Swatch::Tag(IN_MELEE), "in a melee".into()),
                (Swatch::Alert(SHAKEN, "SHAKEN".into()), "as many casualties as its stamina".into()),
            ],
        },
        Legend {
            heading: "Commanders (the discs at the top left of a hex, with their staff rating)".into(),
            entries: vec![
                (Swatch::Corner(CHIEF_DISC, "C9".into()), "the commander-in-chief, staff 9".into()),
                (Swatch::Corner(BRIGADIER_DISC, "B8".into()), "a brigade commander, staff 8".into()),
            ],
        },
        Legend {
            heading: "Dice".into(),
            entries: vec![
                (Swatch::Die(die(5, IVORY, HIT)), "a hit, or a save failed".into()),
                (Swatch::Die(die(2, IVORY, MISS)), "a miss".into()),
                (Swatch::Die(die(5, SAVE_FILL, PASSED)), "a save made (blue dice are saves)".into()),
            ],
        },
    ]
}
