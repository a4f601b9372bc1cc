"""A griffe extension for the documentation site (mkdocs.yml), for what a stub
file says differently from Python source:

- an overloaded function is declared by its overloads alone (a stub has no
  implementation), which griffe otherwise leaves out: the last overload, which
  carries the docstring, becomes the function;
- a compiled class is built by ``__new__`` (there is no ``__init__``): its
  parameters become the class's signature, which the class docstring documents.
"""

from __future__ import annotations

from typing import Any

import griffe


def _in_stub(obj: griffe.Object) -> bool:
    return str(obj.filepath).endswith(".pyi")


class StubOverloads(griffe.Extension):
    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if not _in_stub(mod):
            return
        for name, overloads in list(mod.overloads.items()):
            if name not in mod.members and overloads:
                function = overloads[-1]
                function.overloads = list(overloads)
                mod.set_member(name, function)
                del mod.overloads[name]

    def on_class_members(self, *, cls: griffe.Class, **kwargs: Any) -> None:
        new = cls.members.get("__new__")
        if not _in_stub(cls) or "__init__" in cls.members or not isinstance(new, griffe.Function):
            return
        parameters = [p for p in new.parameters if p.name != "cls"]
        init = griffe.Function(
            "__init__",
            lineno=new.lineno,
            endlineno=new.endlineno,
            parameters=griffe.Parameters(griffe.Parameter("self"), *parameters),
        )
        cls.set_member("__init__", init)
