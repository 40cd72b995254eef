"""Rules engines: pure Python, no Qt, no SQL, no I/O."""
