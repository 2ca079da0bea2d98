import { describe, expect, it } from 'vitest';
import { sniffRuntime } from '../../../../src/engine/extract/tool-call/code-sniff.js';

describe('sniffRuntime', () => {
  it.each([
    ['import os\ndef handler(e, c):\n    return os.environ', 'python'],
    ['from flask import Flask\napp = Flask(__name__)', 'python'],
    ["const fs = require('fs');\nfs.readFileSync('/etc/hosts')", 'node'],
    ['exports.handler = async (e) => ({ statusCode: 200 });', 'node'],
    ["import express from 'express';\nexport default express();", 'node'],
  ])('%j reads as %s', (text, want) => {
    expect(sniffRuntime(text)).toBe(want);
  });

  it.each([
    'Please review the attached code',
    'with the team we agreed:\n- ship it',
    '94103',
    'SELECT 1',
    '',
  ])('%j shows no language', (text) => {
    expect(sniffRuntime(text)).toBeUndefined();
  });
});
