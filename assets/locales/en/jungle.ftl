# jungle-bot, English. Every sentence the bot says; the code names them by id.
# Placeables that hold commands ($help, $command, ...) come already spelt for the platform.

## Names

side-jade = Jade
side-crimson = Crimson
animal-elephant = elephant
animal-lion = lion
animal-tiger = tiger
animal-leopard = leopard
animal-wolf = wolf
animal-dog = dog
animal-cat = cat
animal-rat = rat
direction-up = up
direction-down = down
direction-left = left
direction-right = right
level = { $n ->
    [2] level 2, easy
    [4] level 4, medium
    [6] level 6, hard
   *[other] level { $n }
}
# The bot as a player, e.g. in "Jungle bot (hard) wins".
bot-name = Jungle bot ({ $level })
language-name-en = English
language-name-zh-CN = Simplified Chinese (简体中文)
language-name-zh-TW = Traditional Chinese (繁體中文)

## Buttons

button-accept = Accept
button-decline = Decline
button-resign = Resign
button-offer-draw = Offer draw
button-take-back = Take back
button-confirm-resign = Confirm resign
button-accept-draw = Accept draw
button-accept-takeback = Accept takeback
button-rematch = Rematch
button-inactive = This button is no longer active.

## How things are done on each platform

moderators-room = the room's moderators (power level 50 or more)
moderators-server = members with the Manage Server permission
moderators-anyone = anyone here
how-to-move-slash = Use { $command } (from G7, to G6).
how-to-move-typed-or-slash = Type a move like `G7 G6`, or use { $command }.
how-to-move-typed = Type a move like `G7 G6`.
press-button = press **{ $label }**
# A command to type where there are no buttons, where press-button would stand (English
# uses the command itself as the verb: "To answer, `!jungle accept` or ...").
type-command = { $command }
# What stands for a value in a usage line ("move <from> <to>").
placeholder-user = @user
placeholder-move = <from> <to>
placeholder-level = 1-8|easy|medium|hard
placeholder-square = square
placeholder-game = game
placeholder-count = count
help-lead-prefix = Jungle (Dou Shou Qi) commands, each after { $prefix }: In your game, type a move like `G7 G6` or `tiger up`.
help-lead-prefix-react = Jungle (Dou Shou Qi) commands, each after { $prefix }: In your game, type a move like `G7 G6` or `tiger up`, or react to the newest board with an animal and then to my answer with an arrow.
help-lead-slash = Jungle (Dou Shou Qi) commands: type { $command } and pick one. Moves: { $move_command }, or mention me with the move. Buttons under the board resign or offer a draw.
help-lead-slash-commands = Jungle (Dou Shou Qi) commands: type { $command } and pick one. Here only my commands reach me: move with { $move_command }, or pick a piece in the menu under the board. Buttons under the board resign or offer a draw.
help-lead-slash-typed = Jungle (Dou Shou Qi) commands: type { $command } and pick one. In your game, type a move like `G7 G6` or `tiger up`. Buttons under the board resign or offer a draw.
help-lead-bare = Jungle (Dou Shou Qi) commands: In your game, type a move like `G7 G6` or `tiger up`.

## Fixed texts

welcome = Hello! I am a Jungle (Dou Shou Qi) bot. Play me with { $play }, challenge someone here with { $challenge }, or see every command with { $help }.
rules =
    Jungle (Dou Shou Qi) in brief:
    - Jade moves first. Each turn one animal steps one square up, down, left or right.
    - Win by entering the enemy den (D1 for Jade, D9 for Crimson), capturing every enemy animal, or leaving the opponent without a move. 100 half-moves without a capture is a draw.
    - Ranks: elephant 8, lion 7, tiger 6, leopard 5, wolf 4, dog 3, cat 2, rat 1. An animal captures one of equal or lower rank.
    - The rat captures the elephant (both on land). The elephant captures a rat only when that rat stands on one of the elephant's side's traps.
    - Only the rat swims. A rat in the water and an animal on land cannot capture each other, and a rat cannot capture as it leaves or enters the water.
    - Lions and tigers leap straight across a lake to the first land square beyond it, unless a rat (of either side) is in the water on the way.
    - An animal on an enemy trap has rank 0: any enemy animal can take it, and it captures nothing.
    - No animal may enter its own den.
    - Write a move as its two squares (`G7 G6`) or as the animal and the way it goes on the board as shown: `tiger up`, `T up`, `虎上`.
board-legend = Jade = UPPER case, Crimson = lower case; ~ water, # trap, * den, . land; letters are initials, P = leopard

## Errors and limits

store-failure = Something went wrong on my side and nothing was changed. Please try again.
limit-commands = You are sending commands faster than I can answer them. Please wait a little and try again.
limit-games = You have started a lot of games in the last hour. Please finish one, or wait a while before starting another.
usage = Usage: { $command }
unknown-command = I don't know the command { $word }. Try { $help }.
bad-side = { $word } is not a side: say jade, crimson or random.
bad-level = { $word } is not a level: say a number from 1 to 8, or easy, medium or hard.
bad-game = { $word } is not a game number (games are numbered like #12).
bad-square = { $word } is not a square: squares are a file A-G then a rank 1-9, like G7.
bad-move = { $word } is not a move: write the from-square and the to-square, like G7 G6, or an animal and a direction, like tiger up.
bad-lang = { $word } is not a language I speak: say en, zh-CN or zh-TW.
bad-time = { $word } is not a time control: write minutes and seconds added a move like 5+3, or days per move like 3d.
time-out-of-range = { $word } is out of range: 1 to 180 minutes with 0 to 180 seconds added a move, or 1 to 14 days per move.

## Help: one line per command

help-challenge = Challenge someone here to a game (no user: anyone may accept; `casual`: unrated)
help-accept = Accept a challenge
help-decline = Decline a challenge
help-cancel = Withdraw your open challenge
help-play = Play against the bot (`casual`: unrated, takebacks allowed)
help-move = Move a piece: `move G7 G6`, or an animal and a direction as the board shows it: `move tiger up`
help-board = Show the board of your game (or this channel's game)
help-moves = Where the piece on a square can go
help-resign = Resign your game
help-draw = Offer a draw, or accept the one offered
help-takeback = Ask to take back your last move, or agree when your opponent asks
help-rematch = Your last game here again, colours swapped: offered to your opponent (or accepted, if they asked first), at once against the bot
help-notify = Whether I mention you when it is your turn and remind you before a game ends on time (`off` or `on`)
help-games = The games in this channel
help-rating = A player's rating and its graph (`rating @a @b`: their games against each other)
help-top = The leaderboard of this server: the season's, if it has seasons (`all`: everyone here; `global`: everyone everywhere)
help-history = A player's recent games
help-export = A game's moves and position as text
help-analyze = A finished game judged move by move, with a graph
help-rules = How Jungle is played
help-help = The commands
help-lang = The language I speak here; moderators may choose another (`en`, `zh-CN`, `zh-TW`)
# One line of the command list: the usage, then what it does.
help-line = { $usage }: { $what }
help-admin = Moderators: `abort <game>` ends a game unrated, `channel off|on` makes me ignore this channel or answer again, `settings` shows what is set here, `time 5+3|3d|default` chooses the clock of new games here, `threads off|on` keeps games in the channel or gives each its own thread, `season month|quarter|off [games]` runs the leaderboard by season, `bots on|off` lets games against me count for it

## The game's words

# A piece, e.g. "Jade lion".
piece = { $side } { $animal }
outcome-den = { $winner } wins by entering { $loser }'s den
outcome-all-captured = { $winner } wins by capturing all of { $loser }'s animals
outcome-no-moves = { $winner } wins: { $loser } has no legal move
outcome-resigned = { $winner } wins: { $loser } resigned
outcome-timeout = { $winner } wins: { $loser } ran out of time
time-live = { $minutes } min + { $increment } s a move
time-days = { $days ->
        [one] { $days } day
       *[other] { $days } days
    } per move
time-hours = { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    } per move
time-minutes = { $minutes } min per move
# Time left to move in a correspondence game, in a board's player bar.
time-left-days = { $days }d { $hours }h
duration-days = { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
duration-hours = { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
duration-minutes = { $n ->
        [one] { $n } minute
       *[other] { $n } minutes
    }
outcome-draw-limit = draw: 100 half-moves without a capture
outcome-draw-agreed = draw by agreement

## Why a move is illegal

illegal-game-over = The game is over.
illegal-no-piece = There is no piece on { $square }.
illegal-not-your-turn = The { $animal } on { $square } is { $owner }'s; it is { $turn }'s turn.
illegal-null-move = A move must go somewhere: { $square } to { $square } is no move.
illegal-too-far = The { $animal } on { $from } cannot reach { $to }: it moves one square up, down, left or right.
illegal-too-far-leaper = The { $animal } on { $from } cannot reach { $to }: it moves one square up, down, left or right, or leaps straight across a lake.
illegal-water = { $square } is water: only the rat can swim, not the { $animal }.
illegal-own-den = The { $animal } cannot enter its own den { $square }.
illegal-leap-blocked = The { $animal }'s leap is blocked by the rat in the water at { $square }.
illegal-own-piece = { $square } is occupied by your own { $animal }.
illegal-capture-from-water = The { $attacker } cannot capture the { $defender } from the water onto land.
illegal-capture-into-water = The { $attacker } cannot capture the { $defender } in the water from land.
illegal-capture-on-trap = The { $attacker } stands on an enemy trap and cannot capture anything.
illegal-elephant-rat = The elephant cannot capture the rat: it may only when the rat stands on a trap of the elephant's side.
illegal-capture-stronger = The { $attacker } cannot capture the stronger { $defender }.

## Moderators and settings

moderators-only = Only { $who } may use the moderators' commands.
no-such-game-here = There is no game #{ $game } in this channel.
game-over-already = Game #{ $game } is already over.
game-moved-on = The game moved on before that arrived; try again.
result-aborted-by-moderator = Aborted by a moderator: not rated
aborted-by-moderator = A moderator ({ $name }) aborted game #{ $game }. It is not rated.
channel-on = I answer in this channel again. Try { $help } to start.
channel-off = I will ignore this channel until a moderator types { $command }. Games here keep their timers.
settings-title = Settings here:
settings-spelling-prefix = commands start with { $prefix }
settings-spelling-slash = commands are { $command } subcommands
settings-spelling-bare = commands are typed bare
settings-language-set = { $language } (set here)
settings-language-auto = { $language } (each reader's own where the platform says it)
settings-language = - Language: { $language }; { $spelling }.
settings-channel-on = - This channel: on.
settings-channel-off = - This channel: off (ignored).
settings-games = - Games: rated unless started with `casual`; the bot plays { $level } unless asked otherwise (levels 1 to 8 rated { $ratings }).
settings-timers = - Challenges expire after { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }; new games play { $time } unless the challenge names another clock ({ $command }).
settings-limits = - Limits per user: { $commands } commands per { $seconds } seconds, { $games } new games per hour.
settings-moderators = - Moderators: { $who }.
time-current = New games here play { $time } unless a challenge names another clock; a moderator changes that with { $command } (or `default` for the configured one).
time-set = From now on new games here play { $time } unless a challenge names another clock. Games already under way keep theirs.
time-default = New games here play the configured default again: { $time }.
lang-current-set = I speak { $language } here. Choices: `en` (English), `zh-CN` (简体中文), `zh-TW` (繁體中文); a moderator changes it with { $command }.
lang-current-auto = I speak { $language } here (nobody has chosen a language, so I follow the platform where it tells me yours). Choices: `en` (English), `zh-CN` (简体中文), `zh-TW` (繁體中文); a moderator chooses with { $command }.
lang-moderators-only = Only { $who } may choose the language.
lang-set = From now on I speak { $language } here. Try { $help }.

## Games

game-title = { $jade } as Jade vs { $crimson } as Crimson
game-title-casual = { $jade } as Jade vs { $crimson } as Crimson (casual)
move-too-late = That move came too late: the game has already moved on.
played = { $name } played { $mv }.
played-capture = { $name } played { $mv }, capturing the { $animal }.
played-your-move = { $played } Your move ({ $side }).
won = { $name } wins game #{ $game } as { $side }.
won-den = { $name } wins game #{ $game } as { $side } by entering the den.
won-all-captured = { $name } wins game #{ $game } as { $side } by capturing every animal.
won-no-moves = { $name } wins game #{ $game } as { $side }: { $loser } has no legal move.
drawn-limit = Game #{ $game } is drawn: 100 half-moves without a capture.
drawn-agreed = Game #{ $game } is drawn by agreement.
# One player's rating change at the end of a game, e.g. "alice 1200 → 1216 (+16)".
rating-change = { $name } { $before } → { $after } ({ $delta })
# Between the items of a list.
list-separator = {", "}
# Between the clauses of a list of longer items (takebacks, better moves).
clause-separator = {"; "}
game-end = { $lead } { $result }
game-end-rated = { $lead } { $result } Ratings: { $changes }.
game-end-casual = { $lead } { $result } It was a casual game: ratings stay as they were.
game-end-rematch = { $text } To play again with the colours swapped, { $rematch }.
game-starts = Game #{ $game }{ $kind ->
        [casual] {" "}(casual)
       *[rated] {""}
    } starts: you play Jade against { $opponent } and move first. Clock: { $time }. { $how }
game-starts-bot-first = Game #{ $game }{ $kind ->
        [casual] {" "}(casual)
       *[rated] {""}
    } starts: you play Crimson against { $bot }, which moves first. Clock: { $time }.
no-game-here = You have no game in this channel.
not-your-turn = It is not your turn: { $name } ({ $side }) is to move.
resign-confirm = Resign game #{ $game }? Press **Confirm resign** to resign; ignore this to play on.
resigned = { $name } resigned.
bot-declines-draw = I decline the draw: let's play on!
draw-accepted = { $name } accepted the draw.
draw-already-offered = You have already offered a draw; it stands until the next move.
draw-moved-on = The game moved on; offer again if you like.
draw-offered = { $name } offers a draw in game #{ $game }: { $accept } to accept; any move declines.
# The title names each player's side already.
board-status = Game #{ $game }: { $title }. Move { $number }: { $name } to move.
destination-capture = { $square } (capture)
destination-leap = { $square } (leap)
step-taken = Your { $animal } has been captured: it has no move.
step-blocked = The { $animal } on { $square } cannot go { $direction }.
piece-stuck = The { $piece } on { $square } has no legal move.
piece-can-go = The { $piece } on { $square } can go to { $squares }.
# The board's menu of pieces (Discord): its placeholder, and one choice ("Tiger G9").
picker-placeholder = Choose a piece to move
picker-choice = { $animal } { $square }
# Privately, after a piece was chosen in the menu: one button per destination below.
pick-where = Where should the { $piece } on { $square } go? Press a square below.
pick-where-react = Where should the { $piece } on { $square } go? React with an arrow: { $arrows }.
go-capture = { $square }: takes the { $animal }
go-leap = { $square }: leaps the lake
go-leap-capture = { $square }: leaps and takes the { $animal }
go-den = { $square }: into the den, wins
board-moved-on = That board is out of date: game #{ $game } has moved on. Here is the position now.

## Challenges

challenge-yourself = You cannot challenge yourself. Try { $command } for a game against me.
challenge-already-open = You already have a challenge open here (#{ $challenge }); { $command } it first.
challenge-to-you = { $name } challenges you to { $kind ->
        [casual] a casual game
       *[rated] a game
    } of Jungle ({ $side ->
        [jade] { $name } plays Jade and moves first
        [crimson] { $name } plays Crimson
       *[random] sides drawn at random
    }; { $time }). To answer, { $accept } or { $decline } within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
rematch-offer = { $name } offers you a rematch of game #{ $game }{ $kind ->
        [casual] , casual
       *[rated] {""}
    } ({ $side ->
        [jade] { $name } plays Jade and moves first this time
       *[crimson] { $name } plays Crimson this time
    }; { $time }). To answer, { $accept } or { $decline } within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
rematch-none = You have no finished game in this channel to play again.
notify-on = I mention you when it is your turn and remind you before a game ends on time. { $off } turns this off.
notify-off = I no longer mention you when it is your turn, nor remind you before a game ends on time. { $on } turns this back on.
rematch-not-yours = You did not play game #{ $game }: only its players can ask for a rematch.
rematch-still-playing = Game #{ $game } is still going: finish it first.
challenge-open = { $name } is looking for { $kind ->
        [casual] a casual game
       *[rated] a game
    } of Jungle ({ $side ->
        [jade] { $name } plays Jade and moves first
        [crimson] { $name } plays Crimson
       *[random] sides drawn at random
    }; { $time }). Anyone may { $accept } within { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }.
no-such-challenge = There is no challenge #{ $challenge } in this channel.
challenge-closed-was = That challenge is no longer open (it was { $state ->
        [expired] expired
        [accepted] accepted
        [declined] declined
        [cancelled] cancelled
       *[other] { $state }
    }).
challenge-closed = That challenge is no longer open.
no-own-challenge = You have no open challenge in this channel.
no-challenge-for-you = There is no challenge for you in this channel.
accept-own-challenge = You cannot accept your own challenge; { $command } it instead.
challenge-for-other = This challenge is for { $name }, not you.
decline-open-challenge = An open challenge cannot be declined; just leave it.
decline-not-yours = Only the challenged player can decline.
challenge-declined = { $name } declined your challenge.
challenge-withdrawn = { $name } withdrew their challenge.
cancel-not-yours = Only the challenger can cancel a challenge.

## Takebacks

takeback-rated-bot = Takebacks against me are only for casual games, and this one is rated.
takeback-already-asked = You have already asked; it stands until the next move.
takeback-nothing = You have not moved yet in this game: there is nothing to take back.
takeback-moved-on = The game moved on; ask again if you like.
takeback-asked = { $name } asks to take back their last move in game #{ $game }: { $agree } to agree; any move declines.
taken-back-one = Game #{ $game }: { $mv } is taken back. { $name } ({ $side }) to move.
taken-back-two = Game #{ $game }: { $first } and { $second } are taken back. { $name } ({ $side }) to move.

## Finding players and games

unknown-player = I don't know anyone called { $name } here. Mention them so I can find them.
ambiguous-player = More than one player is called { $name }; mention the one you mean.
no-such-game = There is no game #{ $game }.
not-your-game = Only { $jade } and { $crimson } play in game #{ $game }.
no-game-in-channel = There is no game in this channel.
games-not-yours = There are { $count } games in this channel and you play in none of them; { $command } lists them.
you-are-playing = You already have a game in this channel (#{ $game }); one game per player per channel.
they-are-playing = { $name } already has a game in this channel (#{ $game }); one game per player per channel.

## Timers

challenge-expired = { $name }'s challenge has expired.
challenge-expired-to = { $name }'s challenge to { $to } has expired.
result-aborted = Aborted: not rated
timeout-aborted = Game #{ $game } is aborted: { $name } ran out of time ({ $time }) before both sides had moved. It is not rated.
timeout-lost = { $name } ran out of time ({ $time }).
turn-reminder = It is your move in game #{ $game }: move within { $left }, or you lose on time.

## Games, ratings, leaderboards, history, export

games-none = No games in this channel. Start one with { $challenge } or { $play }.
games-title = Games in this channel ({ $count }):
games-line = #{ $game }: { $title }, { $time }, move { $number }, { $name } to move
rating-line = { $name }: rating { $rating }{ $provisional ->
        [yes] {" "}(provisional)
       *[no] {""}
    }, { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }: { $wins } won, { $draws } drawn, { $losses } lost. { $rank }
rank-here = Rank #{ $here } here, #{ $overall } overall.
rank-overall = Rank #{ $overall } overall; no rated games here yet.
rank-none = Not ranked yet: play a rated game.
top-empty = { $whose ->
        [everyone] Leaderboard, everyone
       *[here] Leaderboard here
    }: nobody has played a rated game yet.
top-title = { $whose ->
        [everyone] Leaderboard, everyone
       *[here] Leaderboard here
    }:
top-private = There is no server leaderboard here. { $everyone } ranks everyone, and { $rating } shows your rating.
top-line = { $rank }. { $name } { $rating } ({ $wins } W / { $draws } D / { $losses } L)
history-none = { $name } has not played in this channel yet.
history-title = Recent games of { $name } in this channel:
history-line = #{ $game }: { $title }, { $time }, { $plies ->
        [one] { $plies } move
       *[other] { $plies } moves
    }, { $state }
history-line-rated = { $line } ({ $delta })
export = Game #{ $game }: { $title }, { $time }. { $state }.
    Start: { $start }
    Moves: { $moves }
    Position: { $position }
# One move number of the exported game and its moves ("12. G7 G6, a3 a4").
export-move-pair = { $number }. { $moves }
export-no-moves = (none)
export-takeback = { $moves } by { $side } after half-move { $ply }
export-taken-back = Taken back: { $takebacks }
state-in-progress = in progress
state-aborted = aborted
state-finished = finished

## The board in words (the image's description)

# Between the sentences of a description.
sentence-separator = {" "}
alt-game = Game #{ $game }, { $jade } (Jade) vs { $crimson } (Crimson).
alt-result = { $result }.
alt-to-move = Move { $number }, { $side } to move.
alt-clock = { $side } clock: { $time }.
alt-last-move = Last move: { $piece } { $from }-{ $to }{ $leap ->
        [yes] , leaping the lake
       *[no] {""}
    }{ $captured ->
        [yes] , took { $took }
       *[no] {""}
    }.
alt-selected-moves = Selected: { $piece } on { $square }, moves to { $squares }.
alt-selected-stuck = Selected: { $piece } on { $square }, no legal move.
alt-selected = Selected: { $piece } on { $square }.
alt-selected-empty = Selected: { $square }, empty.
alt-animal = { $animal } { $square }
alt-animal-weak = { $animal } { $square } (on a trap, rank 0)
alt-animals-left = { $count ->
        [0] { $side } has no animals left.
        [one] { $side } has 1 animal: { $animals }.
       *[other] { $side } has { $count } animals: { $animals }.
    }
internal-failure = Something went wrong on my side. Please try again.

## The board image and the replay

image-to-move = Move { $number } – { $side } to move
pill-to-move = to move
pill-winner = winner
pill-draw = draw
replay-title = Replay – { $count ->
        [one] { $count } half-move
       *[other] { $count } half-moves
    } from move { $number }

# The small label under the character on a piece's tile: its rank ($rank, 0 on an enemy trap)
# and, for readers who do not read the character, the animal's name.
tile-elephant = { $rank } { animal-elephant }
tile-lion = { $rank } { animal-lion }
tile-tiger = { $rank } { animal-tiger }
tile-leopard = { $rank } { animal-leopard }
tile-wolf = { $rank } { animal-wolf }
tile-dog = { $rank } { animal-dog }
tile-cat = { $rank } { animal-cat }
tile-rat = { $rank } { animal-rat }

## Discord's /jungle

# The command's name in this language (Discord shows it; what arrives is always /jungle).
slash-name = jungle
slash-description = Play Jungle (Dou Shou Qi)
# Why an interaction gets no other answer (the channel is switched off).
nothing-to-do = Nothing to do.
# The options of /jungle's subcommands (up to 100 characters, no markup).
option-opponent = Who to challenge
option-challenger = Whose challenge
option-side = The side you want
option-mode = Rated or casual
option-time = Clock: minutes + seconds a move, or days per move
option-time-default = Clock of new games: minutes + seconds a move, days per move, or default
choice-time-default = Back to the configured default
option-level = How strong
option-from = Square it stands on, or an animal and a direction (tiger up)
option-notify = Mentions and reminders
choice-notify-on = on: mention and remind me
choice-notify-off = off: no mentions, no reminders
option-to = Square it goes to
option-square = A square, e.g. G7
option-whose = Whose (default: yours)
option-scope = Whose ranking
option-count = How many players
option-game = The game number
option-lang = The language I speak here
option-game-abort = The game to abort
option-state = Whether I answer in this channel
# The choices of those options (up to 100 characters).
choice-jade = Jade (moves first)
choice-crimson = Crimson
choice-random = Random
# A level as a choice ($n, 1 to 8): the number, and the name of the levels that have one.
choice-level = { $n ->
    [2] 2 (easy)
    [4] 4 (medium)
    [6] 6 (hard)
   *[other] { $n }
}
choice-rated = Rated
choice-casual = Casual (no rating change)
choice-here = This server
choice-everyone = Everyone
choice-channel-off = Off: ignore this channel
choice-channel-on = On: answer here
# The moderators' command, /jungle-admin, and its subcommands.
slash-admin-description = Moderate the Jungle bot here
slash-admin-abort = End a game here without rating it
slash-admin-channel = Make the bot ignore this channel, or answer here again
slash-admin-settings = What is set for this server and channel
slash-admin-time = Choose the clock new games here play
embed-title = Game #{ $game }: { $jade } as Jade vs { $crimson } as Crimson
embed-final = Final position after move { $number }
embed-to-move = Move { $number } · { $side } to move

## Post-game analysis

analyze-progress = { $started } ({ $percent }% done)
analyze-started = Analysing game #{ $game } ({ $plies ->
        [one] { $plies } half-move
       *[other] { $plies } half-moves
    }); the result follows here.
analyze-in-play = Game #{ $game } is still being played; it can be analysed when it is over.
analyze-no-moves = Game #{ $game } has no moves to analyse.
analysis-title = **Game #{ $game }** analysed: { $title }.
analysis-player = { $name } ({ $side }): accuracy { $accuracy }%; inaccuracies ?! { $inaccuracies }, mistakes ? { $mistakes }, blunders ?? { $blunders }; { $turning }.
analysis-turning = turning point { $when }: { $played } ({ $best } was better)
analysis-no-turning = no costly move
analysis-export-hint = Every move with its mark: { $command }.
analysis-move-jade = move { $number }
analysis-move-crimson = move { $number }...
analysis-alt = Evaluation graph of game #{ $game }: Jade's expected score after each half-move, ending at { $end }%. Blunders: { $blunders }.
analysis-alt-none = none
analysis-alt-blunder = { $when } by { $side }
export-analysis = Analysis: { $marks }
export-analysis-clean = no inaccuracy, mistake or blunder
export-better = { $when } { $played }{ $tag } ({ $best } was better)

## The console (jungle play, jungle console)

play-greeting = Jungle (Dou Shou Qi) against the bot. Type moves like `G7 G6` or `tiger up`; `help` lists commands; Ctrl-D leaves (the game is saved).
play-saved = Your game is saved; `jungle play` resumes it.
play-over = Game over. Run `jungle play` again for a new game.
line-unreadable = I could not read that line (it is not UTF-8 text).

# A game's own thread (Discord threads, Matrix threads).
thread-name = { $jade } vs { $crimson } · game #{ $game }
thread-game-starts = Game #{ $game } has started: { $jade } (Jade) vs { $crimson } (Crimson), { $time }. The boards and moves are in the game's thread.
posted-in-channel = Posted in the channel:
thread-pointer = Game #{ $game } is played in its thread:
threads-none-here = Games here cannot have threads of their own: this is a direct conversation, or the platform has none.
threads-current-on = Each game between people here gets a thread of its own. { $command } keeps games in the channel.
threads-current-off = Games here stay in the channel. { $command } gives each game between people a thread of its own.
threads-set-on = From now on each game between people here gets a thread of its own. Games under way stay where they are.
threads-set-off = From now on games here stay in the channel. Games under way keep their threads.
settings-threads-on = - Games between people: each in a thread of its own ({ $command } keeps them in the channel).
settings-threads-off = - Games between people: in the channel ({ $command } gives each a thread).
settings-threads-problem = - Last time a thread could not be opened, so the game stayed in the channel: { $why }
threads-problem-forbidden = the bot may not create public threads here (it needs the Create Public Threads and Send Messages in Threads permissions).
threads-problem-full = the server has reached Discord's limit of active threads.
threads-problem-none = this channel cannot have threads.
choice-threads-on = On: a thread for each game
choice-threads-off = Off: games stay in the channel
option-threads = Whether each game between people gets a thread of its own
slash-admin-threads = Give each game its own thread, or keep games in the channel

## Seasons, rating graphs, head-to-head

help-vs = Your games against a player: wins, draws, losses and the latest results
option-against = Against whom
option-period = Which leaderboard
choice-season = This season's
choice-all-time = Everyone, all time
option-season = How long a season runs
option-season-games = Rated games a player needs in a season to be listed
slash-admin-season = Run the leaderboard here by month or quarter, or not at all
slash-admin-bots = Whether rated games against the bot count for the leaderboard here
season-month = { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
season-quarter = Q{ $quarter } { $year }
top-season-title = Leaderboard of { $season } (players with at least { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    } this season):
top-season-line = { $rank }. { $name } { $rating } ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    } this season: { $wins } W / { $draws } D / { $losses } L)
top-season-all = { $all } lists everyone here, whatever the season.
top-season-empty = Nobody is on the leaderboard of { $season } yet: it lists players with at least { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    } this season. { $all } lists everyone here.
season-ended = { $season } is over. Final leaderboard:
season-ended-empty = { $season } is over; nobody played { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    } in it, so there is no final leaderboard.
season-next = { $season } starts now. Ratings carry on; the season's leaderboard starts empty.
season-set = The leaderboard here now runs by season, starting with { $season }: { $top } shows the season's players, { $all } everyone. Ratings carry on from season to season.
season-set-off = The leaderboard here no longer runs by season: { $top } lists everyone again.
season-games-set = A season's leaderboard here now lists players with at least { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    } in it.
season-games-range = A season can ask for 1 to { $max } rated games.
settings-season-on = - Leaderboard: by season, now { $season } ({ $days ->
        [one] { $days } day left
       *[other] { $days } days left
    }), listing players with at least { $games } rated games in it ({ $command } turns seasons off).
settings-season-off = - Leaderboard: all time, no seasons ({ $command } runs it by month).
settings-bots-on = - Rated games against the bot count for the leaderboard ({ $command } leaves them out).
settings-bots-off = - Rated games against the bot count for the rating but not for the leaderboard ({ $command } counts them).
bots-set-on = From now on rated games against the bot count for the leaderboard here.
bots-set-off = From now on the leaderboard here counts games between people only; games against the bot still count for the rating.
rating-graph-alt = Rating graph of { $name } over { $games ->
        [one] { $games } rated game
       *[other] { $games } rated games
    }: from { $from } to { $to }, highest { $high }, lowest { $low }.
rating-graph-seasons = { $count ->
        [one] A dashed line marks where a new season began.
       *[other] Dashed lines mark where { $count } new seasons began.
    }
vs-self = That is you: name someone else to see your games against them.
vs-none = { $first } and { $second } have not finished a game against each other here yet.
vs-title = { $first } against { $second } here: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $wins } won, { $draws } drawn, { $losses } lost. Latest:
vs-line = #{ $game }: { $title }, { $state }
choice-season-month = By month
choice-season-quarter = By quarter
choice-season-off = No seasons
option-bots = Whether games against the bot count for the leaderboard
choice-bots-on = On: they count
choice-bots-off = Off: games between people only
top-bots-left-out = Rated games against the bot count for the rating, not for the leaderboard.

## Tournaments

help-tournament = The tournament here and its standings (`history`, `export <id>`; moderators: `arena 60m 3+2`, `swiss 5 rounds 1d`, `start`, `cancel`)
help-join = Join the tournament here
help-withdraw = Leave the tournament here (your results stay)
option-tournament-action = What to do (nothing: show the tournament here)
option-tournament-number = Swiss: how many rounds; export: the tournament's number
option-tournament-length = Arena: how long it runs (60m, 2h)
option-tournament-clock = The games' clock (3+2, 1d)
option-tournament-delay = Begin after (10m, 1h)
tournament-name = { $kind ->
        [swiss] Swiss #{ $id }
       *[arena] Arena #{ $id }
    }
tournament-terms = { $kind ->
        [swiss] { $rounds } rounds
       *[arena] { $length }
    }, { $time }, { $rated ->
        [casual] casual
       *[rated] rated
    }
tournament-announced = { $name } is announced: { $terms }. { $when } { $join } to play, { $show } for the standings.
tournament-when-now = It has begun: players are paired as soon as two are free.
tournament-when-in = It begins in { $time }.
tournament-when-start = It begins when a moderator says { $command }.
tournament-begun = { $name } has begun: { $terms }. Players are paired as soon as two are free; { $join } to play.
tournament-starting = { $name } begins now.
tournament-cancelled = { $name } is called off. Games under way finish as ordinary games.
tournament-too-few = { $name } is called off: fewer than two players joined.
tournament-round = { $name }, round { $round } of { $rounds }:
tournament-pairing = - { $first } (Jade) vs { $second } (Crimson)
tournament-bye = - { $name } has a bye this round (it counts as a win).
tournament-no-show-out = - { $name } missed two games and is withdrawn.
tournament-game-starts = { $name }: game #{ $game }, { $jade } (Jade) vs { $crimson } (Crimson). The boards and moves are in the game's thread.
tournament-deadline-draw = Game #{ $game } did not finish by the round's deadline: it ends unrated and counts as a draw.
tournament-final = Final standings of { $name }:
tournament-podium = Congratulations to { $names }!
tournament-title = { $name } ({ $terms }): { $status }; { $players ->
        [one] { $players } player
       *[other] { $players } players
    }.
tournament-status-waiting = announced, not begun yet
tournament-status-pending = begins in { $time }
tournament-status-arena = { $time } left
tournament-status-arena-ending = time is up; the last games are finishing
tournament-status-swiss = round { $round } of { $rounds }
tournament-status-finished = finished
tournament-status-cancelled = called off
tournament-nobody = Nobody has joined yet.
tournament-line = { $rank }. { $name }: { $points } { $points ->
        [one] point
       *[other] points
    }{ $results ->
        [none] {""}
       *[other] {" "}({ $results })
    }, { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, performance { $performance }
tournament-tie-breaks = {", "}Buchholz { $buchholz }, Sonneborn-Berger { $sb }
tournament-on-fire = {" "}(on a streak: the next win counts double)
tournament-alt = { $title } Standings table of { $players ->
        [one] { $players } player
       *[other] { $players } players
    }: { $list }.
tournament-alt-line = { $rank }. { $name } { $points }
tournament-col-rank = #
tournament-col-name = Player
tournament-col-points = Points
tournament-col-games = Games
tournament-col-results = Results
tournament-col-performance = Perf.
tournament-how-to-join = { $join } to play, { $withdraw } to leave.
tournament-none = There has been no tournament here yet. Moderators start one with { $arena } (live, for an hour) or { $swiss } (one game a round).
tournament-history-none = No tournament has ended here yet.
tournament-history-title = Tournaments here, the latest first:
tournament-history-line = { $name } ({ $terms }), { $players ->
        [one] { $players } player
       *[other] { $players } players
    }: { $state ->
        [cancelled] called off
        [empty] no games played
       *[won] won by { $winner }
    }
tournament-history-export = { $command } lists a tournament's games.
tournament-export-title = { $name } ({ $terms }), { $games ->
        [one] { $games } game
       *[other] { $games } games
    }:
tournament-export-game = { $kind ->
        [swiss] Round { $round }, #{ $game }
       *[arena] #{ $game }
    }: { $title }, { $state }
tournament-export-bye = Round { $round }: { $name }, bye
tournament-no-such = There is no tournament #{ $id } in this server.
tournament-private = Tournaments are for servers and rooms, not direct messages.
tournament-moderators-only = Only { $who } may announce, begin or call off a tournament.
tournament-arena-live = An Arena plays a live clock such as `3+2`: games must end while it runs.
tournament-arena-length = An Arena runs from { $shortest } to { $longest }.
tournament-swiss-rounds = A Swiss has { $fewest } to { $most } rounds.
tournament-one-at-a-time = { $name } is still on here: one tournament at a time ({ $cancel } calls it off).
tournament-nothing-to-start = There is no announced tournament here waiting to begin.
tournament-nothing-live = There is no tournament on here.
tournament-nothing-to-join = There is no tournament to join here.
tournament-moved-on = The tournament changed meanwhile: nothing was done. Please try again.
tournament-joined = { $name } joins { $tournament } ({ $players ->
        [one] { $players } player
       *[other] { $players } players
    }): { $when }.
tournament-join-arena = you are paired as soon as someone else is free
tournament-join-swiss = you are paired from the next round
tournament-joined-already = You are already playing in { $name } ({ $withdraw } to leave).
tournament-not-in = You are not playing in { $name } ({ $join } to join).
tournament-withdrew = { $name } withdraws from { $tournament }: no more games, and the results so far stay in the standings. { $join } comes back.
choice-tournament-arena = Announce an Arena (moderators)
choice-tournament-swiss = Announce a Swiss (moderators)
choice-tournament-history = The tournaments held here
choice-tournament-export = A tournament's games
choice-tournament-start = Begin the announced one now (moderators)
choice-tournament-cancel = Call it off (moderators)
tournament-game-board = { $name }, game #{ $game }: { $jade } (Jade, moves first) against { $crimson } (Crimson). Clock: { $time }. { $how }
