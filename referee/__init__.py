"""The table loop that joins camera, engine and hardware, and the `bgref` command line."""
