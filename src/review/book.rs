//! The ledger's vocabulary (decisions, steps) and its book: each side's
//! equity from point to point, split into skill, luck and the others' errors
//! (the definitions are in the module comment of [`crate::review`]).
//!
//! A side is a seat, or with four players a partnership. Its points are its
//! seats' decisions, each valued from the deciding seat's view, so a partner's
//! decision is the partnership's: its loss is the partnership's skill, and
//! what the partner's view adds to or takes from the equity is luck.
//!
//! **The others' errors.** With two players a seat's loss is the opponent's
//! gain. With three or four, the evaluator values every action for every
//! side on the same samples ([`ActionValue::sides`]), so each other side is
//! credited with what the played action gives it against the best one, from
//! the mover's view; the credits add up to the mover's loss (the sides'
//! chances add up to one on every sample).

use super::evaluate::ActionValue;
use crate::rules::game::Move;

/// One decision of the game, with every distinct action's equity.
#[derive(Clone, Debug)]
pub struct Decision {
    /// Its index in the record's moves.
    pub move_index: usize,
    pub seat: usize,
    /// The seat's side: the seat itself, or its partnership with four players.
    pub side: usize,
    pub deal: u32,
    pub dealer: usize,
    /// Each side's score before the decision.
    pub scores: Vec<u16>,
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
    pub(super) task: Option<usize>,
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
    /// The other seats' lays and goes (what they reveal) up to the side's turn.
    Play,
    /// The end of the deal: the last lays and the show.
    Show,
    /// The seat's own decision.
    Decision,
    /// Another side's discard, unseen by the side.
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

/// One step of a side's equity: `after - before = skill + luck + opponent_errors`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The side: the seat, or with four players the partnership (0: seats 0
    /// and 2; 1: seats 1 and 3).
    pub seat: usize,
    pub kind: StepKind,
    /// The record's move that ends the step (`None`: before any move).
    pub move_index: Option<usize>,
    pub deal: u32,
    pub before: f64,
    pub after: f64,
    pub skill: f64,
    pub luck: f64,
    /// The other sides' errors (the opponent's, with two players).
    pub opponent_errors: f64,
}

/// A side's equity just after an event: an evaluation's best action, or known.
#[derive(Clone, Copy, Debug)]
pub(super) enum Node {
    Best(usize),
    Value(f64),
}

/// What happened to a side since its last point.
#[derive(Clone, Copy, Debug, Default)]
struct Pending {
    opponent_errors: f64,
    moves: bool,
}

/// Each side's equity and steps so far.
pub(super) struct Book {
    pub(super) cur: Vec<f64>,
    pending: Vec<Pending>,
    pub(super) steps: Vec<Step>,
    /// Two players: the mover's loss is the opponent's, exactly.
    two: bool,
}

impl Book {
    /// A book for sides starting at `start`.
    pub(super) fn new(start: Vec<f64>, two: bool) -> Book {
        Book {
            pending: vec![Pending::default(); start.len()],
            cur: start,
            steps: Vec::new(),
            two,
        }
    }

    /// Moves `side` to its next point, worth `value`: the change less the
    /// others' errors meanwhile is luck.
    pub(super) fn close(
        &mut self,
        side: usize,
        value: f64,
        kind: StepKind,
        at: Option<usize>,
        deal: u32,
        always: bool,
    ) {
        let p = std::mem::take(&mut self.pending[side]);
        if always || p.moves || value != self.cur[side] {
            let before = self.cur[side];
            self.steps.push(Step {
                seat: side,
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
        self.cur[side] = value;
    }

    /// What `d`'s loss gives each other side.
    fn shares(&self, d: &Decision, loss: f64) -> Vec<f64> {
        let sides = self.cur.len();
        if self.two {
            return (0..sides)
                .map(|s| if s == d.side { 0.0 } else { loss })
                .collect();
        }
        let (played, best) = (&d.values[d.played].sides, &d.values[d.best].sides);
        (0..sides)
            .map(|s| {
                if s == d.side {
                    0.0
                } else {
                    played[s] - best[s]
                }
            })
            .collect()
    }

    pub(super) fn decide(&mut self, d: &Decision) {
        let me = d.side;
        let others = (0..self.cur.len()).filter(move |&s| s != me);
        if d.forced {
            for s in 0..self.cur.len() {
                self.pending[s].moves = true;
            }
            return;
        }
        let (best, played) = (d.values[d.best].equity, d.values[d.played].equity);
        let loss = best - played;
        let shares = self.shares(d, loss);
        let at = Some(d.move_index);
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
        let discard = matches!(d.played_move, Move::Discard(_));
        for s in others {
            self.pending[s].opponent_errors += shares[s];
            if discard {
                // The side sees nothing of another's discard: its equity
                // stands, the error is offset by luck until revealed.
                self.close(s, self.cur[s], StepKind::HiddenDiscard, at, d.deal, true);
            } else {
                self.pending[s].moves = true;
            }
        }
    }
}

/// The index of the highest equity (the first on a tie).
pub(super) fn best_index(values: &[ActionValue]) -> usize {
    (0..values.len()).fold(0, |b, a| {
        if values[a].equity > values[b].equity {
            a
        } else {
            b
        }
    })
}
