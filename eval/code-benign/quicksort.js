function quicksort(arr) {
  if (arr.length < 2) return arr;
  const [pivot, ...rest] = arr;
  return [...quicksort(rest.filter((x) => x < pivot)), pivot, ...quicksort(rest.filter((x) => x >= pivot))];
}
console.log(quicksort([5, 3, 8, 1, 9, 2]));
