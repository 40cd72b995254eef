<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>прямо-летящий (S)</source>
      <translation>straight (S)</translation>
    </message>
    <message>
      <source>биток коснулся №10</source>
      <translation>cue ball touched №10</translation>
    </message>
    <message>
      <source>центральная отметка занята</source>
      <translation>centre spot taken</translation>
    </message>
    <message>
      <source>нет</source>
      <translation>no</translation>
    </message>
    <message>
      <source>Записать удар (Enter)</source>
      <translation>Record shot (Enter)</translation>
    </message>
    <message>
      <source>Очистить (Esc)</source>
      <translation>Clear (Esc)</translation>
    </message>
    <message>
      <source>Отменить последний (Ctrl+Z)</source>
      <translation>Undo last (Ctrl+Z)</translation>
    </message>
    <message>
      <source>Сдача партии…</source>
      <translation>Concede…</translation>
    </message>
    <message>
      <source>Шар</source>
      <translation>Ball</translation>
    </message>
    <message>
      <source>Луза</source>
      <translation>Pocket</translation>
    </message>
    <message>
      <source>Штраф</source>
      <translation>Foul</translation>
    </message>
    <message>
      <source>Удар</source>
      <translation>Shot</translation>
    </message>
    <message>
      <source>Журнал ударов</source>
      <translation>Shot log</translation>
    </message>
    <message>
      <source>Сдача партии</source>
      <translation>Concede the match</translation>
    </message>
    <message>
      <source>ничего не отмечено — Enter запишет удар без результата</source>
      <translation>nothing marked — Enter records a shot without result</translation>
    </message>
    <message>
      <source>Пирамидка 100: {a} — {b}</source>
      <translation>Pyramid 100: {a} — {b}</translation>
    </message>
    <message>
      <source>Заказ (Z)</source>
      <translation>Call (Z)</translation>
    </message>
    <message>
      <source>Упал в лузу (X)</source>
      <translation>Potted (X)</translation>
    </message>
    <message>
      <source>Вылетел за борт (V)</source>
      <translation>Off the table (V)</translation>
    </message>
    <message>
      <source>отмена судьёй</source>
      <translation>undone by the referee</translation>
    </message>
    <message>
      <source>Разбой (P§2)</source>
      <translation>Break (P§2)</translation>
    </message>
    <message>
      <source>сдача</source>
      <translation>concession</translation>
    </message>
    <message>
      <source>больше 50 очков</source>
      <translation>more than 50 points</translation>
    </message>
    <message>
      <source>Сейчас касание №10 без штрафа</source>
      <translation>Touching №10 is free now</translation>
    </message>
    <message>
      <source>Касание №10 при других шарах — штраф (P§12)</source>
      <translation>Touching №10 with other balls on the table is a foul (P§12)</translation>
    </message>
    <message>
      <source>{name} сдаёт партию? Победа будет присуждена сопернику.</source>
      <translation>Does {name} concede? The opponent will be awarded the match.</translation>
    </message>
    <message>
      <source>Не записано: {reason}</source>
      <translation>Not recorded: {reason}</translation>
    </message>
    <message>
      <source>Стол: {t}</source>
      <translation>Table: {t}</translation>
    </message>
    <message>
      <source>Режим: {m}</source>
      <translation>Mode: {m}</translation>
    </message>
    <message>
      <source>Биток с руки: {h}</source>
      <translation>Cue ball in hand: {h}</translation>
    </message>
    <message>
      <source>№10: {where}</source>
      <translation>№10: {where}</translation>
    </message>
    <message>
      <source>Право на №10 битком (P§13): {yes}</source>
      <translation>Privilege on №10 with the cue ball (P§13): {yes}</translation>
    </message>
    <message>
      <source>На столе: {balls} — {points} очк.</source>
      <translation>On the table: {balls} — {points} pts</translation>
    </message>
    <message>
      <source> · выбран {ball}, нажмите лузу</source>
      <translation> · {ball} chosen, press a pocket</translation>
    </message>
    <message>
      <source>Сдаётся {name}</source>
      <translation>{name} concedes</translation>
    </message>
    <message>
      <source>Судья: {name}</source>
      <translation>Referee: {name}</translation>
    </message>
    <message>
      <source>да</source>
      <translation>yes</translation>
    </message>
    <message>
      <source>Матч окончен: победил {name} ({how})</source>
      <translation>Match over: {name} won ({how})</translation>
    </message>
    <message>
      <source>Бьёт {name}: {draft}{hint}</source>
      <translation>{name} to shoot: {draft}{hint}</translation>
    </message>
    <message>
      <source>биток</source>
      <translation>cue ball</translation>
    </message>
    <message>
      <source>промах</source>
      <translation>miss</translation>
    </message>
    <message>
      <source>удар не по битку</source>
      <translation>not the cue ball</translation>
    </message>
    <message>
      <source>туш (касание шара)</source>
      <translation>touch (ball touched)</translation>
    </message>
    <message>
      <source>отыгрыш</source>
      <translation>rebound</translation>
    </message>
    <message>
      <source>двойной удар</source>
      <translation>double hit</translation>
    </message>
    <message>
      <source>пропих / нажим</source>
      <translation>push</translation>
    </message>
    <message>
      <source>карамболь на №10</source>
      <translation>carom onto №10</translation>
    </message>
    <message>
      <source>рокамболь на №10</source>
      <translation>rocambole onto №10</translation>
    </message>
    <message>
      <source>последний шар — №10 (P§20)</source>
      <translation>last ball — №10 (P§20)</translation>
    </message>
    <message>
      <source>обычный</source>
      <translation>normal</translation>
    </message>
    <message>
      <source>на центральной отметке</source>
      <translation>on the centre spot</translation>
    </message>
    <message>
      <source>на столе, сдвинут с отметки</source>
      <translation>on the table, off its spot</translation>
    </message>
    <message>
      <source>ждёт освобождения центра</source>
      <translation>waiting for the centre spot</translation>
    </message>
    <message>
      <source>сдача партии</source>
      <translation>concession</translation>
    </message>
    <message>
      <source>без результата</source>
      <translation>no result</translation>
    </message>
    <message>
      <source>засчитано</source>
      <translation>counted</translation>
    </message>
    <message>
      <source>ничего не забито</source>
      <translation>nothing potted</translation>
    </message>
    <message>
      <source>штраф</source>
      <translation>foul</translation>
    </message>
    <message>
      <source>биток за бортом</source>
      <translation>cue ball off the table</translation>
    </message>
    <message>
      <source>биток не по заказу</source>
      <translation>cue ball not as called</translation>
    </message>
    <message>
      <source>двойной заказ не выполнен</source>
      <translation>double call failed</translation>
    </message>
    <message>
      <source>прямой с руки не засчитан</source>
      <translation>straight from hand does not count</translation>
    </message>
    <message>
      <source>приём засчитан</source>
      <translation>trick counted</translation>
    </message>
    <message>
      <source>с руки, с ограничением (P§15)</source>
      <translation>in hand, restricted (P§15)</translation>
    </message>
    <message>
      <source>с руки, свободно (P§16)</source>
      <translation>in hand, free (P§16)</translation>
    </message>
    <message>
      <source>на полке: {name}</source>
      <translation>on {name}'s shelf</translation>
    </message>
    <message>
      <source>центр занят</source>
      <translation>centre taken</translation>
    </message>
    <message>
      <source>свояк</source>
      <translation>cue pot</translation>
    </message>
    <message>
      <source>долг +1</source>
      <translation>debt +1</translation>
    </message>
    <message>
      <source>касание №10</source>
      <translation>touched №10</translation>
    </message>
    <message>
      <source>заказ</source>
      <translation>call</translation>
    </message>
    <message>
      <source>упали</source>
      <translation>potted</translation>
    </message>
    <message>
      <source>за борт</source>
      <translation>off the table</translation>
    </message>
    <message>
      <source>штраф: {kind}</source>
      <translation>foul: {kind}</translation>
    </message>
    <message>
      <source>бонус {ball}</source>
      <translation>bonus {ball}</translation>
    </message>
    <message>
      <source>в счёт долга: {balls}</source>
      <translation>paid off the debt: {balls}</translation>
    </message>
    <message>
      <source>{ball} с полки на стол</source>
      <translation>{ball} from the shelf back to the table</translation>
    </message>
    <message>
      <source> прямо</source>
      <translation> straight</translation>
    </message>
    <message>
      <source>пусто</source>
      <translation>empty</translation>
    </message>
    <message>
      <source>ПОБЕДА</source>
      <translation>WINNER</translation>
    </message>
    <message>
      <source>Полка: {balls}</source>
      <translation>Shelf: {balls}</translation>
    </message>
    <message>
      <source>БЬЁТ</source>
      <translation>TO SHOOT</translation>
    </message>
    <message>
      <source>Биток</source>
      <translation>Cue</translation>
    </message>
    <message>
      <source>Контрольный шар №10</source>
      <translation>Control ball №10</translation>
    </message>
    <message>
      <source>Долг: {n} шар(а) (P-2)</source>
      <translation>Debt: {n} ball(s) (P-2)</translation>
    </message>
    <message>
      <source>Луза {n}</source>
      <translation>Pocket {n}</translation>
    </message>
    <message>
      <source>Стол</source>
      <translation>Table</translation>
    </message>
    <message>
      <source>Игрок 1 (разбивает)</source>
      <translation>Player 1 (breaks)</translation>
    </message>
    <message>
      <source>Счёт</source>
      <translation>Score</translation>
    </message>
    <message>
      <source>Игрок 2</source>
      <translation>Player 2</translation>
    </message>
    <message>
      <source>Бьёт</source>
      <translation>To shoot</translation>
    </message>
    <message>
      <source>Игрок</source>
      <translation>Player</translation>
    </message>
    <message>
      <source>идёт</source>
      <translation>running</translation>
    </message>
    <message>
      <source>Рейтинг</source>
      <translation>Rating</translation>
    </message>
    <message>
      <source>Карточка…</source>
      <translation>Card…</translation>
    </message>
    <message>
      <source>Турнир</source>
      <translation>Tournament</translation>
    </message>
    <message>
      <source>Раундов</source>
      <translation>Rounds</translation>
    </message>
    <message>
      <source>Баланс, B</source>
      <translation>Balance, B</translation>
    </message>
    <message>
      <source>Рейтинг ±</source>
      <translation>Rating ±</translation>
    </message>
    <message>
      <source>Клубный рейтинг «Жук»</source>
      <translation>Club Zhuk rating</translation>
    </message>
    <message>
      <source>Сыграно раундов</source>
      <translation>Rounds played</translation>
    </message>
    <message>
      <source>Турниров пока нет.</source>
      <translation>No tournaments yet.</translation>
    </message>
    <message>
      <source>Турниры</source>
      <translation>Tournaments</translation>
    </message>
    <message>
      <source>окончен</source>
      <translation>finished</translation>
    </message>
    <message>
      <source>Карточка игрока: {name}</source>
      <translation>Player card: {name}</translation>
    </message>
    <message>
      <source>Имя, ник или телефон</source>
      <translation>Name, nickname or phone</translation>
    </message>
    <message>
      <source>Новый матч «Пирамидка 100»</source>
      <translation>New “Pyramid 100” match</translation>
    </message>
    <message>
      <source>например: Стол 3</source>
      <translation>e.g. Table 3</translation>
    </message>
    <message>
      <source>необязательно</source>
      <translation>optional</translation>
    </message>
    <message>
      <source>Начать матч</source>
      <translation>Start the match</translation>
    </message>
    <message>
      <source>Судья</source>
      <translation>Referee</translation>
    </message>
    <message>
      <source>Игрок 1 — разбивает</source>
      <translation>Player 1 — breaks</translation>
    </message>
    <message>
      <source>Новый матч…</source>
      <translation>New match…</translation>
    </message>
    <message>
      <source>Открыть</source>
      <translation>Open</translation>
    </message>
    <message>
      <source>засчитано: {balls}</source>
      <translation>counted: {balls}</translation>
    </message>
    <message>
      <source>победа: {name}</source>
      <translation>won: {name}</translation>
    </message>
    <message>
      <source>сдача, победа: {name}</source>
      <translation>conceded, won: {name}</translation>
    </message>
    <message>
      <source>Удар → итог</source>
      <translation>Shot → result</translation>
    </message>
    <message>
      <source>Протокол матча для подписи судьи (Ctrl+P)</source>
      <translation>The match protocol for the referee's signature (Ctrl+P)</translation>
    </message>
    <message>
      <source>Заказанный приём: карамболь или рокамболь на №10 (P§11)</source>
      <translation>Called trick: carom or rocambole onto №10 (P§11)</translation>
    </message>
    <message>
      <source>Приём</source>
      <translation>Trick</translation>
    </message>
  </context>
</TS>
