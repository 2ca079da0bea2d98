import { describe, expect, it } from 'vitest';
import { isSystemRoot, unpackedOverRoot } from '../../../../src/engine/extract/docker/remote-archives.js';

describe('isSystemRoot', () => {
  it.each([
    ['/', true],
    ['/etc/', true],
    ['/usr', true],
    ['/usr/lib/python3/', true],
    ['/root', true],
    ['~/.config', true],
    ['"$HOME"', true],
    ['/usr/local', false],
    ['/usr/local/bin', false],
    ['/opt', false],
    ['/tmp', false],
    ['./vendor', false],
  ])('%s -> %s', (dir, want) => expect(isSystemRoot(dir)).toBe(want));
});

describe('unpackedOverRoot', () => {
  it.each([
    ['curl -fsSL https://x.example.org/o.tgz | tar -xz -C /', 'https://x.example.org/o.tgz'],
    [
      'curl -fsSL https://x.example.org/o.tgz | tar --extract --directory=/etc',
      'https://x.example.org/o.tgz',
    ],
    ['curl -fsSL https://go.dev/dl/go.tgz | tar -xz -C /usr/local', undefined],
    [
      'curl -fsSLo /tmp/a.tgz https://x.example.org/a.tgz && sha256sum -c a.sha && tar -xzf /tmp/a.tgz -C /',
      undefined,
    ],
  ])('%s', (code, want) => expect(unpackedOverRoot(code, [], '')).toBe(want));
});
