"""Private helpers every layer may use: argument converters (`args`), optional
extras (`extras`), progress and range splitting (`progress`), safe file
writes (`files`), strict JSON (`json`), player names (`names`) and an error's place (`errors`).

Nothing here is public API: import the public names from `cribbage_fast`.
"""

__all__: list[str] = []
