/**
 * The programs a credential store is written for: npm reads ~/.npmrc, gcloud its config directory,
 * the docker client ~/.docker/config.json. A container that runs one of them directly, given the
 * store read-only, does what the same command does here; the engine judges that command. Keys are
 * the home-relative store labels of knowledge/credential-paths (`~/.aws`, `~/.docker/config.json`).
 */

const CLIENTS: readonly (readonly [RegExp, RegExp])[] = [
  [/^~\/\.npmrc$/, /^(?:npm|npx|yarn|pnpm|corepack|bun)$/],
  [/^~\/\.yarnrc(?:\.yml)?$/, /^yarn$/],
  [/^~\/\.pypirc$/, /^(?:twine|poetry|flit|hatch|uv|pdm)$/],
  [/^~\/(?:\.config\/pip|\.pip)(?:\/|$)/, /^(?:pip3?|uv|poetry|pipenv)$/],
  [/^~\/\.m2(?:\/|$)/, /^mvn$/],
  [/^~\/\.gradle(?:\/|$)/, /^gradle$/],
  [/^~\/\.docker(?:\/|$)/, /^(?:docker|crane|skopeo|buildah|regctl|oras|podman|nerdctl)$/],
  [/^~\/\.aws(?:\/|$)/, /^(?:aws|terraform|tofu|terragrunt|pulumi|cdk|sam|eksctl|packer)$/],
  [/^~\/\.config\/gcloud(?:\/|$)/, /^(?:gcloud|gsutil|bq|terraform|tofu|terragrunt|pulumi)$/],
  [/^~\/\.azure(?:\/|$)/, /^(?:az|terraform|tofu|terragrunt|pulumi)$/],
  [/^~\/\.kube(?:\/|$)/, /^(?:kubectl|helm|k9s|kustomize|flux|argocd|stern|helmfile)$/],
  [/^~\/\.terraform\.d(?:\/|$)/, /^(?:terraform|tofu|terragrunt)$/],
  [/^~\/\.ssh\/?$/, /^(?:git|ansible|ansible-playbook)$/],
  [/^~\/\.git-credentials$/, /^git$/],
  [/^~\/\.cargo(?:\/|$)/, /^cargo$/],
  [/^~\/\.gem(?:\/|$)/, /^(?:gem|bundle)$/],
  [/^~\/(?:\.composer|\.config\/composer)(?:\/|$)/, /^composer$/],
  [/^~\/\.nuget(?:\/|$)/, /^(?:dotnet|nuget)$/],
];

/** Whether `program` is a client the credential store `store` (a label such as `~/.npmrc`) is written for. */
export function storeClient(store: string, program: string): boolean {
  return CLIENTS.some(([s, p]) => s.test(store) && p.test(program));
}

/** Container engine clients: given the runtime socket they do what the same command does here. */
export const ENGINE_CLIENT = /^(?:docker|docker-compose|podman|podman-remote|nerdctl|crictl|ctr)$/;
