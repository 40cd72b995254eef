<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>вылетел за борт: шар</source>
      <translation>off the table: ball</translation>
    </message>
    <message>
      <source>Заказ без результата</source>
      <translation>Call without a result</translation>
    </message>
    <message>
      <source>Если шар упал по заказу — «Нет», затем «+».</source>
      <translation>If the ball fell as called: “No”, then “+”.</translation>
    </message>
    <message>
      <source>Да, ничего не упало</source>
      <translation>Yes, nothing fell</translation>
    </message>
    <message>
      <source>Нет</source>
      <translation>No</translation>
    </message>
    <message>
      <source>шар №1…: вторая цифра 0…5</source>
      <translation>ball №1…: second digit 0…5</translation>
    </message>
    <message>
      <source>упал в лузу: шар и луза</source>
      <translation>potted: ball and pocket</translation>
    </message>
    <message>
      <source>ничего не отмечено</source>
      <translation>nothing marked</translation>
    </message>
    <message>
      <source>Сначала заказ: шар и луза (например, 7 и 3), потом «+»</source>
      <translation>Call first: ball and pocket (e.g. 7 and 3), then “+”</translation>
    </message>
    <message>
      <source>заказ: шар и луза, затем «+» (упал) или «−» (не упал)</source>
      <translation>call: ball and pocket, then “+” (fell) or “−” (did not fall)</translation>
    </message>
    <message>
      <source>«+» — упал по заказу, «−» — не упал, или ещё шар</source>
      <translation>“+” — fell as called, “−” — did not fall, or another ball</translation>
    </message>
    <message>
      <source>Луза — цифра от 1 до 6 (⌫ — выбрать другой шар)</source>
      <translation>A pocket is a digit 1 to 6 (⌫ — choose another ball)</translation>
    </message>
    <message>
      <source>Шары 5…15: 5…9 одной цифрой, 10…15 — «1» и вторая цифра, 0 — №10</source>
      <translation>Balls 5…15: 5…9 one digit, 10…15 “1” and the second digit, 0 — №10</translation>
    </message>
    <message>
      <source>Заказан {calls}, но ничего не отмечено упавшим. Записать удар без результата — ход перейдёт к сопернику?</source>
      <translation>Called {calls}, but nothing is marked as fallen. Record the shot without a result — the turn passes to the opponent?</translation>
    </message>
    <message>
      <source>{ball}: луза 1…6</source>
      <translation>{ball}: pocket 1…6</translation>
    </message>
    <message>
      <source>{ball} сейчас не на столе</source>
      <translation>{ball} is not on the table now</translation>
    </message>
    <message>
      <source>{ball}: нажмите лузу 1…6 или ⌫</source>
      <translation>{ball}: press a pocket 1…6 or ⌫</translation>
    </message>
    <message>
      <source>{ball} в лузу {pocket}</source>
      <translation>{ball} into pocket {pocket}</translation>
    </message>
    <message>
      <source>№10 не на столе</source>
      <translation>№10 is not on the table</translation>
    </message>
    <message>
      <source>Приём на №10 сейчас невозможен (P§11)</source>
      <translation>A trick onto №10 is impossible now (P§11)</translation>
    </message>
    <message>
      <source>Последние удары</source>
      <translation>Last shots</translation>
    </message>
    <message>
      <source>Пирамидка 100</source>
      <translation>Pyramid 100</translation>
    </message>
    <message>
      <source>Разбой</source>
      <translation>Break</translation>
    </message>
    <message>
      <source>{n}. {name}: {shot} → {result} ({a}:{b})</source>
      <translation>{n}. {name}: {shot} → {result} ({a}:{b})</translation>
    </message>
    <message>
      <source>бьёт</source>
      <translation>to shoot</translation>
    </message>
    <message>
      <source>Табло «Пирамидка»: {a} — {b}</source>
      <translation>Pyramid board: {a} — {b}</translation>
    </message>
    <message>
      <source>На столе: {balls} — {points} очк.</source>
      <translation>On the table: {balls} — {points} pts</translation>
    </message>
    <message>
      <source>Победа: {name} ({how})</source>
      <translation>Won: {name} ({how})</translation>
    </message>
    <message>
      <source>Последний шар — №10</source>
      <translation>Last ball — №10</translation>
    </message>
    <message>
      <source>Долг: {n}</source>
      <translation>Debt: {n}</translation>
    </message>
    <message>
      <source>Пирамидка 100 · {table}</source>
      <translation>Pyramid 100 · {table}</translation>
    </message>
    <message>
      <source>Клавиши</source>
      <translation>Keys</translation>
    </message>
    <message>
      <source>шар (10…15: «1» и цифра)</source>
      <translation>ball (10…15: “1” and a digit)</translation>
    </message>
    <message>
      <source>№10 / биток</source>
      <translation>№10 / cue ball</translation>
    </message>
    <message>
      <source>луза, после шара</source>
      <translation>pocket, after the ball</translation>
    </message>
    <message>
      <source>упал по заказу — записать</source>
      <translation>fell as called — record</translation>
    </message>
    <message>
      <source>не забит — записать</source>
      <translation>not potted — record</translation>
    </message>
    <message>
      <source>далее: заказ / упал / за борт</source>
      <translation>next: call / potted / off the table</translation>
    </message>
    <message>
      <source>прямо-летящий</source>
      <translation>straight</translation>
    </message>
    <message>
      <source>касание №10 битком</source>
      <translation>cue ball touched №10</translation>
    </message>
    <message>
      <source>записать как отмечено</source>
      <translation>record as marked</translation>
    </message>
    <message>
      <source>биток коснулся №10 (F7)</source>
      <translation>cue ball touched №10 (F7)</translation>
    </message>
    <message>
      <source>центральная отметка занята (F10)</source>
      <translation>centre spot taken (F10)</translation>
    </message>
    <message>
      <source>Упал по заказу (+)</source>
      <translation>Fell as called (+)</translation>
    </message>
    <message>
      <source>Заказанный шар упал в заказанную лузу: записать удар</source>
      <translation>The called ball fell into the called pocket: record the shot</translation>
    </message>
    <message>
      <source>Не забит (−)</source>
      <translation>Not potted (−)</translation>
    </message>
    <message>
      <source>Ничего не упало: записать удар без результата, ход переходит</source>
      <translation>Nothing fell: record the shot without a result, the turn passes</translation>
    </message>
    <message>
      <source>Счёт матча крупно на экране зала (F11 — во весь экран)</source>
      <translation>The match score in big type on the hall screen (F11 — full screen)</translation>
    </message>
    <message>
      <source>Бьёт {name}: {draft}
Дальше: {prompt}</source>
      <translation>{name} to shoot: {draft}
Next: {prompt}</translation>
    </message>
    <message>
      <source>Идущих матчей «Пирамидка» нет. Новый матч — на странице «Жеребьёвка».</source>
      <translation>No Pyramid matches running. A new match: on the “Draws” page.</translation>
    </message>
    <message>
      <source>Стол не указан</source>
      <translation>No table given</translation>
    </message>
    <message>
      <source>штраф (клавиша — в списке)</source>
      <translation>foul (its key is in the list)</translation>
    </message>
    <message>
      <source>карамболь / рокамболь</source>
      <translation>carom / rocambole</translation>
    </message>
    <message>
      <source>Табло в зал</source>
      <translation>Hall scoreboard</translation>
    </message>
  </context>
</TS>
