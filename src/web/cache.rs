//! Rendered pages kept per version: a page is rebuilt only when the version
//! stamp of what it shows has changed (or after [`MAX_AGE`], which covers
//! a renamed player), and the cache holds at most [`CAPACITY`] pages.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use crate::app::i18n::Lang;
use crate::store::Version;

/// How many pages are kept; past it the cache starts afresh.
pub(crate) const CAPACITY: usize = 512;

/// How long a page is served from the cache at most.
pub(crate) const MAX_AGE: Duration = Duration::from_secs(30);

/// What a page is cached under: its address (path and query), its language
/// and the version stamp of its data.
pub(crate) type PageKey = (String, Lang, Version);

/// How many pages (or PGN files) are built at once: the others wait and
/// then mostly find the page built, so a crowd asking for one page that is
/// not cached yet costs one build, not one each.
pub(crate) const BUILDS_AT_ONCE: usize = 2;

/// The cache of rendered pages.
pub(crate) struct PageCache {
    pages: Mutex<HashMap<PageKey, (Instant, Arc<str>)>>,
    builds: Semaphore,
}

impl Default for PageCache {
    fn default() -> Self {
        Self {
            pages: Mutex::default(),
            builds: Semaphore::new(BUILDS_AT_ONCE),
        }
    }
}

impl PageCache {
    /// The page under `key`: from the cache, or built by `build` (at most
    /// [`BUILDS_AT_ONCE`] at a time; a request that waited for its turn
    /// looks in the cache again first) and kept.
    pub(crate) async fn get_or_build<E>(
        &self,
        key: PageKey,
        build: impl Future<Output = Result<String, E>>,
    ) -> Result<Arc<str>, E> {
        if let Some(page) = self.get(&key) {
            return Ok(page);
        }
        let _turn = self.builds.acquire().await;
        if let Some(page) = self.get(&key) {
            return Ok(page);
        }
        let page: Arc<str> = Arc::from(build.await?);
        self.put(key, page.clone());
        Ok(page)
    }

    /// The page under `key`, if fresh.
    pub(crate) fn get(&self, key: &PageKey) -> Option<Arc<str>> {
        let pages = self.pages.lock().ok()?;
        let (at, page) = pages.get(key)?;
        (at.elapsed() < MAX_AGE).then(|| page.clone())
    }

    /// Keeps `page` under `key`.
    pub(crate) fn put(&self, key: PageKey, page: Arc<str>) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= CAPACITY {
                pages.clear();
            }
            pages.insert(key, (Instant::now(), page));
        }
    }

    /// How many pages are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.pages.lock().map_or(0, |pages| pages.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_kept_per_version_and_language() {
        let cache = PageCache::default();
        let key = ("/event/1".to_owned(), Lang::Uk, Version([1, 2, 3]));
        cache.put(key.clone(), Arc::from("page"));
        assert_eq!(cache.get(&key).as_deref(), Some("page"));
        let newer = ("/event/1".to_owned(), Lang::Uk, Version([1, 3, 3]));
        assert_eq!(cache.get(&newer), None);
        let english = ("/event/1".to_owned(), Lang::En, Version([1, 2, 3]));
        assert_eq!(cache.get(&english), None);
        for n in 0..CAPACITY as i64 {
            cache.put(
                ("/".to_owned(), Lang::Uk, Version([n, 0, 0])),
                Arc::from(""),
            );
        }
        assert!(cache.len() <= CAPACITY);
    }
}
