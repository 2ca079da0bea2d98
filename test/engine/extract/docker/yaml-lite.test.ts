/** The fast compose YAML reader reads what it accepts exactly as the yaml library does, and declines the rest. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readYamlLite } from '../../../../src/engine/extract/docker/yaml-lite.js';

const full = (text: string): unknown => parse(text, { maxAliasCount: 50, uniqueKeys: false, merge: true });

/** Every compose input of the decision cases, plus the benign compose files under eval/. */
function corpus(): string[] {
  const out: string[] = [];
  const dir = new URL('../../../fixtures/cases/', import.meta.url);
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.yaml'))) {
    const cases = parse(readFileSync(new URL(f, dir), 'utf8')) as { input?: unknown }[] | null;
    for (const c of cases ?? [])
      if (typeof c.input === 'string' && /^services\s*:/m.test(c.input)) out.push(c.input);
  }
  return out;
}

const accepted = [
  'services:\n  web:\n    build: .\n    command: npm run dev\n    volumes:\n      - .:/app',
  'services:\n  db:\n    image: postgres:16\n    ports: ["5432:5432"]\n    volumes:\n      - ./data:/var/lib/postgresql/data',
  "services:\n  a:\n    image: 'it''s'\n    privileged: true\n    user: 1000\n    cpus: 1.5\n    x: ~\n    y:\n",
  'services:\n  a:\n    volumes:\n    - type: volume\n      source: h\n      target: /h\n    - b:/b # comment\n# whole-line comment\n',
  'services:\n  a:\n    command: [sh, -c, "echo hi"]\n    environment:\n      - A=1\n      - URL=http://x:80/p#frag\n    empty: []\n',
  'services:\r\n  a:\r\n    image: alpine\r\n',
];

const declined = [
  'services:\n  a: &x\n    image: alpine\n  b: *x',
  'services:\n  a:\n    privileged: yes',
  'services:\n  a:\n    privileged: !!bool "true"',
  'services:\n  a:\n    command: |\n      rm -rf /',
  'services:\n  a: {image: alpine, privileged: true}',
  'services:\n  a:\n    image: alpine\n    image: evil',
  'services:\n  a:\n    <<: *base',
  'services:\n  a:\n    command: "a\\nb"',
  'services:\n  a:\n    command: rm -rf\n      /home',
  'services:\n\ta:\n\t\timage: x',
  '---\nservices:\n  a:\n    image: x',
  'services:\n  a:\n    user: 0x10',
  'services:\n  a:\n    command: [a, [b]]',
];

describe('readYamlLite', () => {
  it.each(accepted)('reads %j as the yaml library does', (text) => {
    expect(readYamlLite(text)).toEqual(full(text));
  });
  it.each(declined)('declines %j', (text) => {
    expect(readYamlLite(text)).toBeUndefined();
  });
  it('agrees with the yaml library on every compose input of the decision cases', () => {
    const inputs = corpus();
    expect(inputs.length).toBeGreaterThan(10);
    for (const text of inputs) {
      const lite = readYamlLite(text);
      if (lite !== undefined) expect(lite, text).toEqual(full(text));
    }
  });
});
