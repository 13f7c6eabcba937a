"""build.py's parts: the project's paths (project), the memory snapshot (snapshot, with its
Node half snapshot.mjs) and the static server for dist/ (serve).  Standard library only."""
