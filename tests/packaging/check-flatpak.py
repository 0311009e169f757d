#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Flatpak manifest builds this repository's app with the least access.

check-flatpak.py MANIFEST APP_ID

flatpak-builder cannot run here (it needs the GNOME runtime from the
network), so this checks what can go wrong in the file itself: valid JSON,
the app id and command, the GNOME 47 runtime and SDK, exactly the sandbox
holes the app needs (files come and go through the portals of
GtkFileChooserNative, so no --filesystem), and a last module that builds the
repository with meson without switching the app or its tests off.
"""
import json
import sys

EXPECTED_FINISH_ARGS = {'--share=ipc', '--socket=wayland', '--socket=fallback-x11',
                        '--device=dri'}


def main():
    path, app_id = sys.argv[1], sys.argv[2]
    problems = []
    try:
        with open(path, encoding='utf-8') as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        print(f'{path}: {e}')
        return 1

    def expect(key, value):
        if m.get(key) != value:
            problems.append(f'{key} is {m.get(key)!r}, expected {value!r}')

    expect('id', app_id)
    expect('command', 'roofline')
    expect('runtime', 'org.gnome.Platform')
    expect('runtime-version', '47')
    expect('sdk', 'org.gnome.Sdk')

    args = m.get('finish-args', [])
    if len(args) != len(set(args)):
        problems.append(f'finish-args repeats an entry: {args}')
    if set(args) != EXPECTED_FINISH_ARGS:
        extra = sorted(set(args) - EXPECTED_FINISH_ARGS)
        missing = sorted(EXPECTED_FINISH_ARGS - set(args))
        problems.append(f'finish-args: unexpected {extra}, missing {missing}')

    modules = m.get('modules', [])
    app = modules[-1] if modules else {}
    if not isinstance(app, dict) or app.get('name') != 'roofline':
        problems.append('the last module must be the app, named "roofline"')
        app = {}
    if app.get('buildsystem') != 'meson':
        problems.append(f'the app module builds with {app.get("buildsystem")!r}, not meson')
    opts = app.get('config-opts', [])
    if '-Dbuildtype=release' not in opts:
        problems.append('config-opts: -Dbuildtype=release is missing')
    for o in opts:
        if o.startswith('-Dgui=') and o != '-Dgui=enabled':
            problems.append(f'config-opts: {o} would leave the app out')
        if 'test' in o.lower():
            problems.append(f'config-opts: {o} touches the tests')
    if app.get('run-tests') is not True:
        problems.append('the app module must run its tests (run-tests: true)')
    sources = app.get('sources', [])
    if not any(s.get('type') == 'dir' and s.get('path') == '..' for s in sources):
        problems.append('the app module must build this repository (a "dir" source at "..")')
    for s in sources:
        for skipped in s.get('skip', []):
            if skipped in ('src', 'data', 'po', 'ui', 'docs', 'meson.build', 'tests'):
                problems.append(f'sources: skipping {skipped} leaves out part of the app')

    for p in problems:
        print(f'{path}: {p}')
    print(f'{path}: {len(modules)} module(s), finish-args {sorted(args)}')
    return 1 if problems else 0


sys.exit(main())
