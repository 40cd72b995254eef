"""Windows readiness, checked here without Windows: the Inno Setup script and build.spec agree, the icon and the
version resource are generated from the project's own files."""

import ast
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import clubdesk

ROOT = Path(__file__).resolve().parents[2]
ISS = (ROOT / "packaging/windows/clubdesk.iss").read_text(encoding="utf-8")
SPEC = (ROOT / "build.spec").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "scripts"))
import build_dist  # noqa: E402


def spec_constants() -> dict[str, str]:
    return {node.targets[0].id: node.value.value for node in ast.parse(SPEC).body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def iss_defines() -> dict[str, str]:
    return dict(re.findall(r'^#define (\w+) "([^"]*)"', ISS, re.M))


def iss_section(name: str) -> list[str]:
    body = re.search(rf"^\[{name}\]\n(.*?)(?=^\[|\Z)", ISS, re.M | re.S).group(1)
    return [line for line in body.splitlines() if line.strip() and not line.startswith(";")]


def test_setup_installs_the_two_programs_the_spec_builds():
    spec, iss = spec_constants(), iss_defines()
    assert iss["AppName"] == spec["APP_NAME"]
    assert iss["AppExe"] == spec["APP_NAME"] + ".exe" and iss["CliExe"] == spec["CLI_NAME"] + ".exe"
    assert iss["DistDir"] == r"..\..\dist" + "\\" + spec["APP_NAME"]  # COLLECT(name=APP_NAME) under dist/
    assert iss["IconFile"] == r"..\..\build\dist-resources" + "\\" + spec["ICON"]
    files = iss_section("Files")
    assert any(r'"{#DistDir}\{#AppExe}"' in f for f in files) and any(r'"{#DistDir}\{#CliExe}"' in f for f in files)
    assert any(r'"{#DistDir}\_internal\*"' in f and "recursesubdirs" in f for f in files)


def test_spec_builds_a_windowed_app_and_a_console_cli_sharing_one_folder():
    assert re.search(r"EXE\(pyz, a\.scripts, \[\], exclude_binaries=True, name=APP_NAME, console=not windows", SPEC)
    assert re.search(r"EXE\(pyz, a\.scripts, \[\], exclude_binaries=True, name=CLI_NAME, console=True", SPEC)
    assert "COLLECT(*exes, a.binaries, a.datas" in SPEC
    assert '"icon": str(generated / ICON), "version": str(generated / VERSION_FILE)' in SPEC


def test_setup_is_per_user_with_a_start_menu_shortcut_and_keeps_the_data():
    setup = dict(line.split("=", 1) for line in iss_section("Setup"))
    assert setup["PrivilegesRequired"] == "lowest"
    assert setup["DefaultDirName"] == r"{localappdata}\Programs\{#AppName}"  # not the data folder
    assert setup["AppVersion"] == "{#AppVersion}" and "GetVersionNumbersString(DistDir" in ISS
    assert any(line.startswith(r'Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"')
               for line in iss_section("Icons"))
    deleted = iss_section("UninstallDelete")
    assert deleted and all("{app}" in line and "localappdata" not in line.lower() for line in deleted)


def test_project_version_is_one():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["version"] == clubdesk.__version__ == build_dist.project_version()


def test_version_resource_carries_the_project_version(tmp_path, monkeypatch):
    monkeypatch.setattr(build_dist, "GENERATED", tmp_path)
    build_dist.write_version_resource("1.2.3")
    made = {}

    def record(kind):
        def make(*args, **kwargs):
            made.setdefault(kind, []).append((args, kwargs))
            return kind
        return make

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct")
    eval((tmp_path / "version_info.txt").read_text(encoding="utf-8"), {n: record(n) for n in names})  # noqa: S307
    assert made["FixedFileInfo"][0][1]["filevers"] == (1, 2, 3, 0)
    strings = dict(args for args, _kw in made["StringStruct"])
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.3"
    assert strings["OriginalFilename"] == spec_constants()["APP_NAME"] + ".exe"


def test_icon_is_drawn_from_the_svg_at_every_windows_size(tmp_path):
    from PIL import Image

    out = tmp_path / "clubdesk.ico"
    subprocess.run([sys.executable, str(ROOT / "scripts/make_icon.py"), str(ROOT / "resources/icons/clubdesk.svg"),
                    str(out)], check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    with Image.open(out) as ico:
        assert ico.format == "ICO"
        assert {(16, 16), (32, 32), (48, 48), (256, 256)} <= set(ico.info["sizes"])
        ico.size = (256, 256)
        big = ico.convert("RGBA")
        assert big.getpixel((128, 128))[3] == 255 and big.getpixel((0, 0))[3] < 255  # drawn, rounded corners
