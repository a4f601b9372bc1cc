use super::evaluate::{evaluate, position_value, DealStart, Task};
use super::*;
use crate::bots::Bot;
use crate::ground::card::CardSet;
use crate::ground::pool;
use crate::rules::game::{Game, GameConfig, Move, Origin, SuppliedDeal};
use crate::rules::play::mask_cards;
use crate::tables::positions::shipped_win;

fn config() -> GameConfig {
    GameConfig::new(2, 121, false).unwrap()
}

/// A finished Expert-vs-`kind` game and its moves.
fn played(seed: u64, kind: BotKind) -> Game {
    let mut game = Game::new(config(), seed, true);
    let mut bots = [Bot::new(BotKind::Expert, seed), Bot::new(kind, seed + 1)];
    while let Some(seat) = game.to_move() {
        let mv = bots[seat].decide(&game, seat).unwrap();
        game.apply(mv).unwrap();
    }
    game
}

/// Where a game of [`played`] began (cut for, one stream of deals).
fn origin(game: &Game) -> Origin {
    Origin::of(game, None)
}

/// A new game of `config` from seed 1.
fn fresh(config: GameConfig) -> Origin {
    Origin {
        config,
        seed: 1,
        first_dealer: None,
        deal_seeds: false,
    }
}

fn plan(game: &Game, settings: Settings, seed: u64) -> Plan {
    Plan::new(origin(game), game.moves(), settings, seed).unwrap()
}

fn cheap() -> Settings {
    Settings::new(Objective::Win, BotKind::Expert, 0.05, 8).unwrap()
}

#[test]
fn between_deals_the_equity_is_the_position_table() {
    for (d, p) in [(0u16, 0u16), (100, 37), (120, 120), (5, 119)] {
        let w = shipped_win(d, p).unwrap();
        assert_eq!(position_value(&[d, p], 0, 0, Objective::Win).unwrap(), w);
        assert_eq!(
            position_value(&[p, d], 1, 0, Objective::Win).unwrap(),
            1.0 - w
        );
    }
    let game = played(3, BotKind::Greedy);
    let review = plan(&game, cheap(), 1).review().unwrap();
    let deals: Vec<_> = review
        .steps
        .iter()
        .filter(|s| s.kind == StepKind::Deal)
        .collect();
    assert!(deals.len() >= 6);
    let mut replay = Game::new(config(), game.seed(), false);
    for (i, (_, mv)) in game.moves().iter().enumerate() {
        for step in deals.iter().filter(|s| s.move_index == Some(i)) {
            let (dealer, scores) = (replay.dealer(), replay.scores());
            let w = shipped_win(scores[dealer], scores[1 - dealer]).unwrap();
            let mine = if step.seat == dealer { w } else { 1.0 - w };
            assert_eq!(step.before, mine);
        }
        replay.apply(mv.clone()).unwrap();
    }
}

/// The identity holds by construction, whatever the estimates: one sample
/// per evaluation is enough to check it on many games.
#[test]
fn the_decomposition_adds_up_for_each_seat_over_a_thousand_games() {
    let rough = Settings {
        batch: 1,
        budget: 1,
        ..cheap()
    };
    for g in 0..1000u64 {
        let kind = BotKind::ALL[(g % 3) as usize];
        let game = played(100 + g, kind);
        let objective = if g % 2 == 0 {
            Objective::Win
        } else {
            Objective::Points
        };
        let settings = Settings { objective, ..rough };
        let review = plan(&game, settings, g).review().unwrap();
        for seat in 0..2 {
            let steps = review.steps.iter().filter(|s| s.seat == seat);
            let total: f64 = steps.map(|s| s.skill + s.luck + s.opponent_errors).sum();
            let gap = review.start[seat] + total - review.result[seat];
            assert!(gap.abs() < 1e-9, "game {g} seat {seat}: {gap}");
        }
        let winner = review.winner;
        assert!(review.result[winner] > 0.0 && review.result[1 - winner] < 0.5);
    }
}

#[test]
fn the_same_seed_gives_the_same_review_at_any_thread_count() {
    let game = played(7, BotKind::Random);
    let p = plan(&game, cheap(), 42);
    let one = pool::install(Some(1), || p.review()).unwrap().unwrap();
    let two = pool::install(Some(2), || p.review()).unwrap().unwrap();
    assert_eq!(one.steps, two.steps);
    let again = plan(&game, cheap(), 43).review().unwrap();
    assert_ne!(one.steps, again.steps);
}

/// The pone's discard with every card known but the starter: the evaluator's
/// equity against the mean over every starter, played out move by move.
#[test]
fn an_open_discard_matches_exhaustive_enumeration() {
    let game = played(11, BotKind::Expert);
    let start = Game::new(config(), game.seed(), false);
    let dealer = start.dealer();
    let pone = 1 - dealer;
    let hands = [start.hand(0), start.hand(1)];
    let template = Game::with_first_dealer(config(), 0, false, dealer).unwrap();
    let deal = DealStart {
        game: template.clone(),
        hands: hands.to_vec(),
        moves: Vec::new(),
    };
    let actions: Vec<Option<Move>> = start.legal_moves().into_iter().map(Some).collect();
    let task = Task {
        state: start.clone(),
        deal,
        viewer: pone,
        actions: actions.clone(),
        played: None,
        seed: 5,
        open: true,
        other: None,
    };
    let settings = Settings::new(Objective::Win, BotKind::Expert, 1e-9, 40).unwrap();
    let values = evaluate(&task, &settings).unwrap();
    let starters = CardSet::from_mask(crate::rules::play::ALL_CARDS & !hands[0] & !hands[1]);
    for (action, value) in actions.iter().zip(&values).take(4) {
        assert_eq!(value.samples, 40);
        let mut total = 0.0;
        for starter in starters {
            let mut g = template.clone();
            let cards = |m: u64| mask_cards(m).collect::<Vec<_>>();
            g.apply(Move::Deal(Box::new(SuppliedDeal {
                hands: vec![cards(hands[0]), cards(hands[1])],
                starter: Some(starter),
                crib_card: None,
                scores: None,
            })))
            .unwrap();
            g.apply(action.clone().unwrap()).unwrap();
            let mut bots = [Bot::new(BotKind::Expert, 0), Bot::new(BotKind::Expert, 0)];
            while g.deal_number() == 1 && !g.is_over() {
                let seat = g.to_move().unwrap();
                let mv = bots[seat].decide(&g, seat).unwrap();
                g.apply(mv).unwrap();
            }
            total += evaluate::outcome(&g, pone, Objective::Win).unwrap();
        }
        let exact = total / 40.0;
        // A whole block of starters is the exhaustive mean itself.
        assert!(
            (value.equity - exact).abs() <= 1e-12,
            "{} vs {exact}",
            value.equity
        );
    }
}

#[test]
fn records_outside_the_analysis_get_clear_errors() {
    let three = GameConfig::new(3, 121, false).unwrap();
    let err = Plan::new(fresh(three), &[], cheap(), 0).unwrap_err();
    assert!(err.to_string().contains("not finished"), "{err}");
    let points = Settings::new(Objective::Points, BotKind::Expert, 0.05, 8).unwrap();
    let err = Plan::new(fresh(three), &[], points, 0).unwrap_err();
    assert!(err.to_string().contains("chance to win"), "{err}");
    let muggins = GameConfig::new(2, 121, true).unwrap();
    let err = Plan::new(fresh(muggins), &[], cheap(), 0).unwrap_err();
    assert!(err.to_string().contains("muggins"), "{err}");
    let game = played(2, BotKind::Greedy);
    let half = &game.moves()[..20];
    let err = Plan::new(origin(&game), half, cheap(), 0).unwrap_err();
    assert!(err.to_string().contains("not finished"), "{err}");
}

/// The decision now of an unfinished game is the task the finished game's
/// plan makes for it: the same seat, state and seed (so the same samples).
#[test]
fn the_decision_now_is_planned_as_in_the_finished_game() {
    let game = played(5, BotKind::Greedy);
    let full = plan(&game, cheap(), 9);
    let decisions = full.decision_tasks();
    assert!(decisions.len() > 40);
    for &(at, t) in &decisions {
        let prefix = &game.moves()[..at];
        let (seat, actions, task) = Plan::current(origin(&game), prefix, cheap(), 9).unwrap();
        let planned = &full.tasks[t];
        assert_eq!(
            (seat, task.seed),
            (planned.viewer, planned.seed),
            "move {at}"
        );
        assert_eq!(task.state.scores(), planned.state.scores());
        assert_eq!(task.deal.moves, planned.deal.moves);
        assert_eq!(actions.len(), planned.actions.len());
        assert_eq!(task.played, None);
    }
    let err = Plan::current(origin(&game), game.moves(), cheap(), 9).unwrap_err();
    assert!(err.to_string().contains("over"), "{err}");
}

/// A forced go (the mover can lay nothing) is valued like any decision:
/// its one action, from the mover's view.
#[test]
fn a_forced_go_is_valued() {
    let mut seen = 0;
    for seed in 0..6u64 {
        let game = played(seed, BotKind::Expert);
        for at in 0..game.moves().len() {
            let prefix = &game.moves()[..at];
            let Ok((_, actions, task)) = Plan::current(origin(&game), prefix, cheap(), 3) else {
                continue;
            };
            if actions != [Move::Go] {
                continue;
            }
            seen += 1;
            let values =
                evaluate(&task, &cheap()).unwrap_or_else(|e| panic!("seed {seed} move {at}: {e}"));
            assert_eq!(values.len(), 1);
        }
    }
    assert!(seen >= 5, "{seen} forced goes");
}

/// A decision of a recorded game, asked from its position (the mover's
/// view, nothing else of the game), is the same evaluation: the same
/// actions and, under the same seed, the same values.
#[test]
fn a_position_is_evaluated_as_its_move_of_the_game() {
    use crate::rules::position::Position;
    let mut checked = 0;
    for seed in [5u64, 8] {
        let game = played(seed, BotKind::Greedy);
        for at in 0..game.moves().len() {
            let prefix = &game.moves()[..at];
            let Ok((seat, actions, task)) = Plan::current(origin(&game), prefix, cheap(), 9) else {
                continue;
            };
            let Ok(p) = Position::before_move(&game, None, at, Some(seat), false) else {
                continue;
            };
            let (s, a, t) = position::position_task(&p, 9).unwrap();
            assert_eq!((s, &a), (seat, &actions), "move {at}");
            assert_eq!(t.seed, task.seed, "move {at}");
            let ours = evaluate(&t, &cheap()).unwrap();
            let theirs = evaluate(&task, &cheap()).unwrap();
            let equities = |v: &[ActionValue]| v.iter().map(|x| x.equity).collect::<Vec<_>>();
            assert_eq!(equities(&ours), equities(&theirs), "move {at}");
            checked += 1;
        }
    }
    assert!(checked > 60, "{checked}");
}

#[test]
fn a_position_seed_is_the_positions_own() {
    use crate::rules::position::Position;
    let game = played(4, BotKind::Greedy);
    let a = Position::before_move(&game, None, 3, None, false).unwrap();
    let b = Position::before_move(&game, None, 4, None, false).unwrap();
    let seed = |p: &Position, s| seed::position_seed(p, s);
    assert_eq!(seed(&a, 1), seed(&a.clone(), 1));
    assert_ne!(seed(&a, 1), seed(&b, 1));
    assert_ne!(seed(&a, 1), seed(&a, 2));
}
