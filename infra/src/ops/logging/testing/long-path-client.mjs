// A client of its own process (so that its work is not counted as the server's): twenty
// requests with paths of the given length at once, while a reader polls /api/stories. Prints
// the reader's waits in milliseconds as JSON. Usage: node long-path-client.mjs <base> <length>
const [base, length] = process.argv.slice(2);
const paths = Array.from(
  { length: 20 },
  (_, i) => `/${String(i).padStart(2, '0')}${'a'.repeat(Number(length))}`,
);
let sending = true;
const waits = [];
const reader = (async () => {
  while (sending) {
    const started = performance.now();
    const answer = await fetch(`${base}/api/stories`);
    await answer.arrayBuffer();
    waits.push(performance.now() - started);
  }
})();
const statuses = await Promise.all(
  paths.map(async (path) => {
    const answer = await fetch(base + path);
    await answer.arrayBuffer();
    return answer.status;
  }),
);
sending = false;
await reader;
console.log(JSON.stringify({ statuses, waits }));
