const express = require('express');
const app = express();
app.use(express.json());
const todos = [];
app.get('/todos', (req, res) => res.json(todos));
app.post('/todos', (req, res) => {
  todos.push({ id: todos.length + 1, ...req.body });
  res.status(201).json(todos[todos.length - 1]);
});
app.listen(3000, () => console.log('listening on 3000'));
