"""checkers.rim_counts: a stack counted by its rims on an empty-looking point is of the colour whose
face its middle is nearer; where that colour is one the colour model reads on this kind of point
(the rims count the other colour only here) and the model saw none of it along the column, there is
no such stack (issue 3: a phantom is a false alarm at the table)."""
from .test_stacks import read_realistic

# seed 2 style 6 of bench/vision_styles.py: cream leather, grey/blue points, white/blue checkers,
# a mahogany frame; an empty blue point beside a white six (scattered off-centre) read white 8
# from faint marks along its centre line taken for a layered row
P0 = (0, 0, 3, 4, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0)
P1 = (0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 6, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 1)


def test_no_stack_of_a_colour_the_model_reads_there_and_saw_none_of():
    score, view = read_realistic(2006, P0, P1)
    assert score.wrong == (), view.style.name
