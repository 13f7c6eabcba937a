"""What a phone's student of Learn needs, measured in the page (JavaScript for Playwright's
evaluate and for every engine's, tests/e2e/engines): the screen's use, every control of
Learn with its name and size, and the editor's box as the finger and the eye find it."""

from __future__ import annotations

# Learn's screen: "typing", "stepping" or "choosing" (learn/screen-panel.js).
SCREEN = "document.getElementById('view-main').dataset.learnScreen"

# Every control of Learn shown, its accessible name (aria-label, aria-labelledby, its
# labels, or a button's own words) and its box. A control of another view is left out.
CONTROLS = """(() => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const words = (el) => (el ? el.textContent : '').replace(/\\s+/g, ' ').trim();
  const nameOf = (el) => {
    const label = (el.getAttribute('aria-label') || '').trim();
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map((id) => words(document.getElementById(id))).join(' ').trim();
    const labels = el.labels ? [...el.labels].map(words).join(' ').trim() : '';
    if (labels) return labels;
    return ['BUTTON', 'SUMMARY'].includes(el.tagName) ? words(el) : '';
  };
  return [...document.querySelectorAll(
      '.layout :is(button, select, summary, input:not([type=hidden]), textarea, [tabindex]:not([tabindex="-1"]))')]
    .filter(shown)
    .filter((el) => !el.closest('[data-views]:not([data-views~="learn"])'))
    .map((el) => {
      const r = el.getBoundingClientRect();
      return { id: el.id || `${el.tagName.toLowerCase()}.${el.className}`, name: nameOf(el),
               width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
    });
})()"""

# The editor as the student sees it: its box against the visible part of the screen (the
# visual viewport where there is one) and the row pinned over it, how many of its lines
# show, and whether a tap at its middle reaches it.
EDITOR = """(() => {
  const code = document.getElementById('learn-code');
  const r = code.getBoundingClientRect();
  const vv = window.visualViewport;
  const seen = vv ? vv.height : innerHeight;
  const row = document.getElementById('learn-run').closest('.row').getBoundingClientRect();
  const pinned = getComputedStyle(document.getElementById('learn-run').closest('.row')).position === 'sticky'
    && row.top <= 1 ? row.bottom : 0;
  const top = Math.max(r.top, pinned, 0);
  const bottom = Math.min(r.bottom, seen);
  const line = parseFloat(getComputedStyle(code).lineHeight);
  const y = (top + bottom) / 2;
  const hit = document.elementFromPoint(r.left + r.width / 2, y);
  return { top: r.top, bottom: r.bottom, seen, pinned, lines: Math.floor((bottom - top) / line),
           x: r.left + r.width / 2, y, reached: hit === code, focused: document.activeElement === code,
           visibleHeight: document.getElementById('view-main').style.getPropertyValue('--learn-visible-height') };
})()"""
