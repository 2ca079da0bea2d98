import { describe, expect, it } from 'vitest';
import { adminAccountWrite } from '../../../src/engine/knowledge/sql-admin-account.js';
import { holdsPersonalData } from '../../../src/engine/knowledge/sql.js';

describe('adminAccountWrite', () => {
  it.each([
    ["INSERT INTO users (email, role) VALUES ('x@evil.io', 'admin')", true],
    ["INSERT INTO users (email, role) VALUES ('a@b.com', 'user'), ('x@evil.io', 'ROLE_ADMIN')", true],
    ["INSERT INTO auth_user (username, is_superuser) VALUES ('svc', true)", true],
    ["INSERT INTO users SET email = 'x', is_admin = 1", true],
    ['UPDATE accounts SET is_superuser = TRUE WHERE id = 77', true],
    ["UPDATE users u SET role = '{admin}' WHERE u.id = 12", true],
    ["UPDATE users SET role = 'admin' WHERE id = 1 OR id = 12", true],
    // The installation's first account given its rights back (r12 fpsql, R11 twin).
    ["UPDATE users u SET role = '{admin}' WHERE u.id = 1", false],
    ["UPDATE users SET role = 'admin' WHERE id = 1 AND email = 'founder@acme.com'", false],
    ['INSERT INTO user_roles (user_id, role) VALUES (42, now())', false],
    ["INSERT INTO users (email, role) VALUES ('a@b.com', 'member')", false],
    ['UPDATE users SET is_admin = false WHERE id = 3', false],
    ["INSERT INTO roles (name) VALUES ('admin')", false],
    ["UPDATE users SET last_login = now() WHERE username = 'admin'", false],
  ])('%s -> %s', (sql, admin) => {
    expect(adminAccountWrite(sql) !== undefined).toBe(admin);
  });
});

describe('holdsPersonalData', () => {
  it.each([
    ['customers', true],
    ['auth.users', true],
    ['"user_profiles"', true],
    ['api_keys', true],
    ['products', false],
    ['posts', false],
    ['categories', false],
  ])('%s -> %s', (name, personal) => {
    expect(holdsPersonalData(name)).toBe(personal);
  });
});
