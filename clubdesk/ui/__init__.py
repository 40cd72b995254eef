"""The Qt user interface: widgets translate user input into service calls, nothing more."""

from clubdesk.ui import qt_import_hook

# First thing, before any window module imports PySide6 and the desk's libraries after it (see the module).
qt_import_hook.install()
