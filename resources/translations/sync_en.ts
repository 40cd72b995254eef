<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Синхронизация: {state}</source>
      <translation>Sync: {state}</translation>
    </message>
    <message>
      <source>событие №{seq} ({type}) со стойки {desk}, игра уже ведётся здесь</source>
      <translation>event #{seq} ({type}) from desk {desk}; the game is already recorded here</translation>
    </message>
    <message>
      <source>Конфликт</source>
      <translation>Conflict</translation>
    </message>
    <message>
      <source>Запись</source>
      <translation>Record</translation>
    </message>
    <message>
      <source>Подробности</source>
      <translation>Details</translation>
    </message>
    <message>
      <source>Двойная регистрация</source>
      <translation>Duplicate registration</translation>
    </message>
    <message>
      <source>Ветка игры</source>
      <translation>Game branch</translation>
    </message>
    <message>
      <source>игроки</source>
      <translation>players</translation>
    </message>
    <message>
      <source>тот же телефон</source>
      <translation>same phone</translation>
    </message>
    <message>
      <source>тот же ник</source>
      <translation>same nickname</translation>
    </message>
    <message>
      <source>игра {id}</source>
      <translation>game {id}</translation>
    </message>
    <message>
      <source>нет связи</source>
      <translation>offline</translation>
    </message>
    <message>
      <source>на связи</source>
      <translation>online</translation>
    </message>
    <message>
      <source>синхронизация…</source>
      <translation>syncing…</translation>
    </message>
    <message>
      <source>Синхронизировать сейчас</source>
      <translation>Sync now</translation>
    </message>
    <message>
      <source>Сервер</source>
      <translation>Hub</translation>
    </message>
    <message>
      <source>Эта стойка</source>
      <translation>This desk</translation>
    </message>
    <message>
      <source>Стойки клуба</source>
      <translation>The club's desks</translation>
    </message>
    <message>
      <source>Ждут отправки</source>
      <translation>Pending up</translation>
    </message>
    <message>
      <source>Ждут получения</source>
      <translation>Pending down</translation>
    </message>
    <message>
      <source>Последняя синхронизация</source>
      <translation>Last success</translation>
    </message>
    <message>
      <source>Часы</source>
      <translation>Clocks</translation>
    </message>
    <message>
      <source>не подключена — clubdesk sync join URL --desk ИМЯ</source>
      <translation>not joined — clubdesk sync join URL --desk NAME</translation>
    </message>
    <message>
      <source>ещё не было</source>
      <translation>not yet</translation>
    </message>
    <message>
      <source>в порядке</source>
      <translation>in order</translation>
    </message>
    <message>
      <source>Конфликты: {n}</source>
      <translation>Conflicts: {n}</translation>
    </message>
    <message>
      <source>схема</source>
      <translation>schema</translation>
    </message>
    <message>
      <source>{n} записей пришли от более новой версии ClubDesk и ждут обновления этой стойки.</source>
      <translation>{n} rows came from a newer ClubDesk and wait for this desk to be updated.</translation>
    </message>
    <message>
      <source>{name} (связь {seen})</source>
      <translation>{name} (last contact {seen})</translation>
    </message>
    <message>
      <source>{desk}: {minutes:+.1f} мин</source>
      <translation>{desk}: {minutes:+.1f} min</translation>
    </message>
  </context>
</TS>
