"""Header tags of a transcript and the match rules they stand for (match-play.md §6.2)."""

from __future__ import annotations

from engine.errors import EngineError, TranscriptError
from engine.match import MatchRules
from engine.nardy.rules import BLOCK_RULES

VARIATIONS = {"backgammon": "backgammon", "longnardy": "nardy"}
VARIATION_TAGS = {"backgammon": "Backgammon", "nardy": "LongNardy"}

# Tag -> MatchRules field, for the On/Off options.
SWITCH_TAGS = {
    "Crawford": "crawford",
    "Holland": "holland",
    "Jacoby": "jacoby",
    "Beaver": "beavers",
    "CubeUse": "cube",
    "Koks": "koks",
    "LastRoll": "last_roll",
}
MONEY_OPTIONS = ("jacoby", "beavers")
# Variant options that are not match scoring; kept verbatim for the game engine.
OPTION_TAGS = ("BlockRule", "NextGameStarter")
OPTION_VALUES = {
    "BlockRule": frozenset(BLOCK_RULES),
    "NextGameStarter": frozenset({"alternate", "winner", "roll"}),
}
RULE_TAGS = frozenset({"Variation", "CubeLimit", "DrawPoints", *SWITCH_TAGS, *OPTION_TAGS})


def _at(line: int | None) -> str:
    return f"Line {line}: " if line is not None else ""


def variant_of(tags: dict[str, str], line: int | None = None) -> str | None:
    """The variant a ``Variation`` tag names, None when there is no tag."""
    if "Variation" not in tags:
        return None
    name = tags["Variation"]
    variant = VARIATIONS.get(name.replace(" ", "").lower())
    if variant is None:
        raise TranscriptError(
            "unknown_variant",
            f"{_at(line)}The transcript is for the variation {name!r}; this checker knows Backgammon "
            "and LongNardy.",
            line=line,
        )
    return variant


def _switch(tag: str, value: str, line: int | None) -> bool:
    lowered = value.strip().lower()
    if lowered in ("on", "yes", "true", "1"):
        return True
    if lowered in ("off", "no", "false", "0"):
        return False
    raise TranscriptError(
        "bad_tag", f'{_at(line)}The tag {tag} is "On" or "Off", not {value!r}.', line=line
    )


def rules_from_tags(
    variant: str, length: int, tags: dict[str, str], lines: dict[str, int] | None = None
) -> tuple[MatchRules, tuple[tuple[str, str], ...]]:
    """The match rules and the variant options that the header tags set."""
    lines = lines or {}
    options: dict[str, object] = {}
    for tag, name in SWITCH_TAGS.items():
        if tag in tags:
            value = _switch(tag, tags[tag], lines.get(tag))
            if length > 0 and name in MONEY_OPTIONS:
                continue  # money-play settings never apply to a match (§1.5); XG writes them
            options[name] = value
    try:
        if "CubeLimit" in tags:
            options["cube_limit"] = int(tags["CubeLimit"])
        if "DrawPoints" in tags:
            options["draw_points"] = float(tags["DrawPoints"])
            if options["draw_points"] == 1:
                options["draw_points"] = 1
    except ValueError:
        tag = "CubeLimit" if "cube_limit" not in options else "DrawPoints"
        raise TranscriptError(
            "bad_tag",
            f"{_at(lines.get(tag))}The tag {tag} must be a number, not {tags[tag]!r}.",
            line=lines.get(tag),
        ) from None
    try:
        rules = MatchRules.for_variant(variant, length, **options)
    except EngineError as error:
        raise TranscriptError(error.code, error.message) from None
    for tag, allowed in OPTION_VALUES.items():
        if tag in tags and tags[tag].strip().lower() not in allowed:
            raise TranscriptError(
                "bad_tag",
                f"{_at(lines.get(tag))}The tag {tag} is one of "
                f"{', '.join(sorted(allowed))}, not {tags[tag]!r}.",
                line=lines.get(tag),
            )
    variant_options = tuple((tag, tags[tag]) for tag in OPTION_TAGS if tag in tags)
    return rules, variant_options


def tags_for_rules(rules: MatchRules) -> list[tuple[str, str]]:
    """The rule tags a writer puts in the header: the variation of long nardy and every
    option that differs from the variant's defaults."""
    defaults = MatchRules.for_variant(rules.variant, rules.length)
    tags: list[tuple[str, str]] = []
    if rules.variant != "backgammon":
        tags.append(("Variation", VARIATION_TAGS[rules.variant]))
    for tag, name in SWITCH_TAGS.items():
        value = getattr(rules, name)
        if value != getattr(defaults, name):
            tags.append((tag, "On" if value else "Off"))
    if rules.cube_limit is not None:
        tags.append(("CubeLimit", str(rules.cube_limit)))
    if rules.draw_points != defaults.draw_points:
        tags.append(("DrawPoints", str(rules.draw_points)))
    return tags
