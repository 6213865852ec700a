"""A host with a certificate speaks TLS (wss://): a guest that trusts the certificate joins and plays;
a plain ws:// guest and a guest that cannot verify the certificate are not let in. The certificate is
a self-signed one made here for 127.0.0.1 (openssl), as a host without an authority would use."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.net.guest import GuestClient, JoinError
from game.net.loopback import start_host


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "host.pem", folder / "host.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=olympus-table test host", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    return cert, key


def test_a_host_with_a_certificate_is_joined_over_tls_only(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    run = start_host(tmp_path / "host", "zeus", "remote,ai:random", seed=2, ai_pause=0.0, timeout=30,
                     extra=["--certificate", str(cert), "--key", str(key)])
    try:
        secure = f"wss://127.0.0.1:{run.port}"
        with pytest.raises(JoinError):
            GuestClient.connect(run.url(), run.code, "Plain", timeout=3)          # ws:// to a TLS host
        with pytest.raises(JoinError, match="certificate"):
            GuestClient.connect(secure, run.code, "Trusting nobody", timeout=3)   # cannot verify it
        ann = GuestClient.connect(secure, run.code, "Ann", ca_file=str(cert))
        assert ann.wait_update(-1, timeout=10) and ann.state.view is not None and ann.state.seat == 0
        ann.close()
    finally:
        run.stop()
    log = (tmp_path / "host" / "online-host.log").read_text()
    assert "(wss)" in log and "seat 0 (Ann) joined" in log


def test_the_host_gives_no_tls_session_tickets(tmp_path: Path) -> None:
    """A guest's connection is read by one thread while another writes its join request, and OpenSSL cannot
    do both at once on one connection: a reader taking the host's TLS 1.3 session tickets could lose the
    request, and the join then waited for its timeout (about one join in 30 on a loaded machine). The host
    sends none (a guest never resumes a session)."""
    cert, key = self_signed(tmp_path)
    run = start_host(tmp_path / "host", "zeus", "remote,ai:random", seed=2, ai_pause=0.0, timeout=30,
                     extra=["--certificate", str(cert), "--key", str(key)])
    try:
        ann = GuestClient.connect(f"wss://127.0.0.1:{run.port}", run.code, "Ann", ca_file=str(cert))
        assert ann.wait_update(-1, timeout=10)      # the host's first words came after any ticket it sends
        tls = ann.connection.socket
        assert tls.version() == "TLSv1.3" and tls.session is not None and not tls.session.has_ticket
        ann.close()
    finally:
        run.stop()


def test_a_certificate_that_cannot_be_used_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "broken.pem").write_text("not a certificate")
    result = subprocess.run(
        [sys.executable, "main.py", "host", "--game", "zeus", "--seats", "remote,ai", "--port", "0",
         "--data", str(tmp_path), "--certificate", str(tmp_path / "broken.pem")],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "cannot be used" in result.stderr and not result.stdout
