"""The themes of a puzzle, decided by rules of its position and its answer
(docs/puzzles.md, "Themes"). Every point counted here is the core's: the
lay's items (`explain_play`), the points the move pegs (the game itself,
`Game.apply`) and the discard with the best expected points (`best_discard`).

>>> from cribbage_fast import Game, Move
>>> g = Game(2, seed=1)
>>> sorted(themes_of(g, Move.discard("2C 4S"), Move.discard("2C 9D")))
['beyond the points', 'giving the crib']
"""

from __future__ import annotations

from .. import _core
from ..games.game import Game

__all__ = ["NEAR_THE_END", "THEMES", "themes_of"]

#: A seat this close to the target (or closer) makes a puzzle "near the end".
NEAR_THE_END = 20

#: Every theme and the rule that gives it.
THEMES: dict[str, str] = {
    "pegging out": "the answer pegs the points that win the game",
    "fifteen": "the answer lays to make fifteen",
    "thirty-one": "the answer makes thirty-one",
    "pair": "the answer pairs the card before it",
    "pair royal": "the answer makes a pair royal or a double pair royal",
    "run": "the answer completes a run",
    "holding back": "in the play, another lay would peg more now than the answer",
    "the lead": "the answer leads: the count is 0",
    "giving the crib": "a discard by the pone, into the dealer's crib",
    "own crib": "a discard by the dealer, into its own crib",
    "the five": "the hand holds a five, and the answer and the next best move differ "
    "in laying one away",
    "beyond the points": "the answer is not the discard of the best expected hand and "
    "crib (best_discard): the board or the pegging decide",
    "near the end": f"a seat is within {NEAR_THE_END} points of the target",
}

_ITEMS = {
    "fifteen": "fifteen",
    "thirty_one": "thirty-one",
    "pair": "pair",
    "pair_royal": "pair royal",
    "double_pair_royal": "pair royal",
    "run": "run",
}


def _pegged(game: Game, move: _core.Move) -> tuple[int, bool]:
    """The points the mover pegs by `move` (the game applies it) and whether
    it wins the game with them."""
    after = game.clone()
    mover = game.side_of(game.to_move or 0)
    after.apply(move)
    return after.scores[mover] - game.scores[mover], after.winner == game.to_move


def _play_themes(game: Game, answer: _core.Move) -> set[str]:
    found = set()
    points, wins = _pegged(game, answer)
    if wins:
        found.add("pegging out")
    if answer.card is not None:
        if game.count == 0:
            found.add("the lead")
        items = _core.explain_play([*game.pile, answer.card]).items
        found |= {_ITEMS[i.kind] for i in items if i.kind in _ITEMS}
    others = [m for m in game.legal_moves() if m.card is not None and m != answer]
    if any(_pegged(game, m)[0] > points for m in others):
        found.add("holding back")
    return found


def _fives(move: _core.Move) -> int:
    return sum(c.rank == 5 for c in move.cards)


def _discard_themes(game: Game, answer: _core.Move, runner_up: _core.Move) -> set[str]:
    seat = game.to_move or 0
    dealer = game.dealer == seat
    found = {"own crib" if dealer else "giving the crib"}
    hand = game.hand(seat)
    if any(c.rank == 5 for c in hand) and _fives(answer) != _fives(runner_up):
        found.add("the five")
    best = _core.best_discard(hand, dealer)
    if sorted(best.discard) != sorted(answer.cards):
        found.add("beyond the points")
    return found


def themes_of(game: Game, answer: _core.Move, runner_up: _core.Move) -> tuple[str, ...]:
    """The themes of the decision of `game` (the position before the move),
    whose best move is `answer` and next best `runner_up`.

    Parameters
    ----------
    game : Game
        A two-player game at a discard or a play decision.
    answer, runner_up : Move
        The best move and the next best.

    Returns
    -------
    tuple of str
        Names of `THEMES`, in its order.

    Examples
    --------
    >>> from cribbage_fast import Game, Move
    >>> g = Game(2, seed=1)
    >>> themes_of(g, Move.discard("2C 4S"), Move.discard("2C 9D"))
    ('giving the crib', 'beyond the points')
    """
    if game.phase == "discard":
        found = _discard_themes(game, answer, runner_up)
    else:
        found = _play_themes(game, answer)
    if max(game.scores) >= game.target - NEAR_THE_END:
        found.add("near the end")
    return tuple(t for t in THEMES if t in found)
