//! What every ruleset's reader of army lists shares: a new profile's name and the base it starts
//! from, a field taken from that base when the list leaves it out, and lists without repeats.

use super::ArmyList;
use crate::scenario::SetupError;
use serde::Deserialize;
use std::sync::Arc;

/// Every list's profiles, in the order named: each as written, made into the ruleset's profile
/// by `read` from the table of the profiles read before it.
pub fn read_lists<W: serde::de::DeserializeOwned, P>(lists: &[Arc<ArmyList>], mut read: impl FnMut(&ArmyList, usize, W, &[Arc<P>]) -> Result<P, SetupError>) -> Result<Vec<Arc<P>>, SetupError> {
    let mut table: Vec<Arc<P>> = Vec::new();
    for list in lists {
        for (i, w) in list.read_profiles::<W>()?.into_iter().enumerate() {
            let profile = read(list, i, w, &table)?;
            table.push(Arc::new(profile));
        }
    }
    Ok(table)
}

/// A profile of some ruleset, known by its name.
pub trait Named {
    fn name(&self) -> &str;
}

/// Checks the n-th profile's `name` (not empty, not among `table`, the profiles read before, nor
/// `reserved`) and finds the profile its `base` names, one of `table` or else of `bundled`.
pub fn base_of<'a, P: Named>(list: &ArmyList, i: usize, name: &str, base: Option<&str>, table: &'a [Arc<P>], bundled: &'a [Arc<P>], reserved: &[&str]) -> Result<Option<&'a P>, SetupError> {
    if name.trim().is_empty() {
        return Err(list.error(i, "name", "a profile needs a name"));
    }
    if reserved.contains(&name) || table.iter().any(|p| p.name() == name) {
        return Err(list.error(i, "name", format!("'{name}' names a profile already in the battle's army lists or the rules' own")));
    }
    let Some(base) = base else { return Ok(None) };
    match table.iter().chain(bundled).find(|p| p.name() == base) {
        Some(p) => Ok(Some(p)),
        None => {
            let known: Vec<&str> = table.iter().chain(bundled).map(|p| p.name()).collect();
            Err(list.error(i, "base", format!("no profile '{base}' before this one nor bundled; known: {}", known.join(", "))))
        }
    }
}

/// An optional field that a profile may clear: absent is `None` (the base's), written `None` is
/// `Some(None)` (none, whatever the base has), written `x` is `Some(Some(x))`. For
/// `#[serde(default, deserialize_with = "present")]` on an `Option<Option<T>>`.
pub fn present<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// The first item a list holds twice.
pub fn repeated<T: PartialEq>(items: &[T]) -> Option<&T> {
    items.iter().enumerate().find_map(|(k, t)| items[..k].contains(t).then_some(t))
}

/// A required field: as written, else the base's, else an error naming it. `$err` makes the
/// error from the field's name and a message.
macro_rules! inherit {
    ($written:expr, $base:expr, $field:ident, $name:literal, $err:expr) => {
        match ($written, $base) {
            (Some(v), _) => v,
            (None, Some(b)) => b.$field.clone(),
            (None, None) => return Err($err($name, concat!("missing: a profile without `base` gives `", $name, "`").into())),
        }
    };
}
pub(crate) use inherit;
