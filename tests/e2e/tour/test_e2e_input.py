"""End to end for input that never hurts: each way a bad input can fail has a test."""

from __future__ import annotations

from typing import Any

from ..conftest import App, wait_app, watched_page


def messages(app: App) -> dict[str, str]:
    app.page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
    return {
        str(li.get_attribute("data-param")): str(li.text_content())
        for li in app.page.locator("#param-errors li").all()
    }


def test_repeated_parameters_are_named(app: App) -> None:
    app.goto("?rows=5&rows=6&cols=6&cols=7&cols=8")
    found = messages(app)
    assert "given 2 times" in found["rows"] and "given 3 times" in found["cols"]
    state = app.state()
    assert (state["rows"], state["cols"]) == (5, 6)  # the first of each, as the message says


def test_a_board_with_no_free_square_and_a_start_on_a_hole_say_so_at_load(app: App) -> None:
    app.goto("?rows=2&cols=2&holes=a1,a2,b1,b2")
    assert "every square of the 2 x 2 board is a hole" in messages(app)["holes"]
    app.goto("?rows=6&cols=6&holes=c3,d4&start=c3")
    assert "c3 is one of the holes" in messages(app)["start"]
    assert app.state()["start"] is None


def test_a_long_holes_list_loads_and_is_counted_once(app: App) -> None:
    # 100,000 names (10,000 squares, each ten times): the check is linear, the page stays up.
    names = [f"{chr(97 + c % 26)}{chr(97 + c // 26)}{r}" for r in range(1, 101) for c in range(100)] * 10
    # Longer than the test server takes in a request line: the page reads it from history.
    app.goto("?rows=8&cols=8")
    app.page.evaluate(
        """(query) => { history.pushState(null, '', query); dispatchEvent(new PopStateEvent('popstate')); }""",
        f"?rows=1000&cols=1000&holes={','.join(names)}",
    )
    app.wait_until("window.knightTour.holes.length === 10000", 60)
    assert messages(app) == {}
    assert "10000 holes" in (app.page.text_content("#holes-note") or "").replace(",", "")


def test_huge_and_direction_changing_values_are_cut_short_and_isolated(app: App) -> None:
    page = app.page
    huge = "9" * 60_000
    override = "%E2%80%AEtcartxe"  # U+202E RIGHT-TO-LEFT OVERRIDE, then text
    app.goto(f"?rows={huge}&method={override}&start=%D7%A9%D7%9C%D7%95%D7%9D")
    found = messages(app)
    assert set(found) >= {"rows", "method", "start"}
    for text in found.values():
        assert len(text) < 400, text[:80]
    assert "60,000 characters" in found["rows"]
    # The override is shown as a code, never applied; the sentence keeps its order.
    assert "[U+202E]tcartxe" in found["method"] and "\u202e" not in found["method"]
    assert found["method"].startswith("method:") and found["method"].endswith("Using auto.")
    # Hebrew is isolated (FSI ... PDI), so it cannot reorder the words around it.
    assert "\u2068שלום\u2069" in found["start"]  # noqa: RUF001 (Hebrew on purpose: right to left)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1  # the page is not widened by a long value


def test_on_a_phone_the_control_that_ends_an_action_is_on_screen(browser: Any, base_url: str, watch: Any) -> None:
    with watched_page(browser, watch, viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True) as page:
        page.goto(base_url + "?rows=8&cols=8")
        wait_app(page)
        page.click("#edit-holes")
        page.locator("#board").scroll_into_view_if_needed()
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        hint = page.text_content("#hint") or ""
        assert "Done" in hint
        done = page.locator("#edit-holes").bounding_box()
        assert done is not None and page.text_content("#edit-holes") == "Done"
        assert done["y"] >= 0 and done["y"] + done["height"] <= 844, done  # on screen while editing
        board = page.locator("#board").bounding_box()
        assert board is not None and board["y"] < 844  # and the board too
        page.click("#edit-holes")
        # During a long search the hint asks for Stop: it is on screen beside the board.
        app = App(page, base_url)
        app.goto("?rows=8&cols=8&method=backtrack&start=d4")
        app.wait_until("window.knightTour.status === 'solving'", 120)
        # Shown once the search has gone on past a quick answer's time (QUICK_ANSWER_MS).
        app.wait_until("!document.getElementById('stop').hidden")
        page.locator("#board").scroll_into_view_if_needed()
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        stop = page.locator("#stop").bounding_box()
        assert stop is not None and stop["y"] >= 0 and stop["y"] + stop["height"] <= 844, stop
        page.click("#stop")
        app.wait_until("window.knightTour.status === 'cancelled'")


def test_stop_while_offline_says_so_and_restarts_when_the_network_is_back(
    browser: Any, plain_host_url: str, watch: Any
) -> None:
    # Without cross-origin isolation, Stop replaces the worker, which must fetch its files;
    # with no service worker to serve them (a first visit, or a browser without one).
    context = browser.new_context(service_workers="block")
    context.on("request", watch.request)
    page = context.new_page()
    watch.attach(page)
    app = App(page, plain_host_url)
    errors_before = len(watch.errors)
    try:
        app.goto("?rows=8&cols=8&method=backtrack&start=d4")  # plain backtracking from d4 runs long
        app.wait_until("window.knightTour.status === 'solving'", 120)
        context.set_offline(True)
        page.click("#stop")
        app.wait_until("document.querySelector('#loading-text').textContent.includes('network is off')", 60)
        assert page.is_visible("#loading")
        assert app.state()["status"] == "cancelled"  # the board and settings are kept
        context.set_offline(False)
        app.wait_python()
        page.select_option("#method", "auto")
        app.wait_until("window.knightTour.status === 'found'", 60)
        assert app.state()["start"] == [4, 3]
    finally:
        context.close()
    # Requests that failed while offline may be logged by the browser; nothing else.
    new = watch.errors[errors_before:]
    assert all("ERR_INTERNET_DISCONNECTED" in e or "Failed to fetch" in e or "net::" in e for e in new), new
    del watch.errors[errors_before:]
