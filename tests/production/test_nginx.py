"""The sample nginx configuration, checked and served by Debian's ``nginx`` (``apt-get install
nginx-light``; `make test` installs it as root) on loopback ports in front of the project's
gunicorn, both started here: ``nginx -t`` accepts it as written (a directive newer than
Debian's nginx would be refused), and a request through it reaches the site with the site's
own headers. Only the listening ports, the certificate (a self-signed one made here) and the
upstream's port are changed. Without nginx the tests are skipped, unless ``CI`` is set.
"""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port

from .servers import ROOT, gunicorn, migrated, server_env

pytestmark = pytest.mark.xdist_group("nginx")

SAMPLE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


@pytest.fixture(autouse=True)
def _nginx_installed():
    if NGINX is None:
        if os.environ.get("CI"):
            pytest.fail(
                "nginx is not installed (apt-get install nginx-light): make test installs it"
            )
        pytest.skip("nginx is not installed (apt-get install nginx-light)")


def loopback(tmp: Path, upstream: int) -> tuple[Path, int, int]:
    """The sample inside a whole configuration (nginx's ``http`` block, files under ``tmp``),
    on two free loopback ports, with a self-signed certificate, before ``upstream``."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=numsite.example.org", "-keyout", str(tmp / "key.pem"),
         "-out", str(tmp / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    plain, secure = free_port(), free_port()
    sample = SAMPLE.read_text()
    sample = sample.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
    sample = re.sub(r"listen \[::\]:\d+[^;]*;\n", "", sample)
    sample = sample.replace("listen 80;", f"listen 127.0.0.1:{plain};")
    sample = re.sub(r"listen 443 (ssl[^;]*);", rf"listen 127.0.0.1:{secure} \1;", sample)
    sample = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {tmp / 'cert.pem'};", sample)
    sample = re.sub(
        r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {tmp / 'key.pem'};", sample
    )
    conf = tmp / "nginx.conf"
    conf.write_text(
        f"pid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'} warn;\ndaemon off;\n"
        "events {}\n"
        f"http {{\n  client_body_temp_path {tmp};\n  proxy_temp_path {tmp};\n"
        f"  access_log off;\n{sample}\n}}\n"
    )
    return conf, plain, secure


def test_the_nginx_sample_passes_nginx_t_on_debians_nginx(tmp_path):
    conf, _, _ = loopback(tmp_path, free_port())
    assert NGINX is not None  # else skipped (_nginx_installed)
    checked = subprocess.run(
        [NGINX, "-t", "-c", str(conf), "-p", str(tmp_path)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr, checked.stderr


def test_a_request_through_the_nginx_sample_reaches_the_site(tmp_path):
    env = migrated(
        server_env(
            DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
            ALLOWED_HOSTS="127.0.0.1,numsite.example.org",
        )
    )
    with gunicorn(env, tmp_path / "gunicorn.log") as base:
        upstream = int(base.rsplit(":", 1)[1])
        conf, plain, secure = loopback(tmp_path, upstream)
        assert NGINX is not None  # else skipped (_nginx_installed)
        server = subprocess.Popen(
            [NGINX, "-c", str(conf), "-p", str(tmp_path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
            context.check_hostname = False
            url = f"https://127.0.0.1:{secure}/healthz"
            started = time.monotonic()
            while True:
                try:
                    request = urllib.request.Request(url, headers={"Host": "numsite.example.org"})
                    with urllib.request.urlopen(request, context=context, timeout=5) as answer:
                        status, body = answer.status, answer.read()
                    break
                except urllib.error.HTTPError:
                    raise
                except OSError:  # nginx is not listening yet
                    assert server.poll() is None, (tmp_path / "error.log").read_text()
                    assert time.monotonic() - started < 20
                    time.sleep(0.2)
            assert status == 200 and b'"database": "ok"' in body
            # the plain port only redirects to HTTPS
            opener = urllib.request.build_opener(NoRedirect)
            try:
                opener.open(f"http://127.0.0.1:{plain}/parties/x/", timeout=5)
                raise AssertionError("no redirect")
            except urllib.error.HTTPError as err:
                assert err.code == 301
                assert err.headers["Location"].startswith("https://")
        finally:
            server.terminate()
            server.wait(timeout=10)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
