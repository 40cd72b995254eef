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
    <message>
      <source>Сотрудники</source>
      <translation>Staff</translation>
    </message>
    <message>
      <source>администратор</source>
      <translation>administrator</translation>
    </message>
    <message>
      <source>стойка</source>
      <translation>desk</translation>
    </message>
    <message>
      <source>судья</source>
      <translation>referee</translation>
    </message>
    <message>
      <source>ведущий</source>
      <translation>host</translation>
    </message>
    <message>
      <source>табло</source>
      <translation>display</translation>
    </message>
    <message>
      <source>Вход</source>
      <translation>Login</translation>
    </message>
    <message>
      <source>Роли</source>
      <translation>Roles</translation>
    </message>
    <message>
      <source>Состояние</source>
      <translation>State</translation>
    </message>
    <message>
      <source>активна</source>
      <translation>active</translation>
    </message>
    <message>
      <source>отключена</source>
      <translation>disabled</translation>
    </message>
    <message>
      <source>Новая учётная запись</source>
      <translation>New account</translation>
    </message>
    <message>
      <source>как печатать в протоколах, например Орлов Глеб</source>
      <translation>as printed in protocols, e.g. Gleb Orlov</translation>
    </message>
    <message>
      <source>Вход:</source>
      <translation>Login:</translation>
    </message>
    <message>
      <source>Имя:</source>
      <translation>Name:</translation>
    </message>
    <message>
      <source>Пароль:</source>
      <translation>Password:</translation>
    </message>
    <message>
      <source>Ещё раз:</source>
      <translation>Again:</translation>
    </message>
    <message>
      <source>Роли:</source>
      <translation>Roles:</translation>
    </message>
    <message>
      <source>Новый пароль: {name}</source>
      <translation>New password: {name}</translation>
    </message>
    <message>
      <source>Новый пароль:</source>
      <translation>New password:</translation>
    </message>
    <message>
      <source>Сменить пароль</source>
      <translation>Change password</translation>
    </message>
    <message>
      <source>Вход: {login}</source>
      <translation>Login: {login}</translation>
    </message>
    <message>
      <source>Учётные записи стойки, судей и ведущих. Отключённая запись не входит в программу, но её имя остаётся в протоколах и истории.</source>
      <translation>Accounts of the desk, referees and hosts. A disabled account cannot log in, but its name stays in the protocols and history.</translation>
    </message>
    <message>
      <source>Новая учётная запись…</source>
      <translation>New account…</translation>
    </message>
    <message>
      <source>Сменить пароль…</source>
      <translation>Change password…</translation>
    </message>
    <message>
      <source>Отключить</source>
      <translation>Disable</translation>
    </message>
    <message>
      <source>Включить</source>
      <translation>Enable</translation>
    </message>
    <message>
      <source>Выберите учётную запись в списке.</source>
      <translation>Select an account in the list.</translation>
    </message>
    <message>
      <source>Отключить учётную запись {name} ({login})? Войти под ней будет нельзя; её имя останется в протоколах.</source>
      <translation>Disable the account {name} ({login})? Nobody can log in with it; its name stays in the protocols.</translation>
    </message>
    <message>
      <source>Учётными записями сотрудников управляет администратор.</source>
      <translation>Staff accounts are managed by the administrator.</translation>
    </message>
    <message>
      <source>Страница для столов…</source>
      <translation>Table page…</translation>
    </message>
    <message>
      <source>Судья ведёт счёт с телефона у стола: страница в сети клуба, вход по QR-коду</source>
      <translation>The referee scores from a phone at the table: a page on the club's network, paired by a QR code</translation>
    </message>
    <message>
      <source>Новый QR-код</source>
      <translation>New QR code</translation>
    </message>
    <message>
      <source>Остановить страницу для столов</source>
      <translation>Stop the table page</translation>
    </message>
    <message>
      <source>Отсканируйте телефоном (один телефон, 5 минут): {link}</source>
      <translation>Scan with a phone (one phone, 5 minutes): {link}</translation>
    </message>
    <message>
      <source>Табло для зала: {board}</source>
      <translation>Hall scoreboard: {board}</translation>
    </message>
    <message>
      <source>QR-код использован: телефон привязан. Для следующего телефона — «Новый QR-код».</source>
      <translation>QR code used: the phone is paired. For the next phone, press “New QR code”.</translation>
    </message>
    <message>
      <source>QR-код истёк (5 минут). Для телефона — «Новый QR-код».</source>
      <translation>QR code expired (5 minutes). For a phone, press “New QR code”.</translation>
    </message>
    <message>
      <source>Привязано телефонов: {n}</source>
      <translation>Phones paired: {n}</translation>
    </message>
    <message>
      <source>Отвязать все телефоны</source>
      <translation>Unpair all phones</translation>
    </message>
    <message>
      <source>Каждому телефону у столов понадобится новый QR-код: например, если телефон потерян</source>
      <translation>Every phone at the tables will need a new QR code: for instance when a phone is lost</translation>
    </message>
    <message>
      <source>Отвязать все телефоны судей и ведущих? Каждый сможет войти только после нового QR-кода со стойки.</source>
      <translation>Unpair every referee's and host's phone? Each can log in only after a new QR code from the desk.</translation>
    </message>
    <message>
      <source>Все телефоны отвязаны.</source>
      <translation>All phones are unpaired.</translation>
    </message>
    <message>
      <source>Телефоны отвязывает стойка или администратор</source>
      <translation>Phones are unpaired by the desk or the administrator</translation>
    </message>
  </context>
</TS>
