#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every language of po/LINGUAS is complete.

check-po.py files SOURCE_ROOT
    each po/<lang>.po passes `msgfmt --check --check-accelerators=_` and has
    no fuzzy and no untranslated message;
check-po.py sources SOURCE_ROOT
    the same against the strings the sources mark today: a template is made
    with xgettext from po/POTFILES.in (the options of meson's 'glib' preset)
    and merged into a copy of each .po, so a string added to the code and not
    yet translated fails here, by name.
"""
import os
import re
import subprocess
import sys
import tempfile

# meson's i18n 'glib' preset (mesonbuild/modules/i18n.py), which po/ uses
XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments', '-k_',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format', '--flag=g_log:3:c-format',
    '--flag=g_print:1:c-format', '--flag=g_printerr:1:c-format', '--flag=g_printf:1:c-format',
    '--flag=g_fprintf:2:c-format', '--flag=g_sprintf:2:c-format',
    '--flag=g_snprintf:3:c-format',
]


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def languages(root):
    with open(os.path.join(root, 'po', 'LINGUAS'), encoding='utf-8') as f:
        return [w for line in f for w in line.split('#')[0].split()]


def check(po, label):
    """Problems of one PO file: msgfmt's checks, fuzzy and untranslated."""
    problems = []
    r = run(['msgfmt', '--check', '--check-accelerators=_', '--statistics', '-o', os.devnull, po])
    stats = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''
    if r.returncode != 0:
        problems.append(f'{label}: msgfmt --check failed:\n{r.stderr}')
    counts = {k: int(n) for n, k in re.findall(r'(\d+) (translated|fuzzy|untranslated)', stats)}
    if counts.get('translated', 0) == 0:
        problems.append(f'{label}: nothing translated ({stats})')
    for kind, flag in (('fuzzy', '--only-fuzzy'), ('untranslated', '--untranslated')):
        if counts.get(kind, 0):
            ids = run(['msgattrib', flag, '--no-wrap', '--no-location', po]).stdout
            names = re.findall(r'^msgid "(.+)"$', ids, re.M)
            problems.append(f'{label}: {counts[kind]} {kind}: ' + '; '.join(names[:20]))
    print(f'{label}: {stats}')
    return problems


def main():
    mode, root = sys.argv[1], sys.argv[2]
    langs = languages(root)
    problems = [] if langs else ['po/LINGUAS names no language']
    if mode == 'files':
        for lang in langs:
            problems += check(os.path.join(root, 'po', f'{lang}.po'), f'po/{lang}.po')
    else:
        with tempfile.TemporaryDirectory() as tmp:
            pot = os.path.join(tmp, 'roofline.pot')
            r = run(['xgettext', '--package-name=roofline', '-f',
                     os.path.join(root, 'po', 'POTFILES.in'), '-D', root, '-o', pot]
                    + XGETTEXT_ARGS)
            if r.returncode != 0:
                print(r.stderr)
                return 1
            for lang in langs:
                merged = os.path.join(tmp, f'{lang}.po')
                r = run(['msgmerge', '--quiet', '-o', merged,
                         os.path.join(root, 'po', f'{lang}.po'), pot])
                if r.returncode != 0:
                    problems.append(f'po/{lang}.po: msgmerge failed: {r.stderr}')
                    continue
                problems += check(merged, f'po/{lang}.po against the sources')
            if problems:
                problems.append('translate the new strings: meson compile -C BUILDDIR '
                                'roofline-update-po, then edit po/*.po')
    for p in problems:
        print(p)
    return 1 if problems else 0


sys.exit(main())
