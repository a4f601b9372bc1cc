#!/usr/bin/env bash
# A client of the analysis engine in the shell's idiom (docs/engine.md): the
# best move and every alternative for the seat to move in a game record.
#
#   bash docs/engine_client.sh GAME.json [SEED]
set -euo pipefail
record=${1:?usage: engine_client.sh GAME.json [SEED]}
seed=${2:-0}

# One query, one line: the record as it is, the decision to move now.
jq -c --argjson seed "$seed" \
  '{id: "hint", record: ., decisions: "current", seed: $seed, budget: 256}' "$record" |
  cribbage-fast engine --threads 1 |
  jq -r '
    if .status != "ok" then ("engine: \(.error // .status)\n" | halt_error(2))
    else .decisions[] |
      "seat \(.seat) to move: \(.why)",
      (.actions[] |
        "  \(.action)\t\(.equity * 1000 | round / 10)% ± \(.stderr * 1000 | round / 10)  (\(.samples) samples)")
    end'
