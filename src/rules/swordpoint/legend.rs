//! What Swordpoint's counters and dice show, for the help window: the formation bands, the troop
//! symbols, bases × ranks and figures, the state marks, the commanders' letters and the dice.

use super::board::{HIT, IVORY, MISS, PASSED, SAVE_FILL, die};
use super::data::{CommanderRank, Order, Troop};
use super::look::{
    CHARGED, COMMANDER_DISC, DEMORALISED, DISORGANISED, EXHAUSTED, FLEEING, GENERAL_DISC, IN_COMBAT, MOVED, MUST_CHARGE, TERRIFIED, order_colour, rank_letter,
    troop_symbol,
};
use super::words;
use crate::battle::look::{Legend, Swatch, Symbol};

pub fn legend() -> Vec<Legend> {
    let orders = [Order::Close, Order::Loose, Order::Skirmish];
    let troops = [(Troop::Foot, "infantry"), (Troop::Cavalry, "cavalry"), (Troop::Camels, "camels"), (Troop::LightChariot, "chariots"), (Troop::Elephant, "elephants")];
    vec![
        Legend {
            heading: "Formation (the band across the top)".into(),
            entries: orders.iter().map(|o| (Swatch::Band(order_colour(*o)), words::order(*o).to_string())).collect(),
        },
        Legend {
            heading: "Troop type (the symbol; a bow beneath it: the unit shoots)".into(),
            entries: troops
                .iter()
                .map(|(t, what)| (Swatch::Symbol(Symbol { troop: troop_symbol(*t), shoots: false }), what.to_string()))
                .chain([(Swatch::Symbol(Symbol { troop: troop_symbol(Troop::Foot), shoots: true }), "infantry with a missile weapon".to_string())])
                .collect(),
        },
        Legend {
            heading: "Counter".into(),
            entries: vec![
                (Swatch::Factors("6×2".into()), "bases left × ranks".into()),
                (Swatch::Badge("24".into()), "figures left".into()),
                (Swatch::Tag(DEMORALISED), "demoralised".into()),
                (Swatch::Tag(EXHAUSTED), "exhausted: half its bases or fewer".into()),
                (Swatch::Tag(DISORGANISED), "disorganised after a pursuit".into()),
                (Swatch::Tag(IN_COMBAT), "in combat".into()),
                (Swatch::Tag(CHARGED), "charged or counter-charged this turn".into()),
                (Swatch::Tag(MUST_CHARGE), "impetuous: must charge this turn".into()),
                (Swatch::Tag(TERRIFIED), "terrified of elephants this turn".into()),
                (Swatch::Tag(MOVED), "has moved this turn".into()),
                (Swatch::Alert(FLEEING, "FLEEING".into()), "broken and fleeing".into()),
            ],
        },
        Legend {
            heading: "Commanders (the corner disc)".into(),
            entries: vec![
                (Swatch::Corner(GENERAL_DISC, rank_letter(CommanderRank::ArmyGeneral).into()), format!("the {} is with the unit", words::rank(CommanderRank::ArmyGeneral))),
                (Swatch::Corner(COMMANDER_DISC, rank_letter(CommanderRank::Commander).into()), format!("a {} is with the unit", words::rank(CommanderRank::Commander))),
            ],
        },
        Legend {
            heading: "Dice".into(),
            entries: vec![
                (Swatch::Die(die(5, IVORY, HIT)), "a hit, or a test or a save failed".into()),
                (Swatch::Die(die(2, IVORY, MISS)), "a miss".into()),
                (Swatch::Die(die(6, IVORY, PASSED)), "a test passed".into()),
                (Swatch::Die(die(5, SAVE_FILL, PASSED)), "a save made (blue dice are saves)".into()),
            ],
        },
    ]
}
