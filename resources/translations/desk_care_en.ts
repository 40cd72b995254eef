<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Сохранить роли</source>
      <translation>Save roles</translation>
    </message>
    <message>
      <source>Телефоны этой учётной записи получат новые роли при следующем действии.</source>
      <translation>This account's phones get the new roles with their next action.</translation>
    </message>
    <message>
      <source>Роли…</source>
      <translation>Roles…</translation>
    </message>
    <message>
      <source>Роли: {name}</source>
      <translation>Roles: {name}</translation>
    </message>
  </context>
</TS>
