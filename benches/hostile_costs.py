"""The costs the hostile-input work must not add (docs/errors.md, "Stopping",
"The notation"): a short `simulate` call costs about its own games' work, and
the notation parser is linear in its input. Prints one JSON object; run it
in the background with ``nice``.

    python benches/hostile_costs.py --repeats 15

Reproducing:

- **simulate**: for 200 and 2,000 random-vs-random games (every core), the
  median wall time of a call, against the call's own work: the same games'
  share of one long run of 100,000 games (per game, times the games). Runs
  are interleaved A B A B. The target: 200 games within 2 times its work.
- **parser**: `records.read` of one Expert-vs-Expert game to 121 and of games to
  500 and 1,000 points (about 4 and 8 times the deals), seconds per
  thousand lines; and the texts that once took seconds or hundreds of
  megabytes (10^5 show lines, 10^6 deal lines), refused at their sixth and
  second lines.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable

from cribbage_fast import ExpertPlayer, Game, simulate
from cribbage_fast.records import NotationError, read, write_text


def _median(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def simulate_costs(repeats: int) -> dict[str, float]:
    simulate("random", "random", games=1000)  # the pool and the tables, warmed
    long_runs = []
    short: dict[int, list[float]] = {200: [], 2000: []}
    for _ in range(repeats):
        for games in short:
            short[games].append(_median(lambda g=games: simulate("random", "random", games=g), 1))
        long_runs.append(_median(lambda: simulate("random", "random", games=100_000), 1))
    per_game = statistics.median(long_runs) / 100_000
    out: dict[str, float] = {"work_ms_per_game": 1e3 * per_game}
    for games, times in short.items():
        call = statistics.median(times)
        out[f"call_ms_{games}"] = 1e3 * call
        out[f"work_ms_{games}"] = 1e3 * per_game * games
        out[f"ratio_{games}"] = call / (per_game * games)
    return out


def _game_text(target: int) -> str:
    game = Game(2, seed=11, target=target)
    game.play([ExpertPlayer(), ExpertPlayer()])
    return write_text(game)


def parser_costs(repeats: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for target in (121, 500, 1000):
        text = _game_text(target)
        lines = text.count("\n")
        seconds = _median(lambda t=text: read(t), repeats)
        out[f"lines_{target}"] = lines
        out[f"ms_per_1000_lines_{target}"] = 1e3 * seconds / lines * 1000
    head = _game_text(121).split("\nshow ", 1)[0]
    hostile = {
        "shows_1e5": head + "\n" + "\n".join("show 0 AS 2S 3S 4S" for _ in range(100_000)),
        "deals_1e6": '[NumPlayers "2"]\n[FirstDealer "0"]\n'
        + "".join(f"deal {n} dealer {(n - 1) % 2}\n" for n in range(1, 1_000_001)),
    }
    for name, text in hostile.items():

        def refused(t: str = text) -> None:
            try:
                read(t)
            except NotationError:
                return
            raise AssertionError("accepted")

        out[f"seconds_{name}"] = _median(refused, 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    result = {
        "load_average": os.getloadavg(),
        "simulate": simulate_costs(args.repeats),
        "parser": parser_costs(max(3, args.repeats // 3)),
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
