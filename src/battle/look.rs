//! The pictures and words a ruleset gives the board, as plain data: a counter, a card, what the
//! board marks for a selection, what a click asks for, a die shown over the board, the preview of
//! a command. The window draws them (and the terminal game prints what it can); no drawing library
//! appears here, so a ruleset folder never depends on one.

use super::ids::UnitId;
use crate::hex::Hex;
use crate::hex::facing::Direction;

/// `s` with its first letter in upper case, for a heading or a line that starts with a name.
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// A status line's list of the units still waiting for something (an order, a move): `head`, then
/// the first few names and how many more; `None` when none waits.
pub fn named_few(head: &str, names: &[String]) -> Option<String> {
    const NAMED: usize = 5;
    match names.len() {
        0 => None,
        n if n <= NAMED => Some(format!("{head}: {}", names.join(", "))),
        n => Some(format!("{head}: {} and {} more", names[..NAMED].join(", "), n - NAMED)),
    }
}

/// The start of a unit's line in the order of battle: what its counter shows (name, what it has
/// left, its alert) and its hex.
pub fn roster_basics(k: &Counter, hex: Option<Hex>) -> String {
    let mut line = format!("{} · {}", k.name, k.badge);
    if let Some((_, state)) = &k.alert {
        line.push_str(&format!(" · {}", state.to_lowercase()));
    }
    if let Some(hex) = hex {
        line.push_str(&format!(" · {}", crate::hex::Offset::from_hex(hex)));
    }
    line
}

/// A colour, 8 bits a channel, opaque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// How a unit's counter looks. The shell fills it with its side's colour and draws the selection.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Counter {
    /// A stripe across the top (an armour class, a troop quality).
    pub band: Option<Rgb>,
    /// The troop type's symbol in the middle.
    pub symbol: Option<Symbol>,
    /// A figure's own letters, drawn in the symbol's frame in its place: in a skirmish game each
    /// counter is one figure, told apart from the others at any size.
    pub monogram: Option<String>,
    /// The unit's name, whole, under the symbol (wrapped, and smaller when long).
    pub name: String,
    /// Lower left: the factors.
    pub factors: String,
    /// Lower right, in a disc: what the unit has left (elements, bases, casualties...).
    pub badge: String,
    /// Upper right, in a disc of this colour: a leader's letter.
    pub corner: Option<(Rgb, String)>,
    /// Small state marks down the left edge, in order.
    pub tags: Vec<Tag>,
    /// A state that must catch the eye (panic, rout): the counter is outlined and the word shown above.
    pub alert: Option<(Rgb, String)>,
    /// The hexside the unit faces, for rulesets with facing.
    pub facing: Option<Direction>,
}

/// A marker standing on the board apart from the counters (a commander who moves on his own): a
/// small disc of its side's colour with a few letters, drawn at the top left of its hex.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub hex: Hex,
    pub side: super::ids::Side,
    pub label: String,
    /// Who it is, for the terminal's list of markers.
    pub name: String,
    /// The disc's rim (a rank).
    pub rim: Rgb,
}

/// A troop type's symbol, drawn in a small frame as map symbols are: crossed for foot, a slash for
/// horse, a disc for artillery, a silhouette for elephants; a bow under it for troops that shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub troop: Troop,
    pub shoots: bool,
}

/// A troop type's symbol; a ruleset's tables may name one (`Orcs`) for a unit its troop type would
/// not tell apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub enum Troop {
    Infantry,
    Cavalry,
    Camelry,
    Chariots,
    Elephants,
    Artillery,
    /// The creatures of the fantasy armies, each its own silhouette: orcs and goblins (foot with
    /// tusks), ogres (a brute with a club), trolls (a long-armed brute), giant spiders, flyers
    /// (harpies, wings), constructs (animated armour, a helm).
    Orcs,
    Ogres,
    Trolls,
    Spiders,
    Flyers,
    Constructs,
}

/// A small mark on a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// A filled dot (activated, say).
    Dot(Rgb),
    /// A cross (has fought, say).
    Cross(Rgb),
}

/// One line of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub text: String,
    pub colour: Option<Rgb>,
    pub style: Style,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Heading,
    Plain,
    Small,
}

impl Line {
    pub fn heading(text: impl Into<String>) -> Line {
        Line { text: text.into(), colour: None, style: Style::Heading }
    }

    pub fn plain(text: impl Into<String>) -> Line {
        Line { text: text.into(), colour: None, style: Style::Plain }
    }

    pub fn small(text: impl Into<String>) -> Line {
        Line { text: text.into(), colour: None, style: Style::Small }
    }

    pub fn coloured(self, colour: Rgb) -> Line {
        Line { colour: Some(colour), ..self }
    }
}

/// What the board marks while a unit is selected and a hex hovered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// Hexes the selected unit may move to.
    pub reach: Vec<Hex>,
    /// Hexes of `reach` the unit reaches only by a move that bars it from what it could do after
    /// (a road march: no combat this turn), and what that move bars.
    pub restricted: Vec<Hex>,
    pub restriction: Option<String>,
    /// The way the selected unit would go to the hovered hex, and what it costs in words.
    pub way: Option<(Vec<Hex>, String)>,
    /// Hexes of the units it may attack.
    pub targets: Vec<Hex>,
    /// Hexes of the units it attacks only by the click's variant (Shift): a shooter's melee.
    pub shift_targets: Vec<Hex>,
    /// Hexes a pending decision can pick with a click.
    pub picks: Vec<Hex>,
    /// Hexes a pending decision is about (the attacker and the defender of its combat).
    pub focus: Vec<Hex>,
    /// Hexes of the units that belong with the selected one (its brigade, its command).
    pub group: Vec<Hex>,
    /// Hexes within its commander's best reach (where his orders carry no penalty for distance).
    pub radius: Vec<Hex>,
    /// The line of sight from the selected unit to the hovered target.
    pub sight: Option<SightLine>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SightLine {
    pub from: Hex,
    pub to: Hex,
    pub clear: bool,
}

/// A decision the battle waits for: what it is about, in a player's words, and its options.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<C> {
    pub prompt: String,
    pub options: Vec<C>,
}

/// What a click on the board asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent<C> {
    Select(UnitId),
    Deselect,
    /// Send the command; `deselect` when the selected unit has nothing more to do after it.
    Send { command: C, deselect: bool },
    Nothing,
}

/// How an event is shown over the board besides its log line: dice with their faces, a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Cue {
    /// The faces of a roll, above this hex.
    Dice { over: Hex, dice: Vec<Die> },
    /// A unit's way from its first hex to its last (a move, a retreat, a pursuit).
    Path { hexes: Vec<Hex> },
}

/// A die as shown: its face's mark and colours, and a border saying what it did.
#[derive(Clone, Debug, PartialEq)]
pub struct Die {
    pub mark: String,
    pub fill: Rgb,
    pub ink: Rgb,
    pub border: Rgb,
}

/// An order drawn on the board: from a unit's hex to what it goes for, in a colour and a word; an
/// order with no target (`from == to`: rally, hold) is its word under the counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub from: Hex,
    pub to: Hex,
    pub colour: Rgb,
    pub label: String,
}

/// A mark on the ground of one hex (a siege's gate, a breach and its rubble): an outline and a word
/// in a colour, drawn under the counters.
#[derive(Clone, Debug, PartialEq)]
pub struct Stamp {
    pub hex: Hex,
    pub word: String,
    pub colour: Rgb,
    /// Strewn with rubble: hatched.
    pub rubble: bool,
}

/// What a command is expected to do, shown before the player commits to it (the odds of an attack).
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub lines: Vec<Line>,
}

/// A part of a ruleset's legend: a heading, then pictures from the board each with its meaning.
#[derive(Clone, Debug, PartialEq)]
pub struct Legend {
    pub heading: String,
    pub entries: Vec<(Swatch, String)>,
}

/// A legend's entries for the letters on counters: each mark and name once, in the order given.
pub fn marks<'a>(rows: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<(Swatch, String)> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for row in rows {
        if !seen.contains(&row) {
            seen.push(row);
        }
    }
    seen.into_iter().map(|(mark, name)| (Swatch::Factors(mark.to_string()), name.to_string())).collect()
}

/// A picture of the legend, drawn as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub enum Swatch {
    /// A counter's band colour.
    Band(Rgb),
    Symbol(Symbol),
    Tag(Tag),
    /// A corner disc with its letter.
    Corner(Rgb, String),
    Die(Die),
    /// The outline and word of an alert.
    Alert(Rgb, String),
    /// A counter's text in its place: lower left, the factors; lower right, in a disc, what is left.
    Factors(String),
    Badge(String),
}
