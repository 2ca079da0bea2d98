import { describe, expect, it } from 'vitest';
import { authSettingOff, opensAuth } from '../../../../src/engine/extract/docker/auth-settings.js';

describe('opensAuth', () => {
  it.each<[string, string | undefined, boolean]>([
    // name, value (undefined: a bare flag), opens
    ['ME_CONFIG_BASICAUTH', 'false', true],
    ['jenkins.install.runSetupWizard', 'false', true],
    ['xpack.security.enabled', 'False', true],
    ['plugins.security.disabled', 'true', true],
    ['AUTH_DISABLED', 'true', true],
    ['DISABLE_AUTH', '1', true],
    ['disable-auth', undefined, true],
    ['enable-skip-login', undefined, true],
    ['ZOO_ENABLE_AUTH', 'no', true],
    ['N8N_BASIC_AUTH_ACTIVE', 'false', true],
    ['ALLOW_ANONYMOUS_LOGIN', 'yes', true],
    ['GF_AUTH_ANONYMOUS_ENABLED', 'true', true],
    ['GF_AUTH_ANONYMOUS_ORG_ROLE', 'Editor', true],
    ['api.insecure', 'true', true],
    ['insecure', undefined, true],
    ['AUTH_METHOD', 'none', true],
    ['webAllowOthers', undefined, true],
    ['tcpAllowOthers', 'false', false],
    // twins: the same words governing something else, or authentication kept on
    ['ME_CONFIG_BASICAUTH', 'true', false],
    ['DISABLE_AUTH', 'false', false],
    ['enable-auth', undefined, false],
    ['GF_AUTH_ANONYMOUS_ORG_ROLE', 'Viewer', false],
    ['GF_AUTH_ANONYMOUS_HIDE_VERSION', 'true', false],
    ['GF_SECURITY_DISABLE_GRAVATAR', 'true', false],
    ['GF_AUTH_DISABLE_LOGIN_FORM', 'true', false],
    ['GF_AUTH_BASIC_ENABLED', 'false', false],
    ['OAUTH_ENABLED', 'false', false],
    ['SHOW_WIZARD', 'false', false],
    ['MYSQL_RANDOM_ROOT_PASSWORD', 'no', false],
    ['NODE_TLS_REJECT_UNAUTHORIZED', '0', false],
    ['INSECURE_SKIP_VERIFY', 'true', false],
    ['kubelet-insecure-tls', undefined, false],
    ['AUTH_METHOD', 'scram-sha-256', false],
  ])('%s=%s', (name, value, opens) => {
    expect(opensAuth(name, value)).toBe(opens);
  });
});

describe('authSettingOff', () => {
  it.each<[string[], string[], string | undefined]>([
    [['GF_AUTH_ANONYMOUS_ENABLED=true'], [], 'GF_AUTH_ANONYMOUS_ENABLED=true'],
    [['GF_AUTH_ANONYMOUS_ENABLED=true', 'GF_AUTH_ANONYMOUS_ORG_ROLE=Viewer'], [], undefined],
    [[], ['-Djenkins.install.runSetupWizard=false', '-Xmx2g'], '-Djenkins.install.runSetupWizard=false'],
    [[], ['--config.file=/etc/prometheus/prometheus.yml', '--web.enable-lifecycle'], undefined],
    [[], ['--login-url=/auth', '--auth-header=X-User'], undefined],
  ])('%j %j', (env, args, want) => {
    expect(authSettingOff(env, args)).toBe(want);
  });
});
