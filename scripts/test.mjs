// `npm test`: lint, types and the web build, then the test suites: unit and both API suites at
// once (each its own database: an embedded one per file, a throwaway PostgreSQL cluster), then
// the browser suite alone, whose timings a busy machine would stretch. Outside CI a missing
// PostgreSQL or Chromium skips that suite with a loud notice; with CI=true nothing may skip.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'dairy-test-'));
const counts = { passed: 0, failed: 0 };
const summary = [];
const started = Date.now();

/**
 * Runs a command; its output goes to the terminal, or with `quiet` to a log file printed whole
 * when it ends, so suites running at once do not interleave. Resolves to whether it passed.
 */
function run(title, command, args, { quiet = false } = {}) {
  const log = path.join(reports, `${title.replace(/\W+/g, '-')}.log`);
  const begun = Date.now();
  if (!quiet) console.log(`\n=== ${title} ===`);
  else console.log(`\n=== ${title}: started, output when it ends ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (quiet) {
      const file = createWriteStream(log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.on('close', (code) => {
      const seconds = ((Date.now() - begun) / 1000).toFixed(1);
      if (quiet) console.log(`\n=== ${title} (ended after ${seconds} s) ===\n${readFileSync(log, 'utf8')}`);
      summary.push({ title, line: `${code === 0 ? 'ok  ' : 'FAIL'} ${title} (${seconds} s)` });
      resolve(code === 0);
    });
  });
}

/** One vitest project, with a JSON report whose counts go into the summary. */
async function suite(project, options) {
  const title = `tests: ${project}`;
  const report = path.join(reports, `${project}.json`);
  const passed = await run(
    title,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    options,
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts.passed += json.numPassedTests;
    counts.failed += json.numFailedTests;
    const entry = summary.find((s) => s.title === title);
    entry.line += `: ${json.numPassedTests} passed in ${json.testResults.length} files`;
  }
  return passed;
}

function skip(project, reason) {
  const notice = `SKIPPED ${project}: ${reason}`;
  if (ci) {
    console.error(`\n${notice}, and CI=true forbids skipping.`);
    summary.push({ title: project, line: `FAIL ${notice}` });
    finish(false);
  }
  console.warn(`\n${'!'.repeat(72)}\n!!! ${notice}\n${'!'.repeat(72)}`);
  summary.push({ title: project, line: `skip ${project}: ${reason}` });
}

function finish(passed) {
  console.log('\n=== summary ===');
  for (const { line } of summary) console.log(line);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  console.log(`${((Date.now() - started) / 60000).toFixed(1)} minutes in all`);
  process.exit(passed && counts.failed === 0 ? 0 : 1);
}

for (const [title, command, args] of [
  ['lint (biome)', 'npx', ['biome', 'check', '.']],
  ['types (tsc --build)', 'npx', ['tsc', '--build']],
  ['web build', 'npm', ['run', 'build', '-w', 'web']],
]) {
  if (!(await run(title, command, args))) finish(false);
}

const hasPostgres = existsSync(path.join(pgBin, 'postgres'));
if (!hasPostgres) skip('api-postgres', `no PostgreSQL 15 binaries in ${pgBin}`);
const atOnce = ['unit', 'api-pglite', ...(hasPostgres ? ['api-postgres'] : [])];
const results = await Promise.all(atOnce.map((project) => suite(project, { quiet: true })));

let browserPassed = true;
if (existsSync(chromium)) browserPassed = await suite('e2e');
else skip('e2e', `no Chromium at ${chromium} (apt-get install -y chromium)`);
finish(results.every(Boolean) && browserPassed);
