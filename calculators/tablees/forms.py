"""Tablées forms: request data → service call; a service's :class:`InputError` lands on a field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy

from ..core import registry
from ..engines.cards import InputError
from ..parties.models import Game
from ..web.forms import ServiceForm
from . import services
from .models import MAX_MEMBERS, MIN_MEMBERS, Member, Tablee


class NewTableeForm(ServiceForm):
    name = forms.CharField(
        label=gettext_lazy("Nom de la tablée"),
        max_length=200,
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )
    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        widget=forms.Textarea(attrs={"rows": 6, "class": "form-control"}),
        help_text=lazy(
            lambda: gettext("Un nom par ligne, de {low} à {high} joueurs.").format(
                low=MIN_MEMBERS, high=MAX_MEMBERS
            ),
            str,
        )(),
    )

    def call(self, data: dict[str, Any]) -> Tablee:
        names = [line for line in data["players"].splitlines() if line.strip()]
        return services.create(data["name"], names)


class MemberAddForm(ServiceForm):
    name = forms.CharField(label=gettext_lazy("Nom du joueur"), max_length=200)

    def __init__(self, tablee: Tablee, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tablee = tablee

    def call(self, data: dict[str, Any]) -> Member:
        return services.add_member(self.tablee, data["name"])


class RenameForm(ServiceForm):
    index = forms.IntegerField(label=gettext_lazy("Joueur"))
    name = forms.CharField(label=gettext_lazy("Nouveau nom"), max_length=200)

    def __init__(self, tablee: Tablee, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tablee = tablee

    def call(self, data: dict[str, Any]) -> Member:
        return services.rename_member(self.tablee, data["index"], data["name"])


class SettingsForm(ServiceForm):
    """The tablée's settings: the win chances shown on its parties (docs/ratings.md)."""

    win_chances = forms.BooleanField(
        label=gettext_lazy("Afficher les chances de victoire"),
        required=False,
        help_text=gettext_lazy(
            "Sur une partie de la tablée qui n’a pas commencé, la chance de chacun de gagner, d’après la cote."
        ),
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(self, tablee: Tablee, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"win_chances": tablee.win_chances})
        super().__init__(*args, **kwargs)
        self.tablee = tablee

    def call(self, data: dict[str, Any]) -> Tablee:
        return services.set_win_chances(self.tablee, data["win_chances"])


class RotateForm(ServiceForm):
    def __init__(self, tablee: Tablee, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tablee = tablee

    def call(self, data: dict[str, Any]) -> Tablee:
        return services.rotate(self.tablee)


class SeatedForm(ServiceForm):
    """A form that seats some of the tablée's members: a place list a member (« — »: not
    playing), drawn here, and the names read back in the order of their places."""

    #: mark the lists for the page's seat buttons (``data-seat``, static/js/tablees.js)
    seat_buttons = False
    members: list[Member]
    places: list[tuple[str, str]]

    def seat(self, members: list[Member], most: int, fields: bool = True) -> None:
        """Places 1 to ``most`` for ``members``; their fields too when ``fields``."""
        self.members = members
        self.places = [("", "—"), *((str(i), str(i)) for i in range(1, most + 1))]
        if fields:
            for m in members:
                self.fields[f"seat_{m.index}"] = forms.ChoiceField(
                    label=m.name, choices=self.places, required=False
                )

    def seat_selects(self) -> list[tuple[str, str, SafeString]]:
        """Each member's place list as (id, label, ``<select>``), drawn here: thirty lists of
        eleven places through the widget templates would cost more than the whole page."""
        out = []
        for m in self.members:
            name = self.add_prefix(f"seat_{m.index}")
            chosen = str(self.data.get(name, "")) if self.is_bound else ""
            options = "".join(
                f'<option value="{value}"{" selected" if value == chosen else ""}>{label}</option>'
                for value, label in self.places  # digits and a dash: nothing to escape
            )
            marked = format_html(' data-seat="{}"', m.name) if self.seat_buttons else ""
            select = format_html(
                '<select class="form-select form-select-sm" name="{}" id="id_{}"{}>{}</select>',
                name, name, marked, mark_safe(options),
            )  # fmt: skip
            out.append((f"id_{name}", m.name, select))
        return out

    def seated(self, data: dict[str, Any]) -> list[str]:
        """The names of the members given a place, in the order of their places; two members
        at one place are refused at ``players``."""
        chosen = sorted(
            (int(data[f"seat_{m.index}"]), m.index, m.name)
            for m in self.members
            if data.get(f"seat_{m.index}")
        )
        places = [place for place, _, _ in chosen]
        if len(set(places)) != len(places):
            twice = sorted({p for p in places if places.count(p) > 1})
            raise InputError(
                "players",
                gettext("Deux joueurs ont la même place ({places}) : une place chacun.").format(
                    places=", ".join(map(str, twice))
                ),
            )
        return [name for _, _, name in chosen]


class NewPartyForm(SeatedForm):
    """A party of the tablée: the game, its mode (and deck), and each member's place at the
    table (blank: not playing). Places 1, 2, 3… give the seating order."""

    seat_buttons = True

    kind = forms.ChoiceField(
        label=gettext_lazy("Jeu"),
        choices=[(g.kind, g.name) for g in registry.PARTY_GAMES],
        widget=forms.RadioSelect,
        initial=registry.PARTY_GAMES[0].kind,
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet (NUM DRAFT)"),
        required=False,
        choices=[
            ("", gettext_lazy("Selon le nombre de joueurs")),
            *((d.key, gettext_lazy(d.label)) for g in registry.PARTY_GAMES for d in g.decks),
        ],
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def __init__(self, tablee: Tablee, members: list[Member], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tablee = tablee
        for game in registry.PARTY_GAMES:
            if not game.modes:  # a game played one way (Num Connect) has no mode to choose
                continue
            self.fields[f"mode_{game.kind}"] = forms.ChoiceField(
                label=gettext("Mode ({label})").format(label=game.name),
                choices=[(m.key, gettext_lazy(m.label)) for m in game.modes],
                required=False,
                widget=forms.Select(attrs={"class": "form-select"}),
            )
        # no table seats more than the largest game does; the places are read only from a
        # posted form (drawn by seat_selects)
        most = min(len(members), max(g.players[1] for g in registry.PARTY_GAMES))
        self.seat(members, most, fields=self.is_bound)

    def kind_options(self) -> list[tuple[Any, forms.BoundField | None, bool]]:
        """Each game's radio button, its mode field (``None`` for a game without modes) and
        whether the deck is chosen too."""
        return [
            (radio, self[f"mode_{game.kind}"] if game.modes else None, bool(game.decks))
            for radio, game in zip(self["kind"], registry.PARTY_GAMES, strict=True)
        ]

    def call(self, data: dict[str, Any]) -> Game:
        players = self.seated(data)
        kind = data["kind"]
        spec = registry.by_kind(kind)
        return services.new_party(
            self.tablee,
            kind,
            data.get(f"mode_{kind}"),
            players,
            data.get("values") if spec.decks else "",
        )


class LinkForm(ServiceForm):
    """« Ajouter à une tablée », from a party's edit page: the tablée's edit link (or token),
    then, when players are no members yet, a confirmation."""

    tablee = forms.CharField(
        label=gettext_lazy("Lien d’édition de la tablée"),
        max_length=500,
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.target: Tablee | None = None
        self.plan: services.LinkPlan | None = None

    def find(self, raw: str) -> Tablee:
        token = raw.strip().rstrip("/").rsplit("/", 1)[-1]
        message = gettext("Aucune tablée n’a ce lien d’édition.")
        try:
            tablee, can_edit = services.find(token)
        except Tablee.DoesNotExist:
            raise InputError("tablee", message) from None
        if not can_edit:
            raise InputError(
                "tablee",
                gettext("C’est le lien en lecture seule : il faut le lien d’édition de la tablée."),
            )
        return tablee

    def call(self, data: dict[str, Any]) -> Any:
        self.target = self.find(data["tablee"])
        self.plan = services.link_plan(self.target, self.game)
        if self.plan.new and not data.get("confirm"):
            return None  # the page asks for the confirmation
        return services.link_party(self.target, self.game, add_members=True)
