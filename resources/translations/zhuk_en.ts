<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Место</source>
      <translation>Place</translation>
    </message>
    <message>
      <source>в игре</source>
      <translation>in</translation>
    </message>
    <message>
      <source>Стол {n}</source>
      <translation>Table {n}</translation>
    </message>
    <message>
      <source>Этап 1</source>
      <translation>Stage 1</translation>
    </message>
    <message>
      <source>Этап 2</source>
      <translation>Stage 2</translation>
    </message>
    <message>
      <source>Этап 3</source>
      <translation>Stage 3</translation>
    </message>
    <message>
      <source>Финал</source>
      <translation>Final</translation>
    </message>
    <message>
      <source>Итог, B</source>
      <translation>Total, B</translation>
    </message>
    <message>
      <source>выбыл</source>
      <translation>out</translation>
    </message>
    <message>
      <source>в финале</source>
      <translation>finalist</translation>
    </message>
    <message>
      <source>Время вышло — раунд окончен</source>
      <translation>Time is up — round over</translation>
    </message>
    <message>
      <source>шар</source>
      <translation>ball</translation>
    </message>
    <message>
      <source>шар случайно</source>
      <translation>ball by chance</translation>
    </message>
    <message>
      <source>Жук</source>
      <translation>Zhuk</translation>
    </message>
    <message>
      <source>Жук случайно</source>
      <translation>Zhuk by chance</translation>
    </message>
    <message>
      <source>биток упал</source>
      <translation>cue ball fell</translation>
    </message>
    <message>
      <source>мимо</source>
      <translation>no pot</translation>
    </message>
    <message>
      <source>Жуком:</source>
      <translation>with Zhuk:</translation>
    </message>
    <message>
      <source>по Жуку</source>
      <translation>at Zhuk</translation>
    </message>
    <message>
      <source>{who}: новая пирамида</source>
      <translation>{who}: new rack</translation>
    </message>
    <message>
      <source>фол: не попал в шар</source>
      <translation>foul: missed the ball</translation>
    </message>
    <message>
      <source>фол: касание</source>
      <translation>foul: touch</translation>
    </message>
    <message>
      <source>фол: шар за борт</source>
      <translation>foul: ball off the table</translation>
    </message>
    <message>
      <source>фол: двойной удар</source>
      <translation>foul: double hit</translation>
    </message>
    <message>
      <source>фол: толчок</source>
      <translation>foul: push</translation>
    </message>
    <message>
      <source>фол: отскок</source>
      <translation>foul: rebound</translation>
    </message>
    <message>
      <source>Ход</source>
      <translation>Turn</translation>
    </message>
    <message>
      <source>Деньги, B</source>
      <translation>Money, B</translation>
    </message>
    <message>
      <source>Банк</source>
      <translation>Bank</translation>
    </message>
    <message>
      <source>в банк</source>
      <translation>to the bank</translation>
    </message>
    <message>
      <source>из банка {amount}</source>
      <translation>{amount} from the bank</translation>
    </message>
    <message>
      <source>Новый турнир…</source>
      <translation>New tournament…</translation>
    </message>
    <message>
      <source>зерно: пусто — случайное</source>
      <translation>seed: empty = random</translation>
    </message>
    <message>
      <source>Жеребьёвка этапа</source>
      <translation>Draw stage</translation>
    </message>
    <message>
      <source>Финал четырёх</source>
      <translation>Final of four</translation>
    </message>
    <message>
      <source>Начать раунд</source>
      <translation>Start round</translation>
    </message>
    <message>
      <source>Проверить по зерну</source>
      <translation>Re-check from seed</translation>
    </message>
    <message>
      <source>Матчи «Пирамидка 100»</source>
      <translation>Pyramid 100 matches</translation>
    </message>
    <message>
      <source>платит предыдущий</source>
      <translation>previous player pays</translation>
    </message>
    <message>
      <source>платят все</source>
      <translation>all pay</translation>
    </message>
    <message>
      <source>баланс переносится</source>
      <translation>balance carried</translation>
    </message>
    <message>
      <source>каждый этап с 10 000 B</source>
      <translation>every stage from 10 000 B</translation>
    </message>
    <message>
      <source>сыгран</source>
      <translation>played</translation>
    </message>
    <message>
      <source>не начат</source>
      <translation>not started</translation>
    </message>
    <message>
      <source>Турниры «Жук»</source>
      <translation>Zhuk tournaments</translation>
    </message>
    <message>
      <source>Этап, стол, раунд</source>
      <translation>Stage, table, round</translation>
    </message>
    <message>
      <source>Игроки / состояние</source>
      <translation>Players / status</translation>
    </message>
    <message>
      <source>Создание матчей «Пирамидка» появится здесь.</source>
      <translation>Pyramid matches will be created here.</translation>
    </message>
    <message>
      <source>Турниров пока нет. Создайте турнир и выберите участников из реестра.</source>
      <translation>No tournaments yet. Create one and pick the participants from the registry.</translation>
    </message>
    <message>
      <source>идёт · {clock}</source>
      <translation>running · {clock}</translation>
    </message>
    <message>
      <source>Все жеребьёвки совпадают с пересчётом по зерну.</source>
      <translation>Every draw matches its re-computation from the seed.</translation>
    </message>
    <message>
      <source>Жеребьёвка не совпадает с пересчётом по зерну!</source>
      <translation>The draw does not match its re-computation from the seed!</translation>
    </message>
    <message>
      <source>&lt;b&gt;{name}&lt;/b&gt; · участников: {n} · расчёт: {settle} · банкролл: {bank}</source>
      <translation>&lt;b&gt;{name}&lt;/b&gt; · players: {n} · settlement: {settle} · bankroll: {bank}</translation>
    </message>
    <message>
      <source>Жеребьёвка этапа {n}</source>
      <translation>Draw stage {n}</translation>
    </message>
    <message>
      <source>{name} — {n} игроков</source>
      <translation>{name} — {n} players</translation>
    </message>
    <message>
      <source>Этап {n}</source>
      <translation>Stage {n}</translation>
    </message>
    <message>
      <source>зерно {seed}</source>
      <translation>seed {seed}</translation>
    </message>
    <message>
      <source>{k} игрока, по очереди хода</source>
      <translation>{k} players, in turn order</translation>
    </message>
    <message>
      <source>Раунд {n}: {minutes} мин, {nominal} B</source>
      <translation>Round {n}: {minutes} min, {nominal} B</translation>
    </message>
    <message>
      <source>Пауза</source>
      <translation>Pause</translation>
    </message>
    <message>
      <source>Закончить раунд</source>
      <translation>End round</translation>
    </message>
    <message>
      <source>Табло для игроков</source>
      <translation>Players' scoreboard</translation>
    </message>
    <message>
      <source>Щёлкните стол, чтобы вести счёт. Удар вводится цифрами, Enter — записать.</source>
      <translation>Click a table to score it. Type a shot with digits, Enter records it.</translation>
    </message>
    <message>
      <source>финал</source>
      <translation>final</translation>
    </message>
    <message>
      <source>Идущих раундов нет</source>
      <translation>No round is running</translation>
    </message>
    <message>
      <source>Продолжить</source>
      <translation>Resume</translation>
    </message>
    <message>
      <source>этап {s}</source>
      <translation>stage {s}</translation>
    </message>
    <message>
      <source>{name}: {what}, раунд {r} · {clock}</source>
      <translation>{name}: {what}, round {r} · {clock}</translation>
    </message>
    <message>
      <source>Стол {n} — {name}, {what}, раунд {r}</source>
      <translation>Table {n} — {name}, {what}, round {r}</translation>
    </message>
    <message>
      <source>Сейчас нет идущих столов «Жук». Начните раунд на странице «Жеребьёвка».</source>
      <translation>No Zhuk tables are running. Start a round on the Draws page.</translation>
    </message>
    <message>
      <source>Банк: {bank} B</source>
      <translation>Bank: {bank} B</translation>
    </message>
    <message>
      <source>Этап {s}, раунд {r} · номинал {nominal} B</source>
      <translation>Stage {s}, round {r} · nominal {nominal} B</translation>
    </message>
    <message>
      <source>Финал, раунд {r} · номинал {nominal} B</source>
      <translation>Final, round {r} · nominal {nominal} B</translation>
    </message>
    <message>
      <source>раунд окончен</source>
      <translation>round over</translation>
    </message>
    <message>
      <source>время вышло</source>
      <translation>time is up</translation>
    </message>
    <message>
      <source>{m} мин, не начат</source>
      <translation>{m} min, not started</translation>
    </message>
    <message>
      <source>{time} (пауза)</source>
      <translation>{time} (paused)</translation>
    </message>
    <message>
      <source>Новый турнир «Жук»</source>
      <translation>New Zhuk tournament</translation>
    </message>
    <message>
      <source>например, Кубок декабря</source>
      <translation>e.g. December Cup</translation>
    </message>
    <message>
      <source>платит предыдущий игрок</source>
      <translation>the previous player pays</translation>
    </message>
    <message>
      <source>платят все остальные</source>
      <translation>every other player pays</translation>
    </message>
    <message>
      <source>баланс переносится в следующий этап</source>
      <translation>balance carried into the next stage</translation>
    </message>
    <message>
      <source>Поиск участников: фамилия, имя, псевдоним или телефон</source>
      <translation>Find participants: surname, first name, nickname or phone</translation>
    </message>
    <message>
      <source>Название:</source>
      <translation>Name:</translation>
    </message>
    <message>
      <source>Расчёт за шар:</source>
      <translation>Paying for a ball:</translation>
    </message>
    <message>
      <source>Банкролл:</source>
      <translation>Bankroll:</translation>
    </message>
    <message>
      <source>Выбрано участников: {n} (столы по 4, затем по 3; нельзя 1, 2 и 5)</source>
      <translation>Participants chosen: {n} (tables of 4, then 3; not 1, 2 or 5)</translation>
    </message>
    <message>
      <source>Табло «Жук»</source>
      <translation>Zhuk scoreboard</translation>
    </message>
    <message>
      <source>Таблица</source>
      <translation>Standings</translation>
    </message>
    <message>
      <source>шар забит правильно</source>
      <translation>ball potted legally</translation>
    </message>
    <message>
      <source>шар упал случайно</source>
      <translation>ball fell by chance</translation>
    </message>
    <message>
      <source>Жук забит</source>
      <translation>Zhuk potted</translation>
    </message>
    <message>
      <source>Жук упал случайно</source>
      <translation>Zhuk fell by chance</translation>
    </message>
    <message>
      <source>свояк (основной биток)</source>
      <translation>main cue pot (svoyak)</translation>
    </message>
    <message>
      <source>удар Жуком-битком</source>
      <translation>Zhuk as the cue</translation>
    </message>
    <message>
      <source>удар по Жуку</source>
      <translation>shot at Zhuk</translation>
    </message>
    <message>
      <source>новая пирамида</source>
      <translation>new rack</translation>
    </message>
    <message>
      <source>фолы: промах, касание, за борт, двойной, толчок, отскок</source>
      <translation>fouls: miss, touch, off table, double hit, push, rebound</translation>
    </message>
    <message>
      <source>записать удар (пусто — мимо)</source>
      <translation>record the shot (empty = no pot)</translation>
    </message>
    <message>
      <source>сбросить / убрать последнее</source>
      <translation>clear / drop the last key</translation>
    </message>
    <message>
      <source>отменить последний удар</source>
      <translation>undo the last shot</translation>
    </message>
    <message>
      <source>можно Жуком-битком</source>
      <translation>Zhuk as cue allowed</translation>
    </message>
    <message>
      <source>только основным битком</source>
      <translation>main cue only</translation>
    </message>
    <message>
      <source>, с руки</source>
      <translation>, from hand</translation>
    </message>
    <message>
      <source>Отмена после конца раунда</source>
      <translation>Undo after the round ended</translation>
    </message>
    <message>
      <source>Раунд уже закрыт. Причина исправления (запишется с вашим именем):</source>
      <translation>The round is closed. Reason for the correction (recorded with your name):</translation>
    </message>
    <message>
      <source>&lt;b&gt;Клавиши&lt;/b&gt;</source>
      <translation>&lt;b&gt;Keys&lt;/b&gt;</translation>
    </message>
    <message>
      <source>на столе: шаров {std}, Жук {zhuk}</source>
      <translation>on the table: {std} balls, Zhuk {zhuk}</translation>
    </message>
    <message>
      <source>Раунд за этим столом окончен. Ctrl+Z — отменить (с причиной).</source>
      <translation>The round at this table is over. Ctrl+Z undoes (with a reason).</translation>
    </message>
    <message>
      <source>Жуком-битком</source>
      <translation>Zhuk as cue</translation>
    </message>
    <message>
      <source>есть</source>
      <translation>on</translation>
    </message>
    <message>
      <source>Номинал {nominal} B · банк {bank} B · пирамида {rack} · {balls}</source>
      <translation>Nominal {nominal} B · bank {bank} B · rack {rack} · {balls}</translation>
    </message>
    <message>
      <source>Бьёт {who} ({cue}{hand}). Удар: {facts}</source>
      <translation>{who} to shoot ({cue}{hand}). Shot: {facts}</translation>
    </message>
    <message>
      <source>мимо (Enter)</source>
      <translation>no pot (Enter)</translation>
    </message>
    <message>
      <source>Не записано ({clause}): {message}</source>
      <translation>Not recorded ({clause}): {message}</translation>
    </message>
    <message>
      <source>Экспорт в CSV…</source>
      <translation>Export to CSV…</translation>
    </message>
    <message>
      <source>Выбывает тот, у кого в конце этапа 0 B или меньше; после трёх этапов четверо лучших играют финал.</source>
      <translation>A player with 0 B or less at a stage end is out; after three stages the best four play the final.</translation>
    </message>
    <message>
      <source>Общая</source>
      <translation>Overall</translation>
    </message>
    <message>
      <source>Турнирная таблица «Жук»</source>
      <translation>Zhuk standings</translation>
    </message>
    <message>
      <source>Турнир:</source>
      <translation>Tournament:</translation>
    </message>
    <message>
      <source>Таблица:</source>
      <translation>Table:</translation>
    </message>
    <message>
      <source>Экспорт таблицы</source>
      <translation>Export standings</translation>
    </message>
    <message>
      <source>турнир.csv</source>
      <translation>tournament.csv</translation>
    </message>
    <message>
      <source>Судья стола…</source>
      <translation>Table referee…</translation>
    </message>
    <message>
      <source>Открыть стол</source>
      <translation>Open the table</translation>
    </message>
    <message>
      <source>Судья: любой</source>
      <translation>Referee: any</translation>
    </message>
    <message>
      <source>Судья стола</source>
      <translation>Table referee</translation>
    </message>
    <message>
      <source>Со страницы для столов этот стол ведёт только выбранный судья (и стойка); «Любой судья» — любая учётная запись с ролью «судья». За стойкой стол ведут как прежде.</source>
      <translation>From the table page only the chosen referee (and the desk) scores this table; "Any referee" is any account with the role 'referee'. At the desk the table is scored as before.</translation>
    </message>
    <message>
      <source>Сейчас</source>
      <translation>Now</translation>
    </message>
    <message>
      <source>Назначить</source>
      <translation>Assign</translation>
    </message>
    <message>
      <source>Учётных записей с ролью «судья» нет: их заводит администратор на странице «Сотрудники».</source>
      <translation>There are no accounts with the role 'referee': the administrator makes them on the Staff page.</translation>
    </message>
    <message>
      <source>любой судья</source>
      <translation>any referee</translation>
    </message>
    <message>
      <source>Любой судья</source>
      <translation>Any referee</translation>
    </message>
    <message>
      <source>Стол {n}: {players}</source>
      <translation>Table {n}: {players}</translation>
    </message>
    <message>
      <source>Кто из судей ведёт стол со страницы для столов</source>
      <translation>Which referee scores the table from the table page</translation>
    </message>
    <message>
      <source>Судью стола назначает стойка или администратор</source>
      <translation>The desk or the administrator assigns a table's referee</translation>
    </message>
    <message>
      <source>Три этапа сыграны: дальше «Финал четырёх»</source>
      <translation>Three stages played: next is “Final four”</translation>
    </message>
    <message>
      <source>Финал уже разыгран</source>
      <translation>The final is already drawn</translation>
    </message>
    <message>
      <source>Финал — после трёх сыгранных этапов</source>
      <translation>The final comes after three played stages</translation>
    </message>
    <message>
      <source>Сначала доиграйте этап {n}</source>
      <translation>Finish stage {n} first</translation>
    </message>
  </context>
</TS>
