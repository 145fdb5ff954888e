"""A PEP 517 build backend for this one pure-Python package, using the standard library only.

Why not setuptools: pip builds in an isolated environment and fetches the backend named in
``requires`` from an index, so ``pip install ./packages/sdk-python`` failed on a machine without
one (issue 26). This backend needs nothing: ``requires = []`` and ``backend-path``. It builds the
wheel (py3-none-any: the package's files plus the .dist-info), an editable install (a .pth file),
and an sdist. Metadata comes from pyproject.toml's [project] table; only the plain string keys
this project uses are read (tomllib is 3.11+, and requires-python is 3.9).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile
from typing import Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "cairn_sdk"


def _project() -> Dict[str, str]:
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    table = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if not table:
        raise RuntimeError("pyproject.toml has no [project] table")
    fields = dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"\s*$', table.group(1), re.M))
    for key in ("name", "version", "description", "requires-python"):
        if key not in fields:
            raise RuntimeError(f"pyproject.toml [project] needs {key} as a plain string")
    return fields


def _dist_name(project: Dict[str, str]) -> str:
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _metadata(project: Dict[str, str]) -> bytes:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    head = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project['description']}",
        "License: Apache-2.0",
        f"Requires-Python: {project['requires-python']}",
        "Description-Content-Type: text/markdown",
    ]
    return ("\n".join(head) + "\n\n" + readme).encode("utf-8")


def _package_files() -> List[Tuple[str, str]]:
    """(path in the archive, path on disk) of every file the package ships, sorted."""
    out = []
    base = os.path.join(ROOT, PACKAGE)
    for folder, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".typed")):
                disk = os.path.join(folder, name)
                out.append((os.path.relpath(disk, ROOT).replace(os.sep, "/"), disk))
    return out


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(wheel_directory: str, members: List[Tuple[str, bytes]]) -> str:
    project = _project()
    dist = _dist_name(project)
    info = f"{dist}-{project['version']}.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: cairn_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    members = members + [(f"{info}/METADATA", _metadata(project)), (f"{info}/WHEEL", wheel.encode())]
    record = [_record_line(path, data) for path, data in members] + [f"{info}/RECORD,,"]
    members.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    filename = f"{dist}-{project['version']}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in members:
            # A fixed date: the same sources give the same wheel.
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            zf.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return filename


def get_requires_for_build_wheel(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_sdist(config_settings: Optional[dict] = None) -> List[str]:
    return []


def get_requires_for_build_editable(config_settings: Optional[dict] = None) -> List[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: Optional[dict] = None,
                metadata_directory: Optional[str] = None) -> str:
    members = []
    for path, disk in _package_files():
        with open(disk, "rb") as f:
            members.append((path, f.read()))
    return _write_wheel(wheel_directory, members)


def build_editable(wheel_directory: str, config_settings: Optional[dict] = None,
                   metadata_directory: Optional[str] = None) -> str:
    # The package stays where it is: a .pth line puts its folder on sys.path.
    return _write_wheel(wheel_directory, [(f"{PACKAGE}.pth", (ROOT + "\n").encode())])


def build_sdist(sdist_directory: str, config_settings: Optional[dict] = None) -> str:
    project = _project()
    stem = f"{_dist_name(project)}-{project['version']}"
    files = [("pyproject.toml", os.path.join(ROOT, "pyproject.toml")),
             ("README.md", os.path.join(ROOT, "README.md")),
             ("_build/cairn_build.py", os.path.abspath(__file__))] + _package_files()
    filename = f"{stem}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path, disk in files + [("PKG-INFO", None)]:
            data = _metadata(project) if disk is None else open(disk, "rb").read()
            entry = tarfile.TarInfo(f"{stem}/{path}")
            entry.size = len(data)
            entry.mode = 0o644
            tar.addfile(entry, io.BytesIO(data))
    return filename
