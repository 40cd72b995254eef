<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Вечер мафии</source>
      <translation>Mafia evening</translation>
    </message>
    <message>
      <source>Вечер мафии — идёт, протокол на сейчас</source>
      <translation>Mafia evening — running, protocol so far</translation>
    </message>
    <message>
      <source>Дата</source>
      <translation>Date</translation>
    </message>
    <message>
      <source>Документ</source>
      <translation>Document</translation>
    </message>
    <message>
      <source>Документ PDF (*.pdf)</source>
      <translation>PDF document (*.pdf)</translation>
    </message>
    <message>
      <source>Документов: {n}</source>
      <translation>Documents: {n}</translation>
    </message>
    <message>
      <source>Завершённые игры, турниры и вечера. Выберите строку и нажмите «Просмотр и печать…» (или Enter) — откроется документ A4 для подписи.</source>
      <translation>Finished games, tournaments and evenings. Select a row and press “Preview and print…” (or Enter) to open the A4 document for signing.</translation>
    </message>
    <message>
      <source>Игра в мафию</source>
      <translation>Mafia game</translation>
    </message>
    <message>
      <source>Итоги вечера</source>
      <translation>Evening summary</translation>
    </message>
    <message>
      <source>Итоги этапа {n}</source>
      <translation>Stage {n} results</translation>
    </message>
    <message>
      <source>Матч «Пирамидка 100»</source>
      <translation>Pyramid 100 match</translation>
    </message>
    <message>
      <source>Турнир «Пирамидка 100»</source>
      <translation>Pyramid 100 tournament</translation>
    </message>
    <message>
      <source>Турнир «Пирамидка 100» — идёт, сетка на сейчас</source>
      <translation>Pyramid 100 tournament — running, bracket so far</translation>
    </message>
    <message>
      <source>Название</source>
      <translation>Title</translation>
    </message>
    <message>
      <source>Не удалось сохранить файл: {error}</source>
      <translation>Could not save the file: {error}</translation>
    </message>
    <message>
      <source>Обновить</source>
      <translation>Refresh</translation>
    </message>
    <message>
      <source>Открыть в программе просмотра</source>
      <translation>Open in the PDF viewer</translation>
    </message>
    <message>
      <source>Печать</source>
      <translation>Print</translation>
    </message>
    <message>
      <source>Печать…</source>
      <translation>Print…</translation>
    </message>
    <message>
      <source>Принтер не настроен или просмотр недоступен: документ откроется в программе просмотра PDF, печатайте из неё.</source>
      <translation>No printer is set up or the preview is unavailable: the document opens in the PDF viewer; print from there.</translation>
    </message>
    <message>
      <source>Просмотр и печать…</source>
      <translation>Preview and print…</translation>
    </message>
    <message>
      <source>Просмотр страниц недоступен на этом компьютере: откройте документ в программе просмотра PDF — из неё его можно и напечатать.</source>
      <translation>Page preview is not available on this computer: open the document in the PDF viewer — you can print it from there too.</translation>
    </message>
    <message>
      <source>Просмотр: {title}</source>
      <translation>Preview: {title}</translation>
    </message>
    <message>
      <source>Протокол игры</source>
      <translation>Game protocol</translation>
    </message>
    <message>
      <source>Сохранить PDF</source>
      <translation>Save PDF</translation>
    </message>
    <message>
      <source>Сохранить PDF…</source>
      <translation>Save PDF…</translation>
    </message>
    <message>
      <source>Стол «Жук»</source>
      <translation>Zhuk table</translation>
    </message>
    <message>
      <source>Страниц: {n}</source>
      <translation>Pages: {n}</translation>
    </message>
    <message>
      <source>Турнир «Жук»</source>
      <translation>Zhuk tournament</translation>
    </message>
    <message>
      <source>Турнирная таблица</source>
      <translation>Tournament standings</translation>
    </message>
    <message>
      <source>Участники</source>
      <translation>Participants</translation>
    </message>
  </context>
</TS>
