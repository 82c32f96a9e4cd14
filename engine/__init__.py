"""The rules of backgammon as pure functions over immutable values (no I/O, no clocks)."""
