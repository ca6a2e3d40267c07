// The candidate page's end screen says how the interview ended: here, for
// inactivity (a real server with a short inactivity limit and no reminders,
// a real Chromium that never answers).

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details } from './helpers/session.js';

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({ SESSION_INACTIVITY_SECONDS: '2', SESSION_INACTIVITY_REMINDERS: '0' }, (server, k) => ([t, key] = [server, k]), {
  speech: () => ({ recognition: 'none', synthesis: false }),
});

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the end screen', () => {
  it(
    'tells a candidate who stopped answering that the interview ended for inactivity, in their language',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key, { language_code: 4 }); // German
      const page = await browser.newPage();
      await page.goto(`${t.url}/interview?iid=${id}`);
      await page.click('#start-interview');
      await page.click('#agree');
      await page.click('#device-type');
      await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 60_000 });
      expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 3 });
      expect(await page.textContent('#end-text')).toBe(
        'Das Interview wurde beendet, weil wir eine Weile nichts von Ihnen gehört haben. Die Organisation, die Sie eingeladen hat, meldet sich bei Ihnen.',
      );
      await page.close();
    },
  );
});
