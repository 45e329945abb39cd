/** "1 row", "1,234 rows": a count and its noun (the catalogue import's wording). */
export function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
