"""End to end: other leapers. A camel chosen on 6 x 6 on a phone gets the colour proof,
and the (a, b) fields are a finger's size and refuse (0, 0), in English and Chinese; a
zebra is played in Play; a giraffe's link reproduces the tour the page showed
(docs/leapers.md). The same pieces at 1280 px too, in Firefox and WebKit as well:
tests/e2e/engines/test_e2e_engines.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from knight_py import validate
from knight_py.squares import square_name

from ..conftest import ARTIFACTS, App

PROOF = {
    "en": ("the camel (1, 3)", "colour"),
    "zh": ("骆驼（1, 3）", "颜色"),
}
PIECE_LINE = {"en": "Piece: the camel (1, 3).", "zh": "棋子：骆驼（1, 3）。"}


def box(app: App, selector: str) -> dict[str, float]:
    found = app.page.locator(selector).bounding_box()
    assert found is not None, selector
    return dict(found)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_camel_on_6x6_is_refused_by_the_colour_proof(phone: Callable[..., App], lang: str) -> None:
    width = 390
    app = phone(width=width, lang=lang, touch=True)
    app.goto(f"?rows=6&cols=6&lang={lang}")
    app.wait_python()
    app.page.select_option("#piece", "camel")
    app.wait_until("window.knightTour.rule === 'leaper:1,3'")
    assert "rule=camel" in app.page.url
    app.wait_until(f"document.querySelector('#rule-status').textContent.startsWith({PIECE_LINE[lang]!r})")
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "impossible", app.brief()
    piece, colour = PROOF[lang]
    status = app.status_text(piece)
    assert colour in status, status
    # The piece menu and the (a, b) fields are a finger's size at a phone's width.
    app.page.select_option("#piece", "other")
    app.wait_until("!document.querySelector('#leaper-numbers').hidden")
    for selector in ("#piece", "#leaper-a", "#leaper-b"):
        size = box(app, selector)
        assert size["height"] >= 44 and size["width"] >= 44, (selector, size)
    assert app.page.input_value("#leaper-a") == "1" and app.page.input_value("#leaper-b") == "3"
    app.page.fill("#leaper-b", "5")
    app.page.press("#leaper-b", "Tab")
    app.wait_until("window.knightTour.rule === 'leaper:1,5'")
    assert "rule=leaper:1,5" in app.page.url
    app.page.fill("#leaper-a", "0")
    app.page.fill("#leaper-b", "0")
    app.page.press("#leaper-b", "Tab")
    error = app.wait_until("document.querySelector('#leaper-error').textContent")
    assert {"en": "not both 0", "zh": "不能都是 0"}[lang] in error, error
    assert app.state()["rule"] in ("leaper:1,5", "leaper:0,5")  # a field left alone keeps its change
    app.page.screenshot(path=str(ARTIFACTS / f"leaper_camel_{width}_{lang}.png"), full_page=True)
    app.page.select_option("#piece", "knight")
    app.wait_until("window.knightTour.rule === 'knight'")


def play_state(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.play))") or {})


def test_a_zebra_is_played_in_play(app: App) -> None:
    app.goto("?rows=5&cols=5&rule=zebra&view=play")
    app.wait_python()
    app.wait_until("window.knightTour.state.view === 'play'")
    assert app.page.text_content("#play-rule").startswith("Playing the zebra (2, 3)")
    app.click_square("a1")
    app.wait_until("window.knightTour.play && window.knightTour.play.path.length === 1")
    legal = sorted(square_name(tuple(sq), 5) for sq in play_state(app)["legal"])
    assert legal == ["c4", "d3"]
    app.wait_until("document.querySelector('#play-moves').textContent.includes('the zebra (2, 3) is on a1')")
    assert "c4, d3" in app.page.text_content("#play-moves")
    app.click_square("b2")
    app.wait_until("document.querySelector('#play-notice').textContent.includes('not a jump of the zebra (2, 3)')")
    app.click_square("d3")
    app.wait_until("window.knightTour.play.path.length === 2")
    after = sorted(square_name(tuple(sq), 5) for sq in play_state(app)["legal"])
    assert after and all(abs(ord(s[0]) - ord("d")) in (2, 3) for s in after), after
    app.page.screenshot(path=str(ARTIFACTS / "leaper_zebra_play.png"))


def test_a_giraffe_link_reproduces_the_tour_shown(app: App, fresh_app: App) -> None:
    app.goto("?rows=5&cols=8&lang=en")
    app.page.select_option("#piece", "giraffe")
    app.wait_until("window.knightTour.rule === 'leaper:1,4'")
    app.click_square("a1")
    shown = app.wait_result()
    assert shown["status"] == "found", app.brief()
    path = [(r, c) for r, c in shown["path"]]
    validate(5, 8, path, rule="giraffe")
    assert "rule=giraffe" in app.page.url and "start=a1" in app.page.url
    # The address: the same settings give the same tour (the solver is deterministic).
    fresh_app.open(app.page.url)
    again = fresh_app.wait_result()
    assert again["status"] == "found" and [(r, c) for r, c in again["path"]] == path
    # The copied link carries the tour itself, coded with the giraffe's jumps.
    app.page.click("#copy-link")
    link = app.wait_until("document.querySelector('#link').value")
    assert "rule=giraffe" in link and "tour=" in link
    fresh_app.open(link)
    linked = fresh_app.wait_result()
    assert linked["status"] == "found" and [(r, c) for r, c in linked["path"]] == path
    assert not fresh_app.page.is_visible("#param-errors") or not fresh_app.page.text_content("#param-errors").strip()
