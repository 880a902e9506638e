/**
 * A number as a report's tables print it: `n/a` for undefined (never 0), integers as they are,
 * else `digits` decimals (3 by default). Markdown, the viewer, the track and the CLI all print
 * numbers through it.
 *
 * @example
 * formatNumber(0.66666); // '0.667'
 * formatNumber(null); // 'n/a'
 * formatNumber(0.00391, 4); // '0.0039'
 */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/**
 * A number as a figure prints it: `n/a` for undefined (never 0), integers whole, large values
 * rounded, small ones to three significant digits; `signed` adds `+` to a positive change.
 *
 * @example
 * shortNumber(-0.375, { signed: true }); // '−0.375'
 * shortNumber(1234.56); // '1235'
 */
export function shortNumber(value: number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  const magnitude = Math.abs(value);
  let text: string;
  if (Number.isInteger(value)) text = String(magnitude);
  else if (magnitude >= 100) text = magnitude.toFixed(0);
  else if (magnitude >= 1) text = magnitude.toFixed(2);
  else text = String(Number(magnitude.toPrecision(3)));
  const sign = value < 0 && text !== '0' ? '−' : options.signed && value > 0 ? '+' : '';
  return `${sign}${text}`;
}

/**
 * A p-value as every report, table and page prints it: four decimals always (`1.0000`, never `1`
 * beside `0.9990`), below 0.0001 as `< 0.0001` (never `0.0000`, which reads as impossible), `n/a`
 * when undefined.
 *
 * @example
 * formatPValue(1); // '1.0000'
 * formatPValue(0.00002); // '< 0.0001'
 */
export function formatPValue(p: number | null | undefined): string {
  if (p === null || p === undefined || Number.isNaN(p)) return 'n/a';
  return p < 0.0001 ? '< 0.0001' : p.toFixed(4);
}

/**
 * A p-value inside a sentence: `p = 0.0123`, `p < 0.0001`, `p = n/a`.
 *
 * @example
 * pValueText(0.0039); // 'p = 0.0039'
 */
export function pValueText(p: number | null | undefined): string {
  const text = formatPValue(p);
  return text.startsWith('<') ? `p ${text}` : `p = ${text}`;
}

/**
 * Dollars as every plan, log, progress line and run index prints them: 4 decimals below $1, else 2.
 *
 * @example
 * formatUsd(0.01234); // '$0.0123'
 * formatUsd(19.4); // '$19.40'
 */
export function formatUsd(value: number): string {
  return value < 1 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}

/**
 * A look's z as printed: 3 decimals, `+∞`/`−∞` when every task moved by the same amount (the
 * statistic has no spread), `n/a` when there was nothing to test. In JSON an infinite z is
 * written `null`, so a decided look with a `null` z is shown infinite by its verdict's side.
 *
 * @example
 * formatZ(-Infinity); // '−∞'
 * formatZ(null, 'harm'); // '−∞'
 */
export function formatZ(z: number | null, decision?: string): string {
  if (z === null) return decision === 'harm' ? '−∞' : decision === 'success' ? '+∞' : 'n/a';
  if (!Number.isFinite(z)) return z > 0 ? '+∞' : '−∞';
  return z.toFixed(3);
}
