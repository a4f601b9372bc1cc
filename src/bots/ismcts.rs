//! The ISMCTS player (docs/rules.md, "The deal", "The play" and "The show"):
//! single-observer information-set Monte Carlo tree search at a fixed budget,
//! the method of the Python example `cribbage_fast.games.agents.ISMCTSPlayer`,
//! here in Rust so the panel plays at simulation speed.
//!
//! Each iteration deals the cards the player cannot see again, uniformly
//! (the opponent's unlaid cards from the cards it may hold, its two crib
//! cards, and before the cut the starter), walks one tree of moves shared
//! by all those deals (UCB1 with the exploration constant [`EXPLORATION`],
//! over the moves legal in the deal at hand, each child counted as available
//! when it is legal), adds one node, and finishes the deal with random moves.
//! A deal is scored 1 for a game won in it, 0 for a game lost, else 0.5 plus
//! the deal's point margin over 40, clipped to 0..1. The discard is a bandit
//! over the player's own discards (the opponent discards at random in the
//! playout), with [`DISCARD_FACTOR`] times the play budget. The move played
//! is the most visited. Moves of the play are ranks (suits never matter in
//! the play). With three or four players it lays and discards as the greedy
//! player.

use crate::bots::master::{ending, hidden_pool, start_play, Ending, MasterConfig, Play, DECISIVE};
use crate::ground::card::{Card, CardSet};
use crate::ground::rng::Rng;
use crate::rules::game::discard_choices;
use crate::rules::observe::{four, Observation};
use crate::rules::play::{mask_cards, one_per_rank};
use crate::rules::show::{his_heels, score_hand};

/// Iterations per lay decision.
pub const ITERATIONS: u32 = 100;

/// Iterations per lay decision of the deep player (`"ismcts_deep"`): thirty
/// times the budget, the panel's strongest bot (docs/bots.md, "The panel").
pub const DEEP_ITERATIONS: u32 = 3_000;

/// The iterations a lay of the ISMCTS player, or of the deep one.
pub fn iterations(deep: bool) -> u32 {
    if deep {
        DEEP_ITERATIONS
    } else {
        ITERATIONS
    }
}

/// The discard gets this many times the iterations of a lay.
pub const DISCARD_FACTOR: u32 = 4;

/// The exploration constant of UCB1.
pub const EXPLORATION: f64 = 0.7;

/// The move code of a go (a lay is its rank, 1..=13).
const GO: u8 = 0;

#[derive(Clone, Default)]
struct Node {
    visits: u32,
    value: f64,
    available: u32,
    children: Vec<(u8, usize)>,
}

/// The value of a finished deal for side 0: see the module comment.
fn deal_value(end: &Ending, points: [u16; 2]) -> f64 {
    let v = end.value(points);
    if v >= DECISIVE {
        1.0
    } else if v <= -DECISIVE {
        0.0
    } else {
        let shows = f64::from(end.show[0]) - f64::from(end.show[1]);
        (0.5 + (v + shows) / 40.0).clamp(0.0, 1.0)
    }
}

/// Random moves to the end of the play; `None` if a side pegs out first
/// (its value), else the points pegged.
fn random_play(mut play: Play, end: &Ending, rng: &mut Rng) -> Result<[u16; 2], f64> {
    loop {
        if let Some(side) = (0..2).find(|&s| play.points[s] >= end.need[s]) {
            return Err(if side == 0 { 1.0 } else { 0.0 });
        }
        if play.over() {
            return Ok(play.points);
        }
        let fits = play.hands[play.to_move] & play_fits(&play);
        play = if fits == 0 {
            play.go()
        } else {
            let card = mask_cards(fits).nth(rng.below(fits.count_ones()) as usize);
            play.lay(card.unwrap_or(Card::MIN))
        };
    }
}

/// The cards that fit the count of `play`.
fn play_fits(play: &Play) -> u64 {
    let moves = play.moves();
    // `moves` is one card per rank; a rank fits when its lowest card does.
    let mut fits = 0u64;
    for card in mask_cards(moves) {
        fits |= 0xF << (4 * (card.rank() - 1));
    }
    fits
}

/// The lowest card of `hand` of rank `code` (a go for [`GO`]).
fn card_of(hand: u64, code: u8) -> Option<Card> {
    mask_cards(hand & 0xF << (4 * (code.max(1) - 1)))
        .next()
        .filter(|_| code != GO)
}

/// The move codes legal for the side to move in `play` (a go when nothing fits).
fn legal_codes(play: &Play) -> Vec<u8> {
    match play.moves() {
        0 => vec![GO],
        moves => mask_cards(moves).map(|c| c.rank()).collect(),
    }
}

/// One step down the tree from `node`: every legal child counted available,
/// then a new child for an untried move (the second value `true`) or the
/// best child by UCB1. The child and the play after its move.
fn step(tree: &mut Vec<Node>, node: usize, play: &Play, rng: &mut Rng) -> (usize, bool, Play) {
    let codes = legal_codes(play);
    let mut untried = Vec::new();
    for &code in &codes {
        match tree[node].children.iter().find(|(c, _)| *c == code) {
            Some(&(_, child)) => tree[child].available += 1,
            None => untried.push(code),
        }
    }
    let apply = |code: u8| match card_of(play.hands[play.to_move], code) {
        Some(card) => play.lay(card),
        None => play.go(),
    };
    if !untried.is_empty() {
        let code = untried[rng.below(untried.len() as u32) as usize];
        tree.push(Node {
            available: 1,
            ..Node::default()
        });
        let child = tree.len() - 1;
        tree[node].children.push((code, child));
        return (child, true, apply(code));
    }
    let (_, (code, child)) = tree[node]
        .children
        .iter()
        .filter(|(c, _)| codes.contains(c))
        .map(|&(c, i)| (ucb(&tree[i]), (c, i)))
        .fold(
            (f64::NEG_INFINITY, (GO, 0)),
            |b, x| if x.0 > b.0 { x } else { b },
        );
    (child, false, apply(code))
}

/// One iteration of the play's search from `start` (the sampled deal).
fn iterate(tree: &mut Vec<Node>, start: Play, end: &Ending, rng: &mut Rng) {
    let mut play = start;
    let mut node = 0;
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut result = None;
    while !play.over() {
        if let Some(side) = (0..2).find(|&s| play.points[s] >= end.need[s]) {
            result = Some(if side == 0 { 1.0 } else { 0.0 });
            break;
        }
        let mover = play.to_move;
        let (child, expanded, next) = step(tree, node, &play, rng);
        play = next;
        node = child;
        path.push((child, mover));
        if expanded {
            break;
        }
    }
    let mine = match result {
        Some(v) => v,
        None => match random_play(play, end, rng) {
            Ok(points) => deal_value(end, points),
            Err(v) => v,
        },
    };
    for (i, side) in path {
        tree[i].visits += 1;
        tree[i].value += if side == 0 { mine } else { 1.0 - mine };
    }
}

fn ucb(node: &Node) -> f64 {
    let n = f64::from(node.visits.max(1));
    node.value / n + EXPLORATION * (f64::from(node.available.max(1)).ln() / n).sqrt()
}

/// The lay from `lays` (not empty) for a two-player observation `obs`.
pub fn ismcts_lay(obs: &Observation, lays: u64, iterations: u32, rng: &mut Rng) -> Card {
    let first = mask_cards(lays).next().unwrap_or(Card::MIN);
    if one_per_rank(lays).count_ones() == 1 {
        return first;
    }
    let uniform = MasterConfig {
        go_inference: false,
        ..MasterConfig::default()
    };
    let held = 4u32.saturating_sub(obs.laid[1 - obs.seat].len());
    let pool = hidden_pool(&uniform, obs, held);
    let unseen = obs.unseen().mask();
    let start = start_play(obs);
    let mut tree = vec![Node::default()];
    for _ in 0..iterations {
        let opp = rng.draw(pool, held);
        let crib = rng.draw(unseen & !opp, 2);
        let end = ending(obs, opp, crib);
        let mut play = start;
        play.hands[1] = opp;
        iterate(&mut tree, play, &end, rng);
    }
    let best = tree[0]
        .children
        .iter()
        .max_by_key(|(_, i)| tree[*i].visits)
        .map(|&(code, _)| code);
    best.and_then(|code| card_of(lays, code)).unwrap_or(first)
}

/// The value of one random deal after keeping `keep` and throwing `thrown`.
fn discard_sample(obs: &Observation, keep: u64, thrown: u64, rng: &mut Rng) -> f64 {
    let me = obs.seat;
    let unseen = obs.unseen().mask() & !obs.hand.mask();
    let opp_six = rng.draw(unseen, 6);
    let opp_crib = crate::bots::random::random_discard(opp_six, 2, rng);
    let starter = rng.draw(unseen & !opp_six, 1);
    let opp_keep = opp_six & !opp_crib;
    let i_deal = obs.dealer == me;
    let show = |mask: u64, crib: bool| match (
        four(CardSet::from_mask(mask)),
        mask_cards(starter).next(),
    ) {
        (Some(cards), Some(s)) => u16::from(score_hand(cards, s, crib)),
        _ => 0,
    };
    let mut shows = [show(keep, false), show(opp_keep, false)];
    shows[usize::from(!i_deal)] += show(thrown | opp_crib, true);
    let need = [
        obs.config.target.saturating_sub(obs.scores[me]),
        obs.config.target.saturating_sub(obs.scores[1 - me]),
    ];
    let mut points = [0u16; 2];
    if let Some(card) = mask_cards(starter).next() {
        points[usize::from(!i_deal)] += u16::from(his_heels(card));
    }
    let end = Ending {
        need,
        show: shows,
        pone: usize::from(i_deal),
    };
    let mut play = Play::new(keep, opp_keep, !i_deal);
    play.points = points;
    match random_play(play, &end, rng) {
        Ok(points) => deal_value(&end, points),
        Err(v) => v,
    }
}

/// The discard of a two-player observation `obs`: a UCB1 bandit over the
/// discards, `iterations` random deals.
pub fn ismcts_discard(obs: &Observation, iterations: u32, rng: &mut Rng) -> u64 {
    let hand = obs.hand.mask();
    let options: Vec<u64> = discard_choices(hand, obs.config.discards()).collect();
    let mut nodes = vec![Node::default(); options.len()];
    for t in 0..iterations {
        let i = match nodes.iter().position(|n| n.visits == 0) {
            Some(i) => i,
            None => {
                let total = f64::from(t.max(1)).ln();
                let score = |n: &Node| {
                    let v = f64::from(n.visits);
                    n.value / v + EXPLORATION * (total / v).sqrt()
                };
                (0..nodes.len()).fold(0, |b, k| {
                    if score(&nodes[k]) > score(&nodes[b]) {
                        k
                    } else {
                        b
                    }
                })
            }
        };
        let v = discard_sample(obs, hand & !options[i], options[i], rng);
        nodes[i].visits += 1;
        nodes[i].value += v;
    }
    let best = (0..nodes.len()).max_by_key(|&k| (nodes[k].visits, std::cmp::Reverse(k)));
    best.map_or(0, |k| options[k])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::parse_cards;
    use crate::ground::card::test_mask as mask;
    use crate::rules::game::{GameConfig, Phase};

    #[test]
    fn it_keeps_a_strong_hand() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut obs = Observation::new(0, config, 0, Phase::Discard);
        obs.hand = CardSet::from_mask(mask("5C 5D 5H JS KC 2D"));
        obs.kept = obs.hand;
        let mut rng = Rng::new(3);
        let discard = ismcts_discard(&obs, 800, &mut rng);
        assert_eq!(discard & mask("5C 5D 5H"), 0, "{discard:x}");
    }

    #[test]
    fn it_takes_a_fifteen_for_the_game() {
        let config = GameConfig::new(2, 121, false).unwrap();
        let mut obs = Observation::new(0, config, 1, Phase::Play);
        obs.hand = CardSet::from_mask(mask("5C 4D"));
        obs.kept = CardSet::from_mask(mask("5C 4D 8S 9S"));
        obs.discards = CardSet::from_mask(mask("KC QC"));
        obs.starter = Some("2H".parse().unwrap());
        obs.lay(1, "KH".parse().unwrap());
        obs.set_pile(10, &parse_cards("KH").unwrap());
        obs.set_scores(&[119, 100]);
        let mut rng = Rng::new(1);
        assert_eq!(
            ismcts_lay(&obs, mask("5C 4D"), 100, &mut rng),
            "5C".parse().unwrap()
        );
    }
}
