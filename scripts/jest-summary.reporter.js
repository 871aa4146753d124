/**
 * Prints one plain closing line after jest's own summary, e.g. `tests: 46 passed, 0 failed`,
 * so that any tool reading the end of the log sees the count without parsing jest's table.
 * Before it, the slowest test files of the run (JEST_SLOWEST, 15 by default), so that the
 * time `make test` takes can be kept in hand: what a file costs is in every log.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const slowest = Number(process.env.JEST_SLOWEST ?? 15);
    const files = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(`${process.cwd()}/`, ''), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds))
      .sort((a, b) => b.seconds - a.seconds);
    if (slowest > 0 && files.length > 1) {
      const total = files.reduce((s, f) => s + f.seconds, 0);
      process.stdout.write(`\nslowest test files (of ${files.length}, ${Math.round(total)} s in all):\n`);
      for (const f of files.slice(0, slowest)) process.stdout.write(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}\n`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
    );
  }
}
module.exports = SummaryReporter;
