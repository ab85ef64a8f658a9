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
