"""The one YAML loader of every config (pipeline, `train sft|rl`, `data build`): a leaf module,
imported by the stages' settings (data/build.py, train/config.py, eval/config.py) and importing
none of them.

YAML files only override a dataclass's fields; `--set a.b=VALUE` overrides one after the file
(VALUE is read as YAML). Unknown keys and wrong types raise `ConfigError` with one line that
names the key, before any model is loaded. Floats may be written `1e-4` (PyYAML reads that as a
string; a float field takes it). A field whose type is a dataclass is a section (`verify:` is a
VerifyConfig). A dataclass may declare `YAML_RENAMED: ClassVar`, old flat keys and the dotted
place they moved to (`verify_device` -> `verify.device`: still read, with a warning), and
`YAML_NAME`, what its settings are called in errors.

We did not use transformers' `HfArgumentParser`: its YAML reader takes flat dataclasses only (no
nested `sft:`/`rl:` sections) and, like PyYAML, leaves `1e-4` a string. TRL's `TrlParser` is the
same parser with a `--config` flag. OmegaConf's structured configs would do the nesting and the
dotted overrides, but OmegaConf is not among the libraries this project pins (the brief's list:
torch, triton, transformers, trl, peft, accelerate, datasets, gguf, rich, typer, matplotlib,
pytest, hypothesis, ray, openai), and it would still need this module's one-line errors and the
renamed-key warnings around it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
import types
import typing
from dataclasses import fields
from pathlib import Path


class ConfigError(ValueError):
    """A user's config is malformed: printed as one line, no traceback."""


def warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def coerce(value, kind, where: str):
    """Check one YAML value against a dataclass field's type; ints, and strings such as '1e-4'
    (PyYAML 1.1 reads a float without a dot as a string), are accepted for floats."""
    origin = typing.get_origin(kind)
    if dataclasses.is_dataclass(kind):
        return from_dict(kind, value, where)
    if origin is typing.Literal:
        if value not in typing.get_args(kind):
            raise ConfigError(f"{where}: expected one of {list(typing.get_args(kind))}, got {value!r}")
        return value
    if origin is list:
        (item,) = typing.get_args(kind)
        if not isinstance(value, list):
            raise ConfigError(f"{where}: expected a list, got {value!r}")
        return [coerce(v, item, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(kind):
            return None
        kind = next(a for a in typing.get_args(kind) if a is not type(None))
        return coerce(value, kind, where)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if kind is float and isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            pass  # refused below, naming the key
    if kind is float and isinstance(value, float) and not math.isfinite(value):
        # no setting means anything at nan or inf: `temperature: .nan` sampled with nan logits
        raise ConfigError(f"{where}: expected a finite number, got {value!r}")
    if kind in (int, float, str, bool) and not (isinstance(value, kind) and not (kind is int and isinstance(value, bool))):
        raise ConfigError(f"{where}: expected {kind.__name__}, got {value!r}")
    return value


def _move_renamed(cls, raw: dict, where: str) -> dict:
    """Old flat keys (the class's YAML_RENAMED) moved to their section, each with a warning:
    `verify_device: cuda` -> `verify: {device: cuda}`."""
    raw = dict(raw)
    for old, new in getattr(cls, "YAML_RENAMED", {}).items():
        if old not in raw:
            continue
        warn(f"{where}.{old} is deprecated; write {where}.{new}")
        section, key = new.split(".")
        sub = raw.get(section)
        if sub is None:
            sub = {}
        elif not isinstance(sub, dict):
            raise ConfigError(f"{where}.{section}: expected a mapping of settings, got {sub!r}")
        if key in sub:
            raise ConfigError(f"{where}: both {new} and its old name {old} are set; keep {new}")
        raw[section] = {**sub, key: raw.pop(old)}
    return raw


def from_dict(cls, raw, where: str, base=None):
    """`cls` from a YAML mapping; with `base`, the mapping overrides that instance's values."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a mapping of settings, got {raw!r}")
    raw = _move_renamed(cls, raw, where)
    hints = typing.get_type_hints(cls)
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        what = getattr(cls, "YAML_NAME", "settings")  # a flat `data build` file says what it is
        raise ConfigError(f"{where}: unknown {what} {unknown} (known: {sorted(known)})")
    values = {k: _section(cls, k, v, f"{where}.{k}") if dataclasses.is_dataclass(hints[k])
              else coerce(v, hints[k], f"{where}.{k}") for k, v in raw.items()}
    try:  # a class that checks its own values (__post_init__) names the field, we name the place
        return dataclasses.replace(base, **values) if base is not None else cls(**values)
    except ConfigError as exc:
        raise ConfigError(f"{where}.{exc}") from None


def check_at_least(obj, lows: dict[str, float]) -> None:
    """A dataclass's __post_init__ check: each named field >= its low (None passes, as unset).
    The message starts with the field's name, so from_dict can put the section's place in front."""
    for name, low in lows.items():
        value = getattr(obj, name)
        if value is not None and not value >= low:
            raise ConfigError(f"{name} must be >= {low}, got {value!r}")


def _section(cls, name: str, raw, where: str):
    """A section overrides the field's own default, not its class's: `verify: {device: cpu}` in a
    build keeps the build's 120 s timeout rather than VerifyConfig's 60 s."""
    f = cls.__dataclass_fields__[name]
    base = f.default_factory() if f.default_factory is not dataclasses.MISSING else f.default
    return from_dict(type(base), raw, where, base)


def apply_overrides(raw: dict, overrides: list[str] | tuple[str, ...]) -> dict:
    """`--set rl.learning_rate=1e-4`: each VALUE read as YAML, written at its dotted path."""
    import yaml
    raw = dict(raw)
    for text in overrides:
        path, sep, value_text = text.partition("=")
        keys = path.strip().split(".")
        if not sep or not all(keys):
            raise ConfigError(f"--set {text!r}: expected KEY=VALUE, e.g. rl.learning_rate=1e-4")
        try:
            value = yaml.safe_load(value_text)
        except yaml.YAMLError as exc:
            raise ConfigError(f"--set {path}: value is not valid YAML ({str(exc).splitlines()[0]})") from None
        node = raw
        for i, key in enumerate(keys[:-1]):
            child = node.get(key)
            if child is None:
                child = {}
            elif not isinstance(child, dict):
                raise ConfigError(f"--set {path}: {'.'.join(keys[:i + 1])} is {child!r}, not a section")
            node[key] = child = dict(child)  # copies: the caller's dict stays as read
            node = child
        node[keys[-1]] = value
    return raw


def load_yaml(path: Path) -> dict:
    import yaml
    if not path.is_file():
        raise ConfigError(f"config file {path} does not exist")
    try:
        raw = yaml.safe_load(path.read_text()) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({str(exc).splitlines()[0]})") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level")
    return raw


def hash_record(settings) -> dict:
    """The settings a finished pipeline stage is known by (train/pipeline.py hashes this record): an
    explicit, versioned list rather than `asdict`, so that reorganising a dataclass cannot silently
    make every finished run look different. A class names its fields in `HASHED` (always in the
    record: version 1), `HASHED_IF_SET` (fields added after runs were made: in the record only
    away from their default, so those runs keep their hash) and `NOT_HASHED` (left out on purpose:
    where logs go, how the work is split); tests/test_train_config.py checks that every field, and
    every field of a section, is in exactly one of them. A section's field is named by its dotted
    path (`verify.n_trials`); `HASHED_AS` gives the record key of one that moved into a section
    (`verify.device` is recorded as `verify_device`, the flat field it was when runs were made)."""
    cls = type(settings)
    default = cls()
    key = getattr(cls, "HASHED_AS", {})
    record = {key.get(k, k): _dotted(settings, k) for k in cls.HASHED}
    record.update({key.get(k, k): _dotted(settings, k) for k in getattr(cls, "HASHED_IF_SET", ())
                   if _dotted(settings, k) != _dotted(default, k)})
    return json.loads(json.dumps(record, default=str))


def _dotted(obj, path: str):
    for name in path.split("."):
        obj = getattr(obj, name)
    return obj


def describe(settings, prefix: str = "") -> list[tuple[str, str, str]]:
    """(dotted key, default, help) of every setting of a dataclass instance, sections opened with
    their own defaults (`data.verify.timeout_s` is the build's 120, not VerifyConfig's 60): what
    `autotriton settings` lists, so no YAML key is known only from the source."""
    rows = []
    for f in fields(settings):
        value, key = getattr(settings, f.name), prefix + f.name
        if dataclasses.is_dataclass(value):
            rows += describe(value, key + ".")
        else:
            rows.append((key, json.dumps(value, default=str), f.metadata.get("help", "")))
    return rows
