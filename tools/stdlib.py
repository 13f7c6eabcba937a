"""The trimmed standard library: the files of Pyodide's python_stdlib.zip that a start
imports, in a zip of their own, so that a plain start downloads ~0.7 MB instead of 2.5 MB.

Which files: those tools/snapshot.mjs saw imported while Pyodide started in Node, unpacked
knight_py, imported all of it and ran every command the worker offers (an error's
traceback included), plus the common codecs and Pyodide's own two packages whole (its
API imports their modules lazily). The entries are stored, not deflated: gzip over the
whole file then finds what the modules share (0.95 MB -> 0.65 MB against deflate per file),
and zipimport reads them without inflating.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

__all__ = ["ALWAYS", "trimmed_stdlib"]

# Packages kept whole, and codecs that a later decode may look up by name.
ALWAYS_PACKAGES = ("pyodide/", "_pyodide/")
ALWAYS = (
    "encodings/__init__.py",
    "encodings/aliases.py",
    "encodings/ascii.py",
    "encodings/cp1252.py",
    "encodings/idna.py",
    "stringprep.py",  # encodings.idna imports it
    "encodings/latin_1.py",
    "encodings/utf_16.py",
    "encodings/utf_32.py",
    "encodings/utf_8.py",
    "encodings/utf_8_sig.py",
)


def trimmed_stdlib(full: Path, imported: list[str], target: Path) -> Path:
    """Write to `target` the files of the zip `full` that `imported` names, with ALWAYS;
    the same inputs give the same bytes (fixed timestamps, sorted names)."""
    with zipfile.ZipFile(full) as source:
        names = set(source.namelist())
        keep = {name for name in imported if name in names}
        keep |= {name for name in ALWAYS if name in names}
        keep |= {name for name in names if name.startswith(ALWAYS_PACKAGES)}
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
            for name in sorted(keep):
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                info.external_attr = 0o644 << 16
                out.writestr(info, source.read(name))
    return target
