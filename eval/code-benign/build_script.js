const { execSync } = require('child_process');
const fs = require('fs');
fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist');
execSync('npx tsc -p tsconfig.json', { stdio: 'inherit' });
execSync('npx vitest run', { stdio: 'inherit' });
