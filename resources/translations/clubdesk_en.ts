<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>База данных</source>
      <translation>Database</translation>
    </message>
    <message>
      <source>Закрыть</source>
      <translation>Close</translation>
    </message>
    <message>
      <source>Открыть резервную копию</source>
      <translation>Open the backup</translation>
    </message>
    <message>
      <source>Можно открыть копию последней резервной копии ({name}); повреждённый файл останется нетронутым.</source>
      <translation>You can open a copy of the newest backup ({name}); the damaged file stays untouched.</translation>
    </message>
    <message>
      <source>Отмена</source>
      <translation>Cancel</translation>
    </message>
    <message>
      <source>Вход в ClubDesk</source>
      <translation>Sign in to ClubDesk</translation>
    </message>
    <message>
      <source>Имя</source>
      <translation>Name</translation>
    </message>
    <message>
      <source>Пароль</source>
      <translation>Password</translation>
    </message>
    <message>
      <source>Войти</source>
      <translation>Sign in</translation>
    </message>
    <message>
      <source>Первый запуск</source>
      <translation>First start</translation>
    </message>
    <message>
      <source>Создайте учётную запись администратора клуба. Остальные учётные записи (стойка, судьи, ведущие) создаёт администратор.</source>
      <translation>Create the club administrator account. The administrator creates the other accounts (desk, referees, hosts).</translation>
    </message>
    <message>
      <source>Имя для входа</source>
      <translation>Login</translation>
    </message>
    <message>
      <source>Как вас зовут</source>
      <translation>Your name</translation>
    </message>
    <message>
      <source>Повторите пароль</source>
      <translation>Repeat the password</translation>
    </message>
    <message>
      <source>Создать</source>
      <translation>Create</translation>
    </message>
    <message>
      <source>Пароли не совпадают.</source>
      <translation>The passwords do not match.</translation>
    </message>
    <message>
      <source>Игроки</source>
      <translation>Players</translation>
    </message>
    <message>
      <source>Жеребьёвка</source>
      <translation>Draws</translation>
    </message>
    <message>
      <source>Столы</source>
      <translation>Live tables</translation>
    </message>
    <message>
      <source>Мафия</source>
      <translation>Mafia</translation>
    </message>
    <message>
      <source>Протоколы</source>
      <translation>Protocols</translation>
    </message>
    <message>
      <source>Синхронизация</source>
      <translation>Sync</translation>
    </message>
    <message>
      <source>Турниры «Жук» и матчи «Пирамидка 100»: участники, жеребьёвка по зерну, пережеребьёвка между этапами, финал четырёх. Окно появится в следующей версии.</source>
      <translation>Zhuk tournaments and Pyramid 100 matches: participants, seeded draws, redraws between stages, the final four. This window comes in the next version.</translation>
    </message>
    <message>
      <source>Все идущие столы: очередь хода, балансы, банк, часы раунда; ввод ударов с клавиатуры. Окно появится в следующей версии.</source>
      <translation>All running tables: turn order, balances, bank, round clocks; shot entry from the keyboard. This window comes in the next version.</translation>
    </message>
    <message>
      <source>Учётная запись табло видит только открытые данные: столы, счёт, таблицы и рассадку.</source>
      <translation>A display account sees public data only: tables, scores, standings and seating.</translation>
    </message>
    <message>
      <source>Вечера мафии: регистрация, рассадка, панель ведущего с таймерами, табло для зала. Окно появится в следующей версии.</source>
      <translation>Mafia evenings: check-in, seating, the host panel with timers, the room display. This window comes in the next version.</translation>
    </message>
    <message>
      <source>Протоколы матчей, турниров и игр для печати (PDF). Появится в следующей версии.</source>
      <translation>Printable protocols of matches, tournaments and games (PDF). Comes in the next version.</translation>
    </message>
    <message>
      <source>Обмен данными между стойками через центральный сервер. Сейчас каждая стойка работает автономно; все записи хранятся локально и будут переданы, когда сервер подключат.</source>
      <translation>Data exchange between desks through a central server. For now each desk works on its own; everything is kept locally and will be sent once a server is configured.</translation>
    </message>
    <message>
      <source>ClubDesk — стойка клуба</source>
      <translation>ClubDesk — club front desk</translation>
    </message>
    <message>
      <source>База: {path}</source>
      <translation>Database: {path}</translation>
    </message>
    <message>
      <source>Стойка {desk}</source>
      <translation>Desk {desk}</translation>
    </message>
    <message>
      <source>Вход: {login} ({roles})</source>
      <translation>Signed in: {login} ({roles})</translation>
    </message>
    <message>
      <source>Телефон</source>
      <translation>Phone</translation>
    </message>
    <message>
      <source>Статус</source>
      <translation>Status</translation>
    </message>
    <message>
      <source>в клубе</source>
      <translation>member</translation>
    </message>
    <message>
      <source>запрет бессрочно</source>
      <translation>banned indefinitely</translation>
    </message>
    <message>
      <source>Запрет посещения: {reason}</source>
      <translation>Banned: {reason}</translation>
    </message>
    <message>
      <source>запрет до {date}</source>
      <translation>banned until {date}</translation>
    </message>
    <message>
      <source>Поиск: фамилия, имя, псевдоним или телефон</source>
      <translation>Search: surname, first name, nickname or phone</translation>
    </message>
    <message>
      <source>Добавить игрока…</source>
      <translation>Add player…</translation>
    </message>
    <message>
      <source>Изменить…</source>
      <translation>Edit…</translation>
    </message>
    <message>
      <source>Показано {shown} из {total}</source>
      <translation>Showing {shown} of {total}</translation>
    </message>
    <message>
      <source>Запрет посещения клуба</source>
      <translation>Banned from the club</translation>
    </message>
    <message>
      <source>например: 3.3 — оскорбление игроков</source>
      <translation>e.g. 3.3 — insulting players</translation>
    </message>
    <message>
      <source>бессрочно</source>
      <translation>indefinitely</translation>
    </message>
    <message>
      <source>Имя и фамилия</source>
      <translation>Full name</translation>
    </message>
    <message>
      <source>Заметки</source>
      <translation>Notes</translation>
    </message>
    <message>
      <source>Причина</source>
      <translation>Reason</translation>
    </message>
    <message>
      <source>До</source>
      <translation>Until</translation>
    </message>
    <message>
      <source>Сохранить</source>
      <translation>Save</translation>
    </message>
    <message>
      <source>Изменить игрока</source>
      <translation>Edit player</translation>
    </message>
    <message>
      <source>Новый игрок</source>
      <translation>New player</translation>
    </message>
    <message>
      <source>Бланк игры для подписи ведущего</source>
      <translation>The game form for the host's signature</translation>
    </message>
    <message>
      <source>Жеребьёвки с зёрнами, итоги этапов и турнирная таблица</source>
      <translation>Draws with their seeds, stage results and the standings</translation>
    </message>
    <message>
      <source>Протокол стола (Ctrl+P)</source>
      <translation>Table protocol (Ctrl+P)</translation>
    </message>
    <message>
      <source>Ошибка ClubDesk</source>
      <translation>ClubDesk error</translation>
    </message>
    <message>
      <source>Копировать</source>
      <translation>Copy</translation>
    </message>
    <message>
      <source>В ClubDesk произошла внутренняя ошибка. Подробности записаны в журнал:</source>
      <translation>ClubDesk ran into an internal error. The details are written to the log:</translation>
    </message>
  </context>
</TS>
