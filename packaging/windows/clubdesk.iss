; Inno Setup script for ClubDesk on Windows (README «Windows»): after `make dist` on Windows, run
;   iscc packaging\windows\clubdesk.iss        → dist\ClubDesk-setup-<version>.exe
; Per-user install (no administrator rights) into %LOCALAPPDATA%\Programs\ClubDesk. The club's data — the
; database, its backups and the log — lives apart in %LOCALAPPDATA%\ClubDesk and is never touched by the
; uninstaller. Names agree with build.spec (APP_NAME, CLI_NAME, ICON); tests/packaging/test_windows.py checks.

#define AppName "ClubDesk"
#define AppExe "ClubDesk.exe"
#define CliExe "clubdesk-cli.exe"
#define DistDir "..\..\dist\ClubDesk"
#define IconFile "..\..\build\dist-resources\clubdesk.ico"
; The version resource build.spec puts into ClubDesk.exe, which scripts/build_dist.py takes from clubdesk/__init__.py.
#define AppVersion GetVersionNumbersString(DistDir + "\" + AppExe)

[Setup]
AppId={{5B0E8C3A-6F1D-4C55-9A57-2F4C1D7E0B61}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=ClubDesk
AppVerName={#AppName} {#AppVersion}
PrivilegesRequired=lowest
DefaultDirName={localappdata}\Programs\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
OutputDir=..\..\dist
OutputBaseFilename=ClubDesk-setup-{#AppVersion}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole one-folder bundle: ClubDesk.exe (windowed), clubdesk-cli.exe (console) and _internal\.
Source: "{#DistDir}\{#AppExe}"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#DistDir}\{#CliExe}"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#DistDir}\_internal\*"; DestDir: "{app}\_internal"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{userdesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Only what the program itself wrote into its folder; %LOCALAPPDATA%\ClubDesk (the data) stays.
Type: filesandordirs; Name: "{app}\_internal"
