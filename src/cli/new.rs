//! `strategos new --ruleset R --size WxH FILE`: a battle to start from, written where it is asked
//! for: an open field, two sides and one unit a side, which validates and plays as it stands.

use std::path::Path;

pub fn run(ruleset: &str, size: &str, file: &Path) -> Result<(), String> {
    let (width, height) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?)))
        .ok_or_else(|| format!("--size: '{size}' is not WIDTHxHEIGHT in hexes (16x12, say)"))?;
    let mut battle = crate::editor::muster::new_battle(ruleset, width, height)?;
    if let Some(stem) = file.file_stem().and_then(|s| s.to_str()) {
        battle.id = stem.to_string();
    }
    if file.exists() {
        return Err(format!("{}: the file exists already; give a new name", file.display()));
    }
    std::fs::write(file, crate::scenario::to_ron(&battle)).map_err(|e| format!("{}: {e}", file.display()))?;
    println!("{}: a {width}x{height} battle of {ruleset}; open it with `strategos validate` or `strategos play --scenario {}`", file.display(), file.display());
    Ok(())
}
