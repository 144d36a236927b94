//! Errors about input files, located as precisely as the text allows: file, line, field.

use std::path::Path;
use std::sync::Arc;

/// The part of a scenario a semantic error is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Scenario,
    MapRow(usize),
    /// The n-th entry of `map.hexsides`.
    Hexside(usize),
    /// The n-th entry of `map.regions`.
    Region(usize),
    /// The n-th entry of the ruleset part's `units`.
    Unit(usize),
    /// The n-th entry of another list of the ruleset part, by its key (`leaders`, `commanders`).
    Listed(&'static str, usize),
    /// A place in the file (a syntax or type error inside the ruleset's part).
    Text { line: usize, column: usize },
    /// The n-th entry of an army list's `profiles`.
    Profile(usize),
}

/// A scenario that parses but does not make sense: which item, which field, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub item: Item,
    pub field: &'static str,
    pub message: String,
    /// The army list the error is in, when it is not in the scenario.
    pub list: Option<Arc<ListFile>>,
}

/// An army list's file as an error names it: its path (or `armies/ID.ron` for a bundled one) and
/// its text, where the error's line is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListFile {
    pub file: String,
    pub text: Arc<str>,
}

impl SetupError {
    pub fn new(item: Item, field: &'static str, message: impl Into<String>) -> SetupError {
        SetupError {
            item,
            field,
            message: message.into(),
            list: None,
        }
    }

    /// The error is in this army list.
    pub fn in_list(mut self, list: &Arc<ListFile>) -> SetupError {
        self.list = Some(list.clone());
        self
    }

    /// The field path, as `setup.units[3].profile`.
    pub fn path(&self) -> String {
        match &self.item {
            Item::Scenario => self.field.to_string(),
            Item::MapRow(i) => format!("map.rows[{i}]"),
            Item::Hexside(i) => format!("map.hexsides[{i}].{}", self.field),
            Item::Region(i) => format!("map.regions[{i}].{}", self.field),
            Item::Unit(i) => format!("setup.units[{i}].{}", self.field),
            Item::Listed(key, i) => format!("setup.{key}[{i}].{}", self.field),
            Item::Text { .. } => self.field.to_string(),
            Item::Profile(i) => format!("profiles[{i}].{}", self.field),
        }
    }
}

/// An error about an input file, ready to print: `file:line:column: field: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub field: Option<String>,
    pub message: String,
}

impl FileError {
    pub fn from_ron(e: &ron::error::SpannedError) -> FileError {
        FileError {
            file: String::new(),
            line: Some(e.span.start.line),
            column: Some(e.span.start.col),
            field: None,
            message: crate::limits::ron_message(&e.code),
        }
    }

    /// A set-up error in `text`, the scenario's, or in the army list it names.
    pub fn from_setup(text: &str, e: &SetupError) -> FileError {
        let (file, text) = match &e.list {
            Some(list) => (list.file.clone(), &*list.text),
            None => (String::new(), text),
        };
        FileError {
            file,
            line: locate_item(text, &e.item),
            column: match e.item {
                Item::Text { column, .. } => Some(column),
                _ => None,
            },
            field: Some(e.path()),
            message: e.message.clone(),
        }
    }

    pub fn plain(message: impl Into<String>) -> FileError {
        FileError {
            file: String::new(),
            line: None,
            column: None,
            field: None,
            message: message.into(),
        }
    }

    pub fn at_line(mut self, line: Option<usize>, field: impl Into<String>) -> FileError {
        self.line = line;
        self.field = Some(field.into());
        self
    }

    /// Points at the first line of `text` that sets `key` (`key: ...`).
    pub fn at_key(self, text: &str, key: &str) -> FileError {
        self.at_line(key_line(text, key), key)
    }

    /// Names the file the error is in, unless it already names one (an army list the scenario
    /// read).
    pub fn in_file(mut self, path: &Path) -> FileError {
        if self.file.is_empty() {
            self.file = path.display().to_string();
        }
        self
    }
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = if self.file.is_empty() { "<input>" } else { &self.file };
        write!(f, "{file}")?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FileError {}

/// The 1-based line of the first `key: ...` in `text`.
pub fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines().position(|l| l.trim_start().strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with(':'))).map(|l| l + 1)
}

/// The 1-based line where an item starts: the rows after `rows:`; a hexside by its `feature:`, a
/// region by its `kind:`; an entry of the ruleset part's `units` or another list by the n-th `id:`
/// after the list's key (every ruleset's units and leaders carry an `id`); an army list's profile by
/// the n-th `name:` after `profiles`.
pub fn locate_item(text: &str, item: &Item) -> Option<usize> {
    let is_key = |line: &str, key: &str| line.trim_start().starts_with(key) || line.contains(&format!("({key}")) || line.contains(&format!(" {key}"));
    let nth_key_after = |after: usize, key: &str, n: usize| text.lines().enumerate().skip(after).filter(|(_, l)| is_key(l, key)).nth(n).map(|(i, _)| i + 1);
    match item {
        Item::Scenario => None,
        Item::MapRow(row) => key_line(text, "rows").map(|l| l + 1 + row),
        Item::Hexside(i) => nth_key_after(0, "feature:", *i),
        Item::Region(i) => nth_key_after(0, "kind:", *i),
        Item::Unit(i) => key_line(text, "units").and_then(|l| nth_key_after(l, "id:", *i)),
        Item::Listed(key, i) => key_line(text, key).and_then(|l| nth_key_after(l, "id:", *i)),
        Item::Profile(i) => key_line(text, "profiles").and_then(|l| nth_key_after(l, "name:", *i)),
        Item::Text { line, .. } => Some(*line),
    }
}
