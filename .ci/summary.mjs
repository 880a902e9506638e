// Prints the ten slowest test files and the suite's wall time, then `N passed, N failed[, N skipped]`
// (the closing line CI reads) from vitest's JSON report; exits 1 when it is missing.
// A suite that fails to load has no failed test of its own: it counts as one failure.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log('0 passed, 1 failed');
  console.error(`no test report at ${file}: ${error.message}`);
  process.exit(1);
}
const files = (report.testResults ?? [])
  .map((result) => ({ name: result.name ?? '', seconds: ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000 }))
  .sort((a, b) => b.seconds - a.seconds);
if (files.length > 0) {
  console.log('slowest test files:');
  for (const { name, seconds } of files.slice(0, 10)) {
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name.replace(`${process.cwd()}/`, '')}`);
  }
}
const wall = process.argv[3];
if (wall !== undefined) console.log(`wall time: ${wall} s`);
const passed = report.numPassedTests ?? 0;
const failedTests = report.numFailedTests ?? 0;
const failed = failedTests > 0 ? failedTests : (report.numFailedTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
const line = `${passed} passed, ${failed} failed`;
console.log(skipped > 0 ? `${line}, ${skipped} skipped` : line);
