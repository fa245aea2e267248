// `npm test`: lint, types, the web build, then each test suite in turn. Outside CI a missing
// PostgreSQL or Chromium skips that suite with a loud notice; with CI=true nothing may skip.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'dairy-test-'));
const counts = { passed: 0, failed: 0 };
const summary = [];

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${title} (${seconds} s)`);
  if (result.status !== 0) finish(1);
}

function suite(project) {
  const report = path.join(reports, `${project}.json`);
  run(`tests: ${project}`, 'npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  counts.passed += json.numPassedTests;
  counts.failed += json.numFailedTests;
  summary[summary.length - 1] += `: ${json.numPassedTests} passed in ${json.testResults.length} files`;
}

function skip(project, reason) {
  const notice = `SKIPPED ${project}: ${reason}`;
  if (ci) {
    console.error(`\n${notice}, and CI=true forbids skipping.`);
    summary.push(`FAIL ${notice}`);
    finish(1);
  }
  console.warn(`\n${'!'.repeat(72)}\n!!! ${notice}\n${'!'.repeat(72)}`);
  summary.push(`skip ${project}: ${reason}`);
}

function finish(code) {
  console.log('\n=== summary ===');
  for (const line of summary) console.log(line);
  console.log(`${counts.passed} passed, ${counts.failed} failed`);
  process.exit(code);
}

run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('types (tsc --build)', 'npx', ['tsc', '--build']);
run('web build', 'npm', ['run', 'build', '-w', 'web']);
suite('unit');
suite('api-pglite');
if (existsSync(path.join(pgBin, 'postgres'))) suite('api-postgres');
else skip('api-postgres', `no PostgreSQL 15 binaries in ${pgBin}`);
if (existsSync(chromium)) suite('e2e');
else skip('e2e', `no Chromium at ${chromium} (apt-get install -y chromium)`);
finish(counts.failed > 0 ? 1 : 0);
