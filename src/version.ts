/**
 * The one version string, package.json's, read once at load. The file is found by walking up from
 * this module to the nearest package.json named agent-guard, so it is the same from src/ (tsx),
 * dist/ (tsc) and dist/bundle/ (the bundled CLI). The engine, scrubber, API, proxy and CLI report it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'agent-guard';

function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === PACKAGE_NAME) return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      // no (readable) package.json here: keep climbing
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return '0.0.0';
}

export const VERSION: string = readVersion();
