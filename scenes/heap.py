"""The program's memory between screens: large surfaces get their own mappings, freed memory is handed
back to the system every `HEAP_TRIM_SECONDS`, and a closed table is collected at once (glibc only;
elsewhere these do nothing). The App's loop calls them (scenes/app.py)."""
from __future__ import annotations

import gc

HEAP_TRIM_SECONDS = 30.0   # how often freed surface memory is handed back to the system (see trim_heap)


_LIBC: list = []      # the C library, found once (finding it runs `ldconfig`: milliseconds)


def _libc() -> "object | None":
    """The C library when it is glibc (it has `malloc_trim`); None elsewhere."""
    if not _LIBC:
        _LIBC.append(_find_libc())
    return _LIBC[0]


def _find_libc() -> "object | None":
    try:
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("c")
        libc = ctypes.CDLL(name) if name else None
    except (OSError, AttributeError, TypeError):
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


M_MMAP_THRESHOLD = -3            # glibc's mallopt parameter
MMAP_THRESHOLD_BYTES = 128 * 1024


def tune_heap() -> None:
    """Large blocks (a full-window surface, a big card image) always get their own mapping from the
    system, handed back the moment they are freed (glibc; elsewhere nothing). glibc raises that
    threshold each time such a block is freed, up to 32 MiB, so after the first window-sized surface was
    dropped, the next ones were carved from the heap, where the holes they left kept a long session's
    resident memory stepping up (measured: Zeus with five seats, see the README's soak figures).
    Setting it fixes it at glibc's own starting value."""
    libc = _libc()
    if libc is not None:
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)


def trim_heap() -> None:
    """Hand freed memory back to the operating system (glibc's malloc_trim; elsewhere nothing).

    Card images and text lines are surfaces of many sizes made and dropped all game; the C allocator keeps
    the freed pieces, so a long session's resident memory kept growing though nothing was held (measured:
    Zeus with five seats rose 5.9 MiB in the last quarter of 60,000 frames with every cache full; with a
    trim every 30 s it stays level)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)


def release_closed_table() -> None:
    """A table has left the stack: free it now and hand its memory back. A table holds itself in
    reference cycles (its parts point back at it), so without a full collection it stayed alive, with
    its card art and the surfaces it drew, until Python's own rare full collection; by then the next
    table had been built above it in the heap, and the hole it left kept resident memory a step higher
    for the rest of the session (measured: the soak's step of about 10 MiB after the first Zeus game's
    end). A collection costs about 10 ms, once, as one screen gives way to another."""
    gc.collect()
    trim_heap()
