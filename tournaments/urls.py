from django.urls import path

from tournaments import views, views_console, views_desk, views_event, views_export, views_print

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/new/", views_console.tournament_create, name="tournament_create"),
    path("tournaments/format-settings/", views_console.format_settings, name="format_settings"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/bracket/", views.bracket, name="bracket"),
    path("tournaments/<int:pk>/crosstable/", views.crosstable, name="crosstable"),
    path("tournaments/<int:pk>/standings/", views.standings, name="standings"),
    path("tournaments/<int:pk>/draw-sheet/", views.draw_sheet, name="draw_sheet"),
    path("tournaments/<int:pk>/score-sheets/", views_print.score_sheets, name="score_sheets"),
    path("tournaments/<int:pk>/bracket/print/", views_print.bracket_print, name="bracket_print"),
    path("tournaments/<int:pk>/tv/", views_print.tv, name="tv"),
    path("tournaments/<int:pk>/results.csv", views_export.results_csv, name="results_csv"),
    path("tournaments/<int:pk>/standings.csv", views_export.standings_csv, name="standings_csv"),
    # the director's console
    path("tournaments/<int:pk>/console/", views_console.console, name="console"),
    path("tournaments/<int:pk>/console/settings/", views_console.console_update, name="console_update"),
    path("tournaments/<int:pk>/console/players/", views_console.console_player_search,
         name="console_player_search"),
    path("tournaments/<int:pk>/console/entries/", views_console.console_add_entry,
         name="console_add_entry"),
    path("tournaments/<int:pk>/console/entries/<int:entry_pk>/remove/",
         views_console.console_remove_entry, name="console_remove_entry"),
    path("tournaments/<int:pk>/console/seeds/", views_console.console_seeds, name="console_seeds"),
    path("tournaments/<int:pk>/console/status/", views_console.console_status, name="console_status"),
    path("tournaments/<int:pk>/console/draw/", views_console.console_draw, name="console_draw"),
    path("tournaments/<int:pk>/console/next-round/", views_console.console_next_round,
         name="console_next_round"),
    path("tournaments/<int:pk>/console/results/<int:pairing_pk>/", views_console.console_result,
         name="console_result"),
    path("tournaments/<int:pk>/console/walkovers/<int:pairing_pk>/", views_console.console_walkover,
         name="console_walkover"),
    path("tournaments/<int:pk>/console/conflicts/<int:conflict_pk>/", views_console.console_conflict,
         name="console_conflict"),
    # the entry desk and the day's tools
    path("tournaments/<int:pk>/desk/", views_desk.desk, name="desk"),
    path("tournaments/<int:pk>/desk/settings/", views_desk.desk_settings, name="desk_settings"),
    path("tournaments/<int:pk>/desk/registrations/<int:registration_pk>/", views_desk.desk_decide,
         name="desk_decide"),
    path("tournaments/<int:pk>/desk/entries/<int:entry_pk>/<slug:what>/", views_desk.desk_entry,
         name="desk_entry"),
    path("tournaments/<int:pk>/desk/late-entry/", views_desk.desk_late_entry, name="desk_late_entry"),
    path("tournaments/<int:pk>/desk/apart/", views_desk.desk_apart, name="desk_apart"),
    path("tournaments/<int:pk>/desk/pairings/<int:pairing_pk>/<slug:what>/", views_desk.desk_pairing,
         name="desk_pairing"),
    # players: registration, check-in, at the table
    path("tournaments/<int:pk>/register/", views_event.register, name="register"),
    path("tournaments/<int:pk>/leave/", views_event.leave, name="leave"),
    path("tournaments/<int:pk>/check-in/", views_event.check_in, name="check_in"),
    path("pairings/<int:pairing_pk>/present/", views_event.present, name="present"),
    # players
    path("my-matches/", views.my_matches, name="my_matches"),
    path("my-matches/<int:match_pk>/score/", views.my_match_score, name="my_match_score"),
    path("my-matches/results/<int:result_pk>/<str:answer>/", views.my_result_answer,
         name="my_result_answer"),
]
