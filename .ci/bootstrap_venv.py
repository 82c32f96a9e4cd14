"""Create .venv with pip even where `python3 -m venv` has no ensurepip (plain Debian without
python3-venv): then the venv is made without pip and pip's wheel is fetched from PyPI and run."""
import json
import pathlib
import subprocess
import sys
import urllib.parse
import urllib.request
import venv

target = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".venv")
try:
    venv.EnvBuilder(with_pip=True).create(target)
    sys.exit(0)
except (subprocess.CalledProcessError, OSError) as exc:
    print(f"venv with pip failed ({exc}); bootstrapping pip from PyPI", file=sys.stderr)

venv.EnvBuilder(with_pip=False, clear=True).create(target)
python = target / "bin" / "python"
index = "https://pypi.org/pypi/pip/json"
info = json.load(urllib.request.urlopen(index, timeout=60))
wheel = next(u for u in info["urls"] if u["filename"].endswith(".whl"))
path = target / wheel["filename"]
path.write_bytes(urllib.request.urlopen(urllib.parse.urljoin(index, wheel["url"]), timeout=120).read())
subprocess.run([str(python), f"{path}/pip", "install", "--quiet", str(path)], check=True)
path.unlink()
