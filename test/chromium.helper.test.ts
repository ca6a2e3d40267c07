import { describe, expect, it } from 'vitest';
import { CHROMIUM_MISSING, launchChromium } from './helpers/chromium.js';

describe('the page tests without Chromium', () => {
  it('fail with the one-line install instruction', async () => {
    await expect(launchChromium({ executablePath: '/nonexistent/chromium' })).rejects.toThrow(CHROMIUM_MISSING);
    expect(CHROMIUM_MISSING).toBe('Chromium is missing: run `apt-get install -y chromium` (or set CHROMIUM_PATH)');
  });
});
