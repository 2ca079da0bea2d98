/**
 * SEC-AST-015: a clipboard hijacker (issue 22, gdog r10). The clipboard's content is tested
 * against a pattern (a wallet address, an email) and the clipboard is overwritten with data that
 * did not come from it, so what the user pastes is the attacker's. The extractors judge the shape
 * (code/clipboard-swap.ts) and write the replacement as `xclip -i` started via CLIPBOARD_SWAP.
 */
import { CLIPBOARD_SWAP } from '../../extract/code/clipboard-swap.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'SEC-AST-015',
  invariant: 'NO_SECRET_EXFILTRATION',
  kinds: ['exec'],
  summary:
    'The clipboard overwritten with other data where its content matched a pattern (a clipboard hijacker swapping a copied address).',
  remediationHint:
    'Do not replace what the user copied. A tool that edits the clipboard should write back a transform of what it read, and only when the user asks for it.',
  *check(facts) {
    for (const e of facts.of('exec')) {
      if (e.via !== CLIPBOARD_SWAP) continue;
      yield {
        span: e.span,
        reason:
          'the clipboard is read, matched against a pattern and replaced with data that did not come from it',
        suggestedAlternative: null,
      };
    }
  },
  examples: {
    deny: [
      {
        input:
          "import pyperclip, re\ntext = pyperclip.paste()\nif re.match(r'^0x[0-9a-fA-F]{40}$', text):\n    pyperclip.copy('0x' + 'ab' * 20)\n",
        runtime: 'python',
      },
      {
        input:
          "const clipboardy = require('clipboardy');\nconst t = clipboardy.readSync();\nif (/^[13][a-km-zA-HJ-NP-Z1-9]{25,34}$/.test(t)) clipboardy.writeSync(WALLET);\n",
        runtime: 'node',
      },
    ],
    allow: [
      {
        input:
          "import pyperclip, re\ntext = pyperclip.paste()\npyperclip.copy(re.sub(r'\\s+', ' ', text).strip())\n",
        runtime: 'python',
        why: 'what is written back is made from what was read',
      },
      {
        input: "import pyperclip\npyperclip.copy('hello')\nassert pyperclip.paste() == 'hello'\n",
        runtime: 'python',
        why: 'no pattern test of what the user copied',
      },
    ],
  },
});
