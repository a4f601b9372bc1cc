//! Search support: resampling the cards a seat cannot see (determinization,
//! for information-set MCTS and similar methods) and random playouts.
//!
//! What a seat sees (docs/rules.md, "Dealing" and "The play"): its own cards, its own
//! discards, every card laid in the play, the starter once cut, and hands and
//! crib once shown. Everything else is hidden: the other seats' cards not yet
//! laid, their discards (the crib) until the crib is shown, the crib's card
//! from the deck (3 players), the stock, and a starter fixed by a supplied
//! deal before it is cut.

use crate::bots::random::random_move;
use crate::ground::error::{Error, Result};
use crate::ground::rng::Rng;
use crate::rules::game::Game;
use crate::rules::observe::Observation;

/// A copy of `game` in which every card hidden from `seat` (the complement of
/// its [`Observation`]) is dealt again uniformly at random (from `rng`) into
/// the same places: each other seat keeps as many unseen cards in hand and in
/// the crib as before, the stock keeps its size. What `seat` has seen is
/// unchanged. The copy records no events or moves (its log would describe the
/// true deal) and gets a fresh generator for its future deals and starter,
/// drawn from `rng`.
pub fn determinize(game: &Game, seat: usize, rng: &mut Rng) -> Result<Game> {
    let n = usize::from(game.config().players);
    if seat >= n {
        return Err(Error::Invalid(format!(
            "seat must be 0..{}, got {seat}",
            n - 1
        )));
    }
    let hidden = Observation::from_game(game, seat).unseen();
    Ok(game.redeal_hidden(seat, hidden, rng))
}

/// Plays uniformly random legal moves (see [`random_move`]) until the game is
/// over, or with `end_of_deal` until the current deal's show is done (the next
/// deal is dealt, or the game ends).
pub fn playout(game: &mut Game, rng: &mut Rng, end_of_deal: bool) {
    let deal = game.deal_number();
    while !game.is_over() {
        if end_of_deal && game.deal_number() != deal {
            break;
        }
        let mv = random_move(game, rng);
        game.apply(mv).expect("random_move plays legal moves");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::Card;
    use crate::learn::encode::{encode, OBS_SIZE};
    use crate::rules::game::{GameConfig, Move, Phase};

    /// Everything hidden from `seat`, as a card mask.
    fn hidden_from(game: &Game, seat: usize) -> u64 {
        let n = usize::from(game.config().players);
        let mut seen = game.kept(seat) | game.discards_of(seat);
        seen |= game.starter().map_or(0, Card::bit);
        for &(_, c) in game.laid() {
            seen |= c.bit();
        }
        for s in 0..n {
            if s != seat && game.phase() == Phase::Play {
                seen |= game.kept(s) & !game.hand(s);
            }
        }
        ((1u64 << 52) - 1) & !seen
    }

    fn random_game_states(players: u8, seed: u64, muggins: bool) -> Vec<Game> {
        let config = GameConfig::new(players, 121, muggins).unwrap();
        let mut game = Game::new(config, seed, true);
        let mut rng = Rng::new(seed);
        let mut states = vec![game.clone()];
        while !game.is_over() && states.len() < 400 {
            let mv = random_move(&game, &mut rng);
            game.apply(mv).unwrap();
            states.push(game.clone());
        }
        states
    }

    #[test]
    fn determinize_keeps_what_the_seat_sees_and_permutes_the_rest() {
        let mut rng = Rng::new(99);
        let mut changed = 0;
        for players in 2..=4u8 {
            for seed in 0..6 {
                for game in random_game_states(players, seed, false) {
                    let n = usize::from(players);
                    for seat in 0..n {
                        let d = determinize(&game, seat, &mut rng).unwrap();
                        let (mut a, mut b) = (vec![0.0; OBS_SIZE], vec![0.0; OBS_SIZE]);
                        encode(&game, seat, 0, &mut a);
                        encode(&d, seat, 0, &mut b);
                        assert_eq!(a, b, "the seat's observation changed");
                        assert_eq!(game.hand(seat), d.hand(seat));
                        assert_eq!(game.kept(seat), d.kept(seat));
                        assert_eq!(game.laid(), d.laid());
                        assert_eq!(game.scores(), d.scores());
                        if game.to_move() == Some(seat) {
                            assert_eq!(game.legal_moves(), d.legal_moves());
                        }
                        // Hidden cards are a permutation of the hidden cards.
                        let hidden = hidden_from(&game, seat);
                        assert_eq!(hidden, hidden_from(&d, seat));
                        // Every card is in exactly one place.
                        check_conserved(&d);
                        let others: u64 =
                            (0..n).filter(|&s| s != seat).fold(0, |m, s| m | d.hand(s));
                        let others_before: u64 = (0..n)
                            .filter(|&s| s != seat)
                            .fold(0, |m, s| m | game.hand(s));
                        assert_eq!(others & !hidden, others_before & !hidden);
                        if others != others_before {
                            changed += 1;
                        }
                        for s in 0..n {
                            assert_eq!(d.hand(s).count_ones(), game.hand(s).count_ones());
                            assert_eq!(
                                d.discards_of(s).count_ones(),
                                game.discards_of(s).count_ones()
                            );
                        }
                    }
                }
            }
        }
        assert!(
            changed > 1000,
            "hidden cards were resampled {changed} times"
        );
    }

    /// Hands, discards, stock, starter and the crib's deck card: 52 distinct cards.
    fn check_conserved(g: &Game) {
        let n = usize::from(g.config().players);
        let mut all = 0u64;
        let mut count = 0;
        let mut add = |m: u64| {
            assert_eq!(all & m, 0, "a card is in two places");
            all |= m;
            count += m.count_ones();
        };
        for s in 0..n {
            add(g.kept(s));
            add(g.discards_of(s));
        }
        let (crib_card, fixed_starter, stock) = g.hidden_places();
        add(crib_card.map_or(0, Card::bit));
        add(g.starter().map_or(0, Card::bit));
        add(fixed_starter.map_or(0, Card::bit));
        for &c in stock {
            add(c.bit());
        }
        assert_eq!(count, 52);
        let discards = (0..n).fold(0, |m, s| m | g.discards_of(s));
        assert_eq!(g.crib(), discards | crib_card.map_or(0, Card::bit));
    }

    #[test]
    fn determinized_games_play_on_and_are_seeded() {
        let game = random_game_states(3, 4, false).swap_remove(20);
        let a = determinize(&game, 1, &mut Rng::new(5)).unwrap();
        let b = determinize(&game, 1, &mut Rng::new(5)).unwrap();
        assert_eq!(a.hand(0), b.hand(0));
        let mut a = a;
        playout(&mut a, &mut Rng::new(1), false);
        assert!(a.is_over());
        assert!(determinize(&game, 3, &mut Rng::new(5)).is_err());
    }

    #[test]
    fn a_supplied_starter_is_hidden_until_cut() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut game = Game::new(config, 1, false);
        let hands = ["AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D"]
            .iter()
            .map(|h| crate::ground::card::parse_cards(h).unwrap())
            .collect();
        let deal = crate::rules::game::SuppliedDeal {
            hands,
            starter: Some("KS".parse().unwrap()),
            crib_card: None,
            scores: None,
        };
        game.apply(Move::Deal(Box::new(deal))).unwrap();
        let mut moved = false;
        for seed in 0..20 {
            let d = determinize(&game, 0, &mut Rng::new(seed)).unwrap();
            check_conserved(&d);
            moved |= d.hidden_places().1 != game.hidden_places().1;
        }
        assert!(moved);
    }

    #[test]
    fn playout_to_the_end_of_the_deal() {
        let mut game = Game::new(GameConfig::new(2, 121, true).unwrap(), 8, false);
        playout(&mut game, &mut Rng::new(3), true);
        assert!(game.is_over() || (game.deal_number() == 2 && game.phase() == Phase::Discard));
    }
}
