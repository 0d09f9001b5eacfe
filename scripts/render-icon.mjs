// Renders media/icon.svg to media/icon.png (the Marketplace icon must be a PNG) with Debian chromium.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const svg = readFileSync('media/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.locator('svg').screenshot({ path: 'media/icon.png', omitBackground: true });
await browser.close();
console.log('media/icon.png written');
