//! The forms of the battle editor: a unit's line and a profile's line of the battle's own army
//! list, seen as fields, each with the values it allows (a number between bounds, one of a
//! ruleset's names, several of them, a switch, a text). A ruleset gives the fields of its lines;
//! the editor reads a line into them and writes it back, leaving the fields it does not show as
//! they were written.

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};

/// What a field allows.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A whole number from `least` to `most`.
    Number { least: i64, most: i64 },
    /// One of these values, as written: an enum's variant bare, a table's row quoted.
    Choice(Vec<String>),
    /// Any of these values, each once, written as a list.
    Several(Vec<String>),
    /// `true` or `false`.
    Flag,
    /// A text, written quoted.
    Text,
    /// Which side: 0 or 1, shown by the sides' names.
    Side,
    /// A profile the battle's army lists offer, by its name.
    Offered,
    /// The list (army, warband) the unit's profile is in.
    OfferedList,
    /// Any value, written as RON: what the other kinds cannot say (a range of bases, a weapon of
    /// its own).
    Written,
    /// A list of structs (a battle's leaders, brigades, doors), each with these fields; a new
    /// one is `new` with `{id}` the next id of the list and `{unit}` the part's first unit's.
    Rows { fields: Vec<Field>, new: &'static str },
}

/// A field of a line: its name as written, what it allows, and what a player reads about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: &'static str,
    pub kind: Kind,
    /// Always written: the line does not read without it.
    pub required: bool,
    pub help: &'static str,
    /// What it is when left out, where that is known and not the first value it allows.
    pub default: Option<&'static str>,
}

impl Field {
    pub fn new(name: &'static str, kind: Kind, help: &'static str) -> Field {
        Field { name, kind, required: false, help, default: None }
    }

    pub fn number(name: &'static str, least: impl Into<i64>, most: impl Into<i64>, help: &'static str) -> Field {
        Field::new(name, Kind::Number { least: least.into(), most: most.into() }, help)
    }

    /// One of `names`, written quoted (a table's row).
    pub fn named(name: &'static str, names: impl IntoIterator<Item = String>, help: &'static str) -> Field {
        Field::new(name, Kind::Choice(names.into_iter().map(|n| quoted(&n)).collect()), help)
    }

    /// Any of `names`, written quoted.
    pub fn several_named(name: &'static str, names: impl IntoIterator<Item = String>, help: &'static str) -> Field {
        Field::new(name, Kind::Several(names.into_iter().map(|n| quoted(&n)).collect()), help)
    }

    /// One of the variants of the enum `T` written by name alone (the ones that carry a value
    /// are written in the unit's or profile's line).
    pub fn choice<T: DeserializeOwned>(name: &'static str, help: &'static str) -> Field {
        Field::new(name, Kind::Choice(bare_variants::<T>()), help)
    }

    /// One of the variants of `T`, or `None`: the field says the profile has none of it (where
    /// leaving it out takes its base's).
    pub fn choice_or_none<T: DeserializeOwned>(name: &'static str, help: &'static str) -> Field {
        let mut names = vec!["None".to_string()];
        names.extend(bare_variants::<T>());
        Field::new(name, Kind::Choice(names), help)
    }

    /// Any of the variants of `T` written by name alone.
    pub fn several<T: DeserializeOwned>(name: &'static str, help: &'static str) -> Field {
        Field::new(name, Kind::Several(bare_variants::<T>()), help)
    }

    pub fn required(mut self) -> Field {
        self.required = true;
        self
    }

    /// A switch that is on when left out.
    pub fn on_by_default(mut self) -> Field {
        self.default = Some("true");
        self
    }

    /// A list of structs with `fields`, a new one written `new`.
    pub fn rows(name: &'static str, fields: Vec<Field>, new: &'static str, help: &'static str) -> Field {
        Field::new(name, Kind::Rows { fields, new }, help)
    }
}

/// The names serde reads the enum `T`'s variants by (empty for a type that is not a plain enum).
pub fn variants<T: DeserializeOwned>() -> Vec<String> {
    let mut probe = Probe::default();
    let _ = T::deserialize(&mut probe);
    probe.variants.iter().map(|v| v.to_string()).collect()
}

/// The variants of `T` that read by their name alone.
fn bare_variants<T: DeserializeOwned>() -> Vec<String> {
    variants::<T>().into_iter().filter(|v| ron::from_str::<T>(v).is_ok()).collect()
}

/// The names serde reads the struct `T`'s fields by.
pub fn fields<T: DeserializeOwned>() -> Vec<&'static str> {
    let mut probe = Probe::default();
    let _ = T::deserialize(&mut probe);
    probe.fields.to_vec()
}

/// A deserializer that reads nothing: it keeps the names a type asks for, then stops.
#[derive(Default)]
struct Probe {
    variants: &'static [&'static str],
    fields: &'static [&'static str],
}

impl<'de> Deserializer<'de> for &mut Probe {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("the probe reads no value"))
    }

    fn deserialize_enum<V: Visitor<'de>>(self, _: &'static str, variants: &'static [&'static str], _: V) -> Result<V::Value, Self::Error> {
        self.variants = variants;
        Err(de::Error::custom("the probe reads no value"))
    }

    fn deserialize_struct<V: Visitor<'de>>(self, _: &'static str, fields: &'static [&'static str], _: V) -> Result<V::Value, Self::Error> {
        self.fields = fields;
        Err(de::Error::custom("the probe reads no value"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map identifier ignored_any
    }
}

/// A line as the editor writes one: `Head(name: value, ...)`, the head empty for a plain struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub head: String,
    pub fields: Vec<(String, String)>,
}

impl Line {
    /// The fields of `text`, a struct (over lines, with comments, as a file writes one); `None`
    /// when it is not one.
    pub fn read(text: &str) -> Option<Line> {
        let text = uncommented(text);
        let text = text.trim();
        let open = text.find('(')?;
        let head = text[..open].trim();
        if !head.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        let body = text[open + 1..].strip_suffix(')')?;
        let mut fields = Vec::new();
        for part in split_top(body) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (name, value) = part.split_once(':')?;
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                return None;
            }
            fields.push((name.to_string(), value.trim().to_string()));
        }
        Some(Line { head: head.to_string(), fields })
    }

    pub fn written(&self) -> String {
        let fields: Vec<String> = self.fields.iter().map(|(n, v)| format!("{n}: {v}")).collect();
        format!("{}({})", self.head, fields.join(", "))
    }

    /// The field's value as written, `None` when the line leaves it out.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Writes the field `value` (or leaves it out, for `None`): in its place when the line has
    /// it, else after the fields that come before it in `order`.
    pub fn set(&mut self, name: &str, value: Option<String>, order: &[&str]) {
        let at = self.fields.iter().position(|(n, _)| n == name);
        match (at, value) {
            (Some(i), Some(v)) => self.fields[i].1 = v,
            (Some(i), None) => {
                self.fields.remove(i);
            }
            (None, Some(v)) => {
                let rank = |n: &str| order.iter().position(|o| *o == n);
                let mine = rank(name).unwrap_or(usize::MAX);
                let i = self.fields.iter().rposition(|(n, _)| rank(n).is_some_and(|r| r < mine)).map_or(0, |i| i + 1);
                // Fields the order does not know (name, base) stay ahead of the ones it does.
                let i = i.max(self.fields.iter().take_while(|(n, _)| rank(n).is_none()).count());
                self.fields.insert(i, (name.to_string(), v));
            }
            (None, None) => {}
        }
    }
}

/// The items of a list of structs as a file writes it (`[(..), (..)]`, over lines, with `//`
/// comments), each read as a line's fields where it reads.
pub fn lines_of_list(text: &str) -> Vec<Line> {
    let bare = uncommented(text);
    let inner = bare.trim().strip_prefix('[').and_then(|r| r.strip_suffix(']')).unwrap_or("");
    split_top(inner).into_iter().filter_map(Line::read).collect()
}

/// RON text on one line, without its `//` comments.
fn uncommented(text: &str) -> String {
    let mut bare = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            bare.push(' ');
        }
        bare.push_str(without_comment(line).trim());
    }
    bare
}

/// A new row of a list written `template`: `{id}` the next id among `rows`, `{unit}` the first
/// unit's id of `units` (a part's units).
pub fn new_row(template: &str, rows: &[Line], units: &[Line]) -> String {
    let id = |l: &Line| l.get("id").and_then(number);
    // Rows without ids (doors) are numbered by their count.
    let next = rows.iter().filter_map(id).max().map_or(rows.len() as i64 + 1, |m| m + 1);
    let unit = units.iter().find_map(id).unwrap_or(1);
    template.replace("{id}", &next.to_string()).replace("{unit}", &unit.to_string())
}

/// A line of RON without the comment that ends it (a `//` outside quotes).
fn without_comment(line: &str) -> &str {
    let (mut quoted, mut escaped) = (false, false);
    let bytes = line.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => quoted = false,
                _ => {}
            }
        } else if c == b'"' {
            quoted = true;
        } else if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            return &line[..i];
        }
    }
    line
}

/// The parts of `text` between its commas that stand outside brackets and quotes.
fn split_top(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start, mut quoted, mut escaped) = (Vec::new(), 0i32, 0, false, false);
    for (i, c) in text.char_indices() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A value without the `Some(..)` an optional one may be written in.
pub fn unwrapped(value: &str) -> &str {
    let v = value.trim();
    v.strip_prefix("Some(").and_then(|r| r.strip_suffix(')')).map_or(v, str::trim)
}

pub fn number(value: &str) -> Option<i64> {
    unwrapped(value).parse().ok()
}

pub fn text(value: &str) -> Option<String> {
    ron::from_str::<String>(unwrapped(value)).ok()
}

/// A choice as a player reads it: a quoted name without its quotes.
pub fn shown(value: &str) -> String {
    text(value).unwrap_or_else(|| unwrapped(value).to_string())
}

pub fn quoted(text: &str) -> String {
    crate::scenario::one_line(&text)
}

/// The items of a list as written: `[A, B]`.
pub fn items(value: &str) -> Vec<String> {
    let v = unwrapped(value);
    let inner = v.strip_prefix('[').and_then(|r| r.strip_suffix(']')).unwrap_or("");
    split_top(inner).into_iter().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

pub fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// Checks a ruleset's form against the line's type `T`: it shows every field but `hidden`, in
/// the order serde reads them, and each value it allows makes a line that reads (the ruleset's
/// checks may still refuse it: a range with no fire dice).
#[cfg(test)]
pub fn check_form<T: DeserializeOwned>(line: &str, form: &[Field], hidden: &[&str]) {
    let shown: Vec<&str> = fields::<T>().into_iter().filter(|f| !hidden.contains(f)).collect();
    let names: Vec<&str> = form.iter().map(|f| f.name).collect();
    assert_eq!(names, shown, "the form's fields");
    let start = Line::read(line).expect("the line reads");
    for f in form {
        let values = field_samples(f, &start);
        assert!(!matches!(&f.kind, Kind::Choice(v) | Kind::Several(v) if v.is_empty()), "{} offers no value", f.name);
        for v in values {
            let mut l = start.clone();
            l.set(f.name, Some(v.clone()), &names);
            if let Err(e) = crate::limits::from_ron::<T>(&l.written()) {
                panic!("{}: {v} does not read in {}: {e}", f.name, l.written());
            }
        }
    }
}

/// The values a check tries in field `f` of `line`: its bounds' ends, every name, both switches;
/// a list of one new row, and of it with each of its fields' values.
#[cfg(test)]
fn field_samples(f: &Field, start: &Line) -> Vec<String> {
    match &f.kind {
        Kind::Number { least, most } => vec![least.to_string(), most.to_string()],
        Kind::Choice(values) => values.clone(),
        Kind::Several(values) => values.iter().map(|v| list(std::slice::from_ref(v))).chain([list(values)]).collect(),
        Kind::Flag => vec!["true".into(), "false".into()],
        Kind::Side => vec!["0".into(), "1".into()],
        // A text the line gives (hit dice, a roll) is one the ruleset reads: kept as given.
        Kind::Text => vec![start.get(f.name).map_or_else(|| quoted("x"), str::to_string)],
        Kind::Offered | Kind::OfferedList => vec![quoted("x")],
        Kind::Written => Vec::new(),
        Kind::Rows { fields, new } => {
            let row = Line::read(&new_row(new, &[], &[])).expect("a new row reads");
            let mut rows = vec![list(&[row.written()])];
            let order: Vec<&str> = fields.iter().map(|f| f.name).collect();
            for g in fields {
                for v in field_samples(g, &row) {
                    let mut r = row.clone();
                    r.set(g.name, Some(v), &order);
                    rows.push(list(&[r.written()]));
                }
            }
            rows
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    enum Colour {
        Red,
        #[serde(rename = "Vert")]
        Green,
    }

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Thing {
        name: String,
        #[serde(rename = "move")]
        movement: u8,
    }

    #[test]
    fn the_probe_reads_the_names_serde_reads() {
        assert_eq!(variants::<Colour>(), ["Red", "Vert"]);
        assert_eq!(fields::<Thing>(), ["name", "move"]);
        assert!(variants::<u8>().is_empty());
    }

    #[test]
    fn a_line_reads_into_fields_and_writes_back() {
        let text = r#"Unit(name: "a, (b)", base: "c\"", traits: [Drilled, Elite], at: (3, 4), facing: Some(North))"#;
        let line = Line::read(text).unwrap();
        assert_eq!(line.head, "Unit");
        assert_eq!(line.get("name"), Some(r#""a, (b)""#));
        assert_eq!(line.get("at"), Some("(3, 4)"));
        assert_eq!(line.written(), text);
        assert_eq!(items(line.get("traits").unwrap()), ["Drilled", "Elite"]);
        assert_eq!(unwrapped(line.get("facing").unwrap()), "North");
        assert_eq!(text_of(&line, "base"), "c\"");
        assert!(Line::read("name: 3").is_none());
        assert!(Line::read("(a 3)").is_none());
    }

    #[test]
    fn a_list_over_lines_with_comments_reads_item_by_item() {
        let text = "[\n    (name: \"a // b\", n: 1), // one\n    // a line of its own\n    (name: \"c\", n: Bands(x: 1, y: 2)),\n]";
        let lines = lines_of_list(text);
        assert_eq!(lines.len(), 2);
        assert_eq!(text_of(&lines[0], "name"), "a // b");
        assert_eq!(lines[1].get("n"), Some("Bands(x: 1, y: 2)"));
    }

    fn text_of(line: &Line, name: &str) -> String {
        text(line.get(name).unwrap()).unwrap()
    }

    #[test]
    fn a_field_set_goes_where_the_order_puts_it() {
        let order = ["label", "class", "fire", "range"];
        let mut line = Line::read(r#"(name: "x", base: "y", range: 2)"#).unwrap();
        line.set("fire", Some("3".into()), &order);
        line.set("label", Some(quoted("X")), &order);
        assert_eq!(line.written(), r#"(name: "x", base: "y", label: "X", fire: 3, range: 2)"#);
        line.set("fire", None, &order);
        line.set("range", Some("4".into()), &order);
        assert_eq!(line.written(), r#"(name: "x", base: "y", label: "X", range: 4)"#);
        assert_eq!(number("Some(4)"), Some(4));
    }
}
