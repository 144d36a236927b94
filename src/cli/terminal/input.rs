//! What a player types at the terminal's prompt: a listed command's number or code, or one of the
//! words `HELP` lists.

use crate::battle::{Battle, Present};

/// The words the prompt knows besides the commands, as `help` prints them.
pub const HELP: &str = "\
  NUMBER or CODE   give the command listed with that number or code (the code is beside it)
  list             every command you may give, with its code (and its number in this listing)
  list CELL        the commands of the unit in that cell of the board (list H1)
  board            print the board and what you may do again
  legend           what the board's letters stand for
  undo             take back your last command, while the rules allow it
  save [NAME]      save the game in the saves folder, as NAME.ron (by default scenario-seed-turnN.ron)
  quit             stop here; the autosave keeps the game for `strategos play --terminal --continue`
  help             this list";

pub enum Input<C> {
    Command(C),
    Board,
    /// Every command, or the commands of the unit in this cell.
    List(Option<String>),
    Legend,
    Undo,
    /// Save under this file name, or under the default one.
    Save(Option<String>),
    Quit,
    Help,
    /// Not understood: a hint of what would be.
    Unknown(String),
}

/// Reads a line typed at the prompt: a word, else a number or a code among the legal commands
/// (codes are read against `b`), spaces and letter case aside.
pub fn read<R: Present>(line: &str, b: &Battle<R>, legal: &[R::Command]) -> Input<R::Command> {
    let typed = normalised(line);
    let lower = typed.to_lowercase();
    match lower.as_str() {
        "help" | "?" => return Input::Help,
        "board" => return Input::Board,
        "legend" => return Input::Legend,
        "undo" => return Input::Undo,
        "quit" => return Input::Quit,
        "save" => return Input::Save(None),
        "list" => return Input::List(None),
        _ => {}
    }
    if let Some((word, name)) = typed.split_once(' ')
        && word.eq_ignore_ascii_case("save")
    {
        return save_name(name);
    }
    if let Some((word, cell)) = typed.split_once(' ')
        && word.eq_ignore_ascii_case("list")
    {
        return Input::List(Some(cell.to_string()));
    }
    if let Ok(i) = lower.parse::<usize>() {
        return match legal.get(i) {
            Some(c) => Input::Command(c.clone()),
            None => Input::Unknown(format!("no command [{i}]: the list runs from [0] to [{}]", legal.len().saturating_sub(1))),
        };
    }
    match legal.iter().find(|c| normalised(&R::command_code(b, c)).to_lowercase() == lower) {
        Some(c) => Input::Command(c.clone()),
        None if lower.is_empty() => Input::Unknown("type a command's number or code, or help".into()),
        None => Input::Unknown(format!("'{typed}' is neither a listed number or code nor a word of help: type help")),
    }
}

/// A save's file name as typed: one plain name in the saves folder, `.ron` added when missing.
fn save_name<C>(name: &str) -> Input<C> {
    // A space would read as another word at the prompt.
    match crate::saves::plain_name(name).filter(|_| !name.contains(' ')) {
        Some(name) => Input::Save(Some(name)),
        None => Input::Unknown("a save's name is one plain file name, as in: save mine".into()),
    }
}

/// The words of `text` one space apart, with none after a comma ("2, 5" is "2,5").
fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").replace(", ", ",")
}
