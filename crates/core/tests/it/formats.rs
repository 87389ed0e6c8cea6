//! Text formats (fc-solve's `fc-solve/source/README.asciidoc` and `USAGE.asciidoc` in
//! `shlomif/fc-solve`; the notation as Castiaux's 2021 thesis, "Move notation", describes it):
//! the fc-solve board format and standard notation, with fc-solve's `v` + hex extension and
//! detailed notation.

use freecell_core::{Card, Move, MoveError, Notation, NotationError, Pile, Rules, Suit, verify};

use crate::common::Board;

use crate::common::{card, position};

/// Cascade 1: the 11-card run KH…3D on a 2C; cascade 2: KD; cascades 3 and 4 empty.
fn long_run() -> Board {
    let long = "2C KH QC JD TC 9D 8C 7D 6C 5D 4C 3D";
    position(Rules::freecell(), "", &[], &[long, "KD", "", "", "*", "*", "*", "*"])
}

fn run_move(from: usize, to: usize, count: u8) -> Move {
    Move::new(Pile::cascade(from), Pile::cascade(to), count)
}

#[test]
fn v_counts_are_hexadecimal_and_only_for_empty_cascades() {
    let board = long_run();
    // Into an empty cascade with another one empty and 4 cells: (4 + 1) · 2 = 10 cards.
    assert_eq!(board.parse_move("13vA"), Ok(run_move(0, 2, 10)));
    assert_eq!(board.parse_move("13va"), Ok(run_move(0, 2, 10)));
    assert_eq!(board.parse_move("13v2"), Ok(run_move(0, 2, 2)));
    // Without a count such a move is one card.
    assert_eq!(board.parse_move("13"), Ok(run_move(0, 2, 1)));
    assert_eq!(
        board.parse_move("13vB"),
        Err(NotationError::Illegal {
            token: "13vB".to_owned(),
            error: MoveError::OverCapacity { count: 11, capacity: 10 }
        })
    );
    assert_eq!(board.write_move(run_move(0, 2, 10)), "13va");
    assert_eq!(board.write_move(run_move(0, 2, 2)), "13v2");
    assert_eq!(board.write_move(run_move(0, 2, 1)), "13");
    // Onto a card the count follows from the ranks, so none is written.
    assert_eq!(board.write_move(run_move(0, 1, 10)), "12");
    assert_eq!(board.parse_move("12"), Ok(run_move(0, 1, 10)));
}

#[test]
fn a_cascade_move_onto_a_card_carries_the_run_that_fits() {
    // Cascade 3 holds the run KH QC JD TC 9D; cascade 8's top is JH, cascade 7's QS,
    // cascade 6's 9S.
    let cascades = ["*", "*", "KH QC JD TC 9D", "*", "*", "9S", "QS", "JH"];
    let board = position(Rules::freecell(), "", &[], &cascades);
    assert_eq!(board.parse_move("38"), Ok(run_move(2, 7, 2))); // TC 9D onto JH
    assert_eq!(board.parse_move("37"), Ok(run_move(2, 6, 3))); // JD TC 9D onto QS
    assert_eq!(
        board.parse_move("36"),
        Err(NotationError::Illegal {
            token: "36".to_owned(),
            error: MoveError::DoesNotBuild { card: card("9D"), onto: card("9S") }
        })
    );
}

#[test]
fn piles_beyond_nine_cascades_and_seven_cells() {
    // Seahaven Towers' tenth cascade is `0`; Eight Off's eighth cell is `i` (`h` is home).
    let mut seahaven = vec!["*"; 10];
    seahaven[9] = "KS QS";
    let board = position(Rules::seahaven_towers(), "", &[], &seahaven);
    let mv = Move::single(Pile::cascade(9), Pile::cell(0));
    assert_eq!(board.write_move(mv), "0a");
    assert_eq!(board.parse_move("0a"), Ok(mv));

    let cells = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "-"];
    let board = position(Rules::eight_off(), "", &cells, &["*"; 8]);
    let mv = Move::single(Pile::cascade(0), Pile::cell(7));
    assert_eq!(board.write_move(mv), "1i");
    assert_eq!(board.parse_move("1i"), Ok(mv));
    // `ah`: the foundation is the moving card's.
    assert_eq!(board.parse_move("ah"), Ok(Move::single(Pile::cell(0), Pile::foundation(Suit::Spades))));
}

#[test]
fn detailed_notation_writes_every_single_card_move() {
    // One cell taken, QC JD TC 9D onto KD: 3 cards out, 1 across, 3 back.
    let board = position(Rules::freecell(), "", &["AS"], &["KH QC JD TC 9D", "KD", "*", "*", "*", "*", "*", "*"]);
    let supermove = run_move(0, 1, 4);
    assert_eq!(board.write_solution(&[supermove], Notation::Standard).unwrap(), "12\n");
    let detailed = board.write_solution(&[supermove], Notation::Detailed).unwrap();
    assert_eq!(detailed.lines().count(), 7, "{detailed}");
    assert_eq!(detailed.lines().next(), Some("1b"));
    let mut after = board.clone();
    after.apply(supermove).unwrap();
    assert_eq!(verify(&board, &detailed).unwrap().board.key(), after.key());
    assert_eq!(verify(&board, "12").unwrap().board, after);
}

const DEAL: [&str; 8] = [
    "AC 3C 5C 7C 9C JC KC",
    "AD 3D 5D 7D 9D JD KD",
    "AH 3H 5H 7H 9H JH KH",
    "AS 3S 5S 7S 9S JS KS",
    "2C 4C 6C 8C TC QC",
    "2D 4D 6D 8D TD QD",
    "2H 4H 6H 8H TH QH",
    "2S 4S 6S 8S TS QS",
];

#[test]
fn display_writes_the_fc_solve_format() {
    let board: Board = DEAL.join("\n").parse().unwrap();
    let expected = format!("Foundations: H-0 C-0 D-0 S-0\nFreecells: - - - -\n: {}\n", DEAL.join("\n: "));
    assert_eq!(board.to_string(), expected);
    // Foundations in H C D S order with rank symbols; cells in order.
    let board = position(Rules::freecell(), "H1 C10 S13", &["-", "QD"], &["*", "*", "*", "*", "*", "*", "*", "*"]);
    let text = board.to_string();
    assert!(text.starts_with("Foundations: H-A C-T D-0 S-K\nFreecells: - QD - -\n"), "{text}");
}

#[test]
fn accepted_variants_of_the_board_format() {
    let board: Board = DEAL.join("\n").parse().unwrap();
    let variants = [
        // Lower case, `10`, leading colons, CRLF, comments, trailing blank lines.
        DEAL.join("\n").to_lowercase(),
        DEAL.join("\n").replace("TC", "10C"),
        format!(": {}", DEAL.join("\n: ")),
        DEAL.join("\r\n"),
        format!("# deal in deck order\n{}\n\n\n", DEAL.join("\n")),
        // Headers in any case, short forms, empty entries.
        format!("FOUNDATIONS: H-0 C-0 D-0 S-0\nfreecells: - - - -\n{}", DEAL.join("\n")),
        format!("Founds: H-0\nFC: -\n{}", DEAL.join("\n")),
        format!("  Foundations:   \n  Freecells:\n{}", DEAL.join("\n")),
    ];
    for text in variants {
        assert_eq!(text.parse::<Board>().as_ref(), Ok(&board), "{text}");
    }
    // A foundation written `10` and a cascade given as a lone colon.
    let text = "Foundations: H-10 C-K D-K S-K\n:\nJH QH KH\n";
    let board: Board = text.parse().unwrap();
    assert_eq!(board.foundation(Suit::Hearts), 10);
    assert_eq!((board.cascade_len(0), board.cascade_len(1)), (0, 3));
    assert_eq!(board.cascade_top(1), Some(card("KH")));
    let cards: usize = Card::deck().filter(|&c| board.is_home(c)).count();
    assert_eq!(cards, 49);
}

#[test]
fn replay_reports_the_index_of_the_first_illegal_move() {
    let board = long_run();
    let moves = [run_move(0, 2, 10), run_move(2, 1, 10), run_move(0, 2, 1)];
    let end = freecell_core::replay(&board, &moves).unwrap();
    assert_eq!(end.cascade_len(1), 11);
    // After the first move cascade 1 is 2C KH: no 10-card run is left to move.
    let error = freecell_core::replay(&board, &[moves[0], moves[0]]).unwrap_err();
    assert_eq!(error.index, 1);
    assert_eq!(error.token, None);
    assert_eq!(
        error.kind,
        freecell_core::VerifyErrorKind::Illegal(MoveError::NotASequence { pile: Pile::cascade(0), count: 10, run: 1 })
    );
}

#[test]
fn every_pile_of_the_widest_game_is_written_and_read_back() {
    // 20 cascades and 10 cells, written here rather than taken from CASCADE_SYMBOLS and
    // CELL_SYMBOLS: cascades `1`–`9`, `0`, `l`–`u`; cells `a`–`g`, `i`–`k` (`h` is home).
    let (cascade_symbols, cell_symbols) = ("1234567890lmnopqrstu", "abcdefgijk");
    let rules = Rules { free_cells: 10, cascades: 20, ..Rules::freecell() };
    let board = crate::common::deal(rules, 0, 7);
    for (i, cascade) in cascade_symbols.chars().enumerate() {
        for (j, cell) in cell_symbols.chars().enumerate() {
            let mv = Move::single(Pile::cascade(i), Pile::cell(j));
            let token = format!("{cascade}{cell}");
            assert_eq!(board.write_move(mv), token);
            assert_eq!(board.parse_move(&token), Ok(mv));
        }
    }
    // Every cell full and the last cascade empty: each cell and each other cascade into it.
    let narrower = Rules { cascades: 19, ..rules };
    let mut layout = freecell_core::Layout::deal(narrower, &crate::common::shuffled_deck(8), 10);
    layout.rules = rules;
    let board = Board::try_from(layout).expect("a whole deck");
    for (j, cell) in cell_symbols.chars().enumerate() {
        let mv = Move::single(Pile::cell(j), Pile::cascade(19));
        assert_eq!(board.write_move(mv), format!("{cell}u"));
        assert_eq!(board.parse_move(&format!("{cell}u")), Ok(mv));
    }
    for (i, cascade) in cascade_symbols.chars().take(19).enumerate() {
        let mv = Move::single(Pile::cascade(i), Pile::cascade(19));
        assert_eq!(board.parse_move(&format!("{cascade}u")), Ok(mv));
    }
}

#[test]
fn every_game_reads_back_its_board_format() {
    // Up to 20 cascade lines and a `Freecells:` line of up to 10 entries.
    let widest = Rules { free_cells: 10, cascades: 20, ..Rules::freecell() };
    let boards = freecell_core::Game::ALL
        .iter()
        .enumerate()
        .map(|(seed, game)| {
            let layout = freecell_core::Layout::deal_game(*game, &crate::common::shuffled_deck(seed as u64));
            Board::try_from(layout).expect("a whole deck")
        })
        .chain([crate::common::deal(widest, 7, 99)]);
    for board in boards {
        let text = board.to_string();
        let rules = *board.rules();
        // Games without cells have no `Freecells:` line.
        let cells = usize::from(rules.free_cells);
        assert_eq!(text.lines().count(), 1 + usize::from(cells > 0) + usize::from(rules.cascades), "{text}");
        if cells > 0 {
            let cells_line = text.lines().nth(1).unwrap_or_default();
            assert_eq!(cells_line.split_whitespace().count(), 1 + cells, "{text}");
        }
        assert_eq!(Board::parse_with_rules(&text, rules).as_ref(), Ok(&board), "{text}");
    }
}
