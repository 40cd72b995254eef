<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="ru_RU">
  <context>
    <name>ClubDesk</name>
    <message>
      <source>Импорт и экспорт…</source>
      <translation>Import and export…</translation>
    </message>
    <message>
      <source>Таблицы (*.xlsx *.csv)</source>
      <translation>Spreadsheets (*.xlsx *.csv)</translation>
    </message>
    <message>
      <source>Импорт из Excel или CSV…</source>
      <translation>Import from Excel or CSV…</translation>
    </message>
    <message>
      <source>Экспорт в Excel или CSV…</source>
      <translation>Export to Excel or CSV…</translation>
    </message>
    <message>
      <source>Отменить импорт…</source>
      <translation>Undo an import…</translation>
    </message>
    <message>
      <source>Строка</source>
      <translation>Row</translation>
    </message>
    <message>
      <source>Решение</source>
      <translation>Verdict</translation>
    </message>
    <message>
      <source>Пояснение</source>
      <translation>Details</translation>
    </message>
    <message>
      <source>Импортировать</source>
      <translation>Import</translation>
    </message>
    <message>
      <source>Отменить импорт</source>
      <translation>Undo an import</translation>
    </message>
    <message>
      <source>Отменить выбранный импорт</source>
      <translation>Undo the selected import</translation>
    </message>
    <message>
      <source>Импорт игроков</source>
      <translation>Import players</translation>
    </message>
    <message>
      <source>обновить</source>
      <translation>update</translation>
    </message>
    <message>
      <source>уже есть — пропустить</source>
      <translation>registered — skip</translation>
    </message>
    <message>
      <source>новый</source>
      <translation>new</translation>
    </message>
    <message>
      <source>повтор</source>
      <translation>repeat</translation>
    </message>
    <message>
      <source>отклонена</source>
      <translation>refused</translation>
    </message>
    <message>
      <source>те же фамилия, имя и псевдоним</source>
      <translation>the same surname, first name and nickname</translation>
    </message>
    <message>
      <source>обновлять нечего</source>
      <translation>nothing to update</translation>
    </message>
    <message>
      <source>пропустить</source>
      <translation>skip</translation>
    </message>
    <message>
      <source>все строки</source>
      <translation>all rows</translation>
    </message>
    <message>
      <source>новые</source>
      <translation>new</translation>
    </message>
    <message>
      <source>уже есть</source>
      <translation>registered</translation>
    </message>
    <message>
      <source>повторы</source>
      <translation>repeats</translation>
    </message>
    <message>
      <source>отклонённые</source>
      <translation>refused</translation>
    </message>
    <message>
      <source>Игроков, которые уже есть в реестре:</source>
      <translation>Players already registered:</translation>
    </message>
    <message>
      <source>Показать:</source>
      <translation>Show:</translation>
    </message>
    <message>
      <source>Столбцы файла (поменяйте, если прочитано не так):</source>
      <translation>The file's columns (change any read wrong):</translation>
    </message>
    <message>
      <source>— не импортировать</source>
      <translation>— do not import</translation>
    </message>
    <message>
      <source>Импорт отменяется целиком, пока его новые игроки нигде не записаны: они убираются из реестра на всех стойках, изменённые поля возвращаются.</source>
      <translation>An import is undone as a whole while its new players are recorded nowhere: they leave the registry on every desk, the changed fields get their old values back.</translation>
    </message>
    <message>
      <source>Экспорт игроков</source>
      <translation>Export players</translation>
    </message>
    <message>
      <source>Выгружено игроков: {n} — {file}</source>
      <translation>Players exported: {n} — {file}</translation>
    </message>
    <message>
      <source>повторяет строку {row}</source>
      <translation>repeats row {row}</translation>
    </message>
    <message>
      <source>Импорт игроков: {file}</source>
      <translation>Import players: {file}</translation>
    </message>
    <message>
      <source>Заголовок в строке {row}, строк с данными: {rows}</source>
      <translation>Header in row {row}, rows of data: {rows}</translation>
    </message>
    <message>
      <source>(без заголовка)</source>
      <translation>(no header)</translation>
    </message>
    <message>
      <source>Новых: {new}, уже есть: {same} (обновить: {update}), повторов: {duplicate}, отклонено: {refused}</source>
      <translation>New: {new}, registered: {same} (update: {update}), repeats: {duplicate}, refused: {refused}</translation>
    </message>
    <message>
      <source>{at} — {file}: добавлено {added}, обновлено {updated} ({login})</source>
      <translation>{at} — {file}: {added} added, {updated} updated ({login})</translation>
    </message>
    <message>
      <source>отменён</source>
      <translation>undone</translation>
    </message>
    <message>
      <source>изменится: {fields}</source>
      <translation>changes: {fields}</translation>
    </message>
    <message>
      <source>Отменить импорт «{text}»?</source>
      <translation>Undo the import '{text}'?</translation>
    </message>
    <message>
      <source>Импортирует и выгружает игроков стойка или администратор</source>
      <translation>The desk or the administrator imports and exports players</translation>
    </message>
  </context>
</TS>
