//! Your battles: scenario and army-list files of one's own, offered beside the bundled battles. A
//! shelf of files by name: natively the battles folder beside the saves, in a browser the page's
//! storage. A scenario names its army lists by file name on the same shelf, and a saved game of
//! one finds its scenario there again by the scenario's id.

use crate::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where one's own battle files are kept: their names, and a file's text by name.
pub trait Shelf {
    /// Where the files are, in a player's words.
    fn place(&self) -> String;
    /// The files' names, `.ron` ones only.
    fn names(&self) -> Vec<String>;
    /// A file's text, or why it cannot be read (naming the file).
    fn read(&self, name: &str) -> Result<String, String>;
}

/// A folder of battle files.
pub struct Folder(pub PathBuf);

/// `$STRATEGOS_BATTLES`, else the `battles` folder beside the saves folder.
pub fn dir() -> PathBuf {
    if let Some(d) = std::env::var_os("STRATEGOS_BATTLES") {
        return PathBuf::from(d);
    }
    let saves = crate::saves::dir();
    saves.parent().map_or_else(|| PathBuf::from("battles"), |p| p.join("battles"))
}

impl Shelf for Folder {
    fn place(&self) -> String {
        self.0.display().to_string()
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .map(|d| d.filter_map(|e| e.ok()).filter_map(|e| e.file_name().into_string().ok()).filter(|n| n.ends_with(".ron") && !n.starts_with('.')).collect())
            .unwrap_or_default();
        names.sort();
        names
    }

    fn read(&self, name: &str) -> Result<String, String> {
        crate::limits::read_file(&self.0.join(name)).map_err(|e| e.to_string())
    }
}

/// A file of the shelf, as the menu lists it: a battle (its scenario, or why it does not read) or
/// an army list (its name, or why it does not read).
#[derive(Clone)]
pub struct Listed {
    pub file: String,
    pub kind: Kind,
}

#[derive(Clone)]
pub enum Kind {
    Battle(Result<Arc<Scenario>, String>),
    ArmyList(Result<String, String>),
}

/// Whether `text` is written as an army list (`ArmyList(` first, after comments), not a scenario.
fn is_army_list(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with("//")).is_some_and(|l| l.starts_with("ArmyList"))
}

/// Every file of the shelf, by name: battles read with their army lists from the shelf, each
/// refused one with its error; a battle whose id is a bundled one's, or an earlier file's, is
/// refused, since saves find their battle by id.
pub fn list(shelf: &dyn Shelf) -> Vec<Listed> {
    let mut out: Vec<Listed> = Vec::new();
    for file in shelf.names() {
        let kind = match shelf.read(&file) {
            Err(e) => Kind::Battle(Err(e)),
            Ok(text) if is_army_list(&text) => Kind::ArmyList(crate::army::parse(&file, &text).map(|l| l.name).map_err(|e| e.to_string())),
            Ok(text) => Kind::Battle(read_battle(shelf, &file, &text).and_then(|s| unique(&out, &file, s))),
        };
        out.push(Listed { file, kind });
    }
    out
}

fn unique(earlier: &[Listed], file: &str, s: Scenario) -> Result<Arc<Scenario>, String> {
    if crate::scenario::find_bundled(&s.id).is_some() {
        return Err(format!("{file}: its id '{}' is a bundled battle's; give it an id of its own", s.id));
    }
    let twin = earlier.iter().find(|l| matches!(&l.kind, Kind::Battle(Ok(o)) if o.id == s.id));
    match twin {
        Some(t) => Err(format!("{file}: its id '{}' is also {}'s; give each battle an id of its own", s.id, t.file)),
        None => Ok(Arc::new(s)),
    }
}

/// The scenario of the file `file` whose text is `text`, with the army lists it names by file name
/// read from the shelf; the error names the file, line and field.
pub fn read_battle(shelf: &dyn Shelf, file: &str, text: &str) -> Result<Scenario, String> {
    let mut s = crate::scenario::parse(text).map_err(|e| e.in_file(Path::new(file)).to_string())?;
    crate::army::read_named(&mut s, |name| shelf.read(name).ok().map(|text| crate::army::parse(name, &text))).map_err(|e| e.in_file(Path::new(file)).to_string())?;
    Ok(s)
}

/// Whether a game of `scenario_id` reopens by that id alone: a bundled battle, or one of the
/// shelf's that reads (the game to continue is only offered for those).
pub fn reopens(shelf: &dyn Shelf, scenario_id: &str) -> bool {
    crate::scenario::find_bundled(scenario_id).is_some() || find(shelf, scenario_id).is_some_and(|s| s.is_ok())
}

/// One's own battle named by its file's name or its id, if the shelf holds it.
pub fn find(shelf: &dyn Shelf, name: &str) -> Option<Result<Scenario, String>> {
    if let Some(text) = shelf.names().iter().any(|n| n == name).then(|| shelf.read(name)) {
        return Some(text.and_then(|t| read_battle(shelf, name, &t)));
    }
    list(shelf).into_iter().find_map(|l| match l.kind {
        Kind::Battle(Ok(s)) if s.id == name => Some(Ok(Scenario::clone(&s))),
        _ => None,
    })
}

/// Army lists held in memory by file name: those sent with an uploaded battle.
pub struct Memory<'a>(pub &'a [(String, String)]);

impl Shelf for Memory<'_> {
    fn place(&self) -> String {
        "the files sent with the battle".to_string()
    }

    fn names(&self) -> Vec<String> {
        self.0.iter().map(|(n, _)| n.clone()).collect()
    }

    fn read(&self, name: &str) -> Result<String, String> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()).ok_or_else(|| format!("{name}: not among {}", self.place()))
    }
}

/// The scenario of an uploaded battle, read as one's own battle file is, with the same limits;
/// the error names the file, line and field.
pub fn from_upload(upload: &crate::online::protocol::Upload) -> Result<Scenario, String> {
    if upload.lists.len() > crate::limits::ARMY_LISTS {
        return Err(format!("{} army lists sent, more than the {} a battle may name", upload.lists.len(), crate::limits::ARMY_LISTS));
    }
    read_battle(&Memory(&upload.lists), "the battle sent", &upload.battle)
}

/// One's own battle `id` as a server is sent it: its file's text and the army lists of the shelf
/// it names.
pub fn upload(shelf: &dyn Shelf, id: &str) -> Result<crate::online::protocol::Upload, String> {
    let file = list(shelf)
        .into_iter()
        .find(|l| matches!(&l.kind, Kind::Battle(Ok(s)) if s.id == id))
        .ok_or_else(|| format!("no battle '{id}' among your battles in {}", shelf.place()))?
        .file;
    let battle = shelf.read(&file)?;
    let scenario = read_battle(shelf, &file, &battle)?;
    let on_shelf = shelf.names();
    let lists = scenario.armies.iter().filter(|n| on_shelf.contains(n)).map(|n| Ok((n.clone(), shelf.read(n)?))).collect::<Result<_, String>>()?;
    Ok(crate::online::protocol::Upload { battle, lists })
}

/// The files to add to `shelf` so that it holds the uploaded battle `id` (an online game's), and
/// with it the game's replay opens here: the battle under a free name, and each army list it was
/// sent with that the shelf lacks. Nothing where the shelf already holds a battle of that id; an
/// error where a list of the same name on the shelf is not the one sent (its battle would read
/// another army).
pub fn to_keep(shelf: &dyn Shelf, upload: &crate::online::protocol::Upload, id: &str) -> Result<Vec<(String, String)>, String> {
    if find(shelf, id).is_some_and(|s| s.is_ok()) {
        return Ok(Vec::new());
    }
    let names = shelf.names();
    let mut files = Vec::new();
    for (name, text) in &upload.lists {
        if !names.contains(name) {
            files.push((name.clone(), text.clone()));
        } else if shelf.read(name).ok().as_ref() != Some(text) {
            return Err(format!("your {name} in {} is not the army list sent with the battle '{id}', so the battle is not kept there: its replay opens only where the battle is", shelf.place()));
        }
    }
    let free = (1..).map(|n| if n == 1 { format!("{id}.ron") } else { format!("{id}-{n}.ron") }).find(|f| !names.contains(f) && !files.iter().any(|(n, _)| n == f));
    files.push((free.unwrap_or_else(|| format!("{id}.ron")), upload.battle.clone()));
    Ok(files)
}
