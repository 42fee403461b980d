"""PyTorch's graph-break messages, read once for the whole capture: the site and reason of a
``dynamo_graph_break_reason`` payload, the graph-break type of a structured message (2.8+), the
user's own frame in its traceback, and the line in a resume frame's name (older logs). Only what a
compile-trace/1 ``break`` event and a ``fallback`` reason need; the Java readers parse the same
messages for their own sources. Standard library only.

    >>> parse_break("Graph break in user code at /m/model.py:31\\nReason: Unsupported: builtin: print")
    Break(path='/m/model.py', line=31, reason='Unsupported: builtin: print', gb_id=None, explanation=None, hints=(), user_frame=None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .contract import GB_ID

NO_REASON = "graph break (no reason logged)"

_BREAK_AT = re.compile(r"Graph break(?: \(.*?\))? in user code at (.+):(\d+)\s*$")
_RESUME = re.compile(r"torch_dynamo_resume_in_(.+)_at_(\d+)$")
_EXPLANATION = re.compile(r"^\s*Explanation:(.*)$")
_HINT = re.compile(r"^\s*Hint:(.*)$")
_DEBUG_CONTEXT = re.compile(r"^\s*Developer debug context:")
_GB_LINK = re.compile(r"/gb/(gb[0-9]+)\.html", re.IGNORECASE)
_FRAME = re.compile(r'^\s+File "(.+)", line (\d+)')
_MESSAGE_END = ("User code traceback:", "Traceback (most recent call last):")
_REASON_PREFIXES = ("Graph Break Reason:", "Reason:")


@dataclass(frozen=True)
class Break:
    """One graph break as PyTorch logged it: ``path`` exactly as logged, ``reason`` the graph-break
    type where the message is structured (2.8+: ``Failed to trace builtin operator``, with ``gb_id``,
    ``explanation`` and ``hints``), else its free text; ``user_frame`` the innermost (path, line) of
    the user code traceback outside PyTorch."""

    path: str
    line: int
    reason: str
    gb_id: str | None = None
    explanation: str | None = None
    hints: tuple[str, ...] = ()
    user_frame: tuple[str, int] | None = None


@dataclass(frozen=True)
class _Message:
    reason: str
    gb_id: str | None = None
    explanation: str | None = None
    hints: tuple[str, ...] = ()


def _until_traceback(lines: list[str]) -> list[str]:
    for i, line in enumerate(lines):
        if line.strip() in _MESSAGE_END:
            return lines[:i]
    return lines


def _structured(text: str) -> _Message | None:
    """The parts of a structured message (2.8+), or None for free text. The type is the last
    non-blank line before ``  Explanation:`` (without ``Graph Break Reason: ``); gb_id comes from
    the link ending ``gb/gbNNNN.html``; one hint per ``Hint:`` line, continuation lines joined."""
    lines = _until_traceback(text.splitlines())
    at = next((i for i, line in enumerate(lines) if _EXPLANATION.match(line)), None)
    if at is None:
        return None
    gb_type = next((line.strip() for line in reversed(lines[:at]) if line.strip()), "")
    gb_type = gb_type.removeprefix("Graph Break Reason:").strip()
    if not gb_type:
        return None
    first = _EXPLANATION.match(lines[at])
    explanation = [first.group(1).strip()] if first else []
    hints: list[str] = []
    section: str | None = "explanation"
    for line in lines[at + 1:]:
        if not line.strip():
            section = None
            continue
        hint = _HINT.match(line)
        if hint:
            hints.append(hint.group(1).strip())
            section = "hint"
        elif _DEBUG_CONTEXT.match(line) or _GB_LINK.search(line):
            section = None
        elif section == "explanation":
            explanation.append(line.strip())
        elif section == "hint":
            hints[-1] = f"{hints[-1]}\n{line.strip()}"
    link = _GB_LINK.search("\n".join(lines))
    gb_id = link.group(1).upper() if link else None
    return _Message(gb_type, gb_id if gb_id and GB_ID.fullmatch(gb_id) else None,   # another form: left out
                    "\n".join(part for part in explanation if part) or None, tuple(hints))


def _message(text: str, free_text: bool) -> _Message:
    """The graph-break type and its parts where the message is structured, else the text of its
    ``Reason:`` line, else (``free_text``) its first line, else NO_REASON."""
    structured = _structured(text)
    if structured is not None:
        return structured
    lines = _until_traceback([line.strip() for line in text.splitlines() if line.strip()])
    for line in lines:
        for prefix in _REASON_PREFIXES:
            if line.startswith(prefix) and line[len(prefix):].strip():
                return _Message(line[len(prefix):].strip())
    return _Message(lines[0] if lines and free_text else NO_REASON)


def message_type(text: object) -> str | None:
    """The graph-break type of a structured message (a 2.8+ ``fail_reason``: ``Dynamo recompile
    limit exceeded``), or None for free text."""
    structured = _structured(text) if isinstance(text, str) else None
    return structured.reason if structured else None


def _is_pytorch(path: str) -> bool:
    path = path.replace("\\", "/")
    return path.startswith("torch/") or "/site-packages/torch/" in path or "/dist-packages/torch/" in path


_POSIX_STDLIB = re.compile(r"(^|/)lib/python3\.[0-9]+/(?!(site|dist)-packages/)")
_WINDOWS_STDLIB = re.compile(r"(^|/)Lib/(?!site-packages/)")
_WINDOWS_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def _is_standard_library(path: str) -> bool:
    """The rule of the Java side's UserFrame.isStandardLibrary (docs/assertj.md, "Break kinds")."""
    if path.startswith("<frozen "):
        return True
    windows = "\\" in path or bool(_WINDOWS_DRIVE.match(path))
    path = path.replace("\\", "/")
    return bool(_POSIX_STDLIB.search(path)) or windows and bool(_WINDOWS_STDLIB.search(path))


def user_frame(lines: list[str]) -> tuple[str, int] | None:
    """(path, line) of the innermost frame of the first ``User code traceback:`` whose file is
    neither PyTorch's (``torch/``, ``site-packages/torch/``, ``dist-packages/torch/``) nor the
    standard library's (``lib/python3.N/`` outside ``site-packages``/``dist-packages``, Windows
    ``Lib\\``, ``<frozen ...>``), or None."""
    try:
        start = [line.strip() for line in lines].index("User code traceback:") + 1
    except ValueError:
        return None
    frame = None
    for line in lines[start:]:
        if not line.strip() or not line[0].isspace():
            break
        m = _FRAME.match(line)
        if m and not _is_pytorch(m.group(1)) and not _is_standard_library(m.group(1)):
            frame = (m.group(1), int(m.group(2)))
    return frame


def parse_break(payload: object) -> Break | None:
    """The break of a ``dynamo_graph_break_reason`` payload (``Graph break in user code at FILE:LINE``
    and the message after it), or None when the payload names no site."""
    if not isinstance(payload, str):
        return None
    lines = payload.splitlines()
    for i, line in enumerate(lines):
        m = _BREAK_AT.match(line.strip())
        if m:
            message = _message("\n".join(lines[i + 1:]), free_text=False)
            return Break(m.group(1), int(m.group(2)), message.reason, message.gb_id, message.explanation,
                         message.hints, user_frame(lines))
    return None


def resume_line(code_name: str) -> int | None:
    """The line in a resume frame's name (``torch_dynamo_resume_in_<fn>_at_<line>``), or None."""
    m = _RESUME.match(code_name)
    return int(m.group(2)) if m else None


def restart_break(path: str, line: int, restart_reason: str | None) -> Break:
    """The break of an older log, which marks it only by a ``restart_reasons`` entry and the resume
    frame (``path`` and ``line`` from the resume frame)."""
    message = _message(restart_reason, free_text=True) if restart_reason else _Message(NO_REASON)
    return Break(path, line, message.reason, message.gb_id, message.explanation, message.hints)
