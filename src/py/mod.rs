//! The PyO3 skin: the only place that imports PyO3. Each file here wraps one
//! core module; rules never live here.

use pyo3::prelude::*;

mod boards;
mod bots;
mod bulk;
mod cancel;
mod card;
mod card_text;
mod convert;
mod crib_five;
mod discard;
mod env;
mod errors;
mod game;
mod master;
mod play;
mod position;
mod positions;
mod review;
mod show;
mod sim_estimates;
mod sim_table;
mod simulate;
mod tables;

/// The compiled core of cribbage_fast. Import from `cribbage_fast` instead.
#[pymodule]
mod _core {
    #[pymodule_export]
    use super::boards::{
        _board_chances, _decode_three_hand, _encode_boards, _play_boards, _sample_boards,
        _shipped_boards, _solve_boards, _three_hand_at,
    };
    #[pymodule_export]
    use super::bots::{PyBotPlayer, PyExpertPlayer, PyGreedyPlayer, PyRandomPlayer};
    #[pymodule_export]
    use super::bulk::{hand_score_distribution, score_hands, score_plays};
    #[pymodule_export]
    use super::cancel::{Cancelled, PyCancelToken};
    #[pymodule_export]
    use super::card::PyCard;
    #[pymodule_export]
    use super::card_text::{
        _card_indices_arrow, _card_indices_strings, _card_indices_ucs4, _score_text_arrow,
        _score_text_ucs4,
    };
    #[pymodule_export]
    use super::crib_five::{
        _five_card_crib, _five_card_match, _five_card_options, _five_card_pegging, _five_card_sums,
        _shipped_five_card,
    };
    #[pymodule_export]
    use super::discard::{analyze_discards, best_discard, PyDiscardOption};
    #[pymodule_export]
    use super::env::{obs_denominators, PyActionGame, PySelfPlayVecEnv, PySoloEnv, PyVecEnv};
    #[pymodule_export]
    use super::errors::{CribbageError, IllegalMove, Misdeal};
    #[pymodule_export]
    use super::game::{PyGame, PyMove, PyPlayerView};
    #[pymodule_export]
    use super::master::{master_match, PyMasterPlayer};
    #[pymodule_export]
    use super::play::{
        _random_play_phases, explain_play, score_play, PyPegging, PyPlayBreakdown, PyPlayEvent,
        PyPlayItem,
    };
    #[pymodule_export]
    use super::position::PyPosition;
    #[pymodule_export]
    use super::positions::{_game_points, _shipped_positions, sample_positions, solve_positions};
    #[pymodule_export]
    use super::review::{_analyze_game, _decision_equities, _decision_values, _position_values};
    #[pymodule_export]
    use super::show::{cards, explain_hand, his_heels, score_hand, PyHandBreakdown, PyShowItem};
    #[pymodule_export]
    use super::sim_table::simulate;
    #[pymodule_export]
    use super::simulate::{_game_seed, PySimStats};
    #[pymodule_export]
    use super::tables::{
        _canonical_deals, _canonicalize, _expert_table_present, _expert_ties, _keep_range_sums,
        _net_pegging, _pegging_sums, _shipped_pegging, PyDealAnalysis,
    };

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        let columns = pyo3::types::PyTuple::new(m.py(), crate::analysis::bulk::BREAKDOWN_COLUMNS)?;
        m.add("BREAKDOWN_COLUMNS", columns)?;
        m.add("TARGET", crate::rules::game::DEFAULT_TARGET)?;
        m.add("MAX_SCORE", crate::rules::game::MAX_SCORE)?;
        m.add("OBS_SIZE", crate::learn::encode::OBS_SIZE)?;
        m.add("NUM_ACTIONS", crate::learn::encode::NUM_ACTIONS)?;
        m.add("GO_ACTION", crate::learn::encode::GO)?;
        m.add("OPPONENTS", crate::bots::BotKind::names().to_vec())?;
        m.add("ANALYSIS_PRECISION", crate::review::DEFAULT_PRECISION)?;
        m.add("ANALYSIS_BUDGET", crate::review::DEFAULT_BUDGET)?;
        m.add("ANALYSIS_MAX_BUDGET", crate::review::MAX_BUDGET)?;
        let profile = if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        };
        m.add("build_profile", profile)
    }
}
