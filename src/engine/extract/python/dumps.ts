/**
 * Serialisers that write to an open file (`json.dump(obj, f)`, yaml/toml/pickle dump): the object is
 * written to that file, as `f.write(json.dumps(obj))` is (r9: the environment dumped into public/).
 */
import { writeTo } from '../code/calls.js';
import { jsonDump } from '../code/json-text.js';
import { gadgetDump, PY_CALLS } from './calls.js';

PY_CALLS.add(
  ['json.dump', 'simplejson.dump', 'yaml.dump', 'yaml.safe_dump', 'toml.dump', 'pickle.dump', 'marshal.dump'],
  (w, c) => {
    const [obj, file] = c.args;
    const fp = file ?? c.kw.get('stream') ?? c.kw.get('fp') ?? c.kw.get('f');
    if (obj === undefined || fp?.file === undefined) return undefined;
    return writeTo(w, { ...c, recv: fp }, jsonDump(obj) ?? obj);
  },
);

// pickle.dump(obj, f) fires the object's __reduce__ gadget as pickle.dumps does (calls.ts gadgetDump).
PY_CALLS.wrap(['pickle.dump', 'dill.dump', 'cloudpickle.dump'], (prev) => (w, c) => {
  gadgetDump(w, c);
  return prev?.(w, c);
});
