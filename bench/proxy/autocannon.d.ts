// autocannon ships no type declarations; bench/proxy.bench.ts types the part it uses.
declare module 'autocannon';
