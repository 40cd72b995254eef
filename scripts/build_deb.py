"""`make deb`: dist/clubdesk_<version>_<arch>.deb from the bundle dist/ClubDesk, with dpkg-deb.

The bundle goes to /opt/clubdesk, `clubdesk` on the PATH, a .desktop entry and the icon. Depends: lists the
Debian packages of every system library the bundle links (ldd, then dpkg -S), so apt installs what Qt needs
on a fresh desktop — the libraries build.spec leaves out of the bundle on purpose.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist" / "ClubDesk"
STAGE = ROOT / "build" / "deb"
PREFIX = "opt/clubdesk"
ALWAYS = ["fonts-dejavu-core"]  # the interface font (fontconfig finds no glyphs without one)


def version() -> str:
    return re.search(r'__version__ = "([^"]+)"', (ROOT / "clubdesk" / "__init__.py").read_text()).group(1)


def system_libraries(bundle: Path) -> set[str]:
    """The paths outside the bundle that its libraries and programs resolve to."""
    files = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()
             and (".so" in p.name or os.access(p, os.X_OK))]
    dirs = sorted({str(p.parent) for p in files})
    env = {**os.environ, "LD_LIBRARY_PATH": ":".join(dirs)}
    found: set[str] = set()
    for f in files:
        out = subprocess.run(["ldd", str(f)], capture_output=True, text=True, env=env).stdout
        for line in out.splitlines():
            m = re.match(r"\s*\S+ => (/\S+)", line)
            if m and not m.group(1).startswith(str(bundle)):
                found.add(m.group(1))
            elif "not found" in line:
                raise SystemExit(f"{f}: {line.strip()} — run scripts/system-deps.sh as root first")
    return found


def packages_of(paths: set[str]) -> set[str]:
    """The Debian packages owning `paths`, in one dpkg-query call; each path is asked for in its /usr-merged and
    its classic spelling (dpkg knows only the one the package shipped)."""
    spellings = {p: {p, os.path.realpath(p), os.path.realpath(p).replace("/usr/lib/", "/lib/", 1)} for p in paths}
    asked = sorted(set().union(*spellings.values()))
    out = subprocess.run(["dpkg-query", "-S", *asked], capture_output=True, text=True).stdout
    owner = {}
    for line in out.splitlines():
        pkg, _, path = line.partition(": ")
        owner[path.strip()] = pkg.split(",")[0].split(":")[0].strip()
    unowned = sorted(p for p, names in spellings.items() if not names & owner.keys())
    if unowned:
        raise SystemExit(f"no Debian package owns {', '.join(unowned)}")
    return {owner[name] for names in spellings.values() for name in names if name in owner}


def depends(bundle: Path) -> list[str]:
    return sorted(packages_of(system_libraries(bundle)) | set(ALWAYS))


def architecture() -> str:
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def control(deps: list[str], size_kb: int) -> str:
    return (f"Package: clubdesk\nVersion: {version()}\nArchitecture: {architecture()}\n"
            "Maintainer: ClubDesk <desk@clubdesk.invalid>\n"
            f"Installed-Size: {size_kb}\nDepends: {', '.join(deps)}\nSection: misc\nPriority: optional\n"
            "Description: front desk of a games club\n"
            " Player registry, billiards tournaments (Жук, Пирамидка 100) and sports Mafia evenings.\n")


def main() -> int:
    if not (DIST / "ClubDesk").exists():
        print("dist/ClubDesk is missing: run make dist first", file=sys.stderr)
        return 1
    shutil.rmtree(STAGE, ignore_errors=True)
    app = STAGE / PREFIX
    shutil.copytree(DIST, app, symlinks=True)
    (STAGE / "usr/bin").mkdir(parents=True)
    (STAGE / "usr/bin/clubdesk").symlink_to(f"/{PREFIX}/ClubDesk")
    apps = STAGE / "usr/share/applications"
    apps.mkdir(parents=True)
    shutil.copy2(ROOT / "packaging/linux/clubdesk.desktop", apps / "clubdesk.desktop")
    icons = STAGE / "usr/share/icons/hicolor/scalable/apps"
    icons.mkdir(parents=True)
    shutil.copy2(ROOT / "resources/icons/clubdesk.svg", icons / "clubdesk.svg")
    size_kb = sum(p.stat().st_size for p in STAGE.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    (STAGE / "DEBIAN").mkdir()
    (STAGE / "DEBIAN/control").write_text(control(depends(DIST), size_kb), encoding="utf-8")
    out = ROOT / "dist" / f"clubdesk_{version()}_{architecture()}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zzstd", "--build", str(STAGE), str(out)], check=True)
    print(f"{out.relative_to(ROOT)}: {out.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
