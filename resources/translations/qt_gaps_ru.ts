<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- Qt's own strings that Qt's qtbase_ru catalogue lacks in the Qt 6 this build uses (its file dialog's
     labels gained mnemonics, the folder type got a disambiguation): loaded after qtbase_ru for Russian. -->
<TS version="2.1" language="ru_RU" sourcelanguage="en">
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>&amp;Папка:</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>&amp;Тип файлов:</translation>
    </message>
  </context>
  <context>
    <name>QAbstractFileIconProvider</name>
    <message>
      <source>Folder</source>
      <comment>All other platforms</comment>
      <translation>Папка</translation>
    </message>
    <message>
      <source>File Folder</source>
      <comment>Match Windows Explorer</comment>
      <translation>Папка с файлами</translation>
    </message>
    <message>
      <source>Shortcut</source>
      <comment>All other platforms</comment>
      <translation>Ярлык</translation>
    </message>
    <message>
      <source>Alias</source>
      <comment>macOS Finder</comment>
      <translation>Псевдоним</translation>
    </message>
    <message>
      <source>Drive</source>
      <translation>Диск</translation>
    </message>
    <message>
      <source>Unknown</source>
      <translation>Неизвестно</translation>
    </message>
  </context>
</TS>
