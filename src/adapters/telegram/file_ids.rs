//! Telegram's `file_id`s of the images the bot uploaded, by the image's
//! SHA-256, so that the same board or animation is sent again without its
//! bytes. The cache is bounded: past [`FILE_ID_CAP`] entries the least
//! recently used is forgotten (a forgotten image is uploaded again).

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use teloxide::types::FileId;

/// The most `file_id`s kept.
pub const FILE_ID_CAP: usize = 4096;

/// An image's SHA-256.
pub type ImageDigest = [u8; 32];

/// A bounded, least-recently-used map from image digests to `file_id`s.
#[derive(Debug)]
pub struct FileIds {
    cap: usize,
    inner: Mutex<Lru>,
}

/// The entries with their last use, and the uses in order.
#[derive(Debug, Default)]
struct Lru {
    clock: u64,
    entries: HashMap<ImageDigest, (FileId, u64)>,
    by_use: BTreeMap<u64, ImageDigest>,
}

impl Default for FileIds {
    fn default() -> Self {
        Self::with_cap(FILE_ID_CAP)
    }
}

impl FileIds {
    /// A cache keeping at most `cap` entries (at least one).
    pub fn with_cap(cap: usize) -> Self {
        Self {
            cap: cap.max(1),
            inner: Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Lru> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The `file_id` of the image with `digest`, if known (now its latest use).
    pub fn get(&self, digest: &ImageDigest) -> Option<FileId> {
        let mut lru = self.lock();
        lru.clock += 1;
        let now = lru.clock;
        let (id, used) = lru.entries.get_mut(digest)?;
        let (id, before) = (id.clone(), std::mem::replace(used, now));
        lru.by_use.remove(&before);
        lru.by_use.insert(now, *digest);
        Some(id)
    }

    /// Remembers `id` for `digest`, forgetting the least recently used
    /// entry when the cache is full.
    pub fn insert(&self, digest: ImageDigest, id: FileId) {
        let mut lru = self.lock();
        lru.clock += 1;
        let now = lru.clock;
        if let Some((_, before)) = lru.entries.insert(digest, (id, now)) {
            lru.by_use.remove(&before);
        }
        lru.by_use.insert(now, digest);
        while lru.entries.len() > self.cap {
            let Some((_, oldest)) = lru.by_use.pop_first() else {
                break;
            };
            lru.entries.remove(&oldest);
        }
    }

    /// Forgets the `file_id` of `digest` (Telegram refused it).
    pub fn remove(&self, digest: &ImageDigest) {
        let mut lru = self.lock();
        if let Some((_, used)) = lru.entries.remove(digest) {
            lru.by_use.remove(&used);
        }
    }

    /// How many `file_id`s are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(n: u32) -> ImageDigest {
        let mut digest = [0; 32];
        digest[..4].copy_from_slice(&n.to_be_bytes());
        digest
    }

    fn id(n: u32) -> FileId {
        FileId(format!("file-{n}"))
    }

    #[test]
    fn the_cache_never_grows_past_its_cap() {
        let cache = FileIds::default();
        for n in 0..(FILE_ID_CAP as u32 + 500) {
            cache.insert(digest(n), id(n));
            assert!(cache.len() <= FILE_ID_CAP, "{} entries", cache.len());
        }
        assert_eq!(cache.len(), FILE_ID_CAP);
        assert_eq!(cache.get(&digest(0)), None, "the oldest went first");
        let last = FILE_ID_CAP as u32 + 499;
        assert_eq!(cache.get(&digest(last)), Some(id(last)));
    }

    #[test]
    fn the_least_recently_used_entry_is_forgotten_first() {
        let cache = FileIds::with_cap(2);
        cache.insert(digest(1), id(1));
        cache.insert(digest(2), id(2));
        assert_eq!(cache.get(&digest(1)), Some(id(1)));
        cache.insert(digest(3), id(3));
        assert_eq!(cache.get(&digest(2)), None);
        assert_eq!(cache.get(&digest(1)), Some(id(1)));
        assert_eq!(cache.get(&digest(3)), Some(id(3)));
        cache.remove(&digest(1));
        assert_eq!((cache.get(&digest(1)), cache.len()), (None, 1));
        cache.insert(digest(3), id(4));
        assert_eq!((cache.get(&digest(3)), cache.len()), (Some(id(4)), 1));
    }
}
