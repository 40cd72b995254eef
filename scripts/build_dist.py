"""`make dist`: the one-folder bundle dist/ClubDesk from a runtime-only venv, then its ten largest parts.

The venv (build/dist-venv) holds `pip install . pyinstaller` and nothing of the dev tools, so the bundle
cannot pick up a module only the tests install. Generated files go to build/dist-resources, never into
the source tree: the English .qm (Qt's lrelease from the PySide6 wheel), Qt's qtbase_ru.qm, the .ico
drawn from the SVG icon and the Windows version resource.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
VENV = BUILD / "dist-venv"
GENERATED = BUILD / "dist-resources"
DIST = ROOT / "dist" / "ClubDesk"
PYINSTALLER = "pyinstaller>=6.10,<7"
WINDOWS = sys.platform == "win32"


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def run(*cmd: object, **kw) -> None:
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def make_venv() -> None:
    """Dependencies are reinstalled when pyproject.toml changes; ClubDesk itself on every build."""
    stamp = VENV / ".deps-stamp"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + PYINSTALLER.encode()).hexdigest()
    if not venv_python().exists():
        run(sys.executable, "-m", "venv", VENV)
    if not stamp.exists() or stamp.read_text() != digest:
        run(venv_python(), "-m", "pip", "install", "-q", "--upgrade", "pip")
        run(venv_python(), "-m", "pip", "install", "-q", ".", PYINSTALLER)
        stamp.write_text(digest)
    else:
        run(venv_python(), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", ".")


def qt_dir() -> Path:
    out = subprocess.run([venv_python(), "-c", "import PySide6, pathlib; print(pathlib.Path(PySide6.__file__).parent)"],
                         check=True, capture_output=True, text=True).stdout.strip()
    return Path(out)


def compile_translations() -> None:
    pyside = qt_dir()
    lrelease = next(p for p in (pyside / "lrelease", pyside / "lrelease.exe") if p.exists())
    out = GENERATED / "translations"
    out.mkdir(parents=True, exist_ok=True)
    ts = sorted((ROOT / "resources" / "translations").glob("*_en.ts"))
    run(lrelease, "-silent", "-nounfinished", *ts, "-qm", out / "clubdesk_en.qm")
    shutil.copy2(pyside / "Qt" / "translations" / "qtbase_ru.qm", out / "qtbase_ru.qm")
    run(lrelease, "-silent", ROOT / "resources" / "translations" / "qt_gaps_ru.ts", "-qm", out / "qt_gaps_ru.qm")


def project_version() -> str:
    text = (ROOT / "clubdesk" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def write_version_resource(version: str) -> None:
    """The Windows version resource (Explorer's Details tab) in PyInstaller's VSVersionInfo syntax."""
    nums = [int(n) for n in re.findall(r"\d+", version)[:4]]
    nums += [0] * (4 - len(nums))
    t = tuple(nums)
    fields = {"CompanyName": "ClubDesk", "FileDescription": "ClubDesk — front desk of a games club",
              "FileVersion": version, "InternalName": "ClubDesk", "OriginalFilename": "ClubDesk.exe",
              "ProductName": "ClubDesk", "ProductVersion": version}
    strings = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in fields.items())
    (GENERATED / "version_info.txt").write_text(f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={t}, prodvers={t}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('041904B0', [
{strings}])]),
    VarFileInfo([VarStruct('Translation', [0x0419, 1200])])
  ]
)
""", encoding="utf-8")


def write_icon() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run(venv_python(), ROOT / "scripts" / "make_icon.py", ROOT / "resources" / "icons" / "clubdesk.svg",
        GENERATED / "clubdesk.ico", env=env)


def size_table(top: Path, count: int = 10) -> str:
    files = [p for p in top.rglob("*") if p.is_file() and not p.is_symlink()]
    total = sum(p.stat().st_size for p in files)
    rows = sorted(files, key=lambda p: p.stat().st_size, reverse=True)[:count]
    lines = [f"{'MB':>7}  part (of {top.relative_to(ROOT)})"]
    lines += [f"{p.stat().st_size / 1e6:7.1f}  {p.relative_to(top)}" for p in rows]
    lines.append(f"{total / 1e6:7.1f}  total, {len(files)} files")
    return "\n".join(lines)


def missing_libraries(top: Path) -> list[str]:
    """Every `not found` ldd reports for the bundle's own libraries (Linux): a library left out by the
    exclusions in build.spec. System libraries the package depends on are found on the build host."""
    if not sys.platform.startswith("linux"):
        return []
    dirs = sorted({str(p.parent) for p in top.rglob("*.so*")})
    env = {**os.environ, "LD_LIBRARY_PATH": ":".join(dirs)}
    missing = []
    for lib in sorted(top.rglob("*.so*")):
        out = subprocess.run(["ldd", str(lib)], capture_output=True, text=True, env=env).stdout
        missing += [f"{lib.relative_to(top)}: {line.strip()}" for line in out.splitlines() if "not found" in line]
    return missing


def main() -> int:
    started = time.monotonic()
    make_venv()
    compile_translations()
    write_version_resource(project_version())
    write_icon()
    run(venv_python(), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", "--workpath", BUILD / "pyinstaller",
        "--distpath", ROOT / "dist", ROOT / "build.spec")
    print(size_table(DIST))
    missing = missing_libraries(DIST)
    if missing:
        print("libraries missing from the bundle:", *missing, sep="\n  ", file=sys.stderr)
        return 1
    print(f"dist/ClubDesk built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
