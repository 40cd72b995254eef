<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Удалить игрока…</source>
      <translation>Remove player…</translation>
    </message>
    <message>
      <source>Объединить с…</source>
      <translation>Merge with…</translation>
    </message>
    <message>
      <source>Объединяет стойка или администратор</source>
      <translation>The desk or the administrator merges players</translation>
    </message>
    <message>
      <source>Удаляет стойка или администратор</source>
      <translation>The desk or the administrator removes players</translation>
    </message>
    <message>
      <source>Удалить игрока {name}? Его записали по ошибке: игр, заявок и отметок у него нет. Из списка он пропадёт на всех стойках; в журнале изменений запись останется.</source>
      <translation>Remove the player {name}? He was registered by mistake: he has no games, entries or check-ins. He leaves the list on every desk; the change log keeps the record.</translation>
    </message>
    <message>
      <source>Объединить две записи одного человека? Останется {kept}. Игры, заявки, отметки и рейтинг записи {other} перейдут к ней; обе истории сохранятся. Объединение уйдёт на все стойки.</source>
      <translation>Merge two registrations of one person? {kept} stays. The games, entries, check-ins and rating of {other} go to it; both histories are kept. The merge reaches every desk.</translation>
    </message>
    <message>
      <source>Выберите игрока в списке</source>
      <translation>Select a player in the list</translation>
    </message>
    <message>
      <source>У игрока есть {what}: его не удаляют; одного человека, записанного дважды, объединяют («Объединить с…»)</source>
      <translation>The player has {what}: he is not removed; one person registered twice is merged ("Merge with…")</translation>
    </message>
    <message>
      <source>Один человек записан дважды? Найдите его вторую запись:</source>
      <translation>One person registered twice? Find his other registration:</translation>
    </message>
    <message>
      <source>Останется выбранная запись — её фамилия, имя, телефон и псевдоним. Игры, заявки, отметки и рейтинг второй перейдут к ней; обе истории сохранятся. Объединение уйдёт на все стойки.</source>
      <translation>The registration chosen stays — its surname, first name, phone and nickname. The games, entries, check-ins and rating of the other go to it; both histories are kept. The merge reaches every desk.</translation>
    </message>
    <message>
      <source>Объединить…</source>
      <translation>Merge…</translation>
    </message>
    <message>
      <source>Остаётся:</source>
      <translation>Stays:</translation>
    </message>
    <message>
      <source>(вторая запись не выбрана)</source>
      <translation>(no other registration chosen)</translation>
    </message>
    <message>
      <source>Судья матча</source>
      <translation>Match referee</translation>
    </message>
    <message>
      <source>Матч</source>
      <translation>Match</translation>
    </message>
    <message>
      <source>Так судья записан текстом, учётной записи судьи с таким именем или логином нет: с телефона матч ведёт только стойка. Выберите судью из списка.</source>
      <translation>The referee is stored as typed text and no referee account has that name or login: only the desk scores the match from a phone. Choose the referee from the list.</translation>
    </message>
    <message>
      <source>Со страницы для столов этот матч ведёт только выбранный судья (и стойка); «Любой судья» — любая учётная запись с ролью «судья». В протоколе печатается выбранный судья.</source>
      <translation>From the table page only the chosen referee (and the desk) scores this match; "Any referee" is any account with the role 'referee'. The protocol prints the chosen referee.</translation>
    </message>
    <message>
      <source>Судья матча…</source>
      <translation>Match referee…</translation>
    </message>
    <message>
      <source>Судью матча назначает стойка или администратор</source>
      <translation>The desk or the administrator assigns the match referee</translation>
    </message>
    <message>
      <source>Выберите матч в списке</source>
      <translation>Select a match in the list</translation>
    </message>
  </context>
</TS>
