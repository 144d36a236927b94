//! Army lists: files of unit profiles in one ruleset's own terms (see `docs/armies.md`), as
//! BattleScribe splits a catalogue from a roster. The shell reads a list's header and keeps its
//! profiles as written; the ruleset the list names reads them into its own profile type.

mod bundled;
pub mod reading;

pub use bundled::BUNDLED;

use crate::scenario::{FileError, Item, ListFile, Scenario, SetupError, Setup};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use ron::value::RawValue;
use std::path::Path;
use std::sync::Arc;

/// One army list: who wrote it for which ruleset, and its profiles' text.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyList {
    pub id: String,
    pub name: String,
    pub ruleset: String,
    pub notes: String,
    /// The list's `profiles`, kept as written until its ruleset reads them.
    pub profiles: Setup,
    /// Where the list was read from, for its errors.
    pub file: Arc<ListFile>,
}

/// The list as written: the header's fields, and the profiles left unread.
#[derive(Deserialize)]
#[serde(rename = "ArmyList", deny_unknown_fields)]
struct Written<'a> {
    id: String,
    name: String,
    ruleset: String,
    #[serde(default)]
    notes: String,
    #[serde(borrow)]
    profiles: &'a RawValue,
}

/// Parses army-list text read from `file` (a path, or `armies/ID.ron` for a bundled one).
pub fn parse(file: &str, text: &str) -> Result<ArmyList, FileError> {
    let located = |e: FileError| FileError { file: file.to_string(), ..e };
    let w: Written = crate::limits::from_ron(text).map_err(|e| located(FileError::from_ron(&e)))?;
    if w.id.trim().is_empty() {
        return Err(located(FileError::plain("an army list's id may not be empty").at_key(text, "id")));
    }
    let profiles = Setup::within(text, w.profiles);
    let file = Arc::new(ListFile { file: file.to_string(), text: text.into() });
    Ok(ArmyList { id: w.id, name: w.name, ruleset: w.ruleset, notes: w.notes, profiles, file })
}

/// Reads and parses an army-list file.
pub fn load(path: &Path) -> Result<ArmyList, FileError> {
    let text = crate::limits::read_file(path)?;
    parse(&path.display().to_string(), &text)
}

impl ArmyList {
    /// Reads the profiles as the ruleset's list of them: a profile's fields may be written bare,
    /// `defence: 5` for `Some(5)`, since most are changes to a `base`.
    pub fn read_profiles<T: DeserializeOwned>(&self) -> Result<Vec<T>, SetupError> {
        let profiles: Vec<T> = self.profiles.read().map_err(|e| e.in_list(&self.file))?;
        if profiles.len() > crate::limits::PROFILES {
            return Err(self.error(crate::limits::PROFILES, "name", format!("{} profiles, more than the {} a battle's army lists may hold", profiles.len(), crate::limits::PROFILES)));
        }
        Ok(profiles)
    }

    /// An error about the list's n-th profile.
    pub fn error(&self, profile: usize, field: &'static str, message: impl Into<String>) -> SetupError {
        SetupError::new(Item::Profile(profile), field, message).in_list(&self.file)
    }
}

/// An army list's file text, one profile a line: how the battle editor writes a battle's own list.
pub fn to_ron(id: &str, name: &str, ruleset: &str, lines: &[String]) -> String {
    use std::fmt::Write;
    let mut out = String::from("ArmyList(\n");
    let _ = writeln!(out, "    id: {},", crate::scenario::one_line(&id));
    let _ = writeln!(out, "    name: {},", crate::scenario::one_line(&name));
    let _ = writeln!(out, "    ruleset: {},", crate::scenario::one_line(&ruleset));
    out.push_str("    profiles: [\n");
    for line in lines {
        let _ = writeln!(out, "        {line},");
    }
    out.push_str("    ],\n)\n");
    out
}

impl ArmyList {
    /// The profiles one a line, as `to_ron` writes them; `None` for a list written otherwise (a
    /// profile over several lines), which the editor leaves to be changed by hand.
    pub fn profile_lines(&self) -> Option<Vec<String>> {
        let text = self.profiles.text().trim();
        let inner = text.strip_prefix('[')?.strip_suffix(']')?;
        let lines: Vec<String> = inner.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| l.strip_suffix(',').unwrap_or(l).to_string()).collect();
        let balanced = |l: &String| l.matches('(').count() == l.matches(')').count() && l.ends_with(')');
        lines.iter().all(balanced).then_some(lines)
    }
}

/// The name a profile's line gives it (`name: "..."`, read as RON reads the string: `d\'armes`
/// is `d'armes`).
pub fn profile_name(line: &str) -> Option<String> {
    let start = line.find("name: \"")? + "name: ".len();
    let rest = &line[start..];
    let mut escaped = false;
    let end = rest.char_indices().skip(1).find_map(|(i, c)| {
        let closes = c == '"' && !escaped;
        escaped = c == '\\' && !escaped;
        closes.then_some(i)
    })?;
    ron::from_str::<String>(&rest[..=end]).ok()
}

/// The bundled lists of a ruleset, in `BUNDLED`'s order.
pub fn bundled_for(ruleset: &str) -> Vec<Arc<ArmyList>> {
    bundled::all().into_iter().filter(|l| l.ruleset == ruleset).collect()
}

/// Whether `lists` are just the bundled lists of `ruleset`, in their order: a battle that names
/// them takes the table its ruleset read once from them, instead of reading them again.
pub fn just_bundled(lists: &[Arc<ArmyList>], ruleset: &str) -> bool {
    let bundled = bundled_for(ruleset);
    lists.len() == bundled.len() && lists.iter().zip(&bundled).all(|(a, b)| Arc::ptr_eq(a, b))
}

/// A bundled list by id.
pub fn find_bundled(id: &str) -> Option<Arc<ArmyList>> {
    bundled::all().into_iter().find(|l| l.id == id)
}

/// The army lists a scenario's units come from, in the order it names them: each name a bundled
/// id or a file read when the scenario was loaded; none named is every bundled list of its
/// ruleset.
pub fn of(s: &Scenario) -> Result<Vec<Arc<ArmyList>>, SetupError> {
    if s.armies.is_empty() {
        return Ok(bundled_for(&s.ruleset));
    }
    if s.armies.len() > crate::limits::ARMY_LISTS {
        return Err(SetupError::new(Item::Scenario, "armies", format!("{} army lists, more than the {} a scenario may name", s.armies.len(), crate::limits::ARMY_LISTS)));
    }
    let mut lists: Vec<Arc<ArmyList>> = Vec::new();
    for name in &s.armies {
        let list = s.army_files.iter().find(|(written, _)| written == name).map(|(_, l)| l.clone()).or_else(|| find_bundled(name));
        let Some(list) = list else {
            let known: Vec<String> = bundled_for(&s.ruleset).iter().map(|l| l.id.clone()).collect();
            return Err(SetupError::new(
                Item::Scenario,
                "armies",
                format!("no army list '{name}': not a file beside the scenario, and the bundled ones for {} are {}", s.ruleset, known.join(", ")),
            ));
        };
        if list.ruleset != s.ruleset {
            return Err(SetupError::new(Item::Scenario, "armies", format!("army list '{name}' is for {}, the scenario for {}", list.ruleset, s.ruleset)));
        }
        if lists.iter().any(|l| l.id == list.id) {
            return Err(SetupError::new(Item::Scenario, "armies", format!("army list '{}' is named twice", list.id)));
        }
        lists.push(list);
    }
    Ok(lists)
}

/// Reads the army lists a scenario loaded from `dir` names by path (a name that is no bundled id),
/// so the ruleset finds them when it sets the battle up.
pub fn read_beside(s: &mut Scenario, dir: &Path) -> Result<(), FileError> {
    read_named(s, |name| {
        let path = dir.join(name);
        path.is_file().then(|| load(&path))
    })
}

/// Reads the army lists a scenario names that are no bundled id with `read`, which gives a list
/// by the name written, or `None` where there is no such file (the ruleset then says so).
pub fn read_named(s: &mut Scenario, read: impl Fn(&str) -> Option<Result<ArmyList, FileError>>) -> Result<(), FileError> {
    // More names than a scenario may give are refused when the ruleset reads them, unread.
    for name in s.armies.clone().into_iter().take(crate::limits::ARMY_LISTS) {
        if find_bundled(&name).is_some() || s.army_files.iter().any(|(n, _)| *n == name) {
            continue;
        }
        if let Some(list) = read(&name) {
            s.army_files.push((name, Arc::new(list?)));
        }
    }
    Ok(())
}
