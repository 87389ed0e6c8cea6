//! Bad input: malformed boards, layouts and solutions each get a typed error that says
//! what is wrong and where (line, column, token), never a panic.

use freecell_core::{
    Card, Layout, LayoutError, Location, MoveError, NextHome, NotationError, ParseBoardError, ParseBoardErrorKind as K,
    Pile, Rules, RulesError, SequenceCapacity, Suit, VerifyErrorKind, verify,
};

use crate::common::Board;

use crate::common::{card, cards, position};

/// Microsoft-style round-robin deal of the unshuffled deck: cascade `i` holds cards
/// `i, i + 8, …` of the deck order, so every line is one suit, odd or even ranks.
const BASE: [&str; 8] = [
    "AC 3C 5C 7C 9C JC KC",
    "AD 3D 5D 7D 9D JD KD",
    "AH 3H 5H 7H 9H JH KH",
    "AS 3S 5S 7S 9S JS KS",
    "2C 4C 6C 8C TC QC",
    "2D 4D 6D 8D TD QD",
    "2H 4H 6H 8H TH QH",
    "2S 4S 6S 8S TS QS",
];

/// `header` then the base deal with cascade lines replaced (1-based line of the deal).
fn text(header: &str, edits: &[(usize, &str)]) -> String {
    let mut lines: Vec<&str> = BASE.to_vec();
    for &(line, replacement) in edits {
        lines[line - 1] = replacement;
    }
    format!("{header}{}\n", lines.join("\n"))
}

fn cascade(cascade: usize, depth: usize) -> Location {
    Location::Cascade { cascade, depth }
}

fn dup(card_text: &str, first: Location, second: Location) -> K {
    K::Layout(LayoutError::Duplicate { card: card(card_text), first, second })
}

/// One malformed board: the rules, the text, the expected kind, and where.
struct Bad {
    name: &'static str,
    rules: Rules,
    text: String,
    kind: K,
    at: Option<(usize, usize)>,
    token: Option<&'static str>,
}

fn bad(name: &'static str, text: String, kind: K, at: Option<(usize, usize)>, token: Option<&'static str>) -> Bad {
    Bad { name, rules: Rules::freecell(), text, kind, at, token }
}

/// Reasons are the card parser's; only the kind of complaint is pinned down here.
fn bad_card(name: &'static str, text: String, at: (usize, usize), token: &'static str, about: &str) -> Bad {
    let reason = token.parse::<Card>().expect_err("a bad card").reason;
    assert!(reason.contains(about), "{name}: reason `{reason}` should be about the {about}");
    bad(name, text, K::BadCard { reason }, Some(at), Some(token))
}

#[allow(clippy::too_many_lines)]
fn bad_boards() -> Vec<Bad> {
    let all: Vec<Card> = Card::deck().collect();
    vec![
        bad(
            "missing card",
            text("", &[(4, "AS 3S 5S 7S 9S JS")]),
            K::Layout(LayoutError::Missing { cards: cards("KS") }),
            None,
            None,
        ),
        bad(
            "missing cascade",
            text("", &[(8, "")]),
            K::Layout(LayoutError::Missing { cards: cards("2S 4S 6S 8S TS QS") }),
            None,
            None,
        ),
        bad("empty text", String::new(), K::Layout(LayoutError::Missing { cards: all.clone() }), None, None),
        bad("blank text", "  \n\n\t\n".to_owned(), K::Layout(LayoutError::Missing { cards: all }), None, None),
        bad(
            "duplicate across cascades",
            text("", &[(4, "AS 3S 5S 7S 9S JS KC")]),
            dup("KC", cascade(0, 6), cascade(3, 6)),
            Some((4, 19)),
            Some("KC"),
        ),
        bad(
            "duplicate in one cascade",
            text("", &[(1, "AC 3C 5C 7C 9C JC AC")]),
            dup("AC", cascade(0, 0), cascade(0, 6)),
            Some((1, 19)),
            Some("AC"),
        ),
        bad(
            "duplicate after a colon",
            text("", &[(4, ": AS 3S 5S 7S 9S JS AC")]),
            dup("AC", cascade(0, 0), cascade(3, 6)),
            Some((4, 21)),
            Some("AC"),
        ),
        bad(
            "duplicate cell and cascade",
            text("Freecells: AC\n", &[]),
            dup("AC", Location::Cell(0), cascade(0, 0)),
            Some((2, 1)),
            Some("AC"),
        ),
        bad(
            "duplicate cells",
            text("Freecells: - KS KS\n", &[(4, "AS 3S 5S 7S 9S JS")]),
            dup("KS", Location::Cell(1), Location::Cell(2)),
            Some((1, 17)),
            Some("KS"),
        ),
        bad(
            "foundation claims a cascade card",
            text("Foundations: H-2 C-0 D-0 S-0\n", &[]),
            dup("AH", Location::Foundation(Suit::Hearts), cascade(2, 0)),
            Some((4, 1)),
            Some("AH"),
        ),
        bad(
            "complete foundation and cards on the table",
            text("Foundations: S-K\n", &[]),
            dup("AS", Location::Foundation(Suit::Spades), cascade(3, 0)),
            Some((5, 1)),
            Some("AS"),
        ),
        bad(
            "foundation claims a cell card",
            text("Foundations: C-A\nFreecells: AC\n", &[(1, "3C 5C 7C 9C JC KC")]),
            dup("AC", Location::Foundation(Suit::Clubs), Location::Cell(0)),
            Some((2, 12)),
            Some("AC"),
        ),
        bad("rank 11 written B", text("Foundations: H-B\n", &[]), K::BadFoundation, Some((1, 14)), Some("H-B")),
        bad("foundation without dash", text("Foundations: H5\n", &[]), K::BadFoundation, Some((1, 14)), Some("H5")),
        bad("foundation rank 14", text("Foundations: C-14\n", &[]), K::BadFoundation, Some((1, 14)), Some("C-14")),
        bad("foundation of no suit", text("Foundations: X-5\n", &[]), K::BadFoundation, Some((1, 14)), Some("X-5")),
        bad(
            "foundation without rank (short header)",
            text("Founds: H-5 S-\n", &[]),
            K::BadFoundation,
            Some((1, 13)),
            Some("S-"),
        ),
        bad("foundation twice", text("Foundations: H-0 H-0\n", &[]), K::FoundationTwice, Some((1, 18)), Some("H-0")),
        bad_card("bad suit", text("", &[(3, "AX 3H 5H 7H 9H JH KH")]), (3, 1), "AX", "suit"),
        bad_card("rank 1", text("", &[(5, "2C 4C 1X 8C TC QC")]), (5, 7), "1X", "an ace is written `A`"),
        bad_card("rank 11", text("", &[(7, "2H 4H 6H 8H 11H QH")]), (7, 13), "11H", "written `J`, `Q` and `K`"),
        bad_card("three letters", text("", &[(1, "AC 3C 5C 7C 9C JC KCC")]), (1, 19), "KCC", "a rank and a suit"),
        bad_card("unknown token", text("", &[(2, "AD 3D 5D ?? 9D JD KD")]), (2, 10), "??", "rank"),
        bad_card(
            "non-ASCII suit",
            text("", &[(3, "AH 3H 5H 7H 9H JH K♥")]),
            (3, 19),
            "K♥",
            "the letters C, D, H and S",
        ),
        bad_card("non-ASCII token", text("", &[(1, "AC 3C 5C 7C 9C JC KC é")]), (1, 22), "é", "rank"),
        bad_card("bad card in a cell", text("Freecells: 8X\n", &[]), (1, 12), "8X", "suit"),
        bad_card(
            "comment lines still count",
            text("# a comment\n", &[(2, "AD 3D 5D 7D 9D JD ZZ")]),
            (3, 19),
            "ZZ",
            "rank",
        ),
        bad(
            "too many free-cell cards",
            text("Freecells: 2S 4S 6S 8S TS\n", &[(8, "QS")]),
            K::TooManyCells { allowed: 4 },
            Some((1, 24)),
            Some("TS"),
        ),
        Bad {
            rules: Rules { free_cells: 0, ..Rules::freecell() },
            ..bad(
                "a cell card with no cells",
                text("Freecells: QS\n", &[(8, "2S 4S 6S 8S TS")]),
                K::TooManyCells { allowed: 0 },
                Some((1, 12)),
                Some("QS"),
            )
        },
        bad(
            "nine cascades under FreeCell",
            text("", &[(8, "2S 4S 6S\n8S TS QS")]),
            K::TooManyCascades { allowed: 8 },
            Some((9, 1)),
            Some("8S TS QS"),
        ),
        bad(
            "leading blank lines are cascades",
            text("\n\n", &[]),
            K::TooManyCascades { allowed: 8 },
            Some((9, 1)),
            Some("2H 4H 6H 8H TH QH"),
        ),
        Bad {
            rules: Rules::seahaven_towers(),
            ..bad(
                "eleven cascades under Seahaven Towers",
                text("", &[(8, "2S 4S 6S 8S TS QS\n:\n:\n:")]),
                K::TooManyCascades { allowed: 10 },
                Some((11, 1)),
                Some(":"),
            )
        },
        bad(
            "cells after cascades",
            text("", &[(8, "2S 4S 6S 8S TS QS\nFreecells: - - - -")]),
            K::HeaderAfterCascades,
            Some((9, 1)),
            Some("Freecells: - - - -"),
        ),
        bad(
            "foundations after cascades",
            text("", &[(8, "2S 4S 6S 8S TS QS\nFoundations: H-0")]),
            K::HeaderAfterCascades,
            Some((9, 1)),
            Some("Foundations: H-0"),
        ),
        bad(
            "foundations header twice",
            text("Foundations: H-0\nFoundations: C-0\n", &[]),
            K::HeaderTwice,
            Some((2, 1)),
            Some("Foundations: C-0"),
        ),
        Bad {
            rules: Rules { cascades: 21, ..Rules::freecell() },
            ..bad(
                "twenty-one cascades in the rules",
                text("", &[]),
                K::Layout(LayoutError::Rules(RulesError::Cascades(21))),
                None,
                None,
            )
        },
        Bad {
            rules: Rules { free_cells: 11, ..Rules::freecell() },
            ..bad(
                "eleven cells in the rules",
                text("", &[]),
                K::Layout(LayoutError::Rules(RulesError::FreeCells(11))),
                None,
                None,
            )
        },
        // Found by the parse_board fuzz target: columns after non-ASCII white space.
        bad_card(
            "after a no-break space",
            text("\u{a0}Freecells: - - - - 4STH\n", &[]),
            (1, 21),
            "4STH",
            "a rank and a suit",
        ),
        bad_card("cells after an ideographic space", text("\u{3000}FC: 8X\n", &[]), (1, 6), "8X", "suit"),
        bad(
            "foundation after a no-break space",
            text("\u{a0}\u{a0}Foundations: H-B\n", &[]),
            K::BadFoundation,
            Some((1, 16)),
            Some("H-B"),
        ),
        bad(
            "indented header twice",
            text("Foundations: H-0\n  Foundations: C-0\n", &[]),
            K::HeaderTwice,
            Some((2, 3)),
            Some("Foundations: C-0"),
        ),
        bad(
            "indented ninth cascade",
            text("", &[(8, "2S 4S 6S\n\t 8S TS QS")]),
            K::TooManyCascades { allowed: 8 },
            Some((9, 3)),
            Some("8S TS QS"),
        ),
        bad("cells header twice", text("Freecells: -\nFC: -\n", &[]), K::HeaderTwice, Some((2, 1)), Some("FC: -")),
        bad_card("a lone rank", text("", &[(2, "AD 3D 5D 7D 9D JD K")]), (2, 19), "K", "suit is missing"),
        bad_card("rank 0", text("", &[(7, "2H 4H 6H 8H TH 0H")]), (7, 16), "0H", "a ten is written `T` or `10`"),
        bad_card("10 of no suit", text("", &[(5, "2C 4C 6C 8C 10X QC")]), (5, 13), "10X", "suit"),
        bad(
            "a double dash in the cells",
            text("Freecells: --\n", &[]),
            K::BadCard { reason: "an empty free cell is a single `-`" },
            Some((1, 12)),
            Some("--"),
        ),
        bad(
            "duplicate written in lower case",
            text("", &[(4, "AS 3S 5S 7S 9S JS kc")]),
            dup("KC", cascade(0, 6), cascade(3, 6)),
            Some((4, 19)),
            Some("kc"),
        ),
        bad(
            "duplicate written as 10",
            text("", &[(5, "2C 4C 6C 8C 10C QC 10C")]),
            dup("TC", cascade(4, 4), cascade(4, 6)),
            Some((5, 20)),
            Some("10C"),
        ),
        bad(
            "duplicate deepest cards",
            text("", &[(8, "AC 4S 6S 8S TS QS")]),
            dup("AC", cascade(0, 0), cascade(7, 0)),
            Some((8, 1)),
            Some("AC"),
        ),
        bad("negative foundation", text("Foundations: H--1\n", &[]), K::BadFoundation, Some((1, 14)), Some("H--1")),
        bad(
            "foundation twice, apart",
            text("Foundations: H-0 D-0 H-5\n", &[]),
            K::FoundationTwice,
            Some((1, 22)),
            Some("H-5"),
        ),
        Bad {
            rules: Rules::eight_off(),
            ..bad(
                "nine cell cards under Eight Off",
                text("Freecells: 2S 4S 6S 8S TS QS 2H 4H 6H\n", &[(7, ""), (8, "")]),
                K::TooManyCells { allowed: 8 },
                Some((1, 36)),
                Some("6H"),
            )
        },
    ]
}

#[test]
fn malformed_boards_get_typed_errors_with_places() {
    let cases = bad_boards();
    assert!(cases.len() >= 50, "{} cases", cases.len());
    for case in cases {
        let error: ParseBoardError = match Board::parse_with_rules(&case.text, case.rules) {
            Ok(board) => panic!("{}: parsed as {board:?}", case.name),
            Err(error) => error,
        };
        assert_eq!(error.kind, case.kind, "{}: {error}", case.name);
        let at = error.position.map(|p| (p.line, p.column));
        assert_eq!(at, case.at, "{}: {error}", case.name);
        assert_eq!(error.token.as_deref(), case.token, "{}: {error}", case.name);
        // The message names the place whenever there is one.
        let message = error.to_string();
        if let Some((line, column)) = case.at {
            assert!(message.starts_with(&format!("line {line}, column {column}")), "{}: {message}", case.name);
        }
    }
}

#[test]
fn board_error_messages_read_well() {
    let message = |text: &str| Board::parse_with_rules(text, Rules::freecell()).unwrap_err().to_string();
    assert_eq!(
        message(&text("", &[(4, "AS 3S 5S 7S 9S JS KC")])),
        "line 4, column 19 (`KC`): KC appears twice: at cascade 1, card 7 and at cascade 4, card 7"
    );
    assert_eq!(message(&text("", &[(4, "AS 3S 5S 7S 9S JS")])), "1 card is missing: KS");
    assert_eq!(message(&text("", &[(8, "")])), "6 cards are missing: 2S 4S 6S 8S TS QS");
    assert_eq!(
        message(&text("Foundations: H-2\n", &[])),
        "line 4, column 1 (`AH`): AH appears twice: at the H foundation and at cascade 3, card 1"
    );
    assert_eq!(
        message(&text("Freecells: 2S 4S 6S 8S TS\n", &[(8, "QS")])),
        "line 1, column 24 (`TS`): more cards in the free cells than the game's 4 cells"
    );
    assert_eq!(
        message(&text("", &[(2, "AD 3D 5D ?? 9D JD KD")])),
        "line 2, column 10 (`??`): not a card: unknown rank (expected A, 2-9, T, J, Q or K)"
    );
}

#[test]
fn malformed_layouts_get_typed_errors() {
    let deck: Vec<Card> = Card::deck().collect();
    let freecell = Rules::freecell();

    let nine = Layout::deal(Rules { cascades: 9, ..freecell }, &deck, 0);
    let error = Board::try_from(Layout { rules: freecell, ..nine }).unwrap_err();
    assert_eq!(error, LayoutError::TooManyCascades { found: 9, allowed: 8 });
    assert_eq!(error.to_string(), "9 cascades given, but the rules have 8");

    // Trailing empty cascades and cells are padding, not an error.
    let mut padded = Layout::deal(freecell, &deck, 0);
    padded.cascades.extend([Vec::new(), Vec::new(), Vec::new()]);
    padded.cells.extend([None; 6]);
    assert!(Board::try_from(padded).is_ok());

    let mut cells = Layout::deal(freecell, &deck[..51], 0);
    cells.cells = vec![None, None, None, None, Some(deck[51])];
    assert_eq!(Board::try_from(cells).unwrap_err(), LayoutError::TooManyCells { found: 5, allowed: 4 });

    for (rules, expected) in [
        (Rules { cascades: 0, ..freecell }, RulesError::Cascades(0)),
        (Rules { cascades: 21, ..freecell }, RulesError::Cascades(21)),
        (Rules { free_cells: 11, ..freecell }, RulesError::FreeCells(11)),
    ] {
        assert_eq!(Board::try_from(Layout::deal(rules, &deck, 0)).unwrap_err(), LayoutError::Rules(expected));
    }
    // Valid rules wider than the narrow board type: a `WideBoard` takes them.
    let fan = Layout::deal(freecell_core::Game::Fan.rules(), &deck, 0);
    assert_eq!(
        freecell_core::Board::try_from(&fan).unwrap_err(),
        LayoutError::TooWide { cascades: 18, cells: 0, room: (10, 8) }
    );
    assert!(freecell_core::WideBoard::try_from(fan).is_ok());

    let mut rank = Layout::deal(freecell, &deck, 0);
    rank.foundations[Suit::Hearts.index()] = 14;
    let error = Board::try_from(rank).unwrap_err();
    assert_eq!(error, LayoutError::FoundationRank { suit: Suit::Hearts, rank: 14 });
    assert_eq!(error.location(), Some(Location::Foundation(Suit::Hearts)));

    let mut claimed = Layout::deal(freecell, &deck, 0);
    claimed.foundations[Suit::Clubs.index()] = 1;
    assert_eq!(
        Board::try_from(claimed).unwrap_err(),
        LayoutError::Duplicate { card: card("AC"), first: Location::Foundation(Suit::Clubs), second: cascade(0, 0) }
    );

    let short = Layout::deal(freecell, &deck[2..], 0);
    assert_eq!(Board::try_from(short).unwrap_err(), LayoutError::Missing { cards: cards("AC AD") });
}

/// One bad solution: the board, the text, and what the verifier must report.
struct BadSolution {
    board: Board,
    solution: &'static str,
    index: usize,
    token: &'static str,
    at: (usize, usize),
    kind: VerifyErrorKind,
}

fn syntax(token: &str) -> VerifyErrorKind {
    // The reason text is the notation parser's; the test pins the kind and the token.
    let Err(error @ NotationError::Syntax { .. }) = base_board().parse_move(token) else {
        panic!("`{token}` should be a syntax error");
    };
    VerifyErrorKind::Syntax(error)
}

fn base_board() -> Board {
    text("", &[]).parse().expect("the base deal is legal")
}

#[allow(clippy::too_many_lines)]
fn bad_solutions() -> Vec<BadSolution> {
    let base = base_board();
    let illegal = VerifyErrorKind::Illegal;
    let case = |solution, index, token, at, kind| BadSolution { board: base.clone(), solution, index, token, at, kind };
    // FreeCell with cells AS 2S 3S and one free: QS JH TS 9H (on KD) cannot move onto KH,
    // since (1 + 1) · 2^0 = 2 cards may move.
    let capacity = position(
        Rules::freecell(),
        "",
        &["AS", "2S", "3S", "-"],
        &["KD QS JH TS 9H", "KH", "*", "*", "*", "*", "*", "*"],
    );
    let hole = position(Rules::freecell(), "", &[], &["", "*", "*", "*", "*", "*", "*", "*"]);
    let eight_off = position(Rules::eight_off(), "", &[], &["", "QH", "*", "*", "*", "*", "*", "*"]);
    let to_empty =
        position(Rules::freecell(), "", &["AS", "2S", "3S", "-"], &["KD QS JH", "", "*", "*", "*", "*", "*", "*"]);
    vec![
        case("3x", 0, "3x", (1, 1), syntax("3x")),
        case("1a 3", 1, "3", (1, 4), syntax("3")),
        case("3hv", 0, "3hv", (1, 1), syntax("3hv")),
        case("13v0", 0, "13v0", (1, 1), syntax("13v0")),
        case("13vZ", 0, "13vZ", (1, 1), syntax("13vZ")),
        case("1a 13x2", 1, "13x2", (1, 4), syntax("13x2")),
        case("1a\n1é", 1, "1é", (2, 1), syntax("1é")),
        case("33", 0, "33", (1, 1), illegal(MoveError::SamePile { pile: Pile::cascade(2) })),
        case("h3", 0, "h3", (1, 1), syntax("h3")),
        case("1a hh", 1, "hh", (1, 4), syntax("hh")),
        case("1a 2a", 1, "2a", (1, 4), illegal(MoveError::CellOccupied { pile: Pile::cell(0), card: card("KC") })),
        case("1a,2a", 1, "2a", (1, 4), illegal(MoveError::CellOccupied { pile: Pile::cell(0), card: card("KC") })),
        case("51", 0, "51", (1, 1), illegal(MoveError::DoesNotBuild { card: card("QC"), onto: card("KC") })),
        case(
            "1h",
            0,
            "1h",
            (1, 1),
            illegal(MoveError::NotNextHome { card: card("KC"), needs: NextHome::Card(card("AC")) }),
        ),
        case("a1", 0, "a1", (1, 1), illegal(MoveError::EmptySource { pile: Pile::cell(0) })),
        case("1e", 0, "1e", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cell(4) })),
        case("91", 0, "91", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cascade(8) })),
        case("12v2", 0, "12v2", (1, 1), illegal(MoveError::NotASequence { pile: Pile::cascade(0), count: 2, run: 1 })),
        case(
            "1a # KC to a\n# a comment line\n  2b, 3c\n 3h",
            3,
            "3h",
            (4, 2),
            illegal(MoveError::NotNextHome { card: card("JH"), needs: NextHome::Card(card("AH")) }),
        ),
        BadSolution {
            board: capacity,
            solution: "12",
            index: 0,
            token: "12",
            at: (1, 1),
            kind: illegal(MoveError::OverCapacity { count: 4, capacity: 2 }),
        },
        BadSolution {
            board: hole,
            solution: "1a",
            index: 0,
            token: "1a",
            at: (1, 1),
            kind: illegal(MoveError::EmptySource { pile: Pile::cascade(0) }),
        },
        BadSolution {
            board: eight_off,
            solution: "2a a1",
            index: 1,
            token: "a1",
            at: (1, 4),
            kind: illegal(MoveError::EmptyCascadeNeedsKing { card: card("QH") }),
        },
        case("x1", 0, "x1", (1, 1), syntax("x1")),
        case("1w", 0, "1w", (1, 1), syntax("1w")),
        // `j` and `l` name a ninth cell and an eleventh cascade, which FreeCell lacks.
        case("1j", 0, "1j", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cell(8) })),
        case("l1", 0, "l1", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cascade(10) })),
        case("-1", 0, "-1", (1, 1), syntax("-1")),
        case("\u{ff11}a", 0, "\u{ff11}a", (1, 1), syntax("\u{ff11}a")),
        case("1a a", 1, "a", (1, 4), syntax("a")),
        case("13v", 0, "13v", (1, 1), syntax("13v")),
        case("13v100", 0, "13v100", (1, 1), syntax("13v100")),
        case("1a;2b", 0, "1a;2b", (1, 1), syntax("1a;2b")),
        case("1a\r\n2a", 1, "2a", (2, 1), illegal(MoveError::CellOccupied { pile: Pile::cell(0), card: card("KC") })),
        case(
            "1a\n\n\n  # a note\n\t2a",
            1,
            "2a",
            (5, 2),
            illegal(MoveError::CellOccupied { pile: Pile::cell(0), card: card("KC") }),
        ),
        case("1A 2A", 1, "2A", (1, 4), illegal(MoveError::CellOccupied { pile: Pile::cell(0), card: card("KC") })),
        case("1i", 0, "1i", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cell(7) })),
        case("01", 0, "01", (1, 1), illegal(MoveError::NoSuchPile { pile: Pile::cascade(9) })),
        case(
            "1av2",
            0,
            "1av2",
            (1, 1),
            illegal(MoveError::BadCount { from: Pile::cascade(0), to: Pile::cell(0), count: 2 }),
        ),
        case(
            "1hv2",
            0,
            "1hv2",
            (1, 1),
            illegal(MoveError::BadCount { from: Pile::cascade(0), to: Pile::foundation(Suit::Clubs), count: 2 }),
        ),
        case(
            "1a a1v2",
            1,
            "a1v2",
            (1, 4),
            illegal(MoveError::BadCount { from: Pile::cell(0), to: Pile::cascade(0), count: 2 }),
        ),
        case("1a a2", 1, "a2", (1, 4), illegal(MoveError::DoesNotBuild { card: card("KC"), onto: card("KD") })),
        case("b1", 0, "b1", (1, 1), illegal(MoveError::EmptySource { pile: Pile::cell(1) })),
        case("dh", 0, "dh", (1, 1), illegal(MoveError::EmptySource { pile: Pile::cell(3) })),
        // QD goes onto KC; cascade 6 then shows TD, which does not build on KD.
        case("61 62", 1, "62", (1, 4), illegal(MoveError::DoesNotBuild { card: card("TD"), onto: card("KD") })),
        case("61 71", 1, "71", (1, 4), illegal(MoveError::DoesNotBuild { card: card("QH"), onto: card("QD") })),
        case(
            "1a 2b 3c 4d d1",
            4,
            "d1",
            (1, 13),
            illegal(MoveError::DoesNotBuild { card: card("KS"), onto: card("JC") }),
        ),
        // QS goes onto KH; the two then form a run of 2.
        case("83 38", 1, "38", (1, 4), illegal(MoveError::DoesNotBuild { card: card("QS"), onto: card("TS") })),
        case(
            "83 3h",
            1,
            "3h",
            (1, 4),
            illegal(MoveError::NotNextHome { card: card("QS"), needs: NextHome::Card(card("AS")) }),
        ),
        case(
            "52 2h",
            1,
            "2h",
            (1, 4),
            illegal(MoveError::NotNextHome { card: card("QC"), needs: NextHome::Card(card("AC")) }),
        ),
        case(
            "83 31v3",
            1,
            "31v3",
            (1, 4),
            illegal(MoveError::NotASequence { pile: Pile::cascade(2), count: 3, run: 2 }),
        ),
        case("83 31", 1, "31", (1, 4), illegal(MoveError::DoesNotBuild { card: card("QS"), onto: card("KC") })),
        case("83 34v2", 1, "34v2", (1, 4), illegal(MoveError::DoesNotBuild { card: card("KH"), onto: card("KS") })),
        case(
            "61 82 7a 5b 1h",
            4,
            "1h",
            (1, 13),
            illegal(MoveError::NotNextHome { card: card("QD"), needs: NextHome::Card(card("AD")) }),
        ),
        case(
            "1a ah",
            1,
            "ah",
            (1, 4),
            illegal(MoveError::NotNextHome { card: card("KC"), needs: NextHome::Card(card("AC")) }),
        ),
        BadSolution {
            // One card at a time: QS JH fit on KH, but the rules carry one card.
            board: position(
                Rules { capacity: SequenceCapacity::SingleCard, ..Rules::freecell() },
                "",
                &[],
                &["KD QS JH", "KH", "*", "*", "*", "*", "*", "*"],
            ),
            solution: "12",
            index: 0,
            token: "12",
            at: (1, 1),
            kind: illegal(MoveError::OverCapacity { count: 2, capacity: 1 }),
        },
        BadSolution {
            // Linear capacity f + e + 1 = 2 + 1 + 1 = 4; the standard rule would allow 6.
            board: position(
                Rules { capacity: SequenceCapacity::Linear, ..Rules::freecell() },
                "",
                &["AS", "2S", "-", "-"],
                &["KD QS JH TS 9H 8S", "KH", "", "*", "*", "*", "*", "*"],
            ),
            solution: "12",
            index: 0,
            token: "12",
            at: (1, 1),
            kind: illegal(MoveError::OverCapacity { count: 5, capacity: 4 }),
        },
        BadSolution {
            // Baker's Game builds in suit: QH may not go on KC.
            board: position(Rules::bakers_game(), "", &[], &["QH", "KC", "*", "*", "*", "*", "*", "*"]),
            solution: "12",
            index: 0,
            token: "12",
            at: (1, 1),
            kind: illegal(MoveError::DoesNotBuild { card: card("QH"), onto: card("KC") }),
        },
        BadSolution {
            // Into an empty cascade the destination does not count: (1 + 1) · 2^0 = 2.
            board: to_empty.clone(),
            solution: "12v3",
            index: 0,
            token: "12v3",
            at: (1, 1),
            kind: illegal(MoveError::OverCapacity { count: 3, capacity: 2 }),
        },
        BadSolution {
            board: to_empty,
            solution: "12 21 12v4",
            index: 2,
            token: "12v4",
            at: (1, 7),
            kind: illegal(MoveError::NotASequence { pile: Pile::cascade(0), count: 4, run: 3 }),
        },
    ]
}

#[test]
fn bad_solutions_name_index_line_column_and_token() {
    let cases = bad_solutions();
    assert!(cases.len() >= 50, "{} cases", cases.len());
    for case in cases {
        let error = verify(&case.board, case.solution).expect_err(case.solution);
        assert_eq!(error.index, case.index, "{}: {error}", case.solution);
        let token = error.token.as_ref().map(|(t, p)| (t.as_str(), (p.line, p.column)));
        assert_eq!(token, Some((case.token, case.at)), "{}: {error}", case.solution);
        assert_eq!(error.kind, case.kind, "{}: {error}", case.solution);
    }
}

#[test]
fn verify_error_messages_read_well() {
    let base = base_board();
    let message = |solution| verify(&base, solution).unwrap_err().to_string();
    assert_eq!(message("1a 2a"), "move 2 (`2a`, line 1, column 4): free cell a already holds KC");
    assert_eq!(message("1a\n\n 1h"), "move 2 (`1h`, line 3, column 2): JC cannot go home yet: its foundation needs AC");
    assert_eq!(message("51"), "move 1 (`51`, line 1, column 1): QC cannot be placed on KC");
    assert!(message("3x").starts_with("move 1 (`3x`, line 1, column 1): not a move: "), "{}", message("3x"));
}

/// Garbles a text: each edit deletes a character or inserts one from a set chosen to
/// reach the parsers' corners (separators, header letters, digits, non-ASCII).
fn garble(text: &str, edits: &[(usize, u8)]) -> String {
    const INSERTS: [char; 17] =
        [' ', '\n', ':', '-', ',', '#', 'v', 'h', 'F', 'X', '1', '0', 'T', 'é', '♥', '\t', '\u{a0}'];
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, what) in edits {
        let at = at % (chars.len() + 1);
        match INSERTS.get(usize::from(what) % (INSERTS.len() + 4)) {
            Some(&c) => chars.insert(at, c),
            None if at < chars.len() => drop(chars.remove(at)),
            None => {}
        }
    }
    chars.into_iter().collect()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// A garbled board never panics the parser; whatever parses round-trips; errors with a
    /// token point at that token.
    #[test]
    fn garbled_boards_never_panic(
        seed in proptest::prelude::any::<u64>(),
        game in 0..4usize,
        edits in proptest::collection::vec((proptest::prelude::any::<usize>(), proptest::prelude::any::<u8>()), 1..6),
    ) {
        let game = freecell_core::Game::ALL[game];
        let board = Board::try_from(Layout::deal_game(game, &crate::common::shuffled_deck(seed))).unwrap();
        let text = garble(&board.to_string(), &edits);
        match Board::parse_with_rules(&text, game.rules()) {
            Ok(parsed) => {
                let again = Board::parse_with_rules(&parsed.to_string(), game.rules());
                proptest::prop_assert_eq!(again, Ok(parsed));
            }
            Err(error) => {
                if let (Some(at), Some(token)) = (error.position, &error.token) {
                    let line = text.lines().nth(at.line - 1).expect("the line exists");
                    let found: String = line.chars().skip(at.column - 1).take(token.chars().count()).collect();
                    proptest::prop_assert_eq!(&found, token, "{}", error);
                }
            }
        }
    }

    /// Garbled solutions never panic the verifier, and the reported token is where it says.
    #[test]
    fn garbled_solutions_never_panic(edits in proptest::collection::vec((proptest::prelude::any::<usize>(), proptest::prelude::any::<u8>()), 1..8)) {
        let board = base_board();
        let text = garble("1a 2b 3c\n4d # cells full\n51 62, 73 84\n", &edits);
        if let Err(error) = verify(&board, &text) {
            let _ = error.to_string();
            if let Some((token, at)) = &error.token {
                let line = text.lines().nth(at.line - 1).expect("the line exists");
                let found: String = line.chars().skip(at.column - 1).take(token.chars().count()).collect();
                proptest::prop_assert_eq!(&found, token, "{}", error);
            }
        }
    }
}
