"""The pages of the main window's sidebar."""
