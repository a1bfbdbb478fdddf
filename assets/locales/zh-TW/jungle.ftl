# jungle-bot，繁體中文（臺灣）。機器人說的每一句話；程式碼按 id 引用。
# 放命令的佔位符（$help、$command 等）已按平台寫好。

## 名稱

side-jade = 綠方
side-crimson = 紅方
animal-elephant = 象
animal-lion = 獅
animal-tiger = 虎
animal-leopard = 豹
animal-wolf = 狼
animal-dog = 狗
animal-cat = 貓
animal-rat = 鼠
level = { $n ->
    [2] { $n } 級·簡單
    [4] { $n } 級·中等
    [6] { $n } 級·困難
   *[other] { $n } 級
}
bot-name = 鬥獸棋機器人（{ $level }）
language-name-en = 英語（English）
language-name-zh-CN = 簡體中文（简体中文）
language-name-zh-TW = 繁體中文

## 按鈕

button-accept = 接受
button-decline = 拒絕
button-resign = 認輸
button-offer-draw = 提議和棋
button-take-back = 悔棋
button-confirm-resign = 確認認輸
button-accept-draw = 同意和棋
button-accept-takeback = 同意悔棋
button-inactive = 這個按鈕已經失效了。

## 各平台的用法

moderators-room = 房間管理員（權限等級 50 或以上）
moderators-server = 有「管理伺服器」權限的成員
moderators-anyone = 這裡的每個人
how-to-move-slash = 用 { $command } 走棋（從 G7 到 G6）。
how-to-move-typed-or-slash = 輸入走法，比如 `G7 G6`，或者用 { $command }。
how-to-move-typed = 輸入走法，比如 `G7 G6`。
press-button = 點 **{ $label }**
help-lead-prefix = 鬥獸棋命令，每條都以 { $prefix } 開頭。對局中直接輸入走法，比如 `G7 G6`。
help-lead-slash = 鬥獸棋命令：輸入 { $command } 再選一個。走棋用 { $move_command }，或者 @我 並寫上走法。棋盤下面的按鈕可以認輸或提議和棋。
help-lead-slash-typed = 鬥獸棋命令：輸入 { $command } 再選一個。對局中直接輸入走法，比如 `G7 G6`。棋盤下面的按鈕可以認輸或提議和棋。
help-lead-bare = 鬥獸棋命令：對局中直接輸入走法，比如 `G7 G6`。

## 固定文字

welcome = 你好！我是鬥獸棋機器人。用 { $play } 和我下棋，用 { $challenge } 向這裡的人挑戰，用 { $help } 查看全部命令。
rules =
    鬥獸棋簡要規則：
    - 綠方先走。每回合走一隻動物，向上、下、左、右走一格。
    - 走進對方的獸穴（綠方進 D1，紅方進 D9）、吃光對方所有動物，或讓對方無棋可走，就贏了。連續 100 步沒有吃子算和棋。
    - 大小：象 8、獅 7、虎 6、豹 5、狼 4、狗 3、貓 2、鼠 1。大的吃小的，一樣大也能吃。
    - 鼠能吃象（在陸地上）；象只有在自己的陷阱上才能吃鼠。
    - 只有鼠會游泳。河裡的鼠和陸地上的動物不能互相吃。
    - 獅和虎可以直線跳過河，但路上河裡有鼠就跳不過去。
    - 走進對方陷阱的動物等級變成 0：誰都能吃它，它什麼也吃不了。
    - 不能走進自己的獸穴。
board-legend = 綠方 = 大寫，紅方 = 小寫；~ 河，# 陷阱，* 獸穴，. 陸地；字母是英文首字母，P = 豹

## 錯誤與限制

store-failure = 我這邊出了點問題，什麼都沒改。請再試一次。
limit-commands = 你發命令太快了，我來不及回答。請稍等一下再試。
limit-games = 你這一小時開了很多局。請先下完一局，或者過一會兒再開新局。
usage = 用法：{ $command }
unknown-command = 我不認識命令 { $word }。試試 { $help }。
bad-side = { $word } 不是一方：請說 jade（綠方）、crimson（紅方）或 random（隨機）。
bad-level = { $word } 不是難度：請選 1 到 8，或 easy、medium、hard。
bad-game = { $word } 不是對局編號（編號像 #12 這樣）。
bad-square = { $word } 不是格子：格子是列 A-G 加行 1-9，比如 G7。
bad-move = { $word } 不是走法：寫出起點格和終點格，比如 G7 G6。
bad-lang = 我不會說 { $word }：請說 en、zh-CN 或 zh-TW。

## 幫助：每條命令一行

help-challenge = 向這裡的人發起挑戰（不寫對手：誰都可以接受；`casual`：不計分）
help-accept = 接受挑戰
help-decline = 拒絕挑戰
help-cancel = 撤回你的挑戰
help-play = 和機器人下棋（`casual`：不計分，可以悔棋）
help-move = 走一步棋，比如 `move G7 G6`
help-board = 顯示你的對局（或這個頻道的對局）的棋盤
help-moves = 某個格子上的棋子能走到哪裡
help-resign = 認輸
help-draw = 提議和棋，或同意對方的和棋提議
help-takeback = 請求悔棋，或同意對方的悔棋請求
help-games = 這個頻道裡的對局
help-rating = 玩家的等級分
help-top = 這個伺服器的排行榜（`global`：所有人的）
help-history = 玩家最近的對局
help-export = 對局的著法和局面（文字）
help-analyze = 復盤一局已結束的對局：逐步評判，附曲線圖
help-rules = 鬥獸棋怎麼下
help-help = 命令列表
help-lang = 我在這裡說的語言；管理員可以換（`en`、`zh-CN`、`zh-TW`）
help-admin = 管理員：`abort <game>` 結束一局且不計分，`channel off|on` 讓我忽略這個頻道或重新回答，`settings` 顯示這裡的設定

## 棋局用語

piece = { $side }{ $animal }
outcome-den = { $winner }走進{ $loser }的獸穴，獲勝
outcome-all-captured = { $winner }吃光了{ $loser }的動物，獲勝
outcome-no-moves = { $winner }獲勝：{ $loser }無棋可走
outcome-resigned = { $winner }獲勝：{ $loser }認輸了
outcome-timeout = { $winner }獲勝：{ $loser }超時了
outcome-draw-limit = 和棋：連續 100 步沒有吃子
outcome-draw-agreed = 雙方同意和棋

## 走法為什麼不合規則

illegal-game-over = 這局已經結束了。
illegal-no-piece = { $square } 上沒有棋子。
illegal-not-your-turn = { $square } 上的{ $animal }是{ $owner }的；現在輪到{ $turn }。
illegal-null-move = 總得走到別處：{ $square } 到 { $square } 不算一步。
illegal-too-far = { $from } 上的{ $animal }走不到 { $to }：它只能向上、下、左、右走一格。
illegal-too-far-leaper = { $from } 上的{ $animal }走不到 { $to }：它只能向上、下、左、右走一格，或者直線跳過河。
illegal-water = { $square } 是河：只有鼠會游泳，{ $animal }不會。
illegal-own-den = { $animal }不能走進自己的獸穴 { $square }。
illegal-leap-blocked = { $animal }跳不過去：河裡 { $square } 有一隻鼠擋著。
illegal-own-piece = { $square } 上是你自己的{ $animal }。
illegal-capture-from-water = { $attacker }不能從河裡吃陸地上的{ $defender }。
illegal-capture-into-water = { $attacker }不能從陸地上吃河裡的{ $defender }。
illegal-capture-on-trap = { $attacker }站在對方的陷阱上，什麼也吃不了。
illegal-elephant-rat = 象不能吃鼠（除非鼠站在象這一方的陷阱上）。
illegal-capture-stronger = { $attacker }吃不了比它大的{ $defender }。

## 管理與設定

moderators-only = 只有{ $who }才能用管理命令。
no-such-game-here = 這個頻道裡沒有 #{ $game } 號對局。
game-over-already = 第 #{ $game } 局已經結束了。
game-moved-on = 棋局已經往下走了，這個沒趕上；請再試一次。
result-aborted-by-moderator = 管理員中止：不計分
aborted-by-moderator = 管理員（{ $name }）中止了第 #{ $game } 局。這局不計分。
channel-on = 我又會在這個頻道回答了。試試 { $help } 開始。
channel-off = 在管理員輸入 { $command } 之前，我會忽略這個頻道。這裡的對局照常計時。
settings-title = 這裡的設定：
settings-spelling-prefix = 命令以 { $prefix } 開頭
settings-spelling-slash = 命令是 { $command } 的子命令
settings-spelling-bare = 命令直接輸入
settings-language-set = { $language }（在這裡設定）
settings-language-auto = { $language }（平台告訴我時，用每位讀者自己的語言）
settings-language = - 語言：{ $language }；{ $spelling }。
settings-channel-on = - 這個頻道：開。
settings-channel-off = - 這個頻道：關（忽略）。
settings-games = - 對局：除非用 `casual` 開局，否則計分；機器人預設難度為{ $level }（1 到 8 級的等級分：{ $ratings }）。
settings-timers = - 挑戰 { $minutes } 分鐘後過期；{ $hours } 小時內不走棋的玩家判負。
settings-limits = - 每位使用者的限制：{ $seconds } 秒內 { $commands } 條命令，每小時 { $games } 局新對局。
settings-moderators = - 管理員：{ $who }。
lang-current-set = 我在這裡說{ $language }。可選：`en`（English）、`zh-CN`（簡體中文）、`zh-TW`（繁體中文）；管理員可以用 { $command } 更換。
lang-current-auto = 我在這裡說{ $language }（還沒有人選語言，所以平台告訴我時我用你的語言）。可選：`en`（English）、`zh-CN`（簡體中文）、`zh-TW`（繁體中文）；管理員可以用 { $command } 選擇。
lang-moderators-only = 只有{ $who }才能選語言。
lang-set = 從現在起，我在這裡說{ $language }。試試 { $help }。

## 對局

game-title = { $jade }（綠方）對 { $crimson }（紅方）
game-title-casual = { $jade }（綠方）對 { $crimson }（紅方）（友誼賽）
move-too-late = 這步來晚了：棋局已經往下走了。
played = { $name } 走了 { $mv }。
played-capture = { $name } 走了 { $mv }，吃掉了{ $animal }。
played-your-move = { $played }輪到你了（{ $side }）。
won = { $name } 執{ $side }贏得第 #{ $game } 局。
won-den = { $name } 執{ $side }走進獸穴，贏得第 #{ $game } 局。
won-all-captured = { $name } 執{ $side }吃光了所有動物，贏得第 #{ $game } 局。
won-no-moves = { $name } 執{ $side }贏得第 #{ $game } 局：{ $loser }無棋可走。
drawn-limit = 第 #{ $game } 局和棋：連續 100 步沒有吃子。
drawn-agreed = 第 #{ $game } 局雙方同意和棋。
rating-change = { $name } { $before } → { $after }（{ $delta }）
list-separator = {"、"}
game-end = { $lead }{ $result }
game-end-rated = { $lead }{ $result }等級分：{ $changes }。
game-end-casual = { $lead }{ $result }這是友誼賽：等級分不變。
game-starts = 第 #{ $game } 局{ $kind ->
        [casual] （友誼賽）
       *[rated] {""}
    }開始：你執綠方，對手是 { $opponent }，你先走。{ $how }
game-starts-bot-first = 第 #{ $game } 局{ $kind ->
        [casual] （友誼賽）
       *[rated] {""}
    }開始：你執紅方，對手是 { $bot }，它先走。
no-game-here = 你在這個頻道裡沒有對局。
not-your-turn = 還沒輪到你：現在是 { $name }（{ $side }）走。
resign-confirm = 要認輸第 #{ $game } 局嗎？點 **確認認輸** 就認輸；不理會就繼續下。
resigned = { $name } 認輸了。
bot-declines-draw = 我不同意和棋：繼續下吧！
draw-accepted = { $name } 同意了和棋。
draw-already-offered = 你已經提議過和棋了；下一步之前一直有效。
draw-moved-on = 棋局已經往下走了；想的話可以再提一次。
draw-offered = { $name } 在第 #{ $game } 局提議和棋：{ $accept } 表示同意；走任何一步就是拒絕。
board-status = 第 #{ $game } 局：{ $title }。第 { $number } 回合：{ $name }（{ $side }）走。
destination-capture = { $square }（吃子）
destination-leap = { $square }（跳河）
piece-stuck = { $square } 上的{ $piece }無路可走。
piece-can-go = { $square } 上的{ $piece }可以走到 { $squares }。

## 挑戰

challenge-yourself = 你不能挑戰自己。試試 { $command } 和我下一局。
challenge-already-open = 你在這裡已經有一個挑戰（#{ $challenge }）；請先 { $command }。
challenge-to-you = { $name } 向你發起{ $kind ->
        [casual] 一局友誼賽
       *[rated] 一局鬥獸棋
    }（{ $side ->
        [jade] { $name } 執綠方先走
        [crimson] { $name } 執紅方
       *[random] 隨機分邊
    }）。請在 { $minutes } 分鐘內 { $accept } 或 { $decline }。
challenge-open = { $name } 想找人下{ $kind ->
        [casual] 一局友誼賽
       *[rated] 一局鬥獸棋
    }（{ $side ->
        [jade] { $name } 執綠方先走
        [crimson] { $name } 執紅方
       *[random] 隨機分邊
    }）。誰都可以在 { $minutes } 分鐘內 { $accept }。
no-such-challenge = 這個頻道裡沒有 #{ $challenge } 號挑戰。
challenge-closed-was = 這個挑戰已經關閉了（{ $state ->
        [expired] 已過期
        [accepted] 已被接受
        [declined] 已被拒絕
        [cancelled] 已撤回
       *[other] { $state }
    }）。
challenge-closed = 這個挑戰已經關閉了。
no-own-challenge = 你在這個頻道裡沒有挑戰。
no-challenge-for-you = 這個頻道裡沒有給你的挑戰。
accept-own-challenge = 你不能接受自己的挑戰；可以 { $command } 它。
challenge-for-other = 這個挑戰是給 { $name } 的，不是給你的。
decline-open-challenge = 公開挑戰不能拒絕；不理它就好。
decline-not-yours = 只有被挑戰的人才能拒絕。
challenge-declined = { $name } 拒絕了你的挑戰。
challenge-withdrawn = { $name } 撤回了挑戰。
cancel-not-yours = 只有發起挑戰的人才能撤回。

## 悔棋

takeback-rated-bot = 和我下棋只有友誼賽才能悔棋，這局是計分的。
takeback-already-asked = 你已經請求過了；下一步之前一直有效。
takeback-nothing = 你在這局還沒走過棋：沒有可以悔的。
takeback-moved-on = 棋局已經往下走了；想的話可以再請求一次。
takeback-asked = { $name } 想在第 #{ $game } 局悔一步：{ $agree } 表示同意；走任何一步就是拒絕。
taken-back-one = 第 #{ $game } 局：{ $mv } 已悔掉。輪到 { $name }（{ $side }）走。
taken-back-two = 第 #{ $game } 局：{ $first } 和 { $second } 已悔掉。輪到 { $name }（{ $side }）走。

## 找玩家和對局

unknown-player = 我不認識這裡叫 { $name } 的人。請 @ 他們，我才能找到。
ambiguous-player = 有不止一個玩家叫 { $name }；請 @ 你要找的那位。
no-such-game = 沒有 #{ $game } 號對局。
not-your-game = 第 #{ $game } 局只有 { $jade } 和 { $crimson } 在下。
no-game-in-channel = 這個頻道裡沒有對局。
games-not-yours = 這個頻道裡有 { $count } 局，你都沒有參加；{ $command } 可以列出它們。
you-are-playing = 你在這個頻道裡已經有一局了（#{ $game }）；每人每個頻道只能下一局。
they-are-playing = { $name } 在這個頻道裡已經有一局了（#{ $game }）；每人每個頻道只能下一局。

## 計時

challenge-expired = { $name } 的挑戰已過期。
challenge-expired-to = { $name } 給 { $to } 的挑戰已過期。
result-aborted = 已中止：不計分
timeout-aborted = 第 #{ $game } 局已中止：{ $name } 在 { $hours } 小時內沒有走棋，雙方還沒都走過。這局不計分。
timeout-lost = { $name } 在 { $hours } 小時內沒有走棋。

## 對局、等級分、排行榜、歷史、匯出

games-none = 這個頻道裡沒有對局。用 { $challenge } 或 { $play } 開一局吧。
games-title = 這個頻道裡的對局（{ $count }）：
games-line = #{ $game }：{ $title }，第 { $number } 回合，輪到 { $name }
rating-line = { $name }：等級分 { $rating }{ $provisional ->
        [yes] （暫定）
       *[no] {""}
    }，{ $games } 局計分對局：贏 { $wins }，和 { $draws }，輸 { $losses }。{ $rank }
rank-here = 這裡排名第 { $here }，總排名第 { $overall }。
rank-overall = 總排名第 { $overall }；在這裡還沒有計分對局。
rank-none = 還沒有排名：下一局計分對局吧。
top-empty = { $whose ->
        [everyone] 總排行榜
       *[here] 本伺服器排行榜
    }：還沒有人下過計分對局。
top-title = { $whose ->
        [everyone] 總排行榜
       *[here] 本伺服器排行榜
    }：
top-line = { $rank }. { $name } { $rating }（贏 { $wins } / 和 { $draws } / 輸 { $losses }）
history-none = { $name } 還沒在這個頻道下過棋。
history-title = { $name } 在這個頻道最近的對局：
history-line = #{ $game }：{ $title }，{ $plies } 步，{ $state }
history-line-rated = { $line }（{ $delta }）
export = 第 #{ $game } 局：{ $title }。{ $state }。
    開局：{ $start }
    著法：{ $moves }
    局面：{ $position }
export-no-moves = （無）
export-takeback = { $side }在第 { $ply } 步後悔掉了 { $moves }
export-taken-back = 悔棋：{ $takebacks }
state-in-progress = 進行中
state-aborted = 已中止
state-finished = 已結束
internal-failure = 我這邊出了點問題。請再試一次。

## 棋盤的文字描述

sentence-separator = {""}
alt-game = 第 #{ $game } 局，{ $jade }（綠方）對 { $crimson }（紅方）。
alt-result = { $result }。
alt-to-move = 第 { $number } 回合，輪到{ $side }。
alt-last-move = 上一步：{ $piece } { $from }-{ $to }{ $leap ->
        [yes] ，跳過了河
       *[no] {""}
    }{ $captured ->
        [yes] ，吃掉了{ $took }
       *[no] {""}
    }。
alt-selected-moves = 選中：{ $square } 上的{ $piece }，可以走到 { $squares }。
alt-selected-stuck = 選中：{ $square } 上的{ $piece }，無路可走。
alt-selected = 選中：{ $square } 上的{ $piece }。
alt-selected-empty = 選中：{ $square }，空格。
alt-animal = { $animal } { $square }
alt-animal-weak = { $animal } { $square }（在陷阱上，等級 0）
alt-animals-left = { $count ->
        [0] { $side }沒有動物了。
       *[other] { $side }還有 { $count } 只動物：{ $animals }。
    }

## 棋盤圖片和回放

image-to-move = 第 { $number } 回合 – 輪到{ $side }
pill-to-move = 輪到
pill-winner = 獲勝
pill-draw = 和棋
replay-title = 回放 – 從第 { $number } 回合起共 { $count } 步

## Discord 的 /jungle

slash-name = 鬥獸棋
slash-description = 下鬥獸棋
language-own-name = 繁體中文
embed-title = 第 #{ $game } 局：{ $jade }（綠方）對 { $crimson }（紅方）
embed-final = 第 { $number } 回合後的最終局面
embed-to-move = 第 { $number } 回合 · 輪到{ $side }

## 復盤

analyze-started = 正在復盤第 #{ $game } 局（共 { $plies } 步），結果稍後發在這裡。
analyze-in-play = 第 #{ $game } 局還在進行中，結束後才能復盤。
analyze-no-moves = 第 #{ $game } 局沒有著法可以復盤。
analysis-title = **第 #{ $game } 局**復盤：{ $title }。
analysis-player = { $name }（{ $side }）：準確率 { $accuracy }%；欠佳 ?! { $inaccuracies }，錯著 ? { $mistakes }，敗著 ?? { $blunders }；{ $turning }。
analysis-turning = 轉折點在{ $when }：{ $played }（{ $best } 更好）
analysis-no-turning = 沒有失分的著法
analysis-export-hint = 每一步的標註：{ $command }。
analysis-move-jade = 第 { $number } 回合
analysis-move-crimson = 第 { $number } 回合（紅方）
analysis-alt = 第 #{ $game } 局的評估曲線：每一步之後綠方的預期得分，最後為 { $end }%。敗著：{ $blunders }。
analysis-alt-none = 無
analysis-alt-blunder = { $side }{ $when }
export-analysis = 復盤：{ $marks }
export-analysis-clean = 沒有欠佳、錯著或敗著
export-better = { $when } { $played }{ $tag }（{ $best } 更好）
