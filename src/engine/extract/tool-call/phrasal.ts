/**
 * Two-word verbs of loss read as the one verb they mean (R13 destroy-verb: `blow_away_namespace`,
 * `tear_down_environment`, `wind_down_organization`), so whole-resource.ts and the dispatchers judge
 * them as `destroy_namespace`, `teardown_environment`, `decommission_organization`. The particle
 * must follow the verb: `down`, `away`, `out` or `off` alone say nothing.
 */
const PHRASAL = new Map<string, string>(
  Object.entries({
    tear_down: 'teardown',
    take_down: 'teardown',
    knock_down: 'teardown',
    burn_down: 'destroy',
    shut_down: 'shutdown',
    shut_off: 'shutdown',
    wind_down: 'decommission',
    wind_up: 'decommission',
    blow_away: 'destroy',
    wipe_out: 'wipe',
    clean_out: 'empty',
    clear_out: 'empty',
    rip_out: 'remove',
    kill_off: 'kill',
    close_out: 'close',
    break_up: 'disband',
    // A product's name, not a verb: Cloudflare Zero Trust settings zero nothing.
    zero_trust: 'zerotrust',
  }),
);
const PARTICLE = /^(?:down|off|up|away|out|trust)$/;

/** The words with each verb-and-particle pair joined into its one-word verb. */
export function joinPhrasal(words: string[]): string[] {
  if (!words.some((x, i) => i > 0 && PARTICLE.test(x) && PHRASAL.has(`${words[i - 1]!}_${x}`))) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const joined = PHRASAL.get(`${words[i]!}_${words[i + 1] ?? ''}`);
    out.push(joined ?? words[i]!);
    if (joined !== undefined) i++;
  }
  return out;
}
