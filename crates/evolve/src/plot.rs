//! An SVG chart of best and mean fitness per generation.

use plotters::prelude::*;

use crate::GenerationRecord;

/// The chart as SVG text: best and mean fitness per generation.
///
/// # Errors
/// A message when the chart cannot be drawn (plotters' error; not expected for finite data).
///
/// # Examples
/// ```
/// let svg = freecell_evolve::fitness_svg(&[], "empty run").unwrap();
/// assert!(svg.starts_with("<svg"));
/// ```
pub fn fitness_svg(history: &[GenerationRecord], title: &str) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 480)).into_drawing_area();
        draw(&root, history, title).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    history: &[GenerationRecord],
    title: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let last = history.last().map_or(1, |r| r.generation.max(1));
    let top = history.iter().map(|r| r.best_fitness).filter(|f| f.is_finite()).fold(0.0, f64::max);
    let top = if top > 0.0 { (top * 1.1).min(1.0).max(top) } else { 1.0 };
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..f64::from(last), 0f64..top)?;
    chart.configure_mesh().x_desc("generation").y_desc("fitness").draw()?;
    let series = |pick: fn(&GenerationRecord) -> f64| {
        history.iter().map(move |r| (f64::from(r.generation), pick(r))).collect::<Vec<_>>()
    };
    chart
        .draw_series(LineSeries::new(series(|r| r.best_fitness), RED.stroke_width(2)))?
        .label("best")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED.stroke_width(2)));
    chart
        .draw_series(LineSeries::new(series(|r| r.mean_fitness), BLUE.stroke_width(2)))?
        .label("mean")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE.stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE)
        .border_style(BLACK)
        .draw()?;
    Ok(())
}
