"""The chouette reads: sessions, tables and records (``sessions``); night ledgers,
settlements and the club's season table (``ledgers``)."""
