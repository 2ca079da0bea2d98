/** DKR-AST-004: mounting credential stores (~/.ssh, ~/.aws, ~/.kube, /etc/shadow) or whole homes / the host root into a container. */
import { viewMount } from '../../knowledge/docker.js';
import { storeClient } from '../../knowledge/store-clients.js';
import { defineRule } from '../define-rule.js';

/**
 * A cloud vendor's own CLI image given its own store read-only (`-v ~/.aws:/root/.aws:ro
 * amazon/aws-cli`, the documented usage; red team r4 FP): the same access as running the CLI here.
 */
const VENDOR_CLI: readonly (readonly [RegExp, RegExp])[] = [
  [/^~\/\.aws(?:\/|$)/, /^(?:(?:docker\.io\/)?amazon|public\.ecr\.aws\/aws-cli)\/aws-cli(?::[\w.-]+)?$/],
  [
    /^~\/\.config\/gcloud(?:\/|$)/,
    /^(?:gcr\.io\/google\.com\/cloudsdktool\/(?:google-cloud-cli|cloud-sdk)|(?:docker\.io\/)?google\/cloud-sdk)(?::[\w.-]+)?$/,
  ],
  [/^~\/\.azure(?:\/|$)/, /^mcr\.microsoft\.com\/azure-cli(?::[\w.-]+)?$/],
  // Infrastructure-as-code CLIs reading the cloud vendors' stores, as terraform here does (r11 fpd).
  [
    /^~\/(?:\.aws|\.config\/gcloud|\.azure)(?:\/|$)/,
    /^(?:docker\.io\/)?(?:hashicorp\/(?:terraform|packer)|pulumi\/pulumi(?:-[\w]+)?|ghcr\.io\/opentofu\/opentofu|alpine\/terragrunt|devopsinfra\/docker-terragrunt)(?::[\w.-]+)?$/,
  ],
  // A git client image given ~/.ssh to clone or push over ssh, as `git` here uses it (R10 FP).
  [/^~\/\.ssh\/?$/, /^(?:docker\.io\/)?alpine\/git(?::[\w.-]+)?$/],
  // Image builders and copiers pushing with the docker client's logins (kaniko's documented mount).
  [
    /^~\/\.docker(?:\/config\.json)?$/,
    /^(?:gcr\.io\/kaniko-project\/executor|gcr\.io\/go-containerregistry\/crane|quay\.io\/(?:skopeo|buildah)\/stable|ghcr\.io\/regclient\/regctl)(?::[\w.-]+)?$/,
  ],
  // kubectl and helm images given the kubeconfig (r5 FP).
  [
    /^~\/\.kube(?:\/config)?$/,
    /^(?:docker\.io\/)?(?:bitnami\/kubectl|rancher\/kubectl|alpine\/k8s|alpine\/helm|dtzar\/helm-kubectl|lachlanevenson\/k8s-kubectl|registry\.k8s\.io\/kubectl)(?::[\w.-]+)?$/,
  ],
];
/**
 * gcloud writes its token cache and logs into its store on every call (its image's docs mount it
 * writable); unlike ~/.aws (credential_process) or ~/.kube (exec plugins) its config runs no host code.
 */
const WRITTEN_BY_CLIENT = /^~\/\.config\/gcloud\/?$/;
const vendorUse = (store: string, image: string | undefined, readOnly: boolean): boolean =>
  (readOnly || WRITTEN_BY_CLIENT.test(store)) &&
  image !== undefined &&
  VENDOR_CLI.some(([s, i]) => s.test(store) && i.test(image));

export default defineRule({
  id: 'DKR-AST-004',
  invariant: 'NO_SECRET_FILE_READ',
  kinds: ['container'],
  summary:
    'Bind mounts (read-only included) of ~/.ssh, ~/.aws, ~/.kube, ~/.docker, ~/.config/gcloud, /etc/shadow, a whole home or the host root.',
  remediationHint:
    'Do not hand credential directories to a container. Pass the one secret it needs through a secret mechanism the user set up (docker secret, --env-file in the workspace), or ask the user.',
  *check(facts, policy) {
    for (const c of facts.of('container'))
      for (const m of c.mounts) {
        const v = viewMount(m.source, policy);
        if (v.credentials === null || v.socket || vendorUse(v.credentials, c.image, m.readOnly)) continue;
        // A host monitoring agent reads /, /sys and /var/run read-only for its one job (knowledge/host-tools.ts).
        if (m.readOnly && c.hostTool?.needs.includes('hostRead') === true) continue;
        // The store's own client run directly (`node:20 npm ci` with ~/.npmrc): judged as run here.
        if (m.readOnly && c.runs !== undefined && storeClient(v.credentials, c.runs)) continue;
        // Writable system mounts are reported by DKR-AST-003; this rule adds the read-only ones and credential stores.
        if (
          !m.readOnly &&
          v.system &&
          (v.path === '/' || v.path === '/etc' || v.path === '/root' || v.path === '/home')
        )
          continue;
        yield {
          span: c.span,
          reason: `the container can read the credential store ${v.credentials}`,
          suggestedAlternative: null,
        };
      }
  },
  examples: {
    deny: [
      { input: 'docker run -v ~/.aws:/root/.aws alpine/git ls /root/.aws', runtime: 'docker' },
      {
        input: 'docker run -v $HOME/.ssh:/root/.ssh alpine/git clone git@github.com:o/r.git',
        runtime: 'docker',
      },
      { input: 'docker run -v /:/rootfs:ro alpine cat /rootfs/etc/shadow', runtime: 'docker' },
      {
        input:
          'docker run -v /:/rootfs:ro --entrypoint sh gcr.io/cadvisor/cadvisor -c "cat /rootfs/etc/shadow"',
        runtime: 'docker',
      },
      { input: 'docker run -v /etc/shadow:/tmp/s:ro alpine cat /tmp/s', runtime: 'docker' },
      { input: 'docker run -v ~/.aws:/root/.aws hashicorp/terraform:1.9 plan', runtime: 'docker' },
      { input: 'docker run -v ~/.ssh:/root/.ssh:ro hashicorp/terraform:1.9 plan', runtime: 'docker' },
    ],
    allow: [
      {
        input:
          'docker run --rm -v ~/.ssh:/root/.ssh:ro -v "$PWD":/git alpine/git clone git@github.com:acme/web.git /git/web',
        runtime: 'docker',
        why: 'a git client image using ~/.ssh read-only, as git here does',
      },
      { input: 'docker run -v ./config:/config:ro nginx', runtime: 'docker', why: 'workspace configuration' },
      {
        input: 'docker run -d -v /:/rootfs:ro -v /sys:/sys:ro gcr.io/cadvisor/cadvisor:v0.47.2',
        runtime: 'docker',
        why: 'a host monitoring agent reading the host read-only with its own entrypoint (knowledge/host-tools.ts)',
      },
      {
        input: 'docker run -v ~/projects/app:/app node:20 npm ci',
        runtime: 'docker',
        why: 'a project directory, no credentials',
      },
      {
        input: 'docker run --rm -v ~/.aws:/root/.aws:ro amazon/aws-cli s3 ls',
        runtime: 'docker',
        why: "the vendor's CLI image reading its own store read-only (its documented usage)",
      },
      {
        input:
          'docker run --rm -v "$PWD":/infra -w /infra -v ~/.aws:/root/.aws:ro hashicorp/terraform:1.9 plan',
        runtime: 'docker',
        why: 'terraform reading the cloud credentials read-only, as terraform here does',
      },
    ],
  },
});
