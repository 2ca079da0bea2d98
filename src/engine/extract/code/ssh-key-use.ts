/**
 * A private key read from ~/.ssh and handed to an SSH or SFTP client as its key (`privateKey:
 * fs.readFileSync('~/.ssh/id_ed25519')`): ssh using its own key, as `ssh -i KEY host` is (SEC-AST-001
 * lets ssh read its keys). Where the key's text goes besides is judged by its flows.
 */
import type { Collector } from './collector.js';
import type { Val } from './value.js';

const SSH_DIR = /(?:^~|\/home\/[^/]+|\/root)\/\.ssh\//;

export function sshKeyUse(col: Collector, key: Val | undefined): void {
  for (const s of key?.sources ?? [])
    if (s.kind === 'file' && SSH_DIR.test(s.path)) col.usedBy(s.path, 'ssh');
}
