let running = true;
let frames = 0;
function tick() {
  frames++;
  if (frames > 100) running = false;
}
while (running) {
  tick();
}
console.log(frames);
