"""The calculator pages of every game in the registry (each game's ``urls.urlpatterns``)."""

from .core.registry import modules

app_name = "calculators"
urlpatterns = [pattern for urls in modules("urls") for pattern in urls.urlpatterns]
