"""pokercalc.pipelines.history reads hand histories as a stream: the same hands, a chunk at a
time, never a whole file held."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pokercalc.pipelines import history
from pokercalc.pipelines.history import reading

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[1] / "data"


def chunked(text: str, size: int) -> list[str]:
    return [text[k : k + size] for k in range(0, len(text), size)]


def phhs_text() -> str:
    """The shipped hands as one PHHS text, with marks written in several ways."""
    hands = []
    for path in sorted((DATA / "history").glob("*.phh*")):
        hands += [t for _, t in history.split_phhs(path.read_text("utf-8"))]
    marks = ["[{}]\n", "[ {} ]  \n\n", "\n[{}]\r\n", "[{}]\n\n\n"]
    return "# a comment before the first hand\n" + "".join(
        marks[k % len(marks)].format(k + 1) + h for k, h in enumerate(hands * 3)
    )


@pytest.mark.parametrize("size", [1, 5, 64, 1000, 1 << 20])
def test_hands_read_in_chunks_are_the_hands_of_the_whole_text(size: int) -> None:
    text = phhs_text()
    whole = history.split_phhs(text)
    assert len(whole) == 36 and whole[5][0] == 6
    assert list(reading.iter_hands(chunked(text, size), "phh")) == whole
    one = (DATA / "history" / "dwan-ivey-2009.phh").read_text("utf-8")  # (no section: one hand)
    assert list(reading.iter_hands(chunked(one, size), "phh")) == [(1, one)]
    site = (DATA / "history-sites" / "pokerstars-made-up.txt").read_text("utf-8")
    sites = (site.rstrip("\n") + "\n\n\n\n") * 4 + site
    want = history.split_hands(sites, "pokerstars")
    assert len(want) == 5
    assert list(reading.iter_hands(chunked(sites, size), "pokerstars")) == want


def test_a_hand_comes_out_as_soon_as_its_chunks_are_read() -> None:
    text = phhs_text() * 20  # (720 hands)
    read = 0

    def chunks() -> object:
        nonlocal read
        for chunk in chunked(text, 2000):
            read += len(chunk)
            yield chunk

    ends = []
    for _, hand in reading.iter_hands(chunks(), "phh"):  # type: ignore[arg-type]
        ends.append((read, hand))
    # When a hand comes out, no more than a chunk past its end (and the next mark) was read.
    position = 0
    for seen, hand in ends[:-1]:
        position = text.index(hand, position) + len(hand)
        assert seen <= position + 2000 + 50
    assert ends[0][0] <= 4000 < len(text) // 100


class _Stdin:
    """Standard input that counts the bytes read from it."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_a_run_reads_a_stream_a_piece_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    text = phhs_text() * 10
    data = text.encode()
    whole = history.run_history("-", stdin=_Stdin(data), hands=True)
    monkeypatch.setattr(reading, "CHUNK_BYTES", 4096)
    monkeypatch.setattr(history.run, "PIECE_HANDS", 3)
    stdin = _Stdin(data)
    read_at: list[int] = []
    result = history.run_history(
        "-", stdin=stdin, hands=True, on_hand=lambda _: read_at.append(stdin.buffer.tell())
    )
    assert result == whole and result.hands_read == 360
    # (The format is told by the first DETECT_CHARS characters: read before any hand.)
    assert read_at[0] <= reading.DETECT_CHARS + 2 * 4096 < len(data) // 4
    assert read_at[len(read_at) // 2] <= len(data) // 2 + 2 * 4096


@pytest.mark.parametrize("size", [3, 4096])
def test_a_file_not_utf8_throughout_is_latin1_throughout(tmp_path: Path, size: int) -> None:
    data = "[1]\nvariant = 'NT'\nplayers = ['café']\n".encode() + b"# \xe9t\xe9\n" * 2000
    path = tmp_path / "mixed.phhs"
    path.write_bytes(data)
    assert "".join(reading.iter_text(str(path), size=size)) == reading.decode(data)
    path.write_bytes(b"\xef\xbb\xbf" + data[:40])
    assert "".join(reading.iter_text(str(path), size=size)) == data[:40].decode()
    latin = b"[1]\nplayers = ['x']\n" * 500 + b"# \xe9\n"
    got = "".join(reading.iter_text("-", _Stdin(latin), size=size))
    assert got == reading.decode(latin)
