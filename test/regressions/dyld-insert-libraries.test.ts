// Regression: DYLD_INSERT_LIBRARIES (macOS's LD_PRELOAD) produced no fact, a preload list was read
// as one path (`./ok.so:/tmp/evil.so` counted as inside the workspace), and an exported preload was
// not seen; SH-AST-021 allowed all three.
import { describe, expect, it } from 'vitest';
import { bashRuleIds } from '../helpers/engine.js';

const rules = bashRuleIds();

describe('library preloading', () => {
  it.each([
    'DYLD_INSERT_LIBRARIES=/tmp/hook.dylib ./app',
    'LD_PRELOAD=./lib/ok.so:/tmp/evil.so ./app',
    'export LD_PRELOAD=/dev/shm/x.so',
    'export DYLD_INSERT_LIBRARIES=/tmp/hook.dylib',
  ])('%s is denied by SH-AST-021', (text) => {
    expect(rules(text)).toContain('SH-AST-021');
  });

  it.each(['DYLD_INSERT_LIBRARIES=./build/libtrace.dylib ./app', 'export LD_LIBRARY_PATH=/opt/lib'])(
    '%s stays allowed',
    (text) => {
      expect(rules(text)).toEqual([]);
    },
  );
});
