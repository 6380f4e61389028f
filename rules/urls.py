from django.urls import path

from . import views

app_name = "rules"
urlpatterns = [
    path("<slug:game>/regles/", views.rulebook, name="rulebook"),
]
