"""How deep JSON text nests, found without parsing it.

Python's JSON parser could overflow the stack (a small one in the browser) on hostile text, so a
save or a record is measured with :func:`json_depth` before it is parsed.
"""

from __future__ import annotations

import re

_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)|[\[\]{}]')
"""A JSON string (an unclosed one runs to the end: one match, never backtracked) or a bracket."""


def json_depth(text: str, limit: int) -> int:
    """How deep JSON arrays and objects nest in ``text`` (brackets inside strings aside).

    Counted no further than ``limit + 1``: a result above ``limit`` means "too deep".
    """
    depth = deepest = 0
    for token in _JSON_TOKEN.findall(text):
        if token[0] == '"':
            continue
        depth += 1 if token in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
    return deepest
