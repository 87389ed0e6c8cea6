//! The worker pool: running deals on worker threads and collecting the results in deal
//! order.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How often the collecting thread looks for finished items.
const POLL: Duration = Duration::from_millis(2);

/// Why [`run_in_order`] stopped early.
#[derive(Debug, PartialEq)]
pub enum Stopped<E> {
    /// The sink failed.
    Sink(E),
    /// The system refused to start a worker thread; the items taken by the threads that
    /// did start were finished and handed to the sink.
    Spawn {
        /// The thread refused, counting from 0.
        index: usize,
        /// The threads asked for.
        of: usize,
        /// The system's error.
        error: String,
    },
}

/// Runs `work` on every item on one thread per state in `states` and hands the results to
/// `sink` on the calling thread **in item order**, so what `sink` writes does not depend on
/// the number of threads.
///
/// Items are drawn from `items` as threads become free, never collected first: a range of
/// billions of deals costs no more memory than a range of ten.
///
/// Each thread owns one state (a `Solver`, whose engine caches are then reused for every
/// item the thread takes) and takes the next unclaimed item when it is free, so a slow
/// item holds up one thread only. Results that arrive early wait in a
/// map until the items before them are done; a result is a few dozen bytes, so even a very
/// slow item behind many fast ones costs little memory.
///
/// When `sink` fails or a thread cannot be started, no new item is started and the error
/// is returned once the running items have finished.
///
/// # Errors
/// [`Stopped`]: the sink's error, or the thread the system refused.
///
/// # Examples
/// ```
/// use freecell_bench::pool::{Stopped, run_in_order};
/// // Three threads, each counting the items it squared.
/// let mut squares = Vec::new();
/// let result: Result<(), Stopped<()>> = run_in_order(
///     1..=10u64,
///     vec![0u32; 3],
///     |taken, &n| {
///         *taken += 1;
///         n * n
///     },
///     |square| {
///         squares.push(square);
///         Ok(())
///     },
/// );
/// assert!(result.is_ok());
/// assert_eq!(squares, [1, 4, 9, 16, 25, 36, 49, 64, 81, 100]);
/// ```
pub fn run_in_order<I, S, R, E>(
    items: impl Iterator<Item = I> + Send,
    states: Vec<S>,
    work: impl Fn(&mut S, &I) -> R + Sync,
    sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), Stopped<E>>
where
    I: Send,
    S: Send,
    R: Send,
{
    run_with(thread::Builder::new, items, states, work, sink)
}

/// [`run_in_order`] with threads from `builder` (tests make the system refuse one).
fn run_with<I, S, R, E>(
    builder: impl Fn() -> thread::Builder,
    items: impl Iterator<Item = I> + Send,
    states: Vec<S>,
    work: impl Fn(&mut S, &I) -> R + Sync,
    mut sink: impl FnMut(R) -> Result<(), E>,
) -> Result<(), Stopped<E>>
where
    I: Send,
    S: Send,
    R: Send,
{
    let items = Mutex::new(items.enumerate());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let threads = states.len();
    thread::scope(|scope| {
        let mut refused = None;
        for (index, mut state) in states.into_iter().enumerate() {
            let tx = tx.clone();
            let (items, stop, work) = (&items, &stop, &work);
            let started = builder().spawn_scoped(scope, move || {
                while !stop.load(Ordering::Relaxed) {
                    // A worker that panicked while holding the lock poisons it; the others
                    // stop taking items, and the scope re-raises the panic.
                    let Some((i, item)) = items.lock().ok().and_then(|mut items| items.next()) else { break };
                    if tx.send((i, work(&mut state, &item))).is_err() {
                        break;
                    }
                }
            });
            if let Err(error) = started {
                stop.store(true, Ordering::Relaxed);
                refused = Some(Stopped::Spawn { index, of: threads, error: error.to_string() });
                break;
            }
        }
        // The workers hold the only senders left: the loop below ends when they are done.
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let mut failed = refused;
        // Results are collected every `POLL` rather than as each arrives: a receiver blocked
        // in `recv` is woken by every send, and on a 2-core machine running 2 workers that
        // wake-up preempts a worker once per item (1.35 million involuntary context switches
        // and 18 s of system time on a million-deal census).
        let results = std::iter::from_fn(|| {
            loop {
                match rx.try_recv() {
                    Ok(result) => return Some(result),
                    Err(mpsc::TryRecvError::Empty) => thread::sleep(POLL),
                    Err(mpsc::TryRecvError::Disconnected) => return None,
                }
            }
        });
        for (i, result) in results {
            if matches!(failed, Some(Stopped::Sink(_))) {
                continue;
            }
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                due += 1;
                if let Err(error) = sink(result) {
                    stop.store(true, Ordering::Relaxed);
                    failed = Some(Stopped::Sink(error));
                    break;
                }
            }
        }
        failed.map_or(Ok(()), Err)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_arrive_in_item_order_whatever_the_thread_count() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 7] {
            let mut seen = Vec::new();
            // Uneven work, so threads finish out of order.
            let result: Result<(), Stopped<()>> = run_in_order(
                items.iter().copied(),
                vec![0u64; jobs],
                |calls, &x: &u64| {
                    *calls += 1;
                    std::hint::black_box((0..(x % 7) * 1000).sum::<u64>());
                    x
                },
                |x| {
                    seen.push(x);
                    Ok(())
                },
            );
            assert_eq!(result, Ok(()));
            assert_eq!(seen, items, "jobs = {jobs}");
        }
    }

    #[test]
    fn a_failing_sink_stops_new_work_and_returns_its_error() {
        let items: Vec<u32> = (0..1_000).collect();
        let started = std::sync::atomic::AtomicUsize::new(0);
        let result = run_in_order(
            items.iter().copied(),
            vec![(); 2],
            |(), &x| {
                started.fetch_add(1, Ordering::Relaxed);
                thread::sleep(std::time::Duration::from_millis(1));
                x
            },
            |x| if x == 3 { Err("full disk") } else { Ok(()) },
        );
        assert_eq!(result, Err(Stopped::Sink("full disk")));
        assert!(started.load(Ordering::Relaxed) < items.len(), "work stopped early");
    }

    #[test]
    fn a_refused_thread_is_an_error_not_a_panic() {
        // The second thread asks for a stack no system grants.
        let count = std::sync::atomic::AtomicUsize::new(0);
        let builder = || {
            let n = count.fetch_add(1, Ordering::Relaxed);
            if n == 0 { thread::Builder::new() } else { thread::Builder::new().stack_size(1 << 60) }
        };
        let mut seen = Vec::new();
        let result: Result<(), Stopped<()>> = run_with(
            builder,
            0..1_000u32,
            vec![(); 3],
            |(), &x| x,
            |x| {
                seen.push(x);
                Ok(())
            },
        );
        match result {
            Err(Stopped::Spawn { index: 1, of: 3, error }) => assert!(!error.is_empty()),
            other => panic!("{other:?}"),
        }
        // What the first thread finished reached the sink, in order.
        assert!(seen.iter().copied().eq(0..seen.len() as u32), "{seen:?}");
    }

    #[test]
    fn no_items_is_fine() {
        let result: Result<(), Stopped<()>> =
            run_in_order(std::iter::empty::<u8>(), vec![(); 3], |(), &x| x, |_| Ok(()));
        assert_eq!(result, Ok(()));
    }
}
