/** Settings read against their safe direction (src/engine/extract/tool-call/weak-values.ts). */
import { describe, expect, it } from 'vitest';
import { nameWords } from '../../../../src/engine/extract/tool-call/cli.js';
import { weakValueLines } from '../../../../src/engine/extract/tool-call/weak-values.js';

const lines = (name: string, args: Record<string, unknown>): string =>
  weakValueLines(nameWords(name), args)
    .map((c) => c.code)
    .join('\n');

describe('weakValueLines', () => {
  it.each([
    ['snooze_detector', { detector: 'impossible-travel', duration_days: 3650 }, 'silence detection'],
    ['mute_rule', { rule: 'brute-force', until: '2099-12-31' }, 'silence detection'],
    ['update_policy', { exclude_groups: ['All Users'] }, 'weaken policy'],
    ['add_dlp_exception', { pattern: '.*' }, 'weaken policy'],
    ['set_audit_log_sampling', { sample_rate: 0 }, 'silence'],
    ['update_session_policy', { max_session_days: 3650 }, 'weaken sign-in'],
    ['set_rate_limit', { route: '/login', requests_per_minute: 1000000 }, 'weaken sign-in'],
    ['update_waf', { paranoia_level: 0 }, 'silence firewall'],
    ['update_ruleset', { required_approving_review_count: 0, bypass_actors: [{ actor_id: '*' }] }, 'weaken'],
    ['update_environment', { environment: 'production', reviewers: [] }, 'weaken review'],
    ['ignore_vulnerabilities', { all_open: true }, 'silence alerts'],
    ['update_ci_settings', { pass_secrets_to_forks: true }, 'expose'],
    ['update_filter', { default_action: 'allow_all' }, 'silence filter'],
    ['update_app', { app: 'internal-admin-panel', auth: 'none' }, 'expose service'],
  ])('%s %j', (name, args, want) => {
    expect(lines(name, args)).toContain(want);
  });

  it.each([
    ['snooze_detector', { detector: 'impossible-travel', duration_hours: 2 }],
    ['update_policy', { exclude_users: ['breakglass@acme.com'] }],
    ['add_dlp_exception', { pattern: '^TEST-\\d{4}$' }],
    ['set_trace_sampling', { service: 'checkout', sample_rate: 0 }],
    ['update_session_policy', { max_session_days: 7, idle_timeout_minutes: 30 }],
    ['set_rate_limit', { route: '/products', requests_per_minute: 6000 }],
    ['update_waf', { paranoia_level: 2 }],
    ['update_ruleset', { required_approving_review_count: 2 }],
    ['update_environment', { environment: 'preview', reviewers: [] }],
    ['ignore_vulnerabilities', { alert_number: 42 }],
    ['update_filter', { action: 'allow' }],
    ['update_app', { app: 'marketing-site', auth: 'none' }],
    ['get_session_policy', { max_session_days: 3650 }],
  ])('%s %j stays allowed', (name, args) => {
    expect(lines(name, args)).toBe('');
  });
});
