#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""po/POTFILES.in lists exactly the files with translatable strings.

check-potfiles.py SOURCE_ROOT

Fails when a file under src/, ui/ or data/ marks a string for translation
(_(), N_(), C_(), NC_(), ngettext(), g_dgettext() and friends in C,
translatable="yes" in GtkBuilder files, or is a desktop, metainfo, MIME
info or GSettings schema file merged with the translations) and is missing from po/POTFILES.in, and when
POTFILES.in names a file that does not exist or has nothing to translate.
"""
import os
import re
import sys

root = sys.argv[1]

C_MARK = re.compile(r'(?<![\w])(?:_|N_|C_|NC_|Q_|ngettext|dngettext|dgettext|'
                    r'g_dgettext|g_dngettext|g_dpgettext2?)\s*\(')
C_COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
C_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
# data files xgettext reads through its ITS rules or as desktop files
DATA_FILE = re.compile(r'\.(desktop\.in|metainfo\.xml\.in|appdata\.xml\.in|mime\.xml\.in|'
                       r'gschema\.xml)$')


def translatable(path):
    name = os.path.basename(path)
    if DATA_FILE.search(name):
        return True
    try:
        text = open(path, encoding='utf-8').read()
    except (UnicodeDecodeError, OSError):
        return False
    if name.endswith(('.c', '.h')):
        # what the compiler sees: no comments, no string contents
        code = C_STRING.sub('""', C_COMMENT.sub(' ', text))
        return C_MARK.search(code) is not None
    if name.endswith('.ui'):
        return re.search(r'translatable\s*=\s*"(?:yes|true|1)"', text) is not None
    return False


def main():
    marked = set()
    for top in ('src', 'ui', 'data'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
            for f in filenames:
                path = os.path.join(dirpath, f)
                if translatable(path):
                    marked.add(os.path.relpath(path, root))

    listed = []
    with open(os.path.join(root, 'po', 'POTFILES.in'), encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                listed.append(line)

    problems = []
    for path in sorted(marked - set(listed)):
        problems.append(f'{path}: has translatable strings but is not in po/POTFILES.in')
    for path in listed:
        if not os.path.exists(os.path.join(root, path)):
            problems.append(f'po/POTFILES.in: {path} does not exist')
        elif path not in marked:
            problems.append(f'po/POTFILES.in: {path} has nothing to translate')
    if len(listed) != len(set(listed)):
        problems.append('po/POTFILES.in: a file is listed twice')

    for p in problems:
        print(p)
    print(f'{len(marked)} files with translatable strings, {len(listed)} in po/POTFILES.in')
    return 1 if problems else 0


sys.exit(main())
