"""The Qt user interface: widgets translate user input into service calls, nothing more."""
