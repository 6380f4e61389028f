"""/api/v1/: every game's JSON endpoints (each game's ``urls.api_urlpatterns``) and Parties."""

from django.urls import include, path

from .games import modules

app_name = "api"
urlpatterns = [
    *(pattern for urls in modules("urls") for pattern in urls.api_urlpatterns),
    path("", include("calculators.parties.api_urls")),
]
