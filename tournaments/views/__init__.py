"""The tournament pages, a module per audience: public, player, console (the director),
desk (the entry desk and the day), activity, export (CSV), print (sheets, the TV view)."""
