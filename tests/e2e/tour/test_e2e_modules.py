"""The page's pure modules (square names, the tour codec, the query), run in the browser."""

from __future__ import annotations

from ..conftest import App


def test_square_names_match_the_python_package(app: App) -> None:
    from knight_py import square_name

    names = app.page.evaluate(
        """async () => {
             const { squareName } = await import('./core/squares.js');
             const out = [];
             for (const col of [0, 1, 25, 26, 27, 51, 52, 701, 702, 999]) {
               out.push(squareName([0, col], 1000), squareName([999, col], 1000));
             }
             return out;
           }"""
    )
    expected = []
    for col in [0, 1, 25, 26, 27, 51, 52, 701, 702, 999]:
        expected += [square_name((0, col), 1000), square_name((999, col), 1000)]
    assert names == expected


def test_tour_codec_round_trips_and_rejects_garbage(app: App) -> None:
    result = app.page.evaluate(
        """async () => {
             const { encodeTour, decodeTour } = await import('./core/tour-codec.js');
             const { KNIGHT_STEPS } = await import('./core/squares.js');
             // A long random knight walk (squares may repeat: the codec only needs steps).
             const rows = 37, cols = 53, walk = [5 * cols + 7];
             let seed = 12345;
             for (let tries = 0; walk.length < 1900 && tries < 1e6; tries += 1) {
               seed = (seed * 1103515245 + 12345) % 2147483648;
               const [dr, dc] = KNIGHT_STEPS[(seed >>> 16) % 8];
               const r = Math.floor(walk.at(-1) / cols) + dr, c = (walk.at(-1) % cols) + dc;
               if (r >= 0 && r < rows && c >= 0 && c < cols) walk.push(r * cols + c);
             }
             const text = encodeTour(walk, cols);
             const back = Array.from(decodeTour(text, rows, cols));
             const errors = [];
             for (const bad of ['', '!!', 'AAAA', text.slice(0, -3), text + 'AA']) {
               try { decodeTour(bad, rows, cols); errors.push(null); }
               catch (err) { errors.push(err.message); }
             }
             return { same: JSON.stringify(back) === JSON.stringify(walk),
                      bitsPerMove: (text.length * 6) / (walk.length - 1), errors };
           }"""
    )
    assert result["same"]
    assert result["bitsPerMove"] < 3.1
    assert all(result["errors"]), result["errors"]


def test_query_round_trips_settings(app: App) -> None:
    result = app.page.evaluate(
        """async () => {
             const { parseQuery, toQuery } = await import('./shell/url.js');
             const query = '?rows=12&cols=30&start=ad5&closed=1&method=warnsdorff'
               + '&holes=b2,ab12&rule=xiangqi';
             const { settings, errors } = parseQuery(query);
             return { again: toQuery(settings), errors, settings };
           }"""
    )
    assert result["errors"] == []
    assert result["again"] == (
        "?rows=12&cols=30&start=ad5&closed=1&method=warnsdorff&holes=b2,ab12&rule=xiangqi"
    )
    assert result["settings"]["start"] == [7, 29]
    assert result["settings"]["holes"] == [[10, 1], [0, 27]]
