"""The normal level's evaluation weights, kept as data: ``park/ai/weights.toml``.

The file is written by ``bench/tune_weights.py`` (self-play against the sparring partners with
CMA-ES, see there); its ``[tuning]`` table records the command and the result that produced
it, and its ``[normal]`` table holds one value for every field of :class:`Weights`.
"""

from __future__ import annotations

from dataclasses import Field, fields
from functools import cache
from typing import Any

from ..engine.errors import DataError
from .weights import Weights

WEIGHTS_FILE = "weights.toml"
"""The file, next to this module in the package."""


class WeightsError(DataError):
    """A weights file that cannot be used.

    Not TOML, a field missing, unknown or of the wrong type. The message names the field.
    """


def _is_int(spec: Field[Any]) -> bool:
    return spec.type in (int, "int")


def parse_weights(text: str) -> Weights:
    """The ``[normal]`` weights of a weights file's ``text`` (TOML).

    Every field of :class:`Weights` must be present with a number (an integer for an ``int``
    field), and nothing else. Raises :class:`WeightsError` otherwise.
    """
    import tomllib  # here, not with the module: it costs start-up time in Pyodide

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise WeightsError(f"the weights file is not valid TOML: {exc}") from None
    table = data.get("normal")
    if not isinstance(table, dict):
        raise WeightsError("the weights file has no [normal] table")
    known = {f.name: f for f in fields(Weights)}
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise WeightsError(f"unknown weights: {', '.join(unknown)}")
    missing = sorted(set(known) - set(table))
    if missing:
        raise WeightsError(f"weights missing: {', '.join(missing)}")
    values: dict[str, Any] = {}
    for name, spec in known.items():
        value = table[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise WeightsError(f"weight {name} must be a number, got {value!r}")
        if _is_int(spec):
            if not isinstance(value, int):
                raise WeightsError(f"weight {name} must be an integer, got {value!r}")
        else:
            value = float(value)
        values[name] = value
    return Weights(**values)


@cache
def shipped_weights() -> Weights:
    """The normal level's weights from the package's ``weights.toml`` (read once).

    Raises :class:`WeightsError` if the shipped file is broken (a packaging bug).
    """
    from importlib import resources

    text = resources.files("park.ai").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return parse_weights(text)


def format_weights(weights: Weights, tuning: dict[str, str]) -> str:
    """A weights file's text for ``weights``.

    With ``tuning`` (strings: how they were made) as its ``[tuning]`` table.
    :func:`parse_weights` reads it back to equal weights.
    """
    lines = ["# The normal level's evaluation weights (park.ai.weights.Weights).", ""]
    lines.append("[tuning]")
    for key, value in tuning.items():
        lines.append(f"{key} = {_toml_string(value)}")
    lines += ["", "[normal]"]
    for spec in fields(Weights):
        value = getattr(weights, spec.name)
        number = int(value) if _is_int(spec) else float(value)
        lines.append(f"{spec.name} = {number!r}")
    return "\n".join(lines) + "\n"


def _toml_string(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
