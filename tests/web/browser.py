"""A real headless Chromium (Debian's) on a phone-sized viewport, driven by Playwright (never `playwright install`).

Absent Chromium or Playwright the browser tests skip with the reason — except in CI (env CI set), where they fail:
scripts/system-deps.sh installs chromium there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def need_browser():
    """(sync_playwright, executable) or skip/fail with the reason."""
    def missing(why: str):
        if os.environ.get("CI"):
            pytest.fail(f"{why}: CI must have it (scripts/system-deps.sh installs chromium)")
        pytest.skip(why)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Python Playwright is not installed (pip install -e '.[test]')")
    exe = chromium_path()
    if exe is None:
        missing("Chromium is not installed (apt-get install chromium)")
    return sync_playwright, exe


def screenshot(page, name: str, tmp_path: Path) -> Path:
    """A PNG of the phone page; also into $CLUBDESK_WEB_SHOTS when set (to look at them)."""
    out = Path(os.environ.get("CLUBDESK_WEB_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def log_in(page, server, login: str = "orlov") -> None:
    """Pair by the QR code's link (one-time), then log in with the desk's account; the list of running tables."""
    from tests.web.conftest import PASSWORD

    page.goto(server.pair_url())
    page.fill("#login", login)
    page.fill("#password", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("h1:has-text('Идущие столы')")


def open_board(browser, server):
    """The hall TV: a 1280 × 720 context, paired and logged in as the display account «tv», on /board.
    Returns (context, page); the caller closes the context."""
    from tests.web.conftest import PASSWORD

    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ru-RU")
    ctx.set_default_timeout(20_000)  # a bound on a hang, as in conftest.py
    page = ctx.new_page()
    page.goto(server.pair_url())
    page.fill("#login", "tv")
    page.fill("#password", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_url("**/board")
    return ctx, page
