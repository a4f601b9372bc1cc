"""A griffe extension for the documentation site (mkdocs.yml): a stub file
declares an overloaded function by its overloads alone (a stub has no
implementation), which griffe otherwise leaves out. The last overload, which
carries the docstring, becomes the function; all of them stay its overloads."""

from __future__ import annotations

from typing import Any

import griffe


class StubOverloads(griffe.Extension):
    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if not mod.filepath or not str(mod.filepath).endswith(".pyi"):
            return
        for name, overloads in list(mod.overloads.items()):
            if name not in mod.members and overloads:
                function = overloads[-1]
                function.overloads = list(overloads)
                mod.set_member(name, function)
                del mod.overloads[name]
