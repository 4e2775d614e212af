"""Reads of the tournaments app: events, draws and standings (``tournaments``),
registration, the entry desk and the day (``day``)."""
