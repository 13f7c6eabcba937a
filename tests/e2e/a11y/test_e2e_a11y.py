"""End to end, the accessible board: a screen reader's user reads the whole tour
by keyboard, playback and settings are announced, and axe-core finds no serious violation
in any view, in English or Chinese."""

from __future__ import annotations

import re
from typing import Any

import pytest

import build
from knight_py import validate

from ..conftest import App, frame, show_tour
from ..views import view_links

AXE = build.ROOT / "node_modules" / "axe-core" / "axe.min.js"


# --- the accessible board -----------------------------------------------------------------


def focused_name(page: Any) -> str:
    """The accessible name of the focused node, read from the accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    for node in nodes:
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        role = node.get("role", {}).get("value")
        if props.get("focused") and role not in ("RootWebArea", "WebArea"):
            return str(node.get("name", {}).get("value", ""))
    raise AssertionError("nothing focused")


def test_a_screen_reader_user_reads_the_whole_tour_by_keyboard(app: App) -> None:
    state = show_tour(app, "?rows=8&cols=8&start=a1")
    page = app.page
    # Reach the table by Tab from the slider, as a keyboard user would.
    page.focus("#position")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('role') === 'gridcell'"):
            break
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell"
    page.keyboard.press("Control+Home")  # a8
    frame(app)
    read: dict[int, tuple[int, int]] = {}
    for rank in range(8):
        page.keyboard.press("Home")
        for file in range(8):
            if file:
                page.keyboard.press("ArrowRight")
            frame(app)
            name = focused_name(page)
            match = re.fullmatch(r"([a-h])([1-8]), move (\d+)(, .*)?", name)
            assert match, name
            assert (match.group(1), int(match.group(2))) == ("abcdefgh"[file], 8 - rank)
            read[int(match.group(3))] = (rank, file)
        page.keyboard.press("ArrowDown")
    path = [read[n] for n in range(1, 65)]
    assert path == [tuple(sq) for sq in state["path"]]
    validate(8, 8, path)
    # PageUp / PageDown move ten ranks (to the edge here), End the last file.
    page.keyboard.press("PageUp")
    page.keyboard.press("End")
    frame(app)
    assert focused_name(page).startswith("h8, move")
    # The move list is plain text, in order, the current move marked.
    items = page.locator("#move-list li").all_text_contents()
    assert len(items) == 64 and items[0] == "a1"
    assert page.locator("#move-list li[aria-current='step']").text_content() == items[-1]


def test_playback_and_settings_are_announced(app: App) -> None:
    show_tour(app, "?rows=6&cols=6&start=a1")
    page = app.page
    page.focus("#position")
    page.keyboard.press("Home")
    frame(app)
    assert app.state()["shown"] == 1
    page.keyboard.press("PageUp")  # ten moves on
    frame(app)
    assert app.state()["shown"] == 11
    assert re.fullmatch(r"Move 11 of 36: [a-f][1-6]\.", page.text_content("#announcer") or "")
    page.keyboard.press("End")
    frame(app)
    assert "Move 36 of 36" in (page.text_content("#announcer") or "")
    page.click("#closed-tour")
    frame(app)
    assert (page.text_content("#announcer") or "").startswith("Closed tour")
    page.click("#edit-holes")
    frame(app)
    assert "Editing holes" in (page.text_content("#announcer") or "")
    app.click_square("c3")
    frame(app)
    assert "Hole added at c3" in (page.text_content("#announcer") or "")
    app.click_square("c3")
    page.click("#edit-holes")
    page.click("#open-tour")
    frame(app)


# --- axe-core -------------------------------------------------------------------------------

VIEWS = {
    "empty board": "?rows=8&cols=8",
    "8x8 tour": "?rows=8&cols=8&start=a1",
    "bad link": "?rows=0&holes=zz9&method=magic&colour=red&rows=3",
    "1000x1000 board": "?rows=1000&cols=1000",
    # The other views (the `view` parameter), every one the registry lists.
    **{f"{view} view": link for view, link in view_links(
        {"heatmap": "?rows=5&cols=5&view=heatmap", "learn": "?rows=5&cols=5&view=learn"}, "?rows=6&cols=6&view={id}",
    ).items() if view != "tour"},
    # The same in Chinese (the lang parameter).
    "8x8 tour in Chinese": "?rows=8&cols=8&start=a1&lang=zh",
    "compare view in Chinese": "?rows=6&cols=6&view=compare&lang=zh",
    "play view in Chinese": "?rows=6&cols=6&view=play&lang=zh",
    "learn view in Chinese": "?rows=5&cols=5&view=learn&lang=zh",
}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        "async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
        ".map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))"
    )
    return list(result)


@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_no_serious_or_critical_violation(app: App, view: str) -> None:
    assert AXE.exists(), "npm ci installs axe-core (a dev dependency)"
    app.goto(VIEWS[view])
    if "start=" in VIEWS[view]:
        app.wait_result()
        app.page.click("#show-all")
    frame(app)
    states = [view]
    if view == "8x8 tour":
        app.page.click("#edit-holes")  # the board while editing holes
        frame(app)
        states.append("editing holes")
    bad = [v for v in axe_violations(app.page) if v["impact"] in ("serious", "critical")]
    if view == "8x8 tour":
        app.page.click("#edit-holes")
    assert not bad, f"{states}: {bad}"
