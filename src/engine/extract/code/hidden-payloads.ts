/**
 * Steganography (issue 22): what a call pulls out of a picture or a sound file is a hidden payload,
 * decoded content like base64's, so it reaching eval/exec is obfuscated execution. Decided by shape:
 * a module named for hiding data (`*steg*`, `lsb`), or an extracting verb applied to a media file.
 */
import type { DataSource } from '../../facts.js';
import { constText, deepSources, type Val } from './value.js';

/** A qualified call name with a segment naming a data-hiding library (stegano, steggy, judyb.lsb). */
const STEGO_MODULE = /(?:^|\.)(?:\w*steg\w*|lsb)(?:[.(]|$)/i;

/** Verbs that take something out of a carrier (`reveal`, `decode`, `extract`, `unhide`). */
const EXTRACT_VERB = /(?:^|\.)(?:reveal|decode|extract|unhide|unveil)\w*(?:\(\))?$/i;

/** Image and audio files: the carriers a hidden payload travels in. */
const MEDIA_FILE = /\.(?:png|jpe?g|gif|bmp|webp|tiff?|ico|wav|mp3|flac)$/i;

function mediaFile(v: Val): boolean {
  const t = constText(v);
  if (t !== null && MEDIA_FILE.test(t)) return true;
  return deepSources(v).some((s) => s.kind === 'file' && MEDIA_FILE.test(s.path));
}

/** The call `name(inputs...)` extracts a payload hidden in media: its result is decoded content. */
export function revealsHidden(name: string | undefined, inputs: readonly Val[]): boolean {
  if (name === undefined) return false;
  if (STEGO_MODULE.test(name)) return true;
  return EXTRACT_VERB.test(name) && inputs.some(mediaFile);
}

export const HIDDEN_PAYLOAD: DataSource = { kind: 'decoded' };
