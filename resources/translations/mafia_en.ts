<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Перемешать карты</source>
      <translation>Shuffle the cards</translation>
    </message>
    <message>
      <source>Записать раздачу</source>
      <translation>Record the deal</translation>
    </message>
    <message>
      <source>Записать голосование</source>
      <translation>Record the vote</translation>
    </message>
    <message>
      <source>Записать подъём</source>
      <translation>Record the lift vote</translation>
    </message>
    <message>
      <source>Записать ночь</source>
      <translation>Record the night</translation>
    </message>
    <message>
      <source>промах (не стреляли)</source>
      <translation>miss (no shot)</translation>
    </message>
    <message>
      <source>Записать лучший ход</source>
      <translation>Record the best move</translation>
    </message>
    <message>
      <source>Роли по местам — видны только ведущему:</source>
      <translation>Roles by seat — seen by the host only:</translation>
    </message>
    <message>
      <source>За подъём:</source>
      <translation>For lifting:</translation>
    </message>
    <message>
      <source>Лучший ход:</source>
      <translation>Best move:</translation>
    </message>
    <message>
      <source>Поднять всех: {seats}? Голосуют {n} игроков; нужно больше половины.</source>
      <translation>Lift all of {seats}? {n} players vote; more than half is needed.</translation>
    </message>
    <message>
      <source>Выстрел:</source>
      <translation>Shot:</translation>
    </message>
    <message>
      <source>Проверка дона:</source>
      <translation>Don's check:</translation>
    </message>
    <message>
      <source>Проверка шерифа:</source>
      <translation>Sheriff's check:</translation>
    </message>
    <message>
      <source>без проверки</source>
      <translation>no check</translation>
    </message>
    <message>
      <source>не в игре</source>
      <translation>out of the game</translation>
    </message>
    <message>
      <source>ответ: ШЕРИФ</source>
      <translation>answer: SHERIFF</translation>
    </message>
    <message>
      <source>ответ: не шериф</source>
      <translation>answer: not the sheriff</translation>
    </message>
    <message>
      <source>ответ: ЧЁРНЫЙ</source>
      <translation>answer: BLACK</translation>
    </message>
    <message>
      <source>ответ: красный</source>
      <translation>answer: red</translation>
    </message>
    <message>
      <source>Не записано: причина видна только с ролями (удерживайте R).</source>
      <translation>Not recorded: the reason shows only with the roles (hold R).</translation>
    </message>
    <message>
      <source>не в игре — проверки нет</source>
      <translation>out of the game: no check</translation>
    </message>
    <message>
      <source>Протокол с ролями печатается после игры</source>
      <translation>The form with the roles is printed after the game</translation>
    </message>
    <message>
      <source>остальные голоса (п. 4.5)</source>
      <translation>all other votes (4.5)</translation>
    </message>
    <message>
      <source>Осталось голосов: {n} — за место {seat}</source>
      <translation>Votes left: {n} — for seat {seat}</translation>
    </message>
    <message>
      <source>За {who}:</source>
      <translation>For {who}:</translation>
    </message>
    <message>
      <source>отмена ведущим</source>
      <translation>undone by the host</translation>
    </message>
    <message>
      <source>Новый вечер мафии</source>
      <translation>New Mafia evening</translation>
    </message>
    <message>
      <source>например, Клубный вечер</source>
      <translation>e.g. Club evening</translation>
    </message>
    <message>
      <source>не назначен</source>
      <translation>not assigned</translation>
    </message>
    <message>
      <source>ФИИМ: победа, лучший ход, доп. баллы, удаления</source>
      <translation>FIIM: win, best move, extra points, removals</translation>
    </message>
    <message>
      <source>Только победы</source>
      <translation>Wins only</translation>
    </message>
    <message>
      <source>Гость вечера</source>
      <translation>Guest of the evening</translation>
    </message>
    <message>
      <source>Ведущий</source>
      <translation>Host</translation>
    </message>
    <message>
      <source>Столов</source>
      <translation>Tables</translation>
    </message>
    <message>
      <source>Подсчёт очков</source>
      <translation>Scoring</translation>
    </message>
    <message>
      <source>Табло — {title}</source>
      <translation>Display — {title}</translation>
    </message>
    <message>
      <source>Говорит: {who}</source>
      <translation>Speaking: {who}</translation>
    </message>
    <message>
      <source>Кандидаты: {seats}</source>
      <translation>Nominees: {seats}</translation>
    </message>
    <message>
      <source>{points} очк.</source>
      <translation>{points} pts</translation>
    </message>
    <message>
      <source>Начать игру</source>
      <translation>Start the game</translation>
    </message>
    <message>
      <source>Панель ведущего</source>
      <translation>Host panel</translation>
    </message>
    <message>
      <source>Табло для зала</source>
      <translation>Room display</translation>
    </message>
    <message>
      <source>Экспорт CSV…</source>
      <translation>Export CSV…</translation>
    </message>
    <message>
      <source>Считаются оконченные игры. Равенство очков: доп. баллы с лучшим ходом, победы, убит первым (M-7).</source>
      <translation>Finished games count. Ties: extra points with the best move, wins, first killed (M-7).</translation>
    </message>
    <message>
      <source>Подтвердить запрет посещения</source>
      <translation>Confirm the club ban</translation>
    </message>
    <message>
      <source>Удаления из клуба (группа III) — ждут решения администратора</source>
      <translation>Club removals (group III) — awaiting the administrator</translation>
    </message>
    <message>
      <source>Итоги вечера в CSV</source>
      <translation>Evening standings as CSV</translation>
    </message>
    <message>
      <source>Протокол вечера</source>
      <translation>Evening protocol</translation>
    </message>
    <message>
      <source>{name}, место {seat}, п. {clause} — {game}</source>
      <translation>{name}, seat {seat}, clause {clause} — {game}</translation>
    </message>
    <message>
      <source>Игра {r}, стол {t}</source>
      <translation>Game {r}, table {t}</translation>
    </message>
    <message>
      <source>запрет внесён</source>
      <translation>ban recorded</translation>
    </message>
    <message>
      <source>Минута</source>
      <translation>Minute</translation>
    </message>
    <message>
      <source>Старт / пауза (Пробел)</source>
      <translation>Start / pause (Space)</translation>
    </message>
    <message>
      <source>Дальше (N)</source>
      <translation>Next (N)</translation>
    </message>
    <message>
      <source>Щёлкните карточку места</source>
      <translation>Click a seat card</translation>
    </message>
    <message>
      <source>Фол (F)</source>
      <translation>Foul (F)</translation>
    </message>
    <message>
      <source>Удалить (F)</source>
      <translation>Remove (F)</translation>
    </message>
    <message>
      <source>Причина доп. баллов</source>
      <translation>Reason for extra points</translation>
    </message>
    <message>
      <source>Доп. баллы</source>
      <translation>Extra points</translation>
    </message>
    <message>
      <source>Роли — удерживать</source>
      <translation>Roles — press and hold</translation>
    </message>
    <message>
      <source>Отменить (Ctrl+Z)</source>
      <translation>Undo (Ctrl+Z)</translation>
    </message>
    <message>
      <source>Выставление: щёлкните говорящего, затем кандидата.</source>
      <translation>Nomination: click the speaker, then the nominee.</translation>
    </message>
    <message>
      <source>Сначала щёлкните карточку игрока.</source>
      <translation>Click a player's card first.</translation>
    </message>
    <message>
      <source>Ведущий — {title}</source>
      <translation>Host — {title}</translation>
    </message>
    <message>
      <source>Перестрелка: {seats} — по 30 секунд, затем переголосование.</source>
      <translation>Shootout: {seats} — 30 seconds each, then the re-vote.</translation>
    </message>
    <message>
      <source>Договорка мафии: 60 секунд. «Дальше» — начинается день 0.</source>
      <translation>Mafia agreement: 60 seconds. "Next" starts day 0.</translation>
    </message>
    <message>
      <source>Последнее слово: 60 секунд.</source>
      <translation>Last word: 60 seconds.</translation>
    </message>
    <message>
      <source>Дон проверил {seat}: {answer}</source>
      <translation>Don checked {seat}: {answer}</translation>
    </message>
    <message>
      <source>Шериф проверил {seat}: {answer}</source>
      <translation>Sheriff checked {seat}: {answer}</translation>
    </message>
    <message>
      <source>Сейчас нечего завершать: {phase}.</source>
      <translation>Nothing to end now: {phase}.</translation>
    </message>
    <message>
      <source>Место {seat}: {name}</source>
      <translation>Seat {seat}: {name}</translation>
    </message>
    <message>
      <source>Место {seat} выставляет — щёлкните кандидата.</source>
      <translation>Seat {seat} nominates — click the nominee.</translation>
    </message>
    <message>
      <source>шериф</source>
      <translation>sheriff</translation>
    </message>
    <message>
      <source>не шериф</source>
      <translation>not the sheriff</translation>
    </message>
    <message>
      <source>чёрный</source>
      <translation>black</translation>
    </message>
    <message>
      <source>красный</source>
      <translation>red</translation>
    </message>
    <message>
      <source>Выставлены: {seats}</source>
      <translation>Nominated: {seats}</translation>
    </message>
    <message>
      <source>Поиск в реестре: фамилия, имя, псевдоним или телефон — Enter отмечает</source>
      <translation>Search the registry: surname, first name, nickname or phone — Enter checks in</translation>
    </message>
    <message>
      <source>Отметить на вечере</source>
      <translation>Check in</translation>
    </message>
    <message>
      <source>Гость…</source>
      <translation>Guest…</translation>
    </message>
    <message>
      <source>Отмечены: {n}</source>
      <translation>Checked in: {n}</translation>
    </message>
    <message>
      <source>{name} отмечен.</source>
      <translation>{name} checked in.</translation>
    </message>
    <message>
      <source>Гость {name} отмечен.</source>
      <translation>Guest {name} checked in.</translation>
    </message>
    <message>
      <source>говорит</source>
      <translation>speaking</translation>
    </message>
    <message>
      <source>выставлен</source>
      <translation>nominated</translation>
    </message>
    <message>
      <source>выбран</source>
      <translation>selected</translation>
    </message>
    <message>
      <source>меньше всего игр</source>
      <translation>fewest games</translation>
    </message>
    <message>
      <source>больше всего игр</source>
      <translation>most games</translation>
    </message>
    <message>
      <source>повторов одного места</source>
      <translation>repeats of one seat</translation>
    </message>
    <message>
      <source>разброс мест</source>
      <translation>seat spread</translation>
    </message>
    <message>
      <source>реже всего встречаются</source>
      <translation>fewest meetings</translation>
    </message>
    <message>
      <source>чаще всего встречаются</source>
      <translation>most meetings</translation>
    </message>
    <message>
      <source>Зерно {seed} · игр у игрока: {gmin}–{gmax} · на одном месте: не больше {seat} · встречи пар: {mmin}–{mmax}</source>
      <translation>Seed {seed} · games per player: {gmin}–{gmax} · on one seat: at most {seat} · pair meetings: {mmin}–{mmax}</translation>
    </message>
    <message>
      <source>зерно (пусто — случайное)</source>
      <translation>seed (empty — random)</translation>
    </message>
    <message>
      <source>Рассадить</source>
      <translation>Seat players</translation>
    </message>
    <message>
      <source>Поменять местами…</source>
      <translation>Swap…</translation>
    </message>
    <message>
      <source>Игр за вечер:</source>
      <translation>Games this evening:</translation>
    </message>
    <message>
      <source>Игра:</source>
      <translation>Game:</translation>
    </message>
    <message>
      <source>Поменять:</source>
      <translation>Swap:</translation>
    </message>
    <message>
      <source>Рассадки ещё нет: отметьте игроков и нажмите «Рассадить».</source>
      <translation>No seating yet: check players in and press "Seat players".</translation>
    </message>
    <message>
      <source>Зерно — целое число.</source>
      <translation>The seed is a whole number.</translation>
    </message>
    <message>
      <source>Показатели равномерности не изменятся.</source>
      <translation>The evenness figures do not change.</translation>
    </message>
    <message>
      <source>Поменять {a} и {b} в игре {r}?</source>
      <translation>Swap {a} and {b} in game {r}?</translation>
    </message>
    <message>
      <source>Ручная замена</source>
      <translation>Manual swap</translation>
    </message>
    <message>
      <source>Игра {n}</source>
      <translation>Game {n}</translation>
    </message>
    <message>
      <source>Отдыхают: {names}</source>
      <translation>Sitting out: {names}</translation>
    </message>
    <message>
      <source>Для рассадки нужно столов: {need}, а у вечера {have}.</source>
      <translation>The seating needs {need} tables, the evening has {have}.</translation>
    </message>
    <message>
      <source>Ночь 0 — раздача карт</source>
      <translation>Night 0 — the deal</translation>
    </message>
    <message>
      <source>Ночь 0 — договорка</source>
      <translation>Night 0 — agreement</translation>
    </message>
    <message>
      <source>День {day}</source>
      <translation>Day {day}</translation>
    </message>
    <message>
      <source>День {day} — голосование</source>
      <translation>Day {day} — vote</translation>
    </message>
    <message>
      <source>День {day} — перестрелка</source>
      <translation>Day {day} — shootout</translation>
    </message>
    <message>
      <source>День {day} — переголосование</source>
      <translation>Day {day} — re-vote</translation>
    </message>
    <message>
      <source>День {day} — голосование за подъём всех</source>
      <translation>Day {day} — lift vote</translation>
    </message>
    <message>
      <source>Последнее слово</source>
      <translation>Last word</translation>
    </message>
    <message>
      <source>Ночь {day}</source>
      <translation>Night {day}</translation>
    </message>
    <message>
      <source>Игра окончена</source>
      <translation>Game over</translation>
    </message>
    <message>
      <source>убит ночью</source>
      <translation>killed at night</translation>
    </message>
    <message>
      <source>заголосован</source>
      <translation>voted out</translation>
    </message>
    <message>
      <source>удалён</source>
      <translation>removed</translation>
    </message>
    <message>
      <source>Победа красных</source>
      <translation>Red team wins</translation>
    </message>
    <message>
      <source>Победа чёрных</source>
      <translation>Black team wins</translation>
    </message>
    <message>
      <source>мирный</source>
      <translation>civilian</translation>
    </message>
    <message>
      <source>мафия</source>
      <translation>mafia</translation>
    </message>
    <message>
      <source>дон</source>
      <translation>don</translation>
    </message>
    <message>
      <source>Новый вечер…</source>
      <translation>New evening…</translation>
    </message>
    <message>
      <source>Регистрация</source>
      <translation>Check-in</translation>
    </message>
    <message>
      <source>Рассадка</source>
      <translation>Seating</translation>
    </message>
    <message>
      <source>Игры</source>
      <translation>Games</translation>
    </message>
    <message>
      <source>Создайте вечер: «Новый вечер…»</source>
      <translation>Create an evening: "New evening…"</translation>
    </message>
    <message>
      <source>{title} · ведущий: {host} · столов: {tables} · очки: {scoring}</source>
      <translation>{title} · host: {host} · tables: {tables} · scoring: {scoring}</translation>
    </message>
    <message>
      <source>ФИИМ</source>
      <translation>FIIM</translation>
    </message>
    <message>
      <source>только победы</source>
      <translation>wins only</translation>
    </message>
    <message>
      <source>Вечер</source>
      <translation>Evening</translation>
    </message>
    <message>
      <source>№</source>
      <translation>No.</translation>
    </message>
    <message>
      <source>Гость</source>
      <translation>Guest</translation>
    </message>
    <message>
      <source>Игра</source>
      <translation>Game</translation>
    </message>
    <message>
      <source>Ход игры</source>
      <translation>Progress</translation>
    </message>
    <message>
      <source>Результат</source>
      <translation>Result</translation>
    </message>
    <message>
      <source>Игр</source>
      <translation>Games</translation>
    </message>
    <message>
      <source>Побед</source>
      <translation>Wins</translation>
    </message>
    <message>
      <source>Очки</source>
      <translation>Points</translation>
    </message>
    <message>
      <source>Убит первым</source>
      <translation>Killed first</translation>
    </message>
    <message>
      <source>{name} · гость</source>
      <translation>{name} · guest</translation>
    </message>
    <message>
      <source>Рассадка всех игр вечера по столам, с зерном — повесить для игроков</source>
      <translation>The seating of every game of the evening, table by table, with its seed — to pin up for the players</translation>
    </message>
    <message>
      <source>Рассадка вечера</source>
      <translation>Seating of the evening</translation>
    </message>
    <message>
      <source>Итоги вечера для подписи ведущего: просмотр, печать, PDF</source>
      <translation>The evening's results for the host to sign: preview, print, PDF</translation>
    </message>
    <message>
      <source>Ведущий игры…</source>
      <translation>Game's host…</translation>
    </message>
    <message>
      <source>Кто ведёт игру с телефона (страница для столов); роли там видит только он</source>
      <translation>Who runs the game from a phone (the table page); only he sees its roles there</translation>
    </message>
    <message>
      <source>Ведущего игры назначает стойка</source>
      <translation>The desk names the game's host</translation>
    </message>
    <message>
      <source>любой ведущий</source>
      <translation>any host</translation>
    </message>
    <message>
      <source>Ведущий игры</source>
      <translation>Game's host</translation>
    </message>
    <message>
      <source>С телефона игру «{title}» ведёт:</source>
      <translation>From a phone the game '{title}' is run by:</translation>
    </message>
    <message>
      <source>Ведущий с телефона</source>
      <translation>Host on a phone</translation>
    </message>
  </context>
</TS>
