"""Pure-Python reference implementations (clarity over speed), used as test oracles.

They never import the Rust core.
"""
