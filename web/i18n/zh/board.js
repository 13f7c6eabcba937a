// 棋盘的文字：读屏软件听到的棋盘名称与说明、缩放级别。简体中文。
export default {
  "board.canvas.role": "棋盘",
  "board.canvas.label": "棋盘。方向键在格子间移动，Page Up 和 Page Down 一次移动十行，Home 和 End 移到两边；按 Enter 从这一格开始周游；加号和减号缩放，0 显示整个棋盘。这些格子也列在“格子”表格里。",
  "board.zoom.level": "放大 {zoom}×，每格 {cell} 像素",
  "board.zoom.whole": "整个棋盘",
};
