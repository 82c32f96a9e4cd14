# `make test` and `make demo` work on a fresh machine with python3 and make:
# both create .venv and install the project into it first.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test demo bench clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) .ci/bootstrap_venv.py $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

# two workers on two cores: numpy's BLAS (and OpenCV: tests/conftest.py) one thread each, not two
test: $(STAMP)
	OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 $(PY) -m pytest -q -n 2 --dist worksteal -p no:cacheprovider

demo: $(STAMP)
	$(VENV)/bin/bgref demo

bench: $(STAMP)
	@for b in bench/*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
