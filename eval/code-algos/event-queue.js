class Scheduler {
  constructor() {
    this.queue = [];
    this.running = false;
  }

  add(task) {
    this.queue.push(task);
  }

  run() {
    this.running = true;
    while (this.running) {
      const task = this.queue.shift();
      if (!task) {
        this.running = false;
        continue;
      }
      task();
    }
  }
}

const s = new Scheduler();
s.add(() => console.log('one'));
s.add(() => console.log('two'));
s.run();
