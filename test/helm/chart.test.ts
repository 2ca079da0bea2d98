/**
 * Static checks of the Helm chart (no helm binary on these machines; `npm run check:helm` renders
 * it where helm exists): values and example overrides validate against values.schema.json, every
 * `.Values.*` path a template uses exists in values.yaml and the schema, every value in
 * values.yaml is used by a template and carries a comment.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { deepMerge } from '../../src/config/load.js';

const CHART = join(import.meta.dirname, '../../helm/agent-guard');
const valuesText = readFileSync(join(CHART, 'values.yaml'), 'utf8');
const values = parseYaml(valuesText) as Record<string, unknown>;
const schema = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8')) as Record<string, unknown>;
const templates = readdirSync(join(CHART, 'templates')).map((name) => ({
  name,
  text: readFileSync(join(CHART, 'templates', name), 'utf8'),
}));

/** Dotted paths of every key in an object tree (maps only; lists are leaves). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const isLeafMap =
      typeof child === 'object' && child !== null && !Array.isArray(child) && Object.keys(child).length > 0;
    return isLeafMap ? [path, ...keyPaths(child, path)] : [path];
  });
}

function schemaHas(path: string): boolean {
  let node: Record<string, unknown> | undefined = schema;
  for (const key of path.split('.')) {
    const properties = node?.properties as Record<string, Record<string, unknown>> | undefined;
    if (!properties?.[key]) {
      // Free-form maps (labels, config, resources values) accept any key below them.
      return node?.additionalProperties !== false && node?.type === 'object';
    }
    node = properties[key];
  }
  return true;
}

const used = new Set(
  templates.flatMap((t) => [...t.text.matchAll(/\.Values\.([A-Za-z0-9_.]+)/g)].map((m) => m[1]!)),
);

describe('helm chart values', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);

  it('values.yaml validates against values.schema.json', () => {
    expect(validate(values), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(readdirSync(join(CHART, 'ci')))('ci/%s merged over values.yaml validates', (file) => {
    const override = parseYaml(readFileSync(join(CHART, 'ci', file), 'utf8')) as Record<string, unknown>;
    const merged = deepMerge(values, override);
    expect(validate(merged), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['a wrong failure policy', { injector: { failurePolicy: 'Maybe' } }],
    ['an unknown key', { injector: { replicaz: 3 } }],
    ['a negative port', { sidecar: { port: -1 } }],
    ['a bad memory quantity', { sidecar: { resources: { limits: { memory: 'lots' } } } }],
  ])('rejects %s', (_name, override) => {
    expect(validate(deepMerge(values, override))).toBe(false);
  });

  it('every .Values path in the templates exists in values.yaml and the schema', () => {
    const known = new Set(keyPaths(values));
    const missing = [...used].filter((p) => !known.has(p) || !schemaHas(p));
    expect(missing).toEqual([]);
  });

  it('every value in values.yaml is used by a template', () => {
    const unused = keyPaths(values).filter(
      (path) => ![...used].some((u) => u === path || path.startsWith(`${u}.`) || u.startsWith(`${path}.`)),
    );
    expect(unused).toEqual([]);
  });

  it('every value in values.yaml is commented (on itself or its parent)', () => {
    const doc = parseDocument(valuesText);
    const uncommented: string[] = [];
    const walk = (node: Node | null, prefix: string, parentCommented: boolean): void => {
      if (!isMap(node)) return;
      (node.items as Pair<Node, Node>[]).forEach((pair, index) => {
        const key = isScalar(pair.key) ? String(pair.key.value) : '?';
        const path = prefix ? `${prefix}.${key}` : key;
        // The yaml parser attaches a comment above a map's first key to the map itself.
        const own = Boolean(pair.key?.commentBefore) || (index === 0 && Boolean(node.commentBefore));
        const commented = own || parentCommented;
        if (!commented && !isMap(pair.value)) uncommented.push(path);
        if (isMap(pair.value)) walk(pair.value, path, commented);
        else if (isSeq(pair.value) && !commented) uncommented.push(path);
      });
    };
    walk(doc.contents, '', false);
    expect(uncommented).toEqual([]);
  });

  it('every template uses the standard labels', () => {
    const objects = templates.filter((t) => t.name.endsWith('.yaml'));
    for (const t of objects) expect(t.text, t.name).toContain('include "agent-guard.labels"');
  });
});
