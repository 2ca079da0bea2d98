/**
 * Bundlers' and compilers' module interop (issue 22): esbuild's `__toESM(require('x'))`, tsc's
 * `__importStar`/`__importDefault`, babel's `_interopRequireWildcard`/`_interopRequireDefault`,
 * rollup's `_interopNamespaceDefault`, swc's `_interop_require_default` wrap a loaded module in an
 * object holding its members and, under `default`, the module itself. The wrapper is the module.
 */
import type { Val } from '../code/value.js';

/** The helpers' names once underscores, case and a bundler's numeric suffix are set aside. */
const HELPER =
  /^(?:toesm|tocommonjs|importstar|importdefault|interop(?:require)?(?:wildcard|default|namespace)(?:default|only|legacy|compat)*)\d*$/;

/** The helper's own name in a callee's source: `__toESM`, `(0, _interop.default)`, `tslib.__importStar`. */
function helperName(callee: string): string {
  const names = callee.match(/[A-Za-z_$][\w$]*/g) ?? [];
  // swc's `_interop_require_default._` and babel runtime's `_interop.default` name the module.
  while (names.length > 1 && (names[names.length - 1] === 'default' || names[names.length - 1] === '_'))
    names.pop();
  return (names[names.length - 1] ?? '').replace(/[_$]/g, '').toLowerCase();
}

/** The callee names an interop helper (examples in the header). */
export function isInteropHelper(callee: string): boolean {
  return callee.length <= 200 && HELPER.test(helperName(callee));
}

/**
 * What an interop helper returns for a loaded module: the module, its `default` the module again
 * (`import_child_process.default.execSync`); undefined when the argument is no module.
 */
export function interopModule(callee: string, arg: Val | undefined): Val | undefined {
  if (arg?.module !== true || arg.ref === undefined || !isInteropHelper(callee)) return undefined;
  return { ...arg, fields: new Map([['default', arg]]) };
}
