/**
 * Library calls that upload a local file or folder by path to a remote service (issue 22 r5):
 * experiment trackers (wandb.save, mlflow.log_artifact), model hubs (huggingface_hub upload_file /
 * upload_folder), FTP and SFTP clients (basic-ftp uploadFrom, ssh2 fastPut). The path is a read and
 * its content a flow to the service's host, so SEC-AST-010 judges what is sent, as for curl -T.
 */
import type { CallHandler, CodeCall } from './calls.js';
import { request } from './effects.js';
import { concat, constText, dataNotPath, pathOf, strVal, UNKNOWN, type Val } from './value.js';
import { peerBoundTo } from './unmodelled-sends.js';
import type { CodeWalker } from './walker.js';

interface Upload {
  /** Where the data goes when the call does not say (the service's public host). */
  readonly host: string;
  /** Position and keyword names of the local path argument. */
  readonly at: number;
  readonly keywords: readonly string[];
  /** The path names a folder whose every file is sent. */
  readonly folder?: boolean;
}

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

function uploader(u: Upload): AnyHandler {
  return (w, c) => {
    const kw = (c as { kw?: ReadonlyMap<string, Val> }).kw;
    const given = c.args[u.at] ?? u.keywords.map((k) => kw?.get(k)).find((v) => v !== undefined);
    if (given === undefined || given.fn !== undefined) return undefined;
    // The server the client logged in to (`c.access({ host })`), else the service's own host.
    const bound = peerBoundTo(w.col, c.recv?.ref);
    const host = bound === 'local' || bound === undefined ? u.host : bound;
    // Data rather than a path (`uploadFrom(Readable.from([secrets]), ...)`, red team r10): sent as it is.
    if (u.folder !== true && dataNotPath(given))
      return request(w.col, c.span, c.name || c.method || 'upload', {
        url: strVal(`https://${host}/`),
        payload: [given],
        sends: true,
      });
    // A folder sends what is in it: `dir/*` (every entry, a credential directory's files included).
    const local =
      u.folder === true ? concat([given, strVal(constText(given)?.endsWith('/') ? '*' : '/*')]) : given;
    const { path, dynamic } = pathOf(local);
    w.col.file(c.span, 'read', path, c.name || c.method || 'upload', {
      dynamic,
      recursive: u.folder === true,
    });
    const data: Val = { ...UNKNOWN, sources: [{ kind: 'file', path }, ...w.col.contentSources(path)] };
    return request(w.col, c.span, c.name || c.method || 'upload', {
      url: strVal(`https://${host}/`),
      payload: [data],
      sends: true,
    });
  };
}

const WANDB = uploader({ host: 'api.wandb.ai', at: 0, keywords: ['glob_str'] });
const MLFLOW = uploader({ host: 'mlflow-tracking-server', at: 0, keywords: ['local_path'] });
const MLFLOW_DIR = uploader({ host: 'mlflow-tracking-server', at: 0, keywords: ['local_dir'], folder: true });
const HF_FILE = uploader({ host: 'huggingface.co', at: 0, keywords: ['path_or_fileobj'] });
const HF_FOLDER = uploader({ host: 'huggingface.co', at: 0, keywords: ['folder_path'], folder: true });
const FTP = uploader({ host: 'remote-ftp-server', at: 0, keywords: [] });
const FTP_DIR = uploader({ host: 'remote-ftp-server', at: 0, keywords: [], folder: true });
const SFTP = uploader({ host: 'remote-sftp-server', at: 0, keywords: [] });

/** Python callables by qualified name. */
export const PY_UPLOADS: readonly (readonly [readonly string[], AnyHandler])[] = [
  [['wandb.save', 'wandb.run.save', 'wandb.init().save'], WANDB],
  [
    [
      'mlflow.log_artifact',
      'mlflow.tracking.MlflowClient().log_artifact',
      'mlflow.MlflowClient().log_artifact',
    ],
    MLFLOW,
  ],
  [
    [
      'mlflow.log_artifacts',
      'mlflow.tracking.MlflowClient().log_artifacts',
      'mlflow.MlflowClient().log_artifacts',
    ],
    MLFLOW_DIR,
  ],
  [['huggingface_hub.upload_file', 'huggingface_hub.HfApi().upload_file'], HF_FILE],
  [['huggingface_hub.upload_folder', 'huggingface_hub.HfApi().upload_folder'], HF_FOLDER],
];

/** Method names specific enough to these clients to count on a receiver of unknown type. */
export const PY_UPLOAD_METHODS: readonly (readonly [string, AnyHandler])[] = [
  ['upload_folder', HF_FOLDER],
  ['log_artifacts', MLFLOW_DIR],
];

/** Node: FTP and SFTP clients' uploads, by method name (their objects come from callbacks). */
export const JS_UPLOAD_METHODS: readonly (readonly [string, AnyHandler])[] = [
  ['uploadFrom', FTP],
  ['appendFrom', FTP],
  ['uploadFromDir', FTP_DIR],
  ['fastPut', SFTP],
];
