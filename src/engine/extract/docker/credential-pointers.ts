/**
 * A credential file COPYed into the image and named by an ENV that programs read their credential
 * from (`COPY gcp-sa.json /app/` + `ENV GOOGLE_APPLICATION_CREDENTIALS=/app/gcp-sa.json`): whatever
 * the file is called, the image says it is the credential, and its layer keeps it (R8 dockerfile-secret).
 * The same ENV pointing at a file mounted at run time (/run/secrets/gcp) holds nothing.
 */

/** A name that says its value is where the credential lives: `*_CREDENTIALS`, `*_KEY_FILE`, KUBECONFIG. */
const POINTER_NAME =
  /^(?:KUBECONFIG|DOCKER_CONFIG|\w*_CREDENTIALS(?:_FILE|_PATH|_JSON)?|\w*(?:TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|SA_KEY|SERVICE_ACCOUNT(?:_KEY)?|KEY)_?(?:FILE|PATH))$/i;
/** Keys that are public by name: a GPG or CA key file, a certificate. */
const PUBLIC = /GPG|PGP|PUBLIC|PUB_|_CA_|CERT/i;

export function isCredentialPointer(name: string): boolean {
  return POINTER_NAME.test(name) && !PUBLIC.test(name);
}

export interface Copy {
  /** The build-context path read. */
  readonly src: string;
  /** Image paths the file may land at, or (for a directory source) the directory its contents land in. */
  readonly at: readonly string[];
  readonly dir: boolean;
}

/**
 * `COPY SRC... DEST` resolved against WORKDIR. A source with no file extension (or `.`) reads as a
 * directory, whose contents land in DEST; a file lands at DEST or inside it (DEST may be a directory).
 */
export function copyOf(src: string, dest: string, workdir: string): Copy {
  const abs = (
    dest.startsWith('/') ? dest : `${workdir.replace(/\/+$/, '')}/${dest.replace(/^\.\/?/, '')}`
  ).replace(/\/+$/, '');
  const base = src.replace(/\/+$/, '').split('/').pop() ?? src;
  if (base === '.' || base === '' || !/\.\w+$/.test(base)) return { src, at: [abs], dir: true };
  return { src, at: [abs, `${abs}/${base}`], dir: false };
}

/** The copy that put `path` into the image (the file, or a directory holding it), or undefined. */
export function copiedAs(copies: readonly Copy[], path: string): Copy | undefined {
  const p = path.replace(/^["']|["']$/g, '');
  if (!p.startsWith('/')) return undefined;
  return copies.find((c) => (c.dir ? p.startsWith(`${c.at[0]!}/`) : c.at.includes(p)));
}
