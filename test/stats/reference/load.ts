import { readFileSync } from 'node:fs';

/** Reads one reference file written by generate.py beside this module. */
export function loadReference<T>(name: string): T {
  const url = new URL(`./${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** |actual - expected| within `rel` of expected (or of 1e-300 near zero). */
export function closeRelative(actual: number, expected: number, rel: number): boolean {
  return Math.abs(actual - expected) <= rel * Math.max(Math.abs(expected), 1e-300);
}
