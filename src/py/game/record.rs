//! The record of a game as Python values: each move and event to a dict and
//! a move back from its dict (`Game.moves`, `Game.events`, `Move.to_dict`).
//! The record's text notation is the Python package's.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::ground::card::{Card, CardSet};
use crate::py::card::{card_from_py, cards_from_py};
use crate::py::convert::{points_arg, scores_arg, show_points};
use crate::py::play::fill_play_event;
use crate::rules::game::{mask_text, GameEvent, Move, SuppliedDeal};

/// The name of a move's kind, as records spell it.
pub(super) fn move_kind(mv: &Move) -> &'static str {
    match mv {
        Move::Discard(_) => "discard",
        Move::Lay(_) => "lay",
        Move::Go => "go",
        Move::Count(_) => "count",
        Move::Claim(_) => "claim",
        Move::Deal(_) => "deal",
    }
}

pub(crate) fn move_dict<'py>(
    py: Python<'py>,
    seat: Option<u8>,
    mv: &Move,
) -> PyResult<Bound<'py, PyDict>> {
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
                .map(|h| crate::ground::card::format_cards(h))
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
pub(super) fn move_from_dict(d: &Bound<'_, PyAny>) -> PyResult<Move> {
    let d = d.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "a move must be a dict like {{\"move\": \"lay\", \"card\": \"5H\"}}, got {}",
            d.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let text = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("the move has no {key:?} entry")))
    };
    let kind: String = text("move")?.extract()?;
    Ok(match kind.as_str() {
        "discard" => {
            let cards = cards_from_py(&text("cards")?)?;
            Move::Discard(CardSet::from(&cards[..]).mask())
        }
        "lay" => Move::Lay(card_from_py(&text("card")?)?),
        "go" => Move::Go,
        "count" => Move::Count(show_points(points_arg(&text("points")?)?)?),
        "claim" => Move::Claim(show_points(points_arg(&text("points")?)?)?),
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
                scores: scores_arg(&text("scores")?)?,
            }))
        }
        other => {
            return Err(PyTypeError::new_err(format!(
                "unknown move kind {other:?} in a game record"
            )))
        }
    })
}

pub(super) fn event_dict<'py>(py: Python<'py>, event: &GameEvent) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match event {
        GameEvent::CutForDeal { cuts, dealer } => {
            d.set_item("event", "cut_for_deal")?;
            d.set_item("cuts", crate::ground::card::format_cards(cuts))?;
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
        GameEvent::Peg(e) => {
            d.set_item("event", "peg")?;
            fill_play_event(&d, e)?;
        }
        GameEvent::Show { .. } | GameEvent::Muggins { .. } => show_dict(&d, event)?,
        GameEvent::GameOver { winner, scores } => {
            d.set_item("event", "game_over")?;
            d.set_item("winner", winner)?;
            d.set_item("scores", PyTuple::new(py, scores)?)?;
        }
    }
    Ok(d)
}

/// The fields of a show or a muggins claim.
fn show_dict(d: &Bound<'_, PyDict>, event: &GameEvent) -> PyResult<()> {
    match event {
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
        _ => {}
    }
    Ok(())
}
