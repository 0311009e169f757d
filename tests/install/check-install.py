#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`meson install --destdir` yields a complete tree, and it validates.

check-install.py BUILDDIR SOURCE_ROOT APP_ID GUI PREFIX BINDIR DATADIR MANDIR LOCALEDIR

Installs the build into a temporary directory (reading the build directory
only, so it runs beside the other tests), then checks that every file a
desktop needs is there: the binaries, the desktop file, the metainfo, the
icons, the GSettings schema, the translations of po/LINGUAS, the man pages
and the MIME type once data/ has one; and that the installed desktop file,
metainfo and schema pass their validators. GUI is "true" when the app is
built; a CLI-only build installs the CLI, its man page and the translations.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    (builddir, srcroot, app_id, gui, prefix, bindir, datadir, mandir,
     localedir) = sys.argv[1:10]
    gui = gui == 'true'
    problems = []

    with tempfile.TemporaryDirectory(prefix='roofline-install-') as dest:
        r = subprocess.run(['meson', 'install', '-C', builddir, '--no-rebuild', '--quiet',
                            '--destdir', dest], capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr)
            return 1

        def at(*parts):
            # DESTDIR + an absolute install path
            return os.path.join(dest, os.path.join(*parts).lstrip('/'))

        want = [at(bindir, 'roofline-cli'), at(mandir, 'man1', 'roofline-cli.1')]
        langs = open(os.path.join(srcroot, 'po', 'LINGUAS'), encoding='utf-8').read().split()
        want += [at(localedir, lang, 'LC_MESSAGES', 'roofline.mo') for lang in langs]
        if gui:
            want += [
                at(bindir, 'roofline'),
                at(mandir, 'man1', 'roofline.1'),
                at(datadir, 'applications', app_id + '.desktop'),
                at(datadir, 'metainfo', app_id + '.metainfo.xml'),
                at(datadir, 'icons', 'hicolor', 'scalable', 'apps', app_id + '.svg'),
                at(datadir, 'icons', 'hicolor', 'symbolic', 'apps', app_id + '-symbolic.svg'),
                at(datadir, 'glib-2.0', 'schemas', app_id + '.gschema.xml'),
            ]
            # the scenario MIME type, once data/ defines one
            if glob.glob(os.path.join(srcroot, 'data', '*.mime.xml*')):
                mime = glob.glob(at(datadir, 'mime', 'packages', app_id + '*.xml'))
                want.append(mime[0] if mime else at(datadir, 'mime', 'packages', app_id + '.xml'))
        for path in want:
            if not os.path.isfile(path):
                problems.append(f'not installed: {os.path.relpath(path, dest)}')
            elif os.path.getsize(path) == 0:
                problems.append(f'empty: {os.path.relpath(path, dest)}')
        for exe in ('roofline-cli', 'roofline') if gui else ('roofline-cli',):
            path = at(bindir, exe)
            if os.path.isfile(path) and not os.access(path, os.X_OK):
                problems.append(f'not executable: {os.path.relpath(path, dest)}')

        if not problems:
            r = subprocess.run([at(bindir, 'roofline-cli'), '--version'],
                               capture_output=True, text=True)
            if r.returncode != 0 or not r.stdout.startswith('roofline-cli '):
                problems.append(f'the installed roofline-cli --version: {r.stdout}{r.stderr}')

        if gui and not problems:
            desktop = at(datadir, 'applications', app_id + '.desktop')
            metainfo = at(datadir, 'metainfo', app_id + '.metainfo.xml')
            checks = [
                ('desktop-file-validate', [desktop]),
                ('appstreamcli', ['validate', '--no-net', metainfo]),
                ('glib-compile-schemas', ['--strict', '--dry-run',
                                          at(datadir, 'glib-2.0', 'schemas')]),
            ]
            for tool, args in checks:
                if shutil.which(tool) is None:
                    problems.append(f'{tool} is not installed: cannot validate')
                    continue
                r = subprocess.run([tool] + args, capture_output=True, text=True)
                if r.returncode != 0:
                    problems.append(f'{tool} {" ".join(args)}:\n{r.stdout}{r.stderr}')
            # translated from po/: every language made it into both files
            d = open(desktop, encoding='utf-8').read()
            x = open(metainfo, encoding='utf-8').read()
            for lang in langs:
                if f'Comment[{lang}]=' not in d:
                    problems.append(f'the desktop file has no {lang} Comment')
                if f'xml:lang="{lang}"' not in x:
                    problems.append(f'the metainfo has no {lang} text')
            if f'Icon={app_id}\n' not in d:
                problems.append(f'the desktop file does not name the icon {app_id}')

        n = sum(len(files) for _, _, files in os.walk(dest))
        for p in problems:
            print(p)
        print(f'{n} files installed under {prefix}')
    return 1 if problems else 0


sys.exit(main())
