//! Arbitrary input thrown at the game, as the fuzz targets (`fuzz/`) and the property tests
//! (`tests/properties.rs`) throw it: scenario, army-list and replay text, and a stream of commands
//! for a battle of each ruleset. Each checks what must always hold of its answer; a property broken is an
//! `Err` saying which, and a panic is a crash the fuzzer reports.

use crate::ai::Judge;
use crate::battle::{Battle, Dice, Present, Ruleset};
use crate::battle::ecs::BattleApp;
use crate::rules::registry::{ForRuleset, with_ruleset};
use crate::scenario::Scenario;
use std::path::Path;

/// The name the probes give the text they read, which every error must name.
const FILE: &str = "probe.ron";

/// What became of a text, when it broke no property.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken {
    Accepted,
    Refused(String),
}

/// Scenario text: it parses and sets up with its ruleset, or it is refused with an error that
/// names a line or a field.
pub fn scenario_text(text: &str) -> Result<Taken, String> {
    let scenario = match crate::scenario::parse(text) {
        Ok(s) => s,
        Err(e) if e.line.is_some() || e.field.is_some() => return Ok(Taken::Refused(e.to_string())),
        Err(e) => return Err(format!("a refused scenario's error names no line nor field: {e}")),
    };
    match with_ruleset(&scenario.ruleset, SetUp(&scenario)) {
        Ok(Ok(())) => Ok(Taken::Accepted),
        Ok(Err(e)) if e.path().is_empty() => Err(format!("a set-up error names no field: {}", e.message)),
        Ok(Err(e)) => Ok(Taken::Refused(format!("{}: {}", e.path(), e.message))),
        Err(unknown) => Ok(Taken::Refused(unknown.to_string())),
    }
}

/// Army-list text: read and checked by its ruleset, or refused with an error that names the file
/// and a line or a field.
pub fn army_list_text(text: &str) -> Result<Taken, String> {
    let list = match crate::army::parse(FILE, text) {
        Ok(list) => std::sync::Arc::new(list),
        Err(e) if e.file == FILE && (e.line.is_some() || e.field.is_some()) => return Ok(Taken::Refused(e.to_string())),
        Err(e) => return Err(format!("a refused army list's error names no file, line nor field: {e}")),
    };
    match with_ruleset(&list.ruleset, CheckList(&list)) {
        Ok(Ok(_)) => Ok(Taken::Accepted),
        Ok(Err(e)) => {
            let e = crate::scenario::FileError::from_setup("", &e);
            if e.file == FILE && e.field.is_some() { Ok(Taken::Refused(e.to_string())) } else { Err(format!("a refused army list's error names no file or field: {e}")) }
        }
        Err(unknown) => Ok(Taken::Refused(unknown.to_string())),
    }
}

struct CheckList<'a>(&'a std::sync::Arc<crate::army::ArmyList>);

impl ForRuleset for CheckList<'_> {
    type Output = Result<usize, crate::scenario::SetupError>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        R::check_army_list(self.0)
    }
}

struct SetUp<'a>(&'a Scenario);

impl ForRuleset for SetUp<'_> {
    type Output = Result<(), crate::scenario::SetupError>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        R::setup(self.0).map(|_| ())
    }
}

/// Replay or save text: it plays through to the states its hashes record, or it is refused with an
/// error naming the file.
pub fn replay_text(text: &str) -> Result<Taken, String> {
    let path = Path::new(FILE);
    let header = match crate::replay::parse_header(path, text) {
        Ok(h) => h,
        Err(e) if e.file == FILE => return Ok(Taken::Refused(e.to_string())),
        Err(e) => return Err(format!("a refused replay's error does not name the file: {e}")),
    };
    match with_ruleset(&header.ruleset, Verify { text, header: &header }) {
        Ok(Ok(())) => Ok(Taken::Accepted),
        Ok(Err(e)) if !e.starts_with(FILE) => Err(format!("a refused replay's error does not name the file: {e}")),
        Ok(Err(e)) => Ok(Taken::Refused(e)),
        Err(unknown) => Ok(Taken::Refused(unknown.to_string())),
    }
}

struct Verify<'a> {
    text: &'a str,
    header: &'a crate::replay::ReplayHeader,
}

impl ForRuleset for Verify<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        crate::replay::verified::<R>(Path::new(FILE), self.text, self.header).map(|_| ())
    }
}

/// The most commands a stream sends, so that an input's run stays short.
const STREAM_COMMANDS: usize = 200;

/// A stream of commands, read from `bytes`, sent to a battle of a bundled scenario of `ruleset`
/// (picked by the first byte). Each command is a legal one or one made by changing a digit of
/// a legal one; the battle must accept exactly those its legal list holds, and after each command
/// every unit stands on the map, the battle waits for a side until it is over and a side that must
/// decide has a command to give.
pub fn command_stream(ruleset: &str, bytes: &[u8]) -> Result<(), String> {
    let mut input = Bytes(bytes);
    static SCENARIOS: std::sync::OnceLock<Vec<Scenario>> = std::sync::OnceLock::new();
    let bundled = SCENARIOS.get_or_init(|| crate::scenario::all_bundled().collect());
    let of_ruleset: Vec<&Scenario> = bundled.iter().filter(|s| s.ruleset == ruleset).collect();
    let scenario = *of_ruleset.get(usize::from(input.next()) % of_ruleset.len().max(1)).ok_or_else(|| format!("no bundled scenario of {ruleset}"))?;
    with_ruleset(ruleset, Stream { scenario, input }).map_err(|e| e.to_string())?
}

/// The bytes a stream is read from; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (first, rest) = self.0.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
        self.0 = rest;
        first
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

struct Stream<'a> {
    scenario: &'a Scenario,
    input: Bytes<'a>,
}

impl ForRuleset for Stream<'_> {
    type Output = Result<(), String>;

    fn run<R: Judge + Present + crate::editor::muster::Muster>(self) -> Self::Output {
        let Stream { scenario, mut input } = self;
        let battle = R::setup(scenario).map_err(|e| format!("{}: {}: {}", scenario.id, e.path(), e.message))?;
        let seed = u64::from(input.next()) | u64::from(input.next()) << 8;
        with_app::<R, _>(battle, Dice::new(seed), |app| stream(scenario, input, app))
    }
}

thread_local! {
    /// A battle app of each ruleset, restarted for every stream.
    static APPS: std::cell::RefCell<Vec<Box<dyn std::any::Any>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` on this thread's app of ruleset `R`, restarted on `battle`: building a Bevy app's
/// schedules costs more than a stream of a few dozen commands. The app is kept again only when `f`
/// returns: a panic in a system leaves the app without its schedules, and the next input would
/// then fail on that instead of on its own.
fn with_app<R: Ruleset, T>(battle: Battle<R>, dice: Dice, f: impl FnOnce(&mut BattleApp<R>) -> T) -> T {
    let kept = APPS.with_borrow_mut(|apps| apps.iter().position(|a| a.is::<BattleApp<R>>()).map(|i| apps.swap_remove(i)));
    let mut app = match kept.and_then(|a| a.downcast::<BattleApp<R>>().ok()) {
        Some(mut app) => {
            app.restart(battle, dice);
            app
        }
        None => Box::new(BattleApp::new(battle, dice)),
    };
    let result = f(&mut app);
    APPS.with_borrow_mut(|apps| apps.push(app));
    result
}

/// Sends the stream's commands to `app` and checks the battle after each.
fn stream<R: Judge + Present>(scenario: &Scenario, mut input: Bytes, app: &mut BattleApp<R>) -> Result<(), String> {
    for _ in 0..STREAM_COMMANDS {
        if input.is_empty() || R::outcome(app.view()).is_some() {
            break;
        }
        let legal = app.legal_commands();
        let Some(chosen) = legal.get(usize::from(input.next()) % legal.len().max(1)).cloned() else {
            return Err(format!("{}: the battle waits for a side that has no command to give", scenario.id));
        };
        let command = match input.next() {
            // One byte in four changes a digit of the command as a file writes it.
            twist @ 0..64 => changed(&chosen, usize::from(twist), input.next()).unwrap_or(chosen),
            _ => chosen,
        };
        let is_legal = legal.contains(&command);
        match app.submit(command.clone()) {
            Ok(_) if !is_legal => return Err(format!("{}: an illegal command was accepted: {command:?}", scenario.id)),
            Err(e) if is_legal => return Err(format!("{}: a legal command was refused: {command:?}: {e}", scenario.id)),
            _ => {}
        }
        let b = app.view();
        if let Some(u) = b.units.iter().find(|u| u.hex.is_some_and(|h| !b.map.contains(h))) {
            return Err(format!("{}: unit {} stands off the map", scenario.id, u.id.0));
        }
        if R::outcome(b).is_none() && R::deciding_side(b).is_none() {
            return Err(format!("{}: the battle waits for no side but is not over", scenario.id));
        }
    }
    Ok(())
}

/// `command` as a file writes it, with its `nth` digit (counted round) set to `to`'s last digit,
/// read back; `None` when it has no digit or no longer reads as a command.
fn changed<C: serde::Serialize + serde::de::DeserializeOwned>(command: &C, nth: usize, to: u8) -> Option<C> {
    let mut written = ron::to_string(command).ok()?;
    let digits: Vec<usize> = written.char_indices().filter(|(_, c)| c.is_ascii_digit()).map(|(i, _)| i).collect();
    let at = *digits.get(nth % digits.len().max(1))?;
    written.replace_range(at..at + 1, &char::from(b'0' + to % 10).to_string());
    ron::from_str(&written).ok()
}
