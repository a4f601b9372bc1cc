//! The master's search at a table of three or four (docs/rules.md, "The
//! play", "Dealing" and "The show order and the end of the game"): pegging
//! by search over every hidden hand. The master uses it at three; with
//! partners it measured below the Expert's lays (docs/master.md), so there
//! the player lays as the Expert.
//!
//! For each card it may lay, the master averages over samples of the cards
//! it cannot see the value of playing out the rest of the play with that card
//! first and every seat laying as the Expert would from what that seat sees
//! (a rollout: [`crate::bots::expert_lay`]), judged for its side: its
//! partnership with four players, where partners' points count together and
//! the partner's hand is as hidden as the opponents'. The samples are common
//! to every card ([`crate::bots::master::best_by_samples`], the search of
//! every table size, with its adaptive budget).
//!
//! **A sample** deals each other seat as many unlaid cards as it holds, from
//! the cards the master has not seen, *consistent with the goes*: a seat that
//! said go at count `c` (or was passed over, or could not lay on before a
//! count ended at `c`) holds no card of value `<= 31 - c`, then or later
//! ([`go_floors`]). It deals each other seat's crib card (and, with three,
//! the crib's card from the deck) from the rest. The sample is then replayed
//! through the engine's play ([`Pegging`]) from the first lead: a sample the
//! rules would not have allowed (a go with a card that fits) is refused, so
//! what is searched is always a play that could have happened.
//!
//! **The value** of a rollout is, as for two players
//! ([`crate::bots::master`]), decisive when a side reaches the target in the
//! play or in the show order (the seat after the dealer counts first, the
//! dealer's hand and crib last): [`DECISIVE`] for the master's side, minus
//! that for any other; otherwise the master's side's points pegged from now
//! on less the mean of the other sides'.
//!
//! The discards are the Expert's (with five cards dealt, its exact analysis of
//! each card laid away).

use crate::bots::expert::expert_lay;
use crate::bots::master::{best_by_samples, MasterConfig, DECISIVE};
use crate::ground::card::{Card, CardSet};
use crate::ground::rng::Rng;
use crate::rules::observe::{four, Observation};
use crate::rules::play::{fits_mask, mask_cards, one_per_rank, Pegging, MAX_COUNT, MAX_SEATS};
use crate::rules::show::score_hand;

/// Cards each seat holds when the play begins.
const PLAY_HAND: u8 = 4;

/// Draws of one sample before it is given up (the go floors make the first
/// draw fit unless the floors leave too few cards).
const TRIES: u32 = 8;

/// The card to lay from `lays` (the legal lays, not empty) at a table of
/// three or four: the best mean rollout value over the samples.
pub fn search_lay(config: &MasterConfig, rng: &mut Rng, obs: &Observation, lays: u64) -> Card {
    let cards: Vec<Card> = mask_cards(one_per_rank(lays)).collect();
    if cards.len() == 1 {
        return cards[0];
    }
    let table = Table::new(obs, config.go_inference);
    best_by_samples(config, &cards, |values| {
        let Some(sample) = table.sample(rng) else {
            return;
        };
        for &card in &cards {
            values.push(table.rollout(&sample, card));
        }
    })
}

/// The hidden cards of one deal at a table of three or four, drawn as the
/// search draws them (see the module comment): each seat's unlaid cards and
/// what it laid away (the viewer's own included), and the crib's card from
/// the deck (three players; else 0). `None` after a few draws the rules
/// refused.
pub(crate) struct TableDeal {
    pub hands: [u64; MAX_SEATS],
    pub discards: [u64; MAX_SEATS],
    pub deck_card: u64,
}

/// A draw of the cards `obs`'s seat has not seen, consistent with the goes
/// and replayed to the turn of the seat to move (for the game analysis).
pub(crate) fn sample_deal(obs: &Observation, rng: &mut Rng) -> Option<TableDeal> {
    let sample = Table::new(obs, true).sample(rng)?;
    Some(TableDeal {
        hands: sample.hands,
        discards: sample.discards,
        deck_card: sample.deck_card,
    })
}

/// The highest card value each seat is known not to hold (0: nothing known),
/// from the deal's cards `laid` in order, the current `count` (0 after cards
/// were laid: the last count ended), `players` seats, the `leader` (the seat
/// after the dealer) and the seat `to_move` now. Every seat starts the play
/// with four cards. A seat with cards that the turn passes over said go at
/// that count; when a count ends below 31 (the next card would not fit on
/// it, or `count` is 0), no seat with cards could lay on it.
pub fn go_floors(
    laid: &[(u8, Card)],
    count: u8,
    players: usize,
    leader: usize,
    to_move: usize,
) -> [u8; MAX_SEATS] {
    let n = players.clamp(2, MAX_SEATS);
    let mut floor = [0u8; MAX_SEATS];
    let mut left = [0u8; MAX_SEATS];
    left[..n].fill(PLAY_HAND);
    let (mut total, mut said, mut next) = (0u8, 0u8, leader % n);
    let note = |floor: &mut [u8; MAX_SEATS], seat: usize, at: u8| {
        floor[seat] = floor[seat].max(MAX_COUNT - at);
    };
    let stuck = |floor: &mut [u8; MAX_SEATS], left: &[u8; MAX_SEATS], at: u8| {
        for s in (0..n).filter(|&s| left[s] > 0) {
            note(floor, s, at);
        }
    };
    // The seats with cards passed over from `from` to `to` said go at `at`.
    let passed = |floor: &mut [u8; MAX_SEATS],
                  said: &mut u8,
                  left: &[u8; MAX_SEATS],
                  from: usize,
                  to: usize,
                  at: u8| {
        let mut s = from;
        while s != to {
            if left[s] > 0 && *said & (1 << s) == 0 {
                note(floor, s, at);
                *said |= 1 << s;
            }
            s = (s + 1) % n;
        }
    };
    for &(seat, card) in laid {
        let seat = usize::from(seat) % n;
        if total > 0 && total + card.value() > MAX_COUNT {
            stuck(&mut floor, &left, total);
            (total, said) = (0, 0);
        } else if total > 0 {
            passed(&mut floor, &mut said, &left, next, seat, total);
        }
        left[seat] = left[seat].saturating_sub(1);
        total += card.value();
        if total == MAX_COUNT {
            (total, said) = (0, 0);
        }
        next = (seat + 1) % n;
    }
    if total > 0 && count == 0 {
        stuck(&mut floor, &left, total);
    } else if total > 0 {
        passed(&mut floor, &mut said, &left, next, to_move % n, total);
    }
    floor
}

/// One sample: every seat's unlaid cards and crib card(s), and the play
/// replayed to now.
struct Sample {
    /// Unlaid cards per seat (the master's own included).
    hands: [u64; MAX_SEATS],
    /// What each seat laid away (the master's own included).
    discards: [u64; MAX_SEATS],
    /// The crib's card from the deck (three players; else 0).
    deck_card: u64,
    /// The play replayed to the master's decision.
    play: Pegging,
}

/// What the search of one decision knows.
struct Table<'a> {
    obs: &'a Observation,
    n: usize,
    me: usize,
    /// The seat to move now, where a sample's replay stops (the master itself
    /// when it searches; any seat when the game analysis samples).
    to_move: usize,
    /// The cards each other seat may hold (the unseen ones above its floor).
    pools: [u64; MAX_SEATS],
    /// The other seats, most constrained first.
    order: Vec<usize>,
    /// Points each side needs to reach the target.
    need: [u16; MAX_SEATS],
}

impl<'a> Table<'a> {
    fn new(obs: &'a Observation, go_inference: bool) -> Table<'a> {
        let n = usize::from(obs.config.players);
        let me = obs.seat;
        let leader = (obs.dealer + 1) % n;
        let to_move = obs.to_move.unwrap_or(me);
        let floors = if go_inference {
            go_floors(obs.laid_order(), obs.count, n, leader, to_move)
        } else {
            [0; MAX_SEATS]
        };
        let unseen = obs.unseen().mask();
        let mut pools = [0u64; MAX_SEATS];
        for s in (0..n).filter(|&s| s != me) {
            pools[s] = unseen & !fits_mask(floors[s]);
        }
        let mut order: Vec<usize> = (0..n).filter(|&s| s != me).collect();
        order.sort_by_key(|&s| pools[s].count_ones());
        let mut need = [0u16; MAX_SEATS];
        for (side, slot) in need.iter_mut().enumerate().take(obs.config.sides()) {
            *slot = obs.config.target.saturating_sub(obs.scores[side]);
        }
        Table {
            obs,
            n,
            me,
            to_move,
            pools,
            order,
            need,
        }
    }

    /// A sample consistent with everything seen, or `None` after [`TRIES`]
    /// draws the rules refused.
    fn sample(&self, rng: &mut Rng) -> Option<Sample> {
        (0..TRIES).find_map(|_| self.draw(rng))
    }

    fn draw(&self, rng: &mut Rng) -> Option<Sample> {
        let obs = self.obs;
        let mut free = obs.unseen().mask();
        let mut hands = [0u64; MAX_SEATS];
        let mut discards = [0u64; MAX_SEATS];
        hands[self.me] = obs.hand.mask();
        discards[self.me] = obs.discards.mask();
        for &s in &self.order {
            let held = u32::from(obs.held[s]);
            let pool = self.pools[s] & free;
            hands[s] = rng.draw(
                if pool.count_ones() >= held {
                    pool
                } else {
                    free
                },
                held,
            );
            free &= !hands[s];
        }
        let thrown = obs.config.discards() as u32;
        for &s in &self.order {
            discards[s] = rng.draw(free, thrown);
            free &= !discards[s];
        }
        let deck_card = if self.n == 3 { rng.draw(free, 1) } else { 0 };
        let play = self.replay(&hands)?;
        Some(Sample {
            hands,
            discards,
            deck_card,
            play,
        })
    }

    /// The deal's play replayed with these unlaid cards, to the turn of the
    /// seat to move; `None` if the rules would not have allowed it.
    fn replay(&self, hands: &[u64; MAX_SEATS]) -> Option<Pegging> {
        let obs = self.obs;
        let dealt: Vec<Vec<Card>> = (0..self.n)
            .map(|s| mask_cards(hands[s] | obs.laid[s].mask()).collect())
            .collect();
        let mut play = Pegging::with_events(&dealt, (obs.dealer + 1) % self.n, false).ok()?;
        for &(seat, card) in obs.laid_order() {
            while play.to_move()? != usize::from(seat) {
                play.go().ok()?;
            }
            play.lay(card).ok()?;
        }
        while play.to_move()? != self.to_move {
            play.go().ok()?;
        }
        (play.count() == obs.count).then_some(play)
    }

    /// The value for the master's side of laying `card` in `sample`, then
    /// every seat laying as the Expert to the end of the play.
    fn rollout(&self, sample: &Sample, card: Card) -> f64 {
        let config = self.obs.config;
        let mut play = sample.play.clone();
        let before = self.side_points(&play);
        let mut view = *self.obs;
        let mut mover = self.me;
        let mut lay = Some(card);
        loop {
            if let Some(card) = lay {
                if play.lay(card).is_err() {
                    return f64::NEG_INFINITY;
                }
                view.lay(mover, card);
            } else if play.go().is_err() {
                return f64::NEG_INFINITY;
            }
            view.set_pile(play.count(), play.pile());
            let gained = self.gained(&play, &before);
            if let Some(side) = (0..config.sides()).find(|&s| gained[s] >= self.need[s]) {
                return self.decisive(side);
            }
            let Some(next) = play.to_move() else {
                return self.ending(sample, &gained);
            };
            mover = next;
            let lays = play.legal_lays();
            lay = (lays != 0)
                .then(|| expert_lay(&self.view_of(&mut view, sample, &play, next), lays));
        }
    }

    /// `view` as seat `seat` sees the sampled deal.
    fn view_of(
        &self,
        view: &mut Observation,
        sample: &Sample,
        play: &Pegging,
        seat: usize,
    ) -> Observation {
        view.seat = seat;
        view.hand = CardSet::from_mask(play.hand_mask(seat));
        view.kept = CardSet::from_mask(play.hand_mask(seat)) | view.laid[seat];
        view.discards = CardSet::from_mask(sample.discards[seat]);
        for (s, go) in view.said_go.iter_mut().enumerate().take(self.n) {
            *go = play.said_go(s);
        }
        *view
    }

    /// Points pegged this deal so far, per side.
    fn side_points(&self, play: &Pegging) -> [u16; MAX_SEATS] {
        let mut out = [0u16; MAX_SEATS];
        for (s, &p) in play.points().iter().enumerate() {
            out[self.obs.config.side_of(s)] += p;
        }
        out
    }

    /// Points each side pegged since `before`.
    fn gained(&self, play: &Pegging, before: &[u16; MAX_SEATS]) -> [u16; MAX_SEATS] {
        let now = self.side_points(play);
        std::array::from_fn(|s| now[s] - before[s])
    }

    fn decisive(&self, side: usize) -> f64 {
        if side == self.obs.side() {
            DECISIVE
        } else {
            -DECISIVE
        }
    }

    /// The end of the play with `gained` pegged: the shows in order, the
    /// first side to reach the target winning; else the net pegging.
    fn ending(&self, sample: &Sample, gained: &[u16; MAX_SEATS]) -> f64 {
        let obs = self.obs;
        let config = obs.config;
        let show = |mask: u64, crib: bool| match (four(CardSet::from_mask(mask)), obs.starter) {
            (Some(cards), Some(starter)) => u16::from(score_hand(cards, starter, crib)),
            _ => 0,
        };
        let mut total = *gained;
        for k in 1..=self.n {
            let seat = (obs.dealer + k) % self.n;
            let side = config.side_of(seat);
            total[side] += show(sample.hands[seat] | obs.laid[seat].mask(), false);
            if seat == obs.dealer {
                let crib = sample.discards.iter().fold(sample.deck_card, |m, &d| m | d);
                total[side] += show(crib, true);
            }
            if total[side] >= self.need[side] {
                return self.decisive(side);
            }
        }
        let sides = config.sides();
        let mine = obs.side();
        let others: f64 = (0..sides)
            .filter(|&s| s != mine)
            .map(|s| f64::from(gained[s]))
            .sum();
        f64::from(gained[mine]) - others / (sides - 1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, BotKind};
    use crate::rules::game::{Game, GameConfig, Move, Phase};

    /// Plays seeded games at a table, calling `at` at every lay of a seat
    /// with a choice.
    fn each_lay(players: u8, games: u64, mut at: impl FnMut(&Game, &Observation)) {
        for g in 0..games {
            let config = GameConfig::new(players, 121, false).unwrap();
            let mut game = Game::new(config, g, false);
            let mut bots: Vec<Bot> = (0..u64::from(players))
                .map(|s| Bot::new(BotKind::PANEL[((g + s) % 7) as usize], g * 7 + s))
                .collect();
            while let Some(seat) = game.to_move() {
                if game.phase() == Phase::Play {
                    let obs = Observation::from_game(&game, seat);
                    if !obs.legal_lays().is_empty() {
                        at(&game, &obs);
                    }
                }
                let mv = bots[seat].decide(&game, seat).unwrap();
                game.apply(mv).unwrap();
            }
        }
    }

    #[test]
    fn go_floors_are_sound_at_every_table() {
        for players in 2..=4u8 {
            let mut informative = 0;
            each_lay(players, 60, |game, obs| {
                let n = usize::from(players);
                let floors = go_floors(
                    obs.laid_order(),
                    obs.count,
                    n,
                    (obs.dealer + 1) % n,
                    obs.seat,
                );
                for (s, &f) in floors.iter().enumerate().take(n) {
                    assert_eq!(game.hand(s) & fits_mask(f), 0, "{:?}", obs.laid_order());
                    informative += usize::from(f > 0 && game.hand(s) != 0);
                }
            });
            assert!(informative > 100, "{players}: {informative}");
        }
    }

    #[test]
    fn every_sample_replays_and_keeps_what_was_seen() {
        let mut rng = Rng::new(5);
        for players in 3..=4u8 {
            let mut checked = 0;
            each_lay(players, 40, |game, obs| {
                let table = Table::new(obs, true);
                for _ in 0..4 {
                    let Some(sample) = table.draw(&mut rng) else {
                        let n = usize::from(players);
                        let hands: Vec<u64> = (0..n).map(|s| game.hand(s)).collect();
                        let floors = go_floors(
                            obs.laid_order(),
                            obs.count,
                            n,
                            (obs.dealer + 1) % n,
                            obs.seat,
                        );
                        panic!("no fit: {:?} count {} dealer {} seat {} floors {floors:?} hands {hands:x?}", obs.laid_order(), obs.count, obs.dealer, obs.seat);
                    };
                    let n = usize::from(players);
                    let mut all = obs.starter.map_or(0, Card::bit) | sample.deck_card;
                    for s in 0..n {
                        assert_eq!(sample.hands[s].count_ones(), game.hand(s).count_ones());
                        assert_eq!(sample.play.hand_mask(s), sample.hands[s]);
                        for m in [sample.hands[s], sample.discards[s], obs.laid[s].mask()] {
                            assert_eq!(all & m, 0, "a card in two places");
                            all |= m;
                        }
                    }
                    assert_eq!(sample.hands[obs.seat], game.hand(obs.seat));
                    assert_eq!(sample.play.to_move(), Some(obs.seat));
                    assert_eq!(sample.play.pile(), game.pegging().unwrap().pile());
                    assert_eq!(sample.play.legal_lays(), obs.legal_lays().mask());
                    let card = mask_cards(obs.legal_lays().mask()).next().unwrap();
                    assert!(table.rollout(&sample, card).is_finite());
                    checked += 1;
                }
            });
            assert!(checked > 1000, "{checked}");
        }
    }

    #[test]
    fn the_search_lays_a_legal_card_and_is_seeded() {
        let config = MasterConfig::default();
        each_lay(3, 10, |_, obs| {
            let lays = obs.legal_lays().mask();
            let a = search_lay(&config, &mut Rng::new(3), obs, lays);
            assert!(lays & a.bit() != 0);
            assert_eq!(a, search_lay(&config, &mut Rng::new(3), obs, lays));
        });
    }

    #[test]
    fn a_card_that_pegs_out_is_laid() {
        // Four players at 119-119, seat 2 deals, seat 3 leads the ten: seat
        // 0 makes fifteen with the five and wins; any other card lets seat 1
        // peg (the four on the ace makes fifteen) or seat 3 count out first.
        let config = GameConfig::new(4, 121, false).unwrap();
        let mut game = Game::with_first_dealer(config, 3, false, 2).unwrap();
        let cards = |t: &str| crate::ground::card::parse_cards(t).unwrap();
        let deal = crate::rules::game::SuppliedDeal {
            hands: [
                "5C AS 8S 9S KC",
                "AC 2C 3C 4C QD",
                "6D 7D 8D 9D JD",
                "10H 2D 3D 4D 7S",
            ]
            .iter()
            .map(|h| cards(h))
            .collect(),
            starter: Some("KH".parse().unwrap()),
            crib_card: None,
            scores: Some(vec![119, 119]),
        };
        game.apply(Move::Deal(Box::new(deal))).unwrap();
        while let (Phase::Discard, Some(seat)) = (game.phase(), game.to_move()) {
            let discard = ["KC", "QD", "JD", "7S"][seat];
            game.apply(Move::Discard(cards(discard)[0].bit())).unwrap();
        }
        game.apply(Move::Lay("10H".parse().unwrap())).unwrap();
        assert_eq!(game.to_move(), Some(0));
        let obs = Observation::from_game(&game, 0);
        let lays = obs.legal_lays().mask();
        let card = search_lay(&MasterConfig::default(), &mut Rng::new(1), &obs, lays);
        assert_eq!(card, "5C".parse().unwrap());
    }
}
