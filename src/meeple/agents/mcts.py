"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

The agent searches a tree over the *root seat's* information sets. Every iteration:

1. **Determinize.** `game.determinize(state, seat, rng)` returns a fresh full state in which every
   value the root seat cannot see (opponents' hands, the deck order, other seats' unrevealed sealed
   choices, the state's own chance stream) has been redrawn. The agent never reads hidden fields of
   `state`: it touches the real state only through `legal_actions` for its own seat and `determinize`.
2. **Select.** From the root, while every action legal *in this determinization* already has a child,
   descend by UCB1 over the available children only (the "subset-armed bandit" of ISMCTS): a child's
   exploration term uses its *availability* count (how many times it could have been chosen) rather
   than its parent's visit count. Each deciding seat maximizes its own reward, so a node chosen by an
   opponent is scored from that opponent's point of view.
3. **Expand.** At the first node with an untried legal action, add one (picked with the agent's rng).
4. **Simulate.** Play `game.playout_action` for the first seat to move, `depth` decisions past the
   tree, then score the position with the game's own estimate (`game.evaluate`); a game without
   one, or a depth of None, plays to the end.
5. **Backpropagate.** Every edge on the path gains one visit and the reward of the seat that took it.

**Budget and stopping.** The search stops at its iterations or its seconds, whichever comes first,
and earlier once the most visited root action can no longer be overtaken in what is left of the
budget (the runner-up could not catch up even if it got every remaining iteration). A lone legal
action is returned at once, without searching.

**Tree reuse.** The agent keeps the subtree under the action it chose. When its next decision comes
straight after (the same seat, the very next decision of the game: a compound turn made of several
decisions), that subtree becomes the new root and its statistics count towards the new budget's
choice; anything else starts a new tree. A caller that keeps one agent per seat gets this for free.

Tree nodes are keyed by the path of `(seat, action id)` edges from the root, so different
determinizations and different chance outcomes (chance lives inside `apply`, drawn from the
determinized state's rng) share nodes: no chance nodes are needed. Keying edges by seat as well as by
id keeps the tree sound even if, in some determinization, a different seat is to move at a node.

**Simultaneous (sealed) choices.** When several seats are in `game.to_move`, the choice is
sequentialized: at the root the root seat decides first (its statistics are what the search is for);
everywhere else the first seat in `to_move` decides. Determinization already hides other seats'
unrevealed sealed choices, so the root seat never conditions on what it cannot see. A known limit,
shared by every single-observer ISMCTS: a seat that decides *after* the root seat in the same sealed
round is modelled as if it had seen the root seat's choice, which makes the search a little
pessimistic (paranoid) about sealed rounds.

**Rewards** (each in [0, 1], one per seat, from `game.result` of the finished playout):

- Cooperative games (`result.team` is set): every seat gets `0.1 + 0.8 * won + 0.1 * m / (1 + |m|)`
  with `m = result.team.margin`, so winning always dominates and the margin only breaks ties between
  wins (or between losses) on any scale of margin.
- Competitive games: `0.9 * share + 0.1 * (players - rank) / (players - 1)`, where `share` is
  `1 / len(winner_seats)` for a winner and 0 otherwise, and `rank` is the seat's rank (1 = best). The
  rank term lets multiplayer search prefer second place to last. With one player the reward is just
  the win share.

A playout cut at its depth is scored from the game's `Estimate` (each seat's expected final score,
with the score lead `spread` that makes a win three times as likely as not): a seat's chance of
winning is taken as the logistic of its lead over the best other seat, `p = 1 / (1 + 3 ** (-lead /
spread))`, and stands in for the win share above (a team margin likewise stands in for `won`).

A playout that has not ended after `max_playout_steps` actions scores 0.5 for every seat, so a game
whose random play can loop cannot hang the agent.

**Move choice.** The most visited root child; ties go to the higher mean reward, then to the smaller
action id, so the choice is deterministic. With only an iteration budget the whole search is a pure
function of the seed (all randomness comes from a `meeple.engine.Rng` stream); a time budget, measured
with `time.perf_counter`, makes the iteration count depend on the machine.
"""

import math
import time
from functools import cache
from itertools import compress, repeat
from operator import attrgetter, is_

from meeple.engine import Action, Estimate, Game, NotYourTurn, Result, Rng, State

DEFAULT_ITERATIONS = 200
# Decisions played past the tree before the game's estimate scores the position (games with one).
DEFAULT_DEPTH = 8
# Progressive bias towards the game's own heuristic (its `playout_action`, when the game
# has one): the heuristic's choice at a node is expanded first and gets a bonus of
# HEURISTIC_BIAS / (1 + visits), so a small budget plays at least as the heuristic does and a
# larger one overrules it where the search finds better.
HEURISTIC_BIAS = 1.0
# How often (in iterations) the search checks whether its choice can still change.
CHECK_EVERY = 16
_LOG3 = math.log(3.0)
# A competitive reward's parts (summing to 1): winning (or the chance of it), and the rank.
WIN_WEIGHT = 0.9
RANK_WEIGHT = 0.1
# `math.log(n)` at index n, for the exploration term of UCB1 (a table lookup is cheaper than the
# call); `_grow_logs` extends it before a search can need more.
_LOGS: list[float] = [-math.inf]
# An action's id (mapped over a legal list in C rather than by a comprehension).
_ID = attrgetter("id")


def _grow_logs(upto: int) -> None:
    """Make `_LOGS[n]` hold `math.log(n)` for every n up to `upto` (with room to spare)."""
    if len(_LOGS) <= upto:
        _LOGS.extend(math.log(n) for n in range(len(_LOGS), 2 * upto + 1))


def seat_rewards(result: Result, players: int) -> list[float]:
    """The reward in [0, 1] of every seat for a finished game (see the module docstring)."""
    if result.team is not None:
        return [_team_reward(1.0 if result.team.won else 0.0, float(result.team.margin))] * players
    winners = result.winner_seats
    share = 1.0 / len(winners) if winners else 0.0
    return _competitive_rewards([share if seat in winners else 0.0 for seat in range(players)], result.ranking)


def estimate_rewards(estimate: Estimate, players: int) -> list[float]:
    """The reward in [0, 1] of every seat for a position the game has estimated (module docstring)."""
    scores = estimate.scores
    scale = _LOG3 / estimate.spread
    if estimate.team:
        margin = scores[0]
        return [_team_reward(_logistic(margin * scale), margin)] * players
    if players <= 1:
        return [_logistic(scores[0] * scale)]
    # The best other score of each seat: the best score, or for the seat holding it (the first
    # such seat) the best of the rest, the second of the scores sorted best first. A seat's rank
    # is 1 + the number of better scores: 1 + its first place in that order. (Inlines
    # `_competitive_rewards`: this runs once a playout.)
    ranked = sorted(scores, reverse=True)
    top = ranked[0]
    runner_up = ranked[1]
    leader = scores.index(top)
    place = ranked.index
    terms = _rank_terms(len(scores))
    win = WIN_WEIGHT
    exp = math.exp
    rewards = []
    for score in scores:
        lead = (score - top) * scale
        rewards.append(win * (0.0 if lead < -30.0 else 1.0 / (1.0 + exp(-lead))) + terms[1 + place(score)])
    rewards[leader] = win * _logistic((top - runner_up) * scale) + terms[1]
    return rewards


def _logistic(x: float) -> float:
    if x < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _team_reward(won: float, margin: float) -> float:
    """Winning (or its chance) dominates; the margin only breaks ties, on any scale."""
    return 0.1 + 0.8 * won + 0.1 * margin / (1.0 + abs(margin))


def _competitive_rewards(wins: list[float], ranking: list[int]) -> list[float]:
    """`WIN_WEIGHT` of the win share (or chance) and `RANK_WEIGHT` for the rank, so second place beats last."""
    players = len(wins)
    if players <= 1:
        return wins
    terms = _rank_terms(players)
    return [WIN_WEIGHT * win + terms[min(max(rank, 1), players)] for win, rank in zip(wins, ranking, strict=True)]


@cache
def _rank_terms(players: int) -> tuple[float, ...]:
    """The rank's part of a reward, `0.1 * (players - rank) / (players - 1)`, by rank (1 to
    `players`; index 0 unused): worked out once per count, as a rank outside is held to the ends."""
    return (
        0.0,
        *(RANK_WEIGHT * max(0.0, min(1.0, (players - rank) / (players - 1))) for rank in range(1, players + 1)),
    )


class _Node:
    """One information-set node, reached from its parent by the edge (`seat`, action id).

    The statistics describe that edge: `visits` (times it was taken), `total` (sum of the rewards of
    `seat`, the seat that took it), `mean` (their average, 0 before any visit: kept with them, as
    every visit of the parent reads it for each child) and `avail` (times it was legal when its
    parent was visited).
    `children` holds the edges out of the node by the seat taking them, then by action id.
    """

    __slots__ = ("avail", "children", "mean", "preferred", "preferred_seat", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.mean = 0.0
        self.avail = 0
        self.children: dict[int, dict[str, _Node]] = {}
        # The game heuristic's choice at this node (its action id, and the seat it chose for).
        self.preferred: str | None = None
        self.preferred_seat = -1

    def child(self, seat: int, action_id: str) -> "_Node | None":
        """The node reached by the edge (`seat`, `action_id`), None if it has not been expanded."""
        edges = self.children.get(seat)
        return None if edges is None else edges.get(action_id)


def _same_game(one: Game, other: Game) -> bool:
    """The same game with the same options (a caller may build a new Game object for each decision)."""
    return one is other or (type(one) is type(other) and one.options == other.options)


class MctsAgent:
    """Single-observer ISMCTS with a budget of iterations, of seconds, or both (whichever ends first)."""

    name = "mcts"
    max_playout_steps = 10_000

    def __init__(
        self,
        seed: int,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        depth: int | None = DEFAULT_DEPTH,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"mcts needs at least 1 iteration, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"mcts needs a positive time budget, got {seconds}")
        if exploration < 0:
            raise ValueError(f"mcts exploration should be 0 or more, got {exploration}")
        if depth is not None and depth < 0:
            raise ValueError(f"mcts depth should be 0 or more decisions, got {depth}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.depth = depth
        self.heuristic_bias = HEURISTIC_BIAS
        self.rng = Rng.from_seed(seed, "mcts-agent")
        # The subtree under the last choice, kept for a decision that follows straight after:
        # (game, seat, the decision count it applies at, the node).
        self._kept: tuple[Game, int, int, _Node] | None = None
        # Diagnostics of the last search: iterations run and, per root action id, (visits, mean reward).
        self.last_iterations = 0
        self.last_root_stats: dict[str, tuple[int, float]] = {}

    # --- the agent interface ---------------------------------------------------------
    def choose(self, game: Game, state: State, seat: int) -> str:
        """The id of the root child the search visited most (a lone legal action is returned at once)."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise NotYourTurn(f"seat {seat} has no legal action now, so mcts cannot choose for it")
        root = self._root(game, state, seat)
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_root_stats = {}
            self._keep(game, state, seat, root, legal[0].id)
            return legal[0].id
        began = time.perf_counter()
        deadline = None if self.seconds is None else began + self.seconds
        bias = self.heuristic_bias if type(game).playout_action is not Game.playout_action else 0.0
        done = 0
        # No child's availability can pass its parent's visits plus one: at the root, the visits it
        # came with (a kept subtree) plus this search's iterations.
        reach = root.visits + 1
        while True:
            if reach + done >= len(_LOGS):
                _grow_logs(reach + done)
            det = game.determinize(state, seat, self.rng)
            self._iterate(game, det, root, seat, bias)
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None:
                now = time.perf_counter()
                if now >= deadline:
                    break
            if done % CHECK_EVERY:
                continue
            left = math.inf if self.iterations is None else self.iterations - done
            if deadline is not None:
                left = min(left, (deadline - now) * done / max(now - began, 1e-9))
            if self._settled(root, seat, legal, left):
                break
        self.last_iterations = done
        self.last_root_stats = {
            action_id: (child.visits, child.mean) for action_id, child in root.children.get(seat, {}).items()
        }
        choice = self._best(root, seat, legal)
        self._keep(game, state, seat, root, choice)
        return choice

    # --- the tree kept between decisions ------------------------------------------------
    def _root(self, game: Game, state: State, seat: int) -> _Node:
        """The subtree kept from the last choice if this decision follows it straight on, else a new root."""
        kept = self._kept
        self._kept = None
        if kept is not None and kept[1] == seat and kept[2] == state.decisions and _same_game(kept[0], game):
            return kept[3]
        return _Node(seat)

    def _keep(self, game: Game, state: State, seat: int, root: _Node, choice: str) -> None:
        child = root.child(seat, choice)
        self._kept = None if child is None else (game, seat, state.decisions + 1, child)

    @staticmethod
    def _settled(root: _Node, seat: int, legal: list[Action], left: float) -> bool:
        """Whether no other root action could overtake the most visited one in `left` more iterations."""
        first = second = 0
        for action in legal:
            child = root.child(seat, action.id)
            visits = child.visits if child is not None else 0
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > left

    # --- one iteration ---------------------------------------------------------------
    def _iterate(self, game: Game, det: State, root: _Node, root_seat: int, bias: float) -> None:
        """Select, expand, simulate and backpropagate once on the determinization `det` (mutated);
        `bias` is the heuristic's bonus (0 for a game without a playout policy of its own)."""
        rng = self.rng
        c = self.exploration
        logs = _LOGS
        sqrt = math.sqrt
        is_terminal = game.is_terminal
        to_move = game.to_move
        legal_actions = game.legal_actions
        node = root
        path: list[_Node] = []
        while not is_terminal(det):
            movers = to_move(det)
            decider = root_seat if node is root and root_seat in movers else movers[0]
            legal = legal_actions(det, decider)
            edges = node.children.get(decider)
            if edges is None:
                edges = node.children[decider] = {}
            get = edges.get
            ids = list(map(_ID, legal))
            children = list(map(get, ids))
            if bias and node.preferred is None:
                node.preferred = game.playout_action(det, decider, legal, rng).id
                node.preferred_seat = decider
            preferred = node.preferred if node.preferred_seat == decider else None
            if None in children:
                for child in filter(None, children):  # the expanded ones (a node is always true)
                    child.avail += 1
                # The heuristic's choice first, if it is legal here and untried; else one untried
                # action at random.
                if preferred is not None and preferred in ids and get(preferred) is None:
                    action = legal[ids.index(preferred)]
                else:
                    untried = list(compress(legal, map(is_, children, repeat(None))))
                    action = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(decider)
                child.avail = 1
                edges[action.id] = child
                game.play(det, decider, action)
                path.append(child)
                break
            # UCB1 over the available children: the first best score wins; the heuristic's choice,
            # when legal here, is scored again with its bonus afterwards (as if in its place).
            best = children[0]
            best_score = -math.inf
            for child in children:
                child.avail = avail = child.avail + 1
                score = child.mean + c * sqrt(logs[avail] / child.visits)
                if score > best_score:
                    best_score, best = score, child
            favoured = get(preferred) if bias and preferred is not None else None
            if favoured is not None and favoured is not best and favoured in children:
                visits = favoured.visits
                score = favoured.mean + c * sqrt(logs[favoured.avail] / visits) + bias / (1 + visits)
                if score > best_score or (score == best_score and children.index(favoured) < children.index(best)):
                    best = favoured
            game.play(det, decider, legal[children.index(best)])
            path.append(best)
            node = best
        rewards = self._playout(game, det)
        for child in path:
            child.visits = visits = child.visits + 1
            child.total = total = child.total + rewards[child.seat]
            child.mean = total / visits

    def _playout(self, game: Game, det: State) -> list[float]:
        """Play the game's playout policy `depth` decisions on, then score the position with the game's
        estimate (to the end where it has none); 0.5 for every seat if the game never ends."""
        rng = self.rng
        is_terminal = game.is_terminal
        to_move = game.to_move
        legal_actions = game.legal_actions
        playout_action = game.playout_action
        play = game.play
        limit = self.max_playout_steps
        cut = limit if self.depth is None else min(self.depth, limit)
        played = 0
        # Play to the cut and score it with the estimate; without one, play on to the limit.
        for stop in (cut, limit):
            for _ in range(stop - played):
                if is_terminal(det):
                    return seat_rewards(game.result(det), det.players)
                mover = to_move(det)[0]
                play(det, mover, playout_action(det, mover, legal_actions(det, mover), rng))
            played = stop
            if is_terminal(det):
                return seat_rewards(game.result(det), det.players)
            if stop < limit:
                estimate = game.evaluate(det)
                if estimate is not None:
                    return estimate_rewards(estimate, det.players)
        return [0.5] * det.players

    # --- the final choice --------------------------------------------------------------
    @staticmethod
    def _best(root: _Node, seat: int, legal: list[Action]) -> str:
        """The most visited root child among the real legal actions; ties: higher mean, then smaller id."""
        candidates = [(action.id, root.child(seat, action.id)) for action in legal]
        visited = [(action_id, child) for action_id, child in candidates if child is not None and child.visits > 0]
        if not visited:
            return min(action.id for action in legal)
        best = min(visited, key=lambda item: (-item[1].visits, -item[1].mean, item[0]))
        return best[0]
