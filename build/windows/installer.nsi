; The Windows installer of Olympus Table, built on Linux by build/make_windows.py with Debian's makensis:
;   makensis -DVERSION=0.1.0 -DVERSION_QUAD=0.1.0.0 -DSTAGE=<program folder> -DOUTFILE=<setup.exe>
;            -DICON=<olympus-table.ico> build/windows/installer.nsi
;
; Per user, no administrator: installs into %LOCALAPPDATA%\Programs\OlympusTable (or /D=<folder>), adds a
; Start-menu entry and an "Apps & features" entry under HKCU, and writes uninstall.exe. `/S` runs it
; silently. The uninstaller removes the program and keeps the player's own files
; (%LOCALAPPDATA%\OlympusTable: settings, saves, records, statistics, logs).
;
; Exit status (silent runs): 0 installed, 1 cancelled, 2 not installed (the reason is in the message a
; non-silent run shows: the game is running, the folder cannot be written, or holds other files).

; A 64-bit installer for a 64-bit program: it also runs under Debian's wine64 alone (no 32-bit Wine).
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!ifndef VERSION | VERSION_QUAD | STAGE | OUTFILE | ICON
  !error "build/make_windows.py passes VERSION, VERSION_QUAD, STAGE, OUTFILE and ICON"
!endif

!define APP_NAME "Olympus Table"
!define APP_EXE "olympus-table.exe"
!define PUBLISHER "Olympus Table contributors"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\OlympusTable"
!define RUNNING_MUTEX "OlympusTable.Running"   ; held by olympus-table.exe while the game runs
!define SHORTCUT "$SMPROGRAMS\${APP_NAME}.lnk"

!include "MUI2.nsh"
!include "LogicLib.nsh"
!include "FileFunc.nsh"

Name "${APP_NAME}"
Caption "${APP_NAME} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\OlympusTable"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"
ShowInstDetails nevershow
ShowUninstDetails nevershow

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(KeptFiles)"

!define MUI_PAGE_CUSTOMFUNCTION_LEAVE DirectoryLeave   ; a refused folder keeps the player on this page
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; Windows picks the language of the player's system when it is one of these; English otherwise.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Dutch"

LangString Running ${LANG_ENGLISH} "${APP_NAME} is running. Close it, then try again."
LangString Running ${LANG_DUTCH} "${APP_NAME} is nog geopend. Sluit het spel en probeer het dan opnieuw."
LangString NotWritable ${LANG_ENGLISH} "${APP_NAME} cannot be installed in$\r$\n$INSTDIR$\r$\nbecause that folder cannot be written to. Choose another folder, for example one inside your own user folder."
LangString NotWritable ${LANG_DUTCH} "${APP_NAME} kan niet worden geïnstalleerd in$\r$\n$INSTDIR$\r$\nomdat er in die map niet geschreven kan worden. Kies een andere map, bijvoorbeeld een in je eigen gebruikersmap."
LangString NotEmpty ${LANG_ENGLISH} "The folder$\r$\n$INSTDIR$\r$\nalready holds other files. Choose an empty or new folder, so that uninstalling later removes nothing else."
LangString NotEmpty ${LANG_DUTCH} "De map$\r$\n$INSTDIR$\r$\nbevat al andere bestanden. Kies een lege of nieuwe map, zodat later verwijderen niets anders weghaalt."
LangString KeptFiles ${LANG_ENGLISH} "${APP_NAME} will be removed from this computer. Your settings, saved games, game records and statistics stay in $LOCALAPPDATA\OlympusTable."
LangString KeptFiles ${LANG_DUTCH} "${APP_NAME} wordt van deze computer verwijderd. Je instellingen, opgeslagen spellen, spelverslagen en statistieken blijven bewaard in $LOCALAPPDATA\OlympusTable."

VIProductVersion "${VERSION_QUAD}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${PUBLISHER}"

; Stops (status 2) with the message when the game is running: its files cannot be replaced or removed.
!macro RefuseWhileRunning
  System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "${RUNNING_MUTEX}") p .r0'
  ${If} $0 != 0
    System::Call 'kernel32::CloseHandle(p r0)'
    MessageBox MB_OK|MB_ICONEXCLAMATION "$(Running)" /SD IDOK
    SetErrorLevel 2
    Quit
  ${EndIf}
!macroend

Function .onInit
  !insertmacro RefuseWhileRunning
FunctionEnd

; $R9 = "" when $INSTDIR can take the program, else the message that says why not.
Function CheckInstallFolder
  StrCpy $R9 ""
  ; A folder that holds someone else's files is refused: the uninstaller must be able to remove what
  ; it put there and nothing more. An earlier Olympus Table install (an upgrade) is welcome.
  ${DirState} "$INSTDIR" $R8
  ${If} $R8 == 1
  ${AndIfNot} ${FileExists} "$INSTDIR\${APP_EXE}"
    StrCpy $R9 "$(NotEmpty)"
    Return
  ${EndIf}
  ; Can it be written? Tried before anything is removed or copied; a folder made for the try only
  ; is removed again.
  ClearErrors
  CreateDirectory "$INSTDIR"
  FileOpen $R7 "$INSTDIR\.olympus-table-write-check" w
  ${If} ${Errors}
    StrCpy $R9 "$(NotWritable)"
  ${Else}
    FileClose $R7
    Delete "$INSTDIR\.olympus-table-write-check"
  ${EndIf}
  ${If} $R8 == -1
    RMDir "$INSTDIR"
  ${EndIf}
FunctionEnd

Function DirectoryLeave
  Call CheckInstallFolder
  ${If} $R9 != ""
    MessageBox MB_OK|MB_ICONSTOP "$R9"
    Abort   ; stays on the folder page
  ${EndIf}
FunctionEnd

Section "Olympus Table" SecProgram
  SectionIn RO
  Call CheckInstallFolder   ; again: a silent install has no folder page
  ${If} $R9 != ""
    MessageBox MB_OK|MB_ICONSTOP "$R9" /SD IDOK
    SetErrorLevel 2
    Abort "$R9"
  ${EndIf}

  ; An upgrade replaces the program's own folders whole, so no module of the older version stays
  ; behind. The player's files are elsewhere (%LOCALAPPDATA%\OlympusTable) and are not touched.
  RMDir /r "$INSTDIR\app"
  RMDir /r "$INSTDIR\lib"
  RMDir /r "$INSTDIR\runtime"

  SetOutPath "$INSTDIR"
  File /r "${STAGE}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  SetShellVarContext current
  CreateShortcut "${SHORTCUT}" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  ${GetSize} "$INSTDIR" "/S=0K" $1 $2 $3
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Function un.onInit
  !insertmacro RefuseWhileRunning
FunctionEnd

Section "Uninstall"
  ; Exactly what the installer put here; the folder itself goes only when nothing else is left in it.
  Delete "$INSTDIR\${APP_EXE}"
  RMDir /r "$INSTDIR\app"
  RMDir /r "$INSTDIR\lib"
  RMDir /r "$INSTDIR\runtime"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  SetShellVarContext current
  Delete "${SHORTCUT}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  ; %LOCALAPPDATA%\OlympusTable (settings, saves, records, statistics, logs) is the player's: kept.
SectionEnd
