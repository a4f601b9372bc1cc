//! Walking a game record: the evaluations it needs ([`Plan::new`]), then each
//! side's equity from point to point, split into skill, luck and the
//! others' errors ([`Plan::assemble`], [`super::book`]; the definitions are
//! in the module comment of [`crate::review`]).

use std::ops::Range;

use rayon::prelude::*;

use super::book::{best_index, Book, Node};
pub use super::book::{Decision, Step, StepKind};
use super::evaluate::{
    board_values, evaluate, points_at_a_table, position_value, side_outcomes, ActionValue,
    DealStart, Task,
};
use super::seed::{position_seed, view_seed};
use super::{Objective, Settings};
use crate::bots::simulate::game_seed;
use crate::ground::cancel;
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, Move, Origin, Phase, DEFAULT_TARGET};
use crate::rules::play::mask_cards;
use crate::rules::position::Position;

/// The walk, in order, of the points where equities change.
#[derive(Clone, Debug)]
enum Event {
    /// `discards[side]`: the side's first discard of the deal (`None`: not
    /// made yet; `Some(None)`: forced).
    Deal {
        deal: u32,
        at: usize,
        discards: Vec<Option<Option<usize>>>,
    },
    Decision(usize),
    Starter {
        deal: u32,
        at: usize,
        nodes: Vec<Node>,
    },
    End {
        deal: u32,
        at: usize,
        kind: StepKind,
        values: Vec<f64>,
    },
}

/// An analysed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    pub objective: Objective,
    /// Each side's equity before the first deal (before the cut for it, if any).
    pub start: Vec<f64>,
    /// Each side's result: 1 or 0 (or the game points won or lost).
    pub result: Vec<f64>,
    /// The winning side.
    pub winner: usize,
    pub decisions: Vec<Decision>,
    /// Every side's steps, in game order.
    pub steps: Vec<Step>,
}

/// The evaluations a game needs, and how to put their answers together.
#[derive(Clone, Debug)]
pub struct Plan {
    pub settings: Settings,
    pub tasks: Vec<Task>,
    decisions: Vec<Decision>,
    events: Vec<Event>,
    config: GameConfig,
    start: Vec<f64>,
    cut: bool,
    first_deal: Vec<f64>,
    result: Vec<f64>,
    winner: usize,
}

/// The distinct choices at `game` (one card of each rank in the play).
pub(super) fn actions_at(game: &Game) -> Result<Vec<Move>> {
    Ok(match (game.phase(), game.pegging()) {
        (Phase::Discard, _) => game.legal_moves(),
        (Phase::Play, Some(play)) if play.legal_lays() == 0 => vec![Move::Go],
        (Phase::Play, Some(play)) => distinct_lays(play.legal_lays())
            .into_iter()
            .map(Move::Lay)
            .collect(),
        _ => {
            return Err(Error::Invalid(
                "the analysis covers games without muggins only".into(),
            ))
        }
    })
}

/// The distinct choices at `game` and the index of `played` among them.
fn choices(game: &Game, played: &Move) -> Result<(Vec<Move>, usize)> {
    let actions = actions_at(game)?;
    let same = |a: &Move| match (a, played) {
        (Move::Lay(x), Move::Lay(y)) => x.rank() == y.rank(),
        _ => a == played,
    };
    let index = actions
        .iter()
        .position(same)
        .ok_or_else(|| Error::IllegalMove(format!("{played:?} is not a legal move here")))?;
    Ok((actions, index))
}

/// Refuses what the analysis does not cover.
pub(super) fn check_config(config: GameConfig) -> Result<()> {
    if config.muggins {
        return Err(Error::Invalid(
            "game analysis covers games without muggins only".into(),
        ));
    }
    if config.target != DEFAULT_TARGET {
        return Err(Error::Invalid(format!(
            "game analysis covers 121-point games only (the position table); \
             this record plays to {}",
            config.target
        )));
    }
    Ok(())
}

/// Builds a plan while replaying the record.
struct Walker {
    plan: Plan,
    game: Game,
    deal: Option<DealStart>,
    seed: u64,
    /// A decision evaluated ahead (at the cut): its move index and task.
    prepared: Option<(usize, usize)>,
    /// An unfinished game: the decision after the last move is evaluated
    /// with no move played ([`Plan::current`]).
    live: bool,
}

impl Walker {
    /// Replays `moves` from the start (see [`Plan::new`]), planning every
    /// evaluation; `live`: the game may be unfinished.
    fn walk(
        origin: Origin,
        moves: &[(u8, Move)],
        settings: Settings,
        seed: u64,
        live: bool,
    ) -> Result<Walker> {
        let config = origin.config;
        check_config(config)?;
        let o = settings.objective;
        if config.players > 2 && o == Objective::Points {
            return Err(points_at_a_table(config.players));
        }
        let game = origin.start(false)?;
        let sides = config.sides();
        let first_deal = first_deal_values(config, game.dealer(), o)?;
        // The fair share: each side's chance before the cut for the deal.
        let even = match o {
            Objective::Win => 1.0 / sides as f64,
            Objective::Points => 0.0,
        };
        let cut = origin.first_dealer.is_none();
        let plan = Plan {
            settings,
            tasks: Vec::new(),
            decisions: Vec::new(),
            events: Vec::new(),
            config,
            start: if cut {
                vec![even; sides]
            } else {
                first_deal.clone()
            },
            cut,
            first_deal,
            result: vec![0.0; sides],
            winner: 0,
        };
        let mut walker = Walker {
            plan,
            game,
            deal: None,
            seed,
            prepared: None,
            live,
        };
        for (at, (seat, mv)) in moves.iter().enumerate() {
            if walker.game.is_over() {
                return Err(Error::Invalid(format!(
                    "move {at} comes after the end of the game"
                )));
            }
            let next = moves.get(at + 1).map(|(_, m)| m);
            walker.step(at, usize::from(*seat), mv, next)?;
        }
        Ok(walker)
    }

    fn task(
        &mut self,
        state: &Game,
        viewer: usize,
        actions: Vec<Option<Move>>,
        played: Option<usize>,
    ) -> Result<usize> {
        let deal = self
            .deal
            .clone()
            .ok_or_else(|| Error::Invalid("a move before the deal".into()))?;
        let index = self.plan.tasks.len();
        // A decision is seeded by its position, as a hint from that position
        // is ([`position_seed`]): both give one answer.
        let seed = match actions.first() {
            Some(Some(_)) if self.plan.config.players > 2 => view_seed(state, viewer, self.seed),
            Some(Some(_)) => position_seed(&Position::from_game(state, viewer, false)?, self.seed),
            _ => game_seed(self.seed, index as u64),
        };
        self.plan.tasks.push(Task {
            state: state.clone(),
            deal,
            viewer,
            actions,
            played,
            seed,
            open: false,
            other: None,
        });
        Ok(index)
    }

    /// The evaluation of `seat`'s decision `mv` (move `at`) in the current game.
    fn decision_task(
        &mut self,
        at: usize,
        seat: usize,
        mv: &Move,
    ) -> Result<(Vec<Move>, usize, Option<usize>)> {
        let (actions, played) = choices(&self.game, mv)?;
        if actions.len() == 1 {
            return Ok((actions, played, None));
        }
        if let Some((i, task)) = self.prepared.take().filter(|&(i, _)| i == at) {
            debug_assert_eq!(i, at);
            return Ok((actions, played, Some(task)));
        }
        let state = self.game.clone();
        let task = self.task(
            &state,
            seat,
            actions.iter().cloned().map(Some).collect(),
            Some(played),
        )?;
        Ok((actions, played, Some(task)))
    }

    /// The deal's start, before its first discard.
    fn open_deal(&mut self, at: usize) -> Result<()> {
        let g = &self.game;
        let scores: Vec<i64> = g.scores().iter().map(|&s| i64::from(s)).collect();
        let template =
            Game::with_first_dealer(g.config(), 0, false, g.dealer())?.with_scores(&scores)?;
        let seats = usize::from(g.config().players);
        self.deal = Some(DealStart {
            game: template,
            hands: (0..seats).map(|s| g.hand(s)).collect(),
            moves: Vec::new(),
        });
        let deal = g.deal_number();
        self.plan.events.push(Event::Deal {
            deal,
            at,
            discards: vec![None; g.config().sides()],
        });
        Ok(())
    }

    fn step(&mut self, at: usize, seat: usize, mv: &Move, next: Option<&Move>) -> Result<()> {
        if let Move::Deal(deal) = mv {
            if deal.scores.is_some() {
                return Err(Error::Invalid(format!(
                    "move {at} sets the scores (a puzzle): only whole games can be analysed"
                )));
            }
            return self.game.apply(mv.clone());
        }
        if before_discards(&self.game) {
            self.open_deal(at)?;
        }
        let deal = self.game.deal_number();
        let (dealer, scores) = (self.game.dealer(), self.game.scores().to_vec());
        let side = self.plan.config.side_of(seat);
        let (actions, played, task) = self.decision_task(at, seat, mv)?;
        if let (Move::Discard(_), Some(Event::Deal { discards, .. })) = (mv, self.last_deal()) {
            discards[side].get_or_insert(task);
        }
        self.plan
            .events
            .push(Event::Decision(self.plan.decisions.len()));
        self.plan.decisions.push(Decision {
            move_index: at,
            seat,
            side,
            deal,
            dealer,
            scores,
            forced: task.is_none(),
            actions,
            played_move: mv.clone(),
            played,
            values: Vec::new(),
            best: played,
            task,
        });
        self.game
            .apply(mv.clone())
            .map_err(|e| Error::Invalid(format!("move {at} of the record: {e}")))?;
        if let Some(d) = self.deal.as_mut() {
            d.moves.push((seat as u8, mv.clone()));
        }
        self.after(at, deal, mv, next)
    }

    fn last_deal(&mut self) -> Option<&mut Event> {
        self.plan
            .events
            .iter_mut()
            .rev()
            .find(|e| matches!(e, Event::Deal { .. }))
    }

    /// The events a move ends with: the cut, the end of the deal or game.
    fn after(&mut self, at: usize, deal: u32, mv: &Move, next: Option<&Move>) -> Result<()> {
        let objective = self.plan.settings.objective;
        let values = |g: &Game| side_outcomes(g, objective);
        let cut = matches!(mv, Move::Discard(_)) && self.game.starter().is_some();
        if cut {
            let nodes = if self.game.is_over() {
                values(&self.game)?.into_iter().map(Node::Value).collect()
            } else {
                (0..self.plan.config.sides())
                    .map(|side| self.starter_node(at, self.first_to_play(side), next))
                    .collect::<Result<Vec<_>>>()?
            };
            self.plan.events.push(Event::Starter { deal, at, nodes });
        } else if self.game.is_over() || self.game.deal_number() != deal {
            let in_play = self.game.pegging().is_some_and(|p| !p.is_over());
            let kind = if in_play {
                StepKind::Play
            } else {
                StepKind::Show
            };
            let values = values(&self.game)?;
            self.plan.events.push(Event::End {
                deal,
                at,
                kind,
                values,
            });
        }
        Ok(())
    }

    /// The seat of `side` that plays first after the cut (the pone leads).
    fn first_to_play(&self, side: usize) -> usize {
        let config = self.plan.config;
        let n = usize::from(config.players);
        (1..=n)
            .map(|k| (self.game.dealer() + k) % n)
            .find(|&s| config.side_of(s) == side)
            .unwrap_or(side)
    }

    /// A seat's equity just after the cut: its decision's best if it leads
    /// and has a choice, else the policy's continuation from its view.
    fn starter_node(&mut self, at: usize, seat: usize, next: Option<&Move>) -> Result<Node> {
        if self.game.to_move() == Some(seat) {
            if next.is_none() && self.live {
                let task = self.live_task(seat, at + 1)?;
                self.prepared = Some((at + 1, task));
                return Ok(Node::Best(task));
            }
            let next =
                next.ok_or_else(|| Error::Invalid("the record ends after the cut".into()))?;
            if let (_, _, Some(task)) = self.decision_task(at + 1, seat, next)? {
                self.prepared = Some((at + 1, task));
                return Ok(Node::Best(task));
            }
        }
        let state = self.game.clone();
        Ok(Node::Best(self.task(&state, seat, vec![None], None)?))
    }

    /// The evaluation of the decision `seat` faces now (move `at`), no move
    /// played (forced ones included, for their equity).
    fn live_task(&mut self, seat: usize, at: usize) -> Result<usize> {
        if before_discards(&self.game) {
            self.open_deal(at)?;
        }
        let state = self.game.clone();
        let actions = actions_at(&state)?.into_iter().map(Some).collect();
        self.task(&state, seat, actions, None)
    }
}

impl Plan {
    /// The plan for a finished game of two, three or four players: where it
    /// began (`origin`) and its moves with their seats; `seed` seeds the
    /// analysis.
    pub fn new(
        origin: Origin,
        moves: &[(u8, Move)],
        settings: Settings,
        seed: u64,
    ) -> Result<Plan> {
        let walker = Walker::walk(origin, moves, settings, seed, false)?;
        let Some(winner) = walker.game.winner() else {
            return Err(Error::Invalid(
                "the game is not finished: only whole games can be analysed".into(),
            ));
        };
        let mut plan = walker.plan;
        let o = settings.objective;
        plan.winner = winner;
        plan.result = side_outcomes(&walker.game, o)?;
        Ok(plan)
    }

    /// The decision the seat to move faces in an unfinished game (the
    /// arguments of [`Plan::new`]): its seat, its distinct actions and their
    /// evaluation, seeded as the analysis of the finished game seeds it.
    pub fn current(
        origin: Origin,
        moves: &[(u8, Move)],
        settings: Settings,
        seed: u64,
    ) -> Result<(usize, Vec<Move>, Task)> {
        let mut walker = Walker::walk(origin, moves, settings, seed, true)?;
        let Some(seat) = walker.game.to_move() else {
            return Err(Error::Invalid(
                "the game is over: no decision to value".into(),
            ));
        };
        let task = match walker.prepared.take() {
            Some((at, task)) if at == moves.len() => task,
            _ => walker.live_task(seat, moves.len())?,
        };
        let actions = actions_at(&walker.game)?;
        Ok((seat, actions, walker.plan.tasks.swap_remove(task)))
    }

    /// Runs the evaluations `range` (in parallel on the current pool).
    pub fn run(&self, range: Range<usize>) -> Result<Vec<Vec<ActionValue>>> {
        let tasks: Vec<usize> = range.collect();
        self.run_some(&tasks)
    }

    /// Runs the evaluations `tasks` (in parallel on the current pool, each
    /// polling the caller's cancel flag).
    pub fn run_some(&self, tasks: &[usize]) -> Result<Vec<Vec<ActionValue>>> {
        let flag = cancel::current();
        tasks
            .par_iter()
            .map(|&t| &self.tasks[t])
            .map(|task| flag.run(|| evaluate(task, &self.settings)))
            .collect()
    }

    /// Puts every evaluation's answer (`values[t]` for task `t`) together.
    pub fn assemble(&self, values: &[Vec<ActionValue>]) -> Result<GameReview> {
        if values.len() != self.tasks.len() {
            return Err(Error::Invalid(format!(
                "{} evaluations for {} tasks",
                values.len(),
                self.tasks.len()
            )));
        }
        let mut book = Book::new(self.start.clone(), self.config.players == 2);
        if self.cut {
            for (side, &value) in self.first_deal.iter().enumerate() {
                book.close(side, value, StepKind::CutForDeal, None, 1, true);
            }
        }
        let mut decisions = self.decisions.clone();
        for event in &self.events {
            self.replay(event, values, &mut book, &mut decisions);
        }
        Ok(GameReview {
            objective: self.settings.objective,
            start: self.start.clone(),
            result: self.result.clone(),
            winner: self.winner,
            decisions,
            steps: book.steps,
        })
    }

    /// Books one event of the walk.
    fn replay(
        &self,
        event: &Event,
        values: &[Vec<ActionValue>],
        book: &mut Book,
        decisions: &mut [Decision],
    ) {
        let best = |t: usize| values[t][best_index(&values[t])].equity;
        match *event {
            Event::Deal {
                deal,
                at,
                ref discards,
            } => {
                for (side, task) in discards.iter().enumerate() {
                    let value = task.flatten().map_or(book.cur[side], best);
                    book.close(side, value, StepKind::Deal, Some(at), deal, true);
                }
            }
            Event::Decision(d) => {
                let decision = &mut decisions[d];
                if let Some(t) = decision.task {
                    decision.values = values[t].clone();
                    decision.best = best_index(&values[t]);
                }
                book.decide(decision);
            }
            Event::Starter {
                deal,
                at,
                ref nodes,
            } => {
                for (seat, node) in nodes.iter().enumerate() {
                    let value = match *node {
                        Node::Best(t) => best(t),
                        Node::Value(v) => v,
                    };
                    book.close(seat, value, StepKind::Starter, Some(at), deal, true);
                }
            }
            Event::End {
                deal,
                at,
                kind,
                ref values,
            } => {
                for (seat, &value) in values.iter().enumerate() {
                    book.close(seat, value, kind, Some(at), deal, true);
                }
            }
        }
    }

    /// The unforced decisions' record move indexes, with their evaluations.
    pub fn decision_tasks(&self) -> Vec<(usize, usize)> {
        self.decisions
            .iter()
            .filter_map(|d| d.task.map(|t| (d.move_index, t)))
            .collect()
    }

    /// Runs every evaluation and assembles the review (on the current pool).
    pub fn review(&self) -> Result<GameReview> {
        let values = self.run(0..self.tasks.len())?;
        self.assemble(&values)
    }
}

/// The card of each rank a seat may lay (suits never matter in the play).
pub fn distinct_lays(lays: u64) -> Vec<Card> {
    let mut ranks = 0u16;
    mask_cards(lays)
        .filter(|c| {
            let new = ranks & (1 << c.rank()) == 0;
            ranks |= 1 << c.rank();
            new
        })
        .collect()
}

/// Whether no seat has discarded yet this deal (the deal's start).
fn before_discards(game: &Game) -> bool {
    let seats = usize::from(game.config().players);
    game.phase() == Phase::Discard && (0..seats).all(|s| game.discards_of(s) == 0)
}

/// Each side's equity at the first deal, dealt by `dealer`: the position
/// table's (two players) or the board table's value at 0-0.
fn first_deal_values(config: GameConfig, dealer: usize, o: Objective) -> Result<Vec<f64>> {
    if config.players == 2 {
        return Ok(vec![
            position_value(&[0, 0], dealer, 0, o)?,
            position_value(&[0, 0], dealer, 1, o)?,
        ]);
    }
    board_values(config.players, &vec![0; config.sides()], dealer)
}
