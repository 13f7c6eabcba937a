// 导出部分的文字，简体中文（与 en/export.js 的键相同）：可保存的文件列表、大小和说明，
// 打印，以及图片里的文字（文本和 JSON 格式里没有要翻译的文字）。
export default {
  "export.print": "打印…",
};
