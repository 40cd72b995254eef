"""pyproject.toml says what it says in the form today's setuptools reads without a warning: `make run` and
`make test` install the project first, and a newcomer should see only what matters (issue 38 item 15)."""

import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_license_is_an_spdx_string_not_the_deprecated_table():
    # a TOML table (`{ text = ... }`) makes setuptools ≥ 77 print a deprecation box at every build step
    license = PYPROJECT["project"]["license"]
    assert isinstance(license, str) and license == "LicenseRef-Proprietary"


def test_the_build_asks_for_a_setuptools_that_reads_an_spdx_license():
    # an older setuptools refuses the string form: the build must not pick one
    setuptools = [Requirement(r) for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    assert setuptools and not any(req.specifier.contains("76.9") for req in setuptools)
    assert all(req.specifier.contains("77.0") for req in setuptools)
