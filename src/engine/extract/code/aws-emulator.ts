/**
 * AWS SDK v3 commands sent to an emulator on this machine (DynamoDB Local, LocalStack, moto server):
 * a command is its own object (`new DeleteTableCommand({...})`), sent later by whichever client, so
 * it is judged as the cloud call unless every client the input made so far talks to a loopback
 * endpoint. A cloud client made afterwards brings back every command held until then.
 */
import type { Collector } from './collector.js';

/** An endpoint on this machine: an emulator (LocalStack :4566, DynamoDB Local :8000, moto), never the cloud. */
export const LOOPBACK_ENDPOINT =
  /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]|localstack)(?::\d+)?(?:\/|$)/i;

interface Clients {
  emulator: boolean;
  cloud: boolean;
  /** Commands held back while only emulator clients were known (their judgement, to run later). */
  readonly held: (() => void)[];
}

const CLIENTS = new WeakMap<Collector, Clients>();

function clientsOf(col: Collector): Clients {
  let s = CLIENTS.get(col);
  if (s === undefined) {
    s = { emulator: false, cloud: false, held: [] };
    CLIENTS.set(col, s);
  }
  return s;
}

/** A v3 client made for `endpoint` (null: the default, or one not known as text: the cloud). */
export function awsClientMade(col: Collector, endpoint: string | null): void {
  const s = clientsOf(col);
  if (endpoint !== null && LOOPBACK_ENDPOINT.test(endpoint)) {
    s.emulator = true;
    return;
  }
  s.cloud = true;
  for (const judge of s.held.splice(0)) judge();
}

/** Judges a v3 command now, or holds it while every client made so far is an emulator's. */
export function judgeCommand(col: Collector, judge: () => void): void {
  const s = CLIENTS.get(col);
  // No client yet: which one sends it is unknown, so it counts as the cloud's.
  if (s === undefined || s.cloud || !s.emulator || s.held.length >= 64) judge();
  else s.held.push(judge);
}
