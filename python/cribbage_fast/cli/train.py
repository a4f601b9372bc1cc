"""``cribbage-fast train``: puzzles by theme and rating, a discard drill, a
pegging drill, and the player's own mistakes asked again until solved, with
the player's rating kept in a local file (docs/puzzles.md, "The trainer").

Example::

    $ cribbage-fast train --theme "the five"
    $ cribbage-fast train discard --count 5
    $ cribbage-fast train mistakes game.json
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from .. import _core
from .._util.files import read_text, refuse_inputs
from ..analysis.actions import action_name
from ..analysis.analyze import mark_of
from ..analysis.hints import hint
from ..analysis.settings import DEFAULTS, MAX_BUDGET, Settings
from ..games.game import Game
from ..puzzles.puzzle import Puzzle
from ..puzzles.shipped import load_puzzles
from ..puzzles.trainer import (
    DRILLS,
    SOLVED_BELOW,
    Profile,
    default_profile_path,
    drill_game,
    judge,
    key_of,
    mistakes_of,
    next_puzzle,
    read_profile,
    record_attempt,
    record_drill,
    write_profile,
)
from ..records.position import write_position
from ..records.record import read_all
from .errors import interrupted
from .play import POSITION, QUIT, _hand_text, _parse_choice, _Quit
from .puzzles import choosing

MODES = ("puzzles", "discard", "pegging", "mistakes")
GIVE_UP = ("?", "answer")


@dataclass
class _Session:
    """The profile as it stands (written after every answer) and what this
    session did."""

    profile: Profile
    path: Path
    start: float
    asked: int = 0
    right: int = 0

    def save(self) -> None:
        write_profile(self.profile, self.path)

    def summary(self, mode: str) -> str:
        """What the session did, and the profile's standing after it."""
        line = f"This session: {self.right} of {self.asked} right."
        if mode in DRILLS:
            attempts, good = self.profile.drills[mode]
            line += f" The {mode} drill so far: {good} of {attempts} right."
        else:
            r = self.profile.rating
            line += f" Your puzzle rating: {r.rating:.0f} ± {2 * r.deviation:.0f} (95%),"
            line += f" from {self.start:.0f}."
        if self.profile.mistakes:
            line += f" {len(self.profile.mistakes)} of your mistakes wait to be solved."
        return line + f" Saved in {self.path}."


def _describe(game: Game, seat: int) -> None:
    """The board and what the seat has seen, for a decision of `seat`."""
    you, them = game.scores[seat], game.scores[1 - seat]
    deals = "you deal" if game.dealer == seat else "they deal"
    click.echo(f"Board: you {you}, them {them} (to {game.target}); {deals}.")
    p = game.position(seat=seat)
    if p.phase == "play":
        laid = " ".join(str(c) for c in p.discards)
        play = " ".join(str(c) for c in p.play) or "nothing yet"
        click.echo(
            f"Starter {p.starter}; you laid away {laid}. The play: {play} (count {p.count})."
        )


def _ask_move(game: Game, seat: int) -> _core.Move | None:
    """The player's move for the decision now (None: gave up with ``?``).

    Raises
    ------
    _Quit
        The player typed q or quit.
    """
    legal = game.legal_moves()
    hand = game.hand(seat)
    discard = game.phase == "discard"
    prompt = "Lay away 2 cards to the crib" if discard else "Lay a card"
    while True:
        click.echo(f"Your hand: {_hand_text(hand)}")
        text = click.prompt(
            f"{prompt} (? answer, p position, q quit)", default="", show_default=False
        )
        text = text.strip().lower()
        if text in QUIT:
            raise _Quit
        if text in POSITION:
            click.echo(write_position(game.position(seat=seat)))
            continue
        if text in GIVE_UP:
            return None
        try:
            move = _move_of(text, hand, discard)
            if move not in legal:
                raise ValueError(f"{move} is not allowed here (count {game.count})")
        except ValueError as err:
            click.echo(f"  {err}. Try again.")
            continue
        return move


def _move_of(text: str, hand: list[_core.Card], discard: bool) -> _core.Move:
    if text == "go":
        return _core.Move.go()
    cards = _parse_choice(text, hand, 2 if discard else 1)
    return _core.Move.discard(cards) if discard else _core.Move.lay(cards[0])


def _puzzle_round(session: _Session, puzzle: Puzzle, number: str) -> bool:
    """Asks one puzzle, judges the answer, updates and saves the profile."""
    game = puzzle.game()
    seat = game.to_move
    assert seat is not None
    themes = f"; {', '.join(puzzle.themes)}" if puzzle.themes else ""
    click.echo(f"\n=== Puzzle {number} (rated {puzzle.rating.rating:.0f}{themes}) ===")
    _describe(game, seat)
    move = _ask_move(game, seat)
    solved, loss = (False, None) if move is None else judge(puzzle, move)
    if solved:
        click.echo(f"Right: {puzzle.answer}.")
    else:
        click.echo(f"The answer: {puzzle.answer}.")
        if move is not None:
            what = "not a move the puzzle valued" if loss is None else _lost(loss)
            click.echo(f"  Yours, {action_name(move)}: {what}.")
    runner_up = min(puzzle.losses.items(), key=lambda kv: kv[1])
    click.echo(f"  The next best, {runner_up[0]}, gives up {_points(runner_up[1])}.")
    before = session.profile.rating.rating
    session.profile = record_attempt(session.profile, puzzle, solved)
    session.save()
    click.echo(f"Your rating: {before:.0f} -> {session.profile.rating.rating:.0f}")
    return solved


def _drill_round(session: _Session, drill: str, seed: int, budget: int) -> bool:
    """One decision of a drill, judged by a hint at `budget`."""
    game = drill_game(drill, seed)
    seat = game.to_move
    assert seat is not None
    click.echo(f"\n=== {drill.capitalize()} drill ===")
    _describe(game, seat)
    move = _ask_move(game, seat)
    h = hint(game, seat, budget=budget)
    good = False
    if move is not None:
        chosen = h.option_for(dict(move.to_dict()))
        loss = h.loss(chosen)
        good = loss < SOLVED_BELOW
        verdict = "the best" if chosen == h.best else f"{_points(loss)} less"
        click.echo(f"Yours, {chosen.action}: {verdict}{_marked(loss, h.objective)}.")
    click.echo(f"Best: {h.why()}")
    session.profile = record_drill(session.profile, drill, good)
    session.save()
    return good


def _points(loss: float) -> str:
    return f"{100 * loss:.1f} points of the chance to win"


def _lost(loss: float) -> str:
    return f"loses {_points(loss)}"


def _marked(loss: float, objective: Any) -> str:
    mark = mark_of(loss, objective)
    return f" (a {mark})" if mark else ""


def _add_mistakes(session: _Session, paths: tuple[Path, ...], seat: int, budget: int) -> None:
    """Analyses each saved game and keeps the seat's mistakes not seen yet."""
    profile = session.profile
    known = {key_of(p) for p in profile.mistakes} | set(profile.seen)
    settings = Settings(budget=budget)
    for path in paths:
        records = read_all(read_text(path), source=str(path))
        for i, record in enumerate(records, start=1):
            click.echo(f"Analysing {path} (game {i} of {len(records)})...")
            for p in mistakes_of(record, seat, settings, source=str(path)):
                if key_of(p) not in known:
                    profile.mistakes.append(p)
                    known.add(key_of(p))
    session.save()
    click.echo(f"{len(profile.mistakes)} of your mistakes to solve.")


def _run(mode: str, session: _Session, count: int, rng: random.Random, **how: Any) -> None:
    """The session's rounds: `count` puzzles, drill decisions or mistakes."""
    if mode in DRILLS:
        for _ in range(count):
            session.right += _drill_round(session, mode, rng.randrange(2**32), how["budget"])
            session.asked += 1
        return
    skipped: list[str] = []
    for i in range(count):
        puzzle = _next(mode, session, rng, skipped, how)
        if puzzle is None:
            click.echo("\nNo puzzle left to ask." if i == 0 else "\nThat was the last one.")
            return
        solved = _puzzle_round(session, puzzle, f"{i + 1} of {count}")
        session.asked += 1
        session.right += solved
        if not solved and mode == "puzzles":
            skipped.append(key_of(puzzle))


def _next(
    mode: str, session: _Session, rng: random.Random, skipped: list[str], how: dict[str, Any]
) -> Puzzle | None:
    if mode == "mistakes":
        # Unsolved mistakes come round again, oldest first.
        mistakes = session.profile.mistakes
        if not mistakes:
            return None
        first = mistakes.pop(0)
        mistakes.append(first)
        return first
    return next_puzzle(how["puzzles"], session.profile, rng, skipped)


@click.command()
@click.argument("mode", type=click.Choice(MODES), default="puzzles")
@click.argument("games", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@choosing("--puzzles")
@click.option("--count", type=click.IntRange(min=1, max=10_000), default=10, show_default=True)
@click.option(
    "--seat",
    type=click.IntRange(0, 1),
    default=0,
    show_default=True,
    help="mistakes: your seat in the saved games (play seats you at 0).",
)
@click.option(
    "--profile",
    "profile_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Your rating file (default: ~/.cribbage-fast/trainer.json).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1, max=MAX_BUDGET),
    default=DEFAULTS.budget,
    show_default=True,
    help="Samples at most per judgement of a drill or an analysis.",
)
@click.option("--seed", type=click.IntRange(min=0, max=2**63 - 1), default=None)
def train(
    mode: str,
    games: tuple[Path, ...],
    theme: str | None,
    rating: tuple[float, float] | None,
    path: Path | None,
    count: int,
    seat: int,
    profile_path: Path | None,
    budget: int,
    seed: int | None,
) -> None:
    """Train: MODE is puzzles (by --theme and --rating), discard or pegging (drills
    judged by the hint), or mistakes (puzzles from your saved GAMES' mistakes and
    blunders, asked again until solved). Your rating is kept in --profile, saved
    after every answer (Ctrl-C keeps it)."""
    if games and mode != "mistakes":
        raise click.UsageError("saved games are for the mistakes mode: train mistakes GAME...")
    kept = profile_path or default_profile_path()
    refuse_inputs(kept, [path, *games])
    profile = read_profile(kept)
    session = _Session(profile, kept, profile.rating.rating)
    found = load_puzzles(theme=theme, rating=rating, path=path) if mode == "puzzles" else []
    try:
        if mode == "mistakes" and games:
            _add_mistakes(session, games, seat, budget)
        _run(mode, session, count, random.Random(seed), puzzles=found, budget=budget)
    except _Quit:
        pass
    except (click.Abort, KeyboardInterrupt):
        click.echo()
        click.echo(session.summary(mode))
        interrupted("what you did is saved")
    click.echo("\n" + session.summary(mode))
