"""Short texts are read once; a whole source is never kept in the cache."""

from __future__ import annotations

from longtracer_core.scoring.numeric import _scan_items, _scan_text
from longtracer_core.text.memo import MAX_CHARS, short_text_cache


def test_a_short_text_is_computed_once_and_a_long_one_every_time():
    calls: list[str] = []

    @short_text_cache(maxsize=4)
    def read(text: str, lenient: bool = False) -> tuple[str, ...]:
        calls.append(text)
        return tuple(text.split())

    short, long = "The bridge opened in 1937.", "word " * MAX_CHARS
    assert read(short) == read(short) == tuple(short.split())
    assert read(short, lenient=True) == tuple(short.split())
    assert calls == [short, short]  # positional and keyword calls are cached apart
    read(long), read(long)
    assert calls.count(long) == 2  # never held: a source may be megabytes
    for i in range(6):  # least recently used out: the cache holds at most maxsize texts
        read(f"text {i}")
    read(short)
    assert calls.count(short) == 3


def test_cached_figure_readings_equal_a_fresh_reading():
    text = "Its mirror is 6.5 metres wide; it launched on 25 December 2021 for $10bn."
    for lenient in (False, True):
        assert _scan_items(text, lenient=lenient) == tuple(_scan_text(text, lenient))
