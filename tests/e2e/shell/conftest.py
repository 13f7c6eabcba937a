"""What the shell's service-worker tests share: a copy of the built site on a server of
its own (`site`), which a test can stop, change into a newer build, and start again."""

from __future__ import annotations

import contextlib
import hashlib
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import build


class Site:
    """A copy of dist/ (files linked, not copied) on a server of its own. Stopped, it goes
    quite offline (its open keep-alive connections are cut: the browser would otherwise
    go on fetching through them); started again, it comes back on the same port (the
    same origin)."""

    port = 0

    def __init__(self, root: Path) -> None:
        self.root = root
        for item in build.DIST.iterdir():
            (root / item.name).symlink_to(item.resolve())
        self.server: Any = None

    def start(self) -> str:
        self.server = build.make_server(self.port, self.root, quiet=True)
        self.port = self.server.server_address[1]
        self.connections: list[socket.socket] = []
        accept = self.server.get_request

        def get_request() -> tuple[socket.socket, Any]:
            connection, address = accept()
            self.connections.append(connection)
            return connection, address

        self.server.get_request = get_request
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return build.url_of(self.server)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        for connection in self.connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def new_build(self) -> str:
        """A changed file makes a new build: new content hash, build.json, service worker
        (with the new hashes of the changed files, which it checks)."""
        style = self.root / "style.css"
        before = {"style.css": sha256_of(style), "build.json": sha256_of(self.root / "build.json")}
        text = style.read_text() + "\n/* a newer build */\n"
        style.unlink()
        style.write_text(text)
        manifest = json.loads((self.root / "build.json").read_text())
        old = manifest["build"]
        manifest["files"]["style.css"] = style.stat().st_size
        files = [self.root / name for name in manifest["files"]]
        manifest["build"] = build.site_hash(self.root, files)
        (self.root / "build.json").unlink()
        (self.root / "build.json").write_text(json.dumps(manifest))
        # The built service worker (a bundle) stamped with the new build instead.
        worker = (self.root / build.SERVICE_WORKER).read_text()
        assert worker.count(f'"{old}"') == 1, "the build's hash is stamped in one place"
        worker = worker.replace(f'"{old}"', f'"{manifest["build"]}"')
        for name, digest in before.items():
            assert worker.count(f'"{digest}"') == 1, f"{name}'s hash is stamped in one place"
            worker = worker.replace(f'"{digest}"', f'"{sha256_of(self.root / name)}"')
        (self.root / build.SERVICE_WORKER).unlink()
        (self.root / build.SERVICE_WORKER).write_text(worker)
        return str(manifest["build"])


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def site(tmp_path: Path, base_url: str) -> Iterator[Site]:
    """A Site in the test's tmp_path (`base_url` first: dist/ is built), stopped after."""
    site = Site(tmp_path)
    yield site
    if site.server:
        site.stop()
