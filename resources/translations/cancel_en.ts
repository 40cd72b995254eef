<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Отменить игру (создана по ошибке)…</source>
      <translation>Cancel game (created by mistake)…</translation>
    </message>
    <message>
      <source>Отменить игру</source>
      <translation>Cancel game</translation>
    </message>
    <message>
      <source>Отменить игру «{what}» как созданную по ошибке?

Она останется в журнале с пометкой «отменена» (ничего не удаляется), но без результата: рейтинг не изменится, в итоги вечера и турнира, счёт игр и протоколы она не войдёт, со «Столов», телефонов и табло уйдёт, и записывать в неё больше нельзя. Вернуть её нельзя.</source>
      <translation>Cancel the game '{what}' as created by mistake?

It stays in the log marked 'cancelled' (nothing is deleted), but without a result: no rating changes, it is left out of the evening's and the tournament's standings, the game counts and the protocols, it leaves 'Live tables', the phones and the boards, and nothing more can be recorded in it. It cannot be brought back.</translation>
    </message>
    <message>
      <source>Выберите игру</source>
      <translation>Choose a game</translation>
    </message>
    <message>
      <source>Выберите игру рядом с кнопкой</source>
      <translation>Choose the game beside the button</translation>
    </message>
    <message>
      <source>Игру отменяет администратор стойки</source>
      <translation>The desk administrator cancels a game</translation>
    </message>
    <message>
      <source>Игра уже отменена</source>
      <translation>The game is already cancelled</translation>
    </message>
    <message>
      <source>Законченную игру не отменяют</source>
      <translation>A finished game is not cancelled</translation>
    </message>
    <message>
      <source>отменена (создана по ошибке)</source>
      <translation>cancelled (created by mistake)</translation>
    </message>
    <message>
      <source>отменён (создан по ошибке)</source>
      <translation>cancelled (created by mistake)</translation>
    </message>
    <message>
      <source>Матч отменён: создан по ошибке. Результата нет, рейтинг не меняется.</source>
      <translation>Match cancelled: created by mistake. No result, no rating change.</translation>
    </message>
    <message>
      <source>Выберите матч в списке</source>
      <translation>Choose a match in the list</translation>
    </message>
    <message>
      <source>Матч уже не идёт</source>
      <translation>The match is no longer on</translation>
    </message>
  </context>
</TS>
