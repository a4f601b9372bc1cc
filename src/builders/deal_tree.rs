//! What one two-player deal scores, in play order, from every board position
//! (docs/rules.md, "The play" and "The show order and the end of the game").
//!
//! The Expert discards without looking at the board, but lays its cards
//! board-aware: its choice depends on the points each side still needs, and
//! only through a few thresholds (a lay or a reply that pegs out, at most
//! [`MAX_LAY_POINTS`]; the pone whose hand will count out first; a pone
//! within 8 of the target). So the needs of the seat to lay fall into
//! [`MY_CLASSES`] classes and its opponent's into [`OPP_CLASSES`]: a
//! [`signature`]. A [`DealTree`] plays the deal once and, at every lay where
//! the signature changes the Expert's card, branches: each segment holds the
//! scoring events in order (his heels, the pegging, then the pone's hand, the
//! dealer's hand and the crib at the leaves). Walking the tree from a board
//! position gives exactly the events of the Expert-vs-Expert deal from there.
//!
//! Deal `i` of seed `S` is the first deal (seat 0 deals) of a game seeded
//! `game_seed(S, i)`, so it is the same deal however the indexes are split.

use crate::bots::simulate::game_seed;
use crate::bots::{Bot, BotKind, Observation};
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, GameEvent, Move, Phase, DEFAULT_TARGET};
use crate::rules::play::{mask_cards, score_play, MAX_COUNT};
use crate::rules::show::score_hand;

/// The most a single lay can peg (four of a kind making 15 or 31: 12 + 2).
pub const MAX_LAY_POINTS: u16 = 14;
/// My need 1..=14, the pone's need 15..=its show (its hand counts out first),
/// or far.
pub const MY_CLASSES: usize = MAX_LAY_POINTS as usize + 2;
/// The opponent's need 1..=14, or far.
pub const OPP_CLASSES: usize = MAX_LAY_POINTS as usize + 1;
/// Signatures of the needs at one lay.
pub const SIGNATURES: usize = MY_CLASSES * OPP_CLASSES;
/// Bit set on a pone's event; the points are in the low bits.
pub const PONE_BIT: u8 = 0x80;
/// A need no single deal can meet: the game inside the sampler never ends.
const UNREACHED: u16 = 1000;
/// A need beyond every threshold (above the best show, 29).
const FAR_NEED: u16 = 30;

/// The signature of the needs when `seat` (0 the dealer, 1 the pone) lays.
pub fn signature(seat: u8, my_need: u16, opp_need: u16, pone_show: u8) -> usize {
    let my = if my_need <= MAX_LAY_POINTS {
        usize::from(my_need.max(1) - 1)
    } else if seat == 1 && my_need <= u16::from(pone_show) {
        MY_CLASSES - 2
    } else {
        MY_CLASSES - 1
    };
    let opp = usize::from(opp_need.clamp(1, MAX_LAY_POINTS + 1) - 1);
    my * OPP_CLASSES + opp
}

/// Needs (mine, the opponent's) that stand for signature `sig`.
fn class_needs(sig: usize) -> (u16, u16) {
    let (my, opp) = ((sig / OPP_CLASSES) as u16, (sig % OPP_CLASSES) as u16);
    let my = match my {
        m if m < MAX_LAY_POINTS => m + 1,
        MAX_LAY_POINTS => MAX_LAY_POINTS + 1,
        _ => FAR_NEED,
    };
    let opp = if opp < MAX_LAY_POINTS {
        opp + 1
    } else {
        FAR_NEED
    };
    (my, opp)
}

/// A lay whose card depends on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// 0 the dealer, 1 the pone.
    pub seat: u8,
    /// The child (index into `children`) for each signature.
    pub choice: Vec<u8>,
    /// Segment indexes, one per distinct card.
    pub children: Vec<u32>,
}

/// Scoring events in order, then a branch or the end of the deal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Segment {
    pub events: Vec<u8>,
    pub branch: Option<Branch>,
}

/// One deal's scoring from every board; segment 0 is the start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DealTree {
    /// What the pone's hand shows (the Expert's defence threshold).
    pub pone_show: u8,
    pub segments: Vec<Segment>,
}

/// The Expert with the board of a signature instead of the game's scores.
struct BoardExpert {
    bot: Bot,
}

/// Distinct point values, highest first.
fn distinct(mut points: Vec<u8>) -> Vec<u8> {
    points.sort_unstable_by(|a, b| b.cmp(a));
    points.dedup();
    points
}

/// What the points pegged now by each legal lay, and by any reply to it,
/// can be: the needs matter to the Expert only against these.
fn lay_and_reply_points(game: &Game, lays: u64) -> (Vec<u8>, Vec<u8>) {
    let play = game.pegging().expect("the play is on");
    let mut pile: Vec<Card> = play.pile().to_vec();
    let (mut now, mut replies) = (Vec::new(), Vec::new());
    for card in mask_cards(lays) {
        pile.push(card);
        now.push(score_play(&pile));
        let count = play.count() + card.value();
        for rank in 1..=13 {
            let reply = Card::new(rank, 0).expect("a rank 1..=13");
            if count + reply.value() <= MAX_COUNT {
                pile.push(reply);
                replies.push(score_play(&pile));
                pile.pop();
            }
        }
        pile.pop();
    }
    (distinct(now), distinct(replies))
}

impl BoardExpert {
    /// The card the Expert lays for every signature (`seat` to lay). Needs
    /// that compare alike with every threshold the Expert uses (the points
    /// of a lay or a reply, the pone's show, 8) get the same card: each such
    /// class is asked once.
    fn choices(&mut self, game: &Game, seat: usize, lays: u64, pone_show: u8) -> Vec<u8> {
        let (now, replies) = lay_and_reply_points(game, lays);
        let pone = seat == 1;
        let class = |my: u16, opp: u16| {
            let above =
                |points: &[u8], need: u16| points.iter().filter(|&&p| u16::from(p) >= need).count();
            (
                above(&now, my),
                pone && my <= u16::from(pone_show),
                above(&replies, opp),
                !pone && opp <= 8,
            )
        };
        let mut obs = Observation::from_game(game, seat);
        obs.config.target = DEFAULT_TARGET;
        let mut asked: Vec<((usize, bool, usize, bool), u8)> = Vec::new();
        let mut cards = vec![0u8; SIGNATURES];
        for (sig, slot) in cards.iter_mut().enumerate() {
            let (mut my, opp) = class_needs(sig);
            // The defence class without a show of 15+ is the far class.
            if my == MAX_LAY_POINTS + 1 && (!pone || u16::from(pone_show) < my) {
                my = FAR_NEED;
            }
            let key = class(my, opp);
            if let Some(&(_, card)) = asked.iter().find(|(k, _)| *k == key) {
                *slot = card;
                continue;
            }
            obs.scores[seat] = DEFAULT_TARGET - my;
            obs.scores[1 - seat] = DEFAULT_TARGET - opp;
            *slot = self.bot.lay(&obs).map_or(u8::MAX, Card::index);
            asked.push((key, *slot));
        }
        cards
    }
}

/// The scoring events among `events` of a deal seat 0 deals, in order:
/// (seat, points), points above 0 (his heels, the pegging, the shows).
pub(crate) fn scored(events: &[GameEvent]) -> impl Iterator<Item = (u8, u8)> + '_ {
    events
        .iter()
        .filter_map(|event| match event {
            GameEvent::Starter { his_heels, .. } => Some((0, *his_heels)),
            GameEvent::Peg(e) => Some((e.seat, e.points())),
            GameEvent::Show { seat, pegged, .. } => Some((*seat, *pegged)),
            _ => None,
        })
        .filter(|&(_, points)| points > 0)
}

/// Appends the scoring events among `events` (dealer 0, pone 1).
fn scoring(events: &[GameEvent], out: &mut Vec<u8>) {
    out.extend(scored(events).map(|(seat, points)| points | if seat == 1 { PONE_BIT } else { 0 }));
}

/// Plays `game` on from event `seen` into a new segment, branching where the
/// board changes the Expert's lay. Returns the segment's index.
fn explore(
    mut game: Game,
    mut seen: usize,
    tree: &mut DealTree,
    expert: &mut BoardExpert,
) -> Result<u32> {
    let id = tree.segments.len();
    tree.segments.push(Segment::default());
    let mut events = Vec::new();
    loop {
        scoring(&game.events()[seen..], &mut events);
        seen = game.events().len();
        if game.deal_number() > 1 {
            break;
        }
        let seat = game.to_move().expect("the deal is not over");
        let lays = game.pegging().map_or(0, |p| p.legal_lays());
        let mv = match lays.count_ones() {
            0 => Move::Go,
            1 => Move::Lay(mask_cards(lays).next().expect("one card")),
            _ => {
                let choice = expert.choices(&game, seat, lays, tree.pone_show);
                let mut distinct: Vec<u8> = choice.clone();
                distinct.sort_unstable();
                distinct.dedup();
                if distinct.len() == 1 {
                    Move::Lay(card_at(distinct[0])?)
                } else {
                    let branch = split(&game, seen, seat, &choice, &distinct, tree, expert)?;
                    tree.segments[id].branch = Some(branch);
                    break;
                }
            }
        };
        game.apply(mv)?;
    }
    tree.segments[id].events = events;
    Ok(id as u32)
}

fn card_at(index: u8) -> Result<Card> {
    Card::from_index(i64::from(index))
        .map_err(|_| Error::Invalid("the Expert found no card to lay".into()))
}

/// The children of a branch: one game per distinct card.
fn split(
    game: &Game,
    seen: usize,
    seat: usize,
    choice: &[u8],
    distinct: &[u8],
    tree: &mut DealTree,
    expert: &mut BoardExpert,
) -> Result<Branch> {
    let mut children = Vec::with_capacity(distinct.len());
    for &card in distinct {
        let mut child = game.clone();
        child.apply(Move::Lay(card_at(card)?))?;
        children.push(explore(child, seen, tree, expert)?);
    }
    let choice = choice
        .iter()
        .map(|c| distinct.iter().position(|d| d == c).unwrap_or(0) as u8)
        .collect();
    Ok(Branch {
        seat: seat as u8,
        choice,
        children,
    })
}

/// Deal `index` of seed `seed`, played by two Experts from every board.
pub fn deal_tree(seed: u64, index: u64) -> Result<DealTree> {
    let config = GameConfig {
        players: 2,
        target: UNREACHED,
        muggins: false,
    };
    let mut game = Game::with_first_dealer(config, game_seed(seed, index), true, 0)?;
    let mut expert = BoardExpert {
        bot: Bot::new(BotKind::Expert, 0),
    };
    while game.phase() == Phase::Discard {
        let seat = game.to_move().expect("a seat discards");
        let mv = expert.bot.decide(&game, seat)?;
        game.apply(mv)?;
    }
    let mut kept = mask_cards(game.kept(1));
    let hand = [(); 4].map(|()| kept.next().expect("the pone keeps four cards"));
    let starter = game
        .starter()
        .expect("the starter is turned after the discard");
    let mut tree = DealTree {
        pone_show: score_hand(hand, starter, false),
        segments: Vec::new(),
    };
    explore(game, 0, &mut tree, &mut expert)?;
    Ok(tree)
}

impl DealTree {
    /// Appends the deal in the sample format: the pone's show, the segment
    /// count (u16 LE), then each segment: its event count and events, 0 or 1
    /// for a branch, and a branch's seat, child count, children (u16 LE) and
    /// one child per signature.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<()> {
        let too_big = || Error::Invalid("a deal tree too big for the sample format".into());
        out.push(self.pone_show);
        let n = u16::try_from(self.segments.len()).map_err(|_| too_big())?;
        out.extend_from_slice(&n.to_le_bytes());
        for seg in &self.segments {
            out.push(u8::try_from(seg.events.len()).map_err(|_| too_big())?);
            out.extend_from_slice(&seg.events);
            let Some(b) = &seg.branch else {
                out.push(0);
                continue;
            };
            out.extend_from_slice(&[1, b.seat, b.children.len() as u8]);
            for &c in &b.children {
                let c = u16::try_from(c).map_err(|_| too_big())?;
                out.extend_from_slice(&c.to_le_bytes());
            }
            out.extend_from_slice(&b.choice);
        }
        Ok(())
    }
}

/// Deals `start..stop` of seed `seed` in the sample format, in index order
/// (on rayon's pool): chunks concatenate to the sample of the whole range.
pub fn sample_deals(seed: u64, start: u64, stop: u64) -> Result<Vec<u8>> {
    use rayon::prelude::*;
    let parts: Vec<Vec<u8>> = (start..stop)
        .into_par_iter()
        .map(|i| {
            let mut out = Vec::with_capacity(512);
            deal_tree(seed, i)?.write(&mut out)?;
            Ok(out)
        })
        .collect::<Result<_>>()?;
    Ok(parts.concat())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::simulate::simulation_config;

    /// Walks a tree from a board (dealer needs `nd`, pone `np`): the events
    /// until someone reaches the target.
    fn walk(tree: &DealTree, nd: u16, np: u16) -> Vec<u8> {
        let (mut need, mut out, mut seg) = ([nd, np], Vec::new(), 0usize);
        loop {
            let s = &tree.segments[seg];
            for &e in &s.events {
                out.push(e);
                let side = usize::from(e & PONE_BIT != 0);
                let points = u16::from(e & !PONE_BIT);
                if points >= need[side] {
                    return out;
                }
                need[side] -= points;
            }
            let Some(b) = &s.branch else { return out };
            let me = usize::from(b.seat);
            let sig = signature(b.seat, need[me], need[1 - me], tree.pone_show);
            seg = b.children[usize::from(b.choice[sig])] as usize;
        }
    }

    /// The same deal played by a real game from the board (`sd`, `sp`).
    fn direct(seed: u64, index: u64, sd: u16, sp: u16) -> Vec<u8> {
        let start = || {
            Game::with_first_dealer(simulation_config(), game_seed(seed, index), true, 0).unwrap()
        };
        let mut bots = [Bot::new(BotKind::Expert, 0), Bot::new(BotKind::Expert, 0)];
        let mut first = start();
        let hands: Vec<Vec<Card>> = (0..2)
            .map(|s| mask_cards(first.kept(s)).collect())
            .collect();
        while first.phase() == Phase::Discard {
            let seat = first.to_move().unwrap();
            let mv = bots[seat].decide(&first, seat).unwrap();
            first.apply(mv).unwrap();
        }
        let deal = crate::rules::game::SuppliedDeal {
            hands,
            starter: first.starter(),
            crib_card: None,
            scores: Some(vec![sd, sp]),
        };
        let mut game = start();
        game.apply(Move::Deal(Box::new(deal))).unwrap();
        while game.deal_number() == 1 && !game.is_over() {
            let seat = game.to_move().unwrap();
            let mv = bots[seat].decide(&game, seat).unwrap();
            game.apply(mv).unwrap();
        }
        let mut out = Vec::new();
        scoring(game.events(), &mut out);
        // A lay and the last card are pegged together: drop what follows the win.
        let mut need = [DEFAULT_TARGET - sd, DEFAULT_TARGET - sp];
        let won = out.iter().position(|&e| {
            let side = usize::from(e & PONE_BIT != 0);
            let points = u16::from(e & !PONE_BIT);
            need[side] = need[side].saturating_sub(points);
            need[side] == 0
        });
        out.truncate(won.map_or(out.len(), |i| i + 1));
        out
    }

    #[test]
    fn walking_the_tree_replays_the_deal_from_every_board() {
        let mut branches = 0;
        for index in 0..40 {
            let tree = deal_tree(7, index).unwrap();
            branches += tree.segments.iter().filter(|s| s.branch.is_some()).count();
            for (sd, sp) in [
                (0, 0),
                (100, 110),
                (115, 117),
                (119, 106),
                (108, 120),
                (95, 112),
            ] {
                let want = direct(7, index, sd, sp);
                assert_eq!(
                    walk(&tree, DEFAULT_TARGET - sd, DEFAULT_TARGET - sp),
                    want,
                    "deal {index} at {sd}-{sp}"
                );
            }
        }
        assert!(branches > 0, "the board changes some lays");
    }

    #[test]
    fn chunks_concatenate_to_the_whole() {
        let whole = sample_deals(3, 0, 12).unwrap();
        let parts = [
            sample_deals(3, 0, 5).unwrap(),
            sample_deals(3, 5, 12).unwrap(),
        ]
        .concat();
        assert_eq!(whole, parts);
        assert_ne!(whole, sample_deals(4, 0, 12).unwrap());
    }

    #[test]
    fn signatures_cover_every_class() {
        assert_eq!(signature(0, 1, 1, 0), 0);
        assert_eq!(signature(0, 200, 200, 29), SIGNATURES - 1);
        // The pone's hand counts out first: a class of its own.
        assert_eq!(signature(1, 20, 200, 24), SIGNATURES - OPP_CLASSES - 1);
        assert_eq!(signature(1, 25, 200, 24), SIGNATURES - 1);
        for sig in 0..SIGNATURES {
            let (my, opp) = class_needs(sig);
            assert_eq!(signature(1, my, opp, 29), sig);
        }
    }
}
