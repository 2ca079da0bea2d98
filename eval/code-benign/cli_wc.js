#!/usr/bin/env node
const fs = require('fs');
const files = process.argv.slice(2);
let total = 0;
for (const f of files) {
  const text = fs.readFileSync(f, 'utf8');
  const lines = text.split('\n').length;
  total += lines;
  console.log(`${lines}\t${f}`);
}
console.log(`${total}\ttotal`);
