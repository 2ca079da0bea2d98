/**
 * Slack incoming-webhook message in Block Kit: a header, a section of fields, the scrubbed command in
 * a code block, and the receipt in a context line; `text` is the notification fallback. Limits from
 * Slack's Block Kit reference: header 150 chars, section text 3000, 10 fields of 2000 each.
 */
import { alertSummary, frameLabel, type AlertEvent } from '../event.js';
import { fenceSafe, truncate } from './text.js';

export const SLACK_LIMITS = {
  headerText: 150,
  sectionText: 3000,
  fields: 10,
  fieldText: 2000,
  blocks: 50,
} as const;

/** Slack mrkdwn control characters (and with them `<!channel>`-style mentions) are escaped. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const SEVERITY_ICON = {
  CRITICAL: ':rotating_light:',
  HIGH: ':warning:',
  MEDIUM: ':large_orange_diamond:',
  LOW: ':information_source:',
} as const;

type TextObject = { type: 'plain_text' | 'mrkdwn'; text: string; emoji?: boolean };
export interface SlackMessage {
  text: string;
  blocks: (
    | { type: 'header'; text: TextObject }
    | { type: 'section'; text?: TextObject; fields?: TextObject[] }
    | { type: 'context'; elements: TextObject[] }
  )[];
}

export function formatSlack(event: AlertEvent): SlackMessage {
  const field = (label: string, value: string): TextObject => ({
    type: 'mrkdwn',
    text: truncate(`*${label}*\n${slackEscape(value)}`, SLACK_LIMITS.fieldText),
  });
  const code = `*Offending*${event.offendingTruncated ? ' (truncated)' : ''}\n\`\`\`${fenceSafe(slackEscape(event.offending))}\`\`\``;
  return {
    text: truncate(
      `${SEVERITY_ICON[event.severity]} ${slackEscape(alertSummary(event))}`,
      SLACK_LIMITS.sectionText,
    ),
    blocks: [
      {
        type: 'header',
        text: {
          type: 'plain_text',
          text: truncate(
            `${event.headline}: ${event.threat.ruleId} (${event.severity})`,
            SLACK_LIMITS.headerText,
          ),
          emoji: true,
        },
      },
      {
        type: 'section',
        fields: [
          field('Agent ID', event.agentId ?? 'unknown'),
          field('Severity', event.severity),
          field('Threat', `${event.threat.ruleId}: ${event.threat.description}`),
          field('AST latency', `${event.astLatencyUs} µs`),
          field('Frame', frameLabel(event.frame)),
          field('Runtime', event.runtime),
        ],
      },
      { type: 'section', text: { type: 'mrkdwn', text: truncate(code, SLACK_LIMITS.sectionText) } },
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: truncate(`Receipt: \`${event.receipt ?? 'unsigned'}\``, SLACK_LIMITS.fieldText),
          },
          { type: 'mrkdwn', text: `Command SHA-256: \`${event.commandSha256}\` · ${event.occurredAt}` },
        ],
      },
    ],
  };
}
