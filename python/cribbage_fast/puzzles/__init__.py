"""Rated puzzles mined from analysed games (docs/puzzles.md): the `Puzzle`
type and its file (`puzzle`), the themes (`themes`), mining (`mine`),
Glicko-2 (`glicko`), rating by the bots' attempts (`rate`), the build
(`build`), the shipped set (`shipped`) and the trainer's memory and
judgement (`trainer`).

Examples
--------
>>> from cribbage_fast.puzzles import load_puzzles
>>> p = load_puzzles(rating=(1500, 1700))[0]
>>> p.game().to_move == p.game().position().to_move
True
"""

from .build import PLAYERS, build_puzzles, game_players, game_seed
from .glicko import DEFAULT_RATING, SCALE, TAU, Rating, expected, update
from .mine import MARGIN, SIGMAS, MiningSettings, decisions, mine_game, verdict
from .puzzle import (
    FORMAT,
    MAX_HEADER,
    MAX_LINE,
    Puzzle,
    PuzzleSet,
    rating_of,
    read_puzzles,
    solves,
    write_puzzles,
)
from .rate import BANDS, ROUNDS, SOLVERS, attempt, attempts, rate, solve_table
from .shipped import SHIPPED, load_puzzles, shipped_puzzles
from .themes import NEAR_THE_END, THEMES, themes_of
from .trainer import (
    DRILLS,
    PROFILE_FORMAT,
    SOLVED_BELOW,
    Profile,
    default_profile_path,
    drill_game,
    judge,
    key_of,
    mistakes_of,
    move_loss,
    next_puzzle,
    read_profile,
    record_attempt,
    record_drill,
    write_profile,
)

__all__ = [
    # the puzzle and its file (puzzle.py)
    "FORMAT",
    "MAX_HEADER",
    "MAX_LINE",
    "Puzzle",
    "PuzzleSet",
    "rating_of",
    "read_puzzles",
    "solves",
    "write_puzzles",
    # the shipped set (shipped.py)
    "SHIPPED",
    "load_puzzles",
    "shipped_puzzles",
    # themes (themes.py)
    "NEAR_THE_END",
    "THEMES",
    "themes_of",
    # mining (mine.py)
    "MARGIN",
    "SIGMAS",
    "MiningSettings",
    "decisions",
    "mine_game",
    "verdict",
    # Glicko-2 (glicko.py)
    "DEFAULT_RATING",
    "SCALE",
    "TAU",
    "Rating",
    "expected",
    "update",
    # rating by the bots' attempts (rate.py)
    "BANDS",
    "ROUNDS",
    "SOLVERS",
    "attempt",
    "attempts",
    "rate",
    "solve_table",
    # the build (build.py)
    "PLAYERS",
    "build_puzzles",
    "game_players",
    "game_seed",
    # the trainer (trainer.py)
    "DRILLS",
    "PROFILE_FORMAT",
    "SOLVED_BELOW",
    "Profile",
    "default_profile_path",
    "drill_game",
    "judge",
    "key_of",
    "mistakes_of",
    "move_loss",
    "next_puzzle",
    "read_profile",
    "record_attempt",
    "record_drill",
    "write_profile",
]
