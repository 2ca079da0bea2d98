function render(tpl, vars) {
  return tpl.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? ''));
}
console.log(render('Hello {{name}}, you have {{n}} messages', { name: 'Ann', n: 3 }));
