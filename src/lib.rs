//! cribbage_fast: an exact, fast cribbage engine.
//!
//! The map of the layers, lowest first. A module imports only from its own
//! layer or a lower one (`tests/architecture/test_layers.py` holds the shape):
//!
//! | layer | holds |
//! |---|---|
//! | [`ground`] | cards, the seeded generator, the error type, thread pools |
//! | [`rules`] | the show, the play, whole games, what a seat may know |
//! | [`analysis`] | exact discard analysis, bulk scoring, canonical deals |
//! | [`tables`] | readers of the tables built into the engine |
//! | [`bots`] | the players and the simulator |
//! | [`learn`], [`builders`], [`review`] | learning environments; table builders; game analysis (never each other) |
//! | `py` | the PyO3 skin (the `python` feature): converts and releases the GIL |
//!
//! The rules are cited from `docs/rules.md` (ACC tournament rules where it is
//! silent). The modules are private; what the skin, tests and benches use is
//! re-exported below.

mod analysis;
mod bots;
mod builders;
mod ground;
mod learn;
mod review;
mod rules;
mod tables;

#[cfg(feature = "python")]
mod py;

// The ground and the rules.
pub use ground::cancel::{self, Cancel};
pub use ground::card::{check_distinct, format_cards, parse_cards, Card, CardSet};
pub use ground::card_text;
pub use ground::error::{Error, Result};
pub use ground::pool::{self, MAX_THREADS};
pub use ground::rng::Rng;
pub use rules::game::{
    mask_text, Game, GameConfig, GameEvent, Move, Phase, SuppliedDeal, DEFAULT_TARGET, MAX_SCORE,
    MAX_SEATS,
};
pub use rules::observe::Observation;
pub use rules::play::{
    count_of, mask_cards, play_items, random_play_phases, score_play, validate_pile, EventKind,
    Pegging, PlayEvent, PlayItem, PlayItems, PlayKind, PlayMove,
};
pub use rules::position::Position;
pub use rules::show::{
    explain_hand, his_heels, score_hand, Breakdown, Show, ShowItem, ShowKind, BEST_SHOW,
};

// Analysis of hands and deals.
pub use analysis::bulk;
pub use analysis::deal_analysis::{analyze_all, analyze_range, DealRow, SPLIT_COUNT};
pub use analysis::deals::{canonical_deals, canonicalize, ALL_DEALS};
pub use analysis::discard::{
    analyze_discards, analyze_discards_brute_force, best_discard, DiscardOption,
};

// The tables built into the engine.
pub use tables::boards_n::{
    decode_three_hand, encode_partnership, encode_three_hand, partnership_chances, three_hand_at,
    three_hand_chances, KNOTS, PARTNERSHIP_META, THREE_HAND_META,
};
pub use tables::crib_five::{
    crib_value as five_card_crib_value, five_card_config, five_card_options,
    pegging_value as five_card_pegging, shipped_five_sums, values_of as five_card_values,
    CribValue, FiveCardOption, Values as FiveCardValues, BLOCK_LEN as FIVE_CARD_BLOCK_LEN,
    SHIPPED_META as FIVE_CARD_META,
};
pub use tables::discards::{best_discard_mask, has_table, valid_entry};
pub use tables::pegging::{shipped_sums, SHIPPED_META as PEGGING_META, SUMS_LEN};
pub use tables::positions::{shipped_arrays, SCORES, SHIPPED_META as POSITIONS_META};

// The players and the simulator.
pub use bots::master::{MasterConfig, MAX_BUDGET};
pub use bots::search::{determinize, playout};
pub use bots::simulate::{
    bot_seed, play_out, play_unit, simulate, GameRanges, Mode, RoleTotals, Seat, SimStats,
    Simulator, Start,
};
pub use bots::{hand_total, Bot, BotKind};

// Learning environments.
pub use learn::encode::{
    action_of, actions_of, denominators, write_mask, GO, NUM_ACTIONS, OBS_SIZE,
};
pub use learn::env::{side_rewards, Reward, SoloEnv, Table, AGENT};
pub use learn::selfplay::{Outputs, SelfPlayEnv};
pub use learn::vecenv::{Buffers, VecEnv};

// Game analysis.
pub use review::{
    position_seed, position_task, ActionValue, Decision, GameReview, Objective, Plan, Settings,
    Step, StepKind, Task, MAX_BUDGET as REVIEW_MAX_BUDGET,
};

// Table builders (the skin, tests and benches only).
pub use builders::board_deals::{play_from_board, sample_board_deals};
pub use builders::boards_n::{build_board_table, BoardSample, BoardTable};
pub use builders::crib_five::{five_card_sums, table_match as five_card_match, Throws};
pub use builders::crib_table::{fixed_point, uniform_table, RankTable, TOLERANCE};
pub use builders::deal_tree::sample_deals;
pub use builders::expert_ties::build_ties as build_expert_ties;
pub use builders::pegging::{keep_range_sums, pegging_sums};
pub use builders::positions::{build_table as build_position_table, Sample};
pub use tables::discards::build_table as build_discard_table;
