"""The rules of backgammon as pure functions over immutable values (no I/O, no clocks)."""
from .errors import (
    EngineError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPlayError,
    InvalidPositionError,
)
from .dice import ALL_ROLLS, Dice
from .notation import BAR, OFF, Move, Play
from .position import CHECKERS, Position, random_position
from .legal import VARIANTS, LegalPlays, legal_plays, legal_results
from .check import Illegal, Legal, check_play
from .probability import hitting_rolls
from .variants import start_position

__all__ = [
    "EngineError", "IllegalPlayError", "InvalidDiceError", "InvalidPlayError", "InvalidPositionError",
    "ALL_ROLLS", "Dice", "BAR", "OFF", "Move", "Play", "CHECKERS", "Position", "random_position",
    "VARIANTS", "LegalPlays", "legal_plays", "legal_results", "Illegal", "Legal", "check_play",
    "hitting_rolls", "start_position",
]

# --- match, cube and records ---
from .cube import BACKGAMMON, GAMMON, SINGLE, Cube, CubeError, game_points, result_kind
from .match import (
    CHOOSE_DOUBLET, DOUBLED, GAME_OVER, MATCH_OVER, MOVE, OPENING, ROLL, Action, Beaver,
    ChooseDoublet, Condone, Double, GameRecord, GameResult, IllegalActionError, IllegalStands,
    MatchState, MovePlay, OpeningRoll, Pass, Resign, Roll, Settings, StartFrom, Take,
    action_from_json,
)
from .matchid import InvalidMatchIdError, MatchId
from .matfile import InvalidMatFileError, MatRecord, MatWriteError, read_mat, write_mat

__all__ += [
    "SINGLE", "GAMMON", "BACKGAMMON", "Cube", "CubeError", "game_points", "result_kind",
    "OPENING", "ROLL", "DOUBLED", "MOVE", "CHOOSE_DOUBLET", "GAME_OVER", "MATCH_OVER",
    "Action", "OpeningRoll", "Roll", "Double", "Take", "Pass", "Beaver", "MovePlay",
    "IllegalStands", "Condone", "ChooseDoublet", "Resign", "StartFrom", "action_from_json", "GameRecord", "GameResult",
    "IllegalActionError", "MatchState", "Settings", "InvalidMatchIdError", "MatchId",
    "InvalidMatFileError", "MatRecord", "MatWriteError", "read_mat", "write_mat",
]
