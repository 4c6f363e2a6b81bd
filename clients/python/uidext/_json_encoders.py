"""pydantic 1.x and FastAPI write a TypeID as its text, as they write a ULID (a uuid.UUID).

Both look a value's encoder up in a dict of their own (pydantic.json.ENCODERS_BY_TYPE, which
`.json()` and FastAPI 0.92's jsonable_encoder read; fastapi.encoders.ENCODERS_BY_TYPE in later
FastAPI). TypeID -> str goes into each such dict when its module is loaded, before or after
uidext, without importing pydantic or FastAPI for applications that use neither.
"""
import importlib.abc
import importlib.util
import sys

_MODULES = ("pydantic.json", "fastapi.encoders")


def _register(module, value_type):
    encoders = getattr(module, "ENCODERS_BY_TYPE", None)
    if isinstance(encoders, dict):
        encoders.setdefault(value_type, str)


class _Loader(importlib.abc.Loader):
    """The module's own loader, then the registration."""

    def __init__(self, loader, value_type):
        self._loader, self._type = loader, value_type

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _register(module, self._type)


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, value_type):
        self._type = value_type
        self._finding = False

    def find_spec(self, name, path=None, target=None):
        if name not in _MODULES or self._finding:
            return None
        self._finding = True  # find the real spec through the other finders
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self._finding = False
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _Loader(spec.loader, self._type)
        return spec


def install(value_type):
    for name in _MODULES:
        if name in sys.modules:
            _register(sys.modules[name], value_type)
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder(value_type))
