# jungle-bot 的繁體中文（臺灣）文案：機器人說的每一句話，程式碼依 id 取用。
# 寫給臺灣的玩家看，用臺灣的說法（指令、例如、重播、按、伺服器、訊息、預設、設定），
# 不是把簡體版逐字轉成繁體。對局編號寫成「對局 #12」。
# 放指令的預留位置（$help、$command 等）已經依平台寫好，例如 `!jungle help`、`/鬥獸棋 help`。

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
direction-up = 上
direction-down = 下
direction-left = 左
direction-right = 右
level = { $n ->
    [2] 第 { $n } 級·簡單
    [4] 第 { $n } 級·普通
    [6] 第 { $n } 級·困難
   *[other] 第 { $n } 級
}
bot-name = 鬥獸棋機器人 { $level }
language-name-en = 英文（English）
language-name-zh-CN = 簡體中文（简体中文）
language-name-zh-TW = 繁體中文

## 按鈕

button-accept = 接受
button-decline = 婉拒
button-resign = 認輸
button-offer-draw = 提和
button-take-back = 悔棋
button-confirm-resign = 確定認輸
button-accept-draw = 同意和局
button-accept-takeback = 同意悔棋
button-rematch = 再來一局
button-inactive = 這個按鈕已經不能用了。

## 各平台的操作方式

moderators-room = 聊天室的管理員（權限等級 50 以上）
moderators-server = 擁有「管理伺服器」權限的成員
moderators-anyone = 這裡的所有人
how-to-move-slash = 請用 { $command } 走棋（分別填入起點與終點，例如 G7、G6）。
how-to-move-typed-or-slash = 直接打出走法就可以了，例如 `G7 G6`；也可以用 { $command }。
how-to-move-typed = 直接打出走法就可以了，例如 `G7 G6`。
press-button = 按下 **{ $label }**
type-command = 輸入 { $command }
placeholder-user = @使用者
placeholder-move = <起點> <終點>
placeholder-level = 難度
placeholder-square = 格位
placeholder-game = 對局編號
placeholder-count = 名次數
help-lead-prefix = 鬥獸棋的指令如下，每個指令前面都要加上 { $prefix }。輪到你時，直接打出走法即可，例如 `G7 G6` 或 `虎上`。
help-lead-prefix-react = 鬥獸棋的指令如下，每個指令前面都要加上 { $prefix }。輪到你時，直接打出走法即可，例如 `G7 G6` 或 `虎上`；也可以在最新的棋盤上按一個動物圖示回應，再到我的回覆上按方向。
help-lead-slash = 鬥獸棋的指令如下：輸入 { $command } 後選擇要用的指令。走棋請用 { $move_command }，或是標註我並寫上走法。要認輸或提和，按棋盤下方的按鈕就行。
help-lead-slash-commands = 鬥獸棋的指令如下：輸入 { $command } 後選擇要用的指令。在這裡我只收得到指令：走棋請用 { $move_command }，或是在棋盤下方的選單裡選一隻棋子。要認輸或提和，按棋盤下方的按鈕就行。
help-lead-slash-typed = 鬥獸棋的指令如下：輸入 { $command } 後選擇要用的指令。輪到你時，直接打出走法即可，例如 `G7 G6` 或 `虎上`。要認輸或提和，按棋盤下方的按鈕就行。
help-lead-bare = 鬥獸棋的指令如下。輪到你時，直接打出走法即可，例如 `G7 G6` 或 `虎上`。

## 固定文字

welcome = 嗨，我是鬥獸棋機器人！想跟我下一局，請輸入 { $play }；想找這裡的朋友對戰，請輸入 { $challenge }；所有指令請看 { $help }。
rules =
    鬥獸棋規則說明：
    - 綠方先下。每次移動一隻動物，往上、下、左、右走一格，不能斜走。
    - 進入對方的獸穴（綠方要進 D1，紅方要進 D9）、吃掉對方全部的動物，或讓對方沒有棋可走，就贏了。雙方連續 100 步都沒有吃子，就是和局。
    - 動物的大小：象 8、獅 7、虎 6、豹 5、狼 4、狗 3、貓 2、鼠 1。大的可以吃小的，一樣大的可以互吃。
    - 特例：鼠可以吃象（雙方都在陸地上時）；象卻不能吃鼠，只有當那隻鼠站在象這一方的陷阱上，象才吃得到。
    - 只有鼠可以下水。水裡的鼠和陸地上的動物彼此不能吃；鼠下水或上岸的那一步也不能吃子。
    - 獅和虎可以直線跳過河，落在對岸的第一格；只要跳躍路線上的水裡有鼠（不論是哪一方的），就跳不過去。
    - 動物一走進對方的陷阱，等級就變成 0：對方的任何動物都能吃牠，牠自己則什麼都吃不了。
    - 不可以走進自己的獸穴。
    - 走法可以寫成起點加終點（`G7 G6`），或是動物加方向，上下左右以棋盤圖上看到的為準：`虎上`、`獅左`。
board-legend = 大寫字母是綠方，小寫字母是紅方；~ 水，# 陷阱，* 獸穴，. 空地；E 象，L 獅，T 虎，P 豹，W 狼，D 狗，C 貓，R 鼠

## 錯誤與限制

store-failure = 不好意思，我這裡出了點狀況，剛才的操作沒有生效，請再試一次。
limit-commands = 你的指令傳得太快了，我來不及回覆，請稍候再試。
limit-games = 你這一個小時內開了很多局。請先把一局下完，或過一陣子再開新局。
usage = 用法：{ $command }
unknown-command = 找不到 { $word } 這個指令。可以輸入 { $help } 查看所有指令。
bad-side = { $word } 不是可以選的一方：請輸入 jade（綠方）、crimson（紅方）或 random（隨機）。
bad-level = { $word } 不是可以選的難度：請輸入 1 到 8，或 easy（簡單）、medium（普通）、hard（困難）。
bad-game = { $word } 不是對局編號（編號的格式像 #12）。
bad-square = { $word } 不是棋盤上的格位：格位由直行 A-G 和橫列 1-9 組成，例如 G7。
bad-move = { $word } 不是正確的走法：請寫出起點和終點兩個格位（例如 G7 G6），或是動物加方向（例如 虎上）。
bad-lang = 我不會說 { $word }：可以選 en、zh-CN 或 zh-TW。
bad-time = { $word } 不是有效的棋鐘設定：快棋寫「分鐘+每步加秒」，例如 5+3；通訊棋寫每步天數，例如 3d。
time-out-of-range = { $word } 超出範圍：快棋 1 到 180 分鐘、每步加 0 到 180 秒；通訊棋每步 1 到 14 天。

## 說明：一個指令一行

help-line = { $usage }：{ $what }
help-challenge = 邀請這裡的人下一局（沒有指定對手，任何人都能接受；加上 `casual` 就是友誼賽，不計等級分）
help-accept = 接受挑戰
help-decline = 婉拒挑戰
help-cancel = 收回你提出的挑戰
help-play = 跟機器人下棋（難度可選 1 到 8，或 easy、medium、hard；加上 `casual` 是友誼賽，不計等級分，也可以悔棋）
help-move = 走一步棋，例如 `move G7 G6`；也能寫成動物加方向，像是 `move 虎上`
help-board = 顯示你正在下的棋局（或這個頻道的棋局）
help-moves = 查看某一格上的棋子可以走到哪裡
help-resign = 認輸
help-draw = 向對手提和，或同意對手的提和
help-takeback = 要求悔棋，或同意對手的悔棋要求
help-rematch = 把你在這個頻道的上一局再下一次，這次你執對手上一局的那一方：向對手提出（對手已經先提出的話就直接接受），跟機器人下就直接開始
help-notify = 輪到你時要不要標註你、對局快超時前要不要再跟你說一下（`off` 關閉，`on` 開啟）
help-games = 這個頻道目前的對局
help-rating = 查詢玩家的等級分和等級分走勢圖（`rating @甲 @乙`：查詢兩人之間的對局）
help-top = 這個伺服器的等級分排行榜；有賽季的話就是本賽季的（加上 `all` 看這個伺服器的所有玩家，加上 `global` 看所有玩家）
help-history = 查詢玩家最近的對局
help-export = 用文字匯出一局棋的棋譜和局面
help-analyze = 覆盤一局已經結束的棋：一步一步評論，並附上走勢圖
help-rules = 鬥獸棋的玩法
help-help = 顯示這份指令清單
help-lang = 我在這裡使用的語言；管理員可以變更（`en`、`zh-CN`、`zh-TW`）
help-admin = 管理員專用：`abort <對局編號>` 中止一局棋，不計等級分；`channel off|on` 讓我不再回應這個頻道，或恢復回應；`settings` 查看這裡的設定；`time 5+3|3d|default` 設定這裡新對局的預設棋鐘；`threads off|on` 讓對局留在頻道裡，或每局另開討論串；`season month|quarter|off [局數]` 讓排行榜按月或按季分賽季；`bots on|off` 設定跟機器人下的棋要不要算進排行榜

## 棋局用語

piece = { $side }{ $animal }
outcome-den = { $winner }攻進{ $loser }的獸穴，獲勝
outcome-all-captured = { $winner }吃光{ $loser }所有的動物，獲勝
outcome-no-moves = { $winner }獲勝，因為{ $loser }已經沒有棋可走
outcome-resigned = { $winner }獲勝，{ $loser }認輸
outcome-timeout = { $winner }獲勝，{ $loser }逾時未下
time-live = { $minutes } 分鐘，每步加 { $increment } 秒
time-days = 每步 { $days } 天
time-hours = 每步 { $hours } 小時
time-minutes = 每步 { $minutes } 分鐘
time-left-days = { $days } 天 { $hours } 小時
duration-days = { $n } 天
duration-hours = { $n } 小時
duration-minutes = { $n } 分鐘
outcome-draw-limit = 和局：雙方連續 100 步沒有吃子
outcome-draw-agreed = 雙方同意和局

## 走法為什麼不合規則

illegal-game-over = 這局棋已經結束了。
illegal-no-piece = { $square } 上面沒有棋子。
illegal-not-your-turn = { $square } 的{ $animal }屬於{ $owner }，現在輪到{ $turn }下。
illegal-null-move = 起點和終點不能是同一格：{ $square } 到 { $square } 不算一步棋。
illegal-too-far = { $from } 的{ $animal }走不到 { $to }：牠一次只能往上、下、左、右走一格。
illegal-too-far-leaper = { $from } 的{ $animal }走不到 { $to }：牠一次只能往上、下、左、右走一格，或直線跳過河。
illegal-water = { $square } 是水域，只有鼠可以下水，{ $animal }不行。
illegal-own-den = { $animal }不可以走進自己的獸穴 { $square }。
illegal-leap-blocked = { $animal }跳不過去：{ $square } 的水裡有一隻鼠擋住了。
illegal-own-piece = { $square } 上面已經是你自己的{ $animal }了。
illegal-capture-from-water = 水裡的{ $attacker }不能吃陸地上的{ $defender }。
illegal-capture-into-water = 陸地上的{ $attacker }不能吃水裡的{ $defender }。
illegal-capture-on-trap = { $attacker }站在對方的陷阱上，什麼都吃不了。
illegal-elephant-rat = 象不能吃鼠；只有那隻鼠站在象這一方的陷阱上時，象才吃得到牠。
illegal-capture-stronger = { $attacker }比{ $defender }小，吃不了牠。

## 管理與設定

moderators-only = 管理指令只有{ $who }可以使用。
no-such-game-here = 這個頻道沒有對局 #{ $game }。
game-over-already = 對局 #{ $game } 已經結束了。
game-moved-on = 你的操作送達前，棋局已經有了變化，請再試一次。
result-aborted-by-moderator = 由管理員中止，不計等級分
aborted-by-moderator = 管理員 { $name } 中止了對局 #{ $game }，這局不計等級分。
channel-on = 我會重新在這個頻道回應了。輸入 { $help } 就可以開始。
channel-off = 在管理員輸入 { $command } 之前，我都不會回應這個頻道。這裡的對局還是會照常計時。
settings-title = 這裡的設定：
settings-spelling-prefix = 指令開頭是 { $prefix }
settings-spelling-slash = 指令都在 { $command } 底下
settings-spelling-bare = 直接輸入指令，不需要前綴
settings-language-set = { $language }（在這裡設定的）
settings-language-auto = { $language }（平台有提供時，依照每位使用者自己的語言）
settings-language = - 語言：{ $language }；{ $spelling }。
settings-channel-on = - 這個頻道：開啟。
settings-channel-off = - 這個頻道：關閉（不回應）。
settings-games = - 對局：預設計算等級分，開局時加上 `casual` 就是友誼賽；機器人的預設難度是{ $level }（第 1 到 8 級的等級分依序是 { $ratings }）。
settings-timers = - 挑戰在 { $minutes } 分鐘後失效；新對局預設棋鐘：{ $time }，發起挑戰時可以另外指定（{ $command }）。
settings-limits = - 每位使用者的上限：每 { $seconds } 秒最多 { $commands } 個指令，每小時最多開 { $games } 局新棋。
settings-moderators = - 管理員：{ $who }。
time-current = 這裡的新對局預設棋鐘：{ $time }，發起挑戰時可以另外指定；管理員可以用 { $command } 變更（寫 `default` 就恢復設定檔裡的預設值）。
time-set = 沒問題，之後這裡的新對局預設棋鐘是{ $time }（發起挑戰時還是可以另外指定）。已經開始的對局不受影響。
time-default = 這裡的新對局恢復設定檔裡的預設棋鐘：{ $time }。
lang-current-set = 我在這裡使用{ $language }。可以選：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理員可以用 { $command } 變更。
lang-current-auto = 我在這裡使用{ $language }（還沒有人設定語言，所以平台有告訴我時，我就用你的語言）。可以選：`en`（English）、`zh-CN`（简体中文）、`zh-TW`（繁體中文）；管理員可以用 { $command } 設定。
lang-moderators-only = 只有{ $who }可以設定語言。
lang-set = 沒問題，之後我在這裡都會使用{ $language }。輸入 { $help } 看看可以做什麼。

## 對局

game-title = { $jade }（綠方）對 { $crimson }（紅方）
game-title-casual = { $jade }（綠方）對 { $crimson }（紅方），友誼賽
move-too-late = 這步棋送達時，棋局已經往下走了。
played = { $name } 下了 { $mv }。
played-capture = { $name } 下了 { $mv }，吃掉{ $animal }。
played-your-move = { $played }輪到你（{ $side }）了。
won = { $name }（{ $side }）拿下對局 #{ $game }。
won-den = { $name }（{ $side }）攻進獸穴，拿下對局 #{ $game }。
won-all-captured = { $name }（{ $side }）吃光對方所有的動物，拿下對局 #{ $game }。
won-no-moves = { $name }（{ $side }）拿下對局 #{ $game }：{ $loser }已經沒有棋可走。
drawn-limit = 對局 #{ $game } 和局：雙方連續 100 步沒有吃子。
drawn-agreed = 對局 #{ $game } 雙方同意和局。
rating-change = { $name } { $before } → { $after }（{ $delta }）
list-separator = {"、"}
clause-separator = {"；"}
game-end = { $lead }{ $result }
game-end-rated = { $lead }{ $result }等級分變動：{ $changes }。
game-end-casual = { $lead }{ $result }這是友誼賽，等級分不會變動。
game-end-rematch = { $text }想再戰一局的話，請{ $rematch }。
game-starts = 對局 #{ $game }{ $kind ->
        [casual] （友誼賽）
       *[rated] {" "}
    }開始：你是綠方，對手是 { $opponent }，由你先下。棋鐘：{ $time }。{ $how }
game-starts-bot-first = 對局 #{ $game }{ $kind ->
        [casual] （友誼賽）
       *[rated] {" "}
    }開始：你是紅方，由對手 { $bot } 先下。棋鐘：{ $time }。
no-game-here = 你在這個頻道沒有進行中的棋局。
not-your-turn = 還沒輪到你喔，現在是 { $name }（{ $side }）要下。
resign-confirm = 確定要在對局 #{ $game } 認輸嗎？確定的話請按 **確定認輸**；不想認輸就不用理會這則訊息，繼續下棋即可。
resigned = { $name } 認輸了。
bot-declines-draw = 我不同意和局，我們繼續下吧！
draw-accepted = { $name } 同意和局。
draw-already-offered = 你已經提和過了，在對手下一步之前都有效。
draw-moved-on = 棋局已經往下走了；如果還想提和，可以再提一次。
draw-offered = { $name } 在對局 #{ $game } 提和：同意的話請{ $accept }；下任何一步就代表不同意。
board-status = 對局 #{ $game }：{ $title }。第 { $number } 回合，輪到 { $name }。
destination-capture = { $square }（吃子）
destination-leap = { $square }（跳河）
step-taken = 你的{ $animal }已經被吃掉了，沒辦法再走。
step-blocked = { $square } 的{ $animal }沒辦法往{ $direction }走。
piece-stuck = { $square } 的{ $piece }沒有地方可以走。
piece-can-go = { $square } 的{ $piece }可以走到 { $squares }。
# 棋盤下方的棋子選單（Discord）：提示文字，和選單裡的每一個棋子（「虎（G9）」）。
picker-placeholder = 選擇要移動的棋子
picker-choice = { $animal }（{ $square }）
# 在選單中選好棋子之後只有本人看得到：下方每個按鈕代表一個可以去的格位。
pick-where = 要把 { $square } 的{ $piece }移到哪一格？請按下方的按鈕。
pick-where-react = 要把 { $square } 的{ $piece }移到哪一格？請按方向圖示回應：{ $arrows }。
go-capture = { $square }：吃掉對方的{ $animal }
go-leap = { $square }：跳到對岸
go-leap-capture = { $square }：跳到對岸並吃掉{ $animal }
go-den = { $square }：攻進獸穴，直接獲勝
board-moved-on = 這個盤面已經不是最新的了，對局 #{ $game } 已經下了新的一步。以下是目前的局面。

## 挑戰

challenge-yourself = 你不能挑戰自己喔。想跟我下一局的話，請輸入 { $command }。
challenge-already-open = 你在這裡已經有一個還沒結束的挑戰（#{ $challenge }）；想提出新的挑戰，請先用 { $command } 收回。
challenge-to-you = { $name } 邀請你下一局{ $kind ->
        [casual] 友誼賽
       *[rated] 鬥獸棋
    }（{ $side ->
        [jade] 對方是綠方，由對方先下
        [crimson] 對方是紅方
       *[random] 隨機決定紅綠
    }，{ $time }）。請在 { $minutes } 分鐘內回覆：要接受請{ $accept }，要婉拒請{ $decline }。
rematch-offer = { $name } 想跟你再戰一局{ $kind ->
        [casual] 友誼賽
       *[rated] {""}
    }（上一局是對局 #{ $game }），這次{ $side ->
        [jade] 對方是綠方，由對方先下
       *[crimson] 對方是紅方
    }，棋鐘一樣是{ $time }。請在 { $minutes } 分鐘內回覆：要接受請{ $accept }，要婉拒請{ $decline }。
rematch-none = 你在這個頻道還沒有已經結束的對局，沒辦法再來一局。
notify-on = 輪到你時我會標註你，對局快超時前也會再跟你說一下。想關閉的話，請用 { $off }。
notify-off = 好，之後輪到你時我不會再標註你，對局快超時前也不會再跟你說。想再開啟的話，請用 { $on }。
rematch-not-yours = 對局 #{ $game } 不是你下的：只有對局雙方才能要求再來一局。
rematch-still-playing = 對局 #{ $game } 還沒下完，請先把這局下完。
challenge-open = { $name } 想找人下一局{ $kind ->
        [casual] 友誼賽
       *[rated] 鬥獸棋
    }（{ $side ->
        [jade] 發起人是綠方，由發起人先下
        [crimson] 發起人是紅方
       *[random] 隨機決定紅綠
    }，{ $time }）。{ $minutes } 分鐘內，想應戰的人都可以{ $accept }。
no-such-challenge = 這個頻道沒有挑戰 #{ $challenge }。
challenge-closed-was = 這個挑戰已經結束了（{ $state ->
        [expired] 已逾時
        [accepted] 已有人接受
        [declined] 已被婉拒
        [cancelled] 已收回
       *[other] { $state }
    }）。
challenge-closed = 這個挑戰已經結束了。
no-own-challenge = 你在這個頻道沒有提出挑戰。
no-challenge-for-you = 這個頻道沒有給你的挑戰。
accept-own-challenge = 你不能接受自己提出的挑戰；如果不想等了，可以用 { $command } 收回。
challenge-for-other = 這個挑戰是給 { $name } 的，不是給你的。
decline-open-challenge = 公開的挑戰不需要婉拒，不理它就好。
decline-not-yours = 只有被挑戰的人可以婉拒。
challenge-declined = { $name } 婉拒了你的挑戰。
challenge-withdrawn = { $name } 收回了挑戰。
cancel-not-yours = 只有提出挑戰的人可以收回。

## 悔棋

takeback-rated-bot = 跟我下的計分局不能悔棋，只有友誼賽可以。
takeback-already-asked = 你已經要求過悔棋了，在對手下一步之前都有效。
takeback-nothing = 這局你還沒下過任何一步，沒有棋可以悔。
takeback-moved-on = 棋局已經往下走了；如果還想悔棋，可以再要求一次。
takeback-asked = { $name } 想在對局 #{ $game } 悔一步棋：同意的話請{ $agree }；下任何一步就代表不同意。
taken-back-one = 對局 #{ $game }：{ $mv } 已經悔掉了。輪到 { $name }（{ $side }）下。
taken-back-two = 對局 #{ $game }：{ $first } 和 { $second } 已經悔掉了。輪到 { $name }（{ $side }）下。

## 找玩家和對局

unknown-player = 我在這裡找不到叫 { $name } 的人。請直接標註這位使用者。
ambiguous-player = 這裡叫 { $name } 的玩家不只一位，請標註你要找的那一位。
no-such-game = 找不到對局 #{ $game }。
not-your-game = 對局 #{ $game } 是 { $jade } 和 { $crimson } 在下，你沒有參加。
no-game-in-channel = 這個頻道目前沒有對局。
games-not-yours = 這個頻道有 { $count } 局棋正在進行，但都沒有你；輸入 { $command } 可以看到這些對局。
you-are-playing = 你在這個頻道已經有一局棋在下了（#{ $game }）；每個人在同一個頻道一次只能下一局。
they-are-playing = { $name } 在這個頻道已經有一局棋在下了（#{ $game }）；每個人在同一個頻道一次只能下一局。

## 計時

challenge-expired = { $name } 提出的挑戰已經逾時。
challenge-expired-to = { $name } 給 { $to } 的挑戰已經逾時。
result-aborted = 已中止，不計等級分
timeout-aborted = 對局 #{ $game } 已中止：{ $name } 超過時限（{ $time }），而雙方都還沒下完第一步，所以不計等級分。
timeout-lost = { $name } 超過時限（{ $time }）。
turn-reminder = 對局 #{ $game } 輪到你了：請在 { $left }內走棋，超過的話就判輸。

## 對局、等級分、排行榜、紀錄、匯出

games-none = 這個頻道目前沒有對局。輸入 { $challenge } 找人下棋，或輸入 { $play } 跟我下。
games-title = 這個頻道的對局（共 { $count } 局）：
games-line = #{ $game }：{ $title }，{ $time }，第 { $number } 回合，輪到 { $name }
rating-line = { $name }：等級分 { $rating }{ $provisional ->
        [yes] （暫定）
       *[no] {""}
    }，共下了 { $games } 局計分局，{ $wins } 勝 { $draws } 和 { $losses } 敗。{ $rank }
rank-here = 在這個伺服器排名第 { $here }，所有玩家中排名第 { $overall }。
rank-overall = 所有玩家中排名第 { $overall }；在這個伺服器還沒有計分局。
rank-none = 還沒有排名，下一局計分局就會有了。
top-empty = { $whose ->
        [everyone] 全體排行榜
       *[here] 本伺服器排行榜
    }：還沒有人下過計分局。
top-title = { $whose ->
        [everyone] 全體排行榜
       *[here] 本伺服器排行榜
    }：
top-private = 這裡沒有伺服器排行榜。要看所有人的排名，請用 { $everyone }；要看自己的等級分，請用 { $rating }。
top-line = { $rank }. { $name } { $rating }（{ $wins } 勝 { $draws } 和 { $losses } 敗）
history-none = { $name } 還沒有在這個頻道下過棋。
history-title = { $name } 在這個頻道最近的對局：
history-line = #{ $game }：{ $title }，{ $time }，共 { $plies } 步，{ $state }
history-line-rated = { $line }（{ $delta }）
export = 對局 #{ $game }：{ $title }，{ $time }。{ $state }。
    開局局面：{ $start }
    棋譜：{ $moves }
    目前局面：{ $position }
export-move-pair = { $number }. { $moves }
export-no-moves = （沒有）
export-takeback = { $side }在第 { $ply } 步之後悔掉 { $moves }
export-taken-back = 悔棋紀錄：{ $takebacks }
state-in-progress = 進行中
state-aborted = 已中止
state-finished = 已結束
internal-failure = 不好意思，我這裡出了點狀況，請再試一次。

## 棋盤的文字說明

sentence-separator = {""}
alt-game = 對局 #{ $game }，{ $jade }（綠方）對 { $crimson }（紅方）。
alt-result = { $result }。
alt-to-move = 第 { $number } 回合，輪到{ $side }。
alt-clock = { $side }棋鐘：{ $time }。
alt-last-move = 上一步：{ $piece }從 { $from } 走到 { $to }{ $leap ->
        [yes] ，跳過了河
       *[no] {""}
    }{ $captured ->
        [yes] ，吃掉{ $took }
       *[no] {""}
    }。
alt-selected-moves = 已選取 { $square } 的{ $piece }，可以走到 { $squares }。
alt-selected-stuck = 已選取 { $square } 的{ $piece }，沒有地方可以走。
alt-selected = 已選取 { $square } 的{ $piece }。
alt-selected-empty = 已選取 { $square }，這格沒有棋子。
alt-animal = { $animal } { $square }
alt-animal-weak = { $animal } { $square }（在陷阱上，等級 0）
alt-animals-left = { $count ->
        [0] { $side }已經沒有動物了。
       *[other] { $side }還有 { $count } 隻動物：{ $animals }。
    }

## 棋盤圖片與重播

image-to-move = 第 { $number } 回合 · 輪到{ $side }
pill-to-move = 輪到
pill-winner = 勝方
pill-draw = 和局
replay-title = 重播 · 從第 { $number } 回合開始，共 { $count } 步

# 棋子下方的小字：用國字寫等級（$rank；在對方陷阱上時為 0）。大字已經寫出是哪種動物。
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

## Discord 的斜線指令

slash-name = 鬥獸棋
slash-description = 來下鬥獸棋
nothing-to-do = 這裡沒有需要我處理的事。
option-opponent = 要挑戰誰
option-challenger = 誰提出的挑戰
option-side = 你想當哪一方
option-mode = 計分局或友誼賽
option-time = 棋鐘：快棋「分鐘+每步加秒」，或通訊棋每步天數
option-time-default = 新對局的棋鐘：快棋「分鐘+每步加秒」、通訊棋每步天數，或 default
choice-time-default = 恢復設定檔裡的預設值
option-level = 機器人的難度
option-from = 棋子目前所在的格位，或是動物加方向（虎上）
option-notify = 標註與快超時的訊息
choice-notify-on = 開啟：標註我，快超時也跟我說
choice-notify-off = 關閉：不要標註，也不用跟我說
option-to = 要走到的格位
option-square = 一個格位，例如 G7
option-whose = 要查誰的（預設是你自己）
option-scope = 要看哪個範圍的排名
option-count = 顯示前幾名
option-game = 對局編號
option-lang = 我在這裡使用的語言
option-game-abort = 要中止的對局
option-state = 我要不要在這個頻道回應
choice-jade = 綠方（先下）
choice-crimson = 紅方
choice-random = 隨機
choice-level = { $n ->
    [2] 第 2 級（簡單）
    [4] 第 4 級（普通）
    [6] 第 6 級（困難）
   *[other] 第 { $n } 級
}
choice-rated = 計分局
choice-casual = 友誼賽（不計等級分）
choice-here = 本伺服器
choice-everyone = 所有玩家
choice-channel-off = 關閉：不回應這個頻道
choice-channel-on = 開啟：在這個頻道回應
slash-admin-description = 管理這個伺服器的鬥獸棋機器人
slash-admin-abort = 中止這裡的一局棋，不計等級分
slash-admin-channel = 讓機器人不再回應這個頻道，或恢復回應
slash-admin-settings = 查看這個伺服器和頻道的設定
slash-admin-time = 設定這裡新對局的預設棋鐘
embed-title = 對局 #{ $game }：{ $jade }（綠方）對 { $crimson }（紅方）
embed-final = 第 { $number } 回合後的終局
embed-to-move = 第 { $number } 回合 · 輪到{ $side }

## 覆盤

analyze-progress = { $started }（完成 { $percent }%）
analyze-started = 正在覆盤對局 #{ $game }（共 { $plies } 步），結果稍後會貼在這裡。
analyze-in-play = 對局 #{ $game } 還在進行中，下完之後才能覆盤。
analyze-no-moves = 對局 #{ $game } 一步棋都沒有，沒辦法覆盤。
analysis-title = **對局 #{ $game }** 覆盤：{ $title }。
analysis-player = { $name }（{ $side }）：準確度 { $accuracy }%；疑問手（?!）{ $inaccuracies } 步，失誤（?）{ $mistakes } 步，大失誤（??）{ $blunders } 步；{ $turning }。
analysis-turning = 關鍵在{ $when }：下了 { $played }，其實 { $best } 比較好
analysis-no-turning = 沒有明顯的失誤
analysis-export-hint = 想看每一步的評語，請輸入 { $command }。
analysis-move-jade = 第 { $number } 回合
analysis-move-crimson = 第 { $number } 回合後手
analysis-alt = 對局 #{ $game } 的走勢圖：每一步之後綠方的預期得分，最後是 { $end }%。大失誤：{ $blunders }。
analysis-alt-none = 沒有
analysis-alt-blunder = { $side }{ $when }
export-analysis = 覆盤：{ $marks }
export-analysis-clean = 沒有疑問手、失誤或大失誤
export-better = { $when } { $played }{ $tag }（{ $best } 比較好）

## 終端機（jungle play、jungle console）

play-greeting = 鬥獸棋：跟機器人對戰。直接打出走法，例如 `G7 G6` 或 `虎上`；輸入 `help` 查看指令；按 Ctrl-D 離開（棋局會保存下來）。
play-saved = 棋局已經存好了，下次執行 `jungle play` 就能接著下。
play-over = 這局棋結束了。再執行一次 `jungle play` 就能開新的一局。
line-unreadable = 這一行我看不懂（它不是 UTF-8 文字）。

# 每局棋自己的討論串（Discord 討論串、Matrix 討論串）。
thread-name = { $jade } 對 { $crimson } · 對局 #{ $game }
thread-game-starts = 對局 #{ $game } 開始囉：{ $jade }（綠方）對 { $crimson }（紅方），{ $time }。棋盤和每一步都在這局的討論串裡。
posted-in-channel = 已經貼到頻道裡了：
thread-pointer = 對局 #{ $game } 在它的討論串裡進行：
threads-none-here = 這裡的對局沒辦法另開討論串：這是私訊，或是這個平台沒有討論串。
threads-current-on = 這裡每一局真人對局都會另開一個討論串。輸入 { $command } 可以讓對局留在頻道裡。
threads-current-off = 這裡的對局都留在頻道裡。輸入 { $command } 可以讓每一局真人對局另開討論串。
threads-set-on = 沒問題，之後這裡每一局真人對局都會另開討論串。進行中的對局不受影響。
threads-set-off = 沒問題，之後這裡的對局都會留在頻道裡。進行中的對局還是在原本的討論串。
settings-threads-on = - 真人對局：每局另開討論串（{ $command } 可以改成留在頻道裡）。
settings-threads-off = - 真人對局：留在頻道裡（{ $command } 可以改成每局另開討論串）。
settings-threads-problem = - 上次沒辦法開討論串，對局只好留在頻道裡：{ $why }
threads-problem-forbidden = 機器人在這裡沒有建立公開討論串的權限（需要「建立公開討論串」和「在討論串中傳送訊息」權限）。
threads-problem-full = 這個伺服器進行中的討論串已經到達 Discord 的上限。
threads-problem-none = 這個頻道不能開討論串。
choice-threads-on = 開啟：每局一個討論串
choice-threads-off = 關閉：對局留在頻道裡
option-threads = 每局真人對局要不要另開討論串
slash-admin-threads = 讓每局棋另開討論串，或讓對局留在頻道裡

## 賽季、等級分走勢、對戰紀錄

help-vs = 你跟某位玩家的對戰紀錄：勝、和、敗，還有最近幾局的結果
option-against = 對手是誰
option-period = 要看哪個排行榜
choice-season = 本賽季
choice-all-time = 所有玩家，不分賽季
option-season = 一個賽季多長
option-season-games = 一個賽季至少要下幾局計分局才會上榜
slash-admin-season = 讓這裡的排行榜按月或按季分賽季，或是不分賽季
slash-admin-bots = 設定跟機器人下的計分局要不要算進這裡的排行榜
season-month = { $year } 年 { $month } 月
season-quarter = { $year } 年第 { $quarter } 季
top-season-title = { $season }賽季排行榜（本賽季至少下了 { $games } 局計分局的玩家）：
top-season-line = { $rank }. { $name } { $rating }（本賽季 { $games } 局：{ $wins } 勝 { $draws } 和 { $losses } 敗）
top-season-all = 要看這個伺服器所有玩家、不分賽季的排名，請用 { $all }。
top-season-empty = { $season }賽季排行榜上還沒有人：本賽季至少要下 { $games } 局計分局才會上榜。要看這個伺服器所有玩家的排名，請用 { $all }。
season-ended = { $season }賽季結束了！最終排名：
season-ended-empty = { $season }賽季結束了。這個賽季沒有人下滿 { $games } 局計分局，所以沒有最終排名。
season-next = { $season }賽季現在開始。等級分會延續下去，新賽季的排行榜從零開始。
season-set = 這裡的排行榜從現在起按賽季計算，第一個賽季是{ $season }：{ $top } 可以看本賽季的排名，{ $all } 可以看所有玩家。等級分會一直延續，不會因為換賽季而歸零。
season-set-off = 這裡的排行榜不再分賽季了：{ $top } 又會列出所有玩家。
season-games-set = 從現在起，一個賽季至少要下 { $games } 局計分局，才會上這裡的賽季排行榜。
season-games-range = 每個賽季要求的計分局數只能是 1 到 { $max } 局。
settings-season-on = - 排行榜：按賽季計算，目前是{ $season }（還剩 { $days } 天），本賽季至少下 { $games } 局計分局才會上榜（{ $command } 可以取消賽季）。
settings-season-off = - 排行榜：不分賽季（{ $command } 可以改成按月分賽季）。
settings-bots-on = - 跟機器人下的計分局也算進排行榜（{ $command } 可以不算）。
settings-bots-off = - 跟機器人下的計分局只算等級分，不算進排行榜（{ $command } 可以算進去）。
bots-set-on = 從現在起，跟機器人下的計分局也會算進這裡的排行榜。
bots-set-off = 從現在起，這裡的排行榜只算真人之間的對局；跟機器人下的計分局一樣會計算等級分。
rating-graph-alt = { $name } 最近 { $games } 局計分局的等級分走勢：從 { $from } 到 { $to }，最高 { $high }，最低 { $low }。
rating-graph-seasons = 圖中的虛線標出了 { $count } 個新賽季開始的位置。
vs-self = 這是你自己。請指定另一位玩家，看看你跟對方的對戰紀錄。
vs-none = { $first } 和 { $second } 在這裡還沒有下完過一局棋。
vs-title = { $first } 對上 { $second } 的對戰紀錄：共 { $games } 局，{ $wins } 勝 { $draws } 和 { $losses } 敗。最近幾局：
vs-line = #{ $game }：{ $title }，{ $state }
choice-season-month = 按月
choice-season-quarter = 按季
choice-season-off = 不分賽季
option-bots = 跟機器人下的棋要不要算進排行榜
choice-bots-on = 算進去
choice-bots-off = 不算，只算真人之間的對局
top-bots-left-out = 跟機器人下的計分局只算等級分，不算進排行榜。

## 比賽

help-tournament = 查看這裡的比賽和排名（`history` 歷屆比賽，`export <編號>` 比賽的對局；管理員：`arena 60m 3+2`、`swiss 5 rounds 1d`、`start`、`cancel`）
help-join = 報名參加這裡的比賽
help-withdraw = 退出這裡的比賽（已有的成績會保留）
option-tournament-action = 要做什麼（不填：查看這裡的比賽）
option-tournament-number = 瑞士制：幾輪；匯出：比賽編號
option-tournament-length = 競技場：比賽多長（60m、2h）
option-tournament-clock = 對局的棋鐘（3+2、1d）
option-tournament-delay = 多久之後開始（10m、1h）
tournament-name = { $kind ->
        [swiss] 瑞士制比賽 #{ $id }
       *[arena] 競技場比賽 #{ $id }
    }
tournament-terms = { $kind ->
        [swiss] 共 { $rounds } 輪
       *[arena] 為期 { $length }
    }，{ $time }，{ $rated ->
        [casual] 不計等級分
       *[rated] 計等級分
    }
tournament-announced = { $name } 公布了：{ $terms }。{ $when }用 { $join } 報名，用 { $show } 查看排名。
tournament-when-now = 比賽已經開始，只要有兩位玩家有空就馬上配對。
tournament-when-in = { $time }後開始。
tournament-when-start = 等管理員下 { $command } 就開始。
tournament-begun = { $name } 開始了：{ $terms }。只要有兩位玩家有空就馬上配對；用 { $join } 報名參賽。
tournament-starting = { $name } 現在開始。
tournament-cancelled = { $name } 取消了。進行中的對局照常下完，當作一般對局。
tournament-too-few = { $name } 取消了：報名的玩家不到兩位。
tournament-round = { $name }，第 { $round } 輪（共 { $rounds } 輪）：
tournament-pairing = - { $first }（綠方）對 { $second }（紅方）
tournament-bye = - { $name } 這一輪輪空（算贏一局）。
tournament-no-show-out = - { $name } 有兩局沒有出賽，已經被退賽。
tournament-game-starts = { $name }：第 #{ $game } 局，{ $jade }（綠方）對 { $crimson }（紅方）。棋盤和棋步都在這局的討論串裡。
tournament-deadline-draw = 第 #{ $game } 局在這一輪的截止時間前沒有下完：對局結束，不計等級分，算和局。
tournament-final = { $name } 最終排名：
tournament-podium = 恭喜 { $names }！
tournament-title = { $name }（{ $terms }）：{ $status }；共 { $players } 位玩家。
tournament-status-waiting = 已經公布，還沒開始
tournament-status-pending = { $time }後開始
tournament-status-arena = 還剩 { $time }
tournament-status-arena-ending = 時間到了，最後幾局正在收尾
tournament-status-swiss = 第 { $round } 輪（共 { $rounds } 輪）
tournament-status-finished = 已經結束
tournament-status-cancelled = 已經取消
tournament-nobody = 還沒有人報名。
tournament-line = { $rank }. { $name }：{ $points } 分{ $results ->
        [none] {""}
       *[other] （{ $results }）
    }，{ $games } 局，表現分 { $performance }
tournament-tie-breaks = ，對手分 { $buchholz }，索伯分 { $sb }
tournament-on-fire = （連勝中：下一局贏了分數加倍）
tournament-alt = { $title } 排名表，共 { $players } 位玩家：{ $list }。
tournament-alt-line = 第 { $rank } 名 { $name } { $points } 分
tournament-col-rank = 名次
tournament-col-name = 玩家
tournament-col-points = 積分
tournament-col-games = 局數
tournament-col-results = 戰績
tournament-col-performance = 表現分
tournament-how-to-join = 用 { $join } 報名，用 { $withdraw } 退賽。
tournament-none = 這裡還沒有辦過比賽。管理員可以用 { $arena }（快棋，一小時）或 { $swiss }（每輪一局）舉辦比賽。
tournament-history-none = 這裡還沒有已經結束的比賽。
tournament-history-title = 這裡的比賽，最近的排在前面：
tournament-history-line = { $name }（{ $terms }），共 { $players } 位玩家：{ $state ->
        [cancelled] 已經取消
        [empty] 一局都沒下
       *[won] 冠軍是 { $winner }
    }
tournament-history-export = 用 { $command } 查看一場比賽的所有對局。
tournament-export-title = { $name }（{ $terms }），共 { $games } 局：
tournament-export-game = { $kind ->
        [swiss] 第 { $round } 輪，#{ $game }
       *[arena] #{ $game }
    }：{ $title }，{ $state }
tournament-export-bye = 第 { $round } 輪：{ $name } 輪空
tournament-no-such = 這個伺服器沒有編號 #{ $id } 的比賽。
tournament-private = 比賽只能在伺服器或聊天室裡舉辦，私訊不行。
tournament-moderators-only = 只有{ $who }可以舉辦、開始或取消比賽。
tournament-arena-live = 競技場比賽要用快棋棋鐘，例如 `3+2`：對局必須在比賽期間下完。
tournament-arena-length = 競技場比賽可以辦 { $shortest }到 { $longest }。
tournament-swiss-rounds = 瑞士制比賽可以下 { $fewest } 到 { $most } 輪。
tournament-one-at-a-time = { $name } 還在進行：同一時間只能辦一場比賽（{ $cancel } 可以取消它）。
tournament-nothing-to-start = 這裡沒有等著開始的比賽。
tournament-nothing-live = 這裡現在沒有比賽。
tournament-nothing-to-join = 這裡沒有可以報名的比賽。
tournament-moved-on = 比賽剛好有了變動，這次什麼都沒做，請再試一次。
tournament-joined = { $name } 報名參加 { $tournament }（共 { $players } 位玩家）：{ $when }。
tournament-join-arena = 只要有人有空就馬上幫你配對
tournament-join-swiss = 從下一輪開始幫你配對
tournament-joined-already = 你已經在 { $name } 裡了（用 { $withdraw } 退賽）。
tournament-not-in = 你沒有參加 { $name }（用 { $join } 報名）。
tournament-withdrew = { $name } 退出了 { $tournament }：不會再配對，已有的成績會留在排名裡。用 { $join } 可以重新報名。
choice-tournament-arena = 舉辦競技場比賽（管理員）
choice-tournament-swiss = 舉辦瑞士制比賽（管理員）
choice-tournament-history = 這裡辦過的比賽
choice-tournament-export = 一場比賽的所有對局
choice-tournament-start = 讓已公布的比賽馬上開始（管理員）
choice-tournament-cancel = 取消比賽（管理員）
tournament-game-board = { $name }，第 #{ $game } 局：{ $jade }（綠方，先走）對 { $crimson }（紅方）。棋鐘：{ $time }。{ $how }
