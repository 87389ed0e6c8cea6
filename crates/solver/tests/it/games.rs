
/// A `GameBoard` holds each game in the narrowest board, and a wide one is solved, hinted
/// and spawned like a `Board`: Cruel's deal 1 (12 cascades), which fc-solve proves lost.
#[test]
fn a_game_board_is_solved_hinted_and_spawned_at_its_width() {
    let cruel = board(&SETS[14], 1);
    assert_eq!(SETS[14].game, Game::Cruel);
    let GameBoard::Wide(wide) = &cruel else { panic!("Cruel has 12 cascades: {cruel}") };
    let parsed = GameBoard::parse_with_rules(&cruel.to_string(), Game::Cruel.rules()).expect("its own text");
    assert_eq!(parsed, cruel);
    assert!(matches!(board(&SETS[0], 1), GameBoard::Narrow(_)));
    let solver = Solver::new(Preset::Fast);
    assert_eq!(solver.solve(&cruel).unwrap().outcome, Outcome::Unsolvable);
    assert_eq!(solver.hint(wide).unwrap().next, None);
    let report = solver.spawn(wide.clone()).unwrap().join().unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable);
    let report = solver.spawn(board(&SETS[0], 1)).unwrap().join().unwrap();
    assert!(report.outcome.solution().is_some(), "FreeCell deal 1 is won");
}
