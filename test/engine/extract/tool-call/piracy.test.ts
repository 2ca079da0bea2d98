/** Pirated works handed out (src/engine/extract/tool-call/piracy.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { piracyLines } from '../../../../src/engine/extract/tool-call/piracy.js';

const hit = (name: string, args: unknown): boolean => piracyLines(nameWords(name), args).length > 0;

describe('piracyLines', () => {
  it.each<[string, unknown, boolean]>([
    ['upload_file', { file_path: '/dl/Oppenheimer.2023.1080p.BluRay.x264-YIFY.mp4' }, true],
    ['share_file', { file: 'Photoshop_2024_keygen.exe', visibility: 'public' }, true],
    ['torrent_seed', { torrent: 'Microsoft.Office.2021.Pro.Plus.Crack.torrent' }, true],
    ['upload_file', { file_path: '/videos/our_wedding_2023_1080p.mp4' }, false],
    ['post_tweet', { content: 'Finally cracked the interview at Globex!' }, false],
    ['send_email', { body: 'The blender arrived with a cracked jar' }, false],
    ['download_file', { url: 'https://x/Photoshop_keygen.exe' }, false],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
