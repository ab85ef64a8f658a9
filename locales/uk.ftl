# corrbot: українські повідомлення (мова за замовчуванням).
# Кожне повідомлення має відповідник з тим самим ідентифікатором у en.ftl.

days = { $count ->
    [one] { $count } день
    [few] { $count } дні
   *[many] { $count } днів
}

## Помилки введення команд
error-empty = Порожнє повідомлення. Надішліть хід (наприклад, e2-e4) або команду; /help покаже всі команди.
error-too-long = Повідомлення задовге ({ $chars } символів, найбільше { $max }). Надішліть коротший текст.
error-unknown-command = Невідома команда { $word }. /help покаже всі команди.
error-missing-argument = Команді { $command } бракує: { $argument }. Приклад: /help { $name }.
error-invalid-argument = Команда { $command } не розуміє «{ $value }» ({ $argument }). Приклад: /help { $name }.

## Довідка: один рядок на команду
help-intro = Команди corrbot (можна писати і без «/»):
help-help = /help [команда] — ця довідка
help-start = /start — привітання і реєстрація
help-profile = /profile — ваш профіль
help-name = /name ІМʼЯ — ваше імʼя в турнірах
help-lang = /lang uk|en — мова повідомлень
help-notation = /notation ukr|ukr-short|san|lan|uci|iccf — нотація, якою бот показує ходи
help-orientation = /orientation auto|white|black — з якого боку показувати дошку
help-contact = /contact address|email ТЕКСТ — ваші контакти («-» видаляє)
help-contacts = /contacts [гравець] — контакти, які вам дозволено бачити
help-link = /link [КОД] — обʼєднати облікові записи Telegram і Discord
help-events = /events — турніри
help-event = /event create|show|join|withdraw|start … — турнір
help-games = /games — ваші партії
help-board = /board [#партія] — дошка
help-move = /move [#партія] ХІД — зробити хід (e2-e4, Кg1-f3, 0-0)
help-draw = /draw offer|accept|decline [#партія] — нічия
help-claim = /claim repetition|fifty [#партія] [ХІД] — вимагати нічию
help-resign = /resign [#партія] — здатися
help-time = /time [#партія] — час обох гравців
help-record = /record [#партія] — запис партії з витратами часу
help-leave = /leave add ДАТА ДНІВ | list | cancel N — відпустка
help-mute = /mute — вимкнути сповіщення про ходи
help-unmute = /unmute — увімкнути сповіщення про ходи
help-standings = /standings [#турнір] — турнірна таблиця
help-pgn = /pgn [#партія] | /pgn event N — PGN

## Сповіщення
clocks = Час: білі використали { $white_used }, лишається { $white_left }; чорні використали { $black_used }, лишається { $black_left }.
notice-move-made = Партія #{ $game } ({ $event }): { $mover } зіграв { $number }. { $move }. Ваш хід.
notice-reminder = Нагадування (R3.3.1): у партії #{ $game } ви не відповідаєте вже { $days }. На вашому годиннику лишається { $left }.
notice-continuation-due = Партія #{ $game }: ви не ходили { $days }. Протягом 5 днів повідомте суддю і партнера, що продовжуєте партію (R3.3.2), інакше суддя може зарахувати поразку.
notice-silence-case = Справа для судді (R3.3.2): у партії #{ $game } { $player } не ходить і не повідомляв про продовження вже { $days }.
notice-game-over = Партію #{ $game } завершено: { $white } — { $black } { $score } ({ $reason }).
notice-draw-offered = Партія #{ $game }: { $by } пропонує нічию. Відповідь: /draw accept { $game } або /draw decline { $game }.
notice-draw-declined = Партія #{ $game }: { $by } відхилив пропозицію нічиєї.
notice-contact-changed = { $player } змінив контактні дані (R2.1.2):
    { $details }
notice-event-started = Турнір «{ $event }» почався: усі партії стартували одночасно. Ваших партій: { $games }. /games покаже їх.
notice-delivery-failed = Адміністраторові: не вдалося доставити повідомлення «{ $kind }» для { $recipient }.

## Причини завершення партії
result-checkmate = мат
result-stalemate = пат
result-insufficient-material = недостатньо матеріалу
result-threefold = триразове повторення
result-fifty-moves = правило 50 ходів
result-fivefold = пʼятиразове повторення
result-seventy-five-moves = правило 75 ходів
result-agreement = за згодою
result-resignation = здача
result-time-forfeit = перевищення часу
result-arbiter = рішення судді
