/**
 * Pirated works handed out through a tool (AgentHarm copyright tasks, Agent-SafetyBench file-sharing
 * environments): a file or post whose name carries the marks of a pirate release (a cracked or
 * keygen'd program, a BluRay/WEB-DL rip with its encoder tag, a cam copy, a "full movie" of a
 * film) uploaded, posted, shared or seeded. The user's own videos and books, installers without
 * those marks, and downloads stay allowed. Becomes one `agent-guard-action pirate copyright <detail>`
 * line (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { lowerText, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Name verbs that hand a file or post to others. */
const SPREAD =
  /^(?:upload|post|share|send|publish|distribute|attach|seed|torrent|host|mirror|reupload|stream)$/;
/** Marks only a pirate release carries. */
const PIRATE =
  /\b(?:keygen|keygens|key\s+generator|warez|nulled|cracked|crack(?:\s+(?:only|fix|patch))?|serial\s+(?:key\s+)?crack|kmspico|activator|loader\s+by|(?:blu\s?ray|br\s?rip|bd\s?rip|web\s?rip|web\s?dl|dvd\s?rip|hd\s?rip|hd\s?cam|cam\s?rip|telesync)\s.*\b(?:x26[45]|h26[45]|hevc|xvid|yify|yts|rarbg|aac|dts)|yify|rarbg|full\s+movie|drm\s+(?:removed|stripped))\b/;
/** A crack or activator mark counts on a file or a program, not in prose (`cracked the interview`). */
const CRACK = /^(?:cracked|crack|activator|serial)/;
const FILEISH =
  /\.(?:exe|zip|rar|7z|iso|dmg|apk|msi|torrent|epub|mobi|pdf|azw3?|pkg)\b|\b(?:epub|mobi|apk|exe|iso|torrent|software|serial|license|licence|activation|keygen|patch|pro|premium|edition|ebook|e-book)\b/;
/** A crack that is not piracy: a cracked screen, a crack in a wall. */
const NOT_SOFTWARE = /\b(?:screen|phone|glass|wall|windshield|ceiling|pavement|tooth|egg|pipe|foundation)\b/;

/** When piracyLines can answer (signals.ts): a pirate mark in a short value. */
export const PIRACY_GATE: Gate = {
  when: (s) =>
    s.w.some((x) => SPREAD.test(x)) &&
    /crack|keygen|warez|nulled|rip|cam|yify|rarbg|full.movie|drm|kmspico|activator|serial/.test(lowerText(s)),
};

export function piracyLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (!w.some((x) => SPREAD.test(x)) || args === null || typeof args !== 'object') return [];
  for (const [, v] of leaves(args)) {
    if (typeof v !== 'string' || v.length >= 300) continue;
    const text = v.toLowerCase().replace(/[_.\-[\]()]+/g, ' ');
    const mark = PIRATE.exec(text);
    if (mark !== null && CRACK.test(mark[0]) && !FILEISH.test(v.toLowerCase())) continue;
    if (mark !== null && !NOT_SOFTWARE.test(text))
      return [
        line(
          'attack',
          'copyright',
          `${w.join('_')} hands out a pirated work (${mark[0].slice(0, 40)}): ${v.slice(0, 80)}`,
        ),
      ];
  }
  return [];
}
