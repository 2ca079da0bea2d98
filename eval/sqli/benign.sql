SELECT 'it''s' AS s
---
SELECT * FROM users WHERE 1=1 AND status = $1
---
SELECT id, name FROM users WHERE 1 = 1 AND name = ? AND created_at > ?
---
SELECT * FROM orders WHERE 1=1 ORDER BY 3 LIMIT 20
---
-- list active users
SELECT id FROM users WHERE active = true
---
SELECT id /* primary key */ FROM users WHERE email = 'a@example.com' -- lookup
---
SELECT pg_sleep(0.1)
---
SELECT name FROM products WHERE name LIKE '%''s%'
---
SELECT * FROM t WHERE note = 'O''Brien said "hi"'
---
SELECT "user", "order" FROM "my table" WHERE "id" = 1
---
SELECT count(*) FROM users WHERE deleted_at IS NULL OR deleted_at > now()
---
SELECT id FROM users WHERE (role = 'admin' OR role = 'owner') AND org_id = $1
---
SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'
---
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'users' ORDER BY ordinal_position
---
SELECT version()
---
SELECT @@version
---
SELECT current_user, session_user
---
SELECT a.id FROM a UNION SELECT b.id FROM b
---
SELECT id, name FROM customers UNION ALL SELECT id, name FROM archived_customers ORDER BY 2
---
SELECT * FROM events WHERE payload->>'type' = 'login' AND ts > now() - interval '1 day'
---
UPDATE users SET name = 'Robert''); DROP TABLE students;--' WHERE id = 7
---
INSERT INTO comments (body) VALUES ('I said '' OR 1=1 -- as a joke')
---
SELECT substring(name, 1, 1) AS initial, count(*) FROM users GROUP BY 1 ORDER BY 1
---
SELECT * FROM users WHERE substr(name, 1, 1) = 'A'
---
SELECT ascii(substring(code, 1, 1)) FROM items WHERE id = 3
---
SELECT CAST(price AS int) FROM products WHERE id = 4
---
SELECT CONVERT(varchar(20), created_at, 120) FROM orders WHERE id = 9
---
SELECT ExtractValue(doc, '/book/title') FROM books WHERE id = 1
---
SELECT * FROM users WHERE id IN (SELECT user_id FROM orders WHERE total > 100)
---
SELECT 1
---
SELECT 1 = 1
---
SELECT true OR false
---
SELECT * FROM flags WHERE enabled OR override
---
BEGIN; UPDATE accounts SET balance = balance - 10 WHERE id = 1; UPDATE accounts SET balance = balance + 10 WHERE id = 2; COMMIT;
---
WAITFOR DELAY '00:00:01'
---
SELECT SLEEP(1)
---
SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at LIMIT 10 FOR UPDATE SKIP LOCKED
---
CREATE INDEX idx_users_email ON users (email)
---
SELECT * FROM users WHERE name = 'admin' -- the seeded account
---
SELECT * FROM users u JOIN orders o ON o.user_id = u.id WHERE u.id = 1
---
SELECT COALESCE(nickname, '') || ' ' || name FROM users
---
SELECT * FROM t WHERE a = 'x' OR b = 'y'
---
SELECT * FROM logs WHERE message LIKE '%'' OR ''1''=''1%'
---
DELETE FROM sessions WHERE expires_at < now()
---
SELECT name FROM sqlite_master WHERE type = 'table'
---
SELECT * FROM pg_stat_activity WHERE state = 'active'
---
SELECT IF(qty > 0, 'in stock', 'sold out') FROM items
---
SELECT CASE WHEN 1=1 THEN 'a' ELSE 'b' END
---
SELECT * FROM users WHERE 1=1
---
SELECT * FROM t WHERE id = 1 OR id = 2
---
SELECT * FROM users WHERE email = :email AND (:role IS NULL OR role = :role)
---
SELECT * FROM reports WHERE 1 = 0 OR region = 'eu'
---
SELECT BENCHMARK(1000, MD5('x'))
---
select name, length(name) from users order by 2 desc
---
SELECT * FROM products WHERE category = 'toys' UNION SELECT * FROM products WHERE featured
---
SELECT char(65), chr(66), concat('a', 'b')
---
SELECT * FROM users WHERE username = 'admin' AND password_hash = crypt($1, password_hash)
