const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
rl.on('line', (line) => {
  if (line.trim() === 'quit') return rl.close();
  console.log(line.split('').reverse().join(''));
});
