const readline = require('node:readline/promises');

async function main() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  while (true) {
    const answer = await rl.question('command (q to quit)> ');
    if (answer === 'q') break;
    console.log(`you said ${answer}`);
  }
  rl.close();
}

main();
