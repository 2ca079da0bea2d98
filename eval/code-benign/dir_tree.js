const fs = require('fs');
const path = require('path');
function walk(dir, depth = 0) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    console.log(' '.repeat(depth * 2) + entry.name);
    if (entry.isDirectory()) walk(path.join(dir, entry.name), depth + 1);
  }
}
walk('.');
