"""The tournaments forms: setting an event up (``tournament``), registration, the entry
desk and the day (``day``)."""
