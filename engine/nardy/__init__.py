"""Long nardy (rules-long-nardy.md): rule options, the compiled move generator and the
variant the engine core uses.

* ``rules.NardyRules``      the regulation (block rule, koks, last-roll equalisation)
* ``variant.NardyVariant``  the engine's variant protocol: validate, generate, verdicts
* ``board`` / ``movegen``   compiled (numba) helpers and the legal-play walk
* ``generate``              one position or a whole batch inside compiled code
* ``selfplay``              seeded positions and dice for tests and benchmarks
"""
