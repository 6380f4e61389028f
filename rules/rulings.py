"""« Précisions d'arbitrage »: every ruling of RULES.md, in French, per game.

Each ruling carries an example that opens the game's calculator pre-filled, so that players can
see what the calculator does with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse


@dataclass(frozen=True)
class Ruling:
    anchor: str
    title: str
    text: str
    example: str = ""
    params: tuple[tuple[str, str], ...] = ()
    url_name: str = ""

    @property
    def example_url(self) -> str | None:
        if not self.params or not self.url_name:
            return None
        return f"{reverse(self.url_name)}?{urlencode(self.params)}"


def _check(anchor, title, text, example="", combo="", cards="", rank=1):
    params = (("combo", combo), ("cards", cards), ("rank", str(rank))) if combo else ()
    return Ruling(anchor, title, text, example, params, "calculators:num_check")


def _draft(anchor, title, text, example="", **places):
    params = tuple(places.items())
    return Ruling(anchor, title, text, example, params, "calculators:num_draft")


def _connect(anchor, title, text, example="", cards="", **flags):
    params = (("cards", cards), *flags.items()) if cards else ()
    return Ruling(anchor, title, text, example, params, "calculators:num_connect")


def _five(anchor, title, text, example="", **params):
    return Ruling(anchor, title, text, example, tuple(params.items()), "calculators:num_5")


NUM_CHECK = (
    _check(
        "arbitrage-rainbow-naturelle",
        "Rainbow naturelle en Double Paire et Suite Paire",
        "Le livret ne cite la Double Paire et la Suite Paire dans aucun rôle de joker : la "
        "Rainbow y compte pour sa valeur imprimée.",
        "9🔴 9🔵 4🌈 12🔴 n'est pas une Double Paire.",
        "double_paire",
        "9R 9B 4A 12R",
    ),
    _check(
        "arbitrage-full-cosmique",
        "Full Cosmique : cartes naturelles uniquement",
        "La Rainbow et la Shadow obligatoires sont des membres réels, et le livret cite le Full, "
        "pas le Full Cosmique, parmi les rôles de joker : toutes ses cartes comptent pour leur "
        "valeur imprimée.",
        "7🌈 7🌑 3🔵 3🟡 12🌈 n'est pas un Full Cosmique.",
        "full_cosmique",
        "7A 7S 3B 3J 12A",
        6,
    ),
    _check(
        "arbitrage-carte-naturelle-par-groupe",
        "Au moins une carte naturelle par groupe de même valeur",
        "Chaque groupe de même valeur (paire, brelan, carré, Num's, et chaque sous-groupe d'un "
        "Full) contient au moins une carte naturelle, et sa valeur est celle de cette carte.",
        "Deux Rainbow 3🌈 5🌈 forment une paire de 5 (la meilleure lecture), jamais de 16.",
        "paire",
        "3A 5A",
        2,
    ),
    _check(
        "arbitrage-couleur-famille",
        "Couleur et Suite couleur : une vraie famille",
        "Une Couleur ou une Suite couleur contient au moins une carte naturelle de sa famille ; "
        "Rainbow n'est pas une famille pour elles. La Rainbow y est joker de valeur et de famille : "
        "elle prend la place d'une carte absente de la famille, par exemple sa plus haute.",
        "2🔴 5🔴 9🔴 11🔴 4🌈 au rang 1 : la Rainbow devient le 16🔴 → 4 + 16 + 8 = 28.",
        "couleur",
        "2R 5R 9R 11R 4A",
    ),
    _check(
        "arbitrage-shadow-famille",
        "La Shadow est une famille pour la Couleur",
        "« Compte comme une carte normale dans sa propre famille » : cinq Shadow font une Couleur "
        "(et une Suite couleur) ; la « famille classique » du tableau se lit « toute famille sauf "
        "Rainbow ». La règle Shadow fait alors chuter la référence vers la plus basse carte.",
        "2🌑 5🌑 9🌑 11🌑 14🌑 au rang 4 : normal 10, élargi 4 + (2 + 14) + 12 × 2 = 44.",
        "couleur",
        "2S 5S 9S 11S 14S",
        4,
    ),
    _check(
        "arbitrage-couleur-elargie",
        "Couleur en mode élargi",
        "Au rang 4, la Couleur peut utiliser sa plus haute et sa plus basse carte comme "
        "références. Le calculateur compte les deux modes et garde le meilleur ; à égalité, le "
        "mode normal.",
        "0🟡 3🟡 6🟡 9🟡 16🟡 au rang 4 : 52 dans les deux modes, le mode normal est gardé.",
        "couleur",
        "0J 3J 6J 9J 16J",
        4,
    ),
    _check(
        "arbitrage-meilleure-lecture",
        "Plusieurs lectures possibles",
        "Quand les mêmes cartes se lisent de plusieurs façons, le calculateur garde celle qui "
        "rapporte le plus au rang annoncé et dit laquelle. À égalité : le mode normal avant "
        "l'élargi, puis les références les plus fortes (la première, puis la seconde).",
        "Full 7🔴 7🔵 3🟢 3🟡 9🌈 : (7, 3) et (3, 7) valent autant, il se lit (7, 3).",
        "full",
        "7R 7B 3V 3J 9A",
    ),
    _check(
        "arbitrage-suite-shadow-pure",
        "Suite Shadow pure et bonus de rang",
        "« Hors bonus classique » signifie que cette référence (plus haute + plus basse) remplace "
        "la règle Shadow de la plus basse carte ; le bonus de rang s'applique quand même, et les "
        "rangs 4 et 6 doublent cette référence.",
        "Suite couleur 10🌑 à 14🌑 au rang 6 : 21 + 24 + 48 = 93.",
        "suite_couleur",
        "10S 11S 12S 13S 14S",
        6,
    ),
    _check(
        "arbitrage-references-doubles",
        "Références des combinaisons à deux cartes de référence",
        "Full et Full Cosmique : (valeur du brelan, valeur de la paire). Suite Paire : (plus haute "
        "valeur de la suite de 3, valeur de la paire). Double Paire : (paire haute, paire basse). "
        "La référence principale du rang 6 est la première : le brelan, la suite, la paire haute.",
        "Full 3🔴 3🔵 3🟡 12🟢 12🌈 au rang 6 : 8 + (3 + 12) + 3 × 2 = 29.",
        "full",
        "3R 3B 3J 12V 12A",
        6,
    ),
    _check(
        "arbitrage-suite-paire",
        "Suite Paire : la paire peut reprendre une valeur de la suite",
        "La paire de la Suite Paire peut avoir la même valeur qu'une carte de la suite.",
        "4🔴 5🔵 6🟡 6🟢 6🌑 est une Suite Paire (suite 4-5-6, paire de 6).",
        "suite_paire",
        "4R 5B 6J 6V 6S",
        6,
    ),
    _check(
        "arbitrage-action",
        "Cartes Action",
        "Une annonce qui contient une carte Action (Tornade, Éclair, Simple, Double, Passe) est "
        "un CHECK invalide : les cartes Action ne peuvent jamais intégrer une combinaison.",
        "5🔴 + Tornade annoncés en Paire : CHECK invalide.",
        "paire",
        "5R Tornade",
    ),
    Ruling(
        "arbitrage-check-invalide",
        "CHECK invalide : ni rang, ni combinaison utilisée",
        "Un CHECK invalide ne marque rien, ne prend aucun rang, ne compte pas dans les 8 et "
        "n'utilise pas sa combinaison (la carte reste au centre, le joueur est seulement privé du "
        "centre jusqu'à son prochain tour). L'annonce valide suivante prend le rang suivant.",
        "Paire 5🔴 9🔵 (invalide) puis Paire 9🔴 9🔵 : la seconde est au rang 1 → 2 + 9 + 8 = 19.",
        (("players", "Léa : Paire 5R 9B\nLéa : Paire 9R 9B"),),
        "calculators:num_check_sheet",
    ),
    Ruling(
        "arbitrage-titres",
        "Titres : bornes communes",
        "Les bornes du livret se chevauchent : à une borne partagée, le titre supérieur l'emporte. "
        "Moins de 100 Novice · 100 à 179 Stratège · 180 à 249 Maître · 250 à 320 Grand Maître · "
        "plus de 320 Légende de NUM CHECK.",
        "Num's de 10 au rang 1 (40), Carré de 9 au rang 2 (38), Paire de 6 au rang 3 (22) : "
        "100 points, Stratège.",
        (
            (
                "players",
                "Léa : Num's 10R 10V 10B 10J 10S\nLéa : Carré 9R 9V 9B 9J\nLéa : Paire 6R 6B",
            ),
        ),
        "calculators:num_check_sheet",
    ),
    Ruling(
        "arbitrage-fin-de-partie",
        "Mode de jeu et score",
        "La partie s'arrête dès qu'un joueur a 8 combinaisons, ou après 2 tours de paquet "
        "(Classique) ou 3 (Famille, et toujours 3 à 7 joueurs ou plus). Le mode est noté sur la "
        "feuille ; il ne change pas le score.",
        "Une partie partagée note son mode dès sa création.",
        (("kind", "num_check"),),
        "parties:new",
    ),
)

NUM_DRAFT = (
    _draft(
        "arbitrage-bonus-voisin",
        "Le bonus voisin appartient à la carte",
        "Une carte voisine qui marque dans au moins un groupe gagne son bonus une seule fois, "
        "quel que soit le nombre de groupes où elle compte : un 7🔴 voisin dans le groupe rouge "
        "et dans le groupe des 7 rapporte 2 + 3 + 1.",
        "7🔵 7🟡 / 9🔴 10🔴 avec 7🔴 et 2🔴 à gauche : 19 points.",
        g00="7B",
        g01="7J",
        g10="9R",
        g11="10R",
        l0="7R",
        l1="2R",
    ),
    _draft(
        "arbitrage-shadow-grille",
        "La limite d'ancrage de la Shadow concerne les voisines",
        "« Shadow ne peut ancrer qu'un groupe Shadow déjà présent » vise les Shadow des colonnes "
        "voisines (jamais dans un groupe de valeur, bonus +0). Une Shadow de votre grille compte "
        "dans son groupe de valeur comme toute carte.",
        "4🌑 4🔵 / 6🌑 avec 9🌑 11🌑 à gauche : 14 points.",
        g00="4S",
        g01="4B",
        g10="6S",
        l0="9S",
        l1="11S",
    ),
    _draft(
        "arbitrage-ancre",
        "L'ancre d'un groupe (Mode Classique)",
        "Un groupe est un ensemble de cartes qui se touchent et partagent la couleur ou la valeur. "
        "Il marque si ses cartes de votre grille comptent une ancre : au moins deux cartes de "
        "votre grille reliées entre elles par des cartes de votre grille du groupe. Les cartes "
        "voisines ne le rejoignent qu'en touchant une carte du groupe ; une carte de votre grille "
        "reliée à l'ancre seulement par des cartes voisines en fait partie aussi.",
        "1🔴 5🔵 1🟢 en haut : les deux 1 ne se touchent pas, 0 point.",
        g00="1R",
        g01="5B",
        g02="1V",
    ),
    _draft(
        "arbitrage-deux-jokers",
        "Deux Jokers n'ancrent jamais",
        "Une ancre contient au moins une carte naturelle (autre qu'un Joker) : deux Jokers seuls "
        "ne forment pas de groupe.",
        "Un Joker entre 1🔴 et 1🟢 les relie : 9 points.",
        g00="1R",
        g01="JK",
        g02="1V",
    ),
    _draft(
        "arbitrage-rainbow-voisine",
        "La Rainbow voisine doit toucher son groupe",
        "En Mode Classique, une Rainbow voisine, comme toute carte, doit toucher le groupe qu'elle "
        "rejoint : « jamais bloqué par l'ancrage » signifie que tout groupe de couleur peut "
        "l'accueillir, pas qu'elle peut être ailleurs.",
        "Trois rouges qui se touchent et une Rainbow voisine contre eux : 9 points.",
        g00="1R",
        g01="5B",
        g10="2R",
        g11="9J",
        g20="3R",
        l0="7A",
    ),
    _draft(
        "arbitrage-jokers-optimaux",
        "Jokers et Rainbows voisines affectés au mieux",
        "Le calculateur essaie toutes les affectations des Jokers (un seul groupe, couleur ou "
        "valeur) et des couleurs des Rainbows voisines, garde celle qui donne le plus de points "
        "et l'affiche.",
        "Deux Jokers et trois Rainbows voisines : 41 points.",
        g00="10R",
        g01="JK",
        g02="2B",
        g10="10B",
        g11="7J",
        g12="2J",
        g20="JK",
        g21="7V",
        g22="0A",
        l0="10J",
        l1="7R",
        l2="12A",
        r0="2V",
        r1="0S",
        r2="9A",
    ),
    Ruling(
        "arbitrage-voisins",
        "Qui est mon voisin ?",
        "Les joueurs sont listés dans l'ordre où ils se passent les cartes : chacun passe au "
        "suivant (le dernier au premier). Le voisin de gauche du joueur i est donc le joueur i+1, "
        "son voisin de droite le joueur i−1 ; à 2 joueurs, l'autre est les deux voisins.",
        "À 2 joueurs, Léa compte la colonne droite et la colonne gauche de Tom.",
        (
            ("mode", "classic"),
            ("players", "Léa : 1R 2R 3R / - - - / - - -\nTom : 4R - 1V / - - - / - - -"),
        ),
        "calculators:num_draft_table",
    ),
    Ruling(
        "arbitrage-joker-ouverture",
        "Joker retourné à l'ouverture",
        "Un Joker retourné à l'ouverture n'a pas de valeur : ce joueur retourne une autre carte.",
        "Léa retourne un Joker, Tom un 3🔵 : Léa retourne une autre carte.",
        (("turned", "Léa : JK\nTom : 3B"),),
        "calculators:num_draft_table",
    ),
    _draft(
        "arbitrage-paquet",
        "Paquet 0–16 à moins de 6 joueurs",
        "Le paquet 0–12 est recommandé de 2 à 5 joueurs et le 0–16 de 6 à 7 ; une table peut "
        "choisir le 0–16 avec moins de joueurs.",
        "13🔴 13🔵 avec le paquet 0–16 : 6 points.",
        values="0-16",
        g00="13R",
        g01="13B",
    ),
)

NUM_5 = (
    _five(
        "arbitrage-egalite-manche",
        "Égalité dans une manche",
        "Si plusieurs joueurs ont le plus de points, la manche est gagnée par chacun d'eux.",
        "10🔴 contre 10🔵 contre 2🟢 : Léa et Tom gagnent la manche.",
        players="Léa, Tom, Zoé",
        n="1",
        r0_0="10R",
        r0_1="10B",
        r0_2="2V",
    ),
    _five(
        "arbitrage-trois-manches",
        "Plusieurs joueurs atteignent 3 manches ensemble",
        "Si plusieurs joueurs atteignent 3 manches gagnées dans la même manche, celui qui a le "
        "plus de points cumulés sur toutes les manches gagne ; s'ils sont encore à égalité, ils "
        "partagent la victoire.",
        "A et B atteignent 3 manches à la 5e : B a 38 points, A 36 : B gagne.",
        players="A, B, C",
        n="5",
        r0_0="10",
        r0_1="5",
        r0_2="0",
        r1_0="3",
        r1_1="8",
        r1_2="1",
        r2_0="9",
        r2_1="4",
        r2_2="6",
        r3_0="2",
        r3_1="9",
        r3_2="7",
        r4_0="12",
        r4_1="12",
        r4_2="7",
    ),
    _five(
        "arbitrage-saisie",
        "Cartes ou deux nombres",
        "Une manche se saisit carte par carte (chaque carte ne peut être récupérée que par un "
        "joueur) ou par deux nombres par joueur : la somme des cartes positives et la somme des "
        "Shadow.",
        "Léa saisit ses cartes, Tom « 31 - 4 », Zoé ses cartes.",
        players="Léa, Tom, Zoé",
        n="1",
        r0_0="12R 3S 0B",
        r0_1="31 - 4",
        r0_2="5A 7J 16S",
    ),
    _five(
        "arbitrage-explosion",
        "Variante « Explosion de rangée »",
        "La variante change le jeu, pas le décompte : elle est notée sur la feuille.",
        "Une manche notée avec la variante.",
        players="Léa, Tom, Zoé",
        explosion="on",
        n="1",
        r0_0="9",
        r0_1="4 - 2",
        r0_2="7",
    ),
)

NUM_CONNECT = (
    _connect(
        "arbitrage-sens",
        "Une ligne se lit dans les deux sens",
        "Une combinaison est une ligne de cartes telle qu'elle est posée ; les suites peuvent "
        "monter ou descendre.",
        "9🟢 8🟢 7🟢 est une suite de même couleur.",
        "9V 8V 7V",
    ),
    _connect(
        "arbitrage-reset",
        "Reset Rainbow",
        "Une Rainbow peut fermer un segment et ouvrir le suivant, en appartenant aux deux ; chaque "
        "segment doit être une combinaison valable d'au moins 3 cartes.",
        "1🔴 2🟢 3🔵 4🟡 5🌈 6🔴 est invalide : après le reset, 5🌈 6🔴 n'a que 2 cartes.",
        "1R 2V 3B 4J 5A 6R",
    ),
    _connect(
        "arbitrage-shadow",
        "Shadow aux extrémités",
        "Une Shadow n'est qu'aux extrémités de la ligne, et seule une autre Shadow peut la "
        "toucher de ce côté. Elle suit le motif de son extrémité : sa propre famille dans une "
        "combinaison de même valeur ou une suite multicolore, joker de famille (comme une Rainbow) "
        "dans une suite de même couleur.",
        "4🔴 5🔴 6🔴 7🌑 8🌑 est valable.",
        "4R 5R 6R 7S 8S",
    ),
    _connect(
        "arbitrage-premiere-pose",
        "Première pose et combinaison libre",
        "Elles contiennent au moins une Rainbow et au moins une Shadow. La première pose demande "
        "aussi 3 cartes du joueur : le vérificateur, qui ne voit que la ligne, contrôle la Rainbow "
        "et la Shadow.",
        "5🔴 5🌈 5🌑 en première pose : valable.",
        "5R 5A 5S",
        first_play="1",
    ),
    _connect(
        "arbitrage-moins-de-segments",
        "Le découpage le plus simple",
        "Quand une ligne peut se découper de plusieurs façons, le vérificateur montre celle qui a "
        "le moins de segments (une ligne valable d'un seul tenant reste un seul segment, même "
        "avec une Rainbow).",
        "8🔴 8🟢 8🌈 7🟢 6🔵 5🟡 4🔴 3🌈 4🔵 5🔵 : trois segments.",
        "8R 8V 8A 7V 6B 5J 4R 3A 4B 5B",
    ),
)

RULINGS = {
    "num-check": NUM_CHECK,
    "num-draft": NUM_DRAFT,
    "num-5": NUM_5,
    "num-connect": NUM_CONNECT,
}
