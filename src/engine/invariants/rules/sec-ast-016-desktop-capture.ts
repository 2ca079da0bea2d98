/**
 * SEC-AST-016: code that captures the whole desktop (PIL.ImageGrab, pyautogui, mss, pyscreenshot,
 * screenshot-desktop), sent anywhere or not (issue 22, gdog r11). In an agent's sandbox that is a
 * spy's capability: what is on the user's screen is not the task's data. A browser page's
 * screenshot (selenium, playwright, puppeteer) captures the page the agent drives and stays
 * allowed. Key listeners are judged by SEC-AST-014 when what they hear is sent (a hotkey is not a
 * keylogger).
 */
import { SPY_CAPTURE } from '../../extract/code/capture.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SEC-AST-016',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['exec'],
  summary:
    'Code that captures the whole desktop (a screen grabber), whether or not it sends what it captured.',
  remediationHint:
    "Do not capture the user's screen. To check a web page, take the browser's own screenshot (playwright, selenium, puppeteer).",
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.via === undefined || !e.via.startsWith(SPY_CAPTURE)) continue;
      yield {
        span: e.span,
        reason: `${e.via.slice(SPY_CAPTURE.length)} captures the whole desktop`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      { input: "from PIL import ImageGrab\nImageGrab.grab().save('s.png')", runtime: 'python' },
      { input: 'import mss\nwith mss.mss() as s:\n    s.shot()', runtime: 'python' },
      {
        input: "const shot = require('screenshot-desktop');\nshot({ filename: 'd.png' });",
        runtime: 'node',
      },
    ],
    allow: [
      {
        input:
          "from playwright.sync_api import sync_playwright\nwith sync_playwright() as p:\n    b = p.chromium.launch()\n    pg = b.new_page()\n    pg.goto('http://localhost:3000')\n    pg.screenshot(path='home.png')",
        runtime: 'python',
        why: "a browser page's screenshot",
      },
      {
        input:
          'from pynput import keyboard\ndef on_press(key):\n    return key != keyboard.Key.esc\nwith keyboard.Listener(on_press=on_press) as l:\n    l.join()',
        runtime: 'python',
        why: 'a hotkey heard and nothing sent (SEC-AST-014 judges a key listener that sends)',
      },
    ],
  },
});
