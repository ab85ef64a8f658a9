# corrbot: English messages.
# Every message has a counterpart with the same id in uk.ftl.

days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}

## Command input errors
error-empty = Empty message. Send a move (for example e2-e4) or a command; /help lists them all.
error-too-long = The message is too long ({ $chars ->
    [one] { $chars } character
   *[other] { $chars } characters
}, at most { $max }). Please send a shorter text.
error-unknown-command = Unknown command { $word }. /help lists all commands.
error-unknown-command-near = Unknown command { $word }. Did you mean { $nearest }? /help lists all commands.
error-missing-argument = { $command } needs one more argument: { $argument }. How to write it: /help { $name }.
error-invalid-argument = { $command } cannot read "{ $value }" ({ $argument }). How to write it: /help { $name }.

## Help: one line per command
help-intro = corrbot commands (the "/" is optional):
help-help = /help [command] — this help
help-start = /start — greeting and registration
help-profile = /profile — your profile
help-name = /name NAME — your name in events
help-lang = /lang uk|en — the language of messages
help-notation = /notation ukr|ukr-short|san|lan|uci|iccf — the notation the bot shows moves in
help-orientation = /orientation auto|white|black — which side the board is shown from
help-theme = /theme green|brown|blue|gray — the colours of your boards, animations and tables
help-contact = /contact address|email TEXT — your contact details ("-" clears)
help-contacts = /contacts [player] — contact details you may see
help-link = /link [CODE] — join your Telegram and Discord accounts
help-events = /events — events
help-event = /event create|show|join|withdraw|start|rename|set|close|remove|readmit|invite|final|cancel|games … — an event
help-players = /players [#event] — the club's registered players with their user names
help-games = /games [all] — your games, those to move first
help-board = /board [#game] — the board
help-gif = /gif [#game] — the game so far as an animation
help-move = /move [#game] MOVE — make a move (e2-e4, Кg1-f3, 0-0)
help-confirm = /confirm on|off, /confirm [#game], /confirm cancel [#game] — confirm each move before it is made; confirm or cancel a held move
help-draw = /draw offer|accept|decline [#game] — a draw
help-claim = /claim repetition|fifty [#game] [MOVE] — claim a draw
help-resign = /resign [#game] — resign
help-say = /say [#game] TEXT — a message to your opponent in the game (a move may carry one too: e2-e4 -- text)
help-messages = /messages on|off — receive messages from opponents or not
help-continue = /continue [#game] — tell the arbiter and your partner that you mean to continue a silent game
help-time = /time [#game] — both players' time
help-record = /record [#game] — the game's record with time used
help-note = /note N TEXT | /note N 14. TEXT | /note N line MOVES — a private note on a game, a move, or a line of analysis
help-notes = /notes N — your notes on a game
help-leave = /leave add DATE DAYS | list | cancel N — leave
help-mute = /mute — turn off move notices
help-unmute = /unmute — turn on move notices
help-timezone = /timezone [ZONE] — the time zone dates are shown in (a city such as Kyiv, or an IANA name)
help-digest = /digest on|off — one daily message with the games where it is your move, instead of a notice per move
help-standings = /standings [#event] — the standings table
help-rating = /rating [@player] | /rating set @player POINTS source=TEXT — club rating: the number, its phase, games, last changes; set: an imported starting rating
help-top = /top — the club's rating table
help-ratings = /ratings [publish] — the published rating list; publish: a new one
help-pgn = /pgn [#game] | /pgn event N | /pgn N mine — PGN (mine: a finished game with your notes)
help-dispute = /dispute [#game] TEXT — a dispute with your partner, to the arbiter (team events: to the captains first)
help-failure = /failure [#game] TEXT — report a serious computer or software failure
help-ask = /ask [#event] TEXT — a question to the arbiter
help-offline = /offline [@player] [TEXT] — internet access lost (up to 30 days, once a year)
help-online = /online [@player] — back online after an absence
help-extraleave = /extraleave DATE DAYS [#event] REASONS — ask for extra leave (at most 15 days a year)
help-cases = /cases — the cases you may see
help-case = /case N [take|say TEXT|note TEXT|withdraw|forward|settle [TEXT]|close] — a case file and what to do with it
help-rule = /rule N MEASURE[; MEASURE…] -- REASONS — the arbiter's ruling
help-appeal = /appeal N GROUNDS — appeal a ruling within 14 days
help-decide = /decide N uphold|replace MEASURES -- REASONS — the appeals committee's final decision
help-request = /request @player [#event] TEXT — the arbiter's request to a player
help-answer = /answer N TEXT — answer the arbiter's request

## follow: help lines
help-follow = /follow #game|event N|@player|team [moves] — be told privately when a game ends, and with "moves" of each move
help-following = /following — the games, events, players and teams you follow
help-unfollow = /unfollow #game|event N|@player|team|all — stop following
## Notices
clocks = Time: White used { $white_used }, { $white_left }; Black used { $black_used }, { $black_left }.
clock-left = { $days } left
clock-overstepped = time exceeded by { $days }
clock-deadline-yours = Your move in game #{ $game }: { $days } spent on it so far. Time left to think on this move: { $room }. Move by { $at } at the latest, or the game is lost on time.
clock-deadline = Game #{ $game }, { $side ->
    [white] White
   *[black] Black
} to move: { $days } spent on this move so far; time left to think: { $room }; a move is due by { $at } at the latest, or the game is lost on time.
zone-city-kyiv = Kyiv
zone-city-london = London
zone-city-dublin = Dublin
zone-city-lisbon = Lisbon
zone-city-madrid = Madrid
zone-city-paris = Paris
zone-city-brussels = Brussels
zone-city-amsterdam = Amsterdam
zone-city-berlin = Berlin
zone-city-zurich = Zurich
zone-city-rome = Rome
zone-city-vienna = Vienna
zone-city-prague = Prague
zone-city-warsaw = Warsaw
zone-city-bratislava = Bratislava
zone-city-budapest = Budapest
zone-city-copenhagen = Copenhagen
zone-city-stockholm = Stockholm
zone-city-oslo = Oslo
zone-city-helsinki = Helsinki
zone-city-tallinn = Tallinn
zone-city-riga = Riga
zone-city-vilnius = Vilnius
zone-city-chisinau = Chisinau
zone-city-bucharest = Bucharest
zone-city-sofia = Sofia
zone-city-athens = Athens
zone-city-istanbul = Istanbul
zone-city-belgrade = Belgrade
zone-city-zagreb = Zagreb
zone-city-tbilisi = Tbilisi
zone-city-jerusalem = Jerusalem
zone-city-dubai = Dubai
zone-city-almaty = Almaty
zone-city-kolkata = Kolkata
zone-city-shanghai = Shanghai
zone-city-tokyo = Tokyo
zone-city-seoul = Seoul
zone-city-singapore = Singapore
zone-city-sydney = Sydney
zone-city-melbourne = Melbourne
zone-city-auckland = Auckland
zone-city-new-york = New York
zone-city-toronto = Toronto
zone-city-chicago = Chicago
zone-city-denver = Denver
zone-city-los-angeles = Los Angeles
zone-city-vancouver = Vancouver
zone-city-mexico-city = Mexico City
zone-city-sao-paulo = São Paulo
zone-city-buenos-aires = Buenos Aires
zone-gmt = GMT
notice-move-deadline = Move by { $at } at the latest, or the game is lost on time.
notice-move-made = Game #{ $game } ({ $event }): { $mover } played { $number }{ $dots } { $move }.{ $mark } Your move.
notice-move-made-final = Game #{ $game } ({ $event }): { $mover } played { $number }{ $dots } { $move }.{ $mark }
notice-mark-check = Check.
notice-mark-mate = Checkmate.
notice-reminder = Reminder: you have not answered in game #{ $game } for { $days }. Your clock: { $left }.
notice-reminder-deadline = Reminder: you have not answered in game #{ $game } for { $days }.
notice-continuation-due = Game #{ $game }: you have not moved for { $days }. Within 5 days tell the arbiter and your partner that you mean to continue, or the arbiter may score the game as a loss.
notice-continuation-given = Game #{ $game }: { $player } gives notice of continuing the game.
notice-opponent-message = Game #{ $game }, message from your opponent { $from }: { $text }
button-continue = I continue the game
reply-continue = Game #{ $game }: your notice of continuing has been sent to the arbiter and your partner.
error-continue-given = Game #{ $game }: you have already given the notice of continuing since the last move.
error-continue-not-now = Game #{ $game }: the notice of continuing is given after 35 days without your move and before the 40th day; now it is not needed.
notice-game-over = Game #{ $game } is over: { $white } — { $black } { $score } ({ $reason }).
notice-game-annulled = Game #{ $game } ({ $white } — { $black }) has been annulled by the arbiter.
notice-draw-offered = Game #{ $game }: { $by } offers a draw. Answer with /draw accept { $game } or /draw decline { $game }.
notice-draw-declined = Game #{ $game }: { $by } declined the draw offer.
notice-contact-changed = { $player } changed their contact details:
    { $details }
notice-event-started = The event "{ $event }" has started: all games began at once. Your games: { $games }. /games lists them.
notice-event-started-game = #{ $game } — opponent: { $opponent }, you play { $colour }
notice-digest = Daily digest: it is your move in { $count ->
    [one] { $count } game
   *[other] { $count } games
}.
notice-digest-line = #{ $game } — opponent: { $opponent }; { $days } on this move; move by { $at } at the latest
notice-digest-line-postal = #{ $game } — opponent: { $opponent }; { $days } on this move
notice-delivery-failed = To the administrator: the notice "{ $kind }" for { $recipient } could not be delivered.

## Why a game ended
result-checkmate = checkmate
result-stalemate = stalemate
result-insufficient-material = insufficient material
result-threefold = threefold repetition
result-fifty-moves = 50-move rule
result-fivefold = fivefold repetition
result-seventy-five-moves = 75-move rule
result-agreement = by agreement
result-resignation = resignation
result-time-forfeit = time forfeit
result-arbiter = arbiter's decision

## Refused moves (R2.3.5, R2.3.9, R2.3.10)
word-or = { " " }or{ " " }
piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn
castling-short = Short castling (0-0)
castling-long = Long castling (0-0-0)
castling-cause-king-moved = the king has moved
castling-cause-rook-moved = the rook has moved or is gone
move-error-empty = The message has no move. Send a move, for example e2-e4.
move-error-any-move = "Any move" is not allowed: write a definite move, for example e2-e4.
move-error-unreadable = "{ $text }" does not read as a move. Write it in full algebraic notation: e2-e4, Ng1-f3, Bf1xb5, 0-0.
move-error-notation-not-allowed = This event does not allow the notation: { $notation }. Write moves in Ukrainian full algebraic notation: e2-e4, Кg1-f3.
move-error-ambiguous = Which move: { $candidates }? Write the move in full.
move-error-no-piece = There is no piece on { $square }. Check the square you move from.
move-error-opponent-piece = The piece on { $square } is your opponent's ({ $piece }). Move your own pieces.
move-error-wrong-piece = The piece on { $square } is a { $found }, not a { $written }.
move-error-own-piece-on-target = Your own { $piece } stands on { $square }.
move-error-cannot-move-that-way = A { $piece } cannot move from { $from } to { $to }.
move-error-path-blocked = The way from { $from } to { $to } is blocked by the piece on { $blocker }.
move-error-pawn-nothing-to-capture = The pawn on { $from } can go to { $to } only by capturing, and there is nothing to capture.
move-error-moves-into-check = The king cannot go from { $from } to { $to }: that square is attacked.
move-error-does-not-parry-check = Your king is in check, and { $from }–{ $to } does not parry it.
move-error-pinned = The piece on { $square } is pinned: the move would leave your king in check.
move-error-castling-no-right = { $side } is not possible: { $cause }.
move-error-castling-path-occupied = { $side } is not possible: { $square } is occupied.
move-error-castling-in-check = { $side } is not possible: your king is in check.
move-error-castling-through-check = { $side } is not possible: the king would cross the attacked square { $square }.
move-error-castling-into-check = { $side } is not possible: { $square } is attacked.
move-error-promotion-missing = A pawn reaching { $to } must promote: add the piece, for example { $example }.
move-error-promotion-not-possible = A pawn promotes only on the last rank, not on { $to }.
move-error-promotion-invalid-piece = A pawn cannot promote to that piece ({ $piece }); write, for example, { $example }.
move-error-no-piece-can-reach = { $role ->
    [pawn] None of your pawns can go to { $to }.
    [knight] None of your knights can go to { $to }.
    [bishop] None of your bishops can go to { $to }.
    [rook] None of your rooks can go to { $to }.
    [queen] Your queen cannot go to { $to }.
    [king] Your king cannot go to { $to }.
   *[other] None of your pieces ({ $piece }) can go to { $to }.
}
move-error-king-or-knight = A Latin K reads both as a king and as a knight (the Ukrainian К). Which move: { $candidates }? Write the king as Кр and the knight as the Cyrillic К, which every event reads: { $full }.
## What to do after a refusal (issue 19): the piece's moves, the pawn that can take, the promotion pieces.
word-and = { " " }and{ " " }
percent = { $value }%
move-hint-piece-moves = The { $role ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
} on { $from } can play { $moves }.
move-hint-piece-no-moves = The { $role ->
    [pawn] pawn
    [knight] knight
    [bishop] bishop
    [rook] rook
    [queen] queen
   *[king] king
} on { $from } has no legal move now.
move-hint-role-moves = Your { $role ->
    [pawn] pawn moves
    [knight] knight moves
    [bishop] bishop moves
    [rook] rook moves
    [queen] queen moves
   *[king] king moves
}: { $moves }.
move-hint-role-no-moves = { $role ->
    [pawn] No pawn move
    [knight] No knight move
    [bishop] No bishop move
    [rook] No rook move
    [queen] No queen move
   *[king] No king move
} is possible now.
move-hint-reach = To go to { $to }, play { $moves }.
move-hint-pawn-takes = { $count ->
    [one] The pawn on { $from } can take on { $to }: { $moves }.
   *[other] The pawns on { $from } can take on { $to }: { $moves }.
}
move-hint-parry = The moves that parry the check: { $moves }.
move-hint-promotion-pieces = Choose from: { $pieces }.

## Replies of the app
reply-welcome = Welcome, { $name }! Send /help for the commands. Moves are written like { $move } or { $knight }.
reply-name-set = Your name is now { $name }.
reply-secret-not-kept = This message was answered already. The answer held a one-time secret, which the bot does not keep: send the command again for a new one.
reply-name-given = Your name on the platform could not be taken as it is, so your name in events is { $name } (to change it: /name NAME).
player-placeholder-name = Player { $number }
reply-language-set = Messages will be in English.
reply-language-set-notation = Messages will be in English, and moves in this notation: { $notation }. To choose another, use /notation.
reply-notation-set = Moves are now shown in this notation: { $notation }.
reply-event-created = Event #{ $event } "{ $name }" has been created and is open for entries: /event join { $event }. You are its organizer and arbiter.
reply-event-joined = You joined event #{ $event } "{ $name }".
reply-event-started = Event #{ $event } "{ $name }" has started: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, all at once.
reply-event-started-full = The last place is taken, so event #{ $event } "{ $name }" has started by itself: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, all at once.
reply-which-game = The command may be about several of your games: { $games }. Choose a game with a button or write its number, for example: { $example }
reply-which-game-move = The move { $move } is possible in several of your games: { $games }. Choose a game with a button or write its number, for example: { $example }
reply-not-understood = I did not understand "{ $text }": it is neither a command nor a move. Write a move like { $move } or { $knight }; /help lists all commands.
reply-not-understood-near = I did not understand "{ $text }". Did you mean { $nearest }? Write a move like { $move } or { $knight }; /help lists all commands.
error-move-legal-nowhere = The move { $move } is possible in none of the games where it is your move:
reply-move-made = Game #{ $game }: you played { $number }{ $dots } { $move }.
reply-games-mine = Your move:
reply-games-theirs = Opponent's move:
reply-games-finished = Finished:
reply-games-all-hint = Finished games: /games all.
reply-games-line-mine = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; { $days } on this move; left to think: { $room }; move by { $at } at the latest
reply-games-line-theirs = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; the opponent has spent { $days } on this move and must move by { $at } at the latest
reply-games-line-finished = #{ $game } — opponent: { $opponent }, you played { $colour }; result: { $score }
reply-games-line-postal = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; { $turn }; your clock: { $left }
games-no-move = no moves yet
move-sign-game = Game #{ $game }: no move was made.
move-sign-question-capture = There is nothing to take on { $square }, yet "{ $text }" has a capture sign. If you meant { $move }, press the button or send it without the capture sign; if you meant another move, write it.
move-sign-question-mate = { $move } does not mate, yet "{ $text }" says mate. If you meant { $move }, press the button or send it without the mate sign; if you meant another move, write it.
move-sign-warning-capture = Note: there is nothing to take on { $square }, yet "{ $text }" has a capture sign.
move-sign-warning-mate = Note: { $move } does not mate, yet "{ $text }" says mate.
button-move-play = Play { $move }
reply-move-held = Game #{ $game }: make the move { $move }? It is made only when you confirm it; your time runs until then.
button-move-confirm = Confirm { $move }
button-move-cancel = Cancel
reply-move-cancelled = Game #{ $game }: the held move has been cancelled; it is still your move.
error-no-held-move = You have no move waiting for confirmation.
error-held-move-stale = Game #{ $game }: the held move is out of date (the game changed); make your move again.
reply-confirm-on = Move confirmation is on: each move waits for your confirmation.
reply-confirm-off = Move confirmation is off: moves are made as you send them.
error-several-moves = Game #{ $game }: one message may carry only one move; conditional moves are not allowed in this event. Nothing was played.
reply-message-sent = Game #{ $game }: your message has been sent to your opponent.
reply-message-kept = Game #{ $game }: your opponent has turned messages off; your message is kept with the game.
reply-message-limit = Game #{ $game }: you can send at most { $limit } messages a day in this game; the next one can go in { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}. This message was neither sent nor kept.
reply-messages-on = Messages from opponents are on.
reply-messages-off = Messages from opponents are off; they are still kept with the game.
reply-games-header = Your games:
reply-game-line = #{ $game }: against { $opponent }, you play { $colour }; { $turn }; you have { $left } left.
reply-time = Game #{ $game }:
reply-resign-confirm = Do you really resign game #{ $game }? Confirm with /resign { $game } confirm.
colour-white = White
colour-black = Black
turn-yours = your move
turn-theirs = your opponent's move

## Refusals of the app
error-not-yet = This command is not available yet.
error-not-allowed = Your role does not allow this command.
error-bad-name = A name must have 1 to { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
error-unknown-language = Unknown language "{ $value }". Choose uk or en.
error-unknown-notation = Unknown notation "{ $value }". Choose one of: { $codes }.
error-unknown-event = There is no event #{ $event }. /events lists them.
error-event-not-open = Event #{ $event } "{ $name }" is not open for entries.
error-already-joined = You are already in event #{ $event } "{ $name }".
error-too-few-players = Event #{ $event } "{ $name }" needs at least two players to start.
error-event-setting = The setting { $key }={ $value } is not possible. See /help { $help }.
error-unknown-game = There is no game #{ $game }. /games lists yours.
error-not-your-game = Game #{ $game } is not yours: only its players move in it.
error-not-your-turn = Game #{ $game }: it is not your turn; wait for your opponent's move.
error-game-over = Game #{ $game } is over; no more moves are possible.
error-no-game-to-move = You have no game where it is your move. /games lists your games.
error-no-games = You have no running games.
error-conflict = Game #{ $game } changed meanwhile. Look at /games and try again.
error-internal = Something went wrong on our side. Please try again later; reference: { $reference }.
reply-draw-offered = Game #{ $game }: your draw offer has been sent to your opponent.
reply-draw-declined = Game #{ $game }: you declined the draw offer.
error-no-draw-offer = Game #{ $game }: your opponent has no open draw offer.
error-draw-already-offered = Game #{ $game }: your draw offer is already open; it is not sent again.
error-draw-offer-too-soon = Game #{ $game }: the event allows at most one draw offer per { $every ->
    [one] move
   *[other] { $every } moves
} of the offering player. Your last offer was at move { $last }; the next one is possible from move { $next }. Nothing has been sent.

## Buttons
button-draw-accept = Accept the draw
button-draw-decline = Decline
button-game-board = #{ $game } — opponent: { $opponent }

## Profile, contacts, link, events list, organizer, mute
help-organizer = /organizer [remove] @name — allow a player to create events (administrators)
reply-profile = Your profile:
    Name: { $name }
    Language: { $language }
    Notation: { $notation }
    Boards: { $orientation }
    Board theme: { $theme }
    Move notices: { $notices }
    Address: { $address }
    E-mail: { $email }
    Accounts: { $accounts }
orientation-auto = your own side
orientation-white = White's side
orientation-black = Black's side
profile-notices-on = on
profile-notices-off = off (/unmute turns them on)
profile-not-set = not set
reply-orientation-set = Boards will be shown from { $orientation }.
error-unknown-orientation = Unknown orientation "{ $value }". Choose auto, white or black.
theme-green = green
theme-brown = brown
theme-blue = blue
theme-gray = gray
reply-theme-set = Your boards, animations and tables will be drawn in the { $theme } theme.
error-unknown-theme = Unknown theme "{ $value }". Choose green, brown, blue or gray.
reply-muted = Move notices are off. You stay responsible for your games and your time: reminders, draw offers and results still come; /games shows whose move it is. /unmute turns move notices on.
reply-timezone = Your time zone: { $zone }; dates and times are shown in it. To change: /timezone Kyiv (or another city, or an IANA name).
reply-timezone-set = Your time zone is now { $zone }; dates and times are shown in it. Deadlines are counted as before.
error-unknown-timezone = Unknown time zone "{ $value }". Write a city, for example Kyiv, Warsaw or New York, or the IANA name of another city's zone.
reply-digest-on = The daily digest is on: every day at 09:00, the games where it is your move; no notice per move. You stay responsible for your time. First digest: { $at }. To turn it off: /digest off.
reply-digest-off = The daily digest is off: a notice comes for every move.
reply-unmuted = Move notices are on again.
reply-contact-set = Your contact details have been saved. { $count ->
    [0] Nobody needed to be told.
    [one] The arbiter or partner concerned has been told.
   *[other] { $count } people (arbiters and partners) have been told.
}
error-contact-too-long = A contact detail may have at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
error-bad-email = "{ $value }" does not look like an e-mail address. Write it like name@example.org.
reply-contacts-header = Contact details:
reply-contact-line = { $name }: address { $address }; e-mail { $email }
error-contacts-hidden = You may not see { $name }'s contact details: they are shown only to the arbiter, administrators, current partners and, in team events, only to the arbiter, administrators and the team's captain.
error-unknown-player = There is no player called { $name }. /players lists the names of the registered players; someone who has not written to the bot yet registers by sending it /start.
error-ambiguous-player = Several players are called { $name }. Write their user name instead.
reply-link-code = Your link code: { $code }. Within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} send /link { $code } from your other account (Telegram or Discord); the code works once.
error-link-code = This link code is unknown, used or expired. Send /link from your first account for a new one.
error-link-same = This account already belongs to that player.
error-link-both-played = Both accounts already have games or events, so they cannot be joined: their records would mix. Go on playing with each, or ask an administrator.
reply-linked = Accounts joined: you are { $name } on { $platforms }.
reply-event-created-arbiters = Event #{ $event } "{ $name }" has been created and is open for entries: /event join { $event }. You are its organizer; arbiter: { $arbiters }.
event-status-draft = being set up
event-status-registration = open for entries
event-status-running = running
event-status-finished = finished
event-status-closed = entries closed
event-status-cancelled = cancelled
event-rounds-single = single round robin
event-rounds-double = double round robin
event-rounds-knockout = knock-out
reply-events-open = Open for entries:
reply-events-running = Running:
reply-events-closed = Entries closed, to start:
reply-events-cancelled = Cancelled:
reply-events-finished = Finished:
reply-event-line = #{ $event } "{ $name }", { $players ->
    [one] { $players } player
   *[other] { $players } players
}
reply-no-events = There are no events yet.
reply-event-show = Event #{ $event } "{ $name }": { $status }.
    Rules: { $rules }, { $rounds }, { $control }.
    Organizer: { $organizers }. Arbiter: { $arbiters }. Arbiters' channel: { $channel }.
    { $count ->
        [0] Players: none yet.
       *[other] Players ({ $count }): { $players }.
    }
    Games: { $finished } of { $games } finished.
reply-event-withdrawn = You withdrew from event #{ $event } "{ $name }".
error-event-started = Event #{ $event } "{ $name }" has already started: withdrawing is possible only before the start. Ask the arbiter.
error-not-entered = You are not entered in event #{ $event } "{ $name }".
reply-organizer-granted = { $name } may now create events.
reply-organizer-revoked = { $name } may no longer create events.
error-not-organizer = { $name } does not hold the organizer role.
## web3: the calendar feed of a player's deadlines (/calendar)
help-calendar = /calendar [off] — a private link to a calendar of your deadlines, for your phone's calendar
help-more-calendar = Gives a private link to a calendar of your deadlines: the games where it is your move, each with its deadline, for a phone or computer calendar to subscribe to. Each /calendar gives a new link and the old one stops working; /calendar off turns the calendar off. Do not share the link: whoever has it sees your games.
    Examples: /calendar, /calendar off
help-who-calendar = everyone.
reply-calendar = Your calendar of deadlines: { $url }
    Add it to your calendar as a subscription (from a URL). It lists the games where it is your move, each with its deadline. The link is yours alone; an older link no longer works. /calendar off turns it off.
reply-calendar-off = The calendar link is turned off: it no longer opens. /calendar gives a new one.
reply-calendar-none = You have no calendar link. /calendar gives one.
error-calendar-no-site = The club has no web site, so there is no calendar link. Please ask the organizer.
calendar-name = My moves
calendar-summary = Move in game #{ $game } — opponent: { $opponent }
calendar-description = Game #{ $game } of "{ $event }": { $white } — { $black }. Your move since { $since }; move by { $at } at the latest.
calendar-on-leave = On leave until { $until }: the deadline already counts the leave.
## Play: board, claims, record, standings, PGN
button-move-in-game = Game #{ $game }
board-white-to-move = White to move
board-black-to-move = Black to move
board-finished = the game is over
reply-board = Game #{ $game }: { $white } — { $black }, { $turn }.
board-deadline = by { $date } { $time }
reply-moves-held = Spectators do not see { $moves ->
    [one] the last move
   *[other] the last { $moves } moves
} of this game yet: the event shows each move later, and the whole game once it has ended.
reply-gif = Game #{ $game }: { $white } — { $black }, { $plies ->
    [one] { $plies } half-move
   *[other] { $plies } half-moves
} from the start.
error-claim-not-repeated = Game #{ $game }: the claim is wrong — the position has appeared { $count ->
    [one] only once
   *[other] { $count } times
}, not three times. Nothing changed; the game goes on.
error-claim-fifty-not-reached = Game #{ $game }: the claim is wrong — only { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} without a pawn move or capture, not 50. Nothing changed; the game goes on.
reply-record-header = Game #{ $game }, the record: each move with the days it took and its player's total.
reply-record-line = { $number }{ $dots } { $move } — { $days } (in total { $total })
reply-record-empty = No moves yet.
reply-pgn = PGN: { $games ->
    [one] { $games } game
   *[other] { $games } games
}.
error-pgn-no-games = Event #{ $event } "{ $name }" has no games yet.
reply-standings-header = Standings of event #{ $event } "{ $name }" (place. player — points, wins, Sonneborn-Berger (SB), games left):
reply-standings-line = { $place }. { $player } — { $points }, wins: { $wins }, SB: { $sb }, left: { $left }
error-standings-not-started = Event #{ $event } "{ $name }" has not started yet; its standings come with the first games.
error-standings-which-event = You play in several events: { $events }. Write the event number, for example /standings 1.

## notes: a player's private notes and lines on a game (issue 41)
reply-note-kept = Note on game #{ $game } kept; only you can see it ({ $count } of { $max }).
error-note-too-long = The note on game #{ $game } is too long: { $chars ->
    [one] { $chars } character
   *[other] { $chars } characters
}, at most { $max }. Shorten it and send it again; nothing was kept.
error-note-limit = You already have { $max ->
    [one] { $max } note
   *[other] { $max } notes
} on game #{ $game }, the most allowed; nothing was kept.
error-note-move-not-played = Game #{ $game } has no move { $move } yet. Write the note on a move played or on the whole game: /note { $game } TEXT
error-notes-not-your-game = Only the players of game #{ $game } keep notes on it.
error-note-line-move = The line was not kept: the move "{ $move }" is not possible in this line from the current position of game #{ $game }.
    { $reason }
error-note-line-empty = The line has no moves. Example: /note { $game } line 15. Nf3 Bg4 16. h3
reply-notes = Your notes on game #{ $game } (only you can see them):
reply-notes-none = You have no notes on game #{ $game }. To add one: /note { $game } TEXT
notes-game = • { $text }
notes-move = • { $move }: { $text }
notes-line = • Line: { $line }
reply-pgn-mine = Game #{ $game } in PGN with your notes: { $count ->
    [one] { $count } note
   *[other] { $count } notes
}.
error-pgn-mine-in-play = Game #{ $game } is still in play. You can download its PGN with your notes as soon as the game has finished: /pgn { $game } mine

## conditional: conditional moves (issue 41): /if, an event's own regulation (regulation=, conditional=)
help-if = /if N MOVES | /if N | /if N off — conditional moves: the opponent's move, your reply, … (only where the regulation allows them)
help-more-if = Sets a conditional line while your opponent is to move: first the move you expect from the opponent, then your reply, then the opponent's next move and your reply to it. As soon as the opponent plays the line's first move, the bot replies for you at once, and the reply costs you no time. You may keep several lines (up to 10, each up to 20 half-moves), with one reply to each move of the opponent. Without moves it lists your lines; with "off" it cancels them. Your opponent and spectators never see them; the arbiter may see them once the game has ended. The federation's rules forbid conditional moves ("proposals of move variants are not allowed"), so only events under their own regulation have them.
    Examples: /if 3 Nf3 Nc6 Bb5, /if 3 off
help-who-if = the game's players, each for themselves.
setting-conditional-on = allowed (/if)
setting-conditional-off = not allowed
setting-regulation-own = the event's own regulation
setting-regulation-federation = the federation's rules
event-line-own-regulation = The event is played under its own regulation, not under the federation's rules.
event-line-own-regulation-conditional = The event is played under its own regulation, not under the federation's rules; conditional moves are allowed (/if).
error-event-conditional-federation = Conditional moves are not possible in an event under the federation's rules: its server rules say "proposals of move variants are not allowed". Only an event under its own regulation (a club's friendlies, say) may allow them: regulation=own conditional=on. Nothing has changed.
error-event-conditional-postal = In a postal event conditional moves go with the move itself, as a variant, so there is nothing to switch. Nothing has changed.
error-if-not-your-game = Only the players of game #{ $game } set conditional moves in it.
error-if-own-turn = It is your move in game #{ $game }. A conditional line starts with your opponent's move: make your move first, then set the line.
error-if-no-reply = A conditional line needs your opponent's move and your reply to it. Example: /if { $game } Nf3 Nc6 Bb5
error-if-too-long = The line is too long: at most { $max ->
    [one] { $max } half-move
   *[other] { $max } half-moves
} (your opponent's moves and your replies together). Nothing was kept.
error-if-limit = You already have { $max ->
    [one] { $max } conditional line
   *[other] { $max } conditional lines
} in game #{ $game }, the most allowed; nothing was kept. To start again: /if { $game } off
error-if-other-reply = The line was not kept: it contradicts the line { $line } already set, which answers the same moves of your opponent with another reply. Each move of the opponent has one reply; to cancel all your lines: /if { $game } off
error-if-already-set = This line is set already: { $line }. Nothing has changed.
error-if-postal = Game #{ $game } is a postal game: variants go with the move itself, as in "e2-e4 ; e7-e5 Nf3".
error-if-federation = Conditional moves are not allowed in game #{ $game }: the event is played under the federation's rules, which say "proposals of move variants are not allowed". Only an event under its own regulation may allow them.
reply-if-kept = Conditional line in game #{ $game } kept ({ $count } of { $max }); only you can see it:
    • { $line }
    As soon as your opponent plays its first move, the bot plays your reply at once.
reply-if-list = Your conditional lines in game #{ $game } (only you can see them):
if-line = • { $line }
reply-if-list-off = To cancel them all: /if { $game } off
reply-if-none = You have no conditional lines in game #{ $game }. To set one while your opponent is to move: /if { $game } MOVES (the opponent's move, your reply, …)
reply-if-none-postal = Game #{ $game } is a postal game: variants go with the move itself, not with /if.
reply-if-none-federation = Game #{ $game } has no conditional moves: the event is played under the federation's rules, which say "proposals of move variants are not allowed".
reply-if-cancelled = Your conditional lines in game #{ $game } are cancelled: { $count }.
reply-if-none-to-cancel = You have no conditional lines in game #{ $game }; nothing to cancel.
notice-conditional-played = Game #{ $game } ({ $event }): { $opponent } played { $number }{ $dots } { $move }, and the bot at once played your conditional reply { $reply_number }{ $reply_dots } { $reply }; it cost you no time. It is now your opponent's move.
notice-conditional-played-final = Game #{ $game } ({ $event }): { $opponent } played { $number }{ $dots } { $move }, and the bot at once played your conditional reply { $reply_number }{ $reply_dots } { $reply }, which ended the game.
notice-conditional-others-left = Lines your opponent's move left, cancelled: { $count }.
notice-conditional-pending = Conditional lines still waiting: { $count } (/if { $game }).
notice-conditional-none-waiting = No conditional lines of yours are waiting in this game any more.
notice-conditional-left = Game #{ $game } ({ $event }): { $opponent } played { $number }{ $dots } { $move }, a move none of your conditional lines expected, so they are cancelled ({ $count }).
notice-conditional-on-leave = Game #{ $game } ({ $event }): { $opponent } played { $number }{ $dots } { $move }. You are on leave, and no move is made during a leave, so the bot did not play your conditional reply and your lines are cancelled ({ $count }).
case-line-conditional = The players' conditional lines (shown once the game has ended):
case-entry-conditional = • { $owner }: { $line } — { $fate } (half-moves made: { $played } of { $moves })
if-fate-done = played out
if-fate-left = left by the opponent's move
if-fate-cancelled = cancelled by the player
if-fate-unreached = not reached before the game ended

## Public web pages (read-only)
web-lang-name = English
web-nav-events = Events
web-your-time = your time
web-footer = Read-only pages of the club's events; moves are made in chat with the bot.
web-live = This page updates itself after every move.
web-not-found = There is no such page.
web-back-to-events = Back to the list of events
web-scroll-hint = The table is wider than the screen: swipe it sideways.
web-error = The server failed to build this page; try again later.
web-busy = The server is busy; try again in a moment.
web-events-title = Events
web-events-none = No events yet.
web-events-section-running = Running
web-events-section-finished = Finished
web-events-section-upcoming = Upcoming
web-event-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
web-event-title = Event #{ $event } "{ $name }"
web-event-status = State: { $status }.
web-event-started = Started: { $date }.
web-event-starts = Starts: { $date }.
web-event-ended = Ended: { $date }.
web-event-ran = Played from { $start } to { $end }.
web-event-arbiters = { $count ->
    [one] Arbiter:
   *[other] Arbiters:
}
web-event-finished = Finished games: { $finished } of { $total }.
web-regulation-heading = Regulation
web-rules-server = Rules: play on the bot's server (moves in chat with the bot; the bot keeps the clocks)
web-rules-postal = Rules: postal play (the players give the dates each move is received and sent)
web-regulation-control = Time control: { $days } per { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}; thinking past { $doubling } on one move counts double.
web-regulation-leave = Leave: { $leave } a year.
web-regulation-zone = Time zone for deadlines: { $zone }.
web-regulation-reminders = Reminders on these days of thinking: { $reminders }.
web-players-heading = Players
web-event-cancelled = This event was cancelled before its start; it has no players and no games.
web-standings-heading = Standings
web-standings-note = Order: points, wins, Sonneborn-Berger (SB), then the games between the tied players.
web-col-place = Place
web-col-player = Player
web-col-points = Points
web-col-wins = Wins
web-col-sb = SB
web-col-left = Left
web-col-round = Round
web-col-white = White
web-col-black = Black
web-col-result = Result
web-col-event = Event
web-col-colour = Colour
web-col-opponent = Opponent
web-col-move = Move
web-col-days = Days (total)
web-col-team = Team
web-col-match-points = Match points
web-col-board-points = Board points
web-games-heading = Games
web-games-none = No games yet.
web-game-pending = not started
web-game-white-to-move = in play, White to move
web-game-black-to-move = in play, Black to move
web-game-suspended = suspended
web-game-result = { $result } ({ $reason })
web-pgn-event = Download the event's PGN
web-game-title = Game #{ $game }
web-game-event = Event "{ $name }", round { $round }
web-game-white = White: { $name }
web-game-black = Black: { $name }
web-nav-first = Start
web-nav-prev = Back
web-nav-next = Forward
web-nav-last = End
web-ply = Position after ply { $ply } of { $total }
web-board-alt-start = The board at the start of the game; { $side ->
    [white] White
   *[black] Black
} to move.
web-board-alt-move = The board after { $move }; { $side ->
    [white] White
   *[black] Black
} to move.
web-board-alt-final = The final position after { $move }; the result: { $result }.
web-ply-final = Final position after ply { $ply } of { $total }; the result: { $result }
web-keys-hint = The ← and → keys (Home, End) step through the moves.
web-turn-since = { $side ->
    [white] White
   *[black] Black
} to move since { $since }.
web-on-leave = On leave to { $until } inclusive.
web-on-leave-short = on leave to { $until } inclusive
web-turn-short = { $days } on this move; due by { $at }
web-moves-heading = Moves
web-moves-none = No moves yet.
web-moves-held = Not shown to spectators yet: { $moves ->
    [one] the last move
   *[other] the last { $moves } moves
}. Each move appears later in the game, and the whole game once it has ended.
web-notation = Notation:
web-notation-ukrainian = Ukrainian
web-notation-san = SAN
web-pgn-game = Download the PGN
web-analysis = Open in an analysis board (lichess.org)
web-player-title = Player: { $name }
web-player-score = Points: { $points } from { $games ->
    [one] { $games } finished game
   *[other] { $games } finished games
}.
web-player-rating = Club rating: { $rating } ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}; { $phase ->
    [provisional] provisional
    [unfixed] unfixed
   *[fixed] fixed
}).
web-player-events-heading = Events
web-own-win = win
web-own-loss = loss
web-own-draw = draw
web-own-double-loss = loss (both sides)
web-own-annulled = annulled
web-colour-white = White
web-colour-black = Black
web-link-event = The event's page: { $url }
web-link-game = The game's page: { $url }

## web3: the rating chart on the player page
web-rating-chart = Rating over { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}: from { $first } to { $last }; highest { $high }, lowest { $low }.
## Moving by touch (the board page a player moves on)
touch-link = Move on the board: { $url }
touch-button = Move on the board
touch-title = Game #{ $game }: { $white } — { $black }
touch-your-turn = Your move: tap a piece, then a square.
touch-their-turn = Your opponent's move: the board updates by itself.
touch-last-move = Last move: { $move }
touch-no-moves = No moves yet.
touch-promotion = Choose the piece the pawn becomes:
touch-move-ask = Send this move?
touch-confirm = Confirm
touch-cancel = Cancel
touch-draw-offer = Offer a draw
touch-draw-offer-ask = Offer your opponent a draw?
touch-draw-accept = Accept the draw
touch-draw-accept-ask = Accept the draw offered?
touch-resign = Resign
touch-resign-ask = Resign this game? This cannot be undone.
touch-sending = Sending…
touch-failed = Could not send: check your connection and try again.
touch-refused-pass = This link is not valid: it was changed or is for another game. Send /board to the bot for a new one.
touch-refused-expired = This link has expired. Send /board to the bot for a new one.
touch-refused-over = This game is over: no more moves can be made in it.
touch-refused-telegram = Telegram did not confirm who opened the board. Open it again with the button in the chat with the bot.
touch-refused-cross-site = The request did not come from the board page, so it was refused. Open the board from the bot's link.
touch-refused-too-many = Too many requests. Wait a minute and try again.
touch-refused-illegal = There is no such move in this position. Tap a piece and one of the marked squares.
touch-refused-request = The request could not be read. Reload the page and try again.

## touch2: board buttons under move notices and after /games
touch-button-game = #{ $game } — move on the board
touch-games-links = The boards of your games in play, to move by touch:

## Leave
leave-scope-event = in event "{ $event }"
leave-scope-all = in all events
leave-state-planned = planned
leave-state-running = running
leave-state-over = over
notice-leave-registered = { $player } is on leave { $scope } from { $from } to { $until } inclusive: no moves from them then, and their clock is stopped.
notice-leave-cancelled = { $player } has cancelled the leave from { $from }.
notice-leave-ended = { $player } has ended the leave from { $from } early, at { $at }: their clock runs again.
error-on-leave = You are on leave until { $until }: no moves in this event during it. To move now, end the leave with /leave cancel and its number (/leave list).
error-leave-date = "{ $value }" is not a date. Write the first day of the leave as DD.MM.YYYY (or DD.MM for the next such date), for example /leave add { $example } 14.
error-leave-days-unreadable = "{ $value }" is not a number of days. Write a whole number, for example /leave add { $example } 14.
error-leave-days = A period of leave lasts at least one day.
error-leave-too-long = A period of leave lasts at most { $max ->
    [one] { $max } day
   *[other] { $max } days
}.
error-leave-in-past = Leave is registered in advance: choose a first day after today.
error-leave-overlaps = This leave overlaps another period of your leave. /leave list shows them all.
error-leave-allowance = Event #{ $event } "{ $name }": in { $year } you have only { $left } of leave left. Choose a shorter leave.
postal-error-leave-allowance = In { $year } you have only { $left } of leave left in all your postal games. Choose a shorter leave.
error-leave-not-in-event = You do not play in event #{ $event }. /games lists your games.
error-leave-no-events = You play in no event, so there is nothing to take leave from.
error-leave-unknown = You have no leave #{ $leave }. /leave list shows yours.
error-leave-over = Leave #{ $leave } is already over.
reply-leave-added = Leave #{ $leave } has been registered: from { $from } to { $until } inclusive ({ $days }). Your opponents have been told; your clock stands during it.
reply-leave-both = You play in postal and server events, so the leave has been registered in both: in the postal games and in the server events. To register it in one event only, add its number: /leave add DATE DAYS #EVENT.
reply-leave-header = Your periods of leave:
reply-leave-none = none.
reply-leave-line = #{ $leave }: { $from } to { $until } inclusive { $scope }, { $state }
reply-leave-left = Event #{ $event } "{ $name }": { $left } of leave left in { $year }.
reply-leave-cancelled = Leave #{ $leave } has been cancelled.
reply-leave-ended = Leave #{ $leave } has ended now: your clock runs again.
## Telegram
telegram-button-expired = This button has expired; type the command instead (/help lists them).
## Discord: slash command option descriptions (at most 100 characters), game choice, failure
discord-option-topic = the command to explain (move, draw …)
discord-option-name = the new name
discord-option-language = language: uk or en
discord-option-notation = notation: ukr, ukr-short, san, lan, uci or iccf
discord-option-orientation = auto, white or black
discord-option-theme = green, brown, blue or gray
discord-option-field = address or email
discord-option-value = the contact text; "-" clears it
discord-option-player = a player
discord-option-code = the code from your other platform
discord-option-action = the action
discord-option-argument = the event number, or a name with settings
discord-option-game = the game number
discord-option-scope = all — show finished games too
discord-option-zone = a time zone: a city, for example Kyiv
discord-option-switch = on or off
discord-option-move = the move (e2-e4, Ng1-f3, 0-0)
discord-option-kind = repetition or fifty
discord-option-confirm = confirm, to confirm
discord-option-event = the event number
discord-option-target = a game number or "event N"
discord-game-choice = #{ $game } { $white } — { $black }{ $turn ->
    [yes] {" "}(your move)
   *[no] {""}
}

discord-option-text = the text: statement, question, reasons or grounds
discord-option-start = the first day, DD.MM.YYYY or DD.MM
discord-option-days = how many days
discord-option-case = the case number
discord-option-request = the request number

## The arbiter's desk: cases, rulings, appeals (R2.1.4–R2.1.6, R3.1.4, R3.1.5, R3.4.3, R3.6.3)
result-arbiter-adjudicated = adjudicated by the arbiter
result-arbiter-default = by default, by the arbiter's decision
result-arbiter-infraction = arbiter's decision for a breach of the rules
result-arbiter-time = arbiter's decision for exceeding the time limit
result-arbiter-annulled = annulled by the arbiter
case-kind-dispute = dispute
case-kind-software-failure = software failure
case-kind-lost-internet-access = lost internet access
case-kind-extra-leave-request = request for extra leave
case-kind-question = question to the arbiter
case-kind-forty-days-silence = 40 days without a move
case-kind-arbiter-request-unanswered = arbiter's request unanswered
case-kind-internet-absence-overdue = absence past 30 days
case-kind-second-internet-absence = second absence this year
case-kind-overstep-claim = claim: time limit exceeded
case-kind-postal-silence = no answer by post
case-kind-missing-first-move = White's first move missing
case-kind-two-months-without-move = two months without a move
case-by-bot = the bot
case-state-open = waiting for the arbiter
case-state-with-captains = with the captains
case-state-with-arbiter = with the arbiter
case-state-ruled = ruled
case-state-under-appeal = before the appeals committee
case-state-closed = closed
case-news-opened = ⚖ Case #{ $case }: { $kind } · { $event }. Parties: { $parties }. Opened by { $by }.
case-news-to-captains = ⚖ Case #{ $case }: { $kind } · { $event }. Parties: { $parties }. For the captains first: settle it with /case { $case } settle, or pass it to the arbiter with /case { $case } forward.
case-news-forwarded = ⚖ Case #{ $case }: { $kind } · { $event }. Parties: { $parties }. Passed to the arbiter by captain { $by }.
case-news-told = ⚖ Case #{ $case } ({ $kind }, { $event }) concerns you; opened by { $by }. See it with /case { $case }; add a statement with /case { $case } say TEXT.
case-news-taken = ⚖ Case #{ $case } ({ $kind }): arbiter { $by } has taken it up.
case-news-statement = ⚖ Case #{ $case } ({ $kind }): { $by } writes:
case-news-ruled = ⚖ Ruling in case #{ $case } ({ $kind }, { $event }) by { $by }:
case-news-appealed = ⚖ Case #{ $case } ({ $kind }, { $event }): { $by } appeals the ruling to the appeals committee.
case-news-upheld = ⚖ Case #{ $case } ({ $kind }): the appeals committee ({ $by }) upholds the ruling. This decision is final.
case-news-replaced = ⚖ Case #{ $case } ({ $kind }): the appeals committee ({ $by }) replaces the ruling with this one, which is final:
case-news-question = ⚖ Case #{ $case }, a question to the arbiter · { $event }. { $by } asks:
case-news-answer = ⚖ Arbiter { $by } answers the question (case #{ $case }, { $event }):
case-news-settled = ⚖ Case #{ $case } ({ $kind }): settled between the captains ({ $by }).
case-news-withdrawn = ⚖ Case #{ $case } ({ $kind }): withdrawn by { $by }.
case-statement-back-online = Back online.
case-news-back-online = ⚖ Case #{ $case } ({ $kind }): { $by } is back online.
case-line-game = Game #{ $game }: /board { $game }, /record { $game }
case-line-reporter = Reported for the player by { $reporter }.
case-line-messages = The game's last messages:
case-line-sent-move = { $at } { $mover }: "{ $text }"
case-line-players-messages = Messages between the players (for the arbiter only):
case-line-appeal = The ruling may be appealed until { $until } at the latest: /appeal { $case } GROUNDS
case-line-appeal-loss-first = Game #{ $game }: your time runs out first: move by { $at } at the latest, or the game is lost on time. That is sooner than { $ends }, the last minute to appeal: /appeal { $case } GROUNDS
button-case-show = 📂 Case file
button-case-take = ⚖ Take it up
button-case-forward = ➡ Pass to the arbiter
measure-score = game #{ $game } scored { $score } ({ $reason })
measure-clock-back = { $days } given back to { $player } in game #{ $game }
measure-clock-taken = { $days } taken from { $player } in game #{ $game }
measure-penalty = { $days } of penalty for { $player } in game #{ $game }
measure-extra-leave = extra leave for { $player }: { $days } from { $from }
measure-warn = a warning to { $player }
measure-exclude = { $player } is excluded from the event; { $games }
measure-disqualify = { $player } is disqualified (excluded, and barred from later events); { $games }
measure-games-annulled = the unfinished games are annulled
measure-games-lost = the unfinished games are lost by default
measure-resume = game #{ $game } goes on
measure-none = no measure
notice-arbiter-request = ⚖ Request #{ $request } from the arbiter { $from } ({ $event }): "{ $text }" Answer within 20 days with /answer { $request } TEXT.
notice-arbiter-request-window = ⚖ Request #{ $request } from the arbiter { $from } ({ $event }): "{ $text }" Answer within 20 days, by { $ends } at the latest, with /answer { $request } TEXT.
notice-arbiter-request-loss-first = ⚖ Request #{ $request } from the arbiter { $from } ({ $event }): "{ $text }" Your time in game #{ $game } runs out first: move by { $at } at the latest, or the game is lost on time. That is sooner than { $ends }, the last minute to answer (20 days): /answer { $request } TEXT.
notice-request-answered = ⚖ Answer to request #{ $request } ({ $event }) from { $from }: "{ $text }"
case-file-summary = ⚖ Case #{ $case }: { $kind } ({ $rules }) · { $event }
    State: { $state }
    Parties: { $parties }
    Opened { $at } by { $by }
case-entry-statement = { $at } { $author }: "{ $text }"
case-entry-players-message = { $at } { $author } (after half-move { $ply }): "{ $text }"
case-entry-shared-note = { $at } arbiter { $author }: "{ $text }"
case-entry-private-note = { $at } 🔒 note of { $author } (arbiters only): "{ $text }"
case-file-ruling = Ruling { $at } by { $by }: "{ $text }"
case-file-upheld = Appeals committee { $at } ({ $by }): ruling upheld, final: "{ $text }"
case-file-replaced = Appeals committee { $at } ({ $by }): ruling replaced, final: "{ $text }"
case-file-appeal = Appeal { $at } by { $by }: "{ $text }"
case-measure-score = game #{ $game }: { $score }
case-measure-clock = game #{ $game }: { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $way ->
    [back] returned to the clock
   *[taken] taken off the clock
}
case-measure-penalty = game #{ $game }: penalty of { $days ->
    [one] { $days } day
   *[other] { $days } days
}
case-measure-leave = extra leave: { $days ->
    [one] { $days } day
   *[other] { $days } days
}
case-measure-warn = warning
case-measure-exclude = exclusion
case-measure-disqualify = disqualification
case-measure-resume = game #{ $game } goes on
reply-case-opened = Case #{ $case } ({ $kind }) is with the arbiter. You will hear of the ruling; /case { $case } shows it.
reply-question-sent = Your question has gone to the arbiter (case #{ $case }). The answer will come here; /case { $case } shows it too.
reply-case-opened-captains = Case #{ $case } ({ $kind }) went to both captains first; they settle it or pass it to the arbiter.
reply-offline = Recorded: internet access lost ({ $count ->
    [1] case
   *[other] cases
} { $cases }). Come back by { $ends } at the latest with /online; after 30 days you are withdrawn from the event.
reply-offline-loss-first = Recorded: internet access lost ({ $count ->
    [1] case
   *[other] cases
} { $cases }). Your time in game #{ $game } runs out first: move by { $at } at the latest, or the game is lost on time; an absence does not stop the clock. Come back by { $ends } at the latest with /online; after 30 days you are withdrawn from the event.
reply-offline-reported = Recorded: { $player } without internet access ({ $count ->
    [1] case
   *[other] cases
} { $cases }). Due back by { $ends } at the latest with /online; after 30 days away, withdrawal from the event.
reply-offline-reported-loss-first = Recorded: { $player } without internet access ({ $count ->
    [1] case
   *[other] cases
} { $cases }). Their time in game #{ $game } runs out first: a move is due by { $at } at the latest, or the game is lost on time; an absence does not stop the clock. Due back by { $ends } at the latest with /online; after 30 days away, withdrawal from the event.
reply-offline-second = Recorded, but a second absence in one calendar year is not allowed: the arbiter decides ({ $count ->
    [1] case
   *[other] cases
} { $cases }).
reply-online = Welcome back: your absence is over and the arbiter has been told.
reply-request-sent = Request #{ $request } sent to { $player }. Unanswered by { $due }, it becomes a case.
reply-request-answered = Your answer to request #{ $request } went to the arbiter.
reply-case-ruled = Ruling recorded in case #{ $case }; the parties have been told and may appeal until { $until } at the latest.
reply-appeal-filed = Appeal in case #{ $case } lodged with the appeals committee.
reply-appeal-decided = Decision in case #{ $case } recorded and applied; the parties and the arbiter have been told.
reply-case-taken = You have taken up case #{ $case }.
reply-case-statement = Added to case #{ $case }.
reply-case-note = Private note added to case #{ $case } (arbiters only).
reply-case-withdrawn = Case #{ $case } withdrawn.
reply-case-settled = Case #{ $case } settled and closed; the parties have been told.
reply-case-forwarded = Case #{ $case } passed to the arbiter.
reply-case-closed = Case #{ $case } closed.
reply-no-cases = No cases for you.
reply-cases-header = Cases:
reply-cases-line = #{ $case } { $kind } · { $state } · { $event }
error-unknown-case = There is no case #{ $case }. /cases lists yours.
error-not-allowed-case = Case #{ $case } is not yours to see or act on.
error-case-state = Not possible now: case #{ $case } is { $state }.
error-case-not-raiser = Only the player who opened case #{ $case } may withdraw it.
error-case-appeal-window-open = Case #{ $case } cannot be closed yet: a party may appeal until { $until }.
error-case-refused = Case #{ $case }: refused ({ $reason }).
error-which-event = You are in several events ({ $events }): name one, e.g. { $command } #N …
error-not-in-event = You are not a player of that event (or of any running one).
error-not-arbiter-of-player = Only an arbiter of that player's event may do this for them.
error-already-offline = An absence is already recorded since { $since }; /online ends it.
error-not-offline = No absence is running.
error-unknown-request = There is no request #{ $request } for you.
error-request-answered = Request #{ $request } has already been answered.
error-ruling-reasons = Write the measures, then " -- " and the reasons, e.g. /rule 3 score 1-0 adjudicated -- the position is won. Measures: score, clock, penalty, leave, warn, exclude, disqualify, resume, none.
error-measure = Cannot read the measure "{ $measure }". Measures: score [#G] 1-0|0-1|draw|0-0|annul [adjudicated|default|infraction|time]; clock [#G] @player +N|-N; penalty [#G] @player N; leave [@player] [N] [from DATE]; warn|exclude|disqualify @player; resume [#G]; none.
error-measure-game = Game #{ $game } is not a game of this case's event.
error-measure-player = That player does not play game #{ $game }.
error-extra-leave-limit = At most { $limit ->
    [one] { $limit } day
   *[other] { $limit } days
} of extra leave a year: { $already ->
    [one] { $already } day
   *[other] { $already } days
} already granted in { $year }, { $days ->
    [one] { $days } day
   *[other] { $days } days
} more is too many.
error-appeal-closed = Too late: the ruling in case #{ $case } could be appealed until { $closed } at the latest (14 days from its receipt on { $received }).
error-objection-closed = Too late to object in case #{ $case }: the 7 days ran until { $closed }.
error-appeal-final = The appeals committee has decided case #{ $case }; its decision is final.
error-decide-outcome = Write uphold or replace, e.g. /decide 3 uphold -- REASONS ("{ $measure }" is neither).
error-disqualified = You are disqualified and cannot join new events.
## Game threads in the event's channel (public: moves, board, result)
notice-thread-started = Game #{ $game } ({ $event }) has started: { $white } (White) — { $black } (Black).
notice-thread-move = Game #{ $game }: { $mover } played { $number }{ $dots } { $move }.
## follow: following games, events, players and teams (issue 41)
follow-target-game = game #{ $game } ({ $white } — { $black }, { $event })
follow-target-event = event #{ $event } "{ $name }"
follow-target-player = every game of { $name }
follow-target-team = every game of team #{ $team } "{ $name }"
follow-target-gone = { $kind ->
    [game] game
   *[other] event
} #{ $number } (no longer exists)
reply-follow-end = You follow { $target }: { $scope ->
    [game] its result comes
   *[many] each result comes
} to your private chat. /following lists what you follow.
reply-follow-moves = You follow { $target }: every move and the result come to your private chat. /following lists what you follow.
reply-follow-already = You already follow { $target }, results only. Add "moves" to be told each move too.
reply-follow-already-moves = You already follow { $target }, every move and the result.
reply-following-none = You follow nothing. /follow 12, /follow event 3 or /follow @name starts following.
reply-following = You follow { $count ->
    [one] one thing
   *[other] { $count } things
} (at most { $limit }):
reply-following-line = • { $target } — results
reply-following-line-moves = • { $target } — every move and the result
reply-unfollow = You no longer follow { $target }.
reply-unfollow-not-followed = You do not follow { $target }: nothing changed. /following lists what you follow.
reply-unfollow-all = { $count ->
    [0] You followed nothing: nothing changed.
    [one] You no longer follow the one thing you followed.
   *[other] You no longer follow the { $count } things you followed.
}
error-follow-own-game = You play game #{ $game }: its moves and its result come to you anyway.
error-follow-not-visible = Game #{ $game } is not public, so it cannot be followed.
error-follow-self = Your own games come to you anyway: follow other players.
error-follow-team-not-yours = Team #{ $team } is not yours: only its players, captain and deputy may follow all its games at once. Follow its games one by one (/follow N) or its event (/follow event N).
error-follow-no-team = You are in no team. /follow team follows the games of your team in a team event; /follow event N follows a whole event.
error-follow-which-team = You are in several teams ({ $teams }): write the team's number, e.g. /follow team 3.
error-follow-limit = You already follow { $limit } things, the most one may. /unfollow stops one; /following lists them.
notice-follow-move = Followed game #{ $game } ({ $white } — { $black }, { $event }): { $number }{ $dots } { $move }.
notice-follow-end = Followed game #{ $game } ({ $white } — { $black }, { $event }) is over: { $score }, { $words } ({ $reason }).
follow-score-white = White won
follow-score-black = Black won
follow-score-draw = a draw
follow-score-both-lose = both lost
follow-score-none = no result
discord-option-moves = moves — be told each move too
## postal
postal-variant-pair = after { $yours } → { $reply }
postal-notice-move = Game #{ $game } ({ $event }, postal): { $mover } sends { $move } on { $sent }. Your move.
postal-notice-move-final = Game #{ $game } ({ $event }, postal): { $mover } sends { $move } on { $sent }.
postal-notice-repeat = Game #{ $game } ({ $event }): no answer for 20 days, so { $mover }'s move is repeated: { $move }, sent on { $sent }. Your move.
postal-notice-answered = This answers your move { $move }, sent on { $sent } and received on { $received }.
postal-notice-accepted = Your variant accepted and repeated: { $moves }.
postal-notice-variant = Proposed variant: { $variant }. To accept, repeat the moves you accept in order, then add your own move.
postal-notice-first-move-query = Query: game #{ $game } ({ $event }) started 20 days ago and your first move as White has not come. Please send it; the arbiter has been told.
postal-notice-leave = { $player } is on leave in all postal games from { $from } until { $until }: the leave is not their thinking time; yours runs as usual.
postal-notice-leave-late = { $player } has announced leave late: planned from { $planned }, it counts from { $from }, the day of the notice, until { $until }. Yours runs as usual.
postal-notice-leave-cancelled = { $player } has cancelled the leave from { $from } in all postal games.
postal-notice-leave-ended = { $player } has ended the leave from { $from } in all postal games early: from { $at } the days count as thinking time again.
postal-notice-leave-repeated = Game #{ $game }: you have not answered the move { $move } yet. The leave notice is repeated with the last move: { $player } is on leave from { $from } until { $until }; your time runs as usual.
leave-scope-postal = in all postal games
postal-error-variants-off = This event's regulation does not allow variants. Nothing was sent.
postal-error-variant-ends = Game #{ $game }: the game would end inside the variant; send the final move on its own. Nothing was sent.
postal-error-no-move = The message has no move. Nothing was sent.
postal-error-no-new-move = Your answer ends on the variant's reply: add your own next move after it. Nothing was sent.
postal-error-answer-move = Move no. { $place } of your answer cannot be played: { $reason } Nothing was sent.
postal-error-wrong-repeat = Wrong repetition: move no. { $place } of your answer is { $got }, but the variant has { $expected } there. Repeat the accepted moves exactly and in order, then add your own move. Nothing was sent.
postal-error-unfinished = The variant answers that move with { $reply } (it cannot be changed). Repeat { $reply } and add your own next move. Nothing was sent.
postal-error-too-long = Your answer goes on after your own move { $own }: send only the accepted moves and one move of your own (a variant of yours goes after ";"). Nothing was sent.
postal-error-variant-pair = Variant pair { $pair } must be two moves: your partner's move and your reply ("; d7-d5 e2-e4"). Nothing was sent.
postal-error-variant-after-end = Variant pair { $pair } goes on after the game would have ended. Nothing was sent.
postal-error-variant-move = Variant pair { $pair }: { $reason } Nothing was sent.
postal-error-leave-over = That leave is over before today: a late notice counts only from the day it is sent.
postal-error-on-leave = You are on leave in all postal games until { $until }: its days are not thinking time, so no moves during it. To move now, end the leave with /leave cancel and its number (/leave list).
postal-reply-sent = Game #{ $game }: your move { $move } was sent on { $sent } (the bot's postmark). It cannot be changed now.
postal-reply-accepted = You repeated the accepted variant moves: { $moves }.
postal-reply-variant = Your variant has been sent with it: { $variant }.
postal-reply-record-header = Game #{ $game }, the postal record: each move with the date it was sent, the days it cost and its player's total.
postal-reply-record-line = { $move } — sent { $sent }, { $days } (in total { $total })
postal-reply-record-penalty = case #{ $case }: the arbiter { $sign ->
        [back] gave back from
       *[added] added to
    } the time of { $player }: { $days } (in total { $total })
postal-reply-leave = Leave #{ $leave } in all your postal games: from { $from } until { $until } ({ $days }). Your partners and the arbiter have been told.
postal-reply-leave-late = Leave #{ $leave }: announced after it started (planned from { $planned }), it counts from today, { $from }, until { $until } ({ $days }). Your partners and the arbiter have been told.
postal-reply-leave-ended = Leave #{ $leave } in all your postal games has ended: from today, { $at }, the days count as your thinking time again. Your partners and the arbiter have been told.
help-card = /card [#game] MOVE repeat=MOVE written=DATE postmark=DATE,DATE receipt=DATE — a card of a game by post; the recipient adds received=DATE; a card with an impossible move or none is entered with the word impossible
help-ledger = /ledger [#game] — the correspondence chart of a game by post: dates settled, time counted
postal-error-ledger-game = Game #{ $game } is played by post: enter each card with /card (see /help card).
postal-error-not-postal = Game #{ $game } is not in a postal event: cards are for games by post.
postal-error-not-ledger = Game #{ $game } is played through the bot: its moves need no cards.
postal-error-card-field = Cannot read { $key }={ $value } on the card: the keys are repeat, written, postmark, receipt, received and exempt, dates DD.MM.YYYY, exempt 0 to 3 days.
postal-error-card-recipient = The date of receipt is the recipient's to enter.
postal-error-card-sender = The written date, the receipt, the repetition and the exempt days are the sender's to enter.
postal-error-no-card = Game #{ $game } has no card yet.
postal-ledger-empty = Game #{ $game } has no card yet.
postal-ledger-header = Game #{ $game }, correspondence chart: { $white } (White) — { $black } (Black). Each card: as entered ⇒ as settled.
postal-ledger-line = { $move } from { $sender }: repeated { $repeat }; written { $written }, postmarks { $postmarks }, receipt { $receipt }, received (stated) { $stated } ⇒ sent { $sent }, received { $received }; { $days } (in total { $total })
postal-ledger-by-receipt = by the receipt
postal-ledger-by-earlier-postmark = by the earlier postmark
postal-ledger-by-postmark = by the postmark
postal-ledger-by-written = by the date on the card
postal-ledger-by-reply = by the date given in the reply
postal-ledger-by-later-postmark = by the postmark
postal-ledger-by-recipient = as the recipient states
postal-ledger-unsettled = not settled yet
postal-ledger-travelling = not yet (travelling)
postal-ledger-repeat-right = right
postal-ledger-repeat-wrong = WRONG
postal-ledger-penalty-repeat = penalty: the partner's move repeated wrongly
postal-ledger-penalty-registered = penalty: 5 days or fewer left, and the card was not registered
postal-ledger-penalty-registered-required = penalty: the regulation requires registered mail and the card has no receipt; add it: /card receipt=DATE
postal-ledger-exempt = not counted as thinking time: { $days }
postal-ledger-penalty-impossible = penalty: an impossible or illegible move
postal-ledger-penalty-address = penalty: a wrong address
postal-ledger-overstep = OVERSTEP: the time used exceeds the norm
postal-ledger-impossible-line = { $move } from { $sender }: IMPOSSIBLE MOVE, not played; written { $written }, postmarks { $postmarks }, receipt { $receipt }; penalty { $days }
postal-ledger-no-move = (no move)
postal-card-impossible-offer = If this is what the card already sent says, enter it as a card with an impossible move: { $command }. The move will not be played, and a penalty of 5 days will be added to your time, 10 on each repetition of this error.
button-card-impossible = Enter as an impossible move
postal-error-card-possible = The move { $move } is possible in game #{ $game }: drop the word "impossible" and the card is entered as usual.
postal-reply-card-impossible = The card with an impossible move in game #{ $game } has been entered: the move is not played, a penalty of { $days } has been added to your time, and your partner has been told. It is still your move: send a possible move of any piece and enter its card with /card.
postal-error-card-impossible-again = This card with an impossible move in game #{ $game } has already been entered; it was not recorded again. It is still your move: send a possible move and enter its card with /card.
postal-notice-impossible-card = Game #{ $game }: a card with the impossible move "{ $move }" has been entered; the sender is { $sender }. The move is not played, and a penalty of { $days } has been added to the sender's time. Within 3 days, ask your partner to replace it with a possible move; those days do not count as your thinking time if you enter them on your next card as exempt=DAYS.
postal-notice-card-without-move = Game #{ $game }: a card without a move has been entered; the sender is { $sender }. It counts as a card with an impossible move: a penalty of { $days } has been added to the sender's time. Within 3 days, ask your partner to send a move; those days do not count as your thinking time if you enter them on your next card as exempt=DAYS.
help-overstep = /overstep [#game] MOVE — claim the partner's time overstep with your next move, which the arbiter holds
postal-notice-claim-filed = Game #{ $game }: { $claimant } claims that you exceeded the time limit, case #{ $case }. The game is suspended until the arbiter decides. You may send the arbiter a reasoned objection until { $until }: /case { $case } say …
postal-error-claim-ledger = Game #{ $game } is played by post: send the claim, the time count and the chart (/ledger { $game }) to the arbiter with /dispute.
postal-error-suspended = Game #{ $game } is suspended by the overstep claim, case #{ $case }, until the arbiter decides.
postal-error-no-overstep = Game #{ $game }: { $player } has not exceeded the time limit; they have used { $used }. No claim is filed.
postal-error-claim-late = Game #{ $game }: too late. A claim must come with your reply to the partner's control move (move { $control }) at the latest, and that reply has already been sent. No claim is filed.
postal-claim-count = Time count: { $player } had used { $used } after their move { $moves }, over the norm of { $limit }.
postal-reply-claim = Game #{ $game }: your overstep claim is case #{ $case }. Your move { $move } is held by the arbiter and not passed on; the game is suspended until the decision.
postal-notice-objection-closed = Case #{ $case } (game #{ $game }): the 7 days to object to the overstep claim are over; the claim awaits your ruling: /rule { $case } score … time, or /rule { $case } resume.

## Teams (R3.1.3, R3.3.2, R3.4.4)
help-team = /team create EVENT NAME | captain|deputy TEAM @name | add TEAM @name [reserve] | order TEAM @a @b … | show TEAM | games [TEAM] | substitute TEAM BOARD @name — team events
team-event-created-head = Team event #{ $event } "{ $name }" has been created. You are its organizer and arbiter.
team-event-created-head-arbiters = Team event #{ $event } "{ $name }" has been created. You are its organizer; arbiter: { $arbiters }.
team-event-created = A team event: every team fields { $boards ->
    [one] { $boards } board
   *[other] { $boards } boards
}. Create the teams with /team create { $event } NAME, name their captains and add their players in board order.
team-created = Team #{ $team } "{ $name }" has been created in event #{ $event }. Name its captain: /team captain { $team } @name
team-captain-set = { $player } is the captain of team "{ $name }".
team-deputy-set = { $player } is the deputy captain of team "{ $name }".
team-deputy-cleared = Team "{ $name }" has no deputy captain now.
team-player-added = { $player } plays board { $board } for team "{ $name }".
team-reserve-added = { $player } is reserve { $board } of team "{ $name }".
team-order-set = The board order of team "{ $name }": { $order }.
team-show-header = Team #{ $team } "{ $name }", event #{ $event } "{ $event_name }"
team-show-captain = Captain: { $captain }
team-show-deputy = Deputy captain: { $deputy }
team-show-board = Board { $board }: { $player }
team-show-reserve = Reserve { $board }: { $player }
team-event-started = Team event #{ $event } "{ $name }" has started: { $matches ->
    [one] one match
   *[other] { $matches } matches
}, { $games ->
    [one] { $games } game
   *[other] { $games } games
}, all at once. Each board plays its counterpart; colours alternate by board.
team-standings-header = Team standings of event #{ $event } "{ $name }":
team-standings-line = { $place }. { $team } — match points: { $mp }, board points: { $bp } (won { $won }, drawn { $drawn }, lost { $lost }); matches left: { $left }
team-standings-footer = Order: match points ({ $win } for a match won, { $draw } drawn, { $loss } lost), then board points, then the match points scored among the tied teams.
team-games-header = Games of team "{ $name }" in event #{ $event }:
team-games-line = #{ $game } board { $board }: { $player } ({ $colour }) against { $opponent }; { $mover } to move, { $left } left, silent for { $silent }.
team-games-finished = #{ $game } board { $board }: { $player } ({ $colour }) against { $opponent }; finished { $result }.
team-games-none = No games yet.
notice-team-started = The team event "{ $event }" has started: your team "{ $team }" plays { $games ->
    [one] { $games } game
   *[other] { $games } games
}, all at once. /team games { $number } shows them with clocks and silences.
notice-continuation-due-via-captain = Game #{ $game }: you have not moved for { $days }. In a team event you announce continuing through your captain { $captain }: within 5 days tell { $captain }, who tells the arbiter, and your partner that you mean to continue, or the arbiter may score the game as a loss.
notice-captain-continuation-due = Your team's game #{ $game }: { $player } has not moved for { $days }. The notice of continuing goes through you, the captain: within 5 days tell the arbiter and the partner that { $player } continues, or the arbiter may score the game as a loss.
notice-team-substitution = Substitution ruled by the arbiter in team "{ $team }": { $incoming } replaces { $outgoing } on board { $board } and takes over { $games } { $games ->
    [one] game
   *[other] games
} not yet begun; games under way stay with { $outgoing }.
error-team-unknown = There is no team #{ $team }.
error-team-not-team-event = Event #{ $event } "{ $name }" is not a team event (team events are created with type=team boards=N).
error-team-event-join = Event #{ $event } "{ $name }" is a team event: players enter it with their team (/team add).
error-team-started = Event #{ $event } "{ $name }" has started: the line-ups are fixed (only the arbiter substitutes).
error-team-name-taken = Event #{ $event } already has a team "{ $name }".
error-team-in-other-team = { $player } is already in team "{ $team }" of this event.
error-team-full = Team "{ $name }" already fields { $boards ->
    [one] { $boards } board
   *[other] { $boards } boards
}; add { $player } as a reserve: /team add { $team } @name reserve
error-team-order-count = The board order of team "{ $name }" names exactly { $boards ->
    [one] { $boards } player
   *[other] { $boards } players
} of the team.
error-team-not-member = { $player } is not in team "{ $name }".
error-team-deputy-is-captain = The captain of team "{ $name }" cannot also be its deputy.
error-team-not-ready = Team #{ $team } "{ $name }" is not ready: it needs a captain and { $boards ->
    [one] { $boards } player
   *[other] { $boards } players
} on its boards.
error-team-too-few = Event #{ $event } "{ $name }" needs at least two teams to start.
error-team-none-led = You do not captain a team in a started event; name one: /team games TEAM
error-team-which = You lead several teams ({ $teams }); name one: /team games TEAM
error-team-no-board = There is no board { $board }: the team fields { $boards ->
    [one] { $boards } board
   *[other] { $boards } boards
}.
error-team-not-reserve = { $player } is not a reserve of this team.
error-team-already-playing = { $player } already plays for the team.
## Roles and sanctions: conflicts of interest, sanction targets, who decides appeals, one team per player
error-case-conflict = You are a party of case #{ $case } and cannot decide it (conflict of interest). { $count ->
    [0] Nobody free of the case can decide it yet: an administrator names another arbiter for the event.
   *[other] It is decided by: { $deciders }.
}
error-sanction-target = { $player } is neither a party of case #{ $case } nor a player of its game: this ruling may sanction only { $parties }. To sanction { $player }, open a case about them.
case-line-deciders-committee = The appeal is decided by the appeals committee: { $deciders }.
case-line-deciders-administrators = The event has no appeals committee member free of this case, so the administrators decide the appeal: { $deciders }.
event-line-committee = Appeals committee: { $committee }.
event-line-committee-none = Appeals committee: none named; the administrators decide appeals.
error-team-one-team = { $player } already belongs to team "{ $team }" of this event: a player belongs to one team of an event.
error-team-disqualified = { $player } is disqualified: they cannot join a team, lead one or be substituted in.
error-disqualified-play = You are disqualified and cannot play.
reply-case-settle-agreed = Your team agrees to settle case #{ $case }. It is settled once the other team's captain (or deputy) agrees too: /case { $case } settle. Either captain may pass it to the arbiter instead: /case { $case } forward


## Bad input: unreadable text, numbers and dates out of reach
error-leave-too-far = Leave may start no later than the end of next year, and "{ $value }" is later. Choose a first day no later than { $last }.
error-extra-leave-event = "{ $value }" is not an event number. Write it as #12, or leave it out when you play in one event only.
error-extra-leave-too-long = Extra leave is at most { $limit ->
    [one] { $limit } day
   *[other] { $limit } days
} a year, so { $days } cannot be granted. Ask for { $limit } or fewer.
error-text-unreadable = The message could not be read: it is not valid UTF-8 text. Nothing was done; please send it again as plain text.
error-text-nul = The message contains a NUL character (code 0), which cannot be stored. Nothing was done; please send it again without it.


## Identity and private answers ([trust])
error-private-chat-only = This command carries a secret, so it works only in a private chat with the bot. Nothing was done here; open a private chat with the bot and send it there.
telegram-ask-privately = The answer is private, so it is not shown in this group, and I could not write to you privately. Open a private chat with the bot, press Start, and ask there.
error-name-characters = A name needs visible letters and may not contain control, direction-changing or invisible characters: they let one name pass for another. Choose a name of visible letters: /name NAME
error-name-is-handle = "{ $name }" is the user name of another player, and @{ $name } must find that player. Choose another name: /name NAME
reply-link-requested = The account that asked for this code must now confirm the join: it got a message with a button. If it does not confirm within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}, nothing is joined.
error-link-confirm-code = This confirmation is unknown, used or expired, or it is not for this account. Start again: /link from this account, then /link CODE from the other one.
notice-link-requested = The { $platform } account of { $name } asks to join your account with the link code you got. If that is you, confirm within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}: /link confirm { $code } — if not, ignore this message: nothing is joined without your confirmation.
button-link-confirm = Join the accounts

## Help per command (/help COMMAND): what it does, two examples, who may use it.
## $move and $knight are 1. e2-e4 and 1. Кg1-f3 in the reader's notation.
help-group-account = Your account
help-group-playing = Playing
help-group-events = Events
help-group-leave = Leave and absence
help-group-cases = Disputes and questions to the arbiter
help-group-arbiter = Arbiter and appeals committee
help-group-captain = Team captains
help-group-administration = Administration
help-footer = /help COMMAND tells more about one command, for example /help move. /help all lists every command.
help-who = Who may use it: { $who }
help-more-help = Shows the commands you may use, grouped, or one command in detail.
    Examples: /help, /help move
help-who-help = everyone.
help-more-start = Greets you and registers you with the bot; nothing else is needed to join events.
    Example: /start
help-who-start = everyone.
help-more-profile = Shows your name, language, notation, board orientation, notices and contact details. The answer is private.
    Example: /profile
help-who-profile = everyone, about themselves.
help-more-name = Sets the name shown in events, tables and notices: letters and spaces, at most 64 characters, not another player's user name.
    Examples: /name Olena Koval, /name Andrii
help-who-name = everyone.
help-more-lang = Sets the language of the bot's messages: Ukrainian (uk) or English (en). The notation the bot shows moves in follows the language (Ukrainian long or SAN) until you choose one yourself with /notation.
    Examples: /lang en, /lang uk
help-who-lang = everyone.
help-more-notation = Sets the notation the bot shows moves in; you may type moves in any notation the event allows.
    Examples: /notation san, /notation ukr
help-who-notation = everyone.
help-more-orientation = Chooses the side boards are shown from: auto (your colour), white or black.
    Examples: /orientation auto, /orientation black
help-who-orientation = everyone.
help-more-contact = Records your postal address or e-mail; a dash clears it. Contacts are shown only to those the rules allow.
    Examples: /contact email olena@example.org, /contact address -
help-who-contact = everyone, about themselves.
help-more-contacts = Shows the contact details you may see: yours and your current partners', or one player's. The answer is private.
    Examples: /contacts, /contacts @olena
help-who-contacts = everyone; another player's only for their partners, the arbiter, administrators and, in team events, their captain.
help-more-link = Joins your Telegram and Discord accounts into one player: ask for a code in one, then send it from the other; the first account confirms. Only in a private chat.
    Examples: /link, /link 4F7K2Q
help-who-link = everyone, in a private chat.
help-more-events = Lists the events: open for entries, running and finished.
    Example: /events
help-who-events = everyone.
help-more-event = Creates, shows, enters and starts events: create NAME [settings], show N, join N, withdraw N, start N, games N (the event's games at a glance); the organizer also: rename N NAME, set N key=value, close N (no more entries), remove N @name (they cannot enter again), readmit N @name (undo the removal: they may enter again), invite N (a link or button to enter), final N (start the final of an event in sections before every section is over), cancel N.
    Examples: /event show 1, /event join 1, /event set 1 control=30/10
help-who-event = everyone may show, join, withdraw and see the games; organizers create events; the event's organizer and administrators start, rename, change, close, remove and readmit entrants, invite, start a final early and cancel.
help-more-players = Lists the club's registered players (or an event's entrants) with their Telegram and Discord user names, to name them in /organizer, arbiter= or /event remove.
    Examples: /players, /players 2
help-who-players = organizers, arbiters and administrators.
help-more-games = Lists your games: first those where it is your move, the nearest deadline first, then those where the partner moves; with all, finished games too.
    Examples: /games, /games all
help-who-games = everyone.
help-more-board = Shows the board of a game, from your side; the game number is needed when you have several games.
    Examples: /board, /board #3
help-who-board = everyone.
help-more-move = Makes your move. A move alone is enough; the game number is needed only when the move fits several of your games.
    Examples: { $move }, /move #3 { $knight }
help-who-move = the player to move.
help-more-draw = Offers a draw, or accepts or declines the partner's offer.
    Examples: /draw offer, /draw accept #3
help-who-draw = the game's players.
help-more-claim = Claims a draw by threefold repetition or the fifty-move rule, now or with the move you name.
    Examples: /claim repetition, /claim fifty #3 { $knight }
help-who-claim = the player to move.
help-more-resign = Resigns a game; the bot asks you to confirm first.
    Examples: /resign, /resign #3
help-who-resign = the game's players.
help-more-time = Shows both players' time in a game: days used and days left under the control, and how long the player to move can still think on this move before losing on time.
    How time is counted: every 10 moves get 50 days; only whole 24-hour days count; past 20 days on one move, each further day counts double. Example: with 50 days left you can think 36 days on one move: the first 20 days count 20, the next 15 count 30, 50 in all; when the 36th day is over, the time is exceeded. The last minute in which a move still counts is shown in your time zone.
    Examples: /time, /time #3
help-who-time = everyone.
help-more-record = Shows a game's record with the days each move took.
    Examples: /record, /record #3
help-who-record = everyone.
help-more-note = Keeps a note that only you see: on the game, on a move played (14. is White's move, 14... Black's), or a line of analysis from the current position in any notation the event allows. Up to 500 characters and 50 notes a game.
    Examples: /note 3 Press on the queenside here, /note 3 line 15. Nf3 Bg4 16. h3
help-who-note = the game's players, for themselves.
help-more-notes = Shows your notes and lines on a game; your opponent, the arbiter and spectators never see them.
    Example: /notes 3
help-who-notes = the game's players, about their own notes.
help-more-leave = Registers, lists and cancels your leave: add DATE DAYS (the date as DD.MM.YYYY or DD.MM; 45 days a year), list, cancel N.
    Examples: /leave add { $date } 14, /leave list
help-who-leave = every player, about their own leave.
help-more-mute = Turns off notices of your partners' moves; reminders and results still come.
    Example: /mute
help-who-mute = everyone.
help-more-unmute = Turns notices of your partners' moves back on.
    Example: /unmute
help-who-unmute = everyone.
help-more-timezone = Sets the time zone the bot shows dates and deadlines in (rule dates stay in the event's zone); without a zone, shows yours.
    Examples: /timezone Kyiv, /timezone New York
help-who-timezone = everyone.
help-more-digest = Turns the daily digest on or off: one message a day with every game where it is your move, instead of a notice per move.
    Examples: /digest on, /digest off
help-who-digest = everyone.
help-more-standings = Shows an event's table with its tie-breaks.
    Examples: /standings, /standings #2
help-who-standings = everyone.
help-more-pgn = Sends a game, or a whole event, in PGN for analysis programs.
    /pgn N mine sends a finished game of yours with your notes as comments and your lines as variations.
    Examples: /pgn #3, /pgn event 2, /pgn 3 mine
help-who-pgn = everyone.
help-more-dispute = Opens a dispute with your partner for the arbiter (in team events the captains first), with what happened in your own words.
    Examples: /dispute #3 My partner's move did not reach me, /dispute The reply was sent twice
help-who-dispute = the game's players.
help-more-failure = Reports a serious computer or software failure that kept you from moving.
    Examples: /failure #3 My computer broke down on 2 March, /failure The bot did not show my move
help-who-failure = the game's players.
help-more-ask = Asks the event's arbiter a question; the answer comes in the case file.
    Examples: /ask #2 May I take leave in July?, /ask How are ties broken?
help-who-ask = the event's players.
help-more-offline = Reports a loss of internet access (up to 30 days, once a year): your games wait. An arbiter may report it for a player.
    Examples: /offline Moving house, /offline @olena Called by phone
help-who-offline = players about themselves; arbiters about a player.
help-more-online = Ends a reported absence: your games run again.
    Examples: /online, /online @olena
help-who-online = players about themselves; arbiters about a player.
help-more-extraleave = Asks the arbiter for extra leave with the reasons (at most 15 days a year).
    Example: /extraleave { $date } 10 #2 Operation and recovery
help-who-extraleave = the players of an event.
help-more-cases = Lists the cases you may see: yours, and for arbiters every case of their events.
    Example: /cases
help-who-cases = everyone.
help-more-case = Shows a case file and acts on it: take, say TEXT, note TEXT (arbiters' private note), withdraw, forward, settle, close.
    Examples: /case 5, /case 5 say I add a photo of the envelope
help-who-case = the case's parties, the arbiter, the appeals committee and, in team events, the captains of the parties' teams.
help-more-rule = The arbiter's ruling on a case: one or more measures, then the reasons after --.
    Examples: /rule 5 score 1-0 -- the reply was late, /rule 5 clock @olena +3 -- the failure is proven
help-who-rule = the event's arbiter, unless a party to the case.
help-more-appeal = Appeals a ruling to the appeals committee within 14 days of receiving it, with the grounds.
    Example: /appeal 5 The move was sent in time: see the receipt
help-who-appeal = the case's parties.
help-more-decide = The appeals committee's final decision: uphold the ruling, or replace it with new measures; the reasons after --.
    Examples: /decide 5 uphold -- the ruling is right, /decide 5 replace score ½-½ -- both were late
help-who-decide = the appeals committee (administrators where the event names none), unless a party to the case.
help-more-request = The arbiter's request to a player, who must answer within 20 days.
    Example: /request @olena #2 Please confirm your postal address
help-who-request = the event's arbiter.
help-more-answer = Answers the arbiter's request.
    Example: /answer 7 My address is correct
help-who-answer = the player asked.
help-more-card = Records a card of a game by post: the move, its repetition and the dates; the recipient adds the date received. A card with an impossible move or none is entered with the word impossible: the move is not played, and the sender's time gets a penalty of 5 days, 10 on each repetition.
    Example: /card #3 { $move } written=01.03.2026 postmark=02.03.2026
help-who-card = the players of a game by post.
help-more-ledger = Shows the correspondence chart of a game by post: the dates settled and the time counted.
    Examples: /ledger, /ledger #3
help-who-ledger = everyone.
help-more-overstep = Claims that the partner overstepped the time, with your next move, which the arbiter holds.
    Example: /overstep #3 { $knight }
help-who-overstep = the players of a game by post.
help-more-team = Team events: create a team, name a captain or deputy, add players and reserves, set the board order, show a team or its games, substitute.
    Examples: /team show 1, /team games
help-who-team = everyone may show a team; the organizer and the arbiter create teams and add players; captains and deputies set the board order.
help-more-organizer = Allows a player to create events, or takes that away.
    Examples: /organizer @olena, /organizer remove @olena
help-who-organizer = administrators.
help-more-confirm = With confirmation on, each move you send is held until you confirm it with a button (or cancel it); the clock runs until it is confirmed (a sent move cannot be taken back).
    Examples: /confirm on, /confirm #3
help-who-confirm = everyone; a held move only by its player.
help-more-say = Sends a message to your opponent in a game; it is kept with the game and shown to the arbiter in a case. A move may carry one too.
    Examples: /say #3 Good luck!, { $move } -- Good afternoon, have a good game!
help-who-say = the game's players.
help-more-messages = Turns messages from opponents on or off; they are still kept with the game.
    Examples: /messages off, /messages on
help-who-messages = everyone.
help-more-continue = After 35 days without your move, tells the arbiter and your partner that you mean to continue the game; in team events through your captain.
    Examples: /continue, /continue #3
help-who-continue = the player to move in a silent game.
help-more-theme = Chooses the colours of your boards, animations and tables: green, brown, blue or gray.
    Examples: /theme blue, /theme green
help-who-theme = everyone.
help-more-gif = Sends a game from its start to now as an animation, a frame per move, the last move highlighted.
    Examples: /gif, /gif #3
help-who-gif = everyone.

## follow: help per command
help-more-follow = Follows a game, a whole event, a player or your team: a private notice when a followed game ends, and with "moves" each move too (as late as on the public pages while the event's public delay holds moves back).
    Examples: /follow 12, /follow event 3, /follow @olena, /follow team moves
help-who-follow = everyone; all of a team's games at once: its players, captain and deputy.
help-more-following = Lists what you follow: games, events, players and teams, with each move or results only.
    Example: /following
help-who-following = everyone.
help-more-unfollow = Stops following a game, an event, a player or your team, or everything with "all".
    Examples: /unfollow 12, /unfollow all
help-who-unfollow = everyone.
## [words] Wording: quotes, names of settings, languages, rule sets and roles
quoted-text = "{ $text }"
argument-name = { $argument ->
    [action] action
    [card] card
    [case] case number
    [days] number of days
    [event] event number
    [field] what to record (address or email)
    [game] game number
    [kind] kind of claim
    [language] language
    [leave] leave number
    [move] move
    [name] name
    [notation] notation
    [points] rating points
    [orientation] board side
    [player] player
    [request] request number
    [reserve] reserve
    [scope] what to show
    [setting] setting
    [source] source
    [start] first day
    [switch] on or off
    [team] team
    [text] text
    [theme] theme
    [value] value
   *[other] { $argument }
}
rule-set-name = { $rules ->
    [postal] postal
   *[server] server
}
language-name = { $code ->
    [en] English
   *[uk] Ukrainian
}
notation-name = { $code ->
    [ukr] Ukrainian long (e2-e4, Кg1-f3)
    [ukr-short] Ukrainian short (e4, Кf3)
    [san] SAN (e4, Nf3)
    [lan] long algebraic, LAN (e2-e4, Ng1-f3)
    [uci] UCI (e2e4, g1f3)
    [iccf] ICCF numeric (5254, 7163)
   *[other] { $code }
}
## Club ratings (/rating, /top) and thematic events (opening=)
help-more-rating = A player's rating in the club over rated events (rated=yes), computed as ICCF does (rating=iccf, the default: divisor 640) or by Elo (rating=elo: divisor 400, the events from before): the phase (provisional until 12 rated games, unfixed until 30, then fixed), games played and the last changes. Without a name, your own. A game without a move by each side is not rated. With set, an administrator gives a newcomer an imported starting rating (ICCF or national) with its source: their first rated game starts from it instead of 1500.
    Examples: /rating, /rating @olena, /rating set @olena 1850 source=ICCF 2026/4
help-who-rating = everyone; set: administrators.
help-more-top = The club's rating table: players with at least one rated game, highest rating first. A game counts only when each side has made at least one move.
    Example: /top
help-who-top = everyone.
reply-rating = { $name }: rating { $rating }, { $games } rated { $games ->
        [one] game
       *[other] games
    }; { $phase ->
        [provisional] provisional (until 12 rated games)
        [unfixed] unfixed (until 30 rated games)
       *[fixed] fixed
    }.
reply-rating-none = { $name }: no rated games yet; the starting rating is { $rating }.
reply-rating-change = Game { $game } (opponent: { $opponent }), { $outcome ->
        [win] won
        [draw] drawn
       *[loss] lost
    }: { $before } → { $after } ({ $delta })
reply-top-header = Club ratings:
reply-top-line = { $place }. { $name }: { $rating } ({ $games } { $games ->
        [one] game
       *[other] games
    })
reply-top-empty = No rated games yet: the table appears after the first one.
reply-top-note = Only games with at least one move by each side are rated.
## ICCF ratings (issue 40): the phases, imported starting ratings, published lists (/rating set, /ratings)
help-more-ratings = The latest published rating list: the ratings as they stood on its date, which later games do not change (ICCF publishes four lists a year). With publish, an organizer or an administrator publishes a new list of today's ratings, one a day at most.
    Examples: /ratings, /ratings publish
help-who-ratings = everyone; publish: organizers and administrators.
setting-rating-formula = { $formula ->
    [elo] Elo (divisor 400, K 32)
   *[iccf] ICCF (divisor 640, K by phase)
}
event-line-rating-formula = Rating formula: { $formula }.
reply-rating-seed-source = Imported starting rating, source: { $source }.
reply-rating-seed-set = { $name }: starting rating { $rating } (source: { $source }). The first rated game starts from it instead of { $start }.
error-rating-seed-rated = { $name } already has { $games } rated { $games ->
        [one] game
       *[other] games
    }: the rating now comes from the games played, and an imported starting rating only seeds a newcomer.
reply-top-provisional = ? — provisional rating: fewer than 12 rated games.
reply-ratings-none = No rating list has been published yet. /top shows the current ratings.
reply-ratings-header = Rating list of { $date }:
reply-ratings-empty = Nobody had a rated game on that date.
reply-ratings-published = Rating list of { $date } published: { $count } { $count ->
        [one] player
       *[other] players
    }. Its numbers stay as they are; /ratings shows it.
error-ratings-published-today = A rating list of { $date } is already published: one a day, and its numbers do not change. /ratings shows it.
## Managing events ([events]): rename, set, close entries, remove, cancel, the event's games, the club's players
error-event-cancelled = Event #{ $event } "{ $name }" is cancelled: nothing can be done in it any more. /events lists the other events.
error-event-finished = Event #{ $event } "{ $name }" is finished: nothing in it can change any more.
error-event-edit-started = Event #{ $event } "{ $name }" has already started: entrants can be removed and the event cancelled only before the start.
error-event-name-long = The name is too long: at most { $max ->
    [one] { $max } character
   *[other] { $max } characters
}.
error-event-set-type = The type of an event (type=) cannot change: cancel it (/event cancel { $event }) and create a new one.
error-event-set-boards = Event #{ $event } "{ $name }" is not a team event: boards= is a setting of team events only.
error-event-set-started = Event #{ $event } "{ $name }" has already started: { $key }= would change the sporting conditions, so it stays as it is. After the start only the arbiters (arbiter=), the appeals committee (committee=) and the channels (arbiter-channel=, appeals-channel=, channel=, channel-lang=) may change.
error-event-remove-team = In a team event the line-ups change with /team (the captain or the organizer).
error-event-remove-absent = Not entered in event #{ $event } "{ $name }": { $player }. /players { $event } lists the entrants.
reply-event-renamed = Event #{ $event } is now called "{ $new }".
reply-event-set = Event #{ $event } "{ $name }": settings changed:
    { $settings }
    /event show { $event } shows every setting.
setting-name = { $key ->
    [rules] rules
    [rounds] rounds
    [control] time control
    [exclusion] exclusion
    [leave] leave
    [zone] time zone
    [registered-mail] registered mail
    [notations] notations
    [match-points] match points
    [arbiter] arbiter
    [committee] appeals committee
    [arbiter-channel] arbiters' channel
    [channel-lang] language of the channels
    [appeals-channel] appeals channel
    [type] type of event
    [boards] boards
    [rated] rated
    [rating-formula] rating formula
    [channel] game channel
    [max-players] most players
    [start] start
    [rating] rating band
    [min-games] rated games required
    [timeout-ban] ban after a loss on time
    [max-timeouts] largest share of losses on time
    [draw-offers] draw offers
    [public-delay] spectators' delay
    [opening] opening
    [conditional] conditional moves
    [regulation] regulation
    [sections] sections
    [qualify] going to the final
    [format] format
    [games] games a match
    [tie] a level match
   *[other] { $key }
}
reply-event-closed = Entries to event #{ $event } "{ $name }" are closed; entered: { $players }. /event start { $event } starts it.
reply-event-removed = Removed from event #{ $event } "{ $name }": { $player }. The entrant has been told.
reply-event-cancelled = Event #{ $event } "{ $name }" has been cancelled; the entrants have been told: { $players }.
error-event-join-removed = { $organizer } removed you from event #{ $event } "{ $name }" and you cannot enter it again on your own. To enter again, ask { $organizer } to readmit you (/event readmit { $event } with your name).
error-event-readmit-absent = Not removed from event #{ $event } "{ $name }": { $player }. There is no removal to undo.
reply-event-readmitted = { $player } may enter event #{ $event } "{ $name }" again: they have been told and enter with /event join { $event } or an invitation.
notice-entry-readmitted = You may enter event #{ $event } "{ $name }" again: /event join { $event }.
notice-entry-removed = You have been removed from event #{ $event } "{ $name }" before its start. /events lists the other events.
notice-event-cancelled = Event #{ $event } "{ $name }", which you entered, has been cancelled. /events lists the other events.
notice-event-started-full = Event #{ $event } "{ $name }", which you organize, has started by itself: its last place is taken. { $games ->
    [one] { $games } game has
   *[other] { $games } games have
} started at once.
reply-event-games-header = Games of event #{ $event } "{ $name }": { $finished } of { $games } finished.
reply-event-games-none = No games yet: the event has not started.
reply-event-games-finished = #{ $game } { $white } — { $black }: { $result }
reply-event-games-line = #{ $game } { $white } — { $black }: { $mover } to move, for { $days }
reply-players-club = The club's registered players ({ $count }):
reply-players-event = Entered in event #{ $event } "{ $name }" ({ $count }):
reply-players-line = { $player } — { $accounts }
reply-players-hint = Someone missing? They register by sending /start to the bot; then their name works in /organizer, arbiter= and /event remove.
reply-players-console = console
reply-players-no-handle = { $platform }: no user name
event-line-details = Notations allowed: { $notations }. Leave: { $leave } a year. Time zone for deadlines: { $zone }.
event-line-entry = Who may enter: { $conditions }.
setting-public-delay-none = none: spectators see every move at once
setting-public-delay-moves = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
event-line-public-delay = Spectators (the web pages, the game threads, the PGN files) see each move of a game in play { $moves ->
    [one] one move
   *[other] { $moves } moves
} later, and the whole game once it has ended.
event-line-draw-offers = Draw offers: at most one per { $moves ->
    [one] move
   *[other] { $moves } moves
} of the offering player.
entry-condition-max-players = at most { $max ->
    [one] { $max } player
   *[other] { $max } players
}
entry-condition-start-full = the event starts by itself when the last place is taken
entry-condition-start-manual = the organizer starts the event
entry-condition-rating = a club rating from { $min } to { $max }
entry-condition-min-games = at least { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} finished
entry-condition-timeout-ban = no game lost on time in the last { $days }
entry-condition-max-timeouts = at most { $max }% of finished games lost on time
entry-condition-none = none
error-entry-refused = You may not enter event #{ $event } "{ $name }": { $reason } Nothing has changed.
error-entry-refused-player = { $player } may not enter event #{ $event } "{ $name }": { $reason } Nothing has changed.
error-entry-start-full = start=full starts the event when its last place is taken, so it needs the number of places: add max-players=N.
entry-refusal-full = all { $max } places are taken.
entry-refusal-rating = the club rating is { $rating }, and the event admits ratings from { $min } to { $max }.
entry-refusal-min-games = the event requires at least { $min ->
    [one] { $min } rated game
   *[other] { $min } rated games
} finished, and { $games } { $games ->
    [one] is
   *[other] are
} finished.
entry-refusal-timeout-ban = a game was lost on time on { $lost }, and the event requires { $days } without a loss on time. Entry is possible from { $from }.
entry-refusal-max-timeouts = { $losses } of { $games } finished games were lost on time ({ $percent }%); the event admits at most { $max }%.
entry-refusal-timeouts-more = With { $more ->
    [one] { $more } more finished game
   *[other] { $more } more finished games
} without a loss on time, entry becomes possible.

## sections: sections and a final (issue 40)
notice-event-started-section = You play in section { $section }.
notice-final-started = All sections of event #{ $event } "{ $name }" have been played. The final has started, all its games at once. Finalists: { $finalists }.
notice-final-started-games = Your games in the final: { $games }. /games lists them.
notice-final-started-out = You have not qualified for the final; /standings shows the sections and the final.
standings-section = Section { $section }
standings-final = Final
event-line-sections = Format: { $sections ->
    [one] { $sections } section
   *[other] { $sections } sections
}, all-play-all; { $qualify ->
    [1] each section's winner goes
   *[other] the best { $qualify } of each section go
} to the final, all-play-all.
event-line-stage = { $stage }: { $players }.
error-sections-team = Team events keep their own rules: they have no sections and no final.
error-qualify-without-sections = The players going to the final are counted per section: first set the number of sections, for example sections=2 qualify=2.
error-sections-too-few = Event #{ $event } "{ $name }" is played in { $sections ->
    [one] { $sections } section
   *[other] { $sections } sections
}, and each needs at least two players: { $needed ->
    [one] { $needed } player
   *[other] { $needed } players
} at least. Change the number of sections (/event set { $event } sections=N) or wait for more entries.
error-sections-qualify = Event #{ $event } "{ $name }" sends the best { $qualify } of each section to the final, but its smallest section would have only { $smallest ->
    [one] { $smallest } player
   *[other] { $smallest } players
}. Lower qualify= or the number of sections.
notice-final-started-early = The organizer has started the final of event #{ $event } "{ $name }" early, all its games at once. Finalists by the sections' current standings: { $finalists }. { $games ->
    [one] { $games } section game is still in play: it counts for its section's table but no longer changes the final.
   *[other] { $games } section games are still in play: they count for their sections' tables but no longer change the final.
}
reply-final-started = The final of event #{ $event } "{ $name }" has started: { $games ->
    [one] { $games } game
   *[other] { $games } games, all at once
}. Finalists by the sections' current standings: { $finalists }.
reply-final-section-games = { $games ->
    [one] { $games } section game is still in play: it counts for its section's table but no longer changes the final.
   *[other] { $games } section games are still in play: they count for their sections' tables but no longer change the final.
} The event ends when all its games, of the sections and of the final, have ended.
error-final-not-allowed = Only the event's organizer or an administrator may start the final of event #{ $event } "{ $name }" early. Otherwise it starts by itself when the last section game ends; /standings { $event } shows the sections.
error-final-no-sections = Event #{ $event } "{ $name }" is not played in sections, so it has no final to start. Sections and a final are set with sections=K before the event starts.
error-final-not-running = Event #{ $event } "{ $name }" has not started yet: its sections are not being played, so it is too early for the final. Start the event first: /event start { $event }.
error-final-already-started = The final of event #{ $event } "{ $name }" has already started; there is no second one. /standings { $event } shows the sections and the final.
## clocks: the clocks a regulation may choose (control=server, control=fischer:B+I/CAP, control=days:N)
control-federation = { $days }/{ $moves } (days/moves)
control-fischer = Fischer clock: { $base } at the start, plus { $increment } after each move
control-fischer-cap = Fischer clock: { $base } at the start, plus { $increment } after each move, at most { $cap } in hand
control-per-move = { $days } for every move; unused days do not carry over
web-regulation-clock = Time control: { $control }.
web-regulation-reminders-left = Reminders { $first } and { $second } before the time for a move runs out.
error-event-control = The setting control={ $value } is not possible. Accepted forms: control=server (the federation's control: 50 days per 10 moves, each day past 20 on one move counts double), control=D/M (D days per M moves under the federation's control), control=fischer:30+1/60 (30 days at the start, plus 1 day after each move, at most 60 days in hand; "/60" may be left out), control=days:5 (5 days for every move). At most 366 days in each number. Nothing has changed.
error-event-control-postal = A Fischer clock and days per move work only under the server rules: a postal event keeps the postal clock. Use control=server or control=50/10 (days per moves). Nothing has changed.

## club branch: invitations (/event invite, /start join-…)
reply-invite-telegram = Invitation to event #{ $event } "{ $name }": { $link }
    Whoever opens the link and presses Start is registered and entered in one step, while entries are open. To revoke it: /event invite { $event } off.
reply-invite-discord = Event #{ $event } "{ $name }" is open for entries: press "Join" below to register with the bot and enter in one step.
reply-invite-command = Invitation to event #{ $event } "{ $name }": whoever sends the bot { $command } is registered and entered in one step, while entries are open. To revoke it: /event invite { $event } off.
reply-invite-off = Invitations to event #{ $event } "{ $name }" revoked: { $count ->
    [one] { $count } link no longer works
   *[other] { $count } links no longer work
}. /event invite { $event } makes a new one.
button-invite-join = Join
reply-invite-joined = Welcome! Your name in events: { $player } (to change it: /name). You are entered in event #{ $event } "{ $name }". Your games come to you as soon as the organizer starts the event. /event show { $event } shows the event; /event withdraw { $event } takes you out before the start.
error-invite-team = Event #{ $event } "{ $name }" is a team event: players enter it with their team (/team add), not by invitation.
error-invite-not-open = Event #{ $event } "{ $name }" is not open for entries, so an invitation to it would not work.
error-invite-unknown = This invitation is unknown or has been revoked. Ask the organizer for a new one; /events lists the events open for entries.
error-invite-started = Event #{ $event } "{ $name }" has already started, so its invitation no longer works. /events lists the events open for entries.
error-invite-closed = Entries to event #{ $event } "{ $name }" are closed, so its invitation no longer works. Ask the organizer; /events lists the events open for entries.

## club branch: /event show
event-player-points = { $player } — { $points }
event-line-teams = Teams: { $teams }.
event-line-teams-none = Teams: none yet (/team create).
event-team-captain = { $team } (captain: { $captain })
event-team-no-captain = { $team } (no captain yet)

## club branch: naming someone not yet registered for a role
error-staff-unregistered = Nobody called "{ $name }" is registered with the bot yet, so no role can be given. Ask them to send /start to the bot (on Telegram or Discord), then repeat this command. An invitation to an event (/event invite N) registers and enters a player in one step; /players lists the registered players.
## branch player: postal deadlines as instants (R2.4, R2.6.1), settings at /start
clock-postal-deadline-yours = Your move in game #{ $game }: { $days } on it so far; send it by { $at } at the latest, or your time is exceeded.
clock-postal-deadline = Game #{ $game }, { $side ->
    [white] White
   *[black] Black
} to move: { $days } on this move so far; a move sent after { $at } exceeds the time limit.
clock-postal-over-yours = Your move in game #{ $game }: { $days } on it so far; time exceeded by { $over }, and your partner may claim it with the arbiter.
clock-postal-over = Game #{ $game }, { $side ->
    [white] White
   *[black] Black
} to move: { $days } on this move so far; time exceeded by { $over }.
postal-notice-deadline = Send your move by { $at } at the latest, or your time is exceeded.
postal-notice-over = Time exceeded by { $over }: your partner may claim it with the arbiter.
reply-games-line-mine-over = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; { $days } on this move; time exceeded by { $over }
reply-games-line-theirs-over = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; the opponent has { $days } on this move; time exceeded by { $over }
notice-digest-line-over = #{ $game } — opponent: { $opponent }; { $days } on this move; time exceeded by { $over }
board-overstepped = time exceeded
reply-start-settings = Your settings:
    language: { $language } — /lang uk or /lang en
    notation: { $notation } — /notation and the notation's name (/help notation)
    time zone: { $zone } — /timezone Kyiv
    daily digest: { $digest } — /digest on or /digest off
    move confirmation: { $confirm } — /confirm on or /confirm off
    messages from opponents: { $messages } — /messages on or /messages off
setting-on = on
setting-off = off
setting-yes = yes
setting-no = no
setting-exclusion-losses = losses in the unfinished games
setting-exclusion-annulled = the unfinished games annulled
## Branch visual: thematic events (opening=)
error-opening-move = { $key }: the move { $number } { $move } is not possible. { $reason } Nothing was changed.
error-opening-fen = { $key }: "{ $value }" is not a possible chess position. Give the moves ({ $key }="1. e4 c5") or a valid FEN. Nothing was changed.
error-opening-empty = { $key }: there is no move. Example: { $key }="1. e4 c5 2. Nf3". Nothing was changed.
error-opening-finished = { $key }: after these moves the game is already over (mate, stalemate or insufficient material). Nothing was changed.
error-opening-postal = { $key }: a thematic start is possible only in events under the server rules. Nothing was changed.
event-line-opening = Thematic event: the games start after { $moves }; { $side ->
        [white] White moves
       *[black] Black moves
    } first.
event-line-opening-fen = Thematic event: the games start from the position { $fen }; { $side ->
        [white] White moves
       *[black] Black moves
    } first.
## Branch storms: several notices to one player at one instant, as one message
notice-batch-reminders = Reminders for { $count } { $count ->
    [one] game
   *[other] games
}:
notice-batch = Notices about { $count } { $count ->
    [one] game
   *[other] games
}:
notice-batch-game = Notices about game #{ $game }:
notice-batch-game-reminders = Reminders about game #{ $game }:
notice-batch-reminder = #{ $game } — opponent: { $opponent }; no answer for { $days }; your clock: { $left }
notice-batch-reminder-deadline = #{ $game } — opponent: { $opponent }; no answer for { $days }; move by { $at } at the latest or the game is lost on time
button-continue-game = I continue game #{ $game }

## Command flood protection ([trust-2]): one refusal a window, then silence
reply-slow-down = You are sending commands too quickly. Please wait { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} and send the command again: commands sent before then will not be run.
notice-room = Time left to think on this move: { $room }.
room-doubling = { $days } (each day past { $threshold } on one move counts double)
room-under-a-day = less than a day
notice-digest-line-room = #{ $game } — opponent: { $opponent }; { $days } on this move; left to think: { $room }; move by { $at } at the latest
notice-batch-reminder-room = #{ $game } — opponent: { $opponent }; no answer for { $days }; left to think: { $room }; move by { $at } at the latest or the game is lost on time
reply-games-line-mine-postal = #{ $game } — opponent: { $opponent }, you play { $colour }; last move: { $last }; { $days } on this move; send it by { $at } at the latest
notice-continuation-window = Game #{ $game }: you have not moved for { $days }. Tell the arbiter and your partner by { $ends } at the latest that you mean to continue, or the arbiter may score the game as a loss.
notice-continuation-loss-first = Game #{ $game }: you have not moved for { $days }. Your time runs out first: move by { $at } at the latest, or the game is lost on time. That is sooner than { $ends }, the last minute to tell the arbiter and your partner that you mean to continue.
notice-continuation-window-via-captain = Game #{ $game }: you have not moved for { $days }. In a team event you announce continuing through your captain { $captain }: by { $ends } at the latest tell { $captain }, who tells the arbiter, and your partner that you mean to continue, or the arbiter may score the game as a loss.
notice-window-loss-first = Your time runs out sooner than that: move by { $at } at the latest, or the game is lost on time first.
notice-batch-reminder-mixed = Reminder: { $line }
button-final-board = Final position, game #{ $game }
event-finished = Event #{ $event } "{ $name }" is over: all its games have been played.
event-finished-first = First place: { $names } — { $points }.
event-finished-shared = First place shared: { $names } — { $points } each.
event-finished-tie-break = Equal on points; placed higher on { $rule }.
tie-break-wins = the number of wins
tie-break-sb = the Sonneborn-Berger score
tie-break-direct = the games between them
event-finished-table = Final table:
event-finished-line = { $place }. { $name } — { $points }
event-finished-own = Your result: place { $place } of { $count }, score { $points }.
event-finished-rating = Your club rating changed by { $change }.
event-finished-pgn = All the games: /pgn event { $event }.
event-finished-team-first = First place: { $names } — match points: { $mp }, board points: { $bp }.
event-finished-team-shared = First place shared by { $names }, level on match points ({ $mp }) and board points ({ $bp }).
event-finished-team-tie-break = Equal on match points; placed higher on { $rule }.
tie-break-team-board = the board points
tie-break-team-direct = the match points scored between the tied teams
event-finished-team-line = { $place }. { $name } — match points: { $mp }, board points: { $bp }
event-finished-team-own = Your team "{ $team }": place { $place } of { $count }.
event-finished-team-board = Your own score: { $points } out of { $games }.
button-event-pgn = The event's PGN
error-move-reason-in-game = Game #{ $game }: { $reason }

## knockout: knock-out matches (issue 40)
knockout-stage = { $after ->
    [0] Final
    [1] Semi-finals
    [2] Quarter-finals
   *[other] Round of { $players }
}
knockout-stage-in = { $after ->
    [0] final
    [1] semi-final
    [2] quarter-final
   *[other] round of { $players }
}
knockout-stage-to = { $after ->
    [0] the final
    [1] the semi-finals
    [2] the quarter-finals
   *[other] the round of { $players }
}
notice-knockout-match = Event #{ $event } "{ $name }", { $stage }: your match has started: { $games ->
    [one] { $games } game
   *[other] { $games } games
}, colours alternating. Opponent: { $opponent }.
notice-knockout-tie-pair = Event #{ $event } "{ $name }", { $stage }: your match is level ({ $score }), so two more games decide it, colours alternating as before. Opponent: { $opponent }.
notice-knockout-won = Event #{ $event } "{ $name }", { $stage }: you won the match { $score }. Opponent: { $opponent }.
notice-knockout-lost = Event #{ $event } "{ $name }", { $stage }: you lost the match { $score }. Opponent: { $opponent }.
notice-knockout-won-seed = Event #{ $event } "{ $name }", { $stage }: the match ended level ({ $score }); under the event's rules the higher seed goes on, and that is you. Opponent: { $opponent }.
notice-knockout-lost-seed = Event #{ $event } "{ $name }", { $stage }: the match ended level ({ $score }); under the event's rules the higher seed goes on. Opponent: { $opponent }.
notice-knockout-bye = Event #{ $event } "{ $name }", { $stage }: you have no opponent in this round, so you go through without playing.
notice-knockout-walkover = Event #{ $event } "{ $name }", { $stage }: { $opponent } has left the event, so the match is yours.
notice-knockout-onward = You go on to { $next }. Your next match starts as soon as your opponent is known, and you will be told.
notice-knockout-champion = Congratulations on first place in the event!
notice-knockout-out = You play no further in this event; /standings shows the bracket.
event-line-knockout = Format: knock-out, pairs by seeding (by rating), { $games ->
    [one] { $games } game
   *[other] { $games } games
} a match with colours alternating, the winner of each match goes on; { $tie ->
    [seed] a level match goes to the higher seed
   *[games] a level match is decided by two more games, and if still level by the higher seed
}.
event-line-round = { $stage }: { $matches }.
format-name = { $format ->
    [knockout] knock-out
   *[round-robin] round robin
}
tie-rule-name = { $tie ->
    [seed] the higher seed goes on
   *[games] two more games
}
knockout-side-unknown = (to be decided)
knockout-line-playing = { $top } v { $bottom }: { $score }, in play
knockout-line-waiting = { $top } v { $bottom }
knockout-line-won = { $top } v { $bottom }: { $score }, { $winner } goes on
knockout-line-seed = { $top } v { $bottom }: { $score }, level, { $winner } goes on as the higher seed
knockout-line-walkover = { $top } v { $bottom }: { $winner } goes on without play
knockout-line-bye = { $top }: no opponent, goes on without play
knockout-standings-head = Event #{ $event } "{ $name }", knock-out:
knockout-standings-first = First place: { $name }.
error-knockout-team = Team events keep their own rules: they have no knock-out format.
error-knockout-sections = An event is played either in sections with a final or as a knock-out, not both. Drop sections= or format=knockout. Nothing has changed.
error-knockout-without-format = The settings games= and tie= are for knock-out matches, so format=knockout comes first, for example: format=knockout games=2. Nothing has changed.
error-knockout-format = The setting format={ $value } is not possible. Write format=knockout (knock-out matches) or format=round-robin (all-play-all). Nothing has changed.
error-knockout-games = The setting games={ $value } is not possible: a match has an even number of games from 2 to { $max }, so that each player has White as often as Black, for example games=2. Nothing has changed.
error-knockout-tie = The setting tie={ $value } is not possible. Write tie=games (two more games decide a level match) or tie=seed (the higher seed goes on). Nothing has changed.
error-knockout-too-many = A knock-out event takes { $max ->
    [one] { $max } player
   *[other] { $max } players
} at most, and event #{ $event } "{ $name }" has { $players }. Remove some (/event remove { $event } name) or play in sections (sections=).
knockout-side-bye = bye
web-bracket-heading = Bracket
