import { benchAppendThroughput } from './append-throughput';
const r = await benchAppendThroughput('postgres://postgres@127.0.0.1:5432/postgres', console.log, { seconds: Number(process.argv[2] ?? 6) });
console.log(r);
