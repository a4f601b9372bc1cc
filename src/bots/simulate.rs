//! Playing whole games between seats, and the seeded simulator
//! (docs/rules.md, "The show order and the end of the game"): game `i` of seed `S` uses the seed
//! [`game_seed`]`(S, i)` and seat 0 (the first player) deals first in even
//! games. Per-game results are exact integer sums, so the statistics are the
//! same whatever the number of threads.
//!
//! Three or four players ([`Simulator::table`]) play plain games from 0-0,
//! the first deal going round the table: seat `i % players` deals first in
//! game `i` ([`Start::table_game`]); seat `s` is player `s` in every game.
//!
//! A duplicate match ([`Mode::duplicate`], docs/duplicate.md) plays pairs:
//! games `2p` and `2p + 1` both use the seed `game_seed(S, p)` with every
//! deal shuffled from that seed and the deal number
//! ([`Game::with_deal_seeds`]), so deal `k` gives the same cards to the same
//! seat in both games however their play diverged; player 0 sits in seat 0
//! of the first game and seat 1 of the second, and seat `p % 2` deals first
//! in both.

use std::ops::Range;
use std::sync::Arc;

use rayon::prelude::*;

use crate::bots::luck::{LuckLedger, TERMS};
use crate::bots::master::MasterConfig;
pub use crate::bots::match_stats::SimStats;
pub use crate::bots::summary::{GameSummary, RoleTotals};
use crate::bots::{Bot, BotKind};
use crate::ground::cancel::Cancel;
use crate::ground::error::{Error, Result};
use crate::rules::game::{Game, GameConfig, Move, DEFAULT_TARGET};
use crate::rules::play::MAX_SEATS;
use crate::rules::position::Position;

/// A decision-maker for one seat in [`play_out`].
pub trait Seat {
    type Error: From<Error>;
    /// The move of `seat`, which is to move in `game`.
    fn decide(&mut self, game: &Game, seat: usize) -> std::result::Result<Move, Self::Error>;
}

impl Seat for Bot {
    type Error = Error;
    fn decide(&mut self, game: &Game, seat: usize) -> Result<Move> {
        Bot::decide(self, game, seat)
    }
}

/// Plays `game` to the end, asking `seats[s]` for the moves of seat `s`.
pub fn play_out<S: Seat>(
    game: &mut Game,
    seats: &mut [S],
) -> std::result::Result<GameSummary, S::Error> {
    play_out_watched(game, seats, &mut |_| Ok(()))
}

/// [`play_out`], showing `watch` the game before every move and at the end.
pub fn play_out_watched<S: Seat>(
    game: &mut Game,
    seats: &mut [S],
    watch: &mut dyn FnMut(&Game) -> Result<()>,
) -> std::result::Result<GameSummary, S::Error> {
    let players = usize::from(game.config().players);
    if seats.len() != players {
        return Err(
            Error::Invalid(format!("{players} players needed, got {}", seats.len())).into(),
        );
    }
    let mut summary = GameSummary::default();
    let mut before = *game.points_by_source();
    let mut deal = game.deal_number();
    let mut dealer = game.dealer();
    while let Some(seat) = game.to_move() {
        watch(game)?;
        let mv = seats[seat].decide(game, seat)?;
        game.apply(mv)?;
        if game.deal_number() != deal {
            let after = *game.points_by_source();
            summary.points.add_deal(&before, &after, dealer);
            summary.completed_deals += 1;
            before = after;
            deal = game.deal_number();
            dealer = game.dealer();
        }
    }
    watch(game)?;
    summary.winner = game.winner().unwrap_or(0);
    summary.game_points = game.game_points();
    for (slot, &s) in summary.scores.iter_mut().zip(game.scores()) {
        *slot = s;
    }
    summary.deals = game.deal_number();
    Ok(summary)
}

/// The seed of game `index` of a simulation seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    crate::ground::rng::mix_seed(seed, index)
}

/// The standard two-player game of a simulation (121 points, no muggins).
pub fn simulation_config() -> GameConfig {
    table_config(2)
}

/// The game of a simulation at a table of `players` (121 points, no muggins).
pub fn table_config(players: u8) -> GameConfig {
    GameConfig {
        players,
        target: DEFAULT_TARGET,
        muggins: false,
    }
}

/// Where every game of a simulation starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// Seat 0's and seat 1's points before the first deal.
    pub scores: [u16; 2],
    /// The first dealer of every game; `None` alternates (seat 0 deals first
    /// in even games).
    pub first_dealer: Option<usize>,
    /// Every game continues from this position instead, the cards its seat
    /// has not seen dealt afresh for each game from the game's seed
    /// ([`Position::to_game`]); `scores` and `first_dealer` are its own.
    pub position: Option<Arc<Position>>,
}

impl Start {
    /// Checked: the game rules refuse impossible scores.
    pub fn new(scores: &[i64], first_dealer: Option<i64>) -> Result<Start> {
        let first_dealer = match first_dealer {
            None => None,
            Some(d @ 0..=1) => Some(d as usize),
            Some(d) => {
                return Err(Error::Invalid(format!(
                    "first_dealer must be 0, 1 or None (alternate), got {d}"
                )))
            }
        };
        let game = Game::new(simulation_config(), 0, false).with_scores(scores)?;
        let [x, y] = [0, 1].map(|i| game.scores()[i]);
        Ok(Start {
            scores: [x, y],
            first_dealer,
            position: None,
        })
    }

    /// Every game from `position` (two players, 121 points, no muggins).
    pub fn from_position(position: Position) -> Result<Start> {
        if position.config != simulation_config() {
            return Err(Error::Invalid(
                "position: simulations play two-player games to 121 without muggins".into(),
            ));
        }
        position.check()?;
        Ok(Start {
            scores: [position.scores[0], position.scores[1]],
            first_dealer: Some(position.dealer),
            position: Some(Arc::new(position)),
        })
    }

    /// Refuses duplicate pairs, which a match from a position does not play.
    pub fn check_pairs(&self) -> Result<()> {
        match self.position {
            Some(_) => Err(Error::Invalid(
                "duplicate: a match from a position is not played in duplicate pairs".into(),
            )),
            None => Ok(()),
        }
    }

    /// The board alone (the scores and first dealer), without the position.
    pub fn board(&self) -> Start {
        Start {
            position: None,
            ..self.clone()
        }
    }

    /// Game `index` of a simulation seeded `seed`.
    pub fn game(&self, seed: u64, index: u64) -> Result<Game> {
        if let Some(position) = &self.position {
            return position.to_game(game_seed(seed, index));
        }
        let dealer = self.first_dealer.unwrap_or((index % 2) as usize);
        Game::with_first_dealer(simulation_config(), game_seed(seed, index), false, dealer)?
            .with_scores(&self.scores.map(i64::from))
    }

    /// Refuses what a table of three or four does not play: a start other
    /// than 0-0, a position, a first dealer who is not a seat.
    pub fn check_table(&self, players: u8) -> Result<()> {
        let refuse = |what: &str| {
            Err(Error::Invalid(format!(
                "{what}: {players}-player simulations start every game at 0"
            )))
        };
        if self.position.is_some() {
            return refuse("position (two players only)");
        }
        if self.scores != [0, 0] {
            return refuse("scores (two players only)");
        }
        match self.first_dealer {
            Some(d) if d >= usize::from(players) => Err(Error::Invalid(format!(
                "first_dealer must be a seat 0..{} or None (round the table), got {d}",
                players - 1
            ))),
            _ => Ok(()),
        }
    }

    /// Game `index` of a simulation seeded `seed` at a table of `players`:
    /// the first dealer is `first_dealer`, else seat `index % players`.
    /// Two players: [`Start::game`].
    pub fn table_game(&self, players: u8, seed: u64, index: u64) -> Result<Game> {
        if players == 2 {
            return self.game(seed, index);
        }
        self.check_table(players)?;
        let dealer = self
            .first_dealer
            .unwrap_or((index % u64::from(players)) as usize);
        let config = table_config(players);
        Game::with_first_dealer(config, game_seed(seed, index), false, dealer)
    }

    /// Game `index` of a duplicate match seeded `seed` (see the module
    /// docs): the same seats, seed, deals and first dealer as its twin
    /// `index ^ 1`.
    pub fn duplicate_game(&self, seed: u64, index: u64) -> Result<Game> {
        self.check_pairs()?;
        let pair = index / 2;
        let dealer = self.first_dealer.unwrap_or((pair % 2) as usize);
        Game::with_first_dealer(simulation_config(), game_seed(seed, pair), false, dealer)?
            .with_deal_seeds()?
            .with_scores(&self.scores.map(i64::from))
    }
}

/// How the games of a match are played and measured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// Games in pairs with the same deals and the seats swapped.
    pub duplicate: bool,
    /// Each game's luck measured ([`crate::bots::luck`]).
    pub adjusted: bool,
}

impl Mode {
    /// The units (games, or duplicate pairs) of game range `range`, refused
    /// if a duplicate range would split a pair.
    pub fn units(&self, range: &Range<u64>) -> Result<Range<u64>> {
        if !self.duplicate {
            return Ok(range.clone());
        }
        for (what, x) in [
            ("first_game", range.start),
            ("games", range.end - range.start),
        ] {
            if x % 2 != 0 {
                return Err(Error::Invalid(format!(
                    "{what} must be even in a duplicate match (games come in pairs), got {x}"
                )));
            }
        }
        Ok(range.start / 2..range.end / 2)
    }
}

/// Makes the decision-maker of a seat: `(game, seat, player)`.
pub type SeatFor<'a, S> =
    dyn FnMut(&Game, usize, usize) -> std::result::Result<S, <S as Seat>::Error> + 'a;

/// Plays unit `unit` of a match (game `unit`, or duplicate pair `unit`)
/// into `stats`; `seat_for(game, seat, player)` gives the decision-maker of
/// `seat`, where `player` sits, in `game`.
pub fn play_unit<S: Seat>(
    start: &Start,
    seed: u64,
    mode: Mode,
    unit: u64,
    seat_for: &mut SeatFor<'_, S>,
    stats: &mut SimStats,
) -> std::result::Result<(), S::Error> {
    let games: &[u64] = if mode.duplicate {
        &[2 * unit, 2 * unit + 1]
    } else {
        &[unit]
    };
    let mut summaries = [GameSummary::default(); 2];
    let mut luck = [0.0; TERMS];
    for (k, &index) in games.iter().enumerate() {
        let mut game = if mode.duplicate {
            start.duplicate_game(seed, index)?
        } else {
            start.game(seed, index)?
        };
        let mut seats = [seat_for(&game, 0, k)?, seat_for(&game, 1, 1 - k)?];
        let mut ledger = LuckLedger::default();
        let summary = if mode.adjusted {
            play_out_watched(&mut game, &mut seats, &mut |g| ledger.observe(g))?
        } else {
            play_out(&mut game, &mut seats)?
        };
        // Player 0's side: the seats are swapped in a pair's second game.
        let sign = if k == 0 { 1.0 } else { -1.0 };
        for (total, term) in luck.iter_mut().zip(ledger.terms()) {
            *total += sign * term;
        }
        summaries[k] = if k == 0 { summary } else { summary.swapped() };
    }
    let luck = mode.adjusted.then_some(luck);
    if mode.duplicate {
        stats.add_pair(unit, [&summaries[0], &summaries[1]], luck);
    } else {
        stats.add_game(unit, &summaries[0], luck);
    }
    Ok(())
}

/// The seed of the bot in `seat` (0 or 1) of a game seeded `game_seed`; a
/// player seed (a seeded `RandomPlayer`) changes its draws.
pub fn bot_seed(game: u64, seat: usize, player_seed: Option<u64>) -> u64 {
    let s = game_seed(game, seat as u64 + 1);
    match player_seed {
        None => s,
        Some(p) => game_seed(s, p),
    }
}

/// One side of a simulation run by a built-in bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contestant {
    pub kind: BotKind,
    /// See [`bot_seed`].
    pub seed: Option<u64>,
    /// The master's settings (a `BotKind::Master` contestant only), checked.
    pub master: MasterConfig,
}

impl From<BotKind> for Contestant {
    fn from(kind: BotKind) -> Contestant {
        Contestant {
            kind,
            seed: None,
            master: MasterConfig::default(),
        }
    }
}

impl Contestant {
    /// This contestant's bot for a game seeded `game_seed` in `seat`.
    fn bot(&self, game_seed: u64, seat: usize) -> Result<Bot> {
        let seed = bot_seed(game_seed, seat, self.seed);
        match self.kind {
            BotKind::Master => Bot::master(self.master, seed),
            kind => Ok(Bot::new(kind, seed)),
        }
    }
}

/// Plays unit `unit` of a match between built-in bots, one a seat (see
/// [`play_unit`]; with three or four, game `unit` of [`play_table_game`])
/// into `stats`, given up between two moves once `stop` is set
/// ([`Error::Cancelled`]; a search in progress sees it too): a long game
/// need not finish before Ctrl-C is answered.
pub fn simulate_unit(
    players: &[Contestant],
    seed: u64,
    start: &Start,
    mode: Mode,
    unit: u64,
    stop: &Cancel,
    stats: &mut SimStats,
) -> Result<()> {
    let mut seat_for = |game: &Game, seat: usize, player: usize| {
        let bot = players[player].bot(game.seed(), seat)?;
        Ok(Stoppable { bot, stop })
    };
    if players.len() == 2 {
        return stop.run(|| play_unit(start, seed, mode, unit, &mut seat_for, stats));
    }
    let table = players.len() as u8;
    stop.run(|| play_table_game(table, start, seed, unit, &mut seat_for, stats))
}

/// Plays game `index` of a simulation at a table of `players` (three or
/// four; [`Start::table_game`]) into `stats`, player `s` in seat `s`.
pub fn play_table_game<S: Seat>(
    players: u8,
    start: &Start,
    seed: u64,
    index: u64,
    seat_for: &mut SeatFor<'_, S>,
    stats: &mut SimStats,
) -> std::result::Result<(), S::Error> {
    let mut game = start.table_game(players, seed, index)?;
    let mut seats = Vec::with_capacity(usize::from(players));
    for s in 0..usize::from(players) {
        seats.push(seat_for(&game, s, s)?);
    }
    let summary = play_out(&mut game, &mut seats)?;
    stats.add(&summary);
    Ok(())
}

/// A bot that refuses to move once `stop` is set.
struct Stoppable<'a> {
    bot: Bot,
    stop: &'a Cancel,
}

impl Seat for Stoppable<'_> {
    type Error = Error;
    fn decide(&mut self, game: &Game, seat: usize) -> Result<Move> {
        self.stop.check()?;
        self.bot.decide(game, seat)
    }
}

/// Runs simulation games between built-in bots, one a seat, on a thread
/// pool of a chosen size (or rayon's global pool).
pub struct Simulator {
    players: Vec<Contestant>,
    seed: u64,
    start: Start,
    mode: Mode,
    pool: crate::ground::pool::Pool,
}

impl Simulator {
    /// `threads`: `None` uses every core; checked by [`crate::ground::pool::check`].
    pub fn new(kinds: [BotKind; 2], seed: u64, threads: Option<usize>) -> Result<Simulator> {
        Simulator::table(&kinds, seed, threads)
    }

    /// A simulator for a table of two to four bots, `kinds[s]` in seat `s`
    /// (with four, seats 0 and 2 are partners against 1 and 3).
    pub fn table(kinds: &[BotKind], seed: u64, threads: Option<usize>) -> Result<Simulator> {
        if !(2..=MAX_SEATS).contains(&kinds.len()) {
            return Err(Error::Invalid(format!(
                "players: cribbage is played by 2, 3 or 4 players, got {}",
                kinds.len()
            )));
        }
        let pool = crate::ground::pool::Pool::new(threads)?;
        Ok(Simulator {
            players: kinds.iter().map(|&k| Contestant::from(k)).collect(),
            seed,
            start: Start::default(),
            mode: Mode::default(),
            pool,
        })
    }

    /// The same simulator with seeded players (see [`bot_seed`]), seat by seat.
    pub fn with_player_seeds(mut self, seeds: impl IntoIterator<Item = Option<u64>>) -> Simulator {
        for (p, s) in self.players.iter_mut().zip(seeds) {
            p.seed = s;
        }
        self
    }

    /// The same simulator with `config` for its master players (checked):
    /// the master's ablation and budget measurements.
    pub fn with_master(mut self, config: MasterConfig) -> Result<Simulator> {
        let config = config.checked()?;
        for p in &mut self.players {
            p.master = config;
        }
        Ok(self)
    }

    /// The same simulator with every game starting from `start`.
    pub fn with_start(mut self, start: Start) -> Simulator {
        self.start = start;
        self
    }

    /// The same simulator playing and measuring games as `mode` says.
    pub fn with_mode(mut self, mode: Mode) -> Simulator {
        self.mode = mode;
        self
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Refuses what a table of three or four does not play (duplicate
    /// pairs, luck, a start other than 0-0).
    fn check(&self) -> Result<()> {
        let n = self.players.len() as u8;
        if n == 2 {
            return Ok(());
        }
        for (what, on) in [
            ("duplicate", self.mode.duplicate),
            ("adjusted", self.mode.adjusted),
        ] {
            if on {
                return Err(Error::Invalid(format!(
                    "{what}: {n}-player simulations play plain games (two players only)"
                )));
            }
        }
        self.start.check_table(n)
    }

    /// Games `range` of the simulation, in parallel; exact totals.
    pub fn run(&self, range: Range<u64>) -> Result<SimStats> {
        self.run_until(range, &Cancel::new())
    }

    /// [`Simulator::run`], given up (an error) soon after `stop` is set.
    pub fn run_until(&self, range: Range<u64>, stop: &Cancel) -> Result<SimStats> {
        self.check()?;
        let (players, seed, start, mode) = (&self.players[..], self.seed, &self.start, self.mode);
        let units = mode.units(&range)?;
        let sides = table_config(players.len() as u8).sides();
        let empty = move || SimStats::with_sides(sides);
        let work = move || {
            units
                .into_par_iter()
                .try_fold(empty, |mut acc, u| {
                    simulate_unit(players, seed, start, mode, u, stop, &mut acc)?;
                    Ok::<SimStats, Error>(acc)
                })
                .try_reduce(empty, |a, b| Ok(a.merge(&b)))
        };
        self.pool.install(work)
    }
}

/// The game indices a set of statistics covers: sorted, disjoint, merged
/// where they touch. Merging statistics refuses to count a game twice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRanges(Vec<Range<u64>>);

impl GameRanges {
    /// The ranges, checked (each non-empty) and put in order; overlaps are refused.
    pub fn new(ranges: impl IntoIterator<Item = Range<u64>>) -> Result<GameRanges> {
        let mut out = GameRanges::default();
        for r in ranges {
            if r.is_empty() {
                return Err(Error::Invalid(format!(
                    "game range {}..{} is empty",
                    r.start, r.end
                )));
            }
            out.insert(r)?;
        }
        Ok(out)
    }

    fn insert(&mut self, r: Range<u64>) -> Result<()> {
        let at = self.0.partition_point(|x| x.end <= r.start);
        if let Some(x) = self.0.get(at).filter(|x| x.start < r.end) {
            return Err(Error::Invalid(format!(
                "games {}..{} would be counted twice: both statistics hold {}..{}",
                r.start,
                r.end,
                x.start.max(r.start),
                x.end.min(r.end)
            )));
        }
        self.0.insert(at, r);
        // Touching neighbours become one range.
        self.0.dedup_by(|next, prev| {
            let touch = prev.end == next.start;
            if touch {
                prev.end = next.end;
            }
            touch
        });
        Ok(())
    }

    /// Both sets of games, refused if they share one.
    pub fn union(&self, other: &GameRanges) -> Result<GameRanges> {
        let mut out = self.clone();
        for r in &other.0 {
            out.insert(r.clone())?;
        }
        Ok(out)
    }

    pub fn ranges(&self) -> &[Range<u64>] {
        &self.0
    }

    /// How many games the ranges hold.
    pub fn games(&self) -> u64 {
        self.0.iter().map(|r| r.end - r.start).sum()
    }
}

/// Plays `games` seeded games between `a` (seat 0) and `b`, alternating the
/// first deal, on `threads` threads (`None`: every core). The same seed gives
/// the same statistics whatever the thread count.
pub fn simulate(
    a: BotKind,
    b: BotKind,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> Result<SimStats> {
    if games == 0 {
        return Err(Error::Invalid("games must be at least 1".into()));
    }
    Simulator::new([a, b], seed, threads)?.run(0..games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::match_stats::wilson_interval;
    use crate::bots::Observation;

    fn check_legal_games(players: u8, muggins: bool, games: u64) {
        let config = GameConfig::new(players, 121, muggins).unwrap();
        for g in 0..games {
            let mut game = Game::new(config, g, false);
            let mut bots: Vec<Bot> = (0..u64::from(players))
                .map(|s| Bot::new(BotKind::ALL[((g + s) % 3) as usize], g * 10 + s))
                .collect();
            let summary = play_out(&mut game, &mut bots).unwrap();
            assert!(game.is_over());
            assert!(summary.scores[summary.winner] >= 121);
        }
    }

    #[test]
    fn the_short_path_decides_like_the_observation() {
        for kind in [BotKind::Random, BotKind::Greedy] {
            for g in 0..50 {
                let mut game = Start::default().game(3, g).unwrap();
                let mut bots = [Bot::new(kind, g), Bot::new(kind, g + 100)];
                while let Some(seat) = game.to_move() {
                    let mut twin = bots[seat].clone();
                    let slow = twin.choose(&Observation::from_game(&game, seat)).unwrap();
                    let fast = bots[seat].decide(&game, seat).unwrap();
                    assert_eq!(fast, slow);
                    assert_eq!(twin, bots[seat], "the same random draws");
                    game.apply(fast).unwrap();
                }
            }
        }
    }

    #[test]
    fn points_by_source_add_up_to_the_scores() {
        let players = [BotKind::Expert.into(), BotKind::Random.into()];
        for g in 0..100 {
            let mut stats = SimStats::default();
            simulate_unit(
                &players,
                4,
                &Start::default(),
                Mode::default(),
                g,
                &Cancel::new(),
                &mut stats,
            )
            .unwrap();
            let mut game = Start::default().game(4, g).unwrap();
            let s = game.seed();
            let mut bots = [
                Bot::new(BotKind::Expert, bot_seed(s, 0, None)),
                Bot::new(BotKind::Random, bot_seed(s, 1, None)),
            ];
            let summary = play_out(&mut game, &mut bots).unwrap();
            let mut direct = SimStats::default();
            direct.add(&summary);
            assert_eq!(direct, stats);
            for seat in 0..2 {
                let total: u16 = game.points_by_source()[seat].iter().sum();
                assert_eq!(total, game.scores()[seat]);
            }
            let p = summary.points;
            let completed =
                p.his_heels + p.pegging.iter().sum::<u64>() + p.hand.iter().sum::<u64>() + p.crib;
            let scored: u64 = game.scores().iter().map(|&x| u64::from(x)).sum();
            assert!(completed <= scored);
        }
    }

    #[test]
    fn bots_play_legal_whole_games_for_2_3_4_players() {
        for players in 2..=4 {
            check_legal_games(players, false, 300);
            check_legal_games(players, true, 100);
        }
    }

    #[test]
    fn stats_add_up_and_do_not_depend_on_threads() {
        let one = simulate(BotKind::Random, BotKind::Greedy, 2000, 5, Some(1)).unwrap();
        let two = simulate(BotKind::Random, BotKind::Greedy, 2000, 5, Some(2)).unwrap();
        assert_eq!(one, two);
        assert_eq!(one.wins[0] + one.wins[1], 2000);
        let all = one.game_points[0] + one.game_points[1];
        let skunk_points =
            2 * (one.skunks[0] + one.skunks[1]) + 3 * (one.double_skunks[0] + one.double_skunks[1]);
        let plain = 2000 - one.skunks.iter().sum::<u64>() - one.double_skunks.iter().sum::<u64>();
        assert_eq!(all, plain + skunk_points);
        let (lo, hi) = one.win_interval(1);
        assert!(lo < one.win_rate(1) && one.win_rate(1) < hi);
        assert!(one.completed_deals < one.deals);
        assert_ne!(
            one,
            simulate(BotKind::Random, BotKind::Greedy, 2000, 6, Some(1)).unwrap()
        );
    }

    #[test]
    fn chunks_merge_to_the_whole() {
        let sim = Simulator::new([BotKind::Greedy, BotKind::Random], 9, Some(1)).unwrap();
        let whole = sim.run(0..600).unwrap();
        let parts = sim.run(0..250).unwrap().merge(&sim.run(250..600).unwrap());
        assert_eq!(whole, parts);
    }

    #[test]
    fn games_from_a_position_deal_its_unseen_cards_afresh() {
        let game = Game::new(simulation_config(), 9, true);
        let position = Position::from_game(&game, game.to_move().unwrap(), false).unwrap();
        let start = Start::from_position(position.clone()).unwrap();
        assert_eq!(start.first_dealer, Some(position.dealer));
        let games: Vec<Game> = (0..8).map(|i| start.game(3, i).unwrap()).collect();
        let seat = position.seat;
        assert!(games.iter().all(|g| g.hand(seat) == game.hand(seat)));
        assert!(games
            .iter()
            .any(|g| g.hand(1 - seat) != games[0].hand(1 - seat)));
        assert!(start.duplicate_game(3, 0).is_err());
        let sim = Simulator::new([BotKind::Greedy, BotKind::Greedy], 3, Some(1)).unwrap();
        let one = sim.with_start(start.clone()).run(0..30).unwrap();
        let sim = Simulator::new([BotKind::Greedy, BotKind::Greedy], 3, Some(2)).unwrap();
        assert_eq!(one, sim.with_start(start).run(0..30).unwrap());
        assert_eq!(one.games, 30);
    }

    #[test]
    fn a_game_is_the_same_in_any_range_and_start_scores_apply() {
        let sim = Simulator::new([BotKind::Random, BotKind::Greedy], 2, Some(1)).unwrap();
        let whole = sim.run(0..40).unwrap();
        let parts = sim.run(0..13).unwrap().merge(&sim.run(13..40).unwrap());
        assert_eq!(whole, parts);
        let start = Start {
            scores: [110, 30],
            first_dealer: Some(1),
            position: None,
        };
        let game = start.game(2, 5).unwrap();
        assert_eq!((game.scores(), game.dealer()), (&[110, 30][..], 1));
        let near = sim.with_start(start.clone()).run(0..200).unwrap();
        assert!(near.wins[0] > near.wins[1] && near.mean_deals() < whole.mean_deals());
        assert_eq!(Start::new(&[110, 30], Some(1)).unwrap(), start);
        for (scores, dealer) in [
            (&[121, 0][..], None),
            (&[-1, 0], None),
            (&[0], None),
            (&[0, 0], Some(2)),
        ] {
            let err = Start::new(scores, dealer).unwrap_err().to_string();
            assert!(
                err.contains("scores") || err.contains("first_dealer"),
                "{err}"
            );
        }
    }

    #[test]
    fn player_seeds_change_the_random_draws() {
        let sim = || Simulator::new([BotKind::Random, BotKind::Random], 2, Some(1)).unwrap();
        let plain = sim().run(0..300).unwrap();
        let one = sim()
            .with_player_seeds([Some(1), None])
            .run(0..300)
            .unwrap();
        assert_ne!(plain, one);
        assert_eq!(
            one,
            sim()
                .with_player_seeds([Some(1), None])
                .run(0..300)
                .unwrap()
        );
    }

    #[test]
    #[allow(clippy::single_range_in_vec_init)] // one range is a set of ranges too
    fn game_ranges_join_and_refuse_overlaps() {
        let r = GameRanges::new([10..20, 0..5, 5..10, 30..40]).unwrap();
        assert_eq!(r.ranges(), &[0..20, 30..40]);
        assert_eq!(r.games(), 30);
        let all = r.union(&GameRanges::new([20..30]).unwrap()).unwrap();
        assert_eq!(all.ranges(), &[0..40]);
        assert!(r.union(&GameRanges::new([15..25]).unwrap()).is_err());
        assert!(r.union(&GameRanges::new([35..36]).unwrap()).is_err());
        assert!(GameRanges::new([3..3]).is_err());
    }

    #[test]
    fn check_refuses_impossible_totals() {
        let s = simulate(BotKind::Random, BotKind::Random, 50, 1, Some(1)).unwrap();
        assert!(s.check().is_ok());
        let mut bad = s;
        bad.wins[0] += 1;
        assert!(bad.check().is_err());
        let mut bad = s;
        bad.skunks[1] = u64::MAX;
        assert!(bad.check().is_err());
    }

    #[test]
    fn bad_arguments_are_refused() {
        assert!(simulate(BotKind::Random, BotKind::Random, 0, 0, None).is_err());
        assert!(simulate(BotKind::Random, BotKind::Random, 10, 0, Some(0)).is_err());
    }

    #[test]
    fn wilson_interval_is_sane() {
        let (lo, hi) = wilson_interval(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        assert_eq!(wilson_interval(0, 10).0, 0.0);
    }

    #[test]
    fn tables_of_three_and_four_are_seeded_add_up_and_rotate_the_deal() {
        for kinds in [
            &[BotKind::Greedy, BotKind::Random, BotKind::Expert][..],
            &[
                BotKind::Master,
                BotKind::Greedy,
                BotKind::Random,
                BotKind::Expert,
            ],
        ] {
            let sim = |threads| Simulator::table(kinds, 8, Some(threads)).unwrap();
            let one = sim(1).run(0..60).unwrap();
            assert_eq!(one, sim(2).run(0..60).unwrap());
            let parts = sim(1)
                .run(0..25)
                .unwrap()
                .merge(&sim(2).run(25..60).unwrap());
            assert_eq!(one, parts);
            let sides = if kinds.len() == 4 { 2 } else { 3 };
            assert_eq!(one.sides, sides);
            assert_eq!(one.wins[..sides].iter().sum::<u64>(), 60);
            assert!(one.check().is_ok(), "{one:?}");
            let n = kinds.len() as u8;
            for i in 0..8u64 {
                let game = Start::default().table_game(n, 8, i).unwrap();
                assert_eq!(game.dealer(), (i % u64::from(n)) as usize);
            }
        }
        // The two-player stream is the one of `simulate`.
        let two = Simulator::table(&[BotKind::Expert, BotKind::Greedy], 3, Some(1)).unwrap();
        assert_eq!(
            two.run(0..50).unwrap(),
            simulate(BotKind::Expert, BotKind::Greedy, 50, 3, Some(1)).unwrap()
        );
    }

    #[test]
    fn tables_refuse_what_only_two_players_play() {
        let kinds = [BotKind::Random; 3];
        assert!(Simulator::table(&kinds[..1], 0, Some(1)).is_err());
        assert!(Simulator::table(&[BotKind::Random; 5], 0, Some(1)).is_err());
        let sim = || Simulator::table(&kinds, 0, Some(1)).unwrap();
        for mode in [
            Mode {
                duplicate: true,
                adjusted: false,
            },
            Mode {
                duplicate: false,
                adjusted: true,
            },
        ] {
            let err = sim().with_mode(mode).run(0..4).unwrap_err().to_string();
            assert!(err.contains("two players only"), "{err}");
        }
        let start = Start::new(&[10, 0], None).unwrap();
        assert!(sim().with_start(start).run(0..4).is_err());
        let start = Start {
            first_dealer: Some(3),
            ..Start::default()
        };
        let err = sim().with_start(start).run(0..4).unwrap_err().to_string();
        assert!(err.contains("first_dealer"), "{err}");
    }

    #[test]
    fn greedy_beats_random_and_expert_beats_greedy() {
        let s = simulate(BotKind::Greedy, BotKind::Random, 2000, 1, None).unwrap();
        assert!(s.win_interval(0).0 > 0.5, "{s:?}");
        let s = simulate(BotKind::Expert, BotKind::Greedy, 2000, 1, None).unwrap();
        assert!(s.win_interval(0).0 > 0.5, "{s:?}");
    }
}
