<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Роли — удерживать (R)</source>
      <translation>Roles — hold (R)</translation>
    </message>
    <message>
      <source>Роли и ответы на проверки видны, пока кнопка или клавиша R нажата</source>
      <translation>Roles and check answers show while the button or the R key is held down</translation>
    </message>
    <message>
      <source>Договорка мафии</source>
      <translation>Mafia agreement</translation>
    </message>
    <message>
      <source>Ночь: 5 секунд на показ проверки (п. 5.4)</source>
      <translation>Night: 5 seconds to show a check (§5.4)</translation>
    </message>
    <message>
      <source>Перестрелка, говорит: {who}</source>
      <translation>Shootout, speaking: {who}</translation>
    </message>
    <message>
      <source>Последнее слово: {who}</source>
      <translation>Last word: {who}</translation>
    </message>
    <message>
      <source>Мафия: {title}</source>
      <translation>Mafia: {title}</translation>
    </message>
    <message>
      <source>Закрыть ClubDesk?</source>
      <translation>Close ClubDesk?</translation>
    </message>
    <message>
      <source>Всё записанное сохранено. Часы раунда идут и без программы: после запуска раунд, время которого вышло, закончится сам.</source>
      <translation>Everything recorded is saved. The round clock runs on without the program: after a restart a round whose time is up ends by itself.</translation>
    </message>
    <message>
      <source>Закрыть программу</source>
      <translation>Close the program</translation>
    </message>
    <message>
      <source>Не закрывать</source>
      <translation>Keep it open</translation>
    </message>
    <message>
      <source>«Жук» {name}: {what}, раунд {r} — играют столы {tables}</source>
      <translation>Zhuk {name}: {what}, round {r} — tables {tables} playing</translation>
    </message>
    <message>
      <source>Ещё не закончено:</source>
      <translation>Not finished yet:</translation>
    </message>
    <message>
      <source>{name}: {what}, раунд {r}</source>
      <translation>{name}: {what}, round {r}</translation>
    </message>
    <message>
      <source>Закончить раунд досрочно</source>
      <translation>End the round early</translation>
    </message>
    <message>
      <source>Закончить</source>
      <translation>End</translation>
    </message>
    <message>
      <source>{round}: осталось {left}. Ещё играют столы: {tables}.
После конца удары не записываются; исправить можно только с причиной. В журнале будет записано, кто и когда закончил раунд.</source>
      <translation>{round}: {left} left. Tables still playing: {tables}.
After the end no shot is recorded; a correction needs a reason. The log will say who ended the round and when.</translation>
    </message>
    <message>
      <source>Весь раунд — столы {tables}</source>
      <translation>The whole round — tables {tables}</translation>
    </message>
    <message>
      <source>Только стол {n}: {players}</source>
      <translation>Only table {n}: {players}</translation>
    </message>
    <message>
      <source>Последняя минута раунда</source>
      <translation>Last minute of the round</translation>
    </message>
    <message>
      <source>Раунд окончен вручную: {who}, {time}</source>
      <translation>Round ended by hand: {who}, {time}</translation>
    </message>
    <message>
      <source>Турнир «Жук» — идёт, таблица на сейчас</source>
      <translation>Zhuk tournament — running, standings so far</translation>
    </message>
    <message>
      <source>Завершённые игры и вечера, турниры (идущий — с пометкой «идёт»). Выберите строку и нажмите «Просмотр и печать…» (или Enter) — откроется документ A4 для подписи.</source>
      <translation>Finished games and evenings, tournaments (a running one is marked “running”). Select a row and press “Preview and print…” (or Enter) to open the A4 document for signing.</translation>
    </message>
    <message>
      <source>Выберите игру в списке</source>
      <translation>Select a game in the list</translation>
    </message>
    <message>
      <source>Сначала нажмите «Начать игру»</source>
      <translation>Press “Start game” first</translation>
    </message>
    <message>
      <source>Все игры рассадки начаты</source>
      <translation>Every game of the seating has started</translation>
    </message>
    <message>
      <source>Сначала рассадка: вкладка «Рассадка»</source>
      <translation>Seat the players first: the “Seating” tab</translation>
    </message>
    <message>
      <source>Запрет вносит администратор стойки</source>
      <translation>The desk administrator enters the ban</translation>
    </message>
    <message>
      <source>Выберите удаление в списке</source>
      <translation>Select a removal in the list</translation>
    </message>
    <message>
      <source>Запрет уже внесён</source>
      <translation>The ban is already entered</translation>
    </message>
    <message>
      <source>Никого не найдено: проверьте поиск или добавьте гостя («Гость…»).</source>
      <translation>Nobody found: check the search or add a guest (“Guest…”).</translation>
    </message>
    <message>
      <source>Выберите игрока в списке.</source>
      <translation>Select a player in the list.</translation>
    </message>
    <message>
      <source>Рассадки ещё нет: сначала «Рассадить»</source>
      <translation>No seating yet: “Seat players” first</translation>
    </message>
    <message>
      <source>Сначала создайте или выберите турнир</source>
      <translation>Create or select a tournament first</translation>
    </message>
    <message>
      <source>Жеребьёвок ещё нет: сначала «Жеребьёвка этапа»</source>
      <translation>No draws yet: “Draw the stage” first</translation>
    </message>
    <message>
      <source>Программа просмотра PDF</source>
      <translation>PDF viewer</translation>
    </message>
    <message>
      <source>На этом компьютере нет программы для просмотра PDF. Сохраните его в файл.</source>
      <translation>This computer has no program to view a PDF. Save it to a file.</translation>
    </message>
    <message>
      <source>Во весь экран (F11)</source>
      <translation>Full screen (F11)</translation>
    </message>
    <message>
      <source>Показать на экране {n}: {name} ({w}×{h})</source>
      <translation>Show on screen {n}: {name} ({w}×{h})</translation>
    </message>
    <message>
      <source>например, Иванов Пётр</source>
      <translation>e.g. Ivanov Pyotr</translation>
    </message>
    <message>
      <source>играет стол {tables}</source>
      <translation>table {tables} playing</translation>
    </message>
    <message>
      <source>играют столы {tables}</source>
      <translation>tables {tables} playing</translation>
    </message>
    <message>
      <source>«Жук» {name}: {what}, раунд {r} — {playing}</source>
      <translation>Zhuk {name}: {what}, round {r} — {playing}</translation>
    </message>
    <message>
      <source>Гость вечера — ещё не зарегистрирован в клубе</source>
      <translation>Evening guest — not registered in the club yet</translation>
    </message>
    <message>
      <source>Снимите, чтобы зарегистрировать гостя в клубе</source>
      <translation>Clear it to register the guest in the club</translation>
    </message>
    <message>
      <source>Отменить отметку</source>
      <translation>Undo the check-in</translation>
    </message>
    <message>
      <source>Игрок отмечен по ошибке или ушёл до рассадки</source>
      <translation>The player was checked in by mistake or left before the seating</translation>
    </message>
    <message>
      <source>Выберите отмеченного игрока в списке справа</source>
      <translation>Select a checked-in player in the list on the right</translation>
    </message>
    <message>
      <source>{name}: отметка отменена.</source>
      <translation>{name}: check-in undone.</translation>
    </message>
    <message>
      <source>Рассадка с ним сброшена — рассадите заново.</source>
      <translation>The seating with him is dropped — seat the players again.</translation>
    </message>
    <message>
      <source>Снять с турнира</source>
      <translation>Withdraw from the tournament</translation>
    </message>
    <message>
      <source>Участник записан по ошибке или не пришёл — до жеребьёвки</source>
      <translation>A participant entered by mistake or absent — before the draw</translation>
    </message>
    <message>
      <source>После жеребьёвки столы этапа не меняются: игрок доигрывает этап, с балансом 0 B или меньше в конце этапа выбывает (Z§9)</source>
      <translation>After the draw the stage's tables are fixed: the player plays the stage out and is out with 0 B or less at its end (Z§9)</translation>
    </message>
    <message>
      <source>Снимает участников администратор</source>
      <translation>The desk administrator withdraws participants</translation>
    </message>
    <message>
      <source>гость вечера</source>
      <translation>evening guest</translation>
    </message>
    <message>
      <source>Гость вечера, ещё не зарегистрирован в клубе: «Изменить…» — зарегистрировать</source>
      <translation>An evening guest, not registered in the club yet: “Edit…” to register him</translation>
    </message>
  </context>
</TS>
