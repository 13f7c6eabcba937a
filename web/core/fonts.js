// The page's font stack for text drawn on canvases (labels, the depth chart): the same
// families as style.css, in the same order (tests/web/core/fonts.test.mjs): Chinese ones
// included (macOS, Windows, Android and Linux), Noto Sans CJK second so that a new size or
// weight on Linux and Android is two lookups, not eight.

export const TEXT_FONT = 'system-ui, "Noto Sans CJK SC", -apple-system, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "DejaVu Sans", sans-serif';
