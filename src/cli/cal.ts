// `npm run cal -- …`: the operator's command line (users today); see runCli.ts for commands and exit codes.
import { runCli } from './runCli.ts';

process.exitCode = await runCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
