"""French typography for our own French text: narrow no-break spaces before ``: ; ! ?`` and
inside « », typographic apostrophes (docs/i18n.md « Templates and the page's JavaScript »).

Applied only to text we write, never to attributes, URLs, JSON, form values or players' names:
``{% typo %}`` fixes its template text (and its translate tags' French) when the template is
compiled, never the output of variables; ``|typo`` fixes one value of our own prose.
:func:`french`, the rule itself, is shared with the rulebooks' Markdown (``rules/mdext.py``).
"""

from __future__ import annotations

import copy
import re
from typing import TYPE_CHECKING

from django import template
from django.template.base import Node, NodeList, TextNode, Token, TokenType
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

register = template.Library()

NNBSP = "\u202f"  # narrow no-break space (espace fine insécable)
APOSTROPHE = "\u2019"

# A plain space (or a no-break one) before : ; ! ? becomes a narrow no-break space; « 10:30 »,
# « http:// » or « ?q= » have no space before and are left alone.
_BEFORE_PUNCT = re.compile(r"[ \u00a0](?=[:;!?](?:\s|$|[)»\]<.,\u00a0\u202f]))")
_AFTER_OPEN_QUOTE = re.compile(r"«[ \u00a0\u202f]?")
_BEFORE_CLOSE_QUOTE = re.compile(r"[ \u00a0\u202f]?»")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def french(text: str) -> str:
    """French typography on plain text (no HTML): ``Rang : 4 !`` → ``Rang\u202f: 4\u202f!``."""
    text = _APOSTROPHE.sub(APOSTROPHE, text)
    text = _BEFORE_PUNCT.sub(NNBSP, text)
    text = _AFTER_OPEN_QUOTE.sub("«" + NNBSP, text)
    return _BEFORE_CLOSE_QUOTE.sub(NNBSP + "»", text)


def is_french() -> bool:
    """Whether the active language is French (the site's default when none is active)."""
    return (translation.get_language() or "fr").lower().startswith("fr")


class HtmlText:
    """Splits HTML fed in pieces into text (between tags) and markup (tags with their attributes,
    comments), remembering across pieces whether the next character is inside a tag."""

    def __init__(self) -> None:
        self.in_tag = False
        self.quote = ""

    def feed(self, html: str, fix: bool) -> str:
        out: list[str] = []
        text: list[str] = []
        for char in html:
            if not self.in_tag:
                if char == "<":
                    out.append(french("".join(text)) if fix else "".join(text))
                    text = []
                    self.in_tag = True
                    out.append(char)
                else:
                    text.append(char)
                continue
            out.append(char)
            if self.quote:
                if char == self.quote:
                    self.quote = ""
            elif char in "\"'":
                self.quote = char
            elif char == ">":
                self.in_tag = False
        out.append(french("".join(text)) if fix else "".join(text))
        return "".join(out)


def french_html(html: str) -> str:
    """French typography on the text of an HTML fragment, never inside its tags."""
    return HtmlText().feed(html, fix=True)


@register.filter(is_safe=True)
def typo(value: StrOrPromise) -> SafeString:
    """``{{ game.pitch|typo }}``: our own French prose with French typography (escaped first)."""
    html = str(conditional_escape(value))
    return mark_safe(french_html(html) if is_french() else html)  # safe HTML: escaped above


class FrenchTextNode(TextNode):
    """Template text with its French version, chosen by the active language at render time."""

    def __init__(self, original: str, fixed: str) -> None:
        super().__init__(original)
        self.fixed = fixed

    def render(self, context: template.Context) -> str:
        return self.fixed if _french(context) else self.s

    # TextNode short-circuits render_annotated to return its text: choose there too.
    render_annotated = render


class FrenchTranslateNode(Node):
    """A translate tag inside ``{% typo %}``: its French twin in French, itself otherwise."""

    def __init__(self, node: Node, french_node: Node) -> None:
        self.node = node
        self.french_node = french_node
        self.token = node.token
        self.origin = node.origin

    def render(self, context: template.Context) -> str:
        return (self.french_node if _french(context) else self.node).render(context)


def _french_tokens(tokens: list[Token]) -> list[Token]:
    state = HtmlText()
    return [
        Token(TokenType.TEXT, state.feed(t.contents, fix=True), t.position, t.lineno)
        if t.token_type == TokenType.TEXT
        else t
        for t in tokens
    ]


def _french_twin(node: TranslateNode | BlockTranslateNode) -> Node | None:
    """The French twin of a translate node, or None when it has nothing to fix (a variable)."""
    if isinstance(node, BlockTranslateNode):
        if node.asvar:
            return None
        block_twin = copy.copy(node)
        block_twin.singular = _french_tokens(node.singular)
        block_twin.plural = _french_tokens(node.plural)
        return block_twin
    variable = node.filter_expression.var
    literal = getattr(variable, "literal", None)
    if node.asvar or node.noop or not isinstance(literal, str) or node.filter_expression.filters:
        return None
    twin = copy.copy(node)
    twin.filter_expression = copy.copy(node.filter_expression)
    twin.filter_expression.var = copy.copy(variable)
    twin.filter_expression.var.literal = mark_safe(french_html(literal))  # safe HTML: our text
    return twin


CHILD_NODELISTS = ("nodelist", "nodelist_true", "nodelist_false", "nodelist_loop", "nodelist_empty")


def _fix(nodelist: NodeList, state: HtmlText) -> None:
    """Swap every text node (in source order, nested ones included) for its French version."""
    for index, node in enumerate(nodelist):
        if type(node) is TextNode:
            nodelist[index] = FrenchTextNode(node.s, state.feed(node.s, fix=True))
            nodelist[index].token = node.token
            nodelist[index].origin = node.origin
            continue
        if isinstance(node, (TranslateNode, BlockTranslateNode)) and not state.in_tag:
            twin = _french_twin(node)
            if twin is not None:
                nodelist[index] = FrenchTranslateNode(node, twin)
            continue
        children = [getattr(node, attr, None) for attr in CHILD_NODELISTS]
        children += [nl for _, nl in getattr(node, "conditions_nodelists", ())]
        seen: set[int] = set()
        for child in children:
            if isinstance(child, NodeList) and id(child) not in seen:
                seen.add(id(child))
                _fix(child, state)


class TypoNode(Node):
    child_nodelists = ("nodelist",)

    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        return self.nodelist.render(context)


_FRENCH = "numsite.typo.french"


def _french(context: template.Context) -> bool:
    """Whether the active language is French, asked once per template rendered: a Parties board
    has some six hundred text nodes, and each asking cost as much as drawing one."""
    french = context.render_context.get(_FRENCH)
    if french is None:
        french = context.render_context[_FRENCH] = is_french()
    return french


@register.tag("typo")
def typo_tag(parser: template.base.Parser, token: template.base.Token) -> TypoNode:
    """``{% typo %}…{% endtypo %}``: French typography on the template text inside."""
    nodelist = parser.parse(("endtypo",))
    parser.delete_first_token()
    _fix(nodelist, HtmlText())
    return TypoNode(nodelist)
