// 页面外壳：标题、页头、语言切换、视图标签、节点预算。简体中文。
export default {
  "shell.title": "马踏棋盘（骑士周游）：求解、演示与分享",
  "shell.heading": "马踏棋盘",
  "shell.tagline": "马要走遍棋盘上的每一格，每格只走一次。选好棋盘大小，点一个格子，看马一步步走完。",
  "shell.language": "语言",
  "shell.language.loading": "正在加载中文文字……",
  "shell.language.failed": "中文文字没能加载。请检查网络，再点一次“中文”。",
  "shell.views": "视图",
  "shell.view": "视图",
  "shell.tab.tour": "周游",
  "shell.tab.compare": "比较",
  "shell.tab.heatmap": "热力图",
  "shell.tab.play": "自己走",
  "shell.about.tour": "求一条周游路线，并看马一步步走完。",
  "shell.about.compare": "从同一个起点、在同样的节点预算下，比较每一种方法。",
  "shell.about.heatmap": "每个起点有多难：从每一格出发搜索所花的工夫。",
  "shell.about.play": "自己走马；求解器会告诉你这样走还能不能走完。",
  "shell.budget.compare": "每种方法的节点预算",
  "shell.budget.heatmap": "每个格子的节点预算",
  "shell.budget.error": "节点预算：“{value}”{problem}；请填 1 到 {max} 之间的整数。",
  "shell.tab.learn": "学算法",
  "shell.about.learn": "把博文里的算法改写成的 Python 程序，在棋盘旁一行一行地运行给你看。",

  // The tagline when a leaper is chosen (docs/leapers.md).
  "shell.tagline.leaper": "{piece}要走遍棋盘上的每一格，每格只走一次。选好棋盘大小，点一个格子，看它一步步走完。",
};
