"""A folder served on 127.0.0.1 from a thread, for the benchmarks that load the page.

>>> import http.server, tempfile, urllib.request
>>> folder = tempfile.mkdtemp()
>>> _ = (Path(folder) / "a.txt").write_text("hi")
>>> site = ServedFolder(Path(folder), http.server.SimpleHTTPRequestHandler)
>>> urllib.request.urlopen(site.base + "a.txt").read()
b'hi'
>>> site.close()
"""

from __future__ import annotations

import http.server
import threading
from functools import partial
from pathlib import Path

import build

__all__ = ["ServedFolder"]




class ServedFolder:
    """`root` served by `handler` (a request handler class taking `directory=`) until close()."""

    def __init__(self, root: Path, handler: type[http.server.SimpleHTTPRequestHandler]) -> None:
        self.server = build.Server(("127.0.0.1", 0), partial(handler, directory=str(root)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = build.url_of(self.server)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
