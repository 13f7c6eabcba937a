"""End to end: what a link brings. A copied link gives the same tour (with its tour, drawn
before Python is ready; with its settings alone, searched again); a tour from a link is
checked by the validator and taken down when it fails; bad parameters are named, each
falling back alone."""

from __future__ import annotations

from typing import Any

from knight_py import solve, validate

from ..conftest import App, checked_path


def link_query(app: App, rows: int, cols: int, tour: list[int], **settings: Any) -> str:
    """The page's own query string for these settings and tour (url.js, tour-codec.js)."""
    return str(
        app.page.evaluate(
            """async ([rows, cols, tour, extra]) => {
                 const { toQuery } = await import('./shell/url.js');
                 const { encodeTour } = await import('./core/tour-codec.js');
                 const start = [Math.floor(tour[0] / cols), tour[0] % cols];
                 const settings = { rows, cols, start, closed: false, method: 'auto', holes: [],
                                    rule: 'knight', ...extra };
                 return toQuery(settings, encodeTour(tour, cols));
               }""",
            [rows, cols, tour, settings],
        )
    )


def test_a_tour_link_is_drawn_before_python_is_ready(app: App, fresh_app: App) -> None:
    tour = list(solve(8, 8, "a1").indices)
    query = link_query(app, 8, 8, tour)
    held: list[Any] = []
    # Python's start waits for build.json: the page must draw the tour without it.
    fresh_app.page.route("**/build.json", lambda route: held.append(route))
    fresh_app.goto(query)
    fresh_app.wait_until("window.knightTour.tourLength === 64")
    state = fresh_app.state()
    assert state["pythonReady"] is False
    assert fresh_app.page.evaluate("() => window.knightTour.state.tourCheck") == "checking"
    fresh_app.status_text("checking it")
    assert [8 * r + c for r, c in state["path"]] == tour
    held[0].continue_()
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.state.tourCheck === 'valid'")
    assert fresh_app.state()["status"] == "found"
    assert "checked by the validator" in str(fresh_app.page.text_content("#status-detail"))


def xiangqi_blocked_tour() -> tuple[int, int, tuple[int, int], list[int]]:
    """A knight's tour around one hole that a xiangqi horse could not ride: some move's
    leg crosses the hole. The page's own checks pass it; only the validator refuses it."""
    for rows, cols in ((5, 5), (6, 6), (5, 6), (7, 7)):
        for hole in ((2, 2), (1, 1), (2, 1), (1, 2), (3, 3)):
            found = solve(rows, cols, "a1", blocked=[hole], method="auto")
            if found.status != "found":
                continue
            path = list(found.indices)
            squares = [divmod(i, cols) for i in path]
            try:
                validate(rows, cols, squares, blocked=[hole], rule="xiangqi")
            except ValueError:
                return rows, cols, hole, path
    raise AssertionError("no knight's tour with a blocked horse leg among the boards tried")


def test_a_bad_tour_link_is_taken_down_with_the_validators_message(
    app: App, fresh_app: App
) -> None:
    rows, cols, hole, path = xiangqi_blocked_tour()
    query = link_query(app, rows, cols, path, holes=[list(hole)], rule="xiangqi")
    fresh_app.goto(query)
    # Drawn at once (the page's own checks pass it), then refused by the validator.
    fresh_app.wait_python()
    fresh_app.wait_until("window.knightTour.state.paramErrors.some(e => e.param === 'tour')")
    errors = fresh_app.page.evaluate("() => window.knightTour.state.paramErrors")
    message = next(e["message"] for e in errors if e["param"] == "tour")
    assert "xiangqi" in message and "hole" in message, message
    assert fresh_app.page.evaluate("() => window.knightTour.state.tourFrom") != "link"
    fresh_app.wait_until("document.querySelector('#param-errors').textContent.includes('xiangqi')")
    # The page then searches under the link's rule; whatever it shows, the validator passes.
    state = fresh_app.wait_result()
    if state["status"] == "found":
        assert state["rule"] == "xiangqi"
        validate(rows, cols, checked_path(fresh_app), blocked=[hole], rule="xiangqi")


def test_a_copied_link_gives_the_same_path(app: App, fresh_app: App) -> None:
    app.set_size(8, 8)
    app.page.check("#closed-tour")
    app.click_square("e4")
    original = app.wait_result()
    assert original["status"] == "found"
    app.page.click("#copy-link")
    app.wait_until("document.querySelector('#copy-result').textContent.includes('copied')")
    link = app.page.evaluate("() => navigator.clipboard.readText()")
    assert link == app.page.input_value("#link")
    assert "start=e4" in link and "closed=1" in link and "tour=" in link
    app.page.check("#open-tour")

    fresh_app.open(link)  # the tour travels in the link: shown before Python is ready
    state = fresh_app.state()
    assert state["status"] == "found"
    assert state["path"] == original["path"]
    settings_only = link.split("&tour=")[0]
    fresh_app.open(settings_only)  # the settings alone reproduce it too
    state = fresh_app.wait_result()
    assert state["path"] == original["path"]
    validate(8, 8, [tuple(sq) for sq in state["path"]], closed=True)


def test_bad_parameters_show_their_messages(fresh_app: App) -> None:
    fresh_app.goto(
        "?rows=0&cols=6&start=<img src=x onerror=alert(1)>&closed=maybe&method=magic"
        "&holes=b2,zz99&rule=bishop&tour=!!&colour=red"
    )
    page = fresh_app.page
    messages = {
        li.get_attribute("data-param"): li.text_content()
        for li in page.locator("#param-errors li").all()
    }
    assert set(messages) == {"rows", "start", "closed", "method", "holes", "rule", "tour", "colour"}
    assert "1 to 1000" in messages["rows"]
    assert "auto" in messages["method"] and "warnsdorff" in messages["method"]
    assert "zz99" in messages["holes"]
    assert "<img" in messages["start"]  # shown as text, never as markup
    assert page.locator("#param-errors img").count() == 0
    state = fresh_app.state()
    # Only the bad parameters fall back: cols=6 is kept.
    assert (state["rows"], state["cols"], state["closed"], state["method"]) == (8, 6, False, "auto")
    assert (state["holes"], state["rule"], state["start"]) == ([], "knight", None)
    assert page.is_visible("#param-errors")
    # window.knightTour is a read-only snapshot.
    after = page.evaluate(
        """() => {
             try { window.knightTour = null; } catch {}
             try { window.knightTour.status = 'found'; } catch {}
             try { window.knightTour.path.push([0, 0]); } catch {}
             return [window.knightTour.status, window.knightTour.path.length];
           }"""
    )
    assert after == [state["status"], 0]
