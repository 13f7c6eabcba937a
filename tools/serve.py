"""The static server for dist/: explicit MIME types, the CSP, cross-origin isolation, and
the build's precompressed `.gz` copies sent with Content-Encoding: gzip to browsers that
accept it (tools/compress.py)."""

from __future__ import annotations

import email.utils
import http.server
import os
import sys
from functools import partial
from pathlib import Path

from .project import DIST

__all__ = [
    "CSP", "MIME_TYPES", "WORKER_CSP", "Handler", "Server", "csp_for", "make_server", "url_of"
]

# Only the page's own origin; WebAssembly compilation needs 'wasm-unsafe-eval', and the
# hashes allow index.html's one inline script (tests/web/index.test.mjs checks it) and the
# Learn sandbox frame's (web/learn/sandbox-frame.js), which inherits this policy and
# narrows it; its worker's code and Pyodide's glue code in there come as blob: URLs.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' "
    "'sha256-+YeN/XqmGBIAuFR/KOxQrWwMOLYGICtn1graiLAD1IA=' "
    "'sha256-kf9KdSraK7jeR2wxLfMCLddesWmRp+KKeA67kwwanZY=' blob:; worker-src 'self' blob:; "
    "connect-src 'self' data:; img-src 'self' data:; style-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
# The workers' own policy (a worker takes the CSP of its script's response): the page's.
# The solver worker imports Pyodide's glue code from a blob: URL, decoded from its
# compressed copy; it, the Learn sandbox's worker and the service worker decode Zstandard
# with zstddec, which loads its own WebAssembly from a data: URL (hence data: above).
WORKER_CSP = CSP
WORKERS = ("/worker.mjs", "/service-worker.mjs")
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".zst": "application/zstd",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


def csp_for(path: str) -> str:
    """The CSP a file of dist/ is served with, by its path ("/worker.mjs"). The service
    worker serves pages and workers with the same (tools/site.py stamps it in).

    >>> csp_for("/worker.mjs") == WORKER_CSP, csp_for("/") == CSP
    (True, True)
    """
    return WORKER_CSP if path.endswith(WORKERS) else CSP


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, the CSP and cross-origin isolation headers."""

    protocol_version = "HTTP/1.1"  # keep-alive: one connection serves many small modules
    # Headers and body go out in two writes; with Nagle's algorithm the body then waits
    # for the client's delayed ACK (about 40 ms on Linux), on every response.
    disable_nagle_algorithm = True
    quiet = False
    isolate = True

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", csp_for(self.path.split("?")[0]))
        if self.isolate:
            # Cross-origin isolation lets Stop interrupt Python instead of restarting it.
            # credentialless, not require-corp: the page loads nothing from elsewhere, so
            # both isolate it alike; but under require-corp WebKit refuses the worker the
            # Learn sandbox frame starts (a blob: URL of an opaque origin), and WebKit,
            # which does not know credentialless, has no SharedArrayBuffer to gain.
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "credentialless")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        """The `.gz` copy of the file asked for, when there is one and gzip is accepted."""
        path = self.translate_path(self.path)
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and os.path.isfile(path + ".gz")):
            return super().send_head()
        if os.path.getmtime(path + ".gz") < os.path.getmtime(path):
            return super().send_head()  # a copy older than its file is stale: never send it
        try:
            source = open(path + ".gz", "rb")  # noqa: SIM115 (closed by the caller, as in super())
        except OSError:
            return super().send_head()
        stat = os.fstat(source.fileno())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return source

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        known = MIME_TYPES.get(Path(path).suffix.lower())
        return known or super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that drops a connection (navigating away) is not an error worth a trace.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    port: int = 0, directory: Path = DIST, quiet: bool = False, isolate: bool = True
) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0: any free port); call serve_forever.

    `isolate=False` leaves out the cross-origin isolation headers, as many static hosts
    do; the page then stops a search by restarting its worker.
    """
    handler = type("DistHandler", (Handler,), {"quiet": quiet, "isolate": isolate})
    return Server(("127.0.0.1", port), partial(handler, directory=str(directory)))


def url_of(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"
