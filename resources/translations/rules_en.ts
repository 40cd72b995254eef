<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Жук упал от основного битка</source>
      <translation>Zhuk fell off the main cue</translation>
    </message>
    <message>
      <source>вылетел за борт: шар / Жук / биток</source>
      <translation>left the table: ball / Zhuk / main cue</translation>
    </message>
    <message>
      <source>Жук от основного битка</source>
      <translation>Zhuk off the main cue</translation>
    </message>
    <message>
      <source>за борт: шар</source>
      <translation>off the table: ball</translation>
    </message>
    <message>
      <source>за борт: Жук</source>
      <translation>off the table: Zhuk</translation>
    </message>
    <message>
      <source>за борт: биток</source>
      <translation>off the table: main cue</translation>
    </message>
    <message>
      <source>Пояснение к фолу (необязательно)</source>
      <translation>Note on the foul (optional)</translation>
    </message>
    <message>
      <source>Покинул игру сам</source>
      <translation>Left the game himself</translation>
    </message>
    <message>
      <source>Игрок сам покинул игру: как удаление, −0,5 (M-12)</source>
      <translation>The player left the game of his own accord: as a removal, −0.5 (M-12)</translation>
    </message>
    <message>
      <source>без ответа</source>
      <translation>no answer</translation>
    </message>
    <message>
      <source>Дон проверил {seat}: без ответа</source>
      <translation>The Don checked {seat}: no answer</translation>
    </message>
    <message>
      <source>Шериф проверил {seat}: без ответа</source>
      <translation>The Sheriff checked {seat}: no answer</translation>
    </message>
    <message>
      <source>голосуют, если выставлено больше одного (Маэстро)</source>
      <translation>vote when more than one is nominated (Maestro)</translation>
    </message>
    <message>
      <source>не голосуют никогда</source>
      <translation>never vote</translation>
    </message>
    <message>
      <source>при четырёх игроках двоих можно поднять</source>
      <translation>two may be lifted at four players</translation>
    </message>
    <message>
      <source>игрок с тремя фолами выставляет молча</source>
      <translation>a player with three fouls nominates in silence</translation>
    </message>
    <message>
      <source>Нулевой день</source>
      <translation>Day 0</translation>
    </message>
    <message>
      <source>Варианты правил</source>
      <translation>Rule variants</translation>
    </message>
  </context>
</TS>
