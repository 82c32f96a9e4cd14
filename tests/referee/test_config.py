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


def test_no_buzzer_is_accepted_and_reaches_signals_as_not_fitted():
    config, problems = parse_config("[signals]\nsignal_pins = { buzzer = false }\n")
    assert not problems and dict(config.signals.signal_pins) == {"buzzer": False}
    from firmware_bridge.pins import DEFAULT_SIGNAL_PINS, OPTIONAL_SIGNAL_ROLES, SIGNAL_ROLES, check_pins
    pins = check_pins(dict(config.signals.signal_pins), SIGNAL_ROLES, OPTIONAL_SIGNAL_ROLES,
                      defaults=DEFAULT_SIGNAL_PINS)
    assert pins["buzzer"] is None and pins["turn0"] == DEFAULT_SIGNAL_PINS["turn0"]


@pytest.mark.parametrize("text, line, words", [
    ("[signals]\n\nbutton_pins = { dubble = 4 }\n", 3, "unknown role 'dubble' (did you mean 'double'?)"),
    ("[signals]\nsignal_pins = { red = 4 }\n", 2, "the roles are turn0, turn1, illegal"),
    ("[signals.button_pins]\ndouble = 4\ntke = 20\n", 3, "did you mean 'take'"),
    ("[signals]\nsignal_pins = { turn0 = false }\n", 2, "pin 'turn0' must be a GPIO number"),
    ("[signals]\nsignal_pins = { turn0 = 24 }\n", 2, "used for both turn0 and accepted"),
])
def test_pin_roles_are_the_firmware_bridge_s_with_the_line(text, line, words):
    config, problems = parse_config(text)
    assert config is None and problems[0].startswith(f"<config>:{line}:"), problems
    assert words in problems[0]


def test_display_port_suggests_a_stable_by_id_path():
    assert "/dev/serial/by-id/" in next(k.doc for k in SCHEMA if k.name == "port")


def test_club_and_mqtt_sections_are_accepted_and_read_by_the_club_checker(tmp_path):
    path = tmp_path / "bgref.toml"
    path.write_text('[club]\nname = "oxford"\ntable = "t1"\ncursor = "pub.cursor"\n'
                    '[mqtt]\nhost = "club.local"\nport = 8883\ntls = true\n')
    config = load_config(path)
    assert config.club.club == "oxford" and config.club.table == "t1"
    assert config.club.mqtt.host == "club.local" and config.club.mqtt.port == 8883
    assert config.club.cursor == str(tmp_path / "pub.cursor")  # relative to the config file
    assert parse_config("")[0].club.table == ""                # no [club]: nothing published


@pytest.mark.parametrize("text, line, words", [
    ('[match]\nlength = 3\n[club]\ntable = "t 1"\n', 4, "[club] table must be 1-64 letters"),
    ('[mqtt]\nhost = "x"\n\nprot = 1883\n', 4, "[mqtt] unknown key 'prot'"),
    ('[mqtt]\nport = 0\n', 2, "[mqtt] port must be 1..65535"),
    ('[mqtt]\ntls = "yes"\n', 2, "[mqtt] tls must be bool"),
    ('[club]\nhttp = "8080"\n', 2, "HOST:PORT"),
    ('[club]\ntable = "t1"\n[club.tables.t1]\nplayers = ["Ann"]\n', 4, "players must be two names"),
    ('[clubb]\ntable = "t1"\n', 1, "did you mean [club]"),
])
def test_club_and_mqtt_problems_name_the_line(text, line, words):
    config, problems = parse_config(text)
    assert config is None and problems[0].startswith(f"<config>:{line}:"), problems
    assert words in problems[0]


def test_the_example_documents_the_club_sections():
    from referee.club.config import CONFIG_EXAMPLE
    text = EXAMPLE_PATH.read_text()
    assert text.endswith(CONFIG_EXAMPLE) and "\n[club]\n" in text and "\n[mqtt]\n" in text
    assert load_config(EXAMPLE_PATH).club.mqtt.topic_prefix == "bgref"
