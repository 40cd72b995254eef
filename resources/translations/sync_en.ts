<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Синхронизация: {state}</source>
      <translation>Sync: {state}</translation>
    </message>
    <message>
      <source>Конфликт</source>
      <translation>Conflict</translation>
    </message>
    <message>
      <source>Запись</source>
      <translation>Record</translation>
    </message>
    <message>
      <source>Подробности</source>
      <translation>Details</translation>
    </message>
    <message>
      <source>Двойная регистрация</source>
      <translation>Duplicate registration</translation>
    </message>
    <message>
      <source>игроки</source>
      <translation>players</translation>
    </message>
    <message>
      <source>тот же телефон</source>
      <translation>same phone</translation>
    </message>
    <message>
      <source>тот же ник</source>
      <translation>same nickname</translation>
    </message>
    <message>
      <source>игра {id}</source>
      <translation>game {id}</translation>
    </message>
    <message>
      <source>нет связи</source>
      <translation>offline</translation>
    </message>
    <message>
      <source>на связи</source>
      <translation>online</translation>
    </message>
    <message>
      <source>синхронизация…</source>
      <translation>syncing…</translation>
    </message>
    <message>
      <source>Синхронизировать сейчас</source>
      <translation>Sync now</translation>
    </message>
    <message>
      <source>Сервер</source>
      <translation>Hub</translation>
    </message>
    <message>
      <source>Эта стойка</source>
      <translation>This desk</translation>
    </message>
    <message>
      <source>Стойки клуба</source>
      <translation>The club's desks</translation>
    </message>
    <message>
      <source>Ждут отправки</source>
      <translation>Pending up</translation>
    </message>
    <message>
      <source>Ждут получения</source>
      <translation>Pending down</translation>
    </message>
    <message>
      <source>Последняя синхронизация</source>
      <translation>Last success</translation>
    </message>
    <message>
      <source>Часы</source>
      <translation>Clocks</translation>
    </message>
    <message>
      <source>не подключена — clubdesk sync join URL --desk ИМЯ</source>
      <translation>not joined — clubdesk sync join URL --desk NAME</translation>
    </message>
    <message>
      <source>ещё не было</source>
      <translation>not yet</translation>
    </message>
    <message>
      <source>в порядке</source>
      <translation>in order</translation>
    </message>
    <message>
      <source>Конфликты: {n}</source>
      <translation>Conflicts: {n}</translation>
    </message>
    <message>
      <source>схема</source>
      <translation>schema</translation>
    </message>
    <message>
      <source>{n} записей пришли от более новой версии ClubDesk и ждут обновления этой стойки.</source>
      <translation>{n} rows came from a newer ClubDesk and wait for this desk to be updated.</translation>
    </message>
    <message>
      <source>{name} (связь {seen})</source>
      <translation>{name} (last contact {seen})</translation>
    </message>
    <message>
      <source>{desk}: {minutes:+.1f} мин</source>
      <translation>{desk}: {minutes:+.1f} min</translation>
    </message>
    <message>
      <source>Объединить игроков…</source>
      <translation>Merge the players…</translation>
    </message>
    <message>
      <source>Объединить двух игроков? Останется {stays} — он зарегистрирован раньше. К нему перейдут игры, отметки и заявки игрока {goes}; обе истории сохранятся. Решение уйдёт на все стойки.</source>
      <translation>Merge the two players? {stays} remains (registered first). The games, check-ins and entries of {goes} become his; both histories are kept. The decision goes to every desk.</translation>
    </message>
    <message>
      <source>в клубе с {day}</source>
      <translation>in the club since {day}</translation>
    </message>
    <message>
      <source>Стойка</source>
      <translation>Desk</translation>
    </message>
    <message>
      <source>Событий</source>
      <translation>Events</translation>
    </message>
    <message>
      <source>С события</source>
      <translation>From event</translation>
    </message>
    <message>
      <source>Отложена</source>
      <translation>Set aside</translation>
    </message>
    <message>
      <source>Записано</source>
      <translation>Recorded</translation>
    </message>
    <message>
      <source>Событие</source>
      <translation>Event</translation>
    </message>
    <message>
      <source>Отложенные ветки</source>
      <translation>Branches set aside</translation>
    </message>
    <message>
      <source>Ветки игр, которые администратор отложил. В игре их нет, но ничего не удалено: события хранятся здесь, на каждой стойке.</source>
      <translation>Game branches the administrator set aside. They are not in the game, but nothing is deleted: their events are kept here, on every desk.</translation>
    </message>
    <message>
      <source>Отложенных веток нет.</source>
      <translation>No branches set aside.</translation>
    </message>
    <message>
      <source>№{seq}, {time}</source>
      <translation>#{seq}, {time}</translation>
    </message>
    <message>
      <source>События ветки стойки {desk}: {game}</source>
      <translation>Events of desk {desk}'s branch: {game}</translation>
    </message>
    <message>
      <source>событий: {n}, {seqs}, с {time}</source>
      <translation>events: {n}, {seqs}, since {time}</translation>
    </message>
    <message>
      <source>первое: «{first}», последнее: «{last}»</source>
      <translation>first: “{first}”, last: “{last}”</translation>
    </message>
    <message>
      <source>ветка стойки {desk} — {span}</source>
      <translation>branch of desk {desk} — {span}</translation>
    </message>
    <message>
      <source>Пирамидка</source>
      <translation>Pyramid</translation>
    </message>
    <message>
      <source>турнир по Пирамидке</source>
      <translation>Pyramid tournament</translation>
    </message>
    <message>
      <source>отмена события №{seq}</source>
      <translation>undo of event #{seq}</translation>
    </message>
    <message>
      <source>место {by} выставляет место {target}</source>
      <translation>seat {by} nominates seat {target}</translation>
    </message>
    <message>
      <source>речь окончена</source>
      <translation>speech ended</translation>
    </message>
    <message>
      <source>последнее слово окончено</source>
      <translation>last word ended</translation>
    </message>
    <message>
      <source>фол</source>
      <translation>foul</translation>
    </message>
    <message>
      <source>удаление</source>
      <translation>removal</translation>
    </message>
    <message>
      <source>покидает игру</source>
      <translation>leaves the game</translation>
    </message>
    <message>
      <source>лучший ход</source>
      <translation>best move</translation>
    </message>
    <message>
      <source>дополнительные баллы</source>
      <translation>extra points</translation>
    </message>
    <message>
      <source>место {seat}: {what}</source>
      <translation>seat {seat}: {what}</translation>
    </message>
    <message>
      <source>раздача ролей</source>
      <translation>roles dealt</translation>
    </message>
    <message>
      <source>договорка окончена</source>
      <translation>agreement ended</translation>
    </message>
    <message>
      <source>голосование</source>
      <translation>vote</translation>
    </message>
    <message>
      <source>голосование за подъём</source>
      <translation>vote to lift all</translation>
    </message>
    <message>
      <source>ночь</source>
      <translation>night</translation>
    </message>
    <message>
      <source>техническое поражение</source>
      <translation>loss awarded</translation>
    </message>
    <message>
      <source>событие: «{words}»</source>
      <translation>event: “{words}”</translation>
    </message>
    <message>
      <source>жеребьёвка</source>
      <translation>draw</translation>
    </message>
    <message>
      <source>{who}: заявка</source>
      <translation>{who}: entered</translation>
    </message>
    <message>
      <source>встреча {bout}: партия начата</source>
      <translation>bout {bout}: a game started</translation>
    </message>
    <message>
      <source>встреча {bout}: партию выиграл {who}</source>
      <translation>bout {bout}: game won by {who}</translation>
    </message>
    <message>
      <source>встреча {bout}: неявка, победа {who}</source>
      <translation>bout {bout}: walk-over, won by {who}</translation>
    </message>
    <message>
      <source>{who} снимается с турнира</source>
      <translation>{who} withdraws from the tournament</translation>
    </message>
    <message>
      <source>… ещё {n} …</source>
      <translation>… {n} more …</translation>
    </message>
    <message>
      <source>Ветки игр, отложенные решением администратора: их события не удалены и показаны здесь</source>
      <translation>Game branches the administrator set aside: their events are not deleted and are shown here</translation>
    </message>
    <message>
      <source>Выберите в списке двойную регистрацию.</source>
      <translation>Select a duplicate registration in the list.</translation>
    </message>
    <message>
      <source>Отложенные ветки ({n})…</source>
      <translation>Branches set aside ({n})…</translation>
    </message>
    <message>
      <source>№{seq}</source>
      <translation>#{seq}</translation>
    </message>
    <message>
      <source>№{first}–{last}</source>
      <translation>#{first}–{last}</translation>
    </message>
    <message>
      <source>№{seq}: {words}</source>
      <translation>#{seq}: {words}</translation>
    </message>
    <message>
      <source>Как продолжится игра</source>
      <translation>How the game goes on</translation>
    </message>
    <message>
      <source>Продолжить игру этой линией</source>
      <translation>Continue the game with this line</translation>
    </message>
    <message>
      <source>Будут отложены: {lines}. Игру будет вести стойка {desk}.</source>
      <translation>Set aside: {lines}. Desk {desk} will record the game.</translation>
    </message>
    <message>
      <source>Выберите линию, чтобы увидеть её события.</source>
      <translation>Choose a line to see its events.</translation>
    </message>
    <message>
      <source>Игру записывали на нескольких стойках без связи, и с события №{fork} записи расходятся. У игры одна линия событий, поэтому продолжить её может только одна из них. Выберите, какая: остальные будут отложены — ничего не удаляется, их события будут в «Отложенных ветках». Стойка выбранной линии будет вести игру. Решение уйдёт на все стойки.</source>
      <translation>The game was recorded on several desks cut off from each other, and from event #{fork} on the records differ. A game has one line of events, so only one of them can continue it. Choose which: the others will be set aside — nothing is deleted, their events will be in “Branches set aside”. The desk of the chosen line will record the game. The decision goes to every desk.</translation>
    </message>
    <message>
      <source>События: {label}</source>
      <translation>Events: {label}</translation>
    </message>
    <message>
      <source>{label} (не может продолжить игру: нет событий перед ней) — будет отложена.</source>
      <translation>{label} (cannot continue the game: the events before it are missing) — will be set aside.</translation>
    </message>
    <message>
      <source>{label}: событий {n} с №{seq}</source>
      <translation>{label}: {n} events from #{seq}</translation>
    </message>
    <message>
      <source>ветка стойки {desk}</source>
      <translation>the branch of desk {desk}</translation>
    </message>
    <message>
      <source>С события №{fork} записи расходятся — продолжить игру может только одна линия:</source>
      <translation>From event #{fork} on the records differ — only one line can continue the game:</translation>
    </message>
    <message>
      <source>{label} (не может продолжить игру: нет событий перед ней)</source>
      <translation>{label} (cannot continue the game: the events before it are missing)</translation>
    </message>
    <message>
      <source>так игра ведётся здесь (стойка {desk})</source>
      <translation>the game as recorded here (desk {desk})</translation>
    </message>
    <message>
      <source>{seqs} записала стойка {desk}</source>
      <translation>{seqs} recorded by desk {desk}</translation>
    </message>
    <message>
      <source>Ветки игры</source>
      <translation>Game branches</translation>
    </message>
    <message>
      <source>Выбрать, как продолжится игра…</source>
      <translation>Choose how the game goes on…</translation>
    </message>
    <message>
      <source>Выберите в списке игру с ветками.</source>
      <translation>Choose a game with branches in the list.</translation>
    </message>
    <message>
      <source>{days} дн. {hours} ч</source>
      <translation>{days} d {hours} h</translation>
    </message>
    <message>
      <source>{hours} ч {minutes} мин</source>
      <translation>{hours} h {minutes} min</translation>
    </message>
    <message>
      <source>{minutes} мин</source>
      <translation>{minutes} min</translation>
    </message>
    <message>
      <source>Часы этого компьютера спешат на {span} относительно сервера синхронизации: записи стойка помечает временем сервера, но исправьте время компьютера.</source>
      <translation>This computer's clock is {span} ahead of the sync hub's: the desk stamps its records with the hub's time, but set the computer's clock right.</translation>
    </message>
    <message>
      <source>Часы этого компьютера отстают на {span} от сервера синхронизации: записи стойка помечает временем сервера, но исправьте время компьютера.</source>
      <translation>This computer's clock is {span} behind the sync hub's: the desk stamps its records with the hub's time, but set the computer's clock right.</translation>
    </message>
    <message>
      <source>Запись не применена</source>
      <translation>Row not applied</translation>
    </message>
    <message>
      <source>не JSON</source>
      <translation>not JSON</translation>
    </message>
    <message>
      <source>не объект JSON</source>
      <translation>not a JSON object</translation>
    </message>
    <message>
      <source>поле неверного вида</source>
      <translation>a field of the wrong kind</translation>
    </message>
    <message>
      <source>ждёт записи, которой на этой стойке нет</source>
      <translation>waits for a row this desk does not hold</translation>
    </message>
    <message>
      <source>база этой стойки её не принимает</source>
      <translation>this desk's database refuses it</translation>
    </message>
    <message>
      <source>учётная запись персонала от стойки без права управлять персоналом</source>
      <translation>a staff account from a desk not allowed to manage staff</translation>
    </message>
    <message>
      <source>{reason} ({text}); стойка {desk}</source>
      <translation>{reason} ({text}); desk {desk}</translation>
    </message>
    <message>
      <source>Применить запись снова</source>
      <translation>Apply the row again</translation>
    </message>
    <message>
      <source>Отбросить запись…</source>
      <translation>Discard the row…</translation>
    </message>
    <message>
      <source>Выберите в списке запись, которая не применена.</source>
      <translation>Choose a row that was not applied in the list.</translation>
    </message>
    <message>
      <source>Отбросить запись стойки {desk}? Она останется в журнале этой стойки, но не будет применена никогда.</source>
      <translation>Discard the row of desk {desk}? It stays in this desk's log but will never be applied.</translation>
    </message>
  </context>
</TS>
