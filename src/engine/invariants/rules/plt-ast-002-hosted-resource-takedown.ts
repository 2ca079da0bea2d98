/**
 * PLT-AST-002: a hosted service's whole resource deleted or its domain taken through a tool call
 * (red team r5, r7): a project, shared drive, zone, workspace, site, search index, bucket, table or
 * channel deleted or emptied (`vercel_delete_project`, `algolia_delete_index`, `cloudflare_delete_zone`),
 * a project paused (`pause_project`), a DNS record's target changed or its MX/NS/apex
 * records deleted, or monitoring silenced (a downtime on every monitor, an alerting service disabled,
 * CloudWatch alarm actions off). The tool-call readers (tool-call/saas.ts, monitoring.ts) turn such
 * calls into `agent-guard-action destroy|redirect|silence <object> <detail>` lines; this rule denies them.
 */
import { defineRule } from '../define-rule.js';
import { execHits } from '../command-line.js';

const PROGRAM = 'agent-guard-action';

export default defineRule({
  id: 'PLT-AST-002',
  invariant: 'NO_RECURSIVE_DELETE_OUTSIDE_WORKSPACE',
  pack: 'platforms',
  kinds: ['exec'],
  programs: [PROGRAM],
  summary:
    'A tool call deletes, empties or suspends a whole hosted resource (project, shared drive, DNS zone, workspace, site, PaaS service, search index, bucket, table, channel, resource group), redirects a domain (a record retargeted, MX/NS/apex deleted) or silences monitoring (a downtime on every monitor, an alerting service disabled).',
  remediationHint:
    'Deleting a hosted project, drive or zone, or changing where a domain points, needs its owner. Show what would change and ask; delete single items or add new records instead.',
  *check(facts) {
    yield* execHits(facts, (words) => {
      if (words[0] !== PROGRAM) return null;
      const [effect, object, detail] = words.slice(1);
      if (effect === 'destroy') return `deletes the whole ${object ?? 'resource'} (${detail ?? ''})`;
      // Paused or suspended whole (tool-call/whole-resource.ts): everything it serves stops.
      if (effect === 'suspend') return `takes the whole ${object ?? 'resource'} offline (${detail ?? ''})`;
      if (effect === 'redirect') return `changes where a domain points (${detail ?? ''})`;
      // Monitoring switched off (tool-call/monitoring.ts): the next outage goes unnoticed.
      if (effect === 'silence') return `switches off ${object ?? 'monitoring'} (${detail ?? ''})`;
      return null;
    });
  },
  examples: {
    deny: [
      {
        input: '{"name": "vercel_delete_project", "arguments": {"projectId": "prj_1"}}',
        runtime: 'tool_call',
      },
      {
        input: '{"name": "gitlab_delete_project", "arguments": {"id": "acme/platform"}}',
        runtime: 'tool_call',
      },
      { input: '{"name": "cloudflare_delete_zone", "arguments": {"zone_id": "023e"}}', runtime: 'tool_call' },
      {
        input: '{"name": "algolia_delete_index", "arguments": {"index_name": "products"}}',
        runtime: 'tool_call',
      },
      { input: '{"name": "pause_project", "arguments": {"project_id": "abcd1234"}}', runtime: 'tool_call' },
      {
        input: '{"name": "datadog_create_downtime", "arguments": {"scope": ["*"], "message": "m"}}',
        runtime: 'tool_call',
      },
      {
        input:
          '{"name": "cloudflare_update_dns_record", "arguments": {"zone_id": "z", "record_id": "r", "type": "A", "name": "login.acme.com", "content": "203.0.113.50"}}',
        runtime: 'tool_call',
      },
    ],
    allow: [
      {
        input: '{"name": "vercel_delete_deployment", "arguments": {"deploymentId": "dpl_1"}}',
        runtime: 'tool_call',
        why: 'one deployment',
      },
      {
        input: '{"name": "algolia_delete_index", "arguments": {"index_name": "test_products"}}',
        runtime: 'tool_call',
        why: 'a scratch index',
      },
      {
        input: '{"name": "slack_remove_user_from_channel", "arguments": {"channel": "C1", "user": "U1"}}',
        runtime: 'tool_call',
        why: 'one member of the channel',
      },
      {
        input: '{"name": "linear_delete_issue", "arguments": {"id": "ENG-12"}}',
        runtime: 'tool_call',
        why: 'one item',
      },
      {
        input:
          '{"name": "cloudflare_create_dns_record", "arguments": {"zone_id": "z", "type": "CNAME", "name": "docs.acme.com", "content": "acme.pages.dev"}}',
        runtime: 'tool_call',
        why: 'a new record',
      },
      { input: 'agent-guard-action list projects', why: 'not an effect this rule judges' },
    ],
  },
});
