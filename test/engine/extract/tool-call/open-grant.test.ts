/** Access granted to everyone, security rules open to anyone (src/engine/extract/tool-call/open-grant.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { openGrantLines } from '../../../../src/engine/extract/tool-call/open-grant.js';
import { everyoneSource } from '../../../../src/engine/extract/tool-call/net-open.js';

const lines = (name: string, args: Record<string, unknown>): string[] =>
  openGrantLines(nameWords(name), args).map((c) => c.code);

const FIRESTORE = (body: string): string =>
  `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{db}/documents {\n${body}\n  }\n}`;

describe('openGrantLines', () => {
  it.each([
    ['firebase_deploy_rules', { rules: FIRESTORE('match /{document=**} { allow read, write: if true; }') }],
    [
      'firebase_deploy_rules',
      { rules: FIRESTORE('match /{d=**} { allow read: if request.time < timestamp.date(2030, 1, 1); }') },
    ],
    [
      'deploy_storage_rules',
      { rules: 'service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow write; } } }' },
    ],
    ['deploy_database_rules', { rules: '{"rules": {".read": true, ".write": true}}' }],
    ['k8s_create_cluster_role_binding', { subjects: [{ kind: 'Group', name: 'system:unauthenticated' }] }],
    ['kubectl_apply', { kind: 'ClusterRoleBinding', subjects: [{ kind: 'User', name: 'system:anonymous' }] }],
    ['cloudflare_update_access_policy', { decision: 'allow', include: [{ everyone: {} }] }],
  ])('%s %j opens access to everyone', (name, args) => {
    expect(lines(name, args)).toHaveLength(1);
  });

  it.each([
    ['firebase_deploy_rules', { rules: FIRESTORE('match /public/{doc=**} { allow read: if true; }') }],
    [
      'firebase_deploy_rules',
      { rules: FIRESTORE('match /users/{uid} { allow read, write: if request.auth.uid == uid; }') },
    ],
    [
      'write_file',
      { path: 'firestore.rules', content: FIRESTORE('match /{document=**} { allow read, write: if true; }') },
    ],
    ['deploy_database_rules', { rules: '{"rules": {".read": "auth != null", ".write": "auth != null"}}' }],
    [
      'k8s_create_cluster_role_binding',
      { subjects: [{ kind: 'ServiceAccount', name: 'ci', namespace: 'ci' }] },
    ],
    [
      'cloudflare_update_access_policy',
      { decision: 'allow', include: [{ email_domain: { domain: 'acme.io' } }] },
    ],
    ['send_email', { to: 'everyone', subject: 'lunch' }],
  ])('%s %j gives nothing', (name, args) => {
    expect(lines(name, args)).toEqual([]);
  });
});

describe('everyoneSource (net-open.ts)', () => {
  const everyone = [
    '0.0.0.0/0',
    '1.0.0.0/0',
    '0.0.0.0/1',
    '128.0.0.0/1',
    '::/0',
    '::0/0',
    '2000::/3',
    '0.0.0.0/0.0.0.0',
    'any',
    '*',
  ];
  const narrow = [
    '10.0.0.0/8',
    '203.0.113.0/24',
    '198.51.100.7/32',
    'fd00:ec2::/32',
    'fc00::/7',
    '2001:db8::/32',
    '10.0.0.0/255.0.0.0',
  ];
  it.each([...everyone.map((s) => [s, true] as const), ...narrow.map((s) => [s, false] as const)])(
    '%s is everyone: %s',
    (s, want) => {
      expect(everyoneSource(s)).toBe(want);
    },
  );
});
