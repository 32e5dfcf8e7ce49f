import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Timing {
  title: string;
  location: string;
  duration: number;
  budget: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The summary after the list reporter's: the time factor the budgets were scaled by, the five slowest
 * tests, and every test that took more than half of its budget (the ones a slower machine would
 * bring near their timeout), each with its share of the budget.
 */
export default class BudgetReporter implements Reporter {
  private readonly timings: Timing[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    this.timings.push({
      title: test.titlePath().filter(Boolean).slice(1).join(' › '),
      location: `${test.location.file.replace(/^.*\/tests\//, '')}:${test.location.line}`,
      duration: result.duration,
      budget: test.timeout,
    });
  }

  onEnd(result: FullResult): void {
    const line = (timing: Timing) =>
      `  ${seconds(timing.duration).padStart(8)} of ${seconds(timing.budget).padStart(8)} ` +
      `(${Math.round((100 * timing.duration) / Math.max(1, timing.budget))}%)  ${timing.location}  ${timing.title}`;
    const slowest = [...this.timings].sort((a, b) => b.duration - a.duration).slice(0, 5);
    const overHalf = this.timings.filter(
      (timing) => timing.budget > 0 && timing.duration > timing.budget / 2,
    );
    console.log(
      `\nTime budgets scaled by E2E_TIME_FACTOR=${process.env.E2E_TIME_FACTOR ?? '1'}; ` +
        `${this.timings.length} tests in ${seconds(result.duration)} (${result.status}).`,
    );
    console.log('The five slowest tests (time taken of the budget):');
    for (const timing of slowest) console.log(line(timing));
    console.log(
      overHalf.length === 0
        ? 'No test took more than half of its budget.'
        : `Tests that took more than half of their budget (${overHalf.length}):`,
    );
    for (const timing of overHalf) console.log(line(timing));
  }
}
