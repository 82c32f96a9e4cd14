"""Sub-commands of `bgref`, one module per part of the project (see referee.cli)."""
