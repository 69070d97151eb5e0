"""Text from users (scenario files, file names, arguments) made inert for plain-text output.

One definition for the terminal (checker/cli/output.py) and for markdown (checker/scenarios/answer_markdown.py).
"""

from __future__ import annotations

import re

from reference.yamlsource import CONTROL

_SURROGATE = re.compile(r"[\ud800-\udfff]")
BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Bidirectional controls: they reorder the text around them on screen, so that what is shown is not what is
written (zero-width joiners, which some scripts need, are left alone)."""


def _surrogate(char: str) -> str:
    code = ord(char)
    return f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def inert(text: str) -> str:
    """``text`` with every character that could drive a terminal, or that no terminal can be sent, made visible.

    Control characters (ESC, CSI, ...) show as ``\\xNN`` and bidirectional controls as ``\\uNNNN``; a lone
    surrogate, which is how Python holds a byte of a file name or an argument that is not UTF-8, shows as that
    byte, ``\\xNN`` (``\\uNNNN`` if it stands for none).
    Tab and newline stay. Inert text is unchanged by a second pass.
    """
    shown = CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    shown = BIDI.sub(lambda m: f"\\u{ord(m.group()):04x}", shown)
    return _SURROGATE.sub(lambda m: _surrogate(m.group()), shown)
