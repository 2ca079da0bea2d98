import { describe, expect, it } from 'vitest';
import { interopModule, isInteropHelper } from '../../../../src/engine/extract/node/interop.js';
import { UNKNOWN } from '../../../../src/engine/extract/code/value.js';

describe('interop helpers (node/interop.ts)', () => {
  it('names the helpers of esbuild, tsc, babel, rollup and swc', () => {
    for (const name of [
      '__toESM',
      '__importStar',
      '__importDefault',
      'tslib.__importStar',
      '_interopRequireWildcard',
      '(0, _interopRequireDefault2.default)',
      '_interopNamespaceDefault',
      '_interopDefaultLegacy',
      '_interop_require_default._',
      '_interopRequireWildcard2',
    ])
      expect(isInteropHelper(name), name).toBe(true);
  });

  it('leaves other functions alone', () => {
    for (const name of ['loadConfig', 'importData', 'requireAuth', 'interop', 'default', 'toEsmPath'])
      expect(isInteropHelper(name), name).toBe(false);
  });

  it('returns the module, its default the module again', () => {
    const mod = { ...UNKNOWN, ref: 'child_process', module: true };
    const v = interopModule('__toESM', mod);
    expect(v?.ref).toBe('child_process');
    expect(v?.fields?.get('default')?.ref).toBe('child_process');
    expect(interopModule('__toESM', { ...UNKNOWN, ref: 'x' })).toBeUndefined();
    expect(interopModule('loadConfig', mod)).toBeUndefined();
  });
});
