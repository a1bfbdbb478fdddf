# jungle-bot 的简体中文文案：机器人说的每一句话，代码按 id 引用。
# 写给中国大陆的玩家读，不是逐句翻译英文。对局编号写作“对局 #12”，不写“第 #12 局”。
# 放命令的占位符（$help、$command 等）已经按平台写好，例如 `!jungle help`、`/斗兽棋 help`。

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
direction-up = 上
direction-down = 下
direction-left = 左
direction-right = 右
level = { $n ->
    [2] { $n } 级·简单
    [4] { $n } 级·中等
    [6] { $n } 级·困难
   *[other] { $n } 级
}
bot-name = 斗兽棋机器人 { $level }
language-name-en = 英语（English）
language-name-zh-CN = 简体中文
language-name-zh-TW = 繁体中文（繁體中文）

## 按钮

button-accept = 接受
button-decline = 拒绝
button-resign = 认输
button-offer-draw = 求和
button-take-back = 悔棋
button-confirm-resign = 确认认输
button-accept-draw = 同意和棋
button-accept-takeback = 同意悔棋
button-rematch = 再来一盘
button-inactive = 这个按钮已经用不了了。

## 各平台的用法

moderators-room = 房间管理员（权限等级 50 及以上）
moderators-server = 拥有“管理服务器”权限的成员
moderators-anyone = 这里的任何人
how-to-move-slash = 走棋请用 { $command }（填写起点和终点，例如 G7、G6）。
how-to-move-typed-or-slash = 直接输入走法即可，例如 `G7 G6`；也可以用 { $command }。
how-to-move-typed = 直接输入走法即可，例如 `G7 G6`。
press-button = 点击 **{ $label }**
type-command = 输入 { $command }
placeholder-user = @玩家
placeholder-move = <起点> <终点>
placeholder-level = 难度
placeholder-square = 格子
placeholder-game = 对局编号
placeholder-count = 人数
help-lead-prefix = 斗兽棋指令如下，使用时前面都要加上 { $prefix }。轮到你走时，直接输入走法即可，例如 `G7 G6` 或 `虎上`。
help-lead-prefix-react = 斗兽棋指令如下，使用时前面都要加上 { $prefix }。轮到你走时，直接输入走法即可，例如 `G7 G6` 或 `虎上`；也可以在最新的棋盘上用动物表情回应，再在我的回复上点箭头。
help-lead-slash = 斗兽棋指令如下：输入 { $command }，再选择其中一项。走棋用 { $move_command }，也可以 @我 并附上走法。认输、求和可以直接点击棋盘下方的按钮。
help-lead-slash-commands = 斗兽棋指令如下：输入 { $command }，再选择其中一项。在这里我只收得到指令：走棋用 { $move_command }，或者在棋盘下方的菜单里选一个棋子。认输、求和可以直接点击棋盘下方的按钮。
help-lead-slash-typed = 斗兽棋指令如下：输入 { $command }，再选择其中一项。轮到你走时，直接输入走法即可，例如 `G7 G6` 或 `虎上`。认输、求和可以直接点击棋盘下方的按钮。
help-lead-bare = 斗兽棋指令如下。轮到你走时，直接输入走法即可，例如 `G7 G6` 或 `虎上`。

## 固定文字

welcome = 大家好，我是斗兽棋机器人！想和我下一盘，请输入 { $play }；想约这里的人对战，请输入 { $challenge }；全部指令见 { $help }。
rules =
    斗兽棋规则简介：
    - 绿方先走。每次走一只动物，上下左右走一格，不能斜走。
    - 走进对方的兽穴（绿方的目标是 D1，红方的目标是 D9），或吃光对方所有动物，或让对方无路可走，就算获胜。双方连续 100 步都没有吃子，算和棋。
    - 动物由大到小：象 8、狮 7、虎 6、豹 5、狼 4、狗 3、猫 2、鼠 1。大吃小，同级可以互吃。
    - 例外：鼠可以吃象（两者都在陆地上时）；象却不能吃鼠，除非这只鼠正站在象这一方的陷阱上。
    - 只有鼠能下河。河里的鼠和岸上的动物互相不能吃；鼠下河、上岸的那一步也不能吃子。
    - 狮、虎可以沿直线跳过河，落在对岸第一格；跳的路线上河里有鼠（不论哪一方的）就不能跳。
    - 动物走进对方的陷阱，等级就变成 0：对方任何动物都能吃它，它自己什么也吃不了。
    - 不能走进自己的兽穴。
    - 走法可以写起点和终点（`G7 G6`），也可以写动物加方向，方向以棋盘图上的上下左右为准：`虎上`、`狮左`。
board-legend = 大写字母是绿方，小写字母是红方；~ 河，# 陷阱，* 兽穴，. 空地；E 象，L 狮，T 虎，P 豹，W 狼，D 狗，C 猫，R 鼠

## 错误与限制

store-failure = 抱歉，我这边出了点问题，这次操作没有生效，请再试一次。
limit-commands = 你发指令太快了，我有点跟不上，请稍等片刻再试。
limit-games = 你在一小时内开了太多盘棋。请先下完一盘，或者过一会儿再开新的。
usage = 用法：{ $command }
unknown-command = 没有 { $word } 这个指令。可以输入 { $help } 查看全部指令。
bad-side = { $word } 不是有效的一方：请写 jade（绿方）、crimson（红方）或 random（随机）。
bad-level = { $word } 不是有效的难度：请写 1 到 8 的数字，或 easy（简单）、medium（中等）、hard（困难）。
bad-game = { $word } 不是对局编号（编号形如 #12）。
bad-square = { $word } 不是棋盘上的格子：格子由列 A-G 和行 1-9 组成，例如 G7。
bad-move = { $word } 不是有效的走法：请写起点和终点两个格子（例如 G7 G6），或者动物加方向（例如 虎上）。
bad-lang = 我不会 { $word } 这种语言：可以选 en、zh-CN 或 zh-TW。
bad-time = { $word } 不是有效的用时：快棋写“分钟+每步加秒”，如 5+3；慢棋写每步天数，如 3d。
time-out-of-range = { $word } 超出范围：快棋 1 到 180 分钟、每步加 0 到 180 秒；慢棋每步 1 到 14 天。

## 帮助：每个指令一行

help-line = { $usage }：{ $what }
help-challenge = 约这里的人下一盘（不指定对手则任何人都能应战；加 `casual` 为友谊赛，不计积分）
help-accept = 接受挑战
help-decline = 拒绝挑战
help-cancel = 撤回你发出的挑战
help-play = 和机器人下棋（难度为 1 到 8，或 easy、medium、hard；加 `casual` 为友谊赛，不计积分，可以悔棋）
help-move = 走一步棋，例如 `move G7 G6`；也可以写动物加方向（按棋盘图上的上下左右），例如 `move 虎上`
help-board = 查看你正在下的棋局（或本频道的棋局）
help-moves = 查看某个格子上的棋子可以走到哪些格子
help-resign = 认输
help-draw = 向对手求和，或同意对手的求和
help-takeback = 请求悔棋，或同意对手的悔棋请求
help-rematch = 把你在本频道的上一盘棋再下一次，红绿互换：向对手提出（对手已先提出时直接接受），和机器人则立即开始
help-notify = 轮到你走时要不要 @你、棋局快超时前要不要提醒你（`off` 关闭，`on` 打开）
help-games = 本频道正在进行的对局
help-rating = 查看玩家的积分和积分走势图（`rating @甲 @乙`：查看两人之间的对局）
help-top = 本服务器的积分排行榜；开了赛季就是本赛季的（加 `all` 看本服务器所有玩家，加 `global` 看全部玩家）
help-history = 查看玩家最近的对局
help-export = 以文字导出一盘棋的着法和局面
help-analyze = 复盘一盘已经结束的棋：逐步点评，并附走势图
help-rules = 斗兽棋怎么下
help-help = 显示这份指令列表
help-lang = 我在这里使用的语言；管理员可以更改（`en`、`zh-CN`、`zh-TW`）
help-admin = 管理员专用：`abort <对局编号>` 中止一盘棋，不计积分；`channel off|on` 让我不再理会本频道，或恢复回应；`settings` 查看这里的设置；`time 5+3|3d|default` 设置这里新对局的默认用时；`threads off|on` 让对局留在频道里，或每盘单独开子区；`season month|quarter|off [盘数]` 让排行榜按月或按季度分赛季；`bots on|off` 设置和机器人下的棋算不算进排行榜

## 棋局用语

piece = { $side }{ $animal }
outcome-den = { $winner }攻入{ $loser }的兽穴，获胜
outcome-all-captured = { $winner }吃光了{ $loser }的全部动物，获胜
outcome-no-moves = { $winner }获胜，{ $loser }已无路可走
outcome-resigned = { $winner }获胜，{ $loser }认输
outcome-timeout = { $winner }获胜，{ $loser }超时
time-live = { $minutes } 分钟，每步加 { $increment } 秒
time-days = 每步 { $days } 天
time-hours = 每步 { $hours } 小时
time-minutes = 每步 { $minutes } 分钟
time-left-days = { $days } 天 { $hours } 小时
duration-days = { $n } 天
duration-hours = { $n } 小时
duration-minutes = { $n } 分钟
outcome-draw-limit = 和棋：双方连续 100 步没有吃子
outcome-draw-agreed = 双方议和

## 走法为什么不合规则

illegal-game-over = 这盘棋已经结束了。
illegal-no-piece = { $square } 上没有棋子。
illegal-not-your-turn = { $square } 上的{ $animal }是{ $owner }的，现在该{ $turn }走。
illegal-null-move = 起点和终点不能相同：{ $square } 到 { $square } 不算走棋。
illegal-too-far = { $from } 的{ $animal }到不了 { $to }：每次只能上下左右走一格。
illegal-too-far-leaper = { $from } 的{ $animal }到不了 { $to }：每次只能上下左右走一格，或沿直线跳过河。
illegal-water = { $square } 是河，只有鼠能下河，{ $animal }不行。
illegal-own-den = { $animal }不能走进自己的兽穴 { $square }。
illegal-leap-blocked = { $animal }跳不过去：{ $square } 的河里有鼠挡着。
illegal-own-piece = { $square } 上已经有你自己的{ $animal }了。
illegal-capture-from-water = 河里的{ $attacker }不能吃岸上的{ $defender }。
illegal-capture-into-water = 岸上的{ $attacker }不能吃河里的{ $defender }。
illegal-capture-on-trap = { $attacker }站在对方的陷阱上，什么也吃不了。
illegal-elephant-rat = 象不能吃鼠；只有鼠站在象这一方的陷阱上时，象才能吃它。
illegal-capture-stronger = { $attacker }比{ $defender }小，吃不了它。

## 管理与设置

moderators-only = 管理指令只有{ $who }才能使用。
no-such-game-here = 本频道没有对局 #{ $game }。
game-over-already = 对局 #{ $game } 已经结束了。
game-moved-on = 你的操作送到时，棋局已经变了，请再试一次。
result-aborted-by-moderator = 已被管理员中止，不计积分
aborted-by-moderator = 管理员 { $name } 中止了对局 #{ $game }，这盘棋不计积分。
channel-on = 我又会在本频道回应了。输入 { $help } 开始吧。
channel-off = 在管理员输入 { $command } 之前，我不会再理会本频道。这里的对局仍照常计时。
settings-title = 这里的设置：
settings-spelling-prefix = 指令以 { $prefix } 开头
settings-spelling-slash = 指令都在 { $command } 之下
settings-spelling-bare = 指令直接输入，不用前缀
settings-language-set = { $language }（在这里设定）
settings-language-auto = { $language }（平台能告诉我时，按每位读者自己的语言）
settings-language = - 语言：{ $language }；{ $spelling }。
settings-channel-on = - 本频道：开启。
settings-channel-off = - 本频道：关闭（不予理会）。
settings-games = - 对局：默认计积分，开局时加 `casual` 则为友谊赛；机器人默认难度为 { $level }（1 到 8 级的积分依次为 { $ratings }）。
settings-timers = - 挑战发出 { $minutes } 分钟后失效；新对局默认用时：{ $time }，发起挑战时可以另选（{ $command }）。
settings-limits = - 每位用户的限制：每 { $seconds } 秒最多 { $commands } 条指令，每小时最多开 { $games } 盘新棋。
settings-moderators = - 管理员：{ $who }。
time-current = 这里的新对局默认用时：{ $time }，发起挑战时可以另选；管理员可以用 { $command } 更改（写 `default` 恢复配置文件里的默认值）。
time-set = 好的，之后这里的新对局默认用时：{ $time }（发起挑战时仍可另选）。已经开始的对局不受影响。
time-default = 这里的新对局恢复配置文件里的默认用时：{ $time }。
lang-current-set = 我在这里使用{ $language }。可选：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理员可以用 { $command } 更改。
lang-current-auto = 我在这里使用{ $language }（还没有人指定语言，所以平台能告诉我时，我就用你的语言）。可选：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理员可以用 { $command } 指定。
lang-moderators-only = 只有{ $who }才能更改语言。
lang-set = 好的，从现在起我在这里使用{ $language }。输入 { $help } 看看能做什么。

## 对局

game-title = { $jade }（绿方）对 { $crimson }（红方）
game-title-casual = { $jade }（绿方）对 { $crimson }（红方），友谊赛
move-too-late = 这步棋送到时，棋局已经往下走了。
played = { $name } 走了 { $mv }。
played-capture = { $name } 走了 { $mv }，吃掉了{ $animal }。
played-your-move = { $played }该你（{ $side }）走了。
won = { $name }（{ $side }）赢下了对局 #{ $game }。
won-den = { $name }（{ $side }）攻入兽穴，赢下了对局 #{ $game }。
won-all-captured = { $name }（{ $side }）吃光了对方的动物，赢下了对局 #{ $game }。
won-no-moves = { $name }（{ $side }）赢下了对局 #{ $game }：{ $loser }已无路可走。
drawn-limit = 对局 #{ $game } 和棋：双方连续 100 步没有吃子。
drawn-agreed = 对局 #{ $game } 双方议和。
rating-change = { $name } { $before } → { $after }（{ $delta }）
list-separator = {"、"}
clause-separator = {"；"}
game-end = { $lead }{ $result }
game-end-rated = { $lead }{ $result }积分变化：{ $changes }。
game-end-casual = { $lead }{ $result }这是友谊赛，积分不变。
game-end-rematch = { $text }想交换红绿再来一盘，请{ $rematch }。
game-starts = 对局 #{ $game }{ $kind ->
        [casual] （友谊赛）
       *[rated] {" "}
    }开始了：你执绿方，对手是 { $opponent }，你先走。用时：{ $time }。{ $how }
game-starts-bot-first = 对局 #{ $game }{ $kind ->
        [casual] （友谊赛）
       *[rated] {" "}
    }开始了：你执红方，对手 { $bot } 先走。用时：{ $time }。
no-game-here = 你在本频道没有正在下的棋。
not-your-turn = 还没轮到你，现在该 { $name }（{ $side }）走。
resign-confirm = 确定要认输对局 #{ $game } 吗？确定就点击 **确认认输**；不想认输，不用理会这条消息，继续下就行。
resigned = { $name } 认输了。
bot-declines-draw = 我不同意和棋，咱们接着下！
draw-accepted = { $name } 同意和棋。
draw-already-offered = 你已经求过和了，对手走下一步之前一直有效。
draw-moved-on = 棋局已经往下走了；想求和的话可以再提一次。
draw-offered = { $name } 在对局 #{ $game } 中求和：同意请{ $accept }；走任意一步即视为拒绝。
board-status = 对局 #{ $game }：{ $title }。第 { $number } 回合，该 { $name } 走。
destination-capture = { $square }（吃子）
destination-leap = { $square }（跳河）
step-taken = 你的{ $animal }已经被吃了，走不了。
step-blocked = { $square } 上的{ $animal }不能往{ $direction }走。
piece-stuck = { $square } 的{ $piece }无路可走。
piece-can-go = { $square } 的{ $piece }可以走到 { $squares }。
# 棋盘下方的棋子菜单（Discord）：提示语和每一项（“虎 G9”）。
picker-placeholder = 选一枚要走的棋子
picker-choice = { $animal } { $square }
# 在菜单里选中棋子后，只有本人能看到：下面每个按钮是一个可以走到的格子。
pick-where = { $square } 的{ $piece }走到哪里？请点击下面的格子。
pick-where-react = { $square } 的{ $piece }走到哪里？请用箭头表情回应：{ $arrows }。
go-capture = { $square }：吃{ $animal }
go-leap = { $square }：跳过河
go-leap-capture = { $square }：跳过河吃{ $animal }
go-den = { $square }：进兽穴，获胜
board-moved-on = 那张棋盘已经过时，对局 #{ $game } 又走了棋。这是现在的局面。

## 挑战

challenge-yourself = 不能挑战自己哦。想和我下一盘，请输入 { $command }。
challenge-already-open = 你在这里已经有一个挑战（#{ $challenge }）还没结束；要发新的，请先用 { $command } 撤回。
challenge-to-you = { $name } 邀你下一盘{ $kind ->
        [casual] 友谊赛
       *[rated] 斗兽棋
    }（{ $side ->
        [jade] 对方执绿方先走
        [crimson] 对方执红方
       *[random] 随机分配红绿
    }，{ $time }）。请在 { $minutes } 分钟内答复：接受请{ $accept }，拒绝请{ $decline }。
rematch-offer = { $name } 想和你再来一盘{ $kind ->
        [casual] 友谊赛
       *[rated] {""}
    }（上一盘是对局 #{ $game }），这次{ $side ->
        [jade] 对方执绿方先走
       *[crimson] 对方执红方
    }，用时{ $time }。请在 { $minutes } 分钟内答复：接受请{ $accept }，拒绝请{ $decline }。
rematch-none = 你在本频道还没有已经结束的对局，没法再来一盘。
notify-on = 轮到你走时我会 @你，棋局快超时前也会提醒你。想关闭，请用 { $off }。
notify-off = 好的，轮到你走时我不会再 @你，棋局快超时前也不会提醒你。想重新打开，请用 { $on }。
rematch-not-yours = 对局 #{ $game } 不是你下的：只有对局双方才能要求再来一盘。
rematch-still-playing = 对局 #{ $game } 还没下完，请先下完这一盘。
challenge-open = { $name } 想找人下一盘{ $kind ->
        [casual] 友谊赛
       *[rated] 斗兽棋
    }（{ $side ->
        [jade] 发起人执绿方先走
        [crimson] 发起人执红方
       *[random] 随机分配红绿
    }，{ $time }）。{ $minutes } 分钟内，谁想应战都可以{ $accept }。
no-such-challenge = 本频道没有挑战 #{ $challenge }。
challenge-closed-was = 这个挑战已经结束了（{ $state ->
        [expired] 已过期
        [accepted] 已被接受
        [declined] 已被拒绝
        [cancelled] 已撤回
       *[other] { $state }
    }）。
challenge-closed = 这个挑战已经结束了。
no-own-challenge = 你在本频道没有发出挑战。
no-challenge-for-you = 本频道没有给你的挑战。
accept-own-challenge = 不能接受自己发出的挑战；不想等了，可以用 { $command } 撤回。
challenge-for-other = 这个挑战是发给 { $name } 的，不是给你的。
decline-open-challenge = 公开挑战不用拒绝，不理会就好。
decline-not-yours = 只有被挑战的人才能拒绝。
challenge-declined = { $name } 拒绝了你的挑战。
challenge-withdrawn = { $name } 撤回了挑战。
cancel-not-yours = 只有发起人才能撤回挑战。

## 悔棋

takeback-rated-bot = 和我下的计分局不能悔棋，只有友谊赛可以。
takeback-already-asked = 你已经请求过悔棋了，对手走下一步之前一直有效。
takeback-nothing = 这盘棋你还没走过，没有棋可悔。
takeback-moved-on = 棋局已经往下走了；想悔棋的话可以再请求一次。
takeback-asked = { $name } 想在对局 #{ $game } 中悔一步棋：同意请{ $agree }；走任意一步即视为拒绝。
taken-back-one = 对局 #{ $game }：已悔掉 { $mv }。该 { $name }（{ $side }）走。
taken-back-two = 对局 #{ $game }：已悔掉 { $first } 和 { $second }。该 { $name }（{ $side }）走。

## 找玩家和对局

unknown-player = 我在这里找不到叫 { $name } 的人。请直接 @ 这位玩家。
ambiguous-player = 这里叫 { $name } 的玩家不止一位，请 @ 你要找的那一位。
no-such-game = 没有对局 #{ $game }。
not-your-game = 对局 #{ $game } 是 { $jade } 和 { $crimson } 在下，你不在其中。
no-game-in-channel = 本频道没有正在进行的对局。
games-not-yours = 本频道有 { $count } 盘棋在下，都没有你；输入 { $command } 可以查看。
you-are-playing = 你在本频道已经有一盘棋（#{ $game }）在下了；每人在同一个频道只能同时下一盘。
they-are-playing = { $name } 在本频道已经有一盘棋（#{ $game }）在下了；每人在同一个频道只能同时下一盘。

## 计时

challenge-expired = { $name } 发出的挑战已过期。
challenge-expired-to = { $name } 发给 { $to } 的挑战已过期。
result-aborted = 已中止，不计积分
timeout-aborted = 对局 #{ $game } 已中止：{ $name } 超时（{ $time }），而双方还没有都走过第一步，所以不计积分。
timeout-lost = { $name } 超时（{ $time }）。
turn-reminder = 对局 #{ $game } 轮到你走了：请在 { $left }内走棋，否则超时判负。

## 对局、积分、排行榜、历史、导出

games-none = 本频道现在没有对局。输入 { $challenge } 约人下棋，或输入 { $play } 和我下。
games-title = 本频道的对局（共 { $count } 盘）：
games-line = #{ $game }：{ $title }，{ $time }，第 { $number } 回合，该 { $name } 走
rating-line = { $name }：积分 { $rating }{ $provisional ->
        [yes] （暂定）
       *[no] {""}
    }，共 { $games } 盘计分局，胜 { $wins }、和 { $draws }、负 { $losses }。{ $rank }
rank-here = 本服务器排名第 { $here }，全部玩家中排名第 { $overall }。
rank-overall = 全部玩家中排名第 { $overall }；在本服务器还没有下过计分局。
rank-none = 还没有排名，下一盘计分局就有了。
top-empty = { $whose ->
        [everyone] 总排行榜
       *[here] 本服务器排行榜
    }：还没有人下过计分局。
top-title = { $whose ->
        [everyone] 总排行榜
       *[here] 本服务器排行榜
    }：
top-private = 这里没有服务器排行榜。想看所有人的排名，请用 { $everyone }；想看自己的积分，请用 { $rating }。
top-line = { $rank }. { $name } { $rating }（胜 { $wins }，和 { $draws }，负 { $losses }）
history-none = { $name } 还没有在本频道下过棋。
history-title = { $name } 在本频道最近的对局：
history-line = #{ $game }：{ $title }，{ $time }，共 { $plies } 步，{ $state }
history-line-rated = { $line }（{ $delta }）
export = 对局 #{ $game }：{ $title }，{ $time }。{ $state }。
    初始局面：{ $start }
    着法：{ $moves }
    当前局面：{ $position }
export-move-pair = { $number }. { $moves }
export-no-moves = （无）
export-takeback = { $side }在第 { $ply } 步之后悔掉了 { $moves }
export-taken-back = 悔棋记录：{ $takebacks }
state-in-progress = 正在进行
state-aborted = 已中止
state-finished = 已结束
internal-failure = 抱歉，我这边出了点问题，请再试一次。

## 棋盘的文字描述

sentence-separator = {""}
alt-game = 对局 #{ $game }，{ $jade }（绿方）对 { $crimson }（红方）。
alt-result = { $result }。
alt-to-move = 第 { $number } 回合，该{ $side }走。
alt-clock = { $side }用时：{ $time }。
alt-last-move = 上一步：{ $piece }从 { $from } 走到 { $to }{ $leap ->
        [yes] ，跳过了河
       *[no] {""}
    }{ $captured ->
        [yes] ，吃掉了{ $took }
       *[no] {""}
    }。
alt-selected-moves = 选中了 { $square } 的{ $piece }，可以走到 { $squares }。
alt-selected-stuck = 选中了 { $square } 的{ $piece }，无路可走。
alt-selected = 选中了 { $square } 的{ $piece }。
alt-selected-empty = 选中了 { $square }，这一格是空的。
alt-animal = { $animal } { $square }
alt-animal-weak = { $animal } { $square }（在陷阱里，等级为 0）
alt-animals-left = { $count ->
        [0] { $side }已经没有动物了。
       *[other] { $side }还剩 { $count } 只动物：{ $animals }。
    }

## 棋盘图片和回放

image-to-move = 第 { $number } 回合 · 该{ $side }走
pill-to-move = 该走
pill-winner = 获胜
pill-draw = 和棋
replay-title = 回放 · 从第 { $number } 回合起，共 { $count } 步

# 棋子下方的小字：用汉字数字写等级（$rank；在对方陷阱里是 0）。大字已经写了动物。
tile-elephant = { $rank ->
        [0] 零
       *[other] 八
    }
tile-lion = { $rank ->
        [0] 零
       *[other] 七
    }
tile-tiger = { $rank ->
        [0] 零
       *[other] 六
    }
tile-leopard = { $rank ->
        [0] 零
       *[other] 五
    }
tile-wolf = { $rank ->
        [0] 零
       *[other] 四
    }
tile-dog = { $rank ->
        [0] 零
       *[other] 三
    }
tile-cat = { $rank ->
        [0] 零
       *[other] 二
    }
tile-rat = { $rank ->
        [0] 零
       *[other] 一
    }

## Discord 的斜杠指令

slash-name = 斗兽棋
slash-description = 下斗兽棋
nothing-to-do = 这里没有需要我做的事。
option-opponent = 挑战谁
option-challenger = 谁发出的挑战
option-side = 你想执哪一方
option-mode = 计分局还是友谊赛
option-time = 用时：快棋“分钟+每步加秒”，或慢棋每步天数
option-time-default = 新对局的用时：快棋“分钟+每步加秒”、慢棋每步天数，或 default
choice-time-default = 恢复配置文件里的默认值
option-level = 机器人的难度
option-from = 棋子现在所在的格子，或者动物加方向（虎上）
option-notify = @你和超时提醒
choice-notify-on = 打开：@我并提醒我
choice-notify-off = 关闭：不 @我，也不提醒
option-to = 要走到的格子
option-square = 格子，例如 G7
option-whose = 查看谁的（默认是你自己）
option-scope = 看哪个范围的排名
option-count = 显示前几名
option-game = 对局编号
option-lang = 我在这里使用的语言
option-game-abort = 要中止的对局
option-state = 我是否在本频道回应
choice-jade = 绿方（先走）
choice-crimson = 红方
choice-random = 随机
choice-level = { $n ->
    [2] 2 级·简单
    [4] 4 级·中等
    [6] 6 级·困难
   *[other] { $n } 级
}
choice-rated = 计分局
choice-casual = 友谊赛（不计积分）
choice-here = 本服务器
choice-everyone = 全部玩家
choice-channel-off = 关闭：不理会本频道
choice-channel-on = 开启：在本频道回应
slash-admin-description = 管理本服务器的斗兽棋机器人
slash-admin-abort = 中止这里的一盘棋，不计积分
slash-admin-channel = 让机器人不再理会本频道，或恢复回应
slash-admin-settings = 查看本服务器和本频道的设置
slash-admin-time = 设置这里新对局的默认用时
embed-title = 对局 #{ $game }：{ $jade }（绿方）对 { $crimson }（红方）
embed-final = 第 { $number } 回合后的终局
embed-to-move = 第 { $number } 回合 · 该{ $side }走

## 复盘

analyze-progress = { $started }（已完成 { $percent }%）
analyze-started = 正在复盘对局 #{ $game }（共 { $plies } 步），结果稍后发在这里。
analyze-in-play = 对局 #{ $game } 还没下完，结束后才能复盘。
analyze-no-moves = 对局 #{ $game } 一步棋都没有，无从复盘。
analysis-title = **对局 #{ $game }** 复盘：{ $title }。
analysis-player = { $name }（{ $side }）：准确率 { $accuracy }%；缓着（?!）{ $inaccuracies } 步，错着（?）{ $mistakes } 步，败着（??）{ $blunders } 步；{ $turning }。
analysis-turning = 转折点在{ $when }：走了 { $played }，{ $best } 更好
analysis-no-turning = 没有明显失误
analysis-export-hint = 想看每一步的点评，请输入 { $command }。
analysis-move-jade = 第 { $number } 回合
analysis-move-crimson = 第 { $number } 回合后手
analysis-alt = 对局 #{ $game } 的走势图：每一步之后绿方的预期得分，最后为 { $end }%。败着：{ $blunders }。
analysis-alt-none = 无
analysis-alt-blunder = { $side }{ $when }
export-analysis = 复盘：{ $marks }
export-analysis-clean = 没有缓着、错着或败着
export-better = { $when } { $played }{ $tag }（{ $best } 更好）

## 终端（jungle play、jungle console）

play-greeting = 斗兽棋：和机器人对弈。直接输入走法，例如 `G7 G6` 或 `虎上`；输入 `help` 查看指令；按 Ctrl-D 退出（棋局会保存）。
play-saved = 棋局已保存，再次运行 `jungle play` 就能接着下。
play-over = 这盘棋结束了。再次运行 `jungle play` 可以开始新的一盘。
line-unreadable = 这一行我读不了（不是 UTF-8 文本）。

# 每盘棋单独的子区（Discord 子区、Matrix 子区）。
thread-name = { $jade } 对 { $crimson } · 对局 #{ $game }
thread-game-starts = 对局 #{ $game } 开始了：{ $jade }（绿方）对 { $crimson }（红方），{ $time }。棋盘和着法都在这盘棋的子区里。
posted-in-channel = 已发到频道里：
thread-pointer = 对局 #{ $game } 在它的子区里进行：
threads-none-here = 这里的对局不能单独开子区：这是私聊，或者这个平台没有子区。
threads-current-on = 这里每盘真人对局都会单独开一个子区。用 { $command } 让对局留在频道里。
threads-current-off = 这里的对局都留在频道里。用 { $command } 让每盘真人对局单独开一个子区。
threads-set-on = 好的，之后这里每盘真人对局都会单独开一个子区。正在进行的对局不受影响。
threads-set-off = 好的，之后这里的对局都留在频道里。正在进行的对局仍在原来的子区。
settings-threads-on = - 真人对局：每盘单独开一个子区（{ $command } 可改为留在频道里）。
settings-threads-off = - 真人对局：留在频道里（{ $command } 可改为每盘单独开子区）。
settings-threads-problem = - 上次没能开子区，对局只好留在频道里：{ $why }
threads-problem-forbidden = 机器人在这里没有创建公开子区的权限（需要“创建公开子区”和“在子区中发送消息”权限）。
threads-problem-full = 本服务器的活跃子区已达到 Discord 的上限。
threads-problem-none = 这个频道不能开子区。
choice-threads-on = 开启：每盘棋一个子区
choice-threads-off = 关闭：对局留在频道里
option-threads = 每盘真人对局是否单独开一个子区
slash-admin-threads = 让每盘棋单独开子区，或让对局留在频道里

## 赛季、积分走势、交手记录

help-vs = 你和某位玩家的交手记录：胜、和、负，以及最近几盘的结果
option-against = 对手是谁
option-period = 看哪个排行榜
choice-season = 本赛季
choice-all-time = 所有玩家，不分赛季
option-season = 赛季多长
option-season-games = 一个赛季里至少下几盘计分局才上榜
slash-admin-season = 让这里的排行榜按月或按季度分赛季，或者不分赛季
slash-admin-bots = 设置和机器人下的计分局算不算进这里的排行榜
season-month = { $year }年{ $month }月
season-quarter = { $year }年第{ $quarter ->
        [1] 一
        [2] 二
        [3] 三
       *[4] 四
    }季度
top-season-title = { $season }赛季排行榜（本赛季至少下了 { $games } 盘计分局的玩家）：
top-season-line = { $rank }. { $name } { $rating }（本赛季 { $games } 盘：{ $wins } 胜 { $draws } 和 { $losses } 负）
top-season-all = 想看本服务器所有玩家、不分赛季的排名，请用 { $all }。
top-season-empty = { $season }赛季排行榜上还没有人：本赛季至少要下 { $games } 盘计分局才能上榜。想看本服务器所有玩家的排名，请用 { $all }。
season-ended = { $season }赛季结束了！最终排名：
season-ended-empty = { $season }赛季结束了。没有人在这个赛季下满 { $games } 盘计分局，所以没有最终排名。
season-next = { $season }赛季现在开始。积分照常延续，新赛季的排行榜从零开始。
season-set = 这里的排行榜从现在起按赛季计算，第一个赛季是{ $season }：{ $top } 查看本赛季的排名，{ $all } 查看所有玩家。积分会一直延续，不随赛季清零。
season-set-off = 这里的排行榜不再分赛季：{ $top } 又会列出所有玩家。
season-games-set = 从现在起，一个赛季里至少下 { $games } 盘计分局才能上这里的赛季排行榜。
season-games-range = 每个赛季要求的计分局数只能是 1 到 { $max } 盘。
settings-season-on = - 排行榜：按赛季计算，当前是{ $season }（还剩 { $days } 天），本赛季至少下 { $games } 盘计分局才上榜（{ $command } 可以取消赛季）。
settings-season-off = - 排行榜：不分赛季（{ $command } 可以改成按月分赛季）。
settings-bots-on = - 和机器人下的计分局也算进排行榜（{ $command } 可以不算）。
settings-bots-off = - 和机器人下的计分局只算积分，不算进排行榜（{ $command } 可以算进去）。
bots-set-on = 从现在起，和机器人下的计分局也算进这里的排行榜。
bots-set-off = 从现在起，这里的排行榜只算真人之间的对局；和机器人下的计分局照样计算积分。
rating-graph-alt = { $name } 最近 { $games } 盘计分局的积分走势：从 { $from } 到 { $to }，最高 { $high }，最低 { $low }。
rating-graph-seasons = 图中虚线标出了 { $count } 个新赛季开始的位置。
vs-self = 这是你自己。请指定另一位玩家，查看你和对方的交手记录。
vs-none = { $first } 和 { $second } 在这里还没有下完过一盘棋。
vs-title = { $first } 对 { $second } 的交手记录：共 { $games } 盘，{ $wins } 胜 { $draws } 和 { $losses } 负。最近几盘：
vs-line = #{ $game }：{ $title }，{ $state }
choice-season-month = 按月
choice-season-quarter = 按季度
choice-season-off = 不分赛季
option-bots = 和机器人下的棋算不算进排行榜
choice-bots-on = 算进去
choice-bots-off = 不算，只算真人之间的对局
top-bots-left-out = 和机器人下的计分局只算积分，不算进排行榜。

## 比赛

help-tournament = 查看这里的比赛和排名（`history` 往届比赛，`export <编号>` 比赛的对局；管理员：`arena 60m 3+2`、`swiss 5 rounds 1d`、`start`、`cancel`）
help-join = 报名参加这里的比赛
help-withdraw = 退出这里的比赛（已有成绩保留）
option-tournament-action = 要做什么（不填：查看这里的比赛）
option-tournament-number = 瑞士制：几轮；导出：比赛编号
option-tournament-length = 竞技场：比赛时长（60m、2h）
option-tournament-clock = 对局用时（3+2、1d）
option-tournament-delay = 多久后开始（10m、1h）
tournament-name = { $kind ->
        [swiss] 瑞士制比赛 #{ $id }
       *[arena] 竞技场比赛 #{ $id }
    }
tournament-terms = { $kind ->
        [swiss] 共 { $rounds } 轮
       *[arena] 时长{ $length }
    }，{ $time }，{ $rated ->
        [casual] 不计积分
       *[rated] 计积分
    }
tournament-announced = { $name } 已发布：{ $terms }。{ $when }用 { $join } 报名，用 { $show } 查看排名。
tournament-when-now = 比赛已经开始，有两位玩家空闲就马上配对。
tournament-when-in = { $time }后开始。
tournament-when-start = 管理员发出 { $command } 后开始。
tournament-begun = { $name } 开始了：{ $terms }。有两位玩家空闲就马上配对；用 { $join } 报名参赛。
tournament-starting = { $name } 现在开始。
tournament-cancelled = { $name } 已取消。正在进行的对局照常下完，按普通对局计算。
tournament-too-few = { $name } 取消了：报名的玩家不到两人。
tournament-round = { $name }，第 { $round } 轮（共 { $rounds } 轮）：
tournament-pairing = - { $first }（执绿）对 { $second }（执红）
tournament-bye = - { $name } 本轮轮空（按胜一盘计）。
tournament-no-show-out = - { $name } 两盘棋没有出场，已被退赛。
tournament-game-starts = { $name }：第 #{ $game } 盘，{ $jade }（执绿）对 { $crimson }（执红）。棋盘和着法都在这盘棋的子区里。
tournament-deadline-draw = 第 #{ $game } 盘没有在本轮截止时间前下完：对局结束，不计积分，按和棋计算。
tournament-final = { $name } 最终排名：
tournament-podium = 恭喜 { $names }！
tournament-title = { $name }（{ $terms }）：{ $status }；{ $players } 人参赛。
tournament-status-waiting = 已发布，尚未开始
tournament-status-pending = { $time }后开始
tournament-status-arena = 还剩{ $time }
tournament-status-arena-ending = 时间到了，最后几盘正在收尾
tournament-status-swiss = 第 { $round } 轮（共 { $rounds } 轮）
tournament-status-finished = 已结束
tournament-status-cancelled = 已取消
tournament-nobody = 还没有人报名。
tournament-line = { $rank }. { $name }：{ $points } 分{ $results ->
        [none] {""}
       *[other] （{ $results }）
    }，{ $games } 盘，表现分 { $performance }
tournament-tie-breaks = ，对手分 { $buchholz }，索伯分 { $sb }
tournament-on-fire = （连胜中：下一盘赢了得双倍分）
tournament-alt = { $title } 排名表，共 { $players } 人：{ $list }。
tournament-alt-line = 第 { $rank } 名 { $name } { $points } 分
tournament-col-rank = 名次
tournament-col-name = 玩家
tournament-col-points = 积分
tournament-col-games = 盘数
tournament-col-results = 战绩
tournament-col-performance = 表现分
tournament-how-to-join = 用 { $join } 报名，用 { $withdraw } 退赛。
tournament-none = 这里还没有办过比赛。管理员可以用 { $arena }（快棋，一小时）或 { $swiss }（每轮一盘）发起比赛。
tournament-history-none = 这里还没有结束的比赛。
tournament-history-title = 这里的比赛，最近的在前：
tournament-history-line = { $name }（{ $terms }），{ $players } 人参赛：{ $state ->
        [cancelled] 已取消
        [empty] 没有下过棋
       *[won] 冠军 { $winner }
    }
tournament-history-export = 用 { $command } 查看一场比赛的全部对局。
tournament-export-title = { $name }（{ $terms }），共 { $games } 盘：
tournament-export-game = { $kind ->
        [swiss] 第 { $round } 轮，#{ $game }
       *[arena] #{ $game }
    }：{ $title }，{ $state }
tournament-export-bye = 第 { $round } 轮：{ $name } 轮空
tournament-no-such = 本服务器没有编号为 #{ $id } 的比赛。
tournament-private = 比赛只能在服务器或房间里举行，私信里不行。
tournament-moderators-only = 只有{ $who }才能发起、开始或取消比赛。
tournament-arena-live = 竞技场比赛要用快棋用时，比如 `3+2`：对局必须在比赛期间下完。
tournament-arena-length = 竞技场比赛的时长可以是{ $shortest }到{ $longest }。
tournament-swiss-rounds = 瑞士制比赛可以下 { $fewest } 到 { $most } 轮。
tournament-one-at-a-time = { $name } 还在进行：同一时间只能办一场比赛（{ $cancel } 可以取消它）。
tournament-nothing-to-start = 这里没有等待开始的比赛。
tournament-nothing-live = 这里现在没有比赛。
tournament-nothing-to-join = 这里没有可以报名的比赛。
tournament-moved-on = 比赛刚刚有了变化，这次操作没有生效，请再试一次。
tournament-joined = { $name } 报名参加 { $tournament }（共 { $players } 人）：{ $when }。
tournament-join-arena = 有人空闲就马上为你配对
tournament-join-swiss = 从下一轮开始为你配对
tournament-joined-already = 你已经在 { $name } 里了（用 { $withdraw } 退赛）。
tournament-not-in = 你没有参加 { $name }（用 { $join } 报名）。
tournament-withdrew = { $name } 退出了 { $tournament }：不再配对，已有成绩保留在排名里。用 { $join } 可以重新报名。
choice-tournament-arena = 发起竞技场比赛（管理员）
choice-tournament-swiss = 发起瑞士制比赛（管理员）
choice-tournament-history = 这里办过的比赛
choice-tournament-export = 一场比赛的全部对局
choice-tournament-start = 让已发布的比赛马上开始（管理员）
choice-tournament-cancel = 取消比赛（管理员）
tournament-game-board = { $name }，第 #{ $game } 盘：{ $jade }（执绿，先走）对 { $crimson }（执红）。用时：{ $time }。{ $how }
