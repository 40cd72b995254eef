"""A link to the hub that can go silent: a loopback TCP proxy in the test's process.

`link = SilentLink(host, port)`; point a desk at `link.port`. `link.go_silent()` is the far side dying behind a box
that still speaks TCP (a NAT or VPN box, a bridge whose uplink dropped): every connection open now stays open, what
either side sends is read (so the kernel acknowledges it, and keepalives stay content) and never forwarded, and no
FIN or RST ever comes. New connections made while silent get the same. `link.heal()`: connections made from then on
pass again (the ones it silenced stay dead, as after a real outage). `link.close()` ends everything.
"""

from __future__ import annotations

import socket
import threading


class SilentLink:
    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.silent = False
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._pairs: list[tuple[socket.socket, socket.socket, dict]] = []
        self._threads: list[threading.Thread] = []
        self._start(self._accept)

    def _start(self, target, *args) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True, name="silent-link")
        self._threads.append(thread)
        thread.start()

    def go_silent(self) -> None:
        with self._lock:
            self.silent = True
            for _client, _server, state in self._pairs:
                state["dead"] = True

    def heal(self) -> None:
        with self._lock:
            self.silent = False

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(self.target)
            with self._lock:
                state = {"dead": self.silent}
                self._pairs.append((client, server, state))
            self._start(self._pipe, client, server, state)
            self._start(self._pipe, server, client, state)

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket, state: dict) -> None:
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                return
            if not data:
                if not state["dead"]:
                    try:
                        dst.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass
                return
            if state["dead"]:
                continue  # read, acknowledged by the kernel, and dropped
            try:
                dst.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        try:
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() waiting in its thread (Linux)
        except OSError:
            pass
        self._listener.close()
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for client, server, _state in pairs:
            for sock in (client, server):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
        for thread in self._threads:
            thread.join(5)
