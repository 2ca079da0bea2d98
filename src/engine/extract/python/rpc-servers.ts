/**
 * Remote procedure servers (R11 backdoor): a function registered on an XML-RPC server
 * (`register_function(os.system, "run")`) or a multiprocessing manager (`register("sh", callable=f)`)
 * runs with what a remote client sends, as a web route's handler does (CLIENT_REQUEST): a shell or
 * eval registered so is a bind shell (SH-AST-010). rpyc's classic service runs any code a client
 * sends, so a server made with it is that flow outright. An ordinary function registered stays data.
 */
import { CLIENT_REQUEST, codeFlows } from '../code/effects.js';
import { UNKNOWN, type Val } from '../code/value.js';
import { callValue, PY_CALLS } from './calls.js';

const CLIENT: Val = { ...UNKNOWN, sources: [CLIENT_REQUEST] };
/** A registered procedure is called with the client's arguments, however many it takes. */
const CLIENT_ARGS: readonly Val[] = [CLIENT, CLIENT, CLIENT, CLIENT];

const XMLRPC = [
  'xmlrpc.server.SimpleXMLRPCServer',
  'xmlrpc.server.DocXMLRPCServer',
  'xmlrpc.server.SimpleXMLRPCDispatcher',
  'SimpleXMLRPCServer.SimpleXMLRPCServer',
];

for (const ctor of XMLRPC) PY_CALLS.add([ctor], () => ({ ...UNKNOWN, ref: `${ctor}()` }));
PY_CALLS.add(
  XMLRPC.map((ctor) => `${ctor}().register_function`),
  (w, c) => {
    callValue(w, c, c.args[0] ?? c.kw.get('function'), CLIENT_ARGS, new Map());
    return UNKNOWN;
  },
);

// BaseManager.register(typeid, callable=f): a client's proxy calls f with its own arguments.
PY_CALLS.add(
  ['multiprocessing.managers.BaseManager.register', 'multiprocessing.managers.SyncManager.register'],
  (w, c) => {
    callValue(w, c, c.kw.get('callable') ?? c.args[1], CLIENT_ARGS, new Map());
    return UNKNOWN;
  },
);

// rpyc's classic (slave) service hands every client the interpreter: eval/exec of what it sends.
PY_CALLS.add(
  [
    'rpyc.utils.server.ThreadedServer',
    'rpyc.utils.server.ForkingServer',
    'rpyc.utils.server.ThreadPoolServer',
    'rpyc.utils.server.OneShotServer',
  ],
  (w, c) => {
    const service = c.args[0] ?? c.kw.get('service');
    if (service?.ref !== undefined && /(?:Classic|Slave)Service$/.test(service.ref))
      codeFlows(w.col, c.span, [CLIENT], 'python');
    return UNKNOWN;
  },
);
