"""Points by source and by player, master against Expert (docs/master.md).

The simulator's statistics count points by role (dealer, pone), not by player;
this plays games through `Game.play_to_end` and reads each game's events.

    python benches/master_sources.py 20000
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from cribbage_fast import ExpertPlayer, Game, MasterPlayer


def tally(games: int) -> dict[str, float]:
    """Per-deal points of each player by source and role over `games` games."""
    totals: Counter[str] = Counter()
    for i in range(games):
        seat = i % 2  # the master's seat alternates
        players: list[object] = [ExpertPlayer(), ExpertPlayer()]
        players[seat] = MasterPlayer(seed=i)
        game = Game(2, seed=1000 + i)
        game.play_to_end(players)
        dealer = 0
        name = {seat: "master", 1 - seat: "expert"}
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
    for who, other in (("master", "expert"), ("expert", "master")):
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
    print(json.dumps(tally(int(sys.argv[1]) if len(sys.argv) > 1 else 1000), indent=1))
