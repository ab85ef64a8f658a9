//! Ordered lanes: jobs with the same key (a chat, a channel) run one at a
//! time in the order they were pushed; jobs with different keys run
//! concurrently (issue trust-2: one member cannot starve the others).
//!
//! Memory stays bounded: each lane queues at most [`LaneLimits::depth`]
//! jobs, at most [`LaneLimits::lanes`] lanes run at once, and a lane's
//! worker ends as soon as its queue is empty (the next job starts a new
//! one). When a lane's queue is full, or every lane slot is taken,
//! [`Lanes::push`] waits: the caller is held back rather than a job lost.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard};

use futures_util::future::BoxFuture;
use tokio::sync::mpsc::{self, error::TrySendError};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// How much the lanes may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneLimits {
    /// Lanes (keys) with work in flight at once.
    pub lanes: usize,
    /// Jobs queued in one lane.
    pub depth: usize,
}

impl Default for LaneLimits {
    /// 256 lanes of 64 jobs.
    fn default() -> Self {
        Self {
            lanes: 256,
            depth: 64,
        }
    }
}

type Run<J> = Arc<dyn Fn(J) -> BoxFuture<'static, ()> + Send + Sync>;

/// One running lane: its queue, and how many pushers wait for room in it
/// (the worker does not end while one does, so no job is left behind).
struct Lane<J> {
    tx: mpsc::Sender<J>,
    waiting: usize,
}

struct Shared<K, J> {
    lanes: Mutex<HashMap<K, Lane<J>>>,
    slots: Arc<Semaphore>,
    depth: usize,
    /// Woken when a lane ends.
    ended: Notify,
    run: Run<J>,
}

/// Ordered per-key queues, each worked by its own task. Cloning gives
/// another handle to the same lanes.
pub struct Lanes<K, J> {
    shared: Arc<Shared<K, J>>,
}

impl<K, J> Clone for Lanes<K, J> {
    fn clone(&self) -> Self {
        Self {
            shared: Arc::clone(&self.shared),
        }
    }
}

impl<K, J> Lanes<K, J>
where
    K: Hash + Eq + Clone + Send + 'static,
    J: Send + 'static,
{
    /// Lanes within `limits` that run each job with `run`.
    pub fn new<F, Fut>(limits: LaneLimits, run: F) -> Self
    where
        F: Fn(J) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let run: Run<J> = Arc::new(move |job| Box::pin(run(job)));
        Self {
            shared: Arc::new(Shared {
                lanes: Mutex::new(HashMap::new()),
                slots: Arc::new(Semaphore::new(limits.lanes.max(1))),
                depth: limits.depth.max(1),
                ended: Notify::new(),
                run,
            }),
        }
    }

    /// Queues `job` at the end of `key`'s lane, starting the lane if it is
    /// not running; waits while that lane is full or no lane slot is free.
    pub async fn push(&self, key: K, mut job: J) {
        loop {
            let full = {
                let mut lanes = self.shared.lock();
                match lanes.get_mut(&key) {
                    Some(lane) => match lane.tx.try_send(job) {
                        Ok(()) => return,
                        Err(TrySendError::Full(back)) => {
                            lane.waiting += 1;
                            job = back;
                            Some(lane.tx.clone())
                        }
                        Err(TrySendError::Closed(back)) => {
                            // The worker died (a panicking job): start anew.
                            lanes.remove(&key);
                            job = back;
                            None
                        }
                    },
                    None => None,
                }
            };
            match full {
                Some(tx) => {
                    let sent = tx.send(job).await;
                    self.shared.done_waiting(&key, &tx);
                    match sent {
                        Ok(()) => return,
                        Err(mpsc::error::SendError(back)) => job = back,
                    }
                }
                None => match self.start(&key, job).await {
                    Ok(()) => return,
                    Err(back) => job = back,
                },
            }
        }
    }

    /// Queues `job` on `key`'s lane without waiting; gives it back when
    /// that lane is full, or when it is not running and no slot is free.
    pub fn try_push(&self, key: K, job: J) -> Result<(), J> {
        let mut lanes = self.shared.lock();
        let Some(lane) = lanes.get_mut(&key) else {
            return self.open_now(&mut lanes, key, job);
        };
        let job = match lane.tx.try_send(job) {
            Ok(()) => return Ok(()),
            Err(TrySendError::Full(job)) => return Err(job),
            Err(TrySendError::Closed(job)) => job,
        };
        lanes.remove(&key);
        self.open_now(&mut lanes, key, job)
    }

    /// How many lanes are running now.
    pub fn running(&self) -> usize {
        self.shared.lock().len()
    }

    /// Waits until no lane is running (every job pushed so far has run).
    pub async fn drained(&self) {
        loop {
            let ended = self.shared.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if self.running() == 0 {
                return;
            }
            ended.await;
        }
    }

    /// Starts `key`'s lane with `job` once a slot is free; gives the job
    /// back if another pusher started the lane meanwhile.
    async fn start(&self, key: &K, job: J) -> Result<(), J> {
        let Ok(slot) = Arc::clone(&self.shared.slots).acquire_owned().await else {
            unreachable!("the lane slots are never closed");
        };
        let mut lanes = self.shared.lock();
        if lanes.contains_key(key) {
            return Err(job);
        }
        self.open(&mut lanes, key.clone(), job, slot);
        Ok(())
    }

    /// Starts `key`'s lane (not running) with `job` if a slot is free now.
    fn open_now(&self, lanes: &mut HashMap<K, Lane<J>>, key: K, job: J) -> Result<(), J> {
        match Arc::clone(&self.shared.slots).try_acquire_owned() {
            Ok(slot) => {
                self.open(lanes, key, job, slot);
                Ok(())
            }
            Err(_) => Err(job),
        }
    }

    /// Starts `key`'s lane (not running) with `job` in its queue.
    fn open(&self, lanes: &mut HashMap<K, Lane<J>>, key: K, job: J, slot: OwnedSemaphorePermit) {
        let (tx, rx) = mpsc::channel(self.shared.depth);
        if tx.try_send(job).is_err() {
            unreachable!("a new queue has room for one job");
        }
        lanes.insert(key.clone(), Lane { tx, waiting: 0 });
        tokio::spawn(work(Arc::clone(&self.shared), key, rx, slot));
    }
}

impl<K: Hash + Eq, J> Shared<K, J> {
    fn lock(&self) -> MutexGuard<'_, HashMap<K, Lane<J>>> {
        self.lanes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A pusher that waited for room in `key`'s lane (`tx`) is done.
    fn done_waiting(&self, key: &K, tx: &mpsc::Sender<J>) {
        let mut lanes = self.lock();
        if let Some(lane) = lanes.get_mut(key)
            && lane.tx.same_channel(tx)
        {
            lane.waiting = lane.waiting.saturating_sub(1);
        }
    }
}

/// A lane's worker: runs its jobs in order and ends when the queue is
/// empty and nobody waits to push, giving its slot back.
async fn work<K: Hash + Eq, J>(
    shared: Arc<Shared<K, J>>,
    key: K,
    mut rx: mpsc::Receiver<J>,
    _slot: OwnedSemaphorePermit,
) {
    loop {
        let job = match rx.try_recv() {
            Ok(job) => job,
            Err(_) => {
                {
                    let mut lanes = shared.lock();
                    let idle = lanes.get(&key).is_none_or(|lane| lane.waiting == 0);
                    if idle && rx.is_empty() {
                        lanes.remove(&key);
                        drop(lanes);
                        shared.ended.notify_waiters();
                        return;
                    }
                }
                match rx.recv().await {
                    Some(job) => job,
                    None => return,
                }
            }
        };
        (shared.run)(job).await;
    }
}

#[cfg(test)]
mod tests;
