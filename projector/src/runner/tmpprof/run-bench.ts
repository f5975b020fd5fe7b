import { benchProjectorCatchUp } from '/work/main/infra/bench/projector-catch-up.ts';

const r = await benchProjectorCatchUp(
  'postgres://postgres@127.0.0.1:5432/postgres',
  console.log,
  Number(process.argv[2] ?? 200000),
);
console.log(r);
