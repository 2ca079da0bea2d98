const { Worker } = require('worker_threads');
const os = require('os');
const workers = [];
for (let i = 0; i < os.cpus().length; i++) {
  workers.push(new Worker('./task.js', { workerData: { id: i } }));
}
Promise.all(workers.map((w) => new Promise((r) => w.on('exit', r)))).then(() => console.log('done'));
