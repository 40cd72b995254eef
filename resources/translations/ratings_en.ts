<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>{rating} (матчей: {n})</source>
      <translation>{rating} ({n} matches)</translation>
    </message>
    <message>
      <source>матчей пока нет</source>
      <translation>no matches yet</translation>
    </message>
    <message>
      <source>Рейтинг «Пирамидка»</source>
      <translation>Pyramid rating</translation>
    </message>
  </context>
</TS>
