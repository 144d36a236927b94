//! The board as the terminal prints it: column numbers along the top, row numbers down the left, a
//! unit as its glyph and id (side 0 in capitals), a hex's ground in a form no unit takes; and the
//! legend of the grounds and units on it; the markers (commanders) listed under it.

use crate::battle::{Battle, Present, Unit, UnitId};
use crate::hex::{Ground, Offset, Terrain};

/// A unit's cell: its glyph, a capital for side 0 and a small letter for side 1, then its id.
pub fn unit_cell<R: Present>(b: &Battle<R>, u: &Unit<R::UnitState>) -> String {
    let glyph = R::glyph(b, u);
    let glyph = if u.side.0 == 0 { glyph.to_ascii_uppercase() } else { glyph.to_ascii_lowercase() };
    format!("{glyph}{}", u.id.0)
}

/// A unit as the lists name it: its cell, its side, its type and its id.
pub fn unit_name<R: Present>(b: &Battle<R>, id: UnitId) -> String {
    match b.unit(id) {
        Some(u) => format!("{} · {} {} #{}", unit_cell(b, u), b.sides[u.side.index()].name, unit_type(b, u), id.0),
        None => format!("unit #{}", id.0),
    }
}

/// What a unit is, as its counter names it.
fn unit_type<R: Present>(b: &Battle<R>, u: &Unit<R::UnitState>) -> String {
    let name = R::counter(b, u).name;
    if name.is_empty() { "unit".into() } else { name }
}

/// A hex's ground as the board prints it: the scenario's letter and road mark, and a hill's level
/// after `^` where the scenario writes the digit alone, so that no ground reads as a unit (a
/// letter then digits).
fn terrain_cell(t: &Terrain) -> String {
    let mut cell = String::from(t.ground.letter());
    if t.road {
        cell.push('=');
    }
    if t.level > 0 {
        cell.push_str(&format!("^{}", t.level));
    }
    cell
}

pub fn print_board<R: Present>(b: &Battle<R>) {
    let (width, height) = (b.map.width(), b.map.height());
    let cells: Vec<Vec<String>> = (0..height)
        .map(|row| {
            (0..width)
                .map(|col| {
                    let hex = Offset(col, row).to_hex();
                    match b.unit_at(hex) {
                        Some(u) => unit_cell(b, u),
                        None => terrain_cell(&b.map.at(hex)),
                    }
                })
                .collect()
        })
        .collect();
    let widest = cells.iter().flatten().map(|c| c.chars().count()).chain([(width - 1).max(0).to_string().len()]).max().unwrap_or(1);
    // One space at least between cells, and room for the usual unit ("H12") besides.
    let w = (widest + 1).max(4);
    let header: String = (0..width).map(|col| format!("{col:>w$}")).collect();
    println!("    {header}");
    for (row, line) in cells.iter().enumerate() {
        let line: String = line.iter().map(|cell| format!("{cell:>w$}")).collect();
        println!("{row:>3} {line}");
    }
}

/// The markers the window draws as tokens (Black Powder's commanders), each side's in turn: its
/// label, who it is and where it stands.
pub fn print_tokens<R: Present>(b: &Battle<R>) {
    let tokens = R::tokens(b);
    for (i, side) in b.sides.iter().enumerate() {
        let list: Vec<String> = tokens.iter().filter(|t| t.side.index() == i).map(|t| format!("{} {} at {}", t.label, t.name, Offset::from_hex(t.hex))).collect();
        if !list.is_empty() {
            println!("Markers, {}: {}", side.name, list.join("; "));
        }
    }
}

/// What the board's cells stand for: each ground, road and hill level on the map, and each type of
/// unit with the cells of its units, so a letter two types share never leaves a cell in doubt.
pub fn print_legend<R: Present>(b: &Battle<R>) {
    let mut grounds: Vec<Ground> = Vec::new();
    let mut road = false;
    let mut levels: Vec<u8> = Vec::new();
    for hex in b.map.hexes() {
        let t = b.map.at(hex);
        if !grounds.contains(&t.ground) {
            grounds.push(t.ground);
        }
        road |= t.road;
        if t.level > 0 && !levels.contains(&t.level) {
            levels.push(t.level);
        }
    }
    levels.sort_unstable();
    let mut keys: Vec<String> = grounds.iter().map(|g| format!("{} {}", g.letter(), g.name())).collect();
    if road {
        keys.push("= road".into());
    }
    keys.extend(levels.iter().map(|l| format!("^{l} hill level {l}")));
    println!("Ground: {}", keys.join(", "));
    let mut types: Vec<(String, Vec<String>)> = Vec::new();
    for u in b.on_board() {
        let (kind, cell) = (unit_type(b, u), unit_cell(b, u));
        match types.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, cells)) => cells.push(cell),
            None => types.push((kind, vec![cell])),
        }
    }
    if !types.is_empty() {
        println!("Units, {} in capitals, {} in lower case:", b.sides[0].name, b.sides[1].name);
        for (kind, cells) in types {
            println!("  {kind}: {}", cells.join(" "));
        }
    }
}
