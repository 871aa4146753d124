/**
 * Keeps the incremental mutation result (test/mutation/access.incremental.json, committed)
 * to what Stryker reuses: each file's source and mutants (status, killing and covering tests)
 * and each test file's source and tests. Dropped: the run's configuration, the project root
 * and each mutant's `statusReason` (the killing test's message with stack frames of the
 * sandbox), which say where the last run happened, not what it found.
 */
const { readFileSync, writeFileSync } = require('node:fs');

const file = process.argv[2] ?? 'test/mutation/access.incremental.json';
const result = JSON.parse(readFileSync(file, 'utf8'));
delete result.config;
delete result.projectRoot;
if (result.framework) delete result.framework.branding;
for (const f of Object.values(result.files)) for (const m of f.mutants) delete m.statusReason;
writeFileSync(file, `${JSON.stringify(result)}\n`);
