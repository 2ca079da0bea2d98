/**
 * Discord webhook message with one embed. Limits from Discord's embed reference: title 256,
 * description 4096, 25 fields (name 256, value 1024), footer 2048, 6000 characters in all.
 * `allowed_mentions.parse = []` keeps an `@everyone` in a command from pinging anyone.
 */
import { alertSummary, frameLabel, type AlertEvent } from '../event.js';
import { fenceSafe, truncate } from './text.js';

export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  total: 6000,
} as const;

const COLOR = { CRITICAL: 0xd32f2f, HIGH: 0xf57c00, MEDIUM: 0xfbc02d, LOW: 0x1976d2 } as const;

export interface DiscordMessage {
  username: string;
  allowed_mentions: { parse: never[] };
  embeds: {
    title: string;
    description: string;
    color: number;
    timestamp: string;
    fields: { name: string; value: string; inline: boolean }[];
    footer: { text: string };
  }[];
}

export function formatDiscord(event: AlertEvent): DiscordMessage {
  const value = (text: string): string => truncate(text, DISCORD_LIMITS.fieldValue);
  // The fence and its newlines take 8 characters of the 1024.
  const code = `\`\`\`\n${truncate(fenceSafe(event.offending), DISCORD_LIMITS.fieldValue - 8)}\n\`\`\``;
  return {
    username: 'agent-guard',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: truncate(
          `${event.headline}: ${event.threat.ruleId} (${event.severity})`,
          DISCORD_LIMITS.title,
        ),
        description: truncate(alertSummary(event), 1000),
        color: COLOR[event.severity],
        timestamp: event.occurredAt,
        fields: [
          { name: 'Agent ID', value: value(event.agentId ?? 'unknown'), inline: true },
          { name: 'Severity', value: event.severity, inline: true },
          { name: 'AST latency', value: `${event.astLatencyUs} µs`, inline: true },
          {
            name: 'Threat',
            value: value(`${event.threat.ruleId}: ${event.threat.description}`),
            inline: false,
          },
          {
            name: event.offendingTruncated ? 'Offending (truncated)' : 'Offending',
            value: code,
            inline: false,
          },
          { name: 'Frame', value: value(frameLabel(event.frame)), inline: true },
          { name: 'Runtime', value: value(event.runtime), inline: true },
          { name: 'Receipt', value: value(event.receipt ?? 'unsigned'), inline: false },
        ],
        footer: { text: `command sha256 ${event.commandSha256}` },
      },
    ],
  };
}
