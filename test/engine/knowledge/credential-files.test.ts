/** Credentials in the formats tools keep them in (src/engine/knowledge/credential-files.ts). */
import { describe, expect, it } from 'vitest';
import { credentialInFile } from '../../../src/engine/knowledge/credential-files.js';

describe('credentialInFile', () => {
  it.each([
    '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n"}',
    '[default]\naws_access_key_id = AKIAZ7EXAMPLEPROD99\naws_secret_access_key = 9xQ2kW7vR4mN8pL3sT6wY1zB5cD0fG2hE7iK4oU\n',
    'users:\n- name: admin\n  user:\n    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB\n',
    '[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\n',
    'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi==;EndpointSuffix=core.windows.net',
    'prod: postgres://orders_admin:Vq8!zR2mL9pT@orders-prod.cluster-cx1.us-east-1.rds.amazonaws.com:5432/orders',
    // A key body cut short still opens as DER does (r14).
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7v3...\n-----END RSA PRIVATE KEY-----',
  ])('%s carries a credential', (text) => {
    expect(credentialInFile(text)).toBeDefined();
  });

  it.each([
    'postgresql://postgres:postgres@localhost:5432/app_test',
    'DATABASE_URL=postgres://app:${DB_PASSWORD}@db.internal:5432/app',
    '[Interface]\nPrivateKey = <paste your private key here>\n[Peer]\nPublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\n',
    '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----',
    'users:\n- name: me\n  user:\n    exec:\n      command: aws\n      args: [eks, get-token]\n',
  ])('%s carries none', (text) => {
    expect(credentialInFile(text)).toBeUndefined();
  });

  it("a request body's login field is how an API signs in", () => {
    expect(credentialInFile('{"username":"qa","password":"Qa-Passw0rd-2026!"}', true)).toBeUndefined();
  });
});
