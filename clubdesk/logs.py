"""The log file and the last resort for bugs: a rotating log in the user log directory, an excepthook writing
every uncaught traceback there. A desk PC that misbehaves leaves something to read (no Qt here: the CLI uses it).
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from logging.handlers import RotatingFileHandler
from pathlib import Path
from types import TracebackType

LOG_NAME = "clubdesk.log"
MAX_BYTES = 1_000_000  # ~10 000 lines; five old files kept beside it
BACKUP_COUNT = 5
LOGGER = "clubdesk"

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]
logging.getLogger(LOGGER).addHandler(logging.NullHandler())  # no log file set up: nothing, not Python's stderr
_HINT = {"ru": "ClubDesk: внутренняя ошибка ({error}); подробности в журнале {path}",
         "en": "ClubDesk: internal error ({error}); details are in the log {path}"}


class _LogFile(RotatingFileHandler):
    """Creates its folder when the first record is written: a run that logs nothing leaves nothing behind."""

    def _open(self):
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()


def log_dir() -> Path:
    """~/.local/state/ClubDesk/log on Linux, %LOCALAPPDATA%\\ClubDesk\\Logs on Windows."""
    import platformdirs

    return Path(platformdirs.user_log_dir("ClubDesk", appauthor=False))


def log_path() -> Path:
    return log_dir() / LOG_NAME


def setup_logging(path: Path | None = None, max_bytes: int = MAX_BYTES) -> Path:
    """Send the `clubdesk` logger to the rotating log file (once per path); returns the file's path."""
    path = path or log_path()
    logger = logging.getLogger(LOGGER)
    for handler in logger.handlers:
        if isinstance(handler, RotatingFileHandler) and Path(handler.baseFilename) == path.resolve():
            return path
    handler = _LogFile(path, maxBytes=max_bytes, backupCount=BACKUP_COUNT, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(threadName)s] %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    return path


def crash_line(exc: BaseException, path: Path, lang: str) -> str:
    """The one line a user reads about a bug: what broke and where the details are."""
    error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return _HINT["en" if lang == "en" else "ru"].format(error=error, path=path)


def install_crash_handler(lang: str = "ru", show: Callable[[str, str, Path], None] | None = None) -> Path:
    """Uncaught exceptions (any thread) go to the log with their traceback and one line to stderr; `show`
    (the GUI's dialog) also gets (line, traceback, log path) for exceptions in the main thread. Returns the log."""
    path = setup_logging()
    logger = logging.getLogger(LOGGER)

    def report(info: ExcInfo, where: str) -> str:
        text = "".join(traceback.format_exception(*info))
        logger.critical("uncaught exception in %s\n%s", where, text.rstrip())
        line = crash_line(info[1], path, lang)
        print(line, file=sys.stderr, flush=True)
        return text

    def excepthook(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        text = report((exc_type, exc, tb), "the main thread")
        if show is not None:
            try:
                show(crash_line(exc, path, lang), text, path)
            except Exception:  # the dialog itself failed: the log and stderr already have the crash
                logger.exception("the crash dialog failed")

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            where = f"thread {args.thread.name if args.thread else '?'}"
            report((args.exc_type, args.exc_value, args.exc_traceback), where)

    sys.excepthook = excepthook
    threading.excepthook = thread_hook
    return path
