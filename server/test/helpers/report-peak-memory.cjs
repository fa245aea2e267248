// Preloaded (`node --require`) into a command a test runs: at exit, the process's peak memory
// (resident set, every thread included) goes to standard error for the test to read. Read from
// /proc: `process.resourceUsage().maxRSS` also counts the parent's peak, which a spawned process
// inherits on Linux.
const { readFileSync, writeSync } = require('node:fs');

process.on('exit', () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  writeSync(2, `\npeak-memory-kb=${kb}\n`);
});
