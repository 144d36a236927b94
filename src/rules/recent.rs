//! A few recent results kept by key, the oldest dropped first: for the searches and fields that
//! listing moves and the computer opponent ask for again and again while little on the board moves.

pub struct Recent<K, V> {
    capacity: usize,
    kept: Vec<(K, V)>,
}

impl<K, V: Clone> Recent<K, V> {
    pub const fn new(capacity: usize) -> Self {
        Recent { capacity, kept: Vec::new() }
    }

    /// The value kept under a key `same` accepts, else the one `make` builds with its key, kept.
    pub fn get_or_make(&mut self, same: impl Fn(&K) -> bool, make: impl FnOnce() -> (K, V)) -> V {
        if let Some((_, v)) = self.kept.iter().find(|(k, _)| same(k)) {
            return v.clone();
        }
        let (k, v) = make();
        if self.kept.len() == self.capacity {
            self.kept.remove(0);
        }
        self.kept.push((k, v.clone()));
        v
    }
}
