//! The report's plot: one bar chart per histogram, stacked, as a small hand-written SVG
//! (rectangles and text, no fonts to load), so the same histograms give the same bytes.

use std::fmt::Write as _;

use crate::histogram::Histogram;

const WIDTH: u32 = 760;
const PANEL: u32 = 230;
const LEFT: u32 = 70;
const RIGHT: u32 = 20;
const TOP: u32 = 40;
const BOTTOM: u32 = 40;

/// How a histogram's buckets follow each other.
#[derive(Clone, Copy)]
pub(crate) enum Scale {
    /// Powers of two: 0, 1, 2, 4, …
    Log2,
    /// Every whole number.
    Exact,
}

/// The buckets from the least to the greatest present, empty ones included, so the
/// x axis is even.
fn bars(histogram: &Histogram, scale: Scale) -> Vec<(u64, u64)> {
    let (Some((least, _)), Some((greatest, _))) = (histogram.buckets().next(), histogram.buckets().last()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut bucket = least;
    let mut present = histogram.buckets().peekable();
    loop {
        let count = match present.peek() {
            Some(&(b, c)) if b == bucket => {
                present.next();
                c
            }
            _ => 0,
        };
        out.push((bucket, count));
        if bucket >= greatest {
            return out;
        }
        bucket = match scale {
            Scale::Log2 if bucket == 0 => 1,
            Scale::Log2 => bucket * 2,
            Scale::Exact => bucket + 1,
        };
    }
}

/// A bucket's label: `2^k` for powers of two from 1,024, the number below.
fn label(bucket: u64, scale: Scale) -> String {
    match scale {
        Scale::Log2 if bucket >= 1024 => format!("2^{}", bucket.ilog2()),
        _ => bucket.to_string(),
    }
}

/// An SVG of `charts` (title, histogram, scale), one panel each, top to bottom.
pub(crate) fn plot(heading: &str, charts: &[(&str, &Histogram, Scale)]) -> String {
    let height = 30 + PANEL * charts.len() as u32;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="20" font-size="14" text-anchor="middle">{}</text>"#,
        WIDTH / 2,
        escape(heading)
    );
    for (i, (title, histogram, scale)) in charts.iter().enumerate() {
        panel(&mut svg, 30 + PANEL * i as u32, title, histogram, *scale);
    }
    svg.push_str("</svg>\n");
    svg
}

fn panel(svg: &mut String, y0: u32, title: &str, histogram: &Histogram, scale: Scale) {
    let bars = bars(histogram, scale);
    let (x0, plot_width) = (f64::from(LEFT), f64::from(WIDTH - LEFT - RIGHT));
    let (top, bottom) = (f64::from(y0 + TOP), f64::from(y0 + PANEL - BOTTOM));
    let _ = writeln!(svg, r#"<text x="{LEFT}" y="{}" font-size="12">{}</text>"#, y0 + TOP - 12, escape(title));
    let _ = writeln!(svg, r##"<path d="M{x0} {top}V{bottom}H{}" fill="none" stroke="#444"/>"##, x0 + plot_width);
    let most = bars.iter().map(|&(_, c)| c).max().unwrap_or(0).max(1);
    let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="end">{most}</text>"#, LEFT - 6, top + 4.0);
    let _ = writeln!(svg, r#"<text x="{}" y="{bottom}" text-anchor="end">0</text>"#, LEFT - 6);
    if bars.is_empty() {
        return;
    }
    let step = plot_width / bars.len() as f64;
    // At most about 12 labels along the axis.
    let every = bars.len().div_ceil(12);
    for (i, &(bucket, count)) in bars.iter().enumerate() {
        let x = x0 + step * i as f64;
        let h = (bottom - top) * count as f64 / most as f64;
        if count > 0 {
            let _ = writeln!(
                svg,
                r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{h:.2}" fill="#4a78b0"><title>{}: {count}</title></rect>"##,
                x + step * 0.1,
                bottom - h,
                step * 0.8,
                label(bucket, scale)
            );
        }
        if i % every == 0 {
            let _ = writeln!(
                svg,
                r#"<text x="{:.2}" y="{}" text-anchor="middle">{}</text>"#,
                x + step / 2.0,
                bottom + 14.0,
                label(bucket, scale)
            );
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_buckets_between_are_drawn_as_gaps() {
        let mut h = Histogram::default();
        for v in [1, 9, 9] {
            h.log2(v);
        }
        assert_eq!(bars(&h, Scale::Log2), [(1, 1), (2, 0), (4, 0), (8, 2)]);
        let mut lengths = Histogram::default();
        for v in [80, 82] {
            lengths.exact(v);
        }
        assert_eq!(bars(&lengths, Scale::Exact), [(80, 1), (81, 0), (82, 1)]);
        let svg =
            plot("a <census>", &[("lengths", &lengths, Scale::Exact), ("none", &Histogram::default(), Scale::Log2)]);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<rect x=").count(), 2);
        assert!(svg.contains("a &lt;census&gt;"));
    }
}
