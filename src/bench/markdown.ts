/** Tiny Markdown table helpers for the reports. */

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

export function fixed(value: number | undefined, digits = 1): string {
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}

export function ratio(a: number | undefined, b: number | undefined): string {
  return a === undefined || b === undefined || b === 0 ? '–' : `${(a / b).toFixed(2)}×`;
}

export function signed(value: number, digits = 1): string {
  const text = value.toFixed(digits);
  return value > 0 ? `+${text}` : text;
}
