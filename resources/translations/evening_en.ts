<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Роли — удерживать (R)</source>
      <translation>Roles — hold (R)</translation>
    </message>
    <message>
      <source>Роли и ответы на проверки видны, пока кнопка или клавиша R нажата</source>
      <translation>Roles and check answers show while the button or the R key is held down</translation>
    </message>
    <message>
      <source>Договорка мафии</source>
      <translation>Mafia agreement</translation>
    </message>
    <message>
      <source>Ночь: 5 секунд на показ проверки (п. 5.4)</source>
      <translation>Night: 5 seconds to show a check (§5.4)</translation>
    </message>
    <message>
      <source>Перестрелка, говорит: {who}</source>
      <translation>Shootout, speaking: {who}</translation>
    </message>
    <message>
      <source>Последнее слово: {who}</source>
      <translation>Last word: {who}</translation>
    </message>
  </context>
</TS>
