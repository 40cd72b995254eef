<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Матчи</source>
      <translation>Matches</translation>
    </message>
    <message>
      <source>Сетка турнира</source>
      <translation>Tournament bracket</translation>
    </message>
    <message>
      <source>Сетка турнира в Excel</source>
      <translation>Tournament bracket to Excel</translation>
    </message>
    <message>
      <source>Верхняя сетка</source>
      <translation>Winners' bracket</translation>
    </message>
    <message>
      <source>Нижняя сетка</source>
      <translation>Losers' bracket</translation>
    </message>
    <message>
      <source>Суперфинал</source>
      <translation>Grand final</translation>
    </message>
    <message>
      <source>Плей-офф</source>
      <translation>Play-off</translation>
    </message>
    <message>
      <source>Сетка</source>
      <translation>Bracket</translation>
    </message>
    <message>
      <source>Группа {g}</source>
      <translation>Group {g}</translation>
    </message>
    <message>
      <source>до {n}</source>
      <translation>race to {n}</translation>
    </message>
    <message>
      <source>поб. {code}</source>
      <translation>winner {code}</translation>
    </message>
    <message>
      <source>проигр. {code}</source>
      <translation>loser {code}</translation>
    </message>
    <message>
      <source>{place}-й гр. {group}</source>
      <translation>group {group} #{place}</translation>
    </message>
    <message>
      <source>—</source>
      <translation>—</translation>
    </message>
    <message>
      <source>если нужен</source>
      <translation>if needed</translation>
    </message>
    <message>
      <source>н/я</source>
      <translation>w/o</translation>
    </message>
    <message>
      <source>снят</source>
      <translation>withdrawn</translation>
    </message>
    <message>
      <source>#</source>
      <translation>#</translation>
    </message>
    <message>
      <source>И</source>
      <translation>P</translation>
    </message>
    <message>
      <source>В</source>
      <translation>W</translation>
    </message>
    <message>
      <source>П</source>
      <translation>L</translation>
    </message>
    <message>
      <source>±</source>
      <translation>±</translation>
    </message>
    <message>
      <source>Новый турнир «Пирамидка»</source>
      <translation>New Pyramid tournament</translation>
    </message>
    <message>
      <source>олимпийская система (до первого поражения)</source>
      <translation>single elimination (out at the first loss)</translation>
    </message>
    <message>
      <source>двойное выбывание (верхняя и нижняя сетка)</source>
      <translation>double elimination (winners' and losers' brackets)</translation>
    </message>
    <message>
      <source>группы, затем плей-офф</source>
      <translation>groups, then a play-off</translation>
    </message>
    <message>
      <source>Формат:</source>
      <translation>Format:</translation>
    </message>
    <message>
      <source>Встречи:</source>
      <translation>Bouts:</translation>
    </message>
    <message>
      <source>Группы:</source>
      <translation>Groups:</translation>
    </message>
    <message>
      <source>встреча до</source>
      <translation>a bout is a race to</translation>
    </message>
    <message>
      <source>финал до</source>
      <translation>the final to</translation>
    </message>
    <message>
      <source>побед</source>
      <translation>games</translation>
    </message>
    <message>
      <source>групп</source>
      <translation>groups</translation>
    </message>
    <message>
      <source>выходят из группы</source>
      <translation>advance from each group</translation>
    </message>
    <message>
      <source>Выбрано участников: {n}; посев по рейтингу «Пирамидки» или по зерну</source>
      <translation>Players chosen: {n}; seeded by Pyramid rating or by a seed</translation>
    </message>
    <message>
      <source>Щёлкните встречу в сетке, в которой известны оба игрока</source>
      <translation>Click a bout in the bracket whose two players are known</translation>
    </message>
    <message>
      <source>посев по рейтингу</source>
      <translation>seeded by rating</translation>
    </message>
    <message>
      <source>случайный посев</source>
      <translation>random seeding</translation>
    </message>
    <message>
      <source>Играть партию</source>
      <translation>Play a game</translation>
    </message>
    <message>
      <source>Неявка: победа</source>
      <translation>Walk-over: win to</translation>
    </message>
    <message>
      <source>Отменить последнее</source>
      <translation>Undo the last</translation>
    </message>
    <message>
      <source>На табло</source>
      <translation>To the hall board</translation>
    </message>
    <message>
      <source>Отменяет администратор</source>
      <translation>The administrator undoes</translation>
    </message>
    <message>
      <source>Снимает администратор</source>
      <translation>The administrator withdraws players</translation>
    </message>
    <message>
      <source>отмена в сетке</source>
      <translation>undone in the bracket</translation>
    </message>
    <message>
      <source>Турниров «Пирамидки» пока нет. Создайте турнир и выберите участников.</source>
      <translation>No Pyramid tournaments yet. Create one and choose the players.</translation>
    </message>
    <message>
      <source>Жеребьёвка уже проведена</source>
      <translation>The draw is made</translation>
    </message>
    <message>
      <source>Жеребьёвку проводит администратор</source>
      <translation>The administrator makes the draw</translation>
    </message>
    <message>
      <source>олимпийская система</source>
      <translation>single elimination</translation>
    </message>
    <message>
      <source>двойное выбывание</source>
      <translation>double elimination</translation>
    </message>
    <message>
      <source>группы и плей-офф</source>
      <translation>groups and play-off</translation>
    </message>
    <message>
      <source>Партии ведёт маркер или стойка</source>
      <translation>Games are scored by a referee or the desk</translation>
    </message>
    <message>
      <source>Открыть партию</source>
      <translation>Open the game</translation>
    </message>
    <message>
      <source>участников: {n}</source>
      <translation>players: {n}</translation>
    </message>
    <message>
      <source>победитель: {name}</source>
      <translation>winner: {name}</translation>
    </message>
    <message>
      <source>выбрана встреча {code}</source>
      <translation>bout {code} selected</translation>
    </message>
    <message>
      <source>Исправить партию…</source>
      <translation>Correct a game…</translation>
    </message>
    <message>
      <source>Исправить партию</source>
      <translation>Correct a game</translation>
    </message>
    <message>
      <source>Партии исправляет маркер или стойка</source>
      <translation>Games are corrected by the referee or the desk</translation>
    </message>
    <message>
      <source>Щёлкните встречу, в которой засчитана партия</source>
      <translation>Click a bout with a counted game</translation>
    </message>
    <message>
      <source>Последняя засчитанная партия встречи {code} снимается с сетки и открывается для исправления; когда она закончится, её результат засчитается снова.
Причина исправления (запишется с вашим именем):</source>
      <translation>The last counted game of bout {code} is taken off the bracket and opened for correction; when it ends, its result is counted again.
Reason for the correction (recorded with your name):</translation>
    </message>
  </context>
</TS>
