//! Walking a game record: the evaluations it needs ([`Plan::new`]), then each
//! seat's equity from point to point, split into skill, luck and the
//! opponent's errors ([`Plan::assemble`]; the definitions are in the module
//! comment of [`crate::review`]).

use std::ops::Range;

use rayon::prelude::*;

use super::evaluate::{evaluate, outcome, position_value, ActionValue, DealStart, Task};
use super::seed::position_seed;
use super::{Objective, Settings};
use crate::bots::simulate::game_seed;
use crate::ground::cancel;
use crate::ground::card::Card;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, Move, Origin, Phase, DEFAULT_TARGET};
use crate::rules::play::mask_cards;
use crate::rules::position::Position;

/// One decision of the game, with every distinct action's equity.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Its index in the record's moves.
    pub move_index: usize,
    pub seat: usize,
    pub deal: u32,
    pub dealer: usize,
    /// Seat 0's and seat 1's scores before the decision.
    pub scores: [u16; 2],
    /// One action per distinct choice (one card of each rank in the play:
    /// suits never matter there).
    pub actions: Vec<Move>,
    /// The move as recorded.
    pub played_move: Move,
    /// The index of the played choice in `actions`.
    pub played: usize,
    /// Only one distinct choice.
    pub forced: bool,
    /// Equities (empty when forced: nothing to choose, nothing valued).
    pub values: Vec<ActionValue>,
    /// The index of the highest equity.
    pub best: usize,
    task: Option<usize>,
}

/// What moved a seat's equity from one of its points to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The cut for the first deal.
    CutForDeal,
    /// The six cards dealt.
    Deal,
    /// The starter cut (his heels included).
    Starter,
    /// The opponent's lays and goes (what they reveal) up to the seat's turn.
    Play,
    /// The end of the deal: the last lays and the show.
    Show,
    /// The seat's own decision.
    Decision,
    /// The opponent's discard, unseen by the seat.
    HiddenDiscard,
}

impl StepKind {
    pub fn name(self) -> &'static str {
        match self {
            StepKind::CutForDeal => "cut_for_deal",
            StepKind::Deal => "deal",
            StepKind::Starter => "starter",
            StepKind::Play => "play",
            StepKind::Show => "show",
            StepKind::Decision => "decision",
            StepKind::HiddenDiscard => "hidden_discard",
        }
    }
}

/// One step of a seat's equity: `after - before = skill + luck + opponent_errors`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    pub seat: usize,
    pub kind: StepKind,
    /// The record's move that ends the step (`None`: before any move).
    pub move_index: Option<usize>,
    pub deal: u32,
    pub before: f64,
    pub after: f64,
    pub skill: f64,
    pub luck: f64,
    pub opponent_errors: f64,
}

/// A seat's equity just after an event: an evaluation's best action, or known.
#[derive(Clone, Copy, Debug)]
enum Node {
    Best(usize),
    Value(f64),
}

/// The walk, in order, of the points where equities change.
#[derive(Clone, Debug)]
enum Event {
    Deal {
        deal: u32,
        at: usize,
        discards: [Option<usize>; 2],
    },
    Decision(usize),
    Starter {
        deal: u32,
        at: usize,
        nodes: [Node; 2],
    },
    End {
        deal: u32,
        at: usize,
        kind: StepKind,
        values: [f64; 2],
    },
}

/// An analysed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    pub objective: Objective,
    /// Each seat's equity before the first deal (before the cut for it, if any).
    pub start: [f64; 2],
    /// Each seat's result: 1 or 0 (or the game points won or lost).
    pub result: [f64; 2],
    pub winner: usize,
    pub decisions: Vec<Decision>,
    /// Both seats' steps, in game order.
    pub steps: Vec<Step>,
}

/// The evaluations a game needs, and how to put their answers together.
#[derive(Clone, Debug)]
pub struct Plan {
    pub settings: Settings,
    pub tasks: Vec<Task>,
    decisions: Vec<Decision>,
    events: Vec<Event>,
    start: [f64; 2],
    cut: bool,
    first_deal: [f64; 2],
    result: [f64; 2],
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
    if config.players != 2 {
        return Err(Error::Invalid(format!(
            "game analysis covers two-player games only; this record has {} players",
            config.players
        )));
    }
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
        check_config(origin.config)?;
        let game = origin.start(false)?;
        let o = settings.objective;
        let first_deal = [
            position_value(&[0, 0], game.dealer(), 0, o)?,
            position_value(&[0, 0], game.dealer(), 1, o)?,
        ];
        let even = match o {
            Objective::Win => 0.5,
            Objective::Points => 0.0,
        };
        let cut = origin.first_dealer.is_none();
        let plan = Plan {
            settings,
            tasks: Vec::new(),
            decisions: Vec::new(),
            events: Vec::new(),
            start: if cut { [even; 2] } else { first_deal },
            cut,
            first_deal,
            result: [0.0; 2],
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
        self.deal = Some(DealStart {
            game: template,
            hands: [g.hand(0), g.hand(1)],
            moves: Vec::new(),
        });
        let deal = g.deal_number();
        self.plan.events.push(Event::Deal {
            deal,
            at,
            discards: [None, None],
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
        let g = &self.game;
        if g.phase() == Phase::Discard && g.discards_of(0) == 0 && g.discards_of(1) == 0 {
            self.open_deal(at)?;
        }
        let deal = self.game.deal_number();
        let (dealer, scores) = (
            self.game.dealer(),
            [self.game.scores()[0], self.game.scores()[1]],
        );
        let (actions, played, task) = self.decision_task(at, seat, mv)?;
        if let (Move::Discard(_), Some(Event::Deal { discards, .. })) = (mv, self.last_deal()) {
            discards[seat] = task;
        }
        self.plan
            .events
            .push(Event::Decision(self.plan.decisions.len()));
        self.plan.decisions.push(Decision {
            move_index: at,
            seat,
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
        let values = |g: &Game| -> Result<[f64; 2]> {
            Ok([outcome(g, 0, objective)?, outcome(g, 1, objective)?])
        };
        let cut = matches!(mv, Move::Discard(_)) && self.game.starter().is_some();
        if cut {
            let nodes = if self.game.is_over() {
                values(&self.game)?.map(Node::Value)
            } else {
                [
                    self.starter_node(at, 0, next)?,
                    self.starter_node(at, 1, next)?,
                ]
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
        let g = &self.game;
        if g.phase() == Phase::Discard && g.discards_of(0) == 0 && g.discards_of(1) == 0 {
            self.open_deal(at)?;
        }
        let state = self.game.clone();
        let actions = actions_at(&state)?.into_iter().map(Some).collect();
        self.task(&state, seat, actions, None)
    }
}

impl Plan {
    /// The plan for a finished two-player game: where it began (`origin`)
    /// and its moves with their seats; `seed` seeds the analysis.
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
        plan.result = [outcome(&walker.game, 0, o)?, outcome(&walker.game, 1, o)?];
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
        let mut book = Book {
            cur: self.start,
            pending: [Pending::default(); 2],
            steps: Vec::new(),
        };
        if self.cut {
            for (seat, &value) in self.first_deal.iter().enumerate() {
                book.close(seat, value, StepKind::CutForDeal, None, 1, true);
            }
        }
        let mut decisions = self.decisions.clone();
        for event in &self.events {
            self.replay(event, values, &mut book, &mut decisions);
        }
        Ok(GameReview {
            objective: self.settings.objective,
            start: self.start,
            result: self.result,
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
            Event::Deal { deal, at, discards } => {
                for (seat, task) in discards.iter().enumerate() {
                    let value = task.map_or(book.cur[seat], best);
                    book.close(seat, value, StepKind::Deal, Some(at), deal, true);
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
            Event::Starter { deal, at, nodes } => {
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
                values,
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

/// What happened to a seat since its last point.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    opponent_errors: f64,
    moves: bool,
}

/// Each seat's equity and steps so far.
struct Book {
    cur: [f64; 2],
    pending: [Pending; 2],
    steps: Vec<Step>,
}

impl Book {
    /// Moves `seat` to its next point, worth `value`: the change less the
    /// opponent's errors meanwhile is luck.
    fn close(
        &mut self,
        seat: usize,
        value: f64,
        kind: StepKind,
        at: Option<usize>,
        deal: u32,
        always: bool,
    ) {
        let p = std::mem::take(&mut self.pending[seat]);
        if always || p.moves || value != self.cur[seat] {
            let before = self.cur[seat];
            self.steps.push(Step {
                seat,
                kind,
                move_index: at,
                deal,
                before,
                after: value,
                skill: 0.0,
                luck: value - before - p.opponent_errors,
                opponent_errors: p.opponent_errors,
            });
        }
        self.cur[seat] = value;
    }

    fn decide(&mut self, d: &Decision) {
        let (me, opp) = (d.seat, 1 - d.seat);
        if d.forced {
            self.pending[me].moves = true;
            self.pending[opp].moves = true;
            return;
        }
        let (best, played) = (d.values[d.best].equity, d.values[d.played].equity);
        let loss = best - played;
        let at = Some(d.move_index);
        let discard = matches!(d.played_move, Move::Discard(_));
        self.close(me, best, StepKind::Play, at, d.deal, false);
        self.steps.push(Step {
            seat: me,
            kind: StepKind::Decision,
            move_index: at,
            deal: d.deal,
            before: best,
            after: played,
            skill: -loss,
            luck: 0.0,
            opponent_errors: 0.0,
        });
        self.cur[me] = played;
        if discard {
            // The seat sees nothing of the opponent's discard: its equity
            // stands, the opponent's error is offset by luck until revealed.
            self.pending[opp].opponent_errors += loss;
            self.close(
                opp,
                self.cur[opp],
                StepKind::HiddenDiscard,
                at,
                d.deal,
                true,
            );
        } else {
            self.pending[opp].opponent_errors += loss;
            self.pending[opp].moves = true;
        }
    }
}

/// The index of the highest equity (the first on a tie).
fn best_index(values: &[ActionValue]) -> usize {
    (0..values.len()).fold(0, |b, a| {
        if values[a].equity > values[b].equity {
            a
        } else {
            b
        }
    })
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
