"""Shared game sheets: every write goes through here, every score comes from the engines.

Writes run in one transaction each. On SQLite the transaction takes the write lock at its start
(``transaction_mode="IMMEDIATE"``), on PostgreSQL the player (or game) row is locked with
``select_for_update``; the database constraints (one claim per player and combination, one
rank per position, one round number per game) are the last guard. A write that loses a race is
answered with a clear message, never a 500.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from .engines import num5, numcheck, numdraft
from .engines.cards import InputError, format_line
from .models import Claim, Game, Player, Round

CONFLICT = "Un autre téléphone vient de modifier la feuille : rechargez et réessayez."


# --------------------------------------------------------------------------- creation


def create_game(kind: str, mode: str, names: Sequence[str]) -> Game:
    """A new game with its players in seating order (RULES: each game's player counts)."""
    if kind not in Game.Kind.values:
        raise InputError("kind", "Choisissez un jeu : NUM CHECK, NUM DRAFT ou Num 5.")
    game_kind = Game.Kind(kind)
    modes = dict(Game.MODES[game_kind])
    if mode not in modes:
        raise InputError(
            "mode", f"Mode inconnu pour {game_kind.label} : {', '.join(modes.values())}."
        )
    clean = [n.strip() for n in names if n and n.strip()]
    low, high = Game.PLAYERS[game_kind]
    if not low <= len(clean) <= high:
        raise InputError(
            "players",
            f"{game_kind.label} se joue de {low} à {high} joueurs : {len(clean)} indiqué(s).",
        )
    seen: set[str] = set()
    for name in clean:
        if len(name) > 40:
            raise InputError("players", f"« {name[:40]}… » : 40 caractères au plus.")
        if name.casefold() in seen:
            raise InputError("players", f"Deux joueurs s'appellent « {name} ».")
        seen.add(name.casefold())
    with transaction.atomic():
        game = Game.objects.create(kind=kind, mode=mode)
        Player.objects.bulk_create(
            [Player(game=game, name=name, seat=i) for i, name in enumerate(clean)]
        )
    return game


def rematch(game: Game) -> Game:
    """« Nouvelle partie avec les mêmes joueurs »."""
    return create_game(game.kind, game.mode, [p.name for p in game.players.all()])


# --------------------------------------------------------------------------- reading


@dataclass
class BoardRow:
    """One player on the live board."""

    player: Player
    total: int
    title: str = ""
    position: int = 0
    detail: Any = None  # engine result for this player (sheet, pool, …)


@dataclass
class Board:
    game: Game
    rows: list[BoardRow]
    finished: bool
    winners: tuple[str, ...] = ()
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> list[BoardRow]:
        return sorted(self.rows, key=lambda r: r.position)


def _positions(rows: list[BoardRow]) -> None:
    """Competition ranking (1, 2, 2, 4) by total, highest first."""
    ordered = sorted(rows, key=lambda r: -r.total)
    for index, row in enumerate(ordered):
        if index and row.total == ordered[index - 1].total:
            row.position = ordered[index - 1].position
        else:
            row.position = index + 1


def board(game: Game) -> Board:
    """Recompute every score of the game with the engines."""
    players = list(game.players.all())
    if game.kind == Game.Kind.NUM_CHECK:
        result = _check_board(game, players)
    elif game.kind == Game.Kind.NUM_DRAFT:
        result = _draft_board(game, players)
    else:
        result = _num5_board(game, players)
    _positions(result.rows)
    return result


def _check_board(game: Game, players: list[Player]) -> Board:
    claims: dict[int, list[Claim]] = {p.pk: [] for p in players}
    for claim in Claim.objects.filter(player__game=game).order_by("position"):
        claims[claim.player_id].append(claim)
    rows = []
    for p in players:
        sheet = numcheck.player_sheet(p.name, [(c.combo, c.cards) for c in claims[p.pk]])
        rows.append(
            BoardRow(
                p,
                sheet.total,
                sheet.title,
                detail=list(zip(claims[p.pk], sheet.claims, strict=True)),
            )
        )
    full = [r.player.name for r in rows if len(r.detail) >= 8]
    finished = game.finished or bool(full)
    note = f"{', '.join(full)} a réalisé 8 combinaisons : la partie s'arrête." if full else ""
    if game.finished and not full:
        note = "La table a déclaré la fin des tours de paquet."
    winners = _top(rows) if finished else ()
    return Board(game, rows, finished, winners, note)


def _top(rows: list[BoardRow]) -> tuple[str, ...]:
    best = max((r.total for r in rows), default=0)
    return tuple(r.player.name for r in rows if r.total == best)


def _grid_rows(player: Player) -> list[list[str | None]]:
    cells = list(player.grid or []) + [""] * 9
    return [[cells[y * 3 + x] or None for x in range(3)] for y in range(3)]


def _draft_board(game: Game, players: list[Player]) -> Board:
    table = numdraft.table(
        [{"name": p.name, "grid": _grid_rows(p)} for p in players], game.mode, None
    )
    rows = [
        BoardRow(p, t.result.total, t.result.title, detail=t)
        for p, t in zip(players, table.players, strict=True)
    ]
    finished = game.finished
    return Board(
        game,
        rows,
        finished,
        _top(rows) if finished else (),
        extra={
            "values": table.values,
            "max_value": numdraft.deck_for(table.values).max_value,
        },
    )


def _num5_board(game: Game, players: list[Player]) -> Board:
    rounds = list(game.rounds.all())
    result = num5.play_game([p.name for p in players], [r.entries for r in rounds])
    rows = [
        BoardRow(
            p, result.points[p.name], f"{result.wins[p.name]} manche(s)", detail=result.wins[p.name]
        )
        for p in players
    ]
    return Board(
        game,
        rows,
        result.finished,
        result.winners,
        result.ruling,
        extra={"rounds": list(zip(rounds, result.rounds, strict=True)), "result": result},
    )


# --------------------------------------------------------------------------- NUM CHECK


def _number(value: object, field: str, message: str) -> int:
    """A positive whole number from a form field, or an :class:`InputError` with ``message``."""
    try:
        number = int(str(value))
    except (TypeError, ValueError):
        raise InputError(field, message) from None
    if not 0 < number < 2**31:
        raise InputError(field, message)
    return number


def _player(game: Game, player_id: object) -> Player:
    message = "Choisissez un joueur de la partie."
    try:
        return Player.objects.select_for_update().get(
            game=game, pk=_number(player_id, "player", message)
        )
    except Player.DoesNotExist:
        raise InputError("player", message) from None


def add_claim(game: Game, player_id: object, combo: object, cards: object) -> Claim:
    """Store a valid claim at the player's next rank; refuse with the reason otherwise."""
    if game.finished:
        raise InputError("combo", "La partie est terminée.")
    try:
        with transaction.atomic():
            player = _player(game, player_id)
            existing = list(player.claims.all())
            combo_obj = numcheck.get_combo(combo)
            if any(c.combo == combo_obj.key for c in existing):
                raise InputError(
                    "combo",
                    f"{player.name} a déjà réalisé {combo_obj.article} {combo_obj.name} : une combinaison une seule fois par partie.",
                )
            if len(existing) >= 8:
                raise InputError("combo", f"{player.name} a déjà 8 combinaisons, le maximum.")
            rank = len(existing) + 1
            result = numcheck.score(combo_obj, cards, rank)  # type: ignore[arg-type]
            if not result.valid:
                raise InputError("cards", result.reason)
            claim = Claim.objects.create(
                player=player, position=rank, combo=combo_obj.key, cards=format_line(result.cards)
            )
            game.touch()
    except IntegrityError:
        raise InputError("combo", CONFLICT) from None
    return claim


def edit_claim(game: Game, claim_id: object, combo: object, cards: object) -> Claim:
    """Correct a claim: same rank, new combination or cards, checked again."""
    try:
        with transaction.atomic():
            claim = _claim(game, claim_id)
            combo_obj = numcheck.get_combo(combo)
            if (
                Claim.objects.filter(player=claim.player, combo=combo_obj.key)
                .exclude(pk=claim.pk)
                .exists()
            ):
                raise InputError(
                    "combo",
                    f"{claim.player.name} a déjà réalisé {combo_obj.article} {combo_obj.name}.",
                )
            result = numcheck.score(combo_obj, cards, claim.position)  # type: ignore[arg-type]
            if not result.valid:
                raise InputError("cards", result.reason)
            claim.combo, claim.cards = combo_obj.key, format_line(result.cards)
            claim.save(update_fields=["combo", "cards"])
            game.touch()
    except IntegrityError:
        raise InputError("combo", CONFLICT) from None
    return claim


def _claim(game: Game, claim_id: object) -> Claim:
    message = "Cette annonce n'existe plus."
    try:
        return (
            Claim.objects.select_for_update()
            .select_related("player")
            .get(player__game=game, pk=_number(claim_id, "claim", message))
        )
    except Claim.DoesNotExist:
        raise InputError("claim", message) from None


def delete_claim(game: Game, claim_id: object) -> None:
    """Remove a claim; the player's later claims move up one rank (scores follow)."""
    with transaction.atomic():
        claim = _claim(game, claim_id)
        player, position = claim.player, claim.position
        claim.delete()
        for later in player.claims.filter(position__gt=position).order_by("position"):
            later.position -= 1
            later.save(update_fields=["position"])
        game.touch()


# --------------------------------------------------------------------------- NUM DRAFT


def set_grid(game: Game, player_id: object, cells: Sequence[object]) -> Player:
    """Store a player's final grid; the whole table is checked (a card twice names both)."""
    if len(cells) != 9:
        raise InputError("grid", "La grille a 9 cases.")
    tokens = [str(c).strip() if c not in (None, "") else "" for c in cells]
    with transaction.atomic():
        player = _player(game, player_id)
        players = list(Player.objects.select_for_update().filter(game=game))
        grids = []
        for p in players:
            if p.pk == player.pk:
                grid = [[tokens[y * 3 + x] or None for x in range(3)] for y in range(3)]
            else:
                grid = _grid_rows(p)
            grids.append({"name": p.name, "grid": grid})
        try:
            table = numdraft.table(grids, game.mode, None)
        except InputError as err:
            raise InputError("grid", err.message) from None
        mine = next(t for t in table.players if t.name == player.name)
        player.grid = [_cell(mine.result.pool.at((x, y))) for y in range(3) for x in range(3)]
        player.grid_updated_at = timezone.now()
        player.save(update_fields=["grid", "grid_updated_at"])
        game.touch()
    return player


def _cell(card: object) -> str:
    return "" if card is None else str(card)


# --------------------------------------------------------------------------- Num 5


def save_round(game: Game, cells: Sequence[str], number: object = None) -> Round:
    """Add a round (``number`` None) or correct one; the whole game is checked again."""
    if number is not None:
        number = _number(number, "round", "Cette manche n'existe plus.")
    try:
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=game.pk).first()
            players = list(game.players.all())
            if len(cells) != len(players):
                raise InputError("round", "Une case par joueur.")
            entries = [num5.parse_cell(c) for c in cells]
            rounds = list(game.rounds.all())
            if number is None:
                table = [r.entries for r in rounds] + [entries]
                target = Round(game=game, number=len(rounds) + 1, entries=entries)
            else:
                target = next((r for r in rounds if r.number == number), None)
                if target is None:
                    raise InputError("round", "Cette manche n'existe plus.")
                target.entries = entries
                table = [r.entries for r in rounds]
            num5.play_game([p.name for p in players], table)
            target.save()
            game.touch()
    except IntegrityError:
        raise InputError("round", CONFLICT) from None
    return target


def delete_round(game: Game, number: object) -> None:
    """Remove a round; the later ones are renumbered."""
    which = _number(number, "round", "Cette manche n'existe plus.")
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).first()
        deleted, _ = game.rounds.filter(number=which).delete()
        if not deleted:
            raise InputError("round", "Cette manche n'existe plus.")
        for later in game.rounds.filter(number__gt=which).order_by("number"):
            later.number -= 1
            later.save(update_fields=["number"])
        game.touch()


# --------------------------------------------------------------------------- all games


def undo_last(game: Game) -> str:
    """« Annuler » the last entry of the game; says what was undone."""
    if game.kind == Game.Kind.NUM_CHECK:
        last = Claim.objects.filter(player__game=game).order_by("-created_at", "-pk").first()
        if last is None:
            raise InputError("undo", "Rien à annuler.")
        delete_claim(game, last.pk)
        return f"Annonce annulée : {last.player.name}, {numcheck.COMBOS_BY_KEY[last.combo].name}."
    if game.kind == Game.Kind.NUM5:
        last_round = game.rounds.order_by("-number").first()
        if last_round is None:
            raise InputError("undo", "Rien à annuler.")
        delete_round(game, last_round.number)
        return f"Manche {last_round.number} annulée."
    player = game.players.exclude(grid_updated_at=None).order_by("-grid_updated_at").first()
    if player is None:
        raise InputError("undo", "Rien à annuler.")
    with transaction.atomic():
        player.grid, player.grid_updated_at = [], None
        player.save(update_fields=["grid", "grid_updated_at"])
        game.touch()
    return f"Grille de {player.name} effacée."


def finish(game: Game) -> None:
    """The table says the deck turns are over (or the sheet is closed)."""
    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(finished=True)
        game.finished = True
        game.touch()


def export_csv(game: Game) -> str:
    """The sheet as CSV (semicolon-separated, for French spreadsheets)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    result = board(game)
    writer.writerow(["Partie", str(game), "Mode", game.mode_label])
    writer.writerow([])
    if game.kind == Game.Kind.NUM_CHECK:
        writer.writerow(["Joueur", "Rang", "Combinaison", "Cartes", "Points"])
        for row in result.rows:
            for claim, scored in row.detail:
                writer.writerow(
                    [
                        row.player.name,
                        claim.position,
                        scored.result.combo.name,
                        claim.cards,
                        scored.total,
                    ]
                )
    elif game.kind == Game.Kind.NUM_DRAFT:
        writer.writerow(["Joueur", "Grille", "Points", "Titre"])
        for row in result.rows:
            writer.writerow(
                [row.player.name, " ".join(c or "-" for c in row.player.grid), row.total, row.title]
            )
    else:
        writer.writerow(["Manche", *[r.player.name for r in result.rows]])
        for stored, scored in result.extra["rounds"]:
            writer.writerow([stored.number, *scored.totals])
    writer.writerow([])
    writer.writerow(["Classement", "Joueur", "Total", "Titre"])
    for row in result.ranking:
        writer.writerow([row.position, row.player.name, row.total, row.title])
    return out.getvalue()
