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
    <message>
      <source>Рассадки ещё нет: отметьте игроков на вкладке «Регистрация» и нажмите «Рассадить».</source>
      <translation>No seating yet: check players in on the Check-in tab and press Seat players.</translation>
    </message>
    <message>
      <source>Рассадки ещё нет. Отмечено игроков: {n} — нажмите «Рассадить».</source>
      <translation>No seating yet. Players checked in: {n}: press Seat players.</translation>
    </message>
    <message>
      <source>Рассадки ещё нет. Отмечено игроков: {n}; для стола нужно {table} — отметьте ещё {more}.</source>
      <translation>No seating yet. Players checked in: {n}; a table needs {table}: check in {more} more.</translation>
    </message>
    <message>
      <source>✓ отмечен</source>
      <translation>✓ checked in</translation>
    </message>
    <message>
      <source>Уже отмечен на этом вечере</source>
      <translation>Already checked in this evening</translation>
    </message>
  </context>
</TS>
