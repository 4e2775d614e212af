"""The pure ratings and rankings (no Django): the FIBS rating formula (``ratings``) and
GP-style ranking points (``rankings``). ``leaderboard.services`` wraps them with the ORM."""
