const fs = require('fs/promises');
const path = require('path');
async function loadConfig(dir) {
  const file = path.join(dir, 'config.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return {};
  }
}
loadConfig(process.cwd()).then((c) => console.log(Object.keys(c)));
