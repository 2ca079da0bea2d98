// The generic assignment matcher's char-code helpers against the regexes they replace, on seeded
// random strings drawn from the characters those regexes care about.
import { describe, expect, it } from 'vitest';
import { randomBody } from '../../src/scrub/examples.js';
import { assignmentNear, stemLength, words } from '../../src/scrub/detectors/assignment.js';

const STEM = /^(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|key|auth(?:orization)?|credentials?|creds)/i;
const ASSIGNMENT_NEAR =
  /^[A-Za-z0-9_.-]{0,40}(?:<\/|\\?(?:["'`]\]?|\])?[ \t]*(?:[=:(,>-]|!=|[ \t][^ \t\r\n]))/;

describe('generic assignment fast paths', () => {
  it('stemLength agrees with the stem regex on a cut window', () => {
    const stems = ['pass', 'PassWord', 'passwd', 'passphrase', 'PASSCODE', 'pwd', 'secret', 'Token', 'key'];
    stems.push('auth', 'authorization', 'AuthOrizatio', 'credential', 'Credentials', 'pas', 'tok', 'kez');
    stems.push('creds', 'CREDS', 'cred');
    for (let n = 0; n < 4000; n++) {
      const stem = stems[n % stems.length]!;
      const text =
        randomBody(`pre${n}`, 'xy ', n % 3) + stem + randomBody(`post${n}`, 'sSwWoOrRdDaA_= ', n % 5);
      const pos = n % 3;
      for (let limit = pos; limit <= text.length; limit++) {
        const m = STEM.exec(text.slice(pos, limit));
        expect(stemLength(text, pos, limit), `${JSON.stringify(text)} ${limit}`).toBe(m ? m[0].length : 0);
      }
    }
  });

  it('assignmentNear agrees with the separator regex', () => {
    const alphabets = [
      'ab-._ \t=:(,>!"\'`]\r\nx',
      'a-',
      'aaaaaaaaaaaaaaaa-. \t"=',
      'a \t\n!=:',
      'ab\\"</ =:>',
    ];
    for (let n = 0; n < 20000; n++) {
      const text = randomBody(`near${n}`, alphabets[n % alphabets.length]!, 1 + (n % 60));
      const i = n % 4 === 0 ? 0 : Math.min(text.length, n % 3);
      const end = Math.min(text.length, i + (n % 50));
      expect(assignmentNear(text, i, end), JSON.stringify([text, i, end])).toBe(
        ASSIGNMENT_NEAR.test(text.slice(i, end)),
      );
    }
    // Around the 40-character bound of the name run.
    for (let k = 36; k <= 44; k++) {
      for (const tail of ['-', ' =', '" :', ' x', '\t\n', '', '.-', '!=', '! =', '\\": ', '</', '\\x']) {
        const text = 'a'.repeat(k) + tail + 'v';
        for (const end of [k, k + 1, k + 2, text.length]) {
          expect(assignmentNear(text, 0, end), JSON.stringify([text, end])).toBe(
            ASSIGNMENT_NEAR.test(text.slice(0, end)),
          );
        }
      }
    }
  });

  it('words splits a name as the replace-and-split regexes did', () => {
    const byRegex = (id: string): string[] =>
      id
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .split(/[_.-]+/)
        .filter((w) => w.length > 0);
    for (let n = 0; n < 20000; n++) {
      const id = randomBody(`words${n}`, 'aZb9Y_.-kK0', n % 30);
      expect(words(id), JSON.stringify(id)).toEqual(byRegex(id));
    }
    expect(words('GITHUB_API_TOKEN')).toEqual(['github', 'api', 'token']);
    expect(words('--apiKeyID.v2')).toEqual(['api', 'key', 'id', 'v2']);
  });
});
