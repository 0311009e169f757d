#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The man pages format without a warning and document every flag.

check-man.py ROOFLINE_CLI PAGE...

Each page goes through `groff -man -ww -z` (every warning on) at 80
columns; any message fails. roofline-cli(1) must mention every command of
`roofline-cli --help` and every flag of `roofline-cli COMMAND --help`, so a
flag added to the tool and not to the page fails here.
"""
import os
import re
import subprocess
import sys


def groff_messages(page):
    r = subprocess.run(['groff', '-man', '-ww', '-z', '-Tutf8', '-rLL=73n', page],
                       capture_output=True, text=True,
                       env=dict(os.environ, LC_ALL='C.UTF-8'))
    out = r.stderr.strip()
    return out if out or r.returncode == 0 else f'groff exited with {r.returncode}'


def cli_help(cli, *args):
    r = subprocess.run([cli, *args, '--help'], capture_output=True, text=True,
                       env=dict(os.environ, LC_ALL='C.UTF-8'))
    if r.returncode != 0:
        raise SystemExit(f'{cli} {" ".join(args)} --help failed: {r.stderr}')
    return r.stdout


def main():
    cli, pages = sys.argv[1], sys.argv[2:]
    problems = []
    for page in pages:
        msg = groff_messages(page)
        if msg:
            problems.append(f'{page}: groff says:\n{msg}')

    cli_page = next((p for p in pages if os.path.basename(p) == 'roofline-cli.1'), None)
    if cli_page:
        text = open(cli_page, encoding='utf-8').read().replace('\\-', '-')
        top = cli_help(cli)
        commands = re.findall(r'^  ([a-z]+)  ', top.split('Commands:')[1].split('\n\n')[0], re.M)
        if len(commands) < 8:
            problems.append(f'could not read the commands of roofline-cli --help: {commands}')
        for command in commands:
            if not re.search(r'^\.B[IR]? ' + command + r'\b', text, re.M):
                problems.append(f'{cli_page}: command {command} is not described')
            for flag in sorted(set(re.findall(r'(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b',
                                              cli_help(cli, command)))):
                if not re.search(r'(?<![\w-])' + re.escape(flag) + r'(?![\w-])', text):
                    problems.append(f'{cli_page}: {command} {flag} is not documented')
    for p in problems:
        print(p)
    print(f'{len(pages)} pages checked')
    return 1 if problems else 0


sys.exit(main())
