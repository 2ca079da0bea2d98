import { describe, expect, it } from 'vitest';
import { isVendorInstall } from '../../../../src/engine/extract/docker/vendor-installs.js';

describe('isVendorInstall', () => {
  it.each([
    ['https://deb.nodesource.com/setup_22.x', true],
    ['https://sh.rustup.rs', true],
    ['https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh', true],
    ['https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh', true],
    ['https://github.com/helm/helm/raw/main/scripts/get-helm-3', true],
    // A commit id can name a fork's commit, served under the parent's name.
    [
      'https://raw.githubusercontent.com/nvm-sh/nvm/3f1d3a5e2b8c9d0e1f2a3b4c5d6e7f8091a2b3c4/install.sh',
      false,
    ],
    ['https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/../../x0r/t/main/a.sh', false],
    ['https://raw.githubusercontent.com/nvm-sh/nvm%2F..%2F..%2Fx0r/t/a.sh', false],
    ['https://raw.githubusercontent.com/x0r/nvm/main/install.sh', false],
    ['https://raw.githubusercontent.com/nvm-sh', false],
    ['http://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh', false],
    ['https://gist.githubusercontent.com/nvm-sh/nvm/raw/install.sh', false],
    ['https://raw.githubusercontent.com.x0r.io/nvm-sh/nvm/v0.40.1/install.sh', false],
    ['https://nodesource.com.x0r.io/setup', false],
    ['https://aka.ms/InstallAzureCLIDeb', true],
    ['https://bootstrap.pypa.io/get-pip.py', true],
    ['https://get.opentofu.org/install-opentofu.sh', true],
    ['https://packagecloud.io/install/repositories/github/git-lfs/script.deb.sh', true],
    ['https://packagecloud.io/install/repositories/x0r/tools/script.deb.sh', false],
    ['https://packagecloud.io/github/git-lfs/script.deb.sh', false],
    ['https://aka.ms.x0r.io/x', false],
  ])('%s -> %s', (url, want) => expect(isVendorInstall(url)).toBe(want));
});
