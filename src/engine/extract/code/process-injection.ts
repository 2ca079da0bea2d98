/**
 * Code written into another running process (issue 22, gdog r12): WriteProcessMemory and its native
 * twins, a thread started or redirected in that process (CreateRemoteThread, QueueUserAPC,
 * SetThreadContext), ptrace's POKE requests and process_vm_writev, reached from ctypes or an FFI.
 * Each call is written as what it amounts to on Linux, a write to `/proc/$pid/mem`, so FS-AST-020
 * judges every spelling as it judges `open('/proc/1234/mem', 'wb')`. Reading another process
 * (ReadProcessMemory, PTRACE_PEEKDATA, attaching a debugger) changes nothing and stays allowed.
 */
import type { CallHandler, CodeCall } from './calls.js';
import { constText, UNKNOWN, type Val } from './value.js';
import type { CodeWalker } from './walker.js';

type AnyHandler = CallHandler<CodeWalker, CodeCall>;

/** What every injection amounts to: the target's memory written. */
const TARGET_MEMORY = '/proc/$pid/mem';

/** Native APIs whose only job is to change what another process holds or runs. */
const INJECTION_APIS = [
  'WriteProcessMemory',
  'NtWriteVirtualMemory',
  'ZwWriteVirtualMemory',
  'CreateRemoteThread',
  'CreateRemoteThreadEx',
  'NtCreateThreadEx',
  'ZwCreateThreadEx',
  'RtlCreateUserThread',
  'QueueUserAPC',
  'NtQueueApcThread',
  'SetThreadContext',
  'NtSetContextThread',
  'process_vm_writev',
] as const;

/** ptrace requests that write the tracee (PTRACE_POKETEXT/POKEDATA/POKEUSER = 4/5/6, SETREGS = 13). */
const PTRACE_WRITES = new Set([4, 5, 6, 13]);
const PTRACE_WRITE_NAME = /^(?:PTRACE_)?(?:POKE(?:TEXT|DATA|USER)|SETREGS)$/;

function injected(w: CodeWalker, c: CodeCall, api: string): Val {
  w.col.file(c.span, 'write', TARGET_MEMORY, `${api} (code put into another process)`);
  return UNKNOWN;
}

const inject: AnyHandler = (w, c) => injected(w, c, c.method ?? (c.name || 'an injection API'));

/** libc.ptrace(request, pid, addr, data): only the requests that write the traced process. */
const ptrace: AnyHandler = (w, c) => {
  const req = c.args[0];
  if (req === undefined) return undefined;
  const name = (req.ref ?? constText(req) ?? '').split('.').pop() ?? '';
  if ((req.num !== undefined && PTRACE_WRITES.has(req.num)) || PTRACE_WRITE_NAME.test(name))
    return inject(w, c);
  return undefined;
};

const API_NAMED = new RegExp(`\\b(?:${INJECTION_APIS.join('|')})\\b`);

/** koffi's `lib.func('CreateRemoteThread', ...)` (or a C prototype naming it): binding the API is using it. */
const bind: AnyHandler = (w, c) => {
  const named = c.args.slice(0, 2).find((a) => API_NAMED.test(constText(a) ?? ''));
  if (named === undefined) return undefined;
  return injected(w, c, API_NAMED.exec(constText(named) ?? '')?.[0] ?? 'an injection API');
};

/** Method names on any receiver (a ctypes DLL, an ffi-napi/koffi library object): specific enough alone. */
export const INJECTION_METHODS: readonly (readonly [string, AnyHandler])[] = [
  ...INJECTION_APIS.map((m) => [m, inject] as const),
  ['ptrace', ptrace],
  ['func', bind],
];
