from django.urls import path

from tournaments.views import activity, console, desk, export, player, public
from tournaments.views import print as print_views

app_name = "tournaments"

urlpatterns = [
    path("tournaments/", public.tournament_list, name="tournament_list"),
    path("tournaments/new/", console.tournament_create, name="tournament_create"),
    path("tournaments/format-settings/", console.format_settings, name="format_settings"),
    path("tournaments/<int:pk>/", public.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:pk>/bracket/", public.bracket, name="bracket"),
    path("tournaments/<int:pk>/crosstable/", public.crosstable, name="crosstable"),
    path("tournaments/<int:pk>/standings/", public.standings, name="standings"),
    path("tournaments/<int:pk>/draw-sheet/", public.draw_sheet, name="draw_sheet"),
    path("tournaments/<int:pk>/score-sheets/", print_views.score_sheets, name="score_sheets"),
    path("tournaments/<int:pk>/bracket/print/", print_views.bracket_print, name="bracket_print"),
    path("tournaments/<int:pk>/tv/", print_views.tv, name="tv"),
    path("tournaments/<int:pk>/results.csv", export.results_csv, name="results_csv"),
    path("tournaments/<int:pk>/standings.csv", export.standings_csv, name="standings_csv"),
    # the director's console
    path("tournaments/<int:pk>/console/", console.console, name="console"),
    path("tournaments/<int:pk>/console/settings/", console.console_update, name="console_update"),
    path("tournaments/<int:pk>/console/players/", console.console_player_search,
         name="console_player_search"),
    path("tournaments/<int:pk>/console/entries/", console.console_add_entry,
         name="console_add_entry"),
    path("tournaments/<int:pk>/console/entries/<int:entry_pk>/remove/",
         console.console_remove_entry, name="console_remove_entry"),
    path("tournaments/<int:pk>/console/seeds/", console.console_seeds, name="console_seeds"),
    path("tournaments/<int:pk>/console/status/", console.console_status, name="console_status"),
    path("tournaments/<int:pk>/console/draw/", console.console_draw, name="console_draw"),
    path("tournaments/<int:pk>/console/next-round/", console.console_next_round,
         name="console_next_round"),
    path("tournaments/<int:pk>/console/results/<int:pairing_pk>/", console.console_result,
         name="console_result"),
    path("tournaments/<int:pk>/console/walkovers/<int:pairing_pk>/", console.console_walkover,
         name="console_walkover"),
    path("tournaments/<int:pk>/console/conflicts/<int:conflict_pk>/", console.console_conflict,
         name="console_conflict"),
    # the entry desk and the day's tools
    path("tournaments/<int:pk>/desk/", desk.desk, name="desk"),
    path("tournaments/<int:pk>/desk/settings/", desk.desk_settings, name="desk_settings"),
    path("tournaments/<int:pk>/desk/registrations/<int:registration_pk>/", desk.desk_decide,
         name="desk_decide"),
    path("tournaments/<int:pk>/desk/entries/<int:entry_pk>/<slug:what>/", desk.desk_entry,
         name="desk_entry"),
    path("tournaments/<int:pk>/desk/late-entry/", desk.desk_late_entry, name="desk_late_entry"),
    path("tournaments/<int:pk>/desk/apart/", desk.desk_apart, name="desk_apart"),
    path("tournaments/<int:pk>/desk/pairings/<int:pairing_pk>/<slug:what>/", desk.desk_pairing,
         name="desk_pairing"),
    path("tournaments/<int:pk>/activity/", activity.tournament_activity, name="activity"),
    path("tournaments/<int:pk>/activity/<int:log_pk>/undo/", activity.undo,
         name="activity_undo"),
    path("clubs/<slug:slug>/activity/", activity.club_activity, name="club_activity"),
    # players: registration, check-in, at the table
    path("tournaments/<int:pk>/register/", player.register, name="register"),
    path("tournaments/<int:pk>/leave/", player.leave, name="leave"),
    path("tournaments/<int:pk>/check-in/", player.check_in, name="check_in"),
    path("pairings/<int:pairing_pk>/present/", player.present, name="present"),
    # players
    path("my-matches/", player.my_matches, name="my_matches"),
    path("my-tournaments/", player.my_tournaments, name="my_tournaments"),
    path("my-matches/<int:match_pk>/score/", player.my_match_score, name="my_match_score"),
    path("my-matches/results/<int:result_pk>/<str:answer>/", player.my_result_answer,
         name="my_result_answer"),
]
