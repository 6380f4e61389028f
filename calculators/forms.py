"""Forms: request data → engine input; an engine :class:`InputError` → a field error.

Each form runs its engine in ``clean()`` and keeps the answer in ``self.result``, so a view
only asks ``form.is_valid()`` and renders.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import get_language, gettext, gettext_lazy

from .engines import num5, numcheck, numconnect, numdraft
from .engines.cards import InputError
from .engines.names import name_key, split_names
from .fields import CardInput, ScopedBoundField, place


@lru_cache(maxsize=8)
def _labelled(
    language: str | None,
) -> tuple[tuple[tuple[int, str], ...], tuple[tuple[str, str], ...]]:
    """The rank and combination choices with their labels in ``language``, made once per
    language (issue #12: every ``<select>`` and every checkbox list would otherwise format
    fourteen translated labels on every page)."""
    ranks = tuple((r, gettext("Rang {r}").format(r=r)) for r in numcheck.RANKS)
    combos = tuple(
        (c.key, gettext("{name} — base {base}").format(name=gettext(c.name), base=c.base))
        for c in numcheck.COMBOS
    )
    return ranks, combos


def rank_choices() -> tuple[tuple[int, str], ...]:
    """Ranks 1 to 8, « Rang 4 », in the active language."""
    return _labelled(get_language())[0]


def combo_choices() -> tuple[tuple[str, str], ...]:
    """The fourteen combinations, « Full — base 8 », in the active language."""
    return _labelled(get_language())[1]


#: NUM DRAFT's two decks (/num-draft/regles/#arbitrage-paquet);
#: each form adds its own "by the player count" default.
DECK_CHOICES = [("0-12", gettext_lazy("0 à 12")), ("0-16", gettext_lazy("0 à 16"))]


class EngineForm(forms.Form):
    """A form whose ``clean`` calls an engine; engine errors land on the named field."""

    bound_field_class = ScopedBoundField
    #: fields whose id takes the ``id_scope`` (their name is also a field of another form
    #: drawn on the same page)
    id_scope = ""
    scoped_ids: tuple[str, ...] = ()
    result: Any = None
    #: engine field name → form field name, where they differ
    field_map: dict[str, str] = {}
    #: fields whose error containers (drawn by ScopedBoundField.as_field_group) the htmx
    #: fragment refreshes out of band (calculators/_oob_errors.html)
    live_fields: tuple[str, ...] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.style_widgets()

    def style_widgets(self) -> None:
        """Bootstrap classes on every widget (card fields: :class:`CardInput`); the label, help
        text, error container and ``aria-describedby`` come from the one field template,
        :meth:`ScopedBoundField.as_field_group` (``{{ field.as_field_group }}``)."""
        for field in self.fields.values():
            widget = field.widget
            if isinstance(
                widget, forms.CheckboxInput | forms.RadioSelect | forms.CheckboxSelectMultiple
            ):
                css = "form-check-input"
            elif isinstance(widget, forms.Select):
                css = "form-select"
            else:
                css = "form-control"
            widget.attrs.setdefault("class", css)

    def live_bound_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.live_fields]

    def run(self) -> Any:  # pragma: no cover - each form implements it
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            self.result = self.run()
        except InputError as err:
            self.add_error(self.error_target(err), err.message)
        return cleaned

    def error_target(self, err: InputError) -> str | None:
        """The form field that shows an engine error (``None``: above the form)."""
        field = self.field_map.get(err.field, err.field)
        return field if field in self.fields else None


class CheckForm(EngineForm):
    """NUM CHECK calculator: combination, cards, rank."""

    combo = forms.ChoiceField(label=gettext_lazy("Combinaison"), choices=combo_choices)
    cards = forms.CharField(
        label=gettext_lazy("Cartes"),
        max_length=200,
        widget=CardInput,
        help_text=gettext_lazy(
            "Par exemple : 7R 7B 7J 3V 3A (R rouge, V vert, B bleu, J jaune, A rainbow, S shadow)."
        ),
    )
    rank = forms.TypedChoiceField(
        label=gettext_lazy("Rang"), choices=rank_choices, coerce=int, initial=1
    )
    live_fields = ("combo", "cards", "rank")

    rank_table: list[numcheck.ClaimResult] | None = None
    rank_note: str = ""
    #: (cards given, cards the combination counts), once the cards read
    progress: tuple[int, int] | None = None
    combo_obj: numcheck.Combo | None = None

    def __init__(self, *args: Any, live: bool = False, **kwargs: Any) -> None:
        """``live``: a request sent while the player is still entering cards (htmx on input):
        a claim short of its combination's card count is progress, not yet an error."""
        super().__init__(*args, **kwargs)
        self.live = live
        if live:
            self.fields["cards"].required = False

    def run(self) -> numcheck.ClaimResult | None:
        """The claim at its rank, and at ranks 1 to 8 for the « rangs 1 à 8 » table, with why
        a Couleur changes mode at rank 4."""
        data = self.cleaned_data
        self.combo_obj = numcheck.get_combo(data["combo"])
        needed = self.combo_obj.count
        given = len(numcheck.read_cards(data["cards"])) if data["cards"].strip() else 0
        self.progress = (given, needed)
        if self.live and given < needed:
            return None  # the engine counts the cards once they are all there, or on submit
        self.rank_table = numcheck.rank_table(data["combo"], data["cards"])
        self.rank_note = numcheck.elargi_note(self.rank_table[3])
        return self.rank_table[data["rank"] - 1]


class DetectForm(EngineForm):
    """« Qu'est-ce que j'ai ? » (/num-check/regles/#arbitrage-check-centre): the hand, the face-up centre, the rank."""

    hand = forms.CharField(
        label=gettext_lazy("Votre main (jusqu'à 4 cartes)"),
        max_length=200,
        widget=CardInput,
        help_text=gettext_lazy("Par exemple : 7R 7B 3V 3J."),
    )
    centre = forms.CharField(
        label=gettext_lazy("Le centre (1 à 4 cartes face visible)"),
        max_length=200,
        widget=CardInput,
        required=False,
        help_text=gettext_lazy("Les cartes que vous pourriez réclamer, par exemple : 7J 3A 12S."),
    )
    rank = forms.TypedChoiceField(
        label=gettext_lazy("Votre rang"), choices=rank_choices, coerce=int, initial=1
    )
    exclude = forms.MultipleChoiceField(
        label=gettext_lazy("Combinaisons déjà réalisées"),
        choices=combo_choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    field_map = {"cards": "hand"}
    live_fields = ("hand", "centre", "rank")
    id_scope, scoped_ids = "detect", ("rank",)  # the score form above has a ``rank`` too

    def __init__(self, *args: Any, live: bool = False, **kwargs: Any) -> None:
        """``live``: sent while the player is still entering cards; an empty centre waits."""
        super().__init__(*args, **kwargs)
        self.live = live

    def run(self) -> list[numcheck.Detected] | None:
        data = self.cleaned_data
        hand, centre = data["hand"], data["centre"]
        waiting = not centre.strip() and len(numcheck.read_cards(hand, "hand")) <= numcheck.HAND_MAX
        if self.live and waiting:
            return None  # the centre is still to be entered
        if not centre.strip():
            # An older link (?hand=<5 cards>) meant the 4 cards in hand then the claimed card.
            cards = numcheck.read_cards(hand, "hand")
            if len(cards) != numcheck.HAND_MAX + 1:
                raise InputError(
                    "centre",
                    gettext(
                        "Entrez la ou les cartes face visible au centre (1 à {CENTRE_MAX}) : un CHECK se complète toujours par une carte réclamée au centre."
                    ).format(CENTRE_MAX=numcheck.CENTRE_MAX),
                )
            hand, centre = cards[:-1], cards[-1:]
            self.data = self.data.copy()
            self.data["hand"] = " ".join(c.code for c in hand)
            self.data["centre"] = centre[0].code
        return numcheck.detect(hand, centre, data["rank"], data["exclude"])


SHEET_LINE = re.compile(r"^\s*([^:]+?)\s*:\s*(.+?)\s*$")


def parse_sheet(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Sheet lines « Léa : Full 7R 7B 7J 3V 3A » in the order announced, grouped by player."""
    players: dict[str, list[tuple[str, str]]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = SHEET_LINE.match(line)
        if not match:
            raise InputError(
                "players",
                gettext("Ligne {number} : écrivez « Nom : combinaison cartes ».").format(
                    number=number
                ),
            )
        name, claim = match.group(1), match.group(2)
        words = claim.split()
        combo = None
        for size in (3, 2, 1):
            found = numcheck.find_combo("".join(words[:size]))
            if found:
                combo, cards = found.key, " ".join(words[size:])
                break
        if combo is None:
            raise InputError(
                "players",
                gettext("Ligne {number} : combinaison inconnue dans « {claim} ».").format(
                    number=number, claim=claim
                ),
            )
        players.setdefault(name, []).append((combo, cards))
    return list(players.items())


class SheetForm(EngineForm):
    """Player sheets, stateless: one claim per line in the order announced."""

    players = forms.CharField(
        label=gettext_lazy("Annonces, dans l'ordre"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy(
            "Une annonce par ligne : « Léa : Paire 5R 5B ». Un CHECK invalide ne prend pas de rang."
        ),
    )

    def run(self) -> numcheck.Sheet:
        return numcheck.sheet(parse_sheet(self.cleaned_data["players"]))


# --------------------------------------------------------------------------- NUM DRAFT

GRID_FIELDS = [f"g{y}{x}" for y in range(3) for x in range(3)]
LEFT_FIELDS = [f"l{y}" for y in range(3)]
RIGHT_FIELDS = [f"r{y}" for y in range(3)]


def place_of(name: str) -> tuple[int, int]:
    if name.startswith("g"):
        return int(name[2]), int(name[1])
    return (-1 if name[0] == "l" else 3), int(name[1])


class DraftForm(EngineForm):
    """NUM DRAFT pool: 15 places, the mode and the deck."""

    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        choices=[
            (numdraft.CLASSIC, gettext_lazy("Classique")),
            (numdraft.DISCOVERY, gettext_lazy("Découverte")),
        ],
        initial=numdraft.CLASSIC,
        widget=forms.RadioSelect,
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=[
            ("0-12", gettext_lazy("0 à 12 (2 à 5 joueurs)")),
            ("0-16", gettext_lazy("0 à 16 (6 à 7 joueurs)")),
        ],
        initial="0-12",
    )
    live_fields = ("mode", "values", *LEFT_FIELDS, *GRID_FIELDS, *RIGHT_FIELDS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The picker fills the own grid first (row by row), then the neighbours' columns.
        order = GRID_FIELDS + LEFT_FIELDS + RIGHT_FIELDS
        for name in LEFT_FIELDS + GRID_FIELDS + RIGHT_FIELDS:
            label = numdraft.place_name(place_of(name))
            neighbour = " bg-body-secondary" if name[0] in "lr" else ""
            attrs = {
                "class": f"form-control card-input place-input text-center{neighbour}",
                "data-place": f"id_{name}",
                "data-order": str(order.index(name)),
                "aria-label": label,
            }
            self.fields[name] = place(
                forms.CharField(
                    label=label, required=False, max_length=8, widget=CardInput(attrs, chips=False)
                )
            )

    def place_fields(self, names: list[str]) -> list[forms.BoundField]:
        return [self[n] for n in names]

    def run(self) -> numdraft.PoolResult:
        data = self.cleaned_data
        grid = [[data[f"g{y}{x}"] or None for x in range(3)] for y in range(3)]
        left = [data[n] or None for n in LEFT_FIELDS]
        right = [data[n] or None for n in RIGHT_FIELDS]
        return numdraft.score(grid, left, right, data["mode"] or None, data["values"] or None)

    def error_target(self, err: InputError) -> str | None:
        return None  # errors on "grid", "left" or "right" name their place, above the strip


class DraftTableForm(EngineForm):
    """Mode table: each player's grid, in seating (passing) order."""

    mode = DraftForm.base_fields["mode"]
    players = forms.CharField(
        label=gettext_lazy("Joueurs et grilles"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=(
            gettext_lazy(
                "Une ligne par joueur, dans l'ordre de passage : « Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S » (trois lignes de grille séparées par /, - pour une case vide)."
            )
        ),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=[("", gettext_lazy("Selon le nombre de joueurs")), *DECK_CHOICES],
        required=False,
    )

    def run(self) -> numdraft.TableResult:
        players = []
        for number, line in enumerate(self.cleaned_data["players"].splitlines(), start=1):
            if not line.strip():
                continue
            if ":" not in line:
                raise InputError(
                    "players",
                    gettext("Ligne {number} : écrivez « Nom : grille ».").format(number=number),
                )
            name, grid_text = line.split(":", 1)
            rows = [r.split() for r in grid_text.split("/")]
            if len(rows) != 3 or any(len(r) != 3 for r in rows):
                raise InputError(
                    "players",
                    gettext(
                        "Ligne {number} : la grille a 3 lignes de 3 cases séparées par /."
                    ).format(number=number),
                )
            players.append({"name": name.strip(), "grid": rows})
        data = self.cleaned_data
        return numdraft.table(players, data["mode"], data["values"] or None)


def _name_lines(text: str, field: str, what: str) -> list[tuple[str, str]]:
    """Lines « Nom : … » as (name, rest), skipping blank lines."""
    pairs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if ":" not in line:
            raise InputError(
                field,
                gettext("Ligne {number} : écrivez « Nom : {what} ».").format(
                    number=number, what=what
                ),
            )
        name, rest = line.split(":", 1)
        pairs.append((name.strip(), rest.strip()))
    return pairs


class OpeningForm(EngineForm):
    """Ouverture (/num-draft/regles/#arbitrage-joker-ouverture): the first turn of every player, then the following cards of
    those the engine asks to turn again; the table's deck (§2.7)."""

    turned = forms.CharField(
        label=gettext_lazy("Premier tour : la carte retournée par chaque joueur"),
        widget=forms.Textarea(attrs={"rows": 4, "data-place": ""}),
        help_text=gettext_lazy("Une ligne par joueur, dans l'ordre de la table : « Léa : 3R »."),
    )
    again = forms.CharField(
        label=gettext_lazy(
            "Tours suivants : les nouvelles cartes des joueurs qui retournent à nouveau"
        ),
        widget=forms.Textarea(attrs={"rows": 3, "data-place": ""}),
        required=False,
        help_text=(
            gettext_lazy(
                "Une ligne par joueur concerné, ses cartes dans l'ordre des tours : « Léa : 5B ». Le premier tour reste ci-dessus."
            )
        ),
    )
    values = forms.ChoiceField(
        label=gettext_lazy("Paquet"),
        choices=[
            ("", gettext_lazy("Selon le nombre de joueurs (0 à 12 jusqu'à 5, 0 à 16 à 6 ou 7)")),
            *DECK_CHOICES,
        ],
        required=False,
    )
    field_map = {"players": "turned", "cards": "turned"}
    id_scope, scoped_ids = "opening", ("values",)  # the table form above has a ``values`` too

    def run(self) -> numdraft.Opening:
        data = self.cleaned_data
        turned = _name_lines(data["turned"], "players", "carte")
        again = [
            (name, rest.split()) for name, rest in _name_lines(data["again"], "again", "cartes")
        ]
        result = numdraft.opening(turned, data["values"] or None, again)
        listed = {name.casefold() for name, _ in again}
        missing = [n for n in result.must_turn if n.casefold() not in listed]
        if missing:
            # Guide the next turn: a line to complete for each player who turns again.
            lines = [line for line in data["again"].splitlines() if line.strip()]
            self.data = self.data.copy()
            self.data["again"] = "\n".join([*lines, *(f"{n} : " for n in missing)])
        return result


# --------------------------------------------------------------------------- Num Connect


class ConnectForm(EngineForm):
    cards = forms.CharField(
        label=gettext_lazy("Cartes, dans l'ordre de la ligne"), max_length=300, widget=CardInput
    )
    first_play = forms.BooleanField(label=gettext_lazy("Première pose"), required=False)
    free = forms.BooleanField(label=gettext_lazy("Combinaison libre (hors grille)"), required=False)
    live_fields = ("cards",)

    def run(self) -> numconnect.LineResult:
        data = self.cleaned_data
        return numconnect.check(data["cards"], data["first_play"], data["free"])


# --------------------------------------------------------------------------- Num 5


def _whole(value: object) -> int | None:
    """A query-string integer, or ``None`` for junk (« x », « 1.5 », a list…)."""
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _columns(previous: list[str], names: list[str]) -> list[int | None]:
    """For each name, the column its cells were typed under (``None``: a new player).

    Columns follow names, not positions: a name keeps the cells of the same name in ``previous``
    (compared by :func:`names.name_key`, so « léa » is « Léa »). When the list keeps its length
    and the names that went away sit exactly where the new ones are, they were edited in place
    (a typo fixed, « Tom » → « Thomas »): those columns keep their cells.
    """
    keys = [name_key(n) for n in previous]
    free = list(range(len(previous)))
    source: list[int | None] = []
    for name in names:
        key = name_key(name)
        match = next((k for k in free if keys[k] == key), None)
        if match is not None:
            free.remove(match)
        source.append(match)
    new = [j for j, k in enumerate(source) if k is None]
    if new and len(names) == len(previous) and new == free:
        for j in new:
            source[j] = j
    return source


class Num5Form(EngineForm):
    """Num 5 sheet: names once, then rounds; the state lives in the URL.

    Permalink parameters (shared URLs keep working): ``players``, ``n`` (rounds), ``r<round>_<player
    index>`` (cells), ``explosion``; the actions ``add`` (one more round) and ``remove`` (a round,
    0-based); and ``was``, the names the cells were typed under, so that when the names change each
    cell follows its player by name. Junk in any parameter is ignored or reported, never a 500.
    """

    players = forms.CharField(
        label=gettext_lazy("Joueurs"),
        max_length=300,
        help_text=gettext_lazy("De 3 à 8 noms, séparés par des virgules."),
    )
    explosion = forms.BooleanField(
        label=gettext_lazy("Variante « Explosion de rangée »"), required=False
    )
    MAX_ROUNDS = 30
    #: Columns drawn at most (the engine refuses more than 8 players, naming the count).
    MAX_COLUMNS = 2 * num5.MAX_PLAYERS
    CELL_LENGTH = 200

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names: list[str] = []
        self.round_count = 0
        #: the table's rows or columns changed (the whole calculator must be drawn again)
        self.reshaped = False
        #: what a removal discarded, and the query string that brings it back (« Rétablir »)
        self.discarded = ""
        self.removed_round: int | None = None  # 1-based, when ✕ removed one
        self.restore_query = ""
        #: the engine's message for the first round not entered yet
        self.pending = ""
        # The page's note under the field (« Les cases suivent le nom de leur joueur. »).
        self.fields["players"].widget.attrs["aria-describedby"] = "num5-players-note"
        if self.is_bound:
            self._apply_actions()
        for i in range(self.round_count):
            for j, name in enumerate(self.names):
                attrs = {
                    "class": "form-control form-control-sm card-input",
                    "enterkeyhint": "go",
                    "data-testid": f"cell-{i}-{j}",
                    "data-place": f"id_r{i}_{j}",
                    "aria-label": gettext("Manche {number}, {name}").format(
                        number=i + 1, name=name
                    ),
                    "aria-describedby": "num5-cell-help",
                }
                self.fields[f"r{i}_{j}"] = place(
                    forms.CharField(
                        required=False,
                        max_length=self.CELL_LENGTH,
                        label=gettext("Manche {number}, {name}").format(number=i + 1, name=name),
                        widget=CardInput(attrs, chips=False),
                    )
                )
        self.style_widgets()

    def _apply_actions(self) -> None:
        """Remap the cells to the current names, then add or remove a round, into ``self.data``."""
        raw = self.data
        names = [n.strip() for n in split_names(str(raw.get("players") or ""))]
        names = names[: self.MAX_COLUMNS]
        was = raw.get("was")
        previous = names if was is None else [n.strip() for n in split_names(str(was))]
        previous = previous[: self.MAX_COLUMNS]
        count = max(0, min(_whole(raw.get("n", 0)) or 0, self.MAX_ROUNDS))
        typed = [
            [str(raw.get(f"r{i}_{j}") or "") for j in range(len(previous))] for i in range(count)
        ]
        source = _columns(previous, names)
        grid = [[row[k] if k is not None else "" for k in source] for row in typed]
        lost = [
            previous[k]
            for k in range(len(previous))
            if k not in source and any(row[k].strip() for row in typed)
        ]
        messages = [gettext("Colonne de {name} retirée.").format(name=name) for name in lost]
        removed = _whole(raw.get("remove")) if "remove" in raw else None
        if removed is not None and 0 <= removed < len(grid):
            grid.pop(removed)
            self.removed_round = removed + 1
            messages.append(gettext("Manche {value} supprimée.").format(value=removed + 1))
        if "add" in raw and len(grid) < self.MAX_ROUNDS:
            grid.append([""] * len(names))
        if messages:
            self.discarded = " ".join(messages)
            self.restore_query = self._query(raw.get("players") if was is None else was, typed)
        self.reshaped = (bool(grid) or bool(typed)) and (names != previous) or (len(grid) != count)
        self.names, self.round_count = names, len(grid)
        self.data = self._state(raw.get("players"), grid)
        self.data["was"] = ", ".join(names)

    def _state(self, players: object, grid: list[list[str]]) -> QueryDict:
        state = QueryDict(mutable=True)
        state["players"] = str(players or "")
        if self.data.get("explosion"):
            state["explosion"] = str(self.data["explosion"])
        state["n"] = str(len(grid))
        for i, row in enumerate(grid):
            for j, cell in enumerate(row):
                if cell:
                    state[f"r{i}_{j}"] = cell
        return state

    def _query(self, players: object, grid: list[list[str]]) -> str:
        return self._state(players, grid).urlencode(safe=",")

    def permalink(self) -> str:
        """The query string of the sheet as drawn (the actions applied, ``was`` left out)."""
        state = self.data.copy()
        state.pop("was", None)
        return state.urlencode(safe=",")

    def rows(self) -> list[list[forms.BoundField]]:
        return [
            [self[f"r{i}_{j}"] for j in range(len(self.names))] for i in range(self.round_count)
        ]

    def cell_errors(self) -> list[str]:
        """Errors of single cells (too long, a NUL byte…), named by their round and player."""
        return [
            f"{self.fields[name].label} : {error}"
            for name, errors in self.errors.items()
            if name.startswith("r") and name in self.fields
            for error in errors
        ]

    def run(self) -> num5.GameResult:
        """Score the rounds entered; the first round not entered yet is reported, not counted.

        Ruling « a round counts only once it is entered » (/num-5/regles/#arbitrage-manche-saisie): the engine says which
        round and which players (``num5.check_entered``); the calculator scores the complete
        rounds before it, since an incomplete round is normal while a player types.
        """
        names = num5.check_names(split_names(self.cleaned_data["players"]))
        rounds = [
            [num5.parse_cell(self.cleaned_data.get(f"r{i}_{j}")) for j in range(len(names))]
            for i in range(self.round_count)
        ]
        complete = 0
        for number, row in enumerate(rounds, start=1):
            try:
                num5.check_entered(
                    names, row, "rounds", gettext("Manche {number}").format(number=number)
                )
            except InputError as err:
                self.pending = err.message
                break
            complete += 1
        result = num5.play_game(names, rounds[:complete])
        if result.finished:
            self.pending = ""
        return result

    def error_target(self, err: InputError) -> str | None:
        return "players" if err.field == "players" else None  # round errors above the table
