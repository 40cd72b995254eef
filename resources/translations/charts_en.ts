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
  </context>
</TS>
