# corrbot: українські повідомлення (мова за замовчуванням).
# Кожне повідомлення має відповідник з тим самим ідентифікатором у en.ftl.

days = { $count ->
    [one] { $count } день
    [few] { $count } дні
   *[many] { $count } днів
}

## Помилки введення команд
error-empty = Порожнє повідомлення. Надішліть хід (наприклад, e2-e4) або команду; /help покаже всі команди.
error-too-long = Повідомлення задовге (символів: { $chars }, найбільше можна { $max }). Надішліть коротший текст.
error-unknown-command = Невідома команда { $word }. /help покаже всі команди.
error-unknown-command-near = Невідома команда { $word }. Можливо, ви мали на увазі { $nearest }? /help покаже всі команди.
error-missing-argument = Команді { $command } бракує аргументу: { $argument }. Як її писати: /help { $name }.
error-invalid-argument = Команда { $command } не розуміє «{ $value }» ({ $argument }). Як її писати: /help { $name }.

## Довідка: один рядок на команду
help-intro = Команди corrbot (можна писати і без «/»):
help-help = /help [команда] — ця довідка
help-start = /start — привітання і реєстрація
help-profile = /profile — ваш профіль
help-name = /name ІМʼЯ — ваше імʼя в турнірах
help-lang = /lang uk|en — мова повідомлень
help-notation = /notation ukr|ukr-short|san|lan|uci|iccf — нотація, якою бот показує ходи
help-orientation = /orientation auto|white|black — з якого боку показувати дошку
help-theme = /theme зелена|коричнева|синя|сіра — кольори ваших дошок, анімацій і таблиць
help-contact = /contact адреса|пошта ТЕКСТ — ваші контакти («-» видаляє)
help-contacts = /contacts [гравець] — контакти, які вам дозволено бачити
help-link = /link [КОД] — обʼєднати облікові записи Telegram і Discord
help-events = /events — турніри
help-event = /event створити|показати|приєднатися|вийти|почати|перейменувати|змінити|закрити|вилучити|повернути|запросити|фінал|скасувати|партії … — турнір
help-players = /players [#турнір] — зареєстровані гравці клубу з іменами користувачів
help-games = /games [усі] — ваші партії, спершу ті, де ваш хід
help-board = /board [#партія] — дошка
help-gif = /gif [#партія] — партія від початку як анімація
help-move = /move [#партія] ХІД — зробити хід (e2-e4, Кg1-f3, 0-0)
help-confirm = /confirm увімкнути|вимкнути, /confirm [#партія], /confirm скасувати [#партія] — підтверджувати кожен хід перед тим, як його зроблено; підтвердити або скасувати непідтверджений хід
help-draw = /draw запропонувати|прийняти|відхилити [#партія] — нічия
help-claim = /claim повторення|50 [#партія] [ХІД] — вимагати нічию
help-resign = /resign [#партія] — здатися
help-say = /say [#партія] ТЕКСТ — повідомлення суперникові в партії (також можна з ходом: e2-e4 -- текст)
help-messages = /messages увімкнути|вимкнути — отримувати повідомлення від суперників чи ні
help-continue = /continue [#партія] — повідомити суддю і партнера, що ви продовжуєте партію після тривалої паузи
help-time = /time [#партія] — час обох гравців
help-record = /record [#партія] — запис партії з витратами часу
help-note = /note N ТЕКСТ | /note N 14. ТЕКСТ | /note N варіант ХОДИ — приватна нотатка до партії чи ходу або варіант аналізу
help-notes = /notes N — ваші нотатки до партії
help-leave = /leave додати ДАТА ДНІВ | список | скасувати N — відпустка
help-mute = /mute — вимкнути сповіщення про ходи
help-unmute = /unmute — увімкнути сповіщення про ходи
help-timezone = /timezone [ПОЯС] — часовий пояс, у якому показано дати (місто, наприклад Київ, або назва з бази IANA)
help-digest = /digest увімкнути|вимкнути — щоденне зведення партій, де ваш хід, замість сповіщень про кожен хід
help-standings = /standings [#турнір] — турнірна таблиця
help-rating = /rating [@гравець] | /rating встановити @гравець ЧИСЛО джерело=ТЕКСТ — рейтинг клубу: число, етап, партії, останні зміни; встановити: імпортований початковий рейтинг
help-top = /top — таблиця рейтингів клубу
help-ratings = /ratings [опублікувати] — опублікований рейтинг-лист; опублікувати: новий лист
help-pgn = /pgn [#партія] | /pgn турнір N | /pgn N мої — PGN (мої: завершена партія з вашими нотатками)
help-dispute = /dispute [#партія] ТЕКСТ — спір із партнером, до судді (у командних турнірах спершу до капітанів)
help-failure = /failure [#партія] ТЕКСТ — повідомити про серйозний збій компʼютера чи програми
help-ask = /ask [#турнір] ТЕКСТ — запитання судді
help-offline = /offline [@гравець] [ТЕКСТ] — втрачено доступ до інтернету (до 30 днів, раз на рік)
help-online = /online [@гравець] — знову на звʼязку після відсутності
help-extraleave = /extraleave ДАТА ДНІВ [#турнір] ПРИЧИНИ — попросити додаткову відпустку (до 15 днів на рік)
help-cases = /cases — справи, які вам дозволено бачити
help-case = /case N [взяти|заява ТЕКСТ|нотатка ТЕКСТ|відкликати|передати|владнати [ТЕКСТ]|закрити] — справа і дії з нею
help-rule = /rule N ЗАХІД[; ЗАХІД…] -- ПРИЧИНИ — рішення судді
help-appeal = /appeal N ПІДСТАВИ — оскаржити рішення протягом 14 днів
help-decide = /decide N залишити|замінити ЗАХОДИ -- ПРИЧИНИ — остаточна ухвала апеляційного комітету
help-request = /request @гравець [#турнір] ТЕКСТ — запит судді до гравця
help-answer = /answer N ТЕКСТ — відповісти на запит судді

## follow: help lines
help-follow = /follow #партія|турнір N|@гравець|команда [ходи] — особисте сповіщення про завершення партії, а з «ходи» — і про кожен хід
help-following = /following — партії, турніри, гравці й команди, за якими ви стежите
help-unfollow = /unfollow #партія|турнір N|@гравець|команда|усі — припинити стеження
## Сповіщення
clocks = Час: білі використали { $white_used }, { $white_left }; чорні використали { $black_used }, { $black_left }.
clock-left = залишок — { $days }
clock-overstepped = час прострочено на { $days }
clock-deadline-yours = Ваш хід у партії #{ $game }: на нього вже витрачено { $days }. На обмірковування цього ходу є ще { $room }. Зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу.
clock-deadline = Партія #{ $game }, хід { $side ->
    [white] білих
   *[black] чорних
}: на цей хід витрачено { $days }; на обмірковування є ще { $room }; хід треба зробити не пізніше { $at }, інакше партію буде програно через прострочення часу.
zone-city-kyiv = Київ
zone-city-london = Лондон
zone-city-dublin = Дублін
zone-city-lisbon = Лісабон
zone-city-madrid = Мадрид
zone-city-paris = Париж
zone-city-brussels = Брюссель
zone-city-amsterdam = Амстердам
zone-city-berlin = Берлін
zone-city-zurich = Цюрих
zone-city-rome = Рим
zone-city-vienna = Відень
zone-city-prague = Прага
zone-city-warsaw = Варшава
zone-city-bratislava = Братислава
zone-city-budapest = Будапешт
zone-city-copenhagen = Копенгаген
zone-city-stockholm = Стокгольм
zone-city-oslo = Осло
zone-city-helsinki = Гельсінкі
zone-city-tallinn = Таллінн
zone-city-riga = Рига
zone-city-vilnius = Вільнюс
zone-city-chisinau = Кишинів
zone-city-bucharest = Бухарест
zone-city-sofia = Софія
zone-city-athens = Афіни
zone-city-istanbul = Стамбул
zone-city-belgrade = Белград
zone-city-zagreb = Загреб
zone-city-tbilisi = Тбілісі
zone-city-jerusalem = Єрусалим
zone-city-dubai = Дубай
zone-city-almaty = Алмати
zone-city-kolkata = Колката
zone-city-shanghai = Шанхай
zone-city-tokyo = Токіо
zone-city-seoul = Сеул
zone-city-singapore = Сінгапур
zone-city-sydney = Сідней
zone-city-melbourne = Мельбурн
zone-city-auckland = Окленд
zone-city-new-york = Нью-Йорк
zone-city-toronto = Торонто
zone-city-chicago = Чикаго
zone-city-denver = Денвер
zone-city-los-angeles = Лос-Анджелес
zone-city-vancouver = Ванкувер
zone-city-mexico-city = Мехіко
zone-city-sao-paulo = Сан-Паулу
zone-city-buenos-aires = Буенос-Айрес
zone-gmt = за Гринвічем
notice-move-deadline = Зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу.
notice-move-made = Партія #{ $game } ({ $event }). { $mover }: { $number }{ $dots } { $move }.{ $mark } Ваш хід.
notice-move-made-final = Партія #{ $game } ({ $event }). { $mover }: { $number }{ $dots } { $move }.{ $mark }
notice-mark-check = Шах.
notice-mark-mate = Мат.
notice-reminder = Нагадування: у партії #{ $game } ви не відповідаєте вже { $days }. На вашому годиннику { $left }.
notice-reminder-deadline = Нагадування: у партії #{ $game } ви не відповідаєте вже { $days }.
notice-continuation-due = Партія #{ $game }: ви не ходили { $days }. Протягом 5 днів повідомте суддю і партнера, що продовжуєте партію, інакше суддя може зарахувати поразку.
notice-continuation-given = Партія #{ $game }: { $player } повідомляє, що продовжує партію.
notice-opponent-message = Партія #{ $game }, повідомлення суперника ({ $from }): { $text }
button-continue = Продовжую партію
reply-continue = Партія #{ $game }: ваше повідомлення про продовження партії надіслано судді й партнерові.
error-continue-given = Партія #{ $game }: ви вже повідомили про продовження після останнього ходу.
error-continue-not-now = Партія #{ $game }: про продовження повідомляють після 35 днів без вашого ходу і до 40-го дня; зараз це не потрібно.
notice-game-over = Партію #{ $game } завершено: { $white } — { $black } { $score } ({ $reason }).
notice-game-annulled = Партію #{ $game } ({ $white } — { $black }) анульовано суддею.
notice-draw-offered = Партія #{ $game }: { $by } пропонує нічию. Відповідь: /draw прийняти { $game } або /draw відхилити { $game }.
notice-draw-declined = Партія #{ $game }: { $by } не приймає пропозиції нічиєї.
notice-contact-changed = { $player }: нові контактні дані:
    { $details }
notice-event-started = Турнір «{ $event }» почався: усі партії стартували одночасно. Ваших партій: { $games }. /games покаже їх.
notice-event-started-game = #{ $game } — суперник: { $opponent }, ви граєте { $colour }
notice-digest = Щоденне зведення: ваш хід у { $count ->
    [one] { $count } партії
   *[other] { $count } партіях
}.
notice-digest-line = #{ $game } — суперник: { $opponent }; на хід витрачено { $days }; хід — не пізніше { $at }
notice-digest-line-postal = #{ $game } — суперник: { $opponent }; на хід витрачено { $days }
notice-delivery-failed = Адміністраторові: не вдалося доставити повідомлення «{ $kind }»; одержувач: { $recipient }.

## Причини завершення партії
result-checkmate = мат
result-stalemate = пат
result-insufficient-material = недостатньо матеріалу
result-threefold = триразове повторення
result-fifty-moves = правило 50 ходів
result-fivefold = пʼятиразове повторення
result-seventy-five-moves = правило 75 ходів
result-agreement = за згодою
result-resignation = здача
result-time-forfeit = прострочення часу
result-arbiter = рішення судді

## Відмова в ході (R2.3.5, R2.3.9, R2.3.10)
word-or = { " " }чи{ " " }
piece-king = король
piece-queen = ферзь
piece-rook = тура
piece-bishop = слон
piece-knight = кінь
piece-pawn = пішак
castling-short = Коротка рокіровка (0-0)
castling-long = Довга рокіровка (0-0-0)
castling-cause-king-moved = король уже ходив
castling-cause-rook-moved = тура вже ходила або її немає
move-error-empty = Повідомлення без ходу. Надішліть хід, наприклад e2-e4.
move-error-any-move = «Будь-який хід» не дозволено: напишіть конкретний хід, наприклад e2-e4.
move-error-unreadable = Не вдалося прочитати «{ $text }» як хід. Пишіть повною алгебраїчною нотацією: e2-e4, Кg1-f3, Сf1:b5, 0-0.
move-error-notation-not-allowed = У цьому турнірі не дозволена нотація: { $notation }. Пишіть повною алгебраїчною нотацією: e2-e4, Кg1-f3.
move-error-ambiguous = Який саме хід: { $candidates }? Напишіть хід повністю.
move-error-no-piece = На { $square } немає фігури. Перевірте поле, з якого ходите.
move-error-opponent-piece = На { $square } стоїть фігура суперника ({ $piece }). Ходіть своїми фігурами.
move-error-wrong-piece = На { $square } стоїть { $found }, а не { $written }.
move-error-own-piece-on-target = На { $square } стоїть ваша фігура ({ $piece }).
move-error-cannot-move-that-way = Так не можна: { $piece } з { $from } на { $to } не ходить.
move-error-path-blocked = Шлях з { $from } на { $to } перекриває фігура на { $blocker }.
move-error-pawn-nothing-to-capture = Пішак з { $from } на { $to } може піти лише взяттям, а брати там нічого.
move-error-moves-into-check = Король не може піти з { $from } на { $to }: це поле під боєм.
move-error-does-not-parry-check = Ваш король під шахом, а хід { $from }–{ $to } від шаху не захищає.
move-error-pinned = Фігура на { $square } звʼязана: цей хід підставив би вашого короля під шах.
move-error-castling-no-right = { $side } неможлива: { $cause }.
move-error-castling-path-occupied = { $side } неможлива: поле { $square } зайняте.
move-error-castling-in-check = { $side } неможлива: ваш король під шахом.
move-error-castling-through-check = { $side } неможлива: король проходить через атаковане поле { $square }.
move-error-castling-into-check = { $side } неможлива: поле { $square } під боєм.
move-error-promotion-missing = Пішак, що доходить до { $to }, має перетворитися на іншу фігуру: допишіть її, наприклад { $example }.
move-error-promotion-not-possible = Перетворення можливе лише на останній горизонталі, а не на { $to }.
move-error-promotion-invalid-piece = Пішак не може перетворитися на таку фігуру ({ $piece }); напишіть, наприклад, { $example }.
move-error-no-piece-can-reach = { $role ->
    [pawn] Жоден ваш пішак не може піти на { $to }.
    [knight] Жоден ваш кінь не може піти на { $to }.
    [bishop] Жоден ваш слон не може піти на { $to }.
    [rook] Жодна ваша тура не може піти на { $to }.
    [queen] Ваш ферзь не може піти на { $to }.
    [king] Ваш король не може піти на { $to }.
   *[other] Жодна ваша фігура ({ $piece }) не може піти на { $to }.
}
move-error-king-or-knight = Латинську K можна прочитати і як короля, і як коня. Який саме хід: { $candidates }? Напишіть короля через Кр, а коня кириличною К: { $full }.
## Що робити далі після відмови (issue 19): ходи фігури, пішак, що може взяти, фігури для перетворення.
word-and = { " " }і{ " " }
percent = { $value } %
move-hint-piece-moves = { $role ->
    [pawn] Пішак
    [knight] Кінь
    [bishop] Слон
    [rook] Тура
    [queen] Ферзь
   *[king] Король
} з { $from } може піти: { $moves }.
move-hint-piece-no-moves = { $role ->
    [pawn] Пішак
    [knight] Кінь
    [bishop] Слон
    [rook] Тура
    [queen] Ферзь
   *[king] Король
} з { $from } зараз не має жодного ходу.
move-hint-role-moves = Можливі ходи { $role ->
    [pawn] пішаками
    [knight] конями
    [bishop] слонами
    [rook] турами
    [queen] ферзем
   *[king] королем
}: { $moves }.
move-hint-role-no-moves = Жодного ходу { $role ->
    [pawn] пішаками
    [knight] конями
    [bishop] слонами
    [rook] турами
    [queen] ферзем
   *[king] королем
} зараз немає.
move-hint-reach = На { $to } можна піти так: { $moves }.
move-hint-pawn-takes = { $count ->
    [one] Взяти на { $to } може пішак з { $from }: { $moves }.
   *[other] Взяти на { $to } можуть пішаки з { $from }: { $moves }.
}
move-hint-parry = Від шаху захищають ходи: { $moves }.
move-hint-promotion-pieces = На вибір: { $pieces }.

## Відповіді застосунку
reply-welcome = Вітаємо! Ваше імʼя в турнірах: { $name } (змінити: /name). Надішліть /help, щоб побачити команди. Ходи пишуть так: { $move } або { $knight }.
reply-name-set = Тепер ваше імʼя: { $name }.
reply-secret-not-kept = На це повідомлення вже відповіли. Відповідь містила одноразовий секрет, який бот не зберігає: надішліть команду ще раз, щоб отримати новий.
reply-name-given = Ваше імʼя на платформі не вдалося взяти як є, тож ваше імʼя в турнірах — { $name } (змінити: /name ІМʼЯ).
player-placeholder-name = Гравець { $number }
reply-language-set = Повідомлення будуть українською.
reply-language-set-notation = Повідомлення будуть українською, ходи — в нотації: { $notation }. Іншу нотацію можна вибрати командою /notation.
reply-notation-set = Тепер ходи показано в нотації: { $notation }.
reply-event-created = Турнір #{ $event } «{ $name }» створено, запис відкрито: /event приєднатися { $event }. Ви — організатор і суддя турніру.
reply-event-joined = Ви записалися на турнір #{ $event } «{ $name }».
reply-event-started = Турнір #{ $event } «{ $name }» почався: { $games ->
    [one] { $games } партія
    [few] { $games } партії
   *[many] { $games } партій
}, усі одночасно.
reply-event-started-full = Останнє місце зайнято, тож турнір #{ $event } «{ $name }» почався сам: { $games ->
    [one] { $games } партія
    [few] { $games } партії
   *[many] { $games } партій
}, усі одночасно.
reply-which-game = Команда може стосуватися кількох ваших партій: { $games }. Оберіть партію кнопкою або напишіть її номер, наприклад: { $example }
reply-which-game-move = Хід { $move } можливий у кількох ваших партіях: { $games }. Оберіть партію кнопкою або напишіть її номер, наприклад: { $example }
reply-not-understood = Не розумію «{ $text }»: це не команда і не хід. Хід пишіть так: { $move } або { $knight }; усі команди покаже /help.
reply-not-understood-near = Не розумію «{ $text }». Можливо, ви мали на увазі { $nearest }? Хід пишіть так: { $move } або { $knight }; усі команди покаже /help.
error-move-legal-nowhere = Хід { $move } неможливий у жодній партії, де ваш хід:
reply-move-made = Партія #{ $game }: ви зіграли { $number }{ $dots } { $move }.
reply-games-mine = Ваш хід:
reply-games-theirs = Хід суперника:
reply-games-finished = Завершені:
reply-games-all-hint = Завершені партії: /games усі.
reply-games-line-mine = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; на хід витрачено { $days }; на обмірковування є ще { $room }; хід — не пізніше { $at }
reply-games-line-theirs = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; суперник витратив на хід { $days } і має зробити хід не пізніше { $at }
reply-games-line-finished = #{ $game } — суперник: { $opponent }, ви грали { $colour }; результат: { $score }
reply-games-line-postal = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; { $turn }; у вас { $left }
games-no-move = ходів ще немає
move-sign-game = Партія #{ $game }: хід не зроблено.
move-sign-question-capture = На { $square } немає чого брати, а в «{ $text }» стоїть знак взяття. Якщо ви мали на увазі { $move }, натисніть кнопку або надішліть хід без знака взяття; якщо інший хід — напишіть його.
move-sign-question-mate = Хід { $move } не ставить мат, хоча в «{ $text }» написано мат. Якщо ви мали на увазі саме { $move }, натисніть кнопку або надішліть хід без знака мату; якщо інший хід — напишіть його.
move-sign-warning-capture = Увага: на { $square } немає чого брати, а в «{ $text }» стоїть знак взяття.
move-sign-warning-mate = Увага: хід { $move } не ставить мат, хоча в «{ $text }» написано мат.
button-move-play = Зробити хід { $move }
reply-move-held = Партія #{ $game }: зробити хід { $move }? Хід буде зроблено лише після підтвердження; доти ваш час іде.
button-move-confirm = Підтвердити { $move }
button-move-cancel = Скасувати
reply-move-cancelled = Партія #{ $game }: непідтверджений хід скасовано; хід і далі ваш.
error-no-held-move = У вас немає ходу, що чекає на підтвердження.
error-held-move-stale = Партія #{ $game }: непідтверджений хід застарів (партія змінилася); зробіть хід знову.
reply-confirm-on = Підтвердження ходів увімкнено: кожен хід чекає на ваше підтвердження.
reply-confirm-off = Підтвердження ходів вимкнено: ходи робляться одразу.
error-several-moves = Партія #{ $game }: в одному повідомленні може бути лише один хід; варіанти ходів у цьому турнірі заборонені. Нічого не зіграно.
reply-message-sent = Партія #{ $game }: ваше повідомлення надіслано суперникові.
reply-message-kept = Партія #{ $game }: у суперника вимкнено повідомлення; ваше повідомлення збережено з партією.
reply-message-limit = Партія #{ $game }: у цій партії можна надіслати не більше { $limit ->
    [one] { $limit } повідомлення
    [few] { $limit } повідомлень
   *[other] { $limit } повідомлень
} за добу; наступне можна буде надіслати через { $hours ->
    [one] { $hours } годину
    [few] { $hours } години
   *[other] { $hours } годин
}. Це повідомлення не надіслано й не збережено.
reply-messages-on = Повідомлення від суперників увімкнено.
reply-messages-off = Повідомлення від суперників вимкнено; їх і далі зберігають із партією.
reply-games-header = Ваші партії:
reply-game-line = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; { $turn }; у вас залишок — { $left }.
reply-time = Партія #{ $game }:
reply-resign-confirm = Ви справді здаєте партію #{ $game }? Підтвердьте: /resign { $game } так.
colour-white = білими
colour-black = чорними
turn-yours = ваш хід
turn-theirs = хід суперника

## Відмови застосунку
error-not-yet = Ця команда ще недоступна.
error-not-allowed = Ваша роль не дозволяє цієї команди.
error-bad-name = Імʼя має містити від 1 до { $max ->
    [one] { $max } символу
   *[other] { $max } символів
}.
error-unknown-language = Невідома мова «{ $value }». Оберіть uk або en.
error-unknown-notation = Невідома нотація «{ $value }». Оберіть одну з: { $codes }.
error-unknown-event = Турніру #{ $event } немає. /events показує перелік турнірів.
error-event-not-open = На турнір #{ $event } «{ $name }» запис закрито.
error-already-joined = Ви вже записані на турнір #{ $event } «{ $name }».
error-too-few-players = Для початку турніру #{ $event } «{ $name }» потрібно щонайменше два гравці.
error-event-setting = Налаштування { $key }={ $value } неможливе. Див. /help { $help }.
error-unknown-game = Партії #{ $game } немає. /games показує ваші партії.
error-not-your-game = Партія #{ $game } не ваша: ходять у ній лише її учасники.
error-not-your-turn = Партія #{ $game }: зараз не ваш хід; чекайте на хід суперника.
error-game-over = Партію #{ $game } завершено; ходи більше неможливі.
error-no-game-to-move = У вас немає партії, де ваш хід. /games показує ваші партії.
error-no-games = У вас немає поточних партій.
error-conflict = Партія #{ $game } тим часом змінилася. Перегляньте /games і спробуйте ще раз.
error-internal = Щось пішло не так з нашого боку. Спробуйте ще раз пізніше; номер звернення: { $reference }.
reply-draw-offered = Партія #{ $game }: вашу пропозицію нічиєї надіслано суперникові.
reply-draw-declined = Партія #{ $game }: ви відхилили пропозицію нічиєї.
error-no-draw-offer = Партія #{ $game }: суперник не пропонує нічиєї.
error-draw-already-offered = Партія #{ $game }: ваша пропозиція нічиєї вже чинна; повторно її не надіслано.
error-draw-offer-too-soon = Партія #{ $game }: у турнірі можна пропонувати нічию щонайбільше раз на { $every ->
    [one] { $every } хід
    [few] { $every } ходи
   *[many] { $every } ходів
} гравця, що пропонує. Попередня пропозиція — на { $last }-му ході; наступна можлива з { $next }-го ходу. Нічого не надіслано.

## Buttons
button-draw-accept = Прийняти нічию
button-draw-decline = Відхилити
button-game-board = #{ $game } — суперник: { $opponent }

## Profile, contacts, link, events list, organizer, mute
help-organizer = /organizer [зняти] @імʼя — дозволити гравцеві створювати турніри (адміністратори)
reply-profile = Ваш профіль:
    Імʼя: { $name }
    Мова: { $language }
    Нотація: { $notation }
    Дошки: { $orientation }
    Тема дошки: { $theme }
    Сповіщення про ходи: { $notices }
    Адреса: { $address }
    E-mail: { $email }
    Облікові записи: { $accounts }
orientation-auto = з вашого боку
orientation-white = з боку білих
orientation-black = з боку чорних
profile-notices-on = увімкнено
profile-notices-off = вимкнено (/unmute вмикає)
profile-not-set = немає
reply-orientation-set = Дошки показуватимуться { $orientation }.
error-unknown-orientation = Невідома орієнтація «{ $value }». Виберіть auto, white або black.
theme-green = зелена
theme-brown = коричнева
theme-blue = синя
theme-gray = сіра
reply-theme-set = Ваші дошки, анімації й таблиці малюватимуться в темі: { $theme }.
error-unknown-theme = Невідома тема «{ $value }». Виберіть: зелена, коричнева, синя або сіра.
reply-muted = Сповіщення про ходи вимкнено. Ви й далі відповідаєте за свої партії та свій час: нагадування, пропозиції нічиєї та результати надходитимуть; /games покаже, чий хід. /unmute вмикає сповіщення.
reply-timezone = Ваш часовий пояс: { $zone }; за ним показано дати й час. Змінити: /timezone Київ (або інше місто чи назва з бази IANA).
reply-timezone-set = Тепер ваш часовий пояс: { $zone }; за ним показано дати й час. Строки рахуються як і раніше.
error-unknown-timezone = Невідомий часовий пояс «{ $value }». Напишіть місто, наприклад Київ, Варшава чи Нью-Йорк, або назву з бази IANA для іншого міста.
reply-digest-on = Щоденне зведення увімкнено: щодня о 09:00 — партії, де ваш хід; сповіщень про окремі ходи не буде. Ви й далі відповідаєте за свій час. Перше зведення: { $at }. Вимкнути: /digest вимкнути.
reply-digest-off = Щоденне зведення вимкнено: сповіщення надходитимуть про кожен хід.
reply-unmuted = Сповіщення про ходи знову увімкнено.
reply-contact-set = Ваші контакти збережено. { $count ->
    [0] Повідомляти нікого не треба.
    [1] Суддю або партнера повідомлено.
    [one] Повідомлено { $count } особу (суддів і партнерів).
    [few] Повідомлено { $count } особи (суддів і партнерів).
   *[many] Повідомлено { $count } осіб (суддів і партнерів).
}
error-contact-too-long = Контакт може мати щонайбільше { $max ->
    [one] { $max } символ
    [few] { $max } символи
   *[other] { $max } символів
}.
error-bad-email = «{ $value }» не схоже на адресу e-mail. Напишіть її як name@example.org.
reply-contacts-header = Контакти:
reply-contact-line = { $name }: адреса { $address }; e-mail { $email }
error-contacts-hidden = { $name }: ці контакти вам бачити не можна. Їх бачать суддя, адміністратори й поточні партнери, а в командних турнірах — лише суддя, адміністратори й капітан команди.
error-unknown-player = Гравця з іменем «{ $name }» немає. Імена зареєстрованих гравців показує /players; людині, яка ще не писала боту, досить надіслати йому /start, щоб зареєструватися.
error-ambiguous-player = Кілька гравців мають імʼя { $name }. Напишіть імʼя користувача.
reply-link-code = Ваш код звʼязування: { $code }. Протягом { $minutes } хв надішліть /link { $code } з іншого облікового запису (Telegram або Discord); код діє один раз.
error-link-code = Цей код невідомий, уже використаний або прострочений. Надішліть /link з першого облікового запису, щоб отримати новий.
error-link-same = Цей обліковий запис уже належить цьому гравцеві.
error-link-both-played = Обидва облікові записи вже мають партії чи турніри, тож їх не можна обʼєднати: записи змішалися б. Грайте далі з кожного або зверніться до адміністратора.
reply-linked = Облікові записи обʼєднано: ви — { $name } у { $platforms }.
reply-event-created-arbiters = Турнір #{ $event } «{ $name }» створено, запис відкрито: /event приєднатися { $event }. Ви — організатор турніру; суддя: { $arbiters }.
event-status-draft = готується
event-status-registration = запис відкрито
event-status-running = триває
event-status-finished = завершено
event-status-closed = запис завершено
event-status-cancelled = скасовано
event-rounds-single = одноколовий турнір
event-rounds-double = двоколовий турнір
event-rounds-knockout = олімпійська система
reply-events-open = Запис відкрито:
reply-events-running = Тривають:
reply-events-closed = Запис завершено, ще не почалися:
reply-events-cancelled = Скасовані:
reply-events-finished = Завершені:
reply-event-line = #{ $event } «{ $name }», { $players ->
    [one] { $players } гравець
    [few] { $players } гравці
   *[many] { $players } гравців
}
reply-no-events = Турнірів ще немає.
reply-event-show = Турнір #{ $event } «{ $name }»: { $status }.
    Правила: { $rules }, { $rounds }, { $control }.
    Організатор: { $organizers }. Суддя: { $arbiters }. Канал суддів: { $channel }.
    { $count ->
        [0] Гравців ще немає.
       *[other] Гравці ({ $count }): { $players }.
    }
    Партії: завершено { $finished } з { $games }.
reply-event-withdrawn = Ви вийшли з турніру #{ $event } «{ $name }».
error-event-started = Турнір #{ $event } «{ $name }» уже почався: вийти можна лише до початку. Зверніться до судді.
error-not-entered = Ви не записані на турнір #{ $event } «{ $name }».
reply-organizer-granted = { $name } тепер може створювати турніри.
reply-organizer-revoked = { $name } більше не може створювати турніри.
error-not-organizer = { $name } не має ролі організатора.
## web3: the calendar feed of a player's deadlines (/calendar)
help-calendar = /calendar [вимкнути] — приватне посилання на календар ваших строків, для календаря в телефоні
help-more-calendar = Дає приватне посилання на календар ваших строків: партії, де ваш хід, кожна зі своїм строком; на нього можна підписатися в календарі телефона чи компʼютера. Кожен /calendar дає нове посилання, а старе перестає діяти; /calendar вимкнути вимикає календар. Не передавайте посилання іншим: хто його має, бачить ваші партії.
    Приклади: /calendar, /calendar вимкнути
help-who-calendar = усі.
reply-calendar = Ваш календар строків: { $url }
    Додайте його в календар як підписку (за посиланням). У ньому партії, де ваш хід, кожна зі своїм строком. Посилання лише для вас; попереднє більше не діє. /calendar вимкнути вимикає його.
reply-calendar-off = Посилання на календар вимкнено: воно більше не відкривається. /calendar дасть нове.
reply-calendar-none = Посилання на календар немає. /calendar дасть його.
error-calendar-no-site = У клубу немає вебсайту, тож і посилання на календар немає. Зверніться до організатора.
calendar-name = Мої ходи
calendar-summary = Хід у партії #{ $game } — суперник: { $opponent }
calendar-description = Партія #{ $game } турніру «{ $event }»: { $white } — { $black }. Ваш хід від { $since }; хід — не пізніше { $at }.
calendar-on-leave = Відпустка до { $until }: строк уже враховує відпустку.
## Play: board, claims, record, standings, PGN
button-move-in-game = Партія #{ $game }
board-white-to-move = хід білих
board-black-to-move = хід чорних
board-finished = партію завершено
reply-board = Партія #{ $game }: { $white } — { $black }, { $turn }.
board-deadline = до { $date } о { $time }
reply-moves-held = Глядачам ще не видно { $moves ->
    [one] останнього ходу
   *[other] останніх { $moves } ходів
} цієї партії: турнір показує кожен хід пізніше, а всю партію — після її завершення.
reply-gif = Партія #{ $game }: { $white } — { $black }, { $plies ->
    [one] { $plies } півхід
    [few] { $plies } півходи
   *[many] { $plies } півходів
} від початку.
error-claim-not-repeated = Партія #{ $game }: вимога неправильна — позиція повторилася { $count ->
    [1] лише один раз
    [one] { $count } раз
    [few] { $count } рази
   *[other] { $count } разів
}, а не три. Нічого не змінилося; гра триває.
error-claim-fifty-not-reached = Партія #{ $game }: вимога неправильна — без ходу пішака й без взяття зроблено лише { $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
   *[other] { $moves } ходів
}, а не 50. Нічого не змінилося; гра триває.
reply-record-header = Партія #{ $game }, запис: кожен хід із днями на нього й загальним часом гравця.
reply-record-line = { $number }{ $dots } { $move } — { $days } (усього { $total })
reply-record-empty = Ходів ще немає.
reply-pgn = PGN: { $games ->
    [one] { $games } партія
    [few] { $games } партії
   *[other] { $games } партій
}.
error-pgn-no-games = У турнірі #{ $event } «{ $name }» ще немає партій.
reply-standings-header = Таблиця турніру #{ $event } «{ $name }» (місце. гравець — очки, перемоги, коефіцієнт Зоннеборна — Бергера (З-Б), залишилося партій):
reply-standings-line = { $place }. { $player } — { $points }, перемог: { $wins }, З-Б: { $sb }, залишилося: { $left }
error-standings-not-started = Турнір #{ $event } «{ $name }» ще не почався; таблиця зʼявиться з першими партіями.
error-standings-which-event = Ви граєте в кількох турнірах: { $events }. Напишіть номер турніру, наприклад /standings 1.

## notes: приватні нотатки й варіанти аналізу гравця до партії (issue 41)
reply-note-kept = Нотатку до партії #{ $game } збережено; її бачите лише ви ({ $count } з { $max }).
error-note-too-long = Нотатка до партії #{ $game } задовга: { $chars ->
    [one] { $chars } символ
    [few] { $chars } символи
   *[other] { $chars } символів
}, а можна щонайбільше { $max }. Скоротіть її й надішліть ще раз; нічого не збережено.
error-note-limit = До партії #{ $game } у вас уже { $max ->
    [one] { $max } нотатка
    [few] { $max } нотатки
   *[other] { $max } нотаток
}, більше не можна; нічого не збережено.
error-note-move-not-played = Хід { $move } у партії #{ $game } ще не зроблено. Нотатку можна додати до зробленого ходу або до всієї партії: /note { $game } ТЕКСТ
error-notes-not-your-game = Нотатки до партії #{ $game } ведуть лише її гравці.
error-note-line-move = Варіант не збережено: хід «{ $move }» неможливий у цьому варіанті з поточної позиції партії #{ $game }.
    { $reason }
error-note-line-empty = У варіанті немає жодного ходу. Приклад: /note { $game } варіант 15. Кf3 Сg4 16. h3
reply-notes = Ваші нотатки до партії #{ $game } (їх бачите лише ви):
reply-notes-none = У вас немає нотаток до партії #{ $game }. Додати: /note { $game } ТЕКСТ
notes-game = • { $text }
notes-move = • { $move }: { $text }
notes-line = • Варіант: { $line }
reply-pgn-mine = Партія #{ $game } у PGN з вашими нотатками: { $count ->
    [one] { $count } нотатка
    [few] { $count } нотатки
   *[other] { $count } нотаток
}.
error-pgn-mine-in-play = Партія #{ $game } ще триває. PGN з вашими нотатками можна буде завантажити, щойно партію буде завершено: /pgn { $game } мої

## conditional: умовні ходи (issue 41): /if, власний регламент турніру (regulation=, conditional=)
help-if = /if N ХОДИ | /if N | /if N вимкнути — умовні ходи: хід суперника, ваша відповідь, … (лише там, де їх дозволяє регламент)
help-more-if = Задає умовний варіант, поки хід за суперником: спершу хід, якого ви чекаєте від суперника, тоді ваша відповідь, далі наступний хід суперника й відповідь на нього. Щойно суперник зіграє перший хід варіанта, бот одразу відповідає за вас, і на відповідь не витрачається ваш час. Варіантів може бути кілька (до 10, кожен до 20 півходів), але на кожен хід суперника — лише одна відповідь. Без ходів команда показує ваші варіанти, зі словом «вимкнути» скасовує їх. Суперник і глядачі їх не бачать; суддя може переглянути їх після завершення партії. Правила федерації умовних ходів не дозволяють («Пропозиції варіантів ходів не допускаються»), тож вони бувають лише в турнірах із власним регламентом.
    Приклади: /if 3 Кf3 Кc6 Сb5, /if 3 вимкнути
help-who-if = гравці партії, кожен для себе.
setting-conditional-on = дозволено (/if)
setting-conditional-off = не дозволено
setting-regulation-own = власний регламент турніру
setting-regulation-federation = правила федерації
event-line-own-regulation = Турнір грається за власним регламентом, а не за правилами федерації.
event-line-own-regulation-conditional = Турнір грається за власним регламентом, а не за правилами федерації; умовні ходи дозволено (/if).
error-event-conditional-federation = Умовні ходи неможливі в турнірі за правилами федерації, адже в правилах гри на сервері сказано: «Пропозиції варіантів ходів не допускаються». Дозволити їх може лише власний регламент турніру (скажімо, клубних товариських змагань): regulation=власний conditional=так. Нічого не змінено.
error-event-conditional-postal = У поштовому турнірі умовні ходи пропонують разом із самим ходом, як варіант, тож перемикати нічого. Нічого не змінено.
error-if-not-your-game = Умовні ходи в партії #{ $game } задають лише її гравці.
error-if-own-turn = Зараз ваш хід у партії #{ $game }. Умовний варіант починається з ходу суперника: спершу зробіть свій хід, а тоді задайте варіант.
error-if-no-reply = В умовному варіанті мають бути хід суперника і ваша відповідь на нього. Приклад: /if { $game } Кf3 Кc6 Сb5
error-if-too-long = Варіант задовгий: щонайбільше { $max ->
    [one] { $max } півхід
    [few] { $max } півходи
   *[other] { $max } півходів
} (ходи суперника разом із вашими відповідями). Нічого не збережено.
error-if-limit = У партії #{ $game } у вас уже { $max ->
    [one] { $max } умовний варіант
    [few] { $max } умовні варіанти
   *[other] { $max } умовних варіантів
}, більше не можна; нічого не збережено. Почати наново: /if { $game } вимкнути
error-if-other-reply = Варіант не збережено: він суперечить уже заданому { $line }, де на ті самі ходи суперника інша відповідь. На кожен хід суперника буває лише одна відповідь; скасувати всі варіанти: /if { $game } вимкнути
error-if-already-set = Такий варіант уже задано: { $line }. Нічого не змінено.
error-if-postal = Партія #{ $game } поштова: варіанти в ній пропонують разом із самим ходом, як-от «e2-e4 ; після e7-e5 я Кg1-f3».
error-if-federation = У партії #{ $game } умовні ходи неможливі: турнір грається за правилами федерації, а в них сказано: «Пропозиції варіантів ходів не допускаються». Дозволити їх може лише власний регламент турніру.
reply-if-kept = Умовний варіант у партії #{ $game } збережено ({ $count } з { $max }); його бачите лише ви:
    • { $line }
    Щойно суперник зіграє його перший хід, бот одразу зіграє вашу відповідь.
reply-if-list = Ваші умовні варіанти в партії #{ $game } (їх бачите лише ви):
if-line = • { $line }
reply-if-list-off = Скасувати всі: /if { $game } вимкнути
reply-if-none = У вас немає умовних варіантів у партії #{ $game }. Задати варіант, поки хід за суперником: /if { $game } ХОДИ (хід суперника, ваша відповідь, …)
reply-if-none-postal = Партія #{ $game } поштова: варіанти в ній пропонують разом із самим ходом, а не командою /if.
reply-if-none-federation = У партії #{ $game } умовних ходів немає: турнір грається за правилами федерації, а в них сказано: «Пропозиції варіантів ходів не допускаються».
reply-if-cancelled = Ваші умовні варіанти в партії #{ $game } скасовано: { $count }.
reply-if-none-to-cancel = У вас немає умовних варіантів у партії #{ $game }; скасовувати нічого.
notice-conditional-played = Партія #{ $game } ({ $event }). { $opponent }: { $number }{ $dots } { $move }. За вашим умовним варіантом бот одразу відповів { $reply_number }{ $reply_dots } { $reply }; на цю відповідь ваш час не витрачено. Тепер хід суперника.
notice-conditional-played-final = Партія #{ $game } ({ $event }). { $opponent }: { $number }{ $dots } { $move }. За вашим умовним варіантом бот одразу відповів { $reply_number }{ $reply_dots } { $reply }, і цим ходом партію завершено.
notice-conditional-others-left = Варіантів, від яких суперник відійшов, скасовано: { $count }.
notice-conditional-pending = Умовних варіантів ще чекає: { $count } (/if { $game }).
notice-conditional-none-waiting = Умовних варіантів у цій партії у вас більше немає.
notice-conditional-left = Партія #{ $game } ({ $event }). { $opponent }: { $number }{ $dots } { $move }. Такого ходу немає в жодному з ваших умовних варіантів, тож їх скасовано ({ $count }).
notice-conditional-on-leave = Партія #{ $game } ({ $event }). { $opponent }: { $number }{ $dots } { $move }. Ви у відпустці, а під час відпустки ходити не можна, тож бот не зіграв вашої умовної відповіді, а ваші умовні варіанти скасовано ({ $count }).
case-line-conditional = Умовні варіанти гравців (видно після завершення партії):
case-entry-conditional = • { $owner }: { $line } — { $fate } (зроблено півходів: { $played } з { $moves })
if-fate-done = зіграно повністю
if-fate-left = суперник відійшов від нього
if-fate-cancelled = скасовано гравцем
if-fate-unreached = до нього не дійшло до кінця партії

## Публічні вебсторінки (лише перегляд)
web-lang-name = Українська
web-nav-events = Турніри
web-your-time = за вашим часом
web-footer = Сторінки турнірів клубу лише для перегляду; ходи робляться в чаті з ботом.
web-live = Сторінка оновлюється сама після кожного ходу.
web-not-found = Такої сторінки немає.
web-back-to-events = До списку турнірів
web-scroll-hint = Таблиця ширша за екран: її можна гортати вбік.
web-error = Сервер не зміг побудувати сторінку; спробуйте пізніше.
web-busy = Сервер зайнятий; спробуйте за хвилину.
web-events-title = Турніри
web-events-none = Турнірів ще немає.
web-events-section-running = Тривають
web-events-section-finished = Завершені
web-events-section-upcoming = Майбутні
web-event-players = { $count ->
    [one] { $count } учасник
    [few] { $count } учасники
   *[other] { $count } учасників
}
web-event-title = Турнір #{ $event } «{ $name }»
web-event-status = Стан: { $status }.
web-event-started = Початок: { $date }.
web-event-starts = Початок: { $date }.
web-event-ended = Завершення: { $date }.
web-event-ran = Час проведення: з { $start } по { $end }.
web-event-arbiters = { $count ->
    [one] Суддя:
    [few] Судді:
    [many] Судді:
   *[other] Судді:
}
web-event-finished = Завершено партій: { $finished } з { $total }.
web-regulation-heading = Регламент
web-rules-server = Правила: гра на сервері бота (ходи — у чаті з ботом; час рахує бот)
web-rules-postal = Правила: поштова гра (гравці повідомляють дати отримання й відправлення кожного ходу)
web-regulation-control = Контроль часу: { $days } на { $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
   *[other] { $moves } ходів
}; обмірковування понад { $doubling } на один хід рахується подвійно.
web-regulation-leave = Відпустка: { $leave } на рік.
web-regulation-zone = Часовий пояс, за яким рахують строки: { $zone }.
web-regulation-reminders = Нагадування в такі дні обмірковування: { $reminders }.
web-players-heading = Учасники
web-event-cancelled = Цей турнір скасовано до початку: у ньому нема учасників і партій.
web-standings-heading = Турнірна таблиця
web-standings-note = Порядок: очки, перемоги, коефіцієнт Зоннеборна — Бергера (З-Б), далі партії між учасниками з рівними очками.
web-col-place = Місце
web-col-player = Учасник
web-col-points = Очки
web-col-wins = Перемоги
web-col-sb = З-Б
web-col-left = Лишилось
web-col-round = Тур
web-col-white = Білі
web-col-black = Чорні
web-col-result = Результат
web-col-event = Турнір
web-col-colour = Колір
web-col-opponent = Суперник
web-col-move = Хід
web-col-days = Дні (усього)
web-col-team = Команда
web-col-match-points = Командні очки
web-col-board-points = Очки на дошках
web-games-heading = Партії
web-games-none = Партій ще немає.
web-game-pending = ще не почалася
web-game-white-to-move = триває, хід білих
web-game-black-to-move = триває, хід чорних
web-game-suspended = призупинена
web-game-result = { $result } ({ $reason })
web-pgn-event = Завантажити PGN турніру
web-game-title = Партія #{ $game }
web-game-event = Турнір «{ $name }», тур { $round }
web-game-white = Білі: { $name }
web-game-black = Чорні: { $name }
web-nav-first = На початок
web-nav-prev = Назад
web-nav-next = Далі
web-nav-last = До кінця
web-ply = Позиція після півходу { $ply } з { $total }
web-board-alt-start = Дошка на початку партії; хід { $side ->
    [white] білих
   *[black] чорних
}.
web-board-alt-move = Дошка після ходу { $move }; хід { $side ->
    [white] білих
   *[black] чорних
}.
web-board-alt-final = Остаточна позиція після ходу { $move }; результат: { $result }.
web-ply-final = Остаточна позиція після півходу { $ply } з { $total }; результат: { $result }
web-keys-hint = Клавіші ← і → (а також Home, End) гортають ходи.
web-turn-since = Хід { $side ->
    [white] білих
   *[black] чорних
} з { $since }.
web-on-leave = У відпустці по { $until } включно.
web-on-leave-short = у відпустці по { $until } включно
web-turn-short = на цей хід витрачено { $days }; хід — не пізніше { $at }
web-moves-heading = Ходи
web-moves-none = Ходів ще немає.
web-moves-held = Глядачам ще не показано { $moves ->
    [one] останній хід
    [few] останні { $moves } ходи
   *[many] останні { $moves } ходів
}: кожен хід зʼявляється пізніше, а вся партія — після її завершення.
web-notation = Запис ходів:
web-notation-ukrainian = український
web-notation-san = міжнародний (SAN)
web-pgn-game = Завантажити PGN
web-analysis = Відкрити на дошці для аналізу (lichess.org)
web-player-title = Учасник: { $name }
web-player-score = Очки: { $points } з { $games ->
    [one] { $games } завершеної партії
   *[other] { $games } завершених партій
}.
web-player-rating = Рейтинг у клубі: { $rating } ({ $games } { $games ->
    [one] рейтингова партія
    [few] рейтингові партії
   *[many] рейтингових партій
}; { $phase ->
    [provisional] попередній
    [unfixed] нефіксований
   *[fixed] фіксований
}).
web-player-events-heading = Турніри
web-own-win = перемога
web-own-loss = поразка
web-own-draw = нічия
web-own-double-loss = поразка обох
web-own-annulled = анульовано
web-colour-white = білі
web-colour-black = чорні
web-link-event = Сторінка турніру: { $url }
web-link-game = Сторінка партії: { $url }

## web3: the rating chart on the player page
web-rating-chart = Рейтинг за { $games } { $games ->
    [one] рейтингову партію
    [few] рейтингові партії
   *[many] рейтингових партій
}: від { $first } до { $last }; найвищий { $high }, найнижчий { $low }.
## Moving by touch (the board page a player moves on)
touch-link = Зробити хід на дошці: { $url }
touch-button = Зробити хід на дошці
touch-title = Партія #{ $game }: { $white } — { $black }
touch-your-turn = Ваш хід: торкніться фігури, потім поля.
touch-their-turn = Хід суперника: дошка оновиться сама.
touch-last-move = Останній хід: { $move }
touch-no-moves = Ходів ще немає.
touch-promotion = Оберіть фігуру для перетворення пішака:
touch-move-ask = Надіслати цей хід?
touch-confirm = Підтвердити
touch-cancel = Скасувати
touch-draw-offer = Запропонувати нічию
touch-draw-offer-ask = Запропонувати суперникові нічию?
touch-draw-accept = Прийняти нічию
touch-draw-accept-ask = Прийняти запропоновану нічию?
touch-resign = Здатися
touch-resign-ask = Здатися в цій партії? Скасувати це буде неможливо.
touch-sending = Надсилаємо…
touch-failed = Не вдалося надіслати: перевірте звʼязок і спробуйте ще раз.
touch-refused-pass = Посилання недійсне: воно змінене або не для цієї партії. Надішліть боту /board, щоб отримати нове.
touch-refused-expired = Посилання вже не діє. Надішліть боту /board, щоб отримати нове.
touch-refused-over = Ця партія завершена: ходити в ній уже не можна.
touch-refused-telegram = Telegram не підтвердив, хто відкрив дошку. Відкрийте її ще раз кнопкою в чаті з ботом.
touch-refused-cross-site = Запит надійшов не зі сторінки дошки, тому його відхилено. Відкрийте дошку за посиланням від бота.
touch-refused-too-many = Забагато запитів. Зачекайте хвилину й спробуйте знову.
touch-refused-illegal = Такого ходу в цій позиції немає. Торкніться фігури й одного з позначених полів.
touch-refused-request = Запит не прочитано. Оновіть сторінку й спробуйте знову.

## touch2: board buttons under move notices and after /games
touch-button-game = #{ $game } — зробити хід на дошці
touch-games-links = Дошки ваших поточних партій, щоб ходити дотиком:

## Leave
leave-scope-event = у турнірі «{ $event }»
leave-scope-all = в усіх турнірах
leave-state-planned = заплановано
leave-state-running = триває
leave-state-over = завершено
notice-leave-registered = { $player }: відпустка { $scope } з { $from } по { $until } включно. У цей час ходів не буде, а годинник гравця стоїть.
notice-leave-cancelled = { $player }: відпустку з { $from } скасовано.
notice-leave-ended = { $player }: відпустку з { $from } достроково завершено { $at }; годинник гравця знову йде.
error-on-leave = Ви у відпустці до { $until }: під час неї ходи в цьому турнірі неможливі. Щоб ходити зараз, завершіть відпустку командою /leave скасувати з її номером (/leave список).
error-leave-date = «{ $value }» — не дата. Напишіть перший день відпустки як ДД.ММ.РРРР (або ДД.ММ — найближча така дата), наприклад /leave додати { $example } 14.
error-leave-days-unreadable = «{ $value }» — не кількість днів. Напишіть ціле число, наприклад /leave додати { $example } 14.
error-leave-days = Відпустка триває щонайменше один день.
error-leave-too-long = Відпустка може тривати щонайбільше { $max ->
    [one] { $max } день
    [few] { $max } дні
   *[other] { $max } днів
}.
error-leave-in-past = Відпустку реєструють заздалегідь: оберіть перший день після сьогодні.
error-leave-overlaps = Відпустка накладається на іншу вашу відпустку. /leave список показує їх.
error-leave-allowance = Турнір #{ $event } «{ $name }»: у { $year } році у вас є ще лише { $left } відпустки. Оберіть коротшу відпустку.
postal-error-leave-allowance = У { $year } році у вас є ще лише { $left } відпустки в усіх ваших поштових партіях. Оберіть коротшу відпустку.
error-leave-not-in-event = Ви не граєте в турнірі #{ $event }. /games показує ваші партії.
error-leave-no-events = Ви не граєте в жодному турнірі, тож відпустка не потрібна.
error-leave-unknown = У вас немає відпустки #{ $leave }. /leave список показує ваші.
error-leave-over = Відпустка #{ $leave } уже завершилася.
reply-leave-added = Відпустку #{ $leave } зареєстровано: з { $from } по { $until } включно ({ $days }). Суперників повідомлено; ваш годинник у цей час стоїть.
reply-leave-both = Ви граєте і в поштових, і в серверних турнірах, тому відпустку зареєстровано в обох: і в поштових партіях, і в серверних турнірах. Щоб зареєструвати її лише в одному турнірі, додайте його номер: /leave додати ДАТА ДНІВ #ТУРНІР.
reply-leave-header = Ваші відпустки:
reply-leave-none = немає.
reply-leave-line = #{ $leave }: з { $from } по { $until } включно { $scope }, { $state }
reply-leave-left = Турнір #{ $event } «{ $name }»: у { $year } році є ще { $left } відпустки.
reply-leave-cancelled = Відпустку #{ $leave } скасовано.
reply-leave-ended = Відпустку #{ $leave } завершено зараз: ваш годинник знову йде.
## Telegram
telegram-button-expired = Ця кнопка застаріла; напишіть команду (список: /help).
## Discord: описи параметрів слеш-команд (до 100 символів), вибір партії, збій
discord-option-topic = команда, про яку розповісти (move, draw …)
discord-option-name = нове імʼя
discord-option-language = мова: uk або en
discord-option-notation = нотація: ukr, ukr-short, san, lan, uci або iccf
discord-option-orientation = auto, white або black
discord-option-theme = зелена, коричнева, синя або сіра
discord-option-field = address або email
discord-option-value = текст контакту; «-» видаляє
discord-option-player = гравець
discord-option-code = код з іншої платформи
discord-option-action = дія
discord-option-argument = номер турніру або назва з налаштуваннями
discord-option-game = номер партії
discord-option-scope = all — показати й завершені партії
discord-option-zone = часовий пояс: місто, наприклад Київ
discord-option-switch = on або off
discord-option-move = хід (e2-e4, Кg1-f3, 0-0)
discord-option-kind = repetition або fifty
discord-option-confirm = confirm, щоб підтвердити
discord-option-event = номер турніру
discord-option-target = номер партії або «event N»
discord-game-choice = #{ $game } { $white } — { $black }{ $turn ->
    [yes] {" "}(ваш хід)
   *[no] {""}
}

discord-option-text = текст: заява, запитання, причини чи підстави
discord-option-start = перший день, ДД.ММ.РРРР або ДД.ММ
discord-option-days = скільки днів
discord-option-case = номер справи
discord-option-request = номер запиту

## Суддівська: справи, рішення, апеляції (R2.1.4–R2.1.6, R3.1.4, R3.1.5, R3.4.3, R3.6.3)
result-arbiter-adjudicated = рішення судді за оцінкою позиції
result-arbiter-default = рішення судді за неявкою
result-arbiter-infraction = рішення судді за порушення правил
result-arbiter-time = рішення судді за прострочення часу
result-arbiter-annulled = анульовано суддею
case-kind-dispute = спір
case-kind-software-failure = збій програми
case-kind-lost-internet-access = втрата доступу до інтернету
case-kind-extra-leave-request = прохання про додаткову відпустку
case-kind-question = запитання до судді
case-kind-forty-days-silence = 40 днів без ходу
case-kind-arbiter-request-unanswered = запит судді без відповіді
case-kind-internet-absence-overdue = відсутність понад 30 днів
case-kind-second-internet-absence = друга відсутність цього року
case-kind-overstep-claim = заява: прострочення часу
case-kind-postal-silence = немає відповіді поштою
case-kind-missing-first-move = немає першого ходу білих
case-kind-two-months-without-move = два місяці без ходу
case-by-bot = бот
case-state-open = чекає на суддю
case-state-with-captains = у капітанів
case-state-with-arbiter = у судді
case-state-ruled = вирішена
case-state-under-appeal = в апеляційному комітеті
case-state-closed = закрита
case-news-opened = ⚖ Справа #{ $case }: { $kind } · { $event }. Сторони: { $parties }. Справу відкриває { $by }.
case-news-to-captains = ⚖ Справа #{ $case }: { $kind } · { $event }. Сторони: { $parties }. Спершу для капітанів: владнайте її командою /case { $case } владнати або передайте судді: /case { $case } передати.
case-news-forwarded = ⚖ Справа #{ $case }: { $kind } · { $event }. Сторони: { $parties }. Капітан { $by } передає справу судді.
case-news-told = ⚖ Справа #{ $case } ({ $kind }, { $event }) стосується вас; її відкриває { $by }. Переглянути справу: /case { $case }; надіслати свою заяву: /case { $case } заява ТЕКСТ.
case-news-taken = ⚖ Справа #{ $case } ({ $kind }): суддя { $by } бере справу до розгляду.
case-news-statement = ⚖ Справа #{ $case } ({ $kind }): { $by } пише:
case-news-ruled = ⚖ Справа #{ $case } ({ $kind }, { $event }): суддя { $by } ухвалює рішення.
case-news-appealed = ⚖ Справа #{ $case } ({ $kind }, { $event }): { $by } оскаржує рішення до апеляційного комітету.
case-news-upheld = ⚖ Справа #{ $case } ({ $kind }): апеляційний комітет ({ $by }) залишає рішення в силі. Ухвала остаточна.
case-news-replaced = ⚖ Справа #{ $case } ({ $kind }): апеляційний комітет ({ $by }) замінює рішення новим, остаточним:
case-news-question = ⚖ Справа #{ $case }, запитання до судді · { $event }. Запитує { $by }:
case-news-answer = ⚖ Суддя { $by } відповідає на запитання (справа #{ $case }, { $event }):
case-news-settled = ⚖ Справа #{ $case } ({ $kind }): капітани ({ $by }) владнали справу.
case-news-withdrawn = ⚖ Справа #{ $case } ({ $kind }): { $by } відкликає справу.
case-statement-back-online = Знову на звʼязку.
case-news-back-online = ⚖ Справа #{ $case } ({ $kind }): { $by } знову на звʼязку.
case-line-game = Партія #{ $game }: /board { $game }, /record { $game }
case-line-reporter = { $reporter } повідомляє за гравця.
case-line-messages = Останні повідомлення в партії:
case-line-sent-move = { $at } { $mover }: «{ $text }»
case-line-players-messages = Повідомлення між гравцями (лише для судді):
case-line-appeal = Оскаржити рішення можна не пізніше { $until }: /appeal { $case } ПІДСТАВИ
case-line-appeal-loss-first = Партія #{ $game }: першим спливає ваш час — зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу. Це раніше, ніж { $ends } — останній строк оскаржити рішення: /appeal { $case } ПІДСТАВИ
button-case-show = 📂 Справа
button-case-take = ⚖ Взяти до розгляду
button-case-forward = ➡ Передати судді
measure-score = партії #{ $game } зараховано { $score } ({ $reason })
measure-clock-back = партія #{ $game }, { $player }: повернуто { $days }
measure-clock-taken = партія #{ $game }, { $player }: знято { $days }
measure-penalty = партія #{ $game }, { $player }: штраф { $days }
measure-extra-leave = { $player }: додаткова відпустка { $days } з { $from }
measure-warn = { $player }: попередження
measure-exclude = { $player }: виключення з турніру; { $games }
measure-disqualify = { $player }: дискваліфікація (виключення з турніру без допуску до наступних); { $games }
measure-games-annulled = незавершені партії анульовано
measure-games-lost = незавершені партії програно за неявкою
measure-resume = партія #{ $game } триває
measure-none = без заходів
notice-arbiter-request = ⚖ Запит #{ $request } ({ $event }). Суддя { $from }: «{ $text }» Відповідайте протягом 20 днів: /answer { $request } ТЕКСТ.
notice-arbiter-request-window = ⚖ Запит #{ $request } ({ $event }). Суддя { $from }: «{ $text }» Відповідайте протягом 20 днів, не пізніше { $ends }: /answer { $request } ТЕКСТ.
notice-arbiter-request-loss-first = ⚖ Запит #{ $request } ({ $event }). Суддя { $from }: «{ $text }» Першим спливає ваш час у партії #{ $game }: зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу. Це раніше, ніж { $ends } — останній строк відповісти на запит (20 днів): /answer { $request } ТЕКСТ.
notice-request-answered = ⚖ Відповідь на запит #{ $request } ({ $event }). { $from }: «{ $text }»
case-file-summary = ⚖ Справа #{ $case }: { $kind } ({ $rules }) · { $event }
    Стан: { $state }
    Сторони: { $parties }
    Відкрито { $at }, { $by }
case-entry-statement = { $at } { $author }: «{ $text }»
case-entry-players-message = { $at } { $author } (після півходу { $ply }): «{ $text }»
case-entry-shared-note = { $at } суддя { $author }: «{ $text }»
case-entry-private-note = { $at } 🔒 { $author }, нотатка лише для суддів: «{ $text }»
case-file-ruling = Рішення { $at }, суддя { $by }: «{ $text }»
case-file-upheld = Апеляційний комітет { $at } ({ $by }): рішення залишено, остаточно: «{ $text }»
case-file-replaced = Апеляційний комітет { $at } ({ $by }): рішення замінено, остаточно: «{ $text }»
case-file-appeal = Апеляція { $at }, { $by }: «{ $text }»
case-measure-score = партія #{ $game }: { $score }
case-measure-clock = партія #{ $game }: { $way ->
    [back] на годинник повернуто
   *[taken] з годинника знято
} { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
}
case-measure-penalty = партія #{ $game }: штраф { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
}
case-measure-leave = додаткова відпустка: { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
}
case-measure-warn = попередження
case-measure-exclude = виключення
case-measure-disqualify = дискваліфікація
case-measure-resume = партія #{ $game } триває
reply-case-opened = Справа #{ $case } ({ $kind }) у судді. Про рішення вас повідомлять; /case { $case } її показує.
reply-question-sent = Запитання надіслано судді (справа #{ $case }). Відповідь прийде сюди; /case { $case } теж її покаже.
reply-case-opened-captains = Справа #{ $case } ({ $kind }) спершу пішла обом капітанам; вони владнають її або передадуть судді.
reply-offline = Записано: доступ до інтернету втрачено ({ $count ->
    [1] справа
   *[other] справи
} { $cases }). Поверніться не пізніше { $ends } командою /online; після 30 днів вас буде знято з турніру.
reply-offline-loss-first = Записано: доступ до інтернету втрачено ({ $count ->
    [1] справа
   *[other] справи
} { $cases }). Першим спливає ваш час у партії #{ $game }: зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу; відсутність годинника не зупиняє. Поверніться не пізніше { $ends } командою /online; після 30 днів вас буде знято з турніру.
reply-offline-reported = Записано, що { $player } без доступу до інтернету ({ $count ->
    [1] справа
   *[other] справи
} { $cases }). Повернутися треба не пізніше { $ends } командою /online; після 30 днів відсутності — зняття з турніру.
reply-offline-reported-loss-first = Записано, що { $player } без доступу до інтернету ({ $count ->
    [1] справа
   *[other] справи
} { $cases }). Першим спливає час у партії #{ $game }: хід треба зробити не пізніше { $at }, інакше партію буде програно через прострочення часу; відсутність годинника не зупиняє. Повернутися треба не пізніше { $ends } командою /online; після 30 днів відсутності — зняття з турніру.
reply-offline-second = Записано, але друга відсутність за календарний рік не дозволена: вирішує суддя ({ $count ->
    [1] справа
   *[other] справи
} { $cases }).
reply-online = З поверненням: вашу відсутність завершено, суддю повідомлено.
reply-request-sent = { $player } отримує запит #{ $request }. Якщо до { $due } відповіді не буде, відкриється справа.
reply-request-answered = Вашу відповідь на запит #{ $request } передано судді.
reply-case-ruled = Рішення у справі #{ $case } записано; сторони повідомлено, оскаржити його можна не пізніше { $until }.
reply-appeal-filed = Апеляцію у справі #{ $case } подано до апеляційного комітету.
reply-appeal-decided = Ухвалу у справі #{ $case } записано й застосовано; сторони і суддю повідомлено.
reply-case-taken = Ви взяли до розгляду справу #{ $case }.
reply-case-statement = Додано до справи #{ $case }.
reply-case-note = Нотатку для суддів додано до справи #{ $case }.
reply-case-withdrawn = Справу #{ $case } відкликано.
reply-case-settled = Справу #{ $case } владнано і закрито; сторони повідомлено.
reply-case-forwarded = Справу #{ $case } передано судді.
reply-case-closed = Справу #{ $case } закрито.
reply-no-cases = Для вас справ немає.
reply-cases-header = Справи:
reply-cases-line = #{ $case } { $kind } · { $state } · { $event }
error-unknown-case = Справи #{ $case } немає. /cases показує ваші.
error-not-allowed-case = Справа #{ $case } не ваша: ні переглядати, ні діяти в ній ви не можете.
error-case-state = Зараз цього зробити не можна: справа #{ $case } { $state }.
error-case-not-raiser = Відкликати справу #{ $case } може лише той, хто її відкрив.
error-case-appeal-window-open = Справу #{ $case } ще не можна закрити: рішення ще можна оскаржити (не пізніше { $until }).
error-case-refused = Справа #{ $case }: відмовлено ({ $reason }).
error-which-event = Ви граєте в кількох турнірах ({ $events }): назвіть один, наприклад { $command } #N …
error-not-in-event = Ви не граєте в цьому турнірі (чи в жодному поточному).
error-not-arbiter-of-player = За гравця це може зробити лише суддя турніру, у якому цей гравець грає.
error-already-offline = Відсутність уже записано з { $since }; /online її завершує.
error-not-offline = Відсутності не записано.
error-unknown-request = Запиту #{ $request } для вас немає.
error-request-answered = На запит #{ $request } уже відповіли.
error-ruling-reasons = Напишіть заходи, далі « -- » і причини, наприклад /rule 3 результат 1-0 оцінка -- позиція виграна. Заходи: результат, годинник, штраф, відпустка, попередження, виключити, дискваліфікувати, продовжити, нічого.
error-measure = Не вдалося прочитати захід «{ $measure }». Заходи: результат [#партія] 1-0|0-1|нічия|0-0|анулювати [оцінка|неявка|порушення|час]; годинник [#партія] @гравець +N|-N; штраф [#партія] @гравець N; відпустка [@гравець] [N] [з ДАТА]; попередження|виключити|дискваліфікувати @гравець; продовжити [#партія]; нічого.
error-measure-game = Партія #{ $game } не належить до турніру цієї справи.
error-measure-player = Цей гравець не грає партію #{ $game }.
error-extra-leave-limit = Додаткової відпустки — не більше { $limit ->
    [one] { $limit } дня
   *[other] { $limit } днів
} на рік: у { $year } році вже надано { $already ->
    [one] { $already } день
    [few] { $already } дні
   *[many] { $already } днів
}, ще { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
} — забагато.
error-appeal-closed = Запізно: оскаржити рішення у справі #{ $case } можна було не пізніше { $closed } (14 днів від отримання рішення { $received }).
error-objection-closed = Заперечувати у справі #{ $case } запізно: 7 днів тривали до { $closed }.
error-appeal-final = Апеляційний комітет уже ухвалив рішення у справі #{ $case }; воно остаточне.
error-decide-outcome = Напишіть «залишити» або «замінити», наприклад /decide 3 залишити -- ПРИЧИНИ («{ $measure }» — ні те, ні інше).
error-disqualified = Вас дискваліфіковано: до нових турнірів вас не допущено.
## Треди партій у каналі турніру (публічно: ходи, дошка, результат)
notice-thread-started = Партія #{ $game } ({ $event }) почалася: { $white } (білі) — { $black } (чорні).
notice-thread-move = Партія #{ $game }. { $mover }: { $number }{ $dots } { $move }.
## follow: following games, events, players and teams (issue 41)
follow-target-game = партія #{ $game } ({ $white } — { $black }, { $event })
follow-target-event = турнір #{ $event } «{ $name }»
follow-target-player = { $name }, усі партії
follow-target-team = усі партії команди #{ $team } «{ $name }»
follow-target-gone = { $kind ->
    [game] партія
   *[other] турнір
} #{ $number } (більше не існує)
reply-follow-end = Стеження: { $target }. { $scope ->
    [game] Результат надійде
   *[many] Кожен результат надходитиме
} вам в особисті повідомлення. /following — список стежень.
reply-follow-moves = Стеження: { $target }. Кожен хід і результат надходитимуть вам в особисті повідомлення. /following — список стежень.
reply-follow-already = Ви вже стежите: { $target } — лише результати. Додайте «ходи», щоб отримувати й кожен хід.
reply-follow-already-moves = Ви вже стежите: { $target } — кожен хід і результат.
reply-following-none = Стежень немає. Почати: /follow 12, /follow турнір 3 або /follow @імʼя.
reply-following = Стежень: { $count } (щонайбільше { $limit }):
reply-following-line = • { $target } — результати
reply-following-line-moves = • { $target } — кожен хід і результат
reply-unfollow = Стеження припинено: { $target }.
reply-unfollow-not-followed = Стеження немає: { $target }. Нічого не змінено. /following — список стежень.
reply-unfollow-all = { $count ->
    [0] Стежень не було: нічого не змінено.
   *[other] Припинено стежень: { $count }.
}
error-follow-own-game = Партія #{ $game } — ваша: її ходи й результат надходять вам і так.
error-follow-not-visible = Партія #{ $game } не публічна, тож стежити за нею не можна.
error-follow-self = Ваші партії й так надходять вам: стежити можна за іншими гравцями.
error-follow-team-not-yours = Команда #{ $team } не ваша: за всіма її партіями разом можуть стежити лише її гравці, капітан і заступник. Стежте за окремими партіями (/follow N) або за турніром (/follow турнір N).
error-follow-no-team = Ви не входите до жодної команди. /follow команда — стеження за партіями вашої команди в командному турнірі; /follow турнір N — за цілим турніром.
error-follow-which-team = Ви входите до кількох команд ({ $teams }): напишіть номер команди, наприклад /follow команда 3.
error-follow-limit = Стежень уже найбільше можливе число: { $limit }. /unfollow припиняє одне з них; /following — список.
notice-follow-move = Стеження, партія #{ $game } ({ $white } — { $black }, { $event }): { $number }{ $dots } { $move }.
notice-follow-end = Стеження: партію #{ $game } ({ $white } — { $black }, { $event }) завершено: { $score }, { $words } ({ $reason }).
follow-score-white = перемога білих
follow-score-black = перемога чорних
follow-score-draw = нічия
follow-score-both-lose = поразка обох
follow-score-none = без результату
discord-option-moves = ходи — сповіщати й про кожен хід
## postal
postal-variant-pair = після { $yours } → { $reply }
postal-notice-move = Партія #{ $game } ({ $event }, поштова): { $mover } надсилає хід { $move }, дата надсилання — { $sent }. Ваш хід.
postal-notice-move-final = Партія #{ $game } ({ $event }, поштова): { $mover } надсилає хід { $move }, дата надсилання — { $sent }.
postal-notice-repeat = Партія #{ $game } ({ $event }): відповіді немає вже 20 днів, тож хід суперника повторено: { $move }, надісланий { $sent }. Ваш хід.
postal-notice-answered = Це відповідь на ваш хід { $move }, надісланий { $sent } і отриманий { $received }.
postal-notice-accepted = Ваш варіант прийнято й повторено: { $moves }.
postal-notice-variant = Запропонований варіант: { $variant }. Щоб прийняти, повторіть прийняті ходи по порядку й додайте свій хід.
postal-notice-first-move-query = Запит: партія #{ $game } ({ $event }) почалася 20 днів тому, а вашого першого ходу білими немає. Надішліть його; суддю повідомлено.
postal-notice-leave = { $player }: відпустка в усіх поштових партіях з { $from } до { $until }. Дні відпустки не рахуються як час обмірковування цього гравця; ваш час іде як звичайно.
postal-notice-leave-late = { $player }: про відпустку повідомлено із запізненням. Задумана з { $planned }, відпустка рахується з { $from }, дня повідомлення, до { $until }. Ваш час іде як звичайно.
postal-notice-leave-cancelled = { $player }: відпустку з { $from } в усіх поштових партіях скасовано.
postal-notice-leave-ended = { $player }: відпустку з { $from } в усіх поштових партіях завершено достроково; з { $at } дні знову рахуються як час на обмірковування.
postal-notice-leave-repeated = Партія #{ $game }: ви ще не відповіли на хід { $move }. Повідомлення про відпустку повторено з останнім ходом: { $player } у відпустці з { $from } до { $until }; ваш час іде як звичайно.
leave-scope-postal = в усіх поштових партіях
postal-error-variants-off = Регламент цього турніру не дозволяє варіантів. Нічого не надіслано.
postal-error-variant-ends = Партія #{ $game }: гра закінчилася б усередині варіанта; надішліть останній хід окремо. Нічого не надіслано.
postal-error-no-move = У повідомленні немає ходу. Нічого не надіслано.
postal-error-no-new-move = Ваша відповідь закінчується відповіддю з варіанта: додайте після неї свій наступний хід. Нічого не надіслано.
postal-error-answer-move = { $place }-й хід вашої відповіді неможливий: { $reason } Нічого не надіслано.
postal-error-wrong-repeat = Неправильне повторення: { $place }-й хід вашої відповіді — { $got }, а у варіанті там { $expected }. Повторіть прийняті ходи точно й по порядку, потім додайте свій хід. Нічого не надіслано.
postal-error-unfinished = Варіант відповідає на цей хід ходом { $reply } (змінити його не можна). Повторіть { $reply } і додайте свій наступний хід. Нічого не надіслано.
postal-error-too-long = Ваша відповідь продовжується після вашого власного ходу { $own }: надішліть лише прийняті ходи й один свій хід (свій варіант — після «;»). Нічого не надіслано.
postal-error-variant-pair = Пара варіанта { $pair } має бути з двох ходів: хід партнера й ваша відповідь («; d7-d5 e2-e4»). Нічого не надіслано.
postal-error-variant-after-end = Пара варіанта { $pair } продовжується після того, як гра вже закінчилася б. Нічого не надіслано.
postal-error-variant-move = Пара варіанта { $pair }: { $reason } Нічого не надіслано.
postal-error-leave-over = Ця відпустка закінчилася до сьогодні: запізніле повідомлення рахується лише з дня, коли його надіслано.
postal-error-on-leave = Ви у відпустці в усіх поштових партіях до { $until }: дні відпустки не є часом на обмірковування, тож ходів під час неї немає. Щоб зробити хід зараз, завершіть відпустку: /leave скасувати і її номер (/leave список).
postal-reply-sent = Партія #{ $game }: ваш хід { $move } надіслано { $sent } (поштовий штемпель бота). Змінити його вже не можна.
postal-reply-accepted = Ви повторили прийняті ходи варіанта: { $moves }.
postal-reply-variant = З ним надіслано ваш варіант: { $variant }.
postal-reply-record-header = Партія #{ $game }, поштовий запис: кожен хід із датою надсилання, днями на нього й загальним часом гравця.
postal-reply-record-line = { $move } — надіслано { $sent }, { $days } (усього { $total })
postal-reply-record-penalty = справа #{ $case }: за рішенням судді { $sign ->
        [back] повернуто з часу
       *[added] додано до часу
    } гравця: { $player }: { $days } (усього { $total })
postal-reply-leave = Відпустка #{ $leave } в усіх ваших поштових партіях: з { $from } до { $until } ({ $days }). Партнерів і суддю повідомлено.
postal-reply-leave-late = Відпустка #{ $leave }: повідомлена після початку (задумана з { $planned }), вона рахується від сьогодні, { $from }, до { $until } ({ $days }). Партнерів і суддю повідомлено.
postal-reply-leave-ended = Відпустку #{ $leave } в усіх поштових партіях завершено: з сьогодні, { $at }, дні знову рахуються як ваш час на обмірковування. Партнерів і суддю повідомлено.
help-card = /card [#партія] ХІД повтор=ХІД написано=ДАТА штемпель=ДАТА,ДАТА квитанція=ДАТА — картка партії поштою; одержувач додає отримано=ДАТА; картку з неможливим ходом або без ходу вносять зі словом неможливий
help-ledger = /ledger [#партія] — графік листування партії поштою: дати встановлено, час пораховано
postal-error-ledger-game = Партія #{ $game } грається поштою: вносьте кожну картку командою /card (див. /help card).
postal-error-not-postal = Партія #{ $game } не в поштовому турнірі: картки — для партій поштою.
postal-error-not-ledger = Партія #{ $game } грається через бота: її ходам картки не потрібні.
postal-error-card-field = Не вдається прочитати { $key }={ $value } на картці: ключі — повтор, написано, штемпель, квитанція, отримано, звільнено, дати ДД.ММ.РРРР, звільнено — від 0 до 3 днів.
postal-error-card-recipient = Дату отримання вносить одержувач.
postal-error-card-sender = Дату написання, квитанцію, повторення й звільнені дні вносить відправник.
postal-error-no-card = У партії #{ $game } ще немає карток.
postal-ledger-empty = У партії #{ $game } ще немає карток.
postal-ledger-header = Партія #{ $game }, графік листування: { $white } (білі) — { $black } (чорні). Кожна картка: як внесено ⇒ як встановлено.
postal-ledger-line = { $move }, відправник: { $sender }. Повторено { $repeat }; написано { $written }, штемпелі { $postmarks }, квитанція { $receipt }, отримано (за словами) { $stated } ⇒ надіслано { $sent }, отримано { $received }; { $days } (усього { $total })
postal-ledger-by-receipt = за квитанцією
postal-ledger-by-earlier-postmark = за ранішим штемпелем
postal-ledger-by-postmark = за штемпелем
postal-ledger-by-written = за датою на картці
postal-ledger-by-reply = за датою, уточненою у відповіді
postal-ledger-by-later-postmark = за штемпелем
postal-ledger-by-recipient = за словами одержувача
postal-ledger-unsettled = ще не встановлено
postal-ledger-travelling = ще ні (у дорозі)
postal-ledger-repeat-right = правильно
postal-ledger-repeat-wrong = НЕПРАВИЛЬНО
postal-ledger-penalty-repeat = штраф: хід партнера повторено неправильно
postal-ledger-penalty-registered = штраф: лишалося 5 днів або менше, а картку надіслано не рекомендованим листом
postal-ledger-penalty-registered-required = штраф: регламент вимагає рекомендованих листів, а квитанції немає; додайте її: /card квитанція=ДАТА
postal-ledger-exempt = не рахується як час на обмірковування: { $days }
postal-ledger-penalty-impossible = штраф: неможливий або нерозбірливий хід
postal-ledger-penalty-address = штраф: неправильна адреса
postal-ledger-overstep = ПРОСТРОЧЕННЯ ЧАСУ: використаний час більший за норму
postal-ledger-impossible-line = { $move }, відправник: { $sender }. НЕМОЖЛИВИЙ ХІД, не зіграно; написано { $written }, штемпелі { $postmarks }, квитанція { $receipt }; штраф { $days }
postal-ledger-no-move = (без ходу)
postal-card-impossible-offer = Якщо саме так написано на вже надісланій картці, внесіть її як картку з неможливим ходом: { $command }. Хід не буде зіграно, а до вашого часу додасться 5 днів штрафу, за кожне повторення цієї помилки — 10.
button-card-impossible = Внести як неможливий хід
postal-error-card-possible = Хід { $move } у партії #{ $game } можливий: приберіть слово «неможливий», і картку буде внесено як звичайну.
postal-reply-card-impossible = Картку з неможливим ходом у партії #{ $game } внесено: хід не зіграно, до вашого часу додано { $days } штрафу, партнера повідомлено. Хід і далі за вами: надішліть можливий хід будь-якою фігурою і внесіть його картку командою /card.
postal-error-card-impossible-again = Цю картку з неможливим ходом у партії #{ $game } уже внесено, вдруге її не записано. Хід і далі за вами: надішліть можливий хід і внесіть його картку командою /card.
postal-notice-impossible-card = Партія #{ $game }: внесено картку з неможливим ходом «{ $move }»; відправник — { $sender }. Хід не зіграно, до часу відправника додано { $days } штрафу. Протягом 3 днів попросіть партнера замінити хід можливим; ці дні не входять у ваш час, якщо вказати їх на вашій наступній картці: звільнено=ДНІ.
postal-notice-card-without-move = Партія #{ $game }: внесено картку без ходу; відправник — { $sender }. Така картка рахується як картка з неможливим ходом: до часу відправника додано { $days } штрафу. Протягом 3 днів попросіть партнера надіслати хід; ці дні не входять у ваш час, якщо вказати їх на вашій наступній картці: звільнено=ДНІ.
help-overstep = /overstep [#партія] ХІД — заява про прострочення часу партнером з вашим наступним ходом, який тримає суддя
postal-notice-claim-filed = Партія #{ $game }: { $claimant } заявляє, що ви прострочили час, справа #{ $case }. Партію зупинено до рішення судді. Обґрунтоване заперечення судді можна надіслати до { $until }: /case { $case } заява …
postal-error-claim-ledger = Партія #{ $game } грається поштою: надішліть судді заяву, підрахунок часу й графік листування (/ledger { $game }) командою /dispute.
postal-error-suspended = Партію #{ $game } зупинено заявою про прострочення часу, справа #{ $case }, до рішення судді.
postal-error-no-overstep = Партія #{ $game }: { $player } — час не прострочено; використано { $used }. Заяву не подано.
postal-error-claim-late = Партія #{ $game }: запізно. Заяву про прострочення часу подають не пізніше відповіді на контрольний хід партнера ({ $control }-й хід), а цю відповідь уже надіслано. Заяву не подано.
postal-claim-count = Підрахунок часу: { $player } — використано { $used } після { $moves }-го ходу, понад норму { $limit }.
postal-reply-claim = Партія #{ $game }: вашу заяву про прострочення часу заведено як справу #{ $case }. Ваш хід { $move } тримає суддя й не передає партнерові; партію зупинено до рішення.
postal-notice-objection-closed = Справа #{ $case } (партія #{ $game }): 7 днів на заперечення проти заяви про прострочення часу минули; заява чекає вашого рішення: /rule { $case } результат … час або /rule { $case } продовжити.

## Команди (R3.1.3, R3.3.2, R3.4.4)
help-team = /team створити ТУРНІР НАЗВА | капітан|заступник КОМАНДА @імʼя | додати КОМАНДА @імʼя [запасний] | порядок КОМАНДА @a @b … | показати КОМАНДА | партії [КОМАНДА] | заміна КОМАНДА ДОШКА @імʼя — командні змагання
team-event-created-head = Командний турнір #{ $event } «{ $name }» створено. Ви — організатор і суддя турніру.
team-event-created-head-arbiters = Командний турнір #{ $event } «{ $name }» створено. Ви — організатор турніру; суддя: { $arbiters }.
team-event-created = Командні змагання: кожна команда грає на { $boards ->
    [one] { $boards } дошці
   *[other] { $boards } дошках
}. Створіть команди (/team створити { $event } НАЗВА), призначте капітанів і додайте гравців у порядку дошок.
team-created = Команду #{ $team } «{ $name }» створено в турнірі #{ $event }. Призначте капітана: /team капітан { $team } @імʼя
team-captain-set = { $player } — капітан команди «{ $name }».
team-deputy-set = { $player } — заступник капітана команди «{ $name }».
team-deputy-cleared = Команда «{ $name }» тепер без заступника капітана.
team-player-added = { $player } грає на { $board }-й дошці за команду «{ $name }».
team-reserve-added = { $player } — у запасі команди «{ $name }» під номером { $board }.
team-order-set = Порядок дошок команди «{ $name }»: { $order }.
team-show-header = Команда #{ $team } «{ $name }», турнір #{ $event } «{ $event_name }»
team-show-captain = Капітан: { $captain }
team-show-deputy = Заступник капітана: { $deputy }
team-show-board = Дошка { $board }: { $player }
team-show-reserve = Запасний { $board }: { $player }
team-event-started = Командний турнір #{ $event } «{ $name }» розпочато: матчів — { $matches }, партій — { $games }, усі одночасно. Кожна дошка грає з відповідною дошкою суперника; кольори чергуються по дошках.
team-standings-header = Командна таблиця турніру #{ $event } «{ $name }»:
team-standings-line = { $place }. { $team } — командні очки: { $mp }, очки на дошках: { $bp } (виграно { $won }, нічиїх { $drawn }, програно { $lost }); матчів залишилось: { $left }
team-standings-footer = Порядок: командні очки ({ $win } за виграний матч, { $draw } за нічию, { $loss } за поразку), далі очки на дошках, далі командні очки в матчах між командами, що поділяють місце.
team-games-header = Партії команди «{ $name }» у турнірі #{ $event }:
team-games-line = #{ $game } дошка { $board }: { $player } ({ $colour }), суперник: { $opponent }; ходить { $mover }, залишок — { $left }, без ходу вже { $silent }.
team-games-finished = #{ $game } дошка { $board }: { $player } ({ $colour }), суперник: { $opponent }; завершено { $result }.
team-games-none = Партій ще немає.
notice-team-started = Командний турнір «{ $event }» почався: партій вашої команди «{ $team }» — { $games }, усі одночасно. /team партії { $number } покаже їх з часом і паузами.
notice-continuation-due-via-captain = Партія #{ $game }: ви не ходили { $days }. У командному турнірі про продовження повідомляють через капітана (капітан: { $captain }): протягом 5 днів повідомте капітанові, що продовжуєте партію, а капітан повідомить суддю й партнера; інакше суддя може зарахувати поразку.
notice-captain-continuation-due = Партія вашої команди #{ $game }: { $player } не ходить уже { $days }. Повідомлення про продовження йде через вас, капітана: протягом 5 днів повідомте суддю і партнера, що { $player } продовжує партію, інакше суддя може зарахувати поразку.
notice-team-substitution = Заміна за рішенням судді в команді «{ $team }», дошка { $board }: вибуває { $outgoing }, грає { $incoming }. Партії, які ще не почались ({ $games }), переходять до нового гравця; розпочаті партії лишаються за попереднім.
error-team-unknown = Команди #{ $team } немає.
error-team-not-team-event = Турнір #{ $event } «{ $name }» не командний (командні турніри створюють з type=team boards=N).
error-team-event-join = Турнір #{ $event } «{ $name }» командний: гравці входять до нього у складі команди (/team додати).
error-team-started = Турнір #{ $event } «{ $name }» уже почався: склади команд змінювати не можна (заміни робить лише суддя).
error-team-name-taken = У турнірі #{ $event } уже є команда «{ $name }».
error-team-in-other-team = { $player } уже в команді «{ $team }» цього турніру.
error-team-full = Команда «{ $name }» уже має { $boards ->
    [one] { $boards } гравця
   *[other] { $boards } гравців
} на дошках. Запасного додають так: /team додати { $team } @імʼя запасний (гравець: { $player }).
error-team-order-count = Порядок дошок команди «{ $name }» має назвати рівно { $boards ->
    [one] { $boards } гравця
    [few] { $boards } гравців
   *[other] { $boards } гравців
} команди.
error-team-not-member = { $player } не в команді «{ $name }».
error-team-deputy-is-captain = Капітан команди «{ $name }» не може бути й заступником.
error-team-not-ready = Команда #{ $team } «{ $name }» не готова: потрібні капітан і гравці на всіх дошках ({ $boards }).
error-team-too-few = Для початку турніру #{ $event } «{ $name }» потрібні щонайменше дві команди.
error-team-none-led = Ви не капітан команди в розпочатому турнірі; вкажіть команду: /team партії КОМАНДА
error-team-which = Ви очолюєте кілька команд ({ $teams }); вкажіть одну: /team партії КОМАНДА
error-team-no-board = Дошки { $board } немає: команда грає на { $boards ->
    [one] { $boards } дошці
   *[other] { $boards } дошках
}.
error-team-not-reserve = { $player }: серед запасних цієї команди немає.
error-team-already-playing = { $player } уже грає за команду.
## Ролі й санкції: конфлікт інтересів, кого можна покарати, хто розглядає апеляцію, одна команда на гравця
error-case-conflict = Ви є стороною справи #{ $case } і не можете її вирішувати (конфлікт інтересів). { $count ->
    [0] Поки ніхто з непричетних не може її вирішити: адміністратор має призначити турніру іншого суддю.
    [one] Її вирішує { $deciders }.
   *[other] Її вирішують: { $deciders }.
}
error-sanction-target = { $player } не є ні стороною справи #{ $case }, ні гравцем її партії: це рішення може покарати лише таких учасників: { $parties }. Для санкції щодо цього гравця відкрийте окрему справу.
case-line-deciders-committee = Апеляцію розглядає апеляційний комітет: { $deciders }.
case-line-deciders-administrators = У турнірі немає члена апеляційного комітету, непричетного до справи, тож апеляцію розглядають адміністратори: { $deciders }.
event-line-committee = Апеляційний комітет: { $committee }.
event-line-committee-none = Апеляційний комітет не призначено; апеляції розглядають адміністратори.
error-team-one-team = { $player } уже належить до команди «{ $team }» цього турніру: гравець може бути лише в одній команді турніру.
error-team-disqualified = { $player } має дискваліфікацію: не може увійти до команди, очолити її чи вийти на заміну.
error-disqualified-play = Вас дискваліфіковано: грати ви не можете.
reply-case-settle-agreed = Ваша команда згодна владнати справу #{ $case }. Її буде владнано, щойно погодиться й капітан (чи заступник) іншої команди: /case { $case } владнати. Будь-який капітан може натомість передати її судді: /case { $case } передати


## Хибне введення: нечитабельний текст, номери й дати поза межами
error-leave-too-far = Відпустка може починатися не пізніше кінця наступного року, а «{ $value }» — пізніше. Оберіть перший день не пізніше { $last }.
error-extra-leave-event = «{ $value }» — не номер турніру. Напишіть його як #12 або не пишіть зовсім, якщо граєте лише в одному турнірі.
error-extra-leave-too-long = Додаткова відпустка — не більше { $limit ->
    [one] { $limit } дня
   *[other] { $limit } днів
} на рік, тож { $days } надати не можна. Попросіть { $limit } або менше.
error-text-unreadable = Повідомлення не вдалося прочитати: це не текст у кодуванні UTF-8. Нічого не зроблено; надішліть його ще раз звичайним текстом.
error-text-nul = Повідомлення містить символ NUL (код 0), який не можна зберегти. Нічого не зроблено; надішліть його ще раз без цього символу.


## Особа й приватні відповіді ([trust])
error-private-chat-only = Ця команда містить секрет, тож працює лише в особистому чаті з ботом. Тут нічого не зроблено; відкрийте особистий чат із ботом і надішліть її там.
telegram-ask-privately = Відповідь приватна, тож у цій групі її не показано, а написати вам особисто не вдалося. Відкрийте особистий чат із ботом, натисніть «Почати» і запитайте там.
error-name-characters = Імʼя має складатися з видимих літер і не може містити керівних, невидимих символів чи символів зміни напрямку тексту: з ними одне імʼя можна видати за інше. Виберіть імʼя з видимих літер: /name ІМʼЯ
error-name-is-handle = «{ $name }» — імʼя користувача іншого гравця, і @{ $name } має знаходити саме цього гравця. Виберіть інше імʼя: /name ІМʼЯ
reply-link-requested = Тепер обліковий запис, що отримав цей код, має підтвердити обʼєднання: йому надійшло повідомлення з кнопкою. Якщо підтвердження не буде протягом { $minutes } хв, нічого не обʼєднається.
error-link-confirm-code = Це підтвердження невідоме, уже використане, прострочене або не для цього облікового запису. Почніть знову: /link з цього облікового запису, потім /link КОД з іншого.
notice-link-requested = Обліковий запис { $platform } (гравець: { $name }) просить приєднати цей запис до вашого за кодом звʼязування, який ви отримали. Якщо це ви, підтвердьте протягом { $minutes } хв: /link підтвердити { $code } — якщо ні, просто не зважайте на це повідомлення: без вашого підтвердження нічого не обʼєднається.
button-link-confirm = Обʼєднати облікові записи

## Довідка про окрему команду (/help КОМАНДА): що робить, два приклади, хто може.
## $move і $knight — це 1. e2-e4 і 1. Кg1-f3 у нотації читача.
help-group-account = Ваш обліковий запис
help-group-playing = Гра
help-group-events = Турніри
help-group-leave = Відпустки й відсутність
help-group-cases = Спори й запитання до судді
help-group-arbiter = Суддя й апеляційний комітет
help-group-captain = Капітанам команд
help-group-administration = Адміністрування
help-footer = /help КОМАНДА розповідає більше про одну команду, наприклад /help move. /help усі показує всі команди.
help-who = Хто може: { $who }
help-more-help = Показує команди, доступні вам, за групами, або докладно одну команду.
    Приклади: /help, /help move
help-who-help = усі.
help-more-start = Вітає і реєструє вас у боті; більше нічого не треба, щоб записуватися на турніри.
    Приклад: /start
help-who-start = усі.
help-more-profile = Показує ваше імʼя, мову, нотацію, орієнтацію дошки, сповіщення й контакти. Відповідь приватна.
    Приклад: /profile
help-who-profile = усі, про себе.
help-more-name = Задає імʼя, яке видно в турнірах, таблицях і сповіщеннях: літери й пробіли, до 64 символів, не чуже імʼя користувача.
    Приклади: /name Олена Коваль, /name Андрій
help-who-name = усі.
help-more-lang = Задає мову повідомлень бота: українську (uk) або англійську (en). Разом із мовою змінюється нотація, якою бот показує ходи (українська повна або міжнародна SAN), доки ви не виберете нотацію самі командою /notation.
    Приклади: /lang en, /lang uk
help-who-lang = усі.
help-more-notation = Задає нотацію, якою бот показує ходи; вводити ходи можна будь-якою нотацією, дозволеною в турнірі.
    Приклади: /notation san, /notation ukr
help-who-notation = усі.
help-more-orientation = Визначає, з якого боку показувати дошку: auto (за вашим кольором), white (білими) або black (чорними).
    Приклади: /orientation auto, /orientation black
help-who-orientation = усі.
help-more-contact = Записує вашу поштову адресу або e-mail; риска видаляє. Контакти бачать лише ті, кому дозволяють правила.
    Приклади: /contact пошта olena@example.org, /contact адреса -
help-who-contact = усі, про себе.
help-more-contacts = Показує контакти, які вам дозволено бачити: ваші й теперішніх партнерів або одного гравця. Відповідь приватна.
    Приклади: /contacts, /contacts @olena
help-who-contacts = усі; чужі — лише партнерам, судді, адміністраторам, а в командних турнірах — капітанові команди.
help-more-link = Обʼєднує облікові записи Telegram і Discord в одного гравця: попросіть код в одному, надішліть його з іншого; перший запис підтверджує. Лише в особистому чаті.
    Приклади: /link, /link 4F7K2Q
help-who-link = усі, в особистому чаті.
help-more-events = Показує турніри: відкриті для запису, поточні й завершені.
    Приклад: /events
help-who-events = усі.
help-more-event = Створює, показує й починає турніри, записує на них: create НАЗВА [налаштування], show N, join N, withdraw N, start N, games N (партії турніру одним списком); організатор турніру також: rename N НАЗВА, set N ключ=значення, close N (завершити запис), remove N @імʼя (без права записатися знову), readmit N @імʼя (повернути право записатися), invite N (посилання чи кнопка для запису), final N (почати фінал турніру в групах, не чекаючи кінця всіх груп), cancel N.
    Приклади: /event показати 1, /event приєднатися 1, /event змінити 1 control=30/10
help-who-event = переглядати, записуватися, виходити й бачити партії можуть усі; створюють турніри організатори; починають, перейменовують, змінюють, закривають запис, вилучають гравців і повертають їм право записатися, запрошують, починають фінал достроково, скасовують організатор турніру й адміністратори.
help-more-players = Показує зареєстрованих гравців клубу (або записаних на турнір) з їхніми іменами користувачів у Telegram і Discord, щоб указувати їх у /organizer, arbiter= чи /event вилучити.
    Приклади: /players, /players 2
help-who-players = організатори, судді й адміністратори.
help-more-games = Показує ваші партії: спершу ті, де ваш хід, найближчий строк першим, потім ті, де ходить партнер; з all — також завершені.
    Приклади: /games, /games усі
help-who-games = усі.
help-more-board = Показує дошку партії з вашого боку; номер партії потрібен, коли у вас кілька партій.
    Приклади: /board, /board #3
help-who-board = усі.
help-more-move = Робить ваш хід. Досить самого ходу; номер партії потрібен, лише коли хід можливий у кількох ваших партіях.
    Приклади: { $move }, /move #3 { $knight }
help-who-move = гравець, чия черга ходити.
help-more-draw = Пропонує нічию, приймає або відхиляє пропозицію партнера.
    Приклади: /draw запропонувати, /draw прийняти #3
help-who-draw = гравці партії.
help-more-claim = Вимагає нічиєї через триразове повторення позиції або правило 50 ходів — зараз або з названим ходом.
    Приклади: /claim повторення, /claim 50 #3 { $knight }
help-who-claim = гравець, чия черга ходити.
help-more-resign = Здає партію; спершу бот просить підтвердити.
    Приклади: /resign, /resign #3
help-who-resign = гравці партії.
help-more-time = Показує час обох гравців у партії: скільки днів витрачено і скільки лишається за контролем, а також скільки ще може обмірковувати свій хід той, чия черга, до прострочення часу.
    Як рахують час: на кожні 10 ходів дається 50 днів; враховуються лише цілі доби; понад 20 днів на одному ході кожна наступна доба рахується за дві. Приклад: якщо лишається 50 днів, на один хід можна думати 36 днів: перші 20 діб рахуються як 20, наступні 15 — як 30, разом 50; щойно минає 36-та доба, час прострочено. Останню хвилину, коли хід ще зараховується, бот показує у вашому часовому поясі.
    Приклади: /time, /time #3
help-who-time = усі.
help-more-record = Показує запис партії з днями, витраченими на кожен хід.
    Приклади: /record, /record #3
help-who-record = усі.
help-more-note = Зберігає нотатку, яку бачите лише ви: до партії, до зробленого ходу (14. — хід білих, 14... — чорних) або варіант аналізу з поточної позиції в будь-якій нотації, дозволеній у турнірі. До 500 символів і 50 нотаток на партію.
    Приклади: /note 3 Тут варто тиснути на ферзевому фланзі, /note 3 варіант 15. Кf3 Сg4 16. h3
help-who-note = гравці партії, лише для себе.
help-more-notes = Показує ваші нотатки й варіанти аналізу до партії; суперник, суддя й глядачі їх не бачать.
    Приклад: /notes 3
help-who-notes = гравці партії, про свої нотатки.
help-more-leave = Реєструє, показує й скасовує вашу відпустку: додати ДАТА ДНІВ (дата — ДД.ММ.РРРР або ДД.ММ; 45 днів на рік), список, скасувати N.
    Приклади: /leave додати { $date } 14, /leave список
help-who-leave = кожен гравець, про свою відпустку.
help-more-mute = Вимикає сповіщення про ходи партнерів; нагадування й результати надходять і далі.
    Приклад: /mute
help-who-mute = усі.
help-more-unmute = Знову вмикає сповіщення про ходи партнерів.
    Приклад: /unmute
help-who-unmute = усі.
help-more-timezone = Задає часовий пояс, у якому бот показує дати й строки (дати за правилами лишаються в поясі турніру); без поясу показує ваш.
    Приклади: /timezone Київ, /timezone Нью-Йорк
help-who-timezone = усі.
help-more-digest = Вмикає або вимикає щоденне зведення: одне повідомлення на день з усіма партіями, де ваш хід, замість сповіщення про кожен хід.
    Приклади: /digest увімкнути, /digest вимкнути
help-who-digest = усі.
help-more-standings = Показує турнірну таблицю з додатковими показниками.
    Приклади: /standings, /standings #2
help-who-standings = усі.
help-more-pgn = Надсилає партію або весь турнір у PGN для аналітичних програм.
    Завершену партію з вашими нотатками (як коментарями) і варіантами аналізу надсилає /pgn N мої.
    Приклади: /pgn #3, /pgn турнір 2, /pgn 3 мої
help-who-pgn = усі.
help-more-dispute = Відкриває спір із партнером для судді (у командних турнірах — спершу до капітанів); опишіть, що сталося, своїми словами.
    Приклади: /dispute #3 Хід партнера до мене не дійшов, /dispute Відповідь надіслано двічі
help-who-dispute = гравці партії.
help-more-failure = Повідомляє про серйозний збій компʼютера чи програми, через який ви не могли ходити.
    Приклади: /failure #3 Компʼютер зламався 2 березня, /failure Бот не показав мій хід
help-who-failure = гравці партії.
help-more-ask = Ставить запитання судді турніру; відповідь буде у справі.
    Приклади: /ask #2 Чи можна взяти відпустку в липні?, /ask Як розвʼязуються рівності очок?
help-who-ask = гравці турніру.
help-more-offline = Повідомляє, що зник доступ до інтернету (до 30 днів, раз на рік): ваші партії чекають. Суддя може повідомити за гравця.
    Приклади: /offline Переїзд, /offline @olena Повідомлення телефоном
help-who-offline = гравці — про себе; суддя — про гравця.
help-more-online = Завершує повідомлену відсутність: ваші партії знову йдуть.
    Приклади: /online, /online @olena
help-who-online = гравці — про себе; суддя — про гравця.
help-more-extraleave = Просить у судді додаткову відпустку з причинами (до 15 днів на рік).
    Приклад: /extraleave { $date } 10 #2 Операція і відновлення
help-who-extraleave = гравці турніру.
help-more-cases = Показує справи, які вам дозволено бачити: ваші, а судді — усі справи своїх турнірів.
    Приклад: /cases
help-who-cases = усі.
help-more-case = Показує справу і дії з нею: take, say ТЕКСТ, note ТЕКСТ (приватна нотатка судді), withdraw, forward, settle, close.
    Приклади: /case 5, /case 5 заява Додаю фото конверта
help-who-case = сторони справи, суддя, апеляційний комітет, а в командних турнірах — капітани команд сторін.
help-more-rule = Рішення судді у справі: один чи кілька заходів, далі причини після --.
    Приклади: /rule 5 результат 1-0 -- відповідь запізнилася, /rule 5 годинник @olena +3 -- збій доведено
help-who-rule = суддя турніру, якщо він не сторона справи.
help-more-appeal = Оскаржує рішення до апеляційного комітету протягом 14 днів від одержання, з підставами.
    Приклад: /appeal 5 Хід надіслано вчасно: див. квитанцію
help-who-appeal = сторони справи.
help-more-decide = Остаточна ухвала апеляційного комітету: залишити рішення або замінити його новими заходами; причини після --.
    Приклади: /decide 5 залишити -- рішення правильне, /decide 5 замінити результат ½-½ -- обидва ходи запізнилися
help-who-decide = апеляційний комітет (адміністратори, якщо турнір його не називає), якщо член комітету не сторона справи.
help-more-request = Запит судді до гравця, який має відповісти протягом 20 днів.
    Приклад: /request @olena #2 Підтвердьте, будь ласка, поштову адресу
help-who-request = суддя турніру.
help-more-answer = Відповідає на запит судді.
    Приклад: /answer 7 Адреса правильна
help-who-answer = гравець, до якого звернувся суддя.
help-more-card = Записує картку партії поштою: хід, його повторення й дати; одержувач додає дату одержання. Картку з неможливим ходом або без ходу вносять зі словом неможливий: хід не грається, а до часу відправника додається 5 днів штрафу, за кожне повторення — 10.
    Приклад: /card #3 { $move } написано=01.03.2026 штемпель=02.03.2026
help-who-card = гравці партії поштою.
help-more-ledger = Показує графік листування партії поштою: встановлені дати й порахований час.
    Приклади: /ledger, /ledger #3
help-who-ledger = усі.
help-more-overstep = Заява, що партнер прострочив час, разом із вашим наступним ходом, який тримає суддя.
    Приклад: /overstep #3 { $knight }
help-who-overstep = гравці партії поштою.
help-more-team = Командні турніри: створити команду, призначити капітана чи заступника, додати гравців і запасних, задати порядок дошок, показати команду чи її партії, замінити гравця.
    Приклади: /team показати 1, /team партії
help-who-team = переглядати команду можуть усі; організатор і суддя створюють команди й додають гравців; капітани й заступники задають порядок дошок.
help-more-organizer = Дозволяє гравцеві створювати турніри або забирає цей дозвіл.
    Приклади: /organizer @olena, /organizer зняти @olena
help-who-organizer = адміністратори.
help-more-confirm = Коли підтвердження ввімкнено, кожен надісланий хід чекає, доки ви не підтвердите його кнопкою (або скасуєте); годинник іде, доки хід не підтверджено (надісланий хід не можна забрати).
    Приклади: /confirm увімкнути, /confirm #3
help-who-confirm = усі; непідтверджений хід — лише його автор.
help-more-say = Надсилає повідомлення суперникові в партії; воно зберігається з партією, і суддя бачить його у справі. Повідомлення можна додати й до ходу.
    Приклади: /say #3 Успіхів!, { $move } -- Доброго дня, гарної партії!
help-who-say = гравці партії.
help-more-messages = Вмикає або вимикає повідомлення від суперників; вони все одно зберігаються з партією.
    Приклади: /messages вимкнути, /messages увімкнути
help-who-messages = усі.
help-more-continue = Після 35 днів без вашого ходу повідомляє суддю і партнера, що ви продовжуєте партію; у командних турнірах — через капітана.
    Приклади: /continue, /continue #3
help-who-continue = гравець, чия черга ходити в партії, що довго стоїть.
help-more-theme = Вибирає кольори ваших дошок, анімацій і таблиць: green (зелена), brown (коричнева), blue (синя) або gray (сіра).
    Приклади: /theme blue, /theme green
help-who-theme = усі.
help-more-gif = Надсилає партію від початку до поточної позиції як анімацію: кадр на кожен хід, останній хід підсвічено.
    Приклади: /gif, /gif #3
help-who-gif = усі.

## follow: help per command
help-more-follow = Стеження за партією, цілим турніром, гравцем або вашою командою: особисте сповіщення, коли партію завершено, а з «ходи» — і про кожен хід (із затримкою, як на публічних сторінках, поки затримка турніру приховує ходи).
    Приклади: /follow 12, /follow турнір 3, /follow @olena, /follow команда ходи
help-who-follow = усі; за всіма партіями команди разом — її гравці, капітан і заступник.
help-more-following = Показує, за чим ви стежите: партії, турніри, гравці й команди, з кожним ходом або лише результати.
    Приклад: /following
help-who-following = усі.
help-more-unfollow = Припиняє стеження за партією, турніром, гравцем або командою, а з «усі» — за всім.
    Приклади: /unfollow 12, /unfollow усі
help-who-unfollow = усі.
## [words] Мова текстів: лапки, назви налаштувань, мов, правил і ролей
quoted-text = «{ $text }»
argument-name = { $argument ->
    [action] дія
    [card] картка
    [case] номер справи
    [days] кількість днів
    [event] номер турніру
    [field] що записати (address чи email)
    [game] номер партії
    [kind] вид вимоги
    [language] мова
    [leave] номер відпустки
    [move] хід
    [name] імʼя
    [notation] нотація
    [points] число рейтингу
    [orientation] бік дошки
    [player] гравець
    [request] номер запиту
    [reserve] запасний
    [scope] що показати
    [setting] налаштування
    [source] джерело
    [start] перший день
    [switch] on чи off
    [team] команда
    [text] текст
    [theme] тема
    [value] значення
   *[other] { $argument }
}
rule-set-name = { $rules ->
    [postal] поштові
   *[server] серверні
}
language-name = { $code ->
    [en] англійська
   *[uk] українська
}
notation-name = { $code ->
    [ukr] українська повна (e2-e4, Кg1-f3)
    [ukr-short] українська коротка (e4, Кf3)
    [san] міжнародна коротка, SAN (e4, Nf3)
    [lan] міжнародна повна, LAN (e2-e4, Ng1-f3)
    [uci] UCI (e2e4, g1f3)
    [iccf] ICCF, цифрова (5254, 7163)
   *[other] { $code }
}
## Club ratings (/rating, /top) and thematic events (opening=)
help-more-rating = Рейтинг гравця в клубі за рейтинговими турнірами (rated=yes), обчислений так, як це робить ICCF (rating=iccf, типово: дільник 640), або за Ело (rating=elo: дільник 400, турніри, створені раніше): етап (попередній — до 12 рейтингових партій, нефіксований — до 30, далі фіксований), кількість партій і останні зміни. Без імені — ваш власний. Партія, у якій хоча б одна сторона не зробила жодного ходу, у рейтингу не враховується. Командою «встановити» адміністратор задає новачкові імпортований початковий рейтинг (ICCF чи національний) із джерелом: перша рейтингова партія рахується від нього, а не від 1500.
    Приклади: /rating, /rating @olena, /rating встановити @olena 1850 джерело=ICCF 2026/4
help-who-rating = усі; встановити — адміністратори.
help-more-top = Таблиця рейтингів клубу: гравці, що зіграли хоча б одну рейтингову партію, від найвищого рейтингу. Партія враховується, лише якщо кожна сторона зробила хоча б один хід.
    Приклад: /top
help-who-top = усі.
reply-rating = { $name } — рейтинг { $rating }, { $games } { $games ->
        [one] рейтингова партія
        [few] рейтингові партії
       *[many] рейтингових партій
    }; { $phase ->
        [provisional] попередній (до 12 рейтингових партій)
        [unfixed] нефіксований (до 30 рейтингових партій)
       *[fixed] фіксований
    }.
reply-rating-none = { $name }: рейтингових партій ще немає; початковий рейтинг — { $rating }.
reply-rating-change = Партія { $game } (суперник: { $opponent }), { $outcome ->
        [win] перемога
        [draw] нічия
       *[loss] поразка
    }: { $before } → { $after } ({ $delta })
reply-top-header = Рейтинги клубу:
reply-top-line = { $place }. { $name }: { $rating } ({ $games } { $games ->
        [one] партія
        [few] партії
       *[many] партій
    })
reply-top-empty = Рейтингових партій ще не зіграно: таблиця зʼявиться після першої.
reply-top-note = Рейтинговими є лише партії, у яких кожна сторона зробила хоча б один хід.
## Рейтинги за ICCF (issue 40): етапи, імпортовані початкові рейтинги, опубліковані рейтинг-листи (/rating set, /ratings)
help-more-ratings = Останній опублікований рейтинг-лист: рейтинги, якими вони були на його дату; пізніші партії їх не змінюють (ICCF публікує чотири листи на рік). Командою «опублікувати» організатор чи адміністратор публікує новий лист із нинішніми рейтингами, не частіше ніж раз на день.
    Приклади: /ratings, /ratings опублікувати
help-who-ratings = усі; опублікувати — організатори й адміністратори.
setting-rating-formula = { $formula ->
    [elo] Ело (дільник 400, коефіцієнт 32)
   *[iccf] ICCF (дільник 640, коефіцієнт за етапом)
}
event-line-rating-formula = Формула рейтингу: { $formula }.
reply-rating-seed-source = Імпортований початковий рейтинг, джерело: { $source }.
reply-rating-seed-set = { $name }: початковий рейтинг { $rating } (джерело: { $source }). Перша рейтингова партія рахуватиметься від цього числа, а не від { $start }.
error-rating-seed-rated = { $name } вже має { $games } { $games ->
        [one] рейтингову партію
        [few] рейтингові партії
       *[many] рейтингових партій
    }: рейтинг тепер визначають зіграні партії, а імпортований початковий рейтинг задають лише новачкам.
reply-top-provisional = ? — попередній рейтинг: менше ніж 12 рейтингових партій.
reply-ratings-none = Рейтинг-листів ще не опубліковано. /top показує поточні рейтинги.
reply-ratings-header = Рейтинг-лист на { $date }:
reply-ratings-empty = На цю дату рейтингових партій не зіграв ніхто.
reply-ratings-published = Рейтинг-лист на { $date } опубліковано: { $count } { $count ->
        [one] гравець
        [few] гравці
       *[many] гравців
    }. Його числа вже не зміняться; /ratings показує його.
error-ratings-published-today = Рейтинг-лист на { $date } уже опубліковано: один на день, і його числа не змінюються. /ratings показує його.
## Керування турнірами ([events]): назва, налаштування, завершення запису, вилучення, скасування, партії турніру, гравці клубу
error-event-cancelled = Турнір #{ $event } «{ $name }» скасовано: у ньому вже нічого не можна зробити. /events показує інші турніри.
error-event-finished = Турнір #{ $event } «{ $name }» завершено: у ньому вже нічого не змінюється.
error-event-edit-started = Турнір #{ $event } «{ $name }» уже почався: вилучати гравців і скасовувати турнір можна лише до початку.
error-event-name-long = Назва задовга: щонайбільше { $max ->
    [one] { $max } символ
    [few] { $max } символи
   *[many] { $max } символів
}.
error-event-set-type = Тип турніру (type=) змінити не можна: скасуйте турнір (/event скасувати { $event }) і створіть новий.
error-event-set-boards = Турнір #{ $event } «{ $name }» не командний: boards= — налаштування лише командних турнірів.
error-event-set-started = Турнір #{ $event } «{ $name }» уже почався: { $key }= змінило б спортивні умови, тому лишається як є. Після початку можна змінити лише суддів (arbiter=), апеляційний комітет (committee=) і канали (arbiter-channel=, appeals-channel=, channel=, channel-lang=).
error-event-remove-team = У командному турнірі склад змінюють командою /team (капітан або організатор).
error-event-remove-absent = Не записано на турнір #{ $event } «{ $name }»: { $player }. /players { $event } показує записаних.
reply-event-renamed = Турнір #{ $event } тепер називається «{ $new }».
reply-event-set = Турнір #{ $event } «{ $name }»: змінено налаштування:
    { $settings }
    /event показати { $event } показує всі налаштування.
setting-name = { $key ->
    [rules] правила
    [rounds] кола
    [control] контроль часу
    [exclusion] виключення
    [leave] відпустка
    [zone] часовий пояс
    [registered-mail] рекомендовані листи
    [notations] нотації
    [match-points] очки за матч
    [arbiter] суддя
    [committee] апеляційний комітет
    [arbiter-channel] канал суддів
    [channel-lang] мова каналів
    [appeals-channel] канал апеляцій
    [type] вид турніру
    [boards] дошки
    [rated] рейтинговий
    [rating-formula] формула рейтингу
    [channel] канал партій
    [max-players] найбільше гравців
    [start] початок
    [rating] межі рейтингу
    [min-games] потрібні рейтингові партії
    [timeout-ban] заборона після прострочення часу
    [max-timeouts] найбільша частка поразок через прострочення часу
    [draw-offers] пропозиції нічиєї
    [public-delay] затримка для глядачів
    [opening] дебют
    [conditional] умовні ходи
    [regulation] регламент
    [sections] групи
    [qualify] вихід до фіналу
    [format] формат
    [games] партій у матчі
    [tie] рівний рахунок у матчі
   *[other] { $key }
}
reply-event-closed = Запис на турнір #{ $event } «{ $name }» завершено; записано: { $players }. /event почати { $event } починає турнір.
reply-event-removed = Вилучено з турніру #{ $event } «{ $name }»: { $player }. Повідомлення надіслано.
reply-event-cancelled = Турнір #{ $event } «{ $name }» скасовано; повідомлено записаних: { $players }.
error-event-join-removed = Вас вилучено з турніру #{ $event } «{ $name }» (вилучення: { $organizer }), тож самостійно записатися знову не можна. Щоб записатися, попросіть повернути вам право на запис: { $organizer } (/event повернути { $event } з вашим імʼям).
error-event-readmit-absent = Не вилучено з турніру #{ $event } «{ $name }»: { $player }. Нема чого скасовувати.
reply-event-readmitted = Знову може записатися на турнір #{ $event } «{ $name }»: { $player }. Повідомлення надіслано; записатися треба самостійно: /event приєднатися { $event } або запрошення.
notice-entry-readmitted = Вам знову можна записатися на турнір #{ $event } «{ $name }»: /event приєднатися { $event }.
notice-entry-removed = Вас вилучено з турніру #{ $event } «{ $name }» до його початку. /events показує інші турніри.
notice-event-cancelled = Турнір #{ $event } «{ $name }», на який ви записані, скасовано. /events показує інші турніри.
notice-event-started-full = Турнір #{ $event } «{ $name }», який ви організовуєте, почався сам: останнє місце зайнято. Одночасно почато { $games ->
    [one] { $games } партію
    [few] { $games } партії
   *[many] { $games } партій
}.
reply-event-games-header = Партії турніру #{ $event } «{ $name }»: завершено { $finished } з { $games }.
reply-event-games-none = Партій ще немає: турнір не почався.
reply-event-games-finished = #{ $game } { $white } — { $black }: { $result }
reply-event-games-line = #{ $game } { $white } — { $black }: ходить { $mover }, на ході { $days }
reply-players-club = Зареєстровані гравці клубу ({ $count }):
reply-players-event = Записані на турнір #{ $event } «{ $name }» ({ $count }):
reply-players-line = { $player } — { $accounts }
reply-players-hint = Когось бракує? Щоб зареєструватися, досить надіслати боту /start; після цього імʼя можна вказувати в /organizer, arbiter= і /event вилучити.
reply-players-console = консоль
reply-players-no-handle = { $platform }: без імені користувача
event-line-details = Дозволені нотації: { $notations }. Відпустка: { $leave } на рік. Часовий пояс, за яким рахують строки: { $zone }.
event-line-entry = Умови участі: { $conditions }.
setting-public-delay-none = немає: глядачі бачать кожен хід одразу
setting-public-delay-moves = { $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
   *[many] { $moves } ходів
}
event-line-public-delay = Глядачі (вебсторінки, гілки партій, файли PGN) бачать кожен хід партії, що триває, із затримкою на { $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
   *[many] { $moves } ходів
}, а всю партію — після її завершення.
event-line-draw-offers = Пропозиції нічиєї: щонайбільше одна на { $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
   *[many] { $moves } ходів
} гравця, що пропонує.
entry-condition-max-players = { $max ->
    [one] { $max } місце
    [few] { $max } місця
   *[many] { $max } місць
} у турнірі
entry-condition-start-full = турнір починається сам, щойно зайнято останнє місце
entry-condition-start-manual = турнір починає організатор
entry-condition-rating = клубний рейтинг від { $min } до { $max }
entry-condition-min-games = щонайменше { $min ->
    [one] { $min } завершена рейтингова партія
    [few] { $min } завершені рейтингові партії
   *[many] { $min } завершених рейтингових партій
}
entry-condition-timeout-ban = жодної партії, програної через прострочення часу, за останні { $days }
entry-condition-max-timeouts = щонайбільше { $max } % завершених партій програно через прострочення часу
entry-condition-none = немає
error-entry-refused = Записатися на турнір #{ $event } «{ $name }» не можна: { $reason } Нічого не змінено.
error-entry-refused-player = Записати на турнір #{ $event } «{ $name }» не можна: { $player }. Причина: { $reason } Нічого не змінено.
error-entry-start-full = start=full починає турнір, щойно зайнято останнє місце, тож потрібна кількість місць: додайте max-players=N.
entry-refusal-full = усі місця зайнято (їх у турнірі { $max }).
entry-refusal-rating = клубний рейтинг — { $rating }, а до турніру допускають рейтинг від { $min } до { $max }.
entry-refusal-min-games = турнір вимагає щонайменше { $min ->
    [one] { $min } завершену рейтингову партію
    [few] { $min } завершені рейтингові партії
   *[many] { $min } завершених рейтингових партій
}, а завершено { $games }.
entry-refusal-timeout-ban = партію програно через прострочення часу { $lost }, а турнір вимагає { $days } без такої поразки. Записатися можна з { $from }.
entry-refusal-max-timeouts = через прострочення часу програно { $losses } із { $games } завершених партій ({ $percent } %), а турнір допускає щонайбільше { $max } %.
entry-refusal-timeouts-more = Записатися можна буде після ще { $more ->
    [one] { $more } завершеної партії
   *[other] { $more } завершених партій
} без прострочення часу.

## sections: групи і фінал (issue 40)
notice-event-started-section = Ви граєте в групі { $section }.
notice-final-started = Усі групи турніру #{ $event } «{ $name }» зіграно. Почався фінал: усі його партії стартували одночасно. Фіналісти: { $finalists }.
notice-final-started-games = Ваших партій у фіналі: { $games }. /games покаже їх.
notice-final-started-out = До фіналу ви не вийшли; /standings покаже таблиці груп і фіналу.
standings-section = Група { $section }
standings-final = Фінал
event-line-sections = Формат: { $sections } { $sections ->
    [one] група
    [few] групи
   *[many] груп
}, у кожній гра по колу; до фіналу виходять { $qualify ->
    [1] переможці груп
   *[other] гравці з перших { $qualify } місць кожної групи
}, фінал теж по колу.
event-line-stage = { $stage }: { $players }.
error-sections-team = Командні турніри грають за своїми правилами: груп і фіналу в них немає.
error-qualify-without-sections = Вихід до фіналу рахують із кожної групи, тож спершу потрібна кількість груп, наприклад: sections=2 qualify=2.
error-sections-too-few = Турнір #{ $event } «{ $name }» грають у { $sections } { $sections ->
    [one] групі
   *[other] групах
}, і в кожній потрібно щонайменше два гравці, тобто разом не менше ніж { $needed }. Змініть кількість груп (/event змінити { $event } sections=N) або зачекайте на нові заявки.
error-sections-qualify = До фіналу турніру #{ $event } «{ $name }» мають виходити гравці з перших { $qualify } місць кожної групи, але в найменшій групі було б лише { $smallest } { $smallest ->
    [one] гравець
    [few] гравці
   *[many] гравців
}. Зменште qualify= або кількість груп.
notice-final-started-early = Фінал турніру #{ $event } «{ $name }» почато достроково, за рішенням організатора: усі його партії стартували одночасно. Фіналісти за поточними таблицями груп: { $finalists }. { $games ->
    [one] Ще триває { $games } партія групового етапу: її результат буде враховано в таблиці групи, але фіналістів він уже не змінить.
    [few] Ще тривають { $games } партії групового етапу: їхні результати буде враховано в таблицях груп, але фіналістів вони вже не змінять.
   *[many] Ще тривають { $games } партій групового етапу: їхні результати буде враховано в таблицях груп, але фіналістів вони вже не змінять.
}
reply-final-started = Фінал турніру #{ $event } «{ $name }» почато: { $games ->
    [one] { $games } партія
    [few] { $games } партії, усі одночасно
   *[many] { $games } партій, усі одночасно
}. Фіналісти за поточними таблицями груп: { $finalists }.
reply-final-section-games = { $games ->
    [one] Ще триває { $games } партія групового етапу: її результат буде враховано в таблиці групи, але фіналістів він уже не змінить.
    [few] Ще тривають { $games } партії групового етапу: їхні результати буде враховано в таблицях груп, але фіналістів вони вже не змінять.
   *[many] Ще тривають { $games } партій групового етапу: їхні результати буде враховано в таблицях груп, але фіналістів вони вже не змінять.
} Турнір завершиться, коли закінчаться всі партії — і груп, і фіналу.
error-final-not-allowed = Почати фінал турніру #{ $event } «{ $name }» достроково можуть лише організатор турніру й адміністратори. А без їхнього рішення фінал почнеться сам, щойно завершиться остання партія груп; таблиці груп покаже /standings { $event }.
error-final-no-sections = Турнір #{ $event } «{ $name }» грають без груп, тож фіналу, який можна було б почати, у ньому немає. Групи й фінал задає налаштування sections=K, поки турнір не почався.
error-final-not-running = Турнір #{ $event } «{ $name }» ще не почався: групи ще не грають, тож починати фінал зарано. Спершу почніть турнір: /event почати { $event }.
error-final-already-started = Фінал турніру #{ $event } «{ $name }» уже почато, другого не буде. Таблиці груп і фіналу покаже /standings { $event }.
## clocks: контроль часу, який може обрати регламент (control=server, control=fischer:B+I/CAP, control=days:N)
control-federation = { $days }/{ $moves } (днів/ходів)
control-fischer = годинник Фішера: на початку — { $base }, після кожного ходу — плюс { $increment }
control-fischer-cap = годинник Фішера: на початку — { $base }, після кожного ходу — плюс { $increment }, у запасі — щонайбільше { $cap }
control-per-move = { $days } на кожен хід; невикористаний час не переноситься
web-regulation-clock = Контроль часу: { $control }.
web-regulation-reminders-left = Нагадування — за { $first } і за { $second } до кінця часу на хід.
error-event-control = Налаштування control={ $value } неможливе. Можливі записи: control=server (контроль федерації: 50 днів на 10 ходів, кожен день понад 20 на одному ході рахується за два), control=Д/Х (Д днів на Х ходів за контролем федерації), control=fischer:30+1/60 (на початку 30 днів, після кожного ходу — плюс 1 день, у запасі — щонайбільше 60 днів; «/60» можна не писати), control=days:5 (5 днів на кожен хід). У кожному числі — щонайбільше 366 днів. Нічого не змінено.
error-event-control-postal = Годинник Фішера і дні на хід можливі лише за правилами гри на сервері: поштовий турнір має поштовий годинник. Напишіть control=server або control=50/10 (днів на ходів). Нічого не змінено.

## гілка club: запрошення (/event invite, /start join-…)
reply-invite-telegram = Запрошення на турнір #{ $event } «{ $name }»: { $link }
    Хто відкриє посилання й натисне «Почати», той одним кроком зареєструється і запишеться на турнір, поки запис відкритий. Скасувати запрошення: /event запросити { $event } off.
reply-invite-discord = Відкрито запис на турнір #{ $event } «{ $name }»: натисніть «Взяти участь» нижче, щоб одним кроком зареєструватися в боті й записатися.
reply-invite-command = Запрошення на турнір #{ $event } «{ $name }»: хто надішле боту { $command }, той одним кроком зареєструється і запишеться на турнір, поки запис відкритий. Скасувати запрошення: /event запросити { $event } off.
reply-invite-off = Запрошення на турнір #{ $event } «{ $name }» скасовано: { $count ->
    [one] { $count } посилання більше не діє
    [few] { $count } посилання більше не діють
    [many] { $count } посилань більше не діють
   *[other] { $count } посилання більше не діють
}. Нове запрошення: /event запросити { $event }.
button-invite-join = Взяти участь
reply-invite-joined = Вітаємо! Ваше імʼя в турнірах: { $player } (змінити: /name). Вас записано на турнір #{ $event } «{ $name }». Партії надійдуть вам, щойно організатор почне турнір. /event показати { $event } показує турнір; /event вийти { $event } — вийти до початку.
error-invite-team = Турнір #{ $event } «{ $name }» командний: гравці входять до нього у складі команди (/team додати), а не за запрошенням.
error-invite-not-open = На турнір #{ $event } «{ $name }» запис закрито, тож запрошення на нього не діятиме.
error-invite-unknown = Це запрошення невідоме або скасоване. Попросіть в організатора нове; /events показує турніри з відкритим записом.
error-invite-started = Турнір #{ $event } «{ $name }» уже почався, тож запрошення на нього більше не діє. /events показує турніри з відкритим записом.
error-invite-closed = Запис на турнір #{ $event } «{ $name }» закрито, тож запрошення на нього більше не діє. Зверніться до організатора; /events показує турніри з відкритим записом.

## гілка club: /event show
event-player-points = { $player } — { $points }
event-line-teams = Команди: { $teams }.
event-line-teams-none = Команд ще немає (/team створити).
event-team-captain = { $team } (капітан: { $captain })
event-team-no-captain = { $team } (капітана ще немає)

## гілка club: роль для ще не зареєстрованої людини
error-staff-unregistered = Серед зареєстрованих у боті немає імені «{ $name }», тож призначити роль не можна. Попросіть цю людину надіслати боту /start (у Telegram чи Discord), а тоді повторіть команду. Запрошення на турнір (/event запросити N) реєструє гравця й записує на турнір одним кроком; /players показує зареєстрованих гравців.
## branch player: поштові строки як моменти часу (R2.4, R2.6.1), налаштування в /start
clock-postal-deadline-yours = Ваш хід у партії #{ $game }: на нього витрачено { $days }; надішліть хід не пізніше { $at }, інакше час буде прострочено.
clock-postal-deadline = Партія #{ $game }, хід { $side ->
    [white] білих
   *[black] чорних
}: на цей хід витрачено { $days }; хід, надісланий пізніше { $at }, прострочить норму часу.
clock-postal-over-yours = Ваш хід у партії #{ $game }: на нього витрачено { $days }; час прострочено на { $over }, партнер може заявити про це судді.
clock-postal-over = Партія #{ $game }, хід { $side ->
    [white] білих
   *[black] чорних
}: на цей хід витрачено { $days }; час прострочено на { $over }.
postal-notice-deadline = Надішліть хід не пізніше { $at }, інакше час буде прострочено.
postal-notice-over = Час прострочено на { $over }: партнер може заявити про це судді.
reply-games-line-mine-over = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; на хід витрачено { $days }; час прострочено на { $over }
reply-games-line-theirs-over = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; у суперника на хід витрачено { $days }; час прострочено на { $over }
notice-digest-line-over = #{ $game } — суперник: { $opponent }; на хід витрачено { $days }; час прострочено на { $over }
board-overstepped = час прострочено
reply-start-settings = Ваші налаштування:
    мова: { $language } — /lang uk або /lang en
    нотація: { $notation } — /notation і назва нотації (/help notation)
    часовий пояс: { $zone } — /timezone Київ
    щоденне зведення: { $digest } — /digest увімкнути або /digest вимкнути
    підтвердження ходів: { $confirm } — /confirm увімкнути або /confirm вимкнути
    повідомлення суперників: { $messages } — /messages увімкнути або /messages вимкнути
setting-on = увімкнено
setting-off = вимкнено
setting-yes = так
setting-no = ні
setting-exclusion-losses = поразки в незавершених партіях
setting-exclusion-annulled = незавершені партії анульовано
## Гілка visual: тематичні турніри (opening=)
error-opening-move = { $key }: хід { $number } { $move } неможливий. { $reason } Нічого не змінено.
error-opening-fen = { $key }: «{ $value }» не є можливою шаховою позицією. Задайте ходи ({ $key }=«1. e2-e4 c7-c5») або правильну позицію в нотації Форсайта — Едвардса. Нічого не змінено.
error-opening-empty = { $key }: немає жодного ходу. Приклад: { $key }=«1. e2-e4 c7-c5 2. Кg1-f3». Нічого не змінено.
error-opening-finished = { $key }: після цих ходів партія вже закінчена (мат, пат або брак матеріалу). Нічого не змінено.
error-opening-postal = { $key }: тематичний початок можливий лише в турнірах за правилами гри на сервері. Нічого не змінено.
event-line-opening = Тематичний турнір: партії починаються після ходів { $moves }; першими ходять { $side ->
        [white] білі
       *[black] чорні
    }.
event-line-opening-fen = Тематичний турнір: партії починаються з позиції { $fen }; першими ходять { $side ->
        [white] білі
       *[black] чорні
    }.
## Гілка storms: кілька сповіщень одному гравцеві в ту саму мить — одним повідомленням
notice-batch-reminders = Нагадування про { $count } { $count ->
    [one] партію
    [few] партії
    [many] партій
   *[other] партії
}:
notice-batch = Сповіщення про { $count } { $count ->
    [one] партію
    [few] партії
    [many] партій
   *[other] партії
}:
notice-batch-game = Сповіщення щодо партії #{ $game }:
notice-batch-game-reminders = Нагадування щодо партії #{ $game }:
notice-batch-reminder = #{ $game } — суперник: { $opponent }; ви не відповідаєте вже { $days }; на годиннику { $left }
notice-batch-reminder-deadline = #{ $game } — суперник: { $opponent }; ви не відповідаєте вже { $days }; хід — не пізніше { $at }, інакше партію буде програно через прострочення часу
button-continue-game = Продовжую партію #{ $game }

## Захист від потоку команд ([trust-2]): одна відмова на вікно, далі тиша
reply-slow-down = Ви надсилаєте команди надто швидко. Зачекайте { $seconds ->
    [one] { $seconds } секунду
    [few] { $seconds } секунди
   *[many] { $seconds } секунд
} і надішліть команду знову: команди, надіслані до того, не буде виконано.
notice-room = На обмірковування цього ходу є ще { $room }.
room-doubling = { $days } (після { $threshold } на одному ході кожен день рахується за два)
room-under-a-day = менше доби
notice-digest-line-room = #{ $game } — суперник: { $opponent }; на хід витрачено { $days }; на обмірковування є ще { $room }; хід — не пізніше { $at }
notice-batch-reminder-room = #{ $game } — суперник: { $opponent }; ви не відповідаєте вже { $days }; на обмірковування є ще { $room }; хід — не пізніше { $at }, інакше партію буде програно через прострочення часу
reply-games-line-mine-postal = #{ $game } — суперник: { $opponent }, ви граєте { $colour }; останній хід: { $last }; на хід витрачено { $days }; надішліть хід не пізніше { $at }
notice-continuation-window = Партія #{ $game }: ви не ходили { $days }. Не пізніше { $ends } повідомте суддю і партнера, що продовжуєте партію, інакше суддя може зарахувати вам поразку.
notice-continuation-loss-first = Партія #{ $game }: ви не ходили { $days }. Першим спливає ваш час: зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу. Це раніше, ніж { $ends } — останній строк повідомити суддю і партнера, що ви продовжуєте партію.
notice-continuation-window-via-captain = Партія #{ $game }: ви не ходили { $days }. У командному турнірі про продовження партії повідомляють через капітана: не пізніше { $ends } повідомте капітанові ({ $captain }), що продовжуєте партію, а капітан повідомить суддю й партнера; інакше суддя може зарахувати вам поразку.
notice-window-loss-first = Але ваш час спливає раніше: зробіть хід не пізніше { $at }, інакше партію буде програно через прострочення часу ще до того.
notice-batch-reminder-mixed = Нагадування: { $line }
button-final-board = Кінцева позиція, партія #{ $game }
event-finished = Турнір #{ $event } «{ $name }» завершено: усі партії зіграно.
event-finished-first = Перше місце: { $names } — { $points }.
event-finished-shared = Перше місце поділили: { $names } — по { $points }.
event-finished-tie-break = Очок порівну, вище місце — за { $rule }.
tie-break-wins = кількістю перемог
tie-break-sb = коефіцієнтом Зоннеборна — Бергера
tie-break-direct = результатами особистих зустрічей
event-finished-table = Підсумкова таблиця:
event-finished-line = { $place }. { $name } — { $points }
event-finished-own = Ваш результат: місце { $place } з { $count }, очки: { $points }.
event-finished-rating = Ваш клубний рейтинг змінився на { $change }.
event-finished-pgn = Усі партії: /pgn турнір { $event }.
event-finished-team-first = Перше місце: { $names } — командні очки: { $mp }, очки на дошках: { $bp }.
event-finished-team-shared = Перше місце поділили { $names }: порівну командних очок ({ $mp }) і очок на дошках ({ $bp }).
event-finished-team-tie-break = Командних очок порівну, вище місце — за { $rule }.
tie-break-team-board = очками на дошках
tie-break-team-direct = командними очками в матчах між цими командами
event-finished-team-line = { $place }. { $name } — командні очки: { $mp }, очки на дошках: { $bp }
event-finished-team-own = Ваша команда «{ $team }»: місце { $place } з { $count }.
event-finished-team-board = Ваш особистий результат: { $points } з { $games }.
button-event-pgn = PGN турніру
error-move-reason-in-game = Партія #{ $game }: { $reason }

## knockout: олімпійська система (issue 40)
knockout-stage = { $after ->
    [0] Фінал
    [1] Півфінал
    [2] Чвертьфінал
   *[other] 1/{ $share } фіналу
}
knockout-stage-in = { $after ->
    [0] фінал
    [1] півфінал
    [2] чвертьфінал
   *[other] 1/{ $share } фіналу
}
knockout-stage-to = { $after ->
    [0] до фіналу
    [1] до півфіналу
    [2] до чвертьфіналу
   *[other] до 1/{ $share } фіналу
}
notice-knockout-match = Турнір #{ $event } «{ $name }», { $stage }: почався ваш матч — { $games ->
    [one] { $games } партія
    [few] { $games } партії
   *[many] { $games } партій
}, кольори чергуються. Суперник: { $opponent }.
notice-knockout-tie-pair = Турнір #{ $event } «{ $name }», { $stage }: рахунок вашого матчу рівний ({ $score }), тож матч вирішать ще дві партії, кольори так само чергуються. Суперник: { $opponent }.
notice-knockout-won = Турнір #{ $event } «{ $name }», { $stage }: ви виграли матч із рахунком { $score }. Суперник: { $opponent }.
notice-knockout-lost = Турнір #{ $event } «{ $name }», { $stage }: ви програли матч із рахунком { $score }. Суперник: { $opponent }.
notice-knockout-won-seed = Турнір #{ $event } «{ $name }», { $stage }: рахунок матчу рівний ({ $score }), а за правилами турніру тоді далі проходить той, хто посіяний вище, — тобто ви. Суперник: { $opponent }.
notice-knockout-lost-seed = Турнір #{ $event } «{ $name }», { $stage }: рахунок матчу рівний ({ $score }), а за правилами турніру тоді далі проходить той, хто посіяний вище. Суперник: { $opponent }.
notice-knockout-bye = Турнір #{ $event } «{ $name }», { $stage }: суперника вам не випало, тож цей етап ви проходите без гри.
notice-knockout-walkover = Турнір #{ $event } «{ $name }», { $stage }: { $opponent } вибуває з турніру, тож матч зараховано вам.
notice-knockout-onward = Ви виходите { $next }. Щойно визначиться суперник, почнеться наступний матч, і ви отримаєте повідомлення.
notice-knockout-champion = Вітаємо з першим місцем у турнірі!
notice-knockout-out = Далі в цьому турнірі ви не граєте; /standings покаже сітку.
event-line-knockout = Формат: олімпійська система — пари за посівом (за рейтингом), у кожному матчі { $games ->
    [one] { $games } партія
    [few] { $games } партії
   *[many] { $games } партій
}, кольори чергуються, переможець матчу проходить далі; { $tie ->
    [seed] за рівного рахунку далі проходить той, хто посіяний вище
   *[games] за рівного рахунку грають ще дві партії, а якщо рівно й після них — далі проходить той, хто посіяний вище
}.
event-line-round = { $stage }: { $matches }.
format-name = { $format ->
    [knockout] олімпійська система
   *[round-robin] кругова система
}
tie-rule-name = { $tie ->
    [seed] проходить той, хто посіяний вище
   *[games] ще дві партії
}
knockout-side-unknown = (ще невідомо)
knockout-line-playing = { $top } — { $bottom }: { $score }, матч триває
knockout-line-waiting = { $top } — { $bottom }
knockout-line-won = { $top } — { $bottom }: { $score }, далі проходить { $winner }
knockout-line-seed = { $top } — { $bottom }: { $score }, рахунок рівний, далі за посівом проходить { $winner }
knockout-line-walkover = { $top } — { $bottom }: далі без гри проходить { $winner }
knockout-line-bye = { $top }: суперника немає, далі без гри
knockout-standings-head = Турнір #{ $event } «{ $name }», олімпійська система:
knockout-standings-first = Перше місце: { $name }.
error-knockout-team = Командні турніри грають за своїми правилами: олімпійської системи в них немає.
error-knockout-sections = Турнір грають або в групах із фіналом, або за олімпійською системою, але не так і так водночас. Приберіть sections= або format=knockout. Нічого не змінено.
error-knockout-without-format = Налаштування games= і tie= стосуються матчів за олімпійською системою, тож спершу потрібне format=knockout, наприклад: format=knockout games=2. Нічого не змінено.
error-knockout-format = Налаштування format={ $value } неможливе. Можливі записи: format=knockout (олімпійська система: матчі з вибуванням) або format=round-robin (кругова система). Нічого не змінено.
error-knockout-games = Налаштування games={ $value } неможливе: у матчі має бути парна кількість партій від 2 до { $max }, щоб кожен грав білими стільки ж разів, скільки чорними, наприклад games=2. Нічого не змінено.
error-knockout-tie = Налаштування tie={ $value } неможливе. Можливі записи: tie=games (за рівного рахунку ще дві партії) або tie=seed (за рівного рахунку далі проходить той, хто посіяний вище). Нічого не змінено.
error-knockout-too-many = За олімпійською системою в турнірі #{ $event } «{ $name }» може грати щонайбільше { $max ->
    [one] { $max } гравець
    [few] { $max } гравці
   *[many] { $max } гравців
}, а записано { $players }. Вилучіть зайвих (/event вилучити { $event } імʼя) або оберіть групи (sections=).
knockout-side-bye = без суперника
web-bracket-heading = Сітка
