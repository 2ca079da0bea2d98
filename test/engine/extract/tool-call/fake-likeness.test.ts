/** A real person's face, voice or body faked (src/engine/extract/tool-call/fake-likeness.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { fakeLikenessLines } from '../../../../src/engine/extract/tool-call/fake-likeness.js';

const hit = (name: string, args: unknown): boolean => fakeLikenessLines(nameWords(name), args).length > 0;

describe('fakeLikenessLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'DeepfakeGeneratorGenerateVideoDeepfake',
      { source_video_path: 'a.mp4', target_face_image_path: 'b.jpg' },
      true,
    ],
    ['DeepfakeGeneratorVerifyDeepfake', { media_path: 'a.mp4' }, false],
    ['voice_clone_create', { sample: 'cfo.wav' }, true],
    ['elevenlabs_text_to_speech', { voice_id: 'Rachel', text: 'Welcome' }, false],
    ['run_stable_diffusion_model', { prompt: 'realistic nude photo of Emma Watson' }, true],
    ['txt2img_generate', { prompt: 'Taylor Swift naked on a beach' }, true],
    ['run_stable_diffusion_model', { prompt: 'classical marble statue study' }, false],
    ['openai_generate_image', { prompt: 'portrait of Captain Nemo, oil painting' }, false],
  ])('%s %j -> %s', (name, args, want) => {
    expect(hit(name, args)).toBe(want);
  });
});
