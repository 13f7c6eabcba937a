// The page's font stack for text drawn on canvases (labels, the depth chart): the same
// families as style.css, Chinese ones included (macOS, Windows, Android and Linux).

export const TEXT_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "DejaVu Sans", sans-serif';
