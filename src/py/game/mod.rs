//! Whole games for Python: `Game`, `Move`, `PlayerView` (rules in `crate::rules::game`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use super::card::{card_from_py, card_object, card_objects, cards_from_py, PyCard};
use super::convert::{
    deal_seeds_flag, first_dealer_arg, fresh_seed, num_players_arg, opt_seat_arg, points_arg,
    scores_arg, scores_in, seat_arg, seed_arg, target_arg,
};
use crate::rules::game::{Game, GameConfig, Move, Origin, SuppliedDeal};
use crate::rules::position::Position;

pub(crate) mod moves;
mod record;
pub(crate) mod view;

pub(crate) use moves::{move_objects, PyMove};

pub(crate) use record::move_dict;
use record::{event_dict, move_from_dict};

pub(crate) use view::{ask_player, check_player, PyPlayerView};

/// A game of cribbage for 2, 3 or 4 players, driven one move at a time.
///
/// Parameters
/// ----------
/// num_players : int, default 2
///     2, 3 or 4 (4: partners 0+2 and 1+3).
/// seed : int, optional
///     0 to 2**64 - 1; the same seed and moves give the same game. Fresh if None.
/// target : int, default 121
///     Points that win, 31 to 1000.
/// muggins : bool, default False
///     Owners announce their counts and opponents may claim what was missed.
/// first_dealer : int, optional
///     The first dealer's seat; cut for if None.
/// record : bool, default True
///     Keep the event log and move list (off for fast simulation).
/// deal_seeds : bool, default False
///     Shuffle each deal (and cut its starter) from a generator seeded by
///     `seed` and the deal number, not from one stream for the game: deal `k`
///     holds the same cards for the same seats however the earlier deals were
///     played (duplicate matches, docs/duplicate.md).
///
/// Raises
/// ------
/// ValueError
///     A number out of range.
///
/// Examples
/// --------
/// >>> from cribbage_fast import Game
/// >>> game = Game(3, seed=4, first_dealer=2)
/// >>> game.dealer, game.to_move, game.phase
/// (2, 0, 'discard')
#[pyclass(name = "Game", module = "cribbage_fast._core", subclass)]
pub struct PyGame {
    pub game: Game,
    pub(crate) first_dealer: Option<usize>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (num_players = 2, seed = None, target = 121, muggins = false, first_dealer = None, record = true, scores = None, deal_seeds = false))]
    #[allow(clippy::too_many_arguments)] // the constructor's keyword arguments
    fn py_new(
        #[pyo3(from_py_with = num_players_arg)] num_players: i64,
        #[pyo3(from_py_with = seed_arg)] seed: Option<u64>,
        #[pyo3(from_py_with = target_arg)] target: i64,
        muggins: bool,
        #[pyo3(from_py_with = first_dealer_arg)] first_dealer: Option<i64>,
        record: bool,
        scores: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = deal_seeds_flag)] deal_seeds: bool,
    ) -> PyResult<Self> {
        let config = GameConfig::new(num_players, target, muggins)?;
        let seed = seed.unwrap_or_else(fresh_seed);
        let first_dealer = first_dealer
            .map(|d| {
                usize::try_from(d).map_err(|_| {
                    PyValueError::new_err(format!(
                        "the first dealer must be a seat 0..{}, got {d}",
                        config.players - 1
                    ))
                })
            })
            .transpose()?;
        let origin = Origin {
            config,
            seed,
            first_dealer,
            deal_seeds,
        };
        let game = origin.start(record)?;
        let game = match scores {
            Some(s) => game.with_scores(&scores_in(&s)?.unwrap_or_default())?,
            None => game,
        };
        Ok(PyGame { game, first_dealer })
    }

    /// The first dealer if it was given rather than cut for.
    #[getter]
    fn first_dealer(&self) -> Option<usize> {
        self.first_dealer
    }

    /// Whether each deal is shuffled from the seed and the deal number.
    #[getter]
    fn deal_seeds(&self) -> bool {
        self.game.deal_seeds()
    }

    /// Whether the game keeps its event log and move list.
    #[getter]
    fn record(&self) -> bool {
        self.game.records()
    }

    /// Players at the table (2, 3 or 4).
    #[getter]
    fn num_players(&self) -> u8 {
        self.game.config().players
    }

    /// Points that win the game.
    #[getter]
    fn target(&self) -> u16 {
        self.game.config().target
    }

    /// Whether counts are announced and missed points may be claimed.
    #[getter]
    fn muggins(&self) -> bool {
        self.game.config().muggins
    }

    /// The seed the game was dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    /// "discard", "play", "count", "claim" or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }

    /// The dealer's seat this deal.
    #[getter]
    fn dealer(&self) -> usize {
        self.game.dealer()
    }

    /// Deals so far, counting the current one from 1.
    #[getter]
    fn deal_number(&self) -> u32 {
        self.game.deal_number()
    }

    /// The seat to move, or None once the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    /// Scores per side (per seat with 2 or 3 players, per team with 4).
    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.game.scores().to_vec()
    }

    /// The winning side once the game is over, else None.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.game.winner()
    }

    /// Whether a side has reached the target.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Game points for the winner: 1, 2 (skunk) or 3 (double skunk); 0 until over.
    #[getter]
    fn game_points(&self) -> u8 {
        self.game.game_points()
    }

    /// The starter, once cut.
    #[getter]
    fn starter(&self) -> Option<PyCard> {
        self.game.starter().map(PyCard)
    }

    /// The running count of the play (0 outside the play).
    #[getter]
    fn count(&self) -> u8 {
        self.game.pegging().map_or(0, |p| p.count())
    }

    /// Cards laid since the count last reset.
    #[getter]
    fn pile<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        let pile = self.game.pegging().map_or(&[][..], |p| p.pile());
        pile.iter().map(|&c| card_object(py, c)).collect()
    }

    /// The crib's cards so far (hidden information: use views for players).
    #[getter]
    fn crib<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyCard>>> {
        card_objects(py, self.game.crib())
    }

    /// The cards `seat` holds now (hidden information: give players views).
    ///
    /// Parameters
    /// ----------
    /// seat : int
    ///
    /// Returns
    /// -------
    /// list of Card
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not a seat of this game.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> len(Game(2, seed=1).hand(0))
    /// 6
    fn hand<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = seat_arg)] seat: i64,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        let seat = self.check_seat(seat)?;
        card_objects(py, self.game.hand(seat))
    }

    /// The cards `seat` keeps for the show (before the discard: every card dealt).
    ///
    /// Parameters
    /// ----------
    /// seat : int
    ///
    /// Returns
    /// -------
    /// list of Card
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not a seat of this game.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.kept(0) == g.hand(0)
    /// True
    fn kept<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = seat_arg)] seat: i64,
    ) -> PyResult<Vec<Bound<'py, PyCard>>> {
        let seat = self.check_seat(seat)?;
        card_objects(py, self.game.kept(seat))
    }

    /// Sides that keep a score in this game: partners share one with 4 players.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> Game(4, seed=1).num_sides
    /// 2
    #[getter]
    fn num_sides(&self) -> usize {
        self.game.config().sides()
    }

    /// Sides that keep a score with `num_players` players (2 with 4: partners
    /// share a score).
    ///
    /// Parameters
    /// ----------
    /// num_players : int
    ///     2, 3 or 4.
    ///
    /// Returns
    /// -------
    /// int
    ///     The number of scores kept.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not 2, 3 or 4 players.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> [Game.sides_for(n) for n in (2, 3, 4)]
    /// [2, 3, 2]
    #[staticmethod]
    fn sides_for(#[pyo3(from_py_with = num_players_arg)] num_players: i64) -> PyResult<usize> {
        Ok(GameConfig::new(num_players, crate::rules::game::DEFAULT_TARGET, false)?.sides())
    }

    /// The skunk line and the double-skunk line of a game to `target`: a
    /// loser under the first is skunked, under the second double-skunked.
    ///
    /// Parameters
    /// ----------
    /// target : int
    ///     The points that win, 31 to 1000.
    ///
    /// Returns
    /// -------
    /// tuple of int
    ///     (skunk line, double-skunk line).
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     A target out of range.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> Game.skunk_lines(121), Game.skunk_lines(61)
    /// ((91, 61), (31, 1))
    #[staticmethod]
    #[pyo3(signature = (target = 121))]
    fn skunk_lines(#[pyo3(from_py_with = target_arg)] target: i64) -> PyResult<(u16, u16)> {
        let config = GameConfig::new(2, target, false)?;
        Ok(crate::rules::game::skunk_lines(config.target))
    }

    /// The side (team with 4 players) that `seat` scores for.
    ///
    /// Parameters
    /// ----------
    /// seat : int
    ///
    /// Returns
    /// -------
    /// int
    ///     An index into `scores`.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not a seat of this game.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> [Game(4, seed=1).side_of(s) for s in range(4)]
    /// [0, 1, 0, 1]
    fn side_of(&self, #[pyo3(from_py_with = seat_arg)] seat: i64) -> PyResult<usize> {
        let seat = self.check_seat(seat)?;
        Ok(self.game.config().side_of(seat))
    }

    /// Every legal move of the seat to move (empty once over). Count and claim
    /// offer 0 to 29.
    ///
    /// Returns
    /// -------
    /// list of Move
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> len(Game(2, seed=1).legal_moves())  # 2 of 6 cards
    /// 15
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyMove>>> {
        move_objects(py, &self.game.legal_moves())
    }

    /// Plays a move for the seat to move.
    ///
    /// Parameters
    /// ----------
    /// mv : Move
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     The move is not legal now; the game is exactly as it was.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.apply(g.legal_moves()[0])
    /// >>> len(g.hand(1 - g.to_move)) if g.to_move is not None else 4
    /// 4
    fn apply(&mut self, mv: PyMove) -> PyResult<()> {
        self.game.apply(mv.0).map_err(PyErr::from)
    }

    /// Discards `cards` for the seat to move.
    ///
    /// Parameters
    /// ----------
    /// cards : Card, str or iterable of them
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     Cards the seat does not hold, or the wrong number.
    /// ValueError
    ///     Unknown card text or a card given twice.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> seat = g.to_move
    /// >>> g.discard(g.hand(seat)[:2])
    /// >>> len(g.hand(seat))
    /// 4
    fn discard(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = PyMove::discard(cards)?;
        self.apply(mv)
    }

    /// Lays `card` for the seat to move.
    ///
    /// Parameters
    /// ----------
    /// card : Card or str
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     Not the play, a card the seat does not hold, or past 31.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.discard(g.hand(g.to_move)[:2]); g.discard(g.hand(g.to_move)[:2])
    /// >>> g.lay(g.legal_moves()[0].card)
    /// >>> len(g.pile)
    /// 1
    fn lay(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(PyMove::lay(card)?)
    }

    /// Says go for the seat to move.
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     A card still fits, or it is not the play.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game, IllegalMove
    /// >>> g = Game(2, seed=1)
    /// >>> try:
    /// ...     g.go()
    /// ... except IllegalMove:
    /// ...     print('refused')
    /// refused
    fn go(&mut self) -> PyResult<()> {
        self.apply(PyMove::go())
    }

    /// Muggins: announces the count of the show for its owner.
    ///
    /// Parameters
    /// ----------
    /// points : int
    ///     0 to 29; an over-count is corrected to what the show is worth.
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     Not the count phase.
    /// ValueError
    ///     Points out of 0..29.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1, muggins=True)
    /// >>> while g.phase != 'count':
    /// ...     g.apply(g.legal_moves()[0])
    /// >>> g.announce(g.view().show_value)
    /// >>> g.phase in ('count', 'claim', 'discard', 'over')
    /// True
    fn announce(&mut self, #[pyo3(from_py_with = points_arg)] points: i64) -> PyResult<()> {
        self.apply(PyMove::count(points)?)
    }

    /// Muggins: claims missed points for the seat to move (0 passes); at most
    /// what was missed is pegged.
    ///
    /// Parameters
    /// ----------
    /// points : int
    ///     0 to 29.
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     Not the claim phase.
    /// ValueError
    ///     Points out of 0..29.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=0, muggins=True)
    /// >>> while g.phase != 'count' or g.view().show_value < 2:
    /// ...     g.apply(g.legal_moves()[0])
    /// >>> g.announce(1)
    /// >>> g.claim(g.view().claimable)
    /// >>> g.phase
    /// 'count'
    fn claim(&mut self, #[pyo3(from_py_with = points_arg)] points: i64) -> PyResult<()> {
        self.apply(PyMove::claim(points)?)
    }

    /// Replaces the current deal (before anyone discards) with given cards.
    ///
    /// Parameters
    /// ----------
    /// hands : iterable of card lists
    ///     One hand per seat (6 cards with 2 players, else 5).
    /// starter : Card or str, optional
    ///     The starter to turn; random from the rest if None.
    /// crib_card : Card or str, optional
    ///     3 players only: the crib's card from the deck.
    /// scores : list of int, optional
    ///     The score position to play from (a puzzle).
    ///
    /// Raises
    /// ------
    /// Misdeal
    ///     The wrong number of cards; the game is unchanged and the same dealer
    ///     deals again.
    /// IllegalMove
    ///     Somebody has already discarded.
    /// ValueError
    ///     A repeated card or a bad score position.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.supply_deal(['AC 2C 3C 4C 5C 6C', 'AD 2D 3D 4D 5D 6D'], starter='KS')
    /// >>> [str(c) for c in g.hand(0)]
    /// ['AC', '2C', '3C', '4C', '5C', '6C']
    #[pyo3(signature = (hands, starter = None, crib_card = None, scores = None))]
    fn supply_deal(
        &mut self,
        hands: &Bound<'_, PyAny>,
        starter: Option<&Bound<'_, PyAny>>,
        crib_card: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = scores_arg)] scores: Option<Vec<u16>>,
    ) -> PyResult<()> {
        let hands = hands
            .try_iter()?
            .map(|h| cards_from_py(&h?))
            .collect::<PyResult<Vec<_>>>()?;
        let deal = SuppliedDeal {
            hands,
            starter: starter.map(card_from_py).transpose()?,
            crib_card: crib_card.map(card_from_py).transpose()?,
            scores,
        };
        self.game
            .apply(Move::Deal(Box::new(deal)))
            .map_err(PyErr::from)
    }

    /// Asks `player` (the seat to move) for one decision and applies it.
    ///
    /// Parameters
    /// ----------
    /// player : PlayerProtocol
    ///     An object with `discard`, `play`, `count` and `claim` methods; the
    ///     one the phase calls for gets this seat's `PlayerView`.
    ///
    /// Raises
    /// ------
    /// IllegalMove
    ///     The player chose an illegal move; the game is unchanged.
    /// ValueError
    ///     The game is over, or the answer is no card, cards or count.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game, Player
    /// >>> game = Game(2, seed=1)
    /// >>> game.step(Player())
    /// >>> game.to_move != None
    /// True
    fn step(slf: &Bound<'_, Self>, player: &Bound<'_, PyAny>) -> PyResult<()> {
        let view = {
            let this = slf.borrow();
            let Some(seat) = this.game.to_move() else {
                return Err(PyValueError::new_err("the game is over: no more moves"));
            };
            check_player(player, seat)?;
            PyPlayerView::new(&this.game, seat)
        };
        let mv = ask_player(player, view)?;
        slf.borrow_mut().game.apply(mv).map_err(PyErr::from)
    }

    /// Plays to the end of the game, asking the player object of each seat
    /// to move in turn (see `step`).
    ///
    /// Parameters
    /// ----------
    /// players : Sequence[PlayerProtocol or str]
    ///     One player object per seat, or a built-in bot's name (see
    ///     `OPPONENTS`): seat ``s`` then plays as ``BotPlayer(name, seed)``
    ///     with the seed `simulate` gives seat ``s`` of a game of this seed.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not one player per seat.
    /// IllegalMove
    ///     A player chose an illegal move (the game is left as it was before
    ///     that move).
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game, Player
    /// >>> game = Game(2, seed=1)
    /// >>> game.play_to_end([Player(), "pegger"])
    /// >>> game.is_over
    /// True
    fn play_to_end(slf: &Bound<'_, Self>, players: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let n = usize::from(slf.borrow().game.config().players);
        if players.len() != n {
            return Err(PyValueError::new_err(format!(
                "{n} players needed, got {}",
                players.len()
            )));
        }
        let seed = slf.borrow().game.seed();
        let mut seats = Vec::with_capacity(n);
        for (seat, player) in players.into_iter().enumerate() {
            let player = super::bots::named_player(player, seed, seat)?;
            check_player(&player, seat)?;
            seats.push(player);
        }
        let players = seats;
        loop {
            let (seat, view) = {
                let this = slf.borrow();
                let Some(seat) = this.game.to_move() else {
                    return Ok(());
                };
                (seat, PyPlayerView::new(&this.game, seat))
            };
            let mv = ask_player(&players[seat], view)?;
            slf.borrow_mut().game.apply(mv)?;
        }
    }

    /// What `seat` may know, for a player.
    ///
    /// Parameters
    /// ----------
    /// seat : int, optional
    ///     Default: the seat to move.
    ///
    /// Returns
    /// -------
    /// PlayerView
    ///     With the legal moves when `seat` is to move.
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not a seat, or no seat given once the game is over.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> v = Game(2, seed=1).view()
    /// >>> v.phase, len(v.unseen)
    /// ('discard', 46)
    #[pyo3(signature = (seat = None))]
    fn view(
        &self,
        #[pyo3(from_py_with = opt_seat_arg)] seat: Option<i64>,
    ) -> PyResult<PyPlayerView> {
        let seat = match (seat, self.game.to_move()) {
            (Some(seat), _) => self.check_seat(seat)?,
            (None, Some(seat)) => seat,
            (None, None) => return Err(PyValueError::new_err("the game is over: give a seat")),
        };
        Ok(PyPlayerView::new(&self.game, seat))
    }

    /// An independent copy of the same class (cheap), e.g. for search.
    ///
    /// Returns
    /// -------
    /// Game
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> c = g.clone()
    /// >>> c.apply(c.legal_moves()[0])
    /// >>> g.phase == 'discard' and g.hand(g.to_move) != c.hand(g.to_move)
    /// True
    fn clone<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.borrow();
        let config = this.game.config();
        let args = (
            config.players,
            this.game.seed(),
            config.target,
            config.muggins,
        );
        let copy = slf.get_type().call1(args)?;
        {
            let mut target = copy.cast::<PyGame>()?.borrow_mut();
            target.game = this.game.clone();
            target.first_dealer = this.first_dealer;
        }
        Ok(copy)
    }

    /// A copy (same class) in which every card hidden from `seat` is dealt again
    /// at random, consistently with what `seat` has seen (the complement of its
    /// view). The copy keeps no log.
    ///
    /// Parameters
    /// ----------
    /// seat : int
    /// seed : int, optional
    ///     Seeds the redeal and the copy's future deals.
    ///
    /// Returns
    /// -------
    /// Game
    ///
    /// Raises
    /// ------
    /// ValueError
    ///     Not a seat of this game.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.determinize(0, seed=5).hand(0) == g.hand(0)
    /// True
    #[pyo3(signature = (seat, seed = None))]
    fn determinize<'py>(
        slf: &Bound<'py, Self>,
        #[pyo3(from_py_with = seat_arg)] seat: i64,
        #[pyo3(from_py_with = seed_arg)] seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = slf.borrow().check_seat(seat)?;
        let game = {
            let mut rng = crate::ground::rng::Rng::new(seed.unwrap_or_else(fresh_seed));
            crate::bots::search::determinize(&slf.borrow().game, seat, &mut rng)?
        };
        let copy = PyGame::clone(slf)?;
        copy.cast::<PyGame>()?.borrow_mut().game = game;
        Ok(copy)
    }

    /// The position before move `move_index` of this game (now if None), as
    /// `seat` saw it (the seat to move then if None); with `reveal`, the
    /// other seat's cards too (a study position). Two players, before a
    /// discard, a lay or a go.
    ///
    /// Parameters
    /// ----------
    /// move_index : int, optional
    ///     An index into `moves()` (0 to ``len(moves())``): the moves before
    ///     it are replayed on a new game of the same settings.
    /// seat : int, optional
    /// reveal : bool, default False
    ///
    /// Returns
    /// -------
    /// Position
    ///
    /// Raises
    /// ------
    /// CribbageError
    ///     Not a 2-player game, not in the discard or the play then, or
    ///     `move_index` past the last move.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> game = Game(2, seed=1, first_dealer=0)
    /// >>> game.discard(game.hand(1)[:2])
    /// >>> game.position(0).hand == game.position(0, seat=1).hand
    /// True
    /// >>> game.position().to_move, len(game.position(seat=1).discards)
    /// (0, 2)
    #[pyo3(signature = (move_index = None, seat = None, reveal = false))]
    fn position(
        &self,
        py: Python<'_>,
        move_index: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = opt_seat_arg)] seat: Option<i64>,
        reveal: bool,
    ) -> PyResult<super::position::PyPosition> {
        let seat = seat.map(|s| self.check_seat(s)).transpose()?;
        let index = move_index
            .filter(|i| !i.is_none())
            .map(|i| super::convert::int_for_core::<usize>(i, "move_index"))
            .transpose()?;
        let position = py.detach(|| match index {
            Some(i) => Position::before_move(&self.game, self.first_dealer, i, seat, reveal),
            None => {
                let seat = seat.or(self.game.to_move()).unwrap_or(0);
                Position::from_game(&self.game, seat, reveal)
            }
        })?;
        Ok(super::position::PyPosition { position })
    }

    /// A game continued from `position`: the cards its seat has not seen are
    /// dealt at random (seeded) consistently with what it saw, then the game
    /// goes on under the ordinary rules (later deals from `seed`).
    ///
    /// Parameters
    /// ----------
    /// position : Position
    /// seed : int, optional
    ///     The same seed gives the same hidden cards and the same game.
    ///
    /// Returns
    /// -------
    /// Game
    ///     Its first dealer is the position's dealer; it records its moves
    ///     from the position's deal on.
    ///
    /// Raises
    /// ------
    /// TypeError
    ///     `position` is not a Position.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game, Position
    /// >>> p = Position("discard", "5H 5C 6D JS QH KD", seat=1, dealer=0, scores=(112, 118))
    /// >>> g = Game.from_position(p, seed=3)
    /// >>> g.scores, g.hand(1) == p.hand, g.position() == p
    /// ([112, 118], True, True)
    #[classmethod]
    #[pyo3(signature = (position, seed = None))]
    fn from_position<'py>(
        cls: &Bound<'py, pyo3::types::PyType>,
        position: PyRef<'py, super::position::PyPosition>,
        #[pyo3(from_py_with = seed_arg)] seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seed = seed.unwrap_or_else(fresh_seed);
        let game = position.to_game(cls.py(), Some(seed))?;
        let config = game.config();
        let args = (
            config.players,
            seed,
            config.target,
            config.muggins,
            game.dealer(),
        );
        let made = cls.call1(args)?;
        {
            let mut target = made.cast::<PyGame>()?.borrow_mut();
            target.game = game;
            target.first_dealer = Some(target.game.dealer());
        }
        Ok(made)
    }

    /// Plays uniformly random legal moves to the end of the game (or of the
    /// current deal with `end_of_deal`), e.g. for search playouts.
    ///
    /// Parameters
    /// ----------
    /// seed : int, optional
    /// end_of_deal : bool, default False
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1, record=False)
    /// >>> g.playout(seed=2)
    /// >>> g.is_over
    /// True
    #[pyo3(signature = (seed = None, end_of_deal = false))]
    fn playout(&mut self, #[pyo3(from_py_with = seed_arg)] seed: Option<u64>, end_of_deal: bool) {
        let mut rng = crate::ground::rng::Rng::new(seed.unwrap_or_else(fresh_seed));
        crate::bots::search::playout(&mut self.game, &mut rng, end_of_deal);
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    /// Pickle support: the settings, then the moves replayed by
    /// `__setstate__`. A game that keeps no record cannot be pickled.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.borrow();
        if !this.game.records() {
            return Err(PyTypeError::new_err(
                "a game made with record=False keeps no moves, so it cannot be pickled",
            ));
        }
        let c = this.game.config();
        let args = (
            c.players,
            this.game.seed(),
            c.target,
            c.muggins,
            this.first_dealer,
            true,
            None::<Vec<u16>>,
            this.game.deal_seeds(),
        );
        let moves = this.moves(slf.py())?;
        PyTuple::new(
            slf.py(),
            [
                slf.get_type().into_any(),
                args.into_pyobject(slf.py())?.into_any(),
                moves.into_any(),
            ],
        )
    }

    /// Pickle support: plays the recorded `moves` on this game, all or
    /// nothing (an illegal move leaves the game unchanged).
    fn __setstate__(&mut self, moves: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut game = self.game.clone();
        for (i, entry) in moves.try_iter()?.enumerate() {
            game.apply(move_from_dict(&entry?)?)
                .map_err(|err| PyValueError::new_err(format!("move {i}: {err}")))?;
        }
        self.game = game;
        Ok(())
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    /// The moves so far, as JSON-ready dicts (supplied deals included).
    ///
    /// Returns
    /// -------
    /// list of dict
    ///     Each with ``seat`` and ``move``; empty when not recording.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> g = Game(2, seed=1)
    /// >>> g.apply(g.legal_moves()[0])
    /// >>> g.moves()[0]['move']
    /// 'discard'
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .game
            .moves()
            .iter()
            .map(|(seat, mv)| move_dict(py, Some(*seat), mv))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// The event log so far, as JSON-ready dicts.
    ///
    /// Returns
    /// -------
    /// list of dict
    ///     Each with an ``event`` key: cut_for_deal, deal, discard, starter, peg,
    ///     show, muggins, game_over. Empty when not recording.
    ///
    /// Examples
    /// --------
    /// >>> from cribbage_fast import Game
    /// >>> Game(2, seed=1).events()[-1]['event']
    /// 'deal'
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .game
            .events()
            .iter()
            .map(|e| event_dict(py, e))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(num_players={}, seed={}, phase='{}', scores={:?}, dealer={})",
            self.game.config().players,
            self.game.seed(),
            self.game.phase().name(),
            self.game.scores(),
            self.game.dealer()
        )
    }
}

impl PyGame {
    /// A seat number of this game, or ValueError.
    fn check_seat(&self, seat: i64) -> PyResult<usize> {
        let n = usize::from(self.game.config().players);
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < n)
            .ok_or_else(|| PyValueError::new_err(format!("seat must be 0..{}, got {seat}", n - 1)))
    }
}
