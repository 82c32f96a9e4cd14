import pytest

from referee.config import (EXAMPLE_PATH, SCHEMA, ConfigError, example_toml, load_config,
                            parse_config)


def test_example_file_is_current_and_loads_with_every_key():
    assert EXAMPLE_PATH.read_text() == example_toml()
    config = load_config(EXAMPLE_PATH)
    for key in SCHEMA:
        assert f"\n{key.name} = " in EXAMPLE_PATH.read_text()
        assert key.name in config.section(key.section)


def test_defaults_and_values():
    config, problems = parse_config('[match]\nlength = 7\nplayers = ["Ann", "Bob"]\n')
    assert not problems
    assert config.match.length == 7 and config.match.players == ("Ann", "Bob")
    assert config.match.crawford is True and config.referee.settle_frames == 2
    assert config.match_options()["match_length"] == 7


def test_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text("[match]\nlength = 5\ncrawford = yes\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.problems[0].startswith(f"{path}:3: TOML syntax")


@pytest.mark.parametrize("text, line, words", [
    ("[match]\nlength = -1\n", 2, "at least 0"),
    ("[match]\n\ncrawford = 1\n", 3, "true or false"),
    ("[match]\nvariant = 'hyper'\n", 2, "'standard'"),
    ("[match]\nlenght = 3\n", 2, "did you mean 'length'"),
    ("[camra]\nfps = 3\n", 1, "did you mean [camera]"),
    ("[camera]\nsource = 'webcam'\n", 2, "picamera"),
    ("[signals]\nsignal_pins = { green = 40 }\n", 2, "0..27"),
    ("[referee]\nmin_confidence = 1.5\n", 2, "at most 1.0"),
    ("[match]\nlength = 3\njacoby = true\n", 3, "money play only"),
    ("[match]\nlength = 3\nbeaver = true\n", 3, "money play only"),
    ("[display]\n# c\n  brightness = 199\n", 3, "at most 100"),
])
def test_problems_name_the_line_and_what_is_wrong(text, line, words):
    config, problems = parse_config(text)
    assert config is None
    assert problems and problems[0].startswith(f"<config>:{line}:"), problems
    assert words in problems[0]


def test_every_problem_is_reported():
    _, problems = parse_config("[match]\nlength = 'x'\ncrawford = 2\n")
    assert len(problems) == 2
