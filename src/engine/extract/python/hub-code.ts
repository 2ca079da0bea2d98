/**
 * Code a model hub hands to the loader (r9): `from_pretrained(repo, trust_remote_code=True)` runs
 * the repository's own modelling .py files, and `torch.hub.load('owner/repo', ...)` runs its
 * hubconf.py. From an account outside the publishers below that is code downloaded and run
 * (SH-AST-010); loading weights alone (`from_pretrained("bert-base-uncased")`) runs nothing.
 */
import type { CallHandler } from '../code/calls.js';
import { codeFlows } from '../code/effects.js';
import { constText, truthy, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import { PY_CALLS, type PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

/**
 * Accounts of the labs, companies and projects whose hub repositories the ecosystem loads with
 * remote code every day (lower case). A list of names: the hub gives no other sign of who wrote
 * the code; anything else is an account anyone could have opened.
 */
const KNOWN_PUBLISHERS = new Set([
  'microsoft',
  'google',
  'google-bert',
  'facebook',
  'facebookresearch',
  'meta-llama',
  'openai',
  'pytorch',
  'huggingface',
  'huggingfacem4',
  'huggingfaceh4',
  'huggingfacetb',
  'sentence-transformers',
  'tiiuae',
  'qwen',
  'deepseek-ai',
  'thudm',
  'zai-org',
  'mosaicml',
  'nomic-ai',
  'jinaai',
  'baai',
  'mistralai',
  'allenai',
  'bigcode',
  'bigscience',
  'salesforce',
  'stabilityai',
  'nvidia',
  'ibm-granite',
  'apple',
  'intfloat',
  'eleutherai',
  'internlm',
  'opengvlab',
  'alibaba-nlp',
  'openbmb',
  '01-ai',
  'baichuan-inc',
  'databricks',
  'togethercomputer',
  'coherelabs',
  'cohereforai',
  'ultralytics',
  'intel-isl',
  'snakers4',
  'nvidia-deeplearningexamples',
]);

/** `owner/name` of a hub repository, or null for a local path, a bare model name or unknown text. */
function hubOwner(repo: Val | undefined): string | null {
  const id = repo === undefined ? null : constText(repo);
  if (id === null || /^(?:\.{0,2}\/|~|[A-Za-z]:\\)/.test(id)) return null;
  const m = /^([\w.-]+)\/[\w.-]+(?::[\w./-]+)?$/.exec(id);
  return m === null ? null : m[1]!.toLowerCase();
}

/** Code from `host`'s repository `repo` runs in this process (as `curl URL | python` would). */
function runsHubCode(w: PyWalker, c: PyCall, host: string, repo: Val, program: string): void {
  const url = `https://${host}/${constText(repo) ?? ''}`;
  codeFlows(w.col, c.span, [{ ...UNKNOWN, sources: [{ kind: 'net', host, url }] }], program);
}

/** from_pretrained / pipeline / SentenceTransformer with trust_remote_code=True. */
const remoteCode: Handler = (w, c) => {
  if (truthy(c.kw.get('trust_remote_code')) !== true) return undefined;
  // pipeline(task, model): the task comes first.
  const at = c.name === 'transformers.pipeline' ? 1 : 0;
  const repo =
    c.args[at] ??
    c.kw.get('pretrained_model_name_or_path') ??
    c.kw.get('model') ??
    c.kw.get('model_name_or_path');
  const owner = hubOwner(repo);
  if (repo !== undefined && owner !== null && !KNOWN_PUBLISHERS.has(owner))
    runsHubCode(w, c, 'huggingface.co', repo, 'transformers');
  return undefined;
};

/** torch.hub.load('owner/repo[:ref]', model): the repository's hubconf.py runs (source='github'). */
const hubLoad: Handler = (w, c) => {
  const repo = c.args[0] ?? c.kw.get('repo_or_dir');
  const source = constText(c.kw.get('source') ?? c.args[2] ?? UNKNOWN) ?? 'github';
  // trust_repo=False asks first, and an agent's run has no one to answer.
  if (source === 'local' || truthy(c.kw.get('trust_repo')) === false) return undefined;
  const owner = hubOwner(repo);
  if (repo !== undefined && owner !== null && !KNOWN_PUBLISHERS.has(owner))
    runsHubCode(w, c, 'github.com', repo, 'torch.hub');
  return undefined;
};

PY_CALLS.methods([['from_pretrained', remoteCode]]);
PY_CALLS.add(
  [
    'transformers.pipeline',
    'sentence_transformers.SentenceTransformer',
    'sentence_transformers.CrossEncoder',
  ],
  remoteCode,
);
PY_CALLS.add(['torch.hub.load'], hubLoad);
