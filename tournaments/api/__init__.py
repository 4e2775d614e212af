"""The tournaments API: the events and their draws (``tournaments``), registration, the
entry desk and the day's actions (``day``)."""
