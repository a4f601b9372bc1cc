"""Points by source and by player, master against a built-in bot (docs/master.md).

The simulator's statistics count points by role (dealer, pone), not by player;
this plays games through `Game.play_to_end` and reads each game's events. The
opponent is any name of `OPPONENTS` (the Expert by default); ``mixture=False``
measures the master before the mixture of opponent models on the same games.

    python benches/master_sources.py 20000
    python benches/master_sources.py 2000 pegger
    python benches/master_sources.py 2000 pegger mixture=False
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from cribbage_fast import BotPlayer, Game, MasterPlayer


def tally(games: int, opponent: str = "expert", **master: bool) -> dict[str, float]:
    """Per-deal points of each player by source and role over `games` games."""
    totals: Counter[str] = Counter()
    for i in range(games):
        seat = i % 2  # the master's seat alternates
        players: list[object] = [BotPlayer(opponent, seed=i), BotPlayer(opponent, seed=i)]
        players[seat] = MasterPlayer(seed=i, **master)
        game = Game(2, seed=1000 + i)
        game.play_to_end(players)
        dealer = 0
        name = {seat: "master", 1 - seat: "opponent"}
        for event in game.events():
            kind = event["event"]
            if kind == "deal":
                dealer = event["dealer"] or 0
                totals[f"{name[dealer]} dealt"] += 1
            elif kind == "starter":
                totals[f"{name[dealer]} his_heels"] += event["his_heels"]
            elif kind == "peg":
                role = "dealer" if event["seat"] == dealer else "pone"
                totals[f"{name[event['seat']]} pegs as {role}"] += event["points"]
            elif kind == "show":
                role = "crib" if event["crib"] else "dealer" if event["seat"] == dealer else "pone"
                what = "crib" if role == "crib" else f"hand as {role}"
                totals[f"{name[event['seat']]} {what}"] += event["points"]
    per_deal = {}
    for who, other in (("master", "opponent"), ("opponent", "master")):
        dealt, pone = totals[f"{who} dealt"], totals[f"{other} dealt"]
        for source, deals in (
            ("pegs as dealer", dealt),
            ("hand as dealer", dealt),
            ("crib", dealt),
            ("his_heels", dealt),
            ("pegs as pone", pone),
            ("hand as pone", pone),
        ):
            per_deal[f"{who} {source}"] = round(totals[f"{who} {source}"] / deals, 3)
        per_deal[f"{who} dealt"] = dealt
    return per_deal


if __name__ == "__main__":
    args = sys.argv[1:]
    n = int(args[0]) if args else 1000
    opponent = args[1] if len(args) > 1 else "expert"
    switches = {k: v == "True" for k, v in (a.split("=") for a in args[2:])}
    print(json.dumps(tally(n, opponent, **switches), indent=1))
