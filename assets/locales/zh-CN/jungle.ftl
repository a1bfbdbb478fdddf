# jungle-bot，简体中文。机器人说的每一句话；代码按 id 引用。
# 放命令的占位符（$help、$command 等）已按平台写好。

## 名称

side-jade = 绿方
side-crimson = 红方
animal-elephant = 象
animal-lion = 狮
animal-tiger = 虎
animal-leopard = 豹
animal-wolf = 狼
animal-dog = 狗
animal-cat = 猫
animal-rat = 鼠
level = { $n ->
    [2] { $n } 级·简单
    [4] { $n } 级·中等
    [6] { $n } 级·困难
   *[other] { $n } 级
}
bot-name = 斗兽棋机器人（{ $level }）
language-name-en = 英语（English）
language-name-zh-CN = 简体中文
language-name-zh-TW = 繁体中文（繁體中文）

## 按钮

button-accept = 接受
button-decline = 拒绝
button-resign = 认输
button-offer-draw = 提议和棋
button-take-back = 悔棋
button-confirm-resign = 确认认输
button-accept-draw = 同意和棋
button-accept-takeback = 同意悔棋
button-inactive = 这个按钮已经失效了。

## 各平台的用法

moderators-room = 房间管理员（权限等级 50 或以上）
moderators-server = 有“管理服务器”权限的成员
moderators-anyone = 这里的每个人
how-to-move-slash = 用 { $command } 走棋（从 G7 到 G6）。
how-to-move-typed-or-slash = 输入走法，比如 `G7 G6`，或者用 { $command }。
how-to-move-typed = 输入走法，比如 `G7 G6`。
press-button = 点 **{ $label }**
help-lead-prefix = 斗兽棋命令，每条都以 { $prefix } 开头。对局中直接输入走法，比如 `G7 G6`。
help-lead-slash = 斗兽棋命令：输入 { $command } 再选一个。走棋用 { $move_command }，或者 @我 并写上走法。棋盘下面的按钮可以认输或提议和棋。
help-lead-slash-typed = 斗兽棋命令：输入 { $command } 再选一个。对局中直接输入走法，比如 `G7 G6`。棋盘下面的按钮可以认输或提议和棋。
help-lead-bare = 斗兽棋命令：对局中直接输入走法，比如 `G7 G6`。

## 固定文字

welcome = 你好！我是斗兽棋机器人。用 { $play } 和我下棋，用 { $challenge } 向这里的人挑战，用 { $help } 查看全部命令。
rules =
    斗兽棋简要规则：
    - 绿方先走。每回合走一只动物，向上、下、左、右走一格。
    - 走进对方的兽穴（绿方进 D1，红方进 D9）、吃光对方所有动物，或让对方无棋可走，就赢了。连续 100 步没有吃子算和棋。
    - 大小：象 8、狮 7、虎 6、豹 5、狼 4、狗 3、猫 2、鼠 1。大的吃小的，一样大也能吃。
    - 鼠能吃象（在陆地上）；象只有在自己的陷阱上才能吃鼠。
    - 只有鼠会游泳。河里的鼠和陆地上的动物不能互相吃。
    - 狮和虎可以直线跳过河，但路上河里有鼠就跳不过去。
    - 走进对方陷阱的动物等级变成 0：谁都能吃它，它什么也吃不了。
    - 不能走进自己的兽穴。
board-legend = 绿方 = 大写，红方 = 小写；~ 河，# 陷阱，* 兽穴，. 陆地；字母是英文首字母，P = 豹

## 错误与限制

store-failure = 我这边出了点问题，什么都没改。请再试一次。
limit-commands = 你发命令太快了，我来不及回答。请稍等一下再试。
limit-games = 你这一小时开了很多局。请先下完一局，或者过一会儿再开新局。
usage = 用法：{ $command }
unknown-command = 我不认识命令 { $word }。试试 { $help }。
bad-side = { $word } 不是一方：请说 jade（绿方）、crimson（红方）或 random（随机）。
bad-level = { $word } 不是难度：请选 1 到 8，或 easy、medium、hard。
bad-game = { $word } 不是对局编号（编号像 #12 这样）。
bad-square = { $word } 不是格子：格子是列 A-G 加行 1-9，比如 G7。
bad-move = { $word } 不是走法：写出起点格和终点格，比如 G7 G6。
bad-lang = 我不会说 { $word }：请说 en、zh-CN 或 zh-TW。

## 帮助：每条命令一行

help-challenge = 向这里的人发起挑战（不写对手：谁都可以接受；`casual`：不计分）
help-accept = 接受挑战
help-decline = 拒绝挑战
help-cancel = 撤回你的挑战
help-play = 和机器人下棋（`casual`：不计分，可以悔棋）
help-move = 走一步棋，比如 `move G7 G6`
help-board = 显示你的对局（或这个频道的对局）的棋盘
help-moves = 某个格子上的棋子能走到哪里
help-resign = 认输
help-draw = 提议和棋，或同意对方的和棋提议
help-takeback = 请求悔棋，或同意对方的悔棋请求
help-games = 这个频道里的对局
help-rating = 玩家的等级分
help-top = 这个服务器的排行榜（`global`：所有人的）
help-history = 玩家最近的对局
help-export = 对局的着法和局面（文字）
help-analyze = 复盘一局已结束的对局：逐步评判，附曲线图
help-rules = 斗兽棋怎么下
help-help = 命令列表
help-lang = 我在这里说的语言；管理员可以换（`en`、`zh-CN`、`zh-TW`）
help-admin = 管理员：`abort <game>` 结束一局且不计分，`channel off|on` 让我忽略这个频道或重新回答，`settings` 显示这里的设置

## 棋局用语

piece = { $side }{ $animal }
outcome-den = { $winner }走进{ $loser }的兽穴，获胜
outcome-all-captured = { $winner }吃光了{ $loser }的动物，获胜
outcome-no-moves = { $winner }获胜：{ $loser }无棋可走
outcome-resigned = { $winner }获胜：{ $loser }认输了
outcome-timeout = { $winner }获胜：{ $loser }超时了
outcome-draw-limit = 和棋：连续 100 步没有吃子
outcome-draw-agreed = 双方同意和棋

## 走法为什么不合规则

illegal-game-over = 这局已经结束了。
illegal-no-piece = { $square } 上没有棋子。
illegal-not-your-turn = { $square } 上的{ $animal }是{ $owner }的；现在轮到{ $turn }。
illegal-null-move = 总得走到别处：{ $square } 到 { $square } 不算一步。
illegal-too-far = { $from } 上的{ $animal }走不到 { $to }：它只能向上、下、左、右走一格。
illegal-too-far-leaper = { $from } 上的{ $animal }走不到 { $to }：它只能向上、下、左、右走一格，或者直线跳过河。
illegal-water = { $square } 是河：只有鼠会游泳，{ $animal }不会。
illegal-own-den = { $animal }不能走进自己的兽穴 { $square }。
illegal-leap-blocked = { $animal }跳不过去：河里 { $square } 有一只鼠挡着。
illegal-own-piece = { $square } 上是你自己的{ $animal }。
illegal-capture-from-water = { $attacker }不能从河里吃陆地上的{ $defender }。
illegal-capture-into-water = { $attacker }不能从陆地上吃河里的{ $defender }。
illegal-capture-on-trap = { $attacker }站在对方的陷阱上，什么也吃不了。
illegal-elephant-rat = 象不能吃鼠（除非鼠站在象这一方的陷阱上）。
illegal-capture-stronger = { $attacker }吃不了比它大的{ $defender }。

## 管理与设置

moderators-only = 只有{ $who }才能用管理命令。
no-such-game-here = 这个频道里没有 #{ $game } 号对局。
game-over-already = 第 #{ $game } 局已经结束了。
game-moved-on = 棋局已经往下走了，这个没赶上；请再试一次。
result-aborted-by-moderator = 管理员中止：不计分
aborted-by-moderator = 管理员（{ $name }）中止了第 #{ $game } 局。这局不计分。
channel-on = 我又会在这个频道回答了。试试 { $help } 开始。
channel-off = 在管理员输入 { $command } 之前，我会忽略这个频道。这里的对局照常计时。
settings-title = 这里的设置：
settings-spelling-prefix = 命令以 { $prefix } 开头
settings-spelling-slash = 命令是 { $command } 的子命令
settings-spelling-bare = 命令直接输入
settings-language-set = { $language }（在这里设定）
settings-language-auto = { $language }（平台告诉我时，用每位读者自己的语言）
settings-language = - 语言：{ $language }；{ $spelling }。
settings-channel-on = - 这个频道：开。
settings-channel-off = - 这个频道：关（忽略）。
settings-games = - 对局：除非用 `casual` 开局，否则计分；机器人默认难度为{ $level }（1 到 8 级的等级分：{ $ratings }）。
settings-timers = - 挑战 { $minutes } 分钟后过期；{ $hours } 小时内不走棋的玩家判负。
settings-limits = - 每位用户的限制：{ $seconds } 秒内 { $commands } 条命令，每小时 { $games } 局新对局。
settings-moderators = - 管理员：{ $who }。
lang-current-set = 我在这里说{ $language }。可选：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理员可以用 { $command } 更换。
lang-current-auto = 我在这里说{ $language }（还没有人选语言，所以平台告诉我时我用你的语言）。可选：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理员可以用 { $command } 选择。
lang-moderators-only = 只有{ $who }才能选语言。
lang-set = 从现在起，我在这里说{ $language }。试试 { $help }。

## 对局

game-title = { $jade }（绿方）对 { $crimson }（红方）
game-title-casual = { $jade }（绿方）对 { $crimson }（红方）（友谊赛）
move-too-late = 这步来晚了：棋局已经往下走了。
played = { $name } 走了 { $mv }。
played-capture = { $name } 走了 { $mv }，吃掉了{ $animal }。
played-your-move = { $played }轮到你了（{ $side }）。
won = { $name } 执{ $side }赢得第 #{ $game } 局。
won-den = { $name } 执{ $side }走进兽穴，赢得第 #{ $game } 局。
won-all-captured = { $name } 执{ $side }吃光了所有动物，赢得第 #{ $game } 局。
won-no-moves = { $name } 执{ $side }赢得第 #{ $game } 局：{ $loser }无棋可走。
drawn-limit = 第 #{ $game } 局和棋：连续 100 步没有吃子。
drawn-agreed = 第 #{ $game } 局双方同意和棋。
rating-change = { $name } { $before } → { $after }（{ $delta }）
list-separator = {"、"}
game-end = { $lead }{ $result }
game-end-rated = { $lead }{ $result }等级分：{ $changes }。
game-end-casual = { $lead }{ $result }这是友谊赛：等级分不变。
game-starts = 第 #{ $game } 局{ $kind ->
        [casual] （友谊赛）
       *[rated] {""}
    }开始：你执绿方，对手是 { $opponent }，你先走。{ $how }
game-starts-bot-first = 第 #{ $game } 局{ $kind ->
        [casual] （友谊赛）
       *[rated] {""}
    }开始：你执红方，对手是 { $bot }，它先走。
no-game-here = 你在这个频道里没有对局。
not-your-turn = 还没轮到你：现在是 { $name }（{ $side }）走。
resign-confirm = 要认输第 #{ $game } 局吗？点 **确认认输** 就认输；不理会就继续下。
resigned = { $name } 认输了。
bot-declines-draw = 我不同意和棋：继续下吧！
draw-accepted = { $name } 同意了和棋。
draw-already-offered = 你已经提议过和棋了；下一步之前一直有效。
draw-moved-on = 棋局已经往下走了；想的话可以再提一次。
draw-offered = { $name } 在第 #{ $game } 局提议和棋：{ $accept } 表示同意；走任何一步就是拒绝。
board-status = 第 #{ $game } 局：{ $title }。第 { $number } 回合：{ $name }（{ $side }）走。
destination-capture = { $square }（吃子）
destination-leap = { $square }（跳河）
piece-stuck = { $square } 上的{ $piece }无路可走。
piece-can-go = { $square } 上的{ $piece }可以走到 { $squares }。

## 挑战

challenge-yourself = 你不能挑战自己。试试 { $command } 和我下一局。
challenge-already-open = 你在这里已经有一个挑战（#{ $challenge }）；请先 { $command }。
challenge-to-you = { $name } 向你发起{ $kind ->
        [casual] 一局友谊赛
       *[rated] 一局斗兽棋
    }（{ $side ->
        [jade] { $name } 执绿方先走
        [crimson] { $name } 执红方
       *[random] 随机分边
    }）。请在 { $minutes } 分钟内 { $accept } 或 { $decline }。
challenge-open = { $name } 想找人下{ $kind ->
        [casual] 一局友谊赛
       *[rated] 一局斗兽棋
    }（{ $side ->
        [jade] { $name } 执绿方先走
        [crimson] { $name } 执红方
       *[random] 随机分边
    }）。谁都可以在 { $minutes } 分钟内 { $accept }。
no-such-challenge = 这个频道里没有 #{ $challenge } 号挑战。
challenge-closed-was = 这个挑战已经关闭了（{ $state ->
        [expired] 已过期
        [accepted] 已被接受
        [declined] 已被拒绝
        [cancelled] 已撤回
       *[other] { $state }
    }）。
challenge-closed = 这个挑战已经关闭了。
no-own-challenge = 你在这个频道里没有挑战。
no-challenge-for-you = 这个频道里没有给你的挑战。
accept-own-challenge = 你不能接受自己的挑战；可以 { $command } 它。
challenge-for-other = 这个挑战是给 { $name } 的，不是给你的。
decline-open-challenge = 公开挑战不能拒绝；不理它就好。
decline-not-yours = 只有被挑战的人才能拒绝。
challenge-declined = { $name } 拒绝了你的挑战。
challenge-withdrawn = { $name } 撤回了挑战。
cancel-not-yours = 只有发起挑战的人才能撤回。

## 悔棋

takeback-rated-bot = 和我下棋只有友谊赛才能悔棋，这局是计分的。
takeback-already-asked = 你已经请求过了；下一步之前一直有效。
takeback-nothing = 你在这局还没走过棋：没有可以悔的。
takeback-moved-on = 棋局已经往下走了；想的话可以再请求一次。
takeback-asked = { $name } 想在第 #{ $game } 局悔一步：{ $agree } 表示同意；走任何一步就是拒绝。
taken-back-one = 第 #{ $game } 局：{ $mv } 已悔掉。轮到 { $name }（{ $side }）走。
taken-back-two = 第 #{ $game } 局：{ $first } 和 { $second } 已悔掉。轮到 { $name }（{ $side }）走。

## 找玩家和对局

unknown-player = 我不认识这里叫 { $name } 的人。请 @ 他们，我才能找到。
ambiguous-player = 有不止一个玩家叫 { $name }；请 @ 你要找的那位。
no-such-game = 没有 #{ $game } 号对局。
not-your-game = 第 #{ $game } 局只有 { $jade } 和 { $crimson } 在下。
no-game-in-channel = 这个频道里没有对局。
games-not-yours = 这个频道里有 { $count } 局，你都没有参加；{ $command } 可以列出它们。
you-are-playing = 你在这个频道里已经有一局了（#{ $game }）；每人每个频道只能下一局。
they-are-playing = { $name } 在这个频道里已经有一局了（#{ $game }）；每人每个频道只能下一局。

## 计时

challenge-expired = { $name } 的挑战已过期。
challenge-expired-to = { $name } 给 { $to } 的挑战已过期。
result-aborted = 已中止：不计分
timeout-aborted = 第 #{ $game } 局已中止：{ $name } 在 { $hours } 小时内没有走棋，双方还没都走过。这局不计分。
timeout-lost = { $name } 在 { $hours } 小时内没有走棋。

## 对局、等级分、排行榜、历史、导出

games-none = 这个频道里没有对局。用 { $challenge } 或 { $play } 开一局吧。
games-title = 这个频道里的对局（{ $count }）：
games-line = #{ $game }：{ $title }，第 { $number } 回合，轮到 { $name }
rating-line = { $name }：等级分 { $rating }{ $provisional ->
        [yes] （暂定）
       *[no] {""}
    }，{ $games } 局计分对局：赢 { $wins }，和 { $draws }，输 { $losses }。{ $rank }
rank-here = 这里排名第 { $here }，总排名第 { $overall }。
rank-overall = 总排名第 { $overall }；在这里还没有计分对局。
rank-none = 还没有排名：下一局计分对局吧。
top-empty = { $whose ->
        [everyone] 总排行榜
       *[here] 本服务器排行榜
    }：还没有人下过计分对局。
top-title = { $whose ->
        [everyone] 总排行榜
       *[here] 本服务器排行榜
    }：
top-line = { $rank }. { $name } { $rating }（赢 { $wins } / 和 { $draws } / 输 { $losses }）
history-none = { $name } 还没在这个频道下过棋。
history-title = { $name } 在这个频道最近的对局：
history-line = #{ $game }：{ $title }，{ $plies } 步，{ $state }
history-line-rated = { $line }（{ $delta }）
export = 第 #{ $game } 局：{ $title }。{ $state }。
    开局：{ $start }
    着法：{ $moves }
    局面：{ $position }
export-no-moves = （无）
export-takeback = { $side }在第 { $ply } 步后悔掉了 { $moves }
export-taken-back = 悔棋：{ $takebacks }
state-in-progress = 进行中
state-aborted = 已中止
state-finished = 已结束
internal-failure = 我这边出了点问题。请再试一次。

## 棋盘的文字描述

sentence-separator = {""}
alt-game = 第 #{ $game } 局，{ $jade }（绿方）对 { $crimson }（红方）。
alt-result = { $result }。
alt-to-move = 第 { $number } 回合，轮到{ $side }。
alt-last-move = 上一步：{ $piece } { $from }-{ $to }{ $leap ->
        [yes] ，跳过了河
       *[no] {""}
    }{ $captured ->
        [yes] ，吃掉了{ $took }
       *[no] {""}
    }。
alt-selected-moves = 选中：{ $square } 上的{ $piece }，可以走到 { $squares }。
alt-selected-stuck = 选中：{ $square } 上的{ $piece }，无路可走。
alt-selected = 选中：{ $square } 上的{ $piece }。
alt-selected-empty = 选中：{ $square }，空格。
alt-animal = { $animal } { $square }
alt-animal-weak = { $animal } { $square }（在陷阱上，等级 0）
alt-animals-left = { $count ->
        [0] { $side }没有动物了。
       *[other] { $side }还有 { $count } 只动物：{ $animals }。
    }

## 棋盘图片和回放

image-to-move = 第 { $number } 回合 – 轮到{ $side }
pill-to-move = 轮到
pill-winner = 获胜
pill-draw = 和棋
replay-title = 回放 – 从第 { $number } 回合起共 { $count } 步

## Discord 的 /jungle

slash-name = 斗兽棋
slash-description = 下斗兽棋
language-own-name = 简体中文
embed-title = 第 #{ $game } 局：{ $jade }（绿方）对 { $crimson }（红方）
embed-final = 第 { $number } 回合后的最终局面
embed-to-move = 第 { $number } 回合 · 轮到{ $side }

## 复盘

analyze-started = 正在复盘第 #{ $game } 局（共 { $plies } 步），结果稍后发在这里。
analyze-in-play = 第 #{ $game } 局还在进行中，结束后才能复盘。
analyze-no-moves = 第 #{ $game } 局没有着法可以复盘。
analysis-title = **第 #{ $game } 局**复盘：{ $title }。
analysis-player = { $name }（{ $side }）：准确率 { $accuracy }%；欠佳 ?! { $inaccuracies }，错着 ? { $mistakes }，败着 ?? { $blunders }；{ $turning }。
analysis-turning = 转折点在{ $when }：{ $played }（{ $best } 更好）
analysis-no-turning = 没有失分的着法
analysis-export-hint = 每一步的标注：{ $command }。
analysis-move-jade = 第 { $number } 回合
analysis-move-crimson = 第 { $number } 回合（红方）
analysis-alt = 第 #{ $game } 局的评估曲线：每一步之后绿方的预期得分，最后为 { $end }%。败着：{ $blunders }。
analysis-alt-none = 无
analysis-alt-blunder = { $side }{ $when }
export-analysis = 复盘：{ $marks }
export-analysis-clean = 没有欠佳、错着或败着
export-better = { $when } { $played }{ $tag }（{ $best } 更好）
