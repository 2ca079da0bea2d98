/**
 * Instance attributes a cloud metadata service hands out that are not credentials: the region,
 * zone, instance id and type, project id, the IMDSv2 session token itself. A program reading its
 * own region from IMDSv2 is ordinary (R18); the credential paths (iam/, identity-credentials/,
 * service-accounts/, /metadata/identity/), user data, startup attributes, signed identity
 * documents and every path not spelled out in full stay metadata access (NET-AST-001).
 */

/** AWS (and Alibaba, which copies its layout) `/latest/meta-data/` leaves that hold no secret. */
const AWS_LEAF =
  /^\/(?:latest|\d{4}-\d{2}-\d{2})\/(?:api\/token|dynamic\/instance-identity\/document|meta-data\/(?:placement\/(?:region|availability-zone|availability-zone-id|group-name|partition-number|host-id)|instance-id|instance-type|instance-life-cycle|ami-id|ami-launch-index|hostname|local-hostname|local-ipv4|public-hostname|public-ipv4|mac|reservation-id|region-id|zone-id|services\/(?:domain|partition)|spot\/instance-action|events\/maintenance\/scheduled|autoscaling\/target-lifecycle-state))$/;

/** GCP `/computeMetadata/v1/` leaves that hold no secret (not attributes/, not service-accounts/). */
const GCP_LEAF =
  /^\/computeMetadata\/v1\/(?:project\/(?:project-id|numeric-project-id)|instance\/(?:id|name|hostname|zone|machine-type|cpu-platform|image|preempted|maintenance-event|tags|network-interfaces\/\d+\/(?:ip|mac|network)))$/;

/** Azure IMDS instance document and its compute leaves (not /metadata/identity/). */
const AZURE_LEAF =
  /^\/metadata\/instance(?:\/compute(?:\/(?:location|name|vmId|vmSize|zone|resourceGroupName|subscriptionId|osType|azEnvironment|tagsList))?)?$/;

/** Query parameters these services take that change only the format. */
const FORMAT_QUERY = /^(?:(?:api-version=[\w.-]+|format=(?:text|json)|alt=(?:text|json))(?:&|$))+$/;

/** The IMDSv2 session token: a step towards any path, harmless only beside attribute reads. */
export const isMetadataToken = (url: string | undefined): boolean =>
  url !== undefined && /^https?:\/\/[^/?#]+\/latest\/api\/token$/i.test(url);

/**
 * True when `url` is written out in full (nothing unknown, encoded or climbing) and names one
 * of the attributes above: the request reads instance facts, not credentials.
 */
export function isPlainInstanceAttribute(url: string | undefined): boolean {
  if (url === undefined || url.length > 200) return false;
  const m = /^https?:\/\/[^/?#@\\]+(\/[^?#]*)(?:\?([^#]*))?$/i.exec(url);
  if (m === null) return false;
  const path = m[1]!;
  const query = m[2];
  // Anything unknown ($X), encoded, doubled or climbing could spell another path.
  if (/[$%{}[\]\\]|\/\/|\/\.\.?(?:\/|$)/.test(path)) return false;
  if (query !== undefined && query !== '' && !FORMAT_QUERY.test(query)) return false;
  return AWS_LEAF.test(path) || GCP_LEAF.test(path) || AZURE_LEAF.test(path);
}
