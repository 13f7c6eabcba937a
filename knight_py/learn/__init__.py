"""The Learn view's engine: readable tour programs and a tracer that records every step.

>>> from knight_py.learn import PROGRAMS, run
>>> result = run(PROGRAMS["warnsdorff"].source, 5, 5, (4, 0), max_steps=100_000)
>>> result.status, result.valid
('done', True)
"""

from .programs import PROGRAM_IDS, PROGRAMS, Program
from .tracer import TraceChunk, TraceResult, run

__all__ = ["PROGRAMS", "PROGRAM_IDS", "Program", "TraceChunk", "TraceResult", "run"]
