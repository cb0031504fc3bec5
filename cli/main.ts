import { reportFatal, runCli } from './program.ts';

const argv = process.argv.slice(2);
// Last resort: whatever escapes the commands still ends as the README's error body and exit code 1,
// never as a stack trace.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => process.exit(reportFatal(error, argv)));
}
const code = await runCli(argv);
// Pipes are asynchronous on some systems: let the output drain before leaving.
await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
// An explicit exit with the command's code: a handle left open (a library's timer) must not keep it running.
process.exit(code);
