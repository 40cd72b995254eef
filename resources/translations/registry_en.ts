<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>дд.мм.гггг, если известна</source>
      <translation>dd.mm.yyyy, if known</translation>
    </message>
    <message>
      <source>Дата рождения</source>
      <translation>Date of birth</translation>
    </message>
    <message>
      <source>Это другой человек — сохранить</source>
      <translation>Another person — save</translation>
    </message>
    <message>
      <source>Открыть игрока «{name}»</source>
      <translation>Open the player '{name}'</translation>
    </message>
    <message>
      <source>Не записано: {message}</source>
      <translation>Not recorded: {message}</translation>
    </message>
    <message>
      <source>рассадка</source>
      <translation>seating</translation>
    </message>
    <message>
      <source>итоги вечера</source>
      <translation>evening summary</translation>
    </message>
    <message>
      <source>например, Иванов</source>
      <translation>e.g. Ivanov</translation>
    </message>
    <message>
      <source>например, Пётр</source>
      <translation>e.g. Pyotr</translation>
    </message>
    <message>
      <source>Это другой человек — добавить гостем</source>
      <translation>Another person — add as a guest</translation>
    </message>
    <message>
      <source>Фамилия</source>
      <translation>Surname</translation>
    </message>
    <message>
      <source>Псевдоним</source>
      <translation>Nickname</translation>
    </message>
    <message>
      <source>Отметить «{name}»</source>
      <translation>Check in '{name}'</translation>
    </message>
    <message>
      <source>например, Пётр или Пётр Ильич</source>
      <translation>e.g. Pyotr or Pyotr Ilyich</translation>
    </message>
    <message>
      <source>Фамилия и имя</source>
      <translation>Surname and first name</translation>
    </message>
  </context>
</TS>
