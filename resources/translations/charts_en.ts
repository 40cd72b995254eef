<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Итоги вечера в Excel</source>
      <translation>Evening results to Excel</translation>
    </message>
    <message>
      <source>турнир.xlsx</source>
      <translation>tournament.xlsx</translation>
    </message>
    <message>
      <source>Бильярд</source>
      <translation>Billiards</translation>
    </message>
    <message>
      <source>Карточка с рейтингами, сезонами и графиками: просмотр, печать, PDF</source>
      <translation>The card with ratings, seasons and charts: preview, print, PDF</translation>
    </message>
    <message>
      <source>Карточка игрока</source>
      <translation>Player card</translation>
    </message>
    <message>
      <source>Сезон</source>
      <translation>Season</translation>
    </message>
    <message>
      <source>Баллы</source>
      <translation>Score</translation>
    </message>
    <message>
      <source>Место за столом</source>
      <translation>Seat</translation>
    </message>
    <message>
      <source>Роль</source>
      <translation>Role</translation>
    </message>
    <message>
      <source>Сезоны (кварталы)</source>
      <translation>Seasons (quarters)</translation>
    </message>
    <message>
      <source>Последние игры</source>
      <translation>Last games</translation>
    </message>
    <message>
      <source>Лучший ход, баллов</source>
      <translation>Best move, points</translation>
    </message>
    <message>
      <source>Удалений</source>
      <translation>Removals</translation>
    </message>
    <message>
      <source>победа</source>
      <translation>won</translation>
    </message>
    <message>
      <source>поражение</source>
      <translation>lost</translation>
    </message>
    <message>
      <source>{n}, стол {t}</source>
      <translation>{n}, table {t}</translation>
    </message>
    <message>
      <source>{place} из {n}</source>
      <translation>{place} of {n}</translation>
    </message>
  </context>
</TS>
