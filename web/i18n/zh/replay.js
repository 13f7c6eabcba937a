// 回放搜索的文字，简体中文（与 en/replay.js 的键相同）：搜索深度图。
export default {
  // 搜索深度图。
  "replay.depth.top": "深度 {depth}：走完全程",
  "replay.depth.floor": "深度 {depth}",
  "replay.depth.caption": "搜索深度随搜索事件的变化：搜索事件 {step}/{steps}，深度 {depth}/{free} 格；到目前为止前进 {advances} 次、回溯 {backoffs} 次（其中 {atOnce} 次是立刻退回：走进了死路或被剪枝的格子）。每一次下落都是搜索从死路回溯；虚线表示走完全程。",
  "replay.depth.caption.unpruned": "搜索深度随搜索事件的变化：搜索事件 {step}/{steps}，深度 {depth}/{free} 格；到目前为止前进 {advances} 次、回溯 {backoffs} 次（其中 {atOnce} 次是立刻退回：走进了死路）。这种搜索不剪枝：每一次下落都是搜索从死路回溯；虚线表示走完全程。",
};
