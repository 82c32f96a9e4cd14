from referee import cli


def test_no_command_prints_help_and_fails(capsys):
    assert cli.main([]) == 2
    assert "usage: bgref" in capsys.readouterr().out
