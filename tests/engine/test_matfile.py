"""Jellyfish .mat records: what we write imports into GNU Backgammon with the same moves, cube
actions and results; what we read replays; a corrupt file names its line."""
import io
import random
from collections import Counter

import pytest

from engine import (CHOOSE_DOUBLET, DOUBLED, MOVE, ROLL, Beaver, ChooseDoublet, Dice, Double,
                    InvalidMatFileError, MatchState, MovePlay, OpeningRoll, Pass, Roll, Settings,
                    Take, read_mat, write_mat)


def random_match(settings, seed, double_p=0.08, max_games=None, max_actions=20000):
    """A whole match of random legal actions (seeded)."""
    rng = random.Random(seed)
    state = MatchState(settings)
    while not state.match_over and len(state.actions) < max_actions:
        if state.game_over and max_games and state.game_number >= max_games:
            break
        acts = state.legal_actions
        if OpeningRoll in acts:
            state = state.apply(OpeningRoll(rng.randint(1, 6), rng.randint(1, 6)))
        elif state.phase == ROLL:
            if Double in acts and rng.random() < double_p:
                state = state.apply(Double())
            else:
                state = state.apply(Roll(Dice(rng.randint(1, 6), rng.randint(1, 6))))
        elif state.phase == DOUBLED:
            choices = [Take, Take, Take, Pass] + ([Beaver] if Beaver in acts else [])
            state = state.apply(rng.choice(choices)())
        elif state.phase == MOVE:
            state = state.apply(MovePlay(rng.choice(list(state.legal_plays))))
        elif state.phase == CHOOSE_DOUBLET:
            state = state.apply(ChooseDoublet(rng.randint(1, 6)))
    return state


def our_games(state):
    """Per game: (list of comparable items, winner, points)."""
    out = []
    for game in state.games():
        items = []
        for e in game.events:
            if e.kind == "move":
                items.append(("move", e.player, tuple(sorted(e.dice)),
                              tuple(sorted((m.source, m.destination) for m in e.play))))
            elif e.kind in ("double", "take", "pass"):
                items.append((e.kind, e.player))
            elif e.kind == "beaver":  # gnubg reads a beaver as the taker's redouble, taken
                items += [("double", e.player), ("take", 1 - e.player)]
        out.append((items, game.result.winner, game.result.points))
    return out


def gnubg_games(gnubg):
    names = {"X": 0, "O": 1}
    kinds = {"double": "double", "take": "take", "drop": "pass"}
    out = []
    for game in gnubg.match()["games"]:
        items = []
        for a in game["game"]:
            if a["action"] == "move":
                moves = tuple(sorted((s, max(d, 0)) for s, d in a["move"]))
                items.append(("move", names[a["player"]], tuple(sorted(a["dice"])), moves))
            elif a["action"] in kinds:
                items.append((kinds[a["action"]], names[a["player"]]))
        info = game["info"]
        out.append((items, names.get(info["winner"]), info.get("points-won", 0)))
    return out


@pytest.fixture(scope="module")
def gnubg():
    gnubg = pytest.importorskip("gnubg")
    for player in (0, 1):
        gnubg.command(f"set player {player} human")
    gnubg.command("set display off")
    return gnubg


def _import(gnubg, tmp_path, text):
    path = tmp_path / "match.mat"
    path.write_text(text)
    gnubg.command(f"import mat {path}")
    return gnubg.match()


@pytest.mark.parametrize("length,seed", [(1, 1), (5, 2), (7, 3), (11, 4), (3, 5), (15, 6)])
def test_mat_whole_matches_import_into_gnubg_move_by_move(gnubg, tmp_path, length, seed):
    state = random_match(Settings(match_length=length), seed)
    assert state.match_over
    text = write_mat(state, players=("alice", "bob"))
    match = _import(gnubg, tmp_path, text)
    info = match["match-info"]
    assert info["match-length"] == length
    assert (info["X"]["name"], info["O"]["name"]) == ("alice", "bob")
    theirs = gnubg_games(gnubg)
    ours = our_games(state)
    assert len(theirs) == len(ours)
    for k, (a, b) in enumerate(zip(ours, theirs), 1):
        assert a == b, f"game {k} differs"


def test_mat_bear_offs_and_no_plays_import(gnubg, tmp_path):
    # no cube at all: every game ends by bearing off, many with rolls that cannot be played
    state = random_match(Settings(match_length=5), 9, double_p=0)
    text = write_mat(state)
    assert "/0" in text
    _import(gnubg, tmp_path, text)
    assert gnubg_games(gnubg) == our_games(state)


def test_mat_money_session_as_match_of_length_zero(gnubg, tmp_path):
    state = random_match(Settings(match_length=0), 5, max_games=3)
    text = write_mat(state)
    assert text.startswith(" 0 point match")
    match = _import(gnubg, tmp_path, text)
    assert match["match-info"]["match-length"] == 0
    assert gnubg_games(gnubg) == our_games(state)


@pytest.mark.parametrize("seed", [4, 6])
def test_r12_mat_beavers_import_into_gnubg(gnubg, tmp_path, seed):
    state = random_match(Settings(beaver=True), seed, double_p=0.3, max_games=4)
    text = write_mat(state)
    assert "Beavers =>" in text
    _import(gnubg, tmp_path, text)
    assert gnubg_games(gnubg) == our_games(state)
    assert read_mat(text).replay(Settings(beaver=True)).score == state.score


@pytest.mark.parametrize("seed", [2, 3])
def test_mat_read_back_replays_the_same_match(seed):
    state = random_match(Settings(match_length=7), seed)
    record = read_mat(write_mat(state, players=("alice", "bob")))
    assert record.match_length == 7
    assert record.players == ("alice", "bob")
    again = record.replay()
    rerolls = [a for a in state.actions if isinstance(a, OpeningRoll) and a.die0 == a.die1]
    assert len(again.actions) == len(state.actions) - len(rerolls)  # .mat keeps no rerolls
    assert our_games(again) == our_games(state)
    assert again.score == state.score


def test_mat_write_to_stream_returns_same_text():
    state = random_match(Settings(match_length=3), 1)
    buffer = io.StringIO()
    text = write_mat(state, buffer)
    assert buffer.getvalue() == text


def test_mat_reads_gnubg_export():
    text = (
        "; [EventDate \"2026.11.22\"]\n\n 3 point match\n\n Game 1\n"
        " gnubg : 0                      root : 0\n"
        "  1)                             63: 13/7 24/21 \n"
        "  2) 53: 8/3 13/10               42: 8/4 8/6 \n"
        "  3) 53: 6/1* 6/3                52: 25/20 8/6 \n"
        "  4) 32: 24/21* 13/11            63: \n"
        "  5) 65: 8/2 8/3                  Doubles => 2\n"
        "  6)  Drops                       Wins 1 point \n")
    record = read_mat(text)
    assert record.players == ("gnubg", "root")
    game = record.games[0]
    assert (game.winner, game.points) == (1, 1)
    assert [e.kind for e in game.events][-3:] == ["double", "pass", "win"]
    state = record.replay()
    assert state.score == (0, 1)
    assert Counter(e.player for e in game.events if e.kind == "move") == {0: 4, 1: 4}


@pytest.mark.parametrize("text,line", [
    (" 3 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5   xx: 13/9\n", 5),
    (" 3 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5\n  2) 99: 8/5\n", 6),
    (" 3 point match\n Game 1\n this is not a score line\n", 3),
    (" Game 1\n", 1),
    (" 3 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 5/9\n", 5),
])
def test_mat_corrupt_file_names_the_line(text, line):
    with pytest.raises(InvalidMatFileError, match=f"line {line}"):
        read_mat(text)


def test_mat_illegal_move_in_record_names_the_line():
    text = " 3 point match\n\n Game 1\n a : 0                          b : 0\n  1) 31: 24/20 6/5\n"
    with pytest.raises(InvalidMatFileError, match="line 5"):
        read_mat(text).replay()


def _resigned_match():
    from engine import Resign
    state = MatchState(Settings(match_length=5)).apply(OpeningRoll(5, 3)).apply(MovePlay("8/3 6/3"))
    state = state.apply(Double()).apply(Take()).apply(Roll(Dice(6, 4))).apply(MovePlay("24/14"))
    return state.apply(Resign(0, 2))


def test_mat_resignation_imports_into_gnubg_as_resigned(gnubg, tmp_path):
    state = _resigned_match()
    assert state.score == (0, 4)
    _import(gnubg, tmp_path, write_mat(state))
    info = gnubg.match()["games"][0]["info"]
    assert (info["resigned"], info["winner"], info["points-won"]) == (True, "O", 4)
    assert gnubg_games(gnubg) == our_games(state)


def test_mat_resignation_reads_back():
    state = _resigned_match()
    again = read_mat(write_mat(state)).replay()
    assert again.score == (0, 4) and again.result.how == "resigns gammon"


def test_mat_illegal_move_that_stood_reads_back_only_when_allowed():
    from engine import IllegalStands, Position
    state = MatchState(Settings(match_length=5)).apply(OpeningRoll(4, 2))
    before = state.position
    board = list(before.on_roll)
    board[23] -= 1
    board[15] += 1  # 24/16 with a 4-2
    state = state.apply(IllegalStands(Position(tuple(board), before.opponent, 0)))
    state = state.apply(Roll(Dice(3, 1))).apply(MovePlay("8/5 6/5"))
    text = write_mat(state)
    assert "42: 24/16" in text
    with pytest.raises(InvalidMatFileError, match="line 5: 24/16"):
        read_mat(text).replay()
    again = read_mat(text).replay(illegal_stands=True)
    assert again.position == state.position and again.phase == state.phase


@pytest.mark.parametrize("length,seed", [(7, 3), (0, 5)])
def test_mat_reads_what_gnubg_exports(gnubg, tmp_path, length, seed):
    state = random_match(Settings(match_length=length), seed, max_games=3)
    _import(gnubg, tmp_path, write_mat(state, players=("alice", "bob")))
    out = tmp_path / "exported.mat"
    gnubg.command(f"export match mat {out}")
    record = read_mat(out.read_text())
    assert record.players == ("alice", "bob")
    again = record.replay(Settings(match_length=length))
    assert our_games(again) == our_games(state)
    assert again.score == state.score
