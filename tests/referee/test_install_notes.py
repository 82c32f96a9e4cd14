"""hardware/INSTALL.md and bgref.service agree with what `bgref run` needs to write."""
import configparser
import pathlib

HARDWARE = pathlib.Path(__file__).resolve().parents[2] / "hardware"


def test_the_service_gives_the_referee_a_writable_state_directory():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.read(HARDWARE / "bgref.service")
    assert unit["Service"]["StateDirectory"] == "bgref"    # systemd makes /var/lib/bgref for User


def test_install_notes_put_the_journal_in_the_state_directory():
    text = (HARDWARE / "INSTALL.md").read_text()
    assert 'journal = "/var/lib/bgref/match.jsonl"' in text and "StateDirectory=bgref" in text
    assert "type `fault`" in text and "[club] table" in text
