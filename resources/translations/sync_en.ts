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
    <message>
      <source>Объединить игроков…</source>
      <translation>Merge the players…</translation>
    </message>
    <message>
      <source>Продолжить эту ветку…</source>
      <translation>Continue with this branch…</translation>
    </message>
    <message>
      <source>Отложить ветку…</source>
      <translation>Set the branch aside…</translation>
    </message>
    <message>
      <source>Объединить игроков {who}? Остаётся зарегистрированный раньше; игры, отметки и заявки обоих будут у него, обе истории сохранятся. Решение уйдёт на все стойки.</source>
      <translation>Merge the players {who}? The one registered first remains; the games, check-ins and entries of both become his, and both histories are kept. The decision goes to every desk.</translation>
    </message>
    <message>
      <source>Игру продолжит ветка стойки {desk}; ветка, которая ведётся здесь, уйдёт в архив конфликтов (ничего не удаляется). Стойка {desk} станет вести игру. Продолжить?</source>
      <translation>The branch of desk {desk} will continue the game; the branch recorded here goes to the conflicts archive (nothing is deleted). Desk {desk} will record the game. Go on?</translation>
    </message>
    <message>
      <source>Отложить ветку стойки {desk} в архив конфликтов (ничего не удаляется)? Игра продолжится так, как она ведётся здесь, на всех стойках.</source>
      <translation>Set the branch of desk {desk} aside in the conflicts archive (nothing is deleted)? The game goes on as it is recorded here, on every desk.</translation>
    </message>
  </context>
</TS>
