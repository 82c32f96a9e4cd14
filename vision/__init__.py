"""Reading a backgammon board, its dice and its cube from camera frames (OpenCV + numpy)."""
