"""A clock the tests move by hand: windows and services take `now` as an injected callable."""


class FakeClock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t
