//! Shared helpers: a tiny PRNG and shuffled deals, naive canonical forms, an independent
//! legality oracle written from the rules (not from the crate), and a position builder.

use std::collections::BTreeSet;

use freecell_core::{
    BuildRule, Card, EmptyCascadeRule, Layout, Move, Pile, PileKind, Rules, SequenceCapacity, SplitMix64, Suit,
};

/// The board type of the tests that range over every rule set: the widest, so that Fan's
/// 18 cascades fit (the narrow `Board` is the same code; `rules.rs` compares the two).
pub(crate) type Board = freecell_core::WideBoard;

/// [`SplitMix64`] with the draws the tests make: indexes and shuffles.
#[derive(Clone, Debug)]
pub(crate) struct Rng(SplitMix64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// Fisher–Yates.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// `Card::deck()` shuffled by a seeded PRNG.
pub(crate) fn shuffled_deck(seed: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::deck().collect();
    Rng::new(seed).shuffle(&mut deck);
    deck
}

/// A random deal under `rules`, `in_cells` cards (at most `rules.free_cells`) in the cells.
pub(crate) fn deal(rules: Rules, in_cells: usize, seed: u64) -> Board {
    Board::try_from(Layout::deal(rules, &shuffled_deck(seed), in_cells)).expect("a full shuffled deck is a legal deal")
}

/// Parses whitespace-separated cards.
pub(crate) fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap_or_else(|e| panic!("bad card in test: {e}"))).collect()
}

/// Parses one card.
pub(crate) fn card(text: &str) -> Card {
    text.parse().unwrap_or_else(|e| panic!("bad card in test: {e}"))
}

/// Every card of a layout: foundations, cells, cascades.
pub(crate) fn all_cards(layout: &Layout) -> Vec<Card> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        for rank in 1..=layout.foundations[suit.index()] {
            out.push(Card::from_index((rank - 1) * 4 + suit as u8).expect("rank in 1..=13"));
        }
    }
    out.extend(layout.cells.iter().flatten());
    out.extend(layout.cascades.iter().flatten());
    out
}

/// A position with the order of cascades and cells forgotten, built without the crate's key:
/// foundations, sorted cell cards, sorted non-empty cascades (each deepest first).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Naive {
    pub(crate) foundations: [u8; 4],
    pub(crate) cells: Vec<Card>,
    pub(crate) cascades: Vec<Vec<Card>>,
}

pub(crate) fn naive(layout: &Layout) -> Naive {
    let mut cells: Vec<Card> = layout.cells.iter().flatten().copied().collect();
    cells.sort();
    let mut cascades: Vec<Vec<Card>> = layout.cascades.iter().filter(|c| !c.is_empty()).cloned().collect();
    cascades.sort();
    Naive { foundations: layout.foundations, cells, cascades }
}

/// Every pile a move could name under `rules`.
pub(crate) fn piles(rules: Rules) -> Vec<Pile> {
    let mut out: Vec<Pile> = (0..usize::from(rules.cascades)).map(Pile::cascade).collect();
    out.extend((0..usize::from(rules.free_cells)).map(Pile::cell));
    out.extend(Suit::ALL.map(Pile::foundation));
    out
}

/// Every (from, to, count) combination over the piles of `rules` with count 1..=13.
pub(crate) fn all_moves(rules: Rules) -> Vec<Move> {
    let piles = piles(rules);
    let mut out = Vec::with_capacity(piles.len() * piles.len() * 13);
    for &from in &piles {
        for &to in &piles {
            for count in 1..=13 {
                out.push(Move::new(from, to, count));
            }
        }
    }
    out
}

fn is_red(card: Card) -> bool {
    matches!(card.suit(), Suit::Diamonds | Suit::Hearts)
}

/// Whether `card` may lie on `onto`, written from the rules: one rank lower and of the
/// other colour (FreeCell), the same suit (Baker's Game) or any suit (Beleaguered Castle,
/// and Simple Simon, whose limits are on what moves, not on what lies where).
pub(crate) fn builds(rule: BuildRule, card: Card, onto: Card) -> bool {
    card.rank().get() + 1 == onto.rank().get()
        && match rule {
            BuildRule::AlternateColour => is_red(card) != is_red(onto),
            BuildRule::SameSuit => card.suit() == onto.suit(),
            BuildRule::AnySuit | BuildRule::SimpleSimon => true,
        }
}

/// Whether `card` may start an empty cascade.
pub(crate) fn may_fill_empty(rule: EmptyCascadeRule, card: Card) -> bool {
    match rule {
        EmptyCascadeRule::AnyCard => true,
        EmptyCascadeRule::KingsOnly => card.rank().get() == 13,
        EmptyCascadeRule::Nothing => false,
    }
}

/// The number of cards a move may carry, from the published formulas (`(f + 1) · 2^e`:
/// `shlomif/fc-solve` `fc-solve/source/meta_move_funcs_helpers.h`, `calc_max_sequence_move`;
/// `1 + f(e + 1) + e(e + 1)/2`: Castiaux's 2021 thesis, "Deep supermove"; `f + e + 1`:
/// Heineman's 2009 code) and the crate's documented choices: `f` empty cells, `e` empty
/// cascades other than the destination, and `e = 0` unless empty cascades take any card
/// (fc-solve's `f + 1` when `esf` is not `any_card`; PySolFC's `_getMaxMove`, the same).
pub(crate) fn capacity(rules: Rules, f: usize, e: usize) -> usize {
    let e = if rules.empty_cascade == EmptyCascadeRule::AnyCard { e } else { 0 };
    match rules.capacity {
        SequenceCapacity::Standard => (f + 1) * (1 << e),
        SequenceCapacity::Linear => f + e + 1,
        SequenceCapacity::DeepSupermove => 1 + f * (e + 1) + e * (e + 1) / 2,
        SequenceCapacity::Unlimited => usize::MAX,
        SequenceCapacity::SingleCard => 1,
    }
}

/// An independent legality oracle over a [`Layout`]: is `mv` a legal move there?
pub(crate) fn legal(layout: &Layout, mv: Move) -> bool {
    let rules = &layout.rules;
    let exists = |pile: Pile| match pile.kind() {
        PileKind::Cascade(i) => i < usize::from(rules.cascades),
        PileKind::Cell(i) => i < usize::from(rules.free_cells),
        PileKind::Foundation(_) => true,
    };
    let (from, to, count) = (mv.from(), mv.to(), usize::from(mv.count()));
    if !exists(from) || !exists(to) || from == to || count == 0 {
        return false;
    }
    let cell = |i: usize| layout.cells.get(i).copied().flatten();
    let cascade = |i: usize| layout.cascades.get(i).map_or(&[][..], Vec::as_slice);
    // The moving cards, deepest first.
    let moving: Vec<Card> = match from.kind() {
        PileKind::Foundation(_) => return false,
        PileKind::Cell(i) => match cell(i) {
            Some(card) if count == 1 => vec![card],
            _ => return false,
        },
        PileKind::Cascade(i) => {
            let cards = cascade(i);
            if count > cards.len() {
                return false;
            }
            let run = &cards[cards.len() - count..];
            if run.windows(2).any(|pair| !builds(rules.build, pair[1], pair[0])) {
                return false;
            }
            run.to_vec()
        }
    };
    let card = moving[0];
    // Simple Simon: a run's capacity counts its runs of one suit.
    let units = match rules.build {
        BuildRule::SimpleSimon => suit_runs(layout, mv),
        _ => count,
    };
    match to.kind() {
        PileKind::Cell(j) => count == 1 && cell(j).is_none(),
        // Simple Simon: the thirteen cards of a suit, king deepest, ace on top.
        PileKind::Foundation(suit) if rules.build == BuildRule::SimpleSimon => {
            from.is_cascade()
                && count == 13
                && moving.iter().enumerate().all(|(i, c)| c.suit() == suit && usize::from(c.rank().get()) == 13 - i)
        }
        PileKind::Foundation(suit) => {
            count == 1 && card.suit() == suit && layout.foundations[suit.index()] + 1 == card.rank().get()
        }
        PileKind::Cascade(j) => {
            let target = cascade(j);
            let fits = match target.last() {
                None => may_fill_empty(rules.empty_cascade, card),
                Some(&onto) => builds(rules.build, card, onto),
            };
            let free = (0..usize::from(rules.free_cells)).filter(|&i| cell(i).is_none()).count();
            let empty = (0..usize::from(rules.cascades)).filter(|&i| i != j && cascade(i).is_empty()).count();
            fits && (count == 1 || units <= capacity(*rules, free, empty))
        }
    }
}

/// How many runs of one suit the cards `mv` takes from its source make (1 for a cell's
/// card); 0 when the source does not hold that many cards.
pub(crate) fn suit_runs(layout: &Layout, mv: Move) -> usize {
    let count = usize::from(mv.count());
    match mv.from().kind() {
        PileKind::Cascade(i) => match layout.cascades.get(i) {
            Some(cards) if count <= cards.len() => {
                let moving = &cards[cards.len() - count..];
                1 + moving.windows(2).filter(|pair| pair[0].suit() != pair[1].suit()).count()
            }
            _ => 0,
        },
        _ => 1,
    }
}

/// Parses `"H4 C3"`-style foundation ranks (suit letter, decimal rank) into `[u8; 4]`.
pub(crate) fn home(spec: &str) -> [u8; 4] {
    let mut out = [0; 4];
    for token in spec.split_whitespace() {
        let suit = Suit::from_letter(token.chars().next().expect("non-empty")).expect("a suit letter");
        out[suit.index()] = token[1..].parse().expect("a decimal rank");
    }
    out
}

/// Builds a position: foundations as in [`home`], cells (`"-"` = empty), cascades deepest
/// first; every card not placed goes, in deck order, round-robin into the cascades written
/// `"*"` (so their tops are the highest leftover cards).
pub(crate) fn position(rules: Rules, foundations: &str, cells: &[&str], cascades: &[&str]) -> Board {
    layout(rules, foundations, cells, cascades).try_into().unwrap_or_else(|e| panic!("test position is illegal: {e}"))
}

/// The [`Layout`] that [`position`] validates.
pub(crate) fn layout(rules: Rules, foundations: &str, cells: &[&str], cascades: &[&str]) -> Layout {
    let mut layout = Layout::empty(rules);
    layout.foundations = home(foundations);
    for (slot, &text) in layout.cells.iter_mut().zip(cells) {
        *slot = (text != "-").then(|| card(text));
    }
    let fillers: Vec<usize> = (0..cascades.len()).filter(|&i| cascades[i] == "*").collect();
    for (i, &text) in cascades.iter().enumerate() {
        if text != "*" {
            layout.cascades[i] = cards(text);
        }
    }
    let placed: BTreeSet<Card> = all_cards(&layout).into_iter().collect();
    let leftover: Vec<Card> = Card::deck().filter(|c| !placed.contains(c)).collect();
    assert!(leftover.is_empty() || !fillers.is_empty(), "cards left over but no filler cascade");
    for (i, card) in leftover.into_iter().enumerate() {
        layout.cascades[fillers[i % fillers.len()]].push(card);
    }
    layout
}

/// Safe-automove oracle written from Horne's and Raymond's rules (alternate colours, as
/// fc-solve names them in `shlomif/fc-solve` `fc-solve/source/fc_pro_iface_pos.h`) and the
/// crate's documented reading for the other build rules: is `card`, the next card of its
/// foundation, safe to send home under `rule`?
pub(crate) fn safe_home(layout: &Layout, card: Card, rule: freecell_core::Automove) -> bool {
    use freecell_core::Automove;
    let rank = card.rank().get();
    let home = |suit: Suit| layout.foundations[suit.index()];
    let others = || Suit::ALL.into_iter().filter(move |&s| s != card.suit());
    match rule {
        Automove::None => false,
        // Only whole suits go home in Simple Simon, and never automatically.
        _ if layout.rules.build == BuildRule::SimpleSimon => false,
        _ if rank <= 2 => true,
        Automove::Horne | Automove::Raymond => match layout.rules.build {
            // Only N−1 of the same suit fits on N, and it is home already.
            BuildRule::SameSuit => true,
            // Raymond's step where every move carries one card (Solvitaire's rule).
            BuildRule::AnySuit => {
                let single = layout.rules.free_cells == 0 && capacity(layout.rules, 0, 19) == 1;
                let reach = if rule == Automove::Raymond && single { 2 } else { 1 };
                others().all(|s| home(s) + reach >= rank)
            }
            BuildRule::SimpleSimon => false,
            BuildRule::AlternateColour => {
                let opposite: Vec<Suit> = others().filter(|&s| is_red(card) != is_red(probe(s))).collect();
                let partner: Vec<Suit> = others().filter(|&s| is_red(card) == is_red(probe(s))).collect();
                let horne = opposite.iter().all(|&s| home(s) >= rank - 1);
                let raymond =
                    opposite.iter().all(|&s| home(s) + 2 >= rank) && partner.iter().all(|&s| home(s) + 3 >= rank);
                horne || (rule == Automove::Raymond && raymond)
            }
        },
    }
}

/// Some card of `suit`, to ask its colour.
fn probe(suit: Suit) -> Card {
    Card::from_index(suit as u8).expect("aces are cards 0-3")
}
