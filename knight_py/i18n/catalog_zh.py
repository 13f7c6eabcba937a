"""The Simplified Chinese catalog: one template per reason code (see :mod:`knight_py.i18n`).

The words are those the Chinese posts on the knight's tour use (see the project's
glossary): 马踏棋盘（骑士周游）, 回到起点 for a closed tour, 起点/终点, 回溯,
剪枝, 节点, 蹩马腿, 障碍格.  Square names (a1, h8) and numbers stay as they are;
sizes are written 5×5.  The sentences say what is impossible without the
"无解（已证明）" label, which the command line and the page put in front.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["MESSAGES"]

_TOUR = "{closed:回到起点的周游|周游}"
_MOVE = "{horse:象棋马步|马步}"
_WHERE = "{holes:可走的格子|棋盘的格子}"
_WHAT = (
    "{what:start=起点|blocked=障碍格|starts=要统计的起点|rows=行数|cols=列数"
    "|max_nodes=节点预算|progress_every=进度间隔|record_events=记录的事件数}"
)

MESSAGES: Mapping[str, str] = {
    # -- theorems about whole boards (theorems.py) --------------------------------
    "closed_too_small": "不存在回到起点的周游：回到起点的周游至少需要 3 个可走的格子。",
    "schwenk_odd": (
        "{rows}×{cols} 的棋盘上不存在回到起点的周游：两条边都是奇数，格子总数是奇数"
        "（施文克定理）。"
    ),
    "schwenk_narrow": (
        "{rows}×{cols} 的棋盘上不存在回到起点的周游：棋盘只有 {width} 格宽，马走出去就回不来"
        "（施文克定理）。"
    ),
    "schwenk_four_rows": (
        "{rows}×{cols} 的棋盘上不存在回到起点的周游：4 行的棋盘上，外侧两行的格子只能跳到中间两行"
        "（施文克定理）。"
    ),
    "schwenk_three_short": (
        "{rows}×{cols} 的棋盘上不存在回到起点的周游：3×4、3×6 和 3×8 的棋盘太短（施文克定理）。"
    ),
    "open_tour_shape": (
        "{rows}×{cols} 的棋盘上不存在不要求回到起点的周游：这样的周游只存在于 1×1、3×4、"
        "3 行且至少 7 列、4 行且至少 5 列，以及两边都不少于 5 的棋盘上。"
    ),
    "four_rows_inner_start": (
        "{rows}×{cols} 的棋盘上没有从 {start} 出发的周游：外侧两行的格子只能跳到中间两行，"
        "所以每条周游的起点和终点都在外侧两行。"
    ),
    "colour_closed": (
        "不存在回到起点的周游：" + _WHERE + "中一种颜色 {first} 个，另一种 {second} 个；"
        "回到起点的周游颜色交替，两种颜色的格子数必须相等。"
    ),
    "colour_start": (
        "没有从 {start} 出发的周游：马每走一步都换一种颜色，" + _WHERE + "中与它同色的有 {own} 个，"
        "另一种颜色有 {other} 个，所以周游只能从另一种颜色的格子出发。"
    ),
    "colour_counts": (
        "不存在周游：" + _WHERE + "中一种颜色 {own} 个，另一种 {other} 个；马每走一步都换一种颜色，"
        "两种颜色的格子数最多只能差 1。"
    ),
    "four_ranks_count": (
        "不存在从 {start} 出发的" + _TOUR + "：外侧两行有 {outer} 个可走的格子，中间两行有 "
        "{inner} 个，而外侧的格子只能跳到中间的格子，两个外侧格子不能前后相连。"
    ),
    "four_ranks_colours": (
        "不存在从 {start} 出发的" + _TOUR + "：外侧两行有 {outer} 个可走的格子，中间两行有 "
        "{inner} 个，而外侧的格子只能跳到中间的格子，两个外侧格子不能前后相连；格子数这么紧，"
        + _TOUR + "只能外侧、中间交替着走，颜色也随之交替，可外侧格子的颜色对不上。"
    ),
    "open_ends_two": (
        "不存在从 {start} 出发的周游："
        "{first_stuck:从 {first} 走不出去|{first} 只有一步可走}，"
        "{second_stuck:从 {second} 也走不出去|{second} 也只有一步可走}，"
        "两个格子都只能当终点。"
    ),
    "open_end_colour": (
        "不存在从 {start} 出发的周游：{stuck:从 {end} 走不出去|{end} 只有一步可走}，"
        "它只能当终点；但马每走一步都换颜色，{free} 个格子的周游，终点与 {start} "
        "{same_colour:同色|异色}，而 {end} 不是。"
    ),
    "no_way_in": "不存在周游：没有任何一步能走进 {square}。",
    "closed_no_way_out": "不存在回到起点的周游：从 {square} 走不出去。",
    "closed_no_way_back": "不存在回到起点的周游：没有任何一步能回到 {square}。",
    "closed_single_move": (
        "不存在回到起点的周游：{square} 只有一步马步可走，而回到起点的周游要进出每个格子各一次。"
    ),
    "start_no_way_out": "没有从 {start} 出发的周游：从它走不出去。",
    "unreachable": "不存在从 {start} 出发的周游：无论怎么走，都到不了 {square}。",
    # -- obstacles on boards with holes (obstacles.py) ----------------------------
    "cut_square": (
        "不存在周游：去掉 {square} 后，其余可走的格子分成了 {parts} 块，但周游只经过 {square} "
        "一次，最多把其中两块连起来。"
    ),
    "cut_square_start": (
        "不存在周游：去掉 {square} 后，其余可走的格子分成了 {parts} 块，但周游离开起点后就不再回来。"
    ),
    "cut_square_closed": (
        "不存在回到起点的周游：去掉 {square} 后，其余可走的格子分成了 {parts} 块，"
        "而回到起点的周游去掉任何一个格子后仍连成一片。"
    ),
    "no_move_left": "不存在" + _TOUR + "：{square} 已无路可走。",
    "forced_through": (
        "不存在" + _TOUR + "：{squares} 都只有两步可走，且都有一步通向 {square}，"
        "所以它们都得经过 {square}，而" + _TOUR + "只进出 {square} 一次。"
    ),
    "forced_loop": (
        "不存在回到起点的周游：只有两步可走的格子逼出了一个圈 {loop}（{length} 个格子），"
        "还没走遍全部 {free} 个可走的格子就闭合了。"
    ),
    "hall_entry": (
        "不存在" + _TOUR + "：{group}（共 {count} 个格子）只能从 {sources}（共 {sources_count} 个格子）"
        "走进来，但每个格子都需要一个专属的来路（霍尔定理）。"
    ),
    "hall_exit": (
        "不存在" + _TOUR + "：{group}（共 {count} 个格子）只能走到 {targets}（共 {targets_count} 个格子），"
        "{closed:但每个格子都需要一个专属的去路|但除了终点，每个格子都需要一个专属的去路}"
        "（霍尔定理）。"
    ),
    # -- positions of play (position.py, complete.py) -----------------------------
    "pos_no_way_in": "{square} 再也到不了：所有离它一" + _MOVE + "的格子都已走过。",
    "pos_no_way_in_directed": "{square} 再也到不了：没有未走过的格子能走进它。",
    "pos_cannot_close": (
        "已经无法回到起点：所有离起点 {start} 一" + _MOVE + "的格子都已走过。"
    ),
    "pos_cannot_leave": "{square} 进去就出不来了：它能走到的格子都已走过。",
    "pos_closed_one_way": (
        "{square} 只剩一条进出的路，而回到起点的周游既要走进它，也要从它走出。"
    ),
    "pos_dead_end": (
        "{square} 现在只能从 {current} 走进去，进去后就无路可走，只能当终点，"
        "可还剩 {left} 个格子没走。"
    ),
    "pos_two_ends": "{first} 和 {second} 都只剩一条进出的路，两个格子都只能当终点。",
    "pos_two_ends_directed": "{first} 和 {second} 都走不到未走过的格子，两个格子都只能当终点。",
    "pos_cut_off": "从 {current} 再也到不了 {square}：走过的格子把它和其余格子隔开了。",
    "pos_colours": (
        "马每走一步都换一种颜色：从 {current}（{dark:深色|浅色}格）出发，剩下的 {left} 个格子"
        "应有 {need_other} 个{dark:浅色|深色}格、{need_own} 个{dark:深色|浅色}格，"
        "实际却是 {other} 个{dark:浅色|深色}格、{own} 个{dark:深色|浅色}格。"
    ),
    "pos_ranks_count": (
        "4 格宽的棋盘上，外侧两行的格子只能跳到中间两行，两个外侧格子不能前后相连；"
        "还剩 {outer} 个外侧格子、{inner} 个中间格子，外侧格子太多，排不开。"
    ),
    "pos_ranks_colours": (
        "4 格宽的棋盘上，外侧两行的格子只能跳到中间两行，两个外侧格子不能前后相连；"
        "还剩 {outer} 个外侧格子、{inner} 个中间格子，路径只能外侧、中间交替着走，颜色也随之交替，"
        "可剩下的外侧格子两种颜色都有。"
    ),
    "complete_not_closed": (
        "路径走遍了所有格子，但终点 {last} 与起点 {first} 不差一步马步，没有回到起点。"
    ),
    "complete_exhausted": (
        "穷举搜索了 {nodes:,} 个节点，找不到从 {square} 接着这条路径走完的" + _TOUR + "。"
    ),
    "complete_gave_up": "暂未走完：{stop}，搜索已停止（这不说明走不完）。",
    # -- the solver's searches (solver.py, search/monitor.py, counting.py) --------
    "thin_none": (
        "{rows}×{cols} 的棋盘上没有从 {start} 出发的" + _TOUR + "：逐列精确搜索了所有走法，一个也没有。"
    ),
    "construction_gap": "构造法没能在这个棋盘上给出从 {start} 出发的" + _TOUR + "。",
    "search_exhausted": (
        "穷举搜索了 {nodes:,} 个节点，找不到从 {start} 出发的" + _TOUR + "。"
    ),
    "sweep_exhausted": (
        "沿棋盘逐列精确扫描（各步所有可能的连法，共 {nodes:,} 个节点），"
        "找不到从 {start} 出发的" + _TOUR + "。"
    ),
    "solve_gave_up": "暂未找到周游：{stop}，搜索已停止（这不说明周游不存在）。",
    "budget_ran_out": "{budget:,} 个节点的预算已用完",
    "cancelled": "搜索在 {nodes:,} 个节点后被取消",
    "stopped_by_caller": "调用方停止了搜索（{text}）",
    # -- the validator (validate.py) ----------------------------------------------
    "closed_needs_three": "回到起点的周游至少需要 3 个可走的格子",
    "index_off_board": "第 {step} 步：格子编号 {index} 超出了棋盘（0 到 {last}）",
    "wrong_length": "路径有 {length} 个格子，但棋盘上可走的格子有 {free} 个",
    "two_problems": "{first}；{second}",
    "closing_move": "从终点 {last} 回到起点 {first} 不是一步" + _MOVE,
    "empty_path": "路径是空的：至少要有起点",
    "blocked_step": "第 {step} 步：{square} 是障碍格",
    "visited_twice": "第 {step} 步：{square} 走了两次",
    "leg_blocked": "第 {step} 步：{source} 到 {target} 被 {leg} 的障碍格蹩了马腿（象棋规则）",
    "not_a_move": "第 {step} 步：{source} 到 {target} 不是一步" + _MOVE,
    "step_label": "第 {step} 步",
    # -- a Learn program's returned value (learn/answer.py) -----------------------
    "answer_tour": "是一个周游：每个格子恰好走一次，每一步都是马步",
    "answer_none": "程序没有找到周游",
    "answer_unreadable": "程序返回的既不是棋盘，也不是一串格子",
    "answer_repeat": "数字 {number} 出现了 {count} 次：在 {squares}",
    "answer_out_of_range": "{square} 上的数字 {number} 不在 1 到 {size} 之间",
    "answer_partial": "答案只填了 {size} 个格子中的 {count} 个",
    "answer_missing": "缺少数字 {number}",
    # -- a Learn program's text (learn/source_rule.py) -----------------------------
    "source_too_long": "程序有 {count:,} 个字符；页面只运行不超过 {limit:,} 个字符的程序。",
    "source_too_many_lines": "程序有 {count:,} 行；页面只运行不超过 {limit:,} 行的程序。",
    "source_too_big": "程序太大，页面无法检查：Python 解析出的结构超过 {limit:,} 个部分。",
    "source_unreadable": "页面读不了这个程序：Python 的解析器放弃了（嵌套太深或太大）。",
    "source_normalised": (
        "把程序里的字符换成标准写法后（在 Python 看来，全角的 \uff58 就是 x），读出来是另一个程序。"
    ),
    "source_construct": (
        "第 {line} 行：“学习”页的程序{kind:async=不能使用 async 函数、循环和语句块"
        "|await=不能使用 await|with=不能使用 with 语句块|match=不能使用 match 语句"
        "|type_alias=不能使用 type 语句|template=不能使用模板字符串（t 字符串）"
        "|star_import=不能使用 import *（请逐个导入要用的名字）|relative_import=不能使用相对导入"
        "|decorator=只能用 functools 的 lru_cache 和 cache 这两个装饰器"
        "|class_header=定义类时，基类只能是 object 或一个异常类，也不能带关键字参数"
        "|dunder_method=不能定义 __init__ 以外的双下划线方法|type_params=不能使用方括号里的类型参数"
        "|bare_except=不能使用不写异常类的 except（请写明，例如 except ValueError）"
        "|star_except=不能使用 except*|finally_exit=不能在 finally 里使用 return、break 或 continue"
        "|module_value=不能把模块当作值（请用它里面的东西，例如 math.floor）"
        "|module_store=不能改动模块里的东西|matmul=不能使用 @ 运算符|other=不能使用这种语句或表达式}。"
    ),
    "source_name": "第 {line} 行：“学习”页的程序不能用名字 {name}：它能伸进 Python 自身或程序之外。",
    "source_name_other": (
        "第 {line} 行：用了页面不允许的名字。“学习”页的程序可以用它自己设定的名字和 Python "
        "常用的内置名字（range、len、print、sorted 等），不能用带双下划线的名字。"
    ),
    "source_name_unknown": (
        "第 {line} 行：有一个名字，程序自己从没给它赋值，它也不是“学习”页的程序可以用的"
        "内置名字（range、len、print、sorted 等）。请检查拼写。"
    ),
    "source_attribute": "第 {line} 行：“学习”页的程序不能用 .{name}：它能伸进 Python 自身。",
    "source_attribute_other": (
        "第 {line} 行：用了页面不允许的属性。“学习”页的程序可以用列表、字典、集合和字符串的"
        "方法、可导入模块里的东西（例如 math.floor、heapq.heappush）以及程序自己设定的属性，"
        "不能用以 _ 开头的属性。"
    ),
    "source_import": (
        "第 {line} 行：“学习”页的程序不能导入 {name}；只能导入 bisect、collections、copy、"
        "functools、heapq、itertools、math、operator、random、string 和 time。"
    ),
    "source_import_other": (
        "第 {line} 行：“学习”页的程序不能导入这个模块；只能导入 bisect、collections、copy、"
        "functools、heapq、itertools、math、operator、random、string 和 time。"
    ),
    # -- arguments (board.py, squares.py, search/monitor.py) ----------------------
    "bad_side": _WHAT + "必须是 1 到 {limit} 之间的整数，收到的是 {value}",
    "bad_rule": (
        "走法规则只能是 'knight'（国际象棋的马）、'xiangqi'（象棋的马）、跳子的名字（'camel' 骆驼、"
        "'zebra' 斑马、'giraffe' 长颈鹿、'antelope' 羚羊）或 'leaper:a,b'（例如 'leaper:1,3'），收到的是 {rule}"
    ),
    "not_a_square_name": "{name} 不是格子名：应写成列字母加行号，例如 'a1'",
    "square_off_board": "格子 {name} 不在 {rows}×{cols} 的棋盘上（从 a1 到 {last_file}{rows}）",
    "argument_error": _WHAT + "：{error}",
    "pair_off_board": (
        _WHAT + " {pair} 不在 {rows}×{cols} 的棋盘上：行号应在 0 到 {last_row} 之间，"
        "列号应在 0 到 {last_col} 之间"
    ),
    "not_a_square": _WHAT + "应是 (行, 列) 整数对或格子名（例如 'a1'），收到的是 {value}",
    "not_squares": _WHAT + "应是一组格子（(行, 列) 整数对或格子名），收到的是 {value}",
    "start_blocked": "起点 {start} 是障碍格，请选一个不是障碍格的格子",
    "bad_count": _WHAT + "必须是不小于 {lowest} 的整数，收到的是 {value}",
    # -- the command line (cli.py) ------------------------------------------------
    "cli_bad_size": "棋盘大小应写成 8x8（先行数后列数）或 8，收到的是 {text}",
    "cli_count_and_survey": "--count 和 --survey 不能同时使用，请选其一",
    "cli_csv_needs_survey": "--format csv 只能与 --survey 一起用；请用 board、moves 或 json",
    "cli_moves_with_survey": "--format moves 不能与 --survey 一起用；请用 board、csv 或 json",
    "cli_outcome": "{status:impossible=无解（已证明）|gave_up=超出预算而放弃}：{reason}",
    "cli_gave_up": "超出预算而放弃：{stop}",
    "cli_survey_stopped": "已停止：{total} 个格子中统计了 {done} 个",
    "cli_progress": (
        "…… 已搜索 {nodes:,} 个节点，回溯 {backtracks:,} 次，深度 {depth}/{free}，"
        "用时 {seconds:.1f} 秒"
    ),
    "cli_survey_cell": (
        "…… {square}：{status:found=找到|impossible=无解（已证明）|gave_up=超出预算而放弃}，"
        "{nodes:,} 个节点，回溯 {backtracks:,} 次"
    ),
    # -- leapers (leaper.py, leaper_theorems.py) -----------------------------------
    "leaper_piece": (
        "{piece:knight=马（{a}, {b}）|camel=骆驼（{a}, {b}）|zebra=斑马（{a}, {b}）|"
        "giraffe=长颈鹿（{a}, {b}）|antelope=羚羊（{a}, {b}）|leaper=每步跳（{a}, {b}）的棋子}"
    ),
    "bad_leaper": "跳子每步跳的两个格数都要是 0 到 {limit} 的整数，且不能都是 0；收到的是 {value}",
    "leaper_lattice": (
        "不存在从 {start} 出发的周游：{piece}每跳一步，行和列都改变 {step} 的倍数，所以从 {start} "
        "只能到达行、列与它相差 {step} 的倍数的格子，而 {square} 不是。"
    ),
    "leaper_colour": (
        "不存在从 {start} 出发的周游：{piece}每跳一步共走偶数格，格子的颜色不变，所以永远到不了"
        "另一种颜色的 {square}。"
    ),
    "leaper_colour_closed": (
        "不存在回到起点的周游：可走的格子中一种颜色 {first} 个，另一种 {second} 个；{piece}每跳一步"
        "都换一种颜色，回到起点的周游需要两种颜色的格子一样多。"
    ),
    "leaper_colour_start": (
        "没有从 {start} 出发的周游：{piece}每跳一步都换一种颜色，可走的格子中与它同色的有 {own} 个，"
        "另一种颜色有 {other} 个，所以周游只能从另一种颜色的格子出发。"
    ),
    "leaper_colour_counts": (
        "不存在周游：可走的格子中一种颜色 {own} 个，另一种 {other} 个；{piece}每跳一步都换一种颜色，"
        "两种颜色的格子数最多只能差 1。"
    ),
    "leaper_isolated": "不存在周游：{piece}在 {square} 和其他可走的格子之间一步也跳不了。",
    "leaper_closed_single": (
        "不存在回到起点的周游：{piece}在 {square} 只有一步可跳，而回到起点的周游要进出每个格子各一次。"
    ),
    "leaper_end_colour": (
        "不存在从 {start} 出发的周游：{stuck:从 {end} 跳不出去|{end} 只有一步可跳}，"
        "它只能当终点；但{piece}每跳一步都换颜色，{free} 个格子的周游，终点与 {start} "
        "{same_colour:同色|异色}，而 {end} 不是。"
    ),
    "leaper_not_a_move": "第 {step} 步：{source} 到 {target} 不是{piece}的一跳",
    "leaper_closing_move": "最后一步 {last} 到 {first} 不是{piece}的一跳",
    "leaper_small_board": (
        "不存在从 {start} 出发的周游：根据高德纳的定理，只有棋盘的两边至少为 {short} 和 {long} 时，"
        "{piece}才能到达每个格子，而这个棋盘是 {rows}×{cols}：从 {start} 永远到不了 {square}。"
    ),
}
