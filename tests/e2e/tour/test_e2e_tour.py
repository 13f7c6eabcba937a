"""End to end on one shared page: click a square, watch and check the tour, closed tours,
impossible boards, keyboard choice, Back, and Stop."""

from __future__ import annotations

from knight_py import validate

from ..conftest import ARTIFACTS, App


def tour_of(state: dict[str, object]) -> list[tuple[int, int]]:
    return [(r, c) for r, c in state["path"]]  # type: ignore[attr-defined]


def test_click_a_square_gives_a_tour_that_validates_and_plays(app: App) -> None:
    app.set_size(8, 8)
    app.wait_python()  # before Python, a preset board's square shows the build's tour (test_e2e_presets)
    app.click_square("c3")
    state = app.wait_result()
    assert state["status"] == "found"
    assert state["start"] == [5, 2]
    path = tour_of(state)
    assert path[0] == (5, 2)
    validate(8, 8, path)
    app.status_text("Found an open tour from c3")
    assert "start=c3" in app.page.url
    first = app.wait_until("window.knightTour.shown")
    app.wait_until(f"window.knightTour.shown > {first}")  # the knight walks on


def test_playback_controls(app: App) -> None:
    if app.state()["status"] != "found":
        app.click_square("a1")
        app.wait_result()
    page = app.page
    page.click("#show-all")
    total = app.state()["tourLength"]
    assert app.state()["shown"] == total
    app.next_frame()
    assert page.text_content("#move-count") == f"Move {total} of {total}"
    page.click("#restart")
    assert app.state()["shown"] == 1
    page.click("#step-forward")
    page.click("#step-forward")
    page.click("#step-back")
    assert app.state()["shown"] == 2
    page.locator("#position").fill("30")
    assert app.state()["shown"] == 30


def test_closed_tour(app: App) -> None:
    app.set_size(6, 6)
    app.page.check("#closed-tour")
    app.click_square("b2")
    state = app.wait_result()
    assert state["status"] == "found", state
    assert state["closed"] is True
    validate(6, 6, tour_of(state), closed=True)
    assert "closed=1" in app.page.url
    app.page.click("#show-all")  # the closing move is drawn at the end
    app.status_text("closed tour")


def test_impossible_board_shows_its_reason(app: App) -> None:
    app.page.check("#open-tour")
    app.set_size(4, 4)
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "impossible"
    assert state["reason"]
    assert state["path"] == []
    app.status_text(state["reason"])
    assert app.page.get_attribute("#status", "role") == "status"


def test_keyboard_chooses_the_start_square(app: App) -> None:
    app.set_size(5, 5)
    app.page.focus("canvas.layer-overlay")
    app.page.keyboard.press("ArrowRight")  # the cursor starts on a1
    app.page.keyboard.press("ArrowUp")
    app.page.keyboard.press("ArrowRight")  # now c2... no: a1 -> b1 -> b2 -> c2
    app.page.keyboard.press("ArrowDown")  # c1, a corner-colour square
    app.page.keyboard.press("Enter")
    state = app.wait_result()
    assert state["start"] == [4, 2]
    assert state["status"] == "found"
    validate(5, 5, tour_of(state))


def test_back_restores_the_previous_board(app: App) -> None:
    app.set_size(8, 8)
    app.page.check("#open-tour")
    app.click_square("a1")
    before = app.wait_result()
    assert before["status"] == "found"
    app.set_size(10, 10)
    assert app.state()["rows"] == 10
    app.page.go_back()
    app.wait_until("window.knightTour.rows === 8")
    after = app.wait_result()
    assert (after["rows"], after["cols"], after["start"]) == (8, 8, [7, 0])
    assert after["path"] == before["path"]


def test_stop_ends_a_long_search_and_the_next_one_works(app: App) -> None:
    app.set_size(8, 8)
    app.page.select_option("#method", "backtrack")
    app.click_square("d4")  # plain backtracking from d4 runs far longer than this test
    app.wait_until("window.knightTour.status === 'solving'")
    app.wait_until("document.querySelector('#status-detail').textContent.includes('nodes searched')")
    assert app.page.is_visible("#stop")
    app.page.click("#stop")
    state = app.state()
    assert state["status"] == "cancelled"
    assert (state["rows"], state["cols"], state["method"]) == (8, 8, "backtrack")
    app.status_text("stopped")
    app.page.select_option("#method", "auto")
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "found"
    validate(8, 8, tour_of(state))


def test_plain_backtracking_search_can_be_replayed(app: App) -> None:
    app.set_size(5, 5)
    app.page.select_option("#method", "backtrack")
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "found"
    validate(5, 5, tour_of(state))
    app.page.click("#watch-search")
    app.wait_until("document.querySelector('#move-count').textContent.startsWith('Search event')")
    app.wait_until("/backtracks$/.test(document.querySelector('#move-count').textContent)")
    app.page.click("#step-forward")
    app.page.screenshot(path=str(ARTIFACTS / "search_replay.png"))
    app.page.click("#watch-search")  # back to the tour
    app.wait_until("document.querySelector('#move-count').textContent.startsWith('Move')")
    assert app.state()["path"] == state["path"]
    app.page.select_option("#method", "auto")


def test_holes_are_edited_on_the_board_and_avoided(app: App) -> None:
    app.set_size(6, 6)
    app.page.select_option("#method", "auto")
    app.page.check("#open-tour")
    app.page.click("#edit-holes")
    app.wait_until("document.querySelector('#hint').textContent.includes('holes')")
    app.click_square("c3")
    app.click_square("d3")
    app.wait_until("window.knightTour.holes.length === 2")
    assert "holes=c3,d3" in app.page.url
    app.page.click("#edit-holes")  # Done
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "found"
    assert state["holes"] == [[3, 2], [3, 3]]
    path = tour_of(state)
    assert len(path) == 34 and (3, 2) not in path and (3, 3) not in path
    validate(6, 6, path, blocked=[(3, 2), (3, 3)])
    app.page.click("#show-all")
    app.page.screenshot(path=str(ARTIFACTS / "holes_tour.png"))
    app.page.click("#clear-holes")
    app.wait_until("window.knightTour.holes.length === 0")


def test_xiangqi_horse_rule(app: App) -> None:
    app.set_size(8, 8)
    app.page.select_option("#piece", "xiangqi")
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "found" and state["rule"] == "xiangqi"
    assert "rule=xiangqi" in app.page.url
    validate(8, 8, tour_of(state), rule="xiangqi")
    app.page.select_option("#piece", "knight")


def test_big_board_plays_many_moves_per_frame(app: App) -> None:
    app.page.click("[data-size='200x200']")
    app.wait_until("window.knightTour.rows === 200")
    app.click_square("a1")
    state = app.wait_result()
    assert state["status"] == "found" and state["tourLength"] == 40_000
    speed = app.page.text_content("#speed-value")
    assert int(speed.split()[0].replace(",", "")) >= 1000  # far more than one move per frame
    app.wait_until("window.knightTour.shown > 2000")
    # On a busy machine playback may reach the end first; "show all" is then disabled.
    app.page.evaluate(
        "() => { const b = document.getElementById('show-all'); if (!b.disabled) b.click(); }"
    )
    app.wait_until("window.knightTour.shown === 40000")


def test_canvas_follows_the_window_and_the_pixel_ratio(app: App) -> None:
    page = app.page
    app.set_size(8, 8)
    canvas = page.locator("canvas.layer-board")
    before = page.get_attribute("canvas.layer-overlay", "data-geometry")
    page.set_viewport_size({"width": 760, "height": 700})
    try:
        app.wait_until(
            f"document.querySelector('canvas.layer-overlay').dataset.geometry !== {before!r}"
        )
        css_width = canvas.bounding_box()["width"]
        ratio = page.evaluate("() => devicePixelRatio")
        assert canvas.evaluate("c => c.width") == round(css_width * ratio)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_a_bad_size_typed_in_the_form_is_explained(app: App) -> None:
    app.set_size(8, 8)
    app.page.fill("#rows", "0")
    app.page.locator("#rows").dispatch_event("change")
    assert app.state()["status"] == "error"
    assert "1 to 1000" in app.state()["message"]
    app.status_text("Rows")
    assert app.page.is_visible("#size-error")
    assert app.state()["rows"] == 8  # the board keeps its size
    app.set_size(6, 6)
    assert app.state()["status"] in ("loading", "ready", "solving", "found")
    assert not app.page.is_visible("#size-error")


def test_every_state_is_visible_in_the_snapshot(app: App) -> None:
    app.set_size(6, 6)
    app.click_square("a1")
    app.wait_result()
    state = app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.state))")
    for key in ("generation", "waitingForPython", "speedChosen", "viewport", "announcement", "share"):
        assert key in state, key
    assert state["generation"] > 0 and state["waitingForPython"] is False
    assert state["python"]["ready"] is True and "auto" in state["python"]["methods"]
    assert state["viewport"]["width"] > 0
    app.page.locator("#speed").fill("20")  # the person chooses a speed: the store knows it
    app.wait_until("window.knightTour.state.speedChosen && window.knightTour.state.speed === 100")
