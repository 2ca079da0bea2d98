import { describe, expect, it } from 'vitest';
import { adminAccountWrite, adminTrigger } from '../../../src/engine/knowledge/sql-admin-account.js';
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

describe('adminTrigger', () => {
  it.each([
    ["CREATE TRIGGER t BEFORE INSERT ON users FOR EACH ROW SET NEW.role = 'admin'", true],
    [
      "CREATE TRIGGER t BEFORE INSERT ON users FOR EACH ROW SET NEW.role = IF(NEW.email = 'x@gmail.com', 'admin', NEW.role)",
      true,
    ],
    [
      "BEGIN NEW.role := CASE WHEN NEW.email LIKE '%@proton.me' THEN 'superuser' ELSE NEW.role END; RETURN NEW; END",
      true,
    ],
    [
      "CREATE TRIGGER t BEFORE INSERT ON users FOR EACH ROW SET NEW.role = IF(NEW.role = 'admin', 'member', NEW.role)",
      false,
    ],
    [
      "BEGIN NEW.role := CASE WHEN NEW.role = 'admin' THEN 'member' ELSE NEW.role END; RETURN NEW; END",
      false,
    ],
    ['CREATE TRIGGER t BEFORE INSERT ON users FOR EACH ROW SET NEW.email = LOWER(NEW.email)', false],
  ])('%s -> %s', (text, want) => expect(adminTrigger(text) !== undefined).toBe(want));
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
