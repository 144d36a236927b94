//! What every ruleset's reader of army lists shares: a new profile's name and the base it starts
//! from, a field taken from that base when the list leaves it out, lists without repeats, and a
//! piece of gear named from a table or written whole.

use super::ArmyList;
use crate::scenario::SetupError;
use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor, value::MapAccessDeserializer};
use std::fmt;
use std::marker::PhantomData;
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

/// A piece of gear as a profile gives it: a row of the ruleset's table by name (`"sword"`), or one
/// of its own written whole in parentheses (`(label: "Morsure", damage: 4, ..)`).
pub enum TableOr<T> {
    Named(String),
    Own(T),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for TableOr<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TableOr<T>, D::Error> {
        struct Gear<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Gear<T> {
            type Value = TableOr<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name of the ruleset's table in quotes, or one written whole: (label: .., ..)")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<TableOr<T>, E> {
                Ok(TableOr::Named(v.to_string()))
            }
            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<TableOr<T>, M::Error> {
                Fields(PhantomData).visit_map(map).map(TableOr::Own)
            }
        }
        d.deserialize_any(Gear(PhantomData))
    }
}

/// Reads a struct variant's fields, or a struct, as `T` through serde's own map reader.
pub struct Fields<T>(pub PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("named fields in parentheses")
    }
    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<T, M::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}
