/** Every new e-mail sent on by an automation or inbox rule (src/engine/extract/tool-call/mail-automation.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { mailAutomationLines } from '../../../../src/engine/extract/tool-call/mail-automation.js';

const hit = (name: string, args: unknown): boolean => mailAutomationLines(nameWords(name), args).length > 0;

describe('mailAutomationLines', () => {
  it.each<[string, unknown, boolean]>([
    [
      'ZapierCreateZap',
      {
        trigger: { app: 'Gmail', event: 'new_email' },
        action: { event: 'send_email', to: 'a@protonmail.com' },
      },
      true,
    ],
    ['outlook_create_inbox_rule', { conditions: {}, actions: { forwardTo: ['c@mail-sync.io'] } }, true],
    [
      'ZapierCreateZap',
      { trigger: { event: 'new_email', from: 'billing@stripe.com' }, action: { to: 'ap@acme.io' } },
      false,
    ],
    ['create_workflow', { trigger: 'new email arrives', action: 'create a Jira ticket' }, false],
    [
      'IFTTTCreateApplet',
      { if_this: 'New email from my boss', then_that: 'Send an email to me@gmail.com' },
      false,
    ],
  ])('%s %j -> %s', (name, args, want) => expect(hit(name, args)).toBe(want));
});
