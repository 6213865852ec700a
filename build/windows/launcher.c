/* olympus-table.exe: the program a Windows player starts (installed and portable builds alike).
 *
 * It runs the bundled Python on the game, from the folder this executable sits in:
 *     <folder>\runtime\pythonw.exe -E -s "<folder>\app\main.py" <the player's arguments>
 * waits for it and returns its exit status (so `olympus-table.exe --self-test` reports 0 or not).
 *
 * Why a launcher and not a shortcut to pythonw.exe: the Start-menu entry, the taskbar and "Apps &
 * features" show this file's icon and version, and the standard streams are made valid here. A
 * windowed program has none, and Python stops at start-up ("init_sys_streams ... WinError 6") when
 * it inherits broken ones, as seen under Wine. So the game's input is the NUL device, and its output
 * and errors go where this process's go when that is a file or a pipe, else to NUL too.
 *
 * While the game runs the launcher holds the named mutex "OlympusTable.Running": the installer and
 * the uninstaller look for it and ask the player to close the game first.
 */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <wchar.h>

#define MUTEX_NAME L"OlympusTable.Running"
#define EXIT_LAUNCH_FAILED 120

/* The part of the command line after the program's own name, as Windows parses argv[0]. */
static const wchar_t *arguments_after_program(const wchar_t *line)
{
    if (*line == L'"') {
        line++;
        while (*line && *line != L'"')
            line++;
        if (*line == L'"')
            line++;
    } else {
        while (*line && *line != L' ' && *line != L'\t')
            line++;
    }
    while (*line == L' ' || *line == L'\t')
        line++;
    return line;
}

static HANDLE null_device(DWORD access)
{
    SECURITY_ATTRIBUTES inherit = {sizeof(inherit), NULL, TRUE};
    return CreateFileW(L"NUL", access, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit, OPEN_EXISTING, 0, NULL);
}

/* An inheritable handle for an output stream: ours when it is a file or a pipe (a redirection, a
 * test harness) that Python can use, else the NUL device. Under Wine a terminal or /dev/null arrives
 * as a character device and a redirection to a Linux file as a file Python cannot query: neither is
 * passed on. */
static HANDLE output_for_child(DWORD which)
{
    HANDLE own = GetStdHandle(which);
    HANDLE copy = NULL;
    if (own != NULL && own != INVALID_HANDLE_VALUE) {
        DWORD type = GetFileType(own);
        BY_HANDLE_FILE_INFORMATION info;   /* what Python asks of a file it opens as a stream */
        if ((type == FILE_TYPE_PIPE || (type == FILE_TYPE_DISK && GetFileInformationByHandle(own, &info)))
            && DuplicateHandle(GetCurrentProcess(), own, GetCurrentProcess(), &copy, 0, TRUE, DUPLICATE_SAME_ACCESS))
            return copy;
    }
    return null_device(GENERIC_WRITE);
}

static void say(const wchar_t *text)
{
    MessageBoxW(NULL, text, L"Olympus Table", MB_OK | MB_ICONERROR);
}

int WINAPI wWinMain(HINSTANCE instance, HINSTANCE previous, PWSTR unused, int show)
{
    (void)instance; (void)previous; (void)unused; (void)show;
    wchar_t folder[MAX_PATH];
    DWORD length = GetModuleFileNameW(NULL, folder, MAX_PATH);
    if (length == 0 || length >= MAX_PATH) {
        say(L"Olympus Table cannot find its own folder (the path is too long). Install it in a shorter folder.");
        return EXIT_LAUNCH_FAILED;
    }
    wchar_t *slash = wcsrchr(folder, L'\\');
    if (slash)
        *slash = 0;

    wchar_t python[MAX_PATH + 32];
    _snwprintf(python, MAX_PATH + 32, L"%ls\\runtime\\pythonw.exe", folder);
    python[MAX_PATH + 31] = 0;
    if (GetFileAttributesW(python) == INVALID_FILE_ATTRIBUTES) {
        say(L"Olympus Table is incomplete: runtime\\pythonw.exe is missing. Install it again.");
        return EXIT_LAUNCH_FAILED;
    }

    const wchar_t *rest = arguments_after_program(GetCommandLineW());
    size_t size = wcslen(python) + wcslen(folder) + wcslen(rest) + 64;
    wchar_t *command = HeapAlloc(GetProcessHeap(), 0, size * sizeof(wchar_t));
    if (!command)
        return EXIT_LAUNCH_FAILED;
    /* -E: no PYTHON* variables of the player's machine change our interpreter; -s: no user site. */
    _snwprintf(command, size, L"\"%ls\" -E -s \"%ls\\app\\main.py\" %ls", python, folder, rest);
    command[size - 1] = 0;

    STARTUPINFOW startup;
    ZeroMemory(&startup, sizeof(startup));
    startup.cb = sizeof(startup);
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = null_device(GENERIC_READ);   /* the game never reads it */
    startup.hStdOutput = output_for_child(STD_OUTPUT_HANDLE);
    startup.hStdError = output_for_child(STD_ERROR_HANDLE);

    HANDLE running = CreateMutexW(NULL, FALSE, MUTEX_NAME);
    PROCESS_INFORMATION child;
    if (!CreateProcessW(python, command, NULL, NULL, TRUE, 0, NULL, NULL, &startup, &child)) {
        wchar_t message[256];
        _snwprintf(message, 256, L"Olympus Table could not start its Python (Windows error %lu). Install it again.",
                   GetLastError());
        message[255] = 0;
        say(message);
        return EXIT_LAUNCH_FAILED;
    }
    CloseHandle(child.hThread);
    WaitForSingleObject(child.hProcess, INFINITE);
    DWORD status = EXIT_LAUNCH_FAILED;
    GetExitCodeProcess(child.hProcess, &status);
    CloseHandle(child.hProcess);
    if (running)
        CloseHandle(running);
    return (int)status;
}
