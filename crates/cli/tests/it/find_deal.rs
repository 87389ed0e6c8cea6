//! `freecell find-deal`.

use crate::{DEAL_1, DEAL_6000000000, freecell, freecell_with_stdin};

#[test]
fn published_deals_are_found() {
    let run = freecell_with_stdin(&["find-deal", "-"], DEAL_1);
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "1\n", ""));
    let run = freecell_with_stdin(&["find-deal", "--jobs", "1", "-"], DEAL_6000000000);
    assert_eq!((run.code, run.stdout.as_str()), (0, "6000000000\n"), "{}", run.stderr);
}

#[test]
fn a_played_position_is_found() {
    // Deal 1 after the first twenty moves of a `fast` solution (`freecell solve --deal 1`),
    // cards in free cells and on foundations.
    let played = "\
Foundations: H-3 C-3 D-0 S-A
Freecells: 8C 7D 4D -
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C 8D 7S 6H
: 9H 9S 9D TS
: JC 5S QD QH TH
: 5D AD JS 4H 8H 6C
: 7H QC JH TC
: 7C KH QS
: 5H 4S 3D
";
    let run = freecell_with_stdin(&["find-deal", "-"], played);
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"), "{}", run.stderr);
}

#[test]
fn a_position_with_few_dealt_cards_lists_every_deal_that_fits() {
    // Deal 4,715,398,042 after 80 moves of a `fast` solution: only JC KS (cascade 1) and
    // JS TC (cascade 8) must lie where they were dealt; every other card can have been put
    // where it is by play.
    let played = "\
Foundations: H-J C-9 D-Q S-T
Freecells: - - - -
: JC KS
: KC QH
: QC
: KD QS
: KH
:
:
: JS TC
";
    let run = freecell_with_stdin(&["find-deal", "-"], played);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let deals: Vec<&str> = run.stdout.lines().collect();
    assert!(deals.contains(&"4715398042"), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        format!("freecell: {} deals fit this position: it keeps too few dealt cards to tell them apart\n", deals.len())
    );
    // The first and the last deal listed deal those four cards there.
    for deal in [deals[0], deals[deals.len() - 1]] {
        let layout = freecell(&["deal", deal]).stdout;
        let cascades: Vec<&str> = layout.lines().collect();
        assert!(cascades[0].starts_with("JC KS ") && cascades[7].starts_with("JS TC "), "deal {deal}:\n{layout}");
    }
}

#[test]
fn a_layout_no_deal_gives_is_none() {
    // Deal 1 with its first two cards (JD, 2D) swapped.
    let swapped = DEAL_1.replacen("JD", "XX", 1).replacen("2D", "JD", 1).replacen("XX", "2D", 1);
    let run = freecell_with_stdin(&["find-deal", "-"], &swapped);
    assert_eq!((run.code, run.stdout.as_str()), (3, ""));
    assert_eq!(
        run.stderr,
        "freecell: none: no Microsoft deal (1 to 8589934591) gives this position, as dealt or played from\n"
    );
}

#[test]
fn a_position_with_too_few_dealt_cards_is_undecided() {
    let run = freecell_with_stdin(&["find-deal", "-"], "Foundations: H-K C-K D-K S-K\n");
    assert_eq!((run.code, run.stdout.as_str()), (4, ""));
    assert!(run.stderr.starts_with("freecell: undecided: only 0 of the position's cards"), "{}", run.stderr);
}

#[test]
fn the_help_lists_the_command_and_its_exit_codes() {
    let help = freecell(&["--help"]).stdout;
    assert!(help.contains("find-deal"), "{help}");
    assert!(help.contains("no deal gives the position (find-deal)"), "{help}");
}
