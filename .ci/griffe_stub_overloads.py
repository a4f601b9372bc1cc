"""A griffe extension for the documentation site (mkdocs.yml), for what a stub
file says differently from Python source:

- an overloaded function is declared by its overloads alone (a stub has no
  implementation), which griffe otherwise leaves out: it becomes one function
  with one signature, the docstring of its last overload, and each parameter
  and the return typed by the union of what the overloads say (so the page
  shows the call once, not once per overload);
- an overloaded function of Python source is shown by its implementation's
  signature alone (the union of its overloads), not once per overload too;
- a compiled class is built by ``__new__`` (there is no ``__init__``): its
  parameters become the class's signature, which the class docstring documents.
"""

from __future__ import annotations

from typing import Any

import griffe


def _in_stub(obj: griffe.Object) -> bool:
    return str(obj.filepath).endswith(".pyi")


def _union(annotations: list[Any]) -> Any:
    """One annotation for what the overloads give: theirs when they agree,
    else their union as text, in the overloads' order."""
    texts = list(dict.fromkeys(str(a) for a in annotations if a is not None))
    if len(texts) <= 1:
        return next((a for a in annotations if a is not None), None)
    return " | ".join(texts)


def _merged(overloads: list[griffe.Function]) -> griffe.Function:
    """The function of `overloads`: the last one (it carries the docstring)
    with every parameter's annotation and the return merged, and a default
    where any overload gives one."""
    function = overloads[-1]
    parameters = []
    for parameter in function.parameters:
        same = [o.parameters[parameter.name] for o in overloads if parameter.name in o.parameters]
        default = next((p.default for p in same if p.default is not None), None)
        parameters.append(
            griffe.Parameter(
                parameter.name,
                annotation=_union([p.annotation for p in same]),
                kind=parameter.kind,
                default=default,
            )
        )
    function.parameters = griffe.Parameters(*parameters)
    function.returns = _union([o.returns for o in overloads])
    function.overloads = None
    return function


class StubOverloads(griffe.Extension):
    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if not _in_stub(mod):
            for member in mod.members.values():
                if isinstance(member, griffe.Function) and member.overloads:
                    member.overloads = None
            return
        for name, overloads in list(mod.overloads.items()):
            if name not in mod.members and overloads:
                mod.set_member(name, _merged(overloads))
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
