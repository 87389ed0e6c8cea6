//! The progress bar of `freecell bench`: deals done now, and how they ended.

use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use freecell_bench::Counts;

/// How often the bar is redrawn with new counts.
const EVERY: Duration = Duration::from_millis(100);

/// The bar of one run: its position and its counts change together, a few times a second
/// rather than for every deal (formatting the counts per deal would cost more than the
/// fastest deals), so the deal count and the outcome counts always describe the same
/// deals. Rows read back from a CSV file are left out of both.
#[derive(Debug)]
pub(super) struct Progress {
    bar: ProgressBar,
    /// The counts of the rows read back from the CSV file.
    before: Counts,
    /// Deals to run, and run so far.
    total: u64,
    ran: u64,
    /// Rows per deal: 1, or the hint positions of `--hints K`.
    per_deal: usize,
    told: Option<Instant>,
}

impl Progress {
    /// A bar for `total` deals, on standard error when it is a terminal (hidden otherwise);
    /// `before` holds the counts of the rows the CSV file had.
    pub(super) fn new(total: u64, per_deal: usize, before: Counts) -> Progress {
        Progress::with_bar(terminal_bar(total), total, per_deal, before)
    }

    fn with_bar(bar: ProgressBar, total: u64, per_deal: usize, before: Counts) -> Progress {
        Progress { bar, before, total, ran: 0, per_deal, told: None }
    }

    /// One more deal done; `counts` gives the summary's counts after it, asked for only
    /// when the bar is redrawn (they are a copy, with a map of reasons).
    pub(super) fn deal_done(&mut self, counts: impl FnOnce() -> Counts) {
        self.ran += 1;
        if self.told.is_none_or(|t| t.elapsed() >= EVERY) || self.ran == self.total {
            self.told = Some(Instant::now());
            self.bar.set_position(self.ran);
            self.bar.set_message(self.message(&counts()));
        }
    }

    fn message(&self, counts: &Counts) -> String {
        let (solved, unsolvable, undecided) = (
            counts.solved - self.before.solved,
            counts.unsolvable - self.before.unsolvable,
            counts.undecided - self.before.undecided,
        );
        let outcomes = format!("{solved} solved, {unsolvable} unsolvable, {undecided} undecided");
        if self.per_deal == 1 { outcomes } else { format!("{} positions: {outcomes}", self.ran * self.per_deal as u64) }
    }

    /// Runs `f` with the bar out of the way (for a line on standard error).
    pub(super) fn suspend(&self, f: impl FnOnce()) {
        self.bar.suspend(f);
    }

    /// Removes the bar.
    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A bar on standard error, hidden when standard error is not a terminal.
fn terminal_bar(deals: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(deals), ProgressDrawTarget::stderr());
    // The template is a constant; should it ever be rejected, the default style remains.
    if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} deals, eta {eta}: {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(solved: u64) -> Counts {
        Counts { total: solved, solved, ..Counts::default() }
    }

    #[test]
    fn the_position_and_the_counts_move_together() {
        // Ten deals from the CSV file, all solved; then three quick deals now, all solved.
        let bar = ProgressBar::hidden();
        let mut progress = Progress::with_bar(bar.clone(), 3, 1, counts(10));
        for done in 1..=3 {
            progress.deal_done(|| counts(10 + done));
            // Whenever the bar was last drawn, its counts are those of its position.
            let solved: u64 = bar.message().split(' ').next().unwrap().parse().unwrap();
            assert_eq!(solved, bar.position(), "after {done} deals: {}", bar.message());
        }
        assert_eq!((bar.position(), bar.message().as_str()), (3, "3 solved, 0 unsolvable, 0 undecided"));
    }

    #[test]
    fn hint_runs_count_positions() {
        let bar = ProgressBar::hidden();
        let mut progress = Progress::with_bar(bar.clone(), 1, 4, Counts::default());
        progress.deal_done(|| counts(4));
        assert_eq!(bar.message(), "4 positions: 4 solved, 0 unsolvable, 0 undecided");
    }
}
