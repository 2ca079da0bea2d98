/**
 * Subcommands that print secret values though their program mostly prints none (terraform output,
 * pulumi --show-secrets, helm get values): their output is labelled `<program> <subcommand>` so
 * SEC-AST-010 judges where it goes as it judges a password manager's (issue 22 r7).
 */

/** A program's words without options (and without the values of `-chdir=`-style options). */
function positionals(argv: readonly string[]): string[] {
  return argv.slice(1).filter((w) => !w.startsWith('-'));
}

type Printer = (argv: readonly string[]) => string | null;

/** Infrastructure state: outputs and the state file hold the secrets the infrastructure was built with. */
const terraform: Printer = (argv) => {
  const [sub, verb] = positionals(argv);
  if (sub === 'output' || sub === 'console') return sub;
  if (sub === 'state' && verb === 'pull') return 'state pull';
  // `show` masks sensitive values on screen and prints them in its -json form.
  if (sub === 'show' && argv.includes('-json')) return 'show -json';
  return null;
};

const PRINTERS: ReadonlyMap<string, Printer> = new Map<string, Printer>([
  ['terraform', terraform],
  ['tofu', terraform],
  ['terragrunt', terraform],
  ['pulumi', (argv) => (argv.includes('--show-secrets') ? '--show-secrets' : null)],
  [
    'helm',
    (argv) => {
      const [sub, verb] = positionals(argv);
      return sub === 'get' && (verb === 'values' || verb === 'all') ? `get ${verb}` : null;
    },
  ],
  // Registry tokens kept in the package manager's configuration.
  [
    'npm',
    (argv) => {
      const [sub, verb, key] = positionals(argv);
      return sub === 'config' && verb === 'get' && /auth|token|password/i.test(key ?? '')
        ? 'config get'
        : null;
    },
  ],
]);

/** `docker-credential-<helper> get`: the registry password a credential helper stores. */
const CREDENTIAL_HELPER = /^docker-credential-[\w-]+$/;

/** The label of a command line that prints secrets (`terraform output`), or null. */
export function secretPrinterLabel(argv: readonly string[]): string | null {
  const program = (argv[0] ?? '').replace(/^.*\//, '');
  if (CREDENTIAL_HELPER.test(program)) return positionals(argv)[0] === 'get' ? `${program} get` : null;
  const sub = PRINTERS.get(program)?.(argv) ?? null;
  return sub === null ? null : `${program} ${sub}`;
}

/** The output label names such a command (as secretPrinterLabel writes it). */
export function isSecretPrinterLabel(label: string): boolean {
  const space = label.indexOf(' ');
  if (space < 0) return false;
  const program = label.slice(0, space);
  return PRINTERS.has(program) || CREDENTIAL_HELPER.test(program);
}
