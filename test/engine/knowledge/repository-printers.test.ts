import { describe, expect, it } from 'vitest';
import {
  isRepositoryPrinterLabel,
  repositoryPrinterLabel,
} from '../../../src/engine/knowledge/repository-printers.js';

const words = (s: string): string[] => s.split(' ').filter((w) => w !== '');

describe('repositoryPrinterLabel', () => {
  it.each([
    ['git log -p --all', 'git log -p --all'],
    ['git -C /work/ws log --patch', 'git log -p'],
    ['/usr/bin/git whatchanged -p --branches', 'git whatchanged -p --all'],
    ['git archive --format=tar.gz HEAD', 'git archive'],
    ['git bundle create - --all', 'git bundle'],
    ['git format-patch --root --stdout', 'git format-patch --root'],
  ])('%s prints the repository whole', (line, label) => {
    expect(repositoryPrinterLabel(words(line))).toBe(label);
    expect(isRepositoryPrinterLabel(label)).toBe(true);
  });

  it.each([
    'git log --oneline -20',
    'git log -p -1',
    'git log -p HEAD~3..HEAD',
    'git log -p --since=yesterday',
    'git archive HEAD docs/',
    'git format-patch -1 HEAD',
    'git status',
    'hg log -p',
  ])('%s prints part of it or none', (line) => {
    expect(repositoryPrinterLabel(words(line))).toBeNull();
  });
});
