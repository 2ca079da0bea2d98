import { describe, expect, it } from 'vitest';
import { randomBody } from '../../src/scrub/examples.js';
import { KeywordAutomaton } from '../../src/scrub/prefilter.js';
import { rulesetFor } from '../../src/scrub/scanner.js';

function naive(keywords: readonly string[], text: string): string[] {
  const lower = text.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i < lower.length; i++) {
    keywords.forEach((k, idx) => {
      if (lower.startsWith(k, i)) out.push(`${i}:${idx}`);
    });
  }
  return out.sort();
}

describe('keyword automaton', () => {
  const keywords = ['sk-', 'sk-ant-', 'key', 'token', 'ghp_', 'akia', 'aiza', 'eyj', 'ey', 'y'];
  const ac = new KeywordAutomaton(keywords);

  it('finds every keyword occurrence, overlapping ones and suffixes included, case-insensitively', () => {
    const text = 'SK-ANT-key TOKENkeyghp_ sk-sk-ant- AKIA eyJhb monkey MONKEY ÿ€ key';
    const hits: string[] = [];
    ac.scan(text, 0, text.length, 0, ac.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
    expect(hits.sort()).toEqual(naive(keywords, text));
  });

  it('carries its state across chunks', () => {
    const text = 'xx sk-ant-api ghp_ token tok|en akia';
    for (let cut = 0; cut <= text.length; cut++) {
      const hits: string[] = [];
      let st = ac.scan(text.slice(0, cut), 0, cut, 0, ac.initial, (h) =>
        hits.push(`${h.start}:${h.keyword}`),
      );
      const rest = text.slice(cut);
      st = ac.scan(rest, 0, rest.length, cut, st, (h) => hits.push(`${h.start}:${h.keyword}`));
      expect(hits.sort()).toEqual(naive(keywords, text));
    }
  });
});

describe('keyword automaton on wide and Latin-1 text', () => {
  // Every keyword has two or more characters here, so the start-skip path runs.
  const keywords = ['sk-', 'sk-ant-', 'key', 'token', 'ghp_', 'akia', 'q~', 'eyj'];
  const ac = new KeywordAutomaton(keywords);

  it.each([
    ['Latin-1 only', 'é key ÿ TOKEN© ghp_ sk-ant- xq~ \u00ebyj eyJ'],
    // U+4B65 and U+7979 have the low bytes of "e" and "y": a byte copy must not read them as such.
    ['wide characters', '“key” \u4b65yj \u7979j eyj 😀token😀 s\u006b- \u736b- ghp_…'],
    ['a wide character only at the end', 'token sk- akia \u4e73'],
  ])('finds the same keywords as a string search (%s)', (_name, text) => {
    const hits: string[] = [];
    ac.scan(text, 0, text.length, 0, ac.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
    expect(hits.sort()).toEqual(naive(keywords, text));
    for (let cut = 0; cut <= text.length; cut++) {
      const split: string[] = [];
      const st = ac.scan(text, 0, cut, 0, ac.initial, (h) => split.push(`${h.start}:${h.keyword}`));
      ac.scan(text, cut, text.length, 0, st, (h) => split.push(`${h.start}:${h.keyword}`));
      expect(split.sort()).toEqual(naive(keywords, text));
    }
  });
});

describe('keyword automaton start filters', () => {
  // Keywords of two, three and more characters sharing letters, on random text made of those
  // letters: every parity of the two-position step, every split point.
  const keywords = ['q~', 'sk-', 'eyj', 'key', 'token', 'session_token', 'secret', 'ske', 'ey', 'kk-t'];
  const ac = new KeywordAutomaton(keywords);

  it('finds every occurrence in one piece and split in two', () => {
    for (let n = 0; n < 300; n++) {
      const text = randomBody(`filter${n}`, 'skeyjtonSKEYq~-_ .ri', 1 + (n % 97));
      const hits: string[] = [];
      ac.scan(text, 0, text.length, 0, ac.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
      expect(hits.sort(), text).toEqual(naive(keywords, text));
      const cut = n % (text.length + 1);
      const split: string[] = [];
      const st = ac.scan(text, 0, cut, 0, ac.initial, (h) => split.push(`${h.start}:${h.keyword}`));
      ac.scan(text, cut, text.length, 0, st, (h) => split.push(`${h.start}:${h.keyword}`));
      expect(split.sort(), `${text} cut at ${cut}`).toEqual(naive(keywords, text));
    }
  });
});

describe('keyword automaton on long text', () => {
  const keywords = ['sk-', 'key', 'token', 'session_token', 'q~'];
  const ac = new KeywordAutomaton(keywords);

  // Long texts are copied and scanned in 64 Ki-character blocks: keywords across a block edge.
  it.each([0, 1, 2, 3, 4, 5, 12])('finds a keyword %i characters before a block edge', (back) => {
    for (const filler of ['a', 'é', '\u4e73']) {
      const edge = 1 << 16;
      const text = filler.repeat(edge - back) + 'session_token q~ Key ' + filler.repeat(edge) + 'sk-';
      const hits: string[] = [];
      ac.scan(text, 0, text.length, 0, ac.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
      expect(hits.sort()).toEqual(naive(keywords, text));
    }
  });
});

describe('keyword automaton rescans after a shallow failure', () => {
  // A failure into a state of depth 1 to 3 restarts from state 0 a few characters back. Keywords
  // inside other keywords' prefixes (ab in yabq and abcd, bc in xbcd) must still be reported once
  // each, and rescans must not loop: random text over their letters, whole and split anywhere.
  const keywords = ['ab', 'abcd', 'yabq', 'xbcd', 'bc', 'cab', 'bcab', 'dd-x', 'yyy'];
  const ac = new KeywordAutomaton(keywords);

  it('reports every occurrence exactly once', () => {
    for (let n = 0; n < 400; n++) {
      const text = randomBody(`rewind${n}`, 'abcdxyqABCD- ', 1 + (n % 113));
      const hits: string[] = [];
      ac.scan(text, 0, text.length, 0, ac.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
      expect(hits.sort(), text).toEqual(naive(keywords, text));
      for (const cut of [n % (text.length + 1), text.length >> 1]) {
        const split: string[] = [];
        const st = ac.scan(text, 0, cut, 0, ac.initial, (h) => split.push(`${h.start}:${h.keyword}`));
        ac.scan(text, cut, text.length, 0, st, (h) => split.push(`${h.start}:${h.keyword}`));
        expect(split.sort(), `${text} cut at ${cut}`).toEqual(naive(keywords, text));
      }
    }
  });

  it('finds the scrubber keywords as a string search does, in code-like text', () => {
    const real = rulesetFor(true).automaton.keywords;
    const ours = new KeywordAutomaton(real);
    // Letters and signs the keywords are made of, so words often begin like one and fail.
    const alphabet = 'aeikmnoprstuwyzMTNjd01_-.:=/ ';
    for (let n = 0; n < 60; n++) {
      const text = randomBody(`realkw${n}`, alphabet, 200 + n);
      const hits: string[] = [];
      ours.scan(text, 0, text.length, 0, ours.initial, (h) => hits.push(`${h.start}:${h.keyword}`));
      expect(hits.sort(), text).toEqual(naive(real, text));
    }
  });
});
