/**
 * Where python keeps what runs at every start or on a schedule (issue 22 r4): the site-packages
 * directories named by sysconfig, site, distutils and sys.prefix (a .pth or sitecustomize.py there
 * runs at every interpreter start), IPython's and Jupyter's directories, and python-crontab, whose
 * CronTab writes a cron table as `crontab -` does. The paths and the crontab line then meet the
 * same rules as the shell's (FS-AST-020/021/022).
 */
import { runArgv, runShell } from '../code/effects.js';
import type { CallHandler } from '../code/calls.js';
import { constText, opaque, render, strVal, UNKNOWN, type Val } from '../code/value.js';
import type { PyWalker } from '../python.js';
import type { PyCall } from './calls.js';

type Handler = CallHandler<PyWalker, PyCall>;

/** The interpreter's prefix: unknown to the analysis, so the system one (a venv may differ; fail closed). */
const PREFIX = '/usr';
const SYSTEM_SITE = '/usr/lib/python3/site-packages';
const USER_BASE = '~/.local';
const USER_SITE = '~/.local/lib/python3/site-packages';

/** sysconfig's install scheme: where each kind of file goes. */
const SCHEME: Readonly<Record<string, string>> = {
  purelib: SYSTEM_SITE,
  platlib: SYSTEM_SITE,
  stdlib: '/usr/lib/python3',
  platstdlib: '/usr/lib/python3',
  scripts: '/usr/bin',
  data: PREFIX,
  include: '/usr/include/python3',
  platinclude: '/usr/include/python3',
};

const pathsDict: Handler = () => ({
  ...opaque([]),
  fields: new Map(Object.entries(SCHEME).map(([k, v]) => [k, strVal(v)])),
});

const onePath: Handler = (_w, c) => {
  const name = constText(c.args[0] ?? c.kw.get('name') ?? strVal('purelib'));
  return name !== null && Object.hasOwn(SCHEME, name) ? strVal(SCHEME[name]!) : undefined;
};

/** Module attributes that name these directories (`site.USER_SITE`, `sys.prefix`). */
export const PY_SITE_CONSTANTS: readonly (readonly [string, Val])[] = [
  ['site.USER_SITE', strVal(USER_SITE)],
  ['site.USER_BASE', strVal(USER_BASE)],
  ['site.PREFIXES', { ...opaque([]), items: [strVal(PREFIX)] }],
  ['sys.prefix', strVal(PREFIX)],
  ['sys.base_prefix', strVal(PREFIX)],
  ['sys.exec_prefix', strVal(PREFIX)],
  ['sys.base_exec_prefix', strVal(PREFIX)],
];

// --- python-crontab ---------------------------------------------------------------------------------

const CRONTAB = 'crontab.CronTab()';

/** CronTab(user=..., tabfile=...): whose table it edits (`True` is the current user's). */
const cronTab: Handler = (_w, c) => {
  const fields = new Map<string, Val>();
  const user = c.kw.get('user') ?? c.args[0];
  const tab = c.kw.get('tabfile');
  if (user !== undefined) fields.set('user', user);
  if (tab !== undefined) fields.set('tabfile', tab);
  return { ...UNKNOWN, ref: CRONTAB, fields };
};

/**
 * Writing the table (write(), write_to_user(), or a job added with new(): leaving a `with` block
 * writes it): a tab file is written; a user's table is installed through `crontab [-u user] -`.
 * The job's command runs later as a shell line, so it is judged too.
 */
const cronWrite: Handler = (w, c) => {
  const tab = c.recv?.fields?.get('tabfile');
  const target = c.kw.get('filename') ?? (c.method === 'write' ? c.args[0] : undefined) ?? tab;
  if (target !== undefined && c.method !== 'write_to_user') {
    w.col.file(c.span, 'write', render(target), 'python-crontab', { dynamic: constText(target) === null });
  } else {
    const user = c.kw.get('user') ?? c.recv?.fields?.get('user');
    const name = user === undefined || user.bool === true ? null : constText(user);
    if (name === null && ownJobsOnly(w.text)) {
      // write(): the table holds what it held and the jobs new() added, each judged where it was added.
      // (A table emptied or pruned first, `remove_all()`, is written as the crontab it becomes.)
      if (c.method !== 'new' && /\.new\(/.test(w.text) && !/\.(?:remove|clear)\w*\(/.test(w.text))
        return { ...UNKNOWN, ref: `${CRONTAB}.job` };
      // The current user's table given only the jobs added here (their text known): the spool write
      // `crontab -` makes, carrying those lines, so FS-AST-021 judges what they run.
      w.col.file(c.span, 'write', SPOOL, 'python-crontab');
      const command = c.method === 'new' ? constText(c.kw.get('command') ?? c.args[0] ?? UNKNOWN) : '';
      w.col.noteWritten(SPOOL, command === null ? null : command === '' ? '' : `0 * * * * ${command}\n`);
    } else {
      const argv = name !== null ? ['crontab', '-u', name, '-'] : ['crontab', '-'];
      runArgv(
        w.col,
        c.span,
        argv.map((a) => strVal(a)),
        'python',
        { interactive: false },
      );
    }
  }
  if (c.method === 'new') {
    const command = c.kw.get('command') ?? c.args[0];
    if (command !== undefined) runShell(w.col, c.span, command, 'python', { interactive: false });
  }
  return { ...UNKNOWN, ref: `${CRONTAB}.job` };
};

/** The cron table `crontab -` installs (programs/files.ts names it the same). */
const SPOOL = '/var/spool/cron/crontabs';

/**
 * python-crontab code that only adds jobs with `new(command=...)`: no job's command set or
 * changed afterwards, no job parsed from text, no environment or table edited by hand.
 */
function ownJobsOnly(text: string): boolean {
  return !/\.command\s*=|set_command|from_line|\.env\b|\.lines\b|\.crons\b|\.append\(|\.render\(|CronItem|every_reboot|@reboot|\.read\(/.test(
    text,
  );
}

export const PY_PERSISTENCE: readonly (readonly [readonly string[], Handler])[] = [
  [['sysconfig.get_paths'], pathsDict],
  [['sysconfig.get_path'], onePath],
  [
    [
      'distutils.sysconfig.get_python_lib',
      'sysconfig.get_python_lib',
      'setuptools.distutils.sysconfig.get_python_lib',
    ],
    () => strVal(SYSTEM_SITE),
  ],
  [['site.getuserbase'], () => strVal(USER_BASE)],
  [['IPython.paths.get_ipython_dir', 'IPython.utils.path.get_ipython_dir'], () => strVal('~/.ipython')],
  [['IPython.paths.locate_profile'], () => strVal('~/.ipython/profile_default')],
  [['jupyter_core.paths.jupyter_config_dir'], () => strVal('~/.jupyter')],
  [['crontab.CronTab'], cronTab],
  [[`${CRONTAB}.write`, `${CRONTAB}.write_to_user`, `${CRONTAB}.new`], cronWrite],
];
