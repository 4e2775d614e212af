from tests.ladders.helpers import sim_clock  # noqa: F401  (a fixture)
