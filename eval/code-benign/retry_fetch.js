async function getJson(url, attempts = 3) {
  for (;;) {
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return await res.json();
    } catch (err) {
      if (--attempts === 0) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
getJson('https://api.example.com/status').then(console.log);
