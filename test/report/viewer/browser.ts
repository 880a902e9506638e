import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, the one browser these tests drive (never a downloaded one). */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags from the machine notes: headless, and no background traffic to a closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why a browser test may skip: only when Chromium is absent and this is not CI (CI installs it in
 * `.ci/run`, so there a missing browser is a failure, not a skip). `null` when it must run.
 */
export function browserSkipReason(): string | null {
  if (existsSync(CHROMIUM) || process.env.CI) return null;
  return `${CHROMIUM} is absent and CI is not set: \`apt-get install -y chromium\` to run this test`;
}

/** A headless Chromium with a fresh profile directory, removed on dispose. */
export async function openBrowser(): Promise<BrowserContext & AsyncDisposable> {
  const profile = mkdtempSync(join(tmpdir(), 'agent-track-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1400, height: 1000 },
  });
  return Object.assign(context, {
    [Symbol.asyncDispose]: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  });
}

/** Opens a page from disk, collecting every script error, console warning and request off the page. */
export async function openPage(p: Page, file: string, hash = ''): Promise<string[]> {
  const problems: string[] = [];
  p.on('pageerror', (error) => problems.push(error.message));
  p.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  p.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
      problems.push(`request ${request.url()}`);
  });
  await p.goto(pathToFileURL(file).href + hash);
  await p.waitForSelector('body[data-ready="true"]');
  return problems;
}
