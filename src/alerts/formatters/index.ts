/** One formatter per channel; `formatAlert` picks the channel's native body. */
import type { AlertChannel } from '../../config/sections/alerts.js';
import type { AlertEvent } from '../event.js';
import { formatDiscord } from './discord.js';
import { formatPagerDuty } from './pagerduty.js';
import { formatSiem } from './siem.js';
import { formatSlack } from './slack.js';

export { formatDiscord, formatPagerDuty, formatSiem, formatSlack };

export function formatAlert(channel: AlertChannel, event: AlertEvent, routingKey = ''): object {
  switch (channel) {
    case 'slack':
      return formatSlack(event);
    case 'discord':
      return formatDiscord(event);
    case 'pagerduty':
      return formatPagerDuty(event, routingKey);
    case 'siem':
      return formatSiem(event);
  }
}
