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
    <message>
      <source>Пирамидка: {a} — {b}, {sa}:{sb}</source>
      <translation>Pyramid: {a} vs {b}, {sa}:{sb}</translation>
    </message>
    <message>
      <source>Всё записанное сохранено: после запуска игры продолжатся с того же места. Часы раунда «Жука» идут и без программы: раунд, время которого вышло, закончится при запуске сам.</source>
      <translation>Everything recorded is saved: after the next start the games go on where they are. A Zhuk round's clock runs without the program: a round whose time is up ends by itself at the next start.</translation>
    </message>
    <message>
      <source>Страница для столов: телефоны у столов потеряют связь со стойкой</source>
      <translation>Table page: the phones at the tables lose their link to the desk</translation>
    </message>
    <message>
      <source>и ещё игр: {n}</source>
      <translation>and {n} more games</translation>
    </message>
    <message>
      <source>Страница для столов: телефоны, вошедшие в неё ({n}), потеряют связь со стойкой</source>
      <translation>Table page: the phones logged in to it ({n}) lose their link to the desk</translation>
    </message>
    <message>
      <source>Введённое не сохранено. Закрыть без сохранения?</source>
      <translation>What you typed is not saved. Close without saving?</translation>
    </message>
    <message>
      <source>Закрыть без сохранения</source>
      <translation>Close without saving</translation>
    </message>
    <message>
      <source>Вернуться к вводу</source>
      <translation>Back to the form</translation>
    </message>
    <message>
      <source>Удар не записан</source>
      <translation>Shot not recorded</translation>
    </message>
    <message>
      <source>Enter записывает удар. Закрыть окно без него?</source>
      <translation>Enter records the shot. Close the window without it?</translation>
    </message>
    <message>
      <source>Закрыть без удара</source>
      <translation>Close without the shot</translation>
    </message>
    <message>
      <source>Вернуться к удару</source>
      <translation>Back to the shot</translation>
    </message>
    <message>
      <source>{title}: удар набран, но не записан</source>
      <translation>{title}: a shot is typed but not recorded</translation>
    </message>
    <message>
      <source>Набранный удар не записан:</source>
      <translation>The shot typed is not recorded:</translation>
    </message>
    <message>
      <source>не настроен</source>
      <translation>not set up</translation>
    </message>
    <message>
      <source>Сервер синхронизации не настроен</source>
      <translation>No sync server is set up</translation>
    </message>
    <message>
      <source>Эта стойка работает сама по себе: всё записанное хранится здесь и ничего не теряется. Если у клуба несколько стоек, подключите их к общему серверу — записи уйдут на него и придут на другие стойки.</source>
      <translation>This desk works on its own: everything recorded is kept here and nothing is lost. If the club has several desks, connect them to a common server: the records go to it and reach the other desks.</translation>
    </message>
    <message>
      <source>Подключить к серверу…</source>
      <translation>Connect to a server…</translation>
    </message>
    <message>
      <source>Стойку к серверу подключает администратор</source>
      <translation>An administrator connects the desk to a server</translation>
    </message>
    <message>
      <source>Подключить к серверу</source>
      <translation>Connect to a server</translation>
    </message>
    <message>
      <source>например, bar_1</source>
      <translation>for example bar_1</translation>
    </message>
    <message>
      <source>Имя и пароль стойки выдаёт администратор сервера (clubdesk sync add-desk ИМЯ). Пароль хранится в хранилище паролей системы.</source>
      <translation>The server's administrator gives the desk's name and password (clubdesk sync add-desk NAME). The password is kept in the system keyring.</translation>
    </message>
    <message>
      <source>Адрес сервера:</source>
      <translation>Server address:</translation>
    </message>
    <message>
      <source>Имя стойки:</source>
      <translation>Desk name:</translation>
    </message>
    <message>
      <source>Пароль стойки:</source>
      <translation>Desk password:</translation>
    </message>
    <message>
      <source>Схема:</source>
      <translation>Schema:</translation>
    </message>
    <message>
      <source>Подключить</source>
      <translation>Connect</translation>
    </message>
    <message>
      <source>Или в командной строке: clubdesk sync join URL --desk ИМЯ</source>
      <translation>Or on the command line: clubdesk sync join URL --desk NAME</translation>
    </message>
    <message>
      <source>Хранилища паролей системы нет: пароль стойки сохранён в файле {path} (его может читать только этот пользователь, он не зашифрован).</source>
      <translation>There is no system keyring: the desk password is kept in {path} (readable only by this user, not encrypted).</translation>
    </message>
    <message>
      <source>На столе: {balls} — {points} очк. и контрольный №10</source>
      <translation>On the table: {balls} — {points} pts and the control ball №10</translation>
    </message>
    <message>
      <source>B — «баги», игровая валюта «Жука» (Z§1): у каждого игрока на старте 10 000 B.</source>
      <translation>B: bugs, the Zhuk game currency (Z§1); every player starts with 10 000 B.</translation>
    </message>
  </context>
</TS>
