"""The install command the pages show works offline on Debian: pip builds the package with the
installed setuptools (--no-build-isolation; without it pip fetches setuptools from an index),
into a virtual environment that sees Debian's drivers (--system-site-packages), or --target."""
import os
import pathlib
import shutil
import subprocess
import sys

PACKAGE = pathlib.Path(__file__).resolve().parents[1]
OFFLINE = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1",
               PYTHONPATH="")  # no checkout on the path: the installed copy must be the one imported
CHECK = ("import uidext, uidext.psycopg, uidext.sqlalchemy, uidext.django.converters, uidext.peewee; "
         "print(uidext.__file__, uidext.ULID.generate())")


def _source(tmp_path):
    """A copy of the package, so the build leaves nothing in the checkout."""
    source = tmp_path / "python"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info", "tests"))
    return source


def test_pip_install_into_a_venv_offline(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, env=OFFLINE)
    py = venv / "bin" / "python"
    # with the pages' extras: Debian's packages, seen through --system-site-packages, satisfy them
    extras = "[psycopg,psycopg2,asyncpg,sqlalchemy,django,peewee]"
    run = subprocess.run([str(py), "-m", "pip", "install", "--no-build-isolation", f"{_source(tmp_path)}{extras}"],
                         capture_output=True, text=True, env=OFFLINE, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([str(py), "-c", CHECK], capture_output=True, text=True, env=OFFLINE, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(str(venv)), run.stdout


def test_pip_install_target_offline(tmp_path):
    target = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--target", str(target),
                          str(_source(tmp_path))], capture_output=True, text=True, env=OFFLINE, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(OFFLINE, PYTHONPATH=str(target)))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(str(target)), run.stdout


def test_without_no_build_isolation_pip_needs_an_index(tmp_path):
    """Why the pages say --no-build-isolation: an isolated build installs setuptools from an index."""
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--target", str(tmp_path / "site"),
                          str(_source(tmp_path))], capture_output=True, text=True, env=OFFLINE, cwd=tmp_path)
    assert run.returncode != 0 and "setuptools" in run.stdout + run.stderr
