<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Запрет посещения</source>
      <translation>Club ban</translation>
    </message>
    <message>
      <source>до {date}</source>
      <translation>until {date}</translation>
    </message>
  </context>
</TS>
