/**
 * A company's internal zone under its public domain (`build-01.internal.acme.io`,
 * `replica.internal.acme.com`): hosts a team names inside its own network, unless the name itself
 * shows a lure or collector (suspect-host.ts).
 */
import { suspectHost } from './suspect-host.js';

const INTERNAL_ZONE = /\.(?:internal|intranet|corp|lan)\.[a-z0-9-]+\.[a-z]{2,}$/i;

export function internalZone(host: string): boolean {
  return INTERNAL_ZONE.test(host) && suspectHost(host) === undefined;
}
