use super::*;
use tokio::sync::{Notify, mpsc::unbounded_channel};

/// A job: its key, its number, whether it waits for the gate.
type Job = (u32, u32, bool);
/// What the test hears: the key and number of each job run.
type Seen = tokio::sync::mpsc::UnboundedReceiver<(u32, u32)>;

/// Lanes that report `(key, n)` for each job run, after waiting for `gate`
/// when the job says so.
fn lanes(limits: LaneLimits, gate: Arc<Notify>) -> (Lanes<u32, Job>, Seen) {
    let (done, seen) = unbounded_channel();
    let lanes = Lanes::new(limits, move |(key, n, hold): Job| {
        let done = done.clone();
        let gate = Arc::clone(&gate);
        async move {
            if hold {
                gate.notified().await;
            }
            let _ = done.send((key, n));
        }
    });
    (lanes, seen)
}

#[tokio::test]
async fn one_key_runs_in_order_and_a_held_key_holds_no_other() {
    let gate = Arc::new(Notify::new());
    let (lanes, mut seen) = lanes(LaneLimits { lanes: 4, depth: 4 }, Arc::clone(&gate));
    lanes.push(1, (1, 0, true)).await;
    for n in 1..20 {
        lanes.push(1, (1, n, false)).await;
        if n == 3 {
            // Key 1 is held by its first job; key 2 still runs.
            lanes.push(2, (2, 0, false)).await;
            assert_eq!(seen.recv().await, Some((2, 0)));
            gate.notify_one();
        }
    }
    for n in 0..20 {
        assert_eq!(seen.recv().await, Some((1, n)));
    }
}

#[tokio::test]
async fn idle_lanes_end_and_start_again() {
    let gate = Arc::new(Notify::new());
    let (lanes, mut seen) = lanes(LaneLimits::default(), gate);
    for key in 0..50 {
        lanes.push(key, (key, 0, false)).await;
    }
    for _ in 0..50 {
        seen.recv().await.unwrap();
    }
    for _ in 0..100 {
        if lanes.running() == 0 {
            break;
        }
        tokio::task::yield_now().await;
    }
    assert_eq!(lanes.running(), 0);
    lanes.push(7, (7, 1, false)).await;
    assert_eq!(seen.recv().await, Some((7, 1)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_job_is_lost_when_lanes_are_full() {
    let gate = Arc::new(Notify::new());
    let (lanes, mut seen) = lanes(LaneLimits { lanes: 2, depth: 1 }, gate);
    let pushers: Vec<_> = (0..4u32)
        .map(|key| {
            let lanes = lanes.clone();
            tokio::spawn(async move {
                for n in 0..200 {
                    lanes.push(key, (key, n, false)).await;
                }
            })
        })
        .collect();
    let mut next = [0u32; 4];
    for _ in 0..800 {
        let (key, n) = seen.recv().await.unwrap();
        assert_eq!(n, next[key as usize], "lane {key} out of order");
        next[key as usize] += 1;
    }
    for pusher in pushers {
        pusher.await.unwrap();
    }
}
