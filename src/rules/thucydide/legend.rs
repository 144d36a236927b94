//! What Thucydide's counters and dice show, for the help window: the armour bands, the troop
//! symbols, the factors and strength, the state marks, the leaders' letters and the die faces.

use super::data::{Armour, Class, Rank};
use super::die::Face;
use super::event::Effect;
use super::look::{ACTIVATED, FOUGHT, LEADER_DISC, MOVED, PANIC, armour_colour, class_troop, effect_border, face_colours, face_mark, rank_letter};
use super::words;
use crate::battle::look::{Die, Legend, Swatch, Symbol};

pub fn legend() -> Vec<Legend> {
    let armour = [
        (Armour::Yellow, "yellow: very light troops"),
        (Armour::Green, "green: light troops"),
        (Armour::Blue, "blue: medium troops"),
        (Armour::Red, "red: heavy troops"),
        (Armour::Black, "black: very heavy troops (a hit must be confirmed)"),
    ];
    let classes = [Class::Infantry, Class::Cavalry, Class::Camelry, Class::Chariots, Class::Elephants, Class::Artillery];
    let faces = [
        (Face::GreenHit, "green hit: hits yellow and green armour"),
        (Face::BlueHit, "blue hit: hits yellow, green and blue armour"),
        (Face::RedHit, "red hit: hits any armour (black to confirm)"),
        (Face::Flag, "flag: a morale hit (falls back)"),
        (Face::OrderLetter, "order letter: one order token"),
        (Face::TacticalAdvantage, "tactical advantage: the table decides"),
    ];
    let borders = [(Effect::Hit, "red border: a hit"), (Effect::MoraleHit, "orange border: a morale hit"), (Effect::OrderToken, "blue border: an order token"), (Effect::Miss, "grey border: no effect")];
    vec![
        Legend { heading: "Armour (the band across the top)".into(), entries: armour.iter().map(|(a, m)| (Swatch::Band(armour_colour(*a)), m.to_string())).collect() },
        Legend {
            heading: "Troop type (the symbol; a bow beside it: the unit shoots)".into(),
            entries: classes.iter().map(|c| (Swatch::Symbol(Symbol { troop: class_troop(*c), shoots: false }), words::class(*c).to_string())).chain([(Swatch::Symbol(Symbol { troop: class_troop(Class::Infantry), shoots: true }), "infantry that shoots".to_string())]).collect(),
        },
        Legend {
            heading: "Counter".into(),
            entries: vec![
                (Swatch::Factors("2-1-3".into()), "fire, assault and melee factors".into()),
                (Swatch::Badge("4".into()), "strength left (elements)".into()),
                (Swatch::Tag(ACTIVATED), "activated this turn".into()),
                (Swatch::Tag(MOVED), "has moved".into()),
                (Swatch::Tag(FOUGHT), "has fought this turn".into()),
                (Swatch::Alert(PANIC, "PANIC".into()), "panicking elephant".into()),
            ],
        },
        Legend {
            heading: "Leaders (the corner disc)".into(),
            entries: [Rank::CommanderInChief, Rank::SubGeneral, Rank::Historical, Rank::SeniorOfficer].iter().map(|r| (Swatch::Corner(LEADER_DISC, rank_letter(*r).into()), words::rank(*r).to_string())).collect(),
        },
        Legend {
            heading: "Dice faces".into(),
            entries: faces
                .iter()
                .map(|(f, m)| {
                    let (fill, ink) = face_colours(*f);
                    (Swatch::Die(Die { mark: face_mark(*f).into(), fill, ink, border: fill }), m.to_string())
                })
                .chain(borders.iter().map(|(e, m)| (Swatch::Die(Die { mark: String::new(), fill: face_colours(Face::Flag).0, ink: face_colours(Face::Flag).1, border: effect_border(*e) }), m.to_string())))
                .collect(),
        },
    ]
}
