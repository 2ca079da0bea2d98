import sqlite3

con = sqlite3.connect("app.db")
cur = con.cursor()
cur.execute("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT)")
cur.execute("INSERT INTO notes (body) VALUES (?)", ("hello",))
con.commit()
for row in cur.execute("SELECT id, body FROM notes ORDER BY id"):
    print(row)
