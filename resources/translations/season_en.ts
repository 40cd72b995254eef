<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Сезон мафии</source>
      <translation>Mafia season</translation>
    </message>
    <message>
      <source>Свой период</source>
      <translation>Custom period</translation>
    </message>
    <message>
      <source>Сыгравшие меньше игр показаны в конце таблицы без места</source>
      <translation>Players with fewer games are listed at the end without a place</translation>
    </message>
    <message>
      <source>Таблица сезона в CSV</source>
      <translation>Season table as CSV</translation>
    </message>
    <message>
      <source>Таблица сезона в Excel</source>
      <translation>Season table in Excel</translation>
    </message>
    <message>
      <source>Таблица сезона</source>
      <translation>Season table</translation>
    </message>
    <message>
      <source>CSV…</source>
      <translation>CSV…</translation>
    </message>
    <message>
      <source>Excel…</source>
      <translation>Excel…</translation>
    </message>
    <message>
      <source>Период:</source>
      <translation>Period:</translation>
    </message>
    <message>
      <source>с</source>
      <translation>from</translation>
    </message>
    <message>
      <source>по</source>
      <translation>to</translation>
    </message>
    <message>
      <source>Игр для места, не меньше:</source>
      <translation>Games to be ranked, at least:</translation>
    </message>
    <message>
      <source>Игроков: {n}, с местом: {k}</source>
      <translation>Players: {n}, ranked: {k}</translation>
    </message>
    <message>
      <source>В этом периоде нет сыгранных игр</source>
      <translation>No finished games in this period</translation>
    </message>
    <message>
      <source>Мафия — сезон {start} — {end}</source>
      <translation>Mafia — season {start} — {end}</translation>
    </message>
    <message>
      <source>Сезон…</source>
      <translation>Season…</translation>
    </message>
    <message>
      <source>Таблица игроков за период: все вечера, рейтинг по баллам клуба</source>
      <translation>Players over a period: every evening, ranked by the club scoring</translation>
    </message>
  </context>
</TS>
