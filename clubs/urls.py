from django.urls import path

from clubs import embeds_views, views, views_calendar, views_invitations, views_people

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.club_list, name="club_list"),
    path("clubs/new/", views_people.club_create, name="club_create"),
    path("clubs/<slug:slug>/", views.club_detail, name="club_detail"),
    path("clubs/<slug:slug>/edit/", views_people.club_edit, name="club_edit"),
    path("clubs/<slug:slug>/merge-players/", views.merge_players, name="merge_players"),
    # the directors' side
    path("clubs/<slug:slug>/players/", views_people.club_players, name="players"),
    path("clubs/<slug:slug>/players/add/", views_people.player_add, name="player_add"),
    path("clubs/<slug:slug>/players/<int:pk>/", views_people.player_edit, name="player_edit"),
    path("clubs/<slug:slug>/players/different/", views_people.mark_distinct, name="mark_distinct"),
    path("clubs/<slug:slug>/roles/", views_people.set_role, name="set_role"),
    path("clubs/<slug:slug>/hand-over/", views_people.hand_over, name="hand_over"),
    path("clubs/<slug:slug>/invitations/", views_invitations.invitation_list, name="invitations"),
    path("clubs/<slug:slug>/invitations/<int:pk>/revoke/", views_invitations.invitation_revoke,
         name="invitation_revoke"),
    path("clubs/<slug:slug>/join-requests/", views_people.join_requests, name="join_requests"),
    path("clubs/<slug:slug>/import/", views_invitations.import_upload, name="import_upload"),
    path("clubs/<slug:slug>/import/<int:pk>/", views_invitations.import_preview,
         name="import_preview"),
    # a person's side
    path("clubs/<slug:slug>/join/", views_people.join_club, name="join_club"),
    path("clubs/<slug:slug>/leave/", views_people.leave_club, name="leave_club"),
    path("join/<str:token>/", views_invitations.join, name="join"),
    path("me/clubs/", views_people.my_clubs, name="my_clubs"),
    path("me/invitations/<int:pk>/accept/", views_invitations.accept_addressed,
         name="accept_addressed"),
    path("me/profile/", views_people.profile, name="profile"),
    path("me/calendar/reset/", views_people.reset_calendar_link, name="reset_calendar_link"),
    # calendar feeds (clubs.calendar): public, or through a person's secret link
    path("calendar/<slug:scope>/<str:key>.ics", views_calendar.feed, name="calendar_feed"),
    path("calendar/p/<str:token>/me.ics", views_calendar.person, name="calendar_person"),
    path("calendar/p/<str:token>/<slug:scope>/<str:key>.ics", views_calendar.personal_feed,
         name="calendar_personal_feed"),
    # pages a club's own site may frame (clubs.embeds)
    path("embed/<slug:slug>/<slug:kind>/", embeds_views.embed, name="embed"),
    path("embed/<slug:slug>/<slug:kind>/<int:pk>/", embeds_views.embed, name="embed_item"),
]
