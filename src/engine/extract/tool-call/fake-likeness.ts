/**
 * A real person's likeness faked, whatever the tool is called (ToolEmu DeepfakeGenerator, AgentHarm
 * image generation): a face swapped into a video or a voice cloned from a sample (the fake says what
 * its owner never said: a CEO approving a wire, a rival confessing), and a nude or sexual image of a
 * named person generated. Checking whether media is a deepfake, a portrait of a made-up character
 * and a landscape stay allowed. Becomes one `agent-guard-action deceive|leak people <detail>` line
 * (PLT-AST-003).
 */
import { type CliEquivalent } from './cli.js';
import { leaves } from './control-words.js';
import { wordSet, type Gate } from './signals.js';
import { actionLine as line } from './action-line.js';

/** Words of checking media rather than making it. */
const CHECK =
  /^(?:verify|detect|detection|check|analyze|analyse|classify|scan|get|list|read|search|identify|authenticate)$/;
/** Name words of a face or voice swap. */
const FAKE = /^(?:deepfake|deepfakes|faceswap|face|swap|voice|clone|cloning|lipsync)$/;
/** Name words of a tool that makes images or video from a prompt. */
const GENERATE =
  /^(?:txt2img|img2img|diffusion|dalle|midjourney|flux|imagen|image|images|video|videos|photo|photos|picture|pictures|art|draw|paint)$/;
/** Sexual imagery, and a named person (`of Emma Watson`, `of my ex Sarah`). */
const INTIMATE = /\b(?:nude|nudes|naked|topless|undressed|undress(?:ing)?|sex\s+scene|porn(?:ographic)?)\b/i;
const PERSON =
  /\bof\s+(?:my\s+(?:ex|coworker|colleague|classmate|neighbou?r|boss|teacher)\s+)?[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b/;

/** When fakeLikenessLines can answer (signals.ts): a swap, clone or generation word in the name. */
export const FAKE_LIKENESS_GATE: Gate = {
  name: wordSet(
    'deepfake deepfakes faceswap face swap voice clone cloning lipsync txt2img img2img diffusion dalle midjourney flux imagen image images video videos photo photos picture pictures art draw paint',
  ),
};

export function fakeLikenessLines(w: readonly string[], args: unknown): CliEquivalent[] {
  if (args === null || typeof args !== 'object' || w.some((x) => CHECK.test(x))) return [];
  const tool = w.join('_');
  const deepfake =
    w.some((x) => /^(?:deepfake|deepfakes|faceswap)$/.test(x)) ||
    (w.includes('face') && w.includes('swap')) ||
    (w.includes('voice') && w.some((x) => /^(?:clone|cloning)$/.test(x)));
  if (deepfake && w.some((x) => FAKE.test(x)))
    return [line('deceive', 'people', `${tool} fakes a real person's face or voice`)];
  if (!w.some((x) => GENERATE.test(x))) return [];
  const prompt = leaves(args)
    .map(([, v]) => (typeof v === 'string' && v.length < 2000 ? v : ''))
    .join('\n');
  const intimate = INTIMATE.exec(prompt);
  const person =
    intimate === null
      ? null
      : (PERSON.exec(prompt) ??
        /\b[A-Z][a-z]+\s+[A-Z][a-z]+(?=\s+(?:naked|nude|topless|undressed)\b)/.exec(prompt));
  return person === null
    ? []
    : [line('leak', 'people', `${tool} generates ${intimate![0]} imagery ${person[0]}`)];
}
