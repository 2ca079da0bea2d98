/**
 * Passwords given as command-line flags that name no secret word: `docker login -u ci -p PASS`
 * (podman, helm registry, oras, buildah), `mysql -pPASS`, `sshpass -p PASS`, `redis-cli -a PASS`.
 */
import { defineDetector } from '../detector.js';
import { BASE62, randomBody } from '../examples.js';
import type { PatternHit } from '../family.js';

/** `login … -p X` / `--password X` on the same command line. */
const LOGIN =
  /^login\b[^\n|;&]{0,200}?[ \t](?:-p|--password)(?:[ \t]+|=)(["']?)([^\s"'`]{3,256})\1(?=[\s;|&]|$)/;
/** mysql/mysqldump/mysqladmin/mariadb `-pPASS` (a password joined to the flag; `-p` alone prompts). */
const MYSQL =
  /^(?:mysql(?:dump|admin|import|check|show)?|mariadb(?:-dump)?)\b[^\n|;&]{0,200}?[ \t]-p(["']?)([^\s"'`-][^\s"'`]{2,255})\1(?=[\s;|&]|$)/;
/** redis-cli's -a or --pass flag and its value (--askpass prompts; a URL's password is the connection string's). */
const REDIS =
  /^redis-cli\b[^\n|;&]{0,200}?[ \t](?:-a|--pass)(?:[ \t]+|=)(["']?)([^\s"'`-][^\s"'`]{2,255})\1(?=[\s;|&]|$)/;
const SSHPASS = /^sshpass[ \t]+-p[ \t]*(["']?)([^\s"'`]{3,256})\1(?=[\s;|&]|$)/;

function flagMatcher(re: RegExp, envName: string) {
  return (text: string, pos: number, limit: number): PatternHit | null => {
    if (pos > 0 && /[A-Za-z0-9_-]/.test(text[pos - 1]!)) return null;
    const m = re.exec(text.slice(pos, limit));
    if (!m) return null;
    const value = m[2]!;
    const secretStart = pos + m[0].length - m[1]!.length - value.length;
    return { secretStart, secretEnd: secretStart + value.length, envName };
  };
}

const pw = (seed: string): string => randomBody(seed, BASE62, 16);

export default defineDetector({
  id: 'cli-password',
  family: 'connection-string',
  kind: 'PASSWORD',
  summary:
    'Passwords in command-line flags: docker/podman/helm login -p, mysql -pPASS, sshpass -p, redis-cli -a',
  patterns: [
    {
      id: 'cli-password/login',
      keywords: ['login'],
      match: flagMatcher(LOGIN, 'REGISTRY_PASSWORD'),
      maxLength: 480,
      strictOnly: true,
    },
    {
      id: 'cli-password/mysql',
      keywords: ['mysql', 'mariadb'],
      match: flagMatcher(MYSQL, 'MYSQL_PASSWORD'),
      maxLength: 480,
      strictOnly: true,
    },
    {
      id: 'cli-password/redis',
      keywords: ['redis-cli'],
      match: flagMatcher(REDIS, 'REDIS_PASSWORD'),
      // Prose about the flags (`the --pass flag`): a short lower-case word is not the password.
      gate: (v) => !/^[a-z]{1,8}$/.test(v),
      maxLength: 480,
      strictOnly: true,
    },
    {
      id: 'cli-password/sshpass',
      keywords: ['sshpass'],
      match: flagMatcher(SSHPASS, 'SSH_PASSWORD'),
      maxLength: 280,
      strictOnly: true,
    },
  ],
  examples: {
    positive: [
      { text: `docker login registry.example.com -u ci -p ${pw('cp1')}`, secret: pw('cp1') },
      { text: `podman login --username ci --password "${pw('cp2')}" quay.io`, secret: pw('cp2') },
      { text: `mysql -h db -u root -p${pw('cp3')} app < dump.sql`, secret: pw('cp3') },
      { text: `sshpass -p '${pw('cp4')}' ssh deploy@host`, secret: pw('cp4') },
      { text: `redis-cli -h cache.internal -p 6379 -a ${pw('cp5')} ping`, secret: pw('cp5') },
      { text: `redis-cli --pass "${pw('cp6')}" --no-auth-warning info`, secret: pw('cp6') },
    ],
    negative: [
      { text: 'docker login -u ci --password-stdin registry.example.com', why: 'password from stdin' },
      { text: 'mysql -h db -u root -p app', why: '-p alone prompts for the password' },
      { text: 'docker login -u ci -p $REGISTRY_PASSWORD', why: 'a variable' },
      { text: 'the login page -p is a typo', why: 'prose' },
      { text: 'redis-cli -a $REDIS_PASSWORD ping', why: 'a variable' },
      { text: 'redis-cli --askpass -h cache.internal', why: '--askpass prompts for the password' },
      { text: "redis-cli's -a or --pass flag takes the password", why: 'prose about the flags' },
      { text: 'redis-cli -h cache.internal --scan --pattern "user:*"', why: 'no password flag' },
    ],
  },
});
