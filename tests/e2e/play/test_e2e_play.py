"""End to end: play mode (moves by click and keyboard, hints, lost positions, undo) and
checking a pasted tour (numbered boards, moves, the seeds' broken output, huge pastes)."""

from __future__ import annotations

import json
from typing import Any

from knight_py import complete, solve, validate
from knight_py.squares import square_name

from ..conftest import App


def play_state(app: App) -> dict[str, Any]:
    return dict(app.page.evaluate("() => JSON.parse(JSON.stringify(window.knightTour.play))") or {})


def open_play(app: App, rows: int, cols: int) -> None:
    app.goto(f"?rows={rows}&cols={cols}&view=play")
    app.wait_python()
    app.wait_until("window.knightTour.state.view === 'play'")


def names(path: list[list[int]], rows: int) -> list[str]:
    return [square_name((r, c), rows) for r, c in path]


def test_following_hints_alone_completes_a_5x5_tour_from_a1(app: App) -> None:
    open_play(app, 5, 5)
    app.click_square("a1")
    app.wait_until("window.knightTour.play && window.knightTour.play.path.length === 1")
    for move in range(1, 25):
        app.page.click("#play-hint")
        text = app.wait_until(
            "(() => { const t = document.querySelector('#play-hint-text').textContent;"
            " return t.startsWith('Hint: move to') && t; })()"
        )
        square = text.removeprefix("Hint: move to ").rstrip(".")
        assert [square_name(tuple(sq), 5) for sq in play_state(app)["legal"]].count(square) == 1
        app.click_square(square)
        app.wait_until(f"window.knightTour.play.path.length === {move + 1}")
    app.wait_until("window.knightTour.play.verdict === 'complete'")
    app.wait_until("window.knightTour.play.finished && window.knightTour.play.finished.ok")
    state = app.wait_until("window.knightTour.status === 'found' && window.knightTour")
    path = [tuple(sq) for sq in state["path"]]
    assert len(path) == 25 and path[0] == (4, 0)
    validate(5, 5, path)
    assert "Tour complete: you visited all 25 squares!" in app.page.text_content("#play-verdict")
    app.status_text("Your tour from a1")
    app.page.click("#copy-link")
    link = app.wait_until("document.querySelector('#link').value || window.knightTour.state.share?.url")
    assert "tour=" in link and "start=a1" in link


def test_a_lost_position_is_reported_with_its_reason_and_undo_returns_to_possible(app: App) -> None:
    moves = ["a1", "b3", "c1", "e2", "g3", "e4", "f2"]  # f2 leaves h1 one way in: from f2
    lost = complete(8, 8, moves)
    assert lost.status == "impossible" and lost.method == "position"
    assert complete(8, 8, moves[:-1]).status == "found"
    open_play(app, 8, 8)
    for square in moves:
        app.click_square(square)
    app.wait_until(f"window.knightTour.play.path.length === {len(moves)}")
    app.wait_until("window.knightTour.play.verdict === 'lost'")
    assert play_state(app)["reason"] == lost.reason
    verdict = app.page.text_content("#play-verdict")
    assert verdict.startswith("No tour can finish from here: h1 can now only be entered from f2")
    app.page.click("#play-hint")
    app.wait_until("document.querySelector('#play-hint-text').textContent.includes('Undo 1 move')")
    app.page.click("#play-undo")
    app.wait_until("window.knightTour.play.verdict === 'possible'")
    assert names(play_state(app)["path"], 8) == moves[:-1]
    app.page.click("#play-redo")
    app.wait_until("window.knightTour.play.verdict === 'lost'")


def test_the_keyboard_alone_plays_a_whole_5x5_tour(app: App) -> None:
    open_play(app, 5, 5)
    tour = solve(5, 5, "a1").path
    page = app.page
    for _ in range(60):  # Tab to the board
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('layer-overlay')"):
            break
    else:
        raise AssertionError("Tab never reached the board")
    cursor = app.wait_until("window.knightTour.state.focused && window.knightTour.state.cursor")
    for index, (row, col) in enumerate(tour):
        cursor = page.evaluate("() => [...window.knightTour.state.cursor]") if index else cursor
        dr, dc = row - cursor[0], col - cursor[1]
        for _ in range(abs(dr)):
            page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
        for _ in range(abs(dc)):
            page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
        page.keyboard.press("Enter")
        app.wait_until(f"window.knightTour.play && window.knightTour.play.path.length === {index + 1}")
        if index == 5:  # Ctrl+Z takes the move back, Ctrl+Y plays it again
            page.keyboard.press("Control+z")
            app.wait_until("window.knightTour.play.path.length === 5")
            page.keyboard.press("Control+y")
            app.wait_until("window.knightTour.play.path.length === 6")
    app.wait_until("window.knightTour.play.verdict === 'complete'")
    assert [tuple(sq) for sq in play_state(app)["path"]] == tour


def numbered(path: list[tuple[int, int]], rows: int, cols: int, width: int = 3) -> list[list[int]]:
    grid = [[0] * cols for _ in range(rows)]
    for step, (r, c) in enumerate(path, 1):
        grid[r][c] = step
    return grid


def text_of(grid: list[list[int]]) -> str:
    return "\n".join("".join(f"{n:<5d}" for n in row) for row in grid)


def check(app: App, text: str) -> str:
    """Check `text`; the verdict the page then shows. The store changes at the click, the
    panel at the next frame: the verdict is read once the panel shows the store's own
    (never the previous check's, still on screen for a frame)."""
    app.page.fill("#check-text", text)
    app.page.click("#check-run")
    return str(app.wait_until(
        "(() => { const check = window.knightTour.state.check;"
        " const shown = document.querySelector('#check-result').textContent;"
        " return check && (check.status === 'valid' || check.status === 'invalid')"
        " && document.querySelector('#check-box').dataset.check === check.status"
        " && shown === check.message && shown; })()"
    ))


def test_a_pasted_board_with_one_wrong_number_names_the_step(app: App) -> None:
    app.goto("?rows=8&cols=8")
    app.wait_python()
    tour = solve(8, 8, "a1").path
    grid = numbered(tour, 8, 8)
    r, c = tour[17]  # move 18 written as 30
    grid[r][c] = 30
    message = check(app, text_of(grid))
    assert message.startswith("Move 18 is missing: no square holds 18, so the path breaks after "), message
    assert "30 is written on" in message
    highlight = app.page.evaluate("() => [...window.knightTour.state.check.highlight]")
    assert [r, c] in [[h // 8, h % 8] for h in highlight]
    # Two numbers swapped: every number is there once, and the validator names the step.
    grid = numbered(tour, 8, 8)
    (r1, c1), (r2, c2) = tour[9], tour[40]
    grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
    message = check(app, text_of(grid))
    assert message.startswith("Not a tour: step 9: "), message
    assert "On the board these are the numbers 9 and 10." in message


def seeds_board_stopping_at_60() -> str:
    """The Python post's program as it runs: fixed move order from (2, 0), stop at 60."""
    order = [(2, -1), (2, 1), (1, -2), (1, 2), (-2, -1), (-2, 1), (-1, -2), (-1, 2)]
    chess = [[0] * 8 for _ in range(8)]
    chess[2][0] = 1
    stack = [[2, 0, 0]]
    while stack:
        top = stack[-1]
        x, y = top[0], top[1]
        if chess[x][y] == 60:
            break
        while top[2] < 8:
            dx, dy = order[top[2]]
            top[2] += 1
            nx, ny = x + dx, y + dy
            if 0 <= nx < 8 and 0 <= ny < 8 and chess[nx][ny] == 0:
                chess[nx][ny] = chess[x][y] + 1
                stack.append([nx, ny, 0])
                break
        else:
            chess[x][y] = 0
            stack.pop()
    return "\n".join("".join(f"{v:<5d}" for v in row) for row in chess)


def test_the_seeds_output_stopping_at_60_is_rejected_naming_what_is_missing(app: App) -> None:
    app.goto("?rows=5&cols=5")
    app.wait_python()
    message = check(app, seeds_board_stopping_at_60())
    assert message == "Not a tour: the path has 60 squares but the board has 64 free squares.", message
    note = app.page.text_content("#check-note")
    assert note.startswith("The numbers stop at 60 on a board with 64 squares to visit: 61 to 64 are missing")
    state = app.state()
    assert (state["rows"], state["cols"]) == (8, 8)
    assert app.page.evaluate("() => window.knightTour.state.check.highlight.length") == 4  # the 0s


def test_a_valid_pasted_tour_is_shown_and_shareable(app: App) -> None:
    app.goto("?rows=8&cols=8")
    app.wait_python()
    result = solve(6, 6, "b2", closed=True)
    moves = " ".join(square_name(sq, 6) for sq in result.path)
    message = check(app, moves)
    assert message.startswith("A valid closed tour of the 6 x 6 board (36 squares)"), message
    state = app.wait_until("window.knightTour.status === 'found' && window.knightTour")
    assert [tuple(sq) for sq in state["path"]] == result.path
    app.page.click("#copy-link")
    link = app.wait_until("document.querySelector('#link').value || window.knightTour.state.share?.url")
    assert "tour=" in link and "rows=6" in link
    # The CLI's JSON reads the same.
    payload = {"rows": 6, "cols": 6, "closed": True, "path": [list(sq) for sq in result.path]}
    assert check(app, json.dumps(payload)).startswith("A valid closed tour")


def test_a_10mb_paste_gives_a_message_not_a_hang(app: App) -> None:
    app.goto("?rows=8&cols=8")
    app.page.fill("#check-text", "")
    refused = app.page.evaluate(
        """() => {
             const data = new DataTransfer();
             data.setData('text/plain', '<b>1</b> '.repeat(1_200_000));
             const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
             document.querySelector('#check-text').dispatchEvent(event);
             return event.defaultPrevented;
           }"""
    )
    assert refused
    app.wait_until("document.querySelector('#check-result').textContent.includes('Nothing was read')")
    assert app.page.input_value("#check-text") == ""
    assert "10.3 MB" in app.page.text_content("#check-result")
    assert app.page.locator("#check-result b").count() == 0  # text, never markup


def test_a_closed_tour_played_by_hand_is_recognised(app: App) -> None:
    open_play(app, 6, 6)
    tour = solve(6, 6, "b2", closed=True).path
    for square in tour:
        app.click_square(square_name(square, 6))
    app.wait_until("window.knightTour.play.verdict === 'complete'")
    assert play_state(app)["closed"] is True
    assert "It is a closed tour" in app.page.text_content("#play-verdict")
    app.wait_until("window.knightTour.play.finished && window.knightTour.play.finished.ok")


def test_a_file_is_checked_and_one_too_big_is_refused_unread(app: App) -> None:
    app.goto("?rows=8&cols=8")
    app.wait_python()
    tour = solve(5, 5, "c3").path
    payload = json.dumps({"rows": 5, "cols": 5, "path": [list(sq) for sq in tour]}).encode()
    app.page.set_input_files("#check-file", files=[{"name": "tour.json", "mimeType": "application/json", "buffer": payload}])
    app.wait_until("document.querySelector('#check-box').dataset.check === 'valid'")
    assert [tuple(sq) for sq in app.state()["path"]] == tour
    big = b"1 " * 2_500_001  # 5 MB: over the limit, refused by its size before it is read
    app.page.set_input_files("#check-file", files=[{"name": "big.txt", "mimeType": "text/plain", "buffer": big}])
    app.wait_until("document.querySelector('#check-result').textContent.includes('Nothing was read')")
    assert "big.txt" in app.page.text_content("#check-result")


def drop_on_check_box(app: App, text: str, name: str = "", times: int = 1) -> dict[str, bool]:
    """Drag `text` over the check box and drop it there: as a file called `name`, or as
    plain text when `name` is empty (text.repeat(times): large files are made in the page)."""
    return dict(app.page.evaluate(
        """([text, name, times]) => {
             const data = new DataTransfer();
             if (name) data.items.add(new File([text.repeat(times)], name, { type: 'text/plain' }));
             else data.setData('text/plain', text.repeat(times));
             const box = document.querySelector('#check-box');
             const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
             box.dispatchEvent(over);
             const marked = box.classList.contains('dropping');
             const drop = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
             box.dispatchEvent(drop);
             return { accepted: over.defaultPrevented, marked, taken: drop.defaultPrevented,
                      unmarked: !box.classList.contains('dropping') };
           }""",
        [text, name, times],
    ))


def test_a_dropped_tour_file_is_checked_and_one_too_big_is_refused_unread(app: App) -> None:
    app.goto("?rows=8&cols=8")
    app.wait_python()
    tour = solve(6, 6, "d4").path
    handled = drop_on_check_box(app, text_of(numbered(tour, 6, 6)), "tour.txt")
    # The box takes the drop (the browser does not open the file instead) and marks itself meanwhile.
    assert handled == {"accepted": True, "marked": True, "taken": True, "unmarked": True}
    app.wait_until("window.knightTour.state.check && window.knightTour.state.check.status === 'valid'")
    app.wait_until("document.querySelector('#check-box').dataset.check === 'valid'")
    state = app.state()
    assert (state["rows"], state["cols"]) == (6, 6)  # the board the file was written for
    path = [tuple(sq) for sq in state["path"]]
    assert path == tour
    validate(6, 6, path)
    assert str(app.page.text_content("#check-result")).startswith("A valid tour of the 6 x 6 board")
    # Over the size limit: refused by its size, its text never read.
    drop_on_check_box(app, "1 ", "big.txt", times=2_500_001)
    app.wait_until("document.querySelector('#check-result').textContent.includes('Nothing was read')")
    assert "big.txt" in str(app.page.text_content("#check-result"))
    # Dropped text (no file), a closed tour as moves: read like a paste.
    closed = solve(6, 6, "b2", closed=True).path
    drop_on_check_box(app, " ".join(square_name(sq, 6) for sq in closed))
    app.wait_until(
        "(() => { const check = window.knightTour.state.check;"
        " return check && check.format === 'moves' && check.status === 'valid'; })()"
    )
    assert [tuple(sq) for sq in app.state()["path"]] == closed
    app.wait_until(
        "document.querySelector('#check-result').textContent"
        ".startsWith('A valid closed tour of the 6 x 6 board')"
    )


CANCEL_CHECK = """async ([rows, cancel]) => {
  // The worker's protocol as solver-client.js speaks it: init with the shared flags, then
  // a "still possible?" check; flags[2] = its id asks the worker to end it early.
  const worker = new Worker('worker.mjs', { type: 'module' });
  const flags = new Int32Array(new SharedArrayBuffer(12));
  const replies = {};
  worker.onmessage = (e) => {
    if (e.data.type === 'ready') replies.ready = true;
    else if (e.data.type === 'result') replies[e.data.id] = e.data.result;
  };
  worker.postMessage({ id: 1, cmd: 'init', args: { stopBuffer: flags.buffer } });
  const until = async (done) => { while (!done()) await new Promise((r) => setTimeout(r, 20)); };
  await until(() => replies.ready);
  if (cancel === 'before') Atomics.store(flags, 2, 7); // a word for another request
  worker.postMessage({ id: 8, cmd: 'complete', args: {
    rows, cols: rows, path: [0, rows + 2, 2 * rows + 4], holes: [], closed: false,
    rule: 'knight', maxNodes: 50000000 } });
  if (cancel === 'this') Atomics.store(flags, 2, 8); // seen at the search's first poll
  await until(() => replies[8]);
  worker.terminate();
  return { status: replies[8].status, nodes: replies[8].nodes, squares: replies[8].indices.length };
}"""


def test_the_worker_ends_a_check_early_when_asked_and_only_that_check(app: App) -> None:
    """Play mode asks the worker to end a check of a position the player has left
    (solver-client.js cancel): the request is named by its id, so a word meant for an
    earlier request does not end a later one."""
    app.goto("?rows=8&cols=8")
    assert app.page.evaluate("() => crossOriginIsolated")
    rows = 300  # a completion of 90,000 squares: many polls of the flags
    ended = app.page.evaluate(CANCEL_CHECK, [rows, "this"])
    assert ended["status"] == "cancelled" and ended["squares"] == 0
    assert ended["nodes"] < rows * rows // 2
    untouched = app.page.evaluate(CANCEL_CHECK, [rows, "before"])
    assert untouched["status"] == "found" and untouched["squares"] == rows * rows


def edit_holes_then_choose(app: App, squares: list[str], choose: Any) -> None:
    """Edit holes in Play: each square chosen is a hole (never a move); Done ends editing."""
    open_play(app, 6, 6)
    app.page.click("#edit-holes")
    app.wait_until("window.knightTour.state.editHoles === true")
    assert app.page.text_content("#edit-holes") == "Done"
    for count, square in enumerate(squares, 1):
        app.page.locator("#board").scroll_into_view_if_needed()
        choose(*app.square_center(square))
        app.wait_until(f"window.knightTour.holes.length === {count}")
    state = app.state()
    assert sorted(square_name(tuple(sq), 6) for sq in state["holes"]) == sorted(squares)
    assert not (state.get("play") or {}).get("path"), "a square chosen while editing holes moved the knight"
    app.page.click("#edit-holes")
    app.wait_until("window.knightTour.state.editHoles === false")
    app.page.locator("#board").scroll_into_view_if_needed()
    choose(*app.square_center("a1"))  # after Done a square is a move again
    app.wait_until("window.knightTour.play && window.knightTour.play.path.length === 1")
    assert app.state()["holes"] == state["holes"]


def test_editing_holes_in_play_by_click_makes_holes_not_moves(app: App) -> None:
    edit_holes_then_choose(app, ["c3", "d5"], app.page.mouse.click)


def test_editing_holes_in_play_by_tap_makes_holes_not_moves(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block")
    try:
        app = App(context.new_page(), base_url)
        edit_holes_then_choose(app, ["b2", "e4"], app.page.touchscreen.tap)
    finally:
        context.close()
