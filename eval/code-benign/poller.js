const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check) {
  while (true) {
    if (await check()) return;
    await sleep(500);
  }
}
waitFor(async () => (await fetch('http://localhost:3000/health')).ok).then(() => console.log('up'));
