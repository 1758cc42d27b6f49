/**
 * What one `npm run bench` found: table rows (a figure, and where there is one, how it
 * compares with the baseline measured in the same run) and budgets that pass or fail.
 */
export interface Row {
  section: string;
  figure: string;
  value: string;
  /** The comparison against this run's own baseline, e.g. "52% of bare". */
  versus?: string;
}

export interface Budget {
  name: string;
  ok: boolean;
  detail: string;
}

export const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const ms = (n: number): string => `${fmt(n, n < 10 ? 2 : 1)} ms`;
export const ratio = (value: number, baseline: number, digits = 2): string => `×${fmt(value / baseline, digits)}`;
export const percentOf = (value: number, baseline: number, of: string): string => `${fmt((value / baseline) * 100, 0)}% of ${of}`;

export class BenchReport {
  readonly rows: Row[] = [];
  readonly budgets: Budget[] = [];
  readonly notes: string[] = [];

  row(section: string, figure: string, value: string, versus?: string): void {
    this.rows.push({ section, figure, value, versus });
  }

  budget(name: string, ok: boolean, detail: string): void {
    this.budgets.push({ name, ok, detail });
  }

  /** A part that could not run is a failed budget, not a silent gap in the table. */
  failed(section: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.row(section, 'did not complete', message.slice(0, 160));
    this.budget(`${section}: completes`, false, message.slice(0, 160));
  }

  /** Rows grouped by section, sections in the order they first appeared. */
  private grouped(): Row[] {
    const order = [...new Set(this.rows.map((r) => r.section))];
    return [...this.rows].sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section));
  }

  get allPassed(): boolean {
    return this.budgets.every((b) => b.ok);
  }

  text(): string {
    const widths = [0, 0, 0];
    for (const r of this.rows) {
      widths[0] = Math.max(widths[0]!, r.figure.length);
      widths[1] = Math.max(widths[1]!, r.value.length);
    }
    const lines: string[] = [];
    let section = '';
    for (const r of this.grouped()) {
      if (r.section !== section) {
        section = r.section;
        lines.push('', section);
      }
      lines.push(`  ${r.figure.padEnd(widths[0]!)}  ${r.value.padStart(widths[1]!)}  ${r.versus ?? ''}`.trimEnd());
    }
    lines.push('', 'Budgets');
    for (const b of this.budgets) lines.push(`  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name}  (${b.detail})`);
    return lines.join('\n');
  }

  markdown(): string {
    const cell = (s: string) => s.replace(/\|/g, '\\|');
    const lines = ['| Part | Figure | Value | Against this run\'s baseline |', '| --- | --- | ---: | --- |'];
    for (const r of this.grouped()) lines.push(`| ${cell(r.section)} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.versus ?? '')} |`);
    lines.push('', '| Budget | Result | Measured |', '| --- | --- | --- |');
    for (const b of this.budgets) lines.push(`| ${cell(b.name)} | ${b.ok ? 'PASS' : '**FAIL**'} | ${cell(b.detail)} |`);
    return lines.join('\n');
  }
}
