import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with the plain line CI reads: `N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (an import, a beforeAll: its tests are then skipped)
      // counts as one failure, so the line never reads "0 failed" for a red run.
      failed += m.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
