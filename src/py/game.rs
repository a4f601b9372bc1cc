//! Whole games for Python: `Game`, `Move`, `PlayerView` (rules in `crate::game`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use super::convert::{card_from_py, cards_from_py};
use super::show::PyCard;
use crate::bots::Observation;
use crate::card::Card;
use crate::game::{mask_text, Game, GameConfig, GameEvent, Move, Phase, SuppliedDeal};
use crate::play::{mask_cards, PlayEvent};

fn cards_of(mask: u64) -> Vec<PyCard> {
    mask_cards(mask).map(PyCard).collect()
}

fn mask_of(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1u64 << c.index())
}

/// A decision in a game: discard, lay, go, count (muggins) or claim (muggins).
#[pyclass(
    name = "Move",
    module = "cribbage_fast._core",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    /// Give cards to the crib (2 with 2 players, else 1).
    #[staticmethod]
    fn discard(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        let cards = match card_from_py(cards) {
            Ok(card) => vec![card],
            Err(_) => cards_from_py(cards)?,
        };
        crate::card::check_distinct(&cards)?;
        Ok(PyMove(Move::Discard(mask_of(&cards))))
    }

    /// Lay a card in the play.
    #[staticmethod]
    fn lay(card: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyMove(Move::Lay(card_from_py(card)?)))
    }

    /// Say go (only when no card fits).
    #[staticmethod]
    fn go() -> Self {
        PyMove(Move::Go)
    }

    /// Muggins: announce the points of your hand or crib.
    #[staticmethod]
    fn count(points: i64) -> PyResult<Self> {
        Ok(PyMove(Move::Count(show_points(points)?)))
    }

    /// Muggins: claim points the owner missed (0 passes).
    #[staticmethod]
    fn claim(points: i64) -> PyResult<Self> {
        Ok(PyMove(Move::Claim(show_points(points)?)))
    }

    /// Rebuilds a move from `to_dict()` output (or a game record's moves).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        move_from_dict(d).map(PyMove)
    }

    /// A JSON-ready dict, e.g. {"move": "lay", "card": "5H"}.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        move_dict(py, None, &self.0)
    }

    /// "discard", "lay", "go", "count", "claim" or "deal".
    #[getter]
    fn kind(&self) -> &'static str {
        move_kind(&self.0)
    }

    /// The cards of a discard, or the card laid.
    #[getter]
    fn cards(&self) -> Vec<PyCard> {
        match &self.0 {
            Move::Discard(mask) => cards_of(*mask),
            Move::Lay(card) => vec![PyCard(*card)],
            _ => Vec::new(),
        }
    }

    /// The card laid, for a lay.
    #[getter]
    fn card(&self) -> Option<PyCard> {
        match self.0 {
            Move::Lay(card) => Some(PyCard(card)),
            _ => None,
        }
    }

    /// The points of a count or claim.
    #[getter]
    fn points(&self) -> Option<u8> {
        match self.0 {
            Move::Count(p) | Move::Claim(p) => Some(p),
            _ => None,
        }
    }

    fn __repr__(&self) -> String {
        match &self.0 {
            Move::Discard(mask) => format!("Move.discard('{}')", mask_text(*mask)),
            Move::Lay(card) => format!("Move.lay('{card}')"),
            Move::Go => "Move.go()".into(),
            Move::Count(p) => format!("Move.count({p})"),
            Move::Claim(p) => format!("Move.claim({p})"),
            Move::Deal(_) => "Move(deal)".into(),
        }
    }
}

fn move_kind(mv: &Move) -> &'static str {
    match mv {
        Move::Discard(_) => "discard",
        Move::Lay(_) => "lay",
        Move::Go => "go",
        Move::Count(_) => "count",
        Move::Claim(_) => "claim",
        Move::Deal(_) => "deal",
    }
}

/// What one seat may know: its own cards, the table, the scores. Never the
/// other hands or the crib before the show.
#[pyclass(name = "PlayerView", module = "cribbage_fast._core", frozen, get_all)]
pub struct PyPlayerView {
    /// The seat this view belongs to.
    seat: usize,
    num_players: u8,
    /// "discard", "play", "count", "claim" or "over".
    phase: &'static str,
    dealer: usize,
    is_dealer: bool,
    /// Cards held now (during the play, those not yet laid).
    hand: Vec<PyCard>,
    /// The cards kept for the show (before the discard: every card dealt).
    kept: Vec<PyCard>,
    /// What this seat gave to the crib.
    discards: Vec<PyCard>,
    starter: Option<PyCard>,
    /// The running count of the play.
    count: u8,
    /// Cards laid since the count last reset.
    pile: Vec<PyCard>,
    /// Every card laid this deal, as (seat, card).
    laid: Vec<(u8, PyCard)>,
    /// Scores per side (per team with 4 players).
    scores: Vec<u16>,
    /// This seat's side in `scores`.
    side: usize,
    target: u16,
    /// During count/claim: the seat whose hand (or crib) is shown.
    show_owner: Option<usize>,
    show_is_crib: bool,
    /// During claim: the cards shown (public once shown).
    show_cards: Vec<PyCard>,
    /// During claim: what the owner announced.
    announced: Option<u8>,
    legal_moves: Vec<PyMove>,
}

impl PyPlayerView {
    /// The same knowledge as a bot observation (for the built-in players).
    pub(super) fn observation(&self) -> Observation {
        let phase = match self.phase {
            "discard" => Phase::Discard,
            "play" => Phase::Play,
            "count" => Phase::Count,
            "claim" => Phase::Claim,
            _ => Phase::Over,
        };
        let mask = |cards: &[PyCard]| cards.iter().fold(0u64, |m, c| m | 1u64 << c.0.index());
        let mut obs = Observation::new(
            self.seat,
            usize::from(self.num_players),
            self.dealer,
            phase,
            mask(&self.hand),
            mask(&self.kept),
            mask(&self.discards),
            self.starter.map(|c| c.0),
            &self.scores,
            self.target,
        );
        for &(seat, card) in &self.laid {
            if let Some(m) = obs.laid.get_mut(usize::from(seat)) {
                *m |= 1u64 << card.0.index();
            }
        }
        let pile: Vec<Card> = self.pile.iter().map(|c| c.0).collect();
        obs.set_pile(self.count, &pile);
        if !pile.is_empty() {
            obs.last_to_lay = self.laid.last().map(|&(s, _)| usize::from(s));
        }
        obs.show_cards = mask(&self.show_cards);
        obs.show_is_crib = self.show_is_crib;
        if phase == Phase::Claim {
            obs.claimable = obs.show_value().saturating_sub(self.announced.unwrap_or(0));
        }
        obs
    }
}

#[pymethods]
impl PyPlayerView {
    fn __repr__(&self) -> String {
        format!(
            "PlayerView(seat={}, phase='{}', hand='{}', count={}, scores={:?})",
            self.seat,
            self.phase,
            self.hand
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            self.count,
            self.scores
        )
    }
}

/// A game of cribbage for 2, 3 or 4 players, driven one move at a time.
#[pyclass(name = "Game", module = "cribbage_fast._core", subclass)]
pub struct PyGame {
    pub game: Game,
    pub(crate) first_dealer: Option<usize>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (num_players = 2, seed = None, target = 121, muggins = false, first_dealer = None, record = true, scores = None))]
    fn py_new(
        num_players: i64,
        seed: Option<i128>,
        target: i64,
        muggins: bool,
        first_dealer: Option<i64>,
        record: bool,
        scores: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let config = GameConfig::new(num_players, target, muggins)?;
        let seed = match seed {
            None => fresh_seed(),
            Some(seed) => u64::try_from(seed).map_err(|_| {
                PyValueError::new_err(format!("seed must be 0 to 2**64 - 1, got {seed}"))
            })?,
        };
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
        let game = match first_dealer {
            Some(dealer) => Game::with_first_dealer(config, seed, record, dealer)?,
            None => Game::new(config, seed, record),
        };
        let game = match scores {
            Some(s) => game.with_scores(&super::simulate::scores_arg(&s)?)?,
            None => game,
        };
        Ok(PyGame { game, first_dealer })
    }

    /// The first dealer if it was given rather than cut for.
    #[getter]
    fn first_dealer(&self) -> Option<usize> {
        self.first_dealer
    }

    /// Whether the game keeps its event log and move list.
    #[getter]
    fn record(&self) -> bool {
        self.game.records()
    }

    #[getter]
    fn num_players(&self) -> u8 {
        self.game.config().players
    }

    #[getter]
    fn target(&self) -> u16 {
        self.game.config().target
    }

    #[getter]
    fn muggins(&self) -> bool {
        self.game.config().muggins
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    #[getter]
    fn phase(&self) -> &'static str {
        self.game.phase().name()
    }

    #[getter]
    fn dealer(&self) -> usize {
        self.game.dealer()
    }

    #[getter]
    fn deal_number(&self) -> u32 {
        self.game.deal_number()
    }

    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.game.to_move()
    }

    #[getter]
    fn scores(&self) -> Vec<u16> {
        self.game.scores().to_vec()
    }

    #[getter]
    fn winner(&self) -> Option<usize> {
        self.game.winner()
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Game points for the winner: 1, 2 (skunk) or 3 (double skunk); 0 until over.
    #[getter]
    fn game_points(&self) -> u8 {
        self.game.game_points()
    }

    #[getter]
    fn starter(&self) -> Option<PyCard> {
        self.game.starter().map(PyCard)
    }

    #[getter]
    fn count(&self) -> u8 {
        self.game.pegging().map_or(0, |p| p.count())
    }

    #[getter]
    fn pile(&self) -> Vec<PyCard> {
        self.game
            .pegging()
            .map(|p| p.pile().iter().map(|&c| PyCard(c)).collect())
            .unwrap_or_default()
    }

    /// The crib's cards so far (hidden information: use views for players).
    #[getter]
    fn crib(&self) -> Vec<PyCard> {
        cards_of(self.game.crib())
    }

    /// The cards `seat` holds now.
    fn hand(&self, seat: i64) -> PyResult<Vec<PyCard>> {
        let seat = self.check_seat(seat)?;
        Ok(cards_of(self.game.hand(seat)))
    }

    /// The cards `seat` keeps for the show.
    fn kept(&self, seat: i64) -> PyResult<Vec<PyCard>> {
        let seat = self.check_seat(seat)?;
        Ok(cards_of(self.game.kept(seat)))
    }

    /// The side (team with 4 players) that `seat` scores for.
    fn side_of(&self, seat: i64) -> PyResult<usize> {
        let seat = self.check_seat(seat)?;
        Ok(self.game.config().side_of(seat))
    }

    fn legal_moves(&self) -> Vec<PyMove> {
        self.game.legal_moves().into_iter().map(PyMove).collect()
    }

    /// Plays a move for the seat to move; an illegal move raises IllegalMove
    /// and leaves the game exactly as it was.
    fn apply(&mut self, mv: PyMove) -> PyResult<()> {
        self.game.apply(mv.0).map_err(PyErr::from)
    }

    /// Discards `cards` for the seat to move.
    fn discard(&mut self, cards: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = PyMove::discard(cards)?;
        self.apply(mv)
    }

    /// Lays `card` for the seat to move.
    fn lay(&mut self, card: &Bound<'_, PyAny>) -> PyResult<()> {
        self.apply(PyMove::lay(card)?)
    }

    /// Says go for the seat to move.
    fn go(&mut self) -> PyResult<()> {
        self.apply(PyMove::go())
    }

    /// Muggins: announces the count of the show for its owner.
    fn announce(&mut self, points: i64) -> PyResult<()> {
        self.apply(PyMove::count(points)?)
    }

    /// Muggins: claims missed points (0 passes).
    fn claim(&mut self, points: i64) -> PyResult<()> {
        self.apply(PyMove::claim(points)?)
    }

    /// Replaces the current deal (before anyone discards) with given cards.
    /// A wrong number of cards raises Misdeal; the game is unchanged and the
    /// same dealer deals again. `scores` sets the position (for puzzles).
    #[pyo3(signature = (hands, starter = None, crib_card = None, scores = None))]
    fn supply_deal(
        &mut self,
        hands: &Bound<'_, PyAny>,
        starter: Option<&Bound<'_, PyAny>>,
        crib_card: Option<&Bound<'_, PyAny>>,
        scores: Option<Vec<u16>>,
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

    /// What `seat` (default: the seat to move) may know, for a player.
    #[pyo3(signature = (seat = None))]
    fn view(&self, seat: Option<i64>) -> PyResult<PyPlayerView> {
        let seat = match (seat, self.game.to_move()) {
            (Some(seat), _) => self.check_seat(seat)?,
            (None, Some(seat)) => seat,
            (None, None) => return Err(PyValueError::new_err("the game is over: give a seat")),
        };
        Ok(make_view(&self.game, seat))
    }

    /// An independent copy of the same class (cheap), e.g. for search.
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

    /// A copy (same class) in which every card hidden from `seat` is dealt
    /// again at random, consistently with what `seat` has seen; see
    /// `crate::search::determinize`. The copy keeps no log.
    #[pyo3(signature = (seat, seed = None))]
    fn determinize<'py>(
        slf: &Bound<'py, Self>,
        seat: usize,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = {
            let mut rng = crate::rng::Rng::new(seed.unwrap_or_else(fresh_seed));
            crate::search::determinize(&slf.borrow().game, seat, &mut rng)?
        };
        let copy = PyGame::clone(slf)?;
        copy.cast::<PyGame>()?.borrow_mut().game = game;
        Ok(copy)
    }

    /// Plays uniformly random legal moves to the end of the game (or of the
    /// current deal with `end_of_deal`), e.g. for search playouts.
    #[pyo3(signature = (seed = None, end_of_deal = false))]
    fn playout(&mut self, seed: Option<u64>, end_of_deal: bool) {
        let mut rng = crate::rng::Rng::new(seed.unwrap_or_else(fresh_seed));
        crate::search::playout(&mut self.game, &mut rng, end_of_deal);
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        PyGame::clone(slf)
    }

    /// The moves so far, as JSON-ready dicts (supplied deals included).
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

/// Points announced or claimed in muggins: 0..=29, else ValueError.
fn show_points(points: i64) -> PyResult<u8> {
    u8::try_from(points)
        .ok()
        .filter(|&p| p <= 29)
        .ok_or_else(|| PyValueError::new_err(format!("no show is worth {points}: the most is 29")))
}

/// A seed from the OS's hash randomisation, for unseeded games.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now())
}

pub(super) fn make_view(game: &Game, seat: usize) -> PyPlayerView {
    let config = game.config();
    let showing = game.showing();
    let claim = game.phase() == Phase::Claim;
    let announced = game.events().iter().rev().find_map(|e| match e {
        GameEvent::Show { announced, .. } if claim => *announced,
        _ => None,
    });
    let legal = if game.to_move() == Some(seat) {
        game.legal_moves().into_iter().map(PyMove).collect()
    } else {
        Vec::new()
    };
    let show_cards = match showing {
        Some((owner, crib)) => {
            if crib {
                cards_of(game.crib())
            } else {
                cards_of(game.kept(owner))
            }
        }
        _ => Vec::new(),
    };
    PyPlayerView {
        seat,
        num_players: config.players,
        phase: game.phase().name(),
        dealer: game.dealer(),
        is_dealer: game.dealer() == seat,
        hand: cards_of(game.hand(seat)),
        kept: cards_of(game.kept(seat)),
        discards: cards_of(game.discards_of(seat)),
        starter: game.starter().map(PyCard),
        count: game.pegging().map_or(0, |p| p.count()),
        pile: game
            .pegging()
            .map(|p| p.pile().iter().map(|&c| PyCard(c)).collect())
            .unwrap_or_default(),
        laid: game.laid().iter().map(|&(s, c)| (s, PyCard(c))).collect(),
        scores: game.scores().to_vec(),
        side: config.side_of(seat),
        target: config.target,
        show_owner: showing.map(|(owner, _)| owner),
        show_is_crib: showing.is_some_and(|(_, crib)| crib),
        show_cards,
        announced,
        legal_moves: legal,
    }
}

fn move_dict<'py>(py: Python<'py>, seat: Option<u8>, mv: &Move) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    if let Some(seat) = seat {
        d.set_item("seat", seat)?;
    }
    d.set_item("move", move_kind(mv))?;
    match mv {
        Move::Discard(mask) => d.set_item("cards", mask_text(*mask))?,
        Move::Lay(card) => d.set_item("card", card.to_string())?,
        Move::Go => {}
        Move::Count(p) | Move::Claim(p) => d.set_item("points", p)?,
        Move::Deal(deal) => {
            let hands: Vec<String> = deal
                .hands
                .iter()
                .map(|h| crate::card::format_cards(h))
                .collect();
            d.set_item("hands", hands)?;
            d.set_item("starter", deal.starter.map(|c| c.to_string()))?;
            d.set_item("crib_card", deal.crib_card.map(|c| c.to_string()))?;
            d.set_item("scores", deal.scores.clone())?;
        }
    }
    Ok(d)
}

/// Rebuilds a move from its dict (the inverse of `moves()`).
fn move_from_dict(d: &Bound<'_, PyAny>) -> PyResult<Move> {
    let kind: String = d.get_item("move")?.extract()?;
    let text = |key: &str| -> PyResult<Bound<'_, PyAny>> { d.get_item(key) };
    Ok(match kind.as_str() {
        "discard" => {
            let cards = cards_from_py(&text("cards")?)?;
            Move::Discard(mask_of(&cards))
        }
        "lay" => Move::Lay(card_from_py(&text("card")?)?),
        "go" => Move::Go,
        "count" => Move::Count(text("points")?.extract()?),
        "claim" => Move::Claim(text("points")?.extract()?),
        "deal" => {
            let hands = text("hands")?
                .try_iter()?
                .map(|h| cards_from_py(&h?))
                .collect::<PyResult<Vec<_>>>()?;
            let optional = |key: &str| -> PyResult<Option<Card>> {
                let v = text(key)?;
                if v.is_none() {
                    Ok(None)
                } else {
                    card_from_py(&v).map(Some)
                }
            };
            Move::Deal(Box::new(SuppliedDeal {
                hands,
                starter: optional("starter")?,
                crib_card: optional("crib_card")?,
                scores: text("scores")?.extract()?,
            }))
        }
        other => {
            return Err(PyTypeError::new_err(format!(
                "unknown move kind {other:?} in a game record"
            )))
        }
    })
}

fn peg_dict<'py>(py: Python<'py>, e: &PlayEvent) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("event", "peg")?;
    d.set_item("seat", e.seat)?;
    d.set_item("kind", e.kind.name())?;
    d.set_item("card", e.card.map(|c| c.to_string()))?;
    d.set_item("count", e.count)?;
    d.set_item("points", e.points())?;
    let reasons: Vec<String> = e.items.iter().map(|i| i.describe()).collect();
    d.set_item("reasons", reasons)?;
    Ok(d)
}

fn event_dict<'py>(py: Python<'py>, event: &GameEvent) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match event {
        GameEvent::CutForDeal { cuts, dealer } => {
            d.set_item("event", "cut_for_deal")?;
            d.set_item("cuts", crate::card::format_cards(cuts))?;
            d.set_item("dealer", dealer)?;
        }
        GameEvent::Deal {
            number,
            dealer,
            hands,
            crib_card,
            supplied,
        } => {
            d.set_item("event", "deal")?;
            d.set_item("number", number)?;
            d.set_item("dealer", dealer)?;
            let hands: Vec<String> = hands.iter().map(|&h| mask_text(h)).collect();
            d.set_item("hands", hands)?;
            d.set_item("crib_card", crib_card.map(|c| c.to_string()))?;
            d.set_item("supplied", supplied)?;
        }
        GameEvent::Discard { seat, cards } => {
            d.set_item("event", "discard")?;
            d.set_item("seat", seat)?;
            d.set_item("cards", mask_text(*cards))?;
        }
        GameEvent::Starter { card, his_heels } => {
            d.set_item("event", "starter")?;
            d.set_item("card", card.to_string())?;
            d.set_item("his_heels", his_heels)?;
        }
        GameEvent::Peg(e) => return peg_dict(py, e),
        GameEvent::Show {
            seat,
            crib,
            cards,
            points,
            announced,
            pegged,
        } => {
            d.set_item("event", "show")?;
            d.set_item("seat", seat)?;
            d.set_item("crib", crib)?;
            d.set_item("cards", mask_text(*cards))?;
            d.set_item("points", points)?;
            d.set_item("announced", announced)?;
            d.set_item("pegged", pegged)?;
        }
        GameEvent::Muggins {
            seat,
            owner,
            claimed,
            pegged,
        } => {
            d.set_item("event", "muggins")?;
            d.set_item("seat", seat)?;
            d.set_item("owner", owner)?;
            d.set_item("claimed", claimed)?;
            d.set_item("pegged", pegged)?;
        }
        GameEvent::GameOver { winner, scores } => {
            d.set_item("event", "game_over")?;
            d.set_item("winner", winner)?;
            d.set_item("scores", PyTuple::new(py, scores)?)?;
        }
    }
    Ok(d)
}
