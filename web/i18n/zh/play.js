// “自己走”部分的文字，简体中文（键与 en/play.js 相同）：自己走马（局面判断、可走的格子、
// 提示、走法提醒、按钮）和“检查一条路线”（读取粘贴的路线、校验结果）。
export default {
  // 格子列表。
  "play.list.separator": "、",
  "play.list.more": "{list} 等",

  // 对当前局面的判断。
  "play.placeKnight": "点任意一个格子，把马放在那里。",
  "play.verdict.complete": "走完了：{count} 个格子你全都走到了！",
  "play.verdict.completeClosed": "走完了：{count} 个格子你全都走到了！而且能回到起点：最后一格跳一步马就回到第一格。",
  "play.verdict.possible": "还有希望：从这里仍然可以走完。",
  "play.verdict.lost": "从这里已经不可能走完：{reason}。",
  "play.verdict.checking": "正在检查从这里还能不能走完……",
  "play.verdict.unknown": "不确定：检查在预算内没能得出结论。",
  "play.verdict.unknownWhy": "不确定：检查在预算内没能得出结论（{reason}）。",
  // 这里自己给出的原因（求解器的原因来自 Python）。
  "play.reason.notClosed": "所有格子都走到了，但最后一格跳一步马回不到第一格，所以没有回到起点",
  "play.reason.stuck": "马已经没有可以跳去的未走格子了",
  "play.reason.checkFailed": "检查出错：{error}",

  // 马在哪里。
  "play.moves.where": "已走 {n} 格（共 {total} 格）：马在 {square}。",
  "play.moves.stuck": "已走 {n} 格（共 {total} 格）：马在 {square}，已经无路可走。",
  "play.moves.legal": {
    other: "已走 {n} 格（共 {total} 格）：马在 {square}，下一步有 {count} 种走法：{list}。",
  },
  "play.moveTo": "走到 {square}",

  // 提示。
  "play.hint.move": "提示：走到 {square}。",
  "play.hint.lost": "没有提示：从这里已经不可能走完。",
  "play.hint.lostUndo": {
    other: "没有提示：从这里已经不可能走完。撤销 {count} 步，就能回到还能走完的局面。",
  },
  "play.hint.looking": "正在找提示……",
  "play.hint.unknown": "没有提示：检查在预算内没能得出结论。",
  "play.board.complete": "走完了！可以用下面的按钮回放，或用“复制链接”分享出去。",
  "play.board.move": "点一个高亮的格子走马。",
  "play.finished.valid": "校验通过：这是一条合法的周游路线。可以用棋盘下方的按钮回放，或用“复制链接”分享出去。",
  "play.finished.rejected": "校验没有通过这条路线：{message}",

  // 没走成的一步。
  "play.notice.hole": "{square} 是障碍格，马不能走到那里。",
  "play.notice.visited": "{square} 已经走过了；高亮的格子才是能走的。",
  "play.notice.notMove": "从 {from} 跳不到 {square}（不是马步）；高亮的格子才是能走的。",
  "play.notice.leg": "从 {from} 跳不到 {square}：这一步的马腿 {leg} 是障碍格（蹩马腿）；高亮的格子才是能走的。",
  "play.notice.gameStops": "链接里的棋局在第 {move} 步之前停下了：那一步走 {square} 不合规则。",

  // 面板上的按钮。
  "play.undo": "撤销",
  "play.redo": "重做",
  "play.hint": "提示",
  "play.restart": "重来",

  // 读取粘贴的路线：编号棋盘、走法，或命令行输出的 JSON。
  "play.sentences": "{first}{second}",
  "play.read.nothing": "没有可检查的内容：请粘贴一条路线，或打开一个文件。",
  "play.read.tooLong": "这段文字有 {length} 个字符，最多只读取 {max} 个（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  "play.read.tooBig": "这个棋盘是 {rows}×{cols}；边长最多只能是 {max}。",
  "play.read.over": "读出来是 {rows}×{cols} 的棋盘，要走 {free} 格，但 {square} 上写的是 {n}；编号应当从 1 到 {free}。",
  "play.read.missing": "缺少第 {n} 步：没有哪个格子写着 {n}。",
  "play.read.missingAfter": "缺少第 {n} 步：没有哪个格子写着 {n}，所以路线在 {square}（{previous}）之后断了。",
  "play.read.writtenOn": "{n} 写在了 {squares} 上。",
  "play.read.twice": "第 {n} 步写了不止一次：在 {squares} 上；每个编号只能出现一次。",
  "play.read.noNumbers": "这个棋盘（{rows}×{cols}）上没有步数编号。",
  "play.read.stopsOne": "编号只写到 {last}，而棋盘上要走 {free} 格：缺少 {free}，{squares} 上也没有编号。",
  "play.read.stopsMany": "编号只写到 {last}，而棋盘上要走 {free} 格：缺少 {next} 到 {free}，{squares} 上也没有编号。",
  "play.read.notSquare": "“{token}”（第 {n} 个词）不是格子名；走法请写成 a1 c2 e1 这样，或者粘贴编号棋盘。",
  "play.read.offBoards": "{token} 超出了本页能画的任何棋盘（边长最多 {max}）。",
  "play.read.noMoves": "没有找到走法；走法请写成 a1 c2 e1 这样，或者粘贴编号棋盘。",
  "play.json.invalid": "这段文字开头像 JSON，但不是合法的 JSON（{error}）。",
  "play.json.notObject": "JSON 必须是命令行输出的那种对象（{example}）。",
  "play.json.sides": "JSON 里的 rows 和 cols 必须是 1 到 {max} 之间的整数。",
  "play.json.noTour": "JSON 里没有路线；需要一个由 [行, 列] 组成的“{path}”，或由格子名组成的“{moves}”。",
  "play.json.noTourStatus": "JSON 里没有路线（它的状态是“{status}”）；需要一个由 [行, 列] 组成的“{path}”，或由格子名组成的“{moves}”。",
  "play.json.noTourReason": "JSON 里没有路线（它的状态是“{status}”：{reason}）；需要一个由 [行, 列] 组成的“{path}”，或由格子名组成的“{moves}”。",
  "play.json.step": "第 {i} 步",
  "play.json.blocked": "第 {n} 个障碍格",
  "play.json.notSquare": "JSON 中的{what}：“{item}”不是 {rows}×{cols} 棋盘上的格子。",
  "play.json.offBoard": "JSON 中的{what}：{pair} 在 {rows}×{cols} 棋盘之外。",
  "play.json.notItem": "JSON 中的{what}必须是格子名，或 [行, 列] 数对。",
  "play.json.error": "JSON 读不出来（{error}）。",

  // 检查粘贴的路线：校验结果，以及太长而不读的文字。
  "play.check.checking": "正在校验……",
  "play.check.valid": "校验通过：这是 {rows}×{cols} 棋盘上一条合法的周游路线（{count} 格）。",
  "play.check.validClosed": "校验通过：这是 {rows}×{cols} 棋盘上一条合法、能回到起点的周游路线（{count} 格）。",
  "play.check.notTour": "这不是一条周游路线：{message}。",
  "play.check.numbers": "在棋盘上就是编号 {first} 和 {second}。",
  "play.check.numberOne": "在棋盘上就是编号 1。",
  "play.check.fileUnread": "文件读取失败：{error}。",
  "play.check.run": "检查",
  // 上限直接写在文字里（pasted-tour/text.js 的 MAX_TEXT_CHARS：1,000,000）。
  "play.tooLong.text": "这段文字有 {mb} MB；最多只读取 100 万个字符（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  "play.tooLong.pasted": "粘贴的文字有 {mb} MB；最多只读取 100 万个字符（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  "play.tooLong.dropped": "拖入的文字有 {mb} MB；最多只读取 100 万个字符（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  "play.tooLong.file": "这个文件有 {mb} MB；最多只读取 100 万个字符（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  "play.tooLong.named": "文件“{name}”有 {mb} MB；最多只读取 100 万个字符（大约相当于 300×300 的编号棋盘），所以一个字也没有读。",
  // Phones and plain words: the posts' vocabulary (i18n/GLOSSARY.md)
  "play.board.keys": "也可以用方向键和 Enter 走马，按 Ctrl+Z 悔一步。",
  "play.legs": "蹩马腿（象棋规则）：{list}。",
  "play.leg": "去 {target} 的马腿 {leg} 是障碍格",
  "play.rule.xiangqi": "象棋规则已打开：马腿（马走日时紧挨着马的那一格）上有障碍格，这一步就走不了（蹩马腿）。",

  // 走跳子（docs/leapers.md）：它在哪里、能跳到哪里，用它的名字
  "play.leaper.place": "点任意一个格子，把{piece}放在那里。",
  "play.leaper.about": "自己走{piece}；求解器会告诉你这样走还能不能走完。",
  "play.leaper.move": "点一个高亮的格子走{piece}。",
  "play.leaper.where": "已走 {n} 格（共 {total} 格）：{piece}在 {square}。",
  "play.leaper.stuck": "已走 {n} 格（共 {total} 格）：{piece}在 {square}，已经无路可跳。",
  "play.leaper.legal": {
    other: "已走 {n} 格（共 {total} 格）：{piece}在 {square}，从这里能跳到 {count} 个格子：{list}。",
  },
  "play.leaper.notJump": "从 {from} 跳不到 {square}（不是{piece}的一跳）；高亮的格子才是能走的。",
  "play.leaper.stuckReason": "{piece}已经没有可以跳去的未走格子了",
  "play.leaper.notClosed": "所有格子都走到了，但从最后一格{piece}跳一步回不到第一格，所以没有回到起点",
  "play.leaper.completeClosed": "走完了：{count} 个格子你全都走到了！而且能回到起点：从最后一格{piece}跳一步就回到第一格。",
  "play.rule.leaper": { other: "正在走{piece}：每一跳一个方向走 {a} 格，另一个方向走 {b} 格。高亮的格子就是从这里能跳到的格子。" },
  "play.leaper.hole": "{square} 是障碍格，{piece}不能走到那里。",
};
